"""The guided menu's screens (bot/menus.py): levels, pages within Discord's limits, previews and
the order of suggestions, from descriptions alone."""

from __future__ import annotations

import pytest

from bot.menus import OPTION_LIMIT, MenuGone, preview, screen, suggestions
from games.core import Description, Message, Step
from games.core.describe import amounts

MEMBER = Step("black", "Black family member (value 5)")
TOWERS = Step("towers", "Towers")


def test_a_level_with_one_group_is_passed_through_and_one_move_is_previewed():
    moves = [Description(f"green-{n}", (MEMBER, TOWERS, Step(f"green-{n}", f"Green {n}"))) for n in (1, 2)]
    top = screen(moves)
    assert top.path == ("black", "towers") and top.title == "Black family member (value 5) › Towers"
    assert [c.value for c in top.choices] == ["g:green-1", "g:green-2"]
    one = screen(moves, ("black", "towers", "green-2"))
    assert one.move == 1 and one.choices == []


def test_more_moves_than_a_select_holds_come_in_pages():
    moves = [Description(f"move {n}", cost=(f"{n} coins",)) for n in range(60)]
    pages = [screen(moves, (), page) for page in range(3)]
    assert [len(p.choices) for p in pages] == [OPTION_LIMIT, OPTION_LIMIT, 10]
    assert {p.pages for p in pages} == {3} and pages[2].choices[-1].value == "m:59"
    assert screen(moves, (), 7).page == 2, "a page past the end shows the last one"
    assert pages[0].choices[3].description == "You pay 3 coins; you get nothing."


def test_moves_that_need_a_confirmation_come_last_and_warn():
    moves = [Description("Discard Sforza", destructive="gone for good"), Description("Pass")]
    shown = screen(moves)
    assert [c.label for c in shown.choices] == ["Pass", "Discard Sforza"]
    assert shown.choices[-1].description == "⚠ gone for good"
    assert preview(moves[0]).endswith("⚠ Are you sure? gone for good")


def test_a_path_no_move_is_under_any_more_is_refused():
    with pytest.raises(MenuGone):
        screen([Description("Pass")], ("leaders",))


def test_long_labels_are_clipped_to_discords_limit():
    shown = screen([Description("x" * 150), Description("y")])
    assert len(shown.choices[0].label) == 100 and shown.choices[0].label.endswith("…")


def test_suggestions_match_label_or_notation_and_keep_the_engines_order():
    described = [("place black green-3", Description("black → green-3: Farm — 2 servants")),
                 ("place white council", Description("white → council: 1 coin + 1 council privilege")),
                 ("leader discard sforza", Description("Discard Sforza", destructive="gone"))]
    assert [n for _, n in suggestions(described, "farm")] == ["place black green-3"]
    assert [n for _, n in suggestions(described, "")] == [n for n, _ in described]
    assert [n for _, n in suggestions(described, "place w")] == ["place white council"]
    label, _ = suggestions(described, "discard")[0]
    assert label == "⚠ Discard Sforza — leader discard sforza"


def test_screens_previews_and_suggestions_are_written_in_the_readers_language():
    """Labels, notes and previews are translated; suggestions match the translated label or the
    notation and keep the notation as their value."""
    leaders = Step("leaders", Message("Leader actions"))
    discard = Description(Message("Discard {leader} for a council privilege", leader="Sforza"), (leaders,),
                          (Message("the {leader} leader", leader="Sforza"),), (Message("1 council privilege"),),
                          destructive=Message("{leader} is gone for the rest of the game.", leader="Sforza"))
    market = Description(Message("{space}: {gain}", space="market-1", gain=amounts("5 coins")),
                         gain=(amounts("5 coins"),))
    top = screen([market, discard], language="ja")
    assert [c.label for c in top.choices] == ["market-1：コイン×5", "リーダーアクション (1)"]
    assert top.choices[0].description == "支払い：なし／獲得：コイン×5"
    assert top.choices[1].description.startswith("⚠ 確認が必要な手があります — Sforzaを捨てて")
    assert preview(discard, "ko").splitlines() == [
        "Sforza을(를) 버리고 의회 특권 얻기", "지불: 리더 Sforza / 획득: 의회 특권 1개",
        "⚠ 정말 하시겠습니까? Sforza은(는) 게임 끝까지 돌아오지 않습니다."]
    described = [("place white market-1", market), ("leader discard sforza", discard)]
    assert suggestions(described, "コイン", "ja") == [("market-1：コイン×5 — place white market-1", "place white market-1")]
    assert [n for _, n in suggestions(described, "discard", "ja")] == ["leader discard sforza"]
    assert suggestions(described, "coins", "ja") == [], "the English label is not what a Japanese member reads"
