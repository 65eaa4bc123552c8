"""The four towers: taking a card by placement or bonus action (LIM-TOWER, LIM-CARD, LIM-EFFECT-11)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core import Event, IllegalAction, Message, State, counted, event
from games.core.describe import amounts, listing

from .card_costs import chosen_discount, tower_variants, useful_discounts
from .data import (
    BOARD,
    CARDS,
    FLOORS,
    SPACES_OF_TOWER,
    TOWER_FLOORS,
    TOWER_OF_TYPE,
    TOWER_SPACES,
    amount,
    card_name,
    describe,
)
from .effects import (
    card_action_modifier,
    character_profile,
    excomm_profile,
    leader_profile,
    pay,
    reduced,
    resolve_effects,
    servant_increase,
    servant_rate,
)


def space_words(space: str) -> Message:
    """An action space as a player names it: 'the purple tower, floor 1', 'market space 2',
    'the Council Palace'."""
    if space == "council":
        return Message("the Council Palace")
    kind, number = space.split("-")
    if kind == "harvest":
        return Message("harvest space {number}", number=int(number))
    if kind == "production":
        return Message("production space {number}", number=int(number))
    if kind == "market":
        return Message("market space {number}", number=int(number))
    return Message("the {tower} tower, floor {floor}", tower=kind, floor=int(number))


def split_space(space: str) -> tuple[str, int]:
    """``"green-3"`` -> ``("green", 3)`` (tower spaces only)."""
    return TOWER_FLOORS[space]


def tower_occupied(state: State, tower: str) -> bool:
    board = state["board"]
    for space in SPACES_OF_TOWER[tower]:
        if board.get(space):
            return True
    return False


def has_coloured_member(state: State, s: int, spaces: Iterable[str]) -> bool:
    """Whether seat ``s`` has a coloured family member on one of ``spaces`` (LIM-TOWER-10, LIM-PLACE-13)."""
    board = state["board"]
    for space in spaces:
        for occupant in board.get(space, ()):
            if occupant["seat"] == s and occupant["member"] != "neutral":
                return True
    return False


def tower_plan(
    state: State,
    s: int,
    space: str,
    base: int,
    servants: Any,
    *,
    cost: Any = None,
    discount: Any = None,
    extra_discount: dict | None = None,
    member: str | None = None,
) -> dict:
    """Check a whole card take before anything changes (LIM-TOWER-9/15, LIM-EFFECT-11).

    ``member`` is the family member placed (None for a bonus action); ``base`` is its value, or the
    bonus action's printed value. Returns what the take will cost and give; raises IllegalAction.
    """
    tower, floor = TOWER_FLOORS[space]
    seat = state["seats"][s]
    no = state["towers"][tower][floor - 1]
    if no is None or state["board"].get(space):
        raise IllegalAction("There is no card left on {space}.", "LIM-TOWER-12",
                            space=space)
    card = CARDS[no]
    card_type = card["type"]
    if len(seat["cards"][card_type]) >= BOARD["max_cards_per_type"]:
        raise IllegalAction(
            "You already have {max_cards_per_type} {card_type} cards, the most a player may hold.",
            "LIM-CARD-12",
            max_cards_per_type=BOARD['max_cards_per_type'], card_type=card_type
        )
    if (
        member is not None
        and member != "neutral"
        and has_coloured_member(state, s, SPACES_OF_TOWER[tower])
    ):
        raise IllegalAction(
            "You already have a coloured family member in the {tower} tower.", "LIM-TOWER-10",
            tower=tower
        )
    value0 = base + card_action_modifier(state, s, card_type)
    increase = servant_increase(state, s, servants)
    minimum = BOARD["towers"][tower]["floors"][floor - 1]["value"]
    needed = max(0, minimum - value0)
    if increase < needed:
        raise IllegalAction(
            "{space} needs value {minimum}; your action has value {value0}.", "LIM-PLACE-4",
            space=space, minimum=minimum, value0=value0 + increase
        )
    if increase > needed:
        raise IllegalAction(
            "That is more servants than you need: value {value0} is enough for {space}.",
            "LIM-PLACE-8",
            value0=value0 + needed, space=space
        )
    return take_terms(Buyer(state, s), space, servants, value0 + increase, cost=cost, discount=discount,
                      extra_discount=extra_discount)


class Buyer:
    """A seat taking cards from the towers, in one state: its effects in force, each tower's fee
    once found, the floors' bonuses and the cards' prices kept with its profiles. A listing of the
    seat's moves checks every card and cost option with one buyer instead of finding these again."""

    def __init__(self, state: State, s: int) -> None:
        self.state, self.s = state, s
        self.seat = state["seats"][s]
        self.leaders = leader_profile(state, s)
        self.characters = character_profile(state, s)
        self.fees: dict[str, int] = {}
        self.floor_bonuses = excomm_profile(state, s).setdefault("floor_bonuses", {})
        """Each floor's bonus after the excommunications, by the wood-or-stone choice of the move."""

    def fee(self, tower: str) -> int:
        """LIM-TOWER-7: the coins to pay for entering ``tower`` (none when it is free or a leader waives the fee)."""
        if tower not in self.fees:
            occupied = "no_tower_fee" not in self.leaders["kinds"] and tower_occupied(self.state, tower)
            self.fees[tower] = BOARD["tower_fee"] if occupied else 0
        return self.fees[tower]

    def bonus(self, tower: str, floor: int) -> dict[str, int]:
        """LIM-TOWER-11: what the floor's space gives, after the excommunications (none when a
        character cancels the floor's bonus); read only."""
        if floor in self.characters["no_floor"]:
            return {}
        key = (tower, floor, self.state.get("reduce_first"))
        found = self.floor_bonuses.get(key)
        if found is None:
            found = self.floor_bonuses[key] = reduced(self.state, self.s,
                                                      BOARD["towers"][tower]["floors"][floor - 1]["bonus"])
        return found

    def affords(self, space: str, servants: int, cost: int | None, discount: str | None) -> bool:
        """Whether :func:`take_terms` accepts this take of a listed variant (a valid cost option and
        discount, no bonus action's discount): the same checks as a verdict, with no refusal written."""
        tower, floor = TOWER_FLOORS[space]
        res = self.seat["res"]
        fee = self.fee(tower)
        if res["coins"] < fee:
            return False
        held = dict(res)  # after the servants, the fee and the floor's bonus
        held["servants"] -= servants
        held["coins"] -= fee
        for k, v in self.bonus(tower, floor).items():
            held[k] += v
        no = self.state["towers"][tower][floor - 1]
        card = CARDS[no]
        if card["type"] == "territory" and "no_territory_mp" not in self.leaders["kinds"]:
            if held["mp"] < BOARD["territory_slot_mp"][len(self.seat["cards"]["territory"])]:
                return False
        if not card["costs"]:
            return True
        index = 1 if cost is None else cost
        for k, v in card["costs"][index - 1]["need"].items():
            if held[k] < v:
                return False
        for k, v in self.payment(no, index, discount, None).items():
            if held[k] < v:
                return False
        return True

    def payment(self, no: int, index: int, discount: Any, extra_discount: dict | None) -> dict[str, int]:
        """What cost option ``index`` of card ``no`` costs this seat after its discounts (LIM-EFFECT-8):
        kept with the seat's character profile, on which it depends with the leaders' coin discount
        (read only: callers copy it)."""
        coin_discount = self.leaders["coin_discount"]
        if discount is not None and not isinstance(discount, str):
            return self._payment(no, index, discount, extra_discount)  # refused there, never kept
        key = (no, index, discount, coin_discount, tuple(sorted(extra_discount.items())) if extra_discount else ())
        known = self.characters.setdefault("payments", {})
        if key not in known:
            known[key] = self._payment(no, index, discount, extra_discount)
        return known[key]

    def _payment(self, no: int, index: int, discount: Any, extra_discount: dict | None) -> dict[str, int]:
        coin_discount = self.leaders["coin_discount"]
        card_type = CARDS[no]["type"]
        price = CARDS[no]["costs"][index - 1]["pay"]
        if discount is not None and len(useful_discounts(self.state, self.s, card_type, price)) < 2:
            raise IllegalAction(
                "You have no discount to choose for that card: any discount you have applies by itself.",
                "LIM-EFFECT-8",
            )
        total: dict[str, int] = {}
        for choices in self.characters["discounts"].get(card_type, ()):
            for k, v in chosen_discount(choices, price, discount).items():
                total[k] = total.get(k, 0) + v
        for k, v in (extra_discount or {}).items():
            total[k] = total.get(k, 0) + v
        if "coins" in price and coin_discount:
            total["coins"] = total.get("coins", 0) + coin_discount
        payment = {k: max(0, v - total.get(k, 0)) for k, v in price.items()}
        return {k: v for k, v in payment.items() if v}


