"""``python -m bot --replay FILE --images DIR``: replay a finished game's record and draw every board.

The record (see ``docs/record.md``) is checked and played through the engine
(:func:`db.record.replay_record`); a damaged or altered record is refused with one sentence and
exit status 1, before any image is written. Each board is drawn as the bot posted it: the start
as ``<game>-000.png``, the board after move *n* as ``<game>-<n>.png`` (numbers padded to the
same width, as the record numbers them: a move taken back keeps its number and draws no board),
with the move's last event line as the highlight, and who made it when no member chose it. How
many are drawn shows on standard error as they are.
"""

from __future__ import annotations

import sys
from pathlib import Path

import rendering
from db.progress import progress
from db.record import RecordRefused, read_record, replay_record

from .table.history import record_boards


def replay_file(path: Path, images: Path) -> int:
    """Replay the record at ``path`` into ``images``; the process's exit status."""
    try:
        data = path.read_bytes()
    except OSError as error:
        print(f"Cannot read {path}: {error.strerror}.", file=sys.stderr)
        return 1
    try:
        replayed = replay_record(read_record(data))
    except RecordRefused as refusal:
        print(f"{path}: {refusal.message}", file=sys.stderr)
        return 1
    key, names = replayed.game.key, replayed.names
    images.mkdir(parents=True, exist_ok=True)
    width = max(3, len(str(len(replayed.moves))))
    boards = record_boards(replayed)
    for board in progress(boards, total=len(boards), label="boards drawn"):
        png = rendering.render(key, board.view, names=names, highlight=board.highlight)
        (images / f"{key}-{board.number:0{width}d}.png").write_bytes(png)
    winners = " and ".join(names[seat] for seat in replayed.result["winners"])
    print(f"{replayed.game.title}: {len(replayed.moves)} moves replayed, the result matches "
          f"(winner: {winners}); {len(boards)} boards drawn in {images}.")
    return 0
