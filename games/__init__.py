"""Pure rules engines. Nothing here does I/O or knows about Discord.

>>> import games
>>> sorted(games.keys())
['lim', 'mor', 'opera']
>>> games.get("mor").title
'Masters of Renaissance'
"""

from __future__ import annotations

from importlib import import_module

from .core import CorruptState, Game, IllegalAction

_MODULES = {
    "mor": "games.mor",
    "lim": "games.lim",
    "opera": "games.opera",
}


def keys() -> list[str]:
    """The keys of every game."""
    return list(_MODULES)


def get(key: str) -> Game:
    """The game object for ``key``; IllegalAction for an unknown key."""
    module = _MODULES.get(key)
    if module is None:
        raise IllegalAction(
            "There is no game called '{key}'. Games: {modules}.", "CORE-GAME",
            key=key, modules=', '.join(_MODULES)
        )
    return import_module(module).GAME


__all__ = ["CorruptState", "Game", "IllegalAction", "get", "keys"]