def take_terms(
    buyer: Buyer,
    space: str,
    servants: int,
    value: int,
    *,
    cost: Any = None,
    discount: Any = None,
    extra_discount: dict | None = None,
) -> dict:
    """The rest of :func:`tower_plan` once the action's value is enough for ``space`` (an untaken
    card that the seat may hold, ``servants`` well spent): the fee, the floor's bonus, the military
    points and the card's cost (LIM-TOWER-7/15, LIM-CARD-2/3/5/10/11, LIM-EFFECT-8).

    Returns what the take will cost and give; raises IllegalAction.
    """
    state = buyer.state
    tower, floor = TOWER_FLOORS[space]
    seat = state["seats"][buyer.s]
    no = state["towers"][tower][floor - 1]
    card = CARDS[no]
    res = dict(seat["res"])
    res["servants"] -= servants
    fee = buyer.fee(tower)
    if res["coins"] < fee:
        raise IllegalAction(
            "The {tower} tower is occupied: you must pay {fee} coins first and you have {coins}.",
            "LIM-TOWER-7",
            tower=tower, fee=fee, coins=res['coins']
        )
    res["coins"] -= fee
    bonus = buyer.bonus(tower, floor)
    for k, v in bonus.items():
        res[k] += v
    if card["type"] == "territory" and "no_territory_mp" not in buyer.leaders["kinds"]:
        required = BOARD["territory_slot_mp"][len(seat["cards"]["territory"])]
        if res["mp"] < required:
            raise IllegalAction(
                "Your next territory slot needs {required} military points; you have {mp}.",
                "LIM-CARD-5",
                required=required, mp=res['mp']
            )
    costs = card["costs"]
    payment: dict[str, int] = {}
    if costs:
        index = 1 if cost is None else cost
        if not isinstance(index, int) or isinstance(index, bool) or not 1 <= index <= len(costs):
            raise IllegalAction(counted("{name} has {n_costs} cost option.", "{name} has {n_costs} cost options.",
                                        by="n_costs", name=card_name(no), n_costs=len(costs)), "LIM-CARD-10")
        for k, v in costs[index - 1]["need"].items():
            if res[k] < v:
                raise IllegalAction(
                    "That cost of {name} needs {amount} held; you have {res}.",
                    "LIM-CARD-11",
                    name=card_name(no), amount=amount(k, v), res=res[k]
                )
        payment = dict(buyer.payment(no, index, discount, extra_discount))
        for k, v in payment.items():
            if res[k] < v:
                raise IllegalAction(
                    "You cannot afford {name}: it costs {payment} and you would have {amount}.",
                    "LIM-CARD-3",
                    name=card_name(no), payment=describe(payment), amount=amount(k, res[k])
                )
    elif cost is not None:
        raise IllegalAction("{name} has no cost to choose.", "LIM-CARD-2",
                            name=card_name(no))
    return {
        "card": no,
        "space": space,
        "fee": fee,
        "bonus": bonus,
        "pay": payment,
        "servants": servants,
        "value": value,
    }


