"""The table service: every table operation, independent of Discord.

The Discord cogs and the local console both call this service and turn its :class:`Reply` into
messages. It owns the rules of a *table* (who sits where, who may manage it, reminders); the
rules of the *game* belong to the engine. Every change goes through the store in one transaction
guarded by the game's version, under a per-channel lock, so double clicks and racing commands
apply once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, Callable

import games
from db import Store
from db.errors import ChannelBusy, DuplicateInteraction, StaleVersion
from games.core import CorruptState, Game, IllegalAction, Rng, seed_state

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
SNAPSHOT_EVERY = 25
MIN_REMINDER = timedelta(hours=1)
MAX_REMINDER = timedelta(days=7)
_SEAT_PLACEHOLDER = re.compile(r"\{p(\d+)\}")


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def discord_time(moment: datetime, style: str = "R") -> str:
    """A Discord timestamp, shown to each reader in their own time zone."""
    return f"<t:{int(moment.timestamp())}:{style}>"


@dataclass(frozen=True)
class Person:
    """Whoever sent a command: a Discord member or a console user."""

    id: int
    name: str
    is_manager: bool = False


@dataclass(frozen=True)
class Image:
    filename: str
    data: bytes


@dataclass
class Reply:
    """What an adapter should post. Public parts go to the channel, ``ephemeral`` only to the invoker."""

    text: str = ""
    image: Image | None = None
    mentions: list[int] = field(default_factory=list)
    ephemeral: str = ""
    ephemeral_image: Image | None = None
    game_id: int | None = None
    version: int | None = None


class TableError(Exception):
    """A refusal at table level (no game here, not your seat, not the host...), for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class StaleAction(TableError):
    """A button or command aimed at a board that has moved on; ``current`` is the board now."""

    def __init__(self, message: str, current: Reply | None = None) -> None:
        super().__init__(message)
        self.current = current


@dataclass(frozen=True)
class Reminder:
    channel_id: int
    game_id: int
    user_ids: list[int]
    text: str


@dataclass
class Table:
    """A game as loaded from the store: its row, its seats and (once started) its state."""

    row: Any
    seats: list[Any]
    game: Game
    state: dict[str, Any] | None

    def has_seat(self, user_id: int) -> bool:
        """Whether the user sits at this table (in the lobby, before seats are numbered, too)."""
        return any(seat.user_id == user_id for seat in self.seats)

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def user_of(self, seat_number: int) -> int:
        for seat in self.seats:
            if seat.seat == seat_number:
                return seat.user_id
        raise KeyError(seat_number)

    def names(self) -> list[str]:
        ordered = sorted((s for s in self.seats if s.seat is not None), key=lambda s: s.seat)
        return [s.display_name for s in ordered]

    def fill_names(self, text: str) -> str:
        names = self.names()
        return _SEAT_PLACEHOLDER.sub(
            lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text
        )

    def waiting_message(self, seat: int) -> str:
        """Why ``seat`` may not act now, with the seats it names filled in."""
        return self.fill_names(self.game.waiting_message(self.state, seat))

    def legal(self, seat: int | None) -> list[str]:
        """The notations ``seat`` may play now (empty when it is not that seat's move)."""
        if seat is None or self.state is None or seat not in self.game.actors(self.state):
            return []
        return [self.game.notation(a) for a in self.game.legal_actions(self.state, seat)]

    def waiting_since(self) -> datetime:
        """When the table last changed: its latest move, or its start."""
        return self.row.last_move_at or self.row.updated_at

    def actor_users(self) -> list[int]:
        if self.state is None or self.game.result(self.state) is not None:
            return []
        return [self.user_of(seat) for seat in sorted(self.game.actors(self.state))]


