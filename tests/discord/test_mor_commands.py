"""The ``/mor`` commands one by one: setup choices, the market follow-up, the menus, information
commands, and refusals (each private, each leaving the stored game exactly as it was)."""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import Any

import pytest
import simcord
from bottega_harness import Table, game_state, meant, text_of, control_dicts, controls_of, answered

BUTTON, SELECT = 2, 3


def items(message: Any) -> list[dict[str, Any]]:
    return control_dicts(message.components)


def labels(message: Any) -> list[str]:
    return [c["label"] for c in items(message) if c["type"] == BUTTON]


def select_of(message: Any) -> dict[str, Any]:
    return next(c for c in items(message) if c["type"] == SELECT)


class Game:
    """The table of one test: who sits where, the stored version, the state."""

    def __init__(self, table: Table, bot: Any) -> None:
        self.table, self.bot = table, bot
        self.id = 0

    async def open(self, members: list[simcord.MemberActor]) -> None:
        table = self.table
        await table.alice.slash(table.channel, "game new", game="mor", players=len(members))
        for member in members[1:]:
            await member.slash(table.channel, "game join")
        await table.alice.slash(table.channel, "game start")
        self.id = (await self.bot.service.table(table.channel.id)).row.id

    async def state(self) -> dict[str, Any]:
        return await game_state(self.bot, self.id)

    async def version(self) -> int:
        return (await self.bot.store.get_game(self.id)).version

    async def seats(self) -> list[simcord.MemberActor]:
        found = await self.bot.service.table(self.table.channel.id)
        return [self.table.member(found.user_of(s)) for s in range(len(found.seats))]

    async def keep_first_two(self, member: simcord.MemberActor) -> None:
        opened = await member.click(self.table.last(), label="Choose your leaders")
        select = select_of(opened.response)
        answer = await member.select(opened.response, [o["value"] for o in select["options"][:2]])
        while items(answer.response):  # starting resources, if this seat gets any
            first = items(answer.response)[0]
            answer = await (member.click(answer.response, custom_id=first["custom_id"]) if first["type"] == BUTTON
                            else member.select(answer.response, [first["options"][0]["value"]]))
        assert answer.response.content.startswith("Done:"), answer.response.content

    async def start_playing(self, members: list[simcord.MemberActor]) -> list[simcord.MemberActor]:
        await self.open(members)
        for member in members:
            await self.keep_first_two(member)
        return await self.seats()

    async def refused(self, result: simcord.InteractionResult, *expected: str) -> None:
        """A refusal: private, with the expected words, and nothing stored or posted."""
        message = result.response
        assert message is not None and message.ephemeral, "refusals are private"
        for words in expected:
            assert words in text_of(message), text_of(message)
        assert "{p" not in text_of(message), "seat placeholders are filled with names"


@pytest.fixture
def game(table, simcord_bot) -> Game:
    return Game(table, simcord_bot)


async def unchanged(game: Game, interaction: Awaitable[simcord.InteractionResult]) -> simcord.InteractionResult:
    """Runs ``interaction`` (not started yet) and checks that the stored game did not change."""
    before_version, before_count = await game.version(), len(game.table.channel.history())
    before_state = await game.state()
    result = await interaction
    assert await game.version() == before_version, "a refusal stores nothing"
    assert await game.state() == before_state
    public = [m for m in game.table.channel.history()[before_count:] if not m.flags.ephemeral]
    assert not public, "a refusal posts nothing in public"
    return result


# ============================================================================ setup
async def test_MOR_SETUP_13_each_player_keeps_leaders_privately_in_their_own_time(table, game):
    """MOR-SETUP-17: the second seat also picks its starting resource; the game starts with the last choice."""
    await game.open([table.alice, table.bob])
    first, second = await game.seats()
    start = table.last()
    assert labels(start) == ["Choose your leaders", "My leaders", "Since your move"]
    state = await game.state()
    # the second seat opens its menu first, the first seat chooses meanwhile, then the second answers
    opened = await second.click(start, label="Choose your leaders")
    offered = [o["value"] for o in select_of(opened.response)["options"]]
    assert opened.response.ephemeral and offered == state["seats"][1]["dealt"]
    assert select_of(opened.response)["min_values"] == select_of(opened.response)["max_values"] == 2
    await game.keep_first_two(first)
    assert "Setup is complete" not in text_of(table.last())
    answer = await second.select(opened.response, offered[1:3])
    assert "starting resource" in answer.response.content
    assert labels(answer.response) == ["coin", "stone", "servant", "shield"]
    done = await second.click(answer.response, label="shield")
    assert done.response.content.startswith("Done:")
    state = await game.state()
    assert state["seats"][1]["hand"] == sorted(offered[1:3], key=lambda i: int(i[1:]))
    assert "Setup is complete" in text_of(table.last()) and f"<@{first.id}>" in text_of(table.last())
    for message in table.channel.history():
        assert not re.search(r"\bL\d+\b", text_of(message)), "kept leaders are never named in public"


