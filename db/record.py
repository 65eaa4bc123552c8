"""The game record: one game as a JSON document that can be kept, shared and replayed.

A record holds the game, its options, the players' display names by seat, every move (seat,
notation, time) and the result; its schema is documented in ``docs/record.md``. While a game
runs its record holds only public information: no seed (the seed would reveal every deck) and no
notation of a private move (:attr:`games.core.Move.private`, such as the leaders a player kept).
Once the game is over the record includes both, so it replays exactly through the engine.

:func:`replay_log` is the one walk through a stored move log that knows which moves are private;
the table's log, past boards and exports are all built on it. :func:`read_record` checks a record
(its shape, its digest) and :func:`replay_record` plays it through the engine, refusing a damaged
or altered record with one sentence (:class:`RecordRefused`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import games
from games.core import Event, Game, IllegalAction, MoveStack, State

from .replay import timeline
from .rows import MoveRow, from_db_time, to_db_time

FORMAT = "bottega-record"
VERSION = 1
MAX_RECORD_BYTES = 10 * 1024 * 1024
"""Discord's attachment limit for a bot in a server without boosts (10 MiB): no export may exceed it."""
MEDIA_TYPE = "application/json"


class RecordRefused(Exception):
    """A record that cannot be read or replayed; ``message`` is one sentence saying why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class LoggedMove:
    """One move of a log as replayed: who played what, when, what it did and the state after it."""

    number: int
    seat: int
    notation: str
    at: datetime | None
    private: bool
    events: list[Event]
    state: State
    automatic: bool = False
    """The table took it for its seat, which had no real choice (``Game.automatic``): the store's
    mark, which the caller sets (a replay alone cannot tell it from a player's own move)."""
    made_by: str = "player"
    """Who made it (:data:`db.rows.MADE_BY`), from the store."""
    undone: bool = False
    """It was taken back (``/game undo``): it stays in the log, marked, and the game goes on without it."""
    seq: int = 0
    """The game version it produced (the store's ``seq``), which board links are kept under."""


def is_private(game: Game, state: State, notation: str) -> bool:
    """Whether ``notation``, played in ``state``, is a private move (its text may name hidden
    information). A game without a move table declares no private moves."""
    kind = game.parse(state, notation)["type"]
    try:
        return game.move(kind).private
    except IllegalAction:  # not in a move table: the engine dispatches its moves itself
        return False


def replay_log(game: Game, start: State, moves: Iterable[tuple[int, str, datetime | None]]) -> Iterator[LoggedMove]:
    """Each move of ``moves`` (seat, notation, time) played from ``start``, numbered from 1.

    Raises the engine's :class:`IllegalAction` when a move is refused.
    """
    stack = MoveStack(game, start)
    for number, (seat, notation, at) in enumerate(moves, start=1):
        private = is_private(game, stack.state, notation)
        events = stack.play(seat, notation)
        yield LoggedMove(number, seat, notation, at, private, events, stack.state)


def replay_history(game: Game, start: State, rows: list[MoveRow]) -> list[LoggedMove]:
    """Every stored move of a game (``rows``, the whole log in order, taken-back moves included)
    played from ``start`` as it happened, undos included, each with what it did then: the one
    numbering of a game's moves (1 for the first stored move, then 2, 3...), which the log, the
    catch-up digest, past boards, undo notices and the record share.

    Raises the engine's :class:`IllegalAction` (or ``IndexError`` for an undo with nothing to
    take back) when the log cannot be replayed.
    """
    stack = MoveStack(game, start)
    numbers = move_numbers(rows)
    logged = []
    for _, row, undo in timeline(rows):
        if undo:
            stack.undo()
            continue
        private = is_private(game, stack.state, row.notation)
        events = stack.play(row.seat, row.notation)
        logged.append(LoggedMove(numbers[row.seq], row.seat, row.notation, row.created_at, private, events,
                                 stack.state, row.automatic, row.made_by, row.undone_seq is not None, row.seq))
    return logged


def move_numbers(rows: list[MoveRow]) -> dict[int, int]:
    """Each stored move's number (its ``seq`` to 1, 2, 3... in order, taken-back moves included)."""
    return {row.seq: number for number, row in enumerate(rows, start=1)}


def build_record(game: Game, *, options: dict[str, Any], names: list[str], seed: int, status: str,
                 logged: list[LoggedMove], result: dict[str, Any] | None,
                 seat_changes: list[dict[str, Any]] | None = None,
                 review: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The record of a game with these moves (taken-back ones marked ``undone``); the seed and the
    private notations only when ``result`` says the game is over. ``seat_changes``: the seats that
    changed hands, each after which move; ``review``: the turning points of the post-game review,
    once the game is over and reviewed (see docs/record.md)."""
    over = result is not None
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.key,
        "title": game.title,
        "options": options,
        "players": names,
        "status": status,
        "seed": str(seed) if over else None,
        "moves": [
            {
                "number": move.number,
                "seat": move.seat,
                "notation": move.notation if over or not move.private else None,
                "private": move.private,
                "at": None if move.at is None else to_db_time(move.at),
                **({"automatic": True} if move.automatic else {}),
                "made_by": move.made_by,
                **({"undone": True} if move.undone else {}),
            }
            for move in logged
        ],
        **({"seat_changes": seat_changes} if seat_changes else {}),
        "result": _as_json(result),
        **({"review": _as_json(review)} if over and review is not None else {}),
    }
    record["digest"] = digest(record)
    return record


def encode(record: dict[str, Any]) -> bytes:
    """The file's bytes: UTF-8 JSON with one move (and one score) a line, so a record reads well."""
    return (_layout(record, 0) + "\n").encode("utf-8")


def _layout(value: Any, depth: int) -> str:
    """Objects holding lists or objects open up, down to the result's fields; a list of objects
    gets one object a line; anything else is written on one line."""
    inner, outer = "  " * (depth + 1), "  " * depth
    if isinstance(value, dict) and depth < 2 and any(isinstance(v, (dict, list)) and v for v in value.values()):
        fields = [f"{inner}{json.dumps(key)}: {_layout(item, depth + 1)}" for key, item in value.items()]
        return "{\n" + ",\n".join(fields) + f"\n{outer}}}"
    if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
        rows = [inner + json.dumps(item, ensure_ascii=False) for item in value]
        return "[\n" + ",\n".join(rows) + f"\n{outer}]"
    return json.dumps(value, ensure_ascii=False)


def digest(record: dict[str, Any]) -> str:
    """The SHA-256 of the record without its digest, in canonical JSON: it catches damage and
    edits that did not recompute it (it is not a signature: the replay is the real check)."""
    body = {key: value for key, value in record.items() if key != "digest"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _as_json(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples become lists), so a record compares equal to its file."""
    return json.loads(json.dumps(value))


# --------------------------------------------------------------------------- reading a record
def read_record(data: bytes) -> dict[str, Any]:
    """The record in ``data``, checked: its format, every field's type and its digest."""
    if len(data) > MAX_RECORD_BYTES:
        raise RecordRefused(f"This file is over {MAX_RECORD_BYTES // (1024 * 1024)} MiB: no game record is that large.")
    try:
        record = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise RecordRefused("This file is not a game record: it is not valid JSON.") from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordRefused(f"This file is not a game record: its \"format\" is not \"{FORMAT}\".")
    if record.get("version") != VERSION:
        raise RecordRefused(f"This record has version {record.get('version')!r}; this Bottega reads version {VERSION}.")
    hosted = games.keys()
    if record.get("game") not in hosted:
        raise RecordRefused(f"This record is of a game Bottega does not host: {str(record.get('game'))[:40]!r}.")
    _check_fields(record)
    if record["digest"] != digest(record):
        raise RecordRefused("This record was changed after it was exported: its digest does not match its content.")
    return record


FIELDS: dict[str, tuple[type, ...]] = {
    "title": (str,), "options": (dict,), "players": (list,), "status": (str,), "seed": (str, type(None)),
    "moves": (list,), "result": (dict, type(None)), "digest": (str,),
}
MOVE_FIELDS: dict[str, tuple[type, ...]] = {
    "number": (int,), "seat": (int,), "notation": (str, type(None)), "private": (bool,), "at": (str, type(None)),
}
OPTIONAL_MOVE_FIELDS: dict[str, tuple[type, ...]] = {"undone": (bool,), "automatic": (bool,), "made_by": (str,)}
NUMBER = (int, float)
TURNING_POINT_FIELDS: dict[str, tuple[type, ...]] = {
    "move": (int,), "seat": (int,), "played": (str,), "alternative": (str,), "expected_played": NUMBER,
    "expected_alternative": NUMBER, "gain": NUMBER, "give_or_take": NUMBER + (type(None),),
    "reason": (dict, type(None)),
}


def _check_fields(record: dict[str, Any]) -> None:
    for name, types in FIELDS.items():
        if not _typed(record.get(name, ...), types):
            raise RecordRefused(f"This record is damaged: its \"{name}\" is missing or of the wrong type.")
    players = record["players"]
    if not players or not all(isinstance(name, str) for name in players):
        raise RecordRefused("This record is damaged: \"players\" must list the players' names.")
    seed = record["seed"]
    if seed is not None and not (seed.isascii() and seed.isdigit() and len(seed) <= 20):
        raise RecordRefused("This record is damaged: its \"seed\" is not a number.")
    for index, move in enumerate(record["moves"], start=1):
        if not isinstance(move, dict):
            raise RecordRefused(f"This record is damaged: move {index} is not an object.")
        for name, types in MOVE_FIELDS.items():
            if not _typed(move.get(name, ...), types):
                raise RecordRefused(f"This record is damaged: move {index} has no valid \"{name}\".")
        for name, types in OPTIONAL_MOVE_FIELDS.items():
            if name in move and not _typed(move[name], types):
                raise RecordRefused(f"This record is damaged: move {index} has an invalid \"{name}\".")
        if move["number"] != index:
            raise RecordRefused(f"This record is damaged: move {index} is numbered {move['number']}.")
        if not 0 <= move["seat"] < len(players):
            raise RecordRefused(f"This record is damaged: move {index} names seat {move['seat']}.")
        if move["at"] is not None and _time(move["at"]) is None:
            raise RecordRefused(f"This record is damaged: the time of move {index} is not a time.")
    if "review" in record:
        _check_review(record["review"], record["moves"], record["result"])


def _check_review(review: Any, moves: list[dict[str, Any]], result: Any) -> None:
    """A review names standing moves of the finished game, each by its seat and its notation."""
    if result is None or not isinstance(review, list):
        raise RecordRefused("This record is damaged: its \"review\" is not a list of a finished game's turning points.")
    for index, point in enumerate(review, start=1):
        if not isinstance(point, dict) or not all(_typed(point.get(name, ...), types)
                                                  for name, types in TURNING_POINT_FIELDS.items()):
            raise RecordRefused(f"This record is damaged: turning point {index} of its review is not valid.")
        number = point["move"]
        move = moves[number - 1] if 1 <= number <= len(moves) else None
        if (move is None or move.get("undone", False) or move["seat"] != point["seat"]
                or move["notation"] != point["played"]):
            raise RecordRefused(f"This record is damaged: turning point {index} of its review does not name "
                                f"a move of seat {point['seat']} as played.")
        reason = point["reason"]
        if reason is not None and not (_typed(reason.get("category", ...), (str,))
                                       and _typed(reason.get("points", ...), NUMBER)):
            raise RecordRefused(f"This record is damaged: the reason of turning point {index} is not valid.")


def _typed(value: Any, types: tuple[type, ...]) -> bool:
    """``isinstance`` without taking ``True`` for an integer."""
    return isinstance(value, types) and not (isinstance(value, bool) and bool not in types)


def _time(text: str | None) -> datetime | None:
    try:
        return from_db_time(text)
    except ValueError:
        return None


@dataclass(frozen=True)
class Replayed:
    """A finished record played through its engine: the start, every move and the result."""

    game: Game
    names: list[str]
    start: State
    moves: list[LoggedMove]
    result: dict[str, Any]


def replay_record(record: dict[str, Any]) -> Replayed:
    """Play a record read by :func:`read_record` through its engine; refused unless it is a finished
    game whose every move is legal, that ends at its last move with the result it states."""
    game = games.get(record["game"])
    if record["seed"] is None or record["result"] is None:
        raise RecordRefused(
            "This record was exported while the game was running: it has no seed and hides private "
            "moves, so it cannot be replayed. Export the game again once it is over."
        )
    names = record["players"]
    try:
        start = game.setup(len(names), int(record["seed"]), record["options"])
    except IllegalAction as refusal:
        raise RecordRefused(f"This record's game cannot be set up: {refusal.message}") from None
    played = [move for move in record["moves"] if not move.get("undone", False)]
    hidden = next((move["number"] for move in played if move["notation"] is None), None)
    if hidden is not None:
        raise RecordRefused(f"This record hides the notation of move {hidden}, so it cannot be replayed.")
    logged: list[LoggedMove] = []
    try:  # the moves before a refused one stay in ``logged``, which so names the refused one
        for stored, move in zip(played, replay_log(game, start, ((m["seat"], m["notation"], _time(m["at"]))
                                                                 for m in played))):
            logged.append(replace(move, number=stored["number"], automatic=stored.get("automatic", False),
                                  made_by=stored.get("made_by", "player")))
    except IllegalAction as refusal:
        move = played[len(logged)]
        raise RecordRefused(
            f"Move {move['number']} of this record ({names[move['seat']]}: "
            f"'{str(move['notation'])[:60]}') is refused by the rules: {refusal.message}"
        ) from None
    result = game.result(logged[-1].state if logged else start)
    if result is None:
        raise RecordRefused("This record's moves do not finish the game, yet it states a result.")
    if _as_json(result) != record["result"]:
        raise RecordRefused("This record's result is not the one its moves reach on replay.")
    return Replayed(game, names, start, logged, record["result"])
