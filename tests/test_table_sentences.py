"""Public lines of the table built as one translatable sentence: English as before, whole in Japanese
and Korean (no English fragment left around a translated name)."""

from bot.i18n import translate
from bot.table.community import _games
from bot.table.history import room_taken
from bot.table.members import back_line
from bot.table.model import Strong, line, said


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
