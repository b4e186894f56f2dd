"""Facts about one reading, computed once so that each yaku predicate is a line or three."""

from __future__ import annotations

from typing import Any

from . import tiles as T
from .decompose import KAN, ORPHANS, RUN, SEVEN_PAIRS, STANDARD, Reading
from .hand import Hand


def line_facts(line: Hand) -> dict[str, Any]:
    """What every reading of one line shares: its tiles and their kinds, worked out once."""
    ctx = line.ctx
    tiles = line.all_winner_tiles  # 14 + kans tiles
    tile_set = frozenset(tiles)
    return {
        "line": line, "win_tile": ctx.win_tile, "tsumo": ctx.tsumo, "flags": ctx.flags,
        "tiles": tiles, "tile_set": tile_set,
        "suits": (suits := frozenset(t // 9 for t in tile_set if t < 27)),  # 0 m, 1 p, 2 s
        "one_suit": len(suits) <= 1,
        "has_honors": any(t >= 27 for t in tile_set),
        "all_terminal_or_honor": tile_set <= T.TERMINALS_AND_HONORS,
        "no_terminal_or_honor": not (tile_set & T.TERMINALS_AND_HONORS),
        "some_terminal_or_honor": bool(tile_set & T.TERMINALS_AND_HONORS),
        "closed": not any(m.is_open for m in line.holding.melds),
        "seat_wind": T.wind_tile(ctx.seat_wind), "round_wind": T.wind_tile(ctx.round_wind),
    }


class HandFacts:
    """Everything a predicate may ask about a reading of a hand in its context.

    Plain attributes, filled in once: predicates run dozens of times per reading.
    The line's share (`line_facts`) is the same for every reading and is copied in.
    """

    def __init__(self, line: Hand, reading: Reading, options: dict[str, Any],
                 shared: dict[str, Any] | None = None):
        self.__dict__.update(shared or line_facts(line))
        self.reading = reading
        self.options = options
        self.shape = shape = reading.shape
        self.standard = shape == STANDARD
        self.seven_pairs = shape == SEVEN_PAIRS
        self.orphans = shape == ORPHANS
        self.groups = reading.groups
        self.pair = reading.pair
        self.wait = reading.wait
        runs, triplets = [], []
        kans = concealed = 0
        for g in reading.groups:
            if g.kind == RUN:
                runs.append(g.tile)
                continue
            triplets.append(g.tile)  # kans included
            kans += g.kind == KAN
            concealed += g.concealed
        self.runs, self.triplets = runs, triplets
        self.kans, self.concealed_triplets = kans, concealed
        self.runs2, self.runs3 = len(runs) >= 2, len(runs) >= 3  # gates (yaku.registry)
        self.triplets3 = len(triplets) >= 3

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
