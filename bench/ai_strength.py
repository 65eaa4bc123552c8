"""How strong and how fast the computer players are (the goals of docs/ai.md, printed beside each figure).

    python bench/ai_strength.py [--game KEY] [--games N] [--level-budget normal=4,6,48,8] [--jobs 2]
                                [--results bench/results/ai_strength.jsonl]

Pairings per game: ``normal`` against a uniformly random player, ``normal`` against ``easy`` and
``strong`` against ``normal`` (2 players, seats alternated); one ``normal`` among three ``easy``
(4 players, the normal seat rotated); and for Masters of Renaissance ``normal`` alone against
Lorenzo. Win rates count a shared first place as half a win and come with 95 % Wilson intervals.
Decision times are measured for every AI decision of every game played, as wall-clock time (what a
player waits for on this machine, under its current load) and as the process's CPU time (about what
the wall-clock time would be on an idle core).

With ``--results FILE`` every finished game is appended to FILE (one JSON line) and a later run with
the same file plays only the games it does not hold yet, so the 200-game table can be built over
several runs. A game is identified by its game, seats, seed, the budgets of the levels playing and
a fingerprint of the source of that game's AI (the shared search and ``games/ai/<game>.py``):
change that AI or a budget and the old lines no longer count.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from bench.stats import percentile
from games.ai import LEVELS, Budget, decide, decision_seed, level_budget

MAX_MOVES = 4000
"""A game still running after this many moves is stopped and counted as unfinished."""
Z95 = 1.959964
GOALS = {"normal": "goal p50 <= 0.5 s, p95 <= 2 s", "strong": "goal p95 <= 5 s", "easy": ""}


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + Z95 ** 2 / (2 * trials)
    spread = Z95 * math.sqrt(p * (1 - p) / trials + Z95 ** 2 / (4 * trials ** 2))
    scale = 1 + Z95 ** 2 / trials
    return (centre - spread) / scale, (centre + spread) / scale


def play(job: tuple[str, list[str], int, dict[str, Budget]]) -> dict:
    """One game; ``levels[seat]`` is ``random`` or an AI level. Returns the result and decision times."""
    key, levels, seed, budgets = job
    game = games.get(key)
    chance = random.Random(seed)
    times: dict[str, list[tuple[float, float]]] = {}

    def move_for(state: dict, seat: int, number: int) -> str:
        legal = [game.notation(a) for a in game.legal_actions(state, seat)]
        level = levels[seat]
        if level == "random":
            return legal[chance.randrange(len(legal))]
        started, cpu = time.perf_counter(), time.process_time()
        move = decide(key, game.view(state, seat), seat, legal, level, decision_seed(seed, number),
                      budget=budgets.get(level))
        times.setdefault(level, []).append((time.perf_counter() - started, time.process_time() - cpu))
        return move

    state = play_out(game, game.setup(len(levels), seed), move_for)
    return {"levels": levels, "result": game.result(state), "times": times}


def play_out(game: games.Game, state: dict, move_for: Callable[[dict, int, int], str]) -> dict:
    """``state`` played to its end (or :data:`MAX_MOVES` rounds): each seat that must act plays
    ``move_for(state, seat, round number)``, seats acting together in seat order."""
    for number in range(MAX_MOVES):
        if game.result(state) is not None:
            break
        for seat in sorted(game.actors(state)):
            if seat in game.actors(state):
                state = game.play(state, seat, move_for(state, seat, number))[0]
    return state


def win_share(result: dict, seat: int) -> float:
    """1 for a win, a share of it for a tie for first, 0 otherwise."""
    winners = result["winners"]
    return 1 / len(winners) if seat in winners else 0.0


def _rank(result: dict, seat: int) -> float:
    """Finishing place (1 = first); tied seats share the mean of their places."""
    place = 1
    for group in result["ranking"]:
        if seat in group:
            return place + (len(group) - 1) / 2
        place += len(group)
    raise ValueError(seat)


def score_margin(result: dict, seat: int) -> int:
    """The seat's points less the best opponent's."""
    totals = {entry["seat"]: entry["total"] for entry in result["scores"]}
    return totals[seat] - max(t for s, t in totals.items() if s != seat)


AI_FOLDER = Path(__file__).resolve().parent.parent / "games" / "ai"
SHARED_AI = ("__init__.py", "search.py")
"""The parts of the AI every game plays with; each game adds its own module (``games/ai/lim.py``)."""


def ai_sources(key: str) -> list[Path]:
    """The files of the AI that plays game ``key``: the shared search, the game's own module and
    its learned weights where it has them (``games/ai/lim_weights.py``)."""
    names = [*SHARED_AI, f"{key}.py", f"{key}_weights.py"]
    return [AI_FOLDER / name for name in names if (AI_FOLDER / name).exists()]


@functools.cache
def ai_fingerprint(key: str) -> str:
    """A digest of the AI that plays game ``key`` (:func:`ai_sources`): results recorded with other
    code or other weights are not reused, and a change to one game's AI keeps the others'."""
    digest = hashlib.sha256()
    for path in ai_sources(key):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class Results:
    """Finished games kept in a JSON-lines file, so a long table is played over several runs."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.known: dict[str, dict] = {}
        if path is not None and path.exists():
            for text in path.read_text().splitlines():
                entry = json.loads(text)
                self.known[entry["id"]] = entry["outcome"]

    def identity(self, job: tuple) -> str:
        key, levels, seed, budgets = job
        used = {level: (budgets.get(level) or level_budget(key, level, len(levels))).written()
                for level in sorted(set(levels)) if level in LEVELS}
        return json.dumps([ai_fingerprint(key), key, levels, seed, used], separators=(",", ":"))

    def earlier(self, key: str) -> dict[str, list[tuple[str, tuple]]]:
        """The games of ``key`` recorded with the latest earlier fingerprint of its AI (the last in
        the file other than today's: older ones were already kept or refused when it came), by
        fingerprint: each game's line id and the job that replays it with its budgets."""
        found: dict[str, list[tuple[str, tuple]]] = {}
        for ident in self.known:
            fingerprint, game, levels, seed, used = json.loads(ident)
            if game == key and fingerprint != ai_fingerprint(key):
                budgets = {level: Budget.read(numbers) for level, numbers in used.items()}
                found.setdefault(fingerprint, []).append((ident, (game, levels, seed, budgets)))
        return self.latest(found)

    def latest(self, found: dict[str, list[tuple[str, tuple]]]) -> dict[str, list[tuple[str, tuple]]]:
        """Of ``found`` (games by fingerprint), the fingerprint whose games come last in the file."""
        line = {ident: number for number, ident in enumerate(self.known)}

        def last_line(fingerprint: str) -> int:
            return max(line[ident] for ident, _ in found[fingerprint])

        newest = max(found, key=last_line, default=None)
        return {} if newest is None else {newest: found[newest]}

    def rekey(self, renamed: dict[str, str], dropped: set[str]) -> None:
        """Rewrite the file with the ids in ``renamed`` replaced and the lines of ``dropped`` left out;
        a game whose id is then on several lines keeps the last (the one ``known`` reads)."""
        assert self.path is not None
        lines, written = [], set()
        for text in reversed(self.path.read_text().splitlines()):
            entry = json.loads(text)
            if entry["id"] in dropped:
                continue
            entry["id"] = renamed.get(entry["id"], entry["id"])
            if entry["id"] not in written:
                written.add(entry["id"])
                lines.append(json.dumps(entry))
        temporary = self.path.with_suffix(".tmp")
        temporary.write_text("".join(line + "\n" for line in reversed(lines)))
        temporary.replace(self.path)
        self.known = {entry["id"]: entry["outcome"] for entry in map(json.loads, reversed(lines))}

    def add(self, job: tuple, outcome: dict) -> None:
        if self.path is None:
            return
        self.known[self.identity(job)] = outcome
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a") as file:
            file.write(json.dumps({"id": self.identity(job), "outcome": outcome}) + "\n")


