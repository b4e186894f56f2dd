"""Ukeire, winning tiles and discard choice over 34 tile counts, for `mjscore waits`.

Plain values in and out (counts, tile ids, named tuples) so that the scoring
core can change around it; the integrator turns a parsed hand into counts.

Two collections of tiles matter and are kept apart: `meld_tiles`, what the
player holds in melds (a tile the player holds four of, in hand and melds
together, can never be drawn, so it is neither ukeire nor a wait), and
`seen`, every tile the player can see (hand, melds, indicators, maybe
discards), which gives the copies still unseen. A wait whose copies are all
seen elsewhere is a dead wait: listed, with 0 remaining.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import NamedTuple

from .shanten import ALL_SHAPES, shanten_after_draws, shanten_number


class TileCount(NamedTuple):
    """A tile id and the copies of it the player has not seen."""

    tile: int
    remaining: int


class Discard(NamedTuple):
    """One discard of a 14-3k tile hand and what the hand is left with.

    `tiles` are the ukeire of the hand after the discard; when `shanten` is 0
    they are its winning tiles. `ukeire` sums their unseen copies.
    """

    tile: int
    shanten: int
    ukeire: int
    tiles: tuple[TileCount, ...]


def counts_of(tiles: Iterable[int]) -> tuple[int, ...]:
    """34 counts of some tile ids (flowers, ids 34 and up, are ignored)."""
    out = [0] * 34
    for t in tiles:
        if t < 34:
            out[t] += 1
    return tuple(out)


_NONE = (0,) * 34


def _held_and_seen(
    counts: Sequence[int], meld_tiles: Sequence[int] | None, seen: Sequence[int] | None
) -> tuple[list[int], Sequence[int]]:
    melded = _NONE if meld_tiles is None else meld_tiles
    held = [a + b for a, b in zip(counts, melded, strict=True)]
    if seen is None:
        return held, held
    if len(seen) != 34 or any(s < h for s, h in zip(seen, held, strict=True)):
        raise ValueError("`seen` must be 34 counts that include the hand and the melds")
    return held, seen


def _lowering(
    counts: Sequence[int],
    melds: int,
    shapes: Collection[str],
    meld_tiles: Sequence[int] | None,
    seen: Sequence[int] | None,
) -> tuple[int, tuple[TileCount, ...]]:
    """(shanten, the drawable tiles after which it is lower) for 13-3k tiles."""
    now = shanten_number(counts, melds, shapes)
    held, visible = _held_and_seen(counts, meld_tiles, seen)
    after = shanten_after_draws(counts, melds, shapes)
    tiles = tuple(
        TileCount(t, max(0, 4 - visible[t]))
        for t, s in enumerate(after)
        if s is not None and s < now and held[t] < 4
    )
    return now, tiles


def ukeire(
    counts: Sequence[int],
    melds: int = 0,
    shapes: Collection[str] = ALL_SHAPES,
    *,
    meld_tiles: Sequence[int] | None = None,
    seen: Sequence[int] | None = None,
) -> tuple[TileCount, ...]:
    """The tiles whose draw lowers the shanten of a 13-3k tile hand, in tile order."""
    return _lowering(counts, melds, shapes, meld_tiles, seen)[1]


def winning_tiles(
    counts: Sequence[int],
    melds: int = 0,
    shapes: Collection[str] = ALL_SHAPES,
    *,
    meld_tiles: Sequence[int] | None = None,
    seen: Sequence[int] | None = None,
) -> tuple[TileCount, ...]:
    """The tiles that complete a ready 13-3k tile hand; empty when it is not ready.

    A ready hand can still have none: a tanki on a tile the player holds the
    other three of in a meld counts as ready (as `mahjong` counts shanten) but
    waits on nothing.
    """
    now, tiles = _lowering(counts, melds, shapes, meld_tiles, seen)
    return tiles if now == 0 else ()


def discards(
    counts: Sequence[int],
    melds: int = 0,
    shapes: Collection[str] = ALL_SHAPES,
    *,
    meld_tiles: Sequence[int] | None = None,
    seen: Sequence[int] | None = None,
) -> list[Discard]:
    """Every different discard of a 14-3k tile hand, best first.

    Best is the lowest shanten after the discard, then the most unseen ukeire,
    then tile order. The discarded tile stays seen: the player knows where it went.
    """
    c = tuple(counts)
    if sum(c) != 14 - 3 * melds:
        raise ValueError("discards are asked of a hand about to discard (14-3k tiles)")
    _, visible = _held_and_seen(c, meld_tiles, seen)
    out = []
    for t in range(34):
        if not c[t]:
            continue
        rest = c[:t] + (c[t] - 1,) + c[t + 1 :]
        now, tiles = _lowering(rest, melds, shapes, meld_tiles, visible)
        out.append(Discard(t, now, sum(x.remaining for x in tiles), tiles))
    out.sort(key=lambda d: (d.shanten, -d.ukeire, d.tile))
    return out


def quadruples_shanten(counts: Sequence[int], declared: Collection[int] = ()) -> int:
    """Shanten of 13 or 14 tiles towards three quadruples and a pair (the European
    quadruple hands, 14 tiles in all): the tiles missing less one, -1 complete.

    `counts` are every tile held, declared kongs (`declared`, their tile ids) included;
    those are quadruples already. The other quadruples are best made of the kinds held
    most often and the pair of the next: a kind held more never does worse as a
    quadruple than one held less.
    """
    free = sorted((n for t, n in enumerate(counts) if t not in declared), reverse=True)
    quads = free[: 3 - len(declared)]
    pair = free[len(quads)] if len(free) > len(quads) else 0
    return sum(4 - n for n in quads) + max(0, 2 - pair) - 1
