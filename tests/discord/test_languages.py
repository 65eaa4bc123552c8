"""Bottega in Japanese and Korean through Discord: command localisations, private replies in the
member's Discord language, public lines in the table's language, a whole game in Japanese."""

from __future__ import annotations

import io
import random
import re

import pytest
import simcord
from bottega_harness import move, text_of, controls_of, answered
from locales import JAPANESE, KOREAN, LOCALES
from PIL import Image

from rendering import kit
from tests.rendering.glyphs import missing_glyphs, record_fonts

pytestmark = pytest.mark.usefixtures("member_locales")


def command_puts(env: simcord.Env) -> list:
    return [r for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]


def localised(item: dict, field: str) -> bool:
    found = item.get(f"{field}_localizations") or {}
    return bool(found.get("ja")) and bool(found.get("ko"))


async def test_synced_commands_carry_japanese_and_korean(env, table):
    [put] = command_puts(env)
    pending = [command for command in put.json if command["name"] != "duel"]  # the tests' own game
    checked = 0
    while pending:
        item = pending.pop()
        assert localised(item, "description"), item["name"]
        for choice in item.get("choices") or []:
            if choice["value"] == "duel":
                continue
            assert localised(choice, "name"), (item["name"], choice["name"])
        pending.extend(item.get("options") or [])
        checked += 1
    assert checked > 50
    game = next(c for c in put.json if c["name"] == "game")
    assert game["description_localizations"]["ja"] == "このチャンネルのゲーム卓を開く・参加する・管理する。"
    assert "name_localizations" not in game or not game["name_localizations"]  # names stay /game ...


async def test_a_refusal_a_hand_and_help_come_in_the_members_language(table):
    LOCALES.update({table.alice.id: "ja", table.bob.id: "ko"})
    await table.open(2)
    refused = await table.bob.slash(table.channel, "game join")
    assert refused.response.content == "이 게임은 이미 시작했습니다. 이제 자리를 바꿀 수 없습니다."
    help_reply = await table.alice.slash(table.channel, "game help")
    assert "このチャンネルでは" in help_reply.response.content
    commands = await table.alice.select(help_reply.response.message, ["commands"])
    assert "`/game new`: このチャンネル（または新しいスレッド）にゲームの卓を開きます。" in answered(commands)
    hand = await table.bob.slash(table.channel, "duel hand")
    assert hand.ephemeral and hand.response.content.startswith("당신의 자리:")
    outsider = await table.carol.slash(table.channel, "duel hand")
    assert outsider.response.content == "You are not playing at this table."


async def test_an_engine_refusal_names_its_rule_in_the_members_language(table):
    LOCALES.update({table.alice.id: "ja"})
    await table.alice.slash(table.channel, "game new", game="mor", players=1)
    await table.alice.slash(table.channel, "game start")
    refused = await table.alice.slash(table.channel, "mor move", notation="market row-1")
    assert "リーダーカード" in refused.response.content and "(MOR-" not in refused.response.content
    assert re.search(r"（MOR-[A-Z]+-\d+）|MOR-[A-Z]+-\d+", refused.response.content)


async def test_public_lines_use_the_tables_language(env, table):
    LOCALES.update({table.alice.id: "ja", table.bob.id: "ko"})
    opened = await table.alice.slash(table.channel, "game new", game="duel", players=3)
    assert opened.response.content.startswith("卓を開きました")  # alice reads her own reply in Japanese
    assert "opened a table of" in text_of(table.last())  # the server speaks English, so does the table
    changed = await table.alice.slash(table.channel, "game settings", language="ko")
    assert changed.ephemeral is False or changed.response is not None
    assert "이제 이 테이블의 메시지는 한국어(으)로 표시됩니다." in text_of(table.last())
    await table.carol.slash(table.channel, "game join")
    assert text_of(table.last()).startswith("**carol** 님이 자리에 앉았습니다 (2/3).")
    refused = await table.bob.slash(table.channel, "game settings", language="ja")
    assert refused.response.content.startswith("테이블 설정을 바꿀 수 있는 사람은")


async def test_a_server_with_a_japanese_locale_opens_japanese_tables(env):
    guild = env.create_guild("将棋クラブ", preferred_locale="ja")
    channel = guild.create_text_channel("games")
    host = guild.add_member(env.create_user("hana"))
    await host.slash(channel, "game new", game="duel", players=1)
    assert text_of(channel.last_message).startswith("**hana** さんが")


async def test_a_whole_game_of_masters_of_renaissance_in_japanese(table):
    LOCALES.update({table.alice.id: "ja"})
    chooser = random.Random(2026)
    await table.alice.slash(table.channel, "game new", game="mor", players=1)
    await table.alice.slash(table.channel, "game settings", language="ja")
    start = table.last().id
    posted: set[str] = set()

    def read_channel() -> None:
        """A calm channel edits a turn's message at each step: every text it showed is read."""
        posted.update(text_of(m) for m in table.channel.history() if m.id > start and not m.flags.ephemeral)

    await table.alice.slash(table.channel, "game start")
    for _ in range(400):
        read_channel()
        if "ゲーム終了" in text_of(table.last()):
            break
        choices = await table.alice.autocomplete(table.channel, "mor move", "notation", "")
        assert choices, text_of(table.last())
        result = await move(table.alice, table.channel, "mor", chooser.choice(choices)["value"])
        assert result.response is None or JAPANESE.search(result.response.content), result.response.content
    assert "ゲーム終了" in text_of(table.last())
    read_channel()
    english = [line for text in posted for line in text.splitlines() if line and not JAPANESE.search(line)]
    assert not english, english[:5]


