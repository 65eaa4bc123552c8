"""The coach: hints for a seat's current decision, and the review of a finished game (docs/coach.md).

Both judge a move the same way: by the seat's expected FINAL score, in victory points, from the
seat's view at that moment. The view becomes *worlds* through the game AI's own ``determinize``
(hidden cards dealt afresh), the move is played in each world, and the game is continued to its
end by a cheap but sensible policy for every seat (:func:`continue_to_end`). Every move of one
decision is judged on the same worlds with the same continuation seeds (common random numbers), so
the difference between two moves is much surer than either score alone. Nothing here reads what
the seat cannot see, nothing depends on the clock, and everything follows from the seed.

A review first screens every decision a person made cheaply (the AI's look-ahead: a decision where
the player chose the AI's own first choice is no turning point; the others get a few
continuations), keeps the most promising few per seat, and judges those fully on fresh worlds;
only an alternative whose gain is sure to be large enough (the lower end of its paired 95 %
interval at least ``least_gain``) makes a turning point.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import games
from games.core import IllegalAction, clone
from games.core.result import public_points

from . import decision_seed, game_ai
from .search import Budget, Search, rollout_draw

Z95 = 1.96
"""The normal quantile of a two-sided 95 % interval."""


@dataclass(frozen=True)
class CoachBudget:
    """How hard the coach thinks, counted in continuations (never in seconds).

    ``worlds``: continuations to the end of the game for each move judged fully (each in its own
    sampled world); ``final_worlds``: the fresh worlds on which a review judges the played move
    and its alternative for the last time (more than ``worlds``: only a few decisions get there,
    and their verdict is what the player reads); ``moves``: how many moves of a decision are
    judged fully (the best of the look-ahead); ``screen_worlds``: worlds of the one-move
    look-ahead that shortlists them; ``screen_continuations``: continuations per move when a review screens a decision; ``kept``:
    decisions per seat a review judges fully; ``choices``: moves a continuation compares at each
    step (0: every legal move); ``least_gain``: the VP an alternative must surely win to make a
    turning point; ``certainty``: how many standard errors the gain must stand above
    ``least_gain`` (1.96: the lower end of its paired 95 % interval; 0: the gain itself);
    ``steps``: the continuation moves a hint may spend over all its worlds (0: no limit). The
    worlds stop after the first that reaches it (never before two): an early decision of a long
    game gets fewer worlds instead of more seconds, and the count stays reproducible.
    """

    worlds: int = 16
    final_worlds: int = 32
    moves: int = 4
    screen_worlds: int = 4
    screen_continuations: int = 4
    kept: int = 5
    choices: int = 3
    least_gain: float = 3.0
    certainty: float = Z95
    steps: int = 0

    def __post_init__(self) -> None:
        if self.worlds < 2 or self.final_worlds < 2 or self.screen_continuations < 2:
            raise ValueError("an interval needs at least two continuations per move")
        if self.moves < 1 or self.screen_worlds < 1 or self.kept < 1:
            raise ValueError("a coach budget judges at least one move in at least one world")
        if self.choices < 0 or self.steps < 0:
            raise ValueError("a coach budget's choices and steps are never negative (0: no limit)")


HINT_BUDGET = CoachBudget(worlds=12, moves=4, steps=10_000)
"""The hints' default: within a few seconds of one core at four players (bench/coach.py; the
three games' continuations run 2,000 to 3,000 moves per CPU-second)."""
REVIEW_BUDGET = CoachBudget()
"""The review's default: a four-player game within ten CPU-minutes (bench/coach.py)."""
SUMS = {"total"}
"""Breakdown keys that add up the others (Lorenzo il Magnifico's): never a reason of their own."""
MAX_CONTINUATION = 5000
"""Moves after which a continuation stops (no game comes near it): the seat then scores its points so far."""


