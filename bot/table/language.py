"""The language of a table's public messages (``/game settings language:``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from db import TABLE_LANGUAGES
from games.core import Message

from .loading import Tables
from .model import Person, Reply, TableError, line

Clock = Callable[[], datetime]
LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "ko": "한국어"}
"""Each language in its own words, as the settings reply names it."""


class Languages:
    def __init__(self, tables: Tables, clock: Clock) -> None:
        self.tables, self.clock = tables, clock

    async def choose(self, channel_id: int, person: Person, language: str) -> Reply:
        """Set the table's language (host or server managers); the reply is in that language."""
        if language not in TABLE_LANGUAGES:
            raise TableError(Message("Choose one of the table languages: {languages}.",
                                     languages=", ".join(TABLE_LANGUAGES)))
        async with self.tables.lock(channel_id):
            table = await self.tables.in_channel(channel_id)
            table.require_manager(person, Message("change the table settings"))
            await self.tables.store.set_language(table.row.id, language, self.clock())
        said = Message("This table's messages are now in {language}.", language=LANGUAGE_NAMES[language])
        return Reply(lines=[line(said)], game_id=table.row.id, game_key=table.row.game_key)

    async def adopt(self, game_id: int, language: str) -> None:
        """A new table speaks its server's language until the host chooses another."""
        if language in TABLE_LANGUAGES:
            await self.tables.store.set_language(game_id, language, self.clock())

    async def of_game(self, game_id: int | None, channel_id: int | None) -> str | None:
        """The language a table chose (None: it follows the server's), by game or else by channel."""
        row = await self.tables.store.get_game(game_id) if game_id is not None else None
        if row is None and channel_id is not None:
            row = await self.tables.store.active_game(channel_id)
        return row.language if row is not None else None
