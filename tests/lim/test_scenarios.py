"""Scenarios LIM-TEST-6..43 of the specification (section 21.2)."""

from __future__ import annotations

from games.lim import effects, rounds, scoring, vatican

from .helpers import (
    BY_NAME,
    G,
    delta,
    dice,
    excommunicate,
    holdings,
    leaders,
    legal,
    new,
    occupy,
    own,
    play,
    put,
    refused,
    res,
    turn_of,
)


def venture_fee_position(coins: int, card: str = "Raising a Statue", **extra: int) -> dict:
    state = turn_of(new(), 0)
    dice(state, white=6)
    put(state, "purple-4", card)
    occupy(state, "purple-1", 1, "black")
    return holdings(state, 0, coins=coins, servants=1, **extra)


def test_LIM_TEST_6_occupied_tower_fee():
    """LIM-TEST-6, LIM-TOWER-7, LIM-TOWER-8, LIM-TOWER-15: the floor's coins cannot pay the fee."""
    refused(venture_fee_position(2, wood=2, stone=2), 0, "place white purple-4 servants:1", "LIM-TOWER-7")
    state = venture_fee_position(3, wood=2, stone=2)
    before = res(state, 0)
    state = play(state, 0, "place white purple-4 servants:1")
    assert delta(before, res(state, 0)) == {"coins": -1, "wood": -2, "stone": -2, "servants": -1}
    assert state["pending"] == [{"kind": "privileges", "count": 2, "distinct": True}]
    own_neutral = venture_fee_position(3, wood=2, stone=2)
    own_neutral["board"] = {}
    occupy(own_neutral, "purple-1", 0, "neutral")
    after = play(own_neutral, 0, "place white purple-4 servants:1")
    assert res(after, 0)["coins"] == 2


def test_LIM_TEST_7_floor_bonus_pays_the_cost():
    """LIM-TEST-7, LIM-TOWER-6, LIM-TOWER-5."""
    state = venture_fee_position(2, "Hiring Recruits")
    state["board"] = {}
    before = res(state, 0)
    after = play(state, 0, "place white purple-4 servants:1")
    assert delta(before, res(after, 0)) == {"coins": -2, "mp": 5, "servants": -1}
    poor = venture_fee_position(1, "Hiring Recruits")
    poor["board"] = {}
    refused(poor, 0, "place white purple-4 servants:1", "LIM-CARD-3")


def test_LIM_TEST_8_same_colour_rule():
    """LIM-TEST-8, LIM-PLACE-13, LIM-PLACE-14, LIM-TOWER-10, LIM-HARVEST-4, LIM-PROD-4."""
    state = turn_of(new(), 0)
    dice(state, white=3, black=3)
    holdings(state, 0, coins=9, servants=5)
    occupy(state, "green-1", 0, "white")
    state["towers"]["green"][0] = None
    refused(state, 0, "place black green-2", "LIM-TOWER-10")
    after = play(state, 0, "place neutral green-2 servants:3")
    assert res(after, 0)["coins"] == 6
    other = turn_of(new(), 0)
    dice(other, black=3)
    occupy(other, "green-1", 1, "white")
    other["towers"]["green"][0] = None
    holdings(other, 0, coins=3)
    assert "place black green-2" in legal(other, 0)
    work = turn_of(new(), 0)
    dice(work, white=6, black=6)
    holdings(work, 0, servants=5)
    occupy(work, "harvest-1", 0, "white")
    occupy(work, "production-1", 0, "white")
    refused(work, 0, "place black harvest-2", "LIM-PLACE-13")
    refused(work, 0, "place black production-2", "LIM-PLACE-13")
    assert "place neutral harvest-2 servants:4" in legal(work, 0)


def territory_position(territories: int, mp: int) -> dict:
    state = turn_of(new(), 0)
    dice(state, white=1)
    put(state, "green-1", "Woods")
    names = ["Commercial Hub", "Village", "Gravel Pit", "Forest", "Monastery"][:territories]
    own(state, 0, *names)
    return holdings(state, 0, mp=mp)


def test_LIM_TEST_9_territory_slots():
    """LIM-TEST-9, LIM-CARD-5, LIM-CARD-6, LIM-CARD-2."""
    refused(territory_position(2, 2), 0, "place white green-1", "LIM-CARD-5")
    after = play(territory_position(2, 3), 0, "place white green-1")
    assert res(after, 0)["mp"] == 3 and len(after["seats"][0]["cards"]["territory"]) == 3
    refused(territory_position(4, 11), 0, "place white green-1", "LIM-CARD-5")
    assert "place white green-1" in legal(territory_position(4, 12), 0)
    refused(territory_position(5, 17), 0, "place white green-1", "LIM-CARD-5")
    cesare = territory_position(5, 0)
    cesare["options"]["advanced"] = True
    leaders(cesare, 0, "cesare")
    assert "place white green-1" in legal(cesare, 0)


