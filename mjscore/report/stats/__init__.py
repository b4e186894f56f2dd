"""`mjscore stats` output: the figures of an archive, one module per format (`text`,
`jsonl`, `json`, `tsv`), all from the records made here (docs/output.md, "stats").

A run's figures are written once, at its end (they are counts over every game); the
records are the players' first (most games first), then the hands' rows (yaku, han, fu,
limits) and a summary. Names come from the records: each is escaped where it is written.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, TextIO

from ...stats.counts import COUNTS

if TYPE_CHECKING:
    from ...stats import Summary

FORMATS = ("text", "json", "jsonl", "tsv")
LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")  # the limits' order


def players_in_order(summary: Summary, chosen: tuple[str, ...] = ()) -> list[str]:
    """The players to write: those `chosen` (in the order given), else every one, most
    games first, then by name."""
    if chosen:
        return [p for p in dict.fromkeys(chosen) if p in summary.players]
    return sorted(summary.players, key=lambda p: (-summary.players[p].games, p))


def _share(count: int, whole: int) -> float | None:
    return round(count / whole, 4) if whole else None


def records(summary: Summary, chosen: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The machine records of a run (docs/output.md): a `player` record each, a `yaku`,
    `han`, `fu` and `limit` record per row, then the `summary`."""
    out: list[dict[str, Any]] = []
    for name in players_in_order(summary, chosen):
        counts = summary.players[name]
        out.append({"type": "player", "player": name, **counts.counts(), **counts.figures()})
    hands = summary.hands
    scored = hands.scored
    for key, count in sorted(hands.yaku.items(), key=lambda kv: (-kv[1], kv[0])):
        name, _ = hands.names.get(key, (key, ""))
        out.append(
            {
                "type": "yaku",
                "key": key,
                "name": name,
                "count": count,
                "share": _share(count, scored),
            }
        )
    for han, count in sorted(hands.han.items()):
        out.append({"type": "han", "han": han, "count": count, "share": _share(count, scored)})
    for fu, count in sorted(hands.fu.items()):
        out.append({"type": "fu", "fu": fu, "count": count, "share": _share(count, scored)})
    order = {limit: i for i, limit in enumerate(LIMITS)}
    for limit, count in sorted(hands.limit.items(), key=lambda kv: (order.get(kv[0], 99), kv[0])):
        out.append(
            {"type": "limit", "limit": limit, "count": count, "share": _share(count, scored)}
        )
    out.append(
        {
            "type": "summary",
            "files": summary.files,
            "games": summary.games,
            "skipped": summary.skipped,
            "broken": summary.broken,
            "players": len(summary.players),
            "wins": hands.wins,
            "scored": hands.scored,
            "not_scored": hands.not_scored,
            "compared": hands.compared,
            "differ": hands.differ,
            "rules": hands.rules,
        }
    )
    return out


PLAYER_FIELDS = (*COUNTS, "placements", "result")


def write(
    summary: Summary,
    fmt: str,
    out: TextIO,
    width: int = 100,
    chosen: tuple[str, ...] = (),
    chart: bool = True,
) -> None:
    """The whole output of `mjscore stats` in `fmt`."""
    module = import_module(f"{__name__}.{fmt}")
    module.write(summary, out, width=width, chosen=chosen, chart=chart)
