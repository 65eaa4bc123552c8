"""What happened at a table: its log, its board after any move, and its record.

Everything here is replayed from the seed through :func:`db.record.replay_history` and shows only
public information: a private move (its notation may name a hidden card, such as the leaders a
player kept) appears as "a private move", and the record of a running game holds neither the seed
nor private notations. A channel's history is that of its game in play, else of the last game
played there, so a finished game can still be read, drawn and exported.

Moves have one numbering (:func:`db.record.replay_history`): every stored move, taken back or not,
in order. A move taken back keeps its number and stays in the log, the past boards and the record,
marked. Each move names who held its seat then and says who made it when no member chose it (a
turn played on a timeout, the AI holding an open seat, a step the table took); the first move of a
seat's new holder says whose seat they took over.
"""

from __future__ import annotations

import asyncio
import logging
import math
from dataclasses import dataclass, replace
from typing import Any

from db.record import MAX_RECORD_BYTES, LoggedMove, Replayed, build_record, encode, move_numbers, replay_history
from db.replay import timeline
from db.rows import SeatChange
from games.ai.coach import TurningPoint
from games.core import IllegalAction, Message, counted
from i18n import ENGLISH, translate

from .boards import Boards, highlight_text, table_language
from .loading import DAMAGED, Tables
from .model import (
    MADE_FOR,
    TOOK_OVER,
    Clipped,
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
    names_at,
    one_after_another,
    plain,
    said,
    taken_automatically,
    took_over,
    who_made,
)
from .play import AI_SEAT, AUTOMATIC, OPEN_SEAT, TIMEOUT
from .turns import continues, move_sentence, waits_on_ai_only, within_budget
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
TAKEN_BACK = Message("(taken back)")


