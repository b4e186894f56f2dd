"""Every reading of a hand: which sets, which pair, and where the winning tile sat.

The concealed tiles are split suit by suit, and each suit's splits are
cached by its tiles, because the same suit patterns recur across a file of
hands: a cached split carries its groups (frozen values, shared by every
reading that has them), and the winning tile's suit also the places the
winning tile can take in it, so a reading is a few tuple joins.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from itertools import product

from ..base import tiles as T
from ..base.frozen import field, value_class
from .hand import Meld
from .phrases import Phrase, phrase

RUN, TRIPLET, KAN = "run", "triplet", "kan"
PAIR = "pair"  # not a set: only its text is asked for
_SIZES = {PAIR: 2, TRIPLET: 3, KAN: 4}
STANDARD, SEVEN_PAIRS, ORPHANS = "standard", "seven-pairs", "thirteen-orphans"
RYANMEN, KANCHAN, PENCHAN, TANKI, SHANPON = "ryanmen", "kanchan", "penchan", "tanki", "shanpon"
ORPHANS_13 = "thirteen-sided"
# Shapes only some rulesets have, asked for through `readings(shapes=...)`: a win
# only through a limit yaku of their own (WEB TILE's 十三不搭 and 幺九振切), so no
# other yaku is looked for in them.
UNRELATED, NAGASHI = "thirteen-unrelated", "nagashi"
LIMIT_ONLY_SHAPES = frozenset((UNRELATED, NAGASHI))

ORPHAN_TILES = tuple(sorted(T.TERMINALS_AND_HONORS))


@value_class  # shared: the readings of a suit are cached
class Group:
    """One set of a reading. `concealed` is what sanankou counts; `called` is a meld."""

    kind: str  # RUN | TRIPLET | KAN
    tile: int  # the lowest tile
    called: bool = False  # an open meld (chi, pon, kan, kakan)
    concealed: bool = True  # concealed triplet/kan in the yaku sense (ron-completed: False)
    name: str = field(init=False, compare=False, repr=False)  # mpsz, for text()

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", set_text(self.kind, self.tile))

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == RUN:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == KAN else 3)

    def text(self) -> str:
        """mpsz of the set ("234m", "5555p"), written when the group is made."""
        return self.name


@lru_cache(maxsize=256)
def set_text(kind: str, tile: int) -> str:
    """mpsz of a set or a pair (PAIR), written once per kind and tile: the winner's
    reading and fu items name their sets."""
    name = T.name(tile)
    if kind == RUN:
        return f"{name[0]}{int(name[0]) + 1}{int(name[0]) + 2}{name[1]}"
    return name[0] * _SIZES[kind] + name[1]


@value_class(frozen=False)  # not frozen: built per hand
class Reading:
    shape: str
    groups: tuple[Group, ...] = ()
    pair: int | None = None
    pairs: tuple[int, ...] = ()  # seven pairs
    wait: str = TANKI

    def text(self) -> Phrase:
        """The reading as a player would say it: '234m 567p 22s ...' (wait in brackets), a
        Phrase of core.phrases.READING."""
        if self.shape == SEVEN_PAIRS:
            pairs = " ".join(T.group_text((p, p)) for p in self.pairs)
            return phrase("reading", "sets", sets=pairs, wait=self.wait)
        if self.shape == ORPHANS:
            return phrase("reading", "thirteen_orphans", wait=self.wait)
        if self.shape == UNRELATED:
            assert self.pair is not None  # this shape always has its pair
            return phrase("reading", "unrelated", pair=T.group_text((self.pair, self.pair)))
        if self.shape == NAGASHI:
            return phrase("reading", "nagashi")
        parts = [f"({g.name})" if g.called else g.name for g in self.groups]
        parts.append(set_text(PAIR, self.pair))
        return phrase("reading", "sets", sets=" ".join(parts), wait=self.wait)


@lru_cache(maxsize=4096)
def _suit_sets(counts: tuple[int, ...], runs: bool) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every way to split one suit's counts wholly into sets (ranks 0-8; honours: no runs)."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return ((),)
    out: list[tuple[tuple[str, int], ...]] = []
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        out.extend(((TRIPLET, i), *rest) for rest in _suit_sets(tuple(c), runs))
        c[i] += 3
    if runs and i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        out.extend(((RUN, i), *rest) for rest in _suit_sets(tuple(c), runs))
    return tuple(out)


def _suit_splits(
    counts: tuple[int, ...], runs: bool
) -> list[tuple[int | None, tuple[tuple[str, int], ...]]]:
    """(pair rank or None, sets sorted) for one suit, with no pair or one pair, each once."""
    total = sum(counts)
    out: list[tuple[int | None, tuple[tuple[str, int], ...]]] = []
    if total % 3 == 0:
        out.extend((None, sets) for sets in _suit_sets(counts, runs))
    elif total % 3 == 2:
        for p, c in enumerate(counts):
            if c >= 2:
                rest = list(counts)
                rest[p] -= 2
                out.extend((p, sets) for sets in _suit_sets(tuple(rest), runs))
    return list(dict.fromkeys((pair, tuple(sorted(sets))) for pair, sets in out))


@value_class
class SuitSplit:
    """One way to read one suit's tiles: its pair (a tile id, or None), its runs and
    triplets, and in the winning tile's suit the triplets for each place the winning
    tile can take (`waits`; a triplet completed by ron is not concealed)."""

    pair: int | None
    runs: tuple[Group, ...]
    triplets: tuple[Group, ...]  # all concealed
    waits: tuple[tuple[str, tuple[Group, ...]], ...] = ()  # (wait, triplets), sorted


@lru_cache(maxsize=4096)
def _suit_readings(tiles: tuple[int, ...], lo: int) -> tuple[SuitSplit, ...]:
    """Every split of one suit's tiles (sorted ids, `lo` the suit's first).

    Suits split independently, and a file holds few distinct suit patterns, so
    this cache is hit far more often than one over whole hands would be; the
    groups a reading needs are made here once per pattern.
    """
    counts = [0] * (7 if lo == T.EAST else 9)
    for t in tiles:
        counts[t - lo] += 1
    out = []
    for p, sets in _suit_splits(tuple(counts), lo < T.EAST):
        runs = tuple(_group(RUN, lo + r) for kind, r in sets if kind == RUN)
        triplets = tuple(_group(TRIPLET, lo + r) for kind, r in sets if kind == TRIPLET)
        out.append(SuitSplit(None if p is None else lo + p, runs, triplets))
    return tuple(out)


_NO_TILES = (SuitSplit(None, (), ()),)  # a suit the concealed tiles do not hold


@lru_cache(maxsize=4096)
def _winning_suit(tiles: tuple[int, ...], lo: int, win: int, tsumo: bool) -> tuple[SuitSplit, ...]:
    """The splits of the winning tile's suit, each with the places `win` can take in it."""
    return tuple(
        SuitSplit(s.pair, s.runs, s.triplets, _waits(s.pair, s.runs, s.triplets, win, tsumo))
        for s in _suit_readings(tiles, lo)
    )


