"""Facts about one reading, computed once so that each rule predicate is a line or three.

One facts type, `HandFacts`, serves every rule of the registry (yaku.registry):
the riichi family's yaku, and a points-and-doubles ruleset's rows, doubles and
special hands. A riichi line builds it from a reading (`HandFacts(...)`); a
European player, winner or not, from what he holds (`HandFacts.player`), which
also fills in the European facts (seat, wind roles, pairs, flowers, whether the
holding is written in full). Those have class defaults that describe a riichi
winner, so the riichi hot path computes none of them.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, TypedDict

from ..base import tiles as T
from ..base.frozen import value_class
from .decompose import KAN, ORPHANS, RUN, SEVEN_PAIRS, STANDARD, Group, Reading
from .hand import Hand

if TYPE_CHECKING:
    from ..rulesets.params import Params

ROLES = ("seat", "dominant", "round")  # wind roles, in priority when roles do not add up


@value_class
class Pair:
    """A pair a player holds (European pair points), and whether a discard completed it."""

    tile: int
    exposed: bool = False  # completed by the winning discard


_FROM_HONOURS = frozenset(range(27, T.FLOWER_BASE + 8))  # every tile id that is not suited


class TileFacts(TypedDict):
    """The tile kinds of a holding: the part of `HandFacts` that `tile_facts` fills in."""

    tiles: tuple[int, ...]
    tile_set: frozenset[int]
    suits: frozenset[int]  # the suits present (0 man, 1 pin, 2 sou)
    one_suit: bool
    has_honors: bool
    all_terminal_or_honor: bool
    no_terminal_or_honor: bool
    some_terminal_or_honor: bool


class LineFacts(TileFacts):
    """What every reading of one winning line shares: the part `line_facts` fills in."""

    line: Hand
    win_tile: int
    tsumo: bool
    flags: frozenset[str]
    closed: bool
    seat_wind: int
    round_wind: int


def tile_facts(tiles: tuple[int, ...]) -> TileFacts:
    """The tile kinds of a holding (as `line_facts` works them out for a winning line)."""
    tile_set = frozenset(tiles)
    return {
        "tiles": tiles,
        "tile_set": tile_set,
        "suits": (suits := frozenset(t // 9 for t in tile_set if t < 27)),
        "one_suit": len(suits) <= 1,
        "has_honors": not tile_set.isdisjoint(_FROM_HONOURS),
        "all_terminal_or_honor": tile_set <= T.TERMINALS_AND_HONORS,
        "no_terminal_or_honor": (none := tile_set.isdisjoint(T.TERMINALS_AND_HONORS)),
        "some_terminal_or_honor": not none,
    }


def line_facts(line: Hand) -> LineFacts:
    """What every reading of one line shares: its tiles and their kinds, worked out once."""
    ctx = line.ctx
    return LineFacts(
        **tile_facts(line.all_winner_tiles),  # 14 + kans tiles
        line=line,
        win_tile=ctx.win_tile,
        tsumo=ctx.tsumo,
        flags=ctx.flags,
        closed=not any(m.is_open for m in line.holding.melds),
        seat_wind=T.wind_tile(ctx.seat_wind),
        round_wind=T.wind_tile(ctx.round_wind),
    )


@value_class
class Table:
    """The deal's wind roles: the round wind and the dominant (breach) wind, if used (a
    points-and-doubles ruleset's players read them through `HandFacts.table`)."""

    round_wind: int
    dominant_wind: int | None
    params: Params  # the ruleset's numbers
    options: dict[str, Any]

    @classmethod
    def of(cls, line: Hand, params: Params, options: dict[str, Any]) -> Table:
        ctx = line.ctx
        dominant = ctx.breach or ctx.round_wind  # breach: the round wind (docs/notation.md)
        return cls(
            T.wind_tile(ctx.round_wind),
            T.wind_tile(dominant) if options["dominant_wind_enabled"] else None,
            params,
            options,
        )


