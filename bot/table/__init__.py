"""The table service: every table operation, independent of Discord.

The Discord cogs and the local console call one :class:`TableService` and present its
structured :class:`Reply` (see :mod:`bot.presentation`). The service owns the rules of a *table*
(who sits where, who may manage it, reminders); the rules of the *game* belong to the engine.
Behind the façade each concern has its module:

- :mod:`.model`: tables, people, structured replies, refusals;
- :mod:`.loading`: every store call, loading (snapshot + replay) and the per-channel locks;
- :mod:`.lobby`: new, join, leave, start, abandon;
- :mod:`.ai_seats`: AI seats in the lobby, and the moves a table owes them;
- :mod:`.play`: a move, legal moves, a player's own view;
- :mod:`.timing`: timers by kind (reminders) and the reminder settings;
- :mod:`.history`: the public log of a game;
- :mod:`.queries`: status, help, a player's games;
- :mod:`.boards`: what a board post says and shows, drawn by the injected renderer.

Every change goes through the store guarded by the game's version, under the channel's lock, so
double clicks and racing commands apply once.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from bot.ai_runner import AiRunner
from bot.drawing import Renderer
from db import Store

from .ai_seats import AI_LEVELS, DEFAULT_LEVEL, AiSeats
from .boards import Boards
from .history import History
from .loading import Tables
from .lobby import Lobby
from .model import (
    BoardLink,
    ChannelLink,
    DamagedTable,
    Image,
    Line,
    Mention,
    Moment,
    Person,
    Reminder,
    Reply,
    StaleAction,
    Strong,
    Table,
    TableError,
    line,
)
from .play import Play
from .queries import Queries
from .timing import MAX_REMINDER, MIN_REMINDER, Timing
from .turns import Turns

__all__ = [
    "AI_LEVELS", "DEFAULT_LEVEL", "MAX_REMINDER", "MIN_REMINDER", "BoardLink", "ChannelLink", "DamagedTable",
    "Image", "Line", "Mention", "Moment", "Person", "Reminder", "Reply", "StaleAction", "Strong", "Table",
    "TableError", "TableService", "line",
]

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


class TableService:
    """One object for every table operation; ``renderer=None`` posts no images."""

    def __init__(self, store: Store, *, clock: Clock | None = None, seed_source: Callable[[], int] | None = None,
                 renderer: Renderer | None = None, ai: AiRunner | None = None) -> None:
        self.store = store
        self.clock = clock or utc_now
        self.renderer = renderer
        tables = Tables(store)
        boards = Boards(renderer)
        self._tables, self._boards = tables, boards
        self._timing = Timing(tables, self._now)
        self._play = Play(tables, boards, self._now, Turns(tables, boards))
        self._ai_seats = AiSeats(tables, boards, self._play, self._now, ai or AiRunner())
        self._lobby = Lobby(tables, boards, self._now, seed_source or (lambda: secrets.randbits(63)),
                            self._ai_seats)
        self._history = History(tables)
        self._queries = Queries(tables, boards, self._timing)

    def _now(self) -> datetime:
        return self.clock()  # read at each call, so a test may replace or advance the clock

    # lobby
    async def new_game(self, guild_id: int, channel_id: int, host: Person, game_key: str, players: int,
                       options: dict[str, Any] | None = None, *, bots: int = 0,
                       level: str = DEFAULT_LEVEL) -> Reply:
        return await self._lobby.new_game(guild_id, channel_id, host, game_key, players, options, bots, level)

    async def join(self, channel_id: int, person: Person) -> Reply:
        return await self._lobby.join(channel_id, person)

    async def leave(self, channel_id: int, person: Person) -> Reply:
        return await self._lobby.leave(channel_id, person)

    async def start(self, channel_id: int, person: Person) -> Reply:
        return await self._lobby.start(channel_id, person)

    async def abandon(self, channel_id: int, person: Person) -> Reply:
        return await self._lobby.abandon(channel_id, person)

    # AI seats
    async def add_ai(self, channel_id: int, person: Person, level: str = DEFAULT_LEVEL) -> Reply:
        return await self._ai_seats.add(channel_id, person, level)

    async def remove_ai(self, channel_id: int, person: Person) -> Reply:
        return await self._ai_seats.remove(channel_id, person)

    async def play_ai(self, channel_id: int) -> Reply | None:
        """Play every move the channel's table owes its AI seats; the board after them (None: none)."""
        return await self._ai_seats.play_owed(channel_id)

    async def ai_owed_channels(self) -> list[int]:
        """Channels whose tables wait on an AI seat (played after a restart)."""
        return await self._ai_seats.owed_channels()

    # play
    async def act(self, channel_id: int, person: Person, notation: str, *, interaction_id: int | None = None,
                  expected_version: int | None = None, game_key: str | None = None) -> Reply:
        """Play ``notation`` for ``person``; ``game_key`` refuses it unless the table plays that game."""
        return await self._play.act(channel_id, person, notation, interaction_id=interaction_id,
                                    expected_version=expected_version, game_key=game_key)

    async def menu(self, channel_id: int, person: Person, game_id: int, version: int) -> tuple[Table, int]:
        """The table and ``person``'s seat behind a "Your move" button of board ``version``;
        :class:`StaleAction` when that board is out of date for them."""
        return await self._play.menu(channel_id, person, game_id, version)

    async def private(self, channel_id: int, person: Person) -> Reply:
        return await self._play.private(channel_id, person)

    async def legal(self, channel_id: int, person: Person) -> list[str]:
        return await self._play.legal(channel_id, person)

    # time
    async def settings(self, channel_id: int, person: Person, reminder_hours: float) -> Reply:
        return await self._timing.settings(channel_id, person, reminder_hours)

    async def due_reminders(self) -> list[Reminder]:
        """Reminders that are due now; each is rescheduled one interval later. A game that cannot
        be loaded gives one notice for its channel instead, and is left alone after it."""
        return await self._timing.due()

    async def rebuild_timers(self) -> int:
        """At start-up: give every game in play the reminder timers its players need; returns
        how many games needed a change."""
        return await self._timing.rebuild()

    # history
    async def log(self, channel_id: int) -> list[tuple[int, str]]:
        return await self._history.log(channel_id)

    # queries
    async def status(self, channel_id: int) -> Reply:
        return await self._queries.status(channel_id)

    async def game_help(self, channel_id: int, person: Person) -> Reply:
        return await self._queries.game_help(channel_id, person)

    async def mine(self, guild_id: int, person: Person) -> Reply:
        return await self._queries.mine(guild_id, person)

    async def table(self, channel_id: int) -> Table:
        return await self._queries.table(channel_id)

    async def game(self, game_id: int) -> Table | None:
        return await self._queries.game(game_id)

    async def card_image(self, game_key: str, card_id: str) -> Image | None:
        """A card of ``game_key`` drawn large (None without a renderer)."""
        return await self._boards.card_image(game_key, card_id)

    async def record_board_message(self, game_id: int, message_id: int, jump_url: str, *,
                                   version: int | None = None) -> bool:
        """Remember the message showing board ``version`` (None: whatever the game's version) as
        the table's latest board, unless the game has moved past it; returns whether it did."""
        return await self._tables.record_board_message(game_id, version, message_id, jump_url)

    async def turn_message_id(self, game_id: int, started: int) -> int | None:
        """The message of the turn that began at version ``started`` (None: not posted yet, or
        another turn is current)."""
        stored = await self._tables.turn_message(game_id)
        return stored.message_id if stored is not None and stored.started == started else None

    async def record_turn_message(self, game_id: int, started: int, message_id: int) -> bool:
        """Remember ``message_id`` as the message of the turn that began at ``started`` (unless
        another turn is current); the steps of that turn edit it."""
        return await self._tables.set_turn_message(game_id, started, message_id)
