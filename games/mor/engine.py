"""The Masters of Renaissance engine (rule IDs MOR-* of shared/rules/masters_of_renaissance.md).

State (JSON-safe):

- ``phase``: ``"setup"`` (every seat keeps 2 of 4 leaders and picks its starting resources),
  ``"play"`` or ``"over"``; ``players``; ``rng``.
- ``market``: ``grid`` (3 rows of 4 marble colours) and ``slide``.
- ``decks``: ``{"green-1": [card ids, top first], ...}``; ``removed``: cards Lorenzo discarded.
- ``seats``: per seat ``faith``, ``favour`` (``pending``/``active``/``discarded`` per section),
  ``depots``, ``leader_depots``, ``strongbox``, ``slots`` (bottom to top), ``hand``, ``played``,
  ``dealt`` (during setup), ``ready``.
- ``reported``: sections already reported; ``end_triggered``.
- ``turn``: ``seat``, ``number`` (the round), ``main`` (main action done), ``pending``
  (market resources awaiting a ``place``: ``{"gained": {...}}``).
- ``solo``: ``None`` or Lorenzo's ``cross``, token ``stack`` (top first), ``revealed``,
  ``last_token`` and ``outcome``.
- ``last``: the public lines of the last move.

The moves live in their own modules by concern (:mod:`.setup`, :mod:`.market`, :mod:`.buy`,
:mod:`.production`, :mod:`.leaders`, :mod:`.turn`); :meth:`MastersOfRenaissance.moves` is their
table. What a move means in a position is settled by :mod:`.settle`, and :mod:`.moves` lists
every legal move in that settled form.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from functools import lru_cache
from typing import Any

from games.core import Description, Game, Move, make_result, readable_text
from games.core.message import Message, counted

from . import notation as _notation
from .buy import buy
from .data import LEADERS_DEALT, LEADERS_KEPT, SEAT_BONUS
from .describe import describe_action
from .leaders import leader
from .market import arrange, market, place, require_discard_list
from .moves import legal_actions
from .production import produce
from .rules import acting_seats, resource_count, score
from .settle import settle
from .setup import keep, new_state
from .state_copy import copy_state
from .turn import end
from .view import build_view, private_view

Events = list[dict[str, Any]]

PLAY = ("play",)


class MastersOfRenaissance(Game):
    """1 player (solo against Lorenzo) to 4 players; seat 0 is the first player."""

    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
        return new_state(players, seed)

    def actors(self, state: dict[str, Any]) -> set[int]:
        return acting_seats(state)

    # ------------------------------------------------------------- move table
    def moves(self) -> tuple[Move, ...]:
        """Setup has one move, ``keep``; every other move belongs to play.

        Out of phase, ``keep`` cites MOR-SETUP-21 (setup comes first, once) and every other
        move MOR-SETUP-13 (leaders are kept before anything else). The flags:

        - ``keep``: ``own_decision``, since every seat keeps its leaders at once (MOR-SETUP-21);
          ``private``, since it names two leaders of a hidden hand (MOR-LEADER-1, D-16).
        - ``buy``: ``reveals``, since the next card of the deck turns face up (MOR-BUY-13) and
          the order below the top card is hidden (D-16).
        - ``leader``: ``reveals``, since playing a leader turns a hidden card face up
          (MOR-LEADER-1); discarding one reveals nothing, its identity is never shown (D-16),
          which is why the move is also ``private``: ``leader discard L2`` names a hidden
          leader (MOR-LEADER-4). One move type holds both, so both flags.
        - ``end``: ``reveals``, since in the solo game it turns up Lorenzo's next token and may
          reshuffle the stack (MOR-SOLO-8, -11). A flag is per move type, not per player count,
          so it is set for every game.
        - ``market``, ``place``, ``arrange``, ``produce`` use only public information: the
          market, warehouses, strongboxes and slots are face up, and red marbles and discards
          move faith markers in the open.
        """
        return (
            Move("keep", keep, ("setup",), "MOR-SETUP-21", private=True, own_decision=True),
            Move("market", market, PLAY, "MOR-SETUP-13"),
            Move("place", place, PLAY, "MOR-SETUP-13"),
            Move("arrange", arrange, PLAY, "MOR-SETUP-13"),
            Move("buy", buy, PLAY, "MOR-SETUP-13", reveals=True),
            Move("produce", produce, PLAY, "MOR-SETUP-13"),
            Move("leader", leader, PLAY, "MOR-SETUP-13", reveals=True, private=True),
            Move("end", end, PLAY, "MOR-SETUP-13", reveals=True),
        )

    def phase(self, state: dict[str, Any], seat: int) -> str:
        """``setup`` (keep leaders), ``play`` (a turn) or ``over``: the same for every seat."""
        return state["phase"]

    def out_of_phase(self, state: dict[str, Any], seat: int, move: Move) -> str:
        if move.type == "keep":
            return Message("Setup is over: you already kept your leaders.")
        return (Message("First keep 2 of your 4 leaders (and choose your starting resources), e.g. "
                        "'keep L3 L7 res:coin'."))

    def _apply(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
        events = super()._apply(state, seat, action)
        state["last"] = [e["text"] for e in events]
        return events

    def unrecorded(self) -> AbstractContextManager[None]:
        """The state keeps the last move's event lines (``last``), so simulations write them too."""
        return nullcontext()

    def copy_state(self, state: dict[str, Any]) -> dict[str, Any]:
        """A copy by the state's shape (:mod:`.state_copy`), several times faster than marshalling it."""
        return copy_state(state)

    def _canonical(self, state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
        """The settled form of ``action`` must read back as itself (see :mod:`.settle`).

        Most moves come settled already (from :meth:`legal_actions`): when ``action`` settles to
        itself and its notation reads back as it literally, reading it again would only settle
        the same move a second time, so it is its own canonical form (no move changes its action
        or keeps a part of it in the state, so it needs no copy).
        """
        if isinstance(action, dict):
            require_discard_list(action)
        settled = settle(state, action)
        if type(action) is dict and settled == action:
            try:
                text = _notation.notation(action)
            except Exception:  # noqa: BLE001 - the full check below refuses it in its words
                text = None
            if isinstance(text, str) and _literal_reading(text) == action:
                return settled
        return super()._canonical(state, settled)

    def disclosed(self, state: dict[str, Any]) -> Any:
        """What changes only when something hidden turns up: a deck's next card (MOR-BUY-13),
        Lorenzo's token stack (MOR-SOLO-8, -11), a leader played face up (MOR-LEADER-1) and the
        RNG. A leader discarded leaves ``played`` as it was: its identity is never shown (D-16)."""
        solo = state["solo"] or {}
        return (state["rng"], state["decks"], [solo.get(key) for key in ("stack", "revealed", "last_token")],
                [seat["played"] for seat in state["seats"]])

    # ------------------------------------------------------------------ views
    def _public_view(self, state: dict[str, Any]) -> dict[str, Any]:
        view = build_view(state)
        view["result"] = self.result(state)
        return view

    def _private_view(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        return private_view(state, seat)

    def result(self, state: dict[str, Any]) -> dict[str, Any] | None:
        if state["phase"] != "over":
            return None
        breakdowns = [score(p) for p in state["seats"]]
        totals = [sum(b.values()) for b in breakdowns]
        if state["solo"] is not None:
            return make_result(totals, breakdowns, extra={"solo": dict(state["solo"]["outcome"])})
        # MOR-SCORE-7/8: most resources left breaks ties; still tied players share the win.
        return make_result(totals, breakdowns, [resource_count(p) for p in state["seats"]])

    # --------------------------------------------------------------- notation
    def describe(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> Description:
        return describe_action(state, seat, action)

    def automatic(self, state: dict[str, Any], seat: int) -> dict[str, Any] | None:
        """``end`` when it is the only move (MOR-TURN-6): the main action is done, no leader is left
        in hand (one in hand may always be discarded, MOR-LEADER-2) and the warehouse has no other
        layout (MOR-TURN-5). Taking it reveals nothing: an empty hand is public. A solo turn's end
        turns Lorenzo's token up (MOR-SOLO-8) as the player's own 'end' would."""
        turn = state["turn"] if state["phase"] == "play" else None
        if turn is None or not turn["main"] or turn["pending"] is not None or state["seats"][seat]["hand"]:
            return None
        legal = self.legal_actions(state, seat)
        return legal[0] if legal == [{"type": "end"}] else None

    def notation(self, action: dict[str, Any]) -> str:
        """The text of ``action``.

        >>> from games.mor import GAME
        >>> GAME.notation({"type": "produce", "cards": ["c5"], "leaders": {"L13": "coin"}, "pay": "sb"})
        'produce c5 L13:coin pay:sb'
        """
        return _notation.notation(action)

    def _parse(self, state: dict[str, Any], text: str) -> dict[str, Any]:
        """The settled action ``text`` names in ``state``.

        >>> from games.mor import GAME
        >>> GAME.parse(GAME.setup(2, 1), "keep l7 L3 res:coins")
        {'type': 'keep', 'leaders': ['L3', 'L7'], 'resources': ['coin']}
        """
        return settle(state, _notation.parse(text))

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """Every legal move of ``seat``, most useful first (see :mod:`.moves` for what is listed).

        >>> from games.mor import GAME
        >>> state = GAME.setup(2, 1)
        >>> [GAME.notation(a) for a in GAME.legal_actions(state, 1)][:2], len(GAME.legal_actions(state, 1))
        (['keep L10 L12 res:coin', 'keep L10 L12 res:stone'], 24)
        """
        if seat not in self.actors(state):
            return []
        return legal_actions(state, seat)

    # ---------------------------------------------------------------- prompts
    def prompt(self, state: dict[str, Any], seat: int) -> str:
        if state["phase"] == "over":
            return Message("The game is over.")
        if seat not in self.actors(state):
            return self.waiting_message(state, seat)
        if state["phase"] == "setup":
            wanted = SEAT_BONUS[seat]["resources"]
            if wanted:
                return counted("Keep {leaders_kept} of your {leaders_dealt} leaders and choose "
                               "{wanted} starting resource.",
                               "Keep {leaders_kept} of your {leaders_dealt} leaders and choose "
                               "{wanted} starting resources.",
                               by="wanted", leaders_kept=LEADERS_KEPT, leaders_dealt=LEADERS_DEALT, wanted=wanted)
            return Message("Keep {leaders_kept} of your {leaders_dealt} leaders.",
                           leaders_kept=LEADERS_KEPT, leaders_dealt=LEADERS_DEALT)
        turn = state["turn"]
        if turn["pending"] is not None:
            return Message("Place the resources you took, or discard some.")
        if turn["main"]:
            return Message("Play or discard a leader, or end your turn.")
        return Message("Take your turn: market, buy or produce.")

    def turn_number(self, state: dict[str, Any]) -> int | None:
        return state["turn"]["number"]

    def waiting_message(self, state: dict[str, Any], seat: int) -> str:
        if state["phase"] == "setup":
            if 0 <= seat < state["players"] and state["seats"][seat]["ready"]:
                return Message("You have chosen: waiting for the other players to keep their leaders.")
            return Message("Waiting for the players to keep their leaders.")
        if state["phase"] == "over":
            return Message("This game is over.")
        return Message("It is not your turn: waiting for {player}.",
                       player=f"{{p{state['turn']['seat']}}}")


@lru_cache(maxsize=8192)
def _literal_reading(text: str) -> dict[str, Any] | None:
    """What ``text`` spells before settling (None when it is refused); shared, so read only.
    The same few hundred texts come back all game long."""
    try:
        return _notation.parse(readable_text(text))
    except Exception:  # noqa: BLE001 - any refusal: the caller takes the full path, which says why
        return None
