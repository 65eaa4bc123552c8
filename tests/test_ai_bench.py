"""The strength bench keeps a game's recorded table across a change only when that game plays as before;
the versus bench seats another version of a game's AI against the working tree's."""

from __future__ import annotations

import json
import types

import pytest

from bench import ai_strength, ai_versus
from bench.ai_strength import AI_FOLDER, Results, adopt, ai_fingerprint
from games.ai import LEVELS, Budget

JOBS = [("mor", ["easy", "random"], seed, {}) for seed in (1, 2, 3)]


@pytest.fixture
def recorded(tmp_path, monkeypatch):
    """Three games recorded under an earlier fingerprint of the Masters AI."""
    path = tmp_path / "results.jsonl"
    monkeypatch.setattr(ai_strength, "RESULTS", Results(path))
    ai_strength.run(JOBS, 1, None)
    current = ai_fingerprint("mor")
    path.write_text(path.read_text().replace(current, "0123456789abcdef"))
    monkeypatch.setattr(ai_strength, "RESULTS", Results(path))
    return path


def _fingerprints(path) -> list[str]:
    return [json.loads(json.loads(line)["id"])[0] for line in path.read_text().splitlines()]


def test_games_that_replay_the_same_are_kept_under_todays_fingerprint(recorded):
    adopt("mor", 1, 1)  # one of the three is replayed: the pairing's sample
    assert _fingerprints(recorded) == [ai_fingerprint("mor")] * 3
    assert all(ai_strength.RESULTS.identity(job) in ai_strength.RESULTS.known for job in JOBS)
    outcomes = ai_strength.run(JOBS, 1, None)  # nothing is played again
    assert len(outcomes) == 3


def test_a_replay_that_differs_keeps_nothing_of_its_pairing(recorded, monkeypatch):
    """A change to how one pairing plays starts that pairing afresh; another pairing whose replay
    gives its recorded result keeps its games."""
    others = [("mor", ["random", "random"], seed, {}) for seed in (4, 5)]
    monkeypatch.setattr(ai_strength, "RESULTS", Results(recorded.parent / "others.jsonl"))
    ai_strength.run(others, 1, None)
    extra = (recorded.parent / "others.jsonl").read_text().replace(ai_fingerprint("mor"), "0123456789abcdef")
    lines = recorded.read_text().splitlines()
    first = json.loads(lines[0])
    first["outcome"]["result"]["scores"][0]["total"] += 1  # as if the earlier AI had played otherwise
    recorded.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n" + extra)
    ai_strength.RESULTS = Results(recorded)
    adopt("mor", 1, 1)
    fingerprints = _fingerprints(recorded)
    assert fingerprints.count("0123456789abcdef") == 3  # the easy pairing's lines stay, not counted
    assert fingerprints.count(ai_fingerprint("mor")) == 1 + 2  # its replay, and the random pairing's games
    assert all(ai_strength.RESULTS.identity(job) in ai_strength.RESULTS.known for job in others)


def test_only_the_latest_earlier_version_is_replayed(recorded):
    """Older versions were kept or refused when the next came: replaying them again costs hours."""
    lines = recorded.read_text().splitlines()
    older = [line.replace("0123456789abcdef", "fedcba9876543210") for line in lines[:2]]
    recorded.write_text("\n".join([*older, *lines]) + "\n")
    ai_strength.RESULTS = Results(recorded)
    assert list(ai_strength.RESULTS.earlier("mor")) == ["0123456789abcdef"]
    adopt("mor", 1, 1)
    assert _fingerprints(recorded) == ["fedcba9876543210"] * 2 + [ai_fingerprint("mor")] * 3


def test_the_versus_bench_seats_the_other_version_of_the_ai_against_the_working_trees():
    source = (AI_FOLDER / "mor.py").read_text()
    easy = LEVELS["easy"].written()
    same = ai_versus.play(("mor", source, "easy", 7, 0, easy))  # the same AI on both sides plays as the table does
    assert same["result"] == ai_strength.play(("mor", ["easy", "easy"], 7, {}))["result"]
    worst = source + "\n\n_true_evaluate = evaluate\n\n\ndef evaluate(state, seat):\n    return -_true_evaluate(state, seat)\n"
    for hero in (0, 1):  # a version that plays its worst move loses, in either seat
        assert ai_versus.play(("mor", worst, "easy", 7, hero, easy))["result"]["winners"] == [hero]


def test_the_versus_bench_gives_the_other_version_its_own_budgets():
    """Today's ``normal`` against a370146's plays a370146's budget (its ``LEVELS``: 8 moves kept), not today's."""
    levels = ai_versus.revision_levels("a370146")
    assert levels["normal"] == Budget(worlds=8, keep=8, playouts=128, depth=8) != LEVELS["normal"]
    module = types.ModuleType("without_budgets")
    assert ai_versus.rival_budget(module, "normal", levels["normal"].written()) == levels["normal"]


