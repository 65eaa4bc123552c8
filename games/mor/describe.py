"""Masters of Renaissance moves in words: the guided menu's levels, costs, gains and confirmations.

Every legal move gets a label, a menu path and what it spends and gives, worked out here from the
same rules the engine plays by (the marbles of a market line and what its white marbles become,
a card's price after discounts and the slots it fits, the inputs and outputs of a production, a
warehouse layout and what it throws away). The menu files them as:

- leaders at setup: the pair kept, then the starting resources (when the seat gets some);
- the market: one line per row or column with what it gives; with two white-marble leaders, the
  line, then what its white marbles become;
- storing what was taken and rearranging the warehouse: one layout per option;
- buying: the card (with its price), then its slot and payment when there is a choice;
- producing: the set of powers, then the base power's inputs when it is used, then the outputs
  and the payment;
- leaders: play or discard; ending the turn is one option of the first level.

Only the deciding seat's own moves are described (its leaders in hand may be named: the table
shows these texts to that player alone). Every text is a :class:`~games.core.Message`.
"""

from __future__ import annotations

from typing import Any

from games.core import Description, Message, Name, Step, counted
from games.core.describe import AND, PLUS, amounts, listing

from .data import CARDS, LEADERS, MARBLE_GIVES
from .market import line_name
from .production import production_totals
from .rules import add_counts, counts_of, describe, discounted_cost, market_line, white_resources
from .view import pending_placement

GROUPS = {
    "keep": Message("Choose your leaders"),
    "market": Message("Take from the market"),
    "place": Message("Store what you took"),
    "arrange": Message("Rearrange the warehouse"),
    "buy": Message("Buy a development card"),
    "produce": Message("Produce"),
    "leader": Message("Play or discard a leader"),
    "end": Message("End your turn"),
}
LEVELS = {1: "I", 2: "II", 3: "III"}


