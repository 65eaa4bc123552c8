"""The reply path: table-service replies turned into Discord messages, and the one error path.

Every command and component follows the same flow (:func:`respond`): acknowledge at once with a
private "thinking" state (Discord's 3-second rule; rendering a board takes longer), call the
service, post the public part of its :class:`Reply` in the channel (log line, board image, a ping
for exactly the players who must act now, the board's components) and show the private part to
the invoker. A reply is never changed on the way: what is shown differently is a new reply.

The components themselves live apart: a public board's buttons in :mod:`bot.components` (chosen
by the game's cog, :func:`board_view`), the private choice of a move in :mod:`bot.guided`.
"""

from __future__ import annotations

import asyncio
import io
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from games import IllegalAction

from i18n import ENGLISH, Message, language_of, translate
from .presentation import Post, post
from .refusals import plain_reason, rule_note
from .table import Image, Person, Reply, StaleAction, TableError, TableService
from .table.model import listed
from .turn_card import card_files, turn_card

if TYPE_CHECKING:
    from .bot import BottegaBot

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
CUSTOM_ID_LIMIT = 100
REFUSAL_EVENT = "bottega_refusal"
DONE = Message("Done.")
PERMISSION_NAMES = {
    "view_channel": Message("View Channel"),
    "send_messages": Message("Send Messages"),
    "send_messages_in_threads": Message("Send Messages in Threads"),
    "attach_files": Message("Attach Files"),
    "create_public_threads": Message("Create Public Threads"),
}
"""The permissions the bot may ask for, as Discord's settings name them."""


# --------------------------------------------------------------------------- the error path
async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """The one error path: a short private answer for the player, a log line for operators.

    Refusals (a table rule, a game rule, a missing permission) are explained; anything else gets
    an error id that the operators find in the log next to the traceback. Either way the bot
    dispatches ``bottega_refusal(interaction, error)`` for listeners such as the local console.
    """
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    interaction.client.dispatch(REFUSAL_EVENT, interaction, error)
    current: Reply | None = None
    rule = None
    if isinstance(error, StaleAction):
        message, current = error.message, error.current
    elif isinstance(error, IllegalAction):
        message, rule = plain_reason(error.message), error.rule
    elif isinstance(error, TableError):
        message = error.message
    elif isinstance(error, app_commands.CommandOnCooldown):
        message = Message("Slow down: try again in {seconds} s.", seconds=f"{error.retry_after:.0f}")
    else:
        error_id = secrets.token_hex(4)
        log.error(
            "error %s in %s by user %s in channel %s", error_id, failed_item(interaction), interaction.user.id,
            interaction.channel_id, exc_info=(type(error), error, error.__traceback__),
        )
        message = Message("Something went wrong on our side (error id `{error_id}`). Nothing was changed.",
                          error_id=error_id)
    if interaction.type is discord.InteractionType.autocomplete:
        return  # suggestions cannot carry a message; the player just sees none
    reader = reader_language(interaction)
    board = post(interaction.client.presenter, current, public=reader, private=reader) if current else None
    try:
        await send_private(interaction, translate(message, reader) + rule_note(rule, reader), board)
    except discord.HTTPException:
        log.warning("could not deliver an error reply to interaction %s", interaction.id, exc_info=True)


def failed_item(interaction: discord.Interaction) -> str:
    """What failed, for the log: the command, or a component's ``custom_id`` up to the board version.

    The rest of a ``custom_id`` (and a select's values) is a move, which can name a hidden card.
    """
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    custom_id = str((interaction.data or {}).get("custom_id", ""))
    return ":".join(custom_id.split(":")[:4]) or interaction.type.name


async def send_private(interaction: discord.Interaction, text: str, board: Post | None = None) -> None:
    """Show ``text`` (and optionally a board) only to the invoker, whatever state the response is in."""
    files = [_file(board.image)] if board is not None and board.image else []
    if board is not None and board.text:
        text = f"{text}\n\n{board.text}"
    text = _clip(text)
    if interaction.response.is_done():
        await interaction.edit_original_response(content=text, attachments=files)
    else:
        await interaction.response.send_message(text, files=files, ephemeral=True)


# --------------------------------------------------------------------------- languages
def reader_language(interaction: discord.Interaction) -> str:
    """The language of replies only the invoker sees: their Discord client's."""
    return language_of(interaction.locale)


async def public_language(bot: Any, channel: object, game_id: int | None = None) -> str:
    """The language of a table's public messages: the one it chose, else its server's."""
    chosen = await service(bot).table_language(game_id, getattr(channel, "id", None))
    guild = getattr(channel, "guild", None)
    return chosen or language_of(guild.preferred_locale if guild is not None else None)


