"""Balance sanity of the provisional data set PDS-0: greedy self-play statistics.

Run: python bench/opera_balance.py [games] [buyer hand weight]   (--quick: one game, for CI)
(default 1,200 games: 400 each for 2, 3 and 4 players; with a second argument one seat per game
values cards in hand at that weight instead of 0.5, to test whether paid market cards are worth it)

Every seat plays the same one-step greedy policy: it tries each legal action on a copy of the
state and keeps the one that raises a simple value of its own position the most (the final score
so far, plus small values for raw goods, refined goods, cards in hand and buildings started).
It prints score distributions, how often each scoring category decides the winner, seat win
rates (first-player advantage) and how often each option is chosen.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.opera import GAME
from games.opera.rules import completed
from games.opera.scoring import end_scoring_count, score
from games.opera.data import DATA, RAW
from stats import count_argument

RAW_VALUE = 0.35
REFINED_VALUE = 0.7
HAND_WEIGHT = 0.5


def card_value(card_id: str) -> float:
    card = DATA.trade[card_id]
    raw = sum(1 for g in card["benefit"] if g in RAW)
    refined = len(card["benefit"]) - raw
    return raw * RAW_VALUE + refined * REFINED_VALUE - 0.3 * len(card["cost"])


def value(state: dict, seat: int, hand_weight: float = HAND_WEIGHT) -> float:
    player = state["seats"][seat]
    total = sum(score(state, player).values())
    total += RAW_VALUE * sum(player["raw"].values())
    if state["phase"] in ("activate", "refined") and state["active"] == seat:
        total += REFINED_VALUE * sum(player["refined"].values())
    total += hand_weight * sum(card_value(c) for c in player["hand"])
    total += 0.2 * len(player["building"])
    return total


def greedy(state: dict, seat: int, legal: list[dict], chooser: random.Random,
           hand_weight: float = HAND_WEIGHT) -> dict:
    best, best_value = [], None
    for action in legal:
        after, _ = GAME.apply(state, seat, action)
        if after["phase"] == "activate" and not after["pending"]:
            after, _ = GAME.apply(after, seat, {"type": "pay"})
        score = value(after, seat, hand_weight)
        if best_value is None or score > best_value + 1e-9:
            best, best_value = [action], score
        elif abs(score - best_value) <= 1e-9:
            best.append(action)
    return chooser.choice(best)


def deciding_categories(result: dict) -> list[str]:
    """Categories without which the winner would not be strictly ahead of the runner-up."""
    scores = sorted(result["scores"], key=lambda s: -s["total"])
    if len(result["winners"]) > 1:
        return []
    winner = next(s for s in scores if s["seat"] == result["winners"][0])
    others = [s for s in scores if s["seat"] != winner["seat"]]
    deciding = []
    for category in winner["breakdown"]:
        if any(winner["total"] - winner["breakdown"][category]
               <= other["total"] - other["breakdown"][category] for other in others):
            deciding.append(category)
    return deciding


def main(games: int, buyer_weight: float | None = None) -> None:
    """With ``buyer_weight``, one seat per game (rotating) values cards in hand that much instead,
    so it buys paid market cards; its win rate tells whether the free card dominates."""
    started = time.perf_counter()
    totals: dict[int, list[int]] = defaultdict(list)
    categories: dict[str, list[int]] = defaultdict(list)
    decided = Counter()
    wins: dict[int, Counter] = defaultdict(Counter)
    options = Counter()
    buyer_wins = 0.0
    blue_points: dict[str, list[int]] = defaultdict(list)
    built = Counter()
    built_wins = Counter()
    for index in range(games):
        players = 2 + index % 3
        chooser = random.Random(index)
        state = GAME.setup(players, 10_000 + index)
        while GAME.result(state) is None:
            (seat,) = GAME.actors(state)
            weight = buyer_weight if buyer_weight is not None and seat == index % players else HAND_WEIGHT
            action = greedy(state, seat, GAME.legal_actions(state, seat), chooser, weight)
            if action["type"] == "build" and "side" in action:
                card = DATA.buildings[action["card"]]
                options[f"side {action['side']} {card['colour']}"] += 1
            if action["type"] == "buy":
                options[f"buy slot {action['slot']}"] += 1
            if action["type"] in ("deliver", "convert", "use", "refine", "ability"):
                options[action["type"]] += 1
            state, _ = GAME.apply(state, seat, action)
        result = GAME.result(state)
        for score in result["scores"]:
            totals[players].append(score["total"])
            for category, points in score["breakdown"].items():
                categories[category].append(points)
        decided.update(deciding_categories(result))
        for player in state["seats"]:
            won = 1 / len(result["winners"]) if player["seat"] in result["winners"] else 0
            for card_id, side, _ in completed(player):
                effect = DATA.buildings[card_id]["effect"]
                built[card_id] += 1
                built_wins[card_id] += won
                if effect["trigger"] == "END":
                    blue_points[card_id].append(effect["vp"] * end_scoring_count(state, player, effect))
        for seat in result["winners"]:
            wins[players][seat] += 1 / len(result["winners"])
            if seat == index % players:
                buyer_wins += 1 / len(result["winners"])
    elapsed = time.perf_counter() - started
    print(f"{games} greedy games in {elapsed:.0f} s (PDS-0, provisional data)\n")
    print("Final scores by player count:")
    for players in sorted(totals):
        data = sorted(totals[players])
        q = statistics.quantiles(data, n=10)
        print(f"  {players}p: mean {statistics.mean(data):.1f}  sd {statistics.stdev(data):.1f}  "
              f"min {data[0]}  p10 {q[0]:.0f}  median {statistics.median(data):.0f}  p90 {q[-1]:.0f}  max {data[-1]}")
    print("\nPoints per category (mean per player, share of the total):")
    grand = sum(sum(v) for v in categories.values())
    for category, points in categories.items():
        print(f"  {category:<13} {statistics.mean(points):5.1f}  {100 * sum(points) / grand:4.1f}%")
    print("\nCategory decides the winner (winner not strictly ahead without it), % of games:")
    for category in categories:
        print(f"  {category:<13} {100 * decided[category] / games:5.1f}%")
    print("\nWin rate by seat (seat 0 is the first player):")
    for players in sorted(wins):
        count = games // 3 + (1 if players - 2 < games % 3 else 0)
        rates = "  ".join(f"seat {s}: {100 * wins[players][s] / count:4.1f}%" for s in range(players))
        print(f"  {players}p ({count} games, fair share {100 / players:.0f}%): {rates}")
    print("\nBlue buildings: mean END points when completed:")
    print("  " + "  ".join(f"{c} {statistics.mean(p):.1f}" for c, p in sorted(blue_points.items())))
    print("\nBuildings: times completed and share of their owners who won (all seats ~36% on average):")
    for size in ("S", "M", "L"):
        cards = sorted(c for c in built if c.startswith(size))
        print("  " + "  ".join(f"{c} {built[c]} {100 * built_wins[c] / built[c]:.0f}%" for c in cards))
    if buyer_weight is not None:
        fair = sum(100 / (2 + i % 3) for i in range(games)) / games
        print(f"\nBuyer seat (hand weight {buyer_weight}) won {100 * buyer_wins / games:.1f}% "
              f"of games (fair share {fair:.1f}%).")
    print("\nOptions chosen (counts):")
    for option, count in sorted(options.items()):
        print(f"  {option:<22} {count}")


if __name__ == "__main__":
    main(count_argument(1200, quick=1),
         float(sys.argv[2]) if len(sys.argv) > 2 else None)