def perform_take(state: State, s: int, plan: dict, member: str | None, events: list[Event]) -> None:
    """LIM-TOWER-11 steps (0)-(7) for a plan that :func:`tower_plan` accepted."""
    seat = state["seats"][s]
    tower, floor = split_space(plan["space"])
    seat["res"]["servants"] -= plan["servants"]
    seat["res"]["coins"] -= plan["fee"]
    if member is not None:
        state["board"].setdefault(plan["space"], []).append({"seat": s, "member": member})
        seat["members"][member] = plan["space"]
        if seat["round"]["six"] == member:
            seat["round"]["six"] = None
    for k, v in plan["bonus"].items():
        seat["res"][k] += v
    pay(state, s, plan["pay"])
    no = plan["card"]
    card = CARDS[no]
    state["towers"][tower][floor - 1] = None
    seat["cards"][card["type"]].append(no)
    how = Message("the {member} family member", member=member) if member else Message("a bonus action")
    extras = []
    if plan["servants"]:
        extras.append(amounts(describe({"servants": plan["servants"]})))
    if plan["fee"]:
        extras.append(Message("the {fee}-coin fee", fee=plan["fee"]))
    if plan["pay"]:
        extras.append(amounts(describe(plan["pay"])))
    paid = Message(", paying {what}", what=listing(extras)) if extras else ""
    events.append(event("take", "{player} takes {name} from {space} with {how}{paid}.",
                                player=f"{{p{s}}}", name=card_name(no), space=space_words(plan['space']), how=how,
                                paid=paid))
    resolve_effects(state, s, card["immediate"], events, immediate=True)


def bonus_take_plan(state: State, s: int, decision: dict, action: dict) -> dict:
    space = action.get("space")
    if space not in TOWER_SPACES:
        raise IllegalAction("There is no tower space called '{space}'.", "LIM-EFFECT-11",
                            space=space)
    card_type = BOARD["towers"][split_space(space)[0]]["card_type"]
    if card_type not in decision["types"]:
        allowed = ", ".join(decision["types"])
        raise IllegalAction("This bonus action takes a {allowed} card only.", "LIM-EFFECT-11",
                            allowed=allowed)
    return tower_plan(
        state,
        s,
        space,
        decision["value"],
        action.get("servants", 0),
        cost=action.get("cost"),
        discount=action.get("discount"),
        extra_discount=decision["discount"],
    )


def legal_takes(state: State, s: int, decision: dict) -> list[dict]:
    out = []
    for card_type in decision["types"]:
        tower = TOWER_OF_TYPE[card_type]
        for floor in FLOORS:
            space = f"{tower}-{floor}"
            if state["towers"][tower][floor - 1] is None:
                continue
            minimum = BOARD["towers"][tower]["floors"][floor - 1]["value"]
            value0 = decision["value"] + card_action_modifier(state, s, card_type)
            servants = max(0, minimum - value0) * servant_rate(state, s)
            for variant in tower_variants(state, s, space):
                action = {"type": "take", "space": space, "servants": servants, **variant}
                try:
                    bonus_take_plan(state, s, decision, action)
                except IllegalAction:
                    continue
                out.append(action)
    return out
