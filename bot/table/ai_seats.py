"""AI seats: seating them in the lobby, and playing every move a table owes them.

An AI seat is a seat row with ``is_bot`` and a level. Its user id is ``-n`` (n = 1, 2, ...), which
no Discord account can have, and its name is "Bottega AI (level)" ("Bottega AI 2 (level)" for a
second one at the same table). Its moves go through :meth:`Play.move`, the path of a person's
move (version guard, the move with its snapshot and timers in one transaction, the state cache),
under the channel's lock. Everything about an AI seat is in the store, so after a restart
:meth:`AiSeats.owed_channels` finds every move still owed.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from itertools import count as count_from
from itertools import islice

from games.ai import LEVELS, decision_seed
from games.core import Message

from .ai_runner import AiRunner, said_as_played
from .boards import Boards
from .loading import Tables
from .model import DamagedTable, Line, Person, Reply, Strong, Table, TableError, ai_name, said
from .clocks import seat_row
from .play import AI_SEAT, OPEN_SEAT, Play

Clock = Callable[[], datetime]
AI_LEVELS = tuple(LEVELS)
DEFAULT_LEVEL = "normal"


def check_level(level: str) -> None:
    if level not in AI_LEVELS:
        raise TableError("An AI plays at one of these levels: {ai_levels} (not '{level}').",
                         ai_levels=', '.join(AI_LEVELS), level=level)


class AiSeats:
    def __init__(self, tables: Tables, boards: Boards, play: Play, clock: Clock, runner: AiRunner) -> None:
        self.tables, self.boards, self.play, self.clock, self.runner = tables, boards, play, clock, runner
        self.turns = play.turns

    # ------------------------------------------------------------------ the lobby
    async def seat(self, table: Table, count: int, level: str) -> list[str]:
        """Seat ``count`` AIs at ``level`` at a table in the lobby (lock held); their names."""
        check_level(level)
        taken = {-s.user_id for s in table.seats}
        names = []
        for number in islice((n for n in count_from(1) if n not in taken), count):
            names.append(ai_name(number, level))
            await self.tables.seat_ai(table.row.id, -number, names[-1], level, self.clock())
        return names

    async def add(self, channel_id: int, person: Person, level: str) -> Reply:
        async with self.tables.lock(channel_id):
            table = await self.lobby_table(channel_id, person, Message("add an AI player"))
            if len(table.seats) >= table.row.players:
                raise TableError("This table is full ({players} players).",
                                 players=table.row.players)
            [name] = await self.seat(table, 1, level)
        seated = len(table.seats) + 1
        full = Message(" The table is full: the host can `/game start`.") if seated == table.row.players else ""
        added = said("{who} takes a seat ({seated}/{players}).{full}", who=Strong(name), seated=seated,
                     players=table.row.players, full=full)
        return Reply(lines=[added], game_id=table.row.id, game_key=table.row.game_key)

    async def remove(self, channel_id: int, person: Person) -> Reply:
        async with self.tables.lock(channel_id):
            table = await self.lobby_table(channel_id, person, Message("remove an AI player"))
            ais = [s for s in table.seats if s.ai_level is not None]
            if not ais:
                raise TableError("There is no AI player at this table.")
            last = max(ais, key=lambda s: (s.joined_at, -s.user_id))
            await self.tables.unseat(table.row.id, last.user_id)
        seated = len(table.seats) - 1
        removed = said("{who} leaves the table ({seated}/{players}).", who=Strong(last.display_name), seated=seated,
                       players=table.row.players)
        return Reply(lines=[removed], game_id=table.row.id, game_key=table.row.game_key)

    async def lobby_table(self, channel_id: int, person: Person, what: str) -> Table:
        table = await self.tables.in_channel(channel_id)
        if table.row.status != "lobby":
            raise TableError("This game has already started; seats cannot change now.")
        table.require_manager(person, what)
        return table

    # ------------------------------------------------------------------ play
    async def play_owed(self, channel_id: int) -> Reply | None:
        """Play every move the channel's table owes its AI seats, one after the other (all AI answers
        to a simultaneous decision at once); the board after them, or None if none was owed."""
        async with self.tables.lock(channel_id):
            try:
                table = await self.tables.playing_in(channel_id)
            except TableError:
                return None
            before = table
            lines: list[Line] = []
            events: list[Line] = []
            while owed := table.ai_to_move():
                seat = owed[0]
                seed = decision_seed(table.row.seed, table.row.version)
                notation = await self.runner.choose(table.row.game_key, table.state, seat,
                                                    table.ai_levels()[seat], seed)
                made_by = AI_SEAT if seat_row(table, seat).ai_level is not None else OPEN_SEAT
                table, events = await self.play.move(table, seat, table.user_of(seat), notation, made_by=made_by)
                events = said_as_played(notation, events)
                lines.extend(events)
            if not lines:
                return None
            board = await self.turns.record(before, table, lines, last_move=events, mover=table.user_of(seat))
        return await self.turns.reply(board)

    async def owed_channels(self) -> list[int]:
        """The channels whose tables wait on an AI seat (after a restart, say)."""
        channels = []
        for row in await self.tables.active_games():
            try:
                if await self.tables.has_ai_seats(row.id) and (await self.tables.by_id(row.id)).ai_to_move():
                    channels.append(row.channel_id)
            except DamagedTable:
                continue  # logged by its id; its channel is told when a reminder falls due
        return channels
