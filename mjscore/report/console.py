"""The rich Console the human outputs use, and the user's say about colour and tile glyphs.

`--color auto|always|never`: auto colours a terminal and honours NO_COLOR and FORCE_COLOR
(rich's own reading of them). `--tiles/--no-tiles`: the Unicode tile glyphs, by default
drawn when the output's own encoding can write them (a cp1252 redirect gets mpsz text).
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterator
from typing import Any, TextIO

from rich.console import Console
from rich.segment import Segment

from ..base.text import safe_text
from .settings import COLORS, configure, settings

__all__ = ["COLORS", "configure", "console", "settings", "show", "write_lines"]

PIPE_WIDTH = 80  # console width off a terminal without COLUMNS (a terminal keeps its own)
GLYPH_PROBE = "\U0001f004\U0001f007\u2192\u2500"  # a tile, an arrow, a rule


class _Console(Console):
    """rich ends the process with status 1 on a closed pipe, the code of "a hand did not
    score"; here the runner's handler decides (quietly, 141).

    Every piece of text is escaped (base.text.safe, line breaks kept) as it leaves for the
    output, whoever built it: rich keeps ESC and the bidi controls of a label or a name,
    and its own colours are added after this point, so they stay. The reports escape
    text from outside where they lay it out too, so that its width is the escape's."""

    def on_broken_pipe(self) -> None:
        raise BrokenPipeError

    def render(self, renderable: Any, options: Any = None) -> Iterator[Segment]:
        for segment in super().render(renderable, options):
            text = segment.text
            if segment.control is None and not text.isprintable() and text != "\n":
                segment = Segment(safe_text(text), segment.style, None)
            yield segment


def can_encode(encoding: str | None, text: str = GLYPH_PROBE) -> bool:
    if not encoding:
        return True
    try:
        codecs.lookup(encoding)
        text.encode(encoding)
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def tiles_wanted(stream: TextIO) -> bool:
    """Draw the tile glyphs? The flag wins, else whether the output's encoding (before
    the command line made it UTF-8) can write them."""
    if settings["tiles"] is not None:
        return bool(settings["tiles"])
    encoding = settings["encoding"] or getattr(stream, "encoding", None)
    return can_encode(encoding)


def console(stream: TextIO, pipe_width: int = PIPE_WIDTH) -> Console:
    """rich decides colour in auto mode (a terminal, NO_COLOR, FORCE_COLOR); always and
    never override it; a pipe gets room to breathe."""
    color = settings["color"]
    kwargs: dict[str, Any] = {}
    if color == "always":
        kwargs = {"force_terminal": True, "no_color": False}
        if os.environ.get("NO_COLOR"):
            kwargs["color_system"] = "standard"
    elif color == "never":
        kwargs = {"no_color": True, "color_system": None}
    con = _Console(file=stream, highlight=False, emoji=False, **kwargs)
    if color == "always" and os.environ.get("NO_COLOR"):
        con.no_color = False
    off_terminal = not con.is_terminal or (color == "always" and not _is_tty(stream))
    if off_terminal and "COLUMNS" not in os.environ:
        con.width = pipe_width
    return con


def _is_tty(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:
        return False


def coloured(con: Console) -> bool:
    return con.color_system is not None and not con.no_color


def show(con: Console, renderable: Any) -> None:
    """Print; off a terminal, without the blanks rich pads table cells with at line ends."""
    if con.is_terminal:
        con.print(renderable)
        return
    with con.capture() as captured:
        con.print(renderable)
    con.file.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))


def write_lines(con: Console, lines: list[Any]) -> None:
    """Lines already laid out to fit: plain text straight to the file when there is no
    colour (fast), else one rich print without wrapping."""
    from rich.text import Text

    if not coloured(con):
        con.file.write("".join(safe_text(t.plain.rstrip()) + "\n" for t in lines))
        return
    con.print(Text("\n").join(lines), soft_wrap=True)
