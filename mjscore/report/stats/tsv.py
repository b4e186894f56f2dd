"""`mjscore stats --format tsv`: a header, then a row a player and a row a hands' figure.

One table for a spreadsheet or a plot: `type` says what a row is; a player's row fills
the player's columns (placements as four columns), a yaku, han, fu or limit row fills
`key`, `name`, `count` and `share`; the summary's counts are rows of type `summary`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TextIO

from ...stats.counts import COUNTS, PLACES
from .. import tsv_cell
from . import records

if TYPE_CHECKING:
    from ...stats import Summary

PLACE_COLUMNS = tuple(f"placement_{i + 1}" for i in range(PLACES))
FIGURES = (
    "average_placement",
    "average_result",
    "win_rate",
    "tsumo_rate",
    "dama_rate",
    "average_win",
    "average_han",
    "average_turn",
    "deal_in_rate",
    "average_deal_in",
    "riichi_rate",
    "call_rate",
    "draw_rate",
    "exhaustive_rate",
    "ready_rate",
)
HEADER = ("type", "key", "name", "count", "share", *COUNTS, *PLACE_COLUMNS, "result", *FIGURES)


def _row(record: dict[str, Any]) -> list[Any]:
    kind = record["type"]
    if kind == "player":
        return [
            kind,
            record["player"],
            "",
            "",
            "",
            *(record[c] for c in COUNTS),
            *record["placements"],
            record["result"],
            *(record[f] for f in FIGURES),
        ]
    key = {"yaku": "key", "han": "han", "fu": "fu", "limit": "limit"}[kind]
    return [kind, record[key], record.get("name", ""), record["count"], record["share"]]


def write(summary: Summary, out: TextIO, chosen: tuple[str, ...] = (), **_: Any) -> None:
    rows = ["\t".join(HEADER)]
    for record in records(summary, chosen):
        if record["type"] == "summary":
            blank = [""] * (len(HEADER) - 5)
            rows += [
                "\t".join(map(tsv_cell, ("summary", key, "", value, "", *blank)))
                for key, value in record.items()
                if key != "type"
            ]
            continue
        cells = _row(record)
        rows.append("\t".join(map(tsv_cell, cells + [""] * (len(HEADER) - len(cells)))))
    out.write("\n".join(rows) + "\n")
