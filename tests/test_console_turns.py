"""The local console and the calm channel: a step of a turn shows as an edit of the turn's
message, and a saved game goes on in a later session without its moves being taken for repeats."""

from __future__ import annotations

import io
from pathlib import Path

from bot.config import Config
from bot.console import changed_lines, play


async def session(tmp_path: Path, lines: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    config = Config(database_path=tmp_path / "local.db", render_workers=0)
    code = await play(config, tmp_path / "images", lines, out, interactive=False, seed=5)
    return code, out.getvalue()


async def test_a_later_session_continues_a_saved_game_without_refusing_a_real_move(tmp_path):
    # The in-memory Discord made its ids from a clock that starts again at each session: the
    # second session's move got the first session's move id and was refused as "already recorded".
    code, out = await session(tmp_path, [
        "@alice /game new game:mor players:2", "@bob /game join", "@alice /game start",
        '@alice /mor move notation:"keep L9 L7"'])
    assert code == 0, out
    code, out = await session(tmp_path, [
        "@alice /game help", "@alice /game help", "@alice /mor hand",
        '@bob /mor move notation:"keep L2 L5 res:stone"'])
    assert code == 0, out
    assert "already recorded" not in out and "bob kept 2 leaders and took 1 stone." in out


async def test_steps_of_a_turn_show_as_edits_of_its_message(tmp_path):
    code, out = await session(tmp_path, [
        "@alice /game new game:mor players:1", "@alice /game start",
        '@alice /mor move notation:"keep L9 L7"',
        '@alice /mor move notation:"market row-1"',
    ])
    assert code == 0, out
    posted = [text for text in out.splitlines() if text.startswith("bottega: ")]
    edited = [text for text in out.splitlines() if text.startswith("bottega (edited): ")]
    # the table opened; the game began; the first turn (after the leaders were kept)
    assert len(posted) == 3, out
    assert edited and edited[-1].startswith("bottega (edited): alice took row 1 from the market"), out
    # an edit shows only what it added, and the pictures it carries now (the board, the focused image)
    assert "Masters of Renaissance begins" not in "".join(edited)
    assert out.count("image: ") == 2 * (len(posted) - 1 + len(edited))


def test_an_edit_is_shown_by_what_it_changed():
    assert changed_lines("a\nb\n@x: go", "a\nb\nc\n@x: go") == "c\n@x: go"
    assert changed_lines("a", "b") == "b"
