"""The Kansai Boo game result (`mjscore boo-result`) as text or JSON: reporters do the output,
`mjscore.boo_result` only computes."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ..scoring.boo_game import PLAYERS, START, TABLE_FEE
from . import COMMAND_FORMATS

if TYPE_CHECKING:
    from ..scoring.boo_game import BooResult

FORMATS = COMMAND_FORMATS["boo-result"]


# The roles by language: the top player, a sunk one (below the start) and, when a yakuman
# ended the game, every other player who pays; Japanese as the Shiragiku rule book says it
# (トップ, 沈み, 場代 the table fee, 原点 the start: docs/rules/shiragiku.md §3.8).
_ROLES = {
    "en": {"top": "top", "sunk": "sunk", "pays": "pays"},
    "ja": {"top": "トップ", "sunk": "沈み", "pays": "支払い"},
}


def reason_ja(result: BooResult) -> str:
    """The settlement in one Japanese sentence, the seats in kanji."""
    from .words_ja import SEAT_KANJI

    top = SEAT_KANJI[result.top]
    if result.yakuman:
        return (
            f"{result.name}：{top}が役満を和了し、ほかの各家から{result.each}ずつ取り、"
            f"場代{TABLE_FEE}を払う"
        )
    if not result.sunk:
        return f"原点{START}未満なし：トップの{top}が場代{TABLE_FEE}だけを払う"
    who = "、".join(SEAT_KANJI[p] for p in result.sunk)
    return (
        f"{result.name}：原点{START}未満の{len(result.sunk)}人（{who}）がトップの{top}に"
        f"{result.each}ずつ払い、{top}は場代{TABLE_FEE}を払う"
    )


def text(result: BooResult, width: int = 80) -> str:
    """The sentence, then one line per player: seat, final score, game points, role (in the
    run's language: `--lang ja` writes seats in kanji and scores without commas); the
    sentence wrapped to `width` cells."""
    from .lang import japanese, number, seat

    ja = japanese()
    roles = _ROLES["ja" if ja else "en"]
    lines = _wrapped(reason_ja(result) if ja else result.reason(), width)
    for p in PLAYERS:
        paying = roles["pays"] if result.yakuman else roles["sunk"]
        role = roles["top"] if p == result.top else paying if p in result.sunk else ""
        points = number(result.points[p], sign=True)
        lines.append(f"  {seat(p)}  {number(result.scores[p]):>6}  {points:>4}  {role}".rstrip())
    return "\n".join(lines)


def _wrapped(sentence: str, width: int) -> list[str]:
    from rich.text import Text

    from .layout import wrap_words

    return [line.plain for line in wrap_words(Text(sentence), width)]


def render(result: BooResult, fmt: str, width: int = 80) -> str:
    """The whole output of one boo-result, in `fmt` (one of FORMATS), text laid out for
    `width` columns."""
    if fmt == "json":
        return json.dumps(result.to_dict(), ensure_ascii=False)
    return text(result, width)
