"""``/<game> card``: any card, leader, tile or building of a game, with its effects in words.

Each game's catalogue is built once per language from its public card data (nothing here is
hidden information: these are the printed components). An entry has the id the command takes,
the component's name and a label for the suggestions in the reader's language, and the lines of
its description; the image comes from the renderer. A name is found in the reader's language, in
English or by its id.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from i18n import ENGLISH, Message, counted, name_in, term, translate, words
from games.lim.data import BOARD as LIM_BOARD
from games.lim.data import CARDS as LIM_CARDS
from games.lim.data import EXCOMMUNICATIONS, LEADERS, RESOURCE_NAMES, card_name, excommunication_text, leader_name
from games.lim.data import describe as lim_amounts
from games.mor.data import CARDS as MOR_CARDS
from games.mor.data import LEADERS as MOR_LEADERS
from games.mor.data import RESOURCES as MOR_RESOURCES
from games.opera.data import DATA as OPERA
from games.opera.data import GOOD_NAMES, ability_name

TOWER_OF = {"territory": "green", "character": "blue", "building": "yellow", "venture": "purple"}
END_COUNTS = {"buildings": Message("buildings"), "right_slots": Message("filled right slot"),
              "worksites": Message("worksite tokens"), "level3_certificates": Message("certificate at level 3"),
              "full_rows": Message("full row of your workshop"), "raw_total": Message("raw goods")}


@dataclass(frozen=True)
class CardEntry:
    ident: str
    name: str
    """The component's name in the entry's language (its id when it has no name)."""
    label: str
    lines: tuple[str, ...]
    english: str
    """The English label (its name first), so a name typed in English is found in every language."""


@dataclass(frozen=True)
class Written:
    """A piece of a line already written in the reader's language, given to a message as it is."""

    text: str

    def __str__(self) -> str:
        return self.text


def say(text: Message, language: str) -> str:
    """``text`` in ``language``, its :class:`Written` parameters kept as they are."""
    return translate(text, language, str)


def listed(parts: list[str], separator: str = "; ") -> Written:
    return Written(separator.join(parts))


def entries(game_key: str, language: str = ENGLISH) -> dict[str, CardEntry]:
    """The catalogue of ``game_key`` by id, written in ``language`` (empty for a game without one)."""
    builder = CATALOGUES.get(game_key)
    return builder(language) if builder else {}


def find(game_key: str, typed: str, language: str = ENGLISH) -> CardEntry | None:
    """The entry named by its id or its exact name (in ``language`` or English), in any case."""
    wanted = typed.strip().lower()
    for entry in entries(game_key, language).values():
        english = entry.english.split(":")[0].strip().lower()
        if wanted in (entry.ident.lower(), entry.name.lower(), english):
            return entry
    return None


def suggestions(game_key: str, typed: str, limit: int, language: str = ENGLISH) -> list[CardEntry]:
    """The entries whose label holds what is typed, in ``language`` or English; names first."""
    wanted = typed.strip().lower()
    found = [entry for entry in entries(game_key, language).values()
             if wanted in entry.label.lower() or wanted in entry.english.lower()]
    found.sort(key=lambda entry: not (entry.label.lower().startswith(wanted)
                                      or entry.english.lower().startswith(wanted)))
    return found[:limit]


