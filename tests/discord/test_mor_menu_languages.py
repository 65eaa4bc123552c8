"""Masters of Renaissance's own menus in each player's language: the questions, options, buttons
and placeholders a member opens are in their Discord language, the board's buttons and lines in
the table's, and every component stays within Discord's limits in every language."""

from __future__ import annotations

import re
from typing import Any

import simcord
from bottega_harness import Table, text_of
from test_languages import JAPANESE, KOREAN, LOCALES, member_locales  # noqa: F401 - the locale fixture

from test_mor_commands import BUTTON, SELECT, items, labels, select_of

HANGUL_OR_KANA = re.compile(f"{JAPANESE.pattern}|{KOREAN.pattern}")


def within_limits(message: Any) -> list[dict[str, Any]]:
    """The buttons and selects of a private menu, after checking Discord's limits on them."""
    rows = [row if isinstance(row, dict) else row.to_dict() for row in message.components]
    assert len(rows) <= 5
    found = items(message)
    for item in found:
        assert len(item["custom_id"]) <= 100
        assert len(item.get("label") or "") <= 80
        assert len(item.get("placeholder") or "") <= 150
        options = item.get("options", [])
        assert len(options) <= 25
        assert all(len(o["label"]) <= 100 and len(o["value"]) <= 100 and len(o.get("description") or "") <= 100
                   for o in options)
    return found


async def seated(bot: Any, table: Table, players: int, table_language: str = "") -> list[simcord.MemberActor]:
    """alice opens a Masters table (in ``table_language`` if given), the others join, it starts;
    the members by seat."""
    await table.alice.slash(table.channel, "game new", game="mor", players=players)
    if table_language:
        await table.alice.slash(table.channel, "game settings", language=table_language)
    for member in [table.bob, table.carol][: players - 1]:
        await member.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    found = await bot.service.table(table.channel.id)
    return [table.member(found.user_of(seat)) for seat in range(players)]


async def keep_leaders(table: Table, member: simcord.MemberActor, script: re.Pattern[str],
                       done: str) -> None:
    """``member`` keeps two leaders (and a starting resource) through menus written in ``script``."""
    opened = (await member.click(table.last(), custom_id=items(table.last())[0]["custom_id"])).response
    assert opened.ephemeral and script.search(text_of(opened)), text_of(opened)
    leaders = select_of(opened)
    within_limits(opened)
    assert script.search(leaders["placeholder"])
    assert all(script.search(o["description"]) for o in leaders["options"]), "each leader's ability in words"
    answer = (await member.select(opened, [o["value"] for o in leaders["options"][:2]])).response
    while not text_of(answer).startswith(done):
        assert script.search(text_of(answer)), text_of(answer)
        resources = within_limits(answer)
        assert all(script.search(b["label"]) for b in resources if b["type"] == BUTTON)
        answer = (await member.click(answer, custom_id=resources[0]["custom_id"])).response


async def test_masters_menus_speak_each_members_language_and_the_board_the_tables(table, simcord_bot):
    """MOR-SETUP-13, MOR-MARKET-2, MOR-WAREHOUSE-8: a Japanese and a Korean member, an English table."""
    LOCALES.update({table.alice.id: "ja", table.bob.id: "ko"})
    seats = await seated(simcord_bot, table, 2)
    script = {table.alice.id: (JAPANESE, "完了しました"), table.bob.id: (KOREAN, "완료")}
    assert labels(table.last())[:2] == ["Choose your leaders", "My leaders"], "the board speaks the table's English"
    for member in seats:
        await keep_leaders(table, member, *script[member.id])
    first = seats[0]
    writing, _ = script[first.id]
    assert labels(table.last())[:4] == ["Market", "Buy", "Produce", "Leaders"]
    menu = (await first.click(table.last(), label="Market")).response
    assert writing.search(text_of(menu)) and "(MOR-MARKET-2)" in text_of(menu).replace("（", "(").replace("）", ")")
    lines = select_of(menu)
    within_limits(menu)
    assert [o["value"] for o in lines["options"]] == ["row-1", "row-2", "row-3", "col-1", "col-2", "col-3", "col-4"]
    assert all(writing.search(o["label"]) for o in lines["options"]), "what each line gives, in words"
    prompt = (await first.select(menu, ["row-1"])).response
    assert writing.search(text_of(prompt)) and "**" in text_of(prompt)
    buttons = [b for b in within_limits(prompt) if b["type"] == BUTTON]
    assert buttons and all(writing.search(b["label"]) for b in buttons)
    board = text_of(table.last())
    assert "took row-1" in board and not HANGUL_OR_KANA.search(board), "public lines stay in the table's language"
    rearrange = next(b for b in buttons if b["label"].endswith("…"))
    layouts = (await first.click(prompt, custom_id=rearrange["custom_id"])).response
    assert writing.search(text_of(layouts))
    best = next(item for item in within_limits(layouts) if item["type"] in (SELECT, BUTTON))
    assert writing.search(best["options"][0]["label"] if best["type"] == SELECT else best["label"])
    stored = await (first.select(layouts, [best["options"][0]["value"]]) if best["type"] == SELECT
                    else first.click(layouts, custom_id=best["custom_id"]))  # the layout that keeps the most
    assert stored.response.content.startswith(script[first.id][1]), stored.response.content
    assert "stored their resources" in text_of(table.last()) and not HANGUL_OR_KANA.search(text_of(table.last()))


async def test_a_japanese_table_shows_its_board_buttons_in_japanese_and_an_english_member_english_menus(
        table, simcord_bot):
    LOCALES.update({table.bob.id: "ko"})
    seats = await seated(simcord_bot, table, 2, table_language="ja")
    assert labels(table.last())[:2] == ["リーダーカードを選ぶ", "自分のリーダー"]
    alice = next(member for member in seats if member is table.alice)
    opened = (await alice.click(table.last(), label="リーダーカードを選ぶ")).response
    assert text_of(opened).startswith("Keep 2 of your 4 leaders") and select_of(opened)["placeholder"] == "Choose…"
    korean = (await table.bob.click(table.last(), label="リーダーカードを選ぶ")).response
    assert text_of(korean).startswith("인물 카드 4장 중 2장을 남기세요") and select_of(korean)["placeholder"] == "고르세요…"


async def test_masters_suggestions_and_card_details_come_in_the_members_language(table, simcord_bot):
    LOCALES.update({table.alice.id: "ja", table.bob.id: "ko"})
    seats = await seated(simcord_bot, table, 1)
    lines = await seats[0].autocomplete(table.channel, "mor market", "line", "")
    assert [c["value"] for c in lines][:3] == ["row-1", "row-2", "row-3"]
    assert all(JAPANESE.search(c["name"]) and len(c["name"]) <= 100 for c in lines)
    assert await seats[0].autocomplete(table.channel, "mor market", "line", "row-2") == [lines[1]]
    card = await table.bob.slash(table.channel, "mor card", card="c12")
    assert "c12" in card.response.content and "승점" in card.response.content
    named = await table.bob.autocomplete(table.channel, "mor card", "card", "yellow")
    assert named and all("노랑" in c["name"] for c in named), "what was typed in English still finds them"