@dataclass(frozen=True)
class Judgement:
    """One move of a decision, judged by the seat's expected final score."""

    move: str
    """The move's notation (one of the seat's legal moves)."""
    expected: float
    """The seat's expected final score (victory points) after this move."""
    spread: float
    """Half-width of the 95 % interval of ``expected``."""
    versus_best: float
    """``expected`` minus the best judged move's (0 for the best, else below 0)."""
    reason: tuple[str, float] | None
    """The scoring category (a key of the game's result breakdown, e.g. ``faith_track``) in which
    this move differs most from the one it is compared with, and that difference in VP."""

    def to_dict(self) -> dict[str, Any]:
        return {"move": self.move, "expected": self.expected, "spread": self.spread,
                "versus_best": self.versus_best,
                "reason": [self.reason[0], self.reason[1]] if self.reason is not None else None}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Judgement:
        reason = data.get("reason")
        return cls(move=str(data["move"]), expected=float(data["expected"]), spread=float(data["spread"]),
                   versus_best=float(data["versus_best"]),
                   reason=(str(reason[0]), float(reason[1])) if reason is not None else None)


@dataclass(frozen=True)
class TurningPoint:
    """A decision where the AI's preferred move would have raised the seat's expected final score."""

    number: int
    """The move number (0-based index into the move log) of the decision."""
    seat: int
    played: Judgement
    """The move the player made."""
    alternative: Judgement
    """The AI's preferred move there."""
    gain_spread: float = 0.0
    """Half-width of the 95 % interval of :attr:`gain` (paired over the same worlds, so narrower
    than the two moves' own spreads)."""

    @property
    def gain(self) -> float:
        """What the alternative was expected to bring over the move played, in VP."""
        return self.alternative.expected - self.played.expected

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "seat": self.seat, "played": self.played.to_dict(),
                "alternative": self.alternative.to_dict(), "gain_spread": self.gain_spread}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TurningPoint:
        return cls(number=int(data["number"]), seat=int(data["seat"]),
                   played=Judgement.from_dict(data["played"]),
                   alternative=Judgement.from_dict(data["alternative"]),
                   gain_spread=float(data.get("gain_spread", 0.0)))


# ---------------------------------------------------------------------------------- continuations
def continue_to_end(game_key: str, state: dict[str, Any], seed: int,
                    choices: int) -> tuple[dict[int, float], dict[int, dict[str, int]]]:
    """Play ``state`` (changed in place) to the end; each seat's final total and breakdown (see
    :func:`_continue`)."""
    totals, breakdowns, _ = _continue(game_key, state, seed, choices)
    return totals, breakdowns


def _continue(game_key: str, state: dict[str, Any], seed: int,
              choices: int) -> tuple[dict[int, float], dict[int, dict[str, int]], int]:
    """Play ``state`` (changed in place) to the end; each seat's final total and breakdown, and
    how many moves it took.

    The first seat that must act draws ``choices`` moves the way the AI's playouts draw them (the
    game's move weights and choices; every legal move when ``choices`` is 0) and plays the one the
    game's evaluation likes best for itself: a sketch of a reasonable player, far cheaper than a
    search. Each seat's n-th move of the continuation draws from its own generator, seeded by
    ``seed``, the seat and n: two continuations of one world after two different moves then draw
    alike wherever the game lets them, so they differ mostly by what the two moves changed
    (common random numbers). A game not over after :data:`MAX_CONTINUATION` moves scores each
    seat's points so far, without a breakdown.
    """
    game, ai = games.get(game_key), game_ai(game_key)
    listing = getattr(ai, "rollout_actions", game.legal_actions)
    played: dict[int, int] = {}
    for _ in range(MAX_CONTINUATION):
        if game.result(state) is not None:
            break
        actors = game.actors(state)
        if not actors:
            break
        actor = min(actors)
        actions = listing(state, actor)
        if not actions:
            break
        played[actor] = played.get(actor, 0) + 1
        rng = random.Random((seed << 24) ^ (actor << 20) ^ played[actor])
        game.simulate(state, actor, _policy_move(game, ai, state, actor, actions, rng, choices))
    result, steps = game.result(state), sum(played.values())
    if result is None:
        points = public_points(game.view(state, None))
        return {seat: float(vp) for seat, vp in points.items()}, {seat: {} for seat in points}, steps
    return ({entry["seat"]: float(entry["total"]) for entry in result["scores"]},
            {entry["seat"]: dict(entry["breakdown"]) for entry in result["scores"]}, steps)


