"""Standard riichi yaku (and the yakuman) as predicates over HandFacts.

The patterns that European hands share (the flags, one suit, the yakuman
shapes) are the predicates of yaku/shapes.py, registered here under their
riichi keys.
"""

from __future__ import annotations

from ..base import tiles as T
from ..core.decompose import ORPHANS_13, RYANMEN, TANKI
from ..core.facts import HandFacts
from ..core.hand import DECLARED_RIICHI
from . import shapes as S
from .registry import yaku


def flag_yaku(key: str, flag: str, doc: str) -> None:
    """Situational yaku that a flag of the line states directly."""
    yaku(key, needs_flag=flag)(S.flag(flag, doc))


flag_yaku("ippatsu", "ippatsu", "Won within one go-around after riichi, with no call between.")
flag_yaku("double_riichi", "double-riichi", "Riichi declared on the first discard.")
yaku("haitei", needs_flag="haitei")(S.haitei)
flag_yaku("houtei", "houtei", "Ron on the last discard.")
yaku("rinshan", needs_flag="rinshan")(S.rinshan)
yaku("chankan", needs_flag="chankan")(S.chankan)
yaku("tenhou", needs_flag="tenhou")(S.tenhou)
flag_yaku("chiihou", "chiihou", "A non-dealer's tsumo on the first draw, no call made before.")
flag_yaku("renhou", "renhou", "A non-dealer's ron before their first draw, no call made before.")


@yaku("riichi")
def riichi(f: HandFacts) -> int:
    """Declared ready with a closed hand (double riichi and open riichi include it)."""
    return int(not f.flags.isdisjoint(DECLARED_RIICHI))


@yaku("menzen_tsumo", gate="tsumo", conditions=("closed", "tsumo"))
def menzen_tsumo(f: HandFacts) -> int:
    """Self-drawn win with a closed hand."""
    return int(f.closed and f.tsumo)


@yaku(
    "pinfu",
    gate="runs3",
    conditions=("two_sided_wait", "plain_pair", "closed", "option:tsumo_pinfu"),
)
def pinfu(f: HandFacts) -> int:
    """Four runs, a pair worth no fu, won on a two-sided wait.

    Whether an open hand counts is ruleset data (han_open); a tsumo counts only
    when closed and the ruleset's `tsumo_pinfu` switch (option or parameter) allows it.
    """
    return int(
        f.standard
        and len(f.runs) == 4
        and f.wait == RYANMEN
        and f.pair not in f.value_tiles()
        and (not f.tsumo or f.closed and f.options["tsumo_pinfu"])
    )


@yaku("iipeikou", gate="runs2", conditions=("closed",))
def iipeikou(f: HandFacts) -> int:
    """Two identical runs in a closed hand."""
    return int(len(f.runs) >= 2 and f.identical_run_pairs() >= 1)


@yaku("ryanpeikou", gate="runs3", conditions=("closed",))
def ryanpeikou(f: HandFacts) -> int:
    """Two pairs of identical runs in a closed hand."""
    return int(len(f.runs) == 4 and f.identical_run_pairs() == 2)


@yaku("tanyao", gate="no_terminal_or_honor", conditions=("closed", "option:open_tanyao"))
def tanyao(f: HandFacts) -> int:
    """Only simples (2-8); open only where the open_tanyao option allows it."""
    if not f.no_terminal_or_honor:
        return 0
    return int(f.closed or f.options["open_tanyao"])


def yakuhai(key: str, tile_of, doc: str) -> None:
    """One factory for every value-honour set: dragons, seat wind, round wind."""

    def check(f: HandFacts) -> int:
        return int(tile_of(f) in f.triplets)

    check.__doc__ = doc
    yaku(key, gate="honour_sets")(check)


yakuhai("haku", lambda f: T.WHITE, "A set of white dragons.")
yakuhai("hatsu", lambda f: T.GREEN, "A set of green dragons.")
yakuhai("chun", lambda f: T.RED, "A set of red dragons.")
yakuhai("seat_wind", lambda f: f.seat_wind, "A set of the player's own seat wind.")
yakuhai("round_wind", lambda f: f.round_wind, "A set of the round (prevailing) wind.")


@yaku("chiitoitsu", gate="seven_pairs")
def chiitoitsu(f: HandFacts) -> int:
    """Seven distinct pairs."""
    return int(f.seven_pairs)


def _three_suits(key: str, kind: str, ranks: int, doc: str) -> None:
    """Factory: the same run (or triplet) of one number in man, pin and sou."""

    def check(f: HandFacts) -> int:
        starts = f.runs if kind == "run" else f.triplets  # at most four: a list is quick
        if len(starts) < 3:
            return 0
        return int(any(r < ranks and r + 9 in starts and r + 18 in starts for r in starts))

    check.__doc__ = doc
    yaku(key, gate="runs3" if kind == "run" else "triplets3")(check)


_three_suits("sanshoku", "run", 7, "The same run in all three suits.")
_three_suits("sanshoku_doukou", "triplet", 9, "The same number as a triplet in all three suits.")


