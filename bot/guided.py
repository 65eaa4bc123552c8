"""The private side of a move: the guided menu, the one move button and the one play path.

"Your move" on a board opens this menu, built from the engine's descriptions of the player's legal
moves (:mod:`bot.menus`). Each screen is one select (a level of the menu, one page of it) and a
row of buttons (previous and next page, start over). A move that spends or gains something, or
that the player may regret, is previewed ("you pay …, you get …", and why it needs a second
thought) with a Confirm button; a move that does neither (ending a turn, storing without loss) is
played as soon as it is chosen.

Every move a person makes on Discord takes one path, :func:`play`: a select's choice, Confirm, a
typed ``/<game> move`` (and so the local console, which types and clicks through the same bot).
The table service plays it, or answers that it needs a second thought (``SecondThought``: then the
player sees the question with Confirm and Cancel). After the move the player goes on in the same
private message: their next menu while they still act, else what is private to them, else a short
"played" without buttons or links (a typed move with nothing private to say leaves no reply): the
channel's new message is the news, so nothing piles up in the mover's view. A player the table's
coach setting lets ask for hints finds a Hint button on the menu's first level; the hint comes as
its own private message, so it stays in view while they go through the menu.

Components are dynamic items whose ``custom_id`` carries the game id, the board version and the
page and path (``bottega:guide:<game id>:<version>:<page>:<key/key/...>``) or the move
(:class:`MoveButton`), so a menu keeps working after a restart, and every answer goes through the
table service's stale-board check. Everything here is private, so it is written in the member's
Discord language.
"""

from __future__ import annotations

import re

import discord

from games import IllegalAction
from games.core import Description

from i18n import Message, translate
from .menus import GROUP, MOVE, MenuGone, Screen, path_title, preview, screen
from .presentation import post
from .table import Reply, SecondThought, StaleAction, Table, TableError
from .table.play import digest
from .views import (
    CUSTOM_ID_LIMIT,
    MESSAGE_LIMIT,
    person_of,
    post_reply,
    reader_language,
    report_error,
    require_bot_permissions,
    service,
)

GUIDE_PREFIX = "bottega:guide"
PAGE_PREFIX = "bottega:gpage"
MOVE_PREFIX = "bottega:mv"
HINT_PREFIX = "bottega:hint"
PLAY = "p:"
"""A select value that plays its move at once (``p:<move token>``): nothing to preview."""
SEPARATOR = "/"
PREVIOUS, NEXT, START_OVER, CANCEL = Message("◀ Previous"), Message("Next ▶"), Message("Start over"), Message("Cancel")
CONFIRM, CHOOSE, PLACEHOLDER = Message("Confirm"), Message("Choose:"), Message("Choose…")
HINT = Message("Hint")
TEMPLATE = r":(?P<game_id>\d+):(?P<version>\d+):(?P<page>\d+):(?P<path>.*)"
PLAYED = Message("Played. Nothing more for you to do now; the table has moved on.")
"""What a private menu becomes once its player's part is played: a quiet last state, no buttons."""


def custom_id(prefix: str, game_id: int, version: int, page: int, path: tuple[str, ...]) -> str:
    return f"{prefix}:{game_id}:{version}:{page}:{SEPARATOR.join(path)}"


def move_token(game_id: int, version: int, notation: str) -> str:
    """The move part of a :class:`MoveButton`'s ``custom_id`` (and of a select value that plays at
    once): the notation itself, or its digest when too long."""
    room = CUSTOM_ID_LIMIT - len(f"{MOVE_PREFIX}:{game_id}:{version}:")
    return notation if len(notation) <= min(room, 100 - len(PLAY)) and not notation.startswith("#") else digest(notation)


def needs_preview(found: Description) -> bool:
    """Whether a move is shown before it is final: it spends or gains something, or needs a second thought."""
    return bool(found.cost or found.gain or found.destructive)


