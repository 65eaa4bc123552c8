"""How true, how fast and how useful the coach is (docs/coach.md; the goals are printed beside each figure).

    python bench/coach.py [--quick] [--keys mor,lim,opera] [--players 2,4] [--games N] [--verify W]
                          [--judge easy] [--check normal-lite --check-points P] [--hints K] [--hints-only]
                          [--follow G] [--results bench/results/coach.jsonl]

(a) Truth of the review: N finished games per game and player count, AI against AI at mixed levels
    (each seat ``easy`` or ``normal``, drawn from the seed), are reviewed at the default budget;
    every turning point is then continued both ways (the move played and the alternative) in W
    fresh worlds of the player's view at that moment (paired: both moves in the same world, with
    the same decision seeds), each seat played to the end by the ``--judge`` AI from its own view,
    never by the review's own continuation sketch. Printed: the share of turning points where the
    alternative scores at least 1 VP more on average, with its 95 % Wilson interval (goal >= 80 %),
    and how many turning points a game gets. ``--check J --check-points P`` verifies the first P
    turning points again with the stronger judge J, to show whether the figure holds.
(b) Hint latency: K decisions of those games, each given hints at the default budget, wall time
    (goal p95 <= 8 s on this machine, whatever its load at the time) and CPU time; with
    ``--hints-only`` the games are played and hinted but not reviewed.
(c) Review CPU time per game, by game and player count (goal: a 4-player game <= 10 CPU-minutes).
(d) G two-player games per game of an ``easy`` player that plays the coach's first hint against
    ``normal``, and G of plain ``easy`` against ``normal`` (seats alternated): both win rates with
    their intervals (goal: the first higher).

With ``--results FILE`` every game reviewed or played is appended to FILE (one JSON line), and a
later run with the same file only adds what it does not hold yet; a line counts only while the
coach, the AI and the budgets it was made with are unchanged (a fingerprint of their source).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import json
import random
import statistics
import sys
import time
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from bench.ai_strength import ai_sources, wilson
from bench.stats import percentile
from games.ai import Budget, choose, decision_seed, game_ai
from games.ai.coach import HINT_BUDGET, REVIEW_BUDGET, CoachBudget, hints, review

AI_FOLDER = Path(__file__).resolve().parent.parent / "games" / "ai"
OPTIONS = {"lim": {"advanced": True}}
QUICK = CoachBudget(worlds=2, final_worlds=2, moves=2, screen_worlds=1, screen_continuations=2, kept=1, choices=1)
"""The smoke run's budget for everything the coach does: it only shows the bench runs to its end."""
JUDGES: dict[str, tuple[str, Budget | None]] = {
    "easy": ("easy", None),
    "normal-lite": ("normal", Budget(worlds=2, keep=4, playouts=8, depth=4)),
    "normal": ("normal", None),
    "strong": ("strong", None),
}
"""The players a verification can use: (level, budget overriding the level's). ``normal`` takes
about 10 s of CPU per continuation of a 2-player Lorenzo il Magnifico game here, ``normal-lite``
(the normal search with a sixteenth of its playouts) about 0.7 s, ``easy`` about 0.2 s."""


def fingerprint(key: str, budgets: tuple[CoachBudget, ...], judge: str) -> str:
    """A digest of the coach, the AI of ``key`` and the budgets: lines made with others are not reused."""
    digest = hashlib.sha256()
    sources = ai_sources(key)
    sources.insert(2, AI_FOLDER / "coach.py")  # after the shared search: the order lines were recorded with
    for path in sources:
        digest.update(path.read_bytes())
    digest.update(json.dumps([asdict(b) for b in budgets] + [judge, repr(JUDGES.get(judge))]).encode())
    return digest.hexdigest()[:16]


class Results:
    """Finished units of work kept in a JSON-lines file, by identity."""

    def __init__(self, path: Path | None) -> None:
        self.path, self.known = path, {}
        if path is not None and path.exists():
            for text in path.read_text().splitlines():
                entry = json.loads(text)
                self.known[entry["id"]] = entry["outcome"]

    def get(self, ident: str) -> dict | None:
        return self.known.get(ident)

    def add(self, ident: str, outcome: dict) -> None:
        self.known[ident] = outcome
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a") as file:
                file.write(json.dumps({"id": ident, "outcome": outcome}) + "\n")


