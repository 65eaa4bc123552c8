"""What every engine shares: the contract, the errors and the seeded RNG."""

from .contract import (
    MAX_NOTATION, Action, Event, Game, Move, MoveStack, OptionSpec, State, clone, event, make_result,
)
from .errors import RULE_ID, CorruptState, IllegalAction, refuse
from .rng import Rng, seed_state

__all__ = [
    "MAX_NOTATION", "RULE_ID", "Action", "CorruptState", "Event", "Game", "IllegalAction", "Move",
    "MoveStack", "OptionSpec", "Rng", "State", "clone", "event", "make_result", "refuse", "seed_state",
]