def test_LIM_TEST_10_venture_double_cost():
    """LIM-TEST-10, LIM-CARD-9, LIM-CARD-10, LIM-CARD-11."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    put(state, "purple-1", "Support to the Bishop")
    holdings(state, 0, mp=3, wood=1, stone=1, coins=2)
    assert [a for a in legal(state, 0) if "purple-1" in a and "white" in a] == ["place white purple-1 cost:1"]
    refused(state, 0, "place white purple-1 cost:2", "LIM-CARD-11")
    state["seats"][0]["res"]["mp"] = 4
    after = play(state, 0, "place white purple-1 cost:2")
    assert res(after, 0)["mp"] == 2 and res(after, 0)["fp"] == 3 and res(after, 0)["coins"] == 2


def test_LIM_TEST_11_six_card_limit():
    """LIM-TEST-11, LIM-CARD-12."""
    state = turn_of(new(), 0)
    dice(state, white=6)
    own(state, 0, "Warlord", "Stonemason", "Dame", "Knight", "Farmer", "Artisan")
    put(state, "blue-1", "Preacher")
    holdings(state, 0, coins=20)
    refused(state, 0, "place white blue-1", "LIM-CARD-12")
    state["pending"] = [{"kind": "take", "types": ["character"], "value": 7, "discount": {}}]
    refused(state, 0, "take blue-1", "LIM-CARD-12")


def test_LIM_TEST_12_market_by_player_count():
    """LIM-TEST-12, LIM-MARKET-1, LIM-MARKET-2, LIM-MARKET-3, LIM-MARKET-4, LIM-PRIV-2."""
    for players in (2, 3):
        state = turn_of(new(players=players), 0)
        dice(state, white=1)
        markets = sorted({a.split()[2] for a in legal(state, 0) if "market" in a})
        assert markets == ["market-1", "market-2"]
    state = turn_of(new(), 0)
    dice(state, white=1, black=1)
    holdings(state, 0)
    after = play(state, 0, "place white market-4")
    refused(after, 0, "privilege coins coins", "LIM-PRIV-2")
    after = play(after, 0, "privilege coins servants")
    assert res(after, 0)["coins"] == 2 and res(after, 0)["servants"] == 2
    twice = turn_of(new(), 0)
    dice(twice, white=1, black=1)
    twice = play(twice, 0, "place white market-1")
    turn_of(twice, 0, clear_board=False)
    twice = play(twice, 0, "place black market-2")
    assert twice["seats"][0]["members"]["white"] == "market-1"
    assert twice["seats"][0]["members"]["black"] == "market-2"
    m3 = play(turn_of(new(), 0), 0, "place white market-3")
    assert res(m3, 0)["mp"] == 3 and res(m3, 0)["coins"] == 7


def test_LIM_TEST_13_council_palace_sets_the_turn_order():
    """LIM-TEST-13, LIM-ENDROUND-2, LIM-COUNCIL-1..5."""
    state = turn_of(new(), 2)
    dice(state, white=1, black=1)
    holdings(state, 2)
    state = play(state, 2, "place white council", "privilege coins")
    assert res(state, 2)["coins"] == 3
    turn_of(state, 0, clear_board=False)
    state = play(state, 0, "place white council", "privilege coins")
    turn_of(state, 2, clear_board=False)
    state = play(state, 2, "place black council", "privilege military")
    assert [o["seat"] for o in state["board"]["council"]] == [2, 0, 2]
    events: list = []
    rounds.end_round(state, events)
    assert state["order"] == [2, 0, 1, 3]
    nobody = new()
    nobody["order"] = [3, 1, 0, 2]
    rounds.end_round(nobody, [])
    assert nobody["order"] == [3, 1, 0, 2]


def scoring_state(players: int = 3) -> dict:
    state = new(players=players)
    for s in range(players):
        holdings(state, s)
    state["phase"] = "over"
    return state


def test_LIM_TEST_14_final_scoring_tables():
    """LIM-TEST-14, LIM-SCORE-2..6, LIM-SCORE-10, LIM-CARD-15."""
    state = scoring_state(4)
    own(state, 0, "Commercial Hub", "Woods", "Village", "Gravel Pit", "Forest")
    own(state, 1, "Commercial Hub", "Woods")
    own(state, 2, "Warlord", "Stonemason", "Dame", "Knight")
    own(state, 3, "Warlord", "Stonemason", "Dame", "Knight", "Farmer", "Artisan")
    own(state, 0, "Hiring Recruits", "Hiring Soldiers", "Support to the Pope")
    holdings(state, 0, wood=3, stone=1, coins=4, servants=2)
    holdings(state, 1, wood=14)
    _, rows = scoring.final_scores(state)
    assert rows[0]["territories"] == 10 and rows[1]["territories"] == 0
    assert rows[2]["characters"] == 10 and rows[3]["characters"] == 21
    assert rows[0]["ventures"] == 4 + 5 + 10
    assert rows[0]["resources"] == 2 and rows[1]["resources"] == 2
    for mps, expected in [([10, 10, 5, 0], [5, 5, 0, 0]), ([10, 7, 7, 2], [5, 2, 2, 0])]:
        for s, mp in enumerate(mps):
            state["seats"][s]["res"]["mp"] = mp
        assert scoring.military_points(state) == expected
    result = G.result(state)
    assert set(result["scores"][0]["breakdown"]) >= {
        "vp_before_scoring",
        "territories",
        "characters",
        "ventures",
        "military",
        "resources",
        "total",
    }


def test_LIM_TEST_15_tie_break_by_turn_order():
    """LIM-TEST-15, LIM-SCORE-7, LIM-SCORE-1."""
    state = scoring_state(3)
    state["seats"][0]["res"]["vp"] = 10
    state["seats"][2]["res"]["vp"] = 10
    state["order"] = [2, 0, 1]
    result = G.result(state)
    assert result["winners"] == [2] and result["ranking"][:2] == [[2], [0]]


def test_LIM_TEST_16_period_three_excommunications():
    """LIM-TEST-16, LIM-EXCOMM-34, LIM-EXCOMM-35, LIM-EXCOMM-36, LIM-EXCOMM-37, LIM-SCORE-8, LIM-OQ-21,
    LIM-OQ-24."""
    state = scoring_state(2)
    holdings(state, 0, vp=26)
    excommunicate(state, 0, "E3-4")
    _, rows = scoring.final_scores(state)
    assert rows[0]["excommunication_vp_per_5"] == -5
    state = scoring_state(2)
    holdings(state, 0, vp=40, mp=12)
    holdings(state, 1, mp=20)
    excommunicate(state, 0, "E3-5")
    _, rows = scoring.final_scores(state)
    assert rows[0]["excommunication_military"] == -12 and rows[0]["total"] == 40 + 2 - 12
    state = scoring_state(2)
    holdings(state, 0, vp=30)
    own(state, 0, "Mint", "Tax Office", "Chapel", "Cathedral")  # wood 1+3+2+4 = 10, stone 3+1+0+4 = 8
    excommunicate(state, 0, "E3-6")
    _, rows = scoring.final_scores(state)
    assert rows[0]["excommunication_buildings"] == -18
    state = scoring_state(2)
    holdings(state, 0, vp=30, wood=3, stone=1, coins=4, servants=2)
    excommunicate(state, 0, "E3-7")
    _, rows = scoring.final_scores(state)
    assert rows[0]["excommunication_resources"] == -10


def test_LIM_TEST_17_coloured_member_minus_one():
    """LIM-TEST-17, LIM-EXCOMM-17, LIM-PLACE-2, LIM-PLACE-3."""
    state = turn_of(new(), 0)
    dice(state, black=5)
    excommunicate(state, 0, "E1-7")
    assert effects.member_value(state, 0, "black") == 4
    assert effects.member_value(state, 0, "neutral") == 0
    put(state, "green-4", "Woods")
    state["pending"] = [{"kind": "take", "types": ["territory"], "value": 6, "discount": {}}]
    holdings(state, 0, servants=1)
    assert "take green-4 servants:1" in legal(state, 0)


def test_LIM_TEST_18_per_source_military_reduction():
    """LIM-TEST-18, LIM-EXCOMM-3, LIM-EXCOMM-11, LIM-PRIV-4, LIM-EXCOMM-4."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    own(state, 0, "Barracks")
    holdings(state, 0, servants=1)
    excommunicate(state, 0, "E1-1")
    state = play(state, 0, "place white production-1", "exchange 1")
    assert res(state, 0)["mp"] == 2
    market = turn_of(new(), 0)
    dice(market, white=1)
    holdings(market, 0)
    excommunicate(market, 0, "E1-1")
    market = play(market, 0, "place white market-3")
    assert res(market, 0)["mp"] == 2 and res(market, 0)["coins"] == 2
    council = turn_of(new(), 0)
    dice(council, white=1)
    holdings(council, 0)
    excommunicate(council, 0, "E1-1")
    council = play(council, 0, "place white council", "privilege military")
    assert res(council, 0)["mp"] == 1


