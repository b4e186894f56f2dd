"""One player's holding as the European scorer sees it: the one facts type
(`facts.HandFacts`), built once per reading for the winner and once for each loser.

The winner's facts come from one reading of a complete hand. A loser's come
from the tiles written for him: his hand is not complete, so only what is
finished scores (pungs and kongs, pairs, flowers), and judgements about the
whole hand (honours and one suit) need all 13 of his tiles.
"""

from __future__ import annotations

from ..core.decompose import (
    KAN,
    ORPHANS,
    SEVEN_PAIRS,
    SHANPON,
    STANDARD,
    TANKI,
    TRIPLET,
    Group,
    Reading,
    meld_group,
)
from ..core.facts import HandFacts, Pair, Table
from ..core.hand import Hand, Holding

QUADS = "three-quads"
STANDARD_SHAPES = (STANDARD, QUADS)  # four sets and a pair, or three quadruples read as kongs
FULL_HAND = 13  # a loser's tiles, a kong counted as three


def winner_facts(line: Hand, reading: Reading | None, table: Table) -> HandFacts:
    """The winner under one reading; `reading` None gives the tile content alone."""
    ctx = line.ctx
    pairs: tuple[Pair, ...] = ()
    if reading is not None and reading.shape == SEVEN_PAIRS:
        pairs = tuple(Pair(t) for t in reading.pairs)
    elif reading is not None and reading.pair is not None and reading.shape != ORPHANS:
        done_by_discard = not ctx.tsumo and reading.wait == TANKI
        pairs = (Pair(reading.pair, done_by_discard),)
    return HandFacts.player(
        ctx.seat_wind,
        table,
        groups=reading.groups if reading else (),
        pairs=pairs,
        tiles=tuple(line.all_winner_tiles),
        flowers=line.holding.flowers,
        riichi=bool(ctx.flags & {"riichi"}),
        closed=_closed(line.holding),
        line=line,
        reading=reading,
        standard_shapes=STANDARD_SHAPES,
    )


def tiles_held(holding: Holding) -> int:
    """How many tiles a player holds, a kong counted as three (13 for a full hand)."""
    return len(holding.concealed) + 3 * len(holding.melds)


def loser_facts(seat: str, holding: Holding, table: Table) -> HandFacts:
    """A non-winner: his declared melds, the pungs and pairs among his concealed tiles.

    Concealed tiles held three or four times are a concealed pung (a kong scores
    only when declared); tiles held twice are a pair, which scores when it is an
    honour of value. A loser's pair is always concealed.
    """
    counts: dict[int, int] = {}
    for t in holding.concealed:
        counts[t] = counts.get(t, 0) + 1
    sets = tuple(meld_group(m) for m in holding.melds)
    sets += tuple(Group(TRIPLET, t) for t, n in sorted(counts.items()) if n >= 3)
    pairs = tuple(Pair(t) for t, n in sorted(counts.items()) if n == 2)
    tiles = tuple(holding.concealed) + tuple(t for m in holding.melds for t in m.tiles)
    return HandFacts.player(
        seat,
        table,
        groups=sets,
        pairs=pairs,
        tiles=tiles,
        flowers=holding.flowers,
        complete=tiles_held(holding) == FULL_HAND,
        riichi=holding.riichi,
        closed=_closed(holding),
    )


def _closed(holding: Holding) -> bool:
    return not any(m.is_open for m in holding.melds)


def quads_reading(line: Hand) -> Reading | None:
    """Three quadruples and a pair in 14 tiles, read as three kongs and a pair.

    A quadruple declared as a kong keeps that meld's openness; one held in the
    hand is concealed unless the winning discard completed it.
    """
    if not all(m.is_kan for m in line.holding.melds):
        return None
    tiles = line.all_winner_tiles
    counts: dict[int, int] = {}
    for t in tiles:
        counts[t] = counts.get(t, 0) + 1
    if len(tiles) != 14 or sorted(counts.values()) != [2, 4, 4, 4]:
        return None
    ctx = line.ctx
    declared = {m.tiles[0]: m for m in line.holding.melds}
    groups = []
    for t in sorted(t for t, n in counts.items() if n == 4):
        if t in declared:
            groups.append(meld_group(declared[t]))
        else:
            by_discard = not ctx.tsumo and ctx.win_tile == t
            groups.append(Group(KAN, t, concealed=not by_discard))
    pair = next(t for t, n in counts.items() if n == 2)
    return Reading(QUADS, tuple(groups), pair, wait=TANKI if ctx.win_tile == pair else SHANPON)
