"""The shape every engine shares: one move table, refusals that name their rule, one view shape,
and notation that cannot be tricked (games/core/contract.py).

These run over random mid-game positions of every game and player count, so they check the
engines as players meet them, not only the positions a scenario test thought of.
"""

from __future__ import annotations

import random

import pytest

import games
from games.core import MAX_NOTATION, RULE_ID, IllegalAction, Move
from tests.engine_checks import positions

CASES = [(key, n) for key in games.keys() for n in range(games.get(key).min_players, games.get(key).max_players + 1)]
OPTION_CASES = [("lim", {"advanced": True})]


def mutations(text: str, chooser: random.Random) -> list[str]:
    """Texts near a legal move: a word dropped, doubled, swapped, a number changed, junk added."""
    words = text.split()
    found = []
    for i in range(len(words)):
        found.append(" ".join(words[:i] + words[i + 1:]))
        found.append(" ".join(words[:i + 1] + [words[i]] + words[i + 1:]))
    if len(words) > 1:
        shuffled = words[:]
        chooser.shuffle(shuffled)
        found.append(" ".join(shuffled))
    digits = [i for i, ch in enumerate(text) if ch.isdigit()]
    for i in digits[:3]:
        for replacement in ("0", "9", "²", "٣", "99999999"):
            found.append(text[:i] + replacement + text[i + 1:])
    found += [text + " x", text + " servants:1", text + ":", text.upper(), "  " + text + "  "]
    return found


def refusal_rules_agree(error: IllegalAction) -> None:
    named = set(RULE_ID.findall(error.message))
    if error.rule.startswith("CORE"):
        assert named <= {error.rule}, f"{error.message!r} names {named}, refused under {error.rule}"
    else:
        assert named == {error.rule}, f"{error.message!r} must name its rule {error.rule} and no other"


# ------------------------------------------------------------------------------ move table
@pytest.mark.parametrize("key", games.keys())
def test_every_engine_declares_its_moves_in_one_table(key):
    game = games.get(key)
    table = game.moves()
    assert table, f"{key} has no move table"
    types = [entry.type for entry in table]
    assert len(types) == len(set(types)), "a move type is declared twice"
    for entry in table:
        assert isinstance(entry, Move) and callable(entry.handler)
        assert entry.phases and all(isinstance(p, str) for p in entry.phases)
        assert RULE_ID.fullmatch(entry.rule), entry.rule
        assert {type(entry.reveals), type(entry.private), type(entry.own_decision)} == {bool}
    seen = set()
    for players in range(game.min_players, game.max_players + 1):
        for state, seat in positions(game, players, seed=players, every=1, limit=600):
            for action in game.legal_actions(state, seat):
                seen.add(action["type"])
                assert game.phase(state, seat) in game.move(action["type"]).phases, (action, game.phase(state, seat))
    assert seen <= set(types)


@pytest.mark.parametrize("key", games.keys())
def test_a_simultaneous_decision_is_declared_as_each_seats_own(key):
    """Where several seats act at once, the moves they make are their own decisions (so one
    seat's answer does not make another seat's buttons stale)."""
    game = games.get(key)
    options = {"advanced": True} if key == "lim" else {}
    found = False
    for players in range(max(2, game.min_players), game.max_players + 1):
        for state, seat in positions(game, players, seed=31 + players, options=options, every=1, limit=300):
            if len(game.actors(state)) > 1:
                found = True
                for action in game.legal_actions(state, seat):
                    assert game.move(action["type"]).own_decision, action
    assert found or key == "opera", f"no simultaneous decision met in {key}"


# ------------------------------------------------------------------------------- refusals
@pytest.mark.parametrize("key,players", CASES)
def test_refusals_name_their_rule_and_only_it(key, players):
    game = games.get(key)
    chooser = random.Random(players)
    game_rule_refusals = 0
    options = {"advanced": True} if key == "lim" else {}
    for state, seat in positions(game, players, seed=100 + players, options=options, every=3):
        before = game.dumps(state)
        legal = [game.notation(a) for a in game.legal_actions(state, seat)]
        for text in chooser.sample(legal, min(4, len(legal))):
            for attempt in mutations(text, chooser):
                try:
                    game.play(state, seat, attempt)
                except IllegalAction as error:
                    refusal_rules_agree(error)
                    game_rule_refusals += not error.rule.startswith("CORE")
        assert game.dumps(state) == before
    assert game_rule_refusals > 0