def test_LIM_TEST_19_harvest_penalties_stack():
    """LIM-TEST-19, LIM-EXCOMM-15, LIM-HARVEST-3, LIM-EXCOMM-6."""
    state = turn_of(new(), 0)
    dice(state, white=6)
    holdings(state, 0, servants=1)
    excommunicate(state, 0, "E1-5")
    refused(state, 0, "place white harvest-2 servants:0", "LIM-HARVEST-3")
    after = play(state, 0, "place white harvest-2 servants:1")
    assert res(after, 0)["wood"] == 1


def test_LIM_TEST_20_two_servants_per_point():
    """LIM-TEST-20, LIM-EXCOMM-26, LIM-PLACE-8."""
    state = turn_of(new(), 0)
    holdings(state, 0, servants=5)
    excommunicate(state, 0, "E2-6")
    refused(state, 0, "place neutral market-1 servants:1", "LIM-EXCOMM-26")
    refused(state, 0, "place neutral market-1 servants:3", "LIM-EXCOMM-26")
    refused(state, 0, "place neutral market-1 servants:4", "LIM-PLACE-8")
    assert G.parse(state, "place neutral market-1")["servants"] == 2
    after = play(state, 0, "place neutral market-1 servants:2")
    assert res(after, 0)["servants"] == 3


def leader_turn(seat: int = 0, players: int = 4) -> dict:
    state = turn_of(new(players=players, advanced=True), seat)
    dice(state, white=1, black=1, orange=1)
    return state


