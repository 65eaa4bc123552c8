"""Questions about tables that change nothing: status, help, a player's games, a game's state."""

from __future__ import annotations

import games
from games.core import Message

from .boards import Boards
from .deadlines import Deadlines
from .loading import Tables
from .model import (
    BoardLink,
    ChannelLink,
    DamagedTable,
    Line,
    Moment,
    Person,
    Reply,
    Strong,
    Table,
    TableError,
    game_title,
    line,
    said,
)
from .timing import Timing


class Queries:
    def __init__(self, tables: Tables, boards: Boards, timing: Timing, deadlines: Deadlines) -> None:
        self.tables, self.boards, self.timing, self.deadlines = tables, boards, timing, deadlines

    async def status(self, channel_id: int) -> Reply:
        """The channel's table now; after a game's end, until a new table opens, its result."""
        try:
            table = await self.tables.in_channel(channel_id)
        except TableError:
            latest = await self.tables.latest_in_channel(channel_id)
            if latest is None or latest.status != "finished":
                raise
            table = await self.tables.by_id(latest.id)
        if table.state is None:
            seated = ", ".join(s.display_name for s in table.seats)
            waiting = said("Table of {game} waiting for players ({seated}/{players}): {names}.",
                           game=Strong(game_title(table.game)), seated=len(table.seats),
                           players=table.row.players,
                           names=seated)
            return Reply(lines=[waiting], game_id=table.row.id, version=table.row.version,
                         game_key=table.row.game_key)
        reply = await self.boards.reply(table, [])
        reply.mentions = []  # the board for everyone to see pings nobody: only turns and reminders do
        if table.actor_users():
            due = self.timing.next_reminder(table)
            since = Message("Waiting since {since}.", since=Moment(table.waiting_since()))
            if due is not None:
                since = Message("Waiting since {since}. Next reminder {due}.", since=Moment(table.waiting_since()),
                                due=Moment(due))
            reply.lines.append(line(since))
        reply.lines.extend(self.deadlines.status_lines(table))
        return reply

    async def game_help(self, channel_id: int, person: Person) -> Reply:
        """What this channel's game is and what ``person`` can do in it now."""
        table = await self.tables.in_channel(channel_id)
        lines = [said("This channel hosts {game} (`/{key} ...`).", game=Strong(game_title(table.game)),
                      key=table.row.game_key)]
        seat = table.seat_of(person.id)
        if table.state is None:
            lines.append(said("Waiting for players ({seated}/{players}): `/game join`.", seated=len(table.seats),
                              players=table.row.players))
        elif table.is_acting(seat):
            lines.append(said("Your move: {prompt}", prompt=table.prompt(seat)))
            examples = move_examples(table.row.game_key, table.legal(seat))
            if examples:
                lines.append(said("Moves you can make now, for example: {moves}", moves=", ".join(examples)))
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
                others.append(said("- {game} in {where}: its saved state is damaged; an operator can restore it",
                                   game=games.get(row.game_key).title, where=where))
                continue
            title = table.game.title
            if row.status == "lobby":
                others.append(said("- {game}: waiting for players in {where}", game=title, where=where))
            elif person.id in table.actor_users():
                prompt = table.prompt(table.seat_of(person.id))
                waiting.append(said("- {game} in {where}: {prompt} {board}", game=title, where=where, prompt=prompt,
                                    board=BoardLink(row.guild_id, row.channel_id, row.board_jump_url)))
            else:
                others.append(said("- {game} in {where}: waiting on others", game=title, where=where))
        if not waiting and not others:
            return Reply(private=[said("You have no games in this server. Start one with `/game new`.")])
        parts: list[Line] = []
        if waiting:
            parts += [line(Strong(Message("Your move:"))), *waiting]
        if others:
            parts += [line(Strong(Message("Other tables:"))), *others]
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
