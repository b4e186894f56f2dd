"""Facts about one reading, computed once so that each yaku predicate is a line or three."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from . import tiles as T
from .decompose import KAN, ORPHANS, RUN, SEVEN_PAIRS, STANDARD, Reading
from .hand import HandLine


class HandFacts:
    """Everything a predicate may ask about a reading of a hand in its context."""

    def __init__(self, line: HandLine, reading: Reading, options: dict[str, Any]):
        ctx = line.ctx
        self.line = line
        self.reading = reading
        self.options = options
        self.shape = reading.shape
        self.standard = reading.shape == STANDARD
        self.seven_pairs = reading.shape == SEVEN_PAIRS
        self.orphans = reading.shape == ORPHANS
        self.groups = reading.groups
        self.pair = reading.pair
        self.wait = reading.wait
        self.win_tile = ctx.win_tile
        self.tsumo = ctx.tsumo
        self.flags = ctx.flags
        self.closed = not any(m.is_open for m in line.hand.melds)
        self.seat_wind = T.wind_tile(ctx.seat_wind)
        self.round_wind = T.wind_tile(ctx.round_wind)
        self.tiles = line.all_winner_tiles  # 14 + kans tiles
        self.runs = [g.tile for g in self.groups if g.kind == RUN]
        self.triplets = [g.tile for g in self.groups if g.kind != RUN]  # kans included
        self.kans = sum(1 for g in self.groups if g.kind == KAN)
        self.concealed_triplets = sum(1 for g in self.groups if g.kind != RUN and g.concealed)

    @cached_property
    def tile_set(self) -> frozenset[int]:
        return frozenset(self.tiles)

    @cached_property
    def suits(self) -> frozenset[int]:
        """Suits used, honours excluded (0 m, 1 p, 2 s)."""
        return frozenset(t // 9 for t in self.tile_set if t < 27)

    @cached_property
    def has_honors(self) -> bool:
        return any(t >= 27 for t in self.tile_set)

    @cached_property
    def all_terminal_or_honor(self) -> bool:
        return self.tile_set <= T.TERMINALS_AND_HONORS

    @cached_property
    def no_terminal_or_honor(self) -> bool:
        return not (self.tile_set & T.TERMINALS_AND_HONORS)

    def blocks(self) -> list[tuple[int, ...]]:
        """The tiles of each set and of the pair (standard readings)."""
        out = [g.tiles for g in self.groups]
        if self.pair is not None:
            out.append((self.pair, self.pair))
        return out

    def value_tiles(self) -> set[int]:
        """Honours worth a yakuhai set here: dragons, the seat wind, the round wind."""
        return {T.WHITE, T.GREEN, T.RED, self.seat_wind, self.round_wind}

    def identical_run_pairs(self) -> int:
        """How many pairs of identical runs (iipeikou 1, ryanpeikou 2)."""
        if not self.closed:
            return 0
        seen: dict[int, int] = {}
        for t in self.runs:
            seen[t] = seen.get(t, 0) + 1
        return sum(c // 2 for c in seen.values())
