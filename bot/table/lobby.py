"""Opening, joining, leaving, starting and abandoning a table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import games
from games.core import Message, Rng, counted, seed_state

from .ai_seats import DEFAULT_LEVEL, AiSeats, check_level
from .boards import Boards
from .clocks import deadline_changes, settings_text, with_timers
from .loading import Tables
from .model import Line, Person, Reply, Strong, Table, TableError, game_title, said
from .timing import reminder_changes
from .votes import abandon_carried, votes_needed
from .votes import people as seated_people

Clock = Callable[[], datetime]


class Lobby:
    def __init__(self, tables: Tables, boards: Boards, clock: Clock, seed_source: Callable[[], int],
                 ai_seats: AiSeats) -> None:
        self.tables, self.boards = tables, boards
        self.clock, self.seed_source, self.ai_seats = clock, seed_source, ai_seats

    async def new_game(self, guild_id: int, channel_id: int, host: Person, game_key: str, players: int,
                       options: dict[str, Any] | None = None, bots: int = 0,
                       level: str = DEFAULT_LEVEL) -> Reply:
        game = games.get(game_key)
        if not game.min_players <= players <= game.max_players:
            raise TableError("{title} is for {player_range} players, not {players}.",
                             title=game.title, player_range=game.player_range(), players=players)
        if not 0 <= bots < players:
            raise TableError("A table for {players} can have 0 to {most} AI players, not {bots}.",
                             players=players, most=players - 1, bots=bots)
        check_level(level)
        chosen = game.normalize_options(options or {})
        async with self.tables.lock(channel_id):
            row = await self.tables.open(guild_id, channel_id, host, game_key, chosen, self.seed_source(),
                                         players, self.clock())
            # AI seats (bot/table/ai_seats.py) are taken at once, in the same lock.
            ai_names = await self.ai_seats.seat(await self.tables.by_id(row.id), bots, level) if bots else []
        defaults = {spec.name: spec.default for spec in game.options}
        option_text = "".join(f", {k}: {str(v).lower()}" for k, v in chosen.items() if v != defaults[k])
        ai_text = Message(" with {names}", names=", ".join(ai_names)) if ai_names else ""
        if players == 1:
            invite = Message("Solo table: `/game start` when you are ready.")
        elif bots == players - 1:
            invite = Message("The table is full: `/game start` when you are ready.")
        else:
            invite = Message("`/game join` to take a seat ({seated}/{players}); the host starts with `/game start`.",
                             seated=1 + bots, players=players)
        opened = said("{host} opened a table of {game} for {players}{options}{ai}. {invite}", host=Strong(host.name),
                      game=Strong(game_title(game)), players=players, options=option_text, ai=ai_text,
                      invite=invite)
        notice = game.table_notice()
        return Reply(lines=[opened, *([(notice,)] if notice else [])], game_id=row.id, version=row.version,
                     game_key=game_key)

    async def join(self, channel_id: int, person: Person) -> Reply:
        async with self.tables.lock(channel_id):
            table = await self.tables.in_channel(channel_id)
            if table.row.status != "lobby":
                raise TableError("This game has already started; seats cannot change now.")
            if table.has_seat(person.id):
                raise TableError("You already have a seat at this table.")
            if len(table.seats) >= table.row.players:
                raise TableError("This table is full ({players} players).",
                                 players=table.row.players)
            await self.tables.require_rematch_player(table, person)
            await self.tables.seat(table.row.id, person, self.clock())
            seated = len(table.seats) + 1
        full = Message(" The table is full: the host can `/game start`.") if seated == table.row.players else ""
        joined = said("{who} joined the table ({seated}/{players}).{full}", who=Strong(person.name), seated=seated,
                      players=table.row.players, full=full)
        return Reply(lines=[joined], game_id=table.row.id, game_key=table.row.game_key)

    async def leave(self, channel_id: int, person: Person) -> Reply:
        async with self.tables.lock(channel_id):
            table = await self.tables.in_channel(channel_id)
            if not table.has_seat(person.id):
                raise TableError("You have no seat at this table.")
            if table.row.status != "lobby":
                raise TableError(
                    "You cannot leave a game in progress. Ask the host to `/game abandon` it, "
                    "or vote to abandon it yourself with `/game abandon`."
                )
            if person.id == table.row.host_id:
                await self.tables.close(table.row.id, self.clock())
                return Reply(lines=[said("{who} (the host) left, so the table is closed.", who=Strong(person.name))])
            await self.tables.unseat(table.row.id, person.id)
        left = said("{who} left the table ({seated}/{players}).", who=Strong(person.name),
                    seated=len(table.seats) - 1, players=table.row.players)
        return Reply(lines=[left])

    async def start(self, channel_id: int, person: Person) -> Reply:
        async with self.tables.lock(channel_id):
            table = await self.tables.in_channel(channel_id)
            if table.row.status != "lobby":
                raise TableError("This game has already started.")
            table.require_manager(person, Message("start the game"))
            game, count = table.game, len(table.seats)
            if count != table.row.players:
                raise TableError(counted(
                    "This table is for {players} players and {count} is seated: wait for more players to "
                    "`/game join`.",
                    "This table is for {players} players and {count} are seated: wait for more players to "
                    "`/game join`.",
                    by="count", players=table.row.players, count=count))
            order = [s.user_id for s in sorted(table.seats, key=lambda s: s.joined_at)]
            # Seats (and so the first player) are drawn from the table's seed, so they replay too.
            shuffle_state = {"rng": seed_state(table.row.seed ^ 0x5EA7)}
            Rng(shuffle_state).shuffle(order)
            state = game.setup(count, table.row.seed, table.row.options)
            now = self.clock()
            seats = [replace(seat, seat=order.index(seat.user_id)) for seat in table.seats]
            started = replace(table, seats=sorted(seats, key=lambda s: s.seat), state=state)
            _, timers = reminder_changes(
                started, acted_user=None, due_at=now + timedelta(seconds=table.row.reminder_seconds))
            timers += deadline_changes(started, now, await self.tables.presences(started, now))[1]
            row = await self.tables.start(table, order, state, now, timers)
            table = with_timers(replace(started, row=row), [], timers)
            seating = ", ".join(f"{i + 1}. {name}" for i, name in enumerate(table.names()))
            board = await self.ai_seats.turns.record(
                None, table, [said("{game} begins. Seats: {seating}.", game=Strong(game_title(game)),
                                   seating=seating), *how_to_play(table)])
        return await self.ai_seats.turns.reply(board)

    async def abandon(self, channel_id: int, person: Person) -> Reply:
        async with self.tables.lock(channel_id):
            table = await self.tables.in_channel(channel_id)
            now = self.clock()
            if person.id == table.row.host_id or person.is_manager:
                await self.tables.close(table.row.id, now)
                return Reply(lines=[said("{who} abandoned the game. The channel is free for a new table.",
                                         who=Strong(person.name))])
            if not table.has_seat(person.id):
                raise TableError("Only the host, a server manager or a seated player can abandon this game.")
            votes = await self.tables.vote_to_abandon(table.row.id, person.id)
            people, needed = len(seated_people(table)), votes_needed(table)  # AI seats do not vote
            if abandon_carried(table, votes, await self.tables.moves(table.row.id), now):
                await self.tables.close(table.row.id, now)
                who = (Message("A majority of the players") if len(votes) >= needed
                       else Message("Every player who moved in the last week"))
                return Reply(lines=[said("{who} ({votes}/{people}) voted: the game is abandoned.", who=who,
                                         votes=len(votes), people=people)])
        return Reply(lines=[said("{who} votes to abandon this game ({votes}/{needed} votes needed). Other players can "
                                 "agree with `/game abandon`.", who=Strong(person.name), votes=len(votes),
                                 needed=needed)])


def how_to_play(table: Table) -> list[Line]:
    """What a new table's first message tells everyone about playing here."""
    return [
        said("How to play here: when you are pinged, press {button} on the latest message and choose your move "
             "from the menu.", button=Strong(Message("Your move"))),
        said("Turn time: {clock}", clock=settings_text(table.row)),
        said("A misclick? `/game undo` takes it back. Been away? `/game since` shows what happened since your "
             "last move, and `/game away` pauses your clock while you are away."),
    ]