async def test_a_setup_choice_cannot_be_made_twice(table, game):
    await game.open([table.alice, table.bob])
    first, _ = await game.seats()
    start = table.last()
    await game.keep_first_two(first)
    again = await unchanged(game, first.click(start, label="Choose your leaders"))
    await game.refused(again, "You have chosen: waiting for the other players")


# ============================================================================ the market
async def test_MOR_MARKET_2_market_shows_what_was_taken_and_the_proposed_layout(table, game):
    """MOR-WAREHOUSE-8: the follow-up offers Confirm, Discard what I took and Rearrange… as buttons."""
    first, _ = await game.start_playing([table.alice, table.bob])
    lines = await first.autocomplete(table.channel, "mor market", "line", "row")
    assert [c["value"] for c in lines] == ["row-1", "row-2", "row-3"]
    result = await first.slash(table.channel, "mor market", line="row-2")
    prompt = result.response
    assert prompt.ephemeral and text_of(prompt).startswith("You took **")
    assert "Suggested warehouse:" in text_of(prompt)
    assert {"Confirm", "Rearrange…"} <= set(labels(prompt))
    board = table.last()
    assert "took row-2" in text_of(board) and board.attachments
    assert labels(board) == ["Place resources", "My leaders", "Since your move"]
    assert all(c["custom_id"].startswith(f"mor:b:{game.id}:") for c in items(prompt))
    rearrange = await first.click(prompt, label="Rearrange…")
    assert "Store the resources like this" in rearrange.response.content
    choices = items(rearrange.response)
    chosen = await meant(first, await (first.select(rearrange.response,
                                                    [select_of(rearrange.response)["options"][-1]["value"]])
                                       if any(c["type"] == SELECT for c in choices)
                                       else first.click(rearrange.response, custom_id=choices[-1]["custom_id"])))
    assert chosen.response.content.startswith("Done:")
    assert (await game.state())["turn"]["pending"] is None
    assert "End turn" in labels(table.last())
    ended = await first.slash(table.channel, "mor end")
    assert ended.response.content.startswith("Done:") and "ended their turn" in text_of(table.last())


async def test_discard_what_i_took_keeps_the_warehouse_as_it_was(table, game):
    """MOR-WAREHOUSE-9: every resource discarded gives the other player 1 faith."""
    first, _ = await game.start_playing([table.alice, table.bob])
    before = await game.state()
    result = await first.slash(table.channel, "mor market", line="col-1")
    state = await game.state()
    took = sum(state["turn"]["pending"]["gained"].values())
    if "Discard what I took" not in labels(result.response):  # nothing fits: Confirm discards it all
        await meant(first, await first.click(result.response, label="Confirm"))
    else:
        await meant(first, await first.click(result.response, label="Discard what I took"))
    after = await game.state()
    assert after["seats"][0]["depots"] == before["seats"][0]["depots"]
    assert after["seats"][1]["faith"] == before["seats"][1]["faith"] + took


async def test_the_public_place_button_opens_the_same_prompt(table, game):
    first, second = await game.start_playing([table.alice, table.bob])
    await first.slash(table.channel, "mor market", line="row-1")
    board = table.last()
    other = await unchanged(game, second.click(board, label="Place resources"))
    await game.refused(other, "It is not your turn: waiting for", first.name)
    mine = await first.click(board, label="Place resources")
    assert mine.response.ephemeral and mine.response.content.startswith("You took")
    done = await first.click(mine.response, label="Confirm")
    assert done.response.content.startswith("Done:")


# ============================================================================ menus
async def test_board_menu_buttons_open_private_menus(table, game):
    first, _ = await game.start_playing([table.alice, table.bob])
    board = table.last()
    assert labels(board) == ["Market", "Buy", "Produce", "Leaders", "My leaders", "Since your move"]
    menu = await first.click(board, label="Market")
    assert menu.response.ephemeral and "Which line" in menu.response.content
    options = select_of(menu.response)["options"]
    assert [o["value"] for o in options] == ["row-1", "row-2", "row-3", "col-1", "col-2", "col-3", "col-4"]
    played = await first.select(menu.response, ["col-3"])
    assert played.response.content.startswith("You took")
    assert "took col-3" in text_of(table.last())
    hand = await first.click(board, label="My leaders")
    assert hand.response.ephemeral and hand.response.attachments


