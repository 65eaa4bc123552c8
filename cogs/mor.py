"""Masters of Renaissance on Discord: ``/mor market``, ``buy``, ``produce``, ``leader``, ``arrange``,
``end``, ``board``, ``card``, ``log``, ``rules`` (next to the generic ``/mor move`` and ``/mor hand``),
and the buttons and selects that carry every follow-up choice.

Every move goes through the table service and the public posting path of ``/mor move``
(:func:`bot.views.post_reply`): the board image, the log line and a ping for the next player.
Choices that remain open after a command (white marbles, slot and payment, production inputs,
where to store what you took) are asked privately with buttons and selects built by
:mod:`cogs.mor_menus` from the asking player's own view. Components are dynamic items whose
``custom_id`` carries the game id, the board version and plain notation, so they survive restarts
and an old one says the board has moved on.

The public board carries menu buttons (Market, Buy, Produce, Leaders, ...) instead of the generic
move buttons, because those would name the leaders in a player's hand.
"""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import games
import rendering
from bot.service import Image, Person, Reply, StaleAction, TableError
from bot.views import (
    BOARD_HOOKS,
    CUSTOM_ID_LIMIT,
    SELECT_LIMIT,
    person_of,
    post_reply,
    report_error,
    require_bot_permissions,
    respond,
)
from games.core import IllegalAction
from games.mor.data import CARDS, LEADERS

from .mor_menus import (
    LINES,
    Question,
    amounts,
    ask,
    card_label,
    complete,
    fill,
    layout_text,
    leader_label,
    line_gains,
    placement,
)
from .play import game_table

if TYPE_CHECKING:
    from bot.bot import BottegaBot
    from bot.service import Table

KEY = "mor"
MOR = games.get(KEY)
BUTTON_PREFIX = "mor:b"
SELECT_PREFIX = "mor:s"
PLACE_PROMPT = "!place"
HAND = "!hand"
BUTTONS_PER_QUESTION = 5
LOG_LIMIT = 1900
AUTOCOMPLETE_LIMIT = 25

RULE_TOPICS = {
    "turn": "**A turn** (MOR-TURN-1..8): exactly one main action — `/mor market`, `/mor buy` or "
            "`/mor produce` — plus any number of leader actions before or after it (`/mor leader`), "
            "then `/mor end`. You may rearrange your warehouse on your turn (`/mor arrange`, MOR-TURN-5).",
    "market": "**Market** (MOR-MARKET-1..10): take one row (4 marbles) or column (3). Yellow = coin, grey = "
              "stone, purple = servant, blue = shield, red = 1 faith (MOR-MARKET-8), white = nothing unless a "
              "white-marble leader is in play (MOR-LEADER-15/16). The slide marble is pushed in "
              "(MOR-MARKET-5..7). Then store what you took: confirm the suggested layout, rearrange, or discard "
              "— each discard gives 1 faith to every other player (MOR-WAREHOUSE-8/9).",
    "warehouse": "**Warehouse** (MOR-WAREHOUSE-1..12): depots of 1, 2 and 3; one type per depot and a type in "
                 "one depot only; extra-depot leaders add 2 spaces of one type (MOR-LEADER-12..14). The "
                 "strongbox is unlimited and only filled by production (MOR-STRONGBOX-1..5).",
    "buy": "**Buy** (MOR-BUY-1..16): the top card of any deck, paid from warehouse and strongbox "
           "(MOR-BUY-4), minus discount leaders (MOR-LEADER-11). Level I goes in an empty slot, II on a I, "
           "III on a II (MOR-BUY-7..9). The 7th card ends the game (MOR-BUY-16).",
    "produce": "**Produce** (MOR-PROD-1..10): choose any of your powers — the base power (2 resources → 1 of "
               "your choice, MOR-PROD-4), the top card of each slot, production leaders (MOR-LEADER-17). "
               "Inputs come from what you hold now; outputs go to the strongbox (MOR-PROD-6/8).",
    "leaders": "**Leaders** (MOR-LEADER-1..19): keep 2 of 4 at setup (MOR-SETUP-13). On your turn play one "
               "whose requirement you meet (checked, never paid: MOR-LEADER-6) or discard one for 1 faith "
               "(MOR-LEADER-4). Hands are secret; played leaders score their VP (MOR-LEADER-19).",
    "faith": "**Faith and the Vatican** (MOR-FAITH-1..6, MOR-VATICAN-1..10): when a marker reaches a pope "
             "space (8, 16, 24) every player in that section turns the favour tile up, the others discard "
             "it. Space 24 ends the game (MOR-END-1).",
    "end": "**End** (MOR-END-1..6, MOR-SCORE-1..8): someone reaches space 24 or buys a 7th card; the round is "
           "finished up to the last seat. Score cards, faith track, favour tiles, played leaders and 1 VP per "
           "5 resources; ties go to most resources left.",
    "solo": "**Solo** (MOR-SOLO-1..22): after each of your turns Lorenzo reveals a token: discard 2 cards of "
            "a colour from the grid, or move his black cross 2 (or 1 and reshuffle). Your discards move the "
            "cross. You win at space 24 or with a 7th card; you lose if the cross reaches 24 or a colour is "
            "gone from the grid.",
}


