"""Replay every stored game from its seed and compare it with what the database holds.

The part of ``python -m db check`` that knows about games: each game is set up again from its
seed, options and player count, and its move log is played through ``games.core.MoveStack`` as it
happened (a move taken back is played, then undone at the version of its undo); every snapshot
must be exactly the state the replay reaches at its seq, every row must pass the
store's own checks (``db.rows``), and the log must be whole. Findings name the game, the place
and the kind of failure, never a state's content (snapshots hold hands and deck order).
"""

from __future__ import annotations

from collections.abc import Collection

import games
from games.core import MoveStack

from .errors import DamagedGame
from .progress import progress
from .rows import (
    GameRow,
    MoveRow,
    Snapshot,
    game_row,
    move_row,
    seat_row,
    snapshot,
    timer_row,
    vote_row,
)
from .sql import Connection


async def check_games(db: Connection, game_keys: Collection[str] | None = None, *, has_votes: bool = True,
                      checksum: str = "checksum", show_progress: bool = False) -> tuple[int, list[str]]:
    """``(games replayed, findings)`` for every game the connection ``db`` reads (either backend).

    An SQLite database older than votes has ``has_votes`` False, and one older than snapshot
    checksums passes ``checksum``, an SQL expression computing it (its snapshots are checked by
    replay alone). With ``show_progress``, how many games are done shows on standard error.
    """
    keys = frozenset(games.keys()) if game_keys is None else game_keys
    findings: list[str] = []
    replayed = 0
    rows = await db.all("SELECT * FROM games ORDER BY id")
    if show_progress:
        rows = progress(rows, total=len(rows), label="games checked")
    for row in rows:
        try:
            game = game_row(row, keys)
            await _check_rows(db, game, has_votes)
            if game.status == "lobby":
                continue
            snapshots = [snapshot(found) for found in await db.all(
                f"SELECT game_id, seq, state, {checksum} FROM snapshots WHERE game_id = ? ORDER BY seq",
                (game.id,))]
            moves = [move_row(found, game.players) for found in await db.all(
                "SELECT * FROM moves WHERE game_id = ? ORDER BY seq", (game.id,))]
        except DamagedGame as damage:
            findings.append(f"game {row['id']}: {damage}")
            continue
        if game.status == "abandoned" and not snapshots:
            continue
        replayed += 1
        findings += [f"game {game.id}: {finding}" for finding in replay_findings(game, snapshots, moves)]
    return replayed, findings


async def _check_rows(db: Connection, game: GameRow, has_votes: bool) -> None:
    seats = [seat_row(found, game.players) for found in await db.all(
        "SELECT * FROM seats WHERE game_id = ?", (game.id,))]
    if game.status != "lobby" and sorted(seat.seat for seat in seats if seat.seat is not None) != list(
            range(game.players)) and not (game.status == "abandoned" and all(s.seat is None for s in seats)):
        raise DamagedGame(game.id, "seats (not one per seat number)")
    for found in await db.all("SELECT * FROM timers WHERE game_id = ?", (game.id,)):
        timer_row(found)
    if has_votes:
        for found in await db.all("SELECT * FROM votes WHERE game_id = ?", (game.id,)):
            vote_row(found)


def timeline(moves: list[MoveRow]) -> list[tuple[int, MoveRow, bool]]:
    """The log in the order it happened: ``(seq, move, False)`` for each move played and
    ``(seq, move, True)`` for each undo, at the version it took, of the move it took back."""
    played = [(move.seq, move, False) for move in moves]
    undone = [(move.undone_seq, move, True) for move in moves if move.undone_seq is not None]
    return sorted(played + undone, key=lambda point: point[0])


def standing(moves: list[MoveRow]) -> list[MoveRow]:
    """The moves that were not taken back: the game is these, replayed in order."""
    return [move for move in moves if move.undone_seq is None]


def replay_findings(game: GameRow, snapshots: list[Snapshot], moves: list[MoveRow]) -> list[str]:
    """What differs between the stored game and its replay from the seed."""
    engine = games.get(game.game_key)
    saved = {found.seq: found.state for found in snapshots}
    findings = []
    if sorted(seq for seq, _, _ in timeline(moves)) != list(range(2, game.version + 1)):
        findings.append(f"the move log does not run from seq 2 to the game's version {game.version}")
    try:
        stack = MoveStack(engine, engine.setup(game.players, game.seed, game.options))
    except Exception as error:  # noqa: BLE001 - any failure of the engine is a finding, not a crash
        return [*findings, f"setting the game up again fails ({type(error).__name__})"]
    if 0 not in saved:
        findings.append("there is no snapshot of the start (seq 0)")
    elif saved[0] != engine.dumps(stack.state):
        findings.append("the snapshot at seq 0 differs from the set-up replayed from the seed")
    for seq, move, undo in timeline(moves):
        if undo and stack.moves[-1:] != [(move.seat, move.notation)]:
            return [*findings, f"the undo at seq {seq} does not take back the last move standing"]
        try:
            if undo:
                stack.undo()
            else:
                stack.play(move.seat, move.notation)
        except Exception as error:  # noqa: BLE001 - as above
            return [*findings, f"the move at seq {move.seq} is refused on replay ({type(error).__name__})"]
        if seq in saved and saved[seq] != engine.dumps(stack.state):
            findings.append(f"the snapshot at seq {seq} differs from the replay")
    unreached = sorted(set(saved) - {0} - {seq for seq, _, _ in timeline(moves)})
    if unreached:
        findings.append(f"snapshots at seq {', '.join(map(str, unreached))} have no move")
    over = engine.result(stack.state) is not None
    if over != (game.status == "finished"):
        findings.append(f"the game is {game.status} but the replay {'is over' if over else 'is not over'}")
    return findings
