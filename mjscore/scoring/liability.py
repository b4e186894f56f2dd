"""Liability (包, pao) read from the meld sources: who fed the completing call.

Melds keep their call order in the line, so the liable player is the source
of the last called meld that completed the yakuman. A kakan stands where its
pon was called. A set that was never called (concealed or ankan) cannot make
anyone liable, so the completing set must be the last of the called ones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .. import tiles as T
from ..hand import SOURCE_WORDS, HandLine, Meld, seat_from


@dataclass(frozen=True, slots=True)
class LiableCall:
    seat: str
    yaku: str
    meld: Meld
    fed: str  # "the third dragon", "the fourth wind"


def _is_set_of(tiles: tuple[int, ...]) -> Callable[[Meld], bool]:
    return lambda m: not m.is_run and m.tiles[0] in tiles


_COMPLETERS: dict[str, tuple[Callable[[Meld], bool], int, str]] = {
    "daisangen": (_is_set_of(T.DRAGONS), 3, "the third dragon"),
    "daisuushii": (_is_set_of(T.WINDS), 4, "the fourth wind"),
    "suukantsu": (lambda m: m.is_kan, 4, "the fourth kan"),
}


def find_liable(line: HandLine, yaku_keys: set[str], pao: frozenset[str]
                ) -> tuple[list[LiableCall], list[str]]:
    """The liable calls among `yaku_keys`, and notes where a source marker is missing."""
    calls, notes = [], []
    winner = line.ctx.seat_wind
    for key in sorted(yaku_keys & pao & _COMPLETERS.keys()):
        belongs, needed, fed = _COMPLETERS[key]
        melds = [m for m in line.hand.melds if belongs(m)]
        if len(melds) < needed:
            continue  # a set was concealed: the last one was not necessarily fed
        last = melds[needed - 1]
        if not last.is_open:
            continue
        if last.source is None:
            notes.append(f"{key}: the source of {last.text()} is not written, so nobody is "
                         "liable (write - = or + after the meld)")
            continue
        calls.append(LiableCall(seat_from(winner, last.source), key, last, fed))
    return calls, notes


def describe(call: LiableCall, winner: str, tsumo: bool, discarder: str | None) -> str:
    """The rule in words, as the report shows it."""
    who = f"{call.seat} fed {call.fed} ({call.meld.text()} from {call.seat}, " \
          f"{SOURCE_WORDS[call.meld.source]})"
    if tsumo:
        return f"{who}: {call.seat} pays the {call.yaku} in full, as if they had dealt in"
    if discarder == call.seat:
        return f"{who}: {call.seat} dealt in too and pays all"
    disc = discarder or "the discarder"
    return f"{who}: {call.seat} pays half of the {call.yaku}, {disc} pays the other half"
