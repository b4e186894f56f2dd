"""Fans decided by which tile kinds a hand holds, whatever its reading (spec 3.11).

They depend only on the set of kinds present, so they are computed once per hand and
shared by every reading and shape.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from .codes import GREEN_TILES, REVERSIBLE, TERMINALS, TERMINALS_OR_HONORS, is_dragon, is_wind


@lru_cache(maxsize=4096)
def suit_fans(present: tuple[int, ...]) -> Counter[str]:
    """No Honors, One Voided Suit, Half Flush, Full Flush, All Types."""
    out: Counter[str] = Counter()
    suits = {c >> 4 for c in present if c < 0x40}
    honors = present[-1] >= 0x40
    if not honors:
        out["no_honors"] = 1
    if len(suits) == 2:
        out["one_voided_suit"] = 1
    elif len(suits) == 1:
        out["half_flush" if honors else "full_flush"] = 1
    elif len(suits) == 3 and any(map(is_wind, present)) and any(map(is_dragon, present)):
        out["all_types"] = 1
    return out


@lru_cache(maxsize=4096)
def trait_fans(present: tuple[int, ...], with_set_only_fans: bool = True) -> Counter[str]:
    """All Simples, Reversible Tiles; unless excluded, All Green and the honor/terminal fans."""
    out: Counter[str] = Counter()
    kinds = set(present)
    if not kinds & TERMINALS_OR_HONORS:
        out["all_simples"] = 1
    if kinds <= REVERSIBLE:
        out["reversible_tiles"] = 1
    if not with_set_only_fans:
        return out
    if kinds <= GREEN_TILES:
        out["all_green"] = 1
    if out["all_simples"]:
        return +out
    if present[0] >= 0x40:
        out["all_honors"] = 1
    elif kinds <= TERMINALS:
        out["all_terminals"] = 1
    elif kinds <= TERMINALS_OR_HONORS:
        out["all_terminals_and_honors"] = 1
    return +out


@lru_cache(maxsize=4096)
def range_fans(present: tuple[int, ...]) -> Counter[str]:
    """Upper/Middle/Lower Tiles and Upper/Lower Four: suited tiles in a narrow range."""
    out: Counter[str] = Counter()
    if present[-1] >= 0x40:
        return out
    ranks = {c & 15 for c in present}
    if max(ranks) <= 4:
        out["lower_four" if 4 in ranks else "lower_tiles"] = 1
    elif min(ranks) >= 6:
        out["upper_four" if 6 in ranks else "upper_tiles"] = 1
    elif min(ranks) >= 4 and max(ranks) <= 6:
        out["middle_tiles"] = 1
    return out


def tile_hog(merged: tuple[int, ...], kongs: int) -> int:
    """Kinds with all four copies in the hand, less those that are kongs."""
    return sum(1 for n in merged if n == 4) - kongs
