"""Digests of seeded random games of every engine, so a change meant to be a pure speed-up can prove
that it changed nothing: the same seeds and moves give the same states, events, legal moves, views
and results.

Each game is played from its seed by random legal moves (``apply``, the table's path); after every
move one running SHA-256 takes in the state, the events (a line's template and parameters as well as
its English text), the seats to act, the legal moves' notation, the acting seat's view and the
result. The same move is also played by ``simulate`` (the playouts' fast path) on a copy of the
state, which must end in the same state and events. ``tests/support/replay_digests.json`` holds the
digests recorded before the engines were sped up; record it again only for a change that is meant
to change play:

    PYTHONPATH=. python -m tests.support.replay_digest --record
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import sys
from pathlib import Path
from typing import Any

import games
from games.core import Game, Message, clone

RECORDED = Path(__file__).with_name("replay_digests.json")
SEEDS = {"mor": 3, "lim": 1, "opera": 1}
"""Seeds per player count and option set: Lorenzo and Opera have 4 and 8 option sets."""


def plain(value: Any) -> Any:
    """``value`` as JSON-safe data, a :class:`Message` with how it was written."""
    if isinstance(value, Message):
        return {"message": str(value), "template": value.template, "plural": value.plural,
                "params": plain(value.params)}
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


def option_sets(game: Game) -> list[dict[str, Any]]:
    names = [spec.name for spec in game.options]
    return [dict(zip(names, values)) for values in itertools.product(*(spec.choices for spec in game.options))]


def game_digest(game: Game, players: int, seed: int, options: dict[str, Any]) -> str:
    """The running digest of one random game (see the module docstring)."""
    digest = hashlib.sha256()
    chooser = random.Random(seed)
    state = game.setup(players, seed, options)

    def take(part: Any) -> None:
        digest.update(json.dumps(plain(part), sort_keys=True).encode())

    take(state)
    while game.result(state) is None:
        seat = chooser.choice(sorted(game.actors(state)))
        legal = game.legal_actions(state, seat)
        action = chooser.choice(legal)
        after, events = game.apply(state, seat, action)
        simulated = clone(state)
        simulated_events = game.simulate(simulated, seat, action)
        if plain(simulated) != plain(after) or plain(simulated_events) != plain(events):
            raise AssertionError(f"{game.key} {players}p seed {seed} {options}: simulate differs from apply "
                                 f"at {game.notation(action)!r}")
        take([seat, sorted(game.actors(state)), [game.notation(move) for move in legal],
              game.view(state, seat), events, after])
        state = after
    take(game.result(state))
    return digest.hexdigest()


def digests() -> dict[str, str]:
    """Every game's digest, keyed by game, player count, seed and options."""
    found = {}
    for key, seeds in SEEDS.items():
        game = games.get(key)
        for players in range(game.min_players, game.max_players + 1):
            for options in option_sets(game):
                for seed in range(seeds):
                    name = f"{key} {players}p seed {seed} {json.dumps(options, sort_keys=True)}"
                    found[name] = game_digest(game, players, seed, options)
    return found


if __name__ == "__main__":
    if sys.argv[1:] == ["--record"]:
        RECORDED.write_text(json.dumps(digests(), indent=1, sort_keys=True) + "\n")
    else:
        recorded = json.loads(RECORDED.read_text())
        differing = [name for name, value in digests().items() if recorded.get(name) != value]
        print("\n".join(differing) or "every game is as recorded")
