"""What every engine shares: the contract, the errors and the seeded RNG."""

from .contract import Action, Event, Game, OptionSpec, State, clone, make_result
from .errors import CorruptState, IllegalAction
from .rng import Rng, seed_state

__all__ = [
    "Action", "CorruptState", "Event", "Game", "IllegalAction", "OptionSpec", "Rng", "State",
    "clone", "make_result", "seed_state",
]
