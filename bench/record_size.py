"""How large a game's record (``/game export``) gets, against Discord's attachment limit.

Plays 4-player games of every game to the end (random legal moves, which make long games, and
one game by the AI at each of ``AI_LEVELS``), exports each finished record as the bot does
(:func:`db.record.build_record`, :func:`db.record.encode`) and prints the longest game, the
largest record and the bytes per move beside the limit.

    python bench/record_size.py [games per kind]
    python bench/record_size.py --quick      # one random game of each, no AI: the bench still runs (CI)
"""

from __future__ import annotations

import random
import sys
from datetime import UTC, datetime, timedelta

import games
from db.record import MAX_RECORD_BYTES, build_record, encode, read_record, replay_log
from games.ai import choose, decision_seed
from stats import count_argument

OPTIONS = {"mor": {}, "lim": {"advanced": True}, "opera": {}}
NAMES = ["A display name of thirty-two ch.", "Bob", "Carol", "Dan"]
AI_LEVELS = ("easy", "normal")


def play(key: str, seed: int, level: str | None) -> list[tuple[int, str, datetime]]:
    """A whole game: random legal moves, or the AI at ``level``."""
    game = games.get(key)
    state = game.setup(4, seed, OPTIONS[key])
    rng = random.Random(seed)
    moves: list[tuple[int, str, datetime]] = []
    at = datetime(2026, 1, 1, tzinfo=UTC)
    while game.result(state) is None:
        seat = min(game.actors(state))
        if level is not None:
            notation = choose(key, state, seat, level, decision_seed(seed, len(moves)))
        else:
            notation = game.notation(rng.choice(game.legal_actions(state, seat)))
        state, _ = game.play(state, seat, notation)
        at += timedelta(minutes=rng.randint(1, 600))
        moves.append((seat, notation, at))
    return moves


def record_bytes(key: str, seed: int, moves: list[tuple[int, str, datetime]]) -> bytes:
    game = games.get(key)
    logged = list(replay_log(game, game.setup(4, seed, OPTIONS[key]), moves))
    record = build_record(game, options=OPTIONS[key], names=NAMES, seed=seed, status="finished",
                          logged=logged, result=game.result(logged[-1].state))
    data = encode(record)
    read_record(data)
    return data


def main(per_kind: int, levels: tuple[str, ...] = AI_LEVELS) -> None:
    print(f"goal: every record under Discord's attachment limit, {MAX_RECORD_BYTES:,} bytes (10 MiB)")
    for key in OPTIONS:
        runs: list[tuple[int, str | None]] = [(seed, None) for seed in range(1, per_kind + 1)]
        runs += [(1, level) for level in levels]
        sizes = []
        for seed, level in runs:
            moves = play(key, seed, level)
            sizes.append((len(record_bytes(key, seed, moves)), len(moves), f"{level} AI" if level else "random"))
        largest, moves, how = max(sizes)
        longest = max(sizes, key=lambda size: size[1])
        per_move = max(size / count for size, count, _ in sizes)
        print(f"{key:6} {len(runs)} games of 4 players: longest {longest[1]} moves ({longest[2]}); largest record "
              f"{largest:,} bytes ({moves} moves, {how}); at most {per_move:.0f} bytes a move; "
              f"{MAX_RECORD_BYTES / largest:.0f}x under the limit")


if __name__ == "__main__":
    main(count_argument(10, quick=1), () if "--quick" in sys.argv else AI_LEVELS)
