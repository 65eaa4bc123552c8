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
    listed,
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
        """What this channel's game is, whose turn it is and what ``person`` can do now: what to
        press, not what to type (typed moves stay with ``/<game> move`` and its suggestions)."""
        table = await self.tables.in_channel(channel_id)
        lines = [said("This channel hosts {game}: {about}", game=Strong(game_title(table.game)),
                      about=GAME_ABOUT.get(table.row.game_key, ""))]
        seat = table.seat_of(person.id)
        if table.state is None:
            lines.append(said("Waiting for players ({seated}/{players}): `/game join`.", seated=len(table.seats),
                              players=table.row.players))
            return Reply(private=lines, game_id=table.row.id, game_key=table.row.game_key)
        acting = sorted(table.game.actors(table.state))
        if acting:
            lines.append(said("Now playing: {who}.", who=listed([Strong(table.names()[each]) for each in acting])))
        if table.is_acting(seat):
            lines.append(said("Your move: {prompt}", prompt=table.prompt(seat)))
            lines.append(said("Press {button} on the latest board to choose it from a menu (or type it with "
                              "`/{key} move`, which suggests every move you can make).",
                              button=Strong(Message("Your move")), key=table.row.game_key))
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
            elif any(s.user_id == person.id and s.opened_at is not None for s in table.seats):
                others.append(said("- {game} in {where}: your seat is open after your timeouts and the AI plays it "
                                   "for now; take it back with `/game sit` there", game=title, where=where))
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


GAME_ABOUT = {
    "mor": Message("Renaissance merchants take resources from the market, buy development cards and "
                   "produce, racing to 7 cards or the end of the faith track."),
    "lim": Message("families of Renaissance Florence place their members to take cards from four towers, "
                   "harvest, produce and win the Church's favour over three periods."),
    "opera": Message("workshop masters of Florence buy raw goods in three trading cities, refine them, "
                     "build and deliver to the cathedral's worksites over nine rounds."),
}
"""What each game is, in one sentence, for ``/game help``."""
