"""Lorenzo il Magnifico moves in words: the guided menu's levels, costs, gains and confirmations.

Every text a menu or a suggestion shows of a Lorenzo il Magnifico move is written here. A
placement is filed under its family member, its area (towers, harvest, production, market,
council) and its space; a tower space shows its card, the floor's value and bonus, and the
servants and coins the take costs (the engine's own take plan, so the preview is what the move
will do). Only the deciding seat's own moves are described, so naming a leader of its hand or
draft pack is fine: the table shows these texts to that player alone.
"""

from __future__ import annotations

from dataclasses import replace

from games.core import Description, State, Step

from .data import BOARD, CARDS, LEADERS, PRIVILEGES, amount, describe
from .effects import member_value
from .towers import bonus_take_plan, split_space, tower_plan
from .work import exchange_options, work_value0

AREA_LABELS = {
    "towers": "Towers (take a card)",
    "harvest": "Harvest",
    "production": "Production",
    "market": "Market",
    "council": "Council Palace",
}
LEADER_VERBS = {"play": "Play", "activate": "Activate", "discard": "Discard"}


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
    kind = action["type"]
    found = _DESCRIBERS[kind](state, seat, action) if kind in _DESCRIBERS else Description(kind)
    if action.get("reduce") == "stone":
        return replace(found, label=found.label + " (excommunication takes stone)")
    return found


def _place(state: State, seat: int, action: dict) -> Description:
    member, space = action["member"], action["space"]
    value = member_value(state, seat, member)
    member_step = Step(member, f"{member.title()} family member (value {value})")
    if space in BOARD["spaces"]:
        info = BOARD["spaces"][space]
        area = info["area"]
        found = _other_space(state, seat, action, value)
        return Description(f"{member} → {found.label}", (member_step, Step(area, AREA_LABELS[area])),
                           found.cost, found.gain)
    plan = tower_plan(state, seat, space, value, action["servants"], cost=action.get("cost"),
                      discount=action.get("discount"), member=member)
    return _take_words(action, plan, (member_step, Step("towers", AREA_LABELS["towers"])), f"{member} → ")


def _other_space(state: State, seat: int, action: dict, value: int) -> Description:
    """A Market, Council, Harvest or Production placement (the last level of the menu)."""
    space, servants = action["space"], action["servants"]
    info = BOARD["spaces"][space]
    cost = (amount("servants", servants),) if servants else ()
    if info["area"] in ("harvest", "production"):
        worked = work_value0(state, seat, info["area"], value) + info["modifier"] + servants
        gain = (f"a {info['area']} action of value {worked}",)
        penalty = f" (shared space, {info['modifier']})" if info["modifier"] else ""
        label = f"{space}: {info['area']} at value {worked}{penalty}"
    else:
        gain = tuple(amount(k, n) for k, n in info["gain"].items() if n)
        if info["privileges"]:
            gain += (f"{info['privileges']} different council privilege(s)" if info["privileges"] > 1
                     else "1 council privilege",)
        label = f"{space}: " + (" + ".join(gain) or "nothing")
    if servants:
        label += f" ({amount('servants', servants)})"
    return Description(label, (), cost, gain)


def _take_words(action: dict, plan: dict, above: tuple[Step, ...], prefix: str = "") -> Description:
    """A card take (by a family member or a bonus action) from the engine's take plan."""
    space = action["space"]
    tower, floor = split_space(space)
    card = CARDS[plan["card"]]
    floor_info = BOARD["towers"][tower]["floors"][floor - 1]
    bonus = f", bonus {describe(floor_info['bonus'])}" if floor_info["bonus"] else ""
    space_step = Step(space, f"{space}: {card['name']} (floor value {floor_info['value']}{bonus})")
    cost = []
    if plan["servants"]:
        cost.append(amount("servants", plan["servants"]))
    if plan["fee"]:
        cost.append(f"{amount('coins', plan['fee'])} (occupied tower)")
    cost += [amount(k, n) for k, n in plan["pay"].items() if n]
    gain = [f"the {card['name']} card ({card['type']})"]
    gain += [amount(k, n) for k, n in plan["bonus"].items() if n]
    gain += _effect_words(card["immediate"])
    variant = ""
    if "cost" in action:
        variant += f", cost option {action['cost']}"
    if "discount" in action:
        variant += f", {action['discount']} discount"
    price = ", ".join(cost) or "free"
    label = f"{prefix}{space}: {card['name']} — {price}{variant}"
    return Description(label, (*above, space_step), tuple(cost), tuple(gain))


