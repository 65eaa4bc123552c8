"""Command sync: to the development server when set, else globally only when the payload changed."""

from __future__ import annotations

import pytest
import simcord
from discord import app_commands

from bot.bot import COMMAND_HASH_KEY, command_payload_hash
from bot.config import Config


def command_puts(env: simcord.Env) -> list[str]:
    return [r.path for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]


async def test_first_start_syncs_globally_and_stores_the_hash(env):
    assert env.bot.last_sync == "global"
    assert len(command_puts(env)) == 1 and "/guilds/" not in command_puts(env)[0]
    assert await env.bot.store.get_meta(COMMAND_HASH_KEY) == command_payload_hash(env.bot.tree)


async def test_a_restart_with_the_same_commands_does_not_sync(env, make_bot, table):
    await env.restart_bot(await make_bot())
    assert env.bot.last_sync is None
    assert len(command_puts(env)) == 1
    result = await table.alice.slash(table.channel, "game new", game="duel", players=1)
    assert "Table opened" in result.response.content


async def test_changed_commands_sync_again(env, make_bot):
    bot = await make_bot()
    original = bot.setup_hook

    async def setup_with_extra_command():
        @app_commands.command(name="extra", description="A new command")
        async def extra(interaction):
            await interaction.response.send_message("hi", ephemeral=True)

        bot.tree.add_command(extra)
        await original()

    bot.setup_hook = setup_with_extra_command
    await env.restart_bot(bot)
    assert bot.last_sync == "global" and len(command_puts(env)) == 2


@pytest.mark.simcord(strict_sync=True)
async def test_dev_guild_sync_goes_to_that_server_only(env, make_bot, tmp_path):
    guild = env.create_guild("Dev", id=424242424242424242)
    channel = guild.create_text_channel("dev")
    alice = guild.add_member(env.create_user("alice"))
    config = Config(database_path=tmp_path / "dev.db", dev_guild_id=guild.id, render_workers=0)
    await env.restart_bot(await make_bot(config=config))
    assert env.bot.last_sync == "guild"
    assert command_puts(env)[-1].endswith(f"/guilds/{guild.id}/commands")
    assert await env.bot.store.get_meta(COMMAND_HASH_KEY) is None
    result = await alice.slash(channel, "game new", game="duel", players=1)
    assert "Table opened" in result.response.content


async def test_no_sync_happens_on_ready(env):
    before = len(command_puts(env))
    env.bot.dispatch("ready")
    await env.settle()
    assert len(command_puts(env)) == before