def test_LIM_TEST_21_leader_basics():
    """LIM-TEST-21, LIM-LEADER-5, LIM-LEADER-6, LIM-LEADER-7, LIM-LEADER-9, LIM-LEADER-2, LIM-LEADER-28."""
    state = leader_turn()
    state["seats"][0]["hand"] = ["michelangelo", "pico"]
    holdings(state, 0, stone=9)
    state = play(state, 0, "leader discard pico", "privilege wood-stone")
    assert res(state, 0)["stone"] == 10 and state["seats"][0]["hand"] == ["michelangelo"]
    state["seats"][0]["hand"].append("sforza")
    refused(state, 0, "leader play sforza", "LIM-LEADER-6")
    state = play(state, 0, "leader play michelangelo", "leader activate michelangelo")
    assert res(state, 0)["coins"] == 3 and state["seats"][0]["leaders"][0]["down"]
    refused(state, 0, "leader activate michelangelo", "LIM-LEADER-14")
    state["seats"][0]["res"]["stone"] = 0  # requirements only matter when playing
    rounds.end_round(state, [])
    assert not state["seats"][0]["leaders"][0]["down"]


def test_LIM_TEST_22_brunelleschi_and_pico():
    """LIM-TEST-22, LIM-LEADER-23, LIM-LEADER-31, LIM-TOWER-14, LIM-EFFECT-8."""
    state = leader_turn()
    dice(state, white=3)
    leaders(state, 0, "brunelleschi")
    occupy(state, "purple-1", 1, "white")
    put(state, "purple-2", "Hiring Recruits")
    holdings(state, 0, coins=4)
    after = play(state, 0, "place white purple-2")
    assert res(after, 0)["coins"] == 0
    pico = leader_turn()
    dice(pico, white=3, black=1)
    leaders(pico, 0, "pico")
    put(pico, "blue-1", "Dame")  # 4 coins
    put(pico, "blue-2", "Knight")  # 2 coins
    holdings(pico, 0, coins=1)
    after = play(pico, 0, "place black blue-1")
    assert res(after, 0)["coins"] == 0
    pico2 = leader_turn()
    dice(pico2, white=3)
    leaders(pico2, 0, "pico")
    put(pico2, "blue-2", "Knight")
    occupy(pico2, "blue-1", 1, "white")
    holdings(pico2, 0, coins=3)
    after = play(pico2, 0, "place white blue-2", "privilege faith")
    assert res(after, 0)["coins"] == 0, "the fee is still 3; the Knight costs 0"


