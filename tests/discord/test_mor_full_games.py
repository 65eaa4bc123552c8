"""Whole Masters of Renaissance games played by people who only tap (the board's "Your move", the
guided menu's selects, Confirm), with the real renderer: no secret leader in any public message,
component or board view, and Lorenzo's turn on the boards of a solo game."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import simcord
from bottega_harness import Table, game_state, text_of, control_dicts

import rendering
from bench.taps import ButtonPlayer

SETTLE_SECONDS = 60
"""Boards are drawn for real here, which can take more than the harness's default on a busy machine."""


def flat(components: list[Any]) -> list[dict[str, Any]]:
    """The interactive components of a message, as raw dicts (buttons and selects)."""
    return control_dicts(components)


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


async def play_to_the_end(table: Table, members: list[simcord.MemberActor], watch: SecretWatch, seed: int,
                          move_limit: int) -> int:
    """Turns of tapping players (each checked by ``watch``) until the game is over; the turns taken."""
    player = ButtonPlayer(table.channel, members, random.Random(seed))
    turns = 0
    while len(player.taps) < move_limit:
        board = table.last()
        if "Game over" in text_of(board):
            return turns
        assert board.attachments and board.attachments[0].filename.startswith("mor-"), "every move posts the board"
        await player.turn(player.pinged()[0])
        await watch.check()
        turns += 1
    raise AssertionError(f"no result after {move_limit} moves")


async def start(table: Table, members: list[simcord.MemberActor], watch: SecretWatch) -> None:
    table.env.settle_timeout = SETTLE_SECONDS
    await table.alice.slash(table.channel, "game new", game="mor", players=len(members))
    for member in members[1:]:
        await member.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    await watch.note_dealt()


async def test_a_solo_game_names_lorenzos_token_after_each_turn(table, simcord_bot, monkeypatch):
    """MOR-SOLO-8: after each turn the board message names Lorenzo's token and the black cross."""
    watch = SecretWatch(simcord_bot, table, monkeypatch)
    await start(table, [table.alice], watch)
    turns = await play_to_the_end(table, [table.alice], watch, seed=3, move_limit=400)
    final = text_of(table.last())
    assert "Game over" in final and ("You beat Lorenzo" in final or "Lorenzo wins" in final)
    lorenzo = [text_of(m) for m in table.channel.history() if "Lorenzo's token:" in text_of(m)]
    assert turns > 3 and len(lorenzo) >= 3
    assert all(re.search(r"Black cross: space \*\*\d+\*\* of 24", text) for text in lorenzo)


async def test_a_two_player_game_shows_no_secret_leader_in_public(table, simcord_bot, monkeypatch):
    """From /game new to the final scores; no secret leader in any public message or board view."""
    watch = SecretWatch(simcord_bot, table, monkeypatch)
    members = [table.alice, table.bob]
    await start(table, members, watch)
    turns = await play_to_the_end(table, members, watch, seed=11, move_limit=400)
    final = text_of(table.last())
    assert "Game over" in final and "Winner:" in final
    # A calm channel: each turn's steps edit the turn's message, so the channel holds about one
    # message per turn (besides: the table opened, bob joined, the game began, the final scores).
    assert turns > 6 and watch.public_texts >= turns
    assert len(table.channel.history()) <= turns + 4
