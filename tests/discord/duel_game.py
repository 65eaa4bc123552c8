"""A tiny real game for the Discord tests, registered as ``duel`` while they run.

Players take turns adding 1, 2 or 3 to a shared count; whoever brings it to 10 wins. With ``wide=true`` a turn may add 1 to 8 (more moves than buttons fit, so
the board offers a select). Each seat holds a secret number that only its own view shows, so
private replies can be checked. The Discord layer is game-agnostic: the full Masters of
Renaissance playthrough lives in ``test_mor_playthrough.py``.
"""

from __future__ import annotations

from typing import Any

from games.core import Game, IllegalAction, OptionSpec, Rng, make_result, seed_state

TARGET = 10


class Duel(Game):
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
        state = {"rng": seed_state(seed), "players": players, "count": 0, "turn": 0, "winner": None,
                 "top": 8 if options["wide"] else 3}
        rng = Rng(state)
        state["secrets"] = [str(1 + rng.below(99)) for _ in range(players)]
        return state

    def _apply(self, state, seat, action):
        if action["type"] != "add" or not 1 <= action["n"] <= state["top"]:
            raise IllegalAction(f"You may add 1 to {state['top']}.", "DUEL-ADD")
        state["count"] = min(TARGET, state["count"] + action["n"])
        events = [{"type": "add", "text": f"{{p{seat}}} adds {action['n']}: the count is {state['count']}."}]
        if state["count"] == TARGET:
            state["winner"] = seat
        else:
            state["turn"] = (seat + 1) % state["players"]
        return events

    def actors(self, state):
        return set() if state["winner"] is not None else {state["turn"]}

    def legal_actions(self, state, seat):
        if seat not in self.actors(state):
            return []
        return [{"type": "add", "n": n} for n in range(1, state["top"] + 1)]

    def _public_view(self, state):
        return {"count": state["count"], "turn": state["turn"], "winner": state["winner"]}

    def _private_view(self, state, seat):
        return {"seat": seat, "secret": state["secrets"][seat]}

    def result(self, state):
        if state["winner"] is None:
            return None
        totals = [1 if s == state["winner"] else 0 for s in range(state["players"])]
        return make_result(totals, [{"wins": t} for t in totals])

    def notation(self, action):
        return f"add {action['n']}"

    def _parse(self, state, text):
        match = text.strip().split()
        if len(match) != 2 or match[0] != "add" or not match[1].isdigit():
            raise IllegalAction(f"'{text}' is not a move: write add 1 to add {state['top']}.", "CORE-NOTATION")
        return {"type": "add", "n": int(match[1])}

    def prompt(self, state, seat):
        return f"Add 1 to {state['top']} to the count ({state['count']}/{TARGET})."


GAME = Duel(
    key="duel", title="Duel to Ten", min_players=1, max_players=4,
    options=(OptionSpec("wide", "Turns may add up to 8 instead of 3", False),),
)