def _waits(
    pair: int | None, runs: tuple[Group, ...], triplets: tuple[Group, ...], win: int, tsumo: bool
) -> tuple[tuple[str, tuple[Group, ...]], ...]:
    """(wait, triplets) for each place of the winning tile, sorted: the same line, the
    same readings."""
    placements: set[tuple[str, int]] = set()
    if pair == win:
        placements.add((TANKI, -1))
    for g in triplets:
        if g.tile == win:
            placements.add((SHANPON, g.tile))
    for g in runs:
        if g.tile <= win <= g.tile + 2:
            placements.add((_run_wait(g.tile, win), g.tile))
    out = []
    for wait, where in sorted(placements):
        if wait == SHANPON and not tsumo:  # completed by ron: that triplet is not concealed
            out.append(
                (wait, tuple(_group(TRIPLET, g.tile, concealed=g.tile != where) for g in triplets))
            )
        else:
            out.append((wait, triplets))
    return tuple(out)


@lru_cache(maxsize=512)
def _group(kind: str, tile: int, concealed: bool = True, called: bool = False) -> Group:
    """A set as a frozen value, made once and shared by every reading that has it."""
    return Group(kind, tile, called, concealed)


_SUITS = ((0, 9), (9, 18), (18, 27), (27, 34))


def _run_wait(start: int, win: int) -> str:
    if win == start + 1:
        return KANCHAN
    pos = start % 9
    if (win == start + 2 and pos == 0) or (win == start and pos == 6):
        return PENCHAN
    return RYANMEN


