"""Lines of a text report with colour spans, and the small charts drawn with them.

The game report and the stats report draw their charts here: a line chart (one line a
series: each series' mark where its value stands after each step, `*` where two meet)
and horizontal bars. A report is a list of `Line`s, written plain off a terminal and
coloured by rich on one (`write_lines`); a line never exceeds the width it is drawn for.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, TextIO

# the series' colours (a player's in the game report; a place's in the stats report)
COLOURS = ("cyan", "magenta", "yellow", "green")
CHART_HEIGHT = 8
_EIGHTHS = " ▏▎▍▌▋▊▉"  # a bar's last cell, in eighths of a cell


def cells(text: str) -> int:
    """Terminal columns of a text (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int, right: bool = False) -> str:
    gap = " " * max(0, width - cells(text))
    return gap + text if right else text + gap


class Line:
    """A line of a report: its text (already safe) and the spans to colour by series."""

    __slots__ = ("text", "spans")

    def __init__(self, text: str, spans: list[tuple[int, int, int]] | None = None) -> None:
        self.text = text
        self.spans = spans or []  # (start, end, series) in characters


def line_chart(
    series: Sequence[Sequence[float]],
    names: Sequence[str],
    width: int,
    title: str,
    label: Callable[[Any], str],
    first: str,
    marks: Sequence[str] = ("1", "2", "3", "4"),
    height: int = CHART_HEIGHT,
) -> list[Line]:
    """A line chart of `height` rows: at each step (`series[x]`, one value a line) each
    line's mark where its value stands, `*` where two meet; the scale on the left (`label`
    of the highest and lowest value), `first` and the last of `names` along the bottom
    (every k-th step where they are more than the columns)."""
    low = min(min(s) for s in series)
    high = max(max(s) for s in series)
    middle = (high + low) // 2 if isinstance(high + low, int) else (high + low) / 2
    labels = [label(high), label(middle), label(low)]
    label_w = max(cells(x) for x in labels)
    room = width - label_w - 3
    step = max(1, min(4, room // len(series)))
    if len(series) > room:  # more steps than columns: every k-th, and the last
        k = -(-len(series) // room)
        keep = [i for i in range(len(series)) if i % k == 0 or i == len(series) - 1]
        series, names = [series[i] for i in keep], [names[i] for i in keep]
    span = max(1, high - low)
    rows = [[" "] * (len(series) * step) for _ in range(height)]
    owner: list[list[int]] = [[-1] * (len(series) * step) for _ in range(height)]
    for x, values in enumerate(series):
        for line, value in enumerate(values):
            y = height - 1 - round((value - low) * (height - 1) / span)
            col = x * step + step // 2
            if owner[y][col] >= 0:
                rows[y][col], owner[y][col] = "*", -2
            else:
                rows[y][col], owner[y][col] = marks[line % len(marks)], line
    out = [Line(title if cells(title) <= width else title[: width - 1])]
    for y in range(height):
        text = {0: labels[0], height // 2: "", height - 1: labels[2]}.get(y, "")
        prefix = pad(text, label_w, right=True) + (" ┤" if text else " │")
        body = "".join(rows[y]).rstrip()
        spans = [
            (len(prefix) + c, len(prefix) + c + 1, owner[y][c])
            for c in range(len(body))
            if owner[y][c] >= 0
        ]
        out.append(Line(prefix + body, spans))
    out.append(Line(" " * label_w + " └" + "─" * (len(series) * step)))
    last = names[-1]
    under = " " * (label_w + 2) + first
    end_at = label_w + 2 + len(series) * step - cells(last)
    if end_at > cells(under):
        under += " " * (end_at - cells(under)) + last
    out.append(Line(under))
    return out


def bar(share: float, width: int) -> str:
    """A horizontal bar of `share` (0 to 1) of `width` cells, in eighths of a cell."""
    eighths = round(max(0.0, min(1.0, share)) * width * 8)
    whole, part = divmod(eighths, 8)
    return ("█" * whole + (_EIGHTHS[part] if part else "")).rstrip()


def write_lines(lines: list[Line], out: TextIO, console: Any) -> None:
    """The lines on `out`: plain text off a terminal (or without colour), else through
    rich with each span in its series' colour."""
    from .console import coloured

    if not coloured(console):
        out.write("".join(line.text.rstrip() + "\n" for line in lines))
        return
    from rich.text import Text

    texts = []
    for line in lines:
        t = Text(line.text.rstrip())
        for start, end, series in line.spans:
            t.stylize(f"bold {COLOURS[series % len(COLOURS)]}", start, end)
        texts.append(t)
    console.print(Text("\n").join(texts), soft_wrap=True)
