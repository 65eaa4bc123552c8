"""What happened at a table: its moves as their public event lines."""

from __future__ import annotations

from .loading import Tables
from .undo import public_log


class History:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    async def log(self, channel_id: int) -> list[tuple[int, str]]:
        """Every move (and undo) of the channel's game as ``(number, public event text)``, replayed
        from the seed; never the notation, which may name a hidden card (a leader kept, a draft pick).
        A move taken back is kept, marked as such."""
        table = await self.tables.playing_in(channel_id)
        return [(entry.seq, entry.text) for entry in public_log(table, await self.tables.moves(table.row.id))]
