"""A game's ledger (`mjscore game`): the rounds of a game and its final standings.

Named `ledger`, not `game`, so that `mjscore.game(...)` stays the library function.
It imports the core and the rulesets only (never the records, the reports or the CLI).
"""

from __future__ import annotations

from .game import (
    Entry,
    Game,
    GameProblem,
    Header,
    Part,
    Round,
    WinValue,
    game,
    games,
    header_line,
    header_of,
    read_header,
    read_mark,
    round_mark,
)

__all__ = [
    "Entry",
    "Game",
    "GameProblem",
    "Header",
    "Part",
    "Round",
    "WinValue",
    "game",
    "games",
    "header_line",
    "header_of",
    "read_header",
    "read_mark",
    "round_mark",
]
