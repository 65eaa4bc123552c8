"""Scenario builders for the Lorenzo il Magnifico tests: set up a position, then play notation."""

from __future__ import annotations

import games
from games.lim.data import CARDS, HOLDINGS, MEMBERS

G = games.get("lim")
BY_NAME = {card["name"]: no for no, card in CARDS.items()}


def new(players: int = 4, advanced: bool = False, seed: int = 1, **options) -> dict:
    """A basic game in round 1 (an advanced one is also moved past its draft, with empty hands)."""
    state = G.setup(players, seed, {"advanced": advanced, **options})
    if advanced:
        for s in range(players):
            state, _ = G.play(state, state["tile_pick"]["order"][0], f"tile {state['tile_pick']['left'][0]}")
        while state["phase"] == "draft":
            for s in sorted(G.actors(state)):
                state, _ = G.play(state, s, f"draft {state['draft']['packs'][s][0]}")
        for seat in state["seats"]:
            seat["hand"] = []
    return state


def turn_of(state: dict, seat: int, *, clear_board: bool = True) -> dict:
    """Make it ``seat``'s turn with nothing pending, all members home and (by default) an empty board."""
    state["turn"] = {"seat": seat, "skip": False, "placed": False}
    state["pending"] = []
    if clear_board:
        state["board"] = {}
        for data in state["seats"]:
            data["members"] = {m: None for m in MEMBERS}
    return state


def holdings(state: dict, seat: int, **amounts: int) -> dict:
    """Set a seat's resources and points; unnamed ones become 0."""
    state["seats"][seat]["res"] = {k: amounts.get(k, 0) for k in HOLDINGS}
    return state


def own(state: dict, seat: int, *names: str) -> dict:
    for name in names:
        no = BY_NAME[name]
        state["seats"][seat]["cards"][CARDS[no]["type"]].append(no)
    return state


def put(state: dict, space: str, name: str | None) -> dict:
    tower, floor = space.split("-")
    state["towers"][tower][int(floor) - 1] = BY_NAME[name] if name else None
    return state


def occupy(state: dict, space: str, seat: int, member: str) -> dict:
    state["board"].setdefault(space, []).append({"seat": seat, "member": member})
    state["seats"][seat]["members"][member] = space
    return state


def dice(state: dict, white: int = 1, black: int = 1, orange: int = 1) -> dict:
    state["dice"] = {"white": white, "black": black, "orange": orange}
    return state


def play(state: dict, seat: int, *moves: str) -> dict:
    for text in moves:
        state, _ = G.play(state, seat, text)
    return state


def res(state: dict, seat: int) -> dict:
    return dict(state["seats"][seat]["res"])


def delta(before: dict, after: dict) -> dict:
    return {k: after[k] - before[k] for k in before if after[k] != before[k]}


def excommunicate(state: dict, seat: int, *tiles: str) -> dict:
    state["seats"][seat]["excommunicated"].extend(tiles)
    return state


def leaders(state: dict, seat: int, *ids: str, copy: str | None = None) -> dict:
    for lid in ids:
        state["seats"][seat]["leaders"].append(
            {"id": lid, "down": False, "copy": copy if lid == "lorenzo" else None}
        )
    return state


def refused(state: dict, seat: int, text: str, rule: str) -> str:
    """Assert that ``text`` is refused under ``rule`` and changes nothing; returns the message."""
    from games.core import IllegalAction

    before = G.dumps(state)
    try:
        G.play(state, seat, text)
    except IllegalAction as err:
        assert err.rule == rule, f"{text!r} refused under {err.rule} ({err.message}), expected {rule}"
        assert G.dumps(state) == before
        return err.message
    raise AssertionError(f"{text!r} was accepted")


def legal(state: dict, seat: int) -> list[str]:
    return [G.notation(a) for a in G.legal_actions(state, seat)]