RESULTS = Results(None)


def run(jobs: list, workers: int, minutes: float | None, play_game: Callable[[tuple], dict] | None = None,
        results: Results | None = None) -> list[dict]:
    """Play ``jobs`` with ``play_game`` (:func:`play` unless told) on ``workers`` processes; after
    ``minutes`` no new game starts (those running finish).

    Games already in ``results`` (:data:`RESULTS` unless told) are not played again; new ones are
    added to it as they finish.
    """
    play_game = play_game or play
    results = results or RESULTS
    stop_at = time.monotonic() + 60 * minutes if minutes else math.inf
    outcomes: list[dict] = [results.known[results.identity(job)] for job in jobs
                            if results.identity(job) in results.known]
    jobs = [job for job in jobs if results.identity(job) not in results.known]
    with ProcessPoolExecutor(workers) as pool:
        waiting = list(reversed(jobs))
        running: dict = {}
        while waiting or running:
            while waiting and len(running) < workers and time.monotonic() < stop_at:
                job = waiting.pop()
                running[pool.submit(play_game, job)] = job
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                outcome = future.result()
                results.add(running.pop(future), outcome)
                outcomes.append(outcome)
    return outcomes


def head_to_head(key: str, hero: str, rival: str, count: int, budgets: dict, workers: int,
                 times: dict, minutes: float | None) -> None:
    jobs = []
    for i in range(count):
        levels = [hero, rival] if i % 2 == 0 else [rival, hero]
        jobs.append((key, levels, 1000 + i, budgets))
    outcomes = run(jobs, workers, minutes)
    wins = margin = finished = 0.0
    leaders = []
    for outcome in outcomes:
        _collect(times, key, outcome)
        if outcome["result"] is None:
            continue
        seat = outcome["levels"].index(hero)
        finished += 1
        wins += win_share(outcome["result"], seat)
        margin += score_margin(outcome["result"], seat)
        leaders.append(leader_points(outcome["result"], seat))
    low, high = wilson(wins, int(finished))
    goal = {("normal", "random"): 0.95, ("normal", "easy"): 0.65, ("strong", "normal"): 0.60}[hero, rival]
    rate = wins / finished if finished else 0.0
    first_seat = sum(1 for outcome in outcomes if outcome["levels"][0] == hero)
    print(f"  {hero:>6} vs {rival:<6} {int(finished):4d} games  win {rate:6.1%}  [{low:.1%}, {high:.1%}]"
          f"  margin {margin / max(1, finished):+6.1f}  goal >= {goal:.0%}"
          f"  ({hero} first in {first_seat}; unfinished {len(outcomes) - int(finished)},"
          f" not played {count - len(outcomes)}){leader_line(key, hero, leaders)}")