class TableService:
    def __init__(
        self,
        store: Store,
        *,
        clock: Clock | None = None,
        seed_source: Callable[[], int] | None = None,
        render: bool = True,
    ) -> None:
        self.store = store
        self.clock = clock or utc_now
        self._seed_source = seed_source or (lambda: secrets.randbits(63))
        self._render = render
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    # ------------------------------------------------------------------ lobby
    async def new_game(
        self,
        guild_id: int,
        channel_id: int,
        host: Person,
        game_key: str,
        players: int,
        options: dict[str, Any] | None = None,
    ) -> Reply:
        game = games.get(game_key)
        if not game.min_players <= players <= game.max_players:
            raise TableError(f"{game.title} is for {game.player_range()} players, not {players}.")
        chosen = game.normalize_options(options or {})
        now = self.clock()
        async with self._lock(channel_id):
            try:
                row = await self.store.create_game(
                    guild_id=guild_id, channel_id=channel_id, game_key=game_key, options=chosen,
                    seed=self._seed_source(), players=players, host_id=host.id, now=now,
                )
            except ChannelBusy:
                raise TableError(
                    "This channel already has a table. Finish or abandon it first, "
                    "or open a new one in a thread (`/game new ... thread:true`)."
                ) from None
            await self.store.add_seat(row.id, host.id, host.name, now=now)
        defaults = {spec.name: spec.default for spec in game.options}
        option_text = "".join(f", {k}: {str(v).lower()}" for k, v in chosen.items() if v != defaults[k])
        if players == 1:
            invite = "Solo table: `/game start` when you are ready."
        else:
            invite = f"`/game join` to take a seat (1/{players}); the host starts with `/game start`."
        return Reply(
            text=f"**{host.name}** opened a table of **{game.title}** for {players}{option_text}. {invite}",
            game_id=row.id, version=row.version,
        )

    async def join(self, channel_id: int, person: Person) -> Reply:
        async with self._lock(channel_id):
            table = await self._load(channel_id)
            if table.row.status != "lobby":
                raise TableError("This game has already started; seats cannot change now.")
            if table.has_seat(person.id):
                raise TableError("You already have a seat at this table.")
            if len(table.seats) >= table.row.players:
                raise TableError(f"This table is full ({table.row.players} players).")
            await self.store.add_seat(table.row.id, person.id, person.name, now=self.clock())
            seated = len(table.seats) + 1
        full = " The table is full: the host can `/game start`." if seated == table.row.players else ""
        return Reply(
            text=f"**{person.name}** joined the table ({seated}/{table.row.players}).{full}",
            game_id=table.row.id,
        )

    async def leave(self, channel_id: int, person: Person) -> Reply:
        async with self._lock(channel_id):
            table = await self._load(channel_id)
            if not table.has_seat(person.id):
                raise TableError("You have no seat at this table.")
            if table.row.status != "lobby":
                raise TableError(
                    "You cannot leave a game in progress. Ask the host to `/game abandon` it, "
                    "or vote to abandon it yourself with `/game abandon`."
                )
            if person.id == table.row.host_id:
                await self.store.set_status(table.row.id, "abandoned", self.clock())
                return Reply(text=f"**{person.name}** (the host) left, so the table is closed.")
            await self.store.remove_seat(table.row.id, person.id)
        return Reply(text=f"**{person.name}** left the table ({len(table.seats) - 1}/{table.row.players}).")

    async def start(self, channel_id: int, person: Person) -> Reply:
        async with self._lock(channel_id):
            table = await self._load(channel_id)
            if table.row.status != "lobby":
                raise TableError("This game has already started.")
            self._require_manager(table, person, "start the game")
            game, count = table.game, len(table.seats)
            if count != table.row.players:
                raise TableError(
                    f"This table is for {table.row.players} players and {count} "
                    f"{'is' if count == 1 else 'are'} seated: wait for more players to `/game join`."
                )
            order = [s.user_id for s in sorted(table.seats, key=lambda s: s.joined_at)]
            # Seats (and so the first player) are drawn from the table's seed, so they replay too.
            shuffle_state = {"rng": seed_state(table.row.seed ^ 0x5EA7)}
            Rng(shuffle_state).shuffle(order)
            state = game.setup(count, table.row.seed, table.row.options)
            now = self.clock()
            await self.store.assign_seats(table.row.id, order)
            await self.store.start_game(
                table.row.id, expected_version=table.row.version, snapshot=game.dumps(state), now=now
            )
            table = await self._load_row(table.row.id, state)
            await self._sync_reminders(table, acted_user=None, now=now)
        names = table.names()
        seating = ", ".join(f"{i + 1}. {name}" for i, name in enumerate(names))
        return await self._board_reply(table, [f"**{game.title}** begins. Seats: {seating}."])

    # ------------------------------------------------------------------ play
    async def act(
        self,
        channel_id: int,
        person: Person,
        notation: str,
        *,
        interaction_id: int | None = None,
        expected_version: int | None = None,
    ) -> Reply:
        async with self._lock(channel_id):
            table = await self._load_playing(channel_id)
            seat = table.seat_of(person.id)
            if seat is None:
                raise TableError("You are not playing at this table.")
            if expected_version is not None and expected_version != table.row.version:
                raise StaleAction(
                    "That button belongs to an earlier board; the game has moved on. Here is the board now.",
                    await self._board_reply(table, []),
                )
            game, state = table.game, table.state
            try:
                action = game.parse(state, notation)
                new_state, events = game.apply(state, seat, action)
            except IllegalAction as refusal:  # refusals may name seats as {p0}, like events
                raise IllegalAction(table.fill_names(refusal.message), refusal.rule) from None
            finished = game.result(new_state) is not None
            next_version = table.row.version + 1
            snapshot = game.dumps(new_state) if finished or next_version % SNAPSHOT_EVERY == 0 else None
            now = self.clock()
            try:
                version = await self.store.append_move(
                    table.row.id, expected_version=table.row.version, seat=seat, user_id=person.id,
                    notation=game.notation(action), now=now, interaction_id=interaction_id,
                    snapshot=snapshot, finished=finished,
                )
            except DuplicateInteraction:
                raise TableError("That move was already recorded.") from None
            except StaleVersion:
                raise StaleAction("Someone moved at the same moment; the board has moved on.") from None
            table = await self._load_row(table.row.id, new_state)
            assert table.row.version == version
            await self._sync_reminders(table, acted_user=person.id, now=now)
        lines = [table.fill_names(event["text"]) for event in events]
        return await self._board_reply(table, lines)

    async def status(self, channel_id: int) -> Reply:
        table = await self._load(channel_id)
        if table.state is None:
            seated = ", ".join(s.display_name for s in table.seats)
            return Reply(
                text=f"Table of **{table.game.title}** waiting for players "
                f"({len(table.seats)}/{table.row.players}): {seated}.",
                game_id=table.row.id, version=table.row.version,
            )
        reply = await self._board_reply(table, [])
        if table.actor_users():
            reply.text += f"\nWaiting since {discord_time(table.waiting_since())}."
            reminders = [t.due_at for t in await self.store.timers(table.row.id) if t.kind == "reminder"]
            if reminders:
                reply.text += f" Next reminder {discord_time(min(reminders))}."
        return reply

    async def private(self, channel_id: int, person: Person) -> Reply:
        """``person``'s own view (hand, pending choices), for an ephemeral reply."""
        table = await self._load_playing(channel_id)
        seat = table.seat_of(person.id)
        if seat is None:
            raise TableError("You are not playing at this table.")
        view = table.game.view(table.state, seat)
        image = await self._render_private(table, view)
        return Reply(
            ephemeral=self._private_text(table, seat), ephemeral_image=image,
            game_id=table.row.id, version=table.row.version,
        )

    async def legal(self, channel_id: int, person: Person) -> list[str]:
        """The notations ``person`` may play now (empty when it is not their move)."""
        try:
            table = await self._load_playing(channel_id)
        except TableError:
            return []
        return table.legal(table.seat_of(person.id))

    async def game_help(self, channel_id: int, person: Person) -> Reply:
        """What this channel's game is and what ``person`` can do in it now."""
        table = await self._load(channel_id)
        lines = [f"This channel hosts **{table.game.title}** (`/{table.row.game_key} ...`)."]
        seat = table.seat_of(person.id)
        if table.state is None:
            lines.append(f"Waiting for players ({len(table.seats)}/{table.row.players}): `/game join`.")
        elif seat is not None and seat in table.game.actors(table.state):
            lines.append("Your move: " + table.game.prompt(table.state, seat))
            legal = table.legal(seat)
            if legal:
                sample = ", ".join(f"`{n}`" for n in legal[:8])
                lines.append(f"For example: {sample}" + (" ..." if len(legal) > 8 else ""))
        return Reply(ephemeral="\n".join(lines), game_id=table.row.id)

    async def game_state(self, game_id: int) -> dict[str, Any] | None:
        """Game ``game_id``'s state after its latest move, finished games included; None before it starts."""
        row = await self.store.get_game(game_id)
        if row is None or row.status == "lobby":
            return None
        return await self._load_state(row, games.get(row.game_key))

    async def table(self, channel_id: int) -> Table:
        """The channel's current table, for adapters that need the state (autocomplete, details)."""
        return await self._load(channel_id)

    # ------------------------------------------------------------ management
    async def abandon(self, channel_id: int, person: Person) -> Reply:
        async with self._lock(channel_id):
            table = await self._load(channel_id)
            now = self.clock()
            if person.id == table.row.host_id or person.is_manager:
                await self._close(table, now)
                return Reply(text=f"**{person.name}** abandoned the game. The channel is free for a new table.")
            if not table.has_seat(person.id):
                raise TableError("Only the host, a server manager or a seated player can abandon this game.")
            key = f"abandon-votes:{table.row.id}"
            votes = set(json.loads(await self.store.get_meta(key) or "[]")) | {person.id}
            needed = len(table.seats) // 2 + 1
            if len(votes) >= needed:
                await self._close(table, now)
                return Reply(text=f"A majority of the players ({len(votes)}/{len(table.seats)}) voted: the game is abandoned.")
            await self.store.set_meta(key, json.dumps(sorted(votes)))
        return Reply(
            text=f"**{person.name}** votes to abandon this game ({len(votes)}/{needed} votes needed). "
            "Other players can agree with `/game abandon`."
        )

    async def settings(self, channel_id: int, person: Person, reminder_hours: float) -> Reply:
        async with self._lock(channel_id):
            table = await self._load(channel_id)
            self._require_manager(table, person, "change the table settings")
            interval = timedelta(hours=reminder_hours)
            if not MIN_REMINDER <= interval <= MAX_REMINDER:
                raise TableError("The reminder interval must be between 1 hour and 7 days (168 hours).")
            now = self.clock()
            await self.store.set_reminder_seconds(table.row.id, int(interval.total_seconds()), now)
            for timer in await self.store.timers(table.row.id):
                if timer.kind == "reminder":
                    await self.store.set_timer(table.row.id, "reminder", timer.user_id, now + interval)
        return Reply(text=f"Reminders at this table now come every {_duration(interval)} of waiting.")

    async def mine(self, guild_id: int, person: Person) -> Reply:
        waiting: list[str] = []
        others: list[str] = []
        for row in await self.store.games_for_user(guild_id, person.id):
            table = await self._load_row(row.id)
            title = table.game.title
            link = row.board_jump_url or f"https://discord.com/channels/{row.guild_id}/{row.channel_id}"
            if row.status == "lobby":
                others.append(f"- {title}: waiting for players in <#{row.channel_id}>")
            elif person.id in table.actor_users():
                seat = table.seat_of(person.id)
                waiting.append(f"- {title} in <#{row.channel_id}>: {table.game.prompt(table.state, seat)} {link}")
            else:
                others.append(f"- {title} in <#{row.channel_id}>: waiting on others")
        if not waiting and not others:
            return Reply(ephemeral="You have no games in this server. Start one with `/game new`.")
        parts = []
        if waiting:
            parts.append("**Your move:**\n" + "\n".join(waiting))
        if others:
            parts.append("**Other tables:**\n" + "\n".join(others))
        return Reply(ephemeral="\n".join(parts))

    async def record_board_message(self, game_id: int, message_id: int, jump_url: str) -> None:
        await self.store.set_board_message(game_id, message_id, jump_url)

    # ------------------------------------------------------------- reminders
    async def due_reminders(self) -> list[Reminder]:
        """Reminders that are due now; each is rescheduled one interval later.

        Each game is handled under its channel's lock, like a move, so a move made meanwhile is
        not reminded of and its reminder timers are not overwritten.
        """
        now = self.clock()
        due_games = dict.fromkeys(t.game_id for t in await self.store.due_timers(now) if t.kind == "reminder")
        reminders = []
        for game_id in due_games:
            row = await self.store.get_game(game_id)
            async with self._lock(row.channel_id):
                reminder = await self._remind(game_id, now)
            if reminder is not None:
                reminders.append(reminder)
        return reminders

    async def _remind(self, game_id: int, now: datetime) -> Reminder | None:
        """One game's reminder, from its state and timers as they are once its channel is locked."""
        table = await self._load_row(game_id)
        timers = [t for t in await self.store.timers(game_id) if t.kind == "reminder" and t.due_at <= now]
        actors = set(table.actor_users())
        users = [t.user_id for t in timers if t.user_id in actors]
        for timer in timers:
            if timer.user_id in actors:
                interval = timedelta(seconds=table.row.reminder_seconds)
                await self.store.set_timer(game_id, "reminder", timer.user_id, now + interval)
            else:
                await self.store.clear_timers(game_id, kind="reminder", user_id=timer.user_id)
        if not users:
            return None
        lines = []
        for user in users:
            prompt = table.game.prompt(table.state, table.seat_of(user))
            lines.append(f"<@{user}>: {prompt}")
        board = f"\nLatest board: {table.row.board_jump_url}" if table.row.board_jump_url else ""
        head = f"Reminder: **{table.game.title}** has been waiting since {discord_time(table.waiting_since())}."
        return Reminder(
            channel_id=table.row.channel_id, game_id=game_id, user_ids=users,
            text=head + "\n" + "\n".join(lines) + board,
        )

    async def _sync_reminders(self, table: Table, *, acted_user: int | None, now: datetime) -> None:
        game_id = table.row.id
        actors = set(table.actor_users())
        if not actors:
            await self.store.clear_timers(game_id)
            return
        current = {t.user_id for t in await self.store.timers(game_id) if t.kind == "reminder"}
        interval = timedelta(seconds=table.row.reminder_seconds)
        for user in current - actors:
            await self.store.clear_timers(game_id, kind="reminder", user_id=user)
        for user in actors:
            if user not in current or user == acted_user:
                await self.store.set_timer(game_id, "reminder", user, now + interval)

    # --------------------------------------------------------------- helpers
    async def _close(self, table: Table, now: datetime) -> None:
        await self.store.set_status(table.row.id, "abandoned", now)
        await self.store.clear_timers(table.row.id)
        await self.store.set_meta(f"abandon-votes:{table.row.id}", "[]")

    def _require_manager(self, table: Table, person: Person, what: str) -> None:
        if person.id != table.row.host_id and not person.is_manager:
            raise TableError(f"Only the host of this table or a server manager can {what}.")

    async def _load(self, channel_id: int) -> Table:
        row = await self.store.active_game(channel_id)
        if row is None:
            raise TableError("There is no game in this channel. Start one with `/game new`.")
        return await self._load_row(row.id)

    async def _load_playing(self, channel_id: int) -> Table:
        table = await self._load(channel_id)
        if table.state is None:
            raise TableError("This game has not started yet: the host starts it with `/game start`.")
        return table

    async def _load_row(self, game_id: int, state: dict[str, Any] | None = None) -> Table:
        row = await self.store.get_game(game_id)
        game = games.get(row.game_key)
        seats = await self.store.seats(game_id)
        if state is None and row.status != "lobby":
            state = await self._load_state(row, game)
        return Table(row=row, seats=seats, game=game, state=state)

    async def _load_state(self, row: Any, game: Game) -> dict[str, Any]:
        """Latest snapshot plus the moves after it, replayed through the engine."""
        step = "the snapshot"
        try:
            loaded = await self.store.load(row.id)
            if loaded is None:
                raise CorruptState("no snapshot")
            _, text, moves = loaded
            state = game.loads(text)
            for move in moves:
                step = f"move {move.seq}"
                state, _ = game.play(state, move.seat, move.notation)
            return state
        except (CorruptState, IllegalAction, KeyError, TypeError, ValueError) as exc:
            # The exception's text may quote a hand or a hidden card: the log names only where it broke.
            log.error("game %s cannot be loaded: %s failed (%s)", row.id, step, type(exc).__name__)
            raise TableError(
                "This game's saved state is damaged and cannot be loaded. Nothing was changed; "
                "a server operator can restore it from a backup (see the operator's guide)."
            ) from None

    async def _board_reply(self, table: Table, lines: list[str]) -> Reply:
        game, state = table.game, table.state
        result = game.result(state)
        text_lines = list(lines)
        mentions: list[int] = []
        if result is not None:
            text_lines.append(self._result_text(table, result))
        else:
            for seat in sorted(game.actors(state)):
                user = table.user_of(seat)
                mentions.append(user)
                text_lines.append(f"<@{user}>: {game.prompt(state, seat)}")
        # The image draws the latest line as plain text, so without its Discord markdown.
        image = await self._render_public(table, lines[-1].replace("**", "") if lines else None)
        return Reply(
            text="\n".join(text_lines), image=image, mentions=mentions,
            game_id=table.row.id, version=table.row.version,
        )

    def _result_text(self, table: Table, result: dict[str, Any]) -> str:
        names = table.names()
        place = {seat: rank + 1 for rank, group in enumerate(result["ranking"]) for seat in group}
        rows = []
        for score in sorted(result["scores"], key=lambda s: place[s["seat"]]):
            detail = ", ".join(f"{k} {v}" for k, v in score["breakdown"].items())
            rows.append(f"{place[score['seat']]}. **{names[score['seat']]}**: {score['total']} ({detail})")
        solo = result.get("solo")
        if solo:
            head = "You beat Lorenzo!" if solo.get("won") else "Lorenzo wins."
            head += f" {solo.get('reason', '')}".rstrip()
        else:
            head = "Winner: " + " and ".join(f"**{names[s]}**" for s in result["winners"]) + "!"
        return "**Game over.** " + head + "\n" + "\n".join(rows)

    def _private_text(self, table: Table, seat: int) -> str:
        prompt = table.game.prompt(table.state, seat) if seat in table.game.actors(table.state) else ""
        return f"Your seat: {seat + 1} ({table.names()[seat]}). {prompt}".strip()

    async def _render_public(self, table: Table, highlight: str | None) -> Image | None:
        if not self._render:
            return None
        import rendering

        view = table.game.view(table.state, None)
        data = await asyncio.to_thread(
            rendering.render, table.row.game_key, view, names=table.names(), highlight=highlight
        )
        return Image(f"{table.row.game_key}-{table.row.id}-{table.row.version}.png", data)

    async def _render_private(self, table: Table, view: dict[str, Any]) -> Image | None:
        if not self._render:
            return None
        import rendering

        data = await asyncio.to_thread(
            rendering.render_private, table.row.game_key, view, names=table.names()
        )
        return Image(f"{table.row.game_key}-{table.row.id}-hand.png", data)


def _duration(interval: timedelta) -> str:
    hours = interval.total_seconds() / 3600
    if hours >= 24 and hours % 24 == 0:
        days = int(hours // 24)
        return f"{days} day" + ("s" if days != 1 else "")
    return f"{hours:g} hour" + ("s" if hours != 1 else "")
