"""Schema migrations, applied in order at open.

``MIGRATIONS[i]`` takes a database from ``PRAGMA user_version = i`` to ``i + 1``. Never edit a
migration that has shipped: append a new one. Each script runs inside one transaction together
with the ``user_version`` bump, so a failed upgrade leaves the database exactly as it was.

Times are ISO-8601 UTC text in one fixed-width form (``2026-11-29T18:00:00.000000Z``), so text
order is time order.

A migration may call the SQL functions in :data:`SQL_FUNCTIONS`; whoever runs the migrations
installs them on its connection first (:func:`install_functions`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

from .rows import snapshot_checksum

APPLICATION_ID = 0x426F7467
"""``PRAGMA application_id`` of every Bottega database (the bytes "Botg")."""

BASE_SCHEMA = """
CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    game_key         TEXT    NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    seed             INTEGER NOT NULL,
    players          INTEGER NOT NULL CHECK (players >= 1),
    status           TEXT    NOT NULL DEFAULT 'lobby'
                             CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    version          INTEGER NOT NULL DEFAULT 0,
    host_id          INTEGER NOT NULL,
    reminder_seconds INTEGER NOT NULL DEFAULT 86400 CHECK (reminder_seconds > 0),
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL,
    last_move_at     TEXT,
    board_message_id INTEGER,
    board_jump_url   TEXT
);

CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat         INTEGER CHECK (seat >= 0),
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    is_bot       INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1)),
    joined_at    TEXT    NOT NULL,
    UNIQUE (game_id, user_id),
    UNIQUE (game_id, seat)
);

