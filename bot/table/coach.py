"""The coach at the table: hints (the menu's Hint button, ``/<game> hint``) and the table's coach setting.

A hint is worked out by :func:`games.ai.coach.hints` in the AI worker pool (:mod:`.ai_runner`),
off the event loop and within :data:`HINT_SECONDS`, from the asking seat's own view and legal moves
only. Each hint a player is given is counted (``coach_hints``): a player who used the coach is not
rated for that game (:func:`.results.outcome_of`), and the final summary says how many they used.

Who may ask is the table's ``coach`` setting: ``off``, ``learners`` (players with fewer than
:data:`LEARNER_GAMES` finished games of that game on the server, the default) or ``all``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from datetime import datetime
from functools import partial

from db.rows import COACH_SETTINGS
from games.ai import decision_seed
from games.ai.coach import CoachBudget, Judgement, hints
from games.core import Message, counted

from .ai_runner import AiRunner
from .loading import Tables
from .model import Line, Person, Reply, Strong, Table, TableError, line, said
from .score_labels import category_words

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
LEARNER_GAMES = 3
"""Finished games of a game after which a player is no longer a learner of it."""
HINT_SECONDS = 8.0
"""The longest a hint may take (the coach's budget keeps it well under that on this machine)."""
HINT_COUNT = 3
COACH_OFF = Message("The coach is off at this table. The host can turn it on with `/game settings coach:`.")
COACH_FOR_LEARNERS = Message(
    "At this table the coach helps players new to {title} (fewer than {least} finished games), and you have "
    "finished {games}. The host can open it to everyone with `/game settings coach:all`.")
NOT_YOUR_DECISION = Message("The coach helps with your own decisions: it is not your move now.")
COACH_TOO_SLOW = Message("The coach could not finish its thinking in time. Try again in a moment.")
SUGGESTS = Message("The coach suggests:")
COACH_SETTING_NAMES = {
    "off": Message("off"),
    "learners": Message("for players new to the game"),
    "all": Message("for everyone"),
}


def vp_words(points: float) -> Message:
    """``points`` (VP, rounded to a whole number) as words: '2 VP', 'under 1 VP'."""
    whole = round(abs(points))
    if whole == 0:
        return Message("under 1 VP")
    return counted("{count} VP", "{count} VP", by="count", count=whole)


def reason_words(reason: tuple[str, float] | None, language: str) -> Line:
    """A judgement's reason as a short phrase, '+2 VP expected (faith track)': the part of the final
    score where the move makes the most difference (empty: none)."""
    if reason is None or round(reason[1]) == 0:
        return ()
    words, points = category_words(reason[0], language), vp_words(reason[1])
    if reason[1] > 0:
        return said("+{points} expected ({category})", points=points, category=words)
    return said("−{points} expected ({category})", points=points, category=words)


def hint_lines(judged: list[Judgement], labels: dict[str, str], language: str) -> list[Line]:
    """The hints in words, best first: each move, its value against the best, its reason."""
    lines = [said("{heading} (from what you can see now)", heading=Strong(SUGGESTS))]
    for number, judgement in enumerate(judged, start=1):
        if number == 1:
            value: Message = Message("the best of these")
        else:
            value = Message("about {points} less than the first", points=vp_words(judgement.versus_best))
        reason = reason_words(judgement.reason, language)
        parts = [f"{number}. ", Strong(labels.get(judgement.move, judgement.move)), ": ", value]
        if reason:
            parts += ["; ", *reason]
        lines.append(line(*parts))
    return lines


class Coach:
    def __init__(self, tables: Tables, clock: Clock, runner: AiRunner, *, budget: CoachBudget | None = None,
                 seconds: float = HINT_SECONDS) -> None:
        self.tables, self.clock, self.runner = tables, clock, runner
        self.budget, self.seconds = budget, seconds

    async def hint(self, channel_id: int, person: Person, language: str) -> Reply:
        """Up to three moves for ``person``'s current decision, privately, judged from their seat's
        view alone; the hint is counted (the player is then not rated for the game)."""
        table = await self.tables.playing_in(channel_id)
        seat = table.seat_of(person.id)
        if seat is None:
            raise TableError("You are not playing at this table.")
        await self.require_allowed(table, person)
        legal = table.legal(seat)
        if not legal:
            raise TableError(NOT_YOUR_DECISION)
        work = partial(hints, budget=self.budget, count=HINT_COUNT)
        seed = decision_seed(table.row.seed, table.row.version)
        try:
            judged = await self.runner.run(self.seconds, work, table.row.game_key, table.view(seat), seat, legal,
                                           seed)
        except (TimeoutError, BrokenProcessPool):
            log.warning("a hint in %s ran past %.1f s or lost its worker", table.row.game_key, self.seconds)
            raise TableError(COACH_TOO_SLOW) from None
        if not judged:
            raise TableError(COACH_TOO_SLOW)
        used = await self.tables.store.add_hint(table.row.id, person.id)
        labels = {notation: found.label for notation, found in table.described(seat)}
        lines = hint_lines(judged, labels, language)
        lines.append(line())  # a blank line: the count is not read as part of the last suggestion
        lines.append(line(counted("You have used {count} hint in this game, so it will not change your rating.",
                                  "You have used {count} hints in this game, so it will not change your rating.",
                                  by="count", count=used)))
        return Reply(private=lines, game_id=table.row.id, game_key=table.row.game_key)

    async def require_allowed(self, table: Table, person: Person) -> None:
        """Refuse, in one sentence, a player the table's coach setting leaves out."""
        refusal = await self.refusal(table, person)
        if refusal is not None:
            raise TableError(refusal)

    async def offered(self, table: Table, person: Person) -> bool:
        """Whether the table's coach setting lets ``person`` ask for hints (their menu then shows Hint)."""
        return await self.refusal(table, person) is None

    async def refusal(self, table: Table, person: Person) -> Message | None:
        """Why the table's coach setting leaves ``person`` out, or None when it does not."""
        if table.row.coach == "off":
            return COACH_OFF
        if table.row.coach == "learners":
            finished = await self.tables.store.finished_games(table.row.guild_id, table.row.game_key, person.id)
            if finished >= LEARNER_GAMES:
                return Message(COACH_FOR_LEARNERS.template, title=table.game.title, least=LEARNER_GAMES,
                               games=finished)
        return None

    async def choose(self, channel_id: int, person: Person, coach: str) -> Reply:
        """Set who may ask the coach at the table (host or server managers)."""
        if coach not in COACH_SETTINGS:
            raise TableError("Choose one of the coach settings: {settings}.", settings=", ".join(COACH_SETTINGS))
        async with self.tables.lock(channel_id):
            table = await self.tables.in_channel(channel_id)
            table.require_manager(person, Message("change the table settings"))
            await self.tables.store.set_coach(table.row.id, coach, self.clock())
        return Reply(lines=[said("The coach is now {setting}.", setting=COACH_SETTING_NAMES[coach])],
                     game_id=table.row.id, game_key=table.row.game_key)

    async def hints_used(self, game_id: int) -> dict[int, int]:
        return await self.tables.store.hints(game_id)
