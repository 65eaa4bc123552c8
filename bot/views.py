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
moves they are (see :func:`move_view`).
"""

from __future__ import annotations

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

from .service import Image, Person, Reply, StaleAction, TableError

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
REFUSAL_EVENT = "bottega_refusal"


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
    if isinstance(error, StaleAction):
        message, current = error.message, error.current
    elif isinstance(error, (TableError, IllegalAction)):
        message = error.message
    elif isinstance(error, app_commands.CommandOnCooldown):
        message = f"Slow down: try again in {error.retry_after:.0f} s."
    else:
        error_id = secrets.token_hex(4)
        log.error(
            "error %s in %s by user %s in channel %s", error_id, failed_item(interaction), interaction.user.id,
            interaction.channel_id, exc_info=(type(error), error, error.__traceback__),
        )
        message = f"Something went wrong on our side (error id `{error_id}`). Nothing was changed."
    if interaction.type is discord.InteractionType.autocomplete:
        return  # suggestions cannot carry a message; the player just sees none
    try:
        await send_private(interaction, message, current)
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


async def send_private(interaction: discord.Interaction, text: str, board: Reply | None = None) -> None:
    """Show ``text`` (and optionally a board) only to the invoker, whatever state the response is in."""
    files = [_file(board.image)] if board is not None and board.image else []
    if board is not None and board.text:
        text = f"{text}\n\n{board.text}"
    text = _clip(text)
    if interaction.response.is_done():
        await interaction.edit_original_response(content=text, attachments=files)
    else:
        await interaction.response.send_message(text, files=files, ephemeral=True)


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
    needed = [
        ("view_channel", "View Channel"),
        ("send_messages_in_threads", "Send Messages in Threads") if posts_in_thread
        else ("send_messages", "Send Messages"),
    ]
    if files:
        needed.append(("attach_files", "Attach Files"))
    if thread:
        needed.append(("create_public_threads", "Create Public Threads"))
    missing = [label for name, label in needed if not getattr(have, name)]
    if missing:
        raise TableError(
            "I am missing permissions here: " + ", ".join(missing)
            + ". A server manager can grant them in the channel settings."
        )


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
    private_text, private_image = reply.ephemeral, reply.ephemeral_image
    posted = None
    if public and (reply.text or reply.image):
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        posted = await post_reply(bot, channel, reply)
    elif reply.text or reply.image:
        private_text = "\n\n".join(t for t in (reply.text, private_text) if t)
        private_image = private_image or reply.image
    if not private_text:
        private_text = f"Done: {posted.jump_url}" if posted else "Done."
    files = [_file(private_image)] if private_image else []
    await interaction.edit_original_response(content=_clip(private_text), attachments=files)
    return posted


async def post_reply(bot: BottegaBot, channel: discord.abc.Messageable, reply: Reply) -> discord.Message:
    """The public message of a reply; a board message becomes the table's latest board."""
    view = await move_view(bot, channel, reply)
    kwargs: dict[str, Any] = {
        "content": _clip(reply.text) or None,
        "allowed_mentions": mentions_of(reply.mentions),
    }
    if reply.image:
        kwargs["file"] = _file(reply.image)
    if view is not None:
        kwargs["view"] = view
    message = await channel.send(**kwargs)
    if reply.image and reply.game_id is not None:
        assert bot.service is not None
        await bot.service.record_board_message(reply.game_id, message.id, message.jump_url)
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


BoardHook = Callable[["BottegaBot", Any, Reply], Awaitable["discord.ui.View"]]
BOARD_HOOKS: dict[str, BoardHook] = {}
"""Game key -> the components of that game's public boards, replacing the generic "Your move"
button (registered by a game cog with menus of its own); a hook may add lines to ``reply.text``."""


async def move_view(bot: BottegaBot, channel: Any, reply: Reply) -> discord.ui.View | None:
    """The components of a public board: the game's own (see :data:`BOARD_HOOKS`), or else one
    "Your move" button for whoever must act.

    Move buttons are never put on a public board: a notation can name a hidden card (the one
    leader left in a Lorenzo il Magnifico draft, ``draft ariosto``), and a ``custom_id`` is
    readable by every client. The menu button answers each player privately with their own moves.
    """
    if reply.game_id is None or reply.version is None:
        return None
    if BOARD_HOOKS:
        assert bot.service is not None
        row = await bot.service.store.get_game(reply.game_id)
        if row is not None and row.game_key in BOARD_HOOKS:
            return await BOARD_HOOKS[row.game_key](bot, channel, reply)
    if not reply.mentions:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(MenuButton(reply.game_id, reply.version))
    return view


