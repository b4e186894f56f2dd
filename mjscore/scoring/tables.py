"""The payment tables of each scheme, as numbers: what a hand pays under a ruleset,
computed by the scheme's own payment code (`mjscore table`; the reporter draws them).

Han x fu for the riichi family (its own limits, options and payments), points x doubles
for points-and-doubles rules (European), fan for MCR: `han_fu_table`, `points_table`,
`fan_table`, each a dict of numbers (what `mjscore table --format json` writes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.result import SEATS, Payment
from .payments import WinSide, hand_payments
from .points import base_points

if TYPE_CHECKING:
    from ..rulesets import Ruleset

FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
POINTS = (20, 30, 40, 50, 60, 70, 80, 90, 100)  # European: a winner has 20 for Mah-Jong
FANS = (8, 9, 10, 11, 12, 13, 14, 15, 16, 24, 32, 48, 64, 88)  # MCR: 8 is the minimum
MOST_HAN = 13  # the han of the last limit row ("13+")

Pay = dict[str, int]  # what one winner is paid: from whom, and the total


def _tsumo_pay(pays: list[Payment], dealer: bool) -> Pay:
    """A tsumo's payments by who pays: each other seat (dealer), or non-dealers and the
    dealer; in a two-player game the one opponent."""
    total = sum(p.amount for p in pays)
    if len(pays) == 1:
        return {"from_opponent": total, "total": total}
    if dealer:
        return {"from_each": pays[0].amount, "total": total}
    by_seat = {p.payer: p.amount for p in pays}
    return {"from_non_dealer": by_seat["W"], "from_dealer": by_seat["E"], "total": total}


def han_fu_pay(
    base: int, dealer: bool, ruleset: Ruleset, options: dict[str, Any]
) -> dict[str, Any]:
    """{"ron": amount, "tsumo": {...}} of a hand of `base` points, as the scoring code pays it
    at the ruleset's table (the last seat deals in)."""
    seats = ruleset.seats
    winner = "E" if dealer else "S"
    other = "S" if dealer else "E"
    sole = other if options["two_player"] else None
    loss = options["tsumo_loss"]  # three players: North's share unpaid, or split
    ron = WinSide(
        winner,
        False,
        other if sole else seats[-1],
        0,
        0,
        sole_payer=sole,
        seats=seats,
        tsumo_loss=loss,
    )
    tsumo = WinSide(winner, True, None, 0, 0, sole_payer=sole, seats=seats, tsumo_loss=loss)
    return {
        "ron": sum(p.amount for p in hand_payments(base, ron, ruleset.params)),
        "tsumo": _tsumo_pay(hand_payments(base, tsumo, ruleset.params), dealer),
    }


def _yaku_han(ruleset: Ruleset, *keys: str, closed: bool = True) -> int | None:
    """The han of these yaku together (None when the ruleset lacks one, or it is closed
    only and the hand open); a yaku superseded by an earlier one adds nothing (Arushal's
    seven pairs take no menzen tsumo)."""
    han, dropped = 0, set[str]()
    for key in keys:
        spec = ruleset.yaku.get(key)
        worth = None if spec is None else spec.han if closed else spec.han_open
        if spec is None or worth is None:
            return None
        if key not in dropped:
            han += worth
        dropped.update(spec.supersedes)
    return han


def least_han(fu: int, tsumo: bool, ruleset: Ruleset, options: dict[str, Any]) -> int | None:
    """The fewest han a win of `fu` by ron or tsumo can have, or None when it cannot be had.

    Read from the ruleset: 20 fu is a ron only where an open pinfu stays at 20 (Arushal),
    a tsumo only with tsumo pinfu (pinfu + menzen tsumo); 25 fu is seven pairs, where they
    are worth 25 fu. Every han counts the field han (Kansai Boo)."""
    params = ruleset.params
    if fu == 20 and not tsumo:
        yaku = _yaku_han(ruleset, "pinfu", closed=False) if params.open_pinfu_fu == 20 else None
    elif fu == 20:
        yaku = (
            _yaku_han(ruleset, "pinfu", "menzen_tsumo")
            if options["tsumo_pinfu"] and params.pinfu_tsumo_fu == 20
            else None
        )
    elif fu == 25:
        yaku = (
            _yaku_han(ruleset, "chiitoitsu", *(("menzen_tsumo",) if tsumo else ()))
            if options["chiitoitsu_fu"] == 25
            else None
        )
    else:
        yaku = 0
    return None if yaku is None else max(params.min_han, yaku) + params.field_han


def _limit_rows(
    top: int, fu: int, ruleset: Ruleset, options: dict[str, Any]
) -> list[dict[str, Any]]:
    """The limits above the grid: consecutive han of one limit merged (haneman 6-7)."""
    rows: list[dict[str, Any]] = []
    last = max([MOST_HAN, *(least for least, _, _ in ruleset.params.limits)])
    for han in range(top, last + 1):
        base, name = base_points(han, fu, 0, options, ruleset.params)
        if rows and rows[-1]["name"] == name:
            rows[-1]["han_max"] = han
        else:
            rows.append({"name": name, "han": han, "han_max": han, "yakuman": 0, "base": base})
    rows[-1]["han_max"] = None  # the last one holds for any more han
    counts = (
        (1, 2) if options["yakuman_stacking"] and not ruleset.params.yakuman_as_mangan else (1,)
    )
    for units in counts:
        base, name = base_points(0, fu, units, options, ruleset.params)
        rows.append(
            {
                "name": "yakuman" if units == 1 else "double yakuman",
                "han": None,
                "han_max": None,
                "yakuman": units,
                "base": base,
                "paid_as": name,
            }
        )
    for row in rows:
        row.update(_both(row["base"], ruleset, options))
    return rows


