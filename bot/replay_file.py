"""``python -m bot --replay FILE --images DIR``: replay a finished game's record and draw every board.

The record (see ``docs/record.md``) is checked and played through the engine
(:func:`db.record.replay_record`); a damaged or altered record is refused with one sentence and
exit status 1, before any image is written. Each board is drawn as the bot posted it: the start
as ``<game>-000.png``, the board after move *n* as ``<game>-<n>.png`` (numbers padded to the
same width, as the record numbers them: a move taken back keeps its number and draws no board),
with the move's last event line as the highlight, and who made it when no member chose it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import rendering
from db.record import LoggedMove, RecordRefused, read_record, replay_record
from i18n import ENGLISH, translate

from .table.model import MADE_FOR, fill_seat_names


def highlight_of(move: LoggedMove, names: list[str]) -> str | None:
    """The line a replayed board shows: the move's last event, and who made it when no member chose
    it (a turn played on a timeout, the AI in an open seat, a step the table took)."""
    if not move.events:
        return None
    said = fill_seat_names(move.events[-1]["text"], names)
    marker = MADE_FOR.get(move.made_by)
    return f"{said} {translate(marker, ENGLISH)}" if marker else said


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
    boards = [(0, replayed.start, None)] + [(move.number, move.state, highlight_of(move, names))
                                            for move in replayed.moves]
    for number, state, highlight in boards:
        png = rendering.render(key, replayed.game.view(state, None), names=names, highlight=highlight)
        (images / f"{key}-{number:0{width}d}.png").write_bytes(png)
    winners = " and ".join(names[seat] for seat in replayed.result["winners"])
    print(f"{replayed.game.title}: {len(replayed.moves)} moves replayed, the result matches "
          f"(winner: {winners}); {len(boards)} boards drawn in {images}.")
    return 0
