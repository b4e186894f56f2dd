"""Sections of the human report for Chinese Official (fan) scores.

The fans are listed with their English and Chinese names and points (points of one
occurrence, then the count), Flower Tiles last; the total line says the fan total and
how much of it is flowers, which never count toward the 8-point minimum, and what the
winner collects (`33 all = 99`, `8+25 from the discarder, 8 from each other = 49`).
`rich_report.score_report` lays out the one page and asks these sections for a `Fans`
score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..mcr.payments import BASE
from .lang import japanese, tr
from .layout import Cell, both_ends, columns, pad, width_of

if TYPE_CHECKING:
    from ..core.result import Fans, ScoreResult


def fans_lines(score: Fans, width: int) -> list[Text]:
    """One row per fan: English, Chinese, points (× count when it occurs more than once);
    narrow, the Chinese names go and the English ones and the points stay whole. In
    Japanese, the 国标 names alone (番 as the Chinese rules count them)."""
    if japanese():
        rows: list[list[Cell]] = [[Text(tr("fan"), "bold"), Text("")]]
        for f in score.fans:
            rows.append(
                [
                    Text(f.name_zh or f.name, "bold"),
                    f"{f.fan}番 × {f.times}" if f.times > 1 else f"{f.fan}番",
                ]
            )
        return columns(rows, width, right=(1,), gap=2)
    rows = [[Text("fan", "bold"), Text(""), Text("points", "bold")]]
    for f in score.fans:
        points = f"{f.fan} × {f.times}" if f.times > 1 else str(f.fan)
        rows.append([Text(f.name, "bold"), Text(f.name_zh, "cyan"), points])
    if width < 44:
        return columns([[r[0], r[2]] for r in rows], width, right=(1,), gap=1)
    return columns(rows, width, right=(2,), gap=1)


def total_words(score: Fans) -> Text:
    """`26 fan` and, with flowers, how many of them are flowers."""
    if japanese():
        words = Text(f"{score.fan}番", "bold")
        if score.flower_points:
            words.append(f"（{score.fan - score.flower_points}＋花牌{score.flower_points}）", "dim")
        return words
    words = Text(f"{score.fan} fan", "bold")
    if score.flower_points:
        words.append(
            f"  ({score.fan - score.flower_points} + {score.flower_points} "
            f"flower{'s' if score.flower_points > 1 else ''})",
            "dim",
        )
    return words


def _n(value: int) -> str:
    return f"{value}" if japanese() else f"{value:,}"


def collected(result: ScoreResult) -> list[str]:
    """What the winner collects, in pieces that may go on lines of their own: each payer's
    share (the base of 8 and the fan apart on a discard) and the sum."""
    amounts: dict[str, list[int]] = {}
    for p in result.payments:
        amounts.setdefault(p.reason, []).append(p.amount)
    total = _n(sum(p.amount for p in result.payments))
    tsumo, ron, base = amounts.get("tsumo", []), amounts.get("ron", []), amounts.get("base", [])
    if japanese():
        return _collected_ja(tsumo, ron, base, total)
    if tsumo and len(set(tsumo)) == 1 and not ron:
        return [f"{_n(tsumo[0])} all = {total}"]
    if len(ron) == 1 and not tsumo:
        share = f"{_n(BASE)}+{_n(ron[0] - BASE)}" if ron[0] > BASE else _n(ron[0])
        if base and len(set(base)) == 1:
            return [f"{share} from the discarder,", f"{_n(base[0])} from each other = {total}"]
        return [f"{share} from the discarder = {total}"]
    return [total]


def _collected_ja(tsumo: list[int], ron: list[int], base: list[int], total: str) -> list[str]:
    """`各11点 計33点`, `放銃者 8+10、他家 各8 計34点`."""
    if tsumo and len(set(tsumo)) == 1 and not ron:
        return [f"各{_n(tsumo[0])}点", f"計{total}点"]
    if len(ron) == 1 and not tsumo:
        share = f"{_n(BASE)}+{_n(ron[0] - BASE)}" if ron[0] > BASE else _n(ron[0])
        if base and len(set(base)) == 1:
            return [f"放銃者 {share}、", f"他家 各{_n(base[0])}", f"計{total}点"]
        return [f"放銃者 {share}", f"計{total}点"]
    return [f"計{total}点"]


def total_lines(result: ScoreResult, score: Fans, width: int) -> list[Text]:
    """The fan words at the left, what the winner collects at the right; when that does not
    fit beside them, it goes below, right-aligned, one piece a line if need be."""
    words = total_words(score)
    pieces = collected(result)
    right = Text(" ".join(pieces), "bold")
    if width_of(words) + 2 + width_of(right) <= width:
        return both_ends(words, right, width)
    if width_of(right) <= width:
        return [words, pad(right, width, right=True)]
    return [words, *(pad(Text(piece, "bold"), width, right=True) for piece in pieces)]
