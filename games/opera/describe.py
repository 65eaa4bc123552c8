"""Opera Magna moves and goods in words: the guided menu's levels, costs, gains and confirmations.

Every text that names goods for players is written here: ``goods_words("LLp")`` is "2 lead, 1
plank", never the letter codes of the notation (the bot writes each good in the reader's
language). A move is filed under its phase's question (which merchant, which city area, which
card; which building; which market space) and shows what it costs from the seat's stock,
certificates and points and what it gives; every text is a :class:`~games.core.Message` (cities
and city abilities are :class:`~games.core.Name` parameters). Only the deciding seat's own moves
are described: naming a card of its hand is fine, the table shows it to that player alone.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ..core import Description, Message, Step, counted
from ..core.describe import FREE, amounts, listing
from .data import DATA, GOOD_NAMES, RAW, RAW_OF, REFINED, REFINED_OF, ability_name, city_name, component_name
from .payment import turn_payment_options
from .rules import AREA_NAMES, LOST, missing_icons, split_area

LATE_PHASES = ("build", "market")
"""Phase 4: a refined good gained now is discarded at once (OM-REFINED-5)."""
PHASE_STEPS = {
    "build": Step("build", Message("Build: cover icons of a building")),
    "deliver": Step("deliver", Message("Deliver to the Opera")),
    "convert": Step("convert", Message("Convert refined goods back to raw")),
    "extra": Step("extra", Message("Abilities, buildings and conversions")),
}
BUY = Message("Take a market card")


@lru_cache(maxsize=1024)
def goods_words(goods: str) -> str:
    """Goods letters in words, in the game's order (kept: the moves' lines name the same few often).

    >>> goods_words("LSpLb")
    '2 lead, 1 sand, 1 bell, 1 plank'
    >>> goods_words("")
    'nothing'
    """
    order = RAW + REFINED
    counts = {g: goods.count(g) for g in order if g in goods}
    return ", ".join(f"{n} {GOOD_NAMES[g]}" for g, n in counts.items()) or "nothing"


def answer_words(action: dict) -> Message:
    """An answer to a pending choice in words.

    >>> answer_words({"type": "take", "goods": "LW"}), answer_words({"type": "spend", "good": "S"})
    ('1 lead, 1 wood', 'spend 1 sand')
    """
    if action["type"] == "spend":
        return Message("spend 1 {good}", good=GOOD_NAMES[action["good"]])
    if action["type"] == "certify":
        return Message("certificate steps {certs}", certs=goods_words(action["goods"]))
    return amounts(goods_words(action["goods"]))


def ops_words(ops: list[dict]) -> Message:
    """An effect's operations, short: '2 VP', '2 raw goods of your choice', ..."""
    words = []
    for op in ops:
        kind = op["op"]
        if kind == "vp":
            words.append(Message("{n} VP", n=op["n"]))
        elif kind == "raw" and len(op["choices"]) == 1:
            words.append(amounts(f"{op['n']} {GOOD_NAMES[op['choices']]}"))
        elif kind == "raw":
            words.append(counted("{n} raw good of your choice", "{n} raw goods of your choice", n=op["n"]))
        elif kind == "refined":
            words.append(counted("{n} refined good of your choice", "{n} refined goods of your choice", n=op["n"]))
        elif kind == "certificate":
            words.append(counted("{n} certificate step", "{n} certificate steps", n=op["n"]))
        elif kind == "spend_for_refined":
            words.append(Message("1 raw good into its refined good"))
        elif kind == "exchange":
            words.append(Message("1 raw good for another"))
        elif kind == "discount":
            words.append(Message("{n} off this turn's payment", n=op["n"]))
    return listing(words)


def area_words(code: str) -> Message:
    """A city area as players read it: 'Venice (costs)'."""
    city, area = split_area(code)
    return Message("{city} ({area})", city=city_name(city), area=AREA_NAMES[area])


def describe_action(state: dict, seat: int, action: dict) -> Description:
    """``action`` of ``seat`` in words (see the module docstring), with everything it throws away.

    >>> from games.opera import GAME
    >>> state = GAME.setup(2, 1)
    >>> found = describe_action(state, 0, {"type": "draft", "card": "M02"})
    >>> found.label.startswith("Arcade (medium"), [s.key for s in found.group]
    (True, ['draft'])
    """
    found = _described(state, seat, action)
    reasons = [reason for reason in (found.destructive, *_thrown_away(state, seat, action)) if reason]
    return replace(found, destructive=_one_after_the_other(reasons)) if reasons else found