# =========================================================================== Lorenzo il Magnifico
def lim_effect(effect: dict[str, Any], language: str = ENGLISH) -> str:
    """One effect of a Lorenzo il Magnifico card or leader in words.

    >>> lim_effect({"kind": "take_card", "types": ["venture"], "value": 6})
    'take a venture card (purple tower) of value 6 without placing a family member'
    """
    kind, value = effect["kind"], effect.get("value")

    def gain() -> str:
        return lim_amounts(effect["gain"])

    def points() -> str:  # always plural: "per 2 military points"
        return f"{effect['step']} {RESOURCE_NAMES[effect['points']][1]}"

    def take_card() -> Message:
        types = effect["types"]
        towers = (listed([say(Message("a {type} card ({tower} tower)", type=t, tower=TOWER_OF[t]), language)
                          for t in types], term(" or ", language))
                  if len(types) < 4 else Written(say(Message("a card of any tower"), language)))
        discount = (Written(say(Message(", paying {amounts} less", amounts=lim_amounts(effect["discount"])),
                                language)) if effect.get("discount") else "")
        return Message("take {cards} of value {value} without placing a family member{discount}",
                       cards=towers, value=value, discount=discount)

    def exchange() -> Message:
        options = [say(Message("{pay} for {gain}", pay=lim_amounts(option["pay"]), gain=listed(
            [words(lim_amounts(e["gain"]), language) if e["kind"] == "gain" else lim_effect(e, language)
             for e in option["effects"]], term(", ", language))), language)
                   for option in effect["options"]]
        return Message("exchange {options}", options=listed(options, term(" or ", language)))

    def card_bonus() -> Message:
        choices = effect.get("discount_choices")
        discount = (Written(say(Message(" and pay {amounts} less", amounts=listed(
            [words(lim_amounts(d), language) for d in choices], term(" or ", language))), language))
                    if choices else "")
        return Message("+{value} to the value of every action taking a {type} card{discount}",
                       value=value, type=effect["card_type"], discount=discount)

    distinct = Written(say(Message(" (all different)"), language)) if effect.get("distinct") else ""
    said: dict[str, Callable[[], Message]] = {
        "gain": lambda: Message("receive {gain}", gain=gain()),
        "privileges": lambda: counted("{count} council privilege{distinct}", "{count} council privileges{distinct}",
                                      by="count", count=effect["count"], distinct=distinct),
        "per_card": lambda: Message("receive {gain} per {type} card you have", gain=gain(),
                                    type=effect["card_type"]),
        "per_points": lambda: Message("receive {gain} per {amount} you have", gain=gain(), amount=points()),
        "exchange": exchange,
        "take_card": take_card,
        "harvest": lambda: Message("a harvest action of value {value}", value=value),
        "production": lambda: Message("a production action of value {value}", value=value),
        "card_bonus": card_bonus,
        "harvest_bonus": lambda: Message("+{value} to every harvest action", value=value),
        "production_bonus": lambda: Message("+{value} to every production action", value=value),
        "no_floor_bonus": lambda: Message("no bonus from the floors of the towers' spaces 3 and 4"),
        "occupied_spaces": lambda: Message("you may place family members in occupied action spaces"),
        "no_tower_fee": lambda: Message("you never pay the 3 coins of an occupied tower"),
        "choose_member_value": lambda: Message("one coloured family member of your choice is worth {value} "
                                               "this round", value=value),
        "coin_discount": lambda: Message("cards cost you {value} coins less", value=value),
        "church_bonus": lambda: Message("{gain} more each time you support the Church", gain=gain()),
        "member_bonus": lambda: Message("your {members} family members are worth {value} more",
                                        members=effect["members"], value=value),
        "copy_leader": lambda: Message("copies the ability of a leader someone has played"),
        "member_value": lambda: Message("your coloured family members are worth {value}", value=value),
        "no_territory_mp": lambda: Message("your territories need no military points"),
        "double_immediate": lambda: Message("the resources and points of cards' immediate effects count twice"),
    }
    return say(said[kind](), language) if kind in said else kind.replace("_", " ")


def lim_effects(effects: list[dict[str, Any]], language: str) -> Written:
    return listed([lim_effect(e, language) for e in effects])


def lim_card(card: dict[str, Any], language: str) -> CardEntry:
    name, kind, period = card_name(card["no"]), card["type"], card["period"]
    written = name_in(name, language)
    lines = [Message("{name}: {type} card (the {tower} tower), period {period}.", name=name, type=kind,
                     tower=TOWER_OF[kind], period=period)]
    for option, cost in enumerate(card["costs"], 1):
        need = (Written(say(Message(" (you must have {amounts})", amounts=lim_amounts(cost["need"])), language))
                if cost["need"] else "")
        if len(card["costs"]) > 1:
            lines.append(Message("Cost {option}: {pay}{need}.", option=option, pay=lim_amounts(cost["pay"]),
                                 need=need))
        else:
            lines.append(Message("Cost: {pay}{need}.", pay=lim_amounts(cost["pay"]), need=need))
    if kind == "territory":
        slots = LIM_BOARD["territory_slot_mp"]
        lines.append(Message("Cost: none, but your 3rd, 4th, 5th and 6th territories need {points} military "
                             "points.", points=", ".join(str(mp) for mp in slots[2:])))
    if card["immediate"]:
        lines.append(Message("When taken: {effects}.", effects=lim_effects(card["immediate"], language)))
    activation = card.get("activation")
    if activation:
        effects = lim_effects(activation["effects"], language)
        lines.append(Message("On a harvest of value {value} or more: {effects}.", value=activation["value"],
                             effects=effects) if kind == "territory" else
                     Message("On a production of value {value} or more: {effects}.", value=activation["value"],
                             effects=effects))
    if card.get("permanent"):
        lines.append(Message("Always: {effects}.", effects=lim_effects(card["permanent"], language)))
    if card.get("vp"):
        lines.append(Message("Final scoring: {vp} VP.", vp=card["vp"]))
    label = Message("{name}: {type}, period {period}", name=name, type=kind, period=period)
    return CardEntry(str(card["no"]), written, say(label, language), tuple(say(text, language) for text in lines),
                     str(label))