def four_players(key: str, count: int, budgets: dict, workers: int, times: dict,
                 minutes: float | None) -> None:
    jobs = [(key, ["easy"] * (i % 4) + ["normal"] + ["easy"] * (3 - i % 4), 2000 + i, budgets)
            for i in range(count)]
    ranks, leaders = [], []
    outcomes = run(jobs, workers, minutes)
    for outcome in outcomes:
        _collect(times, key, outcome)
        if outcome["result"] is not None:
            ranks.append(_rank(outcome["result"], outcome["levels"].index("normal")))
            leaders.append(leader_points(outcome["result"], outcome["levels"].index("normal")))
    mean = sum(ranks) / len(ranks) if ranks else float("nan")
    spread = Z95 * statistics.stdev(ranks) / math.sqrt(len(ranks)) if len(ranks) > 1 else float("nan")
    print(f"  normal among 3 easy   {len(ranks):4d} games  mean rank {mean:.2f}  [{mean - spread:.2f},"
          f" {mean + spread:.2f}]  goal <= 1.6  (not played {count - len(outcomes)})"
          f"{leader_line(key, 'normal', leaders)}")


def solo(count: int, budgets: dict, workers: int, times: dict, minutes: float | None) -> None:
    outcomes = run([("mor", ["normal"], 3000 + i, budgets) for i in range(count)], workers, minutes)
    won = 0
    leaders = []
    for outcome in outcomes:
        _collect(times, "mor", outcome)
        won += bool(outcome["result"] and outcome["result"]["solo"]["won"])
        if outcome["result"] is not None:
            leaders.append(leader_points(outcome["result"], 0))
    low, high = wilson(won, len(outcomes))
    print(f"  normal vs Lorenzo     {len(outcomes):4d} games  won {won / max(1, len(outcomes)):6.1%}"
          f"  [{low:.1%}, {high:.1%}]  goal >= 50%  (not played {count - len(outcomes)})"
          f"{leader_line('mor', 'normal', leaders)}")


