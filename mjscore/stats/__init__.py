"""`mjscore stats`: a player's or a club's archive in figures, with the hands re-scored.

Counting only: the games come from the record readers' values (or from `# game` lines),
each is followed by the `game` ledger, and every win is scored by mjscore; the figures
are sums and counts (`counts`), merged file by file (`tally.Summary`). Reading files and
processes is the command line's; drawing the figures is the reporters'.
"""

from __future__ import annotations

from .counts import COUNTS, HandCounts, PlayerCounts, Trend
from .tally import Filters, Summary, count_game, count_hands, count_lines, count_records

__all__ = [
    "COUNTS",
    "Filters",
    "HandCounts",
    "PlayerCounts",
    "Summary",
    "Trend",
    "count_game",
    "count_hands",
    "count_lines",
    "count_records",
]
