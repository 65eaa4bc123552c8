"""A tiny game for testing the table layer on its own: race to 10.

On your turn add 1 or 2 to your counter; the first to reach 10 wins. Each player also holds a
secret number (hidden information), shown only in their own view.
"""

from games.core import Game, IllegalAction, Rng, make_result, seed_state


class Race(Game):
    def _setup(self, players, seed, options):
        state = {"rng": seed_state(seed), "turn": 0, "counters": [0] * players, "secrets": []}
        state["secrets"] = [Rng(state).below(1000) for _ in range(players)]
        return state

    def actors(self, state):
        return set() if self.result(state) else {state["turn"]}

    def legal_actions(self, state, seat):
        return [{"type": "add", "n": 1}, {"type": "add", "n": 2}] if seat in self.actors(state) else []

    def _apply(self, state, seat, action):
        if action["type"] != "add" or action.get("n") not in (1, 2):
            raise IllegalAction("You can add 1 or 2.", "RACE-1")
        state["counters"][seat] += action["n"]
        state["turn"] = (seat + 1) % len(state["counters"])
        return [{"type": "add", "text": f"{{p{seat}}} adds {action['n']} and has {state['counters'][seat]}."}]

    def _public_view(self, state):
        return {"players": [{"counter": c} for c in state["counters"]], "turn": state["turn"]}

    def _private_view(self, state, seat):
        return {"seat": seat, "secret": state["secrets"][seat]}

    def result(self, state):
        if max(state["counters"]) < 10:
            return None
        totals = state["counters"]
        return make_result(totals, [{"counter": c} for c in totals])

    def notation(self, action):
        return f"add {action['n']}"

    def _parse(self, state, text):
        parts = text.split()
        if len(parts) != 2 or parts[0] != "add" or not parts[1].isdigit():
            raise IllegalAction(f"'{text}' is not a move: write `add 1` or `add 2`.", "CORE-NOTATION")
        return {"type": "add", "n": int(parts[1])}

    def prompt(self, state, seat):
        return "Add 1 or 2."


GAME = Race(key="race", title="Race to Ten", min_players=1, max_players=4)
