"""Opera Magna moves and goods in words: the guided menu's levels, costs, gains and confirmations.

Every text that names goods for players is written here: ``goods_words("LLp")`` is "2 lead, 1
plank", never the letter codes of the notation. A move is filed under its phase's question (which
merchant, which city area, which card; which building; which market space) and shows what it costs
from the seat's stock, certificates and points and what it gives. Only the deciding seat's own
moves are described: naming a card of its hand is fine, the table shows it to that player alone.
"""

from __future__ import annotations

from dataclasses import replace

from ..core import Description, Message, Step
from .data import DATA, GOOD_NAMES, RAW, RAW_OF, REFINED, REFINED_OF
from .payment import turn_payment_options
from .rules import LOST, area_label, missing_icons, split_area

LATE_PHASES = ("build", "market")
"""Phase 4: a refined good gained now is discarded at once (OM-REFINED-5)."""
PHASE_STEPS = {
    "build": Step("build", "Build: cover icons of a building"),
    "deliver": Step("deliver", "Deliver to the Opera"),
    "convert": Step("convert", "Convert refined goods back to raw"),
    "extra": Step("extra", "Abilities, buildings and conversions"),
}


def goods_words(goods: str) -> str:
    """Goods letters in words, in the game's order.

    >>> goods_words("LSpLb")
    '2 lead, 1 sand, 1 bell, 1 plank'
    >>> goods_words("")
    'nothing'
    """
    order = RAW + REFINED
    counts = {g: goods.count(g) for g in order if g in goods}
    return ", ".join(f"{n} {GOOD_NAMES[g]}" for g, n in counts.items()) or "nothing"


def ops_words(ops: list[dict]) -> str:
    """An effect's operations, short: '2 VP', '2 raw goods of your choice', ..."""
    words = []
    for op in ops:
        kind = op["op"]
        if kind == "vp":
            words.append(f"{op['n']} VP")
        elif kind == "raw":
            choice = GOOD_NAMES[op["choices"]] if len(op["choices"]) == 1 else "raw goods of your choice"
            words.append(f"{op['n']} {choice}")
        elif kind == "refined":
            words.append(f"{op['n']} refined good(s) of your choice")
        elif kind == "certificate":
            words.append(f"{op['n']} certificate step(s)")
        elif kind == "spend_for_refined":
            words.append("1 raw good into its refined good")
        elif kind == "exchange":
            words.append("1 raw good for another")
        elif kind == "discount":
            words.append(f"{op['n']} off this turn's payment")
    return ", ".join(words) or "nothing"


def describe_action(state: dict, seat: int, action: dict) -> Description:
    """``action`` of ``seat`` in words (see the module docstring), with everything it throws away.

    >>> from games.opera import GAME
    >>> state = GAME.setup(2, 1)
    >>> found = describe_action(state, 0, {"type": "draft", "card": "M02"})
    >>> found.label.startswith("M02 (medium"), [s.key for s in found.group]
    (True, ['draft'])
    """
    found = _described(state, seat, action)
    reasons = [reason for reason in (found.destructive, *_thrown_away(state, seat, action)) if reason]
    return replace(found, destructive=_one_after_the_other(reasons)) if reasons else found


def _described(state: dict, seat: int, action: dict) -> Description:
    player = state["seats"][seat]
    kind = action["type"]
    if kind in ("draft", "pick"):
        step = Step(kind, "Draft a starting building" if kind == "draft" else "Take a building from the display")
        return Description(building_words(action["card"]), (step,), gain=(f"building {action['card']}",))
    if kind == "move":
        return _move(action)
    if kind == "pay":
        return _pay(state, player, action)
    if kind == "build":
        return _build(player, action)
    if kind == "deliver":
        return _deliver(state, action)
    if kind == "convert":
        goods = action["goods"]
        raw = goods_words("".join(RAW_OF[g] for g in goods))
        return Description(f"Convert {goods_words(goods)} into {raw}", (PHASE_STEPS["convert"],),
                           (goods_words(goods),), (raw,))
    if kind == "done":
        return _done(player)
    if kind == "buy":
        return _buy(state, action)
    if kind in ("ability", "use", "refine"):
        return _extra(state, player, action)
    return _answer(state, action)


def building_words(card_id: str) -> str:
    card = DATA.buildings[card_id]
    effect = card["effect"]
    when = {"IMM": "when built on the right", "TURN": "once a turn on the right"}.get(effect["trigger"], "")
    does = f"; {ops_words(effect['ops'])} {when}".rstrip() if effect.get("ops") else ""
    return f"{card_id} ({card['size']} {card['colour']}): needs {goods_words(card['cost'])}{does}"


def _move(action: dict) -> Description:
    origin, target = action["from"], action["to"]
    card = action.get("card")
    city, area = split_area(target)
    group = (Step(origin, f"Merchant in {area_label(origin)}"), Step(target, f"to {area_label(target)}"))
    if card is None:
        return Description(f"Move to {area_label(target)} (no card to play)", group)
    trade = DATA.trade[card]
    half = trade["cost"] if area == "cost" else trade["benefit"]
    effect = f"adds {goods_words(half)} to its {'cost' if area == 'cost' else 'benefit'} row"
    return Description(f"Play {card} into {DATA.cities[city]['name']}: {effect}", group, (f"card {card}",))