def legal_of(game: games.Game, state: dict, seat: int) -> list[str]:
    return [game.notation(action) for action in game.legal_actions(state, seat)]


def play_game(key: str, players: int, seed: int, pick) -> tuple[list[tuple[int, str]], dict]:
    """A game from ``seed``: the first seat that must act plays ``pick(state, seat, number)``."""
    game = games.get(key)
    state, moves = game.setup(players, seed, OPTIONS.get(key)), []
    while game.result(state) is None:
        seat = min(game.actors(state))
        move = pick(state, seat, len(moves))
        moves.append((seat, move))
        state = game.play(state, seat, move)[0]
    return moves, game.result(state)


def ai_pick(key: str, levels: list[str], seed: int):
    return lambda state, seat, number: choose(key, state, seat, levels[seat], decision_seed(seed, number))


def judged_continuation(key: str, state: dict, seat: int, judge: str, seed: int) -> float:
    """``state`` played to its end by ``judge`` AIs in every seat (each from its own view); the seat's total."""
    game = games.get(key)
    level, budget = JUDGES[judge]
    number = 0
    while game.result(state) is None:
        actor = min(game.actors(state))
        move = choose(key, state, actor, level, decision_seed(seed, number), budget=budget)
        state = game.play(state, actor, move)[0]
        number += 1
    return float(next(e["total"] for e in game.result(state)["scores"] if e["seat"] == seat))


def verify(key: str, players: int, seed: int, moves: list[tuple[int, str]], point: dict, worlds: int,
           judge: str) -> list[float]:
    """The alternative's total less the played move's, in each of ``worlds`` fresh worlds of the
    player's view at the turning point, both continued by ``judge``."""
    game = games.get(key)
    state = game.setup(players, seed, OPTIONS.get(key))
    for seat, text in moves[: point["number"]]:
        state = game.play(state, seat, text)[0]
    seat = point["seat"]
    view = game.view(state, seat)
    differences = []
    for index in range(worlds):
        world = game_ai(key).determinize(view, seat, random.Random(f"verify:{seed}:{point['number']}:{index}"))
        totals = []
        for move in (point["alternative"]["move"], point["played"]["move"]):
            try:
                after = game.play(world, seat, move)[0]
            except Exception:  # noqa: BLE001 - a world only approximates the table (see games.ai.search)
                break
            totals.append(judged_continuation(key, after, seat, judge, seed * 1000 + index))
        if len(totals) == 2:
            differences.append(totals[0] - totals[1])
    return differences


def reviewed_game(key: str, players: int, seed: int, args, results: Results) -> dict:
    """One AI game, its review (CPU time), each turning point verified, and hint latencies (with
    ``args.hints_only``, only the hint latencies)."""
    budgets = (args.review_budget, args.hint_budget)
    kind, verified = ("hints", 0) if args.hints_only else ("game", args.verify)
    ident = json.dumps([kind, fingerprint(key, budgets, args.judge), key, players, seed, verified, args.hints])
    known = results.get(ident)
    if known is not None:
        return known
    game = games.get(key)
    chance = random.Random(seed)
    levels = [chance.choice(["easy", "normal"]) for _ in range(players)]
    moves, _ = play_game(key, players, seed, ai_pick(key, levels, seed))
    cpu, flagged = None, []
    if not args.hints_only:
        reviewed = {seat: [n for n, (s, _) in enumerate(moves) if s == seat] for seat in range(players)}
        started = time.process_time()
        points = review(key, players, seed, OPTIONS.get(key), moves, reviewed, budget=args.review_budget)
        cpu = time.process_time() - started
        flagged = [point.to_dict() for found in points.values() for point in found]
        for point in flagged:
            point["verified"] = verify(key, players, seed, moves, point, args.verify, args.judge)
    latencies = []
    state = game.setup(players, seed, OPTIONS.get(key))
    asked = sorted(chance.sample(range(len(moves)), min(args.hints, len(moves))))
    for number, (seat, text) in enumerate(moves):
        if number in asked:
            began, cpu_began = time.perf_counter(), time.process_time()
            hints(key, game.view(state, seat), seat, legal_of(game, state, seat), decision_seed(seed, number),
                  budget=args.hint_budget)
            latencies.append((time.perf_counter() - began, time.process_time() - cpu_began, os.getloadavg()[0]))
        state = game.play(state, seat, text)[0]
    outcome = {"levels": levels, "moves": len(moves), "log": moves, "review_cpu": cpu, "points": flagged,
               "hint_wall": latencies}
    results.add(ident, outcome)
    return outcome


