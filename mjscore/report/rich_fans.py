"""Sections of the human report for Chinese Official (fan) scores.

The fans are listed with their English and Chinese names and points (points of one
occurrence, then the count), Flower Tiles last; the total line says the fan total and
how much of it is flowers, which never count toward the 8-point minimum.
`rich_report.score_report` lays out the one page and asks these sections for a `Fans`
score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from .layout import Cell, columns

if TYPE_CHECKING:
    from ..core.result import Fans


def fans_lines(score: Fans, width: int) -> list[Text]:
    """One row per fan: English, Chinese, points (× count when it occurs more than once);
    narrow, the Chinese names go and the English ones and the points stay whole."""
    rows: list[list[Cell]] = [[Text("fan", "bold"), Text(""), Text("points", "bold")]]
    for f in score.fans:
        points = f"{f.fan} × {f.times}" if f.times > 1 else str(f.fan)
        rows.append([Text(f.name, "bold"), Text(f.name_zh, "cyan"), points])
    if width < 44:
        return columns([[r[0], r[2]] for r in rows], width, right=(1,), gap=1)
    return columns(rows, width, right=(2,), gap=1)


def total_words(score: Fans) -> Text:
    """`26 fan` and, with flowers, how many of them are flowers."""
    words = Text(f"{score.fan} fan", "bold")
    if score.flower_points:
        words.append(f"  ({score.fan - score.flower_points} + {score.flower_points} "
                     f"flower{'s' if score.flower_points > 1 else ''})", "dim")
    return words
