"""What every engine shares: the contract, the errors and the seeded RNG."""

from .contract import MAX_NOTATION, Game, OptionSpec, clone, readable_text
from .describe import Description, Step
from .errors import RULE_ID, CorruptState, IllegalAction, refuse
from .message import Message, Name, counted, message
from .move import Action, Event, Move, State, event
from .result import make_result
from .rng import Rng, seed_state
from .stack import MoveStack

__all__ = [
    "MAX_NOTATION", "RULE_ID", "Action", "CorruptState", "Description", "Event", "Game", "IllegalAction", "Message",
    "Move", "MoveStack", "Name", "OptionSpec", "Rng", "State", "Step", "clone", "counted", "event", "make_result", "message",
    "readable_text", "refuse", "seed_state",
]