def checked_point(key: str, players: int, seed: int, outcome: dict, point: dict, args,
                  results: Results) -> list[float]:
    """``point`` (flagged in the game ``outcome``) verified again, by the ``args.check`` judge."""
    ident = json.dumps(["check", fingerprint(key, (args.review_budget,), args.check), key, players, seed,
                        point["number"], args.verify])
    known = results.get(ident)
    if known is not None:
        return known["verified"]
    moves = [(seat, text) for seat, text in outcome["log"]]
    verified = verify(key, players, seed, moves, point, args.verify, args.check)
    results.add(ident, {"verified": verified})
    return verified


def follow_game(key: str, seed: int, coached: bool, args, results: Results) -> float:
    """A two-player game of ``easy`` (following the coach's first hint when ``coached``) against
    ``normal``; the easy seat alternates with the seed. The easy seat's share of the win."""
    ident = json.dumps(["follow", fingerprint(key, (args.hint_budget,), "normal"), key, seed, coached])
    known = results.get(ident)
    if known is not None:
        return known["share"]
    game = games.get(key)
    easy = seed % 2
    levels = ["normal", "normal"]
    levels[easy] = "easy"
    plain = ai_pick(key, levels, seed)

    def pick(state, seat, number):
        if seat == easy and coached:
            legal = legal_of(game, state, seat)
            if len(legal) == 1:
                return legal[0]
            return hints(key, game.view(state, seat), seat, legal, decision_seed(seed, number),
                         budget=args.hint_budget, count=1)[0].move
        return plain(state, seat, number)

    _, result = play_game(key, 2, seed, pick)
    share = 1 / len(result["winners"]) if easy in result["winners"] else 0.0
    results.add(ident, {"share": share})
    return share


