"""Who pays whom: each payment a line with its reason; the lines sum to the deposits.

Amounts follow the riichi family: a ron is paid by the discarder (4 x base,
6 x base for the dealer), a tsumo by everybody (dealer 2 x base, others
1 x base; a dealer's tsumo 2 x base each). Liability (包) moves the liable
yakuman's share onto the liable player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..result import SEATS, Payment
from .points import round_100


@dataclass(frozen=True, slots=True)
class WinSide:
    """The facts payments need: who won, how, and from whom."""

    winner: str
    tsumo: bool
    discarder: str | None  # seat, or None when the ron's discarder is unknown
    honba: int
    sticks: int


def _ron_total(base: int, dealer: bool, params: dict[str, Any]) -> int:
    return round_100(base * (params["dealer_ron"] if dealer else params["nondealer_ron"]))


def hand_payments(base: int, side: WinSide, params: dict[str, Any]) -> list[Payment]:
    """The hand's own value, before honba and deposits."""
    dealer = side.winner == "E"
    if not side.tsumo:
        return [Payment(side.discarder, side.winner, _ron_total(base, dealer, params), "ron")]
    out = []
    for seat in SEATS:
        if seat == side.winner:
            continue
        share = 2 * base if (dealer or seat == "E") else base
        out.append(Payment(seat, side.winner, round_100(share), "tsumo"))
    return out


def honba_payments(side: WinSide, params: dict[str, Any], payer: str | None = None
                   ) -> list[Payment]:
    """Counters: 300 each from the discarder on ron, 100 each from every payer on tsumo."""
    if not side.honba:
        return []
    if payer is not None or not side.tsumo:
        who = payer if payer is not None else side.discarder
        return [Payment(who, side.winner, params["honba_ron"] * side.honba,
                        f"honba ×{side.honba}")]
    return [Payment(s, side.winner, params["honba_tsumo"] * side.honba, f"honba ×{side.honba}")
            for s in SEATS if s != side.winner]


def deposit_payments(side: WinSide, params: dict[str, Any]) -> list[Payment]:
    if not side.sticks:
        return []
    return [Payment("table", side.winner, params["deposit"] * side.sticks,
                    f"riichi deposits ×{side.sticks}")]


def liable_payments(total_base: int, liable_base: int, liable: str, side: WinSide,
                    params: dict[str, Any]) -> list[Payment]:
    """Payments when `liable` answers for `liable_base` of the hand's base points.

    Tsumo: the liable player pays that share as if they had dealt in; the rest
    is paid as an ordinary tsumo. Ron by someone else: the liable share is
    split half and half between the liable player and the discarder, who also
    pays the rest. The liable player pays the honba (as Tenhou does).
    """
    dealer = side.winner == "E"
    rest = total_base - liable_base
    out: list[Payment] = []
    if side.tsumo:
        out.append(Payment(liable, side.winner, _ron_total(liable_base, dealer, params),
                           "liability"))
        if rest:
            out.extend(hand_payments(rest, side, params))
    elif side.discarder == liable:
        out.append(Payment(liable, side.winner, _ron_total(total_base, dealer, params), "ron"))
    else:
        share = _ron_total(liable_base, dealer, params)
        half = round_100(share / 2)
        out.append(Payment(liable, side.winner, half, "liability (half)"))
        out.append(Payment(side.discarder, side.winner,
                           share - half + (_ron_total(rest, dealer, params) if rest else 0),
                           "ron"))
    out.extend(honba_payments(side, params, payer=liable))
    return out


def net_of(payments: list[Payment]) -> dict[str, int]:
    """Each seat's change; 'table' (deposits) and unknown payers are not seats."""
    net = dict.fromkeys(SEATS, 0)
    for p in payments:
        net[p.payee] += p.amount
        if p.payer in net:
            net[p.payer] -= p.amount
    return net
