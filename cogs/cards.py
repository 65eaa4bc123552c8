"""``/<game> card``: any card, leader, tile or building of a game, with its effects in words.

Each game's catalogue is built once from its public card data (nothing here is hidden
information: these are the printed components). An entry has the id the command takes, a label
for the suggestions and the lines of its description; the image comes from the renderer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.lim.data import BOARD as LIM_BOARD
from games.lim.data import CARDS as LIM_CARDS
from games.lim.data import EXCOMMUNICATIONS, LEADERS
from games.lim.data import describe as lim_amounts
from games.opera.data import DATA as OPERA

TOWER_OF = {"territory": "green", "character": "blue", "building": "yellow", "venture": "purple"}
OPERA_GOODS = {"L": "lead", "W": "wood", "M": "marble", "S": "sand",
               "b": "bell", "p": "plank", "c": "column", "g": "glass"}
OPERA_TRIGGERS = {
    "IMM": "when completed", "TURN": "once per turn (`use`)", "ON-DELIVER": "when you deliver to the Opera",
    "ON-COMPLETE": "when you complete another building", "ON-ACTIVATE": "when you activate a city",
}
END_COUNTS = {"buildings": "buildings", "right_slots": "filled right slot", "worksites": "worksite tokens",
              "level3_certificates": "certificate at level 3", "full_rows": "full row of your workshop",
              "raw_total": "raw goods"}


@dataclass(frozen=True)
class CardEntry:
    ident: str
    label: str
    lines: tuple[str, ...]


def entries(game_key: str) -> dict[str, CardEntry]:
    """The catalogue of ``game_key`` by id (empty for a game without one)."""
    builder = CATALOGUES.get(game_key)
    return builder() if builder else {}


def find(game_key: str, typed: str) -> CardEntry | None:
    """The entry named by its id or its exact name, in any case."""
    wanted = typed.strip().lower()
    for entry in entries(game_key).values():
        if wanted in (entry.ident.lower(), entry.label.split(":")[0].strip().lower()):
            return entry
    return None


def suggestions(game_key: str, typed: str, limit: int) -> list[CardEntry]:
    wanted = typed.strip().lower()
    found = [entry for entry in entries(game_key).values() if wanted in entry.label.lower()]
    found.sort(key=lambda entry: not entry.label.lower().startswith(wanted))
    return found[:limit]


# =========================================================================== Lorenzo il Magnifico
def lim_effect(effect: dict[str, Any]) -> str:
    """One effect of a Lorenzo il Magnifico card or leader in words.

    >>> lim_effect({"kind": "take_card", "types": ["venture"], "value": 6})
    'take a venture card (purple tower) of value 6 without placing a family member'
    """
    kind = effect["kind"]
    words: dict[str, Callable[[], str]] = {
        "gain": lambda: f"receive {lim_amounts(effect['gain'])}",
        "privileges": lambda: (f"{effect['count']} council privilege{'s' if effect['count'] > 1 else ''}"
                               + (" (all different)" if effect.get("distinct") else "")),
        "per_card": lambda: f"receive {lim_amounts(effect['gain'])} per {effect['card_type']} card you have",
        "per_points": lambda: (f"receive {lim_amounts(effect['gain'])} per {effect['step']} "
                               f"{lim_amounts({effect['points']: 2}).split(' ', 1)[1]} you have"),
        "exchange": lambda: "exchange " + " or ".join(
            f"{lim_amounts(option['pay'])} for {', '.join(lim_effect(e).removeprefix('receive ') for e in option['effects'])}"
            for option in effect["options"]),
        "take_card": lambda: ("take " + (" or ".join(f"a {t} card ({TOWER_OF[t]} tower)" for t in effect["types"])
                                         if len(effect["types"]) < 4 else "a card of any tower")
                              + f" of value {effect['value']} without placing a family member"
                              + (f", paying {lim_amounts(effect['discount'])} less" if effect.get("discount") else "")),
        "harvest": lambda: f"a harvest action of value {effect['value']}",
        "production": lambda: f"a production action of value {effect['value']}",
        "card_bonus": lambda: (f"+{effect['value']} to the value of every action taking a {effect['card_type']} card"
                               + (" and pay " + " or ".join(lim_amounts(d) for d in effect["discount_choices"])
                                  + " less" if effect.get("discount_choices") else "")),
        "harvest_bonus": lambda: f"+{effect['value']} to every harvest action",
        "production_bonus": lambda: f"+{effect['value']} to every production action",
        "no_floor_bonus": lambda: "no bonus from the floors of the towers' spaces 3 and 4",
        "occupied_spaces": lambda: "you may place family members in occupied action spaces",
        "no_tower_fee": lambda: "you never pay the 3 coins of an occupied tower",
        "choose_member_value": lambda: f"one coloured family member of your choice is worth {effect['value']} this round",
        "coin_discount": lambda: f"cards cost you {effect['value']} coins less",
        "church_bonus": lambda: f"{lim_amounts(effect['gain'])} more each time you support the Church",
        "member_bonus": lambda: f"your {effect['members']} family members are worth {effect['value']} more",
        "copy_leader": lambda: "copies the ability of a leader someone has played",
        "member_value": lambda: f"your coloured family members are worth {effect['value']}",
        "no_territory_mp": lambda: "your territories need no military points",
        "double_immediate": lambda: "the resources and points of cards' immediate effects count twice",
    }
    return words[kind]() if kind in words else kind.replace("_", " ")


def lim_card(card: dict[str, Any]) -> CardEntry:
    tower = TOWER_OF[card["type"]]
    lines = [f"{card['name']}: {card['type']} card (the {tower} tower), period {card['period']}."]
    for option, cost in enumerate(card["costs"], 1):
        need = f" (you must have {lim_amounts(cost['need'])})" if cost["need"] else ""
        label = f"Cost {option}" if len(card["costs"]) > 1 else "Cost"
        lines.append(f"{label}: {lim_amounts(cost['pay'])}{need}.")
    if card["type"] == "territory":
        slots = LIM_BOARD["territory_slot_mp"]
        lines.append("Cost: none, but your 3rd, 4th, 5th and 6th territories need "
                     + ", ".join(str(mp) for mp in slots[2:]) + " military points.")
    if card["immediate"]:
        lines.append("When taken: " + "; ".join(lim_effect(e) for e in card["immediate"]) + ".")
    activation = card.get("activation")
    if activation:
        action = "harvest" if card["type"] == "territory" else "production"
        lines.append(f"On a {action} of value {activation['value']} or more: "
                     + "; ".join(lim_effect(e) for e in activation["effects"]) + ".")
    if card.get("permanent"):
        lines.append("Always: " + "; ".join(lim_effect(e) for e in card["permanent"]) + ".")
    if card.get("vp"):
        lines.append(f"Final scoring: {card['vp']} VP.")
    return CardEntry(str(card["no"]), f"{card['name']}: {card['type']}, period {card['period']}", tuple(lines))


def lim_requirement(requirement: dict[str, Any]) -> str:
    parts = [f"{n} {kind} cards" for kind, n in requirement["cards"].items()]
    parts += [lim_amounts({key: n}) for key, n in requirement["have"].items()]
    return " and ".join(parts)


def lim_leader(leader: dict[str, Any]) -> CardEntry:
    needs = " — or — ".join(lim_requirement(r) for r in leader["requires"])
    timing = "once per round (`leader activate`)" if leader["kind"] == "once" else "permanent"
    ability = "; ".join(lim_effect(e) for e in leader["effects"])
    lines = (f"{leader['name']} (`{leader['id']}`): leader.", f"Requires: {needs} (checked, never paid).",
             f"Ability, {timing}: {ability}.")
    return CardEntry(leader["id"], f"{leader['name']}: leader ({leader['id']})", lines)


def lim_excommunication(tile: dict[str, Any]) -> CardEntry:
    return CardEntry(tile["id"], f"{tile['id']}: excommunication, period {tile['period']}",
                     (f"Excommunication tile {tile['id']} (period {tile['period']}).", tile["text"]))


@cache
def lim_catalogue() -> dict[str, CardEntry]:
    found = [lim_card(card) for card in LIM_CARDS.values()]
    found += [lim_leader(leader) for leader in LEADERS.values()]
    found += [lim_excommunication(tile) for tile in EXCOMMUNICATIONS.values()]
    return {entry.ident: entry for entry in found}


# =========================================================================== Opera Magna
def opera_goods(text: str) -> str:
    """``"bbg"`` -> ``"2 bell + 1 glass"``."""
    counts: dict[str, int] = {}
    for good in text:
        counts[good] = counts.get(good, 0) + 1
    return " + ".join(f"{n} {OPERA_GOODS.get(good, good)}" for good, n in counts.items()) or "nothing"


def opera_op(op: dict[str, Any]) -> str:
    choices = " or ".join(OPERA_GOODS[g] for g in op.get("choices", ""))
    words = {
        "vp": lambda: f"{op['n']} VP",
        "raw": lambda: f"{op['n']} raw good{'s' if op['n'] > 1 else ''} ({choices})",
        "certificate": lambda: f"move {op['n']} certificate{'s' if op['n'] > 1 else ''} right",
        "refined": lambda: f"{op['n']} refined good{'s' if op['n'] > 1 else ''} of your choice",
        "spend_for_refined": lambda: f"spend 1 raw good ({choices}) for 1 refined good",
        "exchange": lambda: "spend 1 raw good for 1 raw good of another type",
        "discount": lambda: f"{op['n']} wild discount on the city's cost (applied by itself)",
    }
    return words[op["op"]]() if op["op"] in words else op["op"].replace("_", " ")


def opera_building(building: dict[str, Any]) -> CardEntry:
    effect = building["effect"]
    trigger = effect["trigger"]
    if trigger == "END":
        counted = f"{effect['colour']} buildings" if effect.get("colour") else END_COUNTS[effect["per"]]
        every = f"{effect['divisor']} " if effect.get("divisor", 1) > 1 else ""
        special = f"end of the game: {effect['vp']} VP per {every}{counted}"  # blue buildings
    elif trigger == "SHIELD":
        special = ("a shield: once per turn, one unit of a city cost that would move a certificate "
                   "left is waived")
    elif trigger == "EXTRA-CART":
        special = "one more delivery per turn"
    else:
        special = f"{OPERA_TRIGGERS.get(trigger, trigger)}: " + ", ".join(opera_op(op) for op in effect["ops"])
        if effect.get("min_level"):
            special = special.replace("the Opera", f"a level-{effect['min_level']} or higher worksite")
        if effect.get("once_per_turn"):
            special += " (once per turn)"
    discount = building["discount"]
    left = " + ".join(filter(None, [opera_goods(discount["fixed"]) if discount["fixed"] else "",
                                    f"{discount['wild']} wild" if discount["wild"] else ""])) or "none"
    right = "a cart" if trigger == "END" else f"{special}, and a cart"
    lines = [f"{building['id']}: {building['size']} {building['colour']} building.",
             f"Built with: {opera_goods(building['cost'])}.",
             f"Left side: a discount of {left} on later city costs, and the slot's conversion.",
             f"Right side: {right}."]
    if trigger == "END":
        lines.append(f"Scores at the {special} (on either side, unless the table turned that option off).")
    return CardEntry(building["id"], f"{building['id']}: {building['size']} {building['colour']} building",
                     tuple(lines))


def opera_trade(card: dict[str, Any]) -> CardEntry:
    lines = (f"{card['id']}: trade card.", f"Cost half: {opera_goods(card['cost'])}.",
             f"Benefit half: {opera_goods(card['benefit'])}.")
    return CardEntry(card["id"], f"{card['id']}: trade card, costs {card['cost']}, gives {card['benefit']}",
                     lines)


def opera_worksite(token: dict[str, Any]) -> CardEntry:
    faces = "; ".join(f"face {face}: " + ", ".join(opera_op(op) for op in OPERA.worksite_effects[code])
                      for face, code in sorted(token["faces"].items()))
    lines = (f"{token['id']}: worksite token of level {token['level']}, needs {opera_goods(token['requires'])}.",
             f"The first to deliver there gets: {faces}.")
    return CardEntry(token["id"], f"{token['id']}: worksite token, level {token['level']}", lines)


def opera_ability(ability: dict[str, Any]) -> CardEntry:
    lines = (f"{ability['name']} ({ability['id']}): city ability.",
             "With a merchant in the city's cost area, once per turn (`ability`): "
             + ", ".join(opera_op(op) for op in ability["ops"]) + ".")
    return CardEntry(ability["id"], f"{ability['name']}: city ability ({ability['id']})", lines)


@cache
def opera_catalogue() -> dict[str, CardEntry]:
    found = [opera_building(b) for b in OPERA.buildings.values()]
    found += [opera_trade(card) for card in OPERA.trade.values()]
    found += [opera_worksite(token) for token in OPERA.worksites.values()]
    found += [opera_ability(ability) for ability in OPERA.abilities.values()]
    return {entry.ident: entry for entry in found}


CATALOGUES: dict[str, Callable[[], dict[str, CardEntry]]] = {"lim": lim_catalogue, "opera": opera_catalogue}
