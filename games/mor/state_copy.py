"""A deep copy of a Masters state that knows the state's shape (see :mod:`games.mor.engine`).

Every move is applied to a copy (:meth:`games.core.Game.apply`). Marshalling the whole state
there was a sixth of a random game's time; copying its lists and dicts by shape, with C-level
slices, and sharing the strings and numbers (nothing changes them in place) is several times
faster. A state of another shape (a key this copy does not know) is copied the generic way.
"""

from __future__ import annotations

from typing import Any

from games.core import clone

_STATE_KEYS = {"rng", "players", "phase", "market", "decks", "removed", "seats", "reported",
               "end_triggered", "turn", "solo", "last"}
_SEAT_KEYS = ("faith", "favour", "depots", "leader_depots", "strongbox", "slots", "hand", "played",
              "dealt", "ready")
"""A seat's keys in the order :func:`games.mor.setup.new_state` writes them (its copy keeps it)."""
_MARKET_KEYS = {"grid", "slide"}
_TURN_KEYS = {"seat", "number", "main", "pending"}
_SOLO_KEYS = {"cross", "stack", "revealed", "last_token", "outcome"}


def copy_state(state: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``state`` that shares no list or dict with it."""
    if not _known_shape(state):
        return _generic_copy(state)
    copied = dict(state)  # rng, players, phase and end_triggered are numbers and strings
    market, turn, solo = state["market"], state["turn"], state["solo"]
    copied["market"] = {**market, "grid": [row[:] for row in market["grid"]]}
    copied["decks"] = {deck: cards[:] for deck, cards in state["decks"].items()}
    copied["removed"] = state["removed"][:]
    copied["seats"] = [_seat_copy(seat) for seat in state["seats"]]
    copied["reported"] = state["reported"][:]
    pending = turn["pending"]
    copied["turn"] = {**turn, "pending": None if pending is None else {"gained": dict(pending["gained"])}}
    if solo is not None:
        outcome = solo["outcome"]
        copied["solo"] = {**solo, "stack": solo["stack"][:], "revealed": solo["revealed"][:],
                          "outcome": None if outcome is None else dict(outcome)}
    copied["last"] = state["last"][:]  # event lines: messages, never changed in place
    return copied


def _seat_copy(seat: dict[str, Any]) -> dict[str, Any]:
    # One dict display in the seat's key order (checked by _known_shape): faster than updating a copy.
    return {"faith": seat["faith"], "favour": seat["favour"][:],
            "depots": [depot[:] for depot in seat["depots"]],
            "leader_depots": seat["leader_depots"].copy(), "strongbox": seat["strongbox"].copy(),
            "slots": [slot[:] for slot in seat["slots"]], "hand": seat["hand"][:],
            "played": seat["played"][:], "dealt": seat["dealt"][:], "ready": seat["ready"]}


def _known_shape(state: dict[str, Any]) -> bool:
    turn, solo, pending = state.get("turn"), state.get("solo"), None
    if type(turn) is dict:
        pending = turn.get("pending")
    return (state.keys() == _STATE_KEYS and type(turn) is dict and turn.keys() == _TURN_KEYS
            and type(state["market"]) is dict and state["market"].keys() == _MARKET_KEYS
            and (pending is None or (type(pending) is dict and pending.keys() == {"gained"}))
            and (solo is None or (type(solo) is dict and solo.keys() == _SOLO_KEYS))
            and all(type(seat) is dict and tuple(seat) == _SEAT_KEYS for seat in state["seats"]))


def _generic_copy(state: dict[str, Any]) -> dict[str, Any]:
    """The event lines (messages, which :func:`clone`'s fast copy refuses) go to the copy in a
    list of their own: a line is never changed, the list is replaced after each move."""
    lines = state.get("last")
    if lines is None:
        return clone(state)
    copied = clone({key: value for key, value in state.items() if key != "last"})
    return {key: lines.copy() if key == "last" else copied[key] for key in state}
