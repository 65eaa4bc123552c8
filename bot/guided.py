"""The guided menu on Discord: the components of :mod:`bot.menus` screens, private to the mover.

The "Your move" button of a game whose engine describes its moves opens this menu instead of a
flat list of notations. Each screen is one select (a level of the menu, one page of it) and a row
of buttons (previous and next page, start over); the move a path leads to is previewed with a
Confirm button (:class:`ConfirmButton`: the move path of every move button,
:func:`bot.views.play_component`, then the player's next menu when they still act; red when the
move needs a second thought) and Cancel. Every component is a dynamic item whose ``custom_id``
carries the game id, the board version, the page and the menu path
(``bottega:guide:<game id>:<version>:<page>:<key/key/...>``), so a menu keeps working after a
restart, and every answer goes through the table service's stale-board check first. The menu is
private, so all of it (the engine's texts and the menu's own words) is in the member's Discord
language.
"""

from __future__ import annotations

import re

import discord

from games import IllegalAction
from games.core import Description, Game

from i18n import ENGLISH, Message, translate
from .menus import GROUP, MOVE, MenuGone, Screen, path_title, preview, screen
from .table import Table, TableError
from .views import move_token, person_of, play_component, reader_language, report_error, service

GUIDE_PREFIX = "bottega:guide"
PAGE_PREFIX = "bottega:gpage"
CONFIRM_PREFIX = "bottega:gok"
SEPARATOR = "/"
PREVIOUS, NEXT, START_OVER, CANCEL = Message("◀ Previous"), Message("Next ▶"), Message("Start over"), Message("Cancel")
CONFIRM, CHOOSE, PLACEHOLDER = Message("Confirm"), Message("Choose:"), Message("Choose…")
TEMPLATE = r":(?P<game_id>\d+):(?P<version>\d+):(?P<page>\d+):(?P<path>.*)"


def is_guided(table: Table) -> bool:
    """Whether the table's engine describes its moves (else the plain list of notations is used)."""
    return type(table.game).describe is not Game.describe


def custom_id(prefix: str, game_id: int, version: int, page: int, path: tuple[str, ...]) -> str:
    return f"{prefix}:{game_id}:{version}:{page}:{SEPARATOR.join(path)}"


def components(table: Table, seat: int, language: str = ENGLISH, path: tuple[str, ...] = (),
               page: int = 0) -> tuple[str, discord.ui.View]:
    """The text and components of the menu of ``seat`` at ``path``, page ``page``, in ``language``."""
    described = table.described(seat)
    try:
        shown = screen([d for _, d in described], path, page, language)
    except MenuGone:
        shown = screen([d for _, d in described], language=language)
    if shown.move is not None:
        return _preview(table, seat, described, shown.move, (), language)
    game_id, version = table.row.id, table.row.version
    view = discord.ui.View(timeout=None)
    view.add_item(GuideSelect(game_id, version, shown, placeholder=translate(PLACEHOLDER, language)))
    if shown.page > 0:
        view.add_item(PageButton(game_id, version, shown.page - 1, shown.path, translate(PREVIOUS, language)))
    if shown.page + 1 < shown.pages:
        view.add_item(PageButton(game_id, version, shown.page + 1, shown.path, translate(NEXT, language)))
    if shown.path:
        view.add_item(PageButton(game_id, version, 0, (), translate(START_OVER, language)))
    return _heading(table, seat, shown, language) + translate(CHOOSE, language), view


def _heading(table: Table, seat: int, shown: Screen, language: str) -> str:
    pages = Message(" (page {page} of {pages})", page=shown.page + 1, pages=shown.pages) if shown.pages > 1 else ""
    where = f"{shown.title}{translate(pages, language)}".strip()
    return f"{translate(table.fill_names(table.prompt(seat)), language)}\n" + (f"{where}\n" if where else "")


class GuideSelect(discord.ui.DynamicItem[discord.ui.Select], template=re.compile(GUIDE_PREFIX + TEMPLATE)):
    """One level of the menu: a group goes one level down, a move shows its preview."""

    def __init__(self, game_id: int, version: int, shown: Screen | None = None, *, page: int = 0,
                 path: tuple[str, ...] = (), options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        if shown is not None:
            page, path = shown.page, shown.path
            options = [discord.SelectOption(label=c.label, value=c.value, description=c.description or None)
                       for c in shown.choices]
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
        if value.startswith(GROUP):
            await answer(interaction, self.game_id, self.version, (*self.path, value[len(GROUP):]), 0)
        elif value.startswith(MOVE) and value[len(MOVE):].isdigit():
            await answer(interaction, self.game_id, self.version, self.path, 0, move=int(value[len(MOVE):]))


class PageButton(discord.ui.DynamicItem[discord.ui.Button], template=re.compile(PAGE_PREFIX + TEMPLATE)):
    """Another page of a level, or the menu's first level again."""

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
        await answer(interaction, self.game_id, self.version, self.path, self.page)


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=re.compile(rf"{CONFIRM_PREFIX}:(?P<game_id>\d+):(?P<version>\d+):(?P<token>.+)"),
):
    """Plays the previewed move (the path of every move button), then shows the player's next
    menu in the same private message when they still act (a privilege, an exchange, an end of turn)."""

    def __init__(self, game_id: int, version: int, token: str, style: discord.ButtonStyle,
                 language: str = ENGLISH) -> None:
        self.game_id, self.version, self.token = game_id, version, token
        super().__init__(discord.ui.Button(label=translate(CONFIRM, language), style=style,
                                           custom_id=f"{CONFIRM_PREFIX}:{game_id}:{version}:{token}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> ConfirmButton:
        return cls(int(match["game_id"]), int(match["version"]), match["token"], item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        posted = await play_component(interaction, self.game_id, self.version, self.token)
        if posted is None or interaction.channel_id is None:
            return
        try:
            table = await service(interaction.client).table(interaction.channel_id)
        except TableError:  # that move ended the game: the channel has no table now
            return
        seat = table.seat_of(interaction.user.id)
        if table.row.id != self.game_id or not table.is_acting(seat) or not is_guided(table):
            return
        language = reader_language(interaction)
        text, view = components(table, seat, language)
        done = translate(Message("Done: {link}", link=posted.jump_url), language)
        await interaction.edit_original_response(content=f"{done}\n\n{text}"[:2000], view=view)


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
            text, view = components(table, seat, language, path, page)
    except (TableError, IllegalAction) as error:
        await report_error(interaction, error)
        return
    await interaction.response.edit_message(content=text[:2000], view=view, attachments=[])


def _preview(table: Table, seat: int, described: list[tuple[str, Description]], move: int,
             path: tuple[str, ...], language: str) -> tuple[str, discord.ui.View]:
    """The preview of move ``move`` of the seat's ``described`` moves, with Confirm and Cancel
    (back to the level at ``path``), in ``language``."""
    if not 0 <= move < len(described):
        raise TableError("That move is not available to you now.")
    notation, found = described[move]
    view = discord.ui.View(timeout=None)
    style = discord.ButtonStyle.danger if found.destructive else discord.ButtonStyle.success
    view.add_item(ConfirmButton(table.row.id, table.row.version, move_token(table.row.id, table.row.version, notation),
                                style, language))
    if len(described) > 1:
        view.add_item(PageButton(table.row.id, table.row.version, 0, path, translate(CANCEL, language)))
    shown = Screen(path, path_title(found, len(found.group), language))
    return _heading(table, seat, shown, language) + preview(found, language), view


