"""Payments a ruleset adds on top of the hand's value (Kansai Boo's dora and closed-hand bonus).

Each extra is its own Payment line with its reason, so `value` stays the
hand's value and `net` includes everything (docs/output.md). The amounts are
ruleset params: with `dora_payments`, `dora_extra_ron` / `dora_extra_tsumo` per dora tile, and
`closed_bonus_ron` / `closed_bonus_tsumo` (paid when the option `closed_bonus`
is on). A ruleset without them gets no extras.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..base import tiles as T
from ..core.hand import Hand
from ..core.phrases import Phrase, phrase
from ..core.result import Payment, YakuMatch
from ..rulesets.params import Params
from .payments import WinSide, payment


def table_payments(
    side: WinSide,
    ron_amount: int,
    tsumo_each: int,
    reason: str,
    count: int | None = None,
    key: str = "",
) -> list[Payment]:
    """`ron_amount` from the discarder on a ron; `tsumo_each` from every other seat at the
    table on a tsumo (`key`: the words of the label, core.phrases.PAYMENT)."""
    if not side.tsumo:
        return [payment(side.discarder, side.winner, ron_amount, reason, count, key)]
    return [
        payment(s, side.winner, tsumo_each, reason, count, key)
        for s in side.seats
        if s != side.winner
    ]


def dora_count(
    line: Hand, indicators: tuple[int, ...] | None = None, absent: frozenset[int] = frozenset()
) -> int:
    """Dora tiles in the whole hand, melds included, for the dora indicators (or those
    given: the ura); a red five counts as its five. `absent`: the tiles the set does not
    have (three players: 2m-8m, so 1m indicates 9m). Each North set aside (kita) is a North
    of the hand for the count."""
    tiles = line.all_winner_tiles
    shown = line.ctx.dora if indicators is None else indicators
    after = _dora_of(absent)
    kita = line.ctx.kita
    return sum(tiles.count(after[i]) + (kita if after[i] == T.NORTH else 0) for i in shown)


@lru_cache(maxsize=8)
def _dora_of(absent: frozenset[int]) -> tuple[int, ...]:
    """The dora of each indicator in a set without the `absent` tiles, worked out once."""
    return tuple(T.dora_after(i, absent) for i in range(T.N_TILES))


def extra_payments(
    line: Hand,
    yaku: list[YakuMatch],
    yakuman: int,
    closed: bool,
    side: WinSide,
    params: Params,
    options: dict[str, Any],
) -> tuple[list[Payment], list[Phrase]]:
    """(payment lines, notes) of the ruleset's extras for this win."""
    out: list[Payment] = []
    notes: list[Phrase] = []
    if params.dora_payments and line.ctx.dora:
        n = dora_count(line)
        if n and options["open_dora_needs_yaku"] and not closed and not yaku:
            notes.append(phrase("note", "dora_not_paid", count=n))
        elif n:
            out += table_payments(
                side,
                params.dora_extra_ron * n,
                params.dora_extra_tsumo * n,
                "dora",
                n,
            )
    if options["closed_bonus"] and closed:
        out += table_payments(
            side,
            params.closed_bonus_ron,
            params.closed_bonus_tsumo,
            "bonus",
            key="closed_bonus",
        )
    result = options["yakuman_result"]
    if yakuman and result != "normal":  # a Boo game ends: its table is boo-result's
        from .boo_game import BY_YAKUMAN

        name, each = BY_YAKUMAN[result]
        notes.append(phrase("note", "yakuman_ends_game", result=result, name=name, each=each))
    return out, notes