def describe_action(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Description:
    """``action`` of ``seat`` in words.

    >>> from games.mor import GAME
    >>> state = GAME.setup(2, 7)
    >>> describe_action(state, 0, {"type": "leader", "op": "discard", "leader": "L4"}).destructive
    'The leader is gone for the rest of the game.'
    >>> describe_action(state, 0, {"type": "end"}).group
    ()
    """
    kind = action["type"]
    top = Step(kind, GROUPS[kind])
    if kind == "end":
        return Description(GROUPS["end"])
    return _DESCRIBERS[kind](state, seat, action, top)


def _keep(state: dict[str, Any], seat: int, action: dict[str, Any], top: Step) -> Description:
    leaders = Message("Keep {leaders}", leaders=listing([_leader(i) for i in action["leaders"]], AND))
    if not action["resources"]:
        return Description(leaders, (top,))
    pair = Step("+".join(action["leaders"]), leaders)
    start = amounts(describe(counts_of(action["resources"])))
    return Description(Message("{leaders}, start with {resources}", leaders=leaders, resources=start), (top, pair),
                       gain=(start,))


def _market(state: dict[str, Any], seat: int, action: dict[str, Any], top: Step) -> Description:
    line = action["line"]
    marbles = market_line(state, line)
    whites = marbles.count("white")
    options = white_resources(state["seats"][seat])
    chosen = action.get("white") or ([options[0]] * whites if len(options) == 1 else [])  # MOR-LEADER-15
    coloured = counts_of([MARBLE_GIVES[m] for m in marbles if MARBLE_GIVES[m]])
    gained = add_counts(coloured, counts_of(chosen))
    gain = (amounts(describe(gained)),) if gained else ()
    label = Message("Take {line}: {gains}", line=line_name(line), gains=gain[0] if gain else Message("nothing"))
    if "white" not in action:
        return Description(label, (top,), gain=gain)
    step = Step(line, Message("Take {line}: {gains} and {whites} white", line=line_name(line),
                              gains=amounts(describe(coloured)), whites=whites))
    return Description(Message("White marbles become {resources}",
                               resources=listing([amounts(r) for r in action["white"]], PLUS)), (top, step), gain=gain)


def _buy(state: dict[str, Any], seat: int, action: dict[str, Any], top: Step) -> Description:
    card_id = state["decks"][action["deck"]][0]
    card = CARDS[card_id]
    name = Name("mor", card_id, card_id)
    price = amounts(describe(discounted_cost(state["seats"][seat], card_id)))
    step = Step(action["deck"], Message("{card} ({colour} {level}, {vp} VP): costs {price}", card=name,
                                        colour=card["colour"], level=LEVELS[card["level"]], vp=card["vp"],
                                        price=price))
    label = Message("Slot {slot}, {paying}", slot=action["slot"], paying=_paying(action.get("pay")))
    return Description(label, (top, step), (price,),
                       (Message("card {card} in slot {slot}", card=name, slot=action["slot"]),))


def _paying(pay: Any) -> Message:
    if pay == "wh":
        return Message("paying from the warehouse first")
    if pay == "sb":
        return Message("paying from the strongbox first")
    return Message("paying {warehouse} from the warehouse and {strongbox} from the strongbox",
                   warehouse=amounts(describe(counts_of(pay["wh"]))),
                   strongbox=amounts(describe(counts_of(pay["sb"]))))


def _produce(state: dict[str, Any], seat: int, action: dict[str, Any], top: Step) -> Description:
    cards, leaders, base = action.get("cards", []), action.get("leaders", {}), action.get("base")
    powers = [*cards, *leaders, *(["base"] if base else [])]
    named = [Name("mor", p, p) for p in powers if p != "base"] + ([Message("the base power")] if base else [])
    path = [top, Step("+".join(powers), Message("Run {powers}", powers=listing(named, PLUS)))]
    if base:
        path.append(Step("+".join(base["in"]), Message("Base power pays {resources}",
                                                       resources=listing([amounts(r) for r in base["in"]], PLUS))))
    inputs, outputs, faith = production_totals(state, seat, action)
    made = amounts(describe(add_counts(outputs, {"faith": faith})))
    chosen = [*leaders.values(), *([base["out"]] if base else [])]
    parts = [Message("make {resources}", resources=listing([amounts(r) for r in chosen], PLUS))] if chosen else []
    if "pay" in action:
        parts.append(_paying(action["pay"]))
    label = listing(parts) if parts else Message("Make {made}", made=made)
    return Description(label, tuple(path), (amounts(describe(inputs)),), (made,))


def _leader(leader_id: str) -> Message:
    """A leader and its ability: 'L4 (servant discount)'."""
    leader = LEADERS[leader_id]
    name, resource = Name("mor", leader_id, leader_id), leader["resource"]
    if leader["ability"] == "discount":
        return Message("{leader} ({resource} discount)", leader=name, resource=resource)
    if leader["ability"] == "extra_depot":
        return Message("{leader} ({resource} extra depot)", leader=name, resource=resource)
    if leader["ability"] == "white_marble":
        return Message("{leader} (white marble → {resource})", leader=name, resource=resource)
    return Message("{leader} ({resource} extra production)", leader=name, resource=resource)


def _leader_action(state: dict[str, Any], seat: int, action: dict[str, Any], top: Step) -> Description:
    leader_id = action["leader"]
    name = Name("mor", leader_id, leader_id)
    if action["op"] == "discard":
        return Description(Message("Discard {leader} for 1 faith", leader=_leader(leader_id)), (top,),
                           (Message("leader {leader}", leader=name),), (amounts("1 faith"),),
                           destructive=Message("The leader is gone for the rest of the game."))
    return Description(Message("Play {leader}", leader=_leader(leader_id)), (top,),
                       gain=(Message("{leader} in play, {vp} VP", leader=name, vp=LEADERS[leader_id]["vp"]),))


def _layout(layout: dict[str, list[str]]) -> Message:
    """A warehouse layout, depot by depot: 'd1: 1 coin, d3: 2 stone'."""
    return listing([Message("{depot}: {goods}", depot=depot,
                            goods=", ".join(f"{units.count(kind)} {kind}" for kind in dict.fromkeys(units)))
                    for depot, units in layout.items()])


def _arrange(state: dict[str, Any], seat: int, action: dict[str, Any], top: Step) -> Description:
    return Description(Message("{group}: {choices}", group=GROUPS["arrange"], choices=_layout(action["layout"])),
                       (top,))


def _place(state: dict[str, Any], seat: int, action: dict[str, Any], top: Step) -> Description:
    pending = pending_placement(state)
    held = sum(len(units) for units in pending["current_layout"].values()) + sum(pending["gained"].values())
    if "layout" in action:
        lost = held - sum(len(units) for units in action["layout"].values())
        label = Message("Store: {layout}", layout=_layout(action["layout"]))
    else:
        lost = sum(pending["default_discard"].values())
        label = Message("Store as suggested")
    if not lost:
        return Description(label, (top,))
    return Description(Message("{move} (discards {n})", move=label, n=lost), (top,),
                       (counted("{n} discarded resource", "{n} discarded resources", n=lost),),
                       destructive=counted("{n} resource is thrown away: it moves every other player "
                                           "(or Lorenzo) 1 step on the faith track.",
                                           "{n} resources are thrown away: each moves every other player "
                                           "(or Lorenzo) 1 step on the faith track.", n=lost))


_DESCRIBERS = {"keep": _keep, "market": _market, "buy": _buy, "produce": _produce, "leader": _leader_action,
               "arrange": _arrange, "place": _place}