def leader_points(result: dict, seat: int) -> float:
    """The points ``seat`` scored from its leaders (0 in a game without leaders)."""
    entry = next(e for e in result["scores"] if e["seat"] == seat)
    return entry["breakdown"].get("leaders", 0)


def leader_line(key: str, level: str, points: list[float]) -> str:
    """Masters of Renaissance: the mean leader points per game of ``level``, with its 95 % interval."""
    if key != "mor" or not points:
        return ""
    mean = statistics.fmean(points)
    spread = Z95 * statistics.stdev(points) / math.sqrt(len(points)) if len(points) > 1 else float("nan")
    return f"\n{'':24}{level} leader points per game {mean:.2f}  [{mean - spread:.2f}, {mean + spread:.2f}]"


def _collect(times: dict, key: str, outcome: dict) -> None:
    for level, samples in outcome["times"].items():
        times.setdefault((key, level), []).extend(samples)


def parse_budgets(specs: list[str]) -> dict[str, Budget]:
    """``normal=4,6,48,8`` -> the normal level with 4 worlds, keep 6, 48 playouts, depth 8 (and
    informed playouts with ``,informed`` after the depth)."""
    budgets = {}
    for spec in specs:
        level, _, numbers = spec.partition("=")
        if level not in LEVELS:
            raise ValueError(f"no level {level!r}")
        budgets[level] = Budget.read(numbers.split(","))
    return budgets


def adopt(key: str, sample: int, workers: int) -> None:
    """Keep the games of ``key`` recorded with an earlier version of its AI when that version plays
    exactly as today's (:func:`keep_replayed`, ``sample`` replays per pairing)."""
    def pairing(ident: str) -> str:
        _, _, levels, _, used = json.loads(ident)
        return json.dumps([sorted(levels), used])

    keep_replayed(RESULTS, key, RESULTS.earlier(key), pairing, sample, workers, play)


def keep_replayed(results: Results, key: str, earlier: dict[str, list[tuple[str, tuple]]],
                  pairing: Callable[[str], str], sample: int, workers: int,
                  play_game: Callable[[tuple], dict]) -> None:
    """For each earlier fingerprint of ``key``'s AI in ``earlier`` (its games' line ids and the jobs
    that replay them), replay ``sample`` games of each pairing; the other games of a pairing whose
    every replay ends with the recorded result (every seat's score, breakdown and place) are
    re-keyed to today's fingerprint. A change that leaves a pairing's play alone (made for another
    game or another level, or a refactoring) then keeps that pairing's games; a pairing it changes
    starts afresh."""
    for fingerprint, entries in earlier.items():
        groups: dict[str, list[tuple[str, tuple]]] = {}
        for ident, job in entries:
            groups.setdefault(pairing(ident), []).append((ident, job))
        samples = {name: group[:sample] for name, group in groups.items()}
        run([job for chosen in samples.values() for _, job in chosen], workers, None, play_game, results)
        renamed: dict[str, str] = {}
        replayed: set[str] = set()
        kept = 0
        for name, group in groups.items():
            differing = [ident for ident, job in samples[name]
                         if results.known[results.identity(job)]["result"] != results.known[ident]["result"]]
            if differing:
                print(f"  {key}: {fingerprint} plays {name} differently ({len(differing)} of {len(samples[name])}"
                      f" replays differ, e.g. {differing[0]}): its {len(group)} games are not kept")
                continue
            renamed.update({ident: results.identity(job) for ident, job in group})
            replayed.update(ident for ident, _ in samples[name])
            kept += 1
        if renamed:
            results.rekey(renamed, replayed)
            print(f"  {key}: {fingerprint} plays as today's AI in {kept} of {len(groups)} pairings"
                  f" ({len(replayed)} replays gave the recorded results): {len(renamed)} games are kept")