def lim_requirement(requirement: dict[str, Any], language: str) -> str:
    parts = [say(Message("{n} {type} cards", n=n, type=kind), language) for kind, n in requirement["cards"].items()]
    parts += [words(lim_amounts({key: n}), language) for key, n in requirement["have"].items()]
    return term(" and ", language).join(parts)


def lim_leader(leader: dict[str, Any], language: str) -> CardEntry:
    name, ident = leader_name(leader["id"]), leader["id"]
    needs = listed([lim_requirement(r, language) for r in leader["requires"]],
                   say(Message(" — or — "), language))
    ability = lim_effects(leader["effects"], language)
    lines = [Message("{name} (`{id}`): leader.", name=name, id=ident),
             Message("Requires: {needs} (checked, never paid).", needs=needs),
             Message("Ability, once per round (`leader activate`): {ability}.", ability=ability)
             if leader["kind"] == "once" else Message("Ability, permanent: {ability}.", ability=ability)]
    label = Message("{name}: leader ({id})", name=name, id=ident)
    return CardEntry(ident, name_in(name, language), say(label, language),
                     tuple(say(text, language) for text in lines), str(label))


def lim_excommunication(tile: dict[str, Any], language: str) -> CardEntry:
    label = Message("{id}: excommunication, period {period}", id=tile["id"], period=tile["period"])
    heading = Message("Excommunication tile {id} (period {period}).", id=tile["id"], period=tile["period"])
    penalty = name_in(excommunication_text(tile["id"]), language)
    return CardEntry(tile["id"], tile["id"], say(label, language), (say(heading, language), penalty), str(label))


@cache
def lim_catalogue(language: str = ENGLISH) -> dict[str, CardEntry]:
    found = [lim_card(card, language) for card in LIM_CARDS.values()]
    found += [lim_leader(leader, language) for leader in LEADERS.values()]
    found += [lim_excommunication(tile, language) for tile in EXCOMMUNICATIONS.values()]
    return {entry.ident: entry for entry in found}


# =========================================================================== Opera Magna
def opera_goods(text: str, language: str = ENGLISH) -> str:
    """``"bbg"`` -> ``"2 bell + 1 glass"``."""
    counts: dict[str, int] = {}
    for good in text:
        counts[good] = counts.get(good, 0) + 1
    return words(" + ".join(f"{n} {GOOD_NAMES.get(good, good)}" for good, n in counts.items()) or "nothing",
                 language)


def opera_op(op: dict[str, Any], language: str = ENGLISH) -> str:
    choices = term(" or ", language).join(term(GOOD_NAMES[g], language) for g in op.get("choices", ""))
    n = op.get("n")
    said = {
        "vp": lambda: Message("{n} VP", n=n),
        "raw": lambda: counted("{n} raw good ({choices})", "{n} raw goods ({choices})", n=n, choices=Written(choices)),
        "certificate": lambda: counted("move {n} certificate right", "move {n} certificates right", n=n),
        "refined": lambda: counted("{n} refined good of your choice", "{n} refined goods of your choice", n=n),
        "spend_for_refined": lambda: Message("spend 1 raw good ({choices}) for 1 refined good",
                                             choices=Written(choices)),
        "exchange": lambda: Message("spend 1 raw good for 1 raw good of another type"),
        "discount": lambda: Message("{n} wild discount on the city's cost (applied by itself)", n=n),
    }
    return say(said[op["op"]](), language) if op["op"] in said else op["op"].replace("_", " ")


def opera_ops(ops: list[dict[str, Any]], language: str) -> Written:
    return listed([opera_op(op, language) for op in ops], term(", ", language))


