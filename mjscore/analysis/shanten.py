"""Shanten numbers from 34 tile counts, fast enough to run 34 times per hand.

`mjscore waits` asks for the shanten of every draw and every discard, so the
regular shape is never searched per hand. Each suit's nine counts map to a
small table: for 0-4 sets, without and with the pair, the fewest tiles that
must be added to the suit (the table is exact, four copies per tile
included). Few distinct tables exist (one or two hundred), so tables are interned
as small ints and combining two of them is itself a cached lookup: a warm
shanten is four dict lookups for the parts and three for the combinations.

A suit's table is built from blocks of held ranks (two empty ranks apart no
set can touch both), so even a new suit costs only a few cached lookups.

Numbers follow the `mahjong` package: -1 complete, 0 ready; the count of
concealed tiles is 13-3k or 14-3k for k melds; seven pairs counts four of a
tile as one pair; seven pairs and thirteen orphans need a closed hand.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import cache
from operator import itemgetter
from typing import NamedTuple

REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS = "regular", "seven_pairs", "thirteen_orphans"
ALL_SHAPES = frozenset((REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS))
ORPHAN_TILES = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

_INF = 99
_SHIFT = 16  # table ids are combined into one int key: (a << 16) | b
_orphans = itemgetter(*ORPHAN_TILES)


class Shanten(NamedTuple):
    """Shanten per shape; None for a shape not asked for or impossible (melds)."""

    best: int
    regular: int | None
    seven_pairs: int | None
    thirteen_orphans: int | None

    def by_shape(self) -> dict[str, int | None]:
        """The `shanten_by_shape` mapping of a waits record."""
        return {
            REGULAR: self.regular,
            SEVEN_PAIRS: self.seven_pairs,
            THIRTEEN_ORPHANS: self.thirteen_orphans,
        }


# -- tables: a tuple of 10 costs, index 2*sets + pair ------------------------------------

_TABLES: list[tuple[int, ...]] = []
_TABLE_IDS: dict[tuple[int, ...], int] = {}


def _intern(table: tuple[int, ...]) -> int:
    found = _TABLE_IDS.get(table)
    if found is None:
        found = _TABLE_IDS[table] = len(_TABLES)
        _TABLES.append(table)
    return found


def _fill_fresh(out: list[int]) -> tuple[int, ...]:
    """Allow sets (3 tiles) and the pair (2) made wholly of added tiles.

    The block search only builds groups that touch a held rank; a group of new
    tiles costs the same anywhere, so it is added here once.
    """
    for s in range(5):
        if s:
            out[2 * s] = min(out[2 * s], out[2 * s - 2] + 3)
            out[2 * s + 1] = min(out[2 * s + 1], out[2 * s - 1] + 3)
        out[2 * s + 1] = min(out[2 * s + 1], out[2 * s] + 2)
    return tuple(out)


@cache
def _moves(base: int, held: int, most_runs: int) -> tuple[tuple[int, int, int, int], ...]:
    """(runs started, sets added, pair added, tiles added) at one rank, at most four copies."""
    own = (0, 1) if held else (0,)
    out = []
    for r0 in range(most_runs + 1):
        for t in own:
            for q in own:
                target = base + r0 + 3 * t + 2 * q
                if target <= 4:
                    out.append((r0, r0 + t, q, max(0, target - held)))
    return tuple(out)


_START: dict[tuple[int, int], tuple[int, ...]] = {(0, 0): (0,) + (_INF,) * 9}
# DP states after a rank, by (cap, runs, the ranks up to two past it): blocks share prefixes
_PREFIX: dict[tuple, dict[tuple[int, int], tuple[int, ...]]] = {}


def _step(
    states: dict[tuple[int, int], tuple[int, ...]],
    h: int,
    most_runs: int,
    cap: int,
) -> dict[tuple[int, int], tuple[int, ...]]:
    """One rank of the DP: start runs, a triplet and the pair here, pay for missing tiles."""
    new: dict[tuple[int, int], list[int]] = {}
    for (r1, r2), vec in states.items():
        base = r1 + r2
        entries = [(j, v) for j, v in enumerate(vec) if v < _INF]  # j = 2 * sets + pair
        for r0, ds, q, cost in _moves(base, h, max(0, min(most_runs, cap - base))):
            out = new.get((r0, r1))
            if out is None:
                out = new[(r0, r1)] = [_INF] * 10
            last = 2 * (cap - ds) + 1  # no more than `cap` sets
            shift = 2 * ds + q
            for j, v in entries:
                if j > last:
                    break
                if q and j & 1:
                    continue
                v += cost
                if v < out[j + shift]:
                    out[j + shift] = v
    return {k: tuple(v) for k, v in new.items()}


def _block_costs(counts: tuple[int, ...], runs: bool) -> tuple[int, ...]:
    """Exact fewest added tiles for s sets (+ pair) over a few ranks, by a DP over ranks.

    The state is the number of runs started one and two ranks back; a rank's
    target (runs through it, a triplet, the pair) may not exceed four copies.
    Groups that touch no held rank are left to _fill_fresh. A run may start on
    the last two ranks; it never ends, so only the final (0, 0) state counts.
    Each rank's states depend only on the ranks up to two past it, so they
    are kept by that prefix and shared between blocks.
    """
    cap = min(4, sum(counts))  # more sets than held tiles means a set of new tiles
    padded = (*counts, 0, 0)
    n = len(counts)
    done = n - 1  # the last rank whose states are known
    while done >= 0 and (cap, runs, padded[: done + 3]) not in _PREFIX:
        done -= 1
    states = _PREFIX[(cap, runs, padded[: done + 3])] if done >= 0 else _START
    for i in range(done + 1, n):
        most_runs = padded[i] + padded[i + 1] + padded[i + 2] if runs else 0
        states = _PREFIX[(cap, runs, padded[: i + 3])] = _step(states, counts[i], most_runs, cap)
    return _fill_fresh(list(states[(0, 0)]))


@cache
def _block_id(pattern: tuple[int, ...], room_left: int, room_right: int, runs: bool) -> int:
    """A block's table; only its shape and the room to the suit's edges (0-2) matter."""
    padded = (0,) * room_left + pattern + (0,) * room_right
    return _intern(_block_costs(padded, runs))


_EMPTY = _intern(_fill_fresh([0] + [_INF] * 9))


def _conv(a: int, b: int) -> int:
    """Min-plus product of two tables: the best split of sets and the pair between parts."""
    ta, tb = _TABLES[a], _TABLES[b]
    out = [_INF] * 10
    for sa in range(5):
        a0, a1 = ta[2 * sa], ta[2 * sa + 1]
        for sb in range(5 - sa):
            b0, b1 = tb[2 * sb], tb[2 * sb + 1]
            j = 2 * (sa + sb)
            if a0 + b0 < out[j]:
                out[j] = a0 + b0
            v = min(a0 + b1, a1 + b0)
            if v < out[j + 1]:
                out[j + 1] = v
    return _intern(tuple(out))


def _suit_id(counts: tuple[int, ...]) -> int:
    """Split a suit into blocks separated by two or more empty ranks and combine them."""
    _part_counts(counts)
    result = _EMPTY
    start = None
    gap = 0
    for i, c in enumerate((*counts, 0, 0)):
        if c:
            if start is None:
                start = i
            gap = 0
        elif start is not None:
            gap += 1
            if gap == 2:
                end = i - 1  # first empty rank after the block
                pattern, left, right = counts[start:end], min(start, 2), min(9 - end, 2)
                if pattern[::-1] < pattern:  # 6-8m plays like 2-4m: one table for both
                    pattern, left, right = pattern[::-1], right, left
                block = _block_id(pattern, left, right, True)
                result = _PAIR[(result << _SHIFT) | block]
                start = None
    return result


def _honor_id(counts: tuple[int, ...]) -> int:
    """Honours form no runs: every held kind is its own block."""
    _part_counts(counts)
    result = _EMPTY
    for c in sorted(counts):
        if c:
            result = _PAIR[(result << _SHIFT) | _block_id((c,), 0, 0, False)]
    return result


class _Cache(dict):
    """A dict that computes a missing value once: a hit costs one C-level lookup."""

    def __init__(self, compute: Callable) -> None:
        super().__init__()
        self._compute = compute

    def __missing__(self, key):
        value = self[key] = self._compute(key)
        return value


_SUIT = _Cache(_suit_id)
_HONOR = _Cache(_honor_id)
_PAIR = _Cache(lambda key: _conv(key >> _SHIFT, key & 0xFFFF))
# the regular distance for 0-4 sets with the pair, from two half-hand tables
_FINAL = _Cache(lambda key: _TABLES[_conv(key >> _SHIFT, key & 0xFFFF)][1::2])


def regular_shanten(c: tuple[int, ...], sets: int) -> int:
    """The shanten of 34 counts towards `sets` sets and a pair, from the suit tables."""
    ab = _PAIR[(_SUIT[c[0:9]] << _SHIFT) | _SUIT[c[9:18]]]
    cd = _PAIR[(_SUIT[c[18:27]] << _SHIFT) | _HONOR[c[27:34]]]
    return _FINAL[(ab << _SHIFT) | cd][sets] - 1


def _seven_pairs(zeros: int, ones: int) -> int:
    """6 - pairs, plus the kinds missing for seven: four of a kind is one pair."""
    kinds = 34 - zeros
    return 6 - (kinds - ones) + (7 - kinds if kinds < 7 else 0)


def _orphans_shanten(c: Sequence[int]) -> int:
    held = _orphans(c)
    return held.count(0) - (1 if 2 in held or 3 in held or 4 in held else 0)


def _checked(counts: Sequence[int], melds: int) -> tuple[int, ...]:
    """The counts as a tuple, or ValueError for a wrong length or number of tiles.

    A count outside 0-4 is refused where a part of the hand is first met
    (_part_counts), so a warm call pays for no per-tile check.
    """
    c = counts if type(counts) is tuple else tuple(counts)
    if len(c) != 34 or melds < 0 or sum(c) + 3 * melds not in (13, 14):
        raise ValueError(
            f"{sum(c)} tiles in {len(c)} counts with {melds} melds: expected "
            f"34 counts adding up to 13-3k or 14-3k tiles for k melds"
        )
    return c


def _part_counts(counts: tuple[int, ...]) -> tuple[int, ...]:
    if min(counts) < 0 or max(counts) > 4:
        raise ValueError(f"tile counts {counts}: a tile is held 0-4 times")
    return counts


def shanten(counts: Sequence[int], melds: int = 0, shapes: Collection[str] = ALL_SHAPES) -> Shanten:
    """Shanten of concealed counts per shape asked for, and the best of them.

    Seven pairs and thirteen orphans are None with melds: an open hand cannot
    make them. `shapes` is what the ruleset has; at least one must be possible.
    """
    c = _checked(counts, melds)
    if REGULAR in shapes:
        regular = regular_shanten(c, 4 - melds)
    else:
        regular = None
        _part_counts(c)
    closed = melds == 0
    pairs = _seven_pairs(c.count(0), c.count(1)) if closed and SEVEN_PAIRS in shapes else None
    orphans = _orphans_shanten(c) if closed and THIRTEEN_ORPHANS in shapes else None
    found = [v for v in (regular, pairs, orphans) if v is not None]
    if not found:
        raise ValueError(f"no shape of {sorted(shapes)} is possible with {melds} melds")
    return Shanten(min(found), regular, pairs, orphans)


def shanten_number(
    counts: Sequence[int], melds: int = 0, shapes: Collection[str] = ALL_SHAPES
) -> int:
    """The best shanten alone: what `mahjong`'s Shanten.calculate_shanten returns."""
    c = _checked(counts, melds)
    if REGULAR in shapes:
        best = regular_shanten(c, 4 - melds)
    else:
        best = 99
        _part_counts(c)
    if melds == 0:
        if SEVEN_PAIRS in shapes:
            best = min(best, _seven_pairs(c.count(0), c.count(1)))
        if THIRTEEN_ORPHANS in shapes:
            best = min(best, _orphans_shanten(c))
    if best == 99:
        raise ValueError(f"no shape of {sorted(shapes)} is possible with {melds} melds")
    return best