@dataclass(frozen=True)
class Logged:
    """A game's moves as replayed (:class:`LoggedMove`, taken-back ones too) and its seats' changes
    of hands, which say who held each seat at each move."""

    moves: list[LoggedMove]
    changes: list[SeatChange]
    start: dict[str, Any] | None = None
    """The state the game began in."""
    after_undo: frozenset[int] = frozenset()
    """The numbers of the moves played right after an undo."""

    def names(self, table: Table, move: LoggedMove) -> list[str]:
        return names_at(table, self.changes, move.seq)

    def newcomer(self, move: LoggedMove) -> SeatChange | None:
        """The change of hands ``move`` is the first move after, at its seat."""
        earlier = [m.seq for m in self.moves if m.seat == move.seat and m.seq < move.seq]
        return took_over(self.changes, move.seat, max(earlier, default=0), move.seq)


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
        moves, changes = await self.tables.moves(table.row.id), await self.tables.seat_changes(table.row.id)
        return [(entry.number, entry.text) for entry in public_log(table, moves, changes)]

    async def log_page(self, channel_id: int, page: int, game_id: int | None = None) -> LogPage:
        """Page ``page`` of the log of the channel's game (or of game ``game_id``, which must be
        this channel's: a log button names its game)."""
        table = await self.played(channel_id, game_id)
        history = await self.logged(table)
        logged = history.moves
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
        texts = [event_text(table, move, history.names(table, move)) for move in shown]
        room = PAGE_ROOM - sum(room_taken(entry) + 1
                               for entry in [title, *(log_line(table, history, m, "") for m in shown)])
        cap = events_cap([len(text) for text in texts], room)
        entries = [log_line(table, history, move, Clipped(text, cap) if text else text)  # cut once translated
                   for move, text in zip(shown, texts, strict=True)]
        return LogPage(table.row.id, page, pages, [title, *entries])

    async def board(self, channel_id: int, number: int) -> Reply:
        """The board as it was after move ``number``, drawn again from the replayed log."""
        table = await self.played(channel_id)
        history = await self.logged(table)
        logged = history.moves
        if not logged:
            raise TableError(NO_MOVES)
        if not 1 <= number <= len(logged):
            raise TableError(counted("This game has {moves} move: choose move 1.",
                                     "This game has {moves} moves: choose a move from 1 to {moves}.",
                                     by="moves", moves=len(logged)))
        move = logged[number - 1]
        # drawn as the board posted after that move was: its state, with the turn it ended
        names = history.names(table, move)
        highlight = turn_story(table, history, number)
        image = await self.boards.public_image(replace(table, state=move.state), highlight, clock=False)
        if image is not None:
            image = Image(f"{table.row.game_key}-{table.row.id}-move-{number}.png", image.data)
        after = Message("After move {number} of {moves}:", number=number, moves=len(logged))
        heading = line(Strong(after), " ", *move_parts(table, history, move, event_text(table, move, names)))
        return Reply(lines=[heading], image=image, game_id=table.row.id, game_key=table.row.game_key)

    async def export(self, channel_id: int) -> Export:
        """The record of the channel's game (see docs/record.md); the seed only once it is over."""
        table = await self.played(channel_id)
        history = await self.logged(table)
        logged = history.moves
        standing = [move for move in logged if not move.undone]
        result = table.game.result(standing[-1].state) if standing else None
        numbers = {move.seq: move.number for move in logged}
        changes = [{"after_move": max((n for seq, n in numbers.items() if seq <= change.version), default=0),
                    "seat": change.seat, "from": change.from_name, "to": change.to_name,
                    **({"open": True} if change.was_open else {})} for change in history.changes]
        review = await self.review(table, standing) if result is not None else None
        record = build_record(table.game, options=table.row.options, names=table.names(), seed=table.row.seed,
                              status=table.row.status, logged=logged, result=result, seat_changes=changes,
                              review=review)
        data = encode(record)
        if len(data) > MAX_RECORD_BYTES:  # never met so far: the longest game measured is far smaller
            raise TableError("This game's record is too large for a Discord attachment.")
        name = f"{table.row.game_key}-{table.row.id}-{'record' if result is not None else 'so-far'}.json"
        return Export(table.row.id, Image(name, data), result is not None)

    async def review(self, table: Table, standing: list[LoggedMove]) -> list[dict[str, Any]] | None:
        """The turning points of the game's post-game review as the record holds them, by move
        (None: no review ready). The coach numbers the standing moves; the record, every move."""
        job = await self.tables.store.review(table.row.id)
        if job is None or not job.done:
            return None
        found = []
        for part in job.people.values():
            for point in map(TurningPoint.from_dict, part["points"]):
                reason = point.alternative.reason
                found.append({
                    "move": standing[point.number].number, "seat": point.seat, "played": point.played.move,
                    "alternative": point.alternative.move, "expected_played": round(point.played.expected, 2),
                    "expected_alternative": round(point.alternative.expected, 2), "gain": round(point.gain, 2),
                    "give_or_take": round(point.gain_spread, 2) if math.isfinite(point.gain_spread) else None,
                    "reason": None if reason is None else {"category": reason[0], "points": round(reason[1], 2)},
                })
        return sorted(found, key=lambda point: (point["move"], point["seat"]))

    # ------------------------------------------------------------------ helpers
    async def played(self, channel_id: int, game_id: int | None = None) -> Table:
        table = await self.tables.played_in(channel_id)
        if game_id is not None and table.row.id != game_id:
            raise TableError("That log belongs to an earlier game of this channel: use `/game log` again.")
        return table

    async def logged(self, table: Table) -> Logged:
        """Every move of ``table``'s game, taken-back ones too, replayed from its seed as it happened
        (in a thread: a long game takes a moment), with its seats' changes of hands."""
        rows = await self.tables.moves(table.row.id)
        changes = await self.tables.seat_changes(table.row.id)
        game, row = table.game, table.row

        start = game.setup(row.players, row.seed, row.options)

        def replay() -> list[LoggedMove]:
            return replay_history(game, start, rows)

        numbers, points = move_numbers(rows), timeline(rows)
        after_undo = frozenset(numbers[seq] for (_, _, undo), (seq, _, again) in zip(points, points[1:])
                               if undo and not again)
        try:
            return Logged(await asyncio.to_thread(replay), changes, start, after_undo)
        except (IllegalAction, IndexError) as refusal:
            log.error("game %s cannot be replayed: a move is refused (%s)", row.id, getattr(refusal, "rule", refusal))
            raise DamagedTable(DAMAGED, row.id) from None