def meld_group(m: Meld) -> Group:
    """The set a declared meld is, in every reading (called, or a concealed kan)."""
    if m.is_run:
        return _group(RUN, m.tiles[0], concealed=False, called=True)
    kind = KAN if m.is_kan else TRIPLET
    return _group(kind, m.tiles[0], concealed=not m.is_open, called=m.is_open)


def readings(
    concealed: tuple[int, ...],
    melds: tuple[Meld, ...],
    win: int,
    tsumo: bool,
    shapes: frozenset[str] = frozenset(),
) -> list[Reading]:
    """Every reading of concealed + win with the melds; empty when the hand is not complete.

    `shapes` adds the shapes of LIMIT_ONLY_SHAPES that a ruleset has; NAGASHI
    replaces every reading, since a nagashi is not made of the tiles.
    """
    if NAGASHI in shapes:
        return [Reading(NAGASHI)]
    tiles = sorted((*concealed, win))
    out = _standard(tiles, melds, win, tsumo)
    if melds:
        return out
    kinds = set(tiles)  # seven pairs hold 7 kinds of tile, thirteen orphans only orphans,
    if len(kinds) == 7 or kinds <= T.TERMINALS_AND_HONORS:  # and unrelated tiles 13 kinds
        out.extend(_special(_counts(tiles), concealed, win))
    if UNRELATED in shapes and len(kinds) == 13:
        out.extend(_unrelated(_counts(tiles)))
    return out


def _counts(tiles: list[int]) -> tuple[int, ...]:
    counts = [0] * T.N_TILES
    for t in tiles:
        counts[t] += 1
    return tuple(counts)


def _standard(tiles: list[int], melds: tuple[Meld, ...], win: int, tsumo: bool) -> list[Reading]:
    """The readings as sets and a pair: one split per suit, and one wait in the winning
    tile's suit; groups in the order runs, then triplets (by tile), then the melds."""
    by_suit = []
    start = 0
    for lo, hi in _SUITS:
        end = bisect_left(tiles, hi, start)  # the tiles are sorted: each suit is a slice
        if lo <= win < hi:
            splits = _winning_suit(tuple(tiles[start:end]), lo, win, tsumo)
        else:
            splits = _suit_readings(tuple(tiles[start:end]), lo) if end > start else _NO_TILES
        if not splits:
            return []
        by_suit.append(splits)
        start = end
    w = T.suit(win)  # the index of the winning tile's suit in _SUITS
    meld_groups = tuple(meld_group(m) for m in melds)
    n_sets = 4 - len(melds)
    out = []
    for choice in product(*by_suit):
        pairs = [s.pair for s in choice if s.pair is not None]
        if len(pairs) != 1:
            continue
        runs = sum([split.runs for split in choice], ())
        triplets = [split.triplets for split in choice]
        for wait, won in choice[w].waits:  # the winning tile's suit: its triplets per wait
            triplets[w] = won
            groups = runs + sum(triplets, ()) + meld_groups
            if len(groups) - len(meld_groups) == n_sets:
                out.append(Reading(STANDARD, groups, pairs[0], wait=wait))
    return out


def _unrelated(counts: tuple[int, ...]) -> list[Reading]:
    """十三不搭: one pair, and no two other tiles that could ever join a set.

    Within a suit every two different tiles are at least three ranks apart;
    honours are related only to themselves.
    """
    pairs = [t for t, c in enumerate(counts) if c == 2]
    if len(pairs) != 1 or any(c > 2 for c in counts):
        return []
    held = [t for t, c in enumerate(counts) if c and t < 27]
    if any(b - a < 3 and b // 9 == a // 9 for a, b in zip(held, held[1:], strict=False)):
        return []
    return [Reading(UNRELATED, pair=pairs[0])]


def _special(counts: tuple[int, ...], concealed: tuple[int, ...], win: int) -> list[Reading]:
    pairs = tuple(t for t, c in enumerate(counts) if c == 2)
    out = []
    if len(pairs) == 7:
        out.append(Reading(SEVEN_PAIRS, pairs=pairs, wait=TANKI))
    if all(counts[t] for t in ORPHAN_TILES) and sum(counts[t] for t in ORPHAN_TILES) == 14:
        before = set(concealed)
        wait = ORPHANS_13 if len(before) == 13 else TANKI
        pair = next(t for t in ORPHAN_TILES if counts[t] == 2)
        out.append(Reading(ORPHANS, pair=pair, wait=wait))
    return out
