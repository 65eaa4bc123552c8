"""Opera Magna (2 to 4 players, 9 rounds) on the project's engine contract.

The component values shipped in ``data/`` are the provisional data set PDS-0 of the rule
specification: the printed appendix and card lists were not available.
"""

from .engine import GAME, OperaMagna

__all__ = ["GAME", "OperaMagna"]
