"""Component names and rules help in the member's language through Discord: ``/lim card`` and
``/opera card`` for a Japanese and a Korean member (suggestions matched by a name in their
language), ``/game rules`` in Japanese and Korean, and a card's name in an event line at a
Japanese table."""

from __future__ import annotations

import pytest
from bottega_harness import Table, text_of
from locales import JAPANESE, KOREAN, LOCALES

from i18n import name_in
from games.core import Name
from games.lim.data import card_name

WRITING = {"ja": JAPANESE, "ko": KOREAN}

pytestmark = pytest.mark.usefixtures("member_locales")


@pytest.mark.parametrize(("language", "key", "typed", "ident", "words"), [
    ("ja", "lim", "林", "2", "林：領地カード（緑の塔）、第1時代。"),
    ("ko", "lim", "숲", "2", "숲: 영토 카드(초록 탑), 1시대."),
    ("ja", "lim", "ピコ", "pico", "条件：建物カード2枚と事業カード4枚"),
    ("ko", "lim", "woods", "2", "가져올 때: 목재 ×1 받기."),
    ("ja", "opera", "バザール", "CON-1", "グランド・バザール（CON-1）：都市の能力。"),
    ("ko", "opera", "바자르", "CON-1", "그랜드 바자르 (CON-1): 도시 능력."),
    ("ja", "opera", "M09", "M09", "盾（1手番に1回"),
])
async def test_card_is_named_and_described_in_the_members_language(table: Table, language, key, typed, ident,
                                                                   words):
    LOCALES[table.alice.id] = language
    offered = await table.alice.autocomplete(table.channel, f"{key} card", "card", typed)
    assert offered[0]["value"] == ident and WRITING[language].search(offered[0]["name"])
    shown = await table.alice.slash(table.channel, f"{key} card", card=ident)
    assert shown.ephemeral and words in shown.response.content
    assert shown.response.message.attachments


async def test_a_card_typed_by_its_name_in_the_members_language_is_found(table: Table):
    LOCALES.update({table.alice.id: "ja", table.bob.id: "ko"})
    by_japanese = await table.alice.slash(table.channel, "lim card", card="レオナルド・ダ・ヴィンチ")
    assert by_japanese.response.content.startswith("レオナルド・ダ・ヴィンチ（`leonardo`）：リーダー。")
    by_english = await table.bob.slash(table.channel, "lim card", card="Leonardo da Vinci")
    assert by_english.response.content.startswith("레오나르도 다 빈치 (`leonardo`): 리더.")


@pytest.mark.parametrize(("language", "title", "text"), [
    ("ja", "バチカン報告", "教会を支持すると信仰トラックの得点を得て"),
    ("ko", "바티칸 보고", "교회를 지지하면 신앙 트랙의 점수를 얻고"),
])
async def test_rules_help_comes_in_the_members_language(table: Table, language, title, text):
    LOCALES[table.alice.id] = language
    topics = await table.alice.autocomplete(table.channel, "game rules", "topic", title[:3], game="lim")
    assert [topic["value"] for topic in topics] == ["vatican"] and topics[0]["name"] == title
    shown = await table.alice.slash(table.channel, "game rules", topic="vatican", game="lim")
    assert f"**{title}** (LIM-VATICAN-1..11): " in shown.response.content and text in shown.response.content
    listing = await table.alice.slash(table.channel, "game rules", game="opera")
    assert "`merchant`" in listing.response.content and WRITING[language].search(listing.response.content)


async def test_mor_rules_come_in_the_members_language(table: Table):
    LOCALES[table.alice.id] = "ko"
    shown = await table.alice.slash(table.channel, "game rules", topic="buy", game="mor")
    assert shown.response.content.startswith("**구매** (MOR-BUY-1..16): 어느 더미든")


async def test_a_taken_cards_name_is_written_in_the_tables_language(simcord_bot, table: Table):
    await table.alice.slash(table.channel, "game new", game="lim", players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game settings", language="ja")
    await table.alice.slash(table.channel, "game start")
    mover = table.actor()
    taken = (await simcord_bot.service.table(table.channel.id)).state["towers"]["green"][0]
    await mover.slash(table.channel, "lim move", notation="place neutral green-1")
    posted = text_of(table.last())
    japanese = name_in(card_name(taken), "ja")
    assert japanese in posted and str(card_name(taken)) not in posted, posted


def test_a_name_is_written_in_english_without_a_names_file_entry():
    assert name_in(Name("lim", "no-such-card", "Mystery"), "ja") == "Mystery"