def in_language(view: discord.ui.View | None, language: str) -> discord.ui.View | None:
    """``view`` with its buttons' labels and its selects' placeholders written in ``language``.

    Components are built with English words (each a message id, marked where it is written:
    ``label=Message("Your move")``), whoever builds them (a game's cog chooses its boards'); the
    adapter that knows who reads them writes them in that reader's language here. A label the
    catalogues do not hold stays as it is.
    """
    if view is None or language == ENGLISH:
        return view
    for child in view.children:
        item = child.item if isinstance(child, discord.ui.DynamicItem) else child
        if isinstance(item, discord.ui.Button) and item.label:
            item.label = translate(Message(item.label), language)
        elif isinstance(item, discord.ui.Select) and item.placeholder:
            item.placeholder = translate(Message(item.placeholder), language)
    return view


# --------------------------------------------------------------------------- the common flow
def person_of(interaction: discord.Interaction) -> Person:
    """The service's view of the invoker; server managers may manage any table."""
    permissions = interaction.permissions
    return Person(interaction.user.id, interaction.user.display_name, bool(permissions.manage_guild))


def require_bot_permissions(
    interaction: discord.Interaction, *, files: bool = False, thread: bool = False
) -> None:
    """Refuse (and say what to grant) when the bot could not post its answer in this channel."""
    have = interaction.app_permissions
    posts_in_thread = thread or isinstance(interaction.channel, discord.Thread)
    needed = ["view_channel", "send_messages_in_threads" if posts_in_thread else "send_messages"]
    if files:
        needed.append("attach_files")
    if thread:
        needed.append("create_public_threads")
    missing = [PERMISSION_NAMES[name] for name in needed if not getattr(have, name)]
    if missing:
        raise TableError(Message(
            "I am missing permissions here: {permissions}. A server manager can grant them in the channel "
            "settings.", permissions=listed(missing)))