def _load() -> str:
    """The machine's 1, 5 and 15 minute load averages (decision times depend on them)."""
    return " / ".join(f"{value:.1f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=games.keys(), action="append")
    parser.add_argument("--games", type=int, default=200, help="games per pairing (the goal needs 200)")
    parser.add_argument("--level-budget", action="append", default=[], metavar="LEVEL=W,K,P,D[,informed]",
                        help="override a level: worlds, moves kept, playouts, playout depth[, informed playouts]")
    parser.add_argument("--pairing", action="append",
                        choices=["random", "easy", "strong", "four", "solo"],
                        help="normal-vs-random, normal-vs-easy, strong-vs-normal, 4 players, solo")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--minutes", type=float, help="per pairing: start no new game after this long")
    parser.add_argument("--results", type=Path,
                        help="a JSON-lines file of finished games: reused, and added to as games finish")
    parser.add_argument("--adopt", type=int, metavar="N",
                        help="replay N games of each pairing recorded with an earlier version of a"
                             " game's AI, and keep them all if every replay gives the recorded result")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: one Masters game of normal against random, at a tiny budget")
    args = parser.parse_args()
    if args.quick:
        args.game, args.games, args.pairing = ["mor"], 1, ["random"]
        args.level_budget = [*args.level_budget, "normal=1,2,2,4"]
    if args.adopt and not args.results:
        parser.error("--adopt needs --results")
    global RESULTS
    RESULTS = Results(args.results)
    budgets = parse_budgets(args.level_budget)
    pairings = args.pairing or ["random", "easy", "strong", "four", "solo"]
    for key in args.game or games.keys():
        times: dict = {}
        print(f"{games.get(key).title} ({key}), {args.games} games per pairing, {args.jobs} workers,"
              f" load average {_load()}")
        started = time.perf_counter()
        if args.adopt:
            adopt(key, args.adopt, args.jobs)
        for pairing in pairings:
            if pairing == "random":
                head_to_head(key, "normal", "random", args.games, budgets, args.jobs, times, args.minutes)
            elif pairing == "easy":
                head_to_head(key, "normal", "easy", args.games, budgets, args.jobs, times, args.minutes)
            elif pairing == "strong":
                head_to_head(key, "strong", "normal", args.games, budgets, args.jobs, times, args.minutes)
            elif pairing == "four":
                four_players(key, args.games, budgets, args.jobs, times, args.minutes)
            elif pairing == "solo" and key == "mor":
                solo(args.games, budgets, args.jobs, times, args.minutes)
        for (game_key, level), samples in sorted(times.items()):
            for clock, values in zip(("wall", "cpu"), zip(*samples)):
                print(f"  decision {level:>6} {clock:>4}: n={len(values):6d}"
                      f"  p50 {percentile(values, 0.5):.3f} s  p95 {percentile(values, 0.95):.3f} s"
                      f"  max {max(values):.3f} s  {GOALS[level]}")
        print(f"  ({time.perf_counter() - started:.0f} s, load average at the end {_load()})")


if __name__ == "__main__":
    main()
