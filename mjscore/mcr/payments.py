"""Who pays what for a won MCR hand (spec 4.2): a base of 8 from everyone, plus the value.

On a discard (robbing a kong included) the discarder pays 8 + value and the other two
pay 8; on a self-draw each of the three pays 8 + value. Flowers are part of the value.
"""

from __future__ import annotations

from ..base.frozen import value_class
from ..base.tiles import WIND_LETTERS as SEATS

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


def payments(value: int, winner: str, tsumo: bool, discarder: str | None = None) -> McrPayments:
    """Payments for a hand worth `value` (fan total, flowers included)."""
    if winner not in SEATS or (discarder is not None and discarder not in SEATS):
        raise ValueError("seats are E, S, W or N")
    if discarder == winner:
        raise ValueError("the winner cannot be the discarder")
    if tsumo:
        by_seat = {s: -(BASE + value) for s in SEATS if s != winner}
        by_seat[winner] = 3 * (BASE + value)
        return McrPayments(0, 0, BASE + value, by_seat)
    by_seat = {}
    if discarder is not None:
        by_seat = {s: -BASE for s in SEATS if s != winner}
        by_seat[discarder] = -(BASE + value)
        by_seat[winner] = 3 * BASE + value
    return McrPayments(BASE + value, BASE, 0, by_seat)