def _described(state: dict, seat: int, action: dict) -> Description:
    player = state["seats"][seat]
    kind = action["type"]
    if kind in ("draft", "pick"):
        step = Step(kind, Message("Draft a starting building") if kind == "draft"
                    else Message("Take a building from the display"))
        return Description(building_words(action["card"]), (step,),
                           gain=(Message("building {card}", card=component_name(action["card"])),))
    if kind == "move":
        return _move(action)
    if kind == "pay":
        return _pay(state, player, action)
    if kind == "build":
        return _build(player, action)
    if kind == "deliver":
        return _deliver(state, action)
    if kind == "convert":
        goods = goods_words(action["goods"])
        raw = goods_words("".join(RAW_OF[g] for g in action["goods"]))
        return Description(Message("Convert {goods} into {raw}", goods=goods, raw=raw), (PHASE_STEPS["convert"],),
                           (amounts(goods),), (amounts(raw),))
    if kind == "done":
        return _done(player)
    if kind == "buy":
        return _buy(state, action)
    if kind in ("ability", "use", "refine"):
        return _extra(state, player, action)
    return _answer(state, action)


def building_words(card_id: str) -> Message:
    card = DATA.buildings[card_id]
    effect = card["effect"]
    does: str = ""
    if effect.get("ops"):
        ops = ops_words(effect["ops"])
        if effect["trigger"] == "IMM":
            does = Message("; {effect} when built on the right", effect=ops)
        elif effect["trigger"] == "TURN":
            does = Message("; {effect} once a turn on the right", effect=ops)
        else:
            does = Message("; {effect}", effect=ops)
    return Message("{card} ({size} {colour}): needs {cost}{does}", card=component_name(card_id), size=card["size"],
                   colour=card["colour"], cost=goods_words(card["cost"]), does=does)


def _move(action: dict) -> Description:
    origin, target = action["from"], action["to"]
    card = action.get("card")
    city, area = split_area(target)
    group = (Step(origin, Message("Merchant in {area}", area=area_words(origin))),
             Step(target, Message("to {area}", area=area_words(target))))
    if card is None:
        return Description(Message("Move to {area} (no card to play)", area=area_words(target)), group)
    trade = DATA.trade[card]
    if area == "cost":
        label = Message("Play {card} into {city}: adds {goods} to its cost row", card=component_name(card), city=city_name(city),
                        goods=goods_words(trade["cost"]))
    else:
        label = Message("Play {card} into {city}: adds {goods} to its benefit row", card=component_name(card), city=city_name(city),
                        goods=goods_words(trade["benefit"]))
    return Description(label, group, (Message("card {card}", card=component_name(card)),))


def _pay(state: dict, player: dict, action: dict) -> Description:
    options = turn_payment_options(state, player)
    wanted = (action.get("wild", ""), action.get("shield"))
    option = options[0] if len(action) == 1 else next(o for o in options if (o["wild"], o["shield"]) == wanted)
    plan = option["plan"]
    city, _ = split_area(state["turn"]["moved_to"])
    cost = [amounts(goods_words("".join(g * plan["raw"][g] for g in RAW)))] if any(plan["raw"].values()) else []
    cost += [counted("{n} {good} certificate step", "{n} {good} certificate steps", n=plan["cert"][g], good=GOOD_NAMES[g])
             for g in RAW if plan["cert"][g]]
    cost += [Message("{n} VP", n=plan["vp"])] if plan["vp"] else []
    gained = "".join(DATA.trade[c]["benefit"] for c in state["cities"][city]["gain"] if c)
    how = (Message("best payment") if len(action) == 1
           else Message("wild discount on {goods}", goods=goods_words(option["wild"])))
    if option["shield"]:
        how = Message("{how}, shield on {good}", how=how, good=GOOD_NAMES[option["shield"]])
    label = Message("Pay for {city} ({how}): {cost}", city=city_name(city), how=how,
                    cost=listing(cost) if cost else FREE)
    return Description(label, (Step("pay", Message("Activate {city}", city=city_name(city))),), tuple(cost),
                       (amounts(goods_words(gained)),))


def _build(player: dict, action: dict) -> Description:
    card_id, goods = action["card"], goods_words(action["goods"])
    building = next(b for b in player["building"] if b["id"] == card_id)
    missing = missing_icons(DATA.buildings[card_id]["cost"], building["covered"])
    step = Step(card_id, Message("{card}: {goods} still to cover", card=component_name(card_id), goods=goods_words(missing)))
    if "side" in action:
        label = Message("Complete {card} with {goods}, {side} side", card=component_name(card_id), goods=goods, side=action["side"])
        gain: tuple[Message, ...] = (Message("{card} in your {side} {size} slot", card=component_name(card_id), side=action["side"],
                                             size=DATA.buildings[card_id]["size"]),)
    else:
        label = Message("Cover {goods} on {card}", goods=goods, card=component_name(card_id))
        gain = ()
    return Description(label, (PHASE_STEPS["build"], step), (amounts(goods),), gain)


def _deliver(state: dict, action: dict) -> Description:
    level, column = (int(part) - 1 for part in action["site"].split("."))
    site = state["opera"][level][column]
    token = DATA.worksites[site["token"]]
    gain = (ops_words(DATA.worksite_effects[token["faces"][site["face"]]]) if not site["by"]
            else Message("a worksite token only"))
    good = f"1 {GOOD_NAMES[token['requires']]}"
    return Description(Message("Worksite {site} (level {level}): {good} → {gain}", site=action["site"],
                               level=level + 1, good=good, gain=gain),
                       (PHASE_STEPS["deliver"],), (amounts(good),), (gain,))


