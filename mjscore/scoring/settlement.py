"""Who pays whom under European rules (docs/rules/european.md §9): the winner is paid,
then the others settle.

Winner payments: every other player pays the winner's score, twice as much
when East pays or wins. Advanced system: each pair of non-winners settles the
difference of their scores, the higher collecting. East pays or receives
double the difference (`double_payment`), or East's score is doubled before
comparing (`double_score`, the seed's literal wording). Settling every pair is
what "the highest collects from each lower one, then the next" adds up to,
and it makes every payment have an opposite, so the lines always sum to zero.
The seats are the keys of `scores`, one per seat of the ruleset's table in turn order.
"""

from __future__ import annotations

from itertools import combinations

from ..base.frozen import value_class
from ..core.result import Payment

EAST = "E"
DOUBLE_PAYMENT, DOUBLE_SCORE = "double_payment", "double_score"


@value_class
class Terms:
    """How a deal settles: the options of docs/rules/european.md §9 that decide the payments."""

    advanced: bool = True
    mode: str = DOUBLE_PAYMENT
    settle_on_draw: bool = False
    winner_refund: bool = False
    east_factor: int = 2


def _factor(a: str, b: str, terms: Terms) -> int:
    return terms.east_factor if EAST in (a, b) else 1


def winner_payments(scores: dict[str, int], winner: str, terms: Terms) -> list[Payment]:
    """Each other seat pays the winner's score; East pays, or is paid, double."""
    out = []
    for seat in scores:
        if seat == winner or not scores[winner]:
            continue
        m = _factor(seat, winner, terms)
        key = "mahjong_east" if m > 1 else "mahjong"
        out.append(Payment.of(seat, winner, m * scores[winner], "mahjong", key=key, factor=m))
    return out


def pairwise(scores: dict[str, int], seats: list[str], terms: Terms) -> list[Payment]:
    """Every pair of `seats` settles the difference of their scores, the lower paying."""
    eff = dict(scores)
    if terms.mode == DOUBLE_SCORE and EAST in eff:
        eff[EAST] *= terms.east_factor
    turn = {s: i for i, s in enumerate(scores)}  # ties in turn order
    order = sorted(seats, key=lambda s: (-eff[s], turn[s]))
    out = []
    for high, low in combinations(order, 2):
        diff = eff[high] - eff[low]
        if not diff:
            continue
        m = _factor(high, low, terms) if terms.mode == DOUBLE_PAYMENT else 1
        paid = Payment.of(
            low,
            high,
            m * diff,
            "settlement",
            key="settlement_east" if m > 1 else "settlement",
            high=high,
            high_score=eff[high],
            low=low,
            low_score=eff[low],
            factor=m,
        )
        out.append(paid)
    return out


def refunds(scores: dict[str, int], winner: str, terms: Terms) -> list[Payment]:
    """The winner pays a loser who outscored him twice the difference (doubled with East)."""
    out = []
    for seat in scores:
        diff = scores[seat] - scores[winner]
        if seat != winner and diff > 0:
            m = 2 * _factor(seat, winner, terms)
            out.append(Payment.of(winner, seat, m * diff, "refund", seat=seat))
    return out


def among_players(scores: dict[str, int], winner: str | None, terms: Terms) -> list[Payment]:
    """What follows the winner's payments: the others settle (advanced system), a loser
    who outscored the winner is refunded (option), or on a draw all settle (option)."""
    if winner is None:
        if terms.advanced and terms.settle_on_draw:
            return pairwise(scores, list(scores), terms)
        return []
    out = []
    if terms.advanced:
        out += pairwise(scores, [s for s in scores if s != winner], terms)
    if terms.advanced and terms.winner_refund:  # the simple system pays the winner only
        out += refunds(scores, winner, terms)
    return out


def settle(scores: dict[str, int], winner: str | None, terms: Terms) -> list[Payment]:
    """All payments of a deal; `scores` holds every seat's score (capped), `winner` None
    for an exhaustive draw."""
    won = winner_payments(scores, winner, terms) if winner is not None else []
    return won + among_players(scores, winner, terms)
