"""The Kansai Boo game result (`mjscore boo-result`) as text or JSON: reporters do the output,
`mjscore.boo_result` only computes."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ..scoring.boo_game import PLAYERS
from . import COMMAND_FORMATS

if TYPE_CHECKING:
    from ..scoring.boo_game import BooResult

FORMATS = COMMAND_FORMATS["boo-result"]


def text(result: BooResult) -> str:
    """The sentence, then one line per player: seat, final score, game points, role."""
    lines = [result.reason()]
    for p in PLAYERS:
        paying = "pays" if result.yakuman else "sunk"
        role = "top" if p == result.top else paying if p in result.sunk else ""
        points = f"{result.points[p]:+d}" if result.points[p] else "0"
        lines.append(f"  {p}  {result.scores[p]:>6,}  {points:>4}  {role}".rstrip())
    return "\n".join(lines)


def render(result: BooResult, fmt: str) -> str:
    """The whole output of one boo-result, in `fmt` (one of FORMATS)."""
    if fmt == "json":
        return json.dumps(result.to_dict(), ensure_ascii=False)
    return text(result)
