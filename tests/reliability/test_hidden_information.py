"""No public message, log entry or log line holds a seat's hidden information, in any game.

Whole random games are played through the table service. After every move the hidden tokens are
worked out from the engine itself: every identifier or name that a seat's private part of the
view (``view["you"]``) or the full state holds but the public view does not (a leader in a
hand, a draft pack, the cards below the top of a deck). Then every public text the bot produced
since the last check (board lines, status, reminders, the public move log) and every log record
is searched for them. The public move log is the same event lines, replayed; the pictures are checked by the rendering tests, which draw the public view
with and without a seat's private part and compare the bytes.
"""

from __future__ import annotations

import logging
import random
import re

import pytest

from bot.table import TableService
from db import Store
from tests.reliability.service_support import discord_text, open_table, random_move
from tests.support.table import FakeClock

CARD_ID = re.compile(r"[A-Za-z]{1,3}\d{0,2}-?\d{1,3}")
NAME = re.compile(r"[A-Z][a-z']{3,}(?: (?:[a-z']+|[A-Z][a-z']+)){0,4}")
CHANNEL = 55


def strings(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(strings(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


def looks_like_a_name(text: str) -> bool:
    """Card ids (c19, H1-01, L3) and names (Pico della Mirandola, Sforza), not plain words (coin),
    the letter codes of goods (WM) or sentences."""
    return bool(CARD_ID.fullmatch(text) or NAME.fullmatch(text))


def hidden_tokens(game, state, ever_public: set[str]) -> set[str]:
    """What a seat's private part or the full state holds that no public view has ever shown
    (a card taken from the market into a hand was seen by everyone: it is no secret)."""
    private = set()
    for seat in range(len(game.view(state, None)["players"])):
        private |= strings(game.view(state, seat)["you"])
    return {s for s in private | strings(state) if looks_like_a_name(s) and s not in ever_public}


def leaked(texts: list[str], secrets: set[str]) -> list[tuple[str, str]]:
    found = []
    for text in texts:
        for secret in secrets:
            if re.search(rf"(?<![\w-]){re.escape(secret)}(?![\w-])", text):
                found.append((secret, text))
    return found


@pytest.mark.parametrize("key,players,options", [
    ("mor", 1, None), ("mor", 3, None), ("lim", 2, None), ("lim", 4, {"advanced": True}), ("opera", 3, None),
])
async def test_no_public_text_or_log_line_holds_hidden_information(tmp_path, caplog, key, players, options):
    caplog.set_level(logging.DEBUG)
    clock = FakeClock()
    store = await Store.open(tmp_path / "hidden.db")
    service = TableService(store, clock=clock, seed_source=lambda: 99 + players, renderer=None)
    try:
        start = await open_table(service, CHANNEL, key, players, options)
        public = [discord_text(start.lines)]
        table = await service.table(CHANNEL)
        ever_public = strings(table.game.view(table.state, None))
        chooser = random.Random(players)
        checked_moves = 0
        for step in range(400):
            _, _, reply = await random_move(service, CHANNEL, chooser)
            public.append(discord_text(reply.lines))
            if step % 25 == 0:
                clock.advance(days=2)
                public += [discord_text(r.lines) for r in await service.due_reminders()]
            finished = await store.active_game(CHANNEL) is None
            table = await service.game(table.row.id)
            ever_public |= strings(table.game.view(table.state, None))
            secrets = hidden_tokens(table.game, table.state, ever_public)
            if not finished and step % 25 == 0:
                public.append(discord_text((await service.status(CHANNEL)).lines))
            logged = [record.getMessage() for record in caplog.records]
            assert leaked(public + logged, secrets) == []
            checked_moves += 1
            public, _ = [], caplog.clear()
            if finished:
                break
        assert checked_moves > 20 and table.game.result(table.state) is not None
    finally:
        await store.close()
