"""What a board post says and shows: the event lines, who must act (or the result), who is away,
the image."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from i18n import ENGLISH, translate
from db import MoveRow
from db.rows import SeatChange
from games.core import Message, counted
from games.core.result import public_points

from .clocks import clock_caption, deadline_parts
from .model import Image, Line, Moment, Reply, Strong, Table, game_title, line, listed, plain, said
from .renderer import Renderer
from .results import table_summary
from .score_labels import score_breakdown

AwayLookup = Callable[[Table], Awaitable[dict[int, datetime]]]
"""The players of a table who are away now, and until when."""
RatingChanges = Callable[[int], Awaitable[dict[tuple[int, str], float]]]
"""How a finished game moved each identity's rating (``(user id, AI level)``), by the game's id."""
HintsUsed = Callable[[int], Awaitable[dict[int, int]]]
"""How many hints each player asked the coach for, by the game's id."""
GAME_OVER = Message("Game over.")


class Boards:
    def __init__(self, renderer: Renderer | None, moves: Callable[[int], Awaitable[list[MoveRow]]],
                 away: AwayLookup | None = None,
                 seat_changes: Callable[[int], Awaitable[list[SeatChange]]] | None = None,
                 rating_changes: RatingChanges | None = None, hints_used: HintsUsed | None = None) -> None:
        self.renderer, self.moves, self.away, self.seat_changes = renderer, moves, away, seat_changes
        self.rating_changes, self.hints_used = rating_changes, hints_used

    async def reply(self, table: Table, lines: list[Line], *, highlight: str | None = None) -> Reply:
        """The board now, after ``lines``; the image shows ``highlight`` as the last move (by
        default the latest line)."""
        game, state = table.game, table.state
        result = game.result(state)
        text_lines = list(lines)
        mentions: list[int] = []
        if result is not None:
            text_lines.extend(result_lines(table, result, await self.rating_changes(table.row.id)
                                           if self.rating_changes else {}))
            if self.hints_used:
                text_lines.extend(hint_lines(table, await self.hints_used(table.row.id)))
        else:
            ai_seats = table.ai_levels()
            for seat in sorted(game.actors(state)):
                user = table.user_of(seat)
                if seat in ai_seats:  # an AI seat is named, never pinged
                    text_lines.append(said("{who}: {prompt}", who=Strong(table.names()[seat]),
                                           prompt=game.prompt(state, seat)))
                    continue
                mentions.append(user)
                text_lines.append(said("{who}: {prompt}", who=table.mention(user), prompt=game.prompt(state, seat))
                                  + tuple(deadline_parts(table, seat)))
            for user, until in (await self.away(table) if self.away else {}).items():
                text_lines.append(said("{who} is away until {until}.", who=Strong(table.mention(user).name),
                                       until=Moment(until)))
        if highlight is None and lines:
            highlight = highlight_text(lines[-1], table_language(table))
        acting = [] if result is not None else sorted(game.actors(state))
        image = await self.public_image(table, highlight)
        focus = await self.focus_image(table, highlight, acting)
        if image is not None:
            image = replace(image, alt=board_alt(table, acting))
        return Reply(lines=text_lines, story=len(lines), image=image, focus=focus, mentions=mentions,
                     acting=list(mentions), game_id=table.row.id,
                     version=table.row.version, game_key=table.row.game_key,
                     ai_to_move=bool(table.ai_to_move()), over=result is not None,
                     summary=None if result is None else await self.summary_image(table))

    async def summary_image(self, table: Table) -> Image | None:
        """A finished game's summary, drawn from its result and its public views replayed."""
        if self.renderer is None:
            return None
        moves = await self.moves(table.row.id)
        changes = await self.seat_changes(table.row.id) if self.seat_changes else []
        data = await self.renderer.summary(await asyncio.to_thread(table_summary, table, moves, changes),  # a replay
                                           language=table_language(table))
        result = table.game.result(table.state)
        totals = listed([Message("{name} {points}", name=table.names()[score["seat"]], points=score["total"])
                         for score in result["scores"]]) if result else ""
        return Image(f"{table.row.game_key}-{table.row.id}-summary.png", data,
                     Message("The final scores of {game}, by category and over the rounds: {points}.",
                             game=game_title(table.game), points=totals))

    async def focus_image(self, table: Table, turn: str | None, acting: list[int]) -> Image | None:
        """The focused image: who must act, the turn just played, the points, the pieces of the
        first seat that must act."""
        if self.renderer is None:
            return None
        data = await self.renderer.focus(table.row.game_key, table.view(None), names=table.names(), acting=acting,
                                         turn=turn, language=table_language(table))
        alt = (Message("{who} to play. Points: {points}.", who=_names(table, acting), points=_points(table))
               if acting else Message("Game over. Points: {points}.", points=_points(table)))
        if turn:
            alt = Message("{now} Last turn: {turn}", now=alt, turn=turn)
        return Image(f"{table.row.game_key}-{table.row.id}-{table.row.version}-now.png", data, alt)

    async def public_image(self, table: Table, highlight: str | None, *, clock: bool = True) -> Image | None:
        """The public board; ``clock``: with the line of the seats' deadlines or banks now (a past
        board is drawn without it: it would show today's deadlines on an old position)."""
        if self.renderer is None:
            return None
        language = table_language(table)
        data = await self.renderer.board(table.row.game_key, table.view(None), names=table.names(),
                                         highlight=highlight, caption=clock_caption(table, language) if clock else None,
                                         language=language)
        return Image(f"{table.row.game_key}-{table.row.id}-{table.row.version}.png", data)

    async def private_image(self, table: Table, view: dict[str, Any], language: str | None = None) -> Image | None:
        """A seat's own image, in the member's ``language`` (default: the table's)."""
        if self.renderer is None:
            return None
        data = await self.renderer.private(table.row.game_key, view, names=table.names(),
                                           language=language or table_language(table))
        return Image(f"{table.row.game_key}-{table.row.id}-hand.png", data)

    async def card_image(self, game_key: str, card_id: str, language: str | None = None) -> Image | None:
        """A card's detail image, its words in the reader's ``language``."""
        if self.renderer is None:
            return None
        return Image(f"{game_key}-{card_id}.png", await self.renderer.card(game_key, card_id, language=language))


