"""The engine contract shared by every game.

A game is a stateless object; a *state* is a JSON-safe ``dict`` with string keys (so ``dumps``
and ``loads`` are exact, and the store can keep it as text). An *action* is a JSON-safe ``dict``
with a ``"type"`` key; its canonical text form is the game's notation, which is what the move log
stores. Seat 0 is the first player; the table decides which person sits where.

Subclasses implement the underscored hooks. :meth:`Game.apply` wraps ``_apply`` so that every
engine gets the same guarantees: a finished game or a seat that may not act is refused, the input
state is never changed, and a refusal half way through an action leaves nothing behind (the hook
works on a private copy that is thrown away when it raises).

Each engine declares its moves in one table (:class:`Move`): the handler, the phases in which the
move may be played, the rule cited when it is played in another phase, and what the table needs
to know about it (whether it may reveal hidden information, whether its notation is private,
whether it is a seat's own part of a simultaneous decision). Notation is read by :meth:`Game.parse`,
which refuses over-long text, digits other than 0-9 and any parsing error with one sentence; every
action must survive its own notation round trip before it is applied, so the move log always holds
exactly what was played.
"""

from __future__ import annotations

import json
import marshal
import pickle
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

from .describe import Description, Step
from .errors import CorruptState, IllegalAction
from .message import Message
from .move import Action, Event, Move, State, events_unwritten
from .stack import MoveStack
from .undo import revealed, undo_refusal

MAX_NOTATION = 200
"""The longest move text any game accepts; no real move comes near it."""
MAX_DIGITS = 6
"""The longest number a move may hold; card numbers, counts and servants are far shorter."""


@dataclass(frozen=True)
class OptionSpec:
    """One setup option a table may choose (shown by ``/game new`` and validated by ``setup``)."""

    name: str
    description: str
    default: Any
    choices: tuple[Any, ...] = (True, False)

    def validate(self, value: Any) -> Any:
        if value not in self.choices:
            allowed = ", ".join(str(c).lower() for c in self.choices)
            raise IllegalAction("Option '{name}' must be one of: {allowed}.", "CORE-OPTION",
                                name=self.name, allowed=allowed)
        return value


def clone(state: State) -> State:
    """A deep copy of a JSON-safe state.

    ``marshal`` copies plain data (dicts, lists, strings, numbers) faster than pickle, which is
    several times faster than ``copy.deepcopy``; it refuses anything else, even a ``str`` subclass
    such as a :class:`Message`, and such a state is copied by pickle, which keeps those types.
    """
    try:
        return marshal.loads(marshal.dumps(state))
    except ValueError:
        return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


