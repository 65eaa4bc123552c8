"""The coach through Discord: the coach setting (``/game settings``, ``/game new``), ``/<game> hint``
and the post-game review's **Your review** button on the final card.

The review's judgement is the coach's (``games/ai/coach.py``, tested there): here a stand-in
review (``tests/support/coach.py``) runs in the bot's real low-priority review worker, so the test
checks the table's side: the job, the final card's new line and button, the private answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from bottega_harness import Table, text_of
from component_payloads import labels, select_of

from bot.config import Config
from bot.menus import GROUP
from bot.table.reviews import ReviewRunner
from games.ai.coach import CoachBudget
from tests.support.coach import review_logged_to


@pytest.fixture
def config(tmp_path: Path) -> Config:
    return Config(token=None, database_path=tmp_path / "bottega.db", dev_guild_id=None, render_workers=0,
                  ai_pause_seconds=0, ai_time_limit_seconds=30)


@pytest.fixture
async def simcord_bot(make_bot, tmp_path):
    bot = await make_bot()  # its review worker runs a stand-in review (closed by make_bot)
    bot.review_runner = ReviewRunner(review=review_logged_to(tmp_path / "reviewed.log"), time_limit=60)
    return bot


async def finish_duel(table: Table) -> None:
    while "Game over." not in text_of(table.last()):
        await table.actor().slash(table.channel, "duel move", notation="add 3")


async def test_the_final_card_gets_the_biggest_swing_and_a_your_review_button(table, env):
    env.bot.reviews.stop()  # the test runs the review pass itself
    await table.open()
    await finish_duel(table)
    final = table.last()
    before = labels(final)
    assert "Your review" not in before and "Rematch" in before
    assert await env.bot.reviews.run() == [(await env.bot.store.latest_game(table.channel.id)).id]
    edited = table.last()
    assert edited.id == final.id  # the final card itself, edited
    card = text_of(edited)
    assert "The biggest swing of the game:" in card and "was worth about 3 VP more" in card
    assert labels(edited) == [*before, "Your review"]
    assert [a.filename for a in edited.attachments] == [a.filename for a in final.attachments]
    posts = len(table.channel.history())
    seen = await table.alice.click(edited, label="Your review")
    assert seen.ephemeral and "Your review:" in seen.response.content
    assert "you played **add 3**" in seen.response.content
    watcher = await table.carol.click(edited, label="Your review")
    assert watcher.ephemeral and "There is no review for you in this game" in watcher.response.content
    assert len(table.channel.history()) == posts  # nothing public
    again = await table.bob.slash(table.channel, "duel review")  # the same, without the button
    assert again.ephemeral and "Your review:" in again.response.content


async def test_hint_is_private_and_follows_the_coach_setting(table, env):
    board = await table.open()
    await table.alice.slash(table.channel, "game settings", coach="off")
    refused = await table.actor(board).slash(table.channel, "duel hint")
    assert refused.ephemeral and "The coach is off at this table." in refused.response.content
    posts = len(table.channel.history())
    shown = await table.bob.slash(table.channel, "game settings")
    assert "The coach: off." in shown.response.content
    await table.alice.slash(table.channel, "game settings", coach="all")
    assert "The coach is now for everyone." in text_of(table.last())
    assert len(table.channel.history()) == posts + 1


async def test_a_new_table_can_choose_its_coach(table, env):
    await table.alice.slash(table.channel, "game new", game="duel", players=2, coach="off")
    shown = await table.bob.slash(table.channel, "game settings")
    assert "The coach: off." in shown.response.content


async def test_a_hint_through_discord_is_private_and_counted(table, env, monkeypatch):
    monkeypatch.setattr("games.ai.coach.HINT_BUDGET", CoachBudget(worlds=2, moves=2, screen_worlds=1, choices=1))
    await table.alice.slash(table.channel, "game new", game="mor", players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    posts = len(table.channel.history())
    shown = await table.alice.slash(table.channel, "mor hint")  # at the start every seat chooses its leaders
    assert shown.ephemeral and "The coach suggests:" in shown.response.content
    assert "You have used 1 hint in this game" in shown.response.content
    assert len(table.channel.history()) == posts  # nothing public
    game_id = (await env.bot.service.table(table.channel.id)).row.id
    assert await env.bot.store.hints(game_id) == {table.alice.id: 1}


async def test_the_move_menu_offers_a_hint_that_comes_as_a_private_message_of_its_own(table, env, monkeypatch):
    monkeypatch.setattr("games.ai.coach.HINT_BUDGET", CoachBudget(worlds=2, moves=2, screen_worlds=1, choices=1))
    await table.alice.slash(table.channel, "game new", game="mor", players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    board = table.last()
    menu = (await table.alice.click(board, label="Your move")).response
    assert "Hint" in labels(menu)
    posts = len(table.channel.history())
    shown = await table.alice.click(menu, label="Hint")
    assert shown.ephemeral and shown.response.id != menu.id  # the menu stays as it was, to go on with
    assert "The coach suggests:" in shown.response.content and "You have used 1 hint" in shown.response.content
    assert len(table.channel.history()) == posts
    game_id = (await env.bot.service.table(table.channel.id)).row.id
    assert await env.bot.store.hints(game_id) == {table.alice.id: 1}
    await table.alice.slash(table.channel, "game settings", coach="off")
    menu = (await table.bob.click(board, label="Your move")).response
    assert "Hint" not in labels(menu) and "Choose:" in text_of(menu)


async def test_only_the_menu_s_first_level_asks_whether_to_offer_a_hint(table, env, monkeypatch):
    asked = []
    offered = type(env.bot.service).hint_offered

    async def counted(service, *args):
        asked.append(args)
        return await offered(service, *args)

    monkeypatch.setattr(type(env.bot.service), "hint_offered", counted)
    await table.alice.slash(table.channel, "game new", game="lim", players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    menu = (await table.actor().click(table.last(), label="Your move")).response
    assert "Hint" in labels(menu) and len(asked) == 1
    select = select_of(menu)
    group = next(o["value"] for o in select["options"] if o["value"].startswith(GROUP))
    deeper = (await table.actor().select(menu, [group], custom_id=select["custom_id"])).response
    assert "Start over" in labels(deeper) and "Hint" not in labels(deeper)
    assert len(asked) == 1  # a deeper level shows no Hint, so the store is not asked
    again = (await table.actor().click(deeper, label="Start over")).response
    assert "Hint" in labels(again) and len(asked) == 2