def opera_trigger(effect: dict[str, Any], language: str) -> Message:
    """What a building's special effect does, and when."""
    ops = opera_ops(effect.get("ops", []), language)
    trigger = effect["trigger"]
    if trigger == "ON-DELIVER" and effect.get("min_level"):
        said = Message("when you deliver to a level-{level} or higher worksite: {ops}", level=effect["min_level"],
                       ops=ops)
    else:
        said = {
            "IMM": Message("when completed: {ops}", ops=ops),
            "TURN": Message("once per turn (`use`): {ops}", ops=ops),
            "ON-DELIVER": Message("when you deliver to the Opera: {ops}", ops=ops),
            "ON-COMPLETE": Message("when you complete another building: {ops}", ops=ops),
            "ON-ACTIVATE": Message("when you activate a city: {ops}", ops=ops),
        }[trigger]
    if effect.get("once_per_turn"):
        return Message("{effect} (once per turn)", effect=Written(say(said, language)))
    return said


def opera_end_scoring(effect: dict[str, Any]) -> Message:
    """A blue building's end-of-game points."""
    every = effect.get("divisor", 1)
    if effect.get("colour"):
        if every > 1:
            return Message("{vp} VP per {every} {colour} buildings", vp=effect["vp"], every=every,
                           colour=effect["colour"])
        return Message("{vp} VP per {colour} buildings", vp=effect["vp"], colour=effect["colour"])
    counted = END_COUNTS[effect["per"]]
    if every > 1:
        return Message("{vp} VP per {every} {counted}", vp=effect["vp"], every=every, counted=counted)
    return Message("{vp} VP per {counted}", vp=effect["vp"], counted=counted)


def opera_building(building: dict[str, Any], language: str) -> CardEntry:
    effect = building["effect"]
    trigger = effect["trigger"]
    discount = building["discount"]
    left = term(" + ", language).join(filter(None, [
        opera_goods(discount["fixed"], language) if discount["fixed"] else "",
        say(Message("{n} wild", n=discount["wild"]), language) if discount["wild"] else ""])) \
        or say(Message("none"), language)
    lines = [Message("{id}: {size} {colour} building.", id=building["id"], size=building["size"],
                     colour=building["colour"]),
             Message("Built with: {goods}.", goods=Written(opera_goods(building["cost"], language))),
             Message("Left side: a discount of {discount} on later city costs, and the slot's conversion.",
                     discount=Written(left))]
    if trigger == "END":
        lines += [Message("Right side: a cart."),
                  Message("Scores at the end of the game: {points} (on either side, unless the table turned "
                          "that option off).", points=opera_end_scoring(effect))]
    elif trigger == "SHIELD":
        lines.append(Message("Right side: a shield: once per turn, one unit of a city cost that would move a "
                             "certificate left is waived, and a cart."))
    elif trigger == "EXTRA-CART":
        lines.append(Message("Right side: one more delivery per turn, and a cart."))
    else:
        lines.append(Message("Right side: {special}, and a cart.",
                             special=Written(say(opera_trigger(effect, language), language))))
    label = Message("{id}: {size} {colour} building", id=building["id"], size=building["size"],
                    colour=building["colour"])
    return CardEntry(building["id"], building["id"], say(label, language),
                     tuple(say(text, language) for text in lines), str(label))


def opera_trade(card: dict[str, Any], language: str) -> CardEntry:
    lines = (Message("{id}: trade card.", id=card["id"]),
             Message("Cost half: {goods}.", goods=Written(opera_goods(card["cost"], language))),
             Message("Benefit half: {goods}.", goods=Written(opera_goods(card["benefit"], language))))
    label = Message("{id}: trade card, costs {cost}, gives {benefit}", id=card["id"], cost=Written(card["cost"]),
                    benefit=Written(card["benefit"]))
    return CardEntry(card["id"], card["id"], say(label, language), tuple(say(text, language) for text in lines),
                     str(label))


def opera_worksite(token: dict[str, Any], language: str) -> CardEntry:
    faces = [say(Message("face {face}: {ops}", face=face, ops=opera_ops(OPERA.worksite_effects[code], language)),
                 language) for face, code in sorted(token["faces"].items())]
    lines = (Message("{id}: worksite token of level {level}, needs {goods}.", id=token["id"], level=token["level"],
                     goods=Written(opera_goods(token["requires"], language))),
             Message("The first to deliver there gets: {faces}.", faces=listed(faces)))
    label = Message("{id}: worksite token, level {level}", id=token["id"], level=token["level"])
    return CardEntry(token["id"], token["id"], say(label, language), tuple(say(text, language) for text in lines),
                     str(label))


