"""A board's public message as a card: Discord's layout components (components V2).

One card per turn, read top to bottom on a phone: first what happened (the whole turn that just
ended, every step, then this turn's steps so far), then who must act now with the ping and the
deadline, then the focused image (full width: what a phone can read), the full board one tap away
(a thumbnail that opens full size), the summary at the end of a game, and the buttons. Every
image carries its alt text. A card stays within Discord's limits for a message of layout
components (:data:`COMPONENT_LIMIT` components, :data:`TEXT_LIMIT` characters of text): the
oldest lines of the story give way first.
"""

from __future__ import annotations

import io

import discord
from discord import ui

from i18n import Message, translate

from .presentation import Post
from .table import Image

COMPONENT_LIMIT = 40
TEXT_LIMIT = 4000
ALT_LIMIT = 1024
"""The longest alt text (an image's ``description``) Discord keeps."""
ROW_LIMIT = 5
FULL_BOARD = Message("**Full board**: tap the picture to open it.")
EARLIER = "…"


def card_files(shown: Post) -> list[discord.File]:
    """The attachments a card shows (the board first, as every board message has it; the card's
    components place each one)."""
    return [discord.File(io.BytesIO(image.data), filename=image.filename)
            for image in (shown.image, shown.focus, shown.summary) if image is not None]


def alt_text(image: Image, language: str) -> str:
    return translate(image.alt, language)[:ALT_LIMIT] if image.alt else ""


def fitted(story: str, rest: str, room: int) -> str:
    """``story`` without its oldest lines when the card's text would pass ``room`` characters.

    >>> fitted("one\\ntwo\\nthree", "now", 12)
    '…\\nthree'
    """
    lines = story.split("\n")
    while lines and len("\n".join(lines)) + len(rest) > room:
        lines = lines[2:] if lines[0] == EARLIER else lines[1:]
        lines.insert(0, EARLIER)
        if lines == [EARLIER]:
            break
    return "\n".join(lines)


def turn_card(shown: Post, controls: ui.View | None, language: str) -> ui.LayoutView:
    """The card of a board ``shown`` in the table's ``language``, with the buttons of ``controls``
    (a game's board components, already in that language)."""
    card = ui.LayoutView(timeout=None)
    container = ui.Container()
    full_board = translate(FULL_BOARD, language)
    story = fitted(shown.story, shown.rest, TEXT_LIMIT - len(full_board))
    if story:
        container.add_item(ui.TextDisplay(story))
    if story and shown.rest:
        container.add_item(ui.Separator())
    if shown.rest:
        container.add_item(ui.TextDisplay(shown.rest[: TEXT_LIMIT - len(story) - len(full_board)]))
    if shown.focus is not None:
        container.add_item(ui.MediaGallery(discord.MediaGalleryItem(
            f"attachment://{shown.focus.filename}", description=alt_text(shown.focus, language) or None)))
    if shown.image is not None:
        thumbnail = ui.Thumbnail(f"attachment://{shown.image.filename}",
                                 description=alt_text(shown.image, language) or None)
        container.add_item(ui.Section(ui.TextDisplay(full_board), accessory=thumbnail))
    if shown.summary is not None:
        container.add_item(ui.MediaGallery(discord.MediaGalleryItem(
            f"attachment://{shown.summary.filename}", description=alt_text(shown.summary, language) or None)))
    buttons = list(controls.children) if controls is not None else []
    for start in range(0, len(buttons), ROW_LIMIT):
        container.add_item(ui.ActionRow(*buttons[start:start + ROW_LIMIT]))
    card.add_item(container)
    return card


def message_text(message: discord.Message) -> str:
    """A message's words as a reader sees them: its content, or the text of its card."""
    if message.content:
        return message.content
    return "\n".join(item.content for item in _walk(message.components) if isinstance(item, discord.TextDisplay))


def message_controls(message: discord.Message) -> list[discord.Component]:
    """A message's buttons and selects, whether in rows or in a card."""
    return [item for item in _walk(message.components) if isinstance(item, (discord.Button, discord.SelectMenu))]


def _walk(components: list) -> list:
    found = []
    for component in components:
        found.append(component)
        found += _walk(list(getattr(component, "children", [])))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            found += _walk([accessory])
    return found
