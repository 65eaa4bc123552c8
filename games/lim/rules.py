"""The rules of Lorenzo il Magnifico as functions over a JSON-safe state.

Effects of cards, leaders and tiles are data (``games/lim/data``) read through a small vocabulary:
``gain``, ``privileges``, ``per_card``, ``per_points``, ``take_card``, ``harvest``, ``production``,
``exchange`` (immediate and activated effects) and ``card_bonus``, ``harvest_bonus``,
``production_bonus``, ``no_floor_bonus`` (character permanents), plus the leader and
excommunication kinds. Every function that changes the state works on the private copy that
``Game.apply`` hands to ``_apply``.

Decisions that interrupt a placement (privileges, bonus actions, exchanges) are kept in
``state["pending"]``, first item first; a card's effects are put in front of what was pending, so
chains of bonus actions resolve depth first (LIM-EFFECT-12).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import combinations
from typing import Any

from games.core import IllegalAction, Rng, seed_state

from .data import (
    ADVANCED_TILES,
    BOARD,
    BONUS_TILES,
    CARD_TYPES,
    CARDS,
    COLOURED,
    EXCOMMUNICATIONS,
    HOLDINGS,
    LEADERS,
    MEMBERS,
    OTHER_SPACES,
    PRIVILEGES,
    RESOURCES,
    TOWER_OF_TYPE,
    TOWER_SPACES,
    TOWERS,
    amount,
    describe,
)

State = dict[str, Any]
Event = dict[str, Any]

ROUNDS = 6
FLOORS = (1, 2, 3, 4)


def event(kind: str, text: str) -> Event:
    return {"type": kind, "text": text}


# ----------------------------------------------------------------------------------------- setup
def new_game(players: int, seed: int, options: dict[str, Any]) -> State:
    """LIM-SETUP: decks, excommunication tiles, starting resources, and the first decision."""
    state: State = {
        "players": players,
        "options": dict(options),
        "rng": seed_state(seed),
        "phase": "setup",
        "round": 0,
        "decks": {},
        "removed": [],
        "towers": {tower: [None, None, None, None] for tower in TOWERS},
        "board": {},
        "dice": {},
        "order": list(range(players)),
        "queue": [],
        "turn": None,
        "pending": [],
        "excommunications": [],
        "seats": [],
        "tile_pick": None,
        "draft": None,
        "vatican": None,
    }
    rng = Rng(state)
    for card_type in CARD_TYPES:
        deck: list[int] = []
        for period in (1, 2, 3):
            stack = sorted(no for no, c in CARDS.items() if c["type"] == card_type and c["period"] == period)
            rng.shuffle(stack)
            deck.extend(stack)
        state["decks"][card_type] = deck
    for period in (1, 2, 3):
        tiles = sorted(t for t, tile in EXCOMMUNICATIONS.items() if tile["period"] == period)
        state["excommunications"].append(rng.choice(tiles))
    for position in range(players):
        res = {k: 0 for k in HOLDINGS}
        res.update(BOARD["start"])
        res["coins"] = BOARD["start_coins_by_order"][position]
        state["seats"].append(
            {
                "res": res,
                "cards": {t: [] for t in CARD_TYPES},
                "members": {m: None for m in MEMBERS},
                "tile": None if options["advanced"] else "basic",
                "hand": [],
                "leaders": [],
                "excommunicated": [],
                "round": fresh_round_effects(),
            }
        )
    events: list[Event] = []
    if options["advanced"]:
        pool = sorted(LEADERS)
        rng.shuffle(pool)
        per = BOARD["leaders_per_player"]
        state["draft"] = {
            "packs": [pool[i * per : (i + 1) * per] for i in range(players)],
            "picks": [None] * players,
        }
        state["tile_pick"] = {"order": list(reversed(state["order"])), "left": list(ADVANCED_TILES)}
        state["phase"] = "tiles"
    else:
        start_round(state, events)
    return state


def fresh_round_effects() -> dict[str, Any]:
    """Leader effects that last until the End of the Round (Federico's FM, copied/activated abilities)."""
    return {"six": None, "borrowed": []}


# ------------------------------------------------------------------------------------ round flow
def period_of(state: State) -> int:
    return (max(state["round"], 1) + 1) // 2


def start_round(state: State, events: list[Event]) -> None:
    """LIM-ROUND-3/4: deal 4 cards per tower, roll the dice, build the turn sequence."""
    state["round"] += 1
    state["phase"] = "actions"
    for tower in TOWERS:
        deck = state["decks"][BOARD["towers"][tower]["card_type"]]
        state["towers"][tower] = [deck.pop(0) for _ in FLOORS]
    rng = Rng(state)
    state["dice"] = {colour: rng.die() for colour in COLOURED}
    state["board"] = {}
    for seat in state["seats"]:
        seat["members"] = {m: None for m in MEMBERS}
    queue = [{"seat": s, "skip": False} for _ in range(4) for s in state["order"]]
    for s in state["order"]:
        if has_excomm(state, s, "skip_first_turn"):
            first = next(e for e in queue if e["seat"] == s)
            first["skip"] = True
            queue.append({"seat": s, "skip": False})
    state["queue"] = queue
    state["turn"] = None
    dice = ", ".join(f"{c} {v}" for c, v in state["dice"].items())
    events.append(event("round", f"Round {state['round']} (period {period_of(state)}) begins. Dice: {dice}."))
    next_turn(state, events)


def next_turn(state: State, events: list[Event]) -> None:
    while state["queue"]:
        entry = state["queue"].pop(0)
        seat = state["seats"][entry["seat"]]
        if all(place is not None for place in seat["members"].values()):
            continue
        state["turn"] = {"seat": entry["seat"], "skip": entry["skip"], "placed": False}
        if entry["skip"]:
            events.append(
                event("skip", f"{{p{entry['seat']}}} skips the first turn of the round (excommunication).")
            )
        return
    state["turn"] = None
    end_actions(state, events)


def end_actions(state: State, events: list[Event]) -> None:
    """LIM-VATICAN-1: a report after rounds 2, 4 and 6, then the End of the Round."""
    if state["round"] % 2:
        end_round(state, events)
        return
    required = BOARD["vatican_faith_required"][period_of(state) - 1]
    waiting = []
    excommunicated = []
    for s in state["order"]:
        if state["seats"][s]["res"]["fp"] >= required:
            waiting.append(s)
        else:
            excommunicate(state, s, events)
            excommunicated.append(s)
    state["vatican"] = {"waiting": waiting, "choices": {}, "excommunicated": excommunicated}
    state["phase"] = "vatican"
    if not waiting:
        resolve_vatican(state, events)


def excommunicate(state: State, s: int, events: list[Event]) -> None:
    tile = state["excommunications"][period_of(state) - 1]
    state["seats"][s]["excommunicated"].append(tile)
    events.append(
        event("excommunication", f"{{p{s}}} is excommunicated ({tile}: {EXCOMMUNICATIONS[tile]['text']})")
    )


def faith_vp(fp: int) -> int:
    track = BOARD["faith_track_vp"]
    return track[min(fp, len(track) - 1)]


def resolve_vatican(state: State, events: list[Event]) -> None:
    """LIM-VATICAN-3..11: apply every decision together."""
    report = state["vatican"]
    for s in report["waiting"]:
        seat = state["seats"][s]
        if report["choices"][str(s)]:
            bonus = leader_profile(state, s)["church_vp"]
            gained = faith_vp(seat["res"]["fp"]) + bonus
            seat["res"]["vp"] += gained
            events.append(
                event("support", f"{{p{s}}} supports the Church: {gained} victory points, faith back to 0.")
            )
            seat["res"]["fp"] = 0
        else:
            excommunicate(state, s, events)
            report["excommunicated"].append(s)
    if state["round"] == ROUNDS:
        for s in report["excommunicated"]:
            seat = state["seats"][s]
            gained = faith_vp(seat["res"]["fp"])
            seat["res"]["vp"] += gained
            seat["res"]["fp"] = 0
            events.append(
                event("faith", f"{{p{s}}} scores {gained} victory points for faith (LIM-VATICAN-10).")
            )
    state["vatican"] = None
    end_round(state, events)


def end_round(state: State, events: list[Event]) -> None:
    """LIM-ENDROUND: discard cards, new turn order from the Council Palace, leaders face up."""
    for tower in TOWERS:
        state["removed"].extend(no for no in state["towers"][tower] if no is not None)
        state["towers"][tower] = [None, None, None, None]
    council: list[int] = []
    for occupant in state["board"].get("council", []):
        if occupant["seat"] not in council:
            council.append(occupant["seat"])
    if council:
        state["order"] = council + [s for s in state["order"] if s not in council]
    state["board"] = {}
    for seat in state["seats"]:
        seat["members"] = {m: None for m in MEMBERS}
        for leader in seat["leaders"]:
            leader["down"] = False
        seat["round"] = fresh_round_effects()
    order = ", ".join(f"{{p{s}}}" for s in state["order"])
    events.append(event("end-round", f"Round {state['round']} ends. Turn order: {order}."))
    if state["round"] == ROUNDS:
        state["phase"] = "over"
        state["turn"] = None
        events.append(event("game-over", "The game is over: final scoring."))
    else:
        start_round(state, events)


# ------------------------------------------------------------------------------ effect lookups
# The effects in force for a seat depend only on a few lists (characters held, tiles suffered,
# leaders in play); their summaries are cached on those lists because legal-move generation asks
# for them many times per move.
@lru_cache(maxsize=4096)
def _character_profile(cards: tuple[int, ...]) -> dict[str, Any]:
    effects = tuple(e for no in cards for e in CARDS[no].get("permanent", ()))
    card_mod: dict[str, int] = {}
    discounts: dict[str, list] = {}
    for e in effects:
        if e["kind"] == "card_bonus":
            card_mod[e["card_type"]] = card_mod.get(e["card_type"], 0) + e["value"]
            if e.get("discount_choices"):
                discounts.setdefault(e["card_type"], []).append(e["discount_choices"])
    return {
        "card_mod": card_mod,
        "discounts": discounts,
        "work": {
            area: sum(e["value"] for e in effects if e["kind"] == f"{area}_bonus")
            for area in ("harvest", "production")
        },
        "no_floor": frozenset(f for e in effects if e["kind"] == "no_floor_bonus" for f in e["floors"]),
    }


@lru_cache(maxsize=4096)
def _excomm_profile(tiles: tuple[str, ...]) -> dict[str, Any]:
    effects = tuple(EXCOMMUNICATIONS[t]["effect"] for t in tiles)
    take: dict[str, int] = {}
    for e in effects:
        if e["kind"] == "action_malus" and e["action"] == "take_card":
            take[e["card_type"]] = take.get(e["card_type"], 0) + e["value"]
    return {
        "effects": effects,
        "kinds": frozenset(e["kind"] for e in effects),
        "take_malus": take,
        "work_malus": {
            area: sum(e["value"] for e in effects if e["kind"] == "action_malus" and e["action"] == area)
            for area in ("harvest", "production")
        },
        "coloured_malus": sum(e["value"] for e in effects if e["kind"] == "coloured_malus"),
        "rate": max([e["rate"] for e in effects if e["kind"] == "servant_rate"], default=1),
        "reduce": tuple(e for e in effects if e["kind"] == "reduce"),
    }


@lru_cache(maxsize=4096)
def _leader_profile(sources: tuple[str, ...]) -> dict[str, Any]:
    effects = tuple(e for lid in sources for e in LEADERS[lid]["effects"])
    set_values = [e["value"] for e in effects if e["kind"] == "member_value"]
    return {
        "kinds": frozenset(e["kind"] for e in effects),
        "bonus": {
            group: sum(e["value"] for e in effects if e["kind"] == "member_bonus" and e["members"] == group)
            for group in ("neutral", "coloured")
        },
        "set_value": set_values[0] if set_values else None,
        "coin_discount": sum(e["value"] for e in effects if e["kind"] == "coin_discount"),
        "church_vp": sum(e["gain"].get("vp", 0) for e in effects if e["kind"] == "church_bonus"),
    }


def character_profile(state: State, s: int) -> dict[str, Any]:
    return _character_profile(tuple(state["seats"][s]["cards"]["character"]))


def excomm_profile(state: State, s: int) -> dict[str, Any]:
    return _excomm_profile(tuple(state["seats"][s]["excommunicated"]))


def excomm_effects(state: State, s: int) -> tuple[dict, ...]:
    return excomm_profile(state, s)["effects"]


def has_excomm(state: State, s: int, kind: str) -> bool:
    return kind in excomm_profile(state, s)["kinds"]


def leader_kind(state: State, leader_id: str) -> str:
    """'once' or 'permanent' under the chosen reading (LIM-OQ-1)."""
    leader = LEADERS[leader_id]
    if state["options"]["leader_types"] == "published":
        return leader.get("printed_kind", leader["kind"])
    return leader["kind"]


def ability_source(entry: dict) -> str:
    """The leader whose ability a played card uses (Lorenzo de' Medici uses the copied one)."""
    return entry["copy"] if entry["id"] == "lorenzo" else entry["id"]


def is_once_per_round(state: State, entry: dict) -> bool:
    if entry["id"] == "lorenzo" and state["options"]["leader_types"] != "published":
        return True
    return leader_kind(state, ability_source(entry)) == "once"


def leader_profile(state: State, s: int) -> dict[str, Any]:
    """The leader effects in force for seat ``s`` now (permanent ones and those lent for this round)."""
    seat = state["seats"][s]
    sources = [ability_source(e) for e in seat["leaders"] if not is_once_per_round(state, e)]
    return _leader_profile(tuple(sources + seat["round"]["borrowed"]))


def has_leader(state: State, s: int, kind: str) -> bool:
    return kind in leader_profile(state, s)["kinds"]


def servant_rate(state: State, s: int) -> int:
    return excomm_profile(state, s)["rate"]


def member_value(state: State, s: int, member: str) -> int:
    """LIM-PLACE-9: base value (die, set effects) plus the modifiers that apply to family members."""
    leaders = leader_profile(state, s)
    if member == "neutral":
        return leaders["bonus"]["neutral"]
    value = state["dice"][member]
    if leaders["set_value"] is not None:
        value = leaders["set_value"]
    if state["seats"][s]["round"]["six"] == member:
        value = 6
    return value + leaders["bonus"]["coloured"] - excomm_profile(state, s)["coloured_malus"]


def card_action_modifier(state: State, s: int, card_type: str) -> int:
    """LIM-EFFECT-9 and LIM-EXCOMM-21..24: the value change of an action taking ``card_type``."""
    return character_profile(state, s)["card_mod"].get(card_type, 0) - excomm_profile(state, s)[
        "take_malus"
    ].get(card_type, 0)


def work_modifier(state: State, s: int, area: str, card_bonuses: bool = True) -> int:
    """Harvest/Production value change: Farmer, Peasant, Artisan, Scholar and LIM-EXCOMM-15/16."""
    bonus = character_profile(state, s)["work"][area] if card_bonuses else 0
    return bonus - excomm_profile(state, s)["work_malus"][area]


def work_threshold(state: State, s: int, area: str) -> int:
    """LIM-PLACE-8: the highest value worth reaching in a Harvest/Production action."""
    card_type = "territory" if area == "harvest" else "building"
    values = [CARDS[no]["activation"]["value"] for no in state["seats"][s]["cards"][card_type]]
    return max([1] + values)


def servant_increase(state: State, s: int, servants: Any) -> int:
    """The value increase that ``servants`` buy (LIM-PLACE-6, LIM-EXCOMM-26); refuses bad counts."""
    if not isinstance(servants, int) or isinstance(servants, bool) or servants < 0:
        raise IllegalAction("The number of servants must be a whole number of 0 or more.", "LIM-PLACE-6")
    held = state["seats"][s]["res"]["servants"]
    if servants > held:
        raise IllegalAction(f"You have only {held} servants, not {servants}.", "LIM-PLACE-6")
    rate = servant_rate(state, s)
    if servants % rate:
        raise IllegalAction(
            f"You must spend servants in multiples of {rate} (excommunication).", "LIM-EXCOMM-26"
        )
    return servants // rate


def reduced(state: State, s: int, gain: dict[str, int], immediate: bool = False) -> dict[str, int]:
    """What one source really gives: Santa Rita doubles first, then each tile takes 1 (LIM-EXCOMM-3/5)."""
    got = {k: v for k, v in gain.items() if v}
    if immediate and has_leader(state, s, "double_immediate"):
        for k in RESOURCES:
            if k in got:
                got[k] *= 2
    for effect in excomm_profile(state, s)["reduce"]:
        order = effect["resources"]
        preferred = state.get("reduce_first")
        if effect["combined"] and preferred in order:
            order = [preferred] + [k for k in order if k != preferred]
        for k in order:
            if got.get(k, 0) > 0:
                got[k] -= 1
                if effect["combined"]:
                    break
    return {k: v for k, v in got.items() if v}


def receive(state: State, s: int, gain: dict[str, int], immediate: bool = False) -> dict[str, int]:
    got = reduced(state, s, gain, immediate)
    res = state["seats"][s]["res"]
    for k, v in got.items():
        res[k] += v
    return got


def pay(state: State, s: int, amounts: dict[str, int]) -> None:
    res = state["seats"][s]["res"]
    for k, v in amounts.items():
        res[k] -= v


# ---------------------------------------------------------------------------------- towers
def split_space(space: str) -> tuple[str, int]:
    tower, floor = space.split("-")
    return tower, int(floor)


def tower_occupied(state: State, tower: str) -> bool:
    return any(state["board"].get(f"{tower}-{f}") for f in FLOORS)


def has_coloured_member(state: State, s: int, spaces: Iterable[str]) -> bool:
    """Whether seat ``s`` has a coloured family member on one of ``spaces`` (LIM-TOWER-10, LIM-PLACE-13)."""
    return any(
        o["seat"] == s and o["member"] != "neutral" for space in spaces for o in state["board"].get(space, ())
    )


def discount_choices(state: State, s: int, card_type: str) -> list[dict[str, int]]:
    """The alternatives of a 'one of' discount (Stonemason), if the player has one for this type."""
    for choices in character_profile(state, s)["discounts"].get(card_type, ()):
        if len(choices) > 1:
            return choices
    return []


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
    tower, floor = split_space(space)
    seat = state["seats"][s]
    no = state["towers"][tower][floor - 1]
    if no is None or state["board"].get(space):
        raise IllegalAction(f"There is no card left on {space}.", "LIM-TOWER-12")
    card = CARDS[no]
    card_type = card["type"]
    if len(seat["cards"][card_type]) >= BOARD["max_cards_per_type"]:
        raise IllegalAction(
            f"You already have {BOARD['max_cards_per_type']} {card_type} cards, the most a player may hold.",
            "LIM-CARD-12",
        )
    if (
        member is not None
        and member != "neutral"
        and has_coloured_member(state, s, (f"{tower}-{f}" for f in FLOORS))
    ):
        raise IllegalAction(
            f"You already have a coloured family member in the {tower} tower.", "LIM-TOWER-10"
        )
    value0 = base + card_action_modifier(state, s, card_type)
    increase = servant_increase(state, s, servants)
    minimum = BOARD["towers"][tower]["floors"][floor - 1]["value"]
    needed = max(0, minimum - value0)
    if increase < needed:
        raise IllegalAction(
            f"{space} needs value {minimum}; your action has value {value0 + increase}.", "LIM-PLACE-4"
        )
    if increase > needed:
        raise IllegalAction(
            f"That is more servants than you need: value {value0 + needed} is enough for {space}.",
            "LIM-PLACE-8",
        )
    res = dict(seat["res"])
    res["servants"] -= servants
    fee = (
        BOARD["tower_fee"] if tower_occupied(state, tower) and not has_leader(state, s, "no_tower_fee") else 0
    )
    if res["coins"] < fee:
        raise IllegalAction(
            f"The {tower} tower is occupied: you must pay {fee} coins first and you have {res['coins']}.",
            "LIM-TOWER-7",
        )
    res["coins"] -= fee
    bonus = (
        {}
        if floor in character_profile(state, s)["no_floor"]
        else reduced(state, s, BOARD["towers"][tower]["floors"][floor - 1]["bonus"])
    )
    for k, v in bonus.items():
        res[k] += v
    if card_type == "territory" and not has_leader(state, s, "no_territory_mp"):
        required = BOARD["territory_slot_mp"][len(seat["cards"]["territory"])]
        if res["mp"] < required:
            raise IllegalAction(
                f"Your next territory slot needs {required} military points; you have {res['mp']}.",
                "LIM-CARD-5",
            )
    costs = card["costs"]
    payment: dict[str, int] = {}
    if costs:
        index = 1 if cost is None else cost
        if not isinstance(index, int) or isinstance(index, bool) or not 1 <= index <= len(costs):
            raise IllegalAction(f"{card['name']} has {len(costs)} cost option(s).", "LIM-CARD-10")
        option = costs[index - 1]
        for k, v in option["need"].items():
            if res[k] < v:
                raise IllegalAction(
                    f"That cost of {card['name']} needs {amount(k, v)} held; you have {res[k]}.",
                    "LIM-CARD-11",
                )
        total: dict[str, int] = {}
        for choices in character_profile(state, s)["discounts"].get(card_type, ()):
            for k, v in chosen_discount(choices, option["pay"], discount).items():
                total[k] = total.get(k, 0) + v
        if discount is not None and (
            not isinstance(discount, str) or not discount_choices(state, s, card_type)
        ):
            raise IllegalAction("You have no discount to choose for that card.", "LIM-EFFECT-8")
        for k, v in (extra_discount or {}).items():
            total[k] = total.get(k, 0) + v
        if "coins" in option["pay"] and leader_profile(state, s)["coin_discount"]:
            total["coins"] = total.get("coins", 0) + leader_profile(state, s)["coin_discount"]
        payment = {k: max(0, v - total.get(k, 0)) for k, v in option["pay"].items()}
        payment = {k: v for k, v in payment.items() if v}
        for k, v in payment.items():
            if res[k] < v:
                raise IllegalAction(
                    f"You cannot afford {card['name']}: it costs {describe(payment)} and you would "
                    f"have {amount(k, res[k])}.",
                    "LIM-CARD-3",
                )
    elif cost is not None:
        raise IllegalAction(f"{card['name']} has no cost to choose.", "LIM-CARD-10")
    return {
        "card": no,
        "space": space,
        "fee": fee,
        "bonus": bonus,
        "pay": payment,
        "servants": servants,
        "value": value0 + increase,
    }


def chosen_discount(choices: list[dict], price: dict, named: Any) -> dict[str, int]:
    """One alternative of a 'wood or stone' discount: the named one, else the first that saves something."""
    if not choices:
        return {}
    if len(choices) == 1:
        return choices[0]
    if named is not None:
        if not isinstance(named, str):
            raise IllegalAction("Name the discount as wood or stone.", "LIM-EFFECT-8")
        for choice in choices:
            if named in choice:
                return choice
        raise IllegalAction(
            f"That discount is not one of {', '.join(k for c in choices for k in c)}.", "LIM-EFFECT-8"
        )
    for choice in choices:
        if any(k in price for k in choice):
            return choice
    return choices[0]


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
    how = f"the {member} family member" if member else "a bonus action"
    extras = []
    if plan["servants"]:
        extras.append(describe({"servants": plan["servants"]}))
    if plan["fee"]:
        extras.append(f"the {plan['fee']}-coin fee")
    if plan["pay"]:
        extras.append(describe(plan["pay"]))
    paid = f", paying {', '.join(extras)}" if extras else ""
    events.append(event("take", f"{{p{s}}} takes {card['name']} from {plan['space']} with {how}{paid}."))
    resolve_effects(state, s, card["immediate"], events, immediate=True)


def resolve_effects(
    state: State, s: int, effects: list[dict], events: list[Event], immediate: bool = False
) -> None:
    """Gains at once; privileges and bonus actions become decisions, ahead of what was pending."""
    decisions: list[dict] = []
    seat = state["seats"][s]
    for effect in effects:
        kind = effect["kind"]
        if kind == "gain":
            got = receive(state, s, effect["gain"], immediate)
        elif kind == "per_card":
            times = len(seat["cards"][effect["card_type"]])
            got = receive(state, s, {k: v * times for k, v in effect["gain"].items()})
        elif kind == "per_points":
            times = seat["res"][effect["points"]] // effect["step"]
            got = receive(state, s, {k: v * times for k, v in effect["gain"].items()})
        elif kind == "privileges":
            decisions.append({"kind": "privileges", "count": effect["count"], "distinct": effect["distinct"]})
            continue
        elif kind == "take_card":
            decisions.append(
                {
                    "kind": "take",
                    "types": effect["types"],
                    "value": effect["value"],
                    "discount": effect.get("discount", {}),
                }
            )
            continue
        elif kind in ("harvest", "production"):
            decisions.append(
                {"kind": kind, "value": effect["value"], "card_bonuses": effect.get("card_bonuses", True)}
            )
            continue
        else:
            raise ValueError(f"unknown effect {kind}")
        if got:
            events.append(event("gain", f"{{p{s}}} receives {describe(got)}."))
    state["pending"][0:0] = decisions


# ---------------------------------------------------------------------- harvest and production
def perform_work(state: State, s: int, area: str, value: int, events: list[Event]) -> None:
    """LIM-HARVEST-6 / LIM-PROD-5: the tile part, then every card whose threshold is reached."""
    seat = state["seats"][s]
    events.append(event(area, f"{{p{s}}} performs a {area} action of value {value}."))
    if value < 1:
        return
    snapshot = dict(seat["res"])
    waiting = len(state["pending"])
    got = receive(state, s, BONUS_TILES[seat["tile"]][area])
    if got:
        events.append(event("gain", f"{{p{s}}} receives {describe(got)} from the personal bonus tile."))
    card_type = "territory" if area == "harvest" else "building"
    exchanges = []
    for no in seat["cards"][card_type]:
        activation = CARDS[no]["activation"]
        if activation["value"] > value:
            continue
        plain = [e for e in activation["effects"] if e["kind"] != "exchange"]
        resolve_effects(state, s, plain, events)
        if len(plain) < len(activation["effects"]):
            exchanges.append(no)
    if exchanges:
        budget = {k: snapshot[k] for k in HOLDINGS}
        # After this action's privileges, before whatever was already waiting (depth first).
        state["pending"].insert(
            len(state["pending"]) - waiting, {"kind": "exchange", "cards": exchanges, "budget": budget}
        )


def exchange_options(card_no: int) -> list[dict]:
    return next(e["options"] for e in CARDS[card_no]["activation"]["effects"] if e["kind"] == "exchange")


def affordable_exchanges(state: State, s: int, decision: dict) -> list[int]:
    """1-based exchange options of the first card payable from the snapshot budget (LIM-PROD-6)."""
    res = state["seats"][s]["res"]
    out = []
    for i, option in enumerate(exchange_options(decision["cards"][0]), start=1):
        if all(decision["budget"][k] >= v and res[k] >= v for k, v in option["pay"].items()):
            out.append(i)
    return out


def work_value0(state: State, s: int, area: str, base: int, card_bonuses: bool = True) -> int:
    return base + work_modifier(state, s, area, card_bonuses)


def check_work_servants(state: State, s: int, area: str, value0: int, servants: Any, minimum: int) -> int:
    """LIM-PLACE-8 for Harvest/Production: reach ``minimum``, never beyond the highest threshold."""
    increase = servant_increase(state, s, servants)
    if value0 + increase < minimum:
        raise IllegalAction(
            f"That {area} action would have value {value0 + increase}; it needs at least {minimum}.",
            "LIM-HARVEST-3" if area == "harvest" else "LIM-PROD-3",
        )
    most = max(0, work_threshold(state, s, area) - value0)
    if increase > most and increase > max(0, minimum - value0):
        raise IllegalAction(
            f"That is more servants than you need: value {value0 + most} already activates "
            f"everything you have.",
            "LIM-PLACE-8",
        )
    return value0 + increase


# ------------------------------------------------------------------------------- placement
def space_available(state: State, space: str) -> bool:
    """LIM-SETUP-7: spaces covered at this player count."""
    info = BOARD["spaces"].get(space)
    return info is None or state["players"] >= info["min_players"]


def check_place(state: State, s: int, action: dict) -> dict | int:
    """Validate a placement; returns the tower plan for a tower space, else the action's value."""
    member = action.get("member")
    space = action.get("space")
    seat = state["seats"][s]
    if member not in MEMBERS:
        raise IllegalAction("Choose a family member: white, black, orange or neutral.", "LIM-PLACE-1")
    if seat["members"][member] is not None:
        raise IllegalAction(f"Your {member} family member is already used this round.", "LIM-PLACE-10")
    if space in OTHER_SPACES:
        for key in ("cost", "discount"):
            if key in action:
                raise IllegalAction(f"'{key}' only applies to taking a card.", "CORE-NOTATION")
        return place_other_check(state, s, member, space, action.get("servants", 0))
    if space not in TOWER_SPACES:
        raise IllegalAction(f"There is no action space called '{space}'.", "LIM-COMP-1")
    return tower_plan(
        state,
        s,
        space,
        member_value(state, s, member),
        action.get("servants", 0),
        cost=action.get("cost"),
        discount=action.get("discount"),
        member=member,
    )


def place_other_check(state: State, s: int, member: str, space: str, servants: Any) -> int:
    """Market, Council Palace, Harvest and Production placements; returns the action value."""
    info = BOARD["spaces"][space]
    area = info["area"]
    if not space_available(state, space):
        raise IllegalAction(
            f"{space} is not used in a {state['players']}-player game.",
            {"market": "LIM-MARKET-3", "harvest": "LIM-HARVEST-2"}.get(area, "LIM-PROD-2"),
        )
    if area == "market" and has_excomm(state, s, "no_market"):
        raise IllegalAction("Your excommunication forbids the Market.", "LIM-MARKET-5")
    if state["board"].get(space) and not info["shared"] and not has_leader(state, s, "occupied_spaces"):
        raise IllegalAction(f"{space} is already occupied.", "LIM-PLACE-11")
    if (
        area in ("harvest", "production")
        and member != "neutral"
        and has_coloured_member(state, s, (f"{area}-1", f"{area}-2"))
    ):
        raise IllegalAction(f"You already have a coloured family member in the {area} area.", "LIM-PLACE-13")
    base = member_value(state, s, member)
    if area in ("harvest", "production"):
        value0 = work_value0(state, s, area, base) + info["modifier"]
        return check_work_servants(state, s, area, value0, servants, 1)
    increase = servant_increase(state, s, servants)
    needed = max(0, info["value"] - base)
    if increase < needed:
        raise IllegalAction(
            f"{space} needs value {info['value']}; your family member has {base + increase}.", "LIM-PLACE-4"
        )
    if increase > needed:
        raise IllegalAction("That is more servants than you need.", "LIM-PLACE-8")
    return base + increase


def perform_place(state: State, s: int, action: dict, events: list[Event]) -> None:
    checked = check_place(state, s, action)
    member, space = action["member"], action["space"]
    if isinstance(checked, dict):
        perform_take(state, s, checked, member, events)
        return
    value = checked
    servants = action.get("servants", 0)
    seat = state["seats"][s]
    seat["res"]["servants"] -= servants
    state["board"].setdefault(space, []).append({"seat": s, "member": member})
    seat["members"][member] = space
    if seat["round"]["six"] == member:
        seat["round"]["six"] = None
    info = BOARD["spaces"][space]
    spent = f" with {describe({'servants': servants})}" if servants else ""
    events.append(event("place", f"{{p{s}}} places the {member} family member on {space}{spent}."))
    if info["area"] in ("harvest", "production"):
        perform_work(state, s, info["area"], value, events)
        return
    got = receive(state, s, info["gain"])
    if got:
        events.append(event("gain", f"{{p{s}}} receives {describe(got)}."))
    if info["privileges"]:
        state["pending"].insert(0, {"kind": "privileges", "count": info["privileges"], "distinct": True})


# ---------------------------------------------------------------------------- decisions
def privilege_choices(decision: dict) -> list[list[str]]:
    names = list(PRIVILEGES)
    if decision["distinct"] or decision["count"] == 1:
        return [list(c) for c in combinations(names, decision["count"])]
    return [[n] * decision["count"] for n in names]


def bonus_take_plan(state: State, s: int, decision: dict, action: dict) -> dict:
    space = action.get("space")
    if space not in TOWER_SPACES:
        raise IllegalAction(f"There is no tower space called '{space}'.", "LIM-EFFECT-11")
    card_type = BOARD["towers"][split_space(space)[0]]["card_type"]
    if card_type not in decision["types"]:
        allowed = ", ".join(decision["types"])
        raise IllegalAction(f"This bonus action takes a {allowed} card only.", "LIM-EFFECT-11")
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


def tower_variants(state: State, s: int, space: str) -> list[dict]:
    """Cost-option and discount variants worth listing for the card on ``space``."""
    tower, floor = split_space(space)
    no = state["towers"][tower][floor - 1]
    if no is None:
        return []
    card = CARDS[no]
    variants: list[dict] = []
    costs = card["costs"]
    choices = discount_choices(state, s, card["type"])
    for index in range(1, len(costs) + 1) if len(costs) > 1 else [None]:
        base: dict = {} if index is None else {"cost": index}
        price = costs[(index or 1) - 1]["pay"] if costs else {}
        useful = [c for c in choices if any(k in price for k in c)]
        if len(useful) > 1:
            for choice in useful:
                variants.append({**base, "discount": next(iter(choice))})
        else:
            variants.append(base)
    return variants


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


def work_servant_range(state: State, s: int, area: str, value0: int, minimum: int) -> list[int]:
    rate = servant_rate(state, s)
    held = state["seats"][s]["res"]["servants"]
    low = max(0, minimum - value0)
    high = max(low, work_threshold(state, s, area) - value0)
    return [inc * rate for inc in range(low, high + 1) if inc * rate <= held]


def legal_placements(state: State, s: int) -> list[dict]:
    return list(iter_placements(state, s))


def can_place(state: State, s: int) -> bool:
    return next(iter_placements(state, s), None) is not None


def iter_placements(state: State, s: int) -> Iterator[dict]:
    """Every legal placement, the areas first (cheap to find one), then the towers."""
    seat = state["seats"][s]
    rate = servant_rate(state, s)
    held = seat["res"]["servants"]
    members = [m for m in MEMBERS if seat["members"][m] is None]
    bases = {m: member_value(state, s, m) for m in members}
    occupied_ok = has_leader(state, s, "occupied_spaces")
    no_market = has_excomm(state, s, "no_market")
    for space in OTHER_SPACES:
        info = BOARD["spaces"][space]
        area = info["area"]
        if (
            not space_available(state, space)
            or (area == "market" and no_market)
            or (state["board"].get(space) and not info["shared"] and not occupied_ok)
        ):
            continue
        work = area in ("harvest", "production")
        coloured_there = work and has_coloured_member(state, s, (f"{area}-1", f"{area}-2"))
        for member in members:
            if coloured_there and member != "neutral":
                continue
            if work:
                value0 = work_value0(state, s, area, bases[member]) + info["modifier"]
                options = work_servant_range(state, s, area, value0, 1)
            else:
                need = max(0, info["value"] - bases[member]) * rate
                options = [need] if need <= held else []
            for servants in options:
                yield {"type": "place", "member": member, "space": space, "servants": servants}
    # A tower take depends on the member only through the servants it needs and whether it is
    # coloured, so each (space, servants, variant, neutral) is checked once.
    verdicts: dict[tuple, bool] = {}
    for tower in TOWERS:
        card_type = BOARD["towers"][tower]["card_type"]
        modifier = card_action_modifier(state, s, card_type)
        for floor in FLOORS:
            if state["towers"][tower][floor - 1] is None:
                continue
            space = f"{tower}-{floor}"
            minimum = BOARD["towers"][tower]["floors"][floor - 1]["value"]
            variants = tower_variants(state, s, space)
            for member in members:
                servants = max(0, minimum - bases[member] - modifier) * rate
                if servants > held:
                    continue
                for variant in variants:
                    key = (space, servants, variant.get("cost"), variant.get("discount"), member == "neutral")
                    if key not in verdicts:
                        try:
                            tower_plan(
                                state,
                                s,
                                space,
                                bases[member],
                                servants,
                                cost=variant.get("cost"),
                                discount=variant.get("discount"),
                                member=member,
                            )
                            verdicts[key] = True
                        except IllegalAction:
                            verdicts[key] = False
                    if verdicts[key]:
                        yield {
                            "type": "place",
                            "member": member,
                            "space": space,
                            "servants": servants,
                            **variant,
                        }


# ---------------------------------------------------------------------------------- leaders
def requirements_met(state: State, s: int, leader_id: str) -> bool:
    seat = state["seats"][s]
    for option in LEADERS[leader_id]["requires"]:
        if all(len(seat["cards"][t]) >= n for t, n in option["cards"].items()) and all(
            seat["res"][k] >= n for k, n in option["have"].items()
        ):
            return True
    return False


def copy_candidates(state: State, s: int) -> list[str]:
    """LIM-LEADER-35: leaders other players have in play (Lorenzo never copies itself)."""
    out = set()
    for other, seat in enumerate(state["seats"]):
        if other != s:
            out.update(entry["id"] for entry in seat["leaders"] if entry["id"] != "lorenzo")
    return sorted(out)


def leader_actions_open(state: State, s: int) -> bool:
    """LIM-LEADER-3/4/11: only on the player's own turn in the Actions phase, with nothing pending."""
    turn = state["turn"]
    return (
        state["options"]["advanced"]
        and state["phase"] == "actions"
        and turn is not None
        and turn["seat"] == s
        and not state["pending"]
    )


def needs_member(state: State, entry: dict) -> bool:
    return any(e["kind"] == "choose_member_value" for e in LEADERS[ability_source(entry)]["effects"])


def legal_leader_actions(state: State, s: int) -> list[dict]:
    if not leader_actions_open(state, s):
        return []
    seat = state["seats"][s]
    out: list[dict] = []
    for leader_id in seat["hand"]:
        if requirements_met(state, s, leader_id):
            if leader_id == "lorenzo":
                for target in copy_candidates(state, s):
                    out.append({"type": "leader", "do": "play", "leader": leader_id, "copy": target})
            else:
                out.append({"type": "leader", "do": "play", "leader": leader_id})
    for entry in seat["leaders"]:
        if entry["down"] or not is_once_per_round(state, entry):
            continue
        if needs_member(state, entry):
            for member in COLOURED:
                if seat["members"][member] is None:
                    out.append({"type": "leader", "do": "activate", "leader": entry["id"], "member": member})
        else:
            out.append({"type": "leader", "do": "activate", "leader": entry["id"]})
    for leader_id in seat["hand"]:
        out.append({"type": "leader", "do": "discard", "leader": leader_id})
    return out


def has_leader_action(state: State, s: int) -> bool:
    return leader_actions_open(state, s) and bool(legal_leader_actions(state, s))


def leader_actions_matter(state: State, s: int) -> bool:
    """Whether a turn with nothing else to do should wait for leader actions before it ends.

    Playing or activating a leader may matter now; a discard done now gives nothing that the same
    discard at the start of the player's next turn would not, except on their last turn of the round
    (e.g. a faith privilege before the Vatican Report).
    """
    if not leader_actions_open(state, s):
        return False
    actions = legal_leader_actions(state, s)
    if any(a["do"] != "discard" for a in actions):
        return True
    last_turn = not any(entry["seat"] == s for entry in state["queue"])
    return bool(actions) and last_turn


def perform_leader(state: State, s: int, action: dict, events: list[Event]) -> None:
    if not leader_actions_open(state, s):
        if not state["options"]["advanced"]:
            raise IllegalAction("Leader cards are used only in the advanced game.", "LIM-ADV-1")
        raise IllegalAction(
            "Leader actions are allowed only on your own turn, outside a placement.", "LIM-LEADER-4"
        )
    seat = state["seats"][s]
    do, leader_id = action.get("do"), action.get("leader")
    extra = set(action) - {"type", "do", "leader", "copy", "member", "reduce"}
    if (
        not isinstance(leader_id, str)
        or leader_id not in LEADERS
        or do not in ("play", "activate", "discard")
        or extra
    ):
        raise IllegalAction(
            "Leader actions: 'leader play NAME', 'leader activate NAME', 'leader discard NAME'.",
            "CORE-NOTATION",
        )
    name = LEADERS[leader_id]["name"]
    if do in ("play", "discard") and leader_id not in seat["hand"]:
        raise IllegalAction(f"{name} is not in your hand.", "LIM-LEADER-10")
    if do == "discard":
        if "copy" in action or "member" in action:
            raise IllegalAction("Discarding takes no other choice.", "CORE-NOTATION")
        seat["hand"].remove(leader_id)
        events.append(event("leader", f"{{p{s}}} discards {name} for a council privilege."))
        state["pending"].insert(0, {"kind": "privileges", "count": 1, "distinct": False})
        return
    if do == "play":
        if "member" in action:
            raise IllegalAction("Name the family member when you activate the leader.", "CORE-NOTATION")
        if not requirements_met(state, s, leader_id):
            raise IllegalAction(f"You do not meet the requirements of {name}.", "LIM-LEADER-6")
        copy = action.get("copy")
        if leader_id == "lorenzo":
            candidates = copy_candidates(state, s)
            if not candidates:
                raise IllegalAction(
                    "No other player has a leader in play for Lorenzo de' Medici to copy.", "LIM-LEADER-35"
                )
            if copy not in candidates:
                raise IllegalAction(
                    f"Lorenzo de' Medici must copy one of: {', '.join(candidates)}.", "LIM-LEADER-35"
                )
        elif copy is not None:
            raise IllegalAction("Only Lorenzo de' Medici copies another leader.", "LIM-LEADER-35")
        seat["hand"].remove(leader_id)
        seat["leaders"].append({"id": leader_id, "down": False, "copy": copy})
        copied = f", copying {LEADERS[copy]['name']}" if copy else ""
        events.append(event("leader", f"{{p{s}}} plays {name}{copied}."))
        return
    entry = next((e for e in seat["leaders"] if e["id"] == leader_id), None)
    if entry is None:
        raise IllegalAction(f"{name} is not in play.", "LIM-LEADER-7")
    if not is_once_per_round(state, entry):
        raise IllegalAction(f"{name} has a permanent ability: it needs no activation.", "LIM-LEADER-8")
    if entry["down"]:
        raise IllegalAction(f"{name} was already activated this round.", "LIM-LEADER-14")
    if "copy" in action:
        raise IllegalAction("The copied leader is chosen when Lorenzo is played.", "LIM-LEADER-35")
    member = action.get("member")
    if needs_member(state, entry):
        if member not in COLOURED or seat["members"][member] is not None:
            raise IllegalAction(
                "Name one of your unplaced coloured family members (white, black, orange).", "LIM-LEADER-24"
            )
    elif member is not None:
        raise IllegalAction(f"{name} needs no family member.", "CORE-NOTATION")
    entry["down"] = True
    source = ability_source(entry)
    events.append(event("leader", f"{{p{s}}} activates {name}."))
    effects = LEADERS[source]["effects"]
    if leader_kind(state, source) == "permanent" or any(e["kind"] == "member_bonus" for e in effects):
        # A copied permanent ability (Lorenzo, rulebook reading) or a +2 that lasts the round
        # (Lucrezia Borgia, rulebook reading) holds until the End of the Round.
        seat["round"]["borrowed"].append(source)
        return
    if needs_member(state, entry):
        seat["round"]["six"] = member
    resolve_effects(state, s, [e for e in effects if e["kind"] != "choose_member_value"], events)


# --------------------------------------------------------------------------------- scoring
def military_points(state: State) -> list[int]:
    """LIM-SCORE-5: 5 VP to the most MP; 2 VP to the second most unless the first place is tied."""
    mps = [seat["res"]["mp"] for seat in state["seats"]]
    first, second = BOARD["military_vp"]
    top = max(mps)
    winners = [s for s, mp in enumerate(mps) if mp == top]
    out = [first if s in winners else 0 for s in range(len(mps))]
    rest = [mp for mp in mps if mp < top]
    if len(winners) == 1 and rest:
        runner = max(rest)
        out = [second if mps[s] == runner else out[s] for s in range(len(mps))]
    return out


def final_scores(state: State) -> tuple[list[int], list[dict[str, int]]]:
    """LIM-SCORE-2..10 in the sequence of LIM-SCORE-8."""
    military = military_points(state)
    totals, breakdowns = [], []
    for s, seat in enumerate(state["seats"]):
        effects = excomm_effects(state, s)
        no_score = {e["category"] for e in effects if e["kind"] == "no_score"}
        res = seat["res"]
        vp = res["vp"]
        row = {"vp_before_scoring": vp}
        before = sum(vp // e["step"] for e in effects if e["kind"] == "vp_loss" and e["before_scoring"])
        row["excommunication_vp_per_5"] = -min(before, vp)
        vp = max(0, vp - before)
        cards = seat["cards"]
        row["territories"] = 0 if "territory" in no_score else BOARD["territory_vp"][len(cards["territory"])]
        row["characters"] = 0 if "character" in no_score else BOARD["character_vp"][len(cards["character"])]
        row["ventures"] = 0 if "venture" in no_score else sum(CARDS[no]["vp"] for no in cards["venture"])
        row["military"] = military[s]
        row["resources"] = sum(res[k] for k in RESOURCES) // BOARD["resources_per_vp"]
        vp += row["territories"] + row["characters"] + row["ventures"] + row["military"] + row["resources"]
        for effect in effects:
            if effect["kind"] != "vp_loss" or effect["before_scoring"]:
                continue
            counted = 0
            for key in effect["per"]:
                if key.startswith("building_"):
                    good = key.removeprefix("building_")
                    counted += sum(CARDS[no]["costs"][0]["pay"].get(good, 0) for no in cards["building"])
                else:
                    counted += res[key]
            loss = min(vp, counted // effect["step"])
            label = {
                "mp": "excommunication_military",
                "wood": "excommunication_resources",
                "building_wood": "excommunication_buildings",
            }[effect["per"][0]]
            row[label] = -loss
            vp -= loss
        row["total"] = vp
        totals.append(vp)
        breakdowns.append(row)
    return totals, breakdowns
