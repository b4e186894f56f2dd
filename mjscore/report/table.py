"""`mjscore table`: han x fu -> points for ron and tsumo, computed by the scoring code."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from rich.text import Text

from ..scoring.payments import WinSide, hand_payments
from ..scoring.points import base_points
from .console import console, write_lines
from .layout import columns

if TYPE_CHECKING:
    from ..rulesets import Ruleset

FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


def cell(base: int, dealer: bool, ruleset: Ruleset, tsumo: bool) -> str:
    """One ron or tsumo amount, paid at the ruleset's table (the last seat deals in)."""
    seats = ruleset.seats
    winner = "E" if dealer else "S"
    side = WinSide(winner, tsumo, None if tsumo else seats[-1], 0, 0, seats=seats)
    pays = hand_payments(base, side, ruleset.params)
    if not tsumo:
        return f"{pays[0].amount:,}"
    shares = sorted({p.amount for p in pays})
    return f"{shares[0]:,} all" if len(shares) == 1 else f"{shares[0]:,}/{shares[1]:,}"


def write_table(ruleset: Ruleset, dealer: bool, out: TextIO) -> None:
    con = console(out)
    if ruleset.scoring != "han_fu":
        raise ValueError(f"ruleset {ruleset.name} scores points and doubles: no han x fu table")
    options = {name: spec.default for name, spec in ruleset.options.items()}
    who = "dealer" if dealer else "non-dealer"
    lines = [Text(f"{ruleset.title}: {who}, ron / tsumo", "bold")]
    rows: list[list] = [["han", *(f"{fu} fu" for fu in FU)]]
    limits: dict[str, tuple[int, int]] = {}
    for han in range(1, 5):
        row = [str(han)]
        for fu in FU:
            if (han == 1 and fu in (20, 25)) or (fu == 25 and han < 2):
                row.append("–")
                continue
            base, limit = base_points(han, fu, 0, options, ruleset.params)
            ron = cell(base, dealer, ruleset, False)
            tsumo = "–" if fu == 25 and han == 2 else cell(base, dealer, ruleset, True)
            row.append(f"{ron}\n{tsumo}" if fu != 20 else f"–\n{tsumo}")
            if limit:
                limits.setdefault(limit, (han, fu))
        rows.append(row)
    width = con.width
    half = len(FU) // 2 + 1
    for part in (FU[:half], FU[half:]):
        idx = [0, *(FU.index(f) + 1 for f in part)]
        sub = [[r[i] for i in idx] for r in rows]
        split = []
        for r in sub:
            tops = [c.split("\n")[0] for c in r]
            bottoms = [c.split("\n")[1] if "\n" in c else "" for c in r]
            split.append(tops)
            if any(bottoms):
                split.append(["", *bottoms[1:]])
        lines += columns(split, width, right=tuple(range(1, len(idx))), gap=2)
        lines.append(Text())
    lines.append(Text("limits (han, any fu)", "bold"))
    for least, _base, name in ruleset.params.limits:
        base, limit = base_points(least, 30, 0, options, ruleset.params)
        lines.append(Text(f"  {least}+ han  {limit or name}:  ron "
                          f"{cell(base, dealer, ruleset, False)} · tsumo "
                          f"{cell(base, dealer, ruleset, True)}"))
    base, _ = base_points(13, 30, 1, options, ruleset.params)
    lines.append(Text(f"  yakuman:  ron {cell(base, dealer, ruleset, False)} · tsumo "
                      f"{cell(base, dealer, ruleset, True)}"))
    write_lines(con, lines)
