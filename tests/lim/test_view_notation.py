"""Views, prompts and notation (docs/games/lim.md)."""

from __future__ import annotations

import json

import pytest

from games.core import IllegalAction

from .helpers import G, dice, holdings, leaders, new, occupy, play, put, turn_of


def test_public_view_carries_the_board_and_hides_hands():
    """LIM-ADV-6: hands are counts in the public view; a seat sees its own hand."""
    state = G.setup(3, 4, {"advanced": True})
    public = G.view(state, None)
    assert public["draft_packs"] == [4, 4, 4] and "draft_pack" not in public
    for seat in range(3):
        assert G.view(state, seat)["you"]["draft_pack"] == state["draft"]["packs"][seat]
    state = new(players=3, advanced=True, seed=4)
    state["seats"][1]["hand"] = ["pico", "sisto"]
    leaders(state, 2, "michelangelo")
    occupy(state, "council", 2, "white")
    public = G.view(state, None)
    text = json.dumps(public)
    assert '"pico"' not in text and public["players"][1]["hand_count"] == 2
    assert [h["id"] for h in G.view(state, 1)["you"]["hand"]] == ["pico", "sisto"]
    assert public["players"][2]["leaders"][0]["id"] == "michelangelo"
    assert public["spaces"]["council"]["occupants"] == [{"seat": 2, "member": "white"}]
    assert set(public) >= {
        "players",
        "towers",
        "spaces",
        "dice",
        "turn_order",
        "turn",
        "round",
        "period",
        "excommunication_tiles",
        "deck_counts",
        "pending",
    }
    floor = public["towers"]["green"]["floors"][0]
    assert floor["card"]["name"] and floor["value"] == 1
    player = public["players"][0]
    assert set(player) >= {"resources", "cards", "members", "bonus_tile", "leaders", "excommunications"}
    assert public["deck_counts"] == {"territory": 20, "character": 20, "building": 20, "venture": 20}


def test_vatican_answers_stay_secret_until_everyone_has_answered():
    """LIM-VATICAN-11: a simultaneous decision; actors holds every seat still deciding."""
    state = new(players=3)
    state["round"] = 2
    state["queue"] = []
    turn_of(state, 0)
    state["turn"]["placed"] = True
    for seat in range(3):
        holdings(state, seat, fp=5)
    state = play(state, 0, "end")
    assert G.actors(state) == {0, 1, 2}
    state = play(state, 1, "report refuse")
    assert G.actors(state) == {0, 2}
    public = json.dumps(G.view(state, None))
    assert "refuse" not in public and G.view(state, None)["vatican"]["answered"] == [1]
    assert G.view(state, 1)["you"]["report_answer"] == "refuse"
    assert state["seats"][1]["excommunicated"] == []
    state = play(state, 0, "report support")
    state = play(state, 2, "report support")
    assert state["seats"][1]["excommunicated"] and state["round"] == 3


def test_prompts_say_what_to_do_in_one_line():
    state = turn_of(new(), 0)
    dice(state, white=1)
    assert "place a family member" in G.prompt(state, 0)
    assert "waiting for {p0}" in G.prompt(state, 1)
    put(state, "blue-1", "Royal Messenger")
    holdings(state, 0, coins=5)
    state = play(state, 0, "place white blue-1")
    assert "3 council privilege" in G.prompt(state, 0) and "\n" not in G.prompt(state, 0)
    advanced = G.setup(2, 1, {"advanced": True})
    assert "tile" in G.prompt(advanced, 1)


@pytest.mark.parametrize(
    "text,action",
    [
        (
            "place black green-3 servants:2",
            {"type": "place", "member": "black", "space": "green-3", "servants": 2},
        ),
        (
            "place white purple-1 servants:0 cost:2",
            {"type": "place", "member": "white", "space": "purple-1", "servants": 0, "cost": 2},
        ),
        (
            "place orange yellow-2 servants:0 discount:stone",
            {"type": "place", "member": "orange", "space": "yellow-2", "servants": 0, "discount": "stone"},
        ),
        ("privilege coins military", {"type": "privilege", "choices": ["coins", "military"]}),
        ("take blue-2 servants:1", {"type": "take", "space": "blue-2", "servants": 1}),
        ("harvest servants:2", {"type": "harvest", "servants": 2}),
        ("production", {"type": "production", "servants": 0}),
        ("decline", {"type": "decline"}),
        ("exchange none", {"type": "exchange", "option": 0}),
        ("exchange 2", {"type": "exchange", "option": 2}),
        ("report support", {"type": "report", "support": True}),
        ("report refuse", {"type": "report", "support": False}),
        ("tile c", {"type": "tile", "tile": "C"}),
        ("draft pico", {"type": "draft", "leader": "pico"}),
        (
            "leader play lorenzo copy:michelangelo",
            {"type": "leader", "do": "play", "leader": "lorenzo", "copy": "michelangelo"},
        ),
        (
            "leader activate montefeltro member:black",
            {"type": "leader", "do": "activate", "leader": "montefeltro", "member": "black"},
        ),
        ("leader discard sisto", {"type": "leader", "do": "discard", "leader": "sisto"}),
        (
            "privilege wood-stone reduce:stone",
            {"type": "privilege", "choices": ["wood-stone"], "reduce": "stone"},
        ),
        ("exchange 1 reduce:wood", {"type": "exchange", "option": 1, "reduce": "wood"}),
        ("END", {"type": "end"}),
        ("pass", {"type": "pass"}),
    ],
)
def test_documented_notation_parses(text, action):
    state = new()
    assert G.parse(state, text) == action
    if action["type"] not in ("place", "take"):  # those round-trip when legal (property tests)
        assert G.parse(state, G.notation(action)) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "place",
        "place purple green-1",
        "place white tower-9",
        "privilege",
        "exchange maybe",
        "report perhaps",
        "leader play",
        "take green-1 servants:x",
        "place white green-1 colour:red",
        "fly away",
        "tile a reduce:wood",
    ],
)
def test_malformed_notation_is_refused(text):
    with pytest.raises(IllegalAction) as err:
        G.parse(new(), text)
    assert err.value.rule == "CORE-NOTATION"


def test_omitted_servants_default_to_what_the_space_needs():
    """LIM-PLACE-6: 'place neutral council' spends the one servant the council needs."""
    state = turn_of(new(), 0)
    holdings(state, 0, servants=3)
    assert G.parse(state, "place neutral council")["servants"] == 1
    assert G.parse(state, "place neutral council servants:0")["servants"] == 0


def test_public_view_carries_every_waiting_decision_and_the_round_s_leader_effects():
    """What the table saw happen is public: every decision waiting on the stack in order, not only
    the first (LIM-EFFECT-2), the turn's flags and the round's remaining turns, and each seat's
    once-per-round leader effects (LIM-LEADER-14, LIM-LEADER-24: the member set to 6)."""
    state = new(players=3, advanced=True, seed=4)
    seat = state["turn"]["seat"]
    state["pending"] = [{"kind": "privileges", "count": 1, "distinct": False},
                        {"kind": "take", "types": ["territory"], "value": 4, "discount": {}}]
    state["turn"]["placed"] = True
    state["seats"][seat]["round"] = {"six": "black", "borrowed": ["sisto"]}
    public = G.view(state, None)
    assert public["decisions"] == state["pending"] and public["decisions"] is not state["pending"]
    assert public["pending"].startswith("Choose 1 council privilege")
    assert public["players"][seat]["this_round"] == {"six": "black", "borrowed": ["sisto"]}
    assert public["turn_detail"] == {"placed": True, "skip": False, "queue": state["queue"]}
    json.dumps(public)
