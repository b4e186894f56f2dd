"""Tab-separated values: a header, then one row per hand, for awk, cut and spreadsheets."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from . import describe, error_line, tsv_cell

if TYPE_CHECKING:
    from ..result import ScoreResult

SEATS = ("E", "S", "W", "N")
HEADER = ("line", "ok", "rules", "winner", "han", "fu", "limit", "value",
          "net E", "net S", "net W", "net N", "yaku", "error")


def row(result: ScoreResult) -> list[str]:
    """The cells of one hand, in HEADER order."""
    net = [result.net.get(seat) if result.ok else None for seat in SEATS]
    cells = [result.line, result.ok, result.rules, result.winner, result.han, result.fu,
             result.limit, result.value if result.ok else None, *net,
             ",".join(y.key for y in result.yaku),
             describe(result.error) if result.error is not None else None]
    return [tsv_cell(c) for c in cells]


class Reporter:
    def __init__(self, out: TextIO, err: TextIO):
        self.out, self.err = out, err
        self.out.write("\t".join(HEADER) + "\n")

    def emit(self, result: ScoreResult) -> None:
        if result.error is not None:
            print(error_line(result), file=self.err)
        self.out.write("\t".join(row(result)) + "\n")
        self.out.flush()

    def close(self) -> None:
        self.out.flush()
