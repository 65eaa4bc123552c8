"""The Opera Magna engine on the project's game contract.

Phases of ``state["phase"]``: ``draft`` (the starting snake draft of buildings), then per turn
``merchant`` (phase 1), ``activate`` (phase 2, only while the player has something to do before
paying), ``refined`` (phase 3), ``build`` and ``market`` (phase 4 steps 1 and 2), and ``over``.
Choices inside an effect ("gain 2 raw goods of your choice") are pending decisions in
``state["pending"]``, answered by the same seat; a decision with one possible answer resolves itself.
"""

from __future__ import annotations

import re
from itertools import combinations_with_replacement
from typing import Any

from ..core import Game, IllegalAction, OptionSpec, Rng, make_result, seed_state
from . import rules as R
from .data import DATA, GOOD_NAMES, RAW, RAW_OF, REFINED, REFINED_OF, SIDES, SIZES

AREAS = ("cost", "gain")
AREA_NAMES = {"cost": "costs", "gain": "benefits"}
TURN_PHASES = ("activate", "refined", "build", "market")


def area_code(city: str, area: str) -> str:
    return f"{city}:{area}"


def split_area(code: str) -> tuple[str, str]:
    city, _, area = code.partition(":")
    return city, area


def area_label(code: str) -> str:
    city, area = split_area(code)
    return f"{DATA.cities[city]['name']} ({AREA_NAMES[area]})"


def _event(kind: str, text: str) -> dict[str, str]:
    return {"type": kind, "text": text}


