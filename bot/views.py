"""Turning table-service replies into Discord messages, the one error path, and the buttons.

Every command and component follows the same flow (:func:`respond`): acknowledge at once with a
private "thinking" state (Discord's 3-second rule; rendering a board takes longer), call the
service, post the public part of its :class:`Reply` in the channel (log line, board image, a ping
for exactly the players who must act now, a "Your move" button) and show the private part to the
invoker.

Buttons and selects are :class:`discord.ui.DynamicItem` s: their ``custom_id`` carries the game
id, the state version and the move, so they keep working after a restart, and a press on an old
board (or a second press of the same button) is refused by the service's version guard instead of
being applied again. Move buttons and selects are only ever shown privately, to the player whose
moves they are (see :func:`menu_view`); a game's cog chooses the components of its public boards.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
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
SELECT_LIMIT = 25
BUTTON_LIMIT = 5
ACT_PREFIX = "bottega:act"
PICK_PREFIX = "bottega:pick"
MENU_PREFIX = "bottega:menu"
SINCE_PREFIX = "bottega:since"
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
    catalogues do not hold stays as it is, and a move's button keeps its notation (what players type
    is the same in every language).
    """
    if view is None or language == ENGLISH:
        return view
    for child in view.children:
        if isinstance(child, ActButton):
            continue
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
        reply.private[:0] = [*reply.lines, ("",)] if reply.private else reply.lines
        reply.private_image = reply.private_image or reply.image
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
    controls = in_language(await board_view(bot, reply), language)
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
    controls = in_language(await board_view(bot, reply), language)
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


# --------------------------------------------------------------------------- move components
def move_token(game_id: int, version: int, notation: str) -> str:
    """The move part of a button's custom_id: the notation itself, or a digest when too long."""
    prefix = f"{ACT_PREFIX}:{game_id}:{version}:"
    if len(prefix) + len(notation) <= CUSTOM_ID_LIMIT and not notation.startswith("#"):
        return notation
    return "#" + hashlib.sha256(notation.encode()).hexdigest()[:16]


async def board_view(bot: BottegaBot, reply: Reply) -> discord.ui.View | None:
    """The components of a public board, from the cog of the board's game (its
    ``board_components``, which may also add lines to ``reply``); a finished game's board also
    gets what a cog adds with ``final_components`` (the Rematch button)."""
    if reply.game_id is None or reply.version is None or reply.game_key is None:
        return None
    view = None
    for cog in bot.cogs.values():
        if getattr(cog, "game_key", None) == reply.game_key:
            view = await cog.board_components(reply)
    for cog in bot.cogs.values():
        if reply.over and hasattr(cog, "final_components"):
            view = cog.final_components(reply, view)
    return view


def menu_view(reply: Reply) -> discord.ui.View | None:
    """A "Your move" button, and a "Since your move" one, when someone must act.

    Move buttons are never put on a public board: a notation can name a hidden card (the one
    leader left in a Lorenzo il Magnifico draft, ``draft ariosto``), and a ``custom_id`` is
    readable by every client. The menu button answers each player privately with their own moves.
    """
    if reply.over or not (reply.acting or reply.mentions) or reply.game_id is None or reply.version is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(MenuButton(reply.game_id, reply.version))
    view.add_item(SinceButton(reply.game_id))
    return view


def since_view(game_id: int) -> discord.ui.View:
    """The "Since your move" button alone, for a reminder's ping."""
    view = discord.ui.View(timeout=None)
    view.add_item(SinceButton(game_id))
    return view


def service(bot: Any) -> TableService:
    """The bot's table service (set up in ``setup_hook``)."""
    assert bot.service is not None
    return bot.service


def private_moves(game_id: int, version: int, legal: list[str]) -> discord.ui.View | None:
    """A player's own moves as buttons (up to 5) or one select (up to 25); beyond that, none."""
    view = discord.ui.View(timeout=None)
    if len(legal) <= BUTTON_LIMIT:
        for notation in legal:
            view.add_item(act_button(game_id, version, notation))
        return view
    choices = [n for n in legal if len(n) <= CUSTOM_ID_LIMIT]
    if len(choices) != len(legal) or len(choices) > SELECT_LIMIT:
        return None
    view.add_item(MoveSelect(game_id, version, [discord.SelectOption(label=n[:100], value=n) for n in choices]))
    return view


class MenuButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=re.compile(rf"{MENU_PREFIX}:(?P<game_id>\d+):(?P<version>\d+)"),
):
    """Shows the presser their own moves on this board: ``bottega:menu:<game id>:<version>``."""

    def __init__(self, game_id: int, version: int) -> None:
        self.game_id, self.version = game_id, version
        super().__init__(
            discord.ui.Button(
                label=Message("Your move"), style=discord.ButtonStyle.primary,
                custom_id=f"{MENU_PREFIX}:{game_id}:{version}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> MenuButton:
        return cls(int(match["game_id"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await show_private_moves(interaction, self.game_id, self.version)
        except Exception as error:  # noqa: BLE001 - the one error path also covers components
            await report_error(interaction, error)


async def show_private_moves(interaction: discord.Interaction, game_id: int, version: int) -> None:
    tables = service(interaction.client)
    assert interaction.channel_id is not None
    await interaction.response.defer(ephemeral=True, thinking=True)
    person = person_of(interaction)
    try:
        table, seat = await tables.menu(interaction.channel_id, person, game_id, version)
        legal = table.legal(seat)
        if not legal:
            raise TableError(table.waiting_message(seat))
    except (TableError, IllegalAction) as error:
        await report_error(interaction, error)
        return
    from .guided import components, is_guided  # the guided menu builds on this module's buttons

    reader = reader_language(interaction)
    if is_guided(table):
        text, guided = components(table, seat, reader)
        await interaction.edit_original_response(content=_clip(text), view=in_language(guided, reader))
        return
    view = in_language(private_moves(game_id, table.row.version, legal), reader)
    text = translate(table.prompt(seat), reader)
    if view is None:
        text += "\n" + translate(Message("You have {count} possible moves: `/{game} move` lists them as you type.",
                                          count=len(legal), game=table.row.game_key), reader)
        await interaction.edit_original_response(content=_clip(text))
    else:
        await interaction.edit_original_response(content=_clip(text), view=view)


class SinceButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=re.compile(rf"{SINCE_PREFIX}:(?P<game_id>\d+)"),
):
    """Shows the presser, privately, what happened since their own last move:
    ``bottega:since:<game id>``. It stays valid for the whole game (it shows the game as it is)."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=Message("Since your move"), style=discord.ButtonStyle.secondary,
                custom_id=f"{SINCE_PREFIX}:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> SinceButton:
        return cls(int(match["game_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        channel_id = interaction.channel_id
        assert channel_id is not None
        tables = service(interaction.client)

        async def digest() -> Reply:
            if (await tables.table(channel_id)).row.id != self.game_id:
                raise TableError("That button belongs to a game that is over; this channel has a new table.")
            return await tables.since(channel_id, person_of(interaction))

        try:
            await respond_in_parts(interaction, digest)
        except Exception as error:  # noqa: BLE001 - the one error path also covers components
            await report_error(interaction, error)


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=re.compile(rf"{ACT_PREFIX}:(?P<game_id>\d+):(?P<version>\d+):(?P<token>.+)"),
):
    """Plays one move of one board version: ``bottega:act:<game id>:<version>:<token>``, the token
    being the notation or, when too long, its digest (see :func:`move_token`)."""

    def __init__(self, game_id: int, version: int, token: str, label: str) -> None:
        self.game_id, self.version, self.token = game_id, version, token
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"{ACT_PREFIX}:{game_id}:{version}:{token}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> ActButton:
        return cls(int(match["game_id"]), int(match["version"]), match["token"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await play_component(interaction, self.game_id, self.version, self.token)


def act_button(game_id: int, version: int, notation: str) -> ActButton:
    """The button that plays ``notation``, labelled with it."""
    return ActButton(game_id, version, move_token(game_id, version, notation), notation)


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=re.compile(rf"{PICK_PREFIX}:(?P<game_id>\d+):(?P<version>\d+)"),
):
    """Chooses one of the actor's legal moves: ``bottega:pick:<game id>:<version>``."""

    def __init__(self, game_id: int, version: int, options: list[discord.SelectOption]) -> None:
        self.game_id, self.version = game_id, version
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PICK_PREFIX}:{game_id}:{version}",
                placeholder=Message("Choose your move"),
                options=options,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> MoveSelect:
        return cls(int(match["game_id"]), int(match["version"]), item.options)

    async def callback(self, interaction: discord.Interaction) -> None:
        await play_component(interaction, self.game_id, self.version, self.item.values[0])


DYNAMIC_ITEMS = (MenuButton, SinceButton, ActButton, MoveSelect)


async def play_token(interaction: discord.Interaction, game_id: int, version: int, token: str) -> Reply:
    """Play the move a component carries (its notation, or the digest of :func:`move_token`) for
    the presser, refused when the component belongs to another game or an earlier board."""
    tables = service(interaction.client)
    person = person_of(interaction)
    channel_id = interaction.channel_id
    assert channel_id is not None
    table = await tables.table(channel_id)
    if table.row.id != game_id:
        raise TableError(Message("That button belongs to a game that is over; this channel has a new table."))
    notation = token
    if token.startswith("#"):
        legal = table.legal(table.seat_of(person.id))
        notation = next((n for n in legal if move_token(game_id, version, n) == token), "")
        if not notation:
            raise StaleAction(Message("That move is not available to you now."), await tables.status(channel_id))
    return await tables.act(channel_id, person, notation, interaction_id=interaction.id, expected_version=version)


async def play_component(
    interaction: discord.Interaction, game_id: int, version: int, token: str
) -> discord.Message | None:
    """A button press or select choice: the same move path as ``/<game> move``; the board posted."""
    try:
        return await respond(interaction, lambda: play_token(interaction, game_id, version, token))
    except Exception as error:  # noqa: BLE001 - the one error path also covers components
        await report_error(interaction, error)
        return None
