"""Help for newcomers through Discord: ``/<game> card`` for any component of every game (with
suggestions of the names), ``/game rules topic:`` for every game (a rule by its ID too), and ``/game help``:
short, what to press, every topic in a select, never cut."""

from __future__ import annotations

import re

import pytest
from bottega_harness import Table

from bot.refusals import RULE_ID
from cogs.cards import entries


@pytest.mark.parametrize(("key", "typed", "ident", "words"), [
    ("lim", "woods", "2", "Woods: territory card (the green tower)"),
    ("lim", "pico", "pico", "Requires: 2 building cards and 4 venture cards"),
    ("lim", "E3-4", "E3-4", "lose 1 VP for every 5 VP"),
    ("opera", "M09", "M09", "a shield"),
    ("opera", "T1-1", "T1-1", "worksite token of level 1"),
    ("opera", "bazaar", "CON-1", "Grand bazaar (CON-1): city ability"),
    ("mor", "L5", "L5", "L5"),
])
async def test_card_shows_any_component_with_its_effects(table: Table, key, typed, ident, words):
    offered = await table.alice.autocomplete(table.channel, f"{key} card", "card", typed)
    assert ident in [choice["value"] for choice in offered]
    shown = await table.alice.slash(table.channel, f"{key} card", card=ident)
    assert shown.ephemeral and words in shown.response.content
    assert shown.response.message.attachments, "the component is drawn large"
    assert table.channel.last_message is None, "nothing is posted in the channel"


async def test_an_unknown_card_is_refused_with_a_hint(table: Table):
    refused = await table.alice.slash(table.channel, "opera card", card="Z99")
    assert "Opera Magna has no card, leader, tile or building 'Z99'" in refused.response.content


def test_every_component_of_lorenzo_and_opera_has_a_description():
    lim, opera = entries("lim"), entries("opera")
    assert len(lim) == 96 + 20 + 21 and len(opera) == 66 + 36 + 12 + 6
    for entry in [*lim.values(), *opera.values()]:
        assert len(entry.lines) >= 2 and all(text.strip() for text in entry.lines)
        assert "_" not in " ".join(entry.lines[1:]), f"an internal name in {entry.ident}: {entry.lines}"


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
async def test_rules_topics_answer_for_every_game(table: Table, key):
    await table.alice.slash(table.channel, "game new", game=key, players=2)
    topics = await table.alice.autocomplete(table.channel, "game rules", "topic", "")
    assert len(topics) >= 7
    shown = await table.alice.slash(table.channel, "game rules", topic=topics[1]["value"])
    assert shown.ephemeral and f"({key.upper() if key != 'opera' else 'OM'}-" in shown.response.content
    listing = await table.alice.slash(table.channel, "game rules")
    assert all(f"`{topic['value']}`" in listing.response.content for topic in topics)


async def test_rules_of_another_game_can_be_asked_anywhere(table: Table):
    topics = await table.alice.autocomplete(table.channel, "game rules", "topic", "vatic", game="lim")
    assert [topic["value"] for topic in topics] == ["vatican"]
    shown = await table.alice.slash(table.channel, "game rules", topic="vatican", game="lim")
    assert "Vatican Report" in shown.response.content and "LIM-VATICAN-1..11" in shown.response.content
    refused = await table.alice.slash(table.channel, "game rules", topic="vatican")
    assert "There is no game in this channel" in refused.response.content


async def test_help_says_what_to_press_and_offers_every_topic_never_cut(table: Table):
    await table.alice.slash(table.channel, "game new", game="lim", players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    mover = table.actor()
    other = table.bob if mover is table.alice else table.alice
    helped = await mover.slash(table.channel, "game help")
    shown = helped.response.content
    assert len(shown) <= 2000 and not shown.endswith("…")
    assert "Lorenzo il Magnifico" in shown and f"Now playing: **{mover.name}**." in shown
    assert "Press **Your move** on the latest board" in shown and "notation:" not in shown
    [select] = [c for c in helped.response.message.components[0].children]
    values = [option.value for option in select.options]
    assert values[:2] == ["commands", "pace"]
    assert {value.removeprefix("rules:") for value in values[2:]} >= {"council", "market", "towers", "vatican"}
    for value in values:
        answer = await mover.select(helped.response.message, custom_id=select.custom_id, values=[value])
        assert answer.response.content and len(answer.response.content) <= 2000
    pace = await mover.select(helped.response.message, custom_id=select.custom_id, values=["pace"])
    assert all(f"`/game {name}`" in pace.response.content for name in ("since", "away", "quiet", "notify", "undo"))
    council = await mover.select(helped.response.message, custom_id=select.custom_id, values=["rules:council"])
    assert "Council Palace" in council.response.content
    waiting = (await other.slash(table.channel, "game help")).response.content
    assert "Your move:" not in waiting and ("not your turn" in waiting.lower() or mover.name in waiting)


async def test_a_refusal_says_why_in_words_and_names_its_rule_in_a_quiet_last_line(table: Table):
    await table.alice.slash(table.channel, "game new", game="lim", players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    refused = (await table.actor().slash(table.channel, "lim move", notation="place white council servants:99"))
    *reason, last = refused.response.content.split("\n")
    assert re.fullmatch(r"-# rule LIM-[A-Z]+-\d+", last), refused.response.content
    assert reason and not RULE_ID.search("\n".join(reason)), "the sentence holds no rule ID"


async def test_a_rule_a_refusal_names_opens_by_its_id(table: Table):
    shown = await table.alice.slash(table.channel, "game rules", topic="LIM-COUNCIL-4", game="lim")
    assert "Council Palace" in shown.response.content
