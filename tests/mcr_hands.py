"""Seeded random generator of valid MCR hands of every winning shape, for differential tests.

Tiles are drawn from a "theme" (any tile, one suit, one suit and honors, terminals and
honors, one number in three suits...) so that the rarer fans come up often enough.
"""

from __future__ import annotations

import random
from collections import Counter

from mjscore.mcr import McrHand, Meld

SUITED = list(range(27))
HONORS = list(range(27, 34))
ORPHANS = [0, 8, 9, 17, 18, 26, *HONORS]
KNITTED = [
    (a, b, c) for a in range(3) for b in range(3) for c in range(3) if len({a, b, c}) == 3
]  # suit of 147, 258, 369


def _theme(rng: random.Random) -> list[int]:
    kind = rng.randrange(9)
    s = rng.randrange(3) * 9
    if kind == 0:
        return list(range(s, s + 9))
    if kind == 1:
        return [*range(s, s + 9), *HONORS]
    if kind == 2:
        return ORPHANS
    if kind == 3:
        lo = rng.choice((0, 3, 5))
        return [x * 9 + r for x in range(3) for r in range(lo, lo + 4)]
    if kind == 4:
        return [18 + r for r in (1, 2, 3, 5, 7)] + [32] + [9 + r for r in (0, 1, 2, 3, 4, 7, 8)]
    if kind == 5:
        return [x * 9 + r for x in range(3) for r in range(1, 8)]
    if kind == 6:
        return HONORS + [rng.randrange(27)]
    return SUITED + HONORS


def _set_tiles(kind: str, t: int) -> list[int]:
    if kind == "chow":
        return [t, t + 1, t + 2]
    return [t] * (4 if kind == "kong" else 3)


def _template(rng: random.Random) -> tuple[list[tuple[str, int]], int | None]:
    """A few sets (and maybe the pair) laid out like one of the multi-set fans."""
    suits = [0, 9, 18]
    rng.shuffle(suits)
    a, b, c = suits
    kind = rng.randrange(7)
    if kind == 0:  # pure / three-suited terminal chows
        if rng.random() < 0.5:
            return [("chow", a), ("chow", a), ("chow", a + 6), ("chow", a + 6)], a + 4
        return [("chow", a), ("chow", a + 6), ("chow", b), ("chow", b + 6)], c + 4
    if kind == 1:  # pure or mixed straight
        return [
            ("chow", x + s) for x, s in zip((0, 3, 6), rng.choice(([a] * 3, suits)), strict=True)
        ], None
    if kind == 2:  # shifted chows or pungs, one suit or three
        step = rng.choice((1, 2)) if rng.random() < 0.5 else 1
        start = rng.randrange(0, 3)
        set_kind = rng.choice(("chow", "pung"))
        n = rng.choice((3, 4))
        homes = [a] * 4 if rng.random() < 0.5 else [a, b, c, a]
        return [
            (set_kind, homes[i] + start + i * (step if set_kind == "chow" else 1)) for i in range(n)
        ], None
    if kind == 3:  # same number in three suits
        r = rng.randrange(7)
        set_kind = rng.choice(("chow", "pung"))
        return [(set_kind, s + r) for s in suits], None
    if kind == 4:  # everything holds a five
        return [
            (rng.choice(("chow", "pung")), s + 4)
            if rng.random() < 0.3
            else ("chow", s + rng.randrange(2, 5))
            for s in (a, b, c, a)
        ], a + 4
    if kind == 5:  # identical chows
        r = rng.randrange(7)
        return [("chow", a + r)] * rng.choice((2, 3, 4)), None
    return [("kong", rng.randrange(34)) for _ in range(rng.choice((3, 4)))], None


