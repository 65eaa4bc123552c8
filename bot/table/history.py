"""What happened at a table: its log, its board after any move, and its record.

Everything here is replayed from the seed through :func:`db.record.replay_log` and shows only
public information: a private move (its notation may name a hidden card, such as the leaders a
player kept) appears as "a private move", and the record of a running game holds neither the seed
nor private notations. A channel's history is that of its game in play, else of the last game
played there, so a finished game can still be read, drawn and exported.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, replace
from typing import Any

from db.record import MAX_RECORD_BYTES, LoggedMove, Replayed, build_record, encode, replay_log
from db.replay import standing
from games.core import IllegalAction, Message, counted

from .boards import Boards, table_language
from .loading import DAMAGED, Tables
from .model import (
    Clipped,
    TAKEN_AUTOMATICALLY,
    DamagedTable,
    Image,
    Line,
    Moment,
    Part,
    Reply,
    Strong,
    Table,
    TableError,
    clip,
    fill_seat_names,
    line,
    one_after_another,
    plain,
    said,
)
from .turns import move_sentence
from .undo import public_log

log = logging.getLogger(__name__)

LOG_PAGE = 15
PAGE_ROOM = 1900
"""The characters a log page may take: a Discord message holds 2000, markup included."""
MARKUP_ROOM = {Strong: 4, Moment: 20}
"""What a part may take beyond its own text once presented: two pairs of bold markers, a timestamp."""
FEWEST_EVENT_CHARACTERS = 24
NOTATION_SHOWN = 40
PRIVATE_MOVE = Message("a private move")
NO_MOVES = Message("No move has been made in this game yet.")


@dataclass(frozen=True)
class LogPage:
    """One page of a game's log, newest move first; ``page`` counts from 1."""

    game_id: int
    page: int
    pages: int
    lines: list[Line]


@dataclass(frozen=True)
class Export:
    """A game's record as a file."""

    game_id: int
    file: Image
    finished: bool