async def respond(
    interaction: discord.Interaction,
    call: Callable[[], Awaitable[Reply]],
    *,
    public: bool = True,
    files: bool = True,
) -> discord.Message | None:
    """Defer, run ``call`` and post its reply; refusals become private answers."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        if public:
            require_bot_permissions(interaction, files=files)
        reply = await call()
    except (TableError, IllegalAction) as error:
        await report_error(interaction, error)
        return None
    return await deliver(interaction, reply, public=public)


async def deliver(interaction: discord.Interaction, reply: Reply, *, public: bool = True) -> discord.Message | None:
    """Post ``reply``: its public part in the channel, its private part to the invoker."""
    bot: BottegaBot = interaction.client  # type: ignore[assignment]
    posted = None
    if public and (reply.lines or reply.image):
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        posted = await post_reply(bot, channel, reply)
    elif reply.lines or reply.image:
        reply = replace(reply, private=[*reply.lines, ("",), *reply.private] if reply.private else reply.lines,
                        private_image=reply.private_image or reply.image)
    reader = reader_language(interaction)
    shown = post(bot.presenter, reply, public=reader, private=reader)
    done = Message("Done: {link}", link=posted.jump_url) if posted else DONE
    private_text = shown.ephemeral or translate(done, reader)
    files = [_file(shown.ephemeral_image)] if shown.ephemeral_image else []
    await interaction.edit_original_response(content=_clip(private_text), attachments=files)
    return posted


async def respond_in_parts(interaction: discord.Interaction, call: Callable[[], Awaitable[Reply]]) -> None:
    """Defer, run ``call`` and show its private lines to the invoker alone, in as many messages as
    they need (each under Discord's limit, split between lines); refusals as :func:`respond`."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        reply = await call()
    except (TableError, IllegalAction) as error:
        await report_error(interaction, error)
        return
    bot: BottegaBot = interaction.client  # type: ignore[assignment]
    reader = reader_language(interaction)
    shown = post(bot.presenter, reply, private=reader).ephemeral or translate(DONE, reader)
    first, *rest = split_message(shown)
    await interaction.edit_original_response(content=first)
    for part in rest:
        await interaction.followup.send(part, ephemeral=True)


def split_message(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """``text`` in parts of at most ``limit`` characters, cut between lines (a longer line is clipped)."""
    parts: list[str] = []
    for text_line in text.split("\n"):
        text_line = text_line if len(text_line) <= limit else text_line[: limit - 1] + "…"
        if parts and len(parts[-1]) + 1 + len(text_line) <= limit:
            parts[-1] += "\n" + text_line
        else:
            parts.append(text_line)
    return parts


class BoardOrder:
    """Keeps each game's boards in the channel in version order.

    Several players moving at once get their replies drawn and sent concurrently, and a board
    drawn slowly could land after a newer one. Boards of a game are sent one at a time, and one
    older than a board already sent goes out as text only, without pings, image or buttons, so
    the channel's latest board is always the newest.
    """

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}
        self._sent: dict[int, int] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def superseded(self, game_id: int, version: int) -> bool:
        return self._sent.get(game_id, -1) > version

    def sent(self, game_id: int, version: int) -> None:
        self._sent[game_id] = max(version, self._sent.get(game_id, -1))


async def post_reply(bot: BottegaBot, channel: discord.abc.Messageable, reply: Reply) -> discord.Message:
    """The public message of a reply; a board message becomes the table's latest board.

    A board after a move belongs to a turn (``reply.turn``): a step that continues the turn
    edits the turn's message, anything else is a new message, which becomes its turn's message.
    The players a new message pings who asked for direct messages get one (:mod:`bot.notices`).
    """
    from .notices import send_turn_messages  # notices posts through this module's helpers

    if reply.image is None or reply.game_id is None or reply.version is None:
        message = await _send(bot, channel, reply)
        await send_turn_messages(bot, reply, message)
        return message
    game_id, version, turn = reply.game_id, reply.version, reply.turn
    tables = service(bot)
    async with bot.board_order.lock(game_id):
        turn_message = await tables.turn_message_id(game_id, turn.started) if turn is not None else None
        if bot.board_order.superseded(game_id, version):
            if turn_message is not None and turn.edit:  # the turn's message already shows more
                return channel.get_partial_message(turn_message)  # type: ignore[attr-defined]
            late = post(bot.presenter, reply, public=await public_language(bot, channel, reply.game_id))
            return await channel.send(content=_clip(late.text) or None, allowed_mentions=mentions_of([]))
        message = None
        if turn_message is not None and turn.edit:
            message = await _edit(bot, channel, turn_message, reply)
        edited = message is not None
        if message is None:
            message = await _send(bot, channel, reply)
            if turn is not None:
                await tables.record_turn_message(game_id, turn.started, message.id)
        bot.board_order.sent(game_id, version)
        await tables.record_board_message(game_id, message.id, message.jump_url, version=version)
    if not edited:  # a step of the same turn pings no one, so it sends no direct message either
        await send_turn_messages(bot, reply, message)
    return message


async def _edit(bot: BottegaBot, channel: discord.abc.Messageable, message_id: int,
                reply: Reply) -> discord.Message | None:
    """Show ``reply`` in the earlier message ``message_id`` (new text, image and buttons, no
    ping); None when that message is gone."""
    language = await public_language(bot, channel, reply.game_id)
    reply, controls = await board_view(bot, reply)
    controls = in_language(controls, language)
    shown = post(bot.presenter, reply, public=language)
    partial = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
    try:
        message = await partial.edit(content=None, allowed_mentions=mentions_of([]), attachments=card_files(shown),
                                     view=turn_card(shown, controls, language))
    except (discord.NotFound, discord.Forbidden):
        log.info("the turn message %s is gone; the board goes out as a new message", message_id)
        return None
    if reply.ai_to_move:
        bot.ai_turns.after(channel)
    return message


async def _send(bot: BottegaBot, channel: discord.abc.Messageable, reply: Reply) -> discord.Message:
    """A new public message: a board as its turn's card (:mod:`bot.turn_card`), other lines as text."""
    language = await public_language(bot, channel, reply.game_id)
    reply, controls = await board_view(bot, reply)
    controls = in_language(controls, language)
    shown = post(bot.presenter, reply, public=language)
    kwargs: dict[str, Any] = {"allowed_mentions": mentions_of(shown.mentions)}
    if shown.image:
        kwargs.update(files=card_files(shown), view=turn_card(shown, controls, language))
    else:
        kwargs["content"] = _clip(shown.text) or None
        if controls is not None:
            kwargs["view"] = controls
    message = await channel.send(**kwargs)
    if reply.ai_to_move:
        bot.ai_turns.after(channel)
    return message


def mentions_of(user_ids: list[int]) -> discord.AllowedMentions:
    """Ping exactly these users: never everyone, never roles."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=u) for u in user_ids]
    )


def _file(image: Image) -> discord.File:
    return discord.File(io.BytesIO(image.data), filename=image.filename)


def _clip(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


# --------------------------------------------------------------------------- a board's components
async def board_view(bot: BottegaBot, reply: Reply) -> tuple[Reply, discord.ui.View | None]:
    """A public board and its components, from the cog of the board's game (its
    ``board_components``, which may give the board a line of its own: a new reply, never a
    changed one); a finished game's board also gets what a cog adds with ``final_components``
    (the Rematch button)."""
    if reply.game_id is None or reply.version is None or reply.game_key is None:
        return reply, None
    view = None
    for cog in bot.cogs.values():
        if getattr(cog, "game_key", None) == reply.game_key:
            reply, view = await cog.board_components(reply)
            break
    if reply.over:
        for cog in bot.cogs.values():
            if hasattr(cog, "final_components"):
                view = cog.final_components(reply, view)
    return reply, view


def service(bot: Any) -> TableService:
    """The bot's table service (set up in ``setup_hook``)."""
    assert bot.service is not None
    return bot.service
