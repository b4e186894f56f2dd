"""Who pays whom: each payment a line with its reason; the lines sum to the deposits.

Amounts follow the riichi family: a ron is paid by the discarder (4 x base,
6 x base for the dealer), a tsumo by everybody else at the table (dealer 2 x base,
others 1 x base; a dealer's tsumo 2 x base each). Who "everybody" is comes from
the ruleset's seats (`WinSide.seats`), never from a fixed four. Liability (包) moves
the liable yakuman's share onto the liable player.
"""

from __future__ import annotations

from functools import lru_cache

from ..base.frozen import value_class
from ..core.result import SEATS, Payment
from ..rulesets.params import Params
from .points import round_up


@value_class(frozen=False)
class WinSide:
    """The facts payments need: who won, how, and from whom."""

    winner: str
    tsumo: bool
    discarder: str | None  # seat, or None when the ron's discarder is unknown
    honba: int
    sticks: int
    sole_payer: str | None = None  # a two-player game: the one opponent pays everything
    seats: tuple[str, ...] = SEATS  # the table's seats (Ruleset.seats), in turn order
    # three players: nobody pays the empty North seat's share of a tsumo (ツモ損); False:
    # the two payers split it, half each (option tsumo_loss=off)
    tsumo_loss: bool = True


@lru_cache(maxsize=2048, typed=True)  # typed: an amount of 1000 is never 1000.0
def payment(
    payer: str | None,
    payee: str,
    amount: int,
    reason: str,
    count: int | None = None,
    key: str = "",
) -> Payment:
    """One payment line, made once: a payment is a frozen value, and a file repeats a few
    hundred of them (the 1,000 ron from the left, the 300 of one honba, ...). Its label is
    the words of `key` (core.phrases.PAYMENT; the reason by default) with the count."""
    return Payment.of(payer, payee, amount, reason, count, key)


def _round(x: int | float, params: Params) -> int:
    """Each payer's amount, rounded up to the ruleset's unit (riichi: 100)."""
    return round_up(x, params.payment_unit)


def _ron_total(base: int, dealer: bool, params: Params) -> int:
    return _round(base * (params.dealer_ron if dealer else params.nondealer_ron), params)


def hand_payments(base: int, side: WinSide, params: Params) -> list[Payment]:
    """The hand's own value, before honba and deposits."""
    dealer = side.winner == "E"
    if not side.tsumo:
        return [payment(side.discarder, side.winner, _ron_total(base, dealer, params), "ron")]
    if side.sole_payer:  # the one opponent pays a tsumo as if they had dealt in
        return [payment(side.sole_payer, side.winner, _ron_total(base, dealer, params), "tsumo")]
    double, single = _round(2 * base, params), _round(base, params)  # the dealer pays double
    if not side.tsumo_loss and len(side.seats) == 3:
        double, single = _split_north(base, dealer, params)
    return [
        payment(seat, side.winner, double if (dealer or seat == "E") else single, "tsumo")
        for seat in side.seats
        if seat != side.winner
    ]


def _split_north(base: int, dealer: bool, params: Params) -> tuple[int, int]:
    """(the dealer's or, on a dealer's win, each payer's share; a non-dealer payer's share)
    of a three-player tsumo without tsumo loss: the two payers split what North would have
    paid (base, or 2 x base from a dealer's win), each share rounded up once."""
    north = 2 * base if dealer else base
    return _round(2 * base + north / 2, params), _round(base + north / 2, params)


def hand_value(base: int, side: WinSide, params: Params) -> int:
    """What `hand_payments` adds up to, without making the payments (every reading is valued)."""
    dealer = side.winner == "E"
    if not side.tsumo or side.sole_payer:
        return _ron_total(base, dealer, params)
    others = len(side.seats) - 1
    double, single = _round(2 * base, params), _round(base, params)
    if not side.tsumo_loss and others == 2:
        double, single = _split_north(base, dealer, params)
    if dealer:
        return others * double
    return double + (others - 1) * single


def honba_payments(side: WinSide, params: Params, payer: str | None = None) -> list[Payment]:
    """Counters: 300 each from the discarder on ron, 100 each from every payer on tsumo."""
    if not side.honba:
        return []
    payer = payer if payer is not None else side.sole_payer
    if payer is not None or not side.tsumo:
        who = payer if payer is not None else side.discarder
        return [
            payment(
                who,
                side.winner,
                params.honba_ron * side.honba,
                "honba",
                side.honba,
            )
        ]
    return [
        payment(
            s,
            side.winner,
            params.honba_tsumo * side.honba,
            "honba",
            side.honba,
        )
        for s in side.seats
        if s != side.winner
    ]


def deposit_payments(side: WinSide, params: Params) -> list[Payment]:
    if not side.sticks:
        return []
    return [
        payment(
            "table",
            side.winner,
            params.deposit * side.sticks,
            "deposits",
            side.sticks,
        )
    ]


def liable_payments(
    total_base: int,
    liable_base: int,
    liable: str,
    side: WinSide,
    params: Params,
    tsumo_whole: bool = True,
) -> list[Payment]:
    """Payments when `liable` answers for `liable_base` of the hand's base points.

    Tsumo: the liable player pays the whole hand alone, as if they had dealt in,
    every yakuman of it and the honba (a real Tenhou record: daisangen + tsuuiisou
    by tsumo, the feeder of the third dragon paid 64,000 plus the honba). Ron by
    someone else: the liable share is split half and half between the liable
    player and the discarder, who also pays the rest. The honba on such a ron go
    to the liable player (Tenhou) or to the discarder (params.pao_honba_ron,
    WEB TILE: docs/rules/shiragiku.md §5). With `tsumo_whole` off (Mahjong Soul's
    option pao_share=liable_only) a tsumo makes the liable player pay only the
    liable share, as if they had dealt it in; the rest is an ordinary tsumo.
    """
    dealer = side.winner == "E"
    rest = total_base - liable_base
    out: list[Payment] = []
    honba_payer: str | None = liable
    if side.tsumo:
        out.append(
            payment(
                liable,
                side.winner,
                _ron_total(total_base if tsumo_whole else liable_base, dealer, params),
                "liability",
            )
        )
        if rest and not tsumo_whole:
            out.extend(hand_payments(rest, side, params))
    elif side.discarder == liable:
        out.append(payment(liable, side.winner, _ron_total(total_base, dealer, params), "ron"))
    else:
        share = _ron_total(liable_base, dealer, params)
        half = _round(share / 2, params)
        out.append(payment(liable, side.winner, half, "liability", key="liability_half"))
        out.append(
            payment(
                side.discarder,
                side.winner,
                share - half + (_ron_total(rest, dealer, params) if rest else 0),
                "ron",
            )
        )
        if params.pao_honba_ron == "discarder":
            honba_payer = side.discarder
    out.extend(honba_payments(side, params, payer=honba_payer))
    return out


def net_of(payments: list[Payment], seats: tuple[str, ...] = SEATS) -> dict[str, int]:
    """Each seat's change, one key per seat of the table in turn order; 'table'
    (deposits) and unknown payers are not seats."""
    net = dict.fromkeys(seats, 0)
    for p in payments:
        net[p.payee] += p.amount
        if p.payer in net:
            net[p.payer] -= p.amount
    return net
