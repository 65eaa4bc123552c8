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
"""

from __future__ import annotations

from typing import Any

from games.core import Game, IllegalAction, Rng, make_result, seed_state

from . import notation as _notation
from .data import (
    BASE_INPUTS,
    CARDS,
    DECK_IDS,
    END_CARDS,
    LEADERS,
    LEADERS_DEALT,
    LEADERS_KEPT,
    LEVELS,
    MARBLE_GIVES,
    MARBLES,
    MARKET_COLUMNS,
    MARKET_ROWS,
    RESOURCES,
    SEAT_BONUS,
    SECTIONS,
    SLOTS,
    TOKENS,
    deck_of,
    id_number,
)
from .moves import legal_actions
from .rules import (
    PRODUCING,
    acting_seats,
    add_counts,
    check_solo_end,
    counts_of,
    describe,
    describe_requirement,
    discounted_cost,
    faith_event,
    legal_slots,
    market_line,
    owned_cards,
    pay,
    payment_plan,
    played_leaders,
    requirement_met,
    resource_count,
    score,
    top_card,
    white_resources,
)
from .view import build_view, private_view
from .warehouse import apply_layout, best_layout, empty_depots, layout_totals, warehouse_totals

Events = list[dict[str, str]]


class MastersOfRenaissance(Game):
    """1 player (solo against Lorenzo) to 4 players; seat 0 is the first player."""

    # ------------------------------------------------------------------ setup
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
        state: dict[str, Any] = {"rng": seed_state(seed), "players": players, "phase": "setup"}
        rng = Rng(state)
        decks = {}
        for deck in DECK_IDS:  # MOR-SETUP-2/3
            cards = [c for c in CARDS if deck_of(c) == deck]
            rng.shuffle(cards)
            decks[deck] = cards
        marbles = list(MARBLES)  # MOR-SETUP-7
        rng.shuffle(marbles)
        grid = [marbles[r * MARKET_COLUMNS:(r + 1) * MARKET_COLUMNS] for r in range(MARKET_ROWS)]
        leaders = list(LEADERS)  # MOR-SETUP-8
        rng.shuffle(leaders)
        seats = []
        for seat in range(players):
            seats.append({
                "faith": SEAT_BONUS[seat]["faith"],  # MOR-SETUP-17/20: no report possible at 1
                "favour": ["pending"] * len(SECTIONS),
                "depots": empty_depots(),
                "leader_depots": {},
                "strongbox": {r: 0 for r in RESOURCES},
                "slots": [[] for _ in range(SLOTS)],
                "hand": [],
                "played": [],
                "dealt": leaders[seat * LEADERS_DEALT:(seat + 1) * LEADERS_DEALT],  # MOR-SETUP-13
                "ready": False,
            })
        solo = None
        if players == 1:  # MOR-SOLO-2..5
            stack = list(TOKENS)
            rng.shuffle(stack)
            solo = {"cross": 0, "stack": stack, "revealed": [], "last_token": None, "outcome": None}
        state.update({
            "market": {"grid": grid, "slide": marbles[-1]},
            "decks": decks,
            "removed": [],
            "seats": seats,
            "reported": [False] * len(SECTIONS),
            "end_triggered": False,
            "turn": {"seat": 0, "main": False, "pending": None, "number": 0},
            "solo": solo,
            "last": [],
        })
        return state

    # ----------------------------------------------------------------- actors
    def actors(self, state: dict[str, Any]) -> set[int]:
        return acting_seats(state)

    # ------------------------------------------------------------------ apply
    def _apply(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
        # Every action goes through its notation: a malformed dict is refused here, and any
        # accepted spelling (unsorted lists, string numbers) becomes the canonical action.
        try:
            text = _notation.notation(action)
        except (KeyError, TypeError, AttributeError, ValueError):
            raise IllegalAction("That is not a well-formed move of this game.", "CORE-NOTATION") from None
        action = _notation.parse(text)
        handler = _HANDLERS[action["type"]]
        if state["phase"] == "setup" and action["type"] != "keep":
            raise IllegalAction("First keep 2 of your 4 leaders (and choose your starting resources), "
                                "e.g. 'keep L3 L7 res:coin'.", "MOR-SETUP-13")
        if state["phase"] == "play" and action["type"] == "keep":
            raise IllegalAction("Setup is over: you already kept your leaders.", "MOR-SETUP-21")
        events = handler(state, seat, action)
        state["last"] = [e["text"] for e in events]
        return events

    # -------------------------------------------------------------- the view
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

    # ------------------------------------------------------------- notation
    def notation(self, action: dict[str, Any]) -> str:
        return _notation.notation(action)

    def _parse(self, state: dict[str, Any], text: str) -> dict[str, Any]:
        return _notation.parse(text)

    # ---------------------------------------------------------- legal actions
    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        if seat not in self.actors(state):
            return []
        return legal_actions(state, seat)

    # --------------------------------------------------------------- prompts
    def prompt(self, state: dict[str, Any], seat: int) -> str:
        if state["phase"] == "over":
            return "The game is over."
        if seat not in self.actors(state):
            return self.waiting_message(state, seat)
        if state["phase"] == "setup":
            wanted = SEAT_BONUS[seat]["resources"]
            if wanted:
                return (f"Keep {LEADERS_KEPT} of your {LEADERS_DEALT} leaders and choose {wanted} "
                        f"starting resource{'s' if wanted > 1 else ''}.")
            return f"Keep {LEADERS_KEPT} of your {LEADERS_DEALT} leaders."
        turn = state["turn"]
        if turn["pending"] is not None:
            return "Place the resources you took, or discard some."
        if turn["main"]:
            return "Play or discard a leader, or end your turn."
        return "Take your turn: market, buy or produce."

    def waiting_message(self, state: dict[str, Any], seat: int) -> str:
        if state["phase"] == "setup":
            if 0 <= seat < state["players"] and state["seats"][seat]["ready"]:
                return "You have chosen: waiting for the other players to keep their leaders."
            return "Waiting for the players to keep their leaders."
        if state["phase"] == "over":
            return "This game is over."
        return f"It is not your turn: waiting for {{p{state['turn']['seat']}}}."


# ======================================================================= handlers
def _player(state: dict[str, Any], seat: int) -> dict[str, Any]:
    return state["seats"][seat]


def _keep(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    """MOR-SETUP-13, MOR-SETUP-17..19: keep 2 dealt leaders and take the starting resources.

    Both choices are collected from every seat at once. MOR-SETUP-21 lets the resource choices
    follow seat order; since no seat's choice can limit another's, the outcome is the same and
    nobody waits for the others.
    """
    player = _player(state, seat)
    leaders, resources = action["leaders"], action["resources"]
    if len(set(leaders)) != LEADERS_KEPT or len(leaders) != LEADERS_KEPT or any(
            i not in player["dealt"] for i in leaders):
        dealt = " ".join(player["dealt"])
        raise IllegalAction(f"Keep exactly {LEADERS_KEPT} different leaders of the 4 you were dealt "
                            f"({dealt}).", "MOR-SETUP-13")
    wanted = SEAT_BONUS[seat]["resources"]
    if len(resources) != wanted:
        raise IllegalAction(
            f"Your seat starts with {wanted} resource{'s' if wanted != 1 else ''} of your choice "
            f"(coin, stone, servant, shield){', e.g. res:coin' if wanted else ''}.", "MOR-SETUP-17")
    player["hand"] = sorted(leaders, key=id_number)
    player["dealt"] = []  # MOR-SETUP-15: the other two go back to the box, unseen
    player["ready"] = True
    layout, discard = best_layout(player, counts_of(resources))
    assert not discard  # at most 2 starting resources always fit (MOR-SETUP-19)
    apply_layout(player, layout)
    text = f"{{p{seat}}} kept {LEADERS_KEPT} leaders"
    if resources:
        text += f" and took {describe(counts_of(resources))}"
    events = [{"type": "keep", "text": text + "."}]
    if all(p["ready"] for p in state["seats"]):
        state["phase"] = "play"
        state["turn"] = {"seat": 0, "main": False, "pending": None, "number": 1}
        events.append({"type": "start", "text": "Setup is complete: {p0} takes the first turn."})
    return events


def _require_turn_free(state: dict[str, Any], what: str) -> None:
    if state["turn"]["pending"] is not None:
        raise IllegalAction(f"First place the resources you took from the market (or discard them) before "
                            f"you {what} (D-1).", "MOR-TURN-4")


def _require_main_free(state: dict[str, Any]) -> None:
    _require_turn_free(state, "do anything else")
    if state["turn"]["main"]:
        raise IllegalAction("You have already taken your main action this turn: you may play or discard "
                            "leaders, then 'end'.", "MOR-TURN-3")


def push_marble(state: dict[str, Any], line: str) -> None:
    """MOR-MARKET-5..7: rows take the slide marble at the right end, columns at the bottom."""
    kind, _, number = line.partition("-")
    index = int(number) - 1
    market = state["market"]
    grid, slide = market["grid"], market["slide"]
    if kind == "row":
        row = grid[index]
        market["slide"] = row[0]
        grid[index] = row[1:] + [slide]
    else:
        column = [grid[r][index] for r in range(MARKET_ROWS)]
        market["slide"] = column[0]
        for r, colour in enumerate(column[1:] + [slide]):
            grid[r][index] = colour


def _market(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    _require_main_free(state)
    player = _player(state, seat)
    line = action["line"]
    marbles = market_line(state, line)
    whites = marbles.count("white")
    options = white_resources(player)
    chosen = action.get("white")
    if chosen is None:
        if whites and len(options) > 1:
            raise IllegalAction(
                f"You have two white-marble leaders: say what each of the {whites} white marble"
                f"{'s' if whites > 1 else ''} becomes, e.g. '{line} white:{','.join([options[0]] * whites)}' "
                "(MOR-LEADER-16).", "MOR-LEADER-16")
        chosen = [options[0]] * whites if options else []  # MOR-LEADER-15, D-18: automatic
    else:
        if not options:
            raise IllegalAction("White marbles give you nothing: you have no white-marble leader in play "
                                "(MOR-COMP-3).", "MOR-LEADER-15")
        if len(chosen) != whites or any(r not in options for r in chosen):
            raise IllegalAction(
                f"That line has {whites} white marble{'s' if whites != 1 else ''}; each becomes one of: "
                f"{', '.join(options)} (MOR-LEADER-16).", "MOR-LEADER-16")
    gained: dict[str, int] = counts_of(list(chosen))
    faith = 0
    for colour in marbles:  # MOR-MARKET-3/4: the slide marble gives nothing
        gives = MARBLE_GIVES[colour]
        if gives == "faith":
            faith += 1
        elif gives is not None:
            gained[gives] = gained.get(gives, 0) + 1
    push_marble(state, line)
    state["turn"]["main"] = True
    events = [{"type": "market",
               "text": f"{{p{seat}}} took {line}: {describe(add_counts(gained, {'faith': faith}))}."}]
    if faith:  # MOR-MARKET-8, D-4: the red marble is its own faith event, before storing
        events += faith_event(state, {seat: faith})
        if state["phase"] == "over":
            return events  # D-20: the solo game ended at the red marble; the rest is lost
    if gained:
        state["turn"]["pending"] = {"gained": gained}
    return events


def _place(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    """MOR-WAREHOUSE-6..10, D-3: store the market resources with any legal layout of old + new."""
    pending = state["turn"]["pending"]
    if pending is None:
        raise IllegalAction("There is nothing to place: 'place' follows a market action (MOR-WAREHOUSE-7).",
                            "MOR-WAREHOUSE-7")
    player = _player(state, seat)
    old = warehouse_totals(player)
    available = add_counts(old, pending["gained"])
    layout, discard = _chosen_layout(player, available, old, action)
    apply_layout(player, layout)
    state["turn"]["pending"] = None
    kept = sum(layout_totals(layout).values())
    dropped = sum(discard.values())
    text = f"{{p{seat}}} stored their resources ({kept} in the warehouse)"
    if dropped:
        text += f" and discarded {describe(discard)}"
    events = [{"type": "place", "text": text + "."}]
    if dropped:  # MOR-WAREHOUSE-9, MOR-SOLO-13: every other player (or Lorenzo) gains 1 per unit
        others = {s: dropped for s in range(state["players"]) if s != seat}
        who = "Lorenzo's black cross moves" if state["solo"] is not None else "every other player gains"
        events.append({"type": "discard_faith", "text": f"{who} {dropped} faith."})
        events += faith_event(state, others, cross=dropped if state["solo"] is not None else 0)
    return events


def _chosen_layout(player: dict[str, Any], available: dict[str, int], old: dict[str, int],
                   action: dict[str, Any]) -> tuple[dict[str, list[str]], dict[str, int]]:
    """The layout and discard a ``place`` asks for; the depot rules are checked when it is applied."""
    discard_given = action.get("discard")
    discard_counts = counts_of(discard_given or [])
    if "layout" not in action:
        if discard_given is None:
            return best_layout(player, available, keep_first=old)
        rest = {r: n - discard_counts.get(r, 0) for r, n in available.items()}
        if any(n < 0 for n in rest.values()) or any(r not in available for r in discard_counts):
            raise IllegalAction(f"You cannot discard {describe(discard_counts)}: you have "
                                f"{describe(available)} (MOR-WAREHOUSE-8).", "MOR-WAREHOUSE-8")
        layout, extra = best_layout(player, {r: n for r, n in rest.items() if n}, keep_first=old)
        if extra:
            raise IllegalAction(f"The rest does not fit in your warehouse: also discard {describe(extra)}, "
                                "or give a layout (MOR-WAREHOUSE-5).", "MOR-WAREHOUSE-5")
        return layout, discard_counts
    layout = action["layout"]
    stored = layout_totals(layout)
    remainder = {r: available.get(r, 0) - stored.get(r, 0) for r in set(available) | set(stored)}
    if any(n < 0 for n in remainder.values()):
        extra = {r: -n for r, n in remainder.items() if n < 0}
        raise IllegalAction(f"That layout stores {describe(extra)} more than you have (MOR-WAREHOUSE-7).",
                            "MOR-WAREHOUSE-7")
    remainder = {r: n for r, n in remainder.items() if n}
    if discard_given is not None and discard_counts != remainder:
        raise IllegalAction(f"With that layout you discard {describe(remainder)}, not "
                            f"{describe(discard_counts)} (MOR-WAREHOUSE-8).", "MOR-WAREHOUSE-8")
    return layout, remainder


def _arrange(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    """MOR-WAREHOUSE-6, MOR-TURN-5: move resources between depots, nothing gained or lost."""
    _require_turn_free(state, "rearrange")
    player = _player(state, seat)
    layout = action.get("layout")
    if layout is None or "discard" in action:
        raise IllegalAction("Give the new layout, e.g. 'arrange d1:shield d3:coin,coin'; discarding is "
                            "only possible while placing market resources (MOR-WAREHOUSE-8).",
                            "MOR-WAREHOUSE-8")
    if layout_totals(layout) != warehouse_totals(player):
        raise IllegalAction(f"A rearrangement must keep exactly what you have "
                            f"({describe(warehouse_totals(player))}) (MOR-WAREHOUSE-6).", "MOR-WAREHOUSE-6")
    apply_layout(player, layout)
    return [{"type": "arrange", "text": f"{{p{seat}}} rearranged their warehouse."}]


def _buy(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    _require_main_free(state)
    player = _player(state, seat)
    deck = action["deck"]
    card_id = top_card(state, deck)
    if card_id is None:
        raise IllegalAction(f"The {deck} deck is empty (MOR-BUY-14).", "MOR-BUY-14")
    slots = legal_slots(player, card_id)
    level = CARDS[card_id]["level"]
    slot_rule = f"MOR-BUY-{6 + level}"  # MOR-BUY-7..9: the slot rule of each level
    if not slots:
        need = "an empty slot" if level == 1 else f"a slot whose top card is level {'I' * (level - 1)}"
        raise IllegalAction(f"You have no slot for a level {'I' * level} card: it needs {need} "
                            f"({slot_rule}, MOR-BUY-10).", slot_rule)
    slot = action.get("slot", slots[0])
    if slot not in slots:
        raise IllegalAction(f"Slot {slot} cannot take that card; you may use slot "
                            f"{' or '.join(map(str, slots))} ({slot_rule}).", slot_rule)
    cost = discounted_cost(player, card_id)
    from_wh, from_sb = payment_plan(player, cost, action.get("pay"))
    pay(player, from_wh, from_sb)
    state["decks"][deck].pop(0)  # MOR-BUY-13/14
    player["slots"][slot - 1].append(card_id)
    state["turn"]["main"] = True
    events = [{"type": "buy", "text": f"{{p{seat}}} bought {card_id} ({deck}, {CARDS[card_id]['vp']} VP) "
                                      f"for {describe(cost)} into slot {slot}."}]
    if state["solo"] is not None:
        return events + check_solo_end(state)  # MOR-SOLO-22: checked as soon as it is placed
    if len(owned_cards(player)) >= END_CARDS and not state["end_triggered"]:
        state["end_triggered"] = True
        events.append({"type": "end_triggered", "text": f"{{p{seat}}} bought their {END_CARDS}th development "
                                                        "card: the game ends after this round."})
    return events


def production_totals(state: dict[str, Any], seat: int, action: dict[str, Any]) -> tuple[dict, dict, int]:
    """Validate the chosen powers (MOR-PROD-1..5, -10) and sum inputs, resource outputs, faith."""
    player = _player(state, seat)
    cards = action.get("cards", [])
    leaders = action.get("leaders", {})
    base = action.get("base")
    if not cards and not leaders and base is None:
        raise IllegalAction("Choose at least one production power (D-6).", "MOR-PROD-3")
    tops = [slot[-1] for slot in player["slots"] if slot]
    if len(set(cards)) != len(cards):
        raise IllegalAction("Each production power works once per action (MOR-PROD-3).", "MOR-PROD-3")
    powers: list[tuple[dict[str, int], dict[str, int]]] = []  # (input, output) of each chosen power
    for card_id in cards:
        if card_id not in tops:
            owned = card_id in owned_cards(player)
            raise IllegalAction(
                f"{card_id} is {'covered' if owned else 'not one of your cards'}: only the top card of "
                f"each of your slots produces ({', '.join(tops) or 'you have none'}) (MOR-PROD-2).",
                "MOR-PROD-2")
        powers.append((CARDS[card_id]["input"], CARDS[card_id]["output"]))
    for leader_id, choice in leaders.items():
        if leader_id not in played_leaders(player, "extra_production"):
            raise IllegalAction(f"{leader_id} is not a production leader you have in play (MOR-LEADER-17).",
                                "MOR-LEADER-17")
        leader = LEADERS[leader_id]
        powers.append((leader["input"], add_counts(leader["output"], {choice: 1})))
    if base is not None:
        if len(base["in"]) != BASE_INPUTS:
            raise IllegalAction("The base production turns 2 resources into 1 resource of your choice (not "
                                "faith), e.g. base:coin+stone>shield (MOR-PROD-4, D-7).", "MOR-PROD-4")
        powers.append((counts_of(base["in"]), {base["out"]: 1}))
    inputs: dict[str, int] = {}
    outputs: dict[str, int] = {}
    for power_input, power_output in powers:
        inputs = add_counts(inputs, power_input)
        outputs = add_counts(outputs, power_output)
    faith = outputs.pop("faith", 0)
    return inputs, outputs, faith


def _produce(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    _require_main_free(state)
    player = _player(state, seat)
    inputs, outputs, faith = production_totals(state, seat, action)
    # MOR-PROD-6: inputs come from what is held now; outputs cannot pay them
    from_wh, from_sb = payment_plan(player, inputs, action.get("pay"), PRODUCING)
    pay(player, from_wh, from_sb)
    for r, n in outputs.items():  # MOR-PROD-8
        player["strongbox"][r] += n
    state["turn"]["main"] = True
    events = [{"type": "produce", "text": f"{{p{seat}}} produced: paid {describe(inputs)}, gained "
                                          f"{describe(add_counts(outputs, {'faith': faith}))}."}]
    if faith:  # MOR-PROD-9: one faith event
        events += faith_event(state, {seat: faith})
    return events


def _leader(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    _require_turn_free(state, "use a leader")
    player = _player(state, seat)
    leader_id, op = action.get("leader"), action.get("op")
    if leader_id not in player["hand"]:
        where = "already in play" if leader_id in player["played"] else "not in your hand"
        raise IllegalAction(f"Leader {leader_id} is {where}: only leaders in your hand can be played or "
                            "discarded (MOR-LEADER-4, MOR-LEADER-10).", "MOR-LEADER-10")
    if op == "discard":  # MOR-LEADER-4: its identity stays hidden (D-16)
        player["hand"].remove(leader_id)
        events = [{"type": "leader_discard", "text": f"{{p{seat}}} discarded a leader and gains 1 faith."}]
        return events + faith_event(state, {seat: 1})
    if not requirement_met(player, leader_id):  # MOR-LEADER-5..8, checked, never paid
        rule = "MOR-LEADER-7" if "cards" in LEADERS[leader_id]["requires"] else "MOR-LEADER-8"
        raise IllegalAction(f"You cannot play {leader_id} yet: it requires {describe_requirement(leader_id)} "
                            f"({rule}).", rule)
    player["hand"].remove(leader_id)
    player["played"].append(leader_id)
    leader = LEADERS[leader_id]
    if leader["ability"] == "extra_depot":
        player["leader_depots"][leader_id] = 0
    return [{"type": "leader_play", "text": f"{{p{seat}}} played leader {leader_id} "
                                            f"({leader['ability'].replace('_', ' ')}: {leader['resource']}, "
                                            f"{leader['vp']} VP)."}]


def _end(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    """MOR-TURN-6: the turn ends on request once the main action is done."""
    turn = state["turn"]
    _require_turn_free(state, "end your turn")
    if not turn["main"]:
        raise IllegalAction("You must take one main action first: market, buy or produce (MOR-TURN-3).",
                            "MOR-TURN-3")
    events = [{"type": "end_turn", "text": f"{{p{seat}}} ended their turn."}]
    if state["solo"] is not None:
        events += reveal_token(state)  # MOR-SOLO-8
        if state["phase"] == "over":
            return events
        state["turn"] = {"seat": 0, "main": False, "pending": None, "number": turn["number"] + 1}
        return events
    last_seat = state["players"] - 1
    if state["end_triggered"] and seat == last_seat:  # MOR-END-3/4, D-11
        state["phase"] = "over"
        events.append({"type": "game_over", "text": "The last round is complete: the game is over."})
        return events
    next_seat = (seat + 1) % state["players"]
    state["turn"] = {"seat": next_seat, "main": False, "pending": None,
                     "number": turn["number"] + (1 if next_seat == 0 else 0)}
    return events


def reveal_token(state: dict[str, Any]) -> Events:
    """Reveal and apply Lorenzo's top token (MOR-SOLO-8..11)."""
    solo = state["solo"]
    token_id = solo["stack"].pop(0)
    solo["revealed"].append(token_id)
    solo["last_token"] = token_id
    token = TOKENS[token_id]
    if token["effect"] == "discard":  # MOR-SOLO-9
        removed = []
        decks = [f"{token['colour']}-{lvl}" for lvl in LEVELS]  # lowest level first
        for _ in range(token["count"]):
            deck = next((d for d in decks if state["decks"][d]), None)
            if deck is None:
                break
            removed.append(state["decks"][deck].pop(0))
        state["removed"] += removed
        events = [{"type": "token", "text": f"Lorenzo discards {len(removed)} {token['colour']} card"
                                            f"{'s' if len(removed) != 1 else ''}"
                                            f"{' (' + ', '.join(removed) + ')' if removed else ''}."}]
        return events + check_solo_end(state)
    events = [{"type": "token", "text": f"Lorenzo's black cross moves {token['spaces']} space"
                                        f"{'s' if token['spaces'] > 1 else ''}"
                                        f"{' and his tokens are reshuffled' if token['reshuffle'] else ''}."}]
    events += faith_event(state, {}, cross=token["spaces"])  # MOR-SOLO-10/12
    if token["reshuffle"] and state["phase"] != "over":  # MOR-SOLO-11
        stack = list(TOKENS)
        Rng(state).shuffle(stack)
        solo["stack"], solo["revealed"] = stack, []
    return events


_HANDLERS = {
    "keep": _keep, "market": _market, "place": _place, "arrange": _arrange, "buy": _buy,
    "produce": _produce, "leader": _leader, "end": _end,
}

__all__ = ["MastersOfRenaissance", "production_totals", "push_marble", "reveal_token"]
