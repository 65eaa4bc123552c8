"""The Lorenzo il Magnifico engine on the shared contract: its move table, phases, views and notation."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from games.core import Action, Description, Event, Game, IllegalAction, Move, State, make_result
from games.core.message import Message

from . import moves, notation, view
from .data import ALL_SPACES
from .describe import describe_action
from .effects import chooses_reduction
from .moves import BONUS_PHASES, DECISION_PHASES
from .rounds import new_game
from .scoring import final_scores

ANY_DECISION = tuple(DECISION_PHASES.values())
HIDDEN_ANSWER = {"reveals": True, "private": True, "own_decision": True}
"""A seat's own hidden answer to a decision every seat makes at once (see ``moves()``)."""


@contextmanager
def rule_named() -> Iterator[None]:
    """Refusals leave with their rule ID in the message, the core's (``CORE-…``) included.

    >>> with rule_named():
    ...     raise IllegalAction("Write a move.", "CORE-NOTATION")
    Traceback (most recent call last):
    ...
    games.core.errors.IllegalAction: Write a move. (CORE-NOTATION)
    """
    try:
        yield
    except IllegalAction as refusal:
        if refusal.rule in refusal.message:
            raise
        named = Message("{text} ({rule})", text=refusal.message, rule=refusal.rule)
        raise IllegalAction(named, refusal.rule) from None