def shanten_after_draws(
    counts: Sequence[int], melds: int = 0, shapes: Collection[str] = ALL_SHAPES
) -> tuple[int | None, ...]:
    """For a hand of 13-3k tiles: the best shanten after drawing each of the 34 tiles.

    None where the hand already holds four copies. A draw changes one part of
    the hand, so the other three parts' tables are looked up once.
    """
    c = _checked(counts, melds)
    if sum(c) != 13 - 3 * melds:
        raise ValueError("draws are asked of a hand waiting for its next tile (13-3k tiles)")
    sets = 4 - melds
    regular = REGULAR in shapes
    parts = (_SUIT[c[0:9]], _SUIT[c[9:18]], _SUIT[c[18:27]], _HONOR[c[27:34]])
    ab = _PAIR[(parts[0] << _SHIFT) | parts[1]]
    cd = _PAIR[(parts[2] << _SHIFT) | parts[3]]
    closed = melds == 0
    pairs_ok = closed and SEVEN_PAIRS in shapes
    orphans_ok = closed and THIRTEEN_ORPHANS in shapes
    if not (regular or pairs_ok or orphans_ok):
        raise ValueError(f"no shape of {sorted(shapes)} is possible with {melds} melds")
    pairs = c.count(2) + c.count(3) + c.count(4)
    kinds = 34 - c.count(0)
    held_orphans = _orphans(c)
    orphan_missing = held_orphans.count(0)
    orphan_pair = 2 in held_orphans or 3 in held_orphans or 4 in held_orphans
    orphan_set = frozenset(ORPHAN_TILES)
    out: list[int | None] = []
    for t in range(34):
        n = c[t]
        if n == 4:
            out.append(None)
            continue
        best = 99
        if regular:
            lo = t - t % 9 if t < 27 else 27
            drawn = list(c[lo : lo + 9 if t < 27 else 34])
            drawn[t - lo] += 1
            key = tuple(drawn)
            if t < 9:
                best = _FINAL[(_PAIR[(_SUIT[key] << _SHIFT) | parts[1]] << _SHIFT) | cd][sets] - 1
            elif t < 18:
                best = _FINAL[(_PAIR[(parts[0] << _SHIFT) | _SUIT[key]] << _SHIFT) | cd][sets] - 1
            elif t < 27:
                best = _FINAL[(ab << _SHIFT) | _PAIR[(_SUIT[key] << _SHIFT) | parts[3]]][sets] - 1
            else:
                best = _FINAL[(ab << _SHIFT) | _PAIR[(parts[2] << _SHIFT) | _HONOR[key]]][sets] - 1
        if pairs_ok:
            p, k = pairs + (n == 1), kinds + (n == 0)
            best = min(best, 6 - p + (7 - k if k < 7 else 0))
        if orphans_ok:
            if t in orphan_set:
                best = min(best, orphan_missing - (n == 0) - (1 if orphan_pair or n == 1 else 0))
            else:
                best = min(best, orphan_missing - (1 if orphan_pair else 0))
        out.append(best)
    return tuple(out)
