"""Game-independent decision making over the engine contract.

Every level decides from a seat's view only: it builds a few *worlds* (full states that match the
view, with the hidden parts sampled by the game's ``determinize``) and judges the seat's moves in
them. ``easy`` applies each move once and keeps the best evaluation; ``normal`` and ``strong`` keep
the best few moves by that one-move look-ahead, then share a fixed number of truncated random
(or informed, see :class:`Budget`) playouts among them by successive halving, and pick the best
mean evaluation. Budgets are counted in playouts, so a decision depends only on the view, the
seat and the seed; the optional deadline is a safety net that stops the search early with the
best move so far.
"""

from __future__ import annotations

import random
import time
from bisect import bisect
from itertools import accumulate
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from games.core import Game, IllegalAction, clone

State = dict[str, Any]


class GameAI(Protocol):
    """What each per-game module provides."""

    ROLLOUT_WEIGHTS: dict[str, float]
    """How often a playout picks each move type when it is legal (1 for a type not listed)."""

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> State: ...

    def evaluate(self, state: State, seat: int) -> float: ...

    # Optional: ``candidates(view, legal) -> list[str]``, the legal moves worth judging (never empty);
    # ``rollout_actions(state, seat) -> list[action]``, the moves a playout draws from (the legal
    # moves, or a cheaper list to the same effect; ``legal_actions`` when the game has none);
    # ``rollout_choice(group, rng) -> action``, a playout's move among ``group``, the legal moves of
    # the type drawn (one at random when the game has no such function); ``INFORMED_WEIGHTS`` and
    # ``informed_choice(group, rng) -> action``, the same for a budget's informed playouts (see
    # :class:`Budget`; the plain ones when the game has none); ``BUDGETS``, the game's
    # own budgets by level, and ``PLAYER_BUDGETS``, by number of players, then level (see
    # ``games.ai.level_budget``).


@dataclass(frozen=True)
class Budget:
    """How hard a level thinks: worlds sampled, moves kept after the look-ahead, playouts, depth,
    and whether the playouts follow the game's *informed* policy (``INFORMED_WEIGHTS`` and
    ``informed_choice``: among the moves of the type drawn, the one that brings most) rather than
    its plain one."""

    worlds: int
    keep: int = 0
    playouts: int = 0
    depth: int = 0
    informed: bool = False

    @classmethod
    def read(cls, parts: list[int | str]) -> Budget:
        """A budget as the benchmarks write it: worlds, kept, playouts, depth, then ``informed`` if
        it is (``"16,16,2048,8,informed".split(",")``, or the list a results file keeps)."""
        worlds, keep, playouts, depth, *flags = parts
        if set(flags) - {"informed"}:
            raise ValueError(f"not a budget: {parts}")
        return cls(int(worlds), int(keep), int(playouts), int(depth), informed="informed" in flags)

    def written(self) -> list[int | str]:
        """The budget as :meth:`read` reads it."""
        return [self.worlds, self.keep, self.playouts, self.depth] + (["informed"] if self.informed else [])


LOST = float("-inf")