def test_LIM_TEST_23_bonus_action_from_captain():
    """LIM-TEST-23, LIM-EFFECT-3, LIM-EFFECT-4, LIM-PLACE-15, LIM-TOWER-13, LIM-OQ-20."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    put(state, "blue-1", "Captain")
    state["towers"]["green"] = [None, None, None, BY_NAME["Woods"]]
    occupy(state, "green-1", 1, "white")
    own(state, 0, "Commercial Hub", "Village")
    holdings(state, 0, coins=7, servants=1, mp=1)
    state = play(state, 0, "place white blue-1")
    assert res(state, 0)["mp"] == 3
    assert legal(state, 0) == ["take green-4 servants:1", "decline"]
    before = res(state, 0)
    state = play(state, 0, "take green-4 servants:1")
    assert delta(before, res(state, 0)) == {"servants": -1, "coins": -3, "wood": 3}
    assert state["board"].get("green-4") is None and len(state["seats"][0]["cards"]["territory"]) == 3


def test_LIM_TEST_24_preacher_takes_no_floor_bonus():
    """LIM-TEST-24, LIM-EFFECT-10."""
    state = turn_of(new(), 0)
    dice(state, white=5)
    own(state, 0, "Preacher")
    put(state, "green-3", "Woods")
    holdings(state, 0)
    after = play(state, 0, "place white green-3")
    assert res(after, 0)["wood"] == 1  # Woods' immediate wood only
    state["pending"] = [{"kind": "take", "types": ["territory"], "value": 7, "discount": {}}]
    put(state, "green-4", "Forest")
    after = play(state, 0, "take green-4")
    assert res(after, 0)["wood"] == 1


def test_LIM_TEST_25_skipped_first_turn():
    """LIM-TEST-25, LIM-EXCOMM-27, LIM-ROUND-6, LIM-ROUND-8, LIM-OQ-2."""
    state = new(players=3)
    excommunicate(state, 1, "E2-7")
    events: list = []
    state["round"] = 2
    rounds.end_round(state, events)
    sequence = []
    while state["phase"] == "actions" and state["round"] == 3:
        seat = state["turn"]["seat"]
        action = next(
            a for a in G.legal_actions(state, seat) if a["type"] == "place" and a["space"] == "council"
        )
        state, events = G.apply(state, seat, action)
        while state["phase"] == "actions" and state["pending"]:
            state, more = G.apply(state, seat, G.legal_actions(state, seat)[0])
            events += more
        for e in events:
            if e["type"] == "place":
                sequence.append(str(seat))
            elif e["type"] == "skip":
                sequence.append(e["text"][2].join("()"))
    assert sequence == ["0", "(1)", "2", "0", "1", "2", "0", "1", "2", "0", "1", "2", "1"]


def test_LIM_TEST_26_faith_victory_points():
    """LIM-TEST-26, LIM-VATICAN-6, LIM-VATICAN-8, LIM-VATICAN-9, LIM-VATICAN-10, LIM-OQ-16, LIM-OQ-32."""
    assert [vatican.faith_vp(fp) for fp in (5, 6, 15, 18)] == [5, 7, 30, 30]
    state = new(players=2)
    state["round"] = 6
    state["queue"] = []
    turn_of(state, 0)
    state["turn"]["placed"] = True
    holdings(state, 0, fp=4)
    holdings(state, 1, fp=6)
    state = play(state, 0, "end")
    assert G.actors(state) == {1}
    state = play(state, 1, "report refuse")
    assert state["phase"] == "over"
    assert res(state, 0)["vp"] == 4 and res(state, 0)["fp"] == 0
    assert res(state, 1)["vp"] == 7 and res(state, 1)["fp"] == 0


def test_LIM_TEST_27_ludovico_ariosto():
    """LIM-TEST-27, LIM-LEADER-22, LIM-OQ-12."""
    state = leader_turn()
    dice(state, white=1, black=1)
    leaders(state, 0, "ariosto")
    occupy(state, "market-1", 1, "white")
    occupy(state, "harvest-1", 2, "white")
    occupy(state, "harvest-2", 0, "black")
    moves = legal(state, 0)
    assert "place white market-1" in moves
    refused(state, 0, "place white harvest-1", "LIM-PLACE-13")
    holdings(state, 0, servants=1)
    assert "place neutral harvest-1 servants:1" in legal(state, 0)
    after = play(state, 0, "place neutral harvest-1 servants:1")
    assert [o["seat"] for o in after["board"]["harvest-1"]] == [2, 0]
    without = turn_of(new(), 0)
    dice(without, white=1)
    occupy(without, "market-1", 1, "white")
    refused(without, 0, "place white market-1", "LIM-PLACE-11")


def test_LIM_TEST_28_value_order():
    """LIM-TEST-28, LIM-PLACE-9, LIM-LEADER-36, LIM-LEADER-33, LIM-OQ-5."""
    state = leader_turn()
    dice(state, white=1, black=3, orange=6)
    leaders(state, 0, "moro", "lucrezia")
    excommunicate(state, 0, "E1-7")
    state = play(state, 0, "leader activate lucrezia")
    assert [effects.member_value(state, 0, m) for m in ("white", "black", "orange")] == [6, 6, 6]


def test_LIM_TEST_29_leader_draft_and_tiles():
    """LIM-TEST-29, LIM-ADV-2, LIM-ADV-4, LIM-ADV-5, LIM-ADV-6, LIM-SETUP-13, LIM-OQ-19."""
    state = G.setup(3, 8, {"advanced": True})
    assert state["phase"] == "tiles" and G.actors(state) == {2}
    assert G.view(state, None)["tiles_left"] == ["A", "B", "C", "D"]
    state = play(state, 2, "tile C")
    state = play(state, 1, "tile A")
    state = play(state, 0, "tile D")
    assert [s["tile"] for s in state["seats"]] == ["D", "A", "C"]
    dealt = [list(p) for p in state["draft"]["packs"]]
    assert len({lid for p in dealt for lid in p}) == 12
    first_picks = [dealt[s][0] for s in range(3)]
    while state["phase"] == "draft":
        assert G.actors(state) == {0, 1, 2}
        for s in range(3):
            state = play(state, s, f"draft {state['draft']['packs'][s][0]}")
            if state["phase"] == "draft" and len(state["draft"]["packs"][0]) == 3 and s == 2:
                # after the first pick, seat 0 holds what seat 1 was dealt, less seat 1's pick
                assert state["draft"]["packs"][0] == dealt[1][1:]
    hands = [s["hand"] for s in state["seats"]]
    assert all(len(h) == 4 for h in hands)
    assert [h[0] for h in hands] == first_picks
    assert len({lid for h in hands for lid in h}) == 12
    assert state["phase"] == "actions" and state["round"] == 1


def test_LIM_TEST_30_royal_messenger_three_different_privileges():
    """LIM-TEST-30, LIM-PRIV-1, LIM-PRIV-2, LIM-OQ-11."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    put(state, "blue-1", "Royal Messenger")
    holdings(state, 0, coins=5)
    state = play(state, 0, "place white blue-1")
    assert len(legal(state, 0)) == 10
    refused(state, 0, "privilege coins coins faith", "LIM-PRIV-2")
    refused(state, 0, "privilege coins faith", "LIM-PRIV-1")
    state = play(state, 0, "privilege coins faith military")
    assert res(state, 0)["coins"] == 2 and res(state, 0)["fp"] == 1 and res(state, 0)["mp"] == 2


def test_LIM_TEST_31_fee_bonus_and_cost_checked_together():
    """LIM-TEST-31, LIM-TOWER-7, LIM-TOWER-8, LIM-TOWER-11, LIM-TOWER-15."""
    state = venture_fee_position(5, "Hiring Recruits")
    before = res(state, 0)
    after = play(state, 0, "place white purple-4 servants:1")
    assert delta(before, res(after, 0)) == {"coins": -5, "servants": -1, "mp": 5}
    refused(venture_fee_position(4, "Hiring Recruits"), 0, "place white purple-4 servants:1", "LIM-CARD-3")
    brunelleschi = venture_fee_position(2, "Hiring Recruits")
    brunelleschi["options"]["advanced"] = True
    leaders(brunelleschi, 0, "brunelleschi")
    after = play(brunelleschi, 0, "place white purple-4 servants:1")
    assert res(after, 0)["coins"] == 0


