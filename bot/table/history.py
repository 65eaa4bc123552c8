"""What happened at a table: its moves as their public event lines."""

from __future__ import annotations

from games.core import MoveStack

from .loading import Tables


class History:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    async def log(self, channel_id: int) -> list[tuple[int, str]]:
        """Every move of the channel's game as ``(number, public event text)``, replayed from the
        seed; never the notation, which may name a hidden card (a leader kept, a draft pick)."""
        table = await self.tables.playing_in(channel_id)
        stack = MoveStack(table.game, table.game.setup(len(table.seats), table.row.seed, table.row.options))
        entries = []
        for move in await self.tables.moves(table.row.id):
            events = stack.play(move.seat, move.notation)
            entries.append((move.seq, " ".join(table.fill_names(e["text"]) for e in events)))
        return entries