def _both(base: int, ruleset: Ruleset, options: dict[str, Any]) -> dict[str, Any]:
    return {
        "non_dealer": han_fu_pay(base, False, ruleset, options),
        "dealer": han_fu_pay(base, True, ruleset, options),
    }


def han_fu_table(ruleset: Ruleset, options: dict[str, Any]) -> dict[str, Any]:
    """Every han x fu a hand can have below the limits, then the limits; numbers only."""
    fus = [
        fu
        for fu in FU
        if any(least_han(fu, t, ruleset, options) is not None for t in (False, True))
    ]
    lowest = min(
        h
        for fu in fus
        for t in (False, True)
        if (h := least_han(fu, t, ruleset, options)) is not None
    )
    cells: list[dict[str, Any]] = []
    han = lowest
    while True:
        row = []
        for fu in fus:
            base, limit = base_points(han, fu, 0, options, ruleset.params)
            can = {
                t: (h := least_han(fu, t, ruleset, options)) is not None and han >= h
                for t in (False, True)
            }
            pay = _both(base, ruleset, options)
            for who in pay.values():
                who["ron"] = who["ron"] if can[False] else None
                who["tsumo"] = who["tsumo"] if can[True] else None
            row.append({"han": han, "fu": fu, "base": base, "limit": limit, **pay})
        if all(c["limit"] for c in row):  # every fu at a limit: the limits block says it
            break
        cells += row
        han += 1
    return {
        "rules": ruleset.name,
        "title": ruleset.title,
        "scoring": ruleset.scoring,
        "options": ruleset.options_json(options),
        "fu": fus,
        "han": sorted({c["han"] for c in cells}),
        "cells": cells,
        "limits": _limit_rows(han, fus[0], ruleset, options),
    }


def _european_score(points: int, doubles: int, options: dict[str, Any]) -> tuple[int, int, bool]:
    """(raw, score, capped): §5 steps 3-5 as the points-and-doubles strategy does them."""
    from ..core.result import ScoreItem
    from .points_doubles import PlayerScore, _total

    s = _total(
        PlayerScore(
            "E", [ScoreItem("points", "points", points)], [ScoreItem("doubles", "doubles", doubles)]
        ),
        options,
    )
    return s.raw, s.score, s.capped


def _european_pay(score: int, dealer: bool, ruleset: Ruleset) -> Pay:
    from .settlement import Terms, winner_payments

    winner = "E" if dealer else "S"
    scores = {seat: (score if seat == winner else 0) for seat in SEATS}
    pays = winner_payments(scores, winner, Terms(east_factor=ruleset.params.east_factor))
    return _tsumo_pay(pays, dealer)


def points_table(ruleset: Ruleset, options: dict[str, Any]) -> dict[str, Any]:
    """Points x doubles -> the winner's score and what each player pays him (East double)."""
    cells: list[dict[str, Any]] = []
    doubles = 0
    while True:
        row = []
        for points in POINTS:
            raw, score, capped = _european_score(points, doubles, options)
            row.append(
                {
                    "points": points,
                    "doubles": doubles,
                    "raw": raw,
                    "score": score,
                    "capped": capped,
                    "non_dealer": _european_pay(score, False, ruleset),
                    "dealer": _european_pay(score, True, ruleset),
                }
            )
        if all(c["capped"] for c in row):
            break
        cells += row
        doubles += 1
    limit = options["limit"]
    return {
        "rules": ruleset.name,
        "title": ruleset.title,
        "scoring": ruleset.scoring,
        "options": ruleset.options_json(options),
        "points": list(POINTS),
        "doubles": list(range(doubles)),
        "cells": cells,
        "limit": {
            "score": limit,
            "doubles": doubles,
            "non_dealer": _european_pay(limit, False, ruleset),
            "dealer": _european_pay(limit, True, ruleset),
        },
    }


def fan_table(ruleset: Ruleset, options: dict[str, Any]) -> dict[str, Any]:
    """Fan -> what each player pays (MCR §4.2: 8 from everyone, the fan from the payer)."""
    from ..mcr.payments import BASE, payments

    cells = []
    for fan in FANS:
        ron = payments(fan, "S", False, "E")
        tsumo = payments(fan, "S", True)
        cells.append(
            {
                "fan": fan,
                "ron": {
                    "from_discarder": ron.ron,
                    "from_each_other": ron.base,
                    "total": ron.by_seat["S"],
                },
                "tsumo": {"from_each": tsumo.tsumo, "total": tsumo.by_seat["S"]},
            }
        )
    return {
        "rules": ruleset.name,
        "title": ruleset.title,
        "scoring": ruleset.scoring,
        "options": ruleset.options_json(options),
        "base": BASE,
        "cells": cells,
    }


TABLES: dict[str, Callable[[Ruleset, dict[str, Any]], dict[str, Any]]] = {
    "han_fu": han_fu_table,
    "points_doubles": points_table,
    "fan": fan_table,
}


def table_data(ruleset: Ruleset, options: dict[str, Any]) -> dict[str, Any]:
    """The table of the ruleset's scheme, as numbers (`--format json`)."""
    return TABLES[ruleset.scoring](ruleset, options)
