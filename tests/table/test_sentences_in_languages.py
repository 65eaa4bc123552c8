"""Public lines of the table built as one translatable sentence: English as before, whole in Japanese
and Korean (no English fragment left around a translated name)."""

import json
import re
from datetime import timedelta
from types import SimpleNamespace

import pytest

import games
from i18n import translate
from bot.presentation import PlainText
from bot.table.boards import highlight_text
from bot.table.clocks import BANK_CLOCK, settings_text, short
from bot.table.community import _games
from bot.table.history import room_taken
from bot.table.members import NOT_AWAY, SET_QUIET, back_line
from bot.table.model import Clipped, Strong, TableError, game_title, line, one_after_another, plain, said
from bot.table.score_labels import HIDDEN, SCORE_LABELS, score_breakdown
from bot.table.timing import duration
from bot.table.turns import decode, encode
from bot.table.undo import ACTED_SINCE, NOT_YOURS
from games.core import Message
from tests.support.played import played_to_the_end

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


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


# ------------------------------------------------------------------ texts swept into templates
def test_a_moves_events_joined_stay_translated_one_by_one():
    events = [Message("{player} passed.", player="Ada"), Message("Game over.")]
    joined = one_after_another(events)
    assert joined == "Ada passed. Game over."
    for language in ("ja", "ko"):
        separator = "" if language == "ja" else " "
        assert translate(joined, language) == separator.join(translate(e, language) for e in events)
    assert translate(Message("{events} (taken back)", events=joined), "ja").endswith("（取り消し済み）")


def test_a_log_entry_is_cut_once_written_in_its_readers_language():
    long = one_after_another([Message("You have no quiet hours. {how}", how=SET_QUIET)] * 3)
    shown = PlainText(str).part(Clipped(long, 30), "ja")
    assert len(shown) == 30 and shown.endswith("…") and JAPANESE.search(shown)
    assert plain(line(Clipped(long, 30))) == long[:29] + "…"


def test_undo_and_catch_up_refusals_are_templates_with_the_players_name():
    for template in (NOT_YOURS, ACTED_SINCE):
        refusal = TableError(template, name="Bea").message
        assert "Bea" in refusal and "{name}" not in refusal
        for language in ("ja", "ko"):
            assert "Bea" in translate(refusal, language) and not re.search(r"\b(move|since)\b",
                                                                          translate(refusal, language))
    assert translate(TableError(NOT_AWAY).message, "ja").startswith("あなたは休暇中ではありません。")


def test_final_scores_and_the_clock_read_in_the_tables_language():
    detail = score_breakdown({"vp_before_scoring": 23, "military": 2, "total": 25})
    assert detail == "during the game 23, military track 2"
    assert translate(detail, "ja") == "ゲーム中 23、軍事トラック 2"
    assert translate(detail, "ko") == "게임 중 23, 군사 트랙 2"
    assert (short(2 * 86400 + 3 * 3600), short(5 * 3600 + 20 * 60)) == ("2d 3h", "5h 20m")
    assert translate(short(2 * 86400 + 3 * 3600), "ja") == "2日3時間"


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
def test_every_scoring_category_of_a_finished_game_has_words(key):
    game = games.get(key)
    state = played_to_the_end(game, 2, 11, 11)
    categories = {name for score in game.result(state)["scores"] for name in score["breakdown"]} - HIDDEN
    assert categories <= set(SCORE_LABELS), categories - set(SCORE_LABELS)


def test_a_bold_title_stays_translatable_in_a_stored_turn_and_on_the_board_image():
    begins = said("{game} begins. Seats: {seating}.", game=Strong(game_title(games.get("opera"))),
                  seating="1. Ada, 2. Bea")
    stored = decode(json.loads(json.dumps(encode([begins]))))
    assert PlainText(str).part(stored[0][0], "ja").startswith("オペラ・マグナ")
    assert "オペラ・マグナ" in highlight_text(begins, "ja") and "Opera Magna" in highlight_text(begins, None)
