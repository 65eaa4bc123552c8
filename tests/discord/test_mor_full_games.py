"""A simple Masters of Renaissance player that uses only what a Discord user sees: the board's
buttons, the ``/mor`` commands and their suggestions, and the private menus they open.

Its policy prefers short games: it buys whenever it can, and otherwise takes from the market and
often discards what it took (which pushes the other players' faith, or Lorenzo's cross, to 24).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import simcord
from bottega_harness import Table, game_state, meant, second_thought_confirm, text_of, control_dicts

import rendering
from games.mor import affordable_cards

SELECT_TYPES = {3}
BUTTON_TYPE = 2
MAX_ANSWERS = 8


def flat(components: list[Any]) -> list[dict[str, Any]]:
    """The interactive components of a message, as raw dicts (buttons and selects)."""
    return control_dicts(components)


def labels(message: Any) -> list[str]:
    return [c.get("label") for c in flat(message.components) if c["type"] == BUTTON_TYPE]


class SecretWatch:
    """Checks every public message and every public board view against the leaders that are secret:
    those in a hand now and those dealt but not kept (D-16, MOR-LEADER-1)."""

    def __init__(self, bot: Any, table: Table, monkeypatch: Any) -> None:
        self.bot, self.table = bot, table
        self.dealt: set[str] = set()
        self.game_id = 0
        self.checked: set[tuple[int, str]] = set()
        self.views: list[dict[str, Any]] = []
        self.public_texts = 0
        real = rendering.render

        def watched(key: str, view: dict[str, Any], **kwargs: Any) -> bytes:
            self.views.append(view)
            return real(key, view, **kwargs)

        monkeypatch.setattr(rendering, "render", watched)

    async def state(self) -> dict[str, Any]:
        """The game's state now (also once it is over and the channel is free again)."""
        return await game_state(self.bot, self.game_id)

    async def note_dealt(self) -> None:
        self.game_id = (await self.bot.service.table(self.table.channel.id)).row.id
        self.dealt = {i for p in (await self.state())["seats"] for i in p["dealt"]}

    async def check(self, state: dict[str, Any] | None = None) -> None:
        state = state or await self.state()
        kept = {i for p in state["seats"] for i in p["hand"] + p["played"]}
        secret = (self.dealt - kept) | {i for p in state["seats"] for i in p["hand"] + p["dealt"]}
        pattern = re.compile(r"\b(" + "|".join(sorted(secret)) + r")\b") if secret else None
        for message in self.table.channel.history():
            shown = (message.id, text_of(message))  # a turn's message is checked again after each edit
            if shown in self.checked or message.flags.ephemeral:
                continue
            self.checked.add(shown)
            self.public_texts += 1
            words = [text_of(message)]
            for item in flat(message.components):
                words += [item.get("label") or "", item.get("custom_id") or ""]
                words += [o["value"] + o["label"] for o in item.get("options", [])]
            for word in words:
                assert pattern is None or not pattern.search(word), f"a secret leader in public: {word!r}"
        for view in self.views:
            assert "you" not in view, "the renderer of a public board got a private view"
            text = json.dumps(view)
            assert pattern is None or not pattern.search(text), "a secret leader in a public board view"
            assert all("hand" not in p for p in view["players"])
        self.views.clear()


