"""Turning the table service's structured lines into text: Discord's, or plain for a terminal.

This is the one place that writes Discord markup (mentions ``<@id>``, timestamps ``<t:…>``,
channel links, ``**`` emphasis), and where lines are translated: the service writes English
:class:`~games.core.Message` s, each written here in its reader's language (:mod:`i18n`): a
reply's public lines in the table's language, its private lines in the invoker's. A :class:`Post`
is a reply as text, ready for an adapter to send.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC
from typing import Any

from i18n import ENGLISH, translate
from bot.table import BoardLink, ChannelLink, Image, Line, Mention, Moment, Reply, Strong
from bot.table.model import Clipped, Part, clip


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
    summary: Image | None = None
    focus: Image | None = None
    story: str = ""
    """The first lines of ``text``: what happened (see :attr:`bot.table.Reply.story`)."""
    rest: str = ""
    """The other lines of ``text``: who must act now, or the result."""


class Presenter(ABC):
    """Writes each kind of part; plain text stays as it is."""

    def part(self, part: Part, language: str = ENGLISH) -> str:
        if isinstance(part, str):
            return translate(part, language, lambda value: self.part(value, language))
        if isinstance(part, Strong):
            return self.strong(Strong(translate(part.text, language, lambda value: self.part(value, language))))
        if isinstance(part, Clipped):
            return clip(self.part(part.text, language), part.limit)
        writers: dict[type, Callable[[Any], str]] = {
            Mention: self.mention, Moment: self.moment, ChannelLink: self.channel, BoardLink: self.board,
        }
        return writers[type(part)](part)

    @abstractmethod
    def strong(self, part: Strong) -> str: ...

    @abstractmethod
    def mention(self, part: Mention) -> str: ...

    @abstractmethod
    def moment(self, part: Moment) -> str: ...

    @abstractmethod
    def channel(self, part: ChannelLink) -> str: ...

    @abstractmethod
    def board(self, part: BoardLink) -> str: ...


class DiscordMarkup(Presenter):
    """Mentions that ping, timestamps in each reader's time zone, bold, channel and board links."""

    def strong(self, part: Strong) -> str:
        return f"**{part.text}**"

    def mention(self, part: Mention) -> str:
        return f"<@{part.user_id}>"

    def moment(self, part: Moment) -> str:
        return f"<t:{int(part.at.timestamp())}:R>"

    def channel(self, part: ChannelLink) -> str:
        return f"<#{part.channel_id}>"

    def board(self, part: BoardLink) -> str:
        return part.message_url or f"https://discord.com/channels/{part.guild_id}/{part.channel_id}"


class PlainText(Presenter):
    """For a terminal: @names, UTC times, no emphasis; ``channel_name`` names a channel id."""

    def __init__(self, channel_name: Callable[[int], str]) -> None:
        self.channel_name = channel_name

    def strong(self, part: Strong) -> str:
        return part.text

    def mention(self, part: Mention) -> str:
        return f"@{part.name}"

    def moment(self, part: Moment) -> str:
        return f"{part.at.astimezone(UTC):%Y-%m-%d %H:%M} UTC"

    def channel(self, part: ChannelLink) -> str:
        return f"#{self.channel_name(part.channel_id)}"

    def board(self, part: BoardLink) -> str:
        return f"#{self.channel_name(part.channel_id)}"


def text(presenter: Presenter, lines: list[Line], language: str = ENGLISH) -> str:
    return "\n".join("".join(presenter.part(part, language) for part in line) for line in lines)


def post(presenter: Presenter, reply: Reply, *, public: str = ENGLISH, private: str = ENGLISH) -> Post:
    """``reply`` as text: its lines in the ``public`` language, its private part in ``private``."""
    return Post(
        text=text(presenter, reply.lines, public), image=reply.image, mentions=list(reply.mentions),
        ephemeral=text(presenter, reply.private, private), ephemeral_image=reply.private_image,
        game_id=reply.game_id, version=reply.version, game_key=reply.game_key, summary=reply.summary,
        focus=reply.focus, story=text(presenter, reply.lines[:reply.story], public),
        rest=text(presenter, reply.lines[reply.story:], public),
    )
