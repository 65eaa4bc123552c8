"""Buttons and selects are labelled in their reader's language (``bot.views.in_language``)."""

from __future__ import annotations

import discord

from bot.components import menu_view
from bot.guided import GuideSelect
from bot.table import Reply
from bot.views import in_language
from i18n import Message, translate


async def test_buttons_are_labelled_in_their_readers_language():
    view = menu_view(Reply(acting=[1], game_id=4, version=7))
    assert [child.item.label for child in view.children] == ["Your move", "Since your move"]
    in_language(view, "ko")
    assert [child.item.label for child in view.children] == ["당신의 차례", "내 수 이후"]
    picker = discord.ui.View(timeout=None)
    picker.add_item(GuideSelect(4, 7, options=[discord.SelectOption(label="add 1")], placeholder="Choose…"))
    assert in_language(picker, "ja").children[0].item.placeholder == translate(Message("Choose…"), "ja") != "Choose…"