@yaku("ittsu", gate="runs3")
def ittsu(f: HandFacts) -> int:
    """1-2-3, 4-5-6 and 7-8-9 of one suit."""
    runs = f.runs  # at most four: a list is quick
    if len(runs) < 3:
        return 0
    return int(any(s % 9 == 0 and s + 3 in runs and s + 6 in runs for s in runs))


def _outside(f: HandFacts, allowed: frozenset[int]) -> bool:
    """Every set and the pair hold a tile of `allowed`, with at least one run."""
    if not f.standard or not f.runs or f.pair not in allowed:
        return False
    return (
        all(t in allowed for t in f.triplets)  # a triplet or kan: one tile, three times
        and all(r in allowed or r + 1 in allowed or r + 2 in allowed for r in f.runs)
    )


@yaku("chanta", gate="outside_pair")
def chanta(f: HandFacts) -> int:
    """Every set and the pair hold a terminal or honour; at least one run."""
    return int(_outside(f, T.TERMINALS_AND_HONORS))


@yaku("junchan", gate="outside_pair")
def junchan(f: HandFacts) -> int:
    """Every set and the pair hold a terminal; no honours; at least one run."""
    return int(_outside(f, T.TERMINALS))


@yaku("toitoi", gate="triplets3")
def toitoi(f: HandFacts) -> int:
    """Four triplets or kans."""
    return int(f.standard and len(f.triplets) == 4)


@yaku("sanankou", gate="triplets3", conditions=("tsumo",))
def sanankou(f: HandFacts) -> int:
    """Three concealed triplets or kans (a triplet completed by ron is not concealed)."""
    return int(f.standard and f.concealed_triplets >= 3)


@yaku("sankantsu", gate="triplets3")
def sankantsu(f: HandFacts) -> int:
    """Three kans."""
    return int(f.kans == 3)


@yaku("honroutou", gate="all_terminal_or_honor")
def honroutou(f: HandFacts) -> int:
    """Only terminals and honours (sets or seven pairs)."""
    return int(not f.orphans and f.all_terminal_or_honor)


@yaku("shousangen", gate="honour_sets")
def shousangen(f: HandFacts) -> int:
    """Two dragon sets and a dragon pair."""
    return int(f.pair in T.DRAGONS and sum(d in f.triplets for d in T.DRAGONS) == 2)


honitsu = yaku("honitsu", gate="one_suit")(S.half_one_suit)
chinitsu = yaku("chinitsu", gate="one_suit")(S.pure_one_suit)


@yaku("kokushi", gate="orphans")
def kokushi(f: HandFacts) -> int:
    """Thirteen orphans: one of each terminal and honour plus a pair of one."""
    return int(S.thirteen_orphans(f) and f.wait != ORPHANS_13)


@yaku("kokushi_13", gate="orphans", conditions=("thirteen_sided_wait",))
def kokushi_13(f: HandFacts) -> int:
    """Thirteen orphans won on the thirteen-sided wait."""
    return int(S.thirteen_orphans(f) and f.wait == ORPHANS_13)


@yaku("suuankou", gate="triplets3", conditions=("tsumo",))
def suuankou(f: HandFacts) -> int:
    """Four concealed triplets or kans."""
    return int(f.standard and f.concealed_triplets == 4 and f.wait != TANKI)


@yaku("suuankou_tanki", gate="triplets3", conditions=("pair_wait",))
def suuankou_tanki(f: HandFacts) -> int:
    """Four concealed triplets won on the pair wait."""
    return int(f.standard and f.concealed_triplets == 4 and f.wait == TANKI)


daisangen = yaku("daisangen", gate="triplets3")(S.three_dragons)


@yaku("shousuushii", gate="triplets3")
def shousuushii(f: HandFacts) -> int:
    """Three wind sets and a wind pair."""
    return int(f.pair in T.WINDS and S.wind_sets(f) == 3)


daisuushii = yaku("daisuushii", gate="triplets3")(S.four_winds)
tsuuiisou = yaku("tsuuiisou", gate="all_terminal_or_honor")(S.all_honours)
ryuuiisou = yaku("ryuuiisou", gate="one_suit")(S.all_green)
chinroutou = yaku("chinroutou", gate="all_terminal_or_honor")(S.all_terminals)


@yaku("chuuren", gate="one_suit")
def chuuren(f: HandFacts) -> int:
    """Nine gates: 1112345678999 of one suit plus any tile of that suit, closed."""
    return int(S.nine_gates(f) and not _pure(f))


@yaku("junsei_chuuren", gate="one_suit")
def junsei_chuuren(f: HandFacts) -> int:
    """Nine gates won on the nine-sided wait (1112345678999 before the winning tile)."""
    return int(S.nine_gates(f) and _pure(f))


def _pure(f: HandFacts) -> bool:
    before = S.nine_gates_ranks(f)
    assert before is not None and f.win_tile is not None  # a riichi reading's winning tile
    before[f.win_tile % 9] -= 1
    return before == [3, 1, 1, 1, 1, 1, 1, 1, 3]


suukantsu = yaku("suukantsu", gate="triplets3")(S.four_kans)