def _effect_words(effects: list[dict]) -> list[str]:
    """A card's immediate effects, short: '7 victory points', '1 council privilege', ..."""
    words = []
    for effect in effects:
        kind = effect["kind"]
        if kind == "gain":
            words += [amount(k, n) for k, n in effect["gain"].items() if n]
        elif kind == "privileges":
            words.append(f"{effect['count']} council privilege(s)")
        elif kind == "take_card":
            words.append(f"a bonus card take at value {effect['value']}")
        elif kind in ("harvest", "production"):
            words.append(f"a bonus {kind} at value {effect['value']}")
        elif kind == "per_card":
            words.append(f"{describe(effect['gain'])} per {effect['card_type']} card")
        elif kind == "per_points":
            words.append(f"{describe(effect['gain'])} per {effect['step']} {amount(effect['points'], 2)[2:]}")
    return words


def _take(state: State, seat: int, action: dict) -> Description:
    plan = bonus_take_plan(state, seat, state["pending"][0], action)
    return _take_words(action, plan, (Step("take", "Bonus action: take a card"),))


def _work(state: State, seat: int, action: dict) -> Description:
    decision = state["pending"][0]
    kind, servants = action["type"], action["servants"]
    value = work_value0(state, seat, kind, decision["value"], decision["card_bonuses"]) + servants
    cost = (amount("servants", servants),) if servants else ()
    return Description(f"{kind.title()} at value {value}" + (f" ({amount('servants', servants)})" if servants else ""),
                       (Step(kind, f"Bonus {kind} action"),), cost, (f"a {kind} action of value {value}",))


def _privilege(state: State, seat: int, action: dict) -> Description:
    gains = [describe(PRIVILEGES[choice]) for choice in action["choices"]]
    return Description(" and ".join(gains), (Step("privilege", "Council privileges"),), (), tuple(gains))


def _exchange(state: State, seat: int, action: dict) -> Description:
    card = CARDS[state["pending"][0]["cards"][0]]
    step = (Step("exchange", f"Production exchange: {card['name']}"),)
    if not action["option"]:
        return Description(f"No exchange with {card['name']}", step)
    option = exchange_options(card["no"])[action["option"] - 1]
    pay = describe(option["pay"])
    gain = _effect_words(option["effects"])
    return Description(f"{card['name']}: pay {pay} → {' + '.join(gain) or 'nothing'}", step, (pay,), tuple(gain))


def _leader(state: State, seat: int, action: dict) -> Description:
    name = LEADERS[action["leader"]]["name"]
    do = action["do"]
    group = (Step("leaders", "Leader actions"), Step(do, LEADER_VERBS[do]))
    if do == "discard":
        return Description(f"Discard {name} for a council privilege", group, (f"the {name} leader",),
                           ("1 council privilege",), destructive=f"{name} is gone for the rest of the game.")
    extra = ""
    if "copy" in action:
        extra = f", copying {LEADERS[action['copy']]['name']}"
    if "member" in action:
        extra = f", with your {action['member']} family member"
    return Description(f"{LEADER_VERBS[do]} {name}{extra}", group)


def _report(state: State, seat: int, action: dict) -> Description:
    group = (Step("report", "Vatican Report"),)
    faith = amount("fp", state["seats"][seat]["res"]["fp"])
    if action["support"]:
        return Description(f"Support the Church with your {faith}", group, (faith,), ("victory points for your faith",))
    return Description("Refuse: keep your faith points and take the excommunication", group,
                       gain=("the excommunication tile",), destructive="The excommunication stays for the whole game.")


_DESCRIBERS = {
    "place": _place,
    "take": _take,
    "harvest": _work,
    "production": _work,
    "privilege": _privilege,
    "exchange": _exchange,
    "leader": _leader,
    "report": _report,
    "tile": lambda state, seat, action: Description(f"Personal bonus tile {action['tile']}"),
    "draft": lambda state, seat, action: Description(f"Keep {LEADERS[action['leader']]['name']}"),
    "end": lambda state, seat, action: Description("End your turn"),
    "pass": lambda state, seat, action: Description("Pass"),
    "decline": lambda state, seat, action: Description("Decline the bonus action"),
}