async def test_leader_menu_and_autocomplete_show_only_your_own_hand(table, game):
    """MOR-LEADER-4: discarding a leader gives 1 faith and its identity stays secret (D-16)."""
    first, second = await game.start_playing([table.alice, table.bob])
    state = await game.state()
    mine, theirs = state["seats"][0]["hand"], state["seats"][1]["hand"]
    offered = await first.autocomplete(table.channel, "mor leader", "leader", "")
    assert [c["value"] for c in offered] == mine and all("VP" in c["name"] for c in offered)
    assert [c["value"] for c in await second.autocomplete(table.channel, "mor leader", "leader", "")] == theirs
    menu = await first.click(table.last(), label="Leaders")
    values = [o["value"] for o in select_of(menu.response)["options"]] if any(
        c["type"] == SELECT for c in items(menu.response)) else [c["custom_id"] for c in items(menu.response)]
    assert all(any(i in v for i in mine) for v in values) and not any(i in v for v in values for i in theirs)
    result = await meant(first, await first.slash(table.channel, "mor leader", action="discard", leader=mine[0]))
    assert result.response.content.startswith("Done:")
    assert "discarded a leader and gains 1 faith" in text_of(table.last())
    assert mine[0] not in text_of(table.last())
    log = await second.slash(table.channel, "mor log")
    assert log.response.ephemeral and "kept 2 leaders" in log.response.content
    assert "discarded a leader" in log.response.content
    assert not re.search(r"\bL\d+\b", log.response.content), "the log never names a hidden leader"


async def test_produce_menu_asks_each_open_choice(table, game):
    """MOR-PROD-4: the base production asks what it pays and what it makes."""
    seats = await game.start_playing([table.alice, table.bob, table.carol, table.manager])
    # the fourth seat starts with 2 resources (MOR-SETUP-17): enough for the base production
    for member in seats[:3]:
        prompt = await member.slash(table.channel, "mor market", line="row-1")
        await member.click(prompt.response, label="Confirm")
        await member.slash(table.channel, "mor end")
    third = table.actor()
    assert third is seats[3]
    menu = await third.slash(table.channel, "mor produce")
    assert items(menu.response), menu.response.content
    assert "Which production powers?" in menu.response.content
    # no card yet: the base power is the one choice, offered as a button
    assert labels(menu.response) == ["Base: 2 resources → 1 of your choice"]
    pays = await third.click(menu.response, label="Base: 2 resources → 1 of your choice")
    assert "What does the base production pay?" in pays.response.content
    first_pair = items(pays.response)[0]
    makes = await (third.click(pays.response, custom_id=first_pair["custom_id"]) if first_pair["type"] == BUTTON
                   else third.select(pays.response, [first_pair["options"][0]["value"]]))
    assert "What does the base production make?" in makes.response.content
    done = await third.click(makes.response, label="coin")
    assert done.response.content.startswith("Done:")
    assert "produced" in text_of(table.last()) and (await game.state())["seats"][3]["strongbox"]["coin"] == 1


async def test_buttons_survive_a_restart_and_old_ones_say_the_board_moved_on(table, game, env, make_bot):
    first, _ = await game.start_playing([table.alice, table.bob])
    board = table.last()
    old_menu = await first.click(board, label="Market")
    await env.restart_bot(await make_bot())
    menu = await first.click(board, label="Market")
    played = await first.select(menu.response, ["row-3"])
    assert played.response.content.startswith("You took") and "took row-3" in text_of(table.last())
    # The step edited its turn's message: the board in the channel shows the current buttons, so
    # no button of the earlier board is left there to press; an earlier private menu is stale.
    labels = [item.label for item in controls_of(table.last())]
    assert table.last().id == board.id and "Place resources" in labels and "Buy" not in labels
    again = await unchanged(game, first.select(old_menu.response, ["row-1"]))
    await game.refused(again, "the game has moved on")


async def test_MOR_TURN_5_arrange_rearranges_the_depots_and_keeps_everything(table, game):
    """MOR-WAREHOUSE-6: the suggestions are every other layout that keeps all your resources."""
    first, _ = await game.start_playing([table.alice, table.bob])
    state = await game.state()
    line = max(("row-1", "row-2", "row-3"), key=lambda ln: len({c for c in state["market"]["grid"][int(ln[-1]) - 1]
                                                                 if c in ("yellow", "grey", "purple", "blue")}))
    prompt = await first.slash(table.channel, "mor market", line=line)
    await first.click(prompt.response, label="Confirm")
    before = await game.state()
    held = {r: n for r, n in before["seats"][0]["depots"] if n}
    offered = await first.autocomplete(table.channel, "mor arrange", "layout", "")
    assert offered and all("discard" not in c["name"] for c in offered)
    done = await first.slash(table.channel, "mor arrange", layout=offered[-1]["value"])
    assert done.response.content.startswith("Done:") and "rearranged their warehouse" in text_of(table.last())
    after = await game.state()
    assert {r: n for r, n in after["seats"][0]["depots"] if n} == held
    assert after["seats"][0]["depots"] != before["seats"][0]["depots"]
    menu = await first.slash(table.channel, "mor arrange")
    assert "Rearrange your warehouse like this" in menu.response.content


