"""Shanten of the MCR-only shapes, for `mjscore waits --rules mcr` and `mjscore.shanten`.

Three keys beside the core's regular / seven_pairs / thirteen_orphans numbers:

* `seven_pairs`: MCR counts four of a kind as two pairs, so 6 - (pairs, a quad two);
* `honors_and_knitted` (全不靠 / 七星不靠): 14 different tiles from one knitted set
  (147, 258, 369 spread over the three suits, six ways) and the seven honours: 13 less
  the most such tiles held; concealed only;
* `knitted_straight` (组合龙): the nine tiles of one knitted set, then a set and a pair
  (or only a pair beside one declared meld): the knitted tiles missing plus the regular
  shanten of the other tiles towards the set and pair.

Numbers follow the core's convention: -1 complete, 0 ready. The only import is the
regular-shape table of the shanten module (`shanten.regular_shanten`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from .shanten import regular_shanten

KNITTED_SETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        9 * suit + r for suit, start in zip(range(3), perm, strict=True) for r in range(start, 9, 3)
    )
    for perm in permutations(range(3))
)
HONORS = tuple(range(27, 34))


@lru_cache(maxsize=4096)
def mcr_shanten(counts: tuple[int, ...], melds: int) -> dict[str, int | None]:
    """{seven_pairs, honors_and_knitted, knitted_straight: shanten or None (impossible)}."""
    closed = melds == 0
    out: dict[str, int | None] = {
        "seven_pairs": 6 - sum(n // 2 for n in counts) if closed else None,
        "honors_and_knitted": None,
        "knitted_straight": None,
    }
    if closed:
        distinct_honors = sum(1 for t in HONORS if counts[t])
        best = max(sum(1 for t in ks if counts[t]) for ks in KNITTED_SETS)
        out["honors_and_knitted"] = 13 - min(best + distinct_honors, 14)
    if melds <= 1:
        sets = 1 - melds
        values = []
        for ks in KNITTED_SETS:
            rest = list(counts)
            held = 0
            for t in ks:
                if rest[t]:
                    rest[t] -= 1
                    held += 1
            values.append((9 - held) + regular_shanten(tuple(rest), sets))
        out["knitted_straight"] = min(values)
    return out
