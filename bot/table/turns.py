"""A calm channel: one public message per turn of a player.

The steps of one player's turn edit that turn's message (new image, appended lines); a new
message, which pings whoever must act, is posted only when the turn passes to someone else, and
at the end of the game. A new message opens with the whole turn that just ended, every step of
it, so the player it pings reads what the others did without scrolling back; the board's
last-move box shows that whole turn too. The turn's message is recorded in the store (``turn_messages``: the
version it began at, the version its lines reach, its lines, its message id once posted), so
after a restart the next step still edits the same message.

A move that leaves the table waiting on AI seats alone goes on in its turn's message too, so an AI
seat's turn is one message: its moves, the board and the ping of whoever acts next.

An undo edits the message of the turn it happened in and pings no one; the move played again
after it goes on in that message when the people it gives the turn to were pinged by it already.

A turn *continues* when every seat that acts after a move was already acting before it, and the
engine's turn number (:meth:`games.core.Game.turn_number`, a solo game's count of turns) has not
changed: a step inside a turn, or one player's answer to a decision the others are still making.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from i18n import ENGLISH
from db.replay import timeline
from games.core import Message, MoveStack, Name

from .boards import Boards, highlight_text, table_language
from .loading import Tables
from .model import Line, Mention, Reply, Strong, Table, line, plain

TURN_TEXT = 1400
"""The characters a turn's lines may take: the oldest lines of a very long turn give way to newer
ones, so the message (2,000 characters at most) always ends with who must act now."""
EARLIER = "…"
PREVIOUS = "previous"


@dataclass(frozen=True)
class TurnPost:
    """How a board reply reaches the channel: ``edit`` the message of the turn that began at
    version ``started``, or post a new one (which then becomes that turn's message)."""

    started: int
    edit: bool


@dataclass(frozen=True)
class TurnBoard:
    """A board recorded in its turn's message, to draw: the table, the lines the message shows
    (the turn that ended before it, then this turn's steps), how it is posted, the turn as a
    sentence, who moved (a user id), and who was pinged for this turn already (a new message
    pings no one twice)."""

    table: Table
    lines: list[Line]
    post: TurnPost
    highlight: str | None
    mover: int | None
    pinged: frozenset[int] = frozenset()
    pinged: frozenset[int] = frozenset()


def continues(before: Table, after: Table) -> bool:
    """Whether the move from ``before`` to ``after`` stays within the turn (see the module)."""
    if before.state is None or after.state is None or after.finished():
        return False
    game = after.game
    acting_before, acting_after = game.actors(before.state), game.actors(after.state)
    return (bool(acting_after) and acting_after <= acting_before
            and game.turn_number(before.state) == game.turn_number(after.state))


def waits_on_ai_only(table: Table) -> bool:
    """Whether ``table`` waits on AI seats alone: the move that led there pings no one, so it goes on
    in its turn's message, and the AI's answer is the one new message (pinging who acts next)."""
    return not table.finished() and not table.actor_users() and bool(table.ai_to_move())


def move_sentence(lines: list[Line], mover: str, language: str | None = None) -> str:
    """A move's event lines as one sentence, in the table's ``language`` (the board image is public):
    in English the lines about the mover joined after their name ("Bruno takes Woods from green-3
    ..., receives 1 wood."), the others after it as they are; in another language the lines
    translated one after another.

    >>> move_sentence([("Bruno takes Woods.",), ("Bruno receives 1 wood.",), ("Round 1 ends.",)], "Bruno")
    'Bruno takes Woods, receives 1 wood. Round 1 ends.'
    """
    if language not in (None, ENGLISH):
        return " ".join(filter(None, (highlight_text(each, language).strip() for each in lines)))
    about_mover: list[str] = []
    others: list[str] = []
    for event in (highlight_text(event, language) for event in lines):
        text = event.strip()
        if text.startswith(f"{mover} ") and (about_mover or not others):
            about_mover.append(text.removesuffix(".") if not about_mover else
                               text.removeprefix(f"{mover} ").removesuffix("."))
        elif text:
            others.append(text)
    sentence = ", ".join(about_mover) + "." if about_mover else ""
    return " ".join(filter(None, [sentence, *others]))


def within_budget(lines: list[Line], budget: int = TURN_TEXT) -> list[Line]:
    """``lines`` without the oldest ones that do not fit in ``budget`` characters ("…" instead).

    >>> within_budget([("a" * 8,), ("b" * 8,), ("c" * 8,)], budget=20)
    [('…',), ('bbbbbbbb',), ('cccccccc',)]
    """
    kept: list[Line] = []
    used = len(EARLIER) + 1
    for each in reversed(lines):
        used += len(plain(each)) + 1
        if used > budget and kept:
            return [line(EARLIER), *reversed(kept)]
        kept.append(each)
    return lines


def _encoded(value: Any) -> Any:
    """A part or a message's parameter as JSON: a :class:`Message` keeps its template and
    parameters (so an edited turn's earlier lines are still written in the table's language)."""
    if isinstance(value, Message):
        encoded = {"message": value.template, "params": {key: _encoded(each) for key, each in value.params.items()}}
        return encoded | ({"plural": value.plural, "by": value.by} if value.plural is not None else {})
    if isinstance(value, Name):
        return {"component": value.ident, "game": value.game, "text": str(value)}
    if isinstance(value, Strong):  # its text may be a message too (a game's title)
        return {"strong": _encoded(value.text)}
    if isinstance(value, Mention):
        return {"mention": value.user_id, "name": value.name}
    return value if isinstance(value, (str, int, float)) else plain((value,))


def _decoded(value: Any) -> Any:
    if isinstance(value, dict) and "message" in value:
        params = value.get("params") if isinstance(value.get("params"), dict) else {}
        plural = {"plural": str(value["plural"]), "by": str(value.get("by", "n"))} if "plural" in value else {}
        return Message(str(value["message"]), **plural, **{str(key): _decoded(each) for key, each in params.items()})
    if isinstance(value, dict) and "component" in value:
        return Name(str(value.get("game", "")), str(value["component"]), str(value.get("text", "")))
    if isinstance(value, dict) and "mention" in value:
        return Mention(int(value["mention"]), str(value.get("name", "")))
    if isinstance(value, dict) and "strong" in value:
        return Strong(_decoded(value["strong"]))
    return value if isinstance(value, (int, float)) else str(value)


def encode(lines: list[Line]) -> list[Any]:
    """Lines as JSON (text, translatable messages, bold spans, mentions)."""
    return [[_encoded(value) for value in each] for each in lines]


def decode(stored: list[Any]) -> list[Line]:
    return [line(*map(_decoded, each)) for each in stored if isinstance(each, list)]


def stored_turn(lines: list[Line], earlier: list[Line]) -> list[Any]:
    """What ``turn_messages.lines`` keeps: the turn that ended before this one (``earlier``), as a
    first entry of its own, then this turn's lines."""
    return [{PREVIOUS: encode(earlier)}, *encode(lines)]


def read_turn(stored: list[Any]) -> tuple[list[Line], list[Line]]:
    """``(this turn's lines, the turn before it)`` from :func:`stored_turn`'s record (an older
    record, without the turn before it: none)."""
    earlier = next((entry[PREVIOUS] for entry in stored[:1] if isinstance(entry, dict)
                    and isinstance(entry.get(PREVIOUS), list)), [])
    return decode(stored), decode(earlier)


class Turns:
    def __init__(self, tables: Tables, boards: Boards) -> None:
        self.tables, self.boards = tables, boards

    async def record(self, before: Table | None, after: Table, lines: list[Line], *,
                     last_move: list[Line] | None = None, mover: int | None = None) -> TurnBoard:
        """Record ``lines`` (one or more moves from ``before``; None: the game's first board) in
        their turn's message, under the channel's lock; :meth:`reply` then draws the board. A new
        message opens with the whole turn that just ended (or the game's start).

        After an undo that took a turn back, the next move goes on in the message of that turn
        (which the undo edited) when it gives the turn to people that message pinged already, so
        an undo and a move played again ping no one twice; anyone new to act gets a new message."""
        stored = await self.tables.turn_message(after.row.id)
        own, earlier = read_turn(stored.lines) if stored is not None else ([], [])
        follows = before is not None and stored is not None and stored.version == before.row.version
        pinged: frozenset[int] = frozenset()
        same_turn = follows and (continues(before, after) or waits_on_ai_only(after))
        if follows and not same_turn:
            pinged = await self.reopened(after, stored.started)
            same_turn = bool(pinged) and set(after.actor_users()) <= pinged
        if same_turn:
            started, shown, turn = stored.started, own + lines, own + lines
        else:
            started, earlier, shown = after.row.version, (own if follows else []) + lines, []
            turn = earlier
        earlier, shown = self._kept(earlier, shown)
        await self.tables.set_turn(after.row.id, started, after.row.version, stored_turn(shown, earlier))
        highlight = highlight_text(lines[0], table_language(after)) if before is None and lines else None
        if last_move:
            seat = after.seat_of(mover) if mover is not None else None
            highlight = move_sentence(turn, after.names()[seat] if seat is not None else "",
                                      table_language(after))
        return TurnBoard(after, earlier + shown, TurnPost(started, started != after.row.version), highlight, mover,
                         pinged)

    async def record_undo(self, before: Table, after: Table, lines: list[Line]) -> TurnBoard:
        """Record an undo's ``lines`` in the message of the turn it happened in: the undo edits
        that message (pinging no one: whoever acts again was pinged for this turn already)."""
        stored = await self.tables.turn_message(after.row.id)
        own, earlier = read_turn(stored.lines) if stored is not None else ([], [])
        if stored is not None and stored.version == before.row.version:
            started, shown = stored.started, own + lines
        else:
            started, shown, earlier = after.row.version, list(lines), []
        earlier, shown = self._kept(earlier, shown)
        await self.tables.set_turn(after.row.id, started, after.row.version, stored_turn(shown, earlier))
        return TurnBoard(after, earlier + shown, TurnPost(started, started != after.row.version), None, None,
                         frozenset(after.actor_users()))

    @staticmethod
    def _kept(earlier: list[Line], shown: list[Line]) -> tuple[list[Line], list[Line]]:
        """The turn before and this turn's lines within the message's budget, the oldest dropped first."""
        kept = within_budget(earlier + shown)
        return kept[:max(0, len(kept) - len(shown))], kept[-len(shown):] if shown else []

    async def reopened(self, table: Table, started: int) -> frozenset[int]:
        """The people the message of the turn begun at version ``started`` pinged, when an undo
        took that turn back (every move standing now came before it); else nobody."""
        moves = await self.tables.moves(table.row.id)
        standing_moves = [m for m in moves if m.undone_seq is None]
        if not standing_moves or standing_moves[-1].seq >= started:
            return frozenset()
        game = table.game
        stack = MoveStack(game, game.setup(len(table.seats), table.row.seed, table.row.options))
        for seq, move, undo in timeline(moves):
            if seq > started:
                break
            if undo:
                stack.undo()
            else:
                stack.play(move.seat, move.notation)
        ai_seats = table.ai_levels()
        return frozenset(table.user_of(seat) for seat in game.actors(stack.state) if seat not in ai_seats)

    async def reply(self, board: TurnBoard) -> Reply:
        """The board of a recorded turn: the turn's lines so far, the last move drawn as a
        sentence, and pings only in a new message, never for the mover, who goes on, nor for anyone
        this turn pinged already; the final board pings every player."""
        reply = await self.boards.reply(board.table, board.lines, highlight=board.highlight)
        reply.mentions = [] if board.post.edit else [user for user in reply.mentions
                                                     if user != board.mover and user not in board.pinged]
        if board.table.finished():  # the final board pings every player, its result names them all
            reply.mentions = [seat.user_id for seat in board.table.seats if seat.ai_level is None]
        reply.turn = board.post
        return reply
