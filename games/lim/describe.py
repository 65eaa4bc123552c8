"""Lorenzo il Magnifico moves in words: the guided menu's levels, costs, gains and confirmations.

Every text a menu or a suggestion shows of a Lorenzo il Magnifico move is written here, as
:class:`~games.core.Message` s the bot writes in the reader's language (cards and leaders are
:class:`~games.core.Name` parameters, amounts go in as words of the game's terms). A placement is
filed under its family member, its area (towers, harvest, production, market, council) and its
space; a tower space shows its card, the floor's value and bonus, and the servants and coins the
take costs (the engine's own take plan, so the preview is what the move will do). Only the
deciding seat's own moves are described, so naming a leader of its hand or draft pack is fine:
the table shows these texts to that player alone.
"""

from __future__ import annotations

from dataclasses import replace

from games.core import Description, Message, State, Step, counted
from games.core.describe import AND, FREE, PLUS, amounts, listing

from .data import BOARD, CARDS, PRIVILEGES, amount, card_name, describe, leader_name
from .effects import member_value
from .towers import bonus_take_plan, space_words, split_space, tower_plan
from .work import exchange_options, work_value0

AREA_LABELS = {
    "towers": Message("Towers (take a card)"),
    "harvest": Message("Harvest"),
    "production": Message("Production"),
    "market": Message("Market spaces"),
    "council": Message("Council Palace"),
}
LEADER_STEPS = {"play": Message("Play"), "activate": Message("Activate"), "discard": Message("Discard")}


def describe_action(state: State, seat: int, action: dict) -> Description:
    """``action`` of ``seat`` in words (see the module docstring).

    >>> import games
    >>> lim = games.get("lim")
    >>> state = lim.setup(2, 1)
    >>> seat = state["turn"]["seat"]
    >>> found = describe_action(state, seat, {"type": "place", "member": "neutral", "space": "market-1", "servants": 0})
    >>> [step.key for step in found.group], found.gain
    (['neutral', 'market'], ('5 coins',))
    """
    found = _DESCRIBERS[action["type"]](state, seat, action)
    if action.get("reduce") == "stone":
        return replace(found, label=Message("{move} (excommunication takes stone)", move=found.label))
    return found


def _with(label: Message, note: str) -> Message:
    """``label`` with a note in brackets: 'council: 1 coin (2 servants)'."""
    return Message("{move} ({note})", move=label, note=note)


def _place(state: State, seat: int, action: dict) -> Description:
    member, space = action["member"], action["space"]
    value = member_value(state, seat, member)
    member_step = Step(member, Message("The {member} family member (value {value})", member=member, value=value))
    if space in BOARD["spaces"]:
        area = BOARD["spaces"][space]["area"]
        found = _other_space(state, seat, action, value)
        return Description(Message("{member} → {move}", member=member, move=found.label),
                           (member_step, Step(area, AREA_LABELS[area])), found.cost, found.gain)
    plan = tower_plan(state, seat, space, value, action["servants"], cost=action.get("cost"),
                      discount=action.get("discount"), member=member)
    found = _take_words(action, plan, (member_step, Step("towers", AREA_LABELS["towers"])))
    return replace(found, label=Message("{member} → {move}", member=member, move=found.label))


def _other_space(state: State, seat: int, action: dict, value: int) -> Description:
    """A Market, Council, Harvest or Production placement (the last level of the menu)."""
    space, servants = action["space"], action["servants"]
    info = BOARD["spaces"][space]
    cost = (amounts(amount("servants", servants)),) if servants else ()
    if info["area"] in ("harvest", "production"):
        worked = work_value0(state, seat, info["area"], value) + info["modifier"] + servants
        gain: tuple[Message, ...] = (_work_action(info["area"], worked),)
        penalty = Message(" (shared space, {modifier})", modifier=info["modifier"]) if info["modifier"] else ""
        label = Message("{space}: {area} at value {value}{penalty}", space=space_words(space), area=info["area"],
                        value=worked, penalty=penalty)
    else:
        gain = tuple(amounts(amount(k, n)) for k, n in info["gain"].items() if n)
        if info["privileges"]:
            gain += (Message("{count} different council privileges", count=info["privileges"])
                     if info["privileges"] > 1 else Message("1 council privilege"),)
        label = Message("{space}: {gain}", space=space_words(space), gain=listing(gain, PLUS))
    if servants:
        label = _with(label, amount("servants", servants))
    return Description(label, (), cost, gain)


def _work_action(kind: str, value: int) -> Message:
    return Message("a {area} action of value {value}", area=kind, value=value)


def _take_words(action: dict, plan: dict, above: tuple[Step, ...]) -> Description:
    """A card take (by a family member or a bonus action) from the engine's take plan."""
    space = action["space"]
    tower, floor = split_space(space)
    card = CARDS[plan["card"]]
    name = card_name(plan["card"])
    floor_info = BOARD["towers"][tower]["floors"][floor - 1]
    bonus = Message(", bonus {bonus}", bonus=describe(floor_info["bonus"])) if floor_info["bonus"] else ""
    space_step = Step(space, Message("{space}: {card} (floor value {value}{bonus})", space=space_words(space),
                                     card=name, value=floor_info["value"], bonus=bonus))
    cost = []
    if plan["servants"]:
        cost.append(amounts(amount("servants", plan["servants"])))
    if plan["fee"]:
        cost.append(Message("{coins} (occupied tower)", coins=amount("coins", plan["fee"])))
    cost += [amounts(amount(k, n)) for k, n in plan["pay"].items() if n]
    gain = [Message("the {card} card ({type})", card=name, type=card["type"])]
    gain += [amounts(amount(k, n)) for k, n in plan["bonus"].items() if n]
    gain += _effect_words(card["immediate"])
    option = Message(", cost option {option}", option=action["cost"]) if "cost" in action else ""
    discount = Message(", {discount} discount", discount=action["discount"]) if "discount" in action else ""
    label = Message("{space}: {card} — {price}{option}{discount}", space=space_words(space), card=name,
                    price=listing(cost) if cost else FREE, option=option, discount=discount)
    return Description(label, (*above, space_step), tuple(cost), tuple(gain))


