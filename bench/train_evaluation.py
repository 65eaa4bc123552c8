"""Train a game's position estimate by self-play: the learned weights shipped in ``games/ai/<game>_weights.py``.

    python bench/train_evaluation.py --game lim [--games 2:1000,3:150,4:150] [--iterations 2]
                                     [--level easy] [--jobs 2] [--first-seed 1] [--write]

Self-play games are played with the game's AI at ``--level``, every seat alike (the Lorenzo il
Magnifico games alternate the basic and the advanced game): the first iteration's with the game
module's ``HAND_SET_WEIGHTS``, each later one's with the weights the one before fitted. At every
decision each seat's features (the module's ``training_rows``: a weights key, the number of
players and the round, and the ``FEATURES``) are labelled with the points that seat went on to
score (its final score less the score it would have if the game ended there), and a linear model
per key is fitted by least squares (a small ridge, the constant unpenalised, each weight of the
sign the module's ``SIGNS`` gives it), so the estimate learns what the positions of its own play
turn into. The same command always writes the same weights.

A fifth of each iteration's games (every fifth seed) is held out. On them the bench prints, per
number of players, the root mean square error of each seat's final score by the fitted weights,
and of each seat's margin over its best opponent (what the search compares) by the fitted
weights, by the weights the games were played with and by the score if the game ended there.
``--write`` writes the last iteration's weights to ``games/ai/<game>_weights.py``; without it
nothing is written. ``--quick`` plays a few games for the smoke test.
"""

from __future__ import annotations

import argparse
import math
import sys
import textwrap
import time
from concurrent.futures import ProcessPoolExecutor
from importlib import import_module
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from games.ai import decide, decision_seed, game_ai

ROOT = Path(__file__).resolve().parent.parent
MAX_MOVES = 4000
RIDGE = 1.0
"""Added to the diagonal of the normal equations (not the constant's): keeps a feature that never
varies in a key (no ventures in round 1) at weight 0 instead of making the system singular."""
HELD_OUT = 5
"""Every fifth seed is held out of the fit and only measured."""

Key = tuple[int, int]
Sample = tuple[Key, tuple[float, ...], float, float]
"""A weights key, the features, the final score reached and the score if the game ended there."""


def options_for(key: str, seed: int) -> dict | None:
    return {"advanced": bool(seed % 2)} if key == "lim" else None


def play(job: tuple[str, int, int, str, dict[Key, tuple[float, ...]]]) -> list[Sample]:
    """One self-play game at ``level`` with ``weights``; every decision's samples."""
    key, players, seed, level, weights = job
    weights_module = import_module(f"games.ai.{key}_weights")
    shipped, weights_module.WEIGHTS = weights_module.WEIGHTS, weights
    try:
        return _self_play(key, players, seed, level)
    finally:
        weights_module.WEIGHTS = shipped


def _self_play(key: str, players: int, seed: int, level: str) -> list[Sample]:
    ai = game_ai(key)
    game = games.get(key)
    state = game.setup(players, seed, options_for(key, seed))
    seen: list[tuple[Key, tuple[float, ...], int, float]] = []
    for number in range(MAX_MOVES):
        if game.result(state) is not None:
            break
        for seat in sorted(game.actors(state)):
            if seat not in game.actors(state):
                continue
            now = ai.score_now(state)
            seen.extend((row_key, features, s, now[s]) for s, (row_key, features) in enumerate(ai.training_rows(state)))
            legal = [game.notation(action) for action in game.legal_actions(state, seat)]
            move = decide(key, game.view(state, seat), seat, legal, level, decision_seed(seed, number))
            state = game.play(state, seat, move)[0]
    result = game.result(state)
    if result is None:
        return []
    final = {entry["seat"]: entry["total"] for entry in result["scores"]}
    return [(row_key, features, float(final[s]), now) for row_key, features, s, now in seen]


def bounded_solve(matrix: list[list[float]], vector: list[float], signs: tuple[int, ...],
                  sweeps: int = 2000) -> list[float]:
    """The least-squares weights from the normal equations ``matrix`` w = ``vector``, each weight kept
    at the sign ``signs`` gives it (1: at least 0, -1: at most 0, 0: free), by cyclic coordinate
    descent (the problem is convex, so it converges to the bounded optimum)."""
    size = len(vector)
    weights = [0.0] * size
    for _ in range(sweeps):
        largest = 0.0
        for j in range(size):
            row = matrix[j]
            value = (vector[j] - sum(row[k] * weights[k] for k in range(size) if k != j)) / row[j]
            if signs[j] > 0:
                value = max(0.0, value)
            elif signs[j] < 0:
                value = min(0.0, value)
            largest = max(largest, abs(value - weights[j]))
            weights[j] = value
        if largest < 1e-7:
            break
    return weights


def fit(samples: list[Sample], signs: tuple[int, ...]) -> dict[Key, tuple[float, ...]]:
    """Least squares of the points still to come per key, a constant last (free); each weight of the
    sign ``signs`` asks; :data:`RIDGE` on every weight but the constant."""
    width = len(signs)
    sums: dict[Key, tuple[list[list[float]], list[float]]] = {}
    for key, features, final, now in samples:
        target = final - now
        xtx, xty = sums.setdefault(key, ([[0.0] * (width + 1) for _ in range(width + 1)], [0.0] * (width + 1)))
        x = (*features, 1.0)
        for i, xi in enumerate(x):
            if xi:
                row = xtx[i]
                for j, xj in enumerate(x):
                    row[j] += xi * xj
                xty[i] += xi * target
    weights = {}
    for key, (xtx, xty) in sorted(sums.items()):
        for i in range(width):
            xtx[i][i] += RIDGE
        weights[key] = tuple(round(w, 4) for w in bounded_solve(xtx, xty, (*signs, 0)))
    return weights


