"""The rich Console both human outputs use: colour only on a terminal, tidy text in a pipe."""

from __future__ import annotations

import os
from typing import Any, TextIO

from rich.console import Console

PIPE_WIDTH = 100  # console width off a terminal, where rich would assume 80 (COLUMNS wins)


def console(stream: TextIO, pipe_width: int = PIPE_WIDTH) -> Console:
    """rich decides colour (a terminal, NO_COLOR, FORCE_COLOR); a pipe gets room to breathe."""
    con = Console(file=stream, highlight=False, emoji=False)
    if not con.is_terminal and "COLUMNS" not in os.environ:
        con.width = pipe_width
    return con


def show(con: Console, renderable: Any) -> None:
    """Print; off a terminal, without the blanks rich pads table cells with at line ends."""
    if con.is_terminal:
        con.print(renderable)
        return
    with con.capture() as captured:
        con.print(renderable)
    con.file.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))