CREATE TABLE moves (
    game_id        INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL CHECK (seq >= 1),
    seat           INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    notation       TEXT    NOT NULL,
    created_at     TEXT    NOT NULL,
    interaction_id INTEGER UNIQUE,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE snapshots (
    game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    state      TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE timers (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    kind     TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline')),
    user_id  INTEGER NOT NULL,
    due_at   TEXT    NOT NULL,
    payload  TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
    UNIQUE (game_id, kind, user_id)
);

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
"""

LOOKUP_INDEXES = """
-- One game in the lobby or in play per channel (threads are channels of their own).
CREATE UNIQUE INDEX games_one_open_per_channel ON games(channel_id)
    WHERE status IN ('lobby', 'active');
-- "My games" looks seats up by user; the scheduler scans timers by due time.
CREATE INDEX seats_by_user ON seats(user_id);
CREATE INDEX timers_by_due_at ON timers(due_at);
"""

MARK_AS_BOTTEGA = f"""
-- Tell a Bottega database from any other SQLite file. Databases made before this step are
-- recognised by their schema version and tables (db.files.identify) and marked here.
PRAGMA application_id = {APPLICATION_ID};
"""

SNAPSHOT_CHECKSUMS = """
-- Every snapshot carries the checksum of its text, checked on every load. Existing snapshots are
-- given the checksum of the text they hold now (python -m db check replays them to find any that
-- were already wrong), so no snapshot is ever loaded unchecked. A row written without one fails.
ALTER TABLE snapshots ADD COLUMN checksum TEXT NOT NULL DEFAULT '';
UPDATE snapshots SET checksum = bottega_checksum(CAST(state AS BLOB));
"""

VOTES_TABLE = """
-- Votes (to abandon a game, for now) as rows. A vote belongs to a seat: removing the seat
-- removes its votes in the same statement, and no one without a seat can vote.
CREATE TABLE votes (
    game_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    kind    TEXT    NOT NULL,
    PRIMARY KEY (game_id, kind, user_id),
    FOREIGN KEY (game_id, user_id) REFERENCES seats(game_id, user_id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX votes_by_seat ON votes(game_id, user_id);
"""

VOTES = VOTES_TABLE + """
-- Carry over the votes kept as meta keys "abandon-votes:<game id>" (a JSON list of user ids).
INSERT OR IGNORE INTO votes (game_id, user_id, kind)
    SELECT seats.game_id, seats.user_id, 'abandon'
    FROM meta
    JOIN json_each(CASE WHEN json_valid(meta.value) THEN meta.value ELSE '[]' END) AS voter
    JOIN seats ON seats.game_id = CAST(substr(meta.key, 15) AS INTEGER) AND seats.user_id = voter.value
    WHERE meta.key GLOB 'abandon-votes:*';
DELETE FROM meta WHERE key GLOB 'abandon-votes:*';
"""

TIMER_CLAIMS = """
-- A bot process claims the due timers it fires (several processes may share a PostgreSQL database):
-- a claimed timer is skipped by the others until its claim runs out or the timer is moved or cleared.
ALTER TABLE timers ADD COLUMN claimed_until TEXT;
"""

AI_LEVELS = """
-- The level of an AI seat (is_bot = 1, a user id below 1 that no Discord account has); NULL for a
-- person. The table plays the seat's moves at that level.
ALTER TABLE seats ADD COLUMN ai_level TEXT
    CHECK (ai_level IS NULL OR ai_level IN ('easy', 'normal', 'strong'));
"""

MEMBER_PREFERENCES = """
-- A member's presence on a server (db.presence). Settings: quiet hours, whole local hours of an
-- IANA time zone in which no reminder or direct message reaches them, and whether their turns
-- also come as direct messages.
CREATE TABLE member_settings (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    quiet_start INTEGER CHECK (quiet_start BETWEEN 0 AND 23),
    quiet_end   INTEGER CHECK (quiet_end BETWEEN 0 AND 23),
    time_zone   TEXT,
    turn_dms    INTEGER NOT NULL DEFAULT 0 CHECK (turn_dms IN (0, 1)),
    CHECK ((quiet_start IS NULL) = (quiet_end IS NULL)),
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
-- Vacations, the current one included (an early return moves its end): the 30-days-in-90 rule
-- reads them back, and a member's deadlines are paused for them.
CREATE TABLE member_absences (
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    starts_at TEXT    NOT NULL,
    ends_at   TEXT    NOT NULL CHECK (ends_at >= starts_at),
    PRIMARY KEY (guild_id, user_id, starts_at)
) WITHOUT ROWID;
-- A member's own timers: a vacation's end (game_id 0) and a "your turn" direct message held back
-- by quiet hours (the game's id). The pass that fires one deletes it in the same statement.
CREATE TABLE member_timers (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    kind     TEXT    NOT NULL CHECK (kind IN ('away_end', 'turn_dm')),
    game_id  INTEGER NOT NULL DEFAULT 0,
    due_at   TEXT    NOT NULL,
    UNIQUE (guild_id, user_id, kind, game_id)
);
CREATE INDEX member_timers_by_due_at ON member_timers(due_at);
"""

RATINGS = """
-- Ratings per server, game and player (db/ratings.py), written in the transaction of a game's last
-- move. A person is rated by user id (ai_level ''), each AI level as one identity (user_id 0).
CREATE TABLE ratings (
    guild_id     INTEGER NOT NULL,
    game_key     TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    ai_level     TEXT    NOT NULL DEFAULT '' CHECK (ai_level IN ('', 'easy', 'normal', 'strong')),
    display_name TEXT    NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL CHECK (sigma > 0),
    games        INTEGER NOT NULL CHECK (games >= 1),
    wins         INTEGER NOT NULL CHECK (wins >= 0 AND wins <= games),
    points       INTEGER NOT NULL,
    updated_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game_key, user_id, ai_level)
) WITHOUT ROWID;
-- A rematch table names the finished game it plays again; each game is played again at most once.
CREATE TABLE rematches (
    game_id     INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    previous_id INTEGER NOT NULL UNIQUE REFERENCES games(id) ON DELETE CASCADE
);
"""

TURN_CLOCK = """
-- Turn time (bot/table/deadlines.py). A table's turn clock: turn_seconds is the time for a turn (NULL:
-- no deadlines), clock 'move' gives each turn that long, 'bank' gives each seat a time bank of
-- bank_seconds to which every move adds turn_seconds back. on_timeout says what a passed deadline
-- does; strike_limit timeouts in a row open the seat. Tables opened before this step keep playing
-- without deadlines; new tables get 72 hours a move.
ALTER TABLE games ADD COLUMN turn_seconds INTEGER DEFAULT 259200
    CHECK (turn_seconds IS NULL OR turn_seconds > 0);
UPDATE games SET turn_seconds = NULL;
ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT 'move' CHECK (clock IN ('move', 'bank'));
ALTER TABLE games ADD COLUMN bank_seconds INTEGER NOT NULL DEFAULT 259200 CHECK (bank_seconds > 0);
ALTER TABLE games ADD COLUMN on_timeout TEXT NOT NULL DEFAULT 'ai'
    CHECK (on_timeout IN ('ai', 'skip', 'pause'));
ALTER TABLE games ADD COLUMN strike_limit INTEGER NOT NULL DEFAULT 3 CHECK (strike_limit >= 1);
-- Each seat's timeouts in a row, what is left of its time bank (NULL: the whole bank) and, once its
-- strikes reach the limit, when it was opened (an open seat is played by the AI until someone sits).
ALTER TABLE seats ADD COLUMN strikes INTEGER NOT NULL DEFAULT 0 CHECK (strikes >= 0);
ALTER TABLE seats ADD COLUMN bank_seconds INTEGER CHECK (bank_seconds IS NULL OR bank_seconds >= 0);
ALTER TABLE seats ADD COLUMN opened_at TEXT;
"""

UNDONE_MOVES = """
-- A move taken back (/game undo) stays in the log, marked with the version its undo produced; NULL
-- while it stands. Replay skips it; the undo saves the state after it as the snapshot at its version.
ALTER TABLE moves ADD COLUMN undone_seq INTEGER CHECK (undone_seq IS NULL OR undone_seq > seq);
-- The board message posted for each version, so a player catching up can follow links back to them.
CREATE TABLE board_posts (
    game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    version    INTEGER NOT NULL CHECK (version >= 0),
    message_id INTEGER NOT NULL,
    jump_url   TEXT    NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
"""

TABLE_LANGUAGE = """
-- The language of a table's public messages (/game settings language:); NULL follows the server's
-- preferred locale.
ALTER TABLE games ADD COLUMN language TEXT CHECK (language IS NULL OR language IN ('en', 'ja', 'ko'));
"""

TURN_MESSAGES = """
-- 13 turn messages. The channel holds one message per turn of a player: the steps of one turn
-- edit that turn's message. A game's row here names the message (NULL until it is posted), the
-- game version it began at, the version its event lines reach and those lines (a JSON list), so
-- that after a restart the next step still edits the same message.
CREATE TABLE turn_messages (
    game_id    INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    started    INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    message_id INTEGER,
    lines      TEXT    NOT NULL CHECK (json_valid(lines))
);
"""

AUTOMATIC_MOVES = """
-- A move the table took for a seat that had no real choice (Game.automatic: the last card of a
-- draft, an end of turn with nothing left to do) is marked 1, so the log and the record say so.
ALTER TABLE moves ADD COLUMN automatic INTEGER NOT NULL DEFAULT 0 CHECK (automatic IN (0, 1));
"""

MOVE_AUTHORS = """
-- Who made each move: the seat's member ('player'), the stand-in playing a late player's turn
-- ('timeout'), the AI playing an open seat ('open_seat'), an AI seat ('ai'), or the table taking a
-- step that left no real choice ('automatic'). Moves stored before are read from what they held.
ALTER TABLE moves ADD COLUMN made_by TEXT NOT NULL DEFAULT 'player'
    CHECK (made_by IN ('player', 'timeout', 'open_seat', 'ai', 'automatic'));
UPDATE moves SET made_by = 'automatic' WHERE automatic = 1;
UPDATE moves SET made_by = 'ai' WHERE automatic = 0 AND user_id < 0;
-- The turn clock as it stood just before the move (each seat's strikes, bank and opening, and when
-- each awaited turn began), as JSON, so that an undo puts it back exactly; NULL for older moves.
ALTER TABLE moves ADD COLUMN clock_before TEXT CHECK (clock_before IS NULL OR json_valid(clock_before));
-- Every time a seat changed hands (/game sit, /game replace): at which game version, from whom to
-- whom, and whether the seat was open then (its player had timed out too often).
CREATE TABLE seat_changes (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    version      INTEGER NOT NULL CHECK (version >= 0),
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    from_user_id INTEGER NOT NULL,
    from_name    TEXT    NOT NULL,
    to_user_id   INTEGER NOT NULL,
    to_name      TEXT    NOT NULL,
    was_open     INTEGER NOT NULL CHECK (was_open IN (0, 1)),
    changed_at   TEXT    NOT NULL
);
CREATE INDEX seat_changes_by_game ON seat_changes(game_id, version);
"""

RATING_CHANGES = """
-- What a finished game changed in each rating it counted for: the difference of the shown rating
-- (mu - 3 sigma) for each person (ai_level '') and each AI level (user_id 0), written with the
-- ratings in the transaction of the game's last move, so the final board and /game status show
-- each change after a restart too.
CREATE TABLE rating_changes (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL,
    ai_level TEXT    NOT NULL DEFAULT '' CHECK (ai_level IN ('', 'easy', 'normal', 'strong')),
    change   REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id, ai_level)
) WITHOUT ROWID;
"""

COACH = """
-- The coach (/game hint) and the post-game review. A table's coach setting says who may ask for
-- hints: no one, the players with fewer than three finished games of that game, or everyone.
ALTER TABLE games ADD COLUMN coach TEXT NOT NULL DEFAULT 'learners' CHECK (coach IN ('off', 'learners', 'all'));
-- How many hints each player asked for in a game (a player who asked for one is not rated for it).
CREATE TABLE coach_hints (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    hints   INTEGER NOT NULL CHECK (hints >= 1),
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
-- The review of a finished game with a person at it: a background job, queued with the game's last
-- move. Each player's turning points are saved as soon as they are found (people: a JSON object by
-- user id), so a job cut short by a restart resumes with the players not yet done. A process holds
-- the job it runs until claimed_until; attempts counts the runs begun, so a job that keeps failing
-- is given up ('failed').
CREATE TABLE reviews (
    game_id       INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    status        TEXT    NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'done', 'failed')),
    queued_at     TEXT    NOT NULL,
    finished_at   TEXT,
    attempts      INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    claimed_until TEXT,
    people        TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(people))
);
CREATE INDEX reviews_by_status ON reviews(status, queued_at);
"""

MIGRATIONS: list[str] = [
    BASE_SCHEMA, LOOKUP_INDEXES, MARK_AS_BOTTEGA, SNAPSHOT_CHECKSUMS, VOTES, TIMER_CLAIMS, AI_LEVELS, TURN_CLOCK,
    MEMBER_PREFERENCES, RATINGS, UNDONE_MOVES, TABLE_LANGUAGE,
    TURN_MESSAGES,
    AUTOMATIC_MOVES,
    MOVE_AUTHORS,
    RATING_CHANGES,
    COACH,
]

UNMARKED_VERSIONS = range(1, 3)
"""Schema versions released before databases were marked with :data:`APPLICATION_ID`."""

SQL_FUNCTIONS: dict[str, tuple[int, Callable[..., Any]]] = {"bottega_checksum": (1, snapshot_checksum)}


def install_functions(connection: sqlite3.Connection) -> None:
    """Make the migrations' SQL functions available on a plain sqlite3 connection."""
    for name, (arguments, function) in SQL_FUNCTIONS.items():
        connection.create_function(name, arguments, function, deterministic=True)


def statements(script: str) -> list[str]:
    """Split a migration into single statements, so they can run inside one transaction.

    (``executescript`` would commit before running, which breaks the one-transaction rule.)
    """
    found: list[str] = []
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            found.append(pending.strip())
            pending = ""
    if pending.strip() and not _only_comments(pending):
        raise ValueError(f"unterminated SQL statement in migration: {pending.strip()[:80]!r}")
    return found


def _only_comments(text: str) -> bool:
    return all(not line.strip() or line.strip().startswith("--") for line in text.splitlines())