class LorenzoIlMagnifico(Game):
    """Basic and advanced game, 2 to 4 players (see docs/games/lim.md for the notation).

    >>> import games
    >>> lim = games.get("lim")
    >>> state = lim.setup(3, 5)
    >>> seat = state["turn"]["seat"]
    >>> lim.phase(state, seat), lim.notation(lim.legal_actions(state, seat)[0])
    ('turn', 'place white harvest-1')
    """

    def moves(self) -> tuple[Move, ...]:
        """The move table.

        ``reveals``: almost every move may end the round, when nothing is left for the mover to
        decide and no one else can place: the next round then turns new cards face up and rolls
        the dice (LIM-ROUND-3/4). Only the tile pick cannot (it leads to the draft), and playing
        a leader also shows a card from a hidden hand. ``private``: a draft pick names a leader of
        a hidden pack (LIM-ADV-6), and a Vatican answer stays hidden until everyone has answered
        (LIM-VATICAN-11). ``own_decision``: the draft and the Vatican Report are answered by every
        seat at once; the tile pick is not, it goes seat by seat in reverse turn order (LIM-ADV-2).
        """
        return (
            Move("tile", moves.pick_tile, ("tiles",), "LIM-ADV-2"),
            Move("draft", moves.draft, ("draft",), "LIM-ADV-5", **HIDDEN_ANSWER),
            Move("report", moves.report, ("vatican",), "LIM-VATICAN-4", **HIDDEN_ANSWER),
            Move("place", moves.place, ("turn",), "LIM-ROUND-7", reveals=True),
            Move("end", moves.end_turn, ("turn",), "LIM-ROUND-7", reveals=True),
            Move("pass", moves.pass_turn, ("turn",), "LIM-ROUND-9", reveals=True),
            # Refused with LIM-LEADER-4 by the handler in the middle of a placement's effects.
            Move("leader", moves.leader, ("turn",) + ANY_DECISION, "LIM-LEADER-3", reveals=True),
            Move("privilege", moves.privilege, ("privileges",), "LIM-PRIV-1", reveals=True),
            Move("take", moves.take, ("bonus-take",), "LIM-EFFECT-11", reveals=True),
            Move("harvest", moves.work, ("bonus-harvest",), "LIM-HARVEST-8", reveals=True),
            Move("production", moves.work, ("bonus-production",), "LIM-PROD-8", reveals=True),
            Move("decline", moves.decline, BONUS_PHASES, "LIM-EFFECT-5", reveals=True),
            Move("exchange", moves.exchange, ("exchange",), "LIM-PROD-7", reveals=True),
        )

    def phase(self, state: State, seat: int) -> str:
        return moves.phase_of(state)

    def out_of_phase(self, state: State, seat: int, move: Move) -> str:
        if state["phase"] == "actions" and state["pending"]:
            return Message("That is not a move now. {describe_decision}",
                           describe_decision=view.describe_decision(state, state['pending'][0]))
        return Message("That is not a move now. {prompt}",
                       prompt=self.prompt(state, seat))

    # ---------------------------------------------------------------------------- lifecycle
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return new_game(players, seed, options)

    def actors(self, state: State) -> set[int]:
        phase = state["phase"]
        if phase == "actions":
            return {state["turn"]["seat"]}
        if phase == "tiles":
            return {state["tile_pick"]["order"][0]}
        if phase == "draft":
            return {s for s, pick in enumerate(state["draft"]["picks"]) if pick is None}
        if phase == "vatican":
            report = state["vatican"]
            return {s for s in report["waiting"] if str(s) not in report["choices"]}
        return set()

    def result(self, state: State) -> dict[str, Any] | None:
        if state["phase"] != "over":
            return None
        totals, breakdowns = final_scores(state)
        order = state["order"]
        tiebreak = [-order.index(s) for s in range(state["players"])]
        return make_result(totals, breakdowns, tiebreak, {"turn_order": list(order)})

    def disclosed(self, state: State) -> Any:
        """What changes only when something hidden turns up: a new round's cards and dice
        (LIM-ROUND-3/4), the RNG, and a leader leaving a hidden hand (played or discarded, it is
        named: LIM-LEADER-3), which also marks a closed draft round (the picks join the hands)."""
        return (state["rng"], state["round"], state["decks"], state["dice"],
                [seat["hand"] for seat in state["seats"]])

    # ------------------------------------------------------------------------------ actions
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["phase"] == "over" or seat not in self.actors(state):
            return []
        return moves.legal_actions(state, seat)

    def _apply(self, state: State, seat: int, action: Action) -> list[Event]:
        if "reduce" in action:
            # LIM-OQ-6: which of wood or stone a wood-or-stone excommunication takes, for this move.
            if action["reduce"] not in ("wood", "stone"):
                raise IllegalAction("'reduce:' names wood or stone.", "LIM-EXCOMM-14")
            if not chooses_reduction(state, seat):
                raise IllegalAction(
                    "'reduce:' is only for a player whose excommunication takes wood or stone.",
                    "LIM-EXCOMM-14",
                )
            state["reduce_first"] = action["reduce"]
        events = super()._apply(state, seat, action)
        state.pop("reduce_first", None)
        moves.settle(state, events)
        return events

    def _canonical(self, state: State, action: Action) -> Action:
        """The contract's round trip, with two board checks first.

        A space the board does not have is refused by LIM-COMP-1, whatever its spelling. A place
        or take that spends no servant is written without ``servants:``, which reads back as the
        fewest servants the space needs: that is 0 whenever 0 is legal, and when it is not, the
        move is checked as the player wrote it (and refused by the value rule, LIM-PLACE-4).
        """
        space = action.get("space")
        if action.get("type") in ("place", "take") and isinstance(space, str) and space not in ALL_SPACES:
            raise IllegalAction("There is no action space called '{space}'.", "LIM-COMP-1",
                                space=space[:20])
        servants = action.get("servants")
        if isinstance(space, str) and servants == 0 and type(servants) is int:
            try:
                explicit = self.parse(state, self.notation(action) + " servants:0")
            except (IllegalAction, KeyError, TypeError):
                explicit = None
            if explicit == action:
                return explicit
        return super()._canonical(state, action)

    # -------------------------------------------------------------------------------- menus
    def describe(self, state: State, seat: int, action: Action) -> Description:
        return describe_action(state, seat, action)

    def automatic(self, state: State, seat: int) -> Action | None:
        """The one choice left, taken without asking: the last leader of a draft pack (LIM-ADV-5)
        and the last personal bonus tile, which the last of four players gets (LIM-ADV-2/4).

        Turn ends and forced passes (LIM-ROUND-7/9) never reach a seat: :func:`moves.settle`
        takes them inside the move that leads to them and says so in its events. A Vatican Report
        answer is a real choice even when one side is better (LIM-VATICAN-4), a bonus action may
        always be declined, and a lone placement may still take servants: none is automatic.
        """
        if state["phase"] == "draft" and len(state["draft"]["packs"][seat]) == 1:
            return {"type": "draft", "leader": state["draft"]["packs"][seat][0]}
        if state["phase"] == "tiles" and len(state["tile_pick"]["left"]) == 1:
            return {"type": "tile", "tile": state["tile_pick"]["left"][0]}
        return None

    # ----------------------------------------------------------------------------- notation
    def notation(self, action: Action) -> str:
        return notation.notation(action)

    def _parse(self, state: State, text: str) -> Action:
        return notation.parse(state, text)

    # The guide promises a rule ID in every refusal: the core's own refusals (a move that cannot
    # be read, a seat that may not act) name theirs here too.
    def parse(self, state: State, text: str) -> Action:
        with rule_named():
            return super().parse(state, text)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        with rule_named():
            return super().apply(state, seat, action)

    # -------------------------------------------------------------------------------- views
    def _public_view(self, state: State) -> dict[str, Any]:
        return view.public_view(state, self.actors(state), self.result(state))

    def _private_view(self, state: State, seat: int) -> dict[str, Any]:
        return view.private_view(state, seat)

    def prompt(self, state: State, seat: int) -> str:
        if seat not in self.actors(state):
            return self.waiting_message(state, seat)
        return view.prompt(state, seat)

    def waiting_message(self, state: State, seat: int) -> str:
        if self.result(state) is not None:
            return Message("This game is over.")
        waiting = ", ".join(f"{{p{s}}}" for s in sorted(self.actors(state)))
        return Message("It is not your turn: waiting for {waiting}.",
                       waiting=waiting)


__all__ = ["LorenzoIlMagnifico"]