class History:
    def __init__(self, tables: Tables, boards: Boards) -> None:
        self.tables, self.boards = tables, boards

    async def log(self, channel_id: int) -> list[tuple[int, str]]:
        """Every move (and undo) of the channel's game as ``(number, public event text)``, replayed
        from the seed; never the notation, which may name a hidden card (a leader kept, a draft pick).
        A move taken back is kept, marked as such."""
        table = await self.tables.playing_in(channel_id)
        return [(entry.seq, entry.text) for entry in public_log(table, await self.tables.moves(table.row.id))]

    async def log_page(self, channel_id: int, page: int, game_id: int | None = None) -> LogPage:
        """Page ``page`` of the log of the channel's game (or of game ``game_id``, which must be
        this channel's: a log button names its game)."""
        table = await self.played(channel_id, game_id)
        logged = await self.logged(table)
        if not logged:
            raise TableError(NO_MOVES)
        pages = -(-len(logged) // LOG_PAGE)
        if not 1 <= page <= pages:
            raise TableError(counted("This log has {pages} page: choose page 1.",
                                     "This log has {pages} pages: choose a page from 1 to {pages}.",
                                     by="pages", pages=pages))
        newest = len(logged) - (page - 1) * LOG_PAGE
        shown = logged[max(0, newest - LOG_PAGE):newest]
        heading = Message("{title}: moves", title=table.game.title)
        title = said("{heading} (page {page} of {pages}, newest first)", heading=Strong(heading), page=page,
                     pages=pages)
        shown.reverse()
        texts = [event_text(table, move) for move in shown]
        room = PAGE_ROOM - sum(room_taken(entry) + 1 for entry in [title, *(log_line(table, m, "") for m in shown)])
        cap = events_cap([len(text) for text in texts], room)
        entries = [log_line(table, move, Clipped(text, cap) if text else text)  # cut once translated
                   for move, text in zip(shown, texts, strict=True)]
        return LogPage(table.row.id, page, pages, [title, *entries])

    async def board(self, channel_id: int, number: int) -> Reply:
        """The board as it was after move ``number``, drawn again from the replayed log."""
        table = await self.played(channel_id)
        logged = await self.logged(table)
        if not logged:
            raise TableError(NO_MOVES)
        if not 1 <= number <= len(logged):
            raise TableError(counted("This game has {moves} move: choose move 1.",
                                     "This game has {moves} moves: choose a move from 1 to {moves}.",
                                     by="moves", moves=len(logged)))
        move = logged[number - 1]
        # drawn as the board posted after that move was: its state, with its last event line
        events = [line(table.fill_names(event["text"])) for event in move.events]
        highlight = move_sentence(events, table.names()[move.seat], table_language(table)) if events else None
        image = await self.boards.public_image(replace(table, state=move.state), highlight, clock=False)
        if image is not None:
            image = Image(f"{table.row.game_key}-{table.row.id}-move-{number}.png", image.data)
        after = Message("After move {number} of {moves}:", number=number, moves=len(logged))
        heading = line(Strong(after), " ", *move_parts(table, move, event_text(table, move)))
        return Reply(lines=[heading], image=image, game_id=table.row.id, game_key=table.row.game_key)

    async def export(self, channel_id: int) -> Export:
        """The record of the channel's game (see docs/record.md); the seed only once it is over."""
        table = await self.played(channel_id)
        logged = await self.logged(table)
        result = table.game.result(logged[-1].state) if logged else None
        record = build_record(table.game, options=table.row.options, names=table.names(), seed=table.row.seed,
                              status=table.row.status, logged=logged, result=result)
        data = encode(record)
        if len(data) > MAX_RECORD_BYTES:  # never met so far: the longest game measured is far smaller
            raise TableError("This game's record is too large for a Discord attachment.")
        name = f"{table.row.game_key}-{table.row.id}-{'record' if result is not None else 'so-far'}.json"
        return Export(table.row.id, Image(name, data), result is not None)

    # ------------------------------------------------------------------ helpers
    async def played(self, channel_id: int, game_id: int | None = None) -> Table:
        table = await self.tables.played_in(channel_id)
        if game_id is not None and table.row.id != game_id:
            raise TableError("That log belongs to an earlier game of this channel: use `/game log` again.")
        return table

    async def logged(self, table: Table) -> list[LoggedMove]:
        """Every move of ``table``'s game that stands (not taken back), replayed from its seed (in a
        thread: a long game takes a moment)."""
        rows = standing(await self.tables.moves(table.row.id))
        game, row = table.game, table.row

        def replay() -> list[LoggedMove]:
            start = game.setup(row.players, row.seed, row.options)
            replayed = replay_log(game, start, ((m.seat, m.notation, m.created_at) for m in rows))
            return [replace(move, automatic=stored.automatic) for move, stored in zip(replayed, rows, strict=True)]

        try:
            return await asyncio.to_thread(replay)
        except IllegalAction as refusal:
            log.error("game %s cannot be replayed: a move is refused (%s)", row.id, refusal.rule)
            raise DamagedTable(DAMAGED, row.id) from None


def event_text(table: Table, move: LoggedMove) -> str:
    return one_after_another([table.fill_names(event["text"]) for event in move.events])


def move_parts(table: Table, move: LoggedMove, events: Part) -> list[Part]:
    """``alice `market row-2`: alice took ... (2 hours ago)``; a private move shows no notation, a
    move the table took for its seat says so."""
    notation = PRIVATE_MOVE if move.private else f"`{clip(move.notation, NOTATION_SHOWN)}`"
    parts: list[Part] = [Strong(table.names()[move.seat]), " ", notation]
    if events:
        parts += [": ", events]
    if move.automatic:
        parts += [" ", TAKEN_AUTOMATICALLY]
    if move.at is not None:
        parts += [" (", Moment(move.at), ")"]
    return parts


def log_line(table: Table, move: LoggedMove, events: Part) -> Line:
    return line(f"{move.number}. ", *move_parts(table, move, events))


def room_taken(parts: Line) -> int:
    """About how many characters ``parts`` take once presented (at most that many)."""
    return len(plain(parts)) + sum(MARKUP_ROOM.get(type(part), 0)
                                   for part in parts for part in [part, *getattr(part, "params", {}).values()])


def events_cap(lengths: list[int], room: int) -> int:
    """The longest event text each entry may keep so that all of them fit in ``room`` characters
    (never under :data:`FEWEST_EVENT_CHARACTERS`): short ones leave their room to long ones."""
    cap = max(lengths, default=0)
    while cap > FEWEST_EVENT_CHARACTERS and sum(min(length, cap) + 2 for length in lengths) > room:
        cap -= 1
    return cap



@dataclass(frozen=True)
class RecordBoard:
    """A board of a replayed record as the bot posted it: after move ``number`` (0: the start),
    its public view, and the move's last event line as the highlight."""

    number: int
    view: dict[str, Any]
    highlight: str | None


def record_boards(replayed: Replayed) -> list[RecordBoard]:
    """Every board of a finished game's record, from the start to its last move."""
    game, names = replayed.game, replayed.names
    start = RecordBoard(0, game.view(replayed.start, None), None)
    return [start, *(
        RecordBoard(move.number, game.view(move.state, None),
                    fill_seat_names(move.events[-1]["text"], names) if move.events else None)
        for move in replayed.moves
    )]
