"""The progress of long operator commands: a bar on a terminal, plain lines otherwise."""

import io

from db.progress import progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_a_bar_and_a_pipe_gets_a_line_at_each_tenth():
    terminal = Terminal()
    assert list(progress(range(3), total=3, label="games checked", out=terminal)) == [0, 1, 2]
    assert "games checked" in terminal.getvalue() and "3/3" in terminal.getvalue()
    pipe = io.StringIO()
    assert len(list(progress(range(25), total=25, label="boards drawn", out=pipe))) == 25
    assert pipe.getvalue().splitlines() == [f"boards drawn: {n} of 25" for n in (0, 2, 4, 6, 8, 10, 12, 14, 16,
                                                                                  18, 20, 22, 24, 25)]