def service(bot: Any):
    assert bot.service is not None
    return bot.service


# ============================================================================ the flow
async def load(interaction: discord.Interaction) -> Table:
    table = await game_table(interaction.client, interaction.channel_id, KEY)
    if table.state is None:
        raise TableError("This game has not started yet: the host starts it with `/game start`.")
    return table


def acting_seat(table: Table, person: Person) -> int:
    seat = table.seat_of(person.id)
    if seat is None:
        raise TableError("You are not playing at this table.")
    if seat not in table.game.actors(table.state):
        raise IllegalAction(table.waiting_message(seat), "MOR-TURN-7")
    return seat


async def proceed(interaction: discord.Interaction, table: Table, text: str, *,
                  expected_version: int | None, edit: bool) -> None:
    """Ask the next open question of ``text``, or play it when nothing is open.

    ``edit``: the interaction comes from one of our private menus, which is then updated in place
    instead of sending a new private message.
    """
    try:
        seat = acting_seat(table, person_of(interaction))
        if text == PLACE_PROMPT:
            if not table.state["turn"]["pending"]:
                raise IllegalAction("There is nothing to place: placing follows a market action "
                                    "(MOR-WAREHOUSE-7).", "MOR-WAREHOUSE-7")
            question = placement(table.game.view(table.state, seat), seat)
            return await show(interaction, question.text, question_view(table, "place", question), edit)
        text = complete(table.game, table.state, seat, text)
        if "?" in text:
            question = ask(table.game, table.state, seat, text)
            return await show(interaction, question.text, question_view(table, text, question), edit)
    except (TableError, IllegalAction) as error:
        return await report_error(interaction, error)
    await play(interaction, text, expected_version=expected_version, edit=edit)


async def show(interaction: discord.Interaction, text: str, view: discord.ui.View, edit: bool) -> None:
    if edit:
        await interaction.response.edit_message(content=text, view=view, attachments=[])
    else:
        await interaction.response.send_message(text, view=view, ephemeral=True)


async def play(interaction: discord.Interaction, text: str, *, expected_version: int | None, edit: bool) -> None:
    """The move path of ``/mor move``: the service applies it, the board is posted in public."""
    bot = interaction.client
    if edit:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    person = person_of(interaction)
    try:
        require_bot_permissions(interaction, files=True)
        reply = await service(bot).act(interaction.channel_id, person, text, interaction_id=interaction.id,
                                       expected_version=expected_version)
    except (TableError, IllegalAction) as error:
        return await report_error(interaction, error)
    posted = await post_reply(bot, interaction.channel, reply)
    content, view = f"Done: {posted.jump_url}", None
    state = await board_state(bot, reply.game_id)
    if state["phase"] == "play" and state["turn"]["pending"] and state["turn"]["seat"] in MOR.actors(state):
        seat = state["turn"]["seat"]
        question = placement(MOR.view(state, seat), seat)
        content, view = question.text, question_view_for(reply.game_id, reply.version, "place", question)
    await interaction.edit_original_response(content=content, view=view, attachments=[])


async def handle_component(interaction: discord.Interaction, game_id: int, version: int, text: str) -> None:
    """A press or choice on one of our buttons or selects; ``text`` is the (partial) notation."""
    try:
        await answer_component(interaction, game_id, version, text)
    except Exception as error:  # noqa: BLE001 - the one error path also covers components
        await report_error(interaction, error)