def _policy_move(game: Any, ai: Any, state: dict[str, Any], actor: int, actions: list[dict[str, Any]],
                 rng: random.Random, choices: int) -> dict[str, Any]:
    drawn: list[dict[str, Any]] = [] if choices else list(actions)
    choice = getattr(ai, "rollout_choice", None)
    for _ in range(choices if len(actions) > 1 else 1 if choices else 0):
        action = rollout_draw(actions, rng, ai.ROLLOUT_WEIGHTS, choice)
        if action not in drawn:
            drawn.append(action)
    if len(drawn) == 1:
        return drawn[0]
    best, best_value = drawn[0], -math.inf
    for action in drawn:
        trial = clone(state)
        try:
            game.simulate(trial, actor, action)
        except IllegalAction:
            continue
        value = ai.evaluate(trial, actor)
        if value > best_value:
            best, best_value = action, value
    return best


# ---------------------------------------------------------------------------------- judging
@dataclass
class _Samples:
    """Each world's outcome of one move: the seat's total and breakdown (None: not playable there)."""

    totals: list[float | None]
    breakdowns: list[dict[str, int] | None]

    def mean(self) -> float:
        seen = [t for t in self.totals if t is not None]
        return sum(seen) / len(seen) if seen else -math.inf

    def spread(self) -> float:
        return _half_width([t for t in self.totals if t is not None])


def _half_width(values: list[float]) -> float:
    if len(values) < 2:
        return math.inf
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return Z95 * math.sqrt(variance / len(values))


def _sample(game_key: str, view: dict[str, Any], seat: int, moves: list[str], seed: int, label: str,
            count: int, choices: int, steps: int = 0) -> dict[str, _Samples]:
    """Each move played in ``count`` worlds of ``view`` and continued to the end; the same worlds and
    continuation seeds for every move. With ``steps``, no new world once the continuations have
    played that many moves (after two worlds at least)."""
    game, ai = games.get(game_key), game_ai(game_key)
    samples = {move: _Samples([], []) for move in moves}
    spent = 0
    for index in range(count):
        if steps and index >= 2 and spent >= steps:
            break
        world = ai.determinize(view, seat, random.Random(f"{seed}:{label}:world:{index}"))
        for move in moves:
            try:
                after = game.play(world, seat, move)[0]
            except Exception:  # noqa: BLE001 - a world only approximates the table (see Search._play)
                samples[move].totals.append(None)
                samples[move].breakdowns.append(None)
                continue
            continuation = random.Random(f"{seed}:{label}:play:{index}").getrandbits(40)
            totals, breakdowns, played = _continue(game_key, after, continuation, choices)
            spent += played
            samples[move].totals.append(totals[seat])
            samples[move].breakdowns.append(breakdowns[seat])
    return samples


def _reason(mine: _Samples, other: _Samples) -> tuple[str, float] | None:
    """The breakdown category that explains most of the difference between the two moves, over the
    worlds both reached: the largest gain when ``mine`` scores at least as much as ``other``, the
    largest loss when it scores less (a better move is never explained by what it loses)."""
    pairs = [(a, b) for a, b in zip(mine.breakdowns, other.breakdowns) if a and b]
    if not pairs:
        return None
    keys = sorted({key for a, b in pairs for key in (*a, *b)} - SUMS)
    differences = {key: sum(a.get(key, 0) - b.get(key, 0) for a, b in pairs) / len(pairs) for key in keys}
    direction = 1 if mine.mean() >= other.mean() else -1
    key = max(keys, key=lambda k: (direction * differences[k], k))
    return (key, differences[key]) if direction * differences[key] > 0 else None


def _paired_spread(mine: _Samples, other: _Samples) -> float:
    return _half_width([a - b for a, b in zip(mine.totals, other.totals) if a is not None and b is not None])