def predict(weights: tuple[float, ...], features: tuple[float, ...]) -> float:
    return weights[-1] + sum(w * x for w, x in zip(weights, features))


def errors(held_out: list[list[Sample]], fitted: dict[Key, tuple[float, ...]],
           played: dict[Key, tuple[float, ...]]) -> dict[int, dict[str, float]]:
    """Per number of players, over the held-out games' positions: the root mean square error, against
    what the game's end gave, of each seat's final score (by the fitted weights) and of each seat's
    margin over its best opponent (what the search compares: by the fitted weights, by the weights
    the games were played with, and by the score if the game ended there)."""
    squares: dict[int, dict[str, float]] = {}
    for samples in held_out:
        if not samples:  # a game stopped unfinished has no final score to compare with
            continue
        players = samples[0][0][0]
        for start in range(0, len(samples), players):
            position = samples[start:start + players]
            finals = [final for _, _, final, _ in position]
            estimates = {
                "fitted": [now + predict(fitted[key], x) for key, x, _, now in position],
                "played": [now + predict(played[key], x) for key, x, _, now in position],
                "now": [now for _, _, _, now in position],
            }
            total = squares.setdefault(players, {"samples": 0, "score": 0.0, "fitted": 0.0, "played": 0.0, "now": 0.0})
            total["samples"] += players
            total["score"] += sum((e - f) ** 2 for e, f in zip(estimates["fitted"], finals))
            for name, values in estimates.items():
                for seat in range(players):
                    total[name] += (margin(values, seat) - margin(finals, seat)) ** 2
    return {players: {name: value if name == "samples" else math.sqrt(value / total["samples"])
                      for name, value in total.items()} for players, total in sorted(squares.items())}


def margin(values: list[float], seat: int) -> float:
    return values[seat] - max(value for s, value in enumerate(values) if s != seat)


def write(key: str, weights: dict[Key, tuple[float, ...]], how: str) -> Path:
    ai = game_ai(key)
    path = ROOT / "games" / "ai" / f"{key}_weights.py"
    names = ", ".join(ai.FEATURES)
    described = textwrap.wrap(
        f"The points each seat went on to score in self-play games (its final score less its score if the "
        f"game had ended there), fitted per key (the number of players and the round) as a linear function "
        f"of ``FEATURES`` ({names}), then a constant. Written by this command, not by hand:", 96)
    lines = [
        f'"""The learned weights of the position estimate of ``games/ai/{key}.py`` (``expected_scores``).',
        "",
        *described,
        "",
        f"    {how}",
        '"""',
        "",
        "WEIGHTS: dict[tuple[int, int], tuple[float, ...]] = {",
    ]
    for stage, row in sorted(weights.items()):
        lines.append(f"    {stage}: ({', '.join(repr(w) for w in row)}),")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="lim")
    parser.add_argument("--games", default="2:1000,3:150,4:150", help="games per number of players")
    parser.add_argument("--iterations", type=int, default=2)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="write games/ai/<game>_weights.py")
    parser.add_argument("--quick", action="store_true", help="a few games, nothing written")
    args = parser.parse_args()
    if args.quick:
        args.games, args.iterations, args.write = "2:6,4:2", 1, False
    counts = {int(players): int(n) for players, n in (part.split(":") for part in args.games.split(","))}
    ai = game_ai(args.game)
    weights = {key: ai.HAND_SET_WEIGHTS for key in import_module(f"games.ai.{args.game}_weights").WEIGHTS}
    print(f"{args.game}: {args.iterations} iteration(s) of {sum(counts.values())} self-play games at "
          f"{args.level} ({', '.join(f'{n} of {p} players' for p, n in counts.items())}), "
          f"every {HELD_OUT}th seed held out")
    seed = args.first_seed
    for iteration in range(1, args.iterations + 1):
        started = time.monotonic()
        jobs = []
        for players, n in counts.items():
            jobs += [(args.game, players, seed + i, args.level, weights) for i in range(n)]
            seed += n
        with ProcessPoolExecutor(args.jobs) as pool:
            played = list(pool.map(play, jobs, chunksize=4))
        training = [s for job, samples in zip(jobs, played) if job[2] % HELD_OUT for s in samples]
        held_out = [samples for job, samples in zip(jobs, played) if not job[2] % HELD_OUT]
        fitted = fit(training, ai.SIGNS)
        print(f"iteration {iteration}: {len(jobs)} games ({sum(not samples for samples in played)} unfinished), "
              f"{len(training)} samples fitted, {sum(map(len, held_out))} held out, {time.monotonic() - started:.0f} s")
        for players, error in errors(held_out, fitted, weights).items():
            print(f"  {players} players, held-out RMSE: final score {error['score']:.2f}; margin over the best "
                  f"opponent {error['fitted']:.2f} (the weights played with {error['played']:.2f}, the score "
                  f"if the game ended there {error['now']:.2f}), {error['samples']:.0f} samples")
        weights = fitted
    if args.write:
        how = (f"python bench/train_evaluation.py --game {args.game} --games {args.games} "
               f"--iterations {args.iterations} --level {args.level} --first-seed {args.first_seed} --write")
        print(f"written: {write(args.game, weights, how).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
