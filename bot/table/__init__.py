"""The table service: every table operation, independent of Discord.

The Discord cogs and the local console call one :class:`TableService` and present its
structured :class:`Reply` (see :mod:`bot.presentation`). The service owns the rules of a *table*
(who sits where, who may manage it, reminders); the rules of the *game* belong to the engine.
Behind the façade each concern has its module:

- :mod:`.model`: tables, people, structured replies, refusals;
- :mod:`.loading`: every store call, loading (snapshot + replay) and the per-channel locks;
- :mod:`.lobby`: new, join, leave, start, abandon;
- :mod:`.ai_seats`: AI seats in the lobby, and the moves a table owes them (decided off the event
  loop by :mod:`.ai_runner`);
- :mod:`.play`: a move, legal moves, a player's own view;
- :mod:`.timing`: timers by kind (reminders) and the reminder settings;
- :mod:`.deadlines` (with :mod:`.clocks`): turn time, time banks, the timeout ladder, open seats;
- :mod:`.history`: the public log of a game, its board after any move, its record;
- :mod:`.undo`: taking a misclick back, and the catch-up digest of a player's turn;
- :mod:`.queries`: status, help, a player's games;
- :mod:`.members`: a member's vacations, quiet hours and "your turn" messages (rules in :mod:`.presence`);
- :mod:`.boards`: what a board post says and shows, drawn by the injected renderer (the interface
  it asks for is :mod:`.renderer`; the drawing code stays outside the service);
- :mod:`.results`: a finished game's placings (for the ratings) and summary (for its image);
- :mod:`.community`: rematches, and the server's ratings;
- :mod:`.coach`: hints and the coach setting; :mod:`.reviews`: the post-game review, a
  stored job run in its own low-priority worker pool.

Every change goes through the store guarded by the game's version, under the channel's lock, so
double clicks and racing commands apply once.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from db import Store
from db.rows import COACH_SETTINGS
from games.ai.coach import CoachBudget
from games.core import Description

from .ai_runner import AiRunner
from .ai_seats import AI_LEVELS, DEFAULT_LEVEL, AiSeats
from .boards import Boards
from .coach import Coach
from .clocks import CLOCKS, DEADLINE, TIMEOUT_ACTIONS, TurnSettings
from .community import Community
from .deadlines import Deadlines
from .history import Export, History, LogPage
from .language import Languages
from .loading import Tables
from .lobby import Lobby
from .members import DirectMessage, Members, Notice, PresenceDue, PresenceReply
from .model import (
    BoardLink,
    ChannelLink,
    DamagedTable,
    Image,
    Line,
    Mention,
    Moment,
    Person,
    Reminder,
    Reply,
    SecondThought,
    StaleAction,
    Strong,
    Table,
    TableError,
    line,
)
from .play import Play
from .presence import Presence
from .queries import Queries
from .renderer import Renderer
from .reviews import ReviewRunner, Reviews
from .timing import MAX_REMINDER, MIN_REMINDER, Timing
from .undo import Undo
from .turns import Turns

__all__ = [
    "AI_LEVELS", "CLOCKS", "COACH_SETTINGS", "DEFAULT_LEVEL", "MAX_REMINDER", "MIN_REMINDER", "TIMEOUT_ACTIONS", "BoardLink",
    "ChannelLink", "DamagedTable", "DirectMessage", "Export", "Image", "Line", "LogPage", "Mention", "Moment",
    "Notice", "Person", "Presence", "PresenceDue", "PresenceReply", "Reminder", "Reply", "ReviewRunner",
    "SecondThought", "StaleAction", "Strong", "Table", "TableError", "TableService", "TurnSettings", "line",
]

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


class TableService:
    """One object for every table operation; ``renderer=None`` posts no images, ``reviews=None``
    runs no post-game review (the jobs wait in the store); ``hint_budget`` is the coach's."""

    def __init__(self, store: Store, *, clock: Clock | None = None, seed_source: Callable[[], int] | None = None,
                 renderer: Renderer | None = None, ai: AiRunner | None = None,
                 reviews: ReviewRunner | None = None, hint_budget: CoachBudget | None = None) -> None:
        self.store = store
        self.clock = clock or utc_now
        self.renderer = renderer
        tables = Tables(store)
        self._members = Members(tables, self._now)
        boards = Boards(renderer, tables.moves, away=self._members.away_until, seat_changes=tables.seat_changes,
                        rating_changes=tables.rating_changes, hints_used=store.hints)
        self._tables, self._boards = tables, boards
        self._timing = Timing(tables, self._now, hold=self._members.held)
        self._play = Play(tables, boards, self._now, Turns(tables, boards))
        self._ai_seats = AiSeats(tables, boards, self._play, self._now, ai or AiRunner())
        self._lobby = Lobby(tables, boards, self._now, seed_source or (lambda: secrets.randbits(63)),
                            self._ai_seats)
        self._history = History(tables, boards)
        self._community = Community(tables, self._lobby, self._ai_seats, self._now)
        self._deadlines = Deadlines(tables, boards, self._play, self._now, self._ai_seats.runner)
        self._timing.handlers[DEADLINE] = self._deadlines.fire
        self._timing.rebuilders.append(self._deadlines.rebuilt)
        self._queries = Queries(tables, boards, self._timing, self._deadlines)
        self._undo = Undo(tables, boards, self._now, self._play.turns)
        self._languages = Languages(tables, self._now)
        self._coach = Coach(tables, self._now, self._ai_seats.runner, budget=hint_budget)
        self._reviews = Reviews(tables, boards, self._history, self._now, reviews)

    def _now(self) -> datetime:
        return self.clock()  # read at each call, so a test may replace or advance the clock

    # lobby
    async def new_game(self, guild_id: int, channel_id: int, host: Person, game_key: str, players: int,
                       options: dict[str, Any] | None = None, *, bots: int = 0,
                       level: str = DEFAULT_LEVEL) -> Reply:
        return await self._lobby.new_game(guild_id, channel_id, host, game_key, players, options, bots, level)

    async def join(self, channel_id: int, person: Person) -> Reply:
        return await self._lobby.join(channel_id, person)

    async def leave(self, channel_id: int, person: Person) -> Reply:
        return await self._lobby.leave(channel_id, person)

    async def start(self, channel_id: int, person: Person) -> Reply:
        return await self._lobby.start(channel_id, person)

    async def abandon(self, channel_id: int, person: Person) -> Reply:
        return await self._lobby.abandon(channel_id, person)

    # AI seats
    async def add_ai(self, channel_id: int, person: Person, level: str = DEFAULT_LEVEL) -> Reply:
        return await self._ai_seats.add(channel_id, person, level)

    async def remove_ai(self, channel_id: int, person: Person) -> Reply:
        return await self._ai_seats.remove(channel_id, person)

    async def play_ai(self, channel_id: int) -> Reply | None:
        """Play every move the channel's table owes its AI seats; the board after them (None: none)."""
        return await self._ai_seats.play_owed(channel_id)

    async def ai_owed_channels(self) -> list[int]:
        """Channels whose tables wait on an AI seat (played after a restart)."""
        return await self._ai_seats.owed_channels()

    # play
    async def act(self, channel_id: int, person: Person, notation: str, *, interaction_id: int | None = None,
                  expected_version: int | None = None, game_key: str | None = None, game_id: int | None = None,
                  ask: bool = False) -> Reply:
        """Play ``notation`` for ``person``; ``game_key`` and ``game_id`` refuse it unless the table
        plays that game (that game of the channel);
        ``ask``: a move the player may regret raises :class:`SecondThought` instead of being played."""
        return await self._play.act(channel_id, person, notation, interaction_id=interaction_id, ask=ask,
                                    expected_version=expected_version, game_key=game_key, game_id=game_id)

    async def menu(self, channel_id: int, person: Person, game_id: int, version: int) -> tuple[Table, int]:
        """The table and ``person``'s seat behind a "Your move" button of board ``version``;
        :class:`StaleAction` when that board is out of date for them."""
        return await self._play.menu(channel_id, person, game_id, version)

    async def private(self, channel_id: int, person: Person, language: str | None = None) -> Reply:
        """``person``'s own view; its image drawn in their ``language`` (default: the table's)."""
        return await self._play.private(channel_id, person, language)

    async def legal(self, channel_id: int, person: Person) -> list[str]:
        return await self._play.legal(channel_id, person)

    async def described(self, channel_id: int, person: Person) -> list[tuple[str, Description]]:
        return await self._play.described(channel_id, person)

    # time
    async def settings(self, channel_id: int, person: Person, reminder_hours: float) -> Reply:
        return await self._timing.settings(channel_id, person, reminder_hours)

    async def due_reminders(self) -> list[Reminder]:
        """Reminders that are due now; each is rescheduled one interval later. A game that cannot
        be loaded gives one notice for its channel instead, and is left alone after it."""
        return await self._timing.due()

    async def rebuild_timers(self) -> int:
        """At start-up: give every game in play the reminder and deadline timers its players need;
        returns how many games needed a change."""
        return await self._timing.rebuild()

    # turn time (bot/table/deadlines.py)
    async def turn_settings(self, channel_id: int, person: Person, changes: TurnSettings) -> Reply:
        """Change the table's turn clock (host or managers); every value is checked before any is kept."""
        return await self._deadlines.settings(channel_id, person, changes)

    async def sit(self, channel_id: int, person: Person) -> Reply:
        """``person``, not at the table, takes its open seat."""
        return await self._deadlines.sit(channel_id, person)

    async def replace_player(self, channel_id: int, person: Person, old_user_id: int, new: Person) -> Reply:
        """The host or a manager gives ``old_user_id``'s seat to ``new``."""
        return await self._deadlines.replace(channel_id, person, old_user_id, new)

    # history
    async def log(self, channel_id: int) -> list[tuple[int, str]]:
        return await self._history.log(channel_id)

    async def log_page(self, channel_id: int, page: int, game_id: int | None = None) -> LogPage:
        """Page ``page`` (from 1, newest moves first) of the log of the channel's game in play, else
        of the last game played there; ``game_id`` refuses it unless that is this game."""
        return await self._history.log_page(channel_id, page, game_id)

    async def past_board(self, channel_id: int, number: int) -> Reply:
        """The board as it was after move ``number`` of the channel's game (or its last one)."""
        return await self._history.board(channel_id, number)

    async def export(self, channel_id: int) -> Export:
        """The channel's game (or its last one) as a record file; the seed only once it is over."""
        return await self._history.export(channel_id)

    # queries
    async def status(self, channel_id: int) -> Reply:
        return await self._queries.status(channel_id)

    async def game_help(self, channel_id: int, person: Person) -> Reply:
        return await self._queries.game_help(channel_id, person)

    async def mine(self, guild_id: int, person: Person) -> Reply:
        return await self._queries.mine(guild_id, person)

    async def table(self, channel_id: int) -> Table:
        return await self._queries.table(channel_id)

    async def game(self, game_id: int) -> Table | None:
        return await self._queries.game(game_id)

    async def card_image(self, game_key: str, card_id: str, language: str | None = None) -> Image | None:
        """A card of ``game_key`` drawn large, its words in the reader's ``language`` (None without a
        renderer)."""
        return await self._boards.card_image(game_key, card_id, language)

    async def record_board_message(self, game_id: int, message_id: int, jump_url: str, *,
                                   version: int | None = None) -> bool:
        """Remember the message showing board ``version`` (None: whatever the game's version) as
        the table's latest board, unless the game has moved past it; returns whether it did."""
        return await self._tables.record_board_message(game_id, version, message_id, jump_url)

    # presence: a member's vacations, quiet hours and direct messages, on the whole server
    async def away(self, guild_id: int, person: Person, days: int) -> PresenceReply:
        """Start a vacation of ``days``: the member's turns wait, each table they play at is told."""
        return await self._members.away(guild_id, person, days)

    async def back(self, guild_id: int, person: Person) -> PresenceReply:
        return await self._members.back(guild_id, person)

    async def quiet(self, guild_id: int, person: Person, start: int | None = None, end: int | None = None,
                    zone: str | None = None, *, off: bool = False) -> Reply:
        return await self._members.quiet(guild_id, person, start, end, zone, off)

    async def notify(self, guild_id: int, person: Person, on: bool) -> Reply:
        return await self._members.notify(guild_id, person, on)

    async def turn_messages(self, game_id: int, version: int, user_ids: list[int],
                            board_url: str | None) -> list[DirectMessage]:
        """The direct messages board ``version`` pinging ``user_ids`` sends now (others are held back)."""
        return await self._members.turn_messages(game_id, version, user_ids, board_url)

    async def due_presence(self) -> PresenceDue:
        """Fire the member timers that fell due: vacations that ended, turn messages held back."""
        return await self._members.due()

    async def presence_of(self, guild_id: int, user_ids: list[int]) -> dict[int, Presence]:
        """What is known about each member (for :func:`bot.table.presence.shift_deadline`)."""
        return await self._members.presence_of(guild_id, user_ids)

    # community: rematches and ratings
    async def rematch_check(self, channel_id: int, person: Person) -> None:
        """Refuse at once (before a thread is opened) a rematch that :meth:`rematch` would refuse."""
        await self._community.finished_here(channel_id, person)

    async def rematch(self, channel_id: int, new_channel_id: int, person: Person) -> Reply:
        """Open the rematch of the channel's finished game in ``new_channel_id`` (the same channel, or a
        new thread); the other players confirm with :meth:`confirm_rematch`."""
        return await self._community.rematch(channel_id, new_channel_id, person)

    async def confirm_rematch(self, channel_id: int, person: Person, game_id: int) -> Reply:
        return await self._community.confirm(channel_id, person, game_id)

    async def stats(self, guild_id: int, member: Person, game_key: str | None = None) -> Reply:
        return await self._community.stats(guild_id, member, game_key)

    async def leaderboard(self, guild_id: int, game_key: str) -> Reply:
        return await self._community.leaderboard(guild_id, game_key)

    # undo and catch-up
    async def undo(self, channel_id: int, person: Person) -> Reply:
        """Take ``person``'s last move back (the board after it), or refuse in one sentence."""
        return await self._undo.undo(channel_id, person)

    async def since(self, channel_id: int, person: Person) -> Reply:
        """Every public event since ``person``'s last move, privately, with links to the boards."""
        return await self._undo.since(channel_id, person)

    # language
    async def set_language(self, channel_id: int, person: Person, language: str) -> Reply:
        """Set the language of the table's public messages (host or server managers)."""
        return await self._languages.choose(channel_id, person, language)

    async def adopt_language(self, game_id: int, language: str) -> None:
        """Give a new table its server's language (``/game settings language:`` changes it)."""
        await self._languages.adopt(game_id, language)

    async def table_language(self, game_id: int | None, channel_id: int | None = None) -> str | None:
        """The language a table chose for its public messages; None: it follows the server's."""
        return await self._languages.of_game(game_id, channel_id)

    async def turn_message_id(self, game_id: int, started: int) -> int | None:
        """The message of the turn that began at version ``started`` (None: not posted yet, or
        another turn is current)."""
        stored = await self._tables.turn_message(game_id)
        return stored.message_id if stored is not None and stored.started == started else None

    async def record_turn_message(self, game_id: int, started: int, message_id: int) -> bool:
        """Remember ``message_id`` as the message of the turn that began at ``started`` (unless
        another turn is current); the steps of that turn edit it."""
        return await self._tables.set_turn_message(game_id, started, message_id)

    # the coach and the post-game review
    async def hint(self, channel_id: int, person: Person, language: str) -> Reply:
        """Up to three moves for ``person``'s decision now, privately (counted: no rating for the game)."""
        return await self._coach.hint(channel_id, person, language)

    async def hint_offered(self, table: Table, person: Person) -> bool:
        """Whether ``person`` may ask the coach at ``table`` (their move menu then offers a Hint)."""
        return await self._coach.offered(table, person)

    async def set_coach(self, channel_id: int, person: Person, coach: str) -> Reply:
        """Who may ask for hints at the table: ``off``, ``learners`` or ``all`` (host or managers)."""
        return await self._coach.choose(channel_id, person, coach)

    async def run_reviews(self) -> list[int]:
        """Run the post-game reviews waiting (resumed after a restart); the games now reviewed."""
        return await self._reviews.run_pending()

    async def review_swing(self, game_id: int) -> Line | None:
        """The public line naming the game's biggest swing (None: no review ready, or no swing)."""
        return await self._reviews.swing(game_id)

    async def review(self, game_id: int, person: Person, language: str) -> list[Reply]:
        """``person``'s review of the game, one private reply per turning point."""
        return await self._reviews.show(game_id, person, language)

    async def channel_review(self, channel_id: int, person: Person, language: str) -> list[Reply]:
        """:meth:`review` of the channel's game in play, else of the last one played there."""
        return await self._reviews.show((await self._tables.played_in(channel_id)).row.id, person, language)
