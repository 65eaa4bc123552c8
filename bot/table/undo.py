"""Taking a misclick back (``/game undo``) and catching up (``/game since``).

A player may take back their last move while nobody else has acted since: every move after it
must be one that no person chose, an AI seat's answer or a move the table took because its seat
had no real choice (``Game.automatic``), and those go back with it. Each of the moves must have
revealed nothing (:meth:`games.core.Game.undo_refusal`: no card, tile, die or token turned up, no
other seat's answer disclosed) and the game must not be over. So a player alone with AI seats can
take back a misclick the AI has already answered, unless the answer turned something up. The
moves stay in the log, each marked with the version of its undo (one version per move, newest
first, as if taken back one by one), and the replay skips them; the undo is one transaction
guarded by the game's version, like a move. AI seats never ask for an undo, and a move the table
took for a seat never stands alone to be taken back: it would only be taken again.

An undo puts the turn back exactly as it was, clock included: each move keeps the turn clock
before it (:func:`.clocks.clock_record`), and the undo restores the seats' strikes and banks and
the deadlines counted from when each turn began, so no sequence of moves and undos lengthens a
turn or refills a bank. A move the table made for someone who was not there (a turn played on a
timeout, the AI holding an open seat) stands, and so does every move before it; only the member
who made a move can take it back.

The catch-up digest shows a player, privately, every public event line since their own last
move that stands (or since they sat down in their seat, if later), numbered like the log, with a
link to the board posted after each; the moves the table made at their seat meanwhile are marked
as made for them. The lines are the engines' public events, replayed from the log as it
happened; hidden information never appears in them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from db import MoveRow
from db.record import move_numbers
from db.replay import standing, timeline
from db.rows import SeatChange
from games.core import CorruptState, IllegalAction, Message, MoveStack

from .boards import Boards
from .clocks import deadline_changes, restored_clocks, restored_deadlines, with_clocks, with_timers
from .loading import DAMAGED, Tables
from .model import (
    BoardLink,
    DamagedTable,
    Line,
    Person,
    Reply,
    Table,
    TableError,
    line,
    names_at,
    one_after_another,
    said,
    who_made,
)
from .play import AI_SEAT, AUTOMATIC, OPEN_SEAT, PLAYER, TIMEOUT, seat_of
from .timing import reminder_changes
from .turns import Turns

Clock = Callable[[], datetime]
NOTHING_TO_UNDO = Message("There is no move of yours to take back.")
GAME_OVER = Message("The game here is over: the move that ended it stands.")
NOT_YOURS = Message("Only the player who just moved can take a move back, and the last move was {name}'s.")
ACTED_SINCE = Message("{name} has acted since your last move, so it stands.")
ANSWER_STANDS = Message("Your move stands: {name}'s move {number} came after it and cannot be taken back. {reason}")
PLAYED_FOR_YOU = Message("Move {number} was played for you when you were not there, so it stands.")
PLAYED_FOR_SOMEONE = Message("Your move stands: move {number} was played for {name}, who was not there, and "
                             "cannot be taken back.")
TAKEN_BACK_WITH_IT = Message("Move {number} was taken back with it ({events}).")
TAKEN_BACK_IN_LOG = Message("Move {number} ({who}) was taken back.")
NOTHING_SINCE = Message("Nothing has happened since your last move.")
NOTHING_SINCE_SEATED = Message("Nothing has happened since you sat down.")
NOTHING_YET = Message("No one has moved yet.")
SHOWN = 40
"""The most entries a digest lists (the newest): a few Discord messages with their links."""


def answered(move: MoveRow) -> bool:
    """Whether ``move`` answered the move before it on the table's side: an AI seat played it or
    the table took it because its seat had no real choice. Such a move goes back with the move
    it answered."""
    return move.made_by in (AI_SEAT, AUTOMATIC)


def made_for_someone(move: MoveRow) -> bool:
    """Whether the table made ``move`` for a person who was not there (their time ran out, or
    their seat was open): it stands, for them and for everyone else."""
    return move.made_by in (TIMEOUT, OPEN_SEAT)


@dataclass(frozen=True)
class Entry:
    """One line of the public log: a move (``undo`` False) or the undo of ``move`` (True).
    ``seq`` is the version it produced (board posts are kept by version), ``number`` the move's
    number (:func:`db.record.replay_history`: the one numbering of a game's moves)."""

    seq: int
    number: int
    move: MoveRow
    undo: bool
    text: str


def public_log(table: Table, moves: list[MoveRow], changes: list[SeatChange], after: int = 0) -> list[Entry]:
    """Every move and undo of ``moves`` (the whole log) after seq ``after`` as public event lines,
    in order, each move named after who held its seat then (``changes``: the seats' changes of
    hands).

    The log is replayed as it happened, so a move taken back shows what it did (marked as taken
    back); the engine's events never hold hidden information. The whole log is replayed, but only
    the entries after ``after`` are written. A log the engine cannot replay is damage, reported as
    the documented message.
    """
    game = table.game
    stack = MoveStack(game, game.setup(len(table.seats), table.row.seed, table.row.options))
    numbers = move_numbers(moves)
    entries = []
    for seq, move, undo in timeline(moves):
        try:
            if undo:
                stack.undo()
            else:
                events = stack.play(move.seat, move.notation)
        except (CorruptState, IllegalAction, IndexError, KeyError, TypeError, ValueError):
            raise DamagedTable(DAMAGED, table.row.id) from None
        if seq <= after:
            continue
        names = names_at(table, changes, move.seq)
        number = numbers[move.seq]
        if undo and answered(move):
            text = Message(TAKEN_BACK_IN_LOG, who=names[move.seat], number=number)
        elif undo:
            text = Message("{who} took back move {number}.", who=names[move.seat], number=number)
        else:
            text = one_after_another([table.fill_names(e["text"], names) for e in events])
            if move.undone_seq is not None:
                text = Message("{events} (taken back)", events=text)
        entries.append(Entry(seq, number, move, undo, text))
    return entries


def catch_up_start(moves: list[MoveRow], changes: list[SeatChange], seat: int, user_id: int) -> tuple[int, bool]:
    """Where a player's catch-up starts: the version of their own last standing move at ``seat``, or
    of when they sat down in it if that is later, else 0 (the start); and whether it is their move."""
    own = max((m.seq for m in standing(moves) if m.seat == seat and m.user_id == user_id and m.made_by == PLAYER),
              default=0)
    sat = max((c.version for c in changes if c.seat == seat and c.to_user_id == user_id), default=0)
    return max(own, sat), own > 0 and own >= sat


class Undo:
    def __init__(self, tables: Tables, boards: Boards, clock: Clock, turns: Turns) -> None:
        self.tables, self.boards, self.clock, self.turns = tables, boards, clock, turns

    async def undo(self, channel_id: int, person: Person) -> Reply:
        """Take ``person``'s last move back, with the moves that answered it on the table's side,
        or refuse in one sentence and change nothing."""
        async with self.tables.lock(channel_id):
            table = await self._playing(channel_id)
            seat = seat_of(table, person)
            moves = await self.tables.moves(table.row.id)
            taken_back = self._taken_back(table, seat, person.id, moves)
            game = table.game
            try:
                rest = [(m.seat, m.notation) for m in standing(moves)[:-len(taken_back)]]
                start = game.setup(len(table.seats), table.row.seed, table.row.options)
                before = state = MoveStack(game, start, rest).state
                played = []  # oldest first: the person's move, then the answers
                for move in reversed(taken_back):
                    action = game.parse(state, move.notation)
                    after, events = game.apply(state, move.seat, action)
                    played.append((move, state, after, action, events))
                    state = after
            except (CorruptState, IllegalAction, KeyError, TypeError, ValueError):
                raise DamagedTable(DAMAGED, table.row.id) from None
            for move, earlier, later, action, _ in played:
                refusal = game.undo_refusal(earlier, later, move.seat, action)
                if refusal is None:
                    continue
                if move is taken_back[-1]:
                    raise TableError(refusal)
                raise TableError(ANSWER_STANDS, name=table.names()[move.seat], number=move_numbers(moves)[move.seq],
                                 reason=Message(refusal))
            now = self.clock()
            record = taken_back[-1].clock_before  # the turn clock before the first move taken back
            clocks = restored_clocks(table, record) if record is not None else []
            undone = with_clocks(replace(table, state=before), clocks)
            clears, timers = reminder_changes(
                undone, acted_user=person.id, due_at=now + timedelta(seconds=table.row.reminder_seconds))
            # the turn passes back: the next player's deadline goes, the undoing player's comes back as
            # it was, counted from when their turn began (a move stored before that was kept: from now)
            presences = await self.tables.presences(undone, now)
            deadline_clears, deadlines = (restored_deadlines(undone, record, now, presences) if record is not None
                                          else deadline_changes(undone, now, presences))
            clears, timers = clears + deadline_clears, timers + deadlines
            row = await self.tables.record_undo(table, taken_back, before, now, clears, timers, clocks)
            earlier, table = table, replace(with_timers(undone, clears, timers), row=row)
            lines = self._notice(table, seat, moves, taken_back, played)
            board = await self.turns.record_undo(earlier, table, lines)
        return await self.turns.reply(board)

    @staticmethod
    def _notice(table: Table, seat: int, moves: list[MoveRow], taken_back: list[MoveRow], played: list) -> list[Line]:
        """What the undo says: the move taken back, then each answer taken back with it."""
        lines = []
        numbers = move_numbers(moves)
        for move, _, _, _, events in played:
            said_events = one_after_another([table.fill_names(e["text"]) for e in events])
            lines.append(said("{who} took back move {number} ({events}).", who=table.names()[seat],
                              number=numbers[move.seq], events=said_events) if move is taken_back[-1]
                         else (Message(TAKEN_BACK_WITH_IT, number=numbers[move.seq], events=said_events),))
        return lines

    async def _playing(self, channel_id: int) -> Table:
        """The channel's game in play; when its newest game has finished, the refusal says so."""
        try:
            return await self.tables.playing_in(channel_id)
        except DamagedTable:
            raise
        except TableError:
            latest = await self.tables.latest_in_channel(channel_id)
            if latest is not None and latest.status == "finished":
                raise TableError(GAME_OVER) from None
            raise

    @staticmethod
    def _taken_back(table: Table, seat: int, user_id: int, moves: list[MoveRow]) -> list[MoveRow]:
        """What an undo of ``seat`` by ``user_id`` takes back, newest first: their last standing move
        and every standing move after it, each an answer no person chose (see the module's
        docstring). Refused when another person has acted since, their move taken back or not, and
        when a move the table made for someone who was not there would go back with it."""
        names = table.names()
        taken_back: list[MoveRow] = []
        for move in reversed(standing(moves)):
            taken_back.append(move)
            if made_for_someone(move):
                number = move_numbers(moves)[move.seq]
                if move.seat == seat:
                    raise TableError(PLAYED_FOR_YOU, number=number)
                raise TableError(PLAYED_FOR_SOMEONE, number=number, name=names[move.seat])
            if move.seat == seat and move.made_by == PLAYER:
                if move.user_id != user_id:  # the seat's previous holder made it
                    raise TableError(NOTHING_TO_UNDO)
                break
            if not answered(move):
                raise TableError(ACTED_SINCE if len(taken_back) > 1 else NOT_YOURS, name=names[move.seat])
        else:
            raise TableError(NOTHING_TO_UNDO)
        own = taken_back[-1]
        other = next((m for m in moves if m.seq > own.seq and m.seat != seat and not answered(m)), None)
        if other is not None:
            raise TableError(ACTED_SINCE, name=names[other.seat])
        return taken_back

    async def since(self, channel_id: int, person: Person) -> Reply:
        """Every public event since ``person``'s own last move (or since they sat down in their
        seat), for them alone; the moves the table made at their seat meanwhile are marked so."""
        table = await self.tables.playing_in(channel_id)
        seat = seat_of(table, person)
        moves = await self.tables.moves(table.row.id)
        changes = await self.tables.seat_changes(table.row.id)
        after, own = catch_up_start(moves, changes, seat, person.id)
        entries = public_log(table, moves, changes, after)
        if not entries:
            nothing = NOTHING_SINCE if own else NOTHING_SINCE_SEATED if after else NOTHING_YET
            return Reply(private=[line(nothing)], game_id=table.row.id, game_key=table.row.game_key)
        posts = await self.tables.board_posts(table.row.id, after)
        if own:
            heading = Message("Since your move {number}:", number=move_numbers(moves)[after])
        elif after:
            heading = Message("Since you sat down:")
        else:
            heading = Message("Since the start:")
        if len(entries) > SHOWN:
            heading = Message("{heading} the last {shown} of {events} events.", heading=heading, shown=SHOWN,
                              events=len(entries))
        lines: list[Line] = [line(heading)]
        for entry in entries[-SHOWN:]:
            parts: list = [f"{entry.number}. " if not entry.undo else "", entry.text]
            if not entry.undo:
                parts += who_made(entry.move.made_by, yours=entry.move.seat == seat)
            if entry.seq in posts:
                parts += [" ", BoardLink(table.row.guild_id, table.row.channel_id, posts[entry.seq])]
            lines.append(line(*parts))
        return Reply(private=lines, game_id=table.row.id, game_key=table.row.game_key)
