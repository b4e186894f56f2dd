"""Sections of the human report for Chinese Official (fan) scores.

The fans are listed with their English and Chinese names and points (points of one
occurrence, then the count), Flower Tiles last; the total line says the fan total and
how much of it is flowers, which never count toward the 8-point minimum.
`rich_report.score_report` lays out the one page and asks these sections for a `Fans`
score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from ..result import Fans


def fans_body(score: Fans) -> Table:
    """One row per fan: English, Chinese, points (× count when it occurs more than once)."""
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    table.add_column("fan", style="bold")
    table.add_column("", style="cyan")
    table.add_column("points", justify="right")
    for f in score.fans:
        points = f"{f.fan} × {f.count}" if f.count > 1 else str(f.fan)
        table.add_row(f.name, f.name_zh, points)
    return table


def total_words(score: Fans) -> Text:
    """`26 fan` and, with flowers, how many of them are flowers."""
    words = Text(f"{score.fan} fan", "bold")
    if score.flower_points:
        words.append(f"  ({score.fan - score.flower_points} + {score.flower_points} "
                     f"flower{'s' if score.flower_points > 1 else ''})", "dim")
    return words