def _done(player: dict) -> Description:
    left = goods_words("".join(g * n for g, n in player["refined"].items()))
    if not any(player["refined"].values()):
        return Description(Message("End phase 3"))
    return Description(Message("End phase 3, discarding {goods}", goods=left), cost=(amounts(left),),
                       destructive=Message("Your {goods} left on the refined spaces are discarded.",
                                           goods=left))


def _buy(state: dict, action: dict) -> Description:
    slot = action["slot"]
    card = state["market"][slot]
    trade = DATA.trade[card]
    price = DATA.rules["market_prices"][slot]
    words = Message("{card}: cost half {cost}, benefit half {benefit}", card=component_name(card), cost=goods_words(trade["cost"]),
                    benefit=goods_words(trade["benefit"]))
    step = Step(str(slot), Message("Space {slot} ({price}): {card}", slot=slot, card=words,
                                   price=Message("{n} raw goods", n=price) if price else FREE))
    pay = goods_words(action.get("pay", ""))
    if action.get("pay"):
        return Description(Message("Take {card} paying {goods}", card=component_name(card), goods=pay), (Step("buy", BUY), step),
                           (amounts(pay),), (Message("card {card} into your hand", card=component_name(card)),))
    return Description(Message("Take {card} for free", card=component_name(card)), (Step("buy", BUY), step), (),
                       (Message("card {card} into your hand", card=component_name(card)),))


def _extra(state: dict, player: dict, action: dict) -> Description:
    kind = action["type"]
    if kind == "ability":
        city, _ = split_area(state["turn"]["moved_to"])
        ability = DATA.abilities[state["cities"][city]["ability"]]
        label = Message("Use {name}: {effect}", name=ability_name(ability["id"]),
                        effect=ops_words(ability["ops"]))
    elif kind == "use":
        label = Message("Use {card}: {effect}", card=component_name(action["card"]),
                        effect=ops_words(DATA.buildings[action["card"]]["effect"]["ops"]))
    else:
        good = DATA.boards[player["board"]]["conversions"][action["slot"]]
        label = Message("Refine {good} into {refined} ({slot} slot)", good=f"1 {GOOD_NAMES[good]}",
                        refined=f"1 {GOOD_NAMES[REFINED_OF[good]]}", slot=action["slot"])
    return Description(label, (PHASE_STEPS["extra"],))


def _answer(state: dict, action: dict) -> Description:
    pending = state["pending"][0]
    step = (Step("choice", Message("Choose for {source}", source=component_name(pending['source']))),)
    if action["type"] == "certify":
        names = " and ".join(GOOD_NAMES[g] for g in action["goods"])
        return Description(counted("Move the {goods} certificate one step right",
                                   "Move the {goods} certificates one step right",
                                   by="count", count=len(action["goods"]), goods=names), step)
    if action["type"] == "spend":
        good = f"1 {GOOD_NAMES[action['good']]}"
        return Description(Message("Spend {good}", good=good), step, (amounts(good),))
    goods = goods_words(action["goods"])
    return Description(Message("Take {goods}", goods=goods), step, gain=(amounts(goods),))


def _thrown_away(state: dict, seat: int, action: dict) -> list[Message]:
    """Why playing ``action`` loses something, found by playing it on a copy of the state, so the
    activation that may follow by itself (OM-CITY-2) and every effect it fires are counted: the
    points a payment costs (OM-PAY-7, OM-PAY-11), the raw goods beyond the cap (OM-GOODS-3,
    OM-GOODS-6), the refined goods gained in phase 4 (OM-REFINED-5) or with no token left (Q-12)."""
    from .engine import GAME  # the engine describes its moves with this module

    lost: list[str] = []
    watching = LOST.set(lost)
    try:
        after, _ = GAME.apply(state, seat, action)
    finally:
        LOST.reset(watching)
    reasons = []
    vp = state["seats"][seat]["vp"] - after["seats"][seat]["vp"]
    if vp > 0:
        reasons.append(Message("You lose {vp} VP: a certificate already on its lowest space costs points.", vp=vp))
    raw, refined = "".join(g for g in lost if g in RAW), "".join(g for g in lost if g in REFINED)
    if raw:
        reasons.append(Message("{goods} will be lost: you may hold at most {cap} of each raw good.",
                               goods=goods_words(raw), cap=state["options"]["raw_cap"]))
    if refined and state["phase"] in LATE_PHASES:
        reasons.append(Message("{goods} gained now will be discarded at once: phase 3 is over.",
                               goods=goods_words(refined)))
    elif refined:
        reasons.append(Message("{goods} will be lost: you have no player token left to show them (Q-12).",
                               goods=goods_words(refined)))
    return reasons


def _one_after_the_other(reasons: list[str]) -> str:
    """Several reasons as one text that stays translatable (each reason a message of its own)."""
    first, *rest = reasons
    for then in rest:
        first = Message("{first} {then}", first=first, then=then)
    return first