async def answer_component(interaction: discord.Interaction, game_id: int, version: int, text: str) -> None:
    edit = interaction.message is not None and interaction.message.flags.ephemeral
    try:
        table = await service(interaction.client).table(interaction.channel_id)
        if table.row.id != game_id or table.state is None:
            raise TableError("That button belongs to a game that is over; this channel has a new table.")
        if text == HAND:
            return await respond(interaction, lambda: service(interaction.client).private(
                interaction.channel_id, person_of(interaction)), public=False)
        # Setup choices are each player's own: another player's choice does not make them stale.
        own_setup = table.state["phase"] == "setup" and text.startswith("keep")
        if version != table.row.version and not own_setup:
            raise StaleAction("That button belongs to an earlier board; the game has moved on. Here is the board now.",
                              await service(interaction.client).status(interaction.channel_id))
    except (TableError, IllegalAction) as error:
        return await report_error(interaction, error)
    await proceed(interaction, table, text, expected_version=None if own_setup else version, edit=edit)


# ============================================================================ components
class MorButton(discord.ui.DynamicItem[discord.ui.Button],
                template=re.compile(rf"{BUTTON_PREFIX}:(?P<game_id>\d+):(?P<version>\d+):(?P<text>.+)")):
    """``mor:b:<game id>:<version>:<notation>``: plays it, or asks its next ``?``."""

    def __init__(self, game_id: int, version: int, text: str, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        self.game_id, self.version, self.text = game_id, version, text
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"{BUTTON_PREFIX}:{game_id}:{version}:{text}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> MorButton:
        button = cls.__new__(cls)
        discord.ui.DynamicItem.__init__(button, item)
        button.game_id, button.version, button.text = int(match["game_id"]), int(match["version"]), match["text"]
        return button

    async def callback(self, interaction: discord.Interaction) -> None:
        await handle_component(interaction, self.game_id, self.version, self.text)


class MorSelect(discord.ui.DynamicItem[discord.ui.Select],
                template=re.compile(rf"{SELECT_PREFIX}:(?P<game_id>\d+):(?P<version>\d+):(?P<partial>.+)")):
    """``mor:s:<game id>:<version>:<partial notation>``: the chosen values fill its first ``?``."""

    def __init__(self, game_id: int, version: int, partial: str, question: Question) -> None:
        self.game_id, self.version, self.partial = game_id, version, partial
        options = [discord.SelectOption(label=o.label[:100], value=o.token, description=o.description[:100] or None)
                   for o in question.options[:SELECT_LIMIT]]
        super().__init__(discord.ui.Select(
            custom_id=f"{SELECT_PREFIX}:{game_id}:{version}:{partial}", placeholder="Choose…",
            options=options, min_values=question.min_values, max_values=min(question.max_values, len(options))))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> MorSelect:
        select = cls.__new__(cls)
        discord.ui.DynamicItem.__init__(select, item)
        select.game_id, select.version, select.partial = int(match["game_id"]), int(match["version"]), match["partial"]
        return select

    async def callback(self, interaction: discord.Interaction) -> None:
        await handle_component(interaction, self.game_id, self.version, fill(self.partial, self.item.values))


def question_view(table: Table, partial: str, question: Question) -> discord.ui.View:
    return question_view_for(table.row.id, table.row.version, partial, question)


def question_view_for(game_id: int, version: int, partial: str, question: Question) -> discord.ui.View:
    """Up to five buttons when each answer fits a button, otherwise one select; plus the shortcuts."""
    view = discord.ui.View(timeout=None)
    for option in question.extra:
        view.add_item(MorButton(game_id, version, option.token, option.label,
                                discord.ButtonStyle.success if option.token == "place" else discord.ButtonStyle.secondary))
    if not question.options:
        return view
    answers = [fill(partial, [o.token]) for o in question.options]
    prefix = len(f"{BUTTON_PREFIX}:{game_id}:{version}:")
    if (question.max_values == 1 and len(answers) <= BUTTONS_PER_QUESTION
            and all(prefix + len(a) <= CUSTOM_ID_LIMIT for a in answers)):
        for option, answer in zip(question.options, answers):
            view.add_item(MorButton(game_id, version, answer, option.label))
    else:
        view.add_item(MorSelect(game_id, version, partial, question))
    return view


async def board_state(bot: Any, game_id: int) -> dict[str, Any] | None:
    """The state of game ``game_id`` after its latest move, finished games included; None in the lobby."""
    return await service(bot).game_state(game_id)


async def board_components(bot: BottegaBot, channel: Any, reply: Reply) -> discord.ui.View:
    """The menu buttons of a public board (none reveal a hidden card), and Lorenzo's turn in the text."""
    view = discord.ui.View(timeout=None)
    state = await board_state(bot, reply.game_id)
    if state is None:
        return view
    solo = state["solo"]
    token_lines = [line for line in state["last"] if line.startswith("Lorenzo")]
    if solo is not None and solo["last_token"] and token_lines and token_lines[0] in reply.text:
        reply.text += f"\nLorenzo's token: **{token_text(solo['last_token'])}**. Black cross: space " \
                      f"**{solo['cross']}** of 24."
    if MOR.result(state) is not None:
        return view
    game_id, version = reply.game_id, reply.version
    buttons: list[tuple[str, str]] = []
    if state["phase"] == "setup":
        buttons.append(("Choose your leaders", "keep ?"))
    else:
        turn = state["turn"]
        player = state["seats"][turn["seat"]]
        if turn["pending"]:
            buttons.append(("Place resources", PLACE_PROMPT))
        elif not turn["main"]:
            buttons += [("Market", "market ?"), ("Buy", "buy ?"), ("Produce", "produce ?")]
        if player["hand"] and not turn["pending"]:
            buttons.append(("Leaders", "leader ?"))
        if turn["main"] and not turn["pending"]:
            buttons.append(("End turn", "end"))
    for label, text in buttons:
        view.add_item(MorButton(game_id, version, text, label))
    view.add_item(MorButton(game_id, version, HAND, "My leaders", discord.ButtonStyle.secondary))
    return view


def token_text(token_id: str) -> str:
    colour = re.fullmatch(r"discard-(\w+)", token_id)
    if colour:
        return f"discard 2 {colour[1]} cards"
    spaces = re.fullmatch(r"black-cross-(\d)(-reshuffle)?(-\w)?", token_id)
    if spaces:
        return f"black cross +{spaces[1]}" + (", then reshuffle" if spaces[2] else "")
    return token_id


# ============================================================================ commands
def mor_commands() -> list[app_commands.Command]:
    """The game's own commands (new objects for each bot: a command belongs to one group)."""

    async def start(interaction: discord.Interaction, text: str) -> None:
        try:
            table = await load(interaction)
        except (TableError, IllegalAction) as error:
            return await report_error(interaction, error)
        await proceed(interaction, table, text, expected_version=None, edit=False)

    async def own_view(interaction: discord.Interaction) -> tuple[Table, int] | None:
        try:
            table = await load(interaction)
        except TableError:
            return None
        seat = table.seat_of(interaction.user.id)
        return None if seat is None else (table, seat)

    def matching(choices: list[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
        typed = current.strip().lower()
        found = [(n, v) for n, v in choices if typed in n.lower()]
        return [app_commands.Choice(name=n[:100], value=v) for n, v in found[:AUTOCOMPLETE_LIMIT]]

    # ---------------------------------------------------------------- market
    async def market_lines(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        loaded = await own_view(interaction)
        if loaded is None:
            return []
        table, seat = loaded
        view = table.game.view(table.state, None)
        return matching([(f"{line}: {line_gains(view, seat, line)}", line) for line in LINES], current)

    @app_commands.command(name="market", description="Take a row or column of marbles from the market.")
    @app_commands.describe(line="row-1..row-3 (top to bottom) or col-1..col-4 (left to right); the list shows what each gives")
    @app_commands.autocomplete(line=market_lines)
    async def market(interaction: discord.Interaction, line: str) -> None:
        await start(interaction, f"market {line.strip().lower()}")

    # ---------------------------------------------------------------- buy
    async def buyable(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        loaded = await own_view(interaction)
        if loaded is None:
            return []
        table, seat = loaded
        cards = table.game.view(table.state, seat)["you"]["affordable"]
        return matching([(card_label(c["id"], c["cost"]), c["deck"]) for c in cards], current)

    @app_commands.command(name="buy", description="Buy the top card of a deck (the list shows what you can afford).")
    @app_commands.describe(card="A card you can afford now, with its cost after discounts",
                           slot="Which of your slots (1-3); asked when several fit",
                           pay="Which resources go first; asked when it makes a difference")
    @app_commands.choices(pay=[app_commands.Choice(name="warehouse first", value="wh"),
                               app_commands.Choice(name="strongbox first", value="sb")])
    @app_commands.autocomplete(card=buyable)
    async def buy(interaction: discord.Interaction, card: str, slot: app_commands.Range[int, 1, 3] | None = None,
                  pay: str | None = None) -> None:
        try:
            table = await load(interaction)
            deck = deck_for(table, card.strip().lower())
        except (TableError, IllegalAction) as error:
            return await report_error(interaction, error)
        if slot is None and pay is None:
            text = f"buy {deck} ?"
            seat = table.seat_of(interaction.user.id)
            if seat is not None and seat in table.game.actors(table.state):
                variants = [a for a in table.game.legal_actions(table.state, seat)
                            if a["type"] == "buy" and a["deck"] == deck]
                if len(variants) <= 1:  # one way to buy it, or none: the engine says why
                    text = table.game.notation(variants[0]) if variants else f"buy {deck}"
        else:
            text = " ".join(["buy", deck, *([f"slot:{slot}"] if slot else []), *([f"pay:{pay}"] if pay else [])])
        await proceed(interaction, table, text, expected_version=None, edit=False)

    # ---------------------------------------------------------------- produce, leader, arrange, end
    @app_commands.command(name="produce", description="Activate production: choose your powers, then any choices.")
    async def produce(interaction: discord.Interaction) -> None:
        await start(interaction, "produce ?")

    async def own_leaders(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        loaded = await own_view(interaction)
        if loaded is None:
            return []
        table, seat = loaded
        hand = table.game.view(table.state, seat)["you"]["hand"]
        return matching([(leader_label(leader["id"]), leader["id"]) for leader in hand], current)

    @app_commands.command(name="leader", description="Play a leader from your hand, or discard it for 1 faith.")
    @app_commands.describe(action="Play it (if you meet its requirement) or discard it (+1 faith)",
                           leader="One of your own leaders (only you see this list)")
    @app_commands.choices(action=[app_commands.Choice(name="play", value="play"),
                                  app_commands.Choice(name="discard", value="discard")])
    @app_commands.autocomplete(leader=own_leaders)
    async def leader(interaction: discord.Interaction, action: str, leader: str) -> None:
        await start(interaction, f"leader {action} {leader.strip()}")

    async def arrangements(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        loaded = await own_view(interaction)
        if loaded is None:
            return []
        table, seat = loaded
        try:
            question = ask(table.game, table.state, seat, "arrange ?")
        except IllegalAction:
            return []
        return matching([(o.label, o.token) for o in question.options], current)

    @app_commands.command(name="arrange", description="Rearrange your warehouse depots (on your turn; nothing is lost).")
    @app_commands.describe(layout="The new layout, e.g. d1:coin d2:2stone; leave empty to choose from a list")
    @app_commands.autocomplete(layout=arrangements)
    async def arrange(interaction: discord.Interaction, layout: str | None = None) -> None:
        await start(interaction, f"arrange {layout.strip()}" if layout else "arrange ?")

    @app_commands.command(name="end", description="End your turn (after your main action).")
    async def end(interaction: discord.Interaction) -> None:
        await start(interaction, "end")

    # ---------------------------------------------------------------- information
    @app_commands.command(name="board", description="The board now (only you see it), and one player's area in words.")
    @app_commands.describe(player="A player whose area to describe")
    async def board(interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        async def reply() -> Reply:
            table = await load(interaction)
            status = await service(interaction.client).status(interaction.channel_id)
            if player is not None:
                seat = table.seat_of(player.id)
                if seat is None:
                    raise TableError(f"{player.display_name} is not playing at this table.")
                status.text = area_text(table, seat) + "\n\n" + status.text
            return status

        await respond(interaction, reply, public=False)

    async def card_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        names = [(card_label(c), c) for c in CARDS] + [(leader_label(i), i) for i in LEADERS]
        return matching(names, current)

    @app_commands.command(name="card", description="A card, large: development cards c1..c48, leaders L1..L16.")
    @app_commands.describe(card="Type a colour, a resource or an id (c12, L5)")
    @app_commands.autocomplete(card=card_names)
    async def card(interaction: discord.Interaction, card: str) -> None:
        async def reply() -> Reply:
            ident = card.strip()
            ident = ident.lower() if ident.lower() in CARDS else "L" + ident[1:] if ident[:1] in "lL" else ident
            if ident in CARDS:
                details = card_label(ident)
            elif ident in LEADERS:
                details = leader_label(ident)
            else:
                raise TableError(f"There is no card '{card}': development cards are c1..c48, leaders L1..L16.")
            data = await asyncio.to_thread(rendering.render_card, KEY, ident)  # off the event loop, like boards
            return Reply(ephemeral=details, ephemeral_image=Image(f"mor-{ident}.png", data))

        await respond(interaction, reply, public=False)

    @app_commands.command(name="log", description="What happened so far, move by move (only you see it).")
    @app_commands.describe(moves="How many of the latest moves (default 20)")
    async def log(interaction: discord.Interaction, moves: app_commands.Range[int, 1, 200] = 20) -> None:
        async def reply() -> Reply:
            return Reply(ephemeral=await log_text(interaction, moves))

        await respond(interaction, reply, public=False)

    @app_commands.command(name="rules", description="Short rules help by topic, with the rule IDs.")
    @app_commands.describe(topic="What you want to know about")
    @app_commands.choices(topic=[app_commands.Choice(name=t, value=t) for t in RULE_TOPICS])
    async def rules(interaction: discord.Interaction, topic: str | None = None) -> None:
        async def reply() -> Reply:
            if topic is None:
                return Reply(ephemeral="\n\n".join(RULE_TOPICS[t] for t in ("turn", "market", "end"))
                             + "\n\nMore: `/mor rules topic:` " + ", ".join(RULE_TOPICS))
            return Reply(ephemeral=RULE_TOPICS[topic])

        await respond(interaction, reply, public=False)

    return [market, buy, produce, leader, arrange, end, board, card, log, rules]


def deck_for(table: Table, wanted: str) -> str:
    """The deck named, or the deck whose top card is ``wanted`` (``c12``)."""
    decks = table.state["decks"]
    if wanted in decks:
        return wanted
    for deck, cards in decks.items():
        if cards and cards[0] == wanted:
            return deck
    raise IllegalAction(f"'{wanted}' is not the top card of a deck: you can only buy a top card (MOR-BUY-1).",
                        "MOR-BUY-1")


def area_text(table: Table, seat: int) -> str:
    """One player's public area in words (everything here is public: MOR-BUY-12, MOR-LEADER-1)."""
    player = table.game.view(table.state, None)["players"][seat]
    warehouse = {d["depot"]: [d["resource"]] * d["count"] for d in player["depots"] if d["count"]}
    warehouse.update({d["leader"]: [d["resource"]] * d["count"] for d in player["leader_depots"] if d["count"]})
    slots = ", ".join(f"slot {s['slot']}: {s['top']['id'] if s['top'] else 'empty'}"
                      + (f" (+{s['covered']} covered)" if s["covered"] else "") for s in player["slots"])
    played = ", ".join(leader["id"] for leader in player["leaders"]) or "none"
    return (f"**{table.names()[seat]}** — faith {player['faith']}, {player['vp']} VP so far\n"
            f"Warehouse: {layout_text(warehouse)}; strongbox: {amounts(player['strongbox'])}\n"
            f"Cards: {slots}\nLeaders played: {played}; in hand: {player['hand_count']}")


async def log_text(interaction: discord.Interaction, count: int) -> str:
    """The latest moves as their public event lines (never the notation: keep and leader discard
    name hidden leaders)."""
    table = await load(interaction)
    store = service(interaction.client).store
    state = table.game.setup(len(table.seats), table.row.seed, table.row.options)
    entries = []
    for move in await store.moves(table.row.id):
        state, events = table.game.play(state, move.seat, move.notation)
        entries.append(f"{move.seq}. " + " ".join(table.fill_names(e["text"]) for e in events))
    lines: list[str] = []
    for entry in reversed(entries[-count:]):
        if sum(len(line) + 1 for line in lines) + len(entry) > LOG_LIMIT:
            break
        lines.insert(0, entry)
    return "\n".join(lines) if lines else "No moves yet."


async def setup(bot: BottegaBot) -> None:
    group = bot.game_groups[KEY]
    for command in mor_commands():
        group.add_command(command)
    bot.add_dynamic_items(MorButton, MorSelect)
    BOARD_HOOKS[KEY] = board_components
