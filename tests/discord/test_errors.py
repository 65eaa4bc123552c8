"""The one error path: players get a short private explanation, operators a log line with an
error id and the traceback; nobody sees a traceback in Discord."""

from __future__ import annotations

import logging
import re

import pytest
from bottega_harness import text_of


@pytest.fixture
def broken_status(env, monkeypatch):
    async def explode(*args, **kwargs):
        raise RuntimeError("the table fell over")

    monkeypatch.setattr(env.bot.service, "status", explode)


async def test_an_unexpected_error_gives_an_error_id_and_logs_the_traceback(table, env, broken_status, caplog):
    await table.open()
    with caplog.at_level(logging.ERROR, logger="bot.views"):
        result = await table.carol.slash(table.channel, "game status")
    text = result.response.content
    assert result.ephemeral and "Something went wrong on our side" in text
    error_id = re.search(r"error id `([0-9a-f]{8})`", text).group(1)
    assert "Traceback" not in text and "RuntimeError" not in text and "fell over" not in text
    [record] = [r for r in caplog.records if error_id in r.getMessage()]
    assert record.exc_info[0] is RuntimeError and "game status" in record.getMessage()
    assert [type(e.original) for e in env.errors] == [RuntimeError], "the harness saw it too"


async def test_an_unexpected_error_in_a_button_takes_the_same_path(table, env, monkeypatch, caplog):
    board = await table.open()

    async def explode(*args, **kwargs):
        raise KeyError("lost seat")

    menu = await table.actor(board).click(board, label="Your move")
    monkeypatch.setattr(env.bot.service, "act", explode)
    with caplog.at_level(logging.ERROR, logger="bot.views"):
        result = await table.actor(board).select(menu.response, ["p:add 1"])
    error_id = re.search(r"error id `([0-9a-f]{8})`", result.response.content).group(1)
    assert result.response.ephemeral and "lost seat" not in result.response.content
    assert any(error_id in r.getMessage() and r.exc_info for r in caplog.records)


async def test_a_failed_post_is_reported_privately(table, env, caplog):
    await table.open(start=False)
    env.inject_error("POST", "/channels/*/messages", status=500)
    with caplog.at_level(logging.ERROR, logger="bot.views"):
        result = await table.alice.slash(table.channel, "game start")
    assert "Something went wrong on our side" in result.response.content
    assert [e for e in env.errors if "500" in str(e)], "the tree error is also visible to the test harness"


async def test_refusals_are_short_and_private(table):
    await table.open()
    result = await table.carol.slash(table.channel, "duel move", notation="add 1")
    assert result.ephemeral and len(result.response.content) < 200
    assert text_of(table.last()).startswith("**Duel to Ten** begins")


async def test_a_broken_reminder_pass_is_logged_and_the_loop_carries_on(table, env, monkeypatch, caplog):
    await table.open()
    calls = []

    async def explode():
        calls.append(1)
        raise RuntimeError("database unavailable")

    monkeypatch.setattr(env.bot.service, "due_reminders", explode)
    with caplog.at_level(logging.ERROR, logger="bot.reminders"):
        await env.advance_time(3 * 3600)
    assert len(calls) >= 2 and env.bot.reminders.running
    assert any("reminder pass failed (error id" in r.getMessage() for r in caplog.records)


async def test_every_private_error_answer_is_announced_to_listeners(table, env):
    """The local console (and any other listener) learns of each refusal through one event."""
    seen = []

    async def on_bottega_refusal(interaction, error):
        seen.append((interaction.user.id, type(error).__name__, getattr(error, "message", "")))

    env.bot.add_listener(on_bottega_refusal)
    await table.open()
    await table.carol.slash(table.channel, "game start")
    await table.carol.slash(table.channel, "duel move", notation="add 1")
    await table.actor().slash(table.channel, "duel move", notation="add 9")
    await table.actor().slash(table.channel, "duel move", notation="add 1")
    assert [name for _, name, _ in seen] == ["TableError", "TableError", "IllegalAction"]
    assert seen[0][0] == table.carol.id and "already started" in seen[0][2]


async def test_a_failing_autocomplete_offers_nothing_and_is_logged(table, env, monkeypatch, caplog):
    await table.open()

    async def explode(*args, **kwargs):
        raise RuntimeError("suggestions unavailable")

    monkeypatch.setattr(env.bot.service, "described", explode)
    with caplog.at_level(logging.ERROR, logger="bot.views"):
        choices = await table.actor().autocomplete(table.channel, "duel move", "notation", "")
    assert choices == []
    [record] = [r for r in caplog.records if r.name == "bot.views"]
    assert record.exc_info[0] is RuntimeError and "duel move" in record.getMessage()


async def test_an_error_log_line_names_the_component_but_not_the_move_it_carries(table, env, monkeypatch, caplog):
    """A move can name a hidden card (a kept leader), so the operators' log gets only which
    component of which board failed."""
    board = await table.open(options="wide=true")

    async def explode(*args, **kwargs):
        raise KeyError("lost seat")

    menu = await table.actor(board).click(board, label="Your move")
    monkeypatch.setattr(env.bot.service, "act", explode)
    with caplog.at_level(logging.ERROR, logger="bot.views"):
        await table.actor(board).select(menu.response, ["p:add 7"])
    [record] = [r for r in caplog.records if r.name == "bot.views" and r.exc_info]
    assert "bottega:guide:1:1" in record.getMessage() and "add 7" not in record.getMessage()


async def test_an_unexpected_error_in_the_menu_of_a_game_takes_the_same_path(table, env, monkeypatch, caplog):
    """The menu of a game with its own cog (Masters of Renaissance) is covered like the others."""
    await table.alice.slash(table.channel, "game new", game="mor", players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    board = table.last()

    async def explode(*args, **kwargs):
        raise RuntimeError("the table fell over")

    monkeypatch.setattr(env.bot.service, "menu", explode)  # the stale-board check of every menu
    with caplog.at_level(logging.ERROR, logger="bot.views"):
        result = await table.alice.click(board, label="Your move")
    assert result.ephemeral and "Something went wrong on our side" in result.response.content
    error_id = re.search(r"error id `([0-9a-f]{8})`", result.response.content).group(1)
    assert any(error_id in r.getMessage() and "bottega:menu:1:1" in r.getMessage() for r in caplog.records)
