"""Beyond one game: rematches, and each server's ratings (``/game stats``, ``/game leaderboard``).

A rematch is a new table of the same game, options and players: whoever of the players asks
opens it (in the same channel, or in a new thread when the finished game was in a thread), the
AI seats are seated again at their levels, and the other people confirm by taking their seats;
the game starts, with its seats drawn again, once the last one has. Only the players of the
finished game may sit at it, and a game is played again at most once.

Ratings are written by the store with a game's last move (see :mod:`db.ratings`); here they are
only read and shown.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import games
from games.core import Message, counted

from .ai_seats import AiSeats
from .loading import REMATCH_EXISTS, Tables
from .lobby import Lobby
from .model import Line, Mention, Person, Reply, Strong, Table, TableError, game_title, said

Clock = Callable[[], datetime]
LEADERBOARD_SIZE = 10
NOTHING_TO_REPLAY = Message("There is no finished game in this channel to play again.")
NOT_OVER = Message("The game is not over yet: a rematch can be opened once it has ended.")
ABANDONED = Message("The last game here was abandoned: only a finished game can be played again.")
NOT_A_PLAYER = Message("Only the players of the last game can open a rematch.")
NOT_THIS_REMATCH = Message("That button belongs to a rematch table that is no longer open.")
JOIN_THE_REMATCH = Message("Join the rematch")
"""The label of the rematch's button, which its opening message names."""


class Community:
    def __init__(self, tables: Tables, lobby: Lobby, ai_seats: AiSeats, clock: Clock) -> None:
        self.tables, self.lobby, self.ai_seats, self.clock = tables, lobby, ai_seats, clock

    # ------------------------------------------------------------------ rematches
    async def finished_here(self, channel_id: int, person: Person) -> Table:
        """The finished game of the channel that ``person`` may play again, or a one-sentence refusal."""
        row = await self.tables.latest_in_channel(channel_id)
        if row is None:
            raise TableError(NOTHING_TO_REPLAY)
        if row.status in ("lobby", "active"):
            previous, _ = await self.tables.rematch_links(row.id)
            if previous is not None:
                raise TableError("This channel's rematch table is already open: press its Join the rematch button.")
            raise TableError(NOT_OVER)
        if row.status == "abandoned":
            raise TableError(ABANDONED)
        table = await self.tables.by_id(row.id)
        if not table.has_seat(person.id):
            raise TableError(NOT_A_PLAYER)
        _, following = await self.tables.rematch_links(row.id)
        if following is not None:
            raise TableError(REMATCH_EXISTS)
        return table

    async def rematch(self, channel_id: int, new_channel_id: int, person: Person) -> Reply:
        """Open the rematch of the finished game of ``channel_id`` in ``new_channel_id`` (the same
        channel, or a thread the adapter opened); the others are asked to confirm."""
        old = await self.finished_here(channel_id, person)
        async with self.tables.lock(new_channel_id):
            row = await self.tables.open(old.row.guild_id, new_channel_id, person, old.row.game_key,
                                         old.row.options, self.lobby.seed_source(), old.row.players, self.clock())
            try:
                await self.tables.link_rematch(row.id, old.row.id)
            except TableError:
                await self.tables.close(row.id, self.clock())
                raise
            for level in sorted(set(old.ai_levels().values())):
                count = sum(1 for seat_level in old.ai_levels().values() if seat_level == level)
                await self.ai_seats.seat(await self.tables.by_id(row.id), count, level)
        others = [seat for seat in old.seats if seat.ai_level is None and seat.user_id != person.id]
        title = game_title(games.get(old.row.game_key))
        if not others:
            return await self.lobby.start(new_channel_id, person)
        asked: Mention | Message = Mention(others[0].user_id, others[0].display_name)
        for seat in others[1:]:
            asked = Message("{names}, {name}", names=asked, name=Mention(seat.user_id, seat.display_name))
        opened = said("{who} opened a rematch of {title} for the same players. {asked}: press {button} to take "
                      "your seat; the game starts, with the seats drawn again, when everyone has.",
                      who=Strong(person.name), title=Strong(title), asked=asked,
                      button=Strong(JOIN_THE_REMATCH))
        return Reply(lines=[opened], mentions=[seat.user_id for seat in others], game_id=row.id,
                     game_key=row.game_key)

    async def confirm(self, channel_id: int, person: Person, game_id: int) -> Reply:
        """``person`` takes their seat at rematch ``game_id``; the last one to do so starts it."""
        table = await self.tables.in_channel(channel_id)
        if table.row.id != game_id or table.row.status != "lobby":
            raise TableError(NOT_THIS_REMATCH)
        joined = await self.lobby.join(channel_id, person)
        table = await self.tables.in_channel(channel_id)
        if len(table.seats) < table.row.players or table.row.status != "lobby":
            return joined
        host = next(seat for seat in table.seats if seat.user_id == table.row.host_id)
        started = await self.lobby.start(channel_id, Person(host.user_id, host.display_name))
        started.lines[:0] = [said("{who} joined the rematch: everyone is in.", who=Strong(person.name))]
        return started

    # ------------------------------------------------------------------ ratings
    async def stats(self, guild_id: int, member: Person, game_key: str | None) -> Reply:
        """``member``'s games, wins, average score and rating per game on this server."""
        rows = await self.tables.ratings(guild_id, game_key=game_key, user_id=member.id)
        if not rows:
            if game_key:
                raise TableError("{who} has no finished games of {title} on this server yet.", who=member.name,
                                 title=games.get(game_key).title)
            raise TableError("{who} has no finished games on this server yet.", who=member.name)
        lines: list[Line] = [said("{who} on this server:", who=Strong(member.name))]
        for row in sorted(rows, key=lambda r: games.get(r.game_key).title):
            rating = row.rating
            lines.append(said("{title}: {games} played, {wins} won, average score {average}, rating {rating}",
                              title=Strong(game_title(games.get(row.game_key))), games=_games(rating.games),
                              wins=rating.wins, average=f"{rating.average:.1f}", rating=f"{rating.shown:.1f}"))
        return Reply(private=lines)

    async def leaderboard(self, guild_id: int, game_key: str) -> Reply:
        """The server's best players of ``game_key`` by rating (AI levels included), with games played."""
        title = game_title(games.get(game_key))
        rows = await self.tables.ratings(guild_id, game_key=game_key, limit=LEADERBOARD_SIZE)
        if not rows:
            raise TableError("No game of {title} has finished on this server yet.", title=title)
        lines: list[Line] = [said("{title}: the best players of this server, by rating", title=Strong(title))]
        for place, row in enumerate(rows, start=1):
            lines.append(said("{place}. {who}: {rating} ({games})", place=place, who=Strong(row.display_name),
                              rating=f"{row.rating.shown:.1f}", games=_games(row.rating.games)))
        return Reply(private=lines)


def _games(number: int) -> Message:
    """``1 game``, ``3 games``: a count of games, one translatable phrase."""
    return counted("{n} game", "{n} games", n=number)