def abbess_position(coins: int) -> dict:
    state = turn_of(new(), 0)
    dice(state, white=5)
    put(state, "blue-3", "Abbess")
    put(state, "blue-2", "Farmer")
    return holdings(state, 0, coins=coins)


def test_LIM_TEST_32_bonus_action_in_the_tower_just_entered():
    """LIM-TEST-32, LIM-EFFECT-4, LIM-EFFECT-11, LIM-OQ-29."""
    state = play(abbess_position(9), 0, "place white blue-3")
    before = res(state, 0)
    state = play(state, 0, "take blue-2")
    assert res(state, 0)["coins"] == 0 and delta(before, res(state, 0)) == {"coins": -6}
    assert res(state, 0)["stone"] == 1 and res(state, 0)["fp"] == 1
    assert len(state["seats"][0]["cards"]["character"]) == 2
    short = play(abbess_position(8), 0, "place white blue-3")
    refused(short, 0, "take blue-2", "LIM-CARD-3")  # 8 - 3 - 3 = 2 coins left for a 3-coin card
    assert "take green-1" in legal(short, 0) and "decline" in legal(short, 0)


def test_LIM_TEST_33_chained_bonus_actions():
    """LIM-TEST-33, LIM-EFFECT-12, LIM-CARD-17, LIM-OQ-28, LIM-LEADER-4."""
    state = turn_of(new(advanced=True), 0)
    dice(state, white=1)
    put(state, "purple-1", "Repairing the Cathedral")
    put(state, "blue-4", "Ambassador")
    put(state, "green-4", "Trading Town")
    state["seats"][0]["hand"] = ["pico"]
    holdings(state, 0, wood=3, stone=3, coins=9)
    before = res(state, 0)
    state = play(state, 0, "place white purple-1")
    assert res(state, 0)["fp"] == 1 and state["pending"][0]["kind"] == "take"
    refused(state, 0, "leader discard pico", "LIM-LEADER-4")
    state = play(state, 0, "take blue-4")
    assert state["pending"][0]["kind"] == "privileges" and state["pending"][1]["kind"] == "take"
    state = play(state, 0, "privilege coins", "take green-4")
    assert delta(before, res(state, 0)) == {"wood": -1, "stone": -1, "coins": -6, "servants": 1, "fp": 1}
    assert not state["pending"]


def test_LIM_TEST_34_captain_effects_in_printed_order():
    """LIM-TEST-34, LIM-CARD-17, LIM-EXCOMM-11, LIM-OQ-27, LIM-EFFECT-5, LIM-OQ-26."""

    def position():
        state = turn_of(new(), 0)
        dice(state, white=1)
        put(state, "blue-1", "Captain")
        put(state, "green-1", "Woods")
        own(state, 0, "Commercial Hub", "Village")
        return holdings(state, 0, coins=4, mp=1)

    state = play(position(), 0, "place white blue-1")
    assert "take green-1" in legal(state, 0)
    excommunicated = position()
    excommunicate(excommunicated, 0, "E1-1")
    after = play(excommunicated, 0, "place white blue-1")
    assert res(after, 0)["mp"] == 2 and not after["pending"]
    assert BY_NAME["Captain"] in after["seats"][0]["cards"]["character"]


def test_LIM_TEST_35_bonus_card_that_cannot_be_paid():
    """LIM-TEST-35, LIM-EFFECT-11, LIM-OQ-26."""

    def position(wood: int):
        state = turn_of(new(), 0)
        dice(state, white=1)
        put(state, "blue-1", "Architect")
        put(state, "yellow-1", "Treasury")
        put(state, "yellow-2", "Painters' Guild")
        put(state, "yellow-3", "Sculptors' Guild")
        put(state, "yellow-4", "Stronghold")
        return holdings(state, 0, coins=4, wood=wood)

    state = play(position(0), 0, "place white blue-1")
    assert not state["pending"] and BY_NAME["Architect"] in state["seats"][0]["cards"]["character"]
    state = play(position(2), 0, "place white blue-1")
    assert legal(state, 0) == ["take yellow-1", "decline"]
    state = play(state, 0, "take yellow-1")
    assert res(state, 0)["wood"] == 0 and res(state, 0)["vp"] == 4


def test_LIM_TEST_36_lorenzo_de_medici():
    """LIM-TEST-36, LIM-LEADER-35, LIM-LEADER-14, LIM-OQ-13, LIM-OQ-1."""
    state = leader_turn()
    state["seats"][0]["hand"] = ["lorenzo"]
    holdings(state, 0, vp=35)
    refused(state, 0, "leader play lorenzo copy:michelangelo", "LIM-LEADER-35")
    leaders(state, 1, "michelangelo", "brunelleschi")
    state = play(state, 0, "leader play lorenzo copy:michelangelo", "leader activate lorenzo")
    assert res(state, 0)["coins"] == 3
    refused(state, 0, "leader activate lorenzo", "LIM-LEADER-14")
    turn_of(state, 1, clear_board=False)
    state = play(state, 1, "leader activate michelangelo")
    rounds.end_round(state, [])
    turn_of(state, 0)
    state = play(state, 0, "leader activate lorenzo")
    assert res(state, 0)["coins"] == 6
    fee = leader_turn()
    leaders(fee, 0, "lorenzo", copy="brunelleschi")
    leaders(fee, 1, "brunelleschi")
    assert not effects.has_leader(fee, 0, "no_tower_fee")
    fee = play(fee, 0, "leader activate lorenzo")
    assert effects.has_leader(fee, 0, "no_tower_fee")
    rounds.end_round(fee, [])
    assert not effects.has_leader(fee, 0, "no_tower_fee")
    published = turn_of(new(advanced=True, leader_types="published"), 0)
    leaders(published, 0, "lorenzo", copy="brunelleschi")
    assert effects.has_leader(published, 0, "no_tower_fee")
    assert "leader activate lorenzo" not in legal(published, 0)
    published["seats"][0]["leaders"][0]["copy"] = "michelangelo"
    assert "leader activate lorenzo" in legal(published, 0)


