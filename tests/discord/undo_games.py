"""What the Discord tests of undo share: the games it applies to, a two-player table opened in a
channel, and a move whose undo the engine answers as a test wants."""

from __future__ import annotations

from bottega_harness import Table

import games

REAL_GAMES = ["mor", "lim", "opera"]
FOLLOWED = "followed by an automatic move"


async def open_game(table: Table, key: str) -> int:
    await table.alice.slash(table.channel, "game new", game=key, players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    return int(table.last().attachments[0].filename.split("-")[1])


def choose(key: str, state: dict, seat: int, wanted: set) -> tuple[str, str | None]:
    """A legal move of ``seat`` whose undo the engine answers with one of ``wanted`` (None:
    allowed), else the first legal move; with that answer."""
    game = games.get(key)
    found = []
    for action in game.legal_actions(state, seat):
        after, _ = game.apply(state, seat, action)
        if any(game.automatic(after, other) is not None for other in game.actors(after)):
            continue  # the table plays a move for a seat at once: the last move is no longer this one
        found.append((game.notation(action), game.undo_refusal(state, after, seat, action)))
        if found[-1][1] in wanted:
            return found[-1]
    if not found:  # every move is followed by one the table plays for a seat (the last draft pick)
        return game.notation(game.legal_actions(state, seat)[0]), FOLLOWED
    return found[0]