def opera_ability(ability: dict[str, Any], language: str) -> CardEntry:
    name = ability_name(ability["id"])
    lines = (Message("{name} ({id}): city ability.", name=name, id=ability["id"]),
             Message("With a merchant in the city's cost area, once per turn (`ability`): {ops}.",
                     ops=opera_ops(ability["ops"], language)))
    label = Message("{name}: city ability ({id})", name=name, id=ability["id"])
    return CardEntry(ability["id"], name_in(name, language), say(label, language),
                     tuple(say(text, language) for text in lines), str(label))


@cache
def opera_catalogue(language: str = ENGLISH) -> dict[str, CardEntry]:
    found = [opera_building(b, language) for b in OPERA.buildings.values()]
    found += [opera_trade(card, language) for card in OPERA.trade.values()]
    found += [opera_worksite(token, language) for token in OPERA.worksites.values()]
    found += [opera_ability(ability, language) for ability in OPERA.abilities.values()]
    return {entry.ident: entry for entry in found}


# =========================================================================== Masters of Renaissance
MOR_LEVELS = {1: "I", 2: "II", 3: "III"}
MOR_ABILITIES = {
    "discount": Message("pays 1 {r} less for cards"),
    "extra_depot": Message("extra depot for 2 {r}"),
    "white_marble": Message("white marbles give {r}"),
    "extra_production": Message("produce: 1 {r} → 1 of your choice + 1 faith"),
}


def mor_amounts(counts: dict[str, int]) -> str:
    """'2 coin, 1 stone' in the game's resource order; 'nothing' when empty."""
    return ", ".join(f"{counts[r]} {r}" for r in (*MOR_RESOURCES, "faith") if counts.get(r)) or "nothing"


def mor_requirement(requires: dict[str, Any]) -> str:
    """What a leader needs: resources held, or cards of some colours (and levels)."""
    if "resources" in requires:
        return mor_amounts(requires["resources"])
    parts = [Message("{count} {colour} {level}", count=need["count"], colour=need["colour"],
                     level=MOR_LEVELS[need["level"]]) if need["level"] else f"{need['count']} {need['colour']}"
             for need in requires["cards"]]
    keys = [f"part{index}" for index in range(len(parts))]
    cards = Message(" + ".join("{" + key + "}" for key in keys), **dict(zip(keys, parts)))
    if sum(need["count"] for need in requires["cards"]) > 1:
        return Message("{cards} cards", cards=cards)
    return Message("{cards} card", cards=cards)


def mor_card(ident: str, card: dict[str, Any], language: str) -> CardEntry:
    label = Message("{card} {colour} {level}: costs {price}; {input} → {output}; {vp} VP", card=ident,
                    colour=card["colour"], level=MOR_LEVELS[card["level"]], price=mor_amounts(card["cost"]),
                    input=mor_amounts(card["input"]), output=mor_amounts(card["output"]), vp=card["vp"])
    return CardEntry(ident, ident, say(label, language), (say(label, language),), str(label))


def mor_leader(ident: str, leader: dict[str, Any], language: str) -> CardEntry:
    ability = Message(MOR_ABILITIES[leader["ability"]].template, r=leader["resource"])
    summary = Message("{ability}; needs {requirement}; {vp} VP", ability=ability,
                      requirement=mor_requirement(leader["requires"]), vp=leader["vp"])
    label = Message("{leader}: {summary}", leader=ident, summary=summary)
    return CardEntry(ident, ident, say(label, language), (say(label, language),), str(label))


@cache
def mor_catalogue(language: str = ENGLISH) -> dict[str, CardEntry]:
    found = [mor_card(ident, card, language) for ident, card in MOR_CARDS.items()]
    found += [mor_leader(ident, leader, language) for ident, leader in MOR_LEADERS.items()]
    return {entry.ident: entry for entry in found}


CATALOGUES: dict[str, Callable[[str], dict[str, CardEntry]]] = {"lim": lim_catalogue, "opera": opera_catalogue,
                                                                 "mor": mor_catalogue}
