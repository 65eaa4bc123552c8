"""Player ratings per server and game: what a finished game changes, computed without I/O.

A finished game with two or more seats is rated once, in the transaction that records its last
move (:meth:`db.Store.record_move` with an ``outcome``). Ratings follow openskill's Plackett–Luce
model, which takes a free-for-all of any size and ties: each seat is a team of one, ranked by the
game's result. The figure shown to players is the model's *ordinal* (``mu - 3 sigma``), which
starts at 0 and grows as the model becomes sure a player is strong.

People are rated by their Discord user id; each AI level is one identity of its own ("Bottega AI
(normal)"), so players can see how they compare with it. An identity that held two seats of one
game (two AI seats at the same level) is rated from the same old rating for each seat, and keeps
the mean of the results; each seat counts as a game played.

>>> (first_mu, _), (second_mu, _) = rate([None, None], [1, 2])
>>> round(first_mu, 3), round(second_mu, 3)
(27.635, 22.365)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

from .rows import from_db_time

MODEL = PlackettLuce()
AI_PLAYER = 0
"""The ``user_id`` of an AI level's identity (no Discord account has id 0)."""


@dataclass(frozen=True)
class Rating:
    """One identity's standing at one game on one server."""

    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    points: int = 0
    """The sum of its final scores, for the average score."""

    @property
    def shown(self) -> float:
        """The figure players see: the model's ordinal, ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma

    @property
    def average(self) -> float:
        return self.points / self.games if self.games else 0.0


@dataclass(frozen=True)
class Placing:
    """One seat of a finished game: who held it, its place (1 = first, ties share a place), its score."""

    user_id: int
    """The person's Discord id, or :data:`AI_PLAYER` for an AI level."""
    ai_level: str
    """``""`` for a person, else the level whose identity the seat rates."""
    name: str
    place: int
    score: int


@dataclass(frozen=True)
class Outcome:
    """What a finished game tells the ratings: every seat's placing."""

    placings: tuple[Placing, ...]


@dataclass(frozen=True)
class RatingRow:
    """A stored rating, as ``/game stats`` and ``/game leaderboard`` read it."""

    guild_id: int
    game_key: str
    user_id: int
    ai_level: str
    display_name: str
    rating: Rating
    updated_at: datetime


def fresh() -> Rating:
    default = MODEL.rating()
    return Rating(default.mu, default.sigma)