def _names(table: Table, seats: list[int]) -> str:
    return listed([table.names()[seat] for seat in seats])


def _points(table: Table) -> str:
    """Every player's points so far, in seat order (``Ada 12, Bruno 9``)."""
    names = table.names()
    return listed([Message("{name} {points}", name=names[seat], points=points)
                   for seat, points in sorted(public_points(table.view(None)).items())])


def board_alt(table: Table, acting: list[int]) -> str:
    """The full board's alt text: the game, who must act, the points."""
    if not acting:
        return Message("The full board of {game} at the end. Points: {points}.", game=game_title(table.game),
                       points=_points(table))
    return Message("The full board of {game}. {who} to play. Points: {points}.", game=game_title(table.game),
                   who=_names(table, acting), points=_points(table))


def table_language(table: Table) -> str:
    """The language the table's public images are drawn in (English until the table chooses)."""
    return table.row.language or ENGLISH


def highlight_text(last: Line, language: str | None) -> str:
    """The last event line as the board image prints it: plain words, in the table's language
    (a bold part's words too, such as a game's title)."""
    language = language or ENGLISH

    def words(part: Any) -> str:
        if isinstance(part, str):
            return translate(part, language, words)
        if isinstance(part, Strong):
            return words(part.text)
        return plain((part,))

    return "".join(words(part) for part in last)


def hint_lines(table: Table, used: dict[int, int]) -> list[Line]:
    """Who asked the coach for hints in the game, and how many: the game does not rate them."""
    names = {seat.user_id: seat.display_name for seat in table.seats}
    return [line(counted("{who} used {count} hint of the coach, so this game does not change their rating.",
                         "{who} used {count} hints of the coach, so this game does not change their rating.",
                         by="count", who=Strong(names.get(user, str(user))), count=count))
            for user, count in sorted(used.items())]


def result_lines(table: Table, result: dict[str, Any],
                 rating_changes: dict[tuple[int, str], float] | None = None) -> list[Line]:
    """The result: who won, then each player's place, score (and rating change, when known) and
    score by category; people are named by a mention (the final board pings them all)."""
    names = table.names()
    levels = table.ai_levels()
    people = {seat.seat: seat.user_id for seat in table.seats if seat.ai_level is None and seat.seat is not None}
    place = {seat: rank + 1 for rank, group in enumerate(result["ranking"]) for seat in group}
    solo = result.get("solo")
    if solo:
        head = Message("You beat Lorenzo!") if solo.get("won") else Message("Lorenzo wins.")
        heading: Line = said("{over} {head} {reason}", over=Strong(GAME_OVER), head=head,
                             reason=solo.get("reason", ""))
    else:
        winners: Any = None
        for seat in result["winners"]:
            named = Strong(names[seat])
            winners = named if winners is None else Message("{some} and {other}", some=winners, other=named)
        heading = said("{over} Winner: {winners}!", over=Strong(GAME_OVER), winners=winners)
    rows = [heading]
    for score in sorted(result["scores"], key=lambda s: place[s["seat"]]):
        seat = score["seat"]
        detail = score_breakdown(score["breakdown"])
        who: Any = table.mention(people[seat]) if seat in people else Strong(names[seat])
        identity = (0, levels[seat]) if seat in levels else (table.user_of(seat), "")
        change = (rating_changes or {}).get(identity)
        if change is None:
            rows.append(said("{place}. {who}: {total} ({detail})", place=place[seat], who=who,
                             total=score["total"], detail=detail))
        else:
            rows.append(said("{place}. {who}: {total}, rating {change} ({detail})", place=place[seat], who=who,
                             total=score["total"], change=f"{change:+.1f}", detail=detail))
    return rows
