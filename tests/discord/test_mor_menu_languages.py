"""Masters of Renaissance's guided menu in each player's language: the screens, options, previews
and placeholders a member opens are in their Discord language, the board's buttons and lines in
the table's, and every component stays within Discord's limits in every language."""

from __future__ import annotations

import re
from typing import Any

import pytest
import simcord
from bottega_harness import Table, text_of
from component_payloads import items
from locales import JAPANESE, KOREAN, LOCALES


SELECT = 3
pytestmark = pytest.mark.usefixtures("member_locales")
HANGUL_OR_KANA = re.compile(f"{JAPANESE.pattern}|{KOREAN.pattern}")


def select_of(message: Any) -> dict[str, Any]:
    return next(item for item in items(message) if item["type"] == SELECT)


def button_labels(message: Any) -> list[str]:
    return [item["label"] for item in items(message) if item["type"] != SELECT]


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


async def keep_leaders(table: Table, member: simcord.MemberActor, script: re.Pattern[str]) -> None:
    """``member`` keeps two leaders (and a starting resource) through menus written in ``script``."""
    menu = (await member.click(table.last(), label="Your move")).response
    while items(menu):
        assert menu.ephemeral and script.search(text_of(menu)), text_of(menu)
        if not any(item["type"] == SELECT for item in items(menu)):  # the preview of the starting resources
            assert all(script.search(label) for label in button_labels(menu))
            menu = (await member.click(menu, custom_id=items(menu)[0]["custom_id"])).response
            continue
        select = select_of(menu)
        assert script.search(select["placeholder"]) and all(script.search(o["label"]) for o in select["options"])
        menu = (await member.select(menu, [select["options"][0]["value"]], custom_id=select["custom_id"])).response


async def test_masters_menus_speak_each_members_language_and_the_board_the_tables(table, simcord_bot):
    """MOR-SETUP-13, MOR-MARKET-2, MOR-WAREHOUSE-8: a Japanese and a Korean member, an English table."""
    LOCALES.update({table.alice.id: "ja", table.bob.id: "ko"})
    seats = await seated(simcord_bot, table, 2)
    script = {table.alice.id: JAPANESE, table.bob.id: KOREAN}
    assert button_labels(table.last()) == ["Your move", "Since your move"], "the board speaks the table's English"
    for member in seats:
        await keep_leaders(table, member, script[member.id])
    first = seats[0]
    writing = script[first.id]
    menu = (await first.click(table.last(), label="Your move")).response
    top = select_of(menu)
    assert writing.search(text_of(menu)) and all(writing.search(o["label"]) for o in top["options"])
    market = (await first.select(menu, ["g:market"], custom_id=top["custom_id"])).response
    lines = select_of(market)
    assert len(lines["options"]) == 7 and all(writing.search(o["label"]) for o in lines["options"])
    preview = (await first.select(market, [lines["options"][0]["value"]], custom_id=lines["custom_id"])).response
    assert writing.search(text_of(preview)) and all(writing.search(label) for label in button_labels(preview))
    stored = (await first.click(preview, custom_id=items(preview)[0]["custom_id"])).response
    board = text_of(table.last())
    assert "took row 1 from the market" in board and not HANGUL_OR_KANA.search(board), "public lines stay in the table's language"
    layouts = select_of(stored)
    assert writing.search(text_of(stored)) and all(writing.search(o["label"]) for o in layouts["options"])


async def test_a_japanese_table_shows_its_board_buttons_in_japanese_and_an_english_member_english_menus(
        table, simcord_bot):
    LOCALES.update({table.bob.id: "ko"})
    seats = await seated(simcord_bot, table, 2, table_language="ja")
    assert button_labels(table.last())[0] == "あなたの手番"
    alice = next(member for member in seats if member is table.alice)
    opened = (await alice.click(table.last(), label="あなたの手番")).response
    assert "Choose your leaders" in text_of(opened) and select_of(opened)["placeholder"] == "Choose…"
    korean = (await table.bob.click(table.last(), label="あなたの手番")).response
    assert KOREAN.search(text_of(korean)) and select_of(korean)["placeholder"] == "고르세요…"


async def test_masters_suggestions_and_card_details_come_in_the_members_language(table, simcord_bot):
    LOCALES.update({table.alice.id: "ja", table.bob.id: "ko"})
    seats = await seated(simcord_bot, table, 1)
    offered = await seats[0].autocomplete(table.channel, "mor move", "notation", "")
    assert offered and all(JAPANESE.search(c["name"]) and len(c["name"]) <= 100 for c in offered)
    card = await table.bob.slash(table.channel, "mor card", card="c12")
    assert "c12" in card.response.content and "승점" in card.response.content
    named = await table.bob.autocomplete(table.channel, "mor card", "card", "yellow")
    assert named and all("노랑" in c["name"] for c in named), "what was typed in English still finds them"
