"""The Discord process: the bot subclass, its start-up and its command sync.

``setup_hook`` opens the store, starts the render pool (``RENDER_WORKERS`` processes), builds the
table service, gives back any reminder timer a game in play is owed, loads the cogs listed in
:data:`EXTENSIONS`, registers the persistent (dynamic) buttons and selects, starts the reminder loop
and the review loop (``REVIEW_WORKERS`` low-priority processes review finished games) and syncs the
slash commands. Syncing is rate limited by Discord, so a global sync only happens
when the command payload changed since the last one (its hash is kept in the store's ``meta``
table); with ``DEV_GUILD_ID`` set the commands go to that one server instead, where updates are
instant.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import sys
from collections.abc import Callable
from datetime import datetime
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from db import RefusedDatabase, Shards, Store, open_store
from db.backends import describe
from db.postgres import is_postgres_url
from rendering.pool import RenderPool

from .ai_turns import AiTurns
from .config import Config
from .components import DYNAMIC_ITEMS as BOARD_ITEMS
from .drawing import ThreadRenderer
from .guided import DYNAMIC_ITEMS as MENU_ITEMS
from i18n import catalogue_digest
from .i18n.commands import CommandTranslator
from .presentation import DiscordMarkup, Presenter
from .reminders import CHECK_EVERY_SECONDS, ReminderLoop
from .reviews import ReviewButton, ReviewLoop
from .table import TableService
from .table.ai_runner import AiRunner
from .table.reviews import ReviewRunner
from .table.renderer import Renderer
from .table.workers import end_with_parent
from .views import BoardOrder, report_error

log = logging.getLogger(__name__)

COMMAND_HASH_KEY = "discord:command-hash"
EXTENSIONS = ("cogs.game", "cogs.play", "cogs.history", "cogs.mor", "cogs.presence")
"""The cogs the bot loads, in this order: ``cogs.game`` (the shared ``/game`` commands), then
``cogs.play``, which adds the command cog of every game not listed here with a module of its own
(``cogs.mor`` subclasses its base cog), then the others. A new extension is added here."""
DRAW_IN_THREADS = ThreadRenderer()


class FromConfig:
    """The default renderer: a :class:`RenderPool` of ``config.render_workers`` processes,
    started in ``setup_hook`` and closed with the bot."""


RENDER_POOL = FromConfig()


def command_payload_hash(tree: app_commands.CommandTree) -> str:
    """A stable digest of exactly what a global sync would send to Discord (the commands and the
    catalogues their Japanese and Korean localisations come from)."""
    payload = sorted((command.to_dict(tree) for command in tree.get_commands()), key=lambda c: c["name"])
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode() + catalogue_digest()).hexdigest()


class BottegaTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)


class BottegaBot(commands.Bot):
    """Bottega on Discord. Needs only the ``guilds`` intent (nothing privileged).

    Without ``store`` it opens (and later closes) ``config.database``. ``reminder_check_seconds``
    is how often due reminders are looked up (a minute; simulations that skip days at a time check
    less often); ``seed_source`` makes new games reproducible; ``renderer`` draws the images
    (default: a render pool sized by ``config.render_workers``; :data:`DRAW_IN_THREADS` draws in
    threads; ``None``: no images).
    """

    EXTENSIONS = EXTENSIONS
    """The list above, read by ``cogs.play``'s setup from the bot it is given."""

    def __init__(
        self,
        config: Config,
        *,
        clock: Callable[[], datetime] | None = None,
        store: Store | None = None,
        renderer: Renderer | FromConfig | None = RENDER_POOL,
        reminder_check_seconds: float = CHECK_EVERY_SECONDS,
        seed_source: Callable[[], int] | None = None,
        **sharding: object,
    ) -> None:
        # the bot has no voice: no warnings that voice support is missing
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # slash commands and components arrive without any other intent
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=BottegaTree,
            allowed_mentions=discord.AllowedMentions.none(),
            **sharding,
        )
        self.config = config
        self.clock = clock or discord.utils.utcnow
        self.store: Store | None = store
        self._owns_store = store is None
        self._renderer_choice = renderer
        self.renderer: Renderer | None = None
        self._reminder_check_seconds = reminder_check_seconds
        self._seed_source = seed_source
        self.service: TableService | None = None
        self.ai = AiRunner(workers=config.ai_workers, time_limit=config.ai_time_limit_seconds)
        review_workers = config.review_processes()
        self.review_runner = ReviewRunner(workers=review_workers) if review_workers else None
        self.reviews: ReviewLoop | None = None
        self.ai_turns = AiTurns(self, config.ai_pause_seconds)
        self.reminders: ReminderLoop | None = None
        self.presenter: Presenter = DiscordMarkup()
        """How replies become message text."""
        self.board_order = BoardOrder()
        self.last_sync: str | None = None
        """``"guild"``, ``"global"`` or ``None`` (unchanged, nothing sent) after start-up."""

    async def setup_hook(self) -> None:
        if self.store is None:
            self.store = await open_store(self.config.database, shards=timer_shards(self.config))
            log.info("database: %s", describe(self.config.database))
        choice = self._renderer_choice
        self.renderer = RenderPool(self.config.render_workers, on_start=end_with_parent) if isinstance(choice, FromConfig) else choice
        self.service = TableService(
            self.store, clock=self.clock, seed_source=self._seed_source, renderer=self.renderer, ai=self.ai,
            reviews=self.review_runner,
        )
        rebuilt = await self.service.rebuild_timers()
        if rebuilt:
            log.warning("reminder timers given back to %d game(s) in play", rebuilt)
        for name in EXTENSIONS:
            await self.load_extension(name)
        self.add_dynamic_items(*BOARD_ITEMS, *MENU_ITEMS, ReviewButton)
        await self.tree.set_translator(CommandTranslator())
        self.reminders = ReminderLoop(self, seconds=self._reminder_check_seconds)
        self.reminders.start()
        if self.review_runner is not None:
            self.reviews = ReviewLoop(self)
            self.reviews.start()
        self.last_sync = await self.sync_commands()
        self.ai_turns.catch_up_soon()

    async def sync_commands(self) -> str | None:
        """Send the slash commands to Discord when needed; returns what was synced."""
        if self.config.dev_guild_id is not None:
            guild = discord.Object(id=self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            log.info("slash commands synced to the development server %s", guild.id)
            return "guild"
        assert self.store is not None
        digest = command_payload_hash(self.tree)
        if await self.store.get_meta(COMMAND_HASH_KEY) == digest:
            log.info("slash commands unchanged since the last sync; not syncing")
            return None
        await self.tree.sync()
        await self.store.set_meta(COMMAND_HASH_KEY, digest)
        log.info("slash commands changed; synced globally")
        return "global"

    async def close(self) -> None:
        if self.reminders is not None:
            self.reminders.stop()
        if self.reviews is not None:
            self.reviews.stop()
        if self.review_runner is not None:
            self.review_runner.close()
        if self.renderer is not None:
            self.renderer.close()
            self.renderer = None
        self.ai.close()
        try:
            await super().close()
        finally:
            if self.store is not None and self._owns_store:
                await self.store.close()
                self.store = None


class ShardedBottegaBot(BottegaBot, commands.AutoShardedBot):
    """Bottega over the shards ``SHARD_COUNT``/``SHARD_IDS`` give this process (an AutoShardedBot)."""


def timer_shards(config: Config) -> Shards | None:
    """Whose timers this process fires: its shards' guilds. On PostgreSQL timers are always claimed
    (several processes may share the database); a single SQLite process fires every timer."""
    if config.shard_count is not None and config.shard_ids is not None:
        return Shards(config.shard_count, frozenset(config.shard_ids))
    return Shards.every() if is_postgres_url(config.database) else None


def create_bot(config: Config, **options: Any) -> BottegaBot:
    """The bot, ready to ``start``, built with :class:`BottegaBot`'s ``options``; with
    ``SHARD_COUNT`` a :class:`ShardedBottegaBot` over this process's shards."""
    if config.shard_count is None:
        return BottegaBot(config, **options)
    return ShardedBottegaBot(config, shard_count=config.shard_count, shard_ids=list(config.shard_ids or ()),
                             **options)


class StartRefused(Exception):
    """The start ends before the bot is online, with one sentence for the operator."""


def run_bot(config: Config) -> int:
    """Open the database, connect to Discord and run until interrupted (``python -m bot``).

    A database the store refuses (in use by another process, not a Bottega database), a token
    Discord refuses or a Discord that cannot be reached end the start with one sentence saying
    what to do, and exit status 1.
    """
    try:
        return asyncio.run(_run(config))
    except (RefusedDatabase, StartRefused) as refused:
        print(refused, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0


async def _run(config: Config) -> int:
    store = await open_store(config.database, shards=timer_shards(config))
    try:
        async with create_bot(config, store=store) as bot:
            await _log_in(bot, config.token or "")
            await bot.connect()
    finally:
        await store.close()
    return 0


async def _log_in(bot: BottegaBot, token: str) -> None:
    """Log in (and run ``setup_hook``), turning Discord's refusal or silence into :class:`StartRefused`.
    Once logged in, discord.py itself reconnects through network trouble."""
    try:
        await bot.login(token)
    except discord.LoginFailure as error:
        raise StartRefused(
            "Discord refused the bot token (DISCORD_TOKEN): open https://discord.com/developers/applications, "
            "choose the bot's application, press \"Reset Token\" under \"Bot\", put the new token in .env "
            "and start Bottega again.") from error
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as error:
        raise StartRefused(
            f"Bottega could not reach Discord ({str(error) or type(error).__name__}): check this machine's "
            "network connection (and any proxy or firewall), then start Bottega again.") from error