def _judgements(samples: dict[str, _Samples], compared: Mapping[str, str] | None = None) -> list[Judgement]:
    """Every sampled move that at least two worlds could play, best first; each move's reason
    against ``compared[move]``, by default the best move (the best against the second)."""
    order = sorted((m for m in samples if sum(t is not None for t in samples[m].totals) >= 2),
                   key=lambda m: (-samples[m].mean(), m))
    if not order:
        return []
    best = samples[order[0]].mean()
    judged = []
    for move in order:
        other = (compared or {}).get(move) or (order[1] if move == order[0] and len(order) > 1 else order[0])
        judged.append(Judgement(move=move, expected=samples[move].mean(), spread=samples[move].spread(),
                                versus_best=samples[move].mean() - best,
                                reason=_reason(samples[move], samples[other]) if other != move else None))
    return judged


def shortlist(game_key: str, view: dict[str, Any], seat: int, legal: list[str], seed: int,
              budget: CoachBudget | None = None) -> list[str]:
    """The moves worth judging fully, the AI's first choice first: the best ``budget.moves`` of
    the AI's one-move look-ahead over ``budget.screen_worlds`` worlds of the view."""
    if not legal:
        raise ValueError("the seat has no move to play")
    plan = budget or HINT_BUDGET
    ai = game_ai(game_key)
    worth = ai.candidates(view, legal) if hasattr(ai, "candidates") else legal
    if len(worth) == 1:
        return list(worth)
    search = Search(games.get(game_key), ai, view, seat, list(worth), Budget(worlds=plan.screen_worlds),
                    random.Random(f"{seed}:shortlist").getrandbits(63), None)
    ranked = [text for _, text in search.look_ahead()]
    return ranked[: plan.moves]


def hints(game_key: str, view: dict[str, Any], seat: int, legal: list[str], seed: int, *,
          budget: CoachBudget | None = None, count: int = 3) -> list[Judgement]:
    """Up to ``count`` moves for ``seat``'s current decision, best first, judged from the view only.

    ``view`` is ``game.view(state, seat)``, ``legal`` the notations of the seat's legal moves,
    ``seed`` e.g. ``decision_seed(table_seed, move_number)``.
    """
    plan = budget or HINT_BUDGET
    moves = shortlist(game_key, view, seat, legal, seed, plan)
    samples = _sample(game_key, view, seat, moves, seed, "hint", plan.worlds, plan.choices, plan.steps)
    return _judgements(samples)[:count]


# ---------------------------------------------------------------------------------- review
@dataclass
class _Decision:
    number: int
    seat: int
    view: dict[str, Any]
    legal: list[str]
    played: str


def _decisions(game_key: str, players: int, seed: int, options: dict[str, Any] | None,
               moves: Sequence[tuple[int, str]], reviewed: Mapping[int, Collection[int]]) -> list[_Decision]:
    """The game replayed: every reviewed decision with more than one legal move, as its seat saw it."""
    game = games.get(game_key)
    wanted = {(seat, number) for seat, numbers in reviewed.items() for number in numbers}
    state = game.setup(players, seed, options)
    found = []
    for number, (seat, text) in enumerate(moves):
        if (seat, number) in wanted:
            legal = [game.notation(action) for action in game.legal_actions(state, seat)]
            if len(legal) > 1:
                found.append(_Decision(number, seat, game.view(state, seat), legal, text))
        state = game.play(state, seat, text)[0]
    return found


