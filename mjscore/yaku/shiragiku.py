"""Predicates that only the Shiragiku rulesets (Arushal, Kansai Boo) need.

Everything else they score reuses the riichi predicates with their own values
(rulesets/arushal.toml, rulesets/kansai-boo.toml).
"""

from __future__ import annotations

from collections import Counter

from ..core.facts import HandFacts
from .registry import yaku
from .riichi import daisuushii, shousuushii, yakuhai

yakuhai(
    "double_wind",
    lambda f: f.seat_wind if f.seat_wind == f.round_wind else None,
    "A set of the wind that is both the seat and the round wind (連風牌).",
)


@yaku("isshoku_sanjun", gate="runs3")
def isshoku_sanjun(f: HandFacts) -> int:
    """Three identical runs (一色三順)."""
    return int(f.standard and any(n >= 3 for n in Counter(f.runs).values()))


@yaku("suushii", gate="triplets3")
def suushii(f: HandFacts) -> int:
    """Four winds (四喜和): three wind sets and a wind pair, or four wind sets; one yaku."""
    return int(shousuushii(f) or daisuushii(f))


@yaku("akahai")
def akahai(f: HandFacts) -> int:
    """Each red five held, in the hand or in a meld (赤牌, a yakuhai in Kansai Boo)."""
    assert f.line is not None  # a riichi-family rule: every reading has its line
    return f.line.red_count


@yaku("first_draw_renhou", needs_flag="chiihou")
def first_draw_renhou(f: HandFacts) -> int:
    """A non-dealer's tsumo on their first draw, called 人和 as the Arushal FAQ does."""
    return int("chiihou" in f.flags and f.tsumo)