def _effect_words(effects: list[dict]) -> list[Message]:
    """A card's immediate effects, short: '7 victory points', '1 council privilege', ..."""
    words = []
    for effect in effects:
        kind = effect["kind"]
        if kind == "gain":
            words += [amounts(amount(k, n)) for k, n in effect["gain"].items() if n]
        elif kind == "privileges":
            words.append(counted("{count} council privilege", "{count} council privileges", by="count",
                                 count=effect["count"]))
        elif kind == "take_card":
            words.append(Message("a bonus card take at value {value}", value=effect["value"]))
        elif kind in ("harvest", "production"):
            words.append(Message("a bonus {area} at value {value}", area=kind, value=effect["value"]))
        elif kind == "per_card":
            words.append(Message("{gain} per {type} card", gain=describe(effect["gain"]), type=effect["card_type"]))
        elif kind == "per_points":
            words.append(Message("{gain} per {step} {points}", gain=describe(effect["gain"]), step=effect["step"],
                                 points=amount(effect["points"], 2)[2:]))
    return words


def _take(state: State, seat: int, action: dict) -> Description:
    plan = bonus_take_plan(state, seat, state["pending"][0], action)
    return _take_words(action, plan, (Step("take", Message("Bonus action: take a card")),))


def _work(state: State, seat: int, action: dict) -> Description:
    decision = state["pending"][0]
    kind, servants = action["type"], action["servants"]
    value = work_value0(state, seat, kind, decision["value"], decision["card_bonuses"]) + servants
    cost = (amounts(amount("servants", servants)),) if servants else ()
    label = Message("A {area} action at value {value}", area=kind, value=value)
    return Description(_with(label, amount("servants", servants)) if servants else label,
                       (Step(kind, Message("Bonus {area} action", area=kind)),), cost, (_work_action(kind, value),))


def _privilege(state: State, seat: int, action: dict) -> Description:
    gains = tuple(amounts(describe(PRIVILEGES[choice])) for choice in action["choices"])
    return Description(listing(gains, AND), (Step("privilege", Message("Council privileges")),), (), gains)


def _exchange(state: State, seat: int, action: dict) -> Description:
    number = state["pending"][0]["cards"][0]
    name = card_name(number)
    step = (Step("exchange", Message("Production exchange: {card}", card=name)),)
    if not action["option"]:
        return Description(Message("No exchange with {card}", card=name), step)
    option = exchange_options(number)[action["option"] - 1]
    pay = describe(option["pay"])
    gain = _effect_words(option["effects"])
    return Description(Message("{card}: pay {pay} → {gain}", card=name, pay=pay, gain=listing(gain, PLUS)), step,
                       (amounts(pay),), tuple(gain))


def _leader(state: State, seat: int, action: dict) -> Description:
    name = leader_name(action["leader"])
    do = action["do"]
    group = (Step("leaders", Message("Leader actions")), Step(do, LEADER_STEPS[do]))
    if do == "discard":
        return Description(Message("Discard {leader} for a council privilege", leader=name), group,
                           (Message("the {leader} leader", leader=name),), (Message("1 council privilege"),),
                           destructive=Message("{leader} is gone for the rest of the game.", leader=name))
    extra: str = ""
    if "copy" in action:
        extra = Message(", copying {leader}", leader=leader_name(action["copy"]))
    if "member" in action:
        extra = Message(", with your {member} family member", member=action["member"])
    if do == "play":
        return Description(Message("Play {leader}{extra}", leader=name, extra=extra), group)
    return Description(Message("Activate {leader}{extra}", leader=name, extra=extra), group)


def _report(state: State, seat: int, action: dict) -> Description:
    group = (Step("report", Message("Vatican Report")),)
    faith = amount("fp", state["seats"][seat]["res"]["fp"])
    if action["support"]:
        return Description(Message("Support the Church with your {faith}", faith=faith), group, (amounts(faith),),
                           (Message("victory points for your faith"),))
    return Description(Message("Refuse: keep your faith points and take the excommunication"), group,
                       gain=(Message("the excommunication tile"),),
                       destructive=Message("The excommunication stays for the whole game."))


_DESCRIBERS = {
    "place": _place,
    "take": _take,
    "harvest": _work,
    "production": _work,
    "privilege": _privilege,
    "exchange": _exchange,
    "leader": _leader,
    "report": _report,
    "tile": lambda state, seat, action: Description(Message("Personal bonus tile {tile}", tile=action["tile"])),
    "draft": lambda state, seat, action: Description(Message("Keep {leader}", leader=leader_name(action["leader"]))),
    "end": lambda state, seat, action: Description(Message("End your turn")),
    "pass": lambda state, seat, action: Description(Message("Pass")),
    "decline": lambda state, seat, action: Description(Message("Decline the bonus action")),
}
