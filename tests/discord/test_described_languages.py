"""The engines' descriptions of moves through Discord, in the member's language: ``/<game> move``
suggestions labelled in Japanese or Korean with the notation unchanged as their value, matched
against the translated label and the notation, and the guided menu (options, headings, preview,
Confirm and Cancel) in Japanese."""

from __future__ import annotations

import re

import pytest
import simcord
from bottega_harness import Table, text_of
from component_payloads import BUTTON, MAX_STEPS, SELECT, items, pinged
from locales import JAPANESE, KOREAN, LOCALES

SCRIPT = {"ja": JAPANESE, "ko": KOREAN}
WORD = {"ja": re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]{2,}"), "ko": re.compile(r"[\uac00-\ud7a3]{2,}")}

pytestmark = pytest.mark.usefixtures("member_locales")


async def two_players(table: Table, key: str, alice: str, bob: str) -> None:
    LOCALES.update({table.alice.id: alice, table.bob.id: bob})
    await table.alice.slash(table.channel, "game new", game=key, players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")


async def suggested(member: simcord.MemberActor, table: Table, key: str, typed: str, locale: str) -> list[dict]:
    """``member``'s suggestions for ``typed`` with their Discord client in ``locale``."""
    kept = LOCALES[member.id]
    LOCALES[member.id] = locale
    try:
        return await member.autocomplete(table.channel, f"{key} move", "notation", typed)
    finally:
        LOCALES[member.id] = kept


@pytest.mark.parametrize("key", ["lim", "opera", "mor"])
async def test_suggestions_are_labelled_in_the_members_language_with_the_notation_as_value(table, key):
    await two_players(table, key, "ja", "ko")
    seen: set[str] = set()
    for _ in range(8):
        mover = pinged(table)[0]
        language = LOCALES[mover.id]
        offered = await suggested(mover, table, key, "", language)
        english = await suggested(mover, table, key, "", "en-US")
        assert offered and len(offered) <= 25 and all(len(c["name"]) <= 100 for c in offered)
        assert all(SCRIPT[language].search(c["name"]) for c in offered), offered
        assert [c["value"] for c in offered] == [c["value"] for c in english], "the values stay the notation"
        assert all(c["name"] != e["name"] for c, e in zip(offered, english))
        first = offered[0]
        word = WORD[language].search(first["name"]).group(0)
        by_label = await suggested(mover, table, key, word, language)
        assert first["value"] in [c["value"] for c in by_label] and all(word in c["name"] for c in by_label)
        by_notation = await suggested(mover, table, key, first["value"], language)
        assert first["value"] in [c["value"] for c in by_notation]
        seen.add(language)
        played = (await mover.slash(table.channel, f"{key} move", notation=first["value"])).response
        assert played is None or SCRIPT[language].search(played.content), "the next menu, in their language"
        if seen == {"ja", "ko"}:
            break
    assert seen == {"ja", "ko"}


@pytest.mark.parametrize("key", ["lim", "opera"])
async def test_a_guided_menu_is_written_in_the_members_japanese(table, key):
    """Options, headings, the preview and its buttons are Japanese; Cancel goes back, Confirm plays."""
    await two_players(table, key, "ja", "ja")
    mover = pinged(table)[0]
    result = await mover.click(table.last(), label="Your move")
    cancelled = False
    for _ in range(MAX_STEPS):
        message = result.response
        assert message is not None and message.ephemeral
        lines = [line for line in text_of(message).splitlines() if line]
        assert all(JAPANESE.search(line) for line in lines), text_of(message)
        found = items(message)
        buttons = {i["label"]: i for i in found if i["type"] == BUTTON}
        if "確定" in buttons:
            assert "支払い：" in text_of(message) and "／獲得：" in text_of(message)
            assert set(buttons) <= {"確定", "キャンセル"}
            if "キャンセル" in buttons and not cancelled:  # back to a menu, then the same choices again
                result = await mover.click(message, custom_id=buttons["キャンセル"]["custom_id"])
                cancelled = True
                continue
            done = (await mover.click(message, label="確定")).response
            assert JAPANESE.search(text_of(done)) and "確定" not in str(items(done)), text_of(done)
            return
        assert text_of(message).endswith("選んでください："), text_of(message)
        assert set(buttons) <= {"◀ 前へ", "次へ ▶", "最初から", "ヒント"}
        select = next(i for i in found if i["type"] == SELECT)
        assert select["placeholder"] == "選んでください…"
        assert all(JAPANESE.search(o["label"]) for o in select["options"]), select["options"]
        previewed = [o["value"] for o in select["options"] if not o["value"].startswith("p:")]
        result = await mover.select(message, previewed[:1], custom_id=select["custom_id"])
    raise AssertionError(f"the menu did not end in a move: {result.response.content}")
