"""Which tiles complete a hand: the 'only one winning tile' test behind the wait fans.

Waits are counted formally, as pymahjonggb does (spec section 7, row 12): a tile kind
counts even when every copy is already visible, and Seven Pairs waits count for a hand
with no declared set.
"""

from __future__ import annotations

from .codes import ALL_CODES, MAN, PIN, SOU, is_suited
from .shapes import honor_pair_options, one_pair, suit_key, suit_pair_options


def _candidates(counts: list[int]) -> list[int]:
    """Tiles that could possibly complete the hand: held ones and their suit neighbours."""
    near = set()
    for c in ALL_CODES:
        if counts[c]:
            near.add(c)
            if is_suited(c):
                near.update(x for x in (c - 2, c - 1, c + 1, c + 2) if x & 15 and x & 15 <= 9)
    return sorted(near)


def winning_tiles(counts: list[int], seven_pairs: bool) -> list[int]:
    """Codes of every tile that completes `counts` (the standing tiles minus the win).

    Adding a tile changes one suit only, so the other components' pair options are
    computed once and only the touched suit is looked up again (cached per suit).
    """
    base = [
        honor_pair_options(counts),
        *(suit_pair_options(suit_key(counts, s)) for s in (MAN, SOU, PIN)),
    ]
    component = {MAN: 1, SOU: 2, PIN: 3}
    out = []
    for x in _candidates(counts):
        counts[x] += 1
        parts = list(base)
        if x >= 0x40:
            parts[0] = honor_pair_options(counts)
        else:
            parts[component[x >> 4]] = suit_pair_options(suit_key(counts, x >> 4))
        if one_pair(parts) or (seven_pairs and _seven_pairs_13(counts)):
            out.append(x)
        counts[x] -= 1
    return out


def _seven_pairs_13(counts: list[int]) -> bool:
    return all(counts[c] % 2 == 0 for c in ALL_CODES)


def unique_wait(counts_with_win: list[int], win: int, seven_pairs: bool) -> bool:
    """True when the win tile is the hand's only winning tile."""
    counts = list(counts_with_win)
    counts[win] -= 1
    return winning_tiles(counts, seven_pairs) == [win]