def test_the_versus_bench_keeps_games_an_earlier_version_played_as_todays_does(tmp_path):
    """A refactoring of the working tree's AI keeps its head-to-head games once replays agree; games
    recorded against another revision are not touched."""
    path = tmp_path / "versus.jsonl"
    source = (AI_FOLDER / "mor.py").read_text()
    levels = {"easy": LEVELS["easy"]}
    ai_versus.versus("mor", source, levels, "easy", range(7, 10), 1, None, ai_versus.VersusResults(path))
    current = ai_fingerprint("mor")
    path.write_text(path.read_text().replace(current, "0123456789abcdef"))
    other_revision = json.loads(path.read_text().splitlines()[0])
    other_revision["id"] = other_revision["id"].replace(json.loads(other_revision["id"])[1], "fedcba9876543210")
    path.write_text(path.read_text() + json.dumps(other_revision) + "\n")

    results = ai_versus.VersusResults(path)
    outcomes = ai_versus.versus("mor", source, levels, "easy", range(7, 10), 1, None, results, adopt=1)
    assert len(outcomes) == 3
    fingerprints = [json.loads(json.loads(line)["id"])[0] for line in path.read_text().splitlines()]
    assert fingerprints.count(current) == 3  # one replayed, two re-keyed: none played twice
    assert fingerprints.count("0123456789abcdef") == 1  # the game against another revision stays as it was


def test_the_versus_bench_keeps_nothing_when_a_replay_differs(tmp_path):
    path = tmp_path / "versus.jsonl"
    source = (AI_FOLDER / "mor.py").read_text()
    levels = {"easy": LEVELS["easy"]}
    ai_versus.versus("mor", source, levels, "easy", range(7, 9), 1, None, ai_versus.VersusResults(path))
    lines = path.read_text().replace(ai_fingerprint("mor"), "0123456789abcdef").splitlines()
    first = json.loads(lines[0])
    first["outcome"]["result"]["scores"][0]["total"] += 1  # as if the earlier AI had played otherwise
    path.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    ai_versus.versus("mor", source, levels, "easy", range(7, 9), 1, None, ai_versus.VersusResults(path), adopt=1)
    fingerprints = [json.loads(json.loads(line)["id"])[0] for line in path.read_text().splitlines()]
    assert fingerprints.count("0123456789abcdef") == 2  # kept in the file, no longer counted
    assert fingerprints.count(ai_fingerprint("mor")) == 2  # the replay, then the game it had to play again


def test_the_versus_bench_replays_only_the_latest_earlier_version(tmp_path):
    """Two earlier versions recorded the same games: only the later one is replayed and kept, and no
    game ends up on two lines."""
    path = tmp_path / "versus.jsonl"
    source = (AI_FOLDER / "mor.py").read_text()
    levels = {"easy": LEVELS["easy"]}
    ai_versus.versus("mor", source, levels, "easy", range(7, 9), 1, None, ai_versus.VersusResults(path))
    today = path.read_text()
    older, later = (today.replace(ai_fingerprint("mor"), name) for name in ("1111111111111111", "0123456789abcdef"))
    path.write_text(older + later)
    results = ai_versus.VersusResults(path)
    assert list(results.earlier_versions([(
        "mor", source, "easy", seed, seed % 2, levels["easy"].written()) for seed in (7, 8)])) == [
        "0123456789abcdef"]
    ai_versus.versus("mor", source, levels, "easy", range(7, 9), 1, None, results, adopt=1)
    fingerprints = [json.loads(json.loads(line)["id"])[0] for line in path.read_text().splitlines()]
    assert sorted(fingerprints) == sorted(["1111111111111111"] * 2 + [ai_fingerprint("mor")] * 2)


def test_rekeying_keeps_one_line_per_game(recorded):
    """A game re-keyed onto an id the file already holds keeps a single line, the last."""
    lines = recorded.read_text().splitlines()
    replay = json.loads(lines[0])
    replay["id"] = ai_strength.RESULTS.identity(JOBS[0])
    recorded.write_text("\n".join([*lines, json.dumps(replay)]) + "\n")
    results = Results(recorded)
    results.rekey({json.loads(lines[0])["id"]: replay["id"]}, set())
    ids = [json.loads(line)["id"] for line in recorded.read_text().splitlines()]
    assert len(ids) == len(set(ids)) == 3 and ids[-1] == replay["id"]
    assert results.known == Results(recorded).known