@dataclass
class Game(ABC):
    """Base class of every engine (see the module docstring for the contract)."""

    key: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = field(default=())
    schema_version: int = 1

    def table_notice(self) -> Message | None:
        """What a table of this game is told once, when it is opened (``/game new``): none,
        unless the game has something players must know before they sit down."""
        return None

    # ----------------------------------------------------------------- lifecycle
    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        """A new game, fully determined by ``(players, seed, options)``.

        >>> import games
        >>> mor = games.get("mor")
        >>> mor.dumps(mor.setup(2, 7)) == mor.dumps(mor.setup(2, 7)), sorted(mor.actors(mor.setup(2, 7)))
        (True, [0, 1])
        """
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                "{title} is for {player_range} players, not {players}.", "CORE-PLAYERS",
                title=self.title, player_range=self.player_range(), players=players
            )
        return self._setup(players, seed, self.normalize_options(options or {}))

    def normalize_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Every option filled in with its default; unknown names and values are refused."""
        known = {spec.name: spec for spec in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise IllegalAction(
                "{title} has no option '{unknown}' (options: {names}).", "CORE-OPTION",
                title=self.title, unknown=unknown[0], names=names
            )
        return {name: spec.validate(options.get(name, spec.default)) for name, spec in known.items()}

    def player_range(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players} to {self.max_players}"

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """The state after ``seat`` plays ``action``, and what happened; raises IllegalAction.

        >>> import games
        >>> mor = games.get("mor")
        >>> state = mor.setup(2, 7)
        >>> after, events = mor.apply(state, 0, {"type": "keep", "leaders": ["L4", "L14"], "resources": []})
        >>> events
        [{'type': 'keep', 'text': '{p0} kept 2 leaders.', 'params': {'player': '{p0}', 'kept': 2}}]
        >>> mor.apply(state, 0, {"type": "keep", "leaders": ["L4", 14], "resources": []})
        Traceback (most recent call last):
        ...
        games.core.errors.IllegalAction: That is not a well-formed move of this game.
        """
        if self.result(state) is not None:
            raise IllegalAction("This game is over: no more moves can be made.", "CORE-OVER")
        if seat not in self.actors(state):
            raise IllegalAction(self.waiting_message(state, seat), "CORE-TURN")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("That is not a move of this game.", "CORE-NOTATION")
        action = self._canonical(state, action)
        new_state = self.copy_state(state)
        events = self._apply(new_state, seat, action)
        return new_state, events

    def copy_state(self, state: State) -> State:
        """A deep copy of ``state``, for a move to change (engines may copy faster what they know)."""
        return clone(state)

    def simulate(self, state: State, seat: int, action: Action) -> list[Event]:
        """Play ``action``, taken unchanged from ``legal_actions(state, seat)``, on ``state`` itself.

        The fast path of simulations (the AI's playouts): no copy of the state, no notation round
        trip and none of :meth:`apply`'s checks, which a move just listed as legal passes anyway.
        The caller owns ``state``; a refusal may leave it half changed, so a simulation that meets
        one throws that state away.
        """
        return self._apply(state, seat, action)

    def unrecorded(self) -> AbstractContextManager[None]:
        """A scope for simulations that read no event: moves played in it write no event line
        (:func:`~games.core.move.events_unwritten`). A game whose state keeps event lines
        writes them anyway (it returns a scope that changes nothing)."""
        return events_unwritten()

    def play(self, state: State, seat: int, text: str) -> tuple[State, list[Event]]:
        """Parse notation and apply it: the one call adapters need."""
        return self.apply(state, seat, self.parse(state, text))

    def _canonical(self, state: State, action: Action) -> Action:
        """The canonical form of ``action``: what its own notation reads back as.

        This keeps the move log honest. Lists may come in any order (the canonical form sorts
        them), but anything else the notation would not give back exactly (a wrong type, an
        unknown key, a float, a value the parser would fill in differently) is refused instead of
        being applied as something the log could not replay.
        """
        try:
            text = self.notation(action)
        except Exception:  # noqa: BLE001 - any malformed dict is a refusal, never a traceback
            raise IllegalAction("That is not a well-formed move of this game.", "CORE-NOTATION") from None
        if not isinstance(text, str):
            raise IllegalAction("That is not a well-formed move of this game.", "CORE-NOTATION")
        canonical = self.parse(state, text)
        if canonical != action and _unordered(canonical) != _unordered(action):
            raise IllegalAction(
                "That move does not read back as itself: its notation is '{words}'.", "CORE-NOTATION",
                words=text[:60]
            )
        return canonical

    def parse(self, state: State, text: str) -> Action:
        """The action that ``text`` names, or a one-sentence refusal (rule ``CORE-NOTATION``).

        >>> import games
        >>> mor = games.get("mor")
        >>> mor.parse(mor.setup(2, 1), "market row-2")
        {'type': 'market', 'line': 'row-2'}
        >>> mor.parse(mor.setup(2, 1), "buy green-²")
        Traceback (most recent call last):
        ...
        games.core.errors.IllegalAction: Write numbers in a move with the digits 0 to 9.
        """
        text = readable_text(text)
        try:
            return self._parse(state, text)
        except IllegalAction:
            raise
        except Exception:  # noqa: BLE001 - a parser slip must reach the player as a refusal
            shown = text if len(text) <= 40 else text[:37] + "..."
            raise IllegalAction("I cannot read '{shown}' as a move of {title}.", "CORE-NOTATION",
                                shown=shown, title=self.title) from None

    # ------------------------------------------------------------- move table
    def moves(self) -> tuple[Move, ...]:
        """The game's move table; engines that dispatch through the base ``_apply`` declare it."""
        return ()

    def move(self, kind: str) -> Move:
        """The table entry of move type ``kind``; refused when the game has no such move."""
        table = self.__dict__.get("_move_index")
        if table is None:
            table = {entry.type: entry for entry in self.moves()}
            self.__dict__["_move_index"] = table
        found = table.get(kind)
        if found is None:
            raise IllegalAction("That is not a move of this game.", "CORE-NOTATION")
        return found

    def phase(self, state: State, seat: int) -> str:
        """The phase that decides which moves ``seat`` may play now (see :class:`Move`)."""
        return str(state.get("phase"))

    def out_of_phase(self, state: State, seat: int, move: Move) -> str:
        """Why ``move`` cannot be played now (its rule is added by the refusal)."""
        return Message("You cannot {type} now. {prompt}",
                       type=move.type, prompt=self.prompt(state, seat))

    def _apply(self, state: State, seat: int, action: Action) -> list[Event]:
        """Dispatch through the move table: the phase check, then the move's handler."""
        move = self.move(action["type"])
        if self.phase(state, seat) not in move.phases:
            raise IllegalAction(self.out_of_phase(state, seat, move), move.rule)
        return move.handler(state, seat, action)

    def waiting_message(self, state: State, seat: int) -> str:
        """Why ``seat`` may not act now; engines may say more (e.g. which decision is pending)."""
        return Message("It is not your turn.")

    def prompt(self, state: State, seat: int) -> str:
        """One line telling ``seat`` what it must do now, posted publicly with the turn ping.

        It must not name hidden information (cards in a hand, a draft pack): point to the
        seat's own view instead.
        """
        return Message("It is your turn.")

    def turn_number(self, state: State) -> int | None:
        """A number that changes when a turn ends even though the same seats act next (a solo
        game's next turn); None for a game whose turns pass only from seat to seat. The table
        starts a new channel message when the turn passes."""
        return None

    def replay(
        self, players: int, seed: int, options: dict[str, Any] | None, moves: Iterable[tuple[int, str]]
    ) -> State:
        """Rebuild a game from its seed, options and notation move log."""
        return MoveStack(self, self.setup(players, seed, options), moves).state

    # ------------------------------------------------------------ taking back
    def disclosed(self, state: State) -> Any:
        """The part of ``state`` that changes only when hidden information turns up (the decks,
        face-down stacks, the dice, the RNG, cards leaving a hidden hand face up). Engines narrow
        it; the whole state (the default) counts every change of a ``reveals`` move as a reveal."""
        return state

    def seat_count(self, state: State) -> int:
        """How many seats play ``state``'s game."""
        return len(state["seats"])

    def revealed(self, before: State, after: State, seat: int, action: Action) -> bool:
        """Whether this application of ``action`` revealed hidden information (see :mod:`.undo`)."""
        return revealed(self, before, after, seat, action)

    def undo_refusal(self, before: State, after: State, seat: int, action: Action) -> str | None:
        """Why the move that took ``before`` to ``after`` cannot be taken back, or None.

        >>> import games
        >>> mor = games.get("mor")
        >>> state = mor.setup(2, 7)
        >>> keep = {"type": "keep", "leaders": ["L4", "L14"], "resources": []}
        >>> after, _ = mor.apply(state, 0, keep)
        >>> mor.undo_refusal(state, after, 0, keep) is None
        True
        """
        return undo_refusal(self, before, after, seat, action)

    # ------------------------------------------------------------ menus
    def describe(self, state: State, seat: int, action: Action) -> Description:
        """``action`` (a legal action of ``seat``) in the player's words, for menus and suggestions.

        The default labels a move with its notation and files it under its type; engines say more
        (what it costs, what it gives, whether it needs a confirmation).

        >>> import games
        >>> mor = games.get("mor")
        >>> Game.describe(mor, mor.setup(2, 7), 0, {"type": "end"})
        Description(label='end', group=(Step(key='end', label='end'),), cost=(), gain=(), destructive='')
        """
        return Description(self.notation(action), group=(Step(action["type"], action["type"]),))

    def automatic(self, state: State, seat: int) -> Action | None:
        """The move ``seat`` (an actor) has no real choice about and the table plays for it (the
        last card of a draft, an end of turn with nothing left to do), or ``None``."""
        return None

    # ------------------------------------------------------------------ views
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see: the public view, plus ``view["you"]`` for a seat.

        ``None`` is the public (spectator) view, with no hidden information; a seat's view is the
        same dict with its own private part under ``"you"``, so every reader finds a seat's hand,
        pending choices and draft pack in one place whatever the game.

        >>> import games
        >>> mor = games.get("mor")
        >>> state = mor.setup(2, 7)
        >>> "you" in mor.view(state, None), mor.view(state, 0)["you"]["seat"]
        (False, 0)
        """
        public = self._public_view(state)
        if seat is not None:
            public["you"] = self._private_view(state, seat)
        return public

    # ------------------------------------------------------------ serialisation
    def dumps(self, state: State) -> str:
        payload = {"game": self.key, "schema": self.schema_version, "state": state}
        return json.dumps(payload, sort_keys=True, separators=(",", ":"))

    def loads(self, text: str) -> State:
        try:
            payload = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise CorruptState(f"stored {self.key} state is not valid JSON: {exc}") from None
        if not isinstance(payload, dict) or payload.get("game") != self.key:
            raise CorruptState(f"stored state is not a {self.key} game")
        if payload.get("schema") != self.schema_version:
            raise CorruptState(
                f"stored {self.key} state has schema {payload.get('schema')}, "
                f"this version reads {self.schema_version}"
            )
        state = payload.get("state")
        if not isinstance(state, dict):
            raise CorruptState(f"stored {self.key} state has no state object")
        return state

    # ------------------------------------------------------------------- hooks
    @abstractmethod
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> State: ...

    @abstractmethod
    def actors(self, state: State) -> set[int]:
        """The seats that must act now (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """The actions ``seat`` may take now (``[]`` for a seat that may not act)."""

    @abstractmethod
    def _public_view(self, state: State) -> dict[str, Any]:
        """Everything every seat and spectator may see (no hands, no deck order)."""

    @abstractmethod
    def _private_view(self, state: State, seat: int) -> dict[str, Any]:
        """What only ``seat`` may see (its hand, its pending choices), with ``"seat"`` itself."""

    @abstractmethod
    def result(self, state: State) -> dict[str, Any] | None:
        """``None`` while playing; then the final result (see :func:`make_result`)."""

    @abstractmethod
    def notation(self, action: Action) -> str:
        """The canonical text of ``action``, which ``parse`` reads back as the same action.

        >>> import games
        >>> games.get("mor").notation({"type": "market", "line": "row-2"})
        'market row-2'
        """

    @abstractmethod
    def _parse(self, state: State, text: str) -> Action:
        """The action that ``text`` (stripped, bounded) names; IllegalAction if malformed."""


def readable_text(text: Any) -> str:
    """``text`` stripped, or the refusal (``CORE-NOTATION``) of a text no game reads: not a
    string, too long, digits other than 0-9, or a number longer than any move holds."""
    if not isinstance(text, str):
        raise IllegalAction("A move is written as text.", "CORE-NOTATION")
    text = text.strip()
    if len(text) > MAX_NOTATION:
        raise IllegalAction("A move is at most {max_notation} characters long.", "CORE-NOTATION",
                            max_notation=MAX_NOTATION)
    if not text.isascii() and any(ch.isdigit() and not ("0" <= ch <= "9") for ch in text):
        raise IllegalAction("Write numbers in a move with the digits 0 to 9.", "CORE-NOTATION")
    if _longest_digit_run(text) > MAX_DIGITS:
        raise IllegalAction("No number in a move has more than {max_digits} digits.", "CORE-NOTATION",
                            max_digits=MAX_DIGITS)
    return text


def _unordered(value: Any) -> Any:
    """``value`` with every list made order-free and every scalar tagged with its type."""
    if isinstance(value, dict):
        return {key: _unordered(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return ("list", sorted((_unordered(item) for item in value), key=repr))
    return (type(value).__name__, value)


_DIGIT_RUN = re.compile("[0-9]+")


def _longest_digit_run(text: str) -> int:
    return max(map(len, _DIGIT_RUN.findall(text)), default=0)


