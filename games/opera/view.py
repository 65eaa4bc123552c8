"""What every seat sees (no hands, no deck order) and what only one seat sees (its hand)."""

from __future__ import annotations

from typing import Any

from . import rules as R
from .data import DATA


def public_view(state: dict, actors: list[int], result: dict[str, Any] | None) -> dict[str, Any]:
    """The board as everyone sees it: city rows show only their active half, decks only their size."""
    players = player_views(state)
    turn = state["turn"]
    view = {
        "game": "opera", "provisional_data": "PDS-0", "round": state["round"],
        "rounds": DATA.rules["rounds"], "final_round": state["final_round"],
        "rounds_remaining": max(0, DATA.rules["rounds"] - state["round"] + 1) if state["round"] else None,
        "phase": state["phase"], "active": actors,
        "pending": [dict(p) for p in state["pending"]],
        "turn": {"moved_to": turn["moved_to"], "ability": turn["ability"] and not turn["ability_used"],
                 "deliveries": turn["deliveries"], "conversions": list(turn["conversions"]),
                 "effects": list(turn["effects"]), "triggered": list(turn["triggered"]),
                 "shield_used": turn["shield_used"]},
        "cities": {
            city: {
                "name": DATA.cities[city]["name"],
                "ability": DATA.abilities[data["ability"]],
                "cost": [{"id": c, "cost": DATA.trade[c]["cost"]} if c else None for c in data["cost"]],
                "gain": [{"id": c, "benefit": DATA.trade[c]["benefit"]} if c else None for c in data["gain"]],
            } for city, data in state["cities"].items()
        },
        "market": [
            {"slot": i, "price": DATA.rules["market_prices"][i], "card": trade_view(c) if c else None}
            for i, c in enumerate(state["market"])
        ],
        "market_decks": [len(deck) for deck in state["decks"]],
        "discard": list(state["discard"]),
        "building_decks": {size: len(deck) for size, deck in state["building_decks"].items()},
        "display": [building_view(c) for c in sorted(state["display"])],
        "opera": [
            [{"site": f"{level + 1}.{column + 1}", "token": site["token"], "face": site["face"],
              "requires": DATA.worksites[site["token"]]["requires"],
              "effect": DATA.worksites[site["token"]]["faces"][site["face"]], "by": list(site["by"])}
             for column, site in enumerate(row)]
            for level, row in enumerate(state["opera"])
        ],
        "players": players,
    }
    if state["phase"] == "draft":
        view["draft_order"] = list(state["draft_order"])
    if result is not None:
        view["result"] = result
    return view


def player_views(state: dict) -> list[dict[str, Any]]:
    """Every seat's board as the public view shows it (``view["players"]``), without the rest."""
    return [_player_view(state, player) for player in state["seats"]]


def _player_view(state: dict, player: dict) -> dict[str, Any]:
    board = DATA.boards[player["board"]]
    return {
        "seat": player["seat"], "colour": player["colour"], "board": player["board"],
        "starting_discount": board["discount"], "conversions": board["conversions"],
        "raw": dict(player["raw"]), "certificates": dict(player["cert"]),
        "levels": R.levels(state, player), "vp": player["vp"],
        "refined": dict(player["refined"]),
        "under_construction": [
            {"card": building_view(b["id"]), "covered": b["covered"]} for b in player["building"]
        ],
        "slots": {side: {size: list(cards) for size, cards in sizes.items()}
                  for side, sizes in player["slots"].items()},
        "merchants": list(player["merchants"]), "hand_count": len(player["hand"]),
        "carts": R.carts(player), "supply": player["supply"],
        "opera_tokens": R.opera_tokens(state, player["seat"]),
    }


def private_view(state: dict, seat: int) -> dict[str, Any]:
    """The seat's own hand of trade cards."""
    return {"seat": seat, "hand": [trade_view(c) for c in state["seats"][seat]["hand"]]}


def trade_view(card_id: str) -> dict[str, str]:
    """A trade card as the views show it (both halves; its place says which one is active).

    >>> trade_view("H1-01")
    {'id': 'H1-01', 'cost': 'L', 'benefit': 'Wc'}
    """
    card = DATA.trade[card_id]
    return {"id": card_id, "cost": card["cost"], "benefit": card["benefit"]}


def building_view(card_id: str) -> dict[str, Any]:
    card = DATA.buildings[card_id]
    return {"id": card_id, "size": card["size"], "colour": card["colour"], "cost": card["cost"],
            "discount": card["discount"], "effect": card["effect"]}
