"""A hand translated to internal codes once, with its win flags normalised.

Everything the fan predicates ask about the whole hand (which tiles are present, how
many of each, the declared sets) is computed here a single time per hand, not once per
reading. The flag rules are pymahjonggb's (spec section 5).
"""

from __future__ import annotations

from ..base.frozen import value_class
from .codes import CODE, SIZE, WIND_LETTER_CODE
from .hand import McrHand, McrInputError

# Declared set: (kind, tile code, melded). Chows carry their middle tile.
Pack = tuple[str, int, bool]


@value_class(slots=False)
class Context:
    standing: tuple[int, ...]  # counts by code, winning tile included
    merged: tuple[int, ...]  # standing + declared sets
    present: tuple[int, ...]  # sorted codes of the tile kinds in the hand
    fixed: tuple[Pack, ...]
    win: int
    self_drawn: bool
    last_tile: bool
    kong_win: bool  # rinshan on a self-draw, chankan on a discard
    wall_last: bool  # haitei on a self-draw, houtei on a discard
    seat: int
    prevalent: int
    n_standing: int  # standing tiles without the winning tile

    @property
    def melded_sets(self) -> int:
        return sum(1 for _, _, melded in self.fixed if melded)


def build(hand: McrHand) -> Context:
    standing = [0] * SIZE
    for t in hand.concealed:
        standing[CODE[t]] += 1
    win = CODE[hand.win_tile]
    standing[win] += 1
    fixed_counts = [0] * SIZE
    fixed: list[Pack] = []
    for m in hand.melds:
        tiles = sorted(CODE[t] for t in m.tiles)
        for c in tiles:
            fixed_counts[c] += 1
        if m.kind == "chi":
            fixed.append(("chow", tiles[1], True))
        elif m.kind == "pon":
            fixed.append(("pung", tiles[0], True))
        else:
            fixed.append(("kong", tiles[0], m.kind == "kan"))
    merged = [a + b for a, b in zip(standing, fixed_counts, strict=True)]
    if max(merged) > 4:
        raise McrInputError("more than four copies of a tile")
    last_tile = hand.last_tile
    if standing[win] != 1:
        last_tile = False  # a copy in the winner's own hand is not visible
    if fixed_counts[win] == 3:
        last_tile = True  # three copies shown in the winner's own sets
    kong_win = hand.rinshan or hand.chankan
    if kong_win and hand.tsumo and not any(k == "kong" for k, _, _ in fixed):
        kong_win = False
    if kong_win and not hand.tsumo and (fixed_counts[win] or standing[win] != 1):
        kong_win = False
    return Context(
        standing=tuple(standing),
        merged=tuple(merged),
        present=tuple(c for c in range(SIZE) if merged[c]),
        fixed=tuple(fixed),
        win=win,
        self_drawn=hand.tsumo,
        last_tile=last_tile,
        kong_win=kong_win,
        wall_last=hand.haitei or hand.houtei,
        seat=WIND_LETTER_CODE[hand.seat],
        prevalent=WIND_LETTER_CODE[hand.round],
        n_standing=len(hand.concealed),
    )
