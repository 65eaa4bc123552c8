"""Loading tables and writing them back: every store call of the table service is here.

A table is loaded from its row, its seats and its state (the latest snapshot plus the moves
after it, replayed through :class:`games.core.MoveStack`). Writes are named by what they mean
for the table, so a change of store (one transaction per move, another backend) stays here.
Each channel has a lock: every change of a table happens under it.
"""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import datetime
from typing import Any

import games
from db import GameRow, MoveRow, Store, TimerRow
from db.errors import ChannelBusy, DuplicateInteraction, StaleVersion
from games.core import CorruptState, Game, IllegalAction, MoveStack

from .model import Person, StaleAction, Table, TableError

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 25
NO_GAME = "There is no game in this channel. Start one with `/game new`."
NOT_STARTED = "This game has not started yet: the host starts it with `/game start`."
DAMAGED = (
    "This game's saved state is damaged and cannot be loaded. Nothing was changed; "
    "a server operator can restore it from a backup (see the operator's guide)."
)


class Tables:
    """The store as the table service uses it, with one lock per channel."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    # ------------------------------------------------------------------ reading
    async def in_channel(self, channel_id: int) -> Table:
        row = await self.store.active_game(channel_id)
        if row is None:
            raise TableError(NO_GAME)
        return await self.by_id(row.id)

    async def playing_in(self, channel_id: int) -> Table:
        table = await self.in_channel(channel_id)
        if table.state is None:
            raise TableError(NOT_STARTED)
        return table

    async def by_id(self, game_id: int, state: dict[str, Any] | None = None) -> Table:
        row = await self.store.get_game(game_id)
        game = games.get(row.game_key)
        seats = await self.store.seats(game_id)
        if state is None and row.status != "lobby":
            state = await self.state_of(row, game)
        return Table(row=row, seats=seats, game=game, state=state)

    async def row(self, game_id: int) -> GameRow | None:
        return await self.store.get_game(game_id)

    async def active_rows(self) -> list[GameRow]:
        return await self.store.active_games()

    async def has_ai_seats(self, game_id: int) -> bool:
        return any(seat.ai_level is not None for seat in await self.store.seats(game_id))

    async def rows_of(self, guild_id: int, user_id: int) -> list[GameRow]:
        return await self.store.games_for_user(guild_id, user_id)

    async def state_of(self, row: GameRow, game: Game) -> dict[str, Any]:
        """Latest snapshot plus the moves after it, replayed through the engine."""
        step = "the snapshot"
        try:
            loaded = await self.store.load(row.id)
            if loaded is None:
                raise CorruptState("no snapshot")
            _, text, moves = loaded
            stack = MoveStack(game, game.loads(text))
            for move in moves:
                step = f"move {move.seq}"
                stack.play(move.seat, move.notation)
            return stack.state
        except (CorruptState, IllegalAction, KeyError, TypeError, ValueError) as exc:
            # The exception's text may quote a hand or a hidden card: the log names only where it broke.
            log.error("game %s cannot be loaded: %s failed (%s)", row.id, step, type(exc).__name__)
            raise TableError(DAMAGED) from None

    async def moves(self, game_id: int) -> list[MoveRow]:
        return await self.store.moves(game_id)

    async def timers(self, game_id: int, kind: str) -> list[TimerRow]:
        return [t for t in await self.store.timers(game_id) if t.kind == kind]

    async def due_timers(self, now: datetime) -> list[TimerRow]:
        return await self.store.due_timers(now)

    async def votes(self, game_id: int) -> set[int]:
        return set(json.loads(await self.store.get_meta(_votes_key(game_id)) or "[]"))

    # ------------------------------------------------------------------ writing
    async def open(self, guild_id: int, channel_id: int, host: Person, game_key: str, options: dict[str, Any],
                   seed: int, players: int, now: datetime) -> GameRow:
        try:
            row = await self.store.create_game(
                guild_id=guild_id, channel_id=channel_id, game_key=game_key, options=options,
                seed=seed, players=players, host_id=host.id, now=now,
            )
        except ChannelBusy:
            raise TableError(
                "This channel already has a table. Finish or abandon it first, "
                "or open a new one in a thread (`/game new ... thread:true`)."
            ) from None
        await self.store.add_seat(row.id, host.id, host.name, now=now)
        return row

    async def seat(self, game_id: int, person: Person, now: datetime) -> None:
        await self.store.add_seat(game_id, person.id, person.name, now=now)

    async def seat_ai(self, game_id: int, user_id: int, name: str, level: str, now: datetime) -> None:
        await self.store.add_seat(game_id, user_id, name, is_bot=True, ai_level=level, now=now)

    async def unseat(self, game_id: int, user_id: int) -> None:
        await self.store.remove_seat(game_id, user_id)

    async def start(self, table: Table, seat_order: list[int], state: dict[str, Any], now: datetime) -> None:
        await self.store.assign_seats(table.row.id, seat_order)
        await self.store.start_game(
            table.row.id, expected_version=table.row.version, snapshot=table.game.dumps(state), now=now
        )

    async def record_move(self, table: Table, seat: int, user_id: int, notation: str,
                          new_state: dict[str, Any], now: datetime, interaction_id: int | None) -> int:
        """Append a move under the table's version (and a snapshot when due); the new version."""
        finished = table.game.result(new_state) is not None
        next_version = table.row.version + 1
        snapshot = table.game.dumps(new_state) if finished or next_version % SNAPSHOT_EVERY == 0 else None
        try:
            return await self.store.append_move(
                table.row.id, expected_version=table.row.version, seat=seat, user_id=user_id,
                notation=notation, now=now, interaction_id=interaction_id,
                snapshot=snapshot, finished=finished,
            )
        except DuplicateInteraction:
            raise TableError("That move was already recorded.") from None
        except StaleVersion:
            raise StaleAction("Someone moved at the same moment; the board has moved on.") from None

    async def close(self, game_id: int, status: str, now: datetime) -> None:
        """End a table (``abandoned``): its timers and votes go with it."""
        await self.store.set_status(game_id, status, now)
        await self.store.clear_timers(game_id)
        await self.store.set_meta(_votes_key(game_id), "[]")

    async def close_lobby(self, game_id: int, now: datetime) -> None:
        await self.store.set_status(game_id, "abandoned", now)

    async def set_votes(self, game_id: int, votes: set[int]) -> None:
        await self.store.set_meta(_votes_key(game_id), json.dumps(sorted(votes)))

    async def set_reminder_seconds(self, game_id: int, seconds: int, now: datetime) -> None:
        await self.store.set_reminder_seconds(game_id, seconds, now)

    async def set_timer(self, game_id: int, kind: str, user_id: int, due_at: datetime) -> None:
        await self.store.set_timer(game_id, kind, user_id, due_at)

    async def clear_timers(self, game_id: int, *, kind: str | None = None, user_id: int | None = None) -> None:
        await self.store.clear_timers(game_id, kind=kind, user_id=user_id)

    async def record_board_message(self, game_id: int, message_id: int, jump_url: str) -> None:
        await self.store.set_board_message(game_id, message_id, jump_url)


def _votes_key(game_id: int) -> str:
    return f"abandon-votes:{game_id}"
