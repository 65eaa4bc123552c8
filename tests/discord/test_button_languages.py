"""Buttons and selects are labelled in their reader's language (``bot.views.in_language``), and a
move's button keeps its notation."""

from __future__ import annotations

from bot.table import Reply
from bot.views import in_language, menu_view, private_moves


async def test_buttons_are_labelled_in_their_readers_language():
    view = menu_view(Reply(acting=[1], game_id=4, version=7))
    assert [child.item.label for child in view.children] == ["Your move", "Since your move"]
    in_language(view, "ko")
    assert [child.item.label for child in view.children] == ["당신의 차례", "내 수 이후"]
    picker = in_language(private_moves(4, 7, [f"add {n}" for n in range(1, 9)]), "ja")
    assert picker.children[0].item.placeholder == "手を選んでください"


async def test_a_moves_button_keeps_its_notation_in_every_language():
    view = in_language(private_moves(4, 7, ["end", "market row-1"]), "ja")
    assert [child.item.label for child in view.children] == ["end", "market row-1"]
