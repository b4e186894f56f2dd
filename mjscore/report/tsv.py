"""Tab-separated values: a header, then one row per hand, for awk, cut and spreadsheets.

The columns are the same for every row, whatever its ruleset (a file may mix them with
`rules:`): one net column per seat a table can have, E, S, W, N; a row of a three-player
ruleset has no N in its net, so its net_N cell is empty, as a failed line's are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.tiles import SEATS
from . import LineReporter, describe, tsv_cell

if TYPE_CHECKING:
    from ..core.result import ScoreResult

NET_SEATS = SEATS  # every seat of the largest table, in turn order
HEADER = (
    "line",
    "ok",
    "rules",
    "winner",
    "han",
    "fu",
    "limit",
    "value",
    *(f"net_{seat}" for seat in NET_SEATS),
    "yaku",
    "error",
)


def row(result: ScoreResult) -> list[str]:
    """The cells of one hand, in HEADER order."""
    ok = result.ok
    net = result.net if ok else {}
    han = getattr(result.score, "fan", result.han)  # Chinese Official: the fan total
    cells = [
        result.line,
        ok,
        result.rules,
        result.winner,
        han,
        result.fu,
        result.limit,
        result.value if ok else None,
        *[net.get(seat) for seat in NET_SEATS],
        ",".join([y.key for y in result.yaku]),
        describe(result.error) if result.error is not None else None,
    ]
    return [tsv_cell(c) for c in cells]


def render(result: ScoreResult) -> str:
    """One hand as its output row (workers render, the main process writes)."""
    return "\t".join(row(result)) + "\n"


class Reporter(LineReporter):
    header = "\t".join(HEADER) + "\n"
    render = staticmethod(render)