# ============================================================================ information
async def test_board_card_hand_rules_commands(table, game):
    first, second = await game.start_playing([table.alice, table.bob])
    board = await first.slash(table.channel, "mor board", player=second)
    assert board.response.ephemeral and board.response.attachments
    assert f"**{second.name}**" in board.response.content and "Warehouse:" in board.response.content
    names = await first.autocomplete(table.channel, "mor card", "card", "yellow")
    assert names and all("yellow" in c["name"] for c in names)
    card = await first.slash(table.channel, "mor card", card="c12")
    assert card.response.ephemeral and card.response.attachments and "c12 yellow I" in card.response.content
    leader = await first.slash(table.channel, "mor card", card="l5")
    assert "L5: extra depot for 2 stone" in leader.response.content
    unknown = await first.slash(table.channel, "mor card", card="c99")
    await game.refused(unknown, "There is no card 'c99'")
    hand = await first.slash(table.channel, "mor hand")
    assert hand.response.ephemeral and hand.response.attachments
    rules = await first.slash(table.channel, "mor rules", topic="market")
    assert rules.response.ephemeral and "MOR-MARKET-" in rules.response.content
    overview = await first.slash(table.channel, "mor rules")
    assert "MOR-TURN-" in overview.response.content


async def test_commands_list_in_game_help(table, game):
    await game.open([table.alice])
    helped = await table.alice.slash(table.channel, "game help")
    help_text = answered(await table.alice.select(helped.response.message, ["commands"]))
    for name in ("market", "buy", "produce", "leader", "arrange", "end", "board", "card", "log", "rules"):
        assert f"`/mor {name}`" in help_text


# ============================================================================ refusals
async def test_refusals_are_private_and_change_nothing(table, game):
    """MOR-TURN-3, MOR-TURN-4, MOR-TURN-7, MOR-MARKET-2, MOR-BUY-1, MOR-BUY-3, MOR-PROD-6,
    MOR-WAREHOUSE-6, MOR-LEADER-10: each refusal names its reason."""
    first, second = await game.start_playing([table.alice, table.bob])
    channel = table.channel
    cases = [
        (second, "mor market", {"line": "row-1"}, [f"It is not your turn: waiting for {first.name}"]),
        (table.carol, "mor market", {"line": "row-1"}, ["You are not playing at this table."]),
        (first, "mor end", {}, ["You must take one main action first", "MOR-TURN-3"]),
        (first, "mor market", {"line": "row-9"}, ["There is no line 'row-9'", "MOR-MARKET-2"]),
        (first, "mor buy", {"card": "green-2"}, ["You have no slot for a level II card"]),
        (first, "mor buy", {"card": "c99"}, ["not the top card of a deck", "MOR-BUY-1"]),
        (first, "mor buy", {"card": "green-1", "slot": 1}, ["You cannot afford that"]),
        (first, "mor produce", {}, ["You have nothing to produce with", "MOR-PROD-6"]),
        (first, "mor arrange", {}, ["There is no other way to arrange", "MOR-WAREHOUSE-6"]),
        (first, "mor leader", {"action": "discard", "leader": "L99"}, ["is not a leader card"]),
    ]
    theirs = (await game.state())["seats"][1]["hand"][0]
    cases.append((first, "mor leader", {"action": "discard", "leader": theirs},
                  ["not in your hand", "MOR-LEADER-10"]))
    for member, command, options, expected in cases:
        result = await unchanged(game, member.slash(channel, command, **options))
        await game.refused(result, *expected)
    await first.slash(channel, "mor market", line="row-1")
    pending = [
        (first, "mor end", {}, ["First place the resources you took", "(D-1)"]),
        (first, "mor market", {"line": "row-2"}, ["First place the resources you took"]),
    ]
    for member, command, options, expected in pending:
        result = await unchanged(game, member.slash(channel, command, **options))
        await game.refused(result, *expected)
    await first.slash(channel, "mor move", notation="place")
    again = await unchanged(game, first.slash(channel, "mor market", line="row-2"))
    await game.refused(again, "You have already taken your main action this turn")


async def test_mor_commands_refuse_at_another_games_table(table):
    await table.alice.slash(table.channel, "game new", game="duel", players=1)
    await table.alice.slash(table.channel, "game start")
    count = len(table.channel.history())
    for command, options in (("mor market", {"line": "row-1"}), ("mor end", {}), ("mor log", {})):
        result = await table.alice.slash(table.channel, command, **options)
        assert result.response.ephemeral
        assert "This channel is playing Duel to Ten: use `/duel` commands here." in result.response.content
    assert len(table.channel.history()) == count
