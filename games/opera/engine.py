"""The Opera Magna engine on the project's game contract.

Phases of ``state["phase"]``: ``draft`` (the starting snake draft of buildings), then per turn
``merchant`` (phase 1), ``activate`` (phase 2, only while the player has something to do before
paying), ``refined`` (phase 3), ``build`` and ``market`` (phase 4 steps 1 and 2), and ``over``.
Choices inside an effect ("gain 2 raw goods of your choice") are pending decisions in
``state["pending"]``, answered by the same seat; while one is open the seat's phase is
``choice``. A decision with one possible answer resolves itself.

The rules live by phase in :mod:`.city`, :mod:`.workshop`, :mod:`.deliveries`, :mod:`.market`
and :mod:`.endturn`; legal actions in :mod:`.moves`, notation in :mod:`.notation`, views in
:mod:`.view`, final scoring in :mod:`.scoring`.
"""

from __future__ import annotations

from typing import Any

from games.core.message import Message

from ..core import Description, Game, Move, OptionSpec, make_result, refuse
from ..core.describe import listing
from . import city, deliveries, effects, endturn, market, workshop
from . import moves as M
from . import notation as N
from . import view as V
from .data import RAW, city_name, component_name
from .describe import answer_words, describe_action, goods_words
from .payment import turn_payment_options
from .rules import TURN_PHASES, split_area
from .scoring import score, tiebreak
from .setup import new_state

Event = dict[str, Any]


