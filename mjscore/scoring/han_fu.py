"""The riichi family's scoring strategy: yaku and han, fu, limits, payments, liability."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import tiles as T
from ..decompose import readings
from ..errors import NotAWin, NoYaku
from ..facts import HandFacts
from ..hand import HandLine
from ..result import FuItem, Liability, ScoreResult, YakuMatch
from ..rulesets import Ruleset
from ..yaku.registry import PREDICATES
from . import liability as pao
from .fu import hand_fu
from .payments import (
    WinSide,
    deposit_payments,
    hand_payments,
    honba_payments,
    liable_payments,
    net_of,
)
from .points import base_points


@dataclass(slots=True)
class Candidate:
    """One reading, valued."""

    facts: HandFacts
    yaku: list[YakuMatch]
    yaku_han: int
    yakuman: int
    han: int = 0
    fu: int = 0
    fu_items: list[FuItem] = field(default_factory=list)
    base: int = 0
    limit: str | None = None
    value: int = 0

    def order(self) -> tuple[int, int, int]:
        return (self.value, self.han, self.fu)


def match_yaku(f: HandFacts, ruleset: Ruleset, options: dict[str, Any]
               ) -> tuple[list[YakuMatch], int, int]:
    """(yaku, han from yaku, yakuman units) after exclusions: supersedes, then yakuman."""
    found: list[tuple[YakuMatch, tuple[str, ...]]] = []
    for key, spec in ruleset.yaku.items():
        n = PREDICATES[key](f)
        if not n:
            continue
        worth = spec.worth(f.closed, options, ruleset.options)
        if worth is None:
            continue
        han, units = worth
        found.append((YakuMatch(key, spec.name, han * n, spec.japanese,
                                count=n if n > 1 else None, yakuman=units * n),
                      spec.supersedes))
    dropped = {k for _, sup in found for k in sup}
    kept = [m for m, _ in found if m.key not in dropped]
    units = sum(m.yakuman for m in kept)
    if units:
        kept = [m for m in kept if m.yakuman]
        return kept, 0, units
    return kept, sum(m.han for m in kept), 0


def dora_matches(line: HandLine, ruleset: Ruleset) -> list[YakuMatch]:
    """Dora, ura dora (riichi hands only) and red fives: han that are not yaku."""
    if not ruleset.params.get("dora", False):
        return []
    tiles = line.all_winner_tiles
    counts = [0] * T.N_TILES
    for t in tiles:
        counts[t] += 1
    out = []
    dora = sum(counts[T.dora_after(i)] for i in line.ctx.dora)
    if dora:
        out.append(YakuMatch("dora", "Dora", dora, "ドラ", count=dora))
    if line.ctx.flags & {"riichi", "double-riichi", "open-riichi"}:
        ura = sum(counts[T.dora_after(i)] for i in line.ctx.ura)
        if ura:
            out.append(YakuMatch("ura_dora", "Ura dora", ura, "裏ドラ", count=ura))
    aka = line.red_count
    if aka:
        out.append(YakuMatch("aka_dora", "Red five", aka, "赤ドラ", count=aka))
    return out


def _value(c: Candidate, bonus: list[YakuMatch], side: WinSide, ruleset: Ruleset,
           options: dict[str, Any]) -> None:
    params = ruleset.params
    pinfu = any(m.key == "pinfu" for m in c.yaku)
    c.fu, c.fu_items = hand_fu(c.facts, pinfu, params, options)
    c.han = c.yaku_han + (0 if c.yakuman else sum(m.han for m in bonus))
    c.base, c.limit = base_points(c.han, c.fu, c.yakuman, options, params)
    c.value = sum(p.amount for p in hand_payments(c.base, side, params))


def _no_yaku_reason(line: HandLine, bonus: list[YakuMatch]) -> str:
    opened = any(m.is_open for m in line.hand.melds)
    reason = "no yaku: the hand is complete but nothing in it is a yaku"
    if opened and bonus:
        reason = "no yaku: the hand is open and has only dora"
    elif opened:
        reason = "no yaku: the hand is open and has no yaku"
    elif bonus:
        reason = "no yaku: the hand has only dora, and dora are not yaku"
    return reason


def score_han_fu(line: HandLine, ruleset: Ruleset, options: dict[str, Any],
                 result: ScoreResult) -> None:
    """Fill `result` for a riichi-family ruleset; raises NotAWin / NoYaku."""
    ctx = line.ctx
    found = readings(line.hand.concealed, line.hand.melds, ctx.win_tile, ctx.tsumo)
    if not found:
        raise NotAWin("not a complete hand: the tiles make neither four sets and a pair, "
                      "seven pairs nor thirteen orphans", line.columns.get("concealed"))
    params = ruleset.params
    side = WinSide(ctx.seat_wind, ctx.tsumo, ctx.discarder_seat, ctx.honba, ctx.sticks)
    bonus = dora_matches(line, ruleset)
    min_han = params.get("min_han", 1)
    best: Candidate | None = None
    for reading in found:
        f = HandFacts(line, reading, options)
        yaku, han, units = match_yaku(f, ruleset, options)
        if not units and (han < min_han or not yaku and min_han):
            continue
        c = Candidate(f, yaku, han, units)
        _value(c, bonus, side, ruleset, options)
        if best is None or c.order() > best.order():
            best = c
    if best is None:
        raise NoYaku(_no_yaku_reason(line, bonus))
    _fill(result, best, bonus, line, ruleset, options, side)


def _fill(result: ScoreResult, c: Candidate, bonus: list[YakuMatch], line: HandLine,
          ruleset: Ruleset, options: dict[str, Any], side: WinSide) -> None:
    params = ruleset.params
    result.ok = True
    result.winner = side.winner
    result.win = "tsumo" if side.tsumo else "ron"
    result.discarder = side.discarder
    result.yaku = list(c.yaku) + ([] if c.yakuman else bonus)
    result.yakuman = c.yakuman
    result.han = None if c.yakuman else c.han
    result.fu = None if c.yakuman else c.fu
    result.fu_items = [] if c.yakuman else c.fu_items
    result.limit = c.limit
    result.value = c.value
    result.reading = c.facts.reading.text()
    if line.ctx.ura and not line.ctx.flags & {"riichi", "double-riichi", "open-riichi"}:
        result.notes.append("ura dora count only for a riichi hand: the ura: indicators "
                            "are ignored")
    if "renhou" in line.ctx.flags and "renhou" not in {m.key for m in c.yaku}:
        result.notes.append("renhou counts nothing under the option renhou=off")
    payments = None
    if c.yakuman and "pao" in options:
        calls, notes = pao.find_liable(line, {m.key for m in c.yaku}, options["pao"])
        result.notes.extend(notes)
        if calls:
            call = calls[0]
            liable_units = sum(m.yakuman for m in c.yaku
                               if m.key in {x.yaku for x in calls if x.seat == call.seat})
            payments = liable_payments(c.base, 8000 * liable_units, call.seat, side, params)
            result.liability = Liability(call.seat, tuple(x.yaku for x in calls
                                                          if x.seat == call.seat),
                                         pao.describe(call, side.winner, side.tsumo,
                                                      side.discarder))
    if payments is None:
        payments = hand_payments(c.base, side, params) + honba_payments(side, params)
    payments += deposit_payments(side, params)
    if not side.tsumo and side.discarder is None:
        result.notes.append("the discarder is not written (ron:<tile> with - = or +), so the "
                            "payment is from an unknown seat and net leaves it out")
    result.payments = payments
    result.net = net_of(payments)