def test_LIM_TEST_37_reductions_per_source():
    """LIM-TEST-37, LIM-EXCOMM-3, LIM-EXCOMM-14, LIM-PRIV-4, LIM-OQ-6, LIM-OQ-7, LIM-OQ-30, LIM-LEADER-13."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    holdings(state, 0)
    excommunicate(state, 0, "E1-4")
    after = play(state, 0, "place white harvest-1")
    assert (res(after, 0)["wood"], res(after, 0)["stone"], res(after, 0)["servants"]) == (0, 1, 1)
    chosen = play(state, 0, "place white harvest-1 reduce:stone")
    assert (res(chosen, 0)["wood"], res(chosen, 0)["stone"]) == (1, 0)
    refused(state, 0, "place white harvest-1 reduce:coins", "LIM-EXCOMM-14")
    after = play(state, 0, "place white council", "privilege wood-stone")
    assert (res(after, 0)["wood"], res(after, 0)["stone"]) == (0, 1)
    after = play(state, 0, "place white council", "privilege wood-stone reduce:stone")
    assert (res(after, 0)["wood"], res(after, 0)["stone"]) == (1, 0)
    bande = turn_of(new(advanced=True), 0)
    holdings(bande, 0)
    excommunicate(bande, 0, "E1-4")
    leaders(bande, 0, "bande-nere")
    bande = play(bande, 0, "leader activate bande-nere")
    assert (res(bande, 0)["wood"], res(bande, 0)["stone"], res(bande, 0)["coins"]) == (0, 1, 1)
    coins = turn_of(new(), 0)
    dice(coins, white=1)
    holdings(coins, 0)
    excommunicate(coins, 0, "E1-2")
    own(coins, 0, "Commercial Hub", "Gold Mine", "Trading Town")
    assert res(play(coins, 0, "place white harvest-1"), 0)["coins"] == 3
    campaign = turn_of(new(), 0)
    dice(campaign, white=6)
    holdings(campaign, 0, mp=3, servants=1)
    excommunicate(campaign, 0, "E1-2")
    put(campaign, "purple-4", "Military Campaign")
    assert res(play(campaign, 0, "place white purple-4 servants:1"), 0)["coins"] == 3
    council = turn_of(new(), 0)
    dice(council, white=1)
    holdings(council, 0)
    excommunicate(council, 0, "E1-2")
    council = play(council, 0, "place white council")
    assert res(council, 0)["coins"] == 0
    assert res(play(council, 0, "privilege coins"), 0)["coins"] == 1


def test_LIM_TEST_38_servant_limit_with_modifiers():
    """LIM-TEST-38, LIM-PLACE-8, LIM-OQ-3."""

    def harvest(with_monastery: bool, rate_tile: bool = False):
        state = turn_of(new(), 0)
        dice(state, white=6)
        own(state, 0, "Farmer")
        if with_monastery:
            own(state, 0, "Monastery")
        if rate_tile:
            excommunicate(state, 0, "E2-6")
        return holdings(state, 0, servants=9)

    options = [a for a in legal(harvest(True), 0) if a.startswith("place white harvest-2")]
    assert options == ["place white harvest-2", "place white harvest-2 servants:1"]
    options = [a for a in legal(harvest(False), 0) if a.startswith("place white harvest-2")]
    assert options == ["place white harvest-2"]
    options = [a for a in legal(harvest(True, True), 0) if a.startswith("place white harvest-2")]
    assert options == ["place white harvest-2", "place white harvest-2 servants:2"]
    dame = turn_of(new(), 0)
    dice(dame, white=4)
    own(dame, 0, "Dame")
    put(dame, "blue-4", "Farmer")
    holdings(dame, 0, servants=9, coins=9)
    assert [a for a in legal(dame, 0) if "white blue-4" in a] == ["place white blue-4 servants:1"]
    excommunicate(dame, 0, "E2-3")
    assert [a for a in legal(dame, 0) if "white blue-4" in a] == ["place white blue-4 servants:5"]
    refused(dame, 0, "place white blue-4 servants:4", "LIM-PLACE-4")
    refused(dame, 0, "place white blue-4 servants:6", "LIM-PLACE-8")


def test_LIM_TEST_39_set_values_combined():
    """LIM-TEST-39, LIM-PLACE-9, LIM-LEADER-24, LIM-LEADER-36, LIM-EXCOMM-17, LIM-OQ-9, LIM-OQ-23."""
    state = leader_turn()
    dice(state, white=2, black=2, orange=2)
    leaders(state, 0, "moro", "montefeltro", "lucrezia")
    excommunicate(state, 0, "E1-7")
    state = play(state, 0, "leader activate montefeltro member:orange")
    assert [effects.member_value(state, 0, m) for m in ("white", "black", "orange")] == [4, 4, 5]
    state = play(state, 0, "leader activate lucrezia")
    assert [effects.member_value(state, 0, m) for m in ("white", "black", "orange")] == [6, 6, 7]


def test_LIM_TEST_40_floor_bonus_modifiers():
    """LIM-TEST-40, LIM-TOWER-6, LIM-EFFECT-10, LIM-LEADER-38, LIM-OQ-10."""
    state = turn_of(new(), 0)
    dice(state, white=6)
    holdings(state, 0, servants=1, stone=9, wood=9, coins=0)
    excommunicate(state, 0, "E1-2")
    put(state, "purple-3", "Building the Walls")
    put(state, "purple-4", "Hosting Panhandlers")
    assert res(play(state, 0, "place white purple-3", "privilege faith"), 0)["coins"] == 0
    assert res(play(state, 0, "place white purple-4 servants:1"), 0)["coins"] == 1
    rita = turn_of(new(advanced=True), 0)
    dice(rita, white=6)
    holdings(rita, 0, servants=1, wood=3)
    leaders(rita, 0, "santa-rita")
    put(rita, "purple-4", "Hosting Panhandlers")
    after = play(rita, 0, "place white purple-4 servants:1")
    assert res(after, 0)["coins"] == 2 and res(after, 0)["servants"] == 8
    preacher = turn_of(new(), 0)
    dice(preacher, white=6)
    own(preacher, 0, "Preacher")
    put(preacher, "purple-4", "Hiring Recruits")
    holdings(preacher, 0, servants=1, coins=2)
    refused(preacher, 0, "place white purple-4 servants:1", "LIM-CARD-3")


def test_LIM_TEST_41_two_player_spaces():
    """LIM-TEST-41, LIM-SETUP-7, LIM-LEADER-22, LIM-EFFECT-4, LIM-HARVEST-2, LIM-OQ-25."""
    state = turn_of(new(players=2, advanced=True), 0)
    dice(state, white=6, black=6)
    holdings(state, 0, servants=5)
    leaders(state, 0, "ariosto")
    refused(state, 0, "place white harvest-2", "LIM-HARVEST-2")
    refused(state, 0, "place white production-2", "LIM-PROD-2")
    refused(state, 0, "place white market-3", "LIM-MARKET-3")
    refused(state, 0, "place white market-4", "LIM-MARKET-3")
    occupy(state, "harvest-1", 1, "white")
    assert "place white harvest-1" in legal(state, 0)
    cardinal = turn_of(new(players=2), 0)
    dice(cardinal, white=1)
    put(cardinal, "blue-1", "Cardinal")
    own(cardinal, 0, "Gravel Pit")  # harvest at 4: 2 stone
    holdings(cardinal, 0, coins=4)
    cardinal = play(cardinal, 0, "place white blue-1", "harvest")
    assert res(cardinal, 0)["stone"] == 3 and res(cardinal, 0)["fp"] == 2
    three = turn_of(new(players=3), 0)
    dice(three, white=6)
    assert "place white harvest-2" in legal(three, 0)
    refused(three, 0, "place white market-3", "LIM-MARKET-3")


def test_LIM_TEST_42_leader_actions_on_the_last_turn():
    """LIM-TEST-42, LIM-LEADER-11, LIM-LEADER-3, LIM-LEADER-25, LIM-OQ-14."""
    state = new(players=3, advanced=True)
    state["round"] = 2
    turn_of(state, 0)
    for member in ("white", "black", "orange"):
        state["seats"][0]["members"][member] = "council"
    state["queue"] = [{"seat": 1, "skip": False}, {"seat": 2, "skip": False}]
    dice(state, white=1, black=1, orange=1)
    holdings(state, 0, fp=2, servants=1)
    leaders(state, 0, "savonarola")
    state = play(state, 0, "place neutral council servants:1", "privilege coins")
    assert state["turn"]["seat"] == 0 and "leader activate savonarola" in legal(state, 0)
    state = play(state, 0, "leader activate savonarola")
    assert res(state, 0)["fp"] == 3
    assert state["turn"]["seat"] == 1
    refused(state, 0, "leader activate savonarola", "CORE-TURN")


def test_LIM_TEST_43_production_snapshot_and_servants():
    """LIM-TEST-43, LIM-PROD-6, LIM-PLACE-7."""

    def position(tile: str = "basic"):
        state = turn_of(new(), 0)
        dice(state, white=2)
        own(state, 0, "Barracks", "Stonemason's Shop")
        state["seats"][0]["tile"] = tile
        return holdings(state, 0, servants=1, stone=1)

    state = play(position(), 0, "place white production-1")
    assert state["pending"][0]["cards"] == [39]
    assert res(play(state, 0, "exchange 1"), 0)["mp"] == 1 + 3
    state = play(position(), 0, "place white production-1 servants:1")
    assert state["pending"][0]["cards"] == [30]
    state = play(state, 0, "exchange 1")
    assert res(state, 0)["coins"] == 2 + 3 and not state["pending"]
    tile_a = position("A")
    tile_a["seats"][0]["res"]["servants"] = 0
    after = play(tile_a, 0, "place white production-1")
    assert res(after, 0)["servants"] == 1 and not after["pending"]