def _pay(state: dict, player: dict, action: dict) -> Description:
    options = turn_payment_options(state, player)
    wanted = (action.get("wild", ""), action.get("shield"))
    option = options[0] if len(action) == 1 else next(o for o in options if (o["wild"], o["shield"]) == wanted)
    plan = option["plan"]
    city, _ = split_area(state["turn"]["moved_to"])
    cost = [goods_words("".join(g * plan["raw"][g] for g in RAW))] if any(plan["raw"].values()) else []
    cost += [f"{plan['cert'][g]} {GOOD_NAMES[g]} certificate step(s)" for g in RAW if plan["cert"][g]]
    cost += [f"{plan['vp']} VP"] if plan["vp"] else []
    gained = "".join(DATA.trade[c]["benefit"] for c in state["cities"][city]["gain"] if c)
    how = "best payment" if len(action) == 1 else "wild discount on " + goods_words(option["wild"])
    if option["shield"]:
        how += f", shield on {GOOD_NAMES[option['shield']]}"
    label = f"Pay for {DATA.cities[city]['name']} ({how}): {', '.join(cost) or 'free'}"
    return Description(label, (Step("pay", f"Activate {DATA.cities[city]['name']}"),), tuple(cost),
                       (goods_words(gained),))


def _build(player: dict, action: dict) -> Description:
    card_id, goods = action["card"], action["goods"]
    building = next(b for b in player["building"] if b["id"] == card_id)
    missing = missing_icons(DATA.buildings[card_id]["cost"], building["covered"])
    step = Step(card_id, f"{card_id}: {goods_words(missing)} still to cover")
    if "side" in action:
        label = f"Complete {card_id} with {goods_words(goods)}, {action['side']} side"
        gain = (f"{card_id} in your {action['side']} {DATA.buildings[card_id]['size']} slot",)
    else:
        label = f"Cover {goods_words(goods)} on {card_id}"
        gain = ()
    return Description(label, (PHASE_STEPS["build"], step), (goods_words(goods),), gain)


def _deliver(state: dict, action: dict) -> Description:
    level, column = (int(part) - 1 for part in action["site"].split("."))
    site = state["opera"][level][column]
    token = DATA.worksites[site["token"]]
    first = not site["by"]
    gain = ops_words(DATA.worksite_effects[token["faces"][site["face"]]]) if first else "a worksite token only"
    return Description(f"Worksite {action['site']} (level {level + 1}): 1 {GOOD_NAMES[token['requires']]} → {gain}",
                       (PHASE_STEPS["deliver"],), (f"1 {GOOD_NAMES[token['requires']]}",), (gain,))


def _done(player: dict) -> Description:
    left = "".join(g * n for g, n in player["refined"].items())
    if not left:
        return Description("End phase 3")
    return Description(f"End phase 3, discarding {goods_words(left)}", cost=(goods_words(left),),
                       destructive=f"Your {goods_words(left)} left on the refined spaces are discarded (OM-REFINED-3).")


def _buy(state: dict, action: dict) -> Description:
    slot = action["slot"]
    card = state["market"][slot]
    trade = DATA.trade[card]
    price = DATA.rules["market_prices"][slot]
    words = f"{card}: cost half {goods_words(trade['cost'])}, benefit half {goods_words(trade['benefit'])}"
    step = Step(str(slot), f"Space {slot} ({'free' if not price else f'{price} raw goods'}): {words}")
    pay = action.get("pay", "")
    label = f"Take {card} paying {goods_words(pay)}" if pay else f"Take {card} for free"
    return Description(label, (Step("buy", "Take a market card"), step), (goods_words(pay),) if pay else (),
                       (f"card {card} into your hand",))


def _extra(state: dict, player: dict, action: dict) -> Description:
    kind = action["type"]
    if kind == "ability":
        city, _ = split_area(state["turn"]["moved_to"])
        ability = DATA.abilities[state["cities"][city]["ability"]]
        label = f"Use {ability['name']}: {ops_words(ability['ops'])}"
    elif kind == "use":
        label = f"Use {action['card']}: {ops_words(DATA.buildings[action['card']]['effect']['ops'])}"
    else:
        good = DATA.boards[player["board"]]["conversions"][action["slot"]]
        label = f"Refine 1 {GOOD_NAMES[good]} into 1 {GOOD_NAMES[REFINED_OF[good]]} ({action['slot']} slot)"
    return Description(label, (PHASE_STEPS["extra"],))


def _answer(state: dict, action: dict) -> Description:
    pending = state["pending"][0]
    step = (Step("choice", f"Choose for {pending['source']}"),)
    if action["type"] == "certify":
        names = " and ".join(GOOD_NAMES[g] for g in action["goods"])
        return Description(f"Move the {names} certificate(s) one step right", step)
    if action["type"] == "spend":
        return Description(f"Spend 1 {GOOD_NAMES[action['good']]}", step, (f"1 {GOOD_NAMES[action['good']]}",))
    return Description(f"Take {goods_words(action['goods'])}", step, gain=(goods_words(action["goods"]),))


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
        reasons.append(Message("You lose {vp} VP: a certificate already on its lowest space costs points "
                               "(OM-PAY-7).", vp=vp))
    raw, refined = "".join(g for g in lost if g in RAW), "".join(g for g in lost if g in REFINED)
    if raw:
        reasons.append(Message("{goods} will be lost: you may hold at most {cap} of each raw good (OM-GOODS-6).",
                               goods=goods_words(raw), cap=state["options"]["raw_cap"]))
    if refined and state["phase"] in LATE_PHASES:
        reasons.append(Message("{goods} gained now will be discarded at once: phase 3 is over (OM-REFINED-5).",
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