def turn_story(table: Table, history: Logged, number: int) -> str | None:
    """The last-move box of the board posted after move ``number``, as the live card drew it
    (:class:`.turns.Turns`): every step of the turn up to that move, as one sentence.

    The moves are taken in the batches the table played them in (a player's move and the moves
    then taken automatically; the AI seats' moves in a row; a timeout's turn), and a batch goes
    on in its turn's message when the turn continues or waits on AI seats alone, as it did live.
    A timeout's board shows its last line and starts no turn message; after an undo the story
    starts again from the move played next."""
    own: list[Line] = []
    follows = True
    before = replace(table, state=history.start)
    batch: list[LoggedMove] = []
    for move in history.moves[:number]:
        if not batch_goes_on(batch, move) or move.number in history.after_undo:
            if batch:
                after = replace(table, state=batch[-1].state)
                lines = own + batch_lines(table, history, batch)
                same_turn = follows and batch[0].made_by != TIMEOUT and (
                    continues(before, after) or waits_on_ai_only(after))
                own = within_budget(lines) if same_turn else []
                follows, before = batch[0].made_by != TIMEOUT, after
            if move.number in history.after_undo:
                own, follows = [], True
            batch = []
        batch.append(move)
    lines = batch_lines(table, history, batch)
    if not lines:
        return None
    language = table_language(table)
    if batch[0].made_by == TIMEOUT:
        return highlight_text(lines[-1], language)
    mover = next(move for move in reversed(batch) if move.made_by != AUTOMATIC)
    return move_sentence(own + lines, history.names(table, mover)[mover.seat], language)


def batch_goes_on(batch: list[LoggedMove], move: LoggedMove) -> bool:
    """Whether ``move`` was played with the moves of ``batch``: a move the table took
    automatically after them, an AI seat's move after the AI's, a timeout's move after a timeout's."""
    if not batch:
        return True
    kind = {OPEN_SEAT: AI_SEAT}.get(batch[0].made_by, batch[0].made_by)
    return move.made_by == AUTOMATIC or (kind in (AI_SEAT, TIMEOUT) and {OPEN_SEAT: AI_SEAT}.get(
        move.made_by, move.made_by) == kind)


def batch_lines(table: Table, history: Logged, batch: list[LoggedMove]) -> list[Line]:
    """The event lines of ``batch`` as the table said them then."""
    lines: list[Line] = []
    for move in batch:
        said_lines = [line(table.fill_names(event["text"], history.names(table, move))) for event in move.events]
        lines += [taken_automatically(each) for each in said_lines] if move.made_by == AUTOMATIC else said_lines
    return lines


def event_text(table: Table, move: LoggedMove, names: list[str]) -> str:
    return one_after_another([table.fill_names(event["text"], names) for event in move.events])


def move_parts(table: Table, history: Logged, move: LoggedMove, events: Part) -> list[Part]:
    """``alice `market row-2`: alice took ... (2 hours ago)``, named after who held the seat then;
    a private move shows no notation; a move no member chose says who made it, a move taken back
    says so, and a seat's new holder's first move says whose seat they took over."""
    notation = PRIVATE_MOVE if move.private else f"`{clip(move.notation, NOTATION_SHOWN)}`"
    parts: list[Part] = [Strong(history.names(table, move)[move.seat]), " ", notation]
    if events:
        parts += [": ", events]
    parts += who_made(move.made_by)
    if move.undone:
        parts += [" ", TAKEN_BACK]
    change = history.newcomer(move)
    if change is not None:
        parts += [" ", Message(TOOK_OVER, who=change.to_name, previous=change.from_name)]
    if move.at is not None:
        parts += [" (", Moment(move.at), ")"]
    return parts


def log_line(table: Table, history: Logged, move: LoggedMove, events: Part) -> Line:
    return line(f"{move.number}. ", *move_parts(table, history, move, events))


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
    """Every board of a finished game's record, from the start to its last move, numbered as the
    record numbers its moves."""
    game, names = replayed.game, replayed.names
    start = RecordBoard(0, game.view(replayed.start, None), None)
    return [start, *(RecordBoard(move.number, game.view(move.state, None), record_highlight(move, names))
                     for move in replayed.moves)]


def record_highlight(move: LoggedMove, names: list[str]) -> str | None:
    """The line a replayed board shows: the move's last event, and who made it when no member chose
    it (a turn played on a timeout, the AI in an open seat, a step the table took)."""
    if not move.events:
        return None
    said = fill_seat_names(move.events[-1]["text"], names)
    marker = MADE_FOR.get(move.made_by)
    return f"{said} {translate(marker, ENGLISH)}" if marker else said
