"""Turning the table service's structured lines into text: Discord's, or plain for a terminal.

This is the one place that writes Discord markup (mentions ``<@id>``, timestamps ``<t:…>``,
channel links, ``**`` emphasis); the languages of the bot will be chosen here too. A
:class:`Post` is a reply as text, ready for an adapter to send.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC
from typing import Protocol

from bot.table import BoardLink, ChannelLink, Image, Line, Mention, Moment, Reply, Strong
from bot.table.model import Part


class Presenter(Protocol):
    def part(self, part: Part) -> str: ...


@dataclass
class Post:
    """A reply as text: ``text`` for the channel, ``ephemeral`` for the invoker only."""

    text: str = ""
    image: Image | None = None
    mentions: list[int] = field(default_factory=list)
    ephemeral: str = ""
    ephemeral_image: Image | None = None
    game_id: int | None = None
    version: int | None = None
    game_key: str | None = None


class DiscordMarkup:
    """Mentions that ping, timestamps in each reader's time zone, bold, channel and board links."""

    def part(self, part: Part) -> str:
        if isinstance(part, str):
            return part
        if isinstance(part, Strong):
            return f"**{part.text}**"
        if isinstance(part, Mention):
            return f"<@{part.user_id}>"
        if isinstance(part, Moment):
            return f"<t:{int(part.at.timestamp())}:R>"
        if isinstance(part, ChannelLink):
            return f"<#{part.channel_id}>"
        if isinstance(part, BoardLink):
            return part.message_url or f"https://discord.com/channels/{part.guild_id}/{part.channel_id}"
        raise TypeError(part)


class PlainText:
    """For a terminal: @names, UTC times, no emphasis; ``channel_name`` names a channel id."""

    def __init__(self, channel_name: Callable[[int], str]) -> None:
        self.channel_name = channel_name

    def part(self, part: Part) -> str:
        if isinstance(part, str):
            return part
        if isinstance(part, Strong):
            return part.text
        if isinstance(part, Mention):
            return f"@{part.name}"
        if isinstance(part, Moment):
            return f"{part.at.astimezone(UTC):%Y-%m-%d %H:%M} UTC"
        if isinstance(part, ChannelLink):
            return f"#{self.channel_name(part.channel_id)}"
        if isinstance(part, BoardLink):
            return f"#{self.channel_name(part.channel_id)}"
        raise TypeError(part)


def text(presenter: Presenter, lines: list[Line]) -> str:
    return "\n".join("".join(presenter.part(part) for part in line) for line in lines)


def post(presenter: Presenter, reply: Reply) -> Post:
    return Post(
        text=text(presenter, reply.lines), image=reply.image, mentions=list(reply.mentions),
        ephemeral=text(presenter, reply.private), ephemeral_image=reply.private_image,
        game_id=reply.game_id, version=reply.version, game_key=reply.game_key,
    )
