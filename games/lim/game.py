"""The Lorenzo il Magnifico engine on the shared contract: turn flow, decisions, views, notation."""

from __future__ import annotations

from typing import Any

from games.core import Game, IllegalAction, make_result

from . import rules
from .data import (
    ALL_SPACES,
    BOARD,
    CARD_TYPES,
    CARDS,
    EXCOMMUNICATIONS,
    LEADERS,
    MEMBERS,
    PRIVILEGES,
    TOWERS,
    describe,
)
from .rules import Event, State, event

DECISION_ACTIONS = {
    "privileges": ("privilege",),
    "take": ("take", "decline"),
    "harvest": ("harvest", "decline"),
    "production": ("production", "decline"),
    "exchange": ("exchange",),
}
REDUCIBLE = ("place", "take", "harvest", "production", "privilege", "exchange", "leader")
NO_MINIMUM = -99  # bonus Harvest/Production actions may have any value (LIM-OQ-22)


class LorenzoIlMagnifico(Game):
    """Basic and advanced game, 2 to 4 players (see docs/games/lim.md for the notation)."""

    # ---------------------------------------------------------------------------- lifecycle
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return rules.new_game(players, seed, options)

    def actors(self, state: State) -> set[int]:
        phase = state["phase"]
        if phase == "actions":
            return {state["turn"]["seat"]}
        if phase == "tiles":
            return {state["tile_pick"]["order"][0]}
        if phase == "draft":
            return {s for s, pick in enumerate(state["draft"]["picks"]) if pick is None}
        if phase == "vatican":
            report = state["vatican"]
            return {s for s in report["waiting"] if str(s) not in report["choices"]}
        return set()

    def result(self, state: State) -> dict[str, Any] | None:
        if state["phase"] != "over":
            return None
        totals, breakdowns = rules.final_scores(state)
        order = state["order"]
        tiebreak = [-order.index(s) for s in range(state["players"])]
        return make_result(totals, breakdowns, tiebreak, {"turn_order": list(order)})

    # ------------------------------------------------------------------------------ actions
    def legal_actions(self, state: State, seat: int) -> list[dict]:
        if self.result(state) is not None or seat not in self.actors(state):
            return []
        phase = state["phase"]
        if phase == "tiles":
            return [{"type": "tile", "tile": t} for t in state["tile_pick"]["left"]]
        if phase == "draft":
            return [{"type": "draft", "leader": lid} for lid in state["draft"]["packs"][seat]]
        if phase == "vatican":
            return [{"type": "report", "support": True}, {"type": "report", "support": False}]
        if state["pending"]:
            return self._decision_actions(state, seat, state["pending"][0])
        turn = state["turn"]
        out: list[dict] = []
        if turn["placed"]:
            out.append({"type": "end"})
        elif turn["skip"]:
            out.append({"type": "pass"})
        else:
            out.extend(rules.legal_placements(state, seat))
            if not out:
                out.append({"type": "pass"})
        out.extend(rules.legal_leader_actions(state, seat))
        return out

    def _decision_actions(self, state: State, seat: int, decision: dict) -> list[dict]:
        kind = decision["kind"]
        if kind == "privileges":
            return [{"type": "privilege", "choices": c} for c in rules.privilege_choices(decision)]
        if kind == "take":
            return rules.legal_takes(state, seat, decision) + [{"type": "decline"}]
        if kind == "exchange":
            return [
                {"type": "exchange", "option": k}
                for k in [0] + rules.affordable_exchanges(state, seat, decision)
            ]
        value0 = rules.work_value0(state, seat, kind, decision["value"], decision["card_bonuses"])
        servants = rules.work_servant_range(state, seat, kind, value0, NO_MINIMUM)
        return [{"type": kind, "servants": n} for n in servants] + [{"type": "decline"}]

    def _apply(self, state: State, seat: int, action: dict) -> list[Event]:
        events: list[Event] = []
        kind = action["type"]
        phase = state["phase"]
        if "reduce" in action:
            # LIM-OQ-6: which of wood or stone a wood-or-stone excommunication takes, for this move.
            if kind not in REDUCIBLE or action["reduce"] not in ("wood", "stone"):
                raise IllegalAction(
                    "'reduce:' names wood or stone, on a move that gains them.", "LIM-EXCOMM-14"
                )
            state["reduce_first"] = action["reduce"]
        if phase == "tiles":
            self._expect(kind, ("tile",), "Choose a personal bonus tile: 'tile A'.")
            self._pick_tile(state, seat, action, events)
        elif phase == "draft":
            self._expect(kind, ("draft",), "Choose a leader to keep: 'draft NAME'.")
            self._draft(state, seat, action, events)
        elif phase == "vatican":
            self._expect(kind, ("report",), "Answer the Vatican Report: 'report support' or 'report refuse'.")
            self._report(state, seat, action, events)
        elif state["pending"]:
            decision = state["pending"][0]
            if kind == "leader":
                raise IllegalAction(
                    "Finish the placement first: " + describe_decision(state, decision), "LIM-LEADER-4"
                )
            self._expect(kind, DECISION_ACTIONS[decision["kind"]], describe_decision(state, decision))
            self._decide(state, seat, decision, action, events)
        elif kind == "leader":
            rules.perform_leader(state, seat, action, events)
        elif kind == "place":
            self._place(state, seat, action, events)
        elif kind == "pass":
            self._pass(state, seat, action, events)
        elif kind == "end":
            self._only(action, ())
            if not state["turn"]["placed"]:
                raise IllegalAction("Place a family member first (or 'pass' if you cannot).", "LIM-ROUND-7")
            rules.next_turn(state, events)
        else:
            raise IllegalAction(
                "That is not a move now: place a family member ('place black green-1').", "LIM-ROUND-7"
            )
        state.pop("reduce_first", None)
        self._settle(state, events)
        return events

    @staticmethod
    def _expect(kind: str, allowed: tuple[str, ...], hint: str) -> None:
        if kind not in allowed:
            raise IllegalAction(f"That is not a move now. {hint}", "LIM-ROUND-7")

    @staticmethod
    def _only(action: dict, keys: tuple[str, ...]) -> None:
        extra = set(action) - {"type", "reduce", *keys}
        if extra:
            raise IllegalAction(f"Unexpected part of the move: {', '.join(sorted(extra))}.", "CORE-NOTATION")

    def _pick_tile(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        self._only(action, ("tile",))
        pick = state["tile_pick"]
        if action.get("tile") not in pick["left"]:
            raise IllegalAction(f"Choose one of the tiles left: {', '.join(pick['left'])}.", "LIM-ADV-2")
        pick["left"].remove(action["tile"])
        pick["order"].pop(0)
        state["seats"][seat]["tile"] = action["tile"]
        events.append(event("tile", f"{{p{seat}}} takes personal bonus tile {action['tile']}."))
        if not pick["order"]:
            state["tile_pick"] = None
            state["phase"] = "draft"

    def _draft(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        self._only(action, ("leader",))
        draft = state["draft"]
        if action.get("leader") not in draft["packs"][seat]:
            raise IllegalAction("Choose a leader from the cards you were passed.", "LIM-ADV-5")
        draft["picks"][seat] = action["leader"]
        events.append(event("draft", f"{{p{seat}}} keeps a leader."))
        if any(p is None for p in draft["picks"]):
            return
        players = state["players"]
        packs = [[lid for lid in draft["packs"][s] if lid != draft["picks"][s]] for s in range(players)]
        for s in range(players):
            state["seats"][s]["hand"].append(draft["picks"][s])
        # LIM-ADV-5 / LIM-OQ-19: each pack goes to the previous player in turn order.
        draft["packs"] = [packs[(s + 1) % players] for s in range(players)]
        draft["picks"] = [None] * players
        if not draft["packs"][0]:
            state["draft"] = None
            events.append(event("draft", "The leader draft is over."))
            rules.start_round(state, events)

    def _report(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        self._only(action, ("support",))
        if not isinstance(action.get("support"), bool):
            raise IllegalAction("Answer 'report support' or 'report refuse'.", "LIM-VATICAN-4")
        report = state["vatican"]
        report["choices"][str(seat)] = action["support"]
        events.append(event("report", f"{{p{seat}}} has answered the Vatican Report."))
        if all(str(s) in report["choices"] for s in report["waiting"]):
            rules.resolve_vatican(state, events)

    def _place(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        self._only(action, ("member", "space", "servants", "cost", "discount"))
        turn = state["turn"]
        if turn["placed"]:
            raise IllegalAction(
                "You have already placed a family member this turn: 'end' your turn.", "LIM-ROUND-7"
            )
        if turn["skip"]:
            raise IllegalAction("Your excommunication makes you skip this turn: 'pass'.", "LIM-EXCOMM-27")
        rules.perform_place(state, seat, action, events)
        turn["placed"] = True

    def _pass(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        self._only(action, ())
        turn = state["turn"]
        if turn["placed"]:
            raise IllegalAction("You have placed this turn: use 'end'.", "LIM-ROUND-7")
        if not turn["skip"]:
            if rules.can_place(state, seat):
                raise IllegalAction("You may not pass while a family member can be placed.", "LIM-ROUND-9")
            forfeit(state, seat, events)
        rules.next_turn(state, events)

    def _decide(self, state: State, seat: int, decision: dict, action: dict, events: list[Event]) -> None:
        kind = action["type"]
        if kind == "decline":
            self._only(action, ())
            state["pending"].pop(0)
            events.append(event("decline", f"{{p{seat}}} declines the bonus action."))
        elif kind == "privilege":
            self._only(action, ("choices",))
            choices = action.get("choices")
            if (
                not isinstance(choices, list)
                or len(choices) != decision["count"]
                or any(not isinstance(c, str) or c not in PRIVILEGES for c in choices)
            ):
                raise IllegalAction(
                    f"Choose {decision['count']} privilege(s) among {', '.join(PRIVILEGES)}.", "LIM-PRIV-1"
                )
            if decision["distinct"] and len(set(choices)) < len(choices):
                raise IllegalAction("These privileges must all be different.", "LIM-PRIV-2")
            state["pending"].pop(0)
            for choice in choices:
                got = rules.receive(state, seat, PRIVILEGES[choice])
                events.append(
                    event("privilege", f"{{p{seat}}} takes the {choice} privilege: {describe(got)}.")
                )
        elif kind == "take":
            self._only(action, ("space", "servants", "cost", "discount"))
            plan = rules.bonus_take_plan(state, seat, decision, action)
            state["pending"].pop(0)
            rules.perform_take(state, seat, plan, None, events)
        elif kind in ("harvest", "production"):
            self._only(action, ("servants",))
            value0 = rules.work_value0(state, seat, kind, decision["value"], decision["card_bonuses"])
            servants = action.get("servants", 0)
            value = rules.check_work_servants(state, seat, kind, value0, servants, NO_MINIMUM)
            state["seats"][seat]["res"]["servants"] -= servants
            state["pending"].pop(0)
            rules.perform_work(state, seat, kind, value, events)
        else:
            self._only(action, ("option",))
            option = action.get("option")
            if option != 0 and option not in rules.affordable_exchanges(state, seat, decision):
                raise IllegalAction(
                    "You cannot make that exchange with what you held before this production.", "LIM-PROD-6"
                )
            card = decision["cards"].pop(0)
            if not decision["cards"]:
                state["pending"].pop(0)
            if not option:
                events.append(event("exchange", f"{{p{seat}}} makes no exchange with {CARDS[card]['name']}."))
            else:
                chosen = rules.exchange_options(card)[option - 1]
                rules.pay(state, seat, chosen["pay"])
                for k, v in chosen["pay"].items():
                    decision["budget"][k] -= v
                events.append(
                    event(
                        "exchange", f"{{p{seat}}} uses {CARDS[card]['name']}: pays {describe(chosen['pay'])}."
                    )
                )
                rules.resolve_effects(state, seat, chosen["effects"], events)

    def _settle(self, state: State, events: list[Event]) -> None:
        """Resolve what needs no choice: lost bonus actions, unaffordable exchanges, turn ends, passes."""
        while state["phase"] == "actions":
            seat = state["turn"]["seat"]
            if state["pending"]:
                decision = state["pending"][0]
                if decision["kind"] == "take" and not rules.legal_takes(state, seat, decision):
                    state["pending"].pop(0)
                    events.append(event("lost", f"{{p{seat}}} has no card to take with the bonus action."))
                    continue
                if decision["kind"] == "exchange" and not rules.affordable_exchanges(state, seat, decision):
                    decision["cards"].pop(0)
                    if not decision["cards"]:
                        state["pending"].pop(0)
                    continue
                return
            turn = state["turn"]
            if turn["placed"] or turn["skip"]:
                if rules.leader_actions_matter(state, seat):
                    return
                rules.next_turn(state, events)
                continue
            if rules.can_place(state, seat) or rules.has_leader_action(state, seat):
                return
            forfeit(state, seat, events)
            rules.next_turn(state, events)

    # ----------------------------------------------------------------------------- notation
    def notation(self, action: dict) -> str:
        text = self._notation_words(action)
        return f"{text} reduce:{action['reduce']}" if "reduce" in action else text

    @staticmethod
    def _notation_words(action: dict) -> str:
        kind = action["type"]
        if kind in ("place", "take"):
            parts = [kind] + ([action["member"]] if kind == "place" else []) + [action["space"]]
            if action.get("servants"):
                parts.append(f"servants:{action['servants']}")
            if "cost" in action:
                parts.append(f"cost:{action['cost']}")
            if "discount" in action:
                parts.append(f"discount:{action['discount']}")
            return " ".join(parts)
        if kind in ("harvest", "production"):
            return kind + (f" servants:{action['servants']}" if action.get("servants") else "")
        if kind == "privilege":
            return "privilege " + " ".join(action["choices"])
        if kind == "exchange":
            return f"exchange {action['option'] or 'none'}"
        if kind == "report":
            return "report " + ("support" if action["support"] else "refuse")
        if kind == "tile":
            return f"tile {action['tile']}"
        if kind == "draft":
            return f"draft {action['leader']}"
        if kind == "leader":
            text = f"leader {action['do']} {action['leader']}"
            if "copy" in action:
                text += f" copy:{action['copy']}"
            if "member" in action:
                text += f" member:{action['member']}"
            return text
        return kind

    def _parse(self, state: State, text: str) -> dict:
        words = text.strip().lower().split() if isinstance(text, str) else []
        if not words:
            raise IllegalAction("Empty move.", "CORE-NOTATION")
        bad = IllegalAction(
            f"'{text}' is not a move of Lorenzo il Magnifico (see /game help for what you can do now).",
            "CORE-NOTATION",
        )
        reduce = [w[len("reduce:") :] for w in words[1:] if w.startswith("reduce:")]
        words = [w for w in words if not w.startswith("reduce:")]
        action = self._parse_words(state, words, bad)
        if reduce:
            if len(reduce) > 1 or action["type"] not in REDUCIBLE:
                raise bad
            action["reduce"] = reduce[0]
        return action

    def _parse_words(self, state: State, words: list[str], bad: IllegalAction) -> dict:
        head, rest = words[0], words[1:]
        if head in ("pass", "end", "decline") and not rest:
            return {"type": head}
        if head in ("place", "take"):
            action: dict[str, Any] = {"type": head}
            positional = [w for w in rest if ":" not in w]
            named = dict(w.split(":", 1) for w in rest if ":" in w)
            if head == "place":
                if len(positional) != 2 or positional[0] not in MEMBERS:
                    raise bad
                action["member"] = positional[0]
            elif len(positional) != 1:
                raise bad
            action["space"] = positional[-1]
            if action["space"] not in ALL_SPACES or set(named) - {"servants", "cost", "discount"}:
                raise bad
            action["servants"] = (
                _number(named["servants"], bad)
                if "servants" in named
                else self._default_servants(state, action)
            )
            if "cost" in named:
                action["cost"] = _number(named["cost"], bad)
            if "discount" in named:
                action["discount"] = named["discount"]
            return action
        if head in ("harvest", "production") and len(rest) <= 1:
            servants = 0
            if rest:
                if not rest[0].startswith("servants:"):
                    raise bad
                servants = _number(rest[0][len("servants:") :], bad)
            return {"type": head, "servants": servants}
        if head == "privilege" and rest:
            return {"type": "privilege", "choices": rest}
        if head == "exchange" and len(rest) == 1:
            return {"type": "exchange", "option": 0 if rest[0] == "none" else _number(rest[0], bad)}
        if head == "report" and len(rest) == 1 and rest[0] in ("support", "refuse"):
            return {"type": "report", "support": rest[0] == "support"}
        if head == "tile" and len(rest) == 1:
            return {"type": "tile", "tile": rest[0].upper()}
        if head == "draft" and len(rest) == 1:
            return {"type": "draft", "leader": rest[0]}
        if head == "leader" and len(rest) >= 2:
            action = {"type": "leader", "do": rest[0], "leader": rest[1]}
            for word in rest[2:]:
                key, _, value = word.partition(":")
                if key not in ("copy", "member") or not value:
                    raise bad
                action[key] = value
            return action
        raise bad

    def _default_servants(self, state: State, action: dict) -> int:
        """The fewest servants that make the placement reach the space's value (a typing shortcut)."""
        seat = state["turn"]["seat"] if state.get("turn") else 0
        if action["type"] == "take":
            decision = state["pending"][0] if state["pending"] else None
            if not decision or decision["kind"] != "take":
                return 0
            base = decision["value"]
        elif state["seats"][seat]["members"].get(action["member"]) is None and state["phase"] == "actions":
            base = rules.member_value(state, seat, action["member"])
        else:
            return 0
        space = action["space"]
        if space in BOARD["spaces"]:
            info = BOARD["spaces"][space]
            if info["area"] in ("harvest", "production"):
                value0 = rules.work_value0(state, seat, info["area"], base) + info["modifier"]
                return self._affordable(state, seat, 1 - value0)
            return self._affordable(state, seat, info["value"] - base)
        tower, floor = rules.split_space(space)
        value0 = base + rules.card_action_modifier(state, seat, BOARD["towers"][tower]["card_type"])
        return self._affordable(state, seat, BOARD["towers"][tower]["floors"][floor - 1]["value"] - value0)

    @staticmethod
    def _affordable(state: State, seat: int, increase: int) -> int:
        """Servants for ``increase``, capped by what the seat holds (the value check then explains)."""
        rate = rules.servant_rate(state, seat)
        held = state["seats"][seat]["res"]["servants"]
        return min(max(0, increase), held // rate) * rate

    # -------------------------------------------------------------------------------- views
    def _public_view(self, state: State) -> dict[str, Any]:
        players = []
        for s, data in enumerate(state["seats"]):
            players.append(
                {
                    "seat": s,
                    "resources": dict(data["res"]),
                    "cards": {t: [card_summary(no) for no in data["cards"][t]] for t in CARD_TYPES},
                    "members": {
                        m: {
                            "value": rules.member_value(state, s, m) if state["dice"] else None,
                            "space": data["members"][m],
                        }
                        for m in MEMBERS
                    },
                    "bonus_tile": data["tile"],
                    "leaders": [
                        {
                            "id": e["id"],
                            "name": LEADERS[e["id"]]["name"],
                            "face_down": e["down"],
                            "copies": e["copy"],
                            "once_per_round": rules.is_once_per_round(state, e),
                        }
                        for e in data["leaders"]
                    ],
                    "hand_count": len(data["hand"]),
                    "excommunications": list(data["excommunicated"]),
                    "turn_position": state["order"].index(s),
                }
            )
        towers = {}
        for tower in TOWERS:
            floors = []
            for f in rules.FLOORS:
                space = f"{tower}-{f}"
                no = state["towers"][tower][f - 1]
                floors.append(
                    {
                        "space": space,
                        "value": BOARD["towers"][tower]["floors"][f - 1]["value"],
                        "bonus": BOARD["towers"][tower]["floors"][f - 1]["bonus"],
                        "card": card_summary(no) if no is not None else None,
                        "occupants": list(state["board"].get(space, [])),
                    }
                )
            towers[tower] = {"card_type": BOARD["towers"][tower]["card_type"], "floors": floors}
        view: dict[str, Any] = {
            "game": "lim",
            "phase": state["phase"],
            "round": state["round"],
            "period": rules.period_of(state),
            "advanced": state["options"]["advanced"],
            "players": players,
            "towers": towers,
            "spaces": {
                sp: {
                    "occupants": list(state["board"].get(sp, [])),
                    "available": rules.space_available(state, sp),
                }
                for sp in BOARD["spaces"]
            },
            "dice": dict(state["dice"]),
            "turn_order": list(state["order"]),
            "turn": state["turn"]["seat"] if state["turn"] else None,
            "actors": sorted(self.actors(state)),
            "pending": describe_decision(state, state["pending"][0]) if state["pending"] else None,
            "faith_required": BOARD["vatican_faith_required"][rules.period_of(state) - 1],
            "excommunication_tiles": [
                {"id": t, "text": EXCOMMUNICATIONS[t]["text"]} for t in state["excommunications"]
            ],
            "deck_counts": {t: len(d) for t, d in state["decks"].items()},
            "removed_cards": len(state["removed"]),
            "tiles_left": list(state["tile_pick"]["left"]) if state["tile_pick"] else None,
            "draft_packs": [len(p) for p in state["draft"]["packs"]] if state["draft"] else None,
            "vatican": (
                {
                    "waiting": list(state["vatican"]["waiting"]),
                    "answered": sorted(int(s) for s in state["vatican"]["choices"]),
                }
                if state["vatican"]
                else None
            ),
            "result": self.result(state),
        }
        return view

    def _private_view(self, state: State, seat: int) -> dict[str, Any]:
        own = state["seats"][seat]
        you: dict[str, Any] = {
            "seat": seat,
            "hand": [{"id": lid, "name": LEADERS[lid]["name"]} for lid in own["hand"]],
        }
        if state["draft"]:
            you["draft_pack"] = list(state["draft"]["packs"][seat])
        if state["vatican"] and str(seat) in state["vatican"]["choices"]:
            you["report_answer"] = "support" if state["vatican"]["choices"][str(seat)] else "refuse"
        return you

    def prompt(self, state: State, seat: int) -> str:
        if seat not in self.actors(state):
            return self.waiting_message(state, seat)
        phase = state["phase"]
        if phase == "tiles":
            return f"Choose your personal bonus tile: {', '.join(state['tile_pick']['left'])} ('tile A')."
        if phase == "draft":
            left = len(state["draft"]["packs"][seat])
            return f"Keep one of the {left} leaders offered to you (`/lim hand` shows them): 'draft NAME'."
        if phase == "vatican":
            fp = state["seats"][seat]["res"]["fp"]
            return (
                f"Vatican Report: support the Church with your {fp} faith points ('report support') "
                f"or accept the excommunication ('report refuse')."
            )
        if state["pending"]:
            return describe_decision(state, state["pending"][0])
        turn = state["turn"]
        if turn["placed"]:
            return "You may take leader actions, then 'end' your turn."
        if turn["skip"]:
            return "You skip this turn (excommunication): leader actions, then 'pass'."
        left = [m for m in MEMBERS if state["seats"][seat]["members"][m] is None]
        members = ", ".join(left)
        return f"Round {state['round']}: place a family member ({members}), e.g. 'place {left[0]} council'."

    def waiting_message(self, state: State, seat: int) -> str:
        if self.result(state) is not None:
            return "This game is over."
        waiting = ", ".join(f"{{p{s}}}" for s in sorted(self.actors(state)))
        return f"It is not your turn: waiting for {waiting}."


def _number(text: str, error: IllegalAction) -> int:
    if not text.isdigit():
        raise error
    return int(text)


def forfeit(state: State, seat: int, events: list[Event]) -> None:
    """LIM-ROUND-9: a player who cannot place passes and keeps the rest of the round's members unused."""
    members = state["seats"][seat]["members"]
    for member in MEMBERS:
        if members[member] is None:
            members[member] = "unused"
    events.append(
        event("pass", f"{{p{seat}}} cannot place a family member and passes for the rest of the round.")
    )


def card_summary(no: int) -> dict[str, Any]:
    card = CARDS[no]
    return {"no": no, "name": card["name"], "type": card["type"], "period": card["period"]}


def describe_decision(state: State, decision: dict) -> str:
    kind = decision["kind"]
    if kind == "privileges":
        differ = " (all different)" if decision["distinct"] and decision["count"] > 1 else ""
        return (
            f"Choose {decision['count']} council privilege(s){differ} among {', '.join(PRIVILEGES)}: "
            f"'privilege coins'."
        )
    if kind == "take":
        types = "any" if len(decision["types"]) == len(CARD_TYPES) else "/".join(decision["types"])
        return (
            f"Bonus action: take a {types} card at value {decision['value']} ('take green-2') or 'decline'."
        )
    if kind in ("harvest", "production"):
        return (
            f"Bonus action: {kind} at value {decision['value']} ('{kind} servants:1', '{kind}') or 'decline'."
        )
    card = CARDS[decision["cards"][0]]
    options = "; ".join(
        f"{i} = pay {describe(o['pay'])}" for i, o in enumerate(rules.exchange_options(card["no"]), 1)
    )
    return f"Production exchange on {card['name']}: {options} ('exchange 1' or 'exchange none')."


__all__ = ["LorenzoIlMagnifico"]
