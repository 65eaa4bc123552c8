"""What the service answers: structured replies that each adapter writes its own way, the board
image's caption, a player's games, and never a secret in public."""

from __future__ import annotations

from bot.drawing import ThreadRenderer
from bot.presentation import post
from bot.table import TableService
from tests.support.table import ALICE, BOB, CHANNEL, GUILD, current, said, started


async def test_public_replies_never_show_a_secret(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    reply = said(await service.act(CHANNEL, actor, "add 1"))
    mine = said(await service.private(CHANNEL, actor))
    secret = table.state["secrets"][table.seat_of(actor.id)]
    assert str(secret) not in reply.text
    assert mine.ephemeral and not mine.text


async def test_mine_lists_games_waiting_on_me(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    reply = said(await service.mine(GUILD, actor))
    assert "**Your move:**" in reply.ephemeral and "Add 1 or 2." in reply.ephemeral


async def test_the_board_image_shows_the_latest_line_without_discord_markdown(service, monkeypatch):
    import rendering

    drawn = []
    monkeypatch.setattr(rendering, "render", lambda key, view, *, names, highlight, caption, language: drawn.append(highlight) or b"")
    drawing = TableService(service.store, clock=service.clock, seed_source=lambda: 1234, renderer=ThreadRenderer())
    await drawing.new_game(GUILD, CHANNEL, ALICE, "race", 2)
    await drawing.join(CHANNEL, BOB)
    reply = said(await drawing.start(CHANNEL, ALICE))
    assert reply.text.startswith("**Race to Ten** begins")
    assert drawn == [reply.text.split("\n")[0].replace("**", "")]


async def test_a_reply_reads_as_discord_text_or_as_plain_text(service):
    """The service writes no markup: mentions, times and emphasis are parts that each adapter
    writes its own way (pings and timestamps on Discord, @names and UTC in a terminal)."""
    from bot.presentation import PlainText

    await started(service, ALICE, BOB)
    _, actor = await current(service)
    reply = await service.status(CHANNEL)
    discord_text = said(reply).text
    terminal = post(PlainText(lambda channel_id: "tavern"), reply).text
    assert f"<@{actor.id}>: Add 1 or 2." in discord_text and "<t:" in discord_text
    assert f"@{actor.name}: Add 1 or 2." in terminal and "2026-01-05 12:00 UTC" in terminal
    assert "<@" not in terminal and "<t:" not in terminal and "**" not in terminal
    lobby = await service.mine(GUILD, ALICE)
    assert "**" in said(lobby).ephemeral and "**" not in post(PlainText(str), lobby).ephemeral
    assert reply.image is None, "a service without a renderer posts no images"
