"""`mjscore game` output: a game's ledger as a table for people, JSON Lines, JSON or TSV.

The text report keeps every number and name whole at any width from 40 columns: a
table of one row per round where it fits (about 100 columns for four players), else
each round on a line of its own followed by one line per player. Players are named
P1.. (seating order from the first dealer) in the rows and by name in the legend,
since a name may be wide (Japanese names take two columns a character).
"""

from __future__ import annotations

import json
import unicodedata
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from ..ledger import Game, Round

FORMATS = ("rich", "json", "jsonl", "tsv")
TSV_HEADER = ("type", "game", "round", "honba", "sticks", "result", "changes", "scores",
              "placement", "uma_result")


def cells(text: str) -> int:
    """Terminal columns of a text (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int, right: bool = False) -> str:
    gap = " " * max(0, width - cells(text))
    return gap + text if right else text + gap


def _signed(n: int) -> str:
    return f"{n:+,}" if n else "0"


def _result_text(x: float) -> str:
    """As Tenhou shows it: `+50.5`, `-14.0`, `0.0`."""
    return f"{x:+.1f}" if x else "0.0"


def _how(g: Game, r: Round) -> str:
    """Who won off whom, or the draw: `P4 ron P3`, `P2 tsumo`, `draw: P1 P3 ready`."""
    p = [f"P{i + 1}" for i in range(len(g.players))]
    if r.result == "win":
        if r.losers:
            wins = [f"{p[w]} ron {p[r.losers[min(i, len(r.losers) - 1)]]}"
                    for i, w in enumerate(r.winners)]
            return ", ".join(wins)
        return ", ".join(f"{p[w]} tsumo" for w in r.winners)
    if r.result == "abort":
        return f"abort: {r.detail}"
    ready = " ".join(p[t] for t in r.tenpai) or "none"
    if r.result == "nagashi":
        return f"nagashi {' '.join(p[w] for w in r.winners)}; ready {ready}"
    return f"draw; ready {ready}"


def _table_width(n: int) -> int:
    return 7 + 28 + n * 18


def text(games: list[Game], width: int) -> str:
    out: list[str] = []
    for g in games:
        if out:
            out.append("")
        out += _game_text(g, width)
    return "\n".join(out) + "\n" if out else ""


def _game_text(g: Game, width: int) -> list[str]:
    n = len(g.players)
    lines = _wrap(f"game {g.game or '-'}", width) + [
        f"rules {g.rules} · start {g.start[0]:,}"]
    for i, name in enumerate(g.players):
        lines.append(f"  P{i + 1}  {name}")
    lines.append("")
    wide = width >= _table_width(n)
    if wide:
        head = _pad("round", 7) + _pad("how", 28) + "".join(
            _pad(f"P{i + 1}", 18, right=True) for i in range(n))
        lines.append(head.rstrip())
        lines.append(_pad("start", 35) + "".join(
            _pad(f"{s:,}", 18, right=True) for s in g.start))
    for r in g.rounds:
        place = f"{r.round}-{r.honba}"
        how = _how(g, r) + (f" · {r.sticks} on table" if r.sticks else "")
        if wide and cells(how) <= 27:
            row = _pad(place, 7) + _pad(how, 28) + "".join(
                _pad(f"{_signed(c)} {s:,}", 18, right=True)
                for c, s in zip(r.changes, r.scores, strict=True))
            lines.append(row)
            continue
        lines += _wrap(f"{place}  {how}", width)
        for i, (c, s) in enumerate(zip(r.changes, r.scores, strict=True)):
            lines.append(f"  P{i + 1}  {_pad(_signed(c), 8, right=True)}  "
                         f"{_pad(f'{s:,}', 9, right=True)}")
    lines.append("")
    lines += _wrap(f"end: {g.end}" + (f"; deposits left {g.leftover:,} to first"
                                      if g.leftover else ""), width)
    lines.append(f"{'place':<7}{'player':<8}{'points':>9}  {'result':>7}")
    for p in sorted(range(n), key=lambda i: g.placement[i]):
        lines.append(f"{g.placement[p]:<7}{'P' + str(p + 1):<8}{g.final[p]:>9,}  "
                     f"{_result_text(g.result[p]):>7}")
    for problem in g.problems:
        if problem.kind == "error":
            lines += _wrap(f"error: {problem}", width)
    return lines


def _wrap(text: str, width: int) -> list[str]:
    """Words to lines of `width` columns at most; a number or a name is never cut."""
    out: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and cells(trial) > width:
            out.append(line)
            line = "  " + word
        else:
            line = trial
    return out + [line]


def records(games: list[Game]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for g in games:
        out += [r.to_dict() for r in g.rounds]
        out.append(g.to_dict())
    return out


def tsv(games: list[Game]) -> str:
    def clean(v: Any) -> str:
        return str(v).replace("\t", " ").replace("\n", " ")

    def joined(xs: Any) -> str:
        return ",".join(str(x) for x in xs)

    rows = ["\t".join(TSV_HEADER)]
    for g in games:
        for r in g.rounds:
            rows.append("\t".join(map(clean, ("round", g.game, r.round, r.honba, r.sticks,
                                              r.result, joined(r.changes), joined(r.scores),
                                              "", ""))))
        rows.append("\t".join(map(clean, ("game", g.game, "", "", "", "", "",
                                          joined(g.final), joined(g.placement),
                                          joined(g.result)))))
    return "\n".join(rows) + "\n"


def write(games: list[Game], fmt: str, out: TextIO, width: int = 100) -> None:
    """The whole output of `mjscore game` in `fmt` (one of FORMATS)."""
    from . import json_safe

    if fmt == "jsonl":
        for rec in records(games):
            out.write(json_safe(json.dumps(rec, ensure_ascii=False)) + "\n")
    elif fmt == "json":
        out.write(json_safe(json.dumps(records(games), ensure_ascii=False, indent=1)) + "\n")
    elif fmt == "tsv":
        out.write(tsv(games))
    else:
        out.write(text(games, width))
