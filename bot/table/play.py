"""Playing: a move, the moves a player may make, a player's own view."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from games.core import IllegalAction

from .boards import Boards
from .loading import Tables
from .model import Line, Person, Reply, StaleAction, Table, TableError, line
from .timing import Timing

Clock = Callable[[], datetime]
NOT_PLAYING = "You are not playing at this table."


class Play:
    def __init__(self, tables: Tables, boards: Boards, timing: Timing, clock: Clock) -> None:
        self.tables, self.boards, self.timing, self.clock = tables, boards, timing, clock

    async def act(self, channel_id: int, person: Person, notation: str, *, interaction_id: int | None = None,
                  expected_version: int | None = None) -> Reply:
        async with self.tables.lock(channel_id):
            table = await self.tables.playing_in(channel_id)
            seat = seat_of(table, person)
            if expected_version is not None and expected_version != table.row.version:
                raise StaleAction(
                    "That button belongs to an earlier board; the game has moved on. Here is the board now.",
                    await self.boards.reply(table, []),
                )
            table, lines = await self.move(table, seat, person.id, notation, interaction_id)
        return await self.boards.reply(table, lines)

    async def move(self, table: Table, seat: int, user_id: int, notation: str,
                   interaction_id: int | None = None) -> tuple[Table, list[Line]]:
        """Play ``notation`` for ``seat`` (a person's or an AI's), under the channel's lock held by the
        caller: the table after it and its event lines."""
        game, state = table.game, table.state
        try:
            action = game.parse(state, notation)
            new_state, events = game.apply(state, seat, action)
        except IllegalAction as refusal:  # refusals may name seats as {p0}, like events
            raise IllegalAction(table.fill_names(refusal.message), refusal.rule) from None
        now = self.clock()
        version = await self.tables.record_move(table, seat, user_id, game.notation(action), new_state,
                                                now, interaction_id)
        table = await self.tables.by_id(table.row.id, new_state)
        assert table.row.version == version
        await self.timing.sync_reminders(table, acted_user=user_id, now=now)
        return table, [line(table.fill_names(event["text"])) for event in events]

    async def private(self, channel_id: int, person: Person) -> Reply:
        """``person``'s own view (hand, pending choices), for an ephemeral reply."""
        table = await self.tables.playing_in(channel_id)
        seat = seat_of(table, person)
        image = await self.boards.private_image(table, table.view(seat))
        prompt = table.prompt(seat) if table.is_acting(seat) else ""
        text = f"Your seat: {seat + 1} ({table.names()[seat]}). {prompt}".strip()
        return Reply(private=[line(text)], private_image=image, game_id=table.row.id,
                     version=table.row.version, game_key=table.row.game_key)

    async def legal(self, channel_id: int, person: Person) -> list[str]:
        """The notations ``person`` may play now (empty when it is not their move)."""
        try:
            table = await self.tables.playing_in(channel_id)
        except TableError:
            return []
        return table.legal(table.seat_of(person.id))


def seat_of(table: Table, person: Person) -> int:
    seat = table.seat_of(person.id)
    if seat is None:
        raise TableError(NOT_PLAYING)
    return seat
