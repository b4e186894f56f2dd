"""Hand patterns shared by the ruleset families, one predicate each.

A European special hand or double with the shape of a riichi yaku is the same
function, registered under both keys (yaku/riichi.py registers the yaku,
european/ the rows, doubles and special hands). Each reads only what every
`HandFacts` has: for a riichi reading and a European player alike. A European
winner is also asked with `reading` None (his tile content alone, where the
irregular shapes are found): a pattern that needs a winning shape says so.
"""

from __future__ import annotations

from ..base import tiles as T
from ..core.facts import HandFacts


def winning_shape(f: HandFacts) -> bool:
    """Any winning shape: sets and a pair, seven pairs or thirteen orphans (always true
    of a riichi reading; false for a European winner's bare tile content)."""
    return f.reading is not None


def flag(name: str, doc: str):
    """A pattern that a flag of the winner's line states directly."""

    def check(f: HandFacts) -> int:
        return int(name in f.flags and f.reading is not None)

    check.__doc__ = doc
    return check


haitei = flag("haitei", "Tsumo on the last tile of the wall.")
rinshan = flag("rinshan", "Tsumo on a kan replacement tile.")
chankan = flag("chankan", "Ron by robbing a kan.")
tenhou = flag("tenhou", "The dealer's hand is complete on the first draw.")


def pure_one_suit(f: HandFacts) -> int:
    """One suit, no honours."""
    return int(len(f.suits) == 1 and not f.has_honors)


def half_one_suit(f: HandFacts) -> int:
    """One suit with honours (judged only on a holding whose tiles are all known)."""
    return int(f.complete and len(f.suits) == 1 and f.has_honors)


def thirteen_orphans(f: HandFacts) -> int:
    """Thirteen orphans: one of each terminal and honour plus a pair of one."""
    return int(f.orphans)


def wind_sets(f: HandFacts) -> int:
    """How many wind sets (pungs or kongs) the reading has."""
    return sum(w in f.triplets for w in T.WINDS) if f.has_honors else 0


def four_winds(f: HandFacts) -> int:
    """Sets of all four winds."""
    return int(wind_sets(f) == 4)


def three_dragons(f: HandFacts) -> int:
    """Sets of all three dragons."""
    return int(f.has_honors and all(d in f.triplets for d in T.DRAGONS))


def all_honours(f: HandFacts) -> int:
    """Only honours."""
    return int(not f.suits and winning_shape(f))


def all_green(f: HandFacts) -> int:
    """Only green tiles: 2 3 4 6 8 of bamboo and the green dragon."""
    return int(f.tile_set <= T.GREEN_TILES and winning_shape(f))


def all_terminals(f: HandFacts) -> int:
    """Only terminals."""
    return int(f.tile_set <= T.TERMINALS and winning_shape(f))


def four_kans(f: HandFacts) -> int:
    """Four kans."""
    return int(f.kans == 4)


def nine_gates_ranks(f: HandFacts) -> list[int] | None:
    """Counts by rank 1-9 when the hand is one suit, nothing claimed (no meld at all)."""
    if f.line is None or f.line.holding.melds or len(f.suits) != 1 or f.has_honors:
        return None
    base = 9 * next(iter(f.suits))
    counts = [0] * 9
    for t in f.tiles:
        counts[t - base] += 1
    return counts


def nine_gates(f: HandFacts) -> int:
    """Nine gates: 1112345678999 of one suit plus any tile of that suit, closed."""
    counts = nine_gates_ranks(f)
    return int(
        counts is not None
        and counts[0] >= 3
        and counts[8] >= 3
        and all(c >= 1 for c in counts[1:8])
    )
