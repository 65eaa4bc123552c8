"""Errors raised by the store. Every one is a :class:`StoreError`."""

from __future__ import annotations


class StoreError(Exception):
    """Base class for everything the store refuses."""


class GameNotFound(StoreError):
    """No game has the given id."""


class ChannelBusy(StoreError):
    """The channel already has a game in the lobby or in play."""


class AlreadySeated(StoreError):
    """The user already holds a seat at this game."""


class StaleVersion(StoreError):
    """The game moved on since the caller read it; nothing was written."""


class WrongStatus(StaleVersion):
    """The game is not in the status the write needs: a move on a finished game, a second start."""


class DuplicateInteraction(StoreError):
    """This Discord interaction was already recorded; nothing was written."""