class OperaMagna(Game):
    """Opera Magna for 2 to 4 players, 9 rounds, with the provisional data set PDS-0.

    >>> state = GAME.setup(2, 1)
    >>> GAME.actors(state), GAME.phase(state, 0)
    ({0}, 'draft')
    >>> state, events = GAME.play(state, 0, "draft m02")
    >>> events[0]["text"], GAME.actors(state)
    ('{p0} drafts Arcade.', {1})
    """

    def table_notice(self) -> Message:
        """PDS-0 is not the printed game: its values and names are provisional.

        >>> GAME.table_notice().startswith("Opera Magna's component set")
        True
        """
        return Message("Opera Magna's component set (trade cards, buildings, worksite tokens: their values and "
                       "their names) is provisional, not the printed game's; the players' guide explains it "
                       "(docs/games/opera.md, \"Provisional component values\").")

    def moves(self) -> tuple[Move, ...]:
        """The move table.

        Flags, decided from the rules: Opera Magna has one active player at a time (OM-FLOW-4),
        so no move is ``own_decision``. No notation is ``private``: the only hidden card a move
        names is the trade card played from the hand in phase 1, and that move places it face up
        in a city row (OM-MERCHANT-6), so the log shows nothing that the board does not; the other
        hidden things (deck order, undealt and removed cards) are never named. ``reveals`` marks
        the moves that turn up hidden information: the last draft pick reveals the building
        display from the face-down decks (OM-SETUP-37), ``move`` turns a card of the hand face up
        (OM-MERCHANT-6), ``pick`` reveals a replacement building (OM-ENDTURN-4) and ``buy``
        refills the market from a face-down deck (OM-MARKET-8). Worksite tokens lie face up from
        setup (OM-SETUP-32), so deliveries reveal nothing.
        """
        answers = ("choice",)
        return (
            Move("draft", endturn.draft, ("draft",), "OM-SETUP-35", reveals=True),
            Move("move", city.move, ("merchant",), "OM-MERCHANT-2", reveals=True),
            Move("pay", city.pay, ("activate",), "OM-CITY-2"),
            Move("ability", city.use_ability, TURN_PHASES, "OM-CITY-8"),
            Move("use", workshop.use, TURN_PHASES, "OM-CITY-12"),
            Move("refine", workshop.refine, TURN_PHASES, "OM-CITY-12"),
            Move("build", workshop.build, ("refined",), "OM-REFINED-1"),
            Move("deliver", deliveries.deliver, ("refined",), "OM-REFINED-1"),
            Move("convert", workshop.convert, ("refined",), "OM-CONVERT-3"),
            Move("done", endturn.done, ("refined",), "OM-FLOW-3"),
            Move("pick", endturn.pick, ("build",), "OM-ENDTURN-3", reveals=True),
            Move("buy", market.buy, ("market",), "OM-ENDTURN-8", reveals=True),
            Move("take", effects.answer, answers, "OM-FLOW-3"),
            Move("certify", effects.answer, answers, "OM-FLOW-3"),
            Move("spend", effects.answer, answers, "OM-FLOW-3"),
        )

    # ------------------------------------------------------------------ setup
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> dict:
        return new_state(players, seed, options)

    # ---------------------------------------------------------------- queries
    def actors(self, state: dict) -> set[int]:
        if state["phase"] == "over":
            return set()
        if state["phase"] == "draft":
            return {state["draft_order"][0]}
        return {state["active"]}

    def disclosed(self, state: dict) -> Any:
        """What changes only when something hidden turns up: a card of a hand played face up
        (OM-MERCHANT-6), the face-down trade and building decks (OM-SETUP-37, OM-ENDTURN-4,
        OM-MARKET-8) and the RNG."""
        hands = [seat["hand"] for seat in state["seats"]]
        return (state["rng"], state["decks"], state["building_decks"], hands)

    def phase(self, state: dict, seat: int) -> str:
        """``state["phase"]``, or ``choice`` while an effect waits for the seat's answer."""
        return "choice" if state["pending"] else state["phase"]

    def out_of_phase(self, state: dict, seat: int, move: Move) -> str:
        if move.type in effects.ANSWERS:
            return Message("There is no choice to answer now. {prompt}",
                           prompt=self.prompt(state, seat))
        return Message("You cannot {type} now. {prompt}",
                       type=move.type, prompt=self.prompt(state, seat))

    def result(self, state: dict) -> dict[str, Any] | None:
        if state["phase"] != "over":
            return None
        breakdowns = [score(state, p) for p in state["seats"]]
        totals = [sum(b.values()) for b in breakdowns]
        ties = [tiebreak(state, p) for p in state["seats"]]
        return make_result(totals, breakdowns, ties, {"tiebreak_keys": [
            "worksite tokens", "level-3 worksite tokens", "level-2 worksite tokens", "raw goods"]})

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.actors(state):
            return []
        return M.legal_actions(state, seat)

    # ------------------------------------------------------------------ apply
    def _apply(self, state: dict, seat: int, action: dict) -> list[Event]:
        """The base dispatch (phase check, then the handler), then what follows by itself."""
        if state["pending"] and action["type"] not in effects.ANSWERS:
            raise refuse("OM-FLOW-3", "Finish this choice first. {prompt}",
                                      prompt=self.prompt(state, seat))
        events = super()._apply(state, seat, action)
        return events + self._settle(state, seat)

    @staticmethod
    def _settle(state: dict, seat: int) -> list[Event]:
        """Forced choices resolve themselves; with nothing to decide before it (one way to pay, no
        ability, building effect or conversion to use first), the activation is made at once
        (OM-CITY-2)."""
        player = state["seats"][seat]
        events = effects.settle_forced(state, player)
        if state["phase"] == "activate" and not state["pending"]:
            options = turn_payment_options(state, player)
            if len(options) == 1 and not M.free_actions(state, player):
                events += city.activate(state, seat, options[0])
                events += effects.settle_forced(state, player)
        return events

    # ------------------------------------------------------------------ views
    def _public_view(self, state: dict) -> dict[str, Any]:
        return V.public_view(state, sorted(self.actors(state)), self.result(state))

    def _private_view(self, state: dict, seat: int) -> dict[str, Any]:
        return V.private_view(state, seat)

    # ---------------------------------------------------------------- prompts
    def prompt(self, state: dict, seat: int) -> str:
        """One line for the seat to act.

        >>> GAME.prompt(GAME.setup(2, 1), 0)
        'Draft a starting building: Arcade, Monastery, Herb garden, Canal lock.'
        """
        if seat not in self.actors(state):
            return self.waiting_message(state, seat)
        phase = state["phase"]
        player = state["seats"][seat]
        if phase == "draft":
            return Message("Draft a starting building: {display}.",
                           display=listing([component_name(card) for card in sorted(state['display'])]))
        if state["pending"]:
            pending = state["pending"][0]
            options = listing([answer_words(a) for a in effects.pending_answers(state, player)], Message("{first}; {rest}"))
            return Message("Choose for {source}: {options}.",
                           source=component_name(pending['source']), options=options)
        if phase == "merchant":
            return Message("Phase 1: move a merchant and play a card.")
        if phase == "activate":
            city_id, _ = split_area(state["turn"]["moved_to"])
            plan = turn_payment_options(state, player)[0]["plan"]
            cost = goods_words("".join(g * plan["raw"][g] for g in RAW))
            certs = "".join(g * plan["cert"][g] for g in RAW)
            extra = Message("{certificates}{vp}",
                            certificates=Message(", certificate steps {certs}", certs=goods_words(certs)) if certs else "",
                            vp=Message(", {vp} VP", vp=plan["vp"]) if plan["vp"] else "")
            return (Message("Phase 2: pay for {name} (pay: {cost}{extra}), or first use an ability, "
                            "a building or a conversion.",
                            name=city_name(city_id), cost=cost, extra=extra))
        if phase == "refined":
            return Message("Phase 3: build, deliver, convert or refine your refined goods, then end the phase.")
        if phase == "build":
            offered = listing([component_name(card) for card in sorted(state["display"])])
            return Message("Phase 4: take a building from the display: {offered}.",
                           offered=offered)
        return Message("Phase 4: take a market card: the one on space 0 is free, the ones on spaces 1 to 3 "
                       "cost that many raw goods.")

    def waiting_message(self, state: dict, seat: int) -> str:
        if state["phase"] == "over":
            return Message("This game is over.")
        waiting = ", ".join(f"{{p{s}}}" for s in sorted(self.actors(state)))
        return Message("It is not your turn: waiting for {waiting}.",
                       waiting=waiting)

    # ------------------------------------------------------------------ menus
    def describe(self, state: dict, seat: int, action: dict) -> Description:
        return describe_action(state, seat, action)

    def automatic(self, state: dict, seat: int) -> dict | None:
        """Phase 3 ends by itself when nothing is left to do in it (no refined goods, no ability,
        building or conversion to use: OM-REFINED-3), and the last building of a draft is taken."""
        legal = M.legal_actions(state, seat)
        if len(legal) == 1 and legal[0]["type"] in ("done", "draft"):
            return legal[0]
        return None

    # --------------------------------------------------------------- notation
    def notation(self, action: dict) -> str:
        return N.notation(action)

    def _parse(self, state: dict, text: str) -> dict:
        return N.parse(state, text)


GAME = OperaMagna(
    key="opera", title="Opera Magna", min_players=2, max_players=4,
    options=(
        OptionSpec("limit_tokens", "Enforce the 20 player tokens per colour (Q-12).", False),
        OptionSpec("raw_cap", "Most raw goods of one type a player may hold (Q-02).", 8, (8, 9)),
        OptionSpec("blue_scores_on_left", "Blue buildings score on the left side too (Q-19).", True),
    ),
)
