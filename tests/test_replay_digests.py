"""The engines' speed-ups changed no play: seeded random games of every game, player count and
option set give the same states, events, legal moves, views and results as the digests recorded
before them, and the playouts' fast path (``simulate``) ends every move as ``apply`` does."""

from __future__ import annotations

import json

from tests.support.replay_digest import RECORDED, digests


def test_seeded_random_games_replay_to_the_recorded_digests():
    recorded = json.loads(RECORDED.read_text())
    found = digests()
    assert sorted(found) == sorted(recorded)
    assert [name for name in found if found[name] != recorded[name]] == []
