"""Winning shapes found in a count array of internal codes (see codes.py).

Regular readings are built per suit and cached by the suit's nine counts, because
the same suit patterns recur across hands and across the candidate tiles of a wait
test. Readings come back in the order the reference calculator enumerates them
(sets sorted by first tile, pung before chow), which decides ties.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations, product

from .codes import ALL_CODES, DRAGONS, MAN, PIN, SOU, TERMINALS_OR_HONORS, WINDS

PUNG, CHOW = 0, 1  # set kinds inside a reading; the order is the enumeration order
Split = tuple[tuple[tuple[int, int], ...], int]  # (sets as (first code, kind), pair code or 0)

ORPHANS = tuple(sorted(TERMINALS_OR_HONORS))
HONORS = tuple(sorted(WINDS + DRAGONS))
KNITTED: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted(
            a * 16 + r
            for a, start in zip(order, (1, 2, 3), strict=True)
            for r in (start, start + 3, start + 6)
        )
    )
    for order in permutations((MAN, SOU, PIN))
)


@lru_cache(maxsize=65536)
def _suit_splits(counts: tuple[int, ...]) -> tuple[Split, ...]:
    """Every way to use one suit's tiles (ranks 1-9) as sets plus at most one pair."""
    out: list[Split] = []
    c = list(counts)

    def rec(i: int, sets: list[tuple[int, int]], pair: int) -> None:
        while i < 9 and c[i] == 0:
            i += 1
        if i == 9:
            out.append((tuple(sets), pair))
            return
        n = c[i]
        for p in (0, 1) if pair == 0 and n >= 2 else (0,):
            for k in range((n - 2 * p) // 3 + 1):
                m = n - 2 * p - 3 * k  # copies left to start chows here
                if m and (i > 6 or c[i + 1] < m or c[i + 2] < m):
                    continue
                c[i] = 0
                if m:
                    c[i + 1] -= m
                    c[i + 2] -= m
                added = [(i + 1, PUNG)] * k + [(i + 1, CHOW)] * m
                rec(i + 1, sets + added, i + 1 if p else pair)
                c[i] = n
                if m:
                    c[i + 1] += m
                    c[i + 2] += m

    rec(0, [], 0)
    return tuple(out)


def _honor_split(counts: list[int]) -> Split | None:
    sets, pair = [], 0
    for code in HONORS:
        n = counts[code]
        if n == 3:
            sets.append((code, PUNG))
        elif n == 2 and not pair:
            pair = code
        elif n:
            return None
    return tuple(sets), pair


def regular_readings(counts: list[int]) -> list[tuple[tuple[tuple[int, int], ...], int]]:
    """All (sets, pair) readings of the standing tiles, sets sorted, in enumeration order."""
    honors = _honor_split(counts)
    if honors is None:
        return []
    per_suit = []
    for s in (MAN, SOU, PIN):
        base = s * 16
        key = tuple(counts[base + 1 : base + 10])
        splits = _suit_splits(key) if any(key) else (((), 0),)
        if not splits:
            return []
        per_suit.append(
            [(tuple((base + r, k) for r, k in sets), base + p if p else 0) for sets, p in splits]
        )
    out = []
    for combo in product(*per_suit, (honors,)):
        pairs = [p for _, p in combo if p]
        if len(pairs) != 1:
            continue
        sets = tuple(sorted(st for part, _ in combo for st in part))
        out.append((sets, pairs[0]))
    out.sort()
    return out


@lru_cache(maxsize=65536)
def suit_pair_options(counts: tuple[int, ...]) -> frozenset[int]:
    """How many pairs (0, 1) a suit's readings can hold; empty when it has no reading."""
    return frozenset(1 if p else 0 for _, p in _suit_splits(counts))


def honor_pair_options(counts: list[int]) -> frozenset[int]:
    split = _honor_split(counts)
    return frozenset() if split is None else frozenset((1 if split[1] else 0,))


def suit_key(counts: list[int], s: int) -> tuple[int, ...]:
    return tuple(counts[s * 16 + 1 : s * 16 + 10])


def one_pair(options: list[frozenset[int]]) -> bool:
    """True when one choice per component gives exactly one pair in all."""
    sums = {0}
    for opts in options:
        sums = {a + b for a in sums for b in opts if a + b <= 1}
        if not sums:
            return False
    return 1 in sums


def is_seven_pairs(counts) -> bool:
    """Every kind an even number of times (four of a kind is two pairs)."""
    return all(counts[c] % 2 == 0 for c in ALL_CODES)


def is_thirteen_orphans(present: tuple[int, ...]) -> bool:
    return present == ORPHANS


def honors_and_knitted(present: tuple[int, ...]) -> str | None:
    """'greater' or 'lesser' when 14 different tiles are honors plus one knitted pattern."""
    if len(present) != 14:
        return None
    suited = [c for c in present if c < 0x40]
    if not 7 <= len(suited) <= 9 or not any(set(suited) <= set(k) for k in KNITTED):
        return None
    return "greater" if len(suited) == 7 else "lesser"


def knitted_pattern(counts: list[int]) -> tuple[int, ...] | None:
    """The knitted straight pattern all of whose nine tiles are standing, if any."""
    for pattern in KNITTED:
        if all(counts[c] for c in pattern):
            return pattern
    return None