# ---------------------------------------------------------------------------------- views
@pytest.mark.parametrize("key,players", CASES)
def test_a_seats_view_is_the_public_view_plus_its_own_part(key, players):
    game = games.get(key)
    for state, _ in positions(game, players, seed=7 + players, every=9):
        public = game.view(state, None)
        assert "you" not in public
        for seat in range(players):
            own = game.view(state, seat)
            assert own["you"]["seat"] == seat
            assert {k: v for k, v in own.items() if k != "you"} == public


# ------------------------------------------------------------------------------- notation
CRASHERS = [
    "place black council servants:²", "exchange ²", "buy ²", "buy " + "1" * 4301, "x" * (MAX_NOTATION + 1),
    "market row-٣", "produce c１9", "buy green-1 slot:99999999999999999999", "", "   ", "\x00", "place",
]


@pytest.mark.parametrize("key", games.keys())
def test_parse_refuses_any_text_in_one_sentence(key):
    game = games.get(key)
    state = next(positions(game, game.max_players, seed=3, every=40))[0]
    for text in CRASHERS:
        try:
            game.parse(state, text)
        except IllegalAction as error:
            assert error.rule.startswith("CORE") or error.rule.split("-")[0] in ("MOR", "LIM", "OM")
            assert error.message.count("\n") == 0 and len(error.message) < 300


@pytest.mark.parametrize("key", games.keys())
def test_apply_refuses_actions_that_are_not_canonical(key):
    game = games.get(key)
    for state, seat in positions(game, game.max_players, seed=11, every=13):
        before = game.dumps(state)
        for action in game.legal_actions(state, seat)[:6]:
            broken = [dict(action, unknown_key=1)]
            for name, value in action.items():
                if name == "type":
                    continue
                if isinstance(value, int) and not isinstance(value, bool):
                    broken += [dict(action, **{name: float(value) + 0.5}), dict(action, **{name: str(value)})]
                elif isinstance(value, str):
                    broken += [dict(action, **{name: 7}), dict(action, **{name: [value]})]
                else:
                    broken.append(dict(action, **{name: 1.5}))
            for bad in broken:
                with pytest.raises(IllegalAction):
                    game.apply(state, seat, bad)
        assert game.dumps(state) == before


@pytest.mark.parametrize("key", games.keys())
def test_a_repeated_key_is_refused(key):
    game = games.get(key)
    chooser = random.Random(5)
    repeated = 0
    for players in range(max(2, game.min_players), game.max_players + 1):
        for state, seat in positions(game, players, seed=40 + players, every=2):
            for action in game.legal_actions(state, seat):
                text = game.notation(action)
                keyed = [w for w in text.split() if ":" in w]
                if not keyed:
                    continue
                word = chooser.choice(keyed)
                name = word.split(":")[0]
                for twice in (f"{text} {word}", f"{text} {name}:{word.split(':', 1)[1]}"):
                    with pytest.raises(IllegalAction) as refused:
                        game.play(state, seat, twice)
                    assert refused.value.rule == "CORE-NOTATION", (twice, refused.value.message)
                    repeated += 1
    assert repeated > 0 or key == "opera"


@pytest.mark.parametrize("key,players", CASES + [("lim", 3)])
def test_every_accepted_text_is_a_listed_legal_move(key, players):
    """Whatever text a seat's move is accepted in, its canonical notation is one that
    ``legal_actions`` lists for that seat (so autocomplete, buttons and the AI see every move)."""
    game = games.get(key)
    chooser = random.Random(900 + players)
    options = {"advanced": True} if key == "lim" else {}
    for state, seat in positions(game, players, seed=900 + players, options=options, every=4):
        listed = {game.notation(a) for a in game.legal_actions(state, seat)}
        for text in chooser.sample(sorted(listed), min(5, len(listed))):
            for attempt in mutations(text, chooser):
                try:
                    action = game.parse(state, attempt)
                    game.apply(state, seat, action)
                except IllegalAction:
                    continue
                assert game.notation(action) in listed, f"{attempt!r} was accepted as {game.notation(action)!r}"
