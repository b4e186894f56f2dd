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


def render(result: ScoreResult) -> str:
    """One hand as its output row (workers render, the main process writes)."""
    return "\t".join(row(result)) + "\n"


class Reporter:
    def __init__(self, out: TextIO, err: TextIO, stream: bool = True):
        self.out, self.err, self.stream = out, err, stream
        self.out.write("\t".join(HEADER) + "\n")

    def emit(self, result: ScoreResult) -> None:
        self.emit_rendered(render(result), error_line(result) if result.error else None)

    def emit_rendered(self, text: str, error: str | None) -> None:
        if error is not None:
            print(error, file=self.err)
        self.out.write(text)
        if self.stream:  # a pipeline reading stdin gets each record at once
            self.out.flush()

    def close(self) -> None:
        self.out.flush()