class MorPlayer:
    def __init__(self, table: Table, members: list[simcord.MemberActor], seed: int,
                 watch: SecretWatch, discard_rate: float = 0.7) -> None:
        self.table = table
        self.discard_rate = discard_rate
        self.watch = watch
        self.members = members
        self.rng = random.Random(seed)
        self.private_texts: list[str] = []
        self.interactions = 0

    # ------------------------------------------------------------------ answering menus
    async def answer(self, member: simcord.MemberActor, result: simcord.InteractionResult,
                     prefer: tuple[str, ...] = ()) -> str:
        """Answer the private menu of ``result`` until the move is played; returns the last text."""
        for _ in range(MAX_ANSWERS):
            message = result.response
            assert message is not None and message.ephemeral, "menus and answers are private"
            self.private_texts.append(text_of(message))
            items = flat(message.components)
            if not items or text_of(message).startswith("Done:"):
                return text_of(message)
            if second_thought_confirm(message):  # they mean it: a discard asks first, then is confirmed
                result = await meant(member, result)
                continue
            select = next((c for c in items if c["type"] in SELECT_TYPES), None)
            buttons = [c for c in items if c["type"] == BUTTON_TYPE]
            preferred = [b for b in buttons if b["label"] in prefer]
            self.interactions += 1
            if preferred:
                result = await member.click(message, custom_id=self.rng.choice(preferred)["custom_id"])
            elif select is not None:
                values = [o["value"] for o in select["options"]]
                count = select.get("min_values", 1)
                top = select.get("max_values", 1)
                chosen = self.rng.sample(values, self.rng.randint(count, top) if top > count else count)
                result = await member.select(message, chosen, custom_id=select["custom_id"])
            else:
                plain = [b for b in buttons if b["label"] not in ("Rearrange…",)] or buttons
                result = await member.click(message, custom_id=self.rng.choice(plain)["custom_id"])
        raise AssertionError(f"a menu did not end in a move: {result.response.content}")

    # ------------------------------------------------------------------ a whole game
    async def setup_choices(self) -> None:
        """Every player presses "Choose your leaders" on the latest board, in their own time."""
        for member in self.rng.sample(self.members, len(self.members)):
            board = self.table.last()
            assert "Choose your leaders" in labels(board)
            self.interactions += 1
            opened = await member.click(board, label="Choose your leaders")
            text = await self.answer(member, opened)
            assert text.startswith("Done:"), text

    async def turn(self, member: simcord.MemberActor) -> None:
        channel = self.table.channel
        self.interactions += 1
        offers = await member.autocomplete(channel, "mor buy", "card", "")
        state = await self.watch.state()
        seat = state["turn"]["seat"]
        affordable = affordable_cards(state, seat)
        assert [c["value"] for c in offers] == [c["deck"] for c in affordable][:25]
        assert all("costs " in c["name"] for c in offers), "each card shows its cost"
        if offers and self.rng.random() < 0.9:
            self.interactions += 1
            result = await member.slash(channel, "mor buy", card=self.rng.choice(offers)["value"])
            await self.answer(member, result)
        elif self.rng.random() < 0.15 and "Produce" in labels(self.table.last()):
            self.interactions += 1
            result = await member.click(self.table.last(), label="Produce")
            if flat(result.response.components):
                await self.answer(member, result)
            else:  # nothing to produce with: take from the market instead
                await self.market(member)
        else:
            await self.market(member)
        if self.rng.random() < 0.3 and "Leaders" in labels(self.table.last()):
            self.interactions += 1
            leaders = await member.autocomplete(channel, "mor leader", "leader", "")
            if leaders:
                self.interactions += 1
                action = self.rng.choice(["play", "discard"])
                await meant(member, await member.slash(channel, "mor leader", action=action,
                                                       leader=leaders[0]["value"]))
        if "Game over" in text_of(self.table.last()) or self.table.actor() is not member:
            return
        assert "End turn" in labels(self.table.last()), (text_of(self.table.last()), self.private_texts[-3:])
        self.interactions += 1
        if self.rng.random() < 0.5:
            await member.slash(channel, "mor end")
        else:
            await member.click(self.table.last(), label="End turn")

    async def market(self, member: simcord.MemberActor) -> None:
        channel = self.table.channel
        self.interactions += 1
        lines = await member.autocomplete(channel, "mor market", "line", "")
        assert len(lines) == 7 and all(re.match(r"(row|col)-\d: ", c["name"]) for c in lines)
        self.interactions += 1
        result = await member.slash(channel, "mor market", line=self.rng.choice(lines)["value"])
        prefer = ("Discard what I took",) if self.rng.random() < self.discard_rate else ("Confirm", "Rearrange…")
        await self.answer(member, result, prefer)



# ============================================================================ the games
async def play_to_the_end(table: Table, player: MorPlayer, turn_limit: int) -> int:
    for turns in range(turn_limit):
        await player.watch.check()
        board = table.last()
        if "Game over" in text_of(board):
            return turns
        assert board.attachments and board.attachments[0].filename.startswith("mor-"), "every move posts the board"
        await player.turn(table.actor(board))
    raise AssertionError(f"no result after {turn_limit} turns")


async def start(table: Table, members: list[simcord.MemberActor], watch: SecretWatch) -> None:
    await table.alice.slash(table.channel, "game new", game="mor", players=len(members))
    for member in members[1:]:
        await member.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    await watch.note_dealt()


async def test_solo_game_through_commands_and_buttons(table, simcord_bot, monkeypatch):
    """MOR-SOLO-8: after each turn the board message names Lorenzo's token and the black cross."""
    watch = SecretWatch(simcord_bot, table, monkeypatch)
    await start(table, [table.alice], watch)
    player = MorPlayer(table, [table.alice], seed=3, watch=watch, discard_rate=0.2)
    await player.setup_choices()
    assert "Setup is complete" in text_of(table.last())
    turns = await play_to_the_end(table, player, 60)
    final = text_of(table.last())
    assert "Game over" in final and ("You beat Lorenzo" in final or "Lorenzo wins" in final)
    assert turns > 3
    lorenzo = [text_of(m) for m in table.channel.history() if "Lorenzo's token:" in text_of(m)]
    assert len(lorenzo) >= turns - 1
    assert all(re.search(r"Black cross: space \*\*\d+\*\* of 24", text) for text in lorenzo)


async def test_two_player_game_through_commands_and_buttons(table, simcord_bot, monkeypatch):
    """From /game new to the final scores; no secret leader in any public message or board view."""
    watch = SecretWatch(simcord_bot, table, monkeypatch)
    members = [table.alice, table.bob]
    await start(table, members, watch)
    player = MorPlayer(table, members, seed=11, watch=watch)
    await player.setup_choices()
    turns = await play_to_the_end(table, player, 120)
    final = text_of(table.last())
    assert "Game over" in final and "Winner:" in final
    # A calm channel: each turn's steps edit the turn's message, so the checks see a turn's
    # message once per turn, and the channel holds about one message per turn.
    assert turns > 6 and watch.public_texts >= turns
    # (besides: the table opened, bob joined, the game began, the final scores)
    assert len(table.channel.history()) <= turns + 4
    bought = [text_of(m) for m in table.channel.history() if " bought " in text_of(m)]
    assert bought, "the policy bought cards through /mor buy"