class OperaMagna(Game):
    """Opera Magna for 2 to 4 players, 9 rounds, with the provisional data set PDS-0."""

    # ------------------------------------------------------------------ setup
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> dict:
        state: dict[str, Any] = {"rng": seed_state(seed), "options": options, "phase": "draft"}
        rng = Rng(state)
        rules = DATA.rules
        boards = sorted(DATA.boards)
        rng.shuffle(boards)
        hand1 = list(DATA.trade_groups["hand1"])
        hand2 = list(DATA.trade_groups["hand2"])
        rng.shuffle(hand1)
        rng.shuffle(hand2)
        seats = []
        for seat in range(players):
            board = DATA.boards[boards[seat]]
            hand = [hand1.pop() for _ in range(rules["hand_deal"]["hand1"])]
            hand += [hand2.pop() for _ in range(rules["hand_deal"]["hand2"])]
            seats.append({
                "seat": seat, "board": board["id"], "colour": board["colour"],
                "raw": dict.fromkeys(RAW, rules["raw_start"]),
                "cert": dict.fromkeys(RAW, rules["certificate_start"]),
                "refined": dict.fromkeys(REFINED, 0),
                "vp": rules["start_vp"], "hand": hand, "building": [],
                "slots": {side: {size: [] for size in SIZES} for side in SIDES},
                "merchants": [], "supply": rules["tokens_per_player"] - len(RAW),
            })
        cities = {}
        for city_id in DATA.city_order:
            cities[city_id] = {"cost": [], "gain": []}
        for deck_name in ("city1", "city2", "city3"):
            deck = list(DATA.trade_groups[deck_name])
            rng.shuffle(deck)
            for city_id in DATA.city_order:
                for area in AREAS:
                    cities[city_id][area].append(deck.pop())
        for city_id in DATA.city_order:
            tokens = sorted(a for a, ab in DATA.abilities.items() if ab["city"] == city_id)
            cities[city_id]["ability"] = rng.choice(tokens)
            cost_positions = DATA.cities[city_id]["cost_area_positions"]
            for player in seats:
                area = "cost" if player["seat"] + 1 in cost_positions else "gain"
                player["merchants"].append(area_code(city_id, area))
        removals = rules["market_removals"][str(players)]
        groups = {}
        for name in ("A", "B", "C"):
            deck = list(DATA.trade_groups[name])
            rng.shuffle(deck)
            groups[name] = deck[removals[name]:]
        stack = groups["A"] + groups["B"]
        market = [stack.pop(0) for _ in DATA.rules["market_prices"]]
        per_stack = len(groups["C"]) // rules["c_stacks"]
        c_stacks = [groups["C"][i * per_stack:(i + 1) * per_stack] for i in range(rules["c_stacks"])]
        opera = []
        for level in (1, 2, 3):
            tokens = sorted(t for t, tok in DATA.worksites.items() if tok["level"] == level)
            rng.shuffle(tokens)
            opera.append([{"token": t, "face": "AB"[rng.below(2)], "by": []} for t in tokens])
        building_decks = {}
        for size in SIZES:
            deck = sorted(c for c, card in DATA.buildings.items() if card["size"] == size)
            rng.shuffle(deck)
            building_decks[size] = deck
        draft_pool = [building_decks["small"].pop() for _ in range(players)]
        draft_pool += [building_decks["medium"].pop() for _ in range(players)]
        state.update({
            "seats": seats, "cities": cities, "discard": [], "market": market,
            "decks": [stack] + c_stacks, "building_decks": building_decks, "display": draft_pool,
            "opera": opera, "round": 0, "active": 0, "final_round": None,
            "draft_order": list(range(players)) + list(reversed(range(players))),
            "pending": [], "turn": self._fresh_turn(),
        })
        return state

    @staticmethod
    def _fresh_turn() -> dict[str, Any]:
        return {"moved_to": None, "ability": False, "ability_used": False,
                "conversions": [], "effects": [], "deliveries": 0, "triggered": [],
                "shield_used": False}

    # ---------------------------------------------------------------- queries
    def actors(self, state: dict) -> set[int]:
        if state["phase"] == "over":
            return set()
        if state["phase"] == "draft":
            return {state["draft_order"][0]}
        return {state["active"]}

    def result(self, state: dict) -> dict[str, Any] | None:
        if state["phase"] != "over":
            return None
        breakdowns = [R.score(state, p) for p in state["seats"]]
        totals = [sum(b.values()) for b in breakdowns]
        ties = [R.tiebreak(state, p) for p in state["seats"]]
        return make_result(totals, breakdowns, ties, {"tiebreak_keys": [
            "worksite tokens", "level-3 worksite tokens", "level-2 worksite tokens", "raw goods"]})

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        if seat not in self.actors(state):
            return []
        phase = state["phase"]
        player = state["seats"][seat]
        if phase == "draft":
            return [{"type": "draft", "card": c} for c in sorted(state["display"])]
        if state["pending"]:
            return R.pending_answers(state, player)
        if phase == "merchant":
            return self._merchant_moves(player)
        actions: list[dict] = []
        if phase == "activate":
            explicit = [self._pay_action(o) for o in self._payment_options(state, player)]
            actions += [{"type": "pay"}] + [a for a in explicit if len(a) > 1]
        if phase == "refined":
            actions += self._build_actions(player)
            actions += self._delivery_actions(state, player)
            for good in REFINED:
                count = player["refined"][good]
                actions += [{"type": "convert", "goods": good * n} for n in sorted({1, count}) if count]
            actions.append({"type": "done"})
        if phase == "build":
            actions += [{"type": "pick", "card": c} for c in sorted(state["display"])]
        if phase == "market":
            actions += self._buy_actions(state, player)
        actions += self._free_actions(state, player)
        return actions

    def _merchant_moves(self, player: dict) -> list[dict]:
        targets = [area_code(c, a) for c in DATA.city_order for a in AREAS
                   if area_code(c, a) not in player["merchants"]]
        cards = sorted(set(player["hand"])) or [None]
        moves = []
        for origin in player["merchants"]:
            for target in targets:
                for card in cards:
                    move = {"type": "move", "from": origin, "to": target}
                    if card:
                        move["card"] = card
                    moves.append(move)
        return moves

    def _payment_options(self, state: dict, player: dict) -> list[dict]:
        city, _ = split_area(state["turn"]["moved_to"])
        return R.payment_options(state, player, city, self._bazaar_discount(state))

    @staticmethod
    def _pay_action(option: dict) -> dict:
        action: dict[str, Any] = {"type": "pay"}
        if option["wild"]:
            action["wild"] = option["wild"]
        if option["shield"]:
            action["shield"] = option["shield"]
        return action

    @staticmethod
    def _bazaar_discount(state: dict) -> int:
        """CON-1 is applied automatically to the activation payment (its only use; U-01)."""
        turn = state["turn"]
        city, _ = split_area(turn["moved_to"])
        ability = DATA.abilities[state["cities"][city]["ability"]]
        if turn["ability"] and not turn["ability_used"]:
            return sum(op["n"] for op in ability["ops"] if op["op"] == "discount")
        return 0

    def _build_actions(self, player: dict) -> list[dict]:
        actions = []
        for building in player["building"]:
            card = DATA.buildings[building["id"]]
            missing = self._missing(card["cost"], building["covered"])
            placeable = [g for g in REFINED if missing.count(g) and player["refined"][g]]
            fill = "".join(g * min(missing.count(g), player["refined"][g]) for g in REFINED)
            variants = [g for g in placeable] + ([fill] if len(fill) > 1 else [])
            for goods in variants:
                action = {"type": "build", "card": card["id"], "goods": goods}
                if len(goods) == len(missing):
                    actions += [dict(action, side=side) for side in SIDES]
                else:
                    actions.append(action)
        return actions

    @staticmethod
    def _missing(cost: str, covered: str) -> str:
        missing = list(cost)
        for good in covered:
            missing.remove(good)
        return "".join(missing)

    def _delivery_actions(self, state: dict, player: dict) -> list[dict]:
        return [{"type": "deliver", "site": f"{level + 1}.{column + 1}"}
                for level, row in enumerate(state["opera"]) for column in range(len(row))
                if self._delivery_refusal(state, player, level, column) is None]

    def _buy_actions(self, state: dict, player: dict) -> list[dict]:
        actions = []
        held = [g for g in RAW if player["raw"][g]]
        for slot, card in enumerate(state["market"]):
            price = DATA.rules["market_prices"][slot]
            if card is None or price > sum(player["raw"].values()):
                continue
            if price == 0:
                actions.append({"type": "buy", "slot": slot})
                continue
            for combo in combinations_with_replacement(held, price):
                if all(combo.count(g) <= player["raw"][g] for g in held):
                    actions.append({"type": "buy", "slot": slot, "pay": "".join(combo)})
        return actions

    def _free_actions(self, state: dict, player: dict) -> list[dict]:
        """Once-per-turn uses allowed between steps from phase 2 to the end of the turn."""
        actions = []
        if self._ability_refusal(state, player) is None:
            actions.append({"type": "ability"})
        for card in R.right_side(player):
            if self._effect_refusal(state, player, card["id"]) is None:
                actions.append({"type": "use", "card": card["id"]})
        for size in SIZES:
            if self._refine_refusal(state, player, size) is None:
                actions.append({"type": "refine", "slot": size})
        return actions

    # ---------------------------------------------------------------- refusals
    def _ability_refusal(self, state: dict, player: dict) -> str | None:
        turn = state["turn"]
        if not turn["ability"]:
            return "You have no merchant in the cost area of the city you activated (OM-CITY-7)."
        if turn["ability_used"]:
            return "You have already used the city ability this turn (OM-CITY-8)."
        city, _ = split_area(turn["moved_to"])
        ability = DATA.abilities[state["cities"][city]["ability"]]
        if any(op["op"] == "discount" for op in ability["ops"]):
            return f"{ability['name']} applies by itself to this turn's payment (U-01)."
        reason = R.ops_need_raw(ability["ops"], player)
        if reason:
            return f"You cannot use {ability['name']}: {reason} (OM-CITY-8)."
        return None

    def _effect_refusal(self, state: dict, player: dict, card_id: str) -> str | None:
        card = DATA.buildings.get(card_id)
        if card is None or card_id not in [c["id"] for c in R.right_side(player)]:
            return f"You have no building {card_id} on the right side of your workshop (OM-WORKSHOP-4)."
        if card["effect"]["trigger"] != "TURN":
            return f"{card_id} has no effect you can use at will (U-03)."
        if card_id in state["turn"]["effects"]:
            return f"You have already used {card_id} this turn (OM-FLOW-5)."
        reason = R.ops_need_raw(card["effect"]["ops"], player)
        if reason:
            return f"You cannot use {card_id}: {reason} (Q-25)."
        return None

    def _refine_refusal(self, state: dict, player: dict, size: str) -> str | None:
        if size not in SIZES:
            return f"There is no {size} slot (OM-COMP-4)."
        if not player["slots"]["left"][size]:
            return f"Your left {size} slot holds no building, so its conversion is locked (OM-WORKSHOP-2)."
        if size in state["turn"]["conversions"]:
            return f"You have already used the left {size} conversion this turn (OM-WORKSHOP-5)."
        good = DATA.boards[player["board"]]["conversions"][size]
        if player["raw"][good] < 1:
            return f"The left {size} conversion spends 1 {GOOD_NAMES[good]} and you have none (OM-WORKSHOP-6)."
        return None

    def _delivery_refusal(self, state: dict, player: dict, level: int, column: int) -> str | None:
        site = state["opera"][level][column]
        needed = DATA.worksites[site["token"]]["requires"]
        name = f"worksite {level + 1}.{column + 1}"
        if player["refined"][needed] < 1:
            return f"{name} needs a {GOOD_NAMES[needed]} and you have none on your refined spaces (OM-OPERA-4)."
        certificate = R.level_of(state, player["cert"][RAW_OF[needed]])
        if certificate < level + 1:
            return (f"{name} needs a level-{level + 1} {GOOD_NAMES[needed]} certificate; "
                    f"yours is level {certificate} (OM-OPERA-4).")
        if player["seat"] in site["by"]:
            return f"You have already delivered to {name} (OM-OPERA-4, OM-OPERA-6)."
        for lower in range(level):
            if not state["opera"][lower][column]["by"]:
                return (f"{name} needs a token on the level-{lower + 1} worksite below it first "
                        f"(OM-OPERA-4).")
        carts = R.carts(player)
        if state["turn"]["deliveries"] >= carts:
            if carts == 0:
                return "You have no cart: occupy a right slot of your workshop first (OM-OPERA-3)."
            return "You have used every cart this turn (OM-OPERA-3)."
        return None

    # ------------------------------------------------------------------ apply
    def _apply(self, state: dict, seat: int, action: dict) -> list[dict]:
        player = state["seats"][seat]
        kind = action["type"]
        phase = state["phase"]
        if phase == "draft":
            self._expect(kind, ("draft",), "Pick one of the revealed buildings: draft <card>.", "OM-SETUP-35")
            return self._draft(state, player, action)
        if state["pending"]:
            self._expect(kind, ("take", "certify", "spend"),
                         f"Finish this choice first. {self.prompt(state, seat)}", "OM-FLOW-3")
            events = R.answer_pending(state, player, action)
            return events + self._after(state, player)
        handlers = {
            "move": ("merchant",), "pay": ("activate",), "build": ("refined",),
            "deliver": ("refined",), "convert": ("refined",), "done": ("refined",),
            "pick": ("build",), "buy": ("market",), "ability": TURN_PHASES, "use": TURN_PHASES,
            "refine": TURN_PHASES,
        }
        if kind not in handlers:
            raise IllegalAction("That is not a move of this game.", "CORE-NOTATION")
        if phase not in handlers[kind]:
            raise IllegalAction(f"You cannot {kind} now: {self.prompt(state, seat)}", self._phase_rule(phase))
        events = getattr(self, f"_do_{kind}")(state, player, action)
        return events + self._after(state, player)

    @staticmethod
    def _expect(kind: str, allowed: tuple[str, ...], message: str, rule: str) -> None:
        if kind not in allowed:
            raise IllegalAction(message, rule)

    @staticmethod
    def _phase_rule(phase: str) -> str:
        return {"merchant": "OM-MERCHANT-2", "activate": "OM-CITY-2", "refined": "OM-REFINED-1",
                "build": "OM-ENDTURN-3", "market": "OM-ENDTURN-8"}.get(phase, "OM-FLOW-3")

    def _after(self, state: dict, player: dict) -> list[dict]:
        events = R.settle_forced(state, player)
        if not state["pending"] and state["phase"] == "activate" and not self._activation_choices(state, player):
            events += self._pay(state, player, None)
            events += R.settle_forced(state, player)
        return events

    # ----------------------------------------------------------------- draft
    def _draft(self, state: dict, player: dict, action: dict) -> list[dict]:
        card = action.get("card")
        if card not in state["display"]:
            raise IllegalAction(f"{card} is not among the revealed buildings: "
                                f"{', '.join(sorted(state['display']))} (OM-SETUP-35).", "OM-SETUP-35")
        state["display"].remove(card)
        player["building"].append({"id": card, "covered": ""})
        state["draft_order"].pop(0)
        events = [_event("draft", f"{{p{player['seat']}}} drafts {card}.")]
        if not state["draft_order"]:
            for size in SIZES:
                for _ in range(DATA.rules["display_per_size"]):
                    self._reveal(state, size)
            state["round"] = 1
            state["phase"] = "merchant"
            events.append(_event("round", "Round 1 begins."))
        return events

    # -------------------------------------------------------------- phase 1
    def _do_move(self, state: dict, player: dict, action: dict) -> list[dict]:
        origin, target, card = action.get("from"), action.get("to"), action.get("card")
        if origin not in player["merchants"]:
            raise IllegalAction(f"You have no merchant in {origin} (OM-MERCHANT-2).", "OM-MERCHANT-2")
        city, area = split_area(str(target))
        if city not in DATA.cities or area not in AREAS:
            raise IllegalAction(f"There is no city area {target} (OM-MERCHANT-1).", "OM-MERCHANT-1")
        if target in player["merchants"]:
            raise IllegalAction(f"You already have a merchant in {area_label(target)}: move to an area "
                                "with none of your merchants (OM-MERCHANT-2).", "OM-MERCHANT-2")
        if player["hand"] and card not in player["hand"]:
            raise IllegalAction(f"{card} is not in your hand (OM-MERCHANT-6).", "OM-MERCHANT-6")
        if not player["hand"] and card is not None:
            raise IllegalAction("Your hand is empty (OM-MERCHANT-9).", "OM-MERCHANT-9")
        player["merchants"][player["merchants"].index(origin)] = target
        row = state["cities"][city][area]
        state["discard"].append(row.pop(0))
        if card:
            player["hand"].remove(card)
        row.append(card)
        turn = state["turn"]
        turn["moved_to"] = target
        turn["ability"] = area_code(city, "cost") in player["merchants"]
        state["phase"] = "activate"
        half = DATA.trade[card]["cost" if area == "cost" else "benefit"] if card else "nothing"
        return [_event("move", f"{{p{player['seat']}}} moves a merchant from {area_label(origin)} to "
                               f"{area_label(target)} and plays {card or 'no card'} ({half}).")]

    # -------------------------------------------------------------- phase 2
    def _activation_choices(self, state: dict, player: dict) -> bool:
        """Whether the player has anything to decide before the payment (else it happens at once)."""
        if len(self._payment_options(state, player)) > 1:
            return True
        return bool(self._free_actions(state, player))

    def _do_pay(self, state: dict, player: dict, action: dict) -> list[dict]:
        return self._pay(state, player, action)

    def _pay(self, state: dict, player: dict, action: dict | None) -> list[dict]:
        options = self._payment_options(state, player)
        explicit = action is not None and ("wild" in action or "shield" in action)
        if explicit:
            wanted = (action.get("wild", ""), action.get("shield"))
            chosen = next((o for o in options if (o["wild"], o["shield"]) == wanted), None)
            if chosen is None:
                chosen = self._explicit_payment(state, player, action, options)
        else:
            chosen = options[0]
        turn = state["turn"]
        if self._bazaar_discount(state):
            turn["ability_used"] = True
        if chosen["shield"]:
            turn["shield_used"] = True
        plan = chosen["plan"]
        R.apply_payment(player, plan)
        seat = player["seat"]
        city, _ = split_area(turn["moved_to"])
        paid = "".join(g * plan["raw"][g] for g in RAW) or "no raw goods"
        text = f"{{p{seat}}} activates {DATA.cities[city]['name']}, paying {paid}"
        certs = "".join(g * plan["cert"][g] for g in RAW)
        if certs:
            text += f", certificates {certs}"
        if plan["vp"]:
            text += f", {plan['vp']} VP"
        events = [_event("pay", text + ".")]
        gained = ""
        for card in state["cities"][city]["gain"]:
            if not card:
                continue
            for good in DATA.trade[card]["benefit"]:
                if good in RAW:
                    R.gain_raw(state, player, good)
                else:
                    R.gain_refined(state, player, good)
                gained += good
        events.append(_event("gain", f"{{p{seat}}} gains {gained or 'nothing'}."))
        state["phase"] = "refined"
        events += R.fire_triggers(state, player, "ON-ACTIVATE")
        return events

    def _explicit_payment(self, state: dict, player: dict, action: dict, options: list[dict]) -> dict:
        """A legal wild assignment that is not in the canonical list (same outcome as one that is)."""
        wild, shield = str(action.get("wild", "")), action.get("shield")
        city, _ = split_area(state["turn"]["moved_to"])
        cost = R.gross_cost(state, city)
        fixed, wild_count = R.fixed_discounts(player)
        wild_count += self._bazaar_discount(state)
        if len(wild) > wild_count or any(g not in RAW for g in wild):
            raise IllegalAction(f"You have {wild_count} wild discount(s) to assign to raw types "
                                f"(L, W, M, S) (OM-PAY-2).", "OM-PAY-2")
        net = {g: max(0, cost[g] - fixed[g] - wild.count(g)) for g in RAW}
        if shield is not None and shield not in [o["shield"] for o in options if o["shield"]]:
            raise IllegalAction("SHIELD can only protect a type whose payment moves a certificate "
                                "(U-05 M09).", "OM-PAY-10")
        if shield is not None and shield not in R.certificate_step_types(player, net):
            raise IllegalAction(f"With that assignment no {shield} unit moves a certificate "
                                "(U-05 M09).", "OM-PAY-10")
        return {"wild": wild, "shield": shield, "plan": R.settle_payment(player, net, shield)}

    # -------------------------------------------------------------- phase 3
    def _do_build(self, state: dict, player: dict, action: dict) -> list[dict]:
        card_id, goods, side = action.get("card"), str(action.get("goods", "")), action.get("side")
        building = next((b for b in player["building"] if b["id"] == card_id), None)
        if building is None:
            raise IllegalAction(f"{card_id} is not one of your buildings under construction (OM-BUILD-3).",
                                "OM-BUILD-3")
        card = DATA.buildings[card_id]
        missing = self._missing(card["cost"], building["covered"])
        if not goods or any(g not in REFINED for g in goods):
            raise IllegalAction("Name the refined goods to place, e.g. build S01 bb (OM-BUILD-3).",
                                "OM-BUILD-3")
        for good in set(goods):
            if goods.count(good) > missing.count(good):
                raise IllegalAction(f"{card_id} has {missing.count(good)} uncovered {GOOD_NAMES[good]} "
                                    f"icon(s) left; a good covers only its own icon (OM-BUILD-3).",
                                    "OM-BUILD-3")
            if goods.count(good) > player["refined"][good]:
                raise IllegalAction(f"You have {player['refined'][good]} {GOOD_NAMES[good]} on your "
                                    "refined spaces (OM-BUILD-3).", "OM-BUILD-3")
        completes = len(goods) == len(missing)
        if completes and side not in SIDES:
            raise IllegalAction(f"This completes {card_id}: say left or right (OM-BUILD-7).", "OM-BUILD-7")
        if not completes and side is not None:
            raise IllegalAction(f"{card_id} is not complete yet, so it has no side (OM-BUILD-6).",
                                "OM-BUILD-6")
        for good in goods:
            player["refined"][good] -= 1
        building["covered"] += goods
        seat = player["seat"]
        events = [_event("build", f"{{p{seat}}} places {goods} on {card_id}.")]
        if completes:
            events += self._complete(state, player, building, side)
        return events

    def _complete(self, state: dict, player: dict, building: dict, side: str) -> list[dict]:
        card = DATA.buildings[building["id"]]
        player["building"].remove(building)
        player["supply"] += len(building["covered"])
        slot = player["slots"][side][card["size"]]
        unlocks = not slot
        slot.append(card["id"])
        feature = ("a conversion" if side == "left" else "a cart") if unlocks else "nothing new"
        events = [_event("complete", f"{{p{player['seat']}}} completes {card['id']} and places it in the "
                                     f"{side} {card['size']} slot (unlocks {feature}).")]
        if side == "right" and card["effect"]["trigger"] == "IMM":
            events += R.run_ops(state, player, card["effect"]["ops"], card["id"])
        events += R.fire_triggers(state, player, "ON-COMPLETE", exclude=card["id"])
        return events

    def _do_deliver(self, state: dict, player: dict, action: dict) -> list[dict]:
        match = re.fullmatch(r"([1-3])\.([1-9])", str(action.get("site", "")))
        columns = DATA.worksite_columns
        if not match or int(match.group(2)) > columns:
            raise IllegalAction(f"Name a worksite as level.column, e.g. 2.3 (levels 1-3, columns 1-{columns}).",
                                "OM-OPERA-1")
        level, column = int(match.group(1)) - 1, int(match.group(2)) - 1
        reason = self._delivery_refusal(state, player, level, column)
        if reason:
            raise IllegalAction(reason, "OM-OPERA-4")
        site = state["opera"][level][column]
        token = DATA.worksites[site["token"]]
        good = token["requires"]
        player["refined"][good] -= 1
        first = not site["by"]
        site["by"].append(player["seat"])
        state["turn"]["deliveries"] += 1
        events = [_event("deliver", f"{{p{player['seat']}}} delivers {good} to worksite {action['site']}.")]
        if first:
            effect = token["faces"][site["face"]]
            events += R.run_ops(state, player, DATA.worksite_effects[effect], f"worksite {action['site']} {effect}")
        events += R.fire_triggers(state, player, "ON-DELIVER", level=level + 1)
        return events

    def _do_convert(self, state: dict, player: dict, action: dict) -> list[dict]:
        goods = str(action.get("goods", ""))
        if not goods or any(g not in REFINED for g in goods):
            raise IllegalAction("Name refined goods to convert, e.g. convert bb (OM-CONVERT-1).", "OM-CONVERT-1")
        for good in set(goods):
            if goods.count(good) > player["refined"][good]:
                raise IllegalAction(f"You have {player['refined'][good]} {GOOD_NAMES[good]} on your refined "
                                    "spaces (OM-CONVERT-3).", "OM-CONVERT-3")
        for good in goods:
            player["refined"][good] -= 1
            player["supply"] += 1
            R.gain_raw(state, player, RAW_OF[good])
        raws = "".join(RAW_OF[g] for g in goods)
        return [_event("convert", f"{{p{player['seat']}}} converts {goods} into {raws}.")]

    def _do_done(self, state: dict, player: dict, action: dict) -> list[dict]:
        left = sum(player["refined"].values())
        player["supply"] += left
        player["refined"] = dict.fromkeys(REFINED, 0)
        events = [_event("discard", f"{{p{player['seat']}}} ends phase 3, discarding {left} refined good(s).")]
        if state["final_round"] == state["round"]:
            return events + self._end_turn(state)
        state["phase"] = "build"
        return events + self._advance_phase_four(state, player)

    # -------------------------------------------------------------- phase 4
    def _needs_building(self, state: dict, player: dict) -> bool:
        return len(player["building"]) < DATA.rules["max_under_construction"] and bool(state["display"])

    def _advance_phase_four(self, state: dict, player: dict) -> list[dict]:
        if state["phase"] == "build" and not self._needs_building(state, player):
            state["phase"] = "market"
        if state["phase"] == "market" and not any(state["market"]):
            return self._end_turn(state)
        return []

    def _do_pick(self, state: dict, player: dict, action: dict) -> list[dict]:
        card = action.get("card")
        if card not in state["display"]:
            raise IllegalAction(f"{card} is not in the building display: {', '.join(sorted(state['display']))} "
                                "(OM-ENDTURN-3).", "OM-ENDTURN-3")
        state["display"].remove(card)
        player["building"].append({"id": card, "covered": ""})
        events = [_event("pick", f"{{p{player['seat']}}} takes building {card}.")]
        revealed = self._reveal(state, DATA.buildings[card]["size"])
        if revealed:
            events.append(_event("reveal", f"{revealed} is revealed in the building display."))
        return events + self._advance_phase_four(state, player)

    def _reveal(self, state: dict, size: str) -> str | None:
        """The replacement display card: same size, else larger, else smaller (OM-ENDTURN-5, Q-17)."""
        index = SIZES.index(size)
        order = list(SIZES[index:]) + list(reversed(SIZES[:index]))
        for deck_size in order:
            deck = state["building_decks"][deck_size]
            if deck:
                card = deck.pop()
                state["display"].append(card)
                return card
        return None

    def _do_buy(self, state: dict, player: dict, action: dict) -> list[dict]:
        slot = action.get("slot")
        prices = DATA.rules["market_prices"]
        if not isinstance(slot, int) or not 0 <= slot < len(prices) or state["market"][slot] is None:
            raise IllegalAction("Name a market space that holds a card: buy 0 (free) to buy 3 (OM-MARKET-1).",
                                "OM-MARKET-10")
        price = prices[slot]
        held = sum(player["raw"].values())
        if held < price:
            raise IllegalAction(
                f"You cannot afford that card: it costs {price} raw goods and you have {held}; the market "
                "takes no discounts, certificates or VP (OM-MARKET-3).", "OM-MARKET-3")
        pay = action.get("pay")
        if pay is None:
            pay = self._auto_market_payment(player, price)
        pay = str(pay)
        if len(pay) != price or any(g not in RAW for g in pay):
            raise IllegalAction(f"That card costs {price} raw good(s) of any type (OM-MARKET-2, OM-MARKET-4).",
                                "OM-MARKET-3")
        for good in set(pay):
            if pay.count(good) > player["raw"][good]:
                raise IllegalAction(
                    f"You name {pay.count(good)} {GOOD_NAMES[good]} and hold {player['raw'][good]}: pay with "
                    "raw goods you hold (OM-MARKET-3).", "OM-MARKET-3")
        for good in pay:
            R.spend_raw(player, good)
        card = state["market"].pop(slot)
        state["market"].append(None)
        player["hand"].append(card)
        seat = player["seat"]
        events = [_event("buy", f"{{p{seat}}} takes market card {card} for {pay or 'free'}.")]
        for deck in state["decks"]:
            if deck:
                state["market"][-1] = deck.pop(0)
                last = not any(state["decks"])
                events.append(_event("market", f"{state['market'][-1]} enters the market."))
                if last and state["final_round"] is None:
                    state["final_round"] = state["round"] + 1
                    events.append(_event("final", f"The last market card is out: round "
                                                  f"{state['final_round']} is the final round."))
                break
        return events + self._end_turn(state)

    @staticmethod
    def _auto_market_payment(player: dict, price: int) -> str:
        """Pay from the most plentiful raw types first (ties in L, W, M, S order)."""
        raw = dict(player["raw"])
        pay = ""
        for _ in range(price):
            good = max(RAW, key=lambda g: raw[g])
            if raw[good] == 0:
                break
            raw[good] -= 1
            pay += good
        return "".join(sorted(pay, key=RAW.index))

    # ----------------------------------------------------- any-moment actions
    def _do_ability(self, state: dict, player: dict, action: dict) -> list[dict]:
        reason = self._ability_refusal(state, player)
        if reason:
            raise IllegalAction(reason, "OM-CITY-8")
        state["turn"]["ability_used"] = True
        city, _ = split_area(state["turn"]["moved_to"])
        ability = DATA.abilities[state["cities"][city]["ability"]]
        events = [_event("ability", f"{{p{player['seat']}}} uses {ability['name']} ({ability['id']}).")]
        return events + R.run_ops(state, player, ability["ops"], ability["id"])

    def _do_use(self, state: dict, player: dict, action: dict) -> list[dict]:
        card_id = str(action.get("card"))
        reason = self._effect_refusal(state, player, card_id)
        if reason:
            raise IllegalAction(reason, "OM-WORKSHOP-4")
        state["turn"]["effects"].append(card_id)
        card = DATA.buildings[card_id]
        events = [_event("use", f"{{p{player['seat']}}} uses {card_id}.")]
        return events + R.run_ops(state, player, card["effect"]["ops"], card_id)

    def _do_refine(self, state: dict, player: dict, action: dict) -> list[dict]:
        size = str(action.get("slot"))
        reason = self._refine_refusal(state, player, size)
        if reason:
            raise IllegalAction(reason, "OM-WORKSHOP-5")
        state["turn"]["conversions"].append(size)
        good = DATA.boards[player["board"]]["conversions"][size]
        R.spend_raw(player, good)
        kept = R.gain_refined(state, player, REFINED_OF[good])
        tail = "" if kept else " (discarded at once: phase 3 is over)"
        return [_event("refine", f"{{p{player['seat']}}} converts 1 {good} into 1 {REFINED_OF[good]} "
                                 f"in the left {size} slot{tail}.")]

    # -------------------------------------------------------------- turn end
    def _end_turn(self, state: dict) -> list[dict]:
        players = len(state["seats"])
        state["turn"] = self._fresh_turn()
        state["pending"] = []
        events: list[dict] = []
        if state["active"] == players - 1:
            if state["final_round"] == state["round"]:
                state["phase"] = "over"
                return [_event("end", "The game is over: final scoring.")]
            state["round"] += 1
            state["active"] = 0
            events.append(_event("round", f"Round {state['round']} begins"
                                 + (" (the final round)." if state["final_round"] == state["round"] else ".")))
        else:
            state["active"] += 1
        state["phase"] = "merchant"
        return events

    # ------------------------------------------------------------------ views
    def _public_view(self, state: dict) -> dict[str, Any]:
        players = []
        for player in state["seats"]:
            entry = {
                "seat": player["seat"], "colour": player["colour"], "board": player["board"],
                "starting_discount": DATA.boards[player["board"]]["discount"],
                "conversions": DATA.boards[player["board"]]["conversions"],
                "raw": dict(player["raw"]), "certificates": dict(player["cert"]),
                "levels": R.levels(state, player), "vp": player["vp"],
                "refined": dict(player["refined"]),
                "under_construction": [
                    {"card": self._building_view(b["id"]), "covered": b["covered"]} for b in player["building"]
                ],
                "slots": {side: {size: list(cards) for size, cards in sizes.items()}
                          for side, sizes in player["slots"].items()},
                "merchants": list(player["merchants"]), "hand_count": len(player["hand"]),
                "carts": R.carts(player), "supply": player["supply"],
                "opera_tokens": R.opera_tokens(state, player["seat"]),
            }
            players.append(entry)
        turn = state["turn"]
        view = {
            "game": "opera", "provisional_data": "PDS-0", "round": state["round"],
            "rounds": DATA.rules["rounds"], "final_round": state["final_round"],
            "rounds_remaining": max(0, DATA.rules["rounds"] - state["round"] + 1) if state["round"] else None,
            "phase": state["phase"], "active": sorted(self.actors(state)),
            "pending": [dict(p) for p in state["pending"]],
            "turn": {"moved_to": turn["moved_to"], "ability": turn["ability"] and not turn["ability_used"],
                     "deliveries": turn["deliveries"]},
            "cities": {
                city: {
                    "name": DATA.cities[city]["name"],
                    "ability": DATA.abilities[data["ability"]],
                    "cost": [{"id": c, "cost": DATA.trade[c]["cost"]} if c else None for c in data["cost"]],
                    "gain": [{"id": c, "benefit": DATA.trade[c]["benefit"]} if c else None for c in data["gain"]],
                } for city, data in state["cities"].items()
            },
            "market": [
                {"slot": i, "price": DATA.rules["market_prices"][i], "card": self._trade_view(c) if c else None}
                for i, c in enumerate(state["market"])
            ],
            "market_decks": [len(deck) for deck in state["decks"]],
            "discard": list(state["discard"]),
            "building_decks": {size: len(deck) for size, deck in state["building_decks"].items()},
            "display": [self._building_view(c) for c in sorted(state["display"])],
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
        result = self.result(state)
        if result is not None:
            view["result"] = result
        return view

    def _private_view(self, state: dict, seat: int) -> dict[str, Any]:
        return {"seat": seat, "hand": [self._trade_view(c) for c in state["seats"][seat]["hand"]]}

    @staticmethod
    def _trade_view(card_id: str) -> dict[str, str]:
        card = DATA.trade[card_id]
        return {"id": card_id, "cost": card["cost"], "benefit": card["benefit"]}

    @staticmethod
    def _building_view(card_id: str) -> dict[str, Any]:
        card = DATA.buildings[card_id]
        return {"id": card_id, "size": card["size"], "colour": card["colour"], "cost": card["cost"],
                "discount": card["discount"], "effect": card["effect"]}

    # ---------------------------------------------------------------- prompts
    def prompt(self, state: dict, seat: int) -> str:
        if seat not in self.actors(state):
            return self.waiting_message(state, seat)
        phase = state["phase"]
        player = state["seats"][seat]
        if phase == "draft":
            return f"Draft a starting building: draft <card> ({', '.join(sorted(state['display']))})."
        if state["pending"]:
            pending = state["pending"][0]
            options = ", ".join(R.answer_text(a) for a in R.pending_answers(state, player))
            return f"Choose for {pending['source']}: {options}."
        if phase == "merchant":
            return "Phase 1: move a merchant and play a card, e.g. move <from> <to> <card>."
        if phase == "activate":
            city, _ = split_area(state["turn"]["moved_to"])
            plan = self._payment_options(state, player)[0]["plan"]
            cost = "".join(g * plan["raw"][g] for g in RAW) or "nothing"
            extra = "".join(f", certificate {g} -{plan['cert'][g]}" for g in RAW if plan["cert"][g])
            extra += f", {plan['vp']} VP" if plan["vp"] else ""
            return (f"Phase 2: pay for {DATA.cities[city]['name']} (pay: {cost}{extra}), or first use "
                    "an ability, a building or a conversion.")
        if phase == "refined":
            return "Phase 3: build, deliver, convert or refine your refined goods, then done."
        if phase == "build":
            return f"Phase 4: take a building from the display: pick <card> ({', '.join(sorted(state['display']))})."
        return "Phase 4: take a market card: buy 0 (free) to buy 3, optionally naming the raw goods paid."

    def waiting_message(self, state: dict, seat: int) -> str:
        if state["phase"] == "over":
            return "This game is over."
        waiting = ", ".join(f"{{p{s}}}" for s in sorted(self.actors(state)))
        return f"It is not your turn: waiting for {waiting}."

    # --------------------------------------------------------------- notation
    def notation(self, action: dict) -> str:
        kind = action["type"]
        if kind == "draft":
            return f"draft {action['card']}"
        if kind == "move":
            text = f"move {action['from']} {action['to']}"
            return f"{text} {action['card']}" if "card" in action else text
        if kind == "pay":
            parts = ["pay"]
            if "wild" in action:
                parts.append(f"wild:{action['wild']}")
            if "shield" in action:
                parts.append(f"shield:{action['shield']}")
            return " ".join(parts)
        if kind == "build":
            text = f"build {action['card']} {action['goods']}"
            return f"{text} {action['side']}" if "side" in action else text
        if kind == "deliver":
            return f"deliver {action['site']}"
        if kind in ("convert", "take"):
            return f"{kind} {action['goods']}"
        if kind == "certify":
            return f"cert {action['goods']}"
        if kind == "spend":
            return f"spend {action['good']}"
        if kind in ("done", "ability"):
            return kind
        if kind == "pick":
            return f"pick {action['card']}"
        if kind == "buy":
            return f"buy {action['slot']} {action['pay']}" if "pay" in action else f"buy {action['slot']}"
        if kind == "use":
            return f"use {action['card']}"
        if kind == "refine":
            return f"refine {action['slot']}"
        raise ValueError(f"unknown action type {kind!r}")

    def _parse(self, state: dict, text: str) -> dict:
        words = str(text).strip().split()
        if not words:
            raise IllegalAction("Type a move, e.g. move ant:gain ven:cost H1-03.", "CORE-NOTATION")
        verb, args = words[0].lower(), words[1:]
        simple = {"draft": "card", "pick": "card", "use": "card", "deliver": "site", "spend": "good",
                  "refine": "slot"}
        if verb in simple and len(args) == 1:
            value = args[0]
            if simple[verb] == "card" or simple[verb] == "good":
                value = value.upper()
            else:
                value = value.lower()
            return {"type": verb, simple[verb]: value}
        if verb in ("done", "ability") and not args:
            return {"type": verb}
        if verb == "move" and len(args) in (2, 3):
            action = {"type": "move", "from": args[0].lower(), "to": args[1].lower()}
            if len(args) == 3:
                action["card"] = args[2].upper()
            return action
        if verb == "pay":
            action = {"type": "pay"}
            for arg in args:
                key, _, value = arg.partition(":")
                if key.lower() not in ("wild", "shield") or not value:
                    raise IllegalAction("Write pay, or pay wild:LS shield:S.", "CORE-NOTATION")
                action[key.lower()] = value.upper()
            return action
        if verb == "build" and len(args) in (2, 3):
            action = {"type": "build", "card": args[0].upper(), "goods": args[1].lower()}
            if len(args) == 3:
                action["side"] = args[2].lower()
            return action
        if verb in ("convert", "take", "cert") and len(args) == 1:
            refined = verb == "convert" or (
                verb == "take" and bool(state.get("pending")) and state["pending"][0]["kind"] == "refined")
            goods = args[0].lower() if refined else args[0].upper()
            return {"type": "certify" if verb == "cert" else verb, "goods": goods}
        if verb == "buy" and len(args) in (1, 2) and args[0].isdigit():
            action = {"type": "buy", "slot": int(args[0])}
            if len(args) == 2:
                action["pay"] = args[1].upper()
            return action
        raise IllegalAction(f"'{text}' is not a move of Opera Magna (see /game help for what you can do now).",
                           "CORE-NOTATION")


GAME = OperaMagna(
    key="opera", title="Opera Magna", min_players=2, max_players=4,
    options=(
        OptionSpec("limit_tokens", "Enforce the 20 player tokens per colour (Q-12).", False),
        OptionSpec("raw_cap", "Most raw goods of one type a player may hold (Q-02).", 8, (8, 9)),
        OptionSpec("blue_scores_on_left", "Blue buildings score on the left side too (Q-19).", True),
    ),
)