def review(game_key: str, players: int, seed: int, options: dict[str, Any] | None,
           moves: Sequence[tuple[int, str]], reviewed: Mapping[int, Collection[int]], *,
           budget: CoachBudget | None = None, progress: Callable[[int, int], None] | None = None,
           ) -> dict[int, list[TurningPoint]]:
    """Replays the game; for each seat in ``reviewed`` (seat -> the move numbers that seat's person
    really decided: the table leaves out stand-in / timeout moves), finds up to three turning
    points, biggest gain first, each judged only from what that seat could see then.

    ``seed`` and ``options`` are the table's set-up; ``moves`` the move log as (seat, notation).
    ``progress(done, total)`` is called as the work advances (``total`` may shrink at the end).
    """
    plan = budget or REVIEW_BUDGET
    decisions = _decisions(game_key, players, seed, options, moves, reviewed)
    per_seat = {seat: min(plan.kept, sum(d.seat == seat for d in decisions)) for seat in reviewed}
    total = len(decisions) + sum(per_seat.values())
    done = 0
    screened: dict[int, list[tuple[float, _Decision, list[str]]]] = {seat: [] for seat in reviewed}
    for decision in decisions:
        dseed = decision_seed(seed, decision.number)
        best = shortlist(game_key, decision.view, decision.seat, decision.legal, dseed, plan)
        if best[0] != decision.played:
            samples = _sample(game_key, decision.view, decision.seat, [decision.played, best[0]], dseed,
                              "screen", plan.screen_continuations, plan.choices)
            gain = samples[best[0]].mean() - samples[decision.played].mean()
            if gain > 0:
                screened[decision.seat].append((gain, decision, best))
        done += 1
        if progress:
            progress(done, total)
    total = len(decisions) + sum(min(plan.kept, len(found)) for found in screened.values())
    points: dict[int, list[TurningPoint]] = {}
    for seat in sorted(reviewed):
        found = []
        promising = sorted(screened[seat], key=lambda item: (-item[0], item[1].number))[: plan.kept]
        for _, decision, best in promising:
            point = _turning_point(game_key, decision, best, seed, plan)
            if point is not None:
                found.append(point)
            done += 1
            if progress:
                progress(done, total)
        points[seat] = sorted(found, key=lambda p: (-p.gain, p.number))[:3]
    return points


def _turning_point(game_key: str, decision: _Decision, best: list[str], seed: int,
                   plan: CoachBudget) -> TurningPoint | None:
    """The played move against the shortlist, fully judged, or None when the alternative is not
    surely better.

    One set of worlds chooses the alternative (the best other move); a second, fresh and larger
    set (``plan.final_worlds``) judges the two moves, so the gain reported is not inflated by
    having been the largest of several noisy ones. A turning point needs the gain less
    ``plan.certainty`` paired standard errors to reach ``plan.least_gain``: by default the lower
    end of the gain's 95 % interval is at least 3 VP (docs/coach.md says why 3, not 1).
    """
    dseed = decision_seed(seed, decision.number)
    others = [move for move in best if move != decision.played]
    if len(others) > 1:
        chosen = _sample(game_key, decision.view, decision.seat, others, dseed, "choose", plan.worlds, plan.choices)
        others = [max(others, key=lambda m: (chosen[m].mean(), m))]
    alternative = others[0]
    samples = _sample(game_key, decision.view, decision.seat, [decision.played, alternative], dseed, "review",
                      plan.final_worlds, plan.choices)
    judged = {j.move: j for j in _judgements(samples, {decision.played: alternative,
                                                         alternative: decision.played})}
    if decision.played not in judged or alternative not in judged:
        return None
    point = TurningPoint(number=decision.number, seat=decision.seat, played=judged[decision.played],
                         alternative=judged[alternative],
                         gain_spread=_paired_spread(samples[alternative], samples[decision.played]))
    return point if surely_gains(point, plan) else None


def surely_gains(point: TurningPoint, plan: CoachBudget) -> bool:
    """Whether ``point``'s gain, less ``plan.certainty`` paired standard errors, reaches ``plan.least_gain``."""
    return point.gain - plan.certainty * point.gain_spread / Z95 >= plan.least_gain


def biggest_swing(points: Mapping[int, list[TurningPoint]]) -> TurningPoint | None:
    """The turning point of the whole game with the biggest gain (the earliest among equals)."""
    every = [point for found in points.values() for point in found]
    return min(every, key=lambda p: (-p.gain, p.number, p.seat)) if every else None


__all__ = ["HINT_BUDGET", "REVIEW_BUDGET", "CoachBudget", "Judgement", "TurningPoint", "biggest_swing",
           "continue_to_end", "hints", "review", "shortlist", "surely_gains"]