class HandFacts:
    """Everything a predicate may ask about a reading of a hand in its context.

    Plain attributes, filled in once: predicates run dozens of times per reading.
    The line's share (`line_facts`) is the same for every reading and is copied in
    whole by one `__dict__.update`, the cheapest copy; every key of `LineFacts` is
    declared here (a test holds the two lists together).
    """

    # The holding's tile kinds (TileFacts)
    tiles: tuple[int, ...]  # every tile held, kans' fourth tiles included
    tile_set: frozenset[int]
    suits: frozenset[int]
    one_suit: bool
    has_honors: bool
    all_terminal_or_honor: bool
    no_terminal_or_honor: bool
    some_terminal_or_honor: bool
    # The line (LineFacts); a European loser has no line: None, no winning tile, no flags
    line: Hand | None
    win_tile: int | None
    tsumo: bool
    flags: frozenset[str]
    closed: bool  # no open meld
    seat_wind: int
    round_wind: int
    # The reading (None: a European player's tile content alone)
    reading: Reading | None
    options: dict[str, Any]  # the ruleset's options, resolved
    shape: str | None
    standard: bool
    seven_pairs: bool
    orphans: bool
    groups: tuple[Group, ...]
    pair: int | None
    wait: str | None
    runs: list[int]  # first tile of each run
    triplets: list[int]  # tile of each triplet or kan
    kans: int
    concealed_triplets: int
    # Gates (yaku.registry.GATES): true whenever a rule of their group may apply
    runs2: bool
    runs3: bool
    triplets3: bool
    honour_sets: bool
    outside_pair: bool
    # What a points-and-doubles rule may also ask (set by `player`); the defaults
    # describe a riichi winner, whose holding is complete and never a loser's.
    winner: bool = True  # False: a player who did not win (his partial holding)
    complete: bool = True  # all of the player's tiles are known (13 for a loser)
    riichi: bool = False  # declared main appelante (European losers and winners)
    seat: str = ""  # the player's seat letter (E S W N)
    table: Table | None = None  # the deal's wind roles and the ruleset's numbers
    pairs: tuple[Pair, ...] = ()  # every pair held (seven pairs: seven of them)
    flowers: tuple[int, ...] = ()

    def __init__(
        self, line: Hand, reading: Reading, options: dict[str, Any], shared: LineFacts | None = None
    ):
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
        self._set_gates()

    def _set_gates(self) -> None:
        """The reading's gate facts (yaku.registry.GATES) beyond the line's tile kinds."""
        runs, triplets = self.runs, self.triplets
        self.runs2, self.runs3 = len(runs) >= 2, len(runs) >= 3
        self.triplets3 = len(triplets) >= 3
        self.honour_sets = bool(triplets) and max(triplets) >= T.EAST
        self.outside_pair = self.pair in T.TERMINALS_AND_HONORS

    @classmethod
    def player(
        cls,
        seat: str,
        table: Table,
        *,
        groups: tuple[Group, ...] = (),
        pairs: tuple[Pair, ...] = (),
        tiles: tuple[int, ...] = (),
        flowers: tuple[int, ...] = (),
        complete: bool = True,
        riichi: bool = False,
        closed: bool = True,
        line: Hand | None = None,
        reading: Reading | None = None,
        standard_shapes: tuple[str, ...] = (STANDARD,),
    ) -> HandFacts:
        """One player of a points-and-doubles deal: the winner under one reading (or,
        with `reading` None, his tile content alone), or a loser's partial holding
        (`line` None: no winning tile, no flags). `standard_shapes` are the shapes
        that count as sets and a pair."""
        f = cls.__new__(cls)
        f.__dict__.update(tile_facts(tiles))
        ctx = line.ctx if line is not None else None
        f.line, f.reading, f.options = line, reading, table.options
        f.win_tile = ctx.win_tile if ctx else None
        f.tsumo = bool(ctx and ctx.tsumo)
        f.flags = ctx.flags if ctx else frozenset()
        f.closed = closed
        f.seat, f.table, f.winner = seat, table, line is not None
        f.seat_wind, f.round_wind = T.wind_tile(seat), table.round_wind
        f.pairs, f.flowers, f.complete, f.riichi = pairs, flowers, complete, riichi
        f.shape = shape = reading.shape if reading is not None else None
        f.standard = shape in standard_shapes
        f.seven_pairs = shape == SEVEN_PAIRS
        f.orphans = shape == ORPHANS
        f.groups = groups
        f.pair = reading.pair if reading is not None else None
        f.wait = reading.wait if reading is not None else None
        f.runs = [g.tile for g in groups if g.kind == RUN]
        f.triplets = [g.tile for g in groups if g.kind != RUN]
        f.kans = sum(g.kind == KAN for g in groups)
        f.concealed_triplets = sum(g.concealed for g in groups if g.kind != RUN)
        f._set_gates()
        return f

    @property
    def params(self) -> Params:
        """The ruleset's numbers (points-and-doubles facts only)."""
        assert self.table is not None
        return self.table.params

    @cached_property
    def counts(self) -> list[int]:
        """How many of each tile the holding has."""
        out = [0] * T.N_TILES
        for t in self.tiles:
            out[t] += 1
        return out

    @cached_property
    def pungs(self) -> tuple[Group, ...]:
        """The pungs and kongs, as groups (their openness and kind)."""
        return tuple(g for g in self.groups if g.kind != RUN)

    def roles(self, tile: int) -> tuple[str, ...]:
        """The wind roles a tile fills at this player's seat, in priority order."""
        assert self.table is not None
        wind = {
            "seat": self.seat_wind,
            "dominant": self.table.dominant_wind,
            "round": self.table.round_wind,
        }
        return tuple(r for r in ROLES if wind[r] == tile)

    def own_flowers(self) -> tuple[int, int]:
        """(own plant held, own season held) as 0/1: plant n and season n belong to seat n."""
        i = T.WIND_LETTERS.index(self.seat)
        return int(T.FLOWER_BASE + i in self.flowers), int(T.FLOWER_BASE + 4 + i in self.flowers)

    def value_tiles(self) -> set[int]:
        """Honours worth a yakuhai set here: dragons, the seat wind, the round wind."""
        return {T.WHITE, T.GREEN, T.RED, self.seat_wind, self.round_wind}

    def identical_run_pairs(self) -> int:
        """How many pairs of identical runs (iipeikou 1, ryanpeikou 2)."""
        runs = self.runs
        if not self.closed or len(set(runs)) == len(runs):
            return 0
        seen: dict[int, int] = {}
        for t in self.runs:
            seen[t] = seen.get(t, 0) + 1
        return sum(c // 2 for c in seen.values())
