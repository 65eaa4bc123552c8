"""Public lines of the table built as one translatable sentence: English as before, whole in Japanese
and Korean (no English fragment left around a translated name)."""

from datetime import timedelta
from types import SimpleNamespace

from bot.i18n import translate
from bot.table.clocks import BANK_CLOCK, settings_text
from bot.table.community import _games
from bot.table.history import room_taken
from bot.table.members import back_line
from bot.table.model import Strong, line, said
from bot.table.timing import duration


def test_back_line_reads_whole_in_every_language():
    (sentence,) = back_line("Ada")
    assert sentence == "Ada is back: their turns here run again."
    assert translate(sentence, "ja") == "Adaが戻りました。この卓での手番がまた進みます。"
    assert translate(sentence, "ko") == "Ada이(가) 돌아왔습니다. 이 테이블에서의 차례가 다시 진행됩니다."


def test_counts_of_games_keep_their_english_plural_and_translate():
    assert (_games(1), _games(3)) == ("1 game", "3 games")
    assert translate(_games(3), "ja") == "3ゲーム"


def test_room_taken_counts_the_markup_of_parts_inside_a_sentence():
    words = "Opera Magna: moves (page 1 of 2, newest first)"
    as_parts = line(Strong("Opera Magna: moves"), " (page 1 of 2, newest first)")
    as_sentence = said("{heading} (page {page} of {pages}, newest first)", heading=Strong("Opera Magna: moves"),
                       page=1, pages=2)
    assert room_taken(as_sentence) == room_taken(as_parts) == len(words) + 4


def test_durations_keep_their_english_and_read_as_amounts_in_japanese_and_korean():
    assert (duration(timedelta(days=1)), duration(timedelta(days=7)), duration(timedelta(hours=12))) == (
        "1 day", "7 days", "12 hours")
    assert translate(duration(timedelta(days=7)), "ja") == "7日"
    assert translate(duration(timedelta(hours=12)), "ko") == "12시간"


def test_the_turn_clock_sentence_is_translated_whole():
    row = SimpleNamespace(turn_seconds=12 * 3600, clock=BANK_CLOCK, on_timeout="pause", strike_limit=3,
                          bank_seconds=7 * 86400)
    text = settings_text(row)
    assert text == ("Chess clock: a time bank of 7 days, plus 12 hours back per move; when time runs out the "
                    "table pings and waits.")
    assert translate(text, "ja") == "チェスクロック：持ち時間7日、1手ごとに12時間加算。時間切れになると卓が通知して待ちます。"