# --------------------------------------------------------------------------- screens
async def show_menu(interaction: discord.Interaction, game_id: int, version: int) -> None:
    """"Your move": the presser's menu on board ``version``, after the stale-board check."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        assert interaction.channel_id is not None
        table, seat = await service(interaction.client).menu(interaction.channel_id, person_of(interaction),
                                                             game_id, version)
        if not table.is_acting(seat):
            raise TableError(table.waiting_message(seat))
    except (TableError, IllegalAction) as error:
        await report_error(interaction, error)
        return
    text, view = await menu_for(interaction, table, seat)
    await interaction.edit_original_response(content=clip(text), view=view)


async def menu_for(interaction: discord.Interaction, table: Table, seat: int, path: tuple[str, ...] = (),
                   page: int = 0) -> tuple[str, discord.ui.View]:
    """The text and components of the menu of ``seat`` at ``path``, page ``page``, for the presser
    in their language; its first level offers the coach's Hint when the coach may help them (the
    store is asked only there)."""
    language = reader_language(interaction)
    described = table.described(seat)
    descriptions = [d for _, d in described]
    first = screen(descriptions, language=language)
    try:
        shown = screen(descriptions, path, page, language)
    except MenuGone:
        shown = first
    if shown.move is not None:
        return _preview(table, seat, described, shown.move, (), language)
    game_id, version = table.row.id, table.row.version
    options = []
    for choice in shown.choices:
        value = choice.value
        if value.startswith(MOVE) and not needs_preview(described[int(value[len(MOVE):])][1]):
            value = PLAY + move_token(game_id, version, described[int(value[len(MOVE):])][0])
        options.append(discord.SelectOption(label=choice.label, value=value, description=choice.description or None))
    view = discord.ui.View(timeout=None)
    view.add_item(GuideSelect(game_id, version, page=shown.page, path=shown.path, options=options,
                              placeholder=translate(PLACEHOLDER, language)))
    if shown.page > 0:
        view.add_item(PageButton(game_id, version, shown.page - 1, shown.path, translate(PREVIOUS, language)))
    if shown.page + 1 < shown.pages:
        view.add_item(PageButton(game_id, version, shown.page + 1, shown.path, translate(NEXT, language)))
    if shown.path != first.path:
        view.add_item(PageButton(game_id, version, 0, (), translate(START_OVER, language)))
    elif await service(interaction.client).hint_offered(table, person_of(interaction)):
        view.add_item(HintButton(game_id, version, translate(HINT, language)))
    return _heading(table, seat, shown, language) + translate(CHOOSE, language), view


def _heading(table: Table, seat: int, shown: Screen, language: str) -> str:
    pages = Message(" (page {page} of {pages})", page=shown.page + 1, pages=shown.pages) if shown.pages > 1 else ""
    where = f"{shown.title}{translate(pages, language)}".strip()
    return f"{translate(table.fill_names(table.prompt(seat)), language)}\n" + (f"{where}\n" if where else "")


def _preview(table: Table, seat: int, described: list[tuple[str, Description]], move: int,
             path: tuple[str, ...], language: str) -> tuple[str, discord.ui.View]:
    """The preview of move ``move`` of the seat's ``described`` moves, with Confirm and Cancel
    (back to the level at ``path``), in ``language``."""
    if not 0 <= move < len(described):
        raise TableError("That move is not available to you now.")
    notation, found = described[move]
    view = _confirm(table.row.id, table.row.version, notation, found, language, path if len(described) > 1 else None)
    shown = Screen(path, path_title(found, len(found.group), language))
    return _heading(table, seat, shown, language) + preview(found, language), view


def _confirm(game_id: int, version: int, notation: str, found: Description, language: str,
             back: tuple[str, ...] | None) -> discord.ui.View:
    """Confirm (red when the move needs a second thought) and, unless ``back`` is None, Cancel
    (back to the menu level at ``back``)."""
    view = discord.ui.View(timeout=None)
    style = discord.ButtonStyle.danger if found.destructive else discord.ButtonStyle.success
    view.add_item(MoveButton(game_id, version, move_token(game_id, version, notation),
                             translate(CONFIRM, language), style))
    if back is not None:
        view.add_item(PageButton(game_id, version, 0, back, translate(CANCEL, language)))
    return view


def question(doubt: SecondThought) -> Message:
    """The text above Confirm and Cancel of a move asked about: the reason first, then the move and its preview."""
    found = doubt.found
    return Message("⚠ This move needs a second thought: {reason}\n{label}\n{preview}\n"
                   "Confirm plays it; Cancel plays nothing.",
                   reason=found.destructive, label=found.label, preview=found.preview())


def clip(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


# --------------------------------------------------------------------------- the play path
async def play(interaction: discord.Interaction, notation: str, *, game_id: int | None = None,
               version: int | None = None, ask: bool = True, game_key: str | None = None) -> None:
    """The one move path: the table service plays ``notation`` (or a digest of it) for the
    presser, the board goes out in public, and the player goes on where they acted.

    A component of a private menu updates that message; a typed move answers privately only
    with something to say (a question, a refusal, the next menu, a private line).
    """
    edit = interaction.message is not None and interaction.message.flags.ephemeral
    if edit:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    tables, language = service(interaction.client), reader_language(interaction)
    channel_id = interaction.channel_id
    assert channel_id is not None
    try:
        require_bot_permissions(interaction, files=True)
        reply = await tables.act(channel_id, person_of(interaction), notation, interaction_id=interaction.id,
                                 expected_version=version, game_key=game_key, game_id=game_id, ask=ask)
    except SecondThought as doubt:
        view = _confirm(doubt.game_id, doubt.version, doubt.notation, doubt.found, language, ())
        await interaction.edit_original_response(content=clip(translate(question(doubt), language)), view=view,
                                                 attachments=[])
        return
    except (TableError, IllegalAction) as error:
        await report_error(interaction, error)
        if edit and isinstance(error, StaleAction):
            await interaction.edit_original_response(view=None)  # the menu of an earlier board is done
        return
    if reply.lines or reply.image:
        assert isinstance(interaction.channel, discord.abc.Messageable)
        await post_reply(interaction.client, interaction.channel, reply)
    await _go_on(interaction, reply, edit)


async def _go_on(interaction: discord.Interaction, reply: Reply, edit: bool) -> None:
    """After a move: the player's next menu while they still act, else what is private to them;
    with nothing private to say, the menu they acted on quietly becomes :data:`PLAYED` (no
    buttons, no link: the channel's new message is the news), and a typed move answers nothing."""
    language = reader_language(interaction)
    private = post(interaction.client.presenter, reply, private=language).ephemeral
    if interaction.user.id in reply.acting:
        try:
            table = await service(interaction.client).table(interaction.channel_id)
        except TableError:
            table = None
        seat = table.seat_of(interaction.user.id) if table is not None else None
        if table is not None and table.row.id == reply.game_id and table.is_acting(seat):
            text, view = await menu_for(interaction, table, seat)
            await interaction.edit_original_response(content=clip(f"{private}\n\n{text}" if private else text),
                                                     view=view, attachments=[])
            return
    if private or edit:
        await interaction.edit_original_response(content=clip(private or translate(PLAYED, language)), view=None,
                                                 attachments=[])
    else:
        await interaction.delete_original_response()


# --------------------------------------------------------------------------- components
class GuideSelect(discord.ui.DynamicItem[discord.ui.Select], template=re.compile(GUIDE_PREFIX + TEMPLATE)):
    """One level of the menu: a group goes one level down, a move shows its preview or is played."""

    def __init__(self, game_id: int, version: int, *, page: int = 0, path: tuple[str, ...] = (),
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None) -> None:
        self.game_id, self.version, self.page, self.path = game_id, version, page, path
        super().__init__(discord.ui.Select(custom_id=custom_id(GUIDE_PREFIX, game_id, version, page, path),
                                           placeholder=placeholder, options=options or []))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> GuideSelect:
        return cls(int(match["game_id"]), int(match["version"]), page=int(match["page"]),
                   path=split_path(match["path"]), options=item.options, placeholder=item.placeholder)

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0]
        try:
            if value.startswith(PLAY):
                await play(interaction, value[len(PLAY):], game_id=self.game_id, version=self.version)
            elif value.startswith(GROUP):
                await answer(interaction, self.game_id, self.version, (*self.path, value[len(GROUP):]), 0)
            elif value.startswith(MOVE) and value[len(MOVE):].isdigit():
                await answer(interaction, self.game_id, self.version, self.path, 0, move=int(value[len(MOVE):]))
        except Exception as error:  # noqa: BLE001 - the one error path also covers components
            await report_error(interaction, error)


