"""Shanten, ukeire, winning tiles and discards against `mahjong` and brute force.

`mahjong`'s Shanten is the oracle for the numbers (it reads concealed counts and
infers the melds from their number, as mjscore does). Waits are checked against
a small recursive completeness test written here, independent of both.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten as Oracle

from mjscore.analysis.shanten import (
    ALL_SHAPES,
    ORPHAN_TILES,
    REGULAR,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
    shanten,
    shanten_after_draws,
    shanten_number,
)
from mjscore.analysis.ukeire import TileCount, counts_of, discards, ukeire, winning_tiles

pytestmark = pytest.mark.slow  # the fast tier: pytest -m "not slow"

SETTINGS = settings(
    max_examples=400,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
RUN_STARTS = tuple(s * 9 + r for s in range(3) for r in range(7))


def tiles(text: str) -> tuple[int, ...]:
    """mpsz text to 34 counts: '1112345678999m' -> counts."""
    out = []
    for digits, letter in re.findall(r"(\d+)([mpsz])", text):
        out.extend("mpsz".index(letter) * 9 + int(d) - 1 for d in digits)
    return counts_of(out)


# -- strategies: (counts, melds), every count at most 4 ---------------------------------


MELD_COUNTS, ONE_MORE = st.integers(0, 4), st.integers(0, 1)


@st.composite
def random_hands(draw, melds=MELD_COUNTS, extra=ONE_MORE, kinds=range(34)):
    """Tiles drawn from a wall (four of each kind), 13-3k or 14-3k of them."""
    k, e = draw(melds), draw(extra)
    wall = [t for t in kinds for _ in range(4)]
    n = 13 - 3 * k + e
    picks = draw(st.lists(st.integers(0, len(wall) - 1), min_size=n, max_size=n, unique=True))
    return counts_of(wall[i] for i in picks), k


@st.composite
def near_complete_hands(draw):
    """A complete hand with one tile taken away (often ready) and 0-2 tiles swapped."""
    k = draw(st.integers(0, 4))
    counts = [0] * 34
    groups = []
    while len(groups) < 4 - k:
        if draw(st.booleans()):
            t = draw(st.sampled_from(RUN_STARTS))
            group = [t, t + 1, t + 2]
        else:
            group = [draw(st.integers(0, 33))] * 3
        if all(counts[t] + group.count(t) <= 4 for t in group):
            for t in group:
                counts[t] += 1
            groups.append(group)
    pair = draw(st.sampled_from([t for t in range(34) if counts[t] <= 2]))
    counts[pair] += 2
    if draw(st.booleans()):  # 13-3k: one tile less
        counts[draw(st.sampled_from([t for t in range(34) if counts[t]]))] -= 1
    for _ in range(draw(st.integers(0, 2))):
        counts[draw(st.sampled_from([t for t in range(34) if counts[t]]))] -= 1
        counts[draw(st.sampled_from([t for t in range(34) if counts[t] < 4]))] += 1
    return tuple(counts), k


@st.composite
def pairs_hands(draw):
    """Five to seven pairs (a four sometimes), filled up with singles: 13 or 14 tiles."""
    size = draw(st.sampled_from((13, 14)))
    kinds = draw(st.lists(st.integers(0, 33), min_size=5, max_size=7, unique=True))
    counts = [0] * 34
    for t in kinds:
        counts[t] = draw(st.sampled_from((2, 2, 2, 3, 4)))
        if sum(counts) > size:
            counts[t] = 0
    while sum(counts) < size:
        t = draw(st.integers(0, 33))
        if counts[t] < 4:
            counts[t] += 1
    return tuple(counts), 0


@st.composite
def orphans_hands(draw):
    """Most of the thirteen orphans, a few of them doubled, the rest anything."""
    size = draw(st.sampled_from((13, 14)))
    have = draw(st.lists(st.sampled_from(ORPHAN_TILES), min_size=8, max_size=13, unique=True))
    counts = [0] * 34
    for t in have:
        counts[t] = 1
    while sum(counts) < size:
        t = draw(st.sampled_from(ORPHAN_TILES) if draw(st.booleans()) else st.integers(0, 33))
        if counts[t] < 4:
            counts[t] += 1
    return tuple(counts), 0


ANY_HAND = st.one_of(
    random_hands(),
    near_complete_hands(),
    pairs_hands(),
    orphans_hands(),
    random_hands(kinds=range(9)),
    random_hands(kinds=(*range(5), 27, 28)),
)


# -- oracle and brute force ----------------------------------------------------------------


def oracle_by_shape(counts, melds):
    c = list(counts)
    closed = melds == 0
    return (
        Oracle.calculate_shanten_for_regular_hand(c),
        Oracle.calculate_shanten_for_chiitoitsu_hand(c) if closed else None,
        Oracle.calculate_shanten_for_kokushi_hand(c) if closed else None,
    )


@cache
def _sets_only(counts: tuple[int, ...]) -> bool:
    i = next((t for t, c in enumerate(counts) if c), None)
    if i is None:
        return True
    rest = list(counts)
    if rest[i] >= 3:
        rest[i] -= 3
        if _sets_only(tuple(rest)):
            return True
        rest[i] += 3
    if i < 27 and i % 9 <= 6 and rest[i + 1] and rest[i + 2]:
        for t in (i, i + 1, i + 2):
            rest[t] -= 1
        return _sets_only(tuple(rest))
    return False


def is_complete(counts, melds, shapes=ALL_SHAPES) -> bool:
    """Four sets and a pair (melds included), seven different pairs, or thirteen orphans."""
    if REGULAR in shapes:
        for p in range(34):
            if counts[p] >= 2:
                rest = list(counts)
                rest[p] -= 2
                if _sets_only(tuple(rest)):
                    return True
    if melds == 0 and SEVEN_PAIRS in shapes and sorted(counts)[-7:] == [2] * 7:
        return True
    return (
        melds == 0
        and THIRTEEN_ORPHANS in shapes
        and all(counts[t] for t in ORPHAN_TILES)
        and sum(counts[t] for t in ORPHAN_TILES) == 14
    )


def plus(counts, t):
    return counts[:t] + (counts[t] + 1,) + counts[t + 1 :]


# -- shanten ------------------------------------------------------------------------------


@SETTINGS
@given(ANY_HAND)
def test_shanten_agrees_with_mahjong_per_shape(hand):
    counts, melds = hand
    got = shanten(counts, melds)
    assert (got.regular, got.seven_pairs, got.thirteen_orphans) == oracle_by_shape(counts, melds)
    assert got.best == Oracle.calculate_shanten(list(counts)) == shanten_number(counts, melds)


@SETTINGS
@given(ANY_HAND, st.sets(st.sampled_from(sorted(ALL_SHAPES)), min_size=1))
def test_only_the_shapes_asked_for(hand, shapes):
    counts, melds = hand
    if melds and REGULAR not in shapes:
        with pytest.raises(ValueError):
            shanten(counts, melds, shapes)
        return
    got = shanten(counts, melds, shapes)
    by_shape = dict(
        zip((REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS), oracle_by_shape(counts, melds), strict=True)
    )
    for shape, value in got.by_shape().items():
        assert value == (by_shape[shape] if shape in shapes else None)
    assert got.best == min(v for v in got.by_shape().values() if v is not None)
    assert shanten_number(counts, melds, shapes) == got.best


def test_many_seeded_random_hands_agree():
    """A plain seeded sweep on top of hypothesis: 2,000 hands per meld count and size."""
    rng = random.Random(9)
    wall = [t for t in range(34) for _ in range(4)]
    for melds in range(5):
        for extra in (0, 1):
            for _ in range(2000):
                counts = counts_of(rng.sample(wall, 13 - 3 * melds + extra))
                got = shanten(counts, melds)
                expected = oracle_by_shape(counts, melds)
                assert (got.regular, got.seven_pairs, got.thirteen_orphans) == expected


def test_known_hands():
    assert shanten(tiles("1112345678999m")).best == 0
    assert shanten(tiles("11123456789999m")).best == -1
    assert shanten(tiles("19m19p19s1234567z")) == (0, 8, 6, 0)
    assert shanten(tiles("1122334455667z")).seven_pairs == 0
    assert shanten(tiles("11112222333344m")).seven_pairs == 5  # a four is one pair
    assert shanten(tiles("1111m234p567p789s")).best == 1  # the tanki would be a fifth 1m
    assert shanten(tiles("23m456p789p11s"), melds=1).best == 0
    assert shanten(tiles("11s"), melds=4).best == -1
    assert shanten(tiles("11s"), melds=4).seven_pairs is None


@pytest.mark.parametrize(
    "counts,melds",
    [
        ((1,) * 33, 0),  # 33 counts
        (tiles("123m"), 0),  # too few tiles
        (tiles("1112345678999m"), 1),
        (tiles("11111m234p567p789s"), 0),  # five of a tile
        (tiles("11111z234p567p789s"), 0),
        ((-1, 5, *tiles("1112345678999m")[2:]), 0),  # 13 tiles, yet -1 and 5 of a tile
        (tiles("1112345678999m"), -1),
    ],
)
def test_bad_input_is_refused(counts, melds):
    for shapes in (ALL_SHAPES, {SEVEN_PAIRS}):
        with pytest.raises(ValueError):
            shanten(counts, melds, shapes)
        with pytest.raises(ValueError):
            shanten_number(counts, melds, shapes)


# -- draws, ukeire, waits, discards ------------------------------------------------------

WAITING = st.one_of(
    random_hands(extra=st.just(0)), near_complete_hands(), pairs_hands(), orphans_hands()
).filter(lambda h: sum(h[0]) % 3 == 1)


@SETTINGS
@given(WAITING)
def test_draws_equal_shanten_of_each_drawn_hand(hand):
    counts, melds = hand
    after = shanten_after_draws(counts, melds)
    for t in range(34):
        assert after[t] == (None if counts[t] == 4 else shanten_number(plus(counts, t), melds))


@SETTINGS
@given(WAITING)
def test_ukeire_equals_brute_force_with_the_oracle(hand):
    counts, melds = hand
    now = Oracle.calculate_shanten(list(counts))
    expected = tuple(
        TileCount(t, 4 - counts[t])
        for t in range(34)
        if counts[t] < 4 and Oracle.calculate_shanten(list(plus(counts, t))) < now
    )
    assert ukeire(counts, melds) == expected


@SETTINGS
@given(WAITING, st.sets(st.sampled_from(sorted(ALL_SHAPES)), min_size=1))
def test_winning_tiles_equal_brute_force(hand, shapes):
    counts, melds = hand
    shapes = shapes | {REGULAR} if melds else shapes
    expected = tuple(
        TileCount(t, 4 - counts[t])
        for t in range(34)
        if counts[t] < 4 and is_complete(plus(counts, t), melds, shapes)
    )
    assert winning_tiles(counts, melds, shapes) == expected
    assert bool(expected) == (shanten_number(counts, melds, shapes) == 0)


@settings(max_examples=150, derandomize=True, database=None, deadline=None)
@given(
    st.one_of(random_hands(extra=st.just(1)), near_complete_hands(), pairs_hands()).filter(
        lambda h: sum(h[0]) % 3 == 2
    )
)
def test_discards_cover_every_tile_best_first(hand):
    counts, melds = hand
    out = discards(counts, melds)
    assert sorted(d.tile for d in out) == [t for t in range(34) if counts[t]]
    assert out == sorted(out, key=lambda d: (d.shanten, -d.ukeire, d.tile))
    assert out[0].shanten == max(0, shanten_number(counts, melds))  # the best discard keeps it
    for d in out:
        rest = counts[: d.tile] + (counts[d.tile] - 1,) + counts[d.tile + 1 :]
        assert d.shanten == shanten_number(rest, melds)
        seen = tuple(4 - x.remaining for x in d.tiles)
        assert all(s == counts[x.tile] for s, x in zip(seen, d.tiles, strict=True))
        assert d.ukeire == sum(x.remaining for x in d.tiles)
        assert [x.tile for x in d.tiles] == [x.tile for x in ukeire(rest, melds)]


def test_nine_gates_waits_on_all_nine():
    waits = winning_tiles(tiles("1112345678999m"))
    assert [w.tile for w in waits] == list(range(9))
    assert [w.remaining for w in waits] == [1, 3, 3, 3, 3, 3, 3, 3, 1]


def test_dead_wait_is_listed_with_none_remaining():
    counts = tiles("123m456p789p111z1s")  # a tanki on 1s
    seen = list(counts)
    seen[18] += 3  # the other three 1s are indicators and discards
    assert winning_tiles(counts, seen=seen) == (TileCount(18, 0),)


def test_a_tile_held_four_times_is_no_wait():
    # in the hand: 1111m with a tanki would need a fifth 1m, so the hand is not even ready
    assert winning_tiles(tiles("1111m234p567p789s")) == ()
    assert TileCount(0, 0) not in ukeire(tiles("1111m234p567p78s5z"))
    # in a kan: 23m waits on 1m-4m, but the player holds every 1m
    melds = [0] * 34
    melds[0] = 4
    got = winning_tiles(tiles("23m456p789p11s"), melds=1, meld_tiles=melds)
    assert got == (TileCount(3, 4),)
    # a tanki on the fourth copy of a pon: ready as mahjong counts it, yet no wait
    melds[0] = 3
    hand = tiles("1m456p789p123s")
    assert shanten_number(hand, melds=1) == 0
    assert winning_tiles(hand, melds=1, meld_tiles=melds) == ()


def test_seen_must_include_the_hand():
    with pytest.raises(ValueError):
        ukeire(tiles("1112345678999m"), seen=(0,) * 34)


def test_seven_pairs_and_orphans_waits_follow_the_shapes():
    hand = tiles("1122334455667z")
    assert [w.tile for w in winning_tiles(hand)] == [33]
    assert winning_tiles(hand, shapes={REGULAR}) == ()
    orphans = tiles("19m19p19s1234567z")
    assert len(winning_tiles(orphans)) == 13
    assert winning_tiles(orphans, shapes={REGULAR, SEVEN_PAIRS}) == ()


def test_discard_choice_prefers_the_wider_wait():
    best = discards(tiles("1112345678999m5z"))[0]
    assert (best.tile, best.shanten, best.ukeire) == (31, 0, 23)
