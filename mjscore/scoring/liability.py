"""Liability (包, pao) read from the meld sources: who fed the completing call.

Melds keep their call order in the line, so the liable player is the source
of the last called meld that completed the yakuman. A kakan stands where its
pon was called. A set that was never called (concealed or ankan) cannot make
anyone liable, so the completing set must be the last of the called ones.
Suukantsu asks more: the fourth kan must be a daiminkan called on a discard
after three kans (an added kan is made from the player's own draw).
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import tiles as T
from ..base.frozen import value_class
from ..core.hand import KAN, SOURCE_WORDS, Hand, Meld, seat_from
from ..core.phrases import Phrase, phrase
from ..core.result import Liability


@value_class
class LiableCall:
    seat: str
    yaku: str  # the yaku key it answers for (counted_mangan: Arushal's 数満貫)
    meld: Meld
    fed: str  # what the call fed: a key of core.phrases.FED (third_dragon, fourth_wind)


def _is_set_of(tiles: tuple[int, ...]) -> Callable[[Meld], bool]:
    return lambda m: not m.is_run and m.tiles[0] in tiles


_COMPLETERS: dict[str, tuple[Callable[[Meld], bool], int, str]] = {
    "daisangen": (_is_set_of(T.DRAGONS), 3, "third_dragon"),
    "daisuushii": (_is_set_of(T.WINDS), 4, "fourth_wind"),
    "suukantsu": (lambda m: m.is_kan, 4, "fourth_kan"),
}
# The kind the completing meld must be, where any open set is not enough: the
# suukantsu pao is for "a daiminkan on a discard" (w.atwiki.jp/mahjlocal/pages/68.html:
# 三槓子 ... 大明槓された場合が該当); a kakan's fourth tile was the player's own draw.
_COMPLETED_BY: dict[str, str] = {"suukantsu": KAN}


def find_liable(
    line: Hand, yaku_keys: set[str], pao: frozenset[str], players: int = 4
) -> tuple[list[LiableCall], list[Phrase]]:
    """The liable calls among `yaku_keys`, and notes where a source marker is missing;
    the feeder's seat is found round a table of `players`."""
    calls: list[LiableCall] = []
    notes: list[Phrase] = []
    winner = line.ctx.seat_wind
    for key in sorted(yaku_keys & pao & _COMPLETERS.keys()):
        belongs, needed, fed = _COMPLETERS[key]
        melds = [m for m in line.holding.melds if belongs(m)]
        if len(melds) < needed:
            continue  # a set was concealed: the last one was not necessarily fed
        last = melds[needed - 1]
        if not last.is_open or _COMPLETED_BY.get(key, last.kind) != last.kind:
            continue
        if last.source is None:
            notes.append(phrase("note", "liable_source_missing", yaku=key, meld=last.text()))
            continue
        calls.append(LiableCall(seat_from(winner, last.source, players), key, last, fed))
    return calls, notes


def describe(
    call: LiableCall,
    answered: tuple[str, ...],
    tsumo: bool,
    discarder: str | None,
    share: str = "",
) -> Liability:
    """The liability of the call's seat for the `answered` yaku: its rule a key of
    core.phrases.LIABILITY and its values; `share` says what the liable player answers for
    when the hand holds other yakuman too (option pao_share): "whole" or "yakuman_only"."""
    if discarder == call.seat and not tsumo:
        key = "dealt_in"
    elif share == "yakuman_only":
        key = "tsumo_yakuman_only" if tsumo else "ron_half_yakuman_only"
    elif tsumo:
        key = "tsumo_whole"
    else:
        key = "ron_half_whole_hand" if share else "ron_half"
    return Liability.of(
        call.seat,
        answered,
        key,
        seat=call.seat,
        fed=call.fed,
        meld=call.meld.text(),
        source=SOURCE_WORDS[call.meld.source or ""],
        yaku=call.yaku,
        discarder=discarder,
        han=MANGAN_YAKUHAI_HAN,
    )


# -- Arushal (Shiragiku): 数満貫, 大三元 and 四喜和 --------------------------------------------

MANGAN_YAKUHAI_HAN = 4  # exposed yakuhai han that make a counted mangan (数満貫)


def _yakuhai_han(tile: int, seat: int, rnd: int) -> int:
    """A yakuhai set's han: 1 per dragon, seat wind or round wind; 2 for 連風牌."""
    return int(tile in T.DRAGONS) + int(tile == seat) + int(tile == rnd)


def _yakuhai_key(tile: int, seat: int, rnd: int) -> str:
    """The yaku key a yakuhai set scores under (dragons, 連風牌, seat or round wind)."""
    if tile in T.DRAGONS:
        return ("haku", "hatsu", "chun")[T.DRAGONS.index(tile)]
    if tile == seat == rnd:
        return "double_wind"
    return "seat_wind" if tile == seat else "round_wind"


def find_arushal_liable(
    line: Hand, yaku_keys: set[str]
) -> tuple[LiableCall | None, list[Phrase], tuple[str, ...]]:
    """The one liable call under Shiragiku's Arushal rule, the notes, and the yaku it answers for.

    The yakuman rules come first (大三元: the third dragon called after two dragon
    sets were on the table; 四喜和: the fourth wind after three), then 数満貫: the
    call that brings the winner's exposed yakuhai to 4 han. An ankan counts as an
    exposed set but never makes anyone liable. Four exposed yakuhai han are always
    a mangan (three honour sets give at least 40 fu), so no further check is needed.
    """
    wanted = set()
    if "daisangen" in yaku_keys:
        wanted.add("daisangen")
    if "suushii" in yaku_keys:
        wanted.add("daisuushii")  # only the four-set form: a pair cannot be called
    calls, notes = find_liable(line, wanted, frozenset(wanted))
    if calls:
        call = calls[0]
        key = "suushii" if call.yaku == "daisuushii" else call.yaku
        return LiableCall(call.seat, key, call.meld, call.fed), notes, (key,)
    seat, rnd = T.wind_tile(line.ctx.seat_wind), T.wind_tile(line.ctx.round_wind)
    han = 0
    counted: list[str] = []
    for meld in line.holding.melds:
        worth = 0 if meld.is_run else _yakuhai_han(meld.tiles[0], seat, rnd)
        if not worth:
            continue
        han += worth
        counted.append(_yakuhai_key(meld.tiles[0], seat, rnd))
        if han - worth < MANGAN_YAKUHAI_HAN <= han:
            if not meld.is_open:
                return None, notes, ()
            if meld.source is None:
                notes.append(phrase("note", "counted_mangan_source_missing", meld=meld.text()))
                return None, notes, ()
            return (
                LiableCall(
                    seat_from(line.ctx.seat_wind, meld.source),
                    "counted_mangan",
                    meld,
                    "yakuhai_han",
                ),
                notes,
                tuple(counted),
            )
    return None, notes, ()