class Search:
    """One decision: the worlds, the candidate moves and the budget."""

    def __init__(self, game: Game, ai: GameAI, view: dict[str, Any], seat: int, legal: list[str],
                 budget: Budget, seed: int, deadline: float | None) -> None:
        self.game, self.ai, self.seat, self.legal = game, ai, seat, legal
        self.budget, self.deadline = budget, deadline
        self.rng = random.Random(seed)
        self.worlds = [ai.determinize(view, seat, self.rng) for _ in range(budget.worlds)]
        self.played: dict[tuple[int, str], State | None] = {}
        self.rollout_actions = getattr(ai, "rollout_actions", game.legal_actions)
        self.rollout_choice = getattr(ai, "rollout_choice", None)
        self.rollout_weights = ai.ROLLOUT_WEIGHTS
        if budget.informed and hasattr(ai, "informed_choice"):
            self.rollout_choice, self.rollout_weights = ai.informed_choice, ai.INFORMED_WEIGHTS

    # ------------------------------------------------------------------ worlds
    def _late(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    def _play(self, world: int, text: str) -> State | None:
        """World number ``world`` after the seat plays ``text``; None if the move cannot be played there.

        A world only approximates the table (a few public details are not in the views), so the
        table's move may be refused there, or even reach an engine path the table never takes.
        """
        if (world, text) not in self.played:
            try:
                self.played[world, text] = self.game.play(self.worlds[world], self.seat, text)[0]
            except Exception:  # noqa: BLE001 - see above: the move is just not playable in this world
                self.played[world, text] = None
        return self.played[world, text]

    def value(self, state: State) -> float:
        return self.ai.evaluate(state, self.seat)

    # ------------------------------------------------------------------ levels
    def look_ahead(self) -> list[tuple[float, str]]:
        """Every legal move with its mean evaluation one move ahead, best first (ties by seed)."""
        judged = []
        for text in self.legal:
            total, seen = 0.0, 0
            for world in range(len(self.worlds)):
                after = self._play(world, text)
                if after is not None:
                    total += self.value(after)
                    seen += 1
            judged.append((total / seen if seen else LOST, self.rng.random(), text))
            if self._late():
                break
        judged.sort(reverse=True)
        return [(score, text) for score, _, text in judged]

    def playouts(self) -> str:
        """Successive halving of the playout budget over the best moves of the look-ahead.

        Every move is judged in the same worlds with the same random numbers: a move's n-th playout
        runs in world n modulo the worlds, drawing from a generator seeded by the decision and n, so
        two moves differ by what they do and not by the deal or the luck each happened to meet.
        """
        ranked = self.look_ahead()
        alive = [text for score, text in ranked[: self.budget.keep] if score != LOST] or [ranked[0][1]]
        if len(alive) == 1:
            return alive[0]
        totals = {text: 0.0 for text in alive}
        counts = {text: 0 for text in alive}
        rounds = max(1, (len(alive) - 1).bit_length())
        per_round = self.budget.playouts // rounds
        luck = [self.rng.getrandbits(63) for _ in range(self.budget.playouts)]
        played = 0
        while len(alive) > 1:
            each = max(1, per_round // len(alive))
            for number in range(played, played + each):
                for text in alive:
                    after = self._play(number % len(self.worlds), text)
                    self.rng = random.Random(luck[number % len(luck)])
                    totals[text] += self.playout(after) if after is not None else -1e9
                    counts[text] += 1
                    if self._late():
                        return max(alive, key=lambda t: totals[t] / max(1, counts[t]))
            played += each
            alive.sort(key=lambda t: totals[t] / counts[t], reverse=True)
            alive = alive[: max(1, len(alive) // 2)]
        return alive[0]

    def playout(self, start: State) -> float:
        """Weighted random moves by whoever must act, for at most ``depth`` moves, then the evaluation.

        The moves are played on one private copy of ``start`` by the engine's fast path
        (:meth:`Game.simulate`, writing no event line: :meth:`Game.unrecorded`); a move the engine
        refuses there ends the playout with the evaluation of ``start``, since the refusal may have
        left the copy half changed.
        """
        game = self.game
        state = game.copy_state(start)
        with game.unrecorded():
            refused = self._advance(state)
        return self.value(start if refused else state)

    def _advance(self, state: State) -> bool:
        """The moves of one playout, played on ``state``; whether the engine refused one."""
        game, rng = self.game, self.rng
        for _ in range(self.budget.depth):
            if game.result(state) is not None:
                break
            actors = sorted(game.actors(state))
            if not actors:
                break
            actor = actors[rng.randrange(len(actors))]
            actions = self.rollout_actions(state, actor)
            if not actions:
                break
            try:
                game.simulate(state, actor, self.rollout_move(actions))
            except IllegalAction:
                return True
        return False

    def rollout_move(self, actions: list[dict[str, Any]]) -> dict[str, Any]:
        return rollout_draw(actions, self.rng, self.rollout_weights, self.rollout_choice)


def rollout_draw(actions: list[dict[str, Any]], rng: random.Random, weights: dict[str, float],
                 choice: Callable[[list[dict[str, Any]], random.Random], dict[str, Any]] | None = None,
                 ) -> dict[str, Any]:
    """One move as the playouts draw it: a move type by the game's playout ``weights``, then one
    move of that type, the game's ``choice`` (its ``rollout_choice``) if it has one, else one at random."""
    kinds = sorted({action["type"] for action in actions})
    # rng.choices(kinds, weights) written out: the same single random() and the same pick.
    cumulative = list(accumulate([weights.get(k, 1.0) for k in kinds]))
    kind = kinds[bisect(cumulative, rng.random() * (cumulative[-1] + 0.0), 0, len(kinds) - 1)]
    group = actions if len(kinds) == 1 else [action for action in actions if action["type"] == kind]
    if choice is not None:
        return choice(group, rng)
    return group[rng.randrange(len(group))]


class Blanks:
    """Fresh set-ups of one game, made once per player count and options and copied for each world."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.made: dict[str, State] = {}

    def fresh(self, players: int, options: dict[str, Any] | None = None) -> State:
        key = f"{players}:{sorted((options or {}).items())}"
        if key not in self.made:
            self.made[key] = self.game.setup(players, 0, options)
        return clone(self.made[key])


def view_evaluation(game: Game, state: State, seat: int,
                    estimates: Callable[[dict[str, Any]], list[float]]) -> float:
    """A finished game by its result, else the seats' estimates read from the public view (the
    game modules of earlier revisions, which ``bench/ai_versus.py`` plays against, evaluate so)."""
    result = game.result(state)
    if result is not None:
        return result_value(result, seat)
    return relative(estimates(game.view(state, None)), seat)


def result_value(result: dict[str, Any], seat: int) -> float:
    """A finished game seen from ``seat``: a large bonus or malus for the place, plus the margin."""
    totals = {entry["seat"]: entry["total"] for entry in result["scores"]}
    others = [total for s, total in totals.items() if s != seat]
    margin = totals[seat] - max(others) if others else 0
    if "solo" in result:
        return (1000.0 if result["solo"].get("won") else -1000.0) + totals[seat]
    ranking = result["ranking"]
    place = next(i for i, group in enumerate(ranking) if seat in group)
    return 1000.0 * (1 - 2 * place / max(1, len(ranking) - 1)) + margin if len(ranking) > 1 else margin


def relative(estimates: list[float], seat: int) -> float:
    """A seat's estimate against its strongest opponent (its own estimate alone when solo)."""
    others = [value for s, value in enumerate(estimates) if s != seat]
    return estimates[seat] - max(others) if others else estimates[seat]