def _regular(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    pool = _theme(rng)
    used: Counter[int] = Counter()
    sets: list[tuple[str, int]] = []
    pair = None
    if rng.random() < 0.3:
        sets, pair = _template(rng)
        if any(k == "chow" and (t >= 27 or t % 9 > 6) for k, t in sets):
            return None
        for kind, t in sets:
            used.update(_set_tiles(kind, t))
        if max(used.values()) > 4:
            return None
    chow_bias = rng.random()
    kong_bias = rng.choice((0.05, 0.15, 0.5))
    while len(sets) < 4:
        for _attempt in range(20):
            t = rng.choice(pool)
            r = rng.random()
            if r < chow_bias and t < 27 and t % 9 <= 6:
                kind = "chow"
            else:
                kind = "kong" if rng.random() < kong_bias else "pung"
            tiles = _set_tiles(kind, t)
            if all(used[x] + tiles.count(x) <= 4 for x in set(tiles)):
                used.update(tiles)
                sets.append((kind, t))
                break
        else:
            return None
    if pair is None:
        pair = rng.choice(pool)
    return _assemble(rng, sets, pair)


def _assemble(
    rng: random.Random, sets: list[tuple[str, int]], pair: int
) -> tuple[list[int], list[Meld]] | None:
    """Four sets and a pair as standing tiles and melds (kongs always declared), or None
    when they hold more than four copies of a tile."""
    used = Counter([pair, pair])
    for kind, t in sets:
        used.update(_set_tiles(kind, t))
    if max(used.values()) > 4:
        return None
    n_open = rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
    order = list(range(4))
    rng.shuffle(order)
    melds, concealed = [], [pair, pair]
    for i in order:
        kind, t = sets[i]
        tiles = _set_tiles(kind, t)
        if kind == "kong":
            melds.append(Meld(rng.choice(("kan", "ankan")), tuple(tiles)))
        elif len(melds) < n_open:
            melds.append(Meld("chi" if kind == "chow" else "pon", tuple(tiles)))
        else:
            concealed += tiles
    return concealed, melds


def _seven_pairs(rng: random.Random) -> list[int]:
    pool = _theme(rng)
    if rng.random() < 0.1:  # shifted pairs
        s, lo = rng.randrange(3) * 9, rng.randrange(3)
        return [s + lo + i for i in range(7) for _ in (0, 1)]
    tiles: Counter[int] = Counter()
    while sum(tiles.values()) < 14:
        t = rng.choice(pool)
        if tiles[t] <= 2:
            tiles[t] += 2
    return list(tiles.elements())


def _knitted_tiles(rng: random.Random) -> list[int]:
    suits = rng.choice(KNITTED)
    return [suits[g] * 9 + g + 3 * k for g in range(3) for k in range(3)]


def _honors_knitted(rng: random.Random) -> list[int]:
    tiles = _knitted_tiles(rng) + HONORS
    for _ in range(2):
        tiles.remove(rng.choice(tiles))
    return tiles


def _knitted_straight(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    knit = _knitted_tiles(rng)
    pool = _theme(rng)
    t = rng.choice(pool)
    kind = (
        rng.choice(("chow", "pung", "pung", "kong"))
        if t < 27 and t % 9 <= 6
        else rng.choice(("pung", "kong"))
    )
    tiles = _set_tiles(kind, t)
    pair = rng.choice(pool)
    c = Counter(knit + tiles + [pair, pair])
    if max(c.values()) > 4:
        return None
    if kind == "kong" or rng.random() < 0.3:
        meld_kind = {"chow": "chi", "pung": "pon"}.get(kind) or rng.choice(("kan", "ankan"))
        return knit + [pair, pair], [Meld(meld_kind, tuple(tiles))]
    return knit + tiles + [pair, pair], []


def _nine_gates(rng: random.Random) -> list[int]:
    s = rng.randrange(3) * 9
    return [s + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [s + rng.randrange(9)]


SHAPES = (
    "regular",
    "regular",
    "regular",
    "regular",
    "seven_pairs",
    "thirteen_orphans",
    "honors_knitted",
    "knitted_straight",
    "nine_gates",
)


def random_hand(rng: random.Random, shape: str | None = None) -> McrHand:
    """One valid won hand; the shape is drawn from SHAPES unless given."""
    shape = shape or rng.choice(SHAPES)
    while True:
        melds: list[Meld] = []
        if shape == "regular":
            got = _regular(rng)
            if got is None:
                continue
            tiles, melds = got
        elif shape == "knitted_straight":
            got = _knitted_straight(rng)
            if got is None:
                continue
            tiles, melds = got
        elif shape == "seven_pairs":
            tiles = _seven_pairs(rng)
        elif shape == "thirteen_orphans":
            tiles = ORPHANS + [rng.choice(ORPHANS)]
        elif shape == "honors_knitted":
            tiles = _honors_knitted(rng)
        else:
            tiles = _nine_gates(rng)
        break
    win = tiles[-1] if shape == "nine_gates" else rng.choice(tiles)
    tiles.remove(win)
    rng.shuffle(tiles)
    tsumo = rng.random() < 0.4
    has_kong = any(m.kind in ("kan", "ankan") for m in melds)
    return McrHand(
        concealed=tuple(sorted(tiles)),
        melds=tuple(melds),
        win_tile=win,
        tsumo=tsumo,
        seat=rng.choice("ESWN"),
        round=rng.choice("ESWN"),
        flowers=rng.choice((0, 0, 0, 0, 1, 2, 3, 8)),
        last_tile=rng.random() < 0.1,
        rinshan=tsumo and rng.random() < (0.3 if has_kong else 0.03),  # impossible ones too
        chankan=not tsumo and rng.random() < 0.05,
        haitei=tsumo and rng.random() < 0.05,
        houtei=not tsumo and rng.random() < 0.05,
    )


# -- rare shapes and situations, for the biased differential --------------------------------

FIVES = [4, 13, 22]


def _pair_near_five(rng: random.Random, five: int) -> int:
    """The pair a five-pair fan asks for, or a tile standing in for it: an honour (Red's
    internal code reads as a five), a five of another suit, a neighbour."""
    return rng.choice([five, five, *HONORS, *FIVES, five - 1, five + 1])


def _terminal_chows(rng: random.Random) -> tuple[list[tuple[str, int]], int]:
    """123 and 789 twice (one suit, or two) with a pair of five or something like it."""
    a, b, c = rng.sample((0, 9, 18), 3)
    if rng.random() < 0.5:
        return [("chow", a), ("chow", a), ("chow", a + 6), ("chow", a + 6)], _pair_near_five(
            rng, a + 4
        )
    return [("chow", a), ("chow", a + 6), ("chow", b), ("chow", b + 6)], _pair_near_five(rng, c + 4)


def _five_sets(rng: random.Random) -> tuple[list[tuple[str, int]], int]:
    """Every set holding a five, and a pair that may be one or may only look like one."""
    sets = [
        (rng.choice(("chow", "pung")), s + 4)
        if rng.random() < 0.3
        else ("chow", s + rng.randrange(2, 5))
        for s in rng.choices((0, 9, 18), k=4)
    ]
    return sets, _pair_near_five(rng, rng.choice(FIVES))


def _honour_sets(rng: random.Random) -> tuple[list[tuple[str, int]], int]:
    """Pungs of honours beside suited pungs of low ranks (an honour's code has a rank 1-7),
    ids running from the nines into the winds, and the like."""
    kind = rng.randrange(4)
    if kind == 0:  # pungs whose ids run on: 8s 9s E S, 9s E S W ...
        start = rng.randrange(24, 31)
        tiles = list(range(start, min(start + 4, 34)))
    elif kind == 1:  # the same rank in the suits, and an honour of that "rank"
        r = rng.randrange(7)
        tiles = [r, 9 + r, 18 + r, 27 + r]
    elif kind == 2:  # winds and dragons with terminals
        tiles = rng.sample([0, 8, 9, 17, 18, 26, *HONORS], 4)
    else:
        tiles = rng.sample(HONORS, 3) + [rng.randrange(34)]
    sets = [(rng.choice(("pung", "pung", "kong")), t) for t in tiles[:4]]
    while len(sets) < 4:
        sets.append(("pung", rng.randrange(34)))
    return sets, rng.choice(HONORS + [rng.randrange(27)])


def _kongs(rng: random.Random) -> tuple[list[tuple[str, int]], int]:
    tiles = rng.sample(range(34), 4)
    n = rng.choice((3, 4, 4))
    sets = [("kong", t) for t in tiles[:n]]
    if n == 3:
        t = rng.randrange(34)
        sets.append(("chow", t) if t < 27 and t % 9 <= 6 else ("pung", t))
    return sets, rng.randrange(34)


def _low_high(rng: random.Random) -> tuple[list[tuple[str, int]], int]:
    """Sets inside ranks 1-4, 4-6 or 6-9 (upper / middle / lower fans), maybe an honour."""
    lo = rng.choice((0, 3, 5))
    ranks = list(range(lo, lo + 4))
    sets = []
    for _ in range(4):
        s = rng.choice((0, 9, 18))
        if rng.random() < 0.5:
            sets.append(("chow", s + rng.choice((lo, lo + 1))))  # inside the four ranks
        else:
            sets.append(("pung", s + rng.choice(ranks)))
    pair = rng.choice([*HONORS, rng.choice((0, 9, 18)) + rng.choice(ranks)])
    return sets, pair


def _shifted_pairs(rng: random.Random) -> list[int]:
    """Seven pairs in a run of ids: within a suit (seven shifted pairs), or across into the
    honours, whose codes do not run on."""
    start = rng.choice([s + r for s in (0, 9, 18) for r in range(3)] + list(range(20, 28)))
    return [t for t in range(start, start + 7) for _ in (0, 1)]


RARE = (
    "terminal_chows",
    "terminal_chows",
    "five_sets",
    "honour_sets",
    "kongs",
    "low_high",
    "knitted_straight",
    "knitted_straight",
    "honors_knitted",
    "honors_knitted",
    "shifted_pairs",
    "thirteen_orphans",
)


def rare_hand(rng: random.Random) -> McrHand:
    """One valid won hand of a rare shape, won in a rare way: flowers, the last tile of its
    kind, robbing a kong, a kong's replacement, the last tile of the wall."""
    shape = rng.choice(RARE)
    while True:
        melds: list[Meld] = []
        if shape in ("terminal_chows", "five_sets", "honour_sets", "kongs", "low_high"):
            sets, pair = {
                "terminal_chows": _terminal_chows,
                "five_sets": _five_sets,
                "honour_sets": _honour_sets,
                "kongs": _kongs,
                "low_high": _low_high,
            }[shape](rng)
            if any(k == "chow" and (t >= 27 or t % 9 > 6) for k, t in sets):
                continue
            got = _assemble(rng, sets, pair)
        elif shape == "knitted_straight":
            got = _knitted_straight(rng)
        else:
            tiles = {
                "honors_knitted": _honors_knitted,
                "shifted_pairs": _shifted_pairs,
                "thirteen_orphans": lambda r: ORPHANS + [r.choice(ORPHANS)],
            }[shape](rng)
            got = tiles, []
        if got is None:
            continue
        tiles, melds = got
        break
    win = rng.choice(tiles)
    tiles.remove(win)
    kongs = [m for m in melds if m.kind in ("kan", "ankan")]
    way = rng.choice(("plain", "last_tile", "chankan", "rinshan", "wall", "tsumo"))
    tsumo = (
        way in ("rinshan", "tsumo")
        or (way == "wall" and rng.random() < 0.5)
        or (way in ("plain", "last_tile") and rng.random() < 0.4)
    )
    return McrHand(
        concealed=tuple(sorted(tiles)),
        melds=tuple(melds),
        win_tile=win,
        tsumo=tsumo,
        seat=rng.choice("ESWN"),
        round=rng.choice("ESWN"),
        flowers=rng.choice((0, 1, 2, 3, 4, 5, 6, 7, 8)),
        last_tile=way == "last_tile" or rng.random() < 0.15,
        rinshan=tsumo and way == "rinshan" and (bool(kongs) or rng.random() < 0.2),
        chankan=not tsumo and way == "chankan",
        haitei=tsumo and way == "wall",
        houtei=not tsumo and way == "wall",
    )