class PageButton(discord.ui.DynamicItem[discord.ui.Button], template=re.compile(PAGE_PREFIX + TEMPLATE)):
    """Another page of a level, the menu's first level again, or Cancel (back to a level)."""

    def __init__(self, game_id: int, version: int, page: int, path: tuple[str, ...], label: str) -> None:
        self.game_id, self.version, self.page, self.path = game_id, version, page, path
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=custom_id(PAGE_PREFIX, game_id, version, page, path)))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> PageButton:
        return cls(int(match["game_id"]), int(match["version"]), int(match["page"]), split_path(match["path"]),
                   item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await answer(interaction, self.game_id, self.version, self.path, self.page)
        except Exception as error:  # noqa: BLE001 - the one error path also covers components
            await report_error(interaction, error)


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=re.compile(rf"{MOVE_PREFIX}:(?P<game_id>\d+):(?P<version>\d+):(?P<token>.+)"),
):
    """The one move button, the Confirm of a preview or a question:
    ``bottega:mv:<game id>:<version>:<move token>`` plays the move, confirmed, through :func:`play`;
    the player's next menu follows in the same message."""

    def __init__(self, game_id: int, version: int, token: str, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.success) -> None:
        self.game_id, self.version, self.token = game_id, version, token
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"{MOVE_PREFIX}:{game_id}:{version}:{token}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> MoveButton:
        return cls(int(match["game_id"]), int(match["version"]), match["token"], item.label or "", item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await play(interaction, self.token, game_id=self.game_id, version=self.version, ask=False)
        except Exception as error:  # noqa: BLE001 - the one error path also covers components
            await report_error(interaction, error)


class HintButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=re.compile(rf"{HINT_PREFIX}:(?P<game_id>\d+):(?P<version>\d+)")):
    """The coach's Hint on a menu's first level (``bottega:hint:<game id>:<version>``)."""

    def __init__(self, game_id: int, version: int, label: str) -> None:
        self.game_id, self.version = game_id, version
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, emoji="💡",
                                           custom_id=f"{HINT_PREFIX}:{game_id}:{version}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> HintButton:
        return cls(int(match["game_id"]), int(match["version"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await hint(interaction, self.game_id, self.version)
        except Exception as error:  # noqa: BLE001 - the one error path also covers components
            await report_error(interaction, error)


async def hint(interaction: discord.Interaction, game_id: int, version: int) -> None:
    """The coach's hint for the menu's decision, as a private message of its own (the menu stays as it is)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    tables, language = service(interaction.client), reader_language(interaction)
    try:
        assert interaction.channel_id is not None
        table, seat = await tables.menu(interaction.channel_id, person_of(interaction), game_id, version)
        if not table.is_acting(seat):
            raise TableError(table.waiting_message(seat))
        reply = await tables.hint(interaction.channel_id, person_of(interaction), language)
    except (TableError, IllegalAction) as error:
        await report_error(interaction, error)
        return
    text = post(interaction.client.presenter, reply, private=language).ephemeral
    await interaction.edit_original_response(content=clip(text))


DYNAMIC_ITEMS = (GuideSelect, PageButton, MoveButton, HintButton)


def split_path(text: str) -> tuple[str, ...]:
    return tuple(text.split(SEPARATOR)) if text else ()


async def answer(interaction: discord.Interaction, game_id: int, version: int, path: tuple[str, ...],
                 page: int, *, move: int | None = None) -> None:
    """Show the next screen in place of the private menu, after the stale-board check."""
    try:
        assert interaction.channel_id is not None
        table, seat = await service(interaction.client).menu(interaction.channel_id, person_of(interaction),
                                                             game_id, version)
        if not table.is_acting(seat):
            raise TableError(table.waiting_message(seat))
        language = reader_language(interaction)
        if move is not None:
            text, view = _preview(table, seat, table.described(seat), move, path, language)
        else:
            text, view = await menu_for(interaction, table, seat, path, page)
    except (TableError, IllegalAction) as error:
        await report_error(interaction, error)
        return
    await interaction.response.edit_message(content=clip(text), view=view, attachments=[])
