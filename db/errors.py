"""Errors raised by the store. Every one is a :class:`StoreError`."""

from __future__ import annotations

import sqlite3

import asyncpg


class StoreError(Exception):
    """Base class for everything the store refuses."""


class GameNotFound(StoreError):
    """No game has the given id."""


class ChannelBusy(StoreError):
    """The channel already has a game in the lobby or in play."""


class AlreadySeated(StoreError):
    """The user already holds a seat at this game."""


class TableFull(StoreError):
    """Every seat of the game is taken; the user was not seated."""


class StaleVersion(StoreError):
    """The game moved on since the caller read it; nothing was written."""


class WrongStatus(StaleVersion):
    """The game is not in the status the write needs: a move on a finished game, a second start."""


class DuplicateInteraction(StoreError):
    """This Discord interaction was already recorded; nothing was written."""


class NotSeated(StoreError):
    """The user holds no seat at this game (a vote from someone who is not playing)."""


class DamagedGame(StoreError, ValueError):
    """A stored row of game ``game_id`` cannot be trusted: ``where`` names what is damaged.

    Raised for any row the store reads back that it could not have written: a time that is not
    a time, JSON that does not parse, text that does not decode, a snapshot whose checksum does
    not match, a value outside its domain (an unknown status, game or timer kind, a seat number
    past the table's size). The message names the game and the place, never the content (a
    damaged snapshot may hold hands and deck order). It is a ValueError too, so callers that
    treat bad values as damage keep doing so.
    """

    def __init__(self, game_id: int | None, where: str) -> None:
        owner = f"game {game_id}" if game_id is not None else "a game"
        super().__init__(f"the saved {where} of {owner} is damaged")
        self.game_id = game_id
        self.where = where


class RefusedDatabase(StoreError):
    """The file cannot be used as this bot's database; the message is one sentence for the operator."""


class NotABottegaDatabase(RefusedDatabase):
    """The file exists but is not a Bottega database (empty, another program's, or not SQLite)."""


class DamagedDatabase(RefusedDatabase):
    """The file is a Bottega database (its header says so) that SQLite cannot read: cut short or
    overwritten. It is restored from a backup, never replaced."""


class DatabaseInUse(RefusedDatabase):
    """Another process already has this SQLite database open."""


class RematchExists(StoreError):
    """The finished game already has a rematch table (each game is played again at most once)."""


DAMAGE_ERRORS = (sqlite3.IntegrityError, sqlite3.DataError, asyncpg.IntegrityConstraintViolationError,
                 asyncpg.DataCorruptedError, asyncpg.IndexCorruptedError)
"""Errors by which a database says that what it holds is damaged, beyond the ones the store turns
into its own refusals (a unique key taken by a double click is :class:`DuplicateInteraction`)."""


def is_damage(error: BaseException) -> bool:
    """Whether ``error``, raised by a database call, means the database is damaged: a constraint
    it broke, or SQLite's plain ``DatabaseError`` (a malformed page, a file that is no longer a
    database), never an operational one (locked, busy, out of disk)."""
    return isinstance(error, DAMAGE_ERRORS) or type(error) is sqlite3.DatabaseError
