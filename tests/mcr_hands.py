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
KNITTED = [(a, b, c) for a in range(3) for b in range(3) for c in range(3)
           if len({a, b, c}) == 3]  # suit of 147, 258, 369


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
        return [("chow", x + s) for x, s in zip((0, 3, 6), rng.choice(([a] * 3, suits)),
                                                  strict=True)], None
    if kind == 2:  # shifted chows or pungs, one suit or three
        step = rng.choice((1, 2)) if rng.random() < 0.5 else 1
        start = rng.randrange(0, 3)
        set_kind = rng.choice(("chow", "pung"))
        n = rng.choice((3, 4))
        homes = [a] * 4 if rng.random() < 0.5 else [a, b, c, a]
        return [(set_kind, homes[i] + start + i * (step if set_kind == "chow" else 1))
                for i in range(n)], None
    if kind == 3:  # same number in three suits
        r = rng.randrange(7)
        set_kind = rng.choice(("chow", "pung"))
        return [(set_kind, s + r) for s in suits], None
    if kind == 4:  # everything holds a five
        return [(rng.choice(("chow", "pung")), s + 4) if rng.random() < 0.3 else
                ("chow", s + rng.randrange(2, 5)) for s in (a, b, c, a)], a + 4
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
    if used[pair] + 2 > 4:
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
    kind = rng.choice(("chow", "pung", "pung", "kong")) if t < 27 and t % 9 <= 6 else \
        rng.choice(("pung", "kong"))
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


SHAPES = ("regular", "regular", "regular", "regular", "seven_pairs", "thirteen_orphans",
          "honors_knitted", "knitted_straight", "nine_gates")


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
        concealed=tuple(sorted(tiles)), melds=tuple(melds), win_tile=win, tsumo=tsumo,
        seat=rng.choice("ESWN"), round=rng.choice("ESWN"),
        flowers=rng.choice((0, 0, 0, 0, 1, 2, 3, 8)),
        last_tile=rng.random() < 0.1,
        rinshan=tsumo and rng.random() < (0.3 if has_kong else 0.03),  # impossible ones too
        chankan=not tsumo and rng.random() < 0.05,
        haitei=tsumo and rng.random() < 0.05,
        houtei=not tsumo and rng.random() < 0.05,
    )
