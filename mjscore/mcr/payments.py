"""Who pays what for a won MCR hand (spec 4.2): a base of 8 from everyone, plus the value.

On a discard (robbing a kong included) the discarder pays 8 + value and the other two
pay 8; on a self-draw each of the three pays 8 + value. Flowers are part of the value.
"""

from __future__ import annotations

from ..base.frozen import value_class
from ..base.tiles import SEATS

BASE = 8


@value_class(slots=False)
class McrPayments:
    """`ron` / `base` / `tsumo`: what one payer of that kind pays (0 when not applicable).

    `by_seat` maps every seat to its net result (winner positive, payers negative); it is
    empty for a discard win whose discarder is unknown.
    """

    ron: int
    base: int
    tsumo: int
    by_seat: dict[str, int]


def amounts(value: int) -> dict[str, int]:
    """What one payer of each kind pays for a hand worth `value`: the base of 8 from
    everyone, plus the value from the discarder or, on a self-draw, from each."""
    return {"ron": BASE + value, "base": BASE, "tsumo": BASE + value}


def shares(
    value: int,
    winner: str,
    tsumo: bool,
    discarder: str | None = None,
    seats: tuple[str, ...] = SEATS,
) -> list[tuple[str | None, int, str]]:
    """(payer, amount, kind) of each payment, the one rule of who pays: on a self-draw each
    of the other `seats` pays "tsumo"; on a discard the discarder pays "ron" and the others
    "base"; an unknown discarder (None) pays the ron alone, since whose the base payments
    are is unknown."""
    each = amounts(value)
    if tsumo:
        return [(s, each["tsumo"], "tsumo") for s in seats if s != winner]
    out: list[tuple[str | None, int, str]] = [(discarder, each["ron"], "ron")]
    if discarder is not None:
        out += [(s, each["base"], "base") for s in seats if s not in (winner, discarder)]
    return out


def payments(value: int, winner: str, tsumo: bool, discarder: str | None = None) -> McrPayments:
    """Payments for a hand worth `value` (fan total, flowers included)."""
    if winner not in SEATS or (discarder is not None and discarder not in SEATS):
        raise ValueError("seats are E, S, W or N")
    if discarder == winner:
        raise ValueError("the winner cannot be the discarder")
    by_seat: dict[str, int] = {}
    if tsumo or discarder is not None:
        owed = {payer: amount for payer, amount, _ in shares(value, winner, tsumo, discarder)}
        by_seat = {s: -owed[s] for s in SEATS if s in owed}
        by_seat[winner] = sum(owed.values())
    each = amounts(value)
    if tsumo:
        return McrPayments(0, 0, each["tsumo"], by_seat)
    return McrPayments(each["ron"], each["base"], 0, by_seat)
