"""Local yaku of WEB TILE (seed 002) and of the Shiragiku riichi list it borrows.

Only the conditions live here; the values, which rulesets have them and
which option switches each one are in rulesets/webtile.toml. 一色三順 and
四喜和 are the predicates of yaku/shiragiku.py, shared with Arushal and Boo.
"""

from __future__ import annotations

from collections import Counter

from ..base import tiles as T
from ..core.decompose import NAGASHI, UNRELATED
from ..core.facts import HandFacts
from .registry import yaku
from .riichi import flag_yaku

PIN_1, PIN_5 = 9, 13  # tile ids of 1p and 5p
FLOWERS = frozenset(range(T.FLOWER_BASE, T.FLOWER_BASE + 4))  # 1f-4f
GREEN_SOU = frozenset((19, 20, 21, 23, 25))  # 2 3 4 6 8 s, without the green dragon
RED_TILES = frozenset((18, 22, 24, 26, T.RED))  # 1 5 7 9 s and the red dragon

flag_yaku("open_riichi", "open-riichi", "Riichi declared with the whole hand shown (公開立直).")
flag_yaku("kanburi", "kanburi", "Ron on the discard made right after a kan replacement draw.")
flag_yaku("paarenchan", "paarenchan", "The dealer's eighth win in a row (八連荘).")


@yaku("nagashi", needs_flag="nagashi")
def nagashi(f: HandFacts) -> int:
    """幺九振切: only terminals and honours discarded, none called, at the exhaustive draw."""
    return int(f.shape == NAGASHI)


@yaku("shiisan_puutaa", gate="tsumo")
def shiisan_puutaa(f: HandFacts) -> int:
    """十三不搭: thirteen unrelated tiles and one pair, by tsumo on the first draw (the flag
    first-turn, or the first-draw wins tenhou and chiihou, which this shape does not take)."""
    return int(
        f.shape == UNRELATED and f.tsumo and bool(f.flags & {"first-turn", "tenhou", "chiihou"})
    )


@yaku("hanakan")
def hanakan(f: HandFacts) -> int:
    """花槓: all four flowers held."""
    assert f.line is not None  # a riichi-family rule: every reading has its line
    return int(set(f.line.holding.flowers) >= FLOWERS)


@yaku("iiton_moyue", needs_flag="haitei")
def iiton_moyue(f: HandFacts) -> int:
    """一筒摸月: tsumo on the last wall tile, and that tile is 1p (it replaces 海底摸月)."""
    return int("haitei" in f.flags and f.win_tile == PIN_1)


@yaku("uuton_kaihou", needs_flag="rinshan")
def uuton_kaihou(f: HandFacts) -> int:
    """五筒開花: tsumo on a kan replacement tile that is 5p (it replaces 嶺上開花)."""
    return int("rinshan" in f.flags and f.win_tile == PIN_5)


def _runs_from(f: HandFacts, suit: int) -> list[int]:
    """Ranks (0-8) of the first tiles of this suit's runs, in order."""
    return sorted(r % 9 for r in f.runs if r // 9 == suit)


@yaku("shanron_shanchu", gate="runs3")
def shanron_shanchu(f: HandFacts) -> int:
    """双竜争珠: a pin pair; in man and in sou the same two runs over six numbers (234+567)."""
    if not f.standard or f.pair is None or T.suit(f.pair) != T.PIN:
        return 0
    man = _runs_from(f, T.MAN)
    return int(len(man) == 2 and man[1] == man[0] + 3 and _runs_from(f, T.SOU) == man)


@yaku("uumensai", gate="triplets3")
def uumensai(f: HandFacts) -> int:
    """五門斎: a set each of man, pin, sou and a dragon, and a pair of the seat wind."""
    trips = f.triplets
    return int(
        f.standard
        and len(trips) == 4
        and f.pair == f.seat_wind
        and sorted(T.suit(t) for t in trips if t < 27) == [T.MAN, T.PIN, T.SOU]
        and sum(t in T.DRAGONS for t in trips) == 1
    )


def _consecutive_sets(f: HandFacts, n: int) -> bool:
    """`n` sets of one suit in consecutive numbers (三連刻 3, 四連刻 4)."""
    trips = set(f.triplets)
    return f.standard and any(
        t < 27 and t % 9 + n <= 9 and all(t + k in trips for k in range(n)) for t in trips
    )


@yaku("sanrenkou", gate="triplets3")
def sanrenkou(f: HandFacts) -> int:
    """三連刻: three sets of one suit in consecutive numbers (555 666 777p)."""
    return int(_consecutive_sets(f, 3))


@yaku("suurenkou", gate="triplets3")
def suurenkou(f: HandFacts) -> int:
    """四連刻: four sets of one suit in consecutive numbers."""
    return int(_consecutive_sets(f, 4))


@yaku("isshoku_yonjun", gate="runs3")
def isshoku_yonjun(f: HandFacts) -> int:
    """一色四順: four identical runs."""
    return int(f.standard and 4 in Counter(f.runs).values())


@yaku("banryoku", gate="one_suit")
def banryoku(f: HandFacts) -> int:
    """万緑叢中一点紅: four sets of green bamboo (2 3 4 6 8 s) and a pair of red dragons."""
    return int(f.standard and f.pair == T.RED and all(set(g.tiles) <= GREEN_SOU for g in f.groups))


@yaku("benikujaku", gate="one_suit")
def benikujaku(f: HandFacts) -> int:
    """紅孔雀: only 1 5 7 9 of bamboo and the red dragon, as sets and a pair."""
    return int(f.standard and f.tile_set <= RED_TILES)


@yaku("daisharin", gate="one_suit")
def daisharin(f: HandFacts) -> int:
    """大車輪: seven pairs of pins on seven consecutive numbers, closed (any numbers)."""
    assert f.line is not None  # a riichi-family rule: every reading has its line
    counts = Counter(f.tiles)
    ranks = sorted(counts)
    return int(
        not f.line.holding.melds
        and len(counts) == 7
        and set(counts.values()) == {2}
        and all(T.suit(t) == T.PIN for t in ranks)
        and ranks[-1] - ranks[0] == 6
    )


@yaku("hyakumangoku", gate="one_suit")
def hyakumangoku(f: HandFacts) -> int:
    """百万石: only man, and the numbers of all the tiles add up to 100 or more."""
    return int(all(T.suit(t) == T.MAN for t in f.tiles) and sum(T.rank(t) for t in f.tiles) >= 100)


@yaku("fuukasetsugetsu", gate="triplets3")
def fuukasetsugetsu(f: HandFacts) -> int:
    """風花雪月: sets of the seat wind (風), 5p (花), white (雪) and 1p (月)."""
    return int(f.standard and {f.seat_wind, PIN_5, T.WHITE, PIN_1} <= set(f.triplets))
