"""Every reading of a hand: which sets, which pair, and where the winning tile sat.

The split of concealed tiles into sets is cached by their counts, because
the same concealed shapes recur across a file of hands and the search is the
costly part of scoring.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from . import tiles as T
from .hand import Meld
from .values import Value

RUN, TRIPLET, KAN = "run", "triplet", "kan"
STANDARD, SEVEN_PAIRS, ORPHANS = "standard", "seven-pairs", "thirteen-orphans"
RYANMEN, KANCHAN, PENCHAN, TANKI, SHANPON = "ryanmen", "kanchan", "penchan", "tanki", "shanpon"
ORPHANS_13 = "thirteen-sided"
# Shapes only some rulesets have, asked for through `readings(shapes=...)`: a win
# only through a limit yaku of their own (WEB TILE's 十三不搭 and 幺九振切), so no
# other yaku is looked for in them.
UNRELATED, NAGASHI = "thirteen-unrelated", "nagashi"
LIMIT_ONLY_SHAPES = frozenset((UNRELATED, NAGASHI))

ORPHAN_TILES = tuple(sorted(T.TERMINALS_AND_HONORS))


@dataclass(slots=True)  # not frozen: built in the hot loop, 4x cheaper
class Group(Value):
    """One set of a reading. `concealed` is what sanankou counts; `called` is a meld."""

    kind: str  # RUN | TRIPLET | KAN
    tile: int  # the lowest tile
    called: bool = False  # an open meld (chi, pon, kan, kakan)
    concealed: bool = True  # concealed triplet/kan in the yaku sense (ron-completed: False)
    meld: Meld | None = None

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == RUN:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == KAN else 3)

    def text(self) -> str:
        """mpsz of the set ("234m", "5555p"): made for every reading, so without sorting."""
        name = T.name(self.tile)
        if self.kind == RUN:
            return f"{name[0]}{int(name[0]) + 1}{int(name[0]) + 2}{name[1]}"
        return name[0] * (4 if self.kind == KAN else 3) + name[1]


@dataclass(slots=True)  # not frozen: built in the hot loop
class Reading(Value):
    shape: str
    groups: tuple[Group, ...] = ()
    pair: int | None = None
    pairs: tuple[int, ...] = ()  # seven pairs
    wait: str = TANKI

    def text(self) -> str:
        """The reading as a player would say it: '234m 567p 22s ...' (wait in brackets)."""
        if self.shape == SEVEN_PAIRS:
            return " ".join(T.group_text((p, p)) for p in self.pairs) + f" [{self.wait}]"
        if self.shape == ORPHANS:
            return f"thirteen orphans [{self.wait}]"
        if self.shape == UNRELATED:
            return f"thirteen unrelated tiles with the pair {T.group_text((self.pair, self.pair))}"
        if self.shape == NAGASHI:
            return "nagashi: scored from the discards, not from the tiles"
        parts = []
        for g in self.groups:
            text = g.text()
            parts.append(f"({text})" if g.called else text)
        parts.append(T.group_text((self.pair, self.pair)))
        return " ".join(parts) + f" [{self.wait}]"


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


@lru_cache(maxsize=4096)
def _suit_splits(counts: tuple[int, ...], runs: bool
                 ) -> tuple[tuple[int | None, tuple[tuple[str, int], ...]], ...]:
    """(pair rank or None, sets) for one suit, with no pair or one pair.

    Suits split independently, and a file holds few distinct suit patterns, so
    this cache is hit far more often than one over whole hands would be.
    """
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
    return tuple(out)


_SUITS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def _standard_splits(counts: tuple[int, ...]) -> list[tuple[int, tuple]]:
    """(pair, sets) for every standard split of the concealed tiles, duplicates removed."""
    combos: list[tuple[int | None, list[tuple[str, int]]]] = [(None, [])]
    for lo, hi, runs in _SUITS:
        options = _suit_splits(counts[lo:hi], runs)
        if not options:
            return []
        combos = [(pair if p is None else lo + p, [*sets, *((k, lo + r) for k, r in more)])
                  for pair, sets in combos for p, more in options
                  if pair is None or p is None]
    out = []
    seen = set()
    for pair, sets in combos:
        if pair is None:
            continue
        key = (pair, tuple(sorted(sets)))
        if key not in seen:
            seen.add(key)
            out.append(key)
    return out


def _run_wait(start: int, win: int) -> str:
    if win == start + 1:
        return KANCHAN
    pos = start % 9
    if (win == start + 2 and pos == 0) or (win == start and pos == 6):
        return PENCHAN
    return RYANMEN


def _meld_group(m: Meld) -> Group:
    if m.is_run:
        return Group(RUN, m.tiles[0], called=True, concealed=False, meld=m)
    kind = KAN if m.is_kan else TRIPLET
    return Group(kind, m.tiles[0], called=m.is_open, concealed=not m.is_open, meld=m)


def readings(concealed: tuple[int, ...], melds: tuple[Meld, ...], win: int,
             tsumo: bool, shapes: frozenset[str] = frozenset()) -> list[Reading]:
    """Every reading of concealed + win with the melds; empty when the hand is not complete.

    `shapes` adds the shapes of LIMIT_ONLY_SHAPES that a ruleset has; NAGASHI
    replaces every reading, since a nagashi is not made of the tiles.
    """
    if NAGASHI in shapes:
        return [Reading(NAGASHI)]
    counts = [0] * T.N_TILES
    for t in concealed:
        counts[t] += 1
    counts[win] += 1
    key = tuple(counts)
    out: list[Reading] = []
    meld_groups = tuple(_meld_group(m) for m in melds)
    n_sets = 4 - len(melds)
    for pair, sets in _standard_splits(key):
        if len(sets) != n_sets:
            continue
        placements: set[tuple[str, int]] = set()
        if pair == win:
            placements.add((TANKI, -1))
        for kind, tile in sets:
            if kind == TRIPLET and tile == win:
                placements.add((SHANPON, tile))
            elif kind == RUN and tile <= win <= tile + 2:
                placements.add((_run_wait(tile, win), tile))
        plain: tuple[Group, ...] | None = None  # the groups when no triplet was completed by ron
        for wait, where in sorted(placements):  # sorted: the same line, the same reading
            if wait == SHANPON and not tsumo:
                groups = tuple(Group(kind, tile, concealed=kind != TRIPLET or tile != where)
                               for kind, tile in sets) + meld_groups
            else:
                if plain is None:
                    plain = tuple(Group(kind, tile) for kind, tile in sets) + meld_groups
                groups = plain
            out.append(Reading(STANDARD, groups, pair, wait=wait))
    if not melds:
        out.extend(_special(key, concealed, win))
        if UNRELATED in shapes:
            out.extend(_unrelated(key))
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