def private_in_japanese(result) -> str:
    """The private answer of ``result`` (and its follow-ups): every line that has words has Japanese."""
    texts = [result.response.content, *(text_of(part) for part in result.followups)]
    assert result.response.ephemeral, texts[0]
    for text in texts:
        for shown in text.splitlines():
            words = re.sub(r"`[^`]*`|<[^>]*>|https://\S+|\*\*[^*]*\*\*|\b(alice|bob)\b", "", shown)
            assert not re.search(r"[A-Za-z]{3}", words) or JAPANESE.search(shown), shown
    return "\n".join(texts)


def labels(message) -> list[str]:
    return [child.label for child in controls_of(message) if getattr(child, "label", None)]


async def test_a_japanese_member_walks_through_a_table_in_japanese_while_it_speaks_english_then_korean(table):
    """Lobby, status, settings, away and back, an undo refused, the log, the catch-up and help: what
    only the member reads is in their Discord language (Japanese), what the channel reads in the
    table's (the server's English, then the Korean the host chooses), button labels included."""
    LOCALES.update({table.alice.id: "ja"})
    opened = await table.alice.slash(table.channel, "game new", game="mor", players=2)
    assert opened.response.content.startswith("卓を開きました")
    assert not JAPANESE.search(text_of(table.last()))  # the server speaks English, so does the table
    lobby = private_in_japanese(await table.alice.slash(table.channel, "game status"))
    assert "プレイヤー" in lobby
    await table.bob.slash(table.channel, "game join")
    private_in_japanese(await table.alice.slash(table.channel, "game help"))
    refused = private_in_japanese(await table.alice.slash(table.channel, "game log"))
    assert "このチャンネルには" in refused or "まだ" in refused
    settled = await table.alice.slash(table.channel, "game settings", reminder_hours=12)
    assert settled.response.content.startswith("完了しました") and not JAPANESE.search(text_of(table.last()))
    await table.alice.slash(table.channel, "game start")
    board = table.last()
    assert not JAPANESE.search(text_of(board)) and "Since your move" in labels(board)
    private_in_japanese(await table.alice.slash(table.channel, "game status"))
    assert private_in_japanese(await table.alice.slash(table.channel, "game undo")) == "取り消せるあなたの手はありません。"
    assert private_in_japanese(await table.alice.slash(table.channel, "game back")).startswith(
        "あなたは休暇中ではありません。")

    away = private_in_japanese(await table.alice.slash(table.channel, "game away", days=3))
    assert "休暇" in away and "alice" in text_of(table.last()) and not JAPANESE.search(text_of(table.last()))
    private_in_japanese(await table.alice.slash(table.channel, "game back"))
    assert "**alice** is back" in text_of(table.last())

    changed = await table.alice.slash(table.channel, "game settings", language="ko")
    assert changed.response.content.startswith("完了しました") and KOREAN.search(text_of(table.last()))
    for player in (table.alice, table.bob):  # both keep their leaders: the game's first moves
        choices = await player.autocomplete(table.channel, "mor move", "notation", "")
        await player.slash(table.channel, "mor move", notation=choices[0]["value"])
    board = table.last()
    assert KOREAN.search(text_of(board)) and "내 수 이후" in labels(board)
    log = private_in_japanese(await table.alice.slash(table.channel, "game log"))
    assert "非公開の手" in log
    private_in_japanese(await table.alice.slash(table.channel, "game since"))
    private_in_japanese(await table.alice.slash(table.channel, "game status"))
    await table.env.advance_time(3600)  # a second vacation begins later than the first
    private_in_japanese(await table.alice.slash(table.channel, "game away", days=2))
    assert KOREAN.search(text_of(table.last())) and not JAPANESE.search(text_of(table.last()))
    private_in_japanese(await table.alice.slash(table.channel, "game back"))
    assert "**alice**이(가) 돌아왔습니다" in text_of(table.last())


async def test_a_japanese_tables_board_is_drawn_in_japanese_with_every_glyph(table, monkeypatch):
    """Two tables of the same seed, one English and one Japanese, after the same first move: the
    Japanese board is another picture, its words (the last move, the turn clocks, the labels) in
    Japanese, and every character it draws is in the font that draws it (no tofu boxes)."""
    drawn = record_fonts(monkeypatch)
    boards: dict[str, tuple] = {}
    lines: dict[str, list[tuple[str, str]]] = {}
    for language, channel in (("en", table.channel), ("ja", table.guild.create_text_channel("ゲーム"))):
        await table.alice.slash(channel, "game new", game="mor", players=1)
        await table.alice.slash(channel, "game settings", language=language, turn_hours="24")
        await table.alice.slash(channel, "game start")
        kit._text_mask.cache_clear()  # each table's board measures and draws its lines afresh
        kit.text_width.cache_clear()
        drawn.clear()
        first = (await table.alice.autocomplete(channel, "mor move", "notation", ""))[0]
        await table.alice.slash(channel, "mor move", notation=first["value"])
        board = next(m for m in reversed(list(channel.history())) if m.attachments
                     and m.attachments[0].filename.startswith("mor-"))
        boards[language] = pixels(await board.attachments[0].read())
        lines[language] = list(drawn)
    assert boards["ja"] != boards["en"]
    japanese = [value for value, _ in lines["ja"] if JAPANESE.search(value)]
    assert any("UTC" in value for value in japanese) and len(japanese) > 3, japanese
    missing = missing_glyphs(lines["ja"])
    assert not missing, sorted(missing)[:5]
    assert not any(JAPANESE.search(value) for value, _ in lines["en"])


def pixels(data: bytes) -> tuple[tuple[int, int], bytes]:
    with Image.open(io.BytesIO(data)) as image:
        return image.size, image.convert("RGB").tobytes()