def private_moves(game_id: int, version: int, legal: list[str]) -> discord.ui.View | None:
    """A player's own moves as buttons (up to 5) or one select (up to 25); beyond that, none."""
    view = discord.ui.View(timeout=None)
    if len(legal) <= BUTTON_LIMIT:
        for notation in legal:
            view.add_item(ActButton(game_id, version, notation))
        return view
    choices = [n for n in legal if len(n) <= CUSTOM_ID_LIMIT]
    if len(choices) != len(legal) or len(choices) > SELECT_LIMIT:
        return None
    view.add_item(MoveSelect(game_id, version, choices))
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
                label="Your move", style=discord.ButtonStyle.primary,
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
    bot: BottegaBot = interaction.client  # type: ignore[assignment]
    service = bot.service
    assert service is not None and interaction.channel_id is not None
    await interaction.response.defer(ephemeral=True, thinking=True)
    person = person_of(interaction)
    try:
        table = await service.table(interaction.channel_id)
        if table.row.id != game_id:
            raise TableError("That button belongs to a game that is over; this channel has a new table.")
        if table.row.version != version:
            raise StaleAction(
                "That board is out of date; the game has moved on. Here is the board now.",
                await service.status(interaction.channel_id),
            )
        seat = table.seat_of(person.id)
        if seat is None:
            raise TableError("You are not playing at this table.")
        legal = table.legal(seat)
        if not legal:
            raise TableError(table.waiting_message(seat))
    except (TableError, IllegalAction) as error:
        await report_error(interaction, error)
        return
    view = private_moves(game_id, version, legal)
    text = table.game.prompt(table.state, seat)
    if view is None:
        key = table.row.game_key
        text += f"\nYou have {len(legal)} possible moves: `/{key} move` lists them as you type."
        await interaction.edit_original_response(content=_clip(text))
    else:
        await interaction.edit_original_response(content=_clip(text), view=view)


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=re.compile(rf"{ACT_PREFIX}:(?P<game_id>\d+):(?P<version>\d+):(?P<token>.+)"),
):
    """Plays one move of one board version: ``bottega:act:<game id>:<version>:<notation>``."""

    def __init__(self, game_id: int, version: int, notation: str) -> None:
        self.game_id, self.version = game_id, version
        self.token = move_token(game_id, version, notation)
        super().__init__(
            discord.ui.Button(
                label=notation[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"{ACT_PREFIX}:{game_id}:{version}:{self.token}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> ActButton:
        button = cls.__new__(cls)
        discord.ui.DynamicItem.__init__(button, item)
        button.game_id, button.version = int(match["game_id"]), int(match["version"])
        button.token = match["token"]
        return button

    async def callback(self, interaction: discord.Interaction) -> None:
        await play_component(interaction, self.game_id, self.version, self.token)


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=re.compile(rf"{PICK_PREFIX}:(?P<game_id>\d+):(?P<version>\d+)"),
):
    """Chooses one of the actor's legal moves: ``bottega:pick:<game id>:<version>``."""

    def __init__(self, game_id: int, version: int, notations: list[str]) -> None:
        self.game_id, self.version = game_id, version
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PICK_PREFIX}:{game_id}:{version}",
                placeholder="Choose your move",
                options=[discord.SelectOption(label=n[:100], value=n) for n in notations],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> MoveSelect:
        select = cls.__new__(cls)
        discord.ui.DynamicItem.__init__(select, item)
        select.game_id, select.version = int(match["game_id"]), int(match["version"])
        return select

    async def callback(self, interaction: discord.Interaction) -> None:
        await play_component(interaction, self.game_id, self.version, self.item.values[0])


DYNAMIC_ITEMS = (MenuButton, ActButton, MoveSelect)


async def play_component(interaction: discord.Interaction, game_id: int, version: int, token: str) -> None:
    """A button press or select choice: the same move path as ``/<game> move``."""
    bot: BottegaBot = interaction.client  # type: ignore[assignment]
    service = bot.service
    assert service is not None
    person = person_of(interaction)
    channel_id = interaction.channel_id
    assert channel_id is not None

    async def play() -> Reply:
        table = await service.table(channel_id)
        if table.row.id != game_id:
            raise TableError("That button belongs to a game that is over; this channel has a new table.")
        notation = token
        if token.startswith("#"):
            legal = table.legal(table.seat_of(person.id))
            notation = next((n for n in legal if move_token(game_id, version, n) == token), "")
            if not notation:
                raise StaleAction(
                    "That move is not available to you now.", await service.status(channel_id)
                )
        return await service.act(
            channel_id, person, notation, interaction_id=interaction.id, expected_version=version
        )

    try:
        await respond(interaction, play)
    except Exception as error:  # noqa: BLE001 - the one error path also covers components
        await report_error(interaction, error)
