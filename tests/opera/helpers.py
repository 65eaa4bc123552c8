"""Builders for Opera Magna scenario states: a real game, then the fixture the scenario names."""

from __future__ import annotations

from games.core import IllegalAction
from games.opera import GAME, endturn
from games.opera import rules as R
from games.opera.data import DATA, RAW, REFINED, SIDES, SIZES


def new_game(players: int = 2, seed: int = 7, **options) -> dict:
    """A game just after the starting draft (every seat took the first card offered)."""
    state = GAME.setup(players, seed, options)
    while state["phase"] == "draft":
        seat = next(iter(GAME.actors(state)))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def fixture(state: dict, seat: int = 0, *, raw=None, cert=None, vp=None, refined=None, board=None,
            building=None, slots=None, hand=None) -> dict:
    """Fixture F0 of the specification, with the named changes, for ``seat``."""
    player = state["seats"][seat]
    player["raw"] = dict.fromkeys(RAW, 1) | (raw or {})
    player["cert"] = dict.fromkeys(RAW, 3) | (cert or {})
    player["vp"] = 5 if vp is None else vp
    player["refined"] = dict.fromkeys(REFINED, 0) | (refined or {})
    player["board"] = board or "WB-2"
    if building is not None:
        player["building"] = [{"id": b, "covered": ""} if isinstance(b, str) else b for b in building]
    player["slots"] = {side: {size: [] for size in SIZES} for side in SIDES}
    for key, cards in (slots or {}).items():
        side, size = key.split("-")
        player["slots"][side][size] = list(cards)
    if hand is not None:
        player["hand"] = list(hand)
    player["supply"] = 20 - R.tokens_in_use(player, state)
    return player


def turn_at(state: dict, seat: int, phase: str, moved_to: str | None = "ant:gain") -> dict:
    """Make ``seat`` the active player in ``phase`` of a fresh turn (merchant already moved)."""
    state["active"] = seat
    state["phase"] = phase
    state["pending"] = []
    state["turn"] = endturn.fresh_turn()
    state["turn"]["moved_to"] = moved_to
    if moved_to:
        city = moved_to.split(":")[0]
        state["turn"]["ability"] = f"{city}:cost" in state["seats"][seat]["merchants"]
        if moved_to not in state["seats"][seat]["merchants"]:
            state["seats"][seat]["merchants"][0] = moved_to
    return state


def cost_row(state: dict, city: str, *costs: str) -> None:
    """Fill a city's cost row with trade cards whose cost halves are ``costs``."""
    state["cities"][city]["cost"] = [card_with(cost=c) for c in costs]


def gain_row(state: dict, city: str, *benefits: str) -> None:
    state["cities"][city]["gain"] = [card_with(benefit=b) for b in benefits]


def card_with(*, cost: str | None = None, benefit: str | None = None) -> str:
    for card_id, card in DATA.trade.items():
        if (cost is None or card["cost"] == cost) and (benefit is None or card["benefit"] == benefit):
            return card_id
    raise LookupError(cost or benefit)


def play(state: dict, seat: int, text: str) -> tuple[dict, list[dict]]:
    return GAME.apply(state, seat, GAME.parse(state, text))


def refused(state: dict, seat: int, text: str) -> IllegalAction:
    try:
        GAME.apply(state, seat, GAME.parse(state, text))
    except IllegalAction as error:
        return error
    raise AssertionError(f"{text!r} was accepted")


def site_of(state: dict, token: str) -> str:
    for level, row in enumerate(state["opera"]):
        for column, site in enumerate(row):
            if site["token"] == token:
                return f"{level + 1}.{column + 1}"
    raise LookupError(token)


def place_site(state: dict, token: str, column: int, face: str = "A", by=()) -> str:
    """Put worksite ``token`` in worksite column ``column`` (1-based) of its level row."""
    level = DATA.worksites[token]["level"]
    row = state["opera"][level - 1]
    current = next(i for i, s in enumerate(row) if s["token"] == token)
    row[current], row[column - 1] = row[column - 1], row[current]
    row[column - 1].update(face=face, by=list(by))
    return f"{level}.{column}"
