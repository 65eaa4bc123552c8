"""Questions about tables that change nothing: status, help, a player's games, a game's state."""

from __future__ import annotations

from typing import Any

import games

from .boards import Boards
from .loading import Tables
from .model import BoardLink, ChannelLink, DamagedTable, Line, Moment, Person, Reply, Strong, Table, line
from .timing import Timing


class Queries:
    def __init__(self, tables: Tables, boards: Boards, timing: Timing) -> None:
        self.tables, self.boards, self.timing = tables, boards, timing

    async def status(self, channel_id: int) -> Reply:
        table = await self.tables.in_channel(channel_id)
        if table.state is None:
            seated = ", ".join(s.display_name for s in table.seats)
            waiting = line("Table of ", Strong(table.game.title), " waiting for players "
                           f"({len(table.seats)}/{table.row.players}): {seated}.")
            return Reply(lines=[waiting], game_id=table.row.id, version=table.row.version,
                         game_key=table.row.game_key)
        reply = await self.boards.reply(table, [])
        reply.mentions = []  # the board for everyone to see pings nobody: only turns and reminders do
        if table.actor_users():
            since: list[Any] = ["Waiting since ", Moment(table.waiting_since()), "."]
            due = self.timing.next_reminder(table)
            if due is not None:
                since += [" Next reminder ", Moment(due), "."]
            reply.lines.append(line(*since))
        return reply

    async def game_help(self, channel_id: int, person: Person) -> Reply:
        """What this channel's game is and what ``person`` can do in it now."""
        table = await self.tables.in_channel(channel_id)
        lines = [line("This channel hosts ", Strong(table.game.title), f" (`/{table.row.game_key} ...`).")]
        seat = table.seat_of(person.id)
        if table.state is None:
            lines.append(line(f"Waiting for players ({len(table.seats)}/{table.row.players}): `/game join`."))
        elif table.is_acting(seat):
            lines.append(line("Your move: " + table.prompt(seat)))
            examples = move_examples(table.row.game_key, table.legal(seat))
            if examples:
                lines.append(line("Moves you can make now, for example: " + ", ".join(examples)))
        elif seat is not None and not table.finished():
            lines.append(line(table.waiting_message(seat)))
        return Reply(private=lines, game_id=table.row.id, game_key=table.row.game_key)

    async def mine(self, guild_id: int, person: Person) -> Reply:
        waiting: list[Line] = []
        others: list[Line] = []
        for row in await self.tables.rows_of(guild_id, person.id):
            where = ChannelLink(row.channel_id)
            try:
                table = await self.tables.by_id(row.id)
            except DamagedTable:  # logged by its id; the player's other tables go on
                others.append(line(f"- {games.get(row.game_key).title} in ", where,
                                   ": its saved state is damaged; an operator can restore it"))
                continue
            title = table.game.title
            if row.status == "lobby":
                others.append(line(f"- {title}: waiting for players in ", where))
            elif person.id in table.actor_users():
                prompt = table.prompt(table.seat_of(person.id))
                waiting.append(line(f"- {title} in ", where, f": {prompt} ",
                                    BoardLink(row.guild_id, row.channel_id, row.board_jump_url)))
            else:
                others.append(line(f"- {title} in ", where, ": waiting on others"))
        if not waiting and not others:
            return Reply(private=[line("You have no games in this server. Start one with `/game new`.")])
        parts: list[Line] = []
        if waiting:
            parts += [line(Strong("Your move:")), *waiting]
        if others:
            parts += [line(Strong("Other tables:")), *others]
        return Reply(private=parts)

    async def table(self, channel_id: int) -> Table:
        """The channel's current table, for adapters (autocomplete, menus), which read its views."""
        return await self.tables.in_channel(channel_id)

    async def game(self, game_id: int) -> Table | None:
        """Game ``game_id`` after its latest move, finished games included; None before it starts."""
        row = await self.tables.row(game_id)
        if row is None or row.status == "lobby":
            return None
        return await self.tables.by_id(game_id)


EXAMPLES = 6


def move_examples(game_key: str, legal: list[str]) -> list[str]:
    """Commands that work now: the first legal move of each kind (``place``, ``privilege`` ...),
    as the whole command to type.

    >>> move_examples("lim", ["place black green-1", "place black green-2", "pass"])
    ['`/lim move notation:"place black green-1"`', '`/lim move notation:pass`']
    """
    first_of_kind: dict[str, str] = {}
    for notation in legal:
        first_of_kind.setdefault(notation.split()[0], notation)
    return [f'`/{game_key} move notation:"{n}"`' if " " in n else f"`/{game_key} move notation:{n}`"
            for n in list(first_of_kind.values())[:EXAMPLES]]
