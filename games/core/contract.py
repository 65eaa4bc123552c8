"""The engine contract shared by every game.

A game is a stateless object; a *state* is a JSON-safe ``dict`` with string keys (so ``dumps``
and ``loads`` are exact, and the store can keep it as text). An *action* is a JSON-safe ``dict``
with a ``"type"`` key; its canonical text form is the game's notation, which is what the move log
stores. Seat 0 is the first player; the table decides which person sits where.

Subclasses implement the underscored hooks. :meth:`Game.apply` wraps ``_apply`` so that every
engine gets the same guarantees: a finished game or a seat that may not act is refused, the input
state is never changed, and a refusal half way through an action leaves nothing behind (the hook
works on a private copy that is thrown away when it raises).
"""

from __future__ import annotations

import json
import pickle
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Iterable

from .errors import CorruptState, IllegalAction

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]
"""One thing that happened, for the public log: ``{"type": ..., "text": ...}``.

``text`` is one English line that may name seats as ``{p0}``, ``{p1}``...; the table fills in the
players' display names. Events never carry hidden information.
"""


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
            raise IllegalAction(f"Option '{self.name}' must be one of: {allowed}.", "CORE-OPTION")
        return value


def clone(state: State) -> State:
    """A deep copy of a JSON-safe state (pickle is several times faster than ``copy.deepcopy``)."""
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

    # ----------------------------------------------------------------- lifecycle
    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        """A new game, fully determined by ``(players, seed, options)``."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                f"{self.title} is for {self.player_range()} players, not {players}.", "CORE-PLAYERS"
            )
        return self._setup(players, seed, self.normalize_options(options or {}))

    def normalize_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Every option filled in with its default; unknown names and values are refused."""
        known = {spec.name: spec for spec in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise IllegalAction(
                f"{self.title} has no option '{unknown[0]}' (options: {names}).", "CORE-OPTION"
            )
        return {name: spec.validate(options.get(name, spec.default)) for name, spec in known.items()}

    def player_range(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players} to {self.max_players}"

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """The state after ``seat`` plays ``action``, and what happened; raises IllegalAction."""
        if self.result(state) is not None:
            raise IllegalAction("This game is over: no more moves can be made.", "CORE-OVER")
        if seat not in self.actors(state):
            raise IllegalAction(self.waiting_message(state, seat), "CORE-TURN")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("That is not a move of this game.", "CORE-NOTATION")
        new_state = clone(state)
        events = self._apply(new_state, seat, action)
        return new_state, events

    def play(self, state: State, seat: int, text: str) -> tuple[State, list[Event]]:
        """Parse notation and apply it: the one call adapters need."""
        return self.apply(state, seat, self.parse(state, text))

    def waiting_message(self, state: State, seat: int) -> str:
        """Why ``seat`` may not act now; engines may say more (e.g. which decision is pending)."""
        return "It is not your turn."

    def prompt(self, state: State, seat: int) -> str:
        """One line telling ``seat`` what it must do now, posted publicly with the turn ping.

        It must not name hidden information (cards in a hand, a draft pack): point to the
        seat's own view instead.
        """
        return "It is your turn."

    def replay(
        self, players: int, seed: int, options: dict[str, Any] | None, moves: Iterable[tuple[int, str]]
    ) -> State:
        """Rebuild a game from its seed, options and notation move log."""
        state = self.setup(players, seed, options)
        for seat, text in moves:
            state, _ = self.play(state, seat, text)
        return state

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
    def _apply(self, state: State, seat: int, action: Action) -> list[Event]:
        """Validate and perform ``action`` by mutating ``state`` (a private copy)."""

    @abstractmethod
    def actors(self, state: State) -> set[int]:
        """The seats that must act now (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """The actions ``seat`` may take now (``[]`` for a seat that may not act)."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see; ``None`` is the public view, with no hidden information."""

    @abstractmethod
    def result(self, state: State) -> dict[str, Any] | None:
        """``None`` while playing; then the final result (see :func:`make_result`)."""

    @abstractmethod
    def notation(self, action: Action) -> str: ...

    @abstractmethod
    def parse(self, state: State, text: str) -> Action:
        """The action that ``text`` names; IllegalAction (rule ``CORE-NOTATION``) if malformed."""


def make_result(
    totals: list[int],
    breakdowns: list[dict[str, int]],
    tiebreak: list[Any] | None = None,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The common result shape.

    ``ranking`` lists groups of seats from first place down; seats in one group are still tied
    after the tie-break (higher ``tiebreak`` value wins). ``winners`` is the first group.
    """
    keys = [(totals[s], tiebreak[s] if tiebreak else 0) for s in range(len(totals))]
    ranking: list[list[int]] = []
    for seat in sorted(range(len(totals)), key=lambda s: keys[s], reverse=True):
        if ranking and keys[ranking[-1][0]] == keys[seat]:
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    result = {
        "scores": [
            {"seat": s, "total": totals[s], "breakdown": breakdowns[s]} for s in range(len(totals))
        ],
        "ranking": ranking,
        "winners": ranking[0],
    }
    if extra:
        result.update(extra)
    return result