def interval(successes: float, trials: int) -> str:
    low, high = wilson(successes, trials)
    share = successes / trials if trials else 0.0
    return f"{share:.0%} [{low:.0%}, {high:.0%}] of {trials}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--keys", default="mor,lim,opera")
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--games", type=int, default=10, help="games per game and player count")
    parser.add_argument("--verify", type=int, default=32, help="fresh worlds per turning point for (a)")
    parser.add_argument("--judge", default="easy", choices=sorted(JUDGES),
                        help="the AI that plays the verifying continuations")
    parser.add_argument("--check", choices=sorted(JUDGES),
                        help="a stronger AI that verifies some turning points again")
    parser.add_argument("--check-points", type=int, default=0, help="how many turning points --check verifies")
    parser.add_argument("--hints", type=int, default=3, help="hinted decisions per game for (b)")
    parser.add_argument("--hints-only", action="store_true", help="(b) only: the games are not reviewed")
    parser.add_argument("--follow", type=int, default=10, help="games per game and side for (d)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--results", type=Path)
    args = parser.parse_args()
    args.review_budget, args.hint_budget = REVIEW_BUDGET, HINT_BUDGET
    if args.quick:
        args.keys, args.players, args.games, args.verify, args.hints, args.follow = "lim", "2", 1, 2, 1, 1
        args.review_budget = args.hint_budget = QUICK
    results = Results(args.results)
    keys, player_counts = args.keys.split(","), [int(p) for p in args.players.split(",")]
    print(f"review budget {args.review_budget}\nhint budget {args.hint_budget}")
    print(f"verifying continuations: every seat plays the '{args.judge}' AI {JUDGES[args.judge]} from its own "
          f"view, {args.verify} fresh worlds per turning point, both moves in the same worlds (the strong AI "
          "takes about 1 to 2.5 s a decision: a continuation to the end would take minutes on this machine)")
    truths, differences, errors, walls, checks = 0, [], [], [], []
    for key in keys:
        for players in player_counts:
            if not games.get(key).min_players <= players <= games.get(key).max_players:
                continue
            cpus, flagged, with_points = [], 0, 0
            for seed in range(args.first_seed, args.first_seed + args.games):
                outcome = reviewed_game(key, players, seed, args, results)
                walls.extend(outcome["hint_wall"])
                if outcome["review_cpu"] is None:
                    continue
                cpus.append(outcome["review_cpu"])
                with_points += bool(outcome["points"])
                for point in outcome["points"]:
                    flagged += 1
                    if point["verified"]:
                        mean = statistics.fmean(point["verified"])
                        differences.append(mean)
                        errors.append(statistics.stdev(point["verified"]) / len(point["verified"]) ** 0.5
                                      if len(point["verified"]) > 1 else 0.0)
                        truths += mean >= 1.0
                    if args.check and len(checks) < args.check_points and point["verified"]:
                        checks.append((statistics.fmean(point["verified"]),
                                       statistics.fmean(checked_point(key, players, seed, outcome, point, args,
                                                                      results) or [0.0])))
                print(f"{key} {players}p: {len(cpus)} games, {flagged} turning points", flush=True)
            if not cpus:
                continue
            print(f"turning points {key} {players}p: {flagged / len(cpus):.2f} a game; games with at least one: "
                  f"{interval(with_points, len(cpus))}", flush=True)
            goal = "  (goal <= 600 s)" if players == 4 else ""
            print(f"(c) review CPU {key} {players}p: mean {statistics.fmean(cpus):.0f} s, "
                  f"max {max(cpus):.0f} s over {len(cpus)} games{goal}", flush=True)
    if differences:
        print(f"(a) alternative >= 1 VP better when verified: {interval(truths, len(differences))}  (goal >= 80 %); "
              f"mean verified gain {statistics.fmean(differences):+.1f} VP, mean standard error of a "
              f"verified gain {statistics.fmean(errors):.1f} VP")
    else:
        print("(a) no turning point was flagged")
    if checks:
        by_judge, by_check = [j for j, _ in checks], [c for _, c in checks]
        print(f"(a) checked again by '{args.check}' {JUDGES[args.check]}: "
              f"{interval(sum(c >= 1.0 for c in by_check), len(checks))} >= 1 VP better (by '{args.judge}' on "
              f"the same points: {interval(sum(j >= 1.0 for j in by_judge), len(checks))}); mean gain "
              f"{statistics.fmean(by_check):+.1f} VP (by '{args.judge}' {statistics.fmean(by_judge):+.1f})")
    if walls:
        wall, cpu = [w for w, *_ in walls], [c for _, c, *_ in walls]
        loads = [entry[2] for entry in walls if len(entry) > 2]
        print(f"(b) hint wall time: p50 {percentile(wall, 0.5):.2f} s, p95 {percentile(wall, 0.95):.2f} s "
              f"over {len(wall)} hints  (goal p95 <= 8 s); CPU time (about the wall time on an idle core): "
              f"p50 {percentile(cpu, 0.5):.2f} s, p95 {percentile(cpu, 0.95):.2f} s"
              + (f"; load average {min(loads):.1f} to {max(loads):.1f} while they ran" if loads else ""))
    for key in keys:
        if args.follow <= 0:
            continue
        shares: dict[bool, list[float]] = {True: [], False: []}
        for seed in range(args.first_seed, args.first_seed + args.follow):
            for coached in (True, False):
                shares[coached].append(follow_game(key, seed, coached, args, results))
        print(f"(d) {key} 2p against normal: easy following the coach wins "
              f"{interval(sum(shares[True]), len(shares[True]))}, plain easy "
              f"{interval(sum(shares[False]), len(shares[False]))}  (goal: the first higher)", flush=True)


if __name__ == "__main__":
    main()