def rate(old: list[Rating | None], places: list[int]) -> list[tuple[float, float]]:
    """The new ``(mu, sigma)`` of each seat of one game, from their old ratings (None: never rated)
    and their places (1 = first; equal places are ties)."""
    teams = [[MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in (r or fresh() for r in old)]
    return [(team[0].mu, team[0].sigma) for team in MODEL.rate(teams, ranks=places)]


def rate_outcome(outcome: Outcome, old: dict[tuple[int, str], Rating]) -> dict[tuple[int, str], Rating]:
    """Each identity's new rating after ``outcome``, from ``old`` (identities never rated are absent).

    >>> placings = (Placing(7, "", "Ada", 1, 30), Placing(0, "easy", "Bottega AI (easy)", 2, 20),
    ...             Placing(0, "easy", "Bottega AI 2 (easy)", 2, 20))
    >>> new = rate_outcome(Outcome(placings), {})
    >>> new[(0, "easy")].games, new[(0, "easy")].points, new[(7, "")].wins
    (2, 40, 1)
    """
    seats = outcome.placings
    rated = rate([old.get((p.user_id, p.ai_level)) for p in seats], [p.place for p in seats])
    by_identity: dict[tuple[int, str], list[tuple[Placing, tuple[float, float]]]] = {}
    for placing, estimate in zip(seats, rated, strict=True):
        by_identity.setdefault((placing.user_id, placing.ai_level), []).append((placing, estimate))
    new = {}
    for identity, results in by_identity.items():
        before = old.get(identity) or fresh()
        new[identity] = Rating(
            mu=sum(mu for _, (mu, _) in results) / len(results),
            sigma=sum(sigma for _, (_, sigma) in results) / len(results),
            games=before.games + len(results),
            wins=before.wins + sum(placing.place == 1 for placing, _ in results),
            points=before.points + sum(placing.score for placing, _ in results))
    return new


# The SQL both stores run (``?`` placeholders).
SELECT_FOR_GAME = "SELECT * FROM ratings WHERE guild_id = ? AND game_key = ?"
UPSERT = (
    "INSERT INTO ratings (guild_id, game_key, user_id, ai_level, display_name, mu, sigma, games, wins,"
    " points, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, game_key, user_id, ai_level) DO UPDATE SET display_name = excluded.display_name,"
    " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,"
    " points = excluded.points, updated_at = excluded.updated_at"
)
ORDER = " ORDER BY mu - 3 * sigma DESC, games DESC, display_name"


def select_ratings(guild_id: int, game_key: str | None, user_id: int | None,
                   limit: int | None) -> tuple[str, list]:
    """The statement (``?`` placeholders) reading a server's ratings, best first."""
    conditions, params = ["guild_id = ?"], [guild_id]
    if game_key is not None:
        conditions.append("game_key = ?")
        params.append(game_key)
    if user_id is not None:
        conditions.append("user_id = ? AND ai_level = ''")
        params.append(user_id)
    sql = "SELECT * FROM ratings WHERE " + " AND ".join(conditions) + ORDER
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return sql, params


def changes(outcome: Outcome, rows: list, guild_id: int, game_key: str, stamp: str) -> list[tuple]:
    """The upsert parameters of ``outcome`` given the game's stored rating rows (any mapping rows)."""
    old = {(row["user_id"], row["ai_level"]): Rating(row["mu"], row["sigma"], row["games"], row["wins"],
                                                     row["points"]) for row in rows}
    names = {(p.user_id, p.ai_level): p.name for p in outcome.placings}
    new = rate_outcome(outcome, old)
    return [(guild_id, game_key, user_id, level, names[(user_id, level)], r.mu, r.sigma, r.games, r.wins,
             r.points, stamp) for (user_id, level), r in new.items()]


INSERT_CHANGE = "INSERT INTO rating_changes (game_id, user_id, ai_level, change) VALUES (?, ?, ?, ?)"
SELECT_CHANGES = "SELECT user_id, ai_level, change FROM rating_changes WHERE game_id = ?"


def shown_changes(outcome: Outcome, rows: list, game_id: int) -> list[tuple]:
    """The :data:`INSERT_CHANGE` parameters of ``outcome``: how far each identity's shown rating
    moves from its stored row (any mapping rows; never rated: from a fresh rating)."""
    old = {(row["user_id"], row["ai_level"]): Rating(row["mu"], row["sigma"]) for row in rows}
    return [(game_id, user_id, level, rating.shown - (old.get((user_id, level)) or fresh()).shown)
            for (user_id, level), rating in rate_outcome(outcome, old).items()]


def rating_row(row) -> RatingRow:
    """A stored rating row (SQLite's or PostgreSQL's) as a :class:`RatingRow`."""
    return RatingRow(
        guild_id=row["guild_id"], game_key=row["game_key"], user_id=row["user_id"], ai_level=row["ai_level"],
        display_name=row["display_name"],
        rating=Rating(row["mu"], row["sigma"], row["games"], row["wins"], row["points"]),
        updated_at=from_db_time(row["updated_at"]))


def links(game_id: int, rows) -> tuple[int | None, int | None]:
    """From the ``rematches`` rows naming ``game_id``: the game it plays again, the game playing it again."""
    previous = next((row["previous_id"] for row in rows if row["game_id"] == game_id), None)
    following = next((row["game_id"] for row in rows if row["previous_id"] == game_id), None)
    return previous, following
