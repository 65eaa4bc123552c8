"""Lorenzo's event lines and decisions read whole in Japanese and Korean, not only the sentence
around them."""

from __future__ import annotations

import re

import games
from i18n import translate


def test_a_lorenzo_take_line_reads_whole_in_japanese_and_korean():
    """How a card was taken (which family member, the servants, the fee of an occupied tower, its
    cost) is written in the table's language, not only the sentence around it (LIM-TOWER-7)."""
    import random

    lim = games.get("lim")
    state, chooser, seen = lim.setup(4, 11), random.Random(11), []
    while lim.result(state) is None and len(seen) < 40:
        seat = min(lim.actors(state))
        state, events = lim.apply(state, seat, chooser.choice(lim.legal_actions(state, seat)))
        seen += [e["text"] for e in events if e["type"] == "take" and e["text"].params.get("paid")]
    assert seen, "some cards were taken with servants, a fee or a cost"
    for text in seen:
        english = str(text.with_names(["Ada", "Bea", "Cy", "Di"]))
        assert ", paying " in english
        for language, script in (("ja", r"[\u3040-\u30ff\u4e00-\u9fff]"), ("ko", r"[\uac00-\ud7af]")):
            written = translate(text.with_names(["Ada", "Bea", "Cy", "Di"]), language)
            assert re.search(script, written) and "paying" not in written and "family member" not in written, written


def test_a_lorenzo_production_exchange_prompt_reads_whole_in_japanese_and_korean():
    """The choices of a production exchange (LIM-PROD-7) are listed in the reader's language."""
    import random

    from games.lim.view import describe_decision

    lim = games.get("lim")
    state, chooser = lim.setup(2, 0), random.Random(0)
    while not (state["pending"] and state["pending"][0]["kind"] == "exchange"):
        seat = min(lim.actors(state))
        state, _ = lim.apply(state, seat, chooser.choice(lim.legal_actions(state, seat)))
    asked = describe_decision(state, state["pending"][0])
    assert "1 = pay 1 coin" in asked
    assert "pay" not in translate(asked, "ja").replace("'", " ").split() and "を支払う" in translate(asked, "ja")
    assert "지불" in translate(asked, "ko") and "= pay" not in translate(asked, "ko")
