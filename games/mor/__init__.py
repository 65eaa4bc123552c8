"""Masters of Renaissance: 1 player (solo against Lorenzo) to 4 players.

``GAME`` is the engine (see :mod:`games.mor.engine` for the state, ``docs/games/mor.md`` for the
notation). Helpers for the Discord layer and the renderer:

- :func:`affordable_cards` ``(state, seat)``: the top cards the seat can buy now, each as
  ``{"id", "deck", "cost" (after discounts), "slots", "vp"}``.
- :func:`card_details` ``(card_id)``: everything printed on a development card.
- :func:`leader_details` ``(leader_id)``: everything printed on a leader card.

>>> state = GAME.setup(2, seed=7)
>>> sorted(GAME.actors(state))
[0, 1]
>>> GAME.prompt(state, 1)
'Keep 2 of your 4 leaders and choose 1 starting resource.'
"""

from .data import card_details, leader_details
from .engine import MastersOfRenaissance
from .view import affordable_cards

GAME = MastersOfRenaissance(key="mor", title="Masters of Renaissance", min_players=1, max_players=4)

__all__ = ["GAME", "MastersOfRenaissance", "affordable_cards", "card_details", "leader_details"]
