"""The riichi family's scoring strategy: yaku and han, fu, limits, payments, liability."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .. import tiles as T
from ..decompose import LIMIT_ONLY_SHAPES, NAGASHI, readings
from ..errors import NotAWin, NoYaku
from ..facts import HandFacts, line_facts
from ..hand import Hand
from ..result import FuItem, HanFu, Liability, Verdict, YakuMatch
from ..rulesets import Ruleset, YakuSpec, load_ruleset
from ..values import Value
from ..yaku.registry import GATE, NEEDS_FLAG, PREDICATES
from . import liability as pao
from .extras import extra_payments
from .fu import counted_fu, hand_fu
from .payments import (
    WinSide,
    deposit_payments,
    hand_payments,
    hand_value,
    honba_payments,
    liable_payments,
    net_of,
)
from .points import base_points


@dataclass(slots=True, repr=False)
class Candidate(Value):
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
    alone: bool = False  # a limit yaku by itself: no dora, and fu do not count

    def order(self) -> tuple[int, int, int, int, int]:
        """Value, then yakuman over an ordinary hand of the same value (Shiragiku pays
        both as mangan), then han, then fu; then more fu before rounding."""
        return (self.value, self.yakuman, self.han, self.fu, counted_fu(self.fu_items))


# one yaku ready to ask: (order in the ruleset, key, predicate, han, yakuman units, spec)
_Row = tuple[int, str, Any, int, int, YakuSpec]
# rows under one gate (a HandFacts attribute, "" for none) and one flag ("" for none)
_Group = tuple[str, str, tuple[_Row, ...]]


@dataclass(frozen=True, slots=True, repr=False)
class YakuTable(Value):
    """A ruleset's yaku for one set of options, grouped so the hot loop asks only what can count.

    Closed-only yaku are absent from the open groups; a group whose gate fact is
    false (no honours, fewer than three runs...) or whose flag the line lacks is
    skipped whole (see yaku.registry: GATE, NEEDS_FLAG).
    """

    closed: tuple[_Group, ...]
    open: tuple[_Group, ...]


def _build_table(ruleset: Ruleset, options: dict[str, Any]) -> YakuTable:
    groups: dict[bool, dict[tuple[str, str], list[_Row]]] = {True: {}, False: {}}
    for order, (key, spec) in enumerate(ruleset.yaku.items()):
        where = (GATE.get(key, ""), NEEDS_FLAG.get(key, ""))
        for closed in (True, False):
            worth = spec.worth(closed, options, ruleset.options)
            if worth is not None:
                row = (order, key, PREDICATES[key], worth[0], worth[1], spec)
                groups[closed].setdefault(where, []).append(row)
    return YakuTable(*(tuple((gate, flag, tuple(rows)) for (gate, flag), rows in g.items())
                       for g in (groups[True], groups[False])))


def yaku_table(ruleset: Ruleset, options: dict[str, Any]) -> YakuTable:
    """The ruleset's yaku for one set of options: each worth is looked up once, not per hand.

    Kept per (ruleset name, option values), both frozen; a file scored under one
    ruleset builds it once. Rulesets are loaded once per name (`load_ruleset` caches).
    """
    return _table_for(ruleset.name, tuple(sorted(options.items())))


@lru_cache(maxsize=64)
def _table_for(name: str, option_items: tuple[tuple[str, Any], ...]) -> YakuTable:
    return _build_table(load_ruleset(name), dict(option_items))


def match_yaku(f: HandFacts, ruleset: Ruleset, options: dict[str, Any],
               table: YakuTable | None = None) -> tuple[list[YakuMatch], int, int]:
    """(yaku, han from yaku, yakuman units) after exclusions: supersedes, then yakuman."""
    if table is None:
        table = yaku_table(ruleset, options)
    limit_only = f.shape in LIMIT_ONLY_SHAPES  # only its own limit yaku make such a win
    flags = f.flags
    hits: list[tuple[int, YakuMatch]] = []
    dropped: set[str] = set()
    for gate, flag, rows in (table.closed if f.closed else table.open):
        if (gate and not getattr(f, gate)) or (flag and flag not in flags):
            continue
        for order, key, predicate, han, units, spec in rows:
            if limit_only and not spec.alone:
                continue
            n = predicate(f)
            if not n:
                continue
            hits.append((order, YakuMatch(key, spec.name, han * n, spec.japanese,
                                          count=n if n > 1 else None, yakuman=units * n)))
            if spec.supersedes:
                dropped.update(spec.supersedes)
    hits.sort(key=lambda hit: hit[0])  # the ruleset's order, as the report lists them
    found = [m for _, m in hits]
    if dropped:
        for option, keys in ruleset.params.keep_by_option.items():
            if options[option]:  # an option that lets these yaku join any other
                dropped -= set(keys)
        found = [m for m in found if m.key not in dropped]
    units = sum(m.yakuman for m in found)
    if units:
        found = [m for m in found if m.yakuman]
        if not options["yakuman_stacking"]:  # several yakuman are paid as one
            units = max(m.yakuman for m in found)
        return found, 0, units
    return found, sum(m.han for m in found), 0


def _choices(f: HandFacts, ruleset: Ruleset, options: dict[str, Any],
             table: YakuTable) -> list[tuple[list[YakuMatch], int, int, bool]]:
    """(yaku, han, yakuman units, alone) for each way to count one reading.

    A limit yaku (`alone`) counts by itself; the reading's other yaku are the
    other way, and the better of the two wins like any other reading.
    """
    yaku, han, units = match_yaku(f, ruleset, options, table)
    limits = [m for m in yaku if ruleset.yaku[m.key].alone]
    if units or not limits:
        return [(yaku, han, units, False)]
    top = max(limits, key=lambda m: m.han)
    rest = [m for m in yaku if m not in limits]
    out = [([top], top.han, 0, True)]
    if rest:
        out.append((rest, sum(m.han for m in rest), 0, False))
    return out


def dora_matches(line: Hand, ruleset: Ruleset) -> list[YakuMatch]:
    """Dora, ura dora (riichi hands only) and red fives: han that are not yaku."""
    if not ruleset.params.dora or ruleset.params.dora_payments:
        return []  # no dora, or dora paid as a payment extra (Kansai Boo), not as han
    tiles = line.all_winner_tiles
    out = []
    dora = sum(tiles.count(T.dora_after(i)) for i in line.ctx.dora)
    if dora:
        out.append(YakuMatch("dora", "Dora", dora, "ドラ", count=dora))
    if line.ctx.ura and line.ctx.flags & {"riichi", "double-riichi", "open-riichi"}:
        ura = sum(tiles.count(T.dora_after(i)) for i in line.ctx.ura)
        if ura:
            out.append(YakuMatch("ura_dora", "Ura dora", ura, "裏ドラ", count=ura))
    aka = line.red_count
    if aka:
        out.append(YakuMatch("aka_dora", "Red five", aka, "赤ドラ", count=aka))
    flowers = len(line.holding.flowers)
    if ruleset.params.flower_dora and 0 < flowers < 4:  # all four are the yaku 花槓
        out.append(YakuMatch("flower_dora", "Flower", flowers, "花牌", count=flowers))
    return out


def field_matches(ruleset: Ruleset) -> list[YakuMatch]:
    """The han every win gets from the table (Kansai Boo's 場の一翻), shown as its own line."""
    han = ruleset.params.field_han
    return [YakuMatch("field_han", "Field han", han, "場の一翻")] if han else []


def _value(c: Candidate, bonus: list[YakuMatch], side: WinSide, ruleset: Ruleset,
           options: dict[str, Any]) -> None:
    params = ruleset.params
    pinfu = any(m.key == "pinfu" for m in c.yaku)
    yaku_fu = tuple(FuItem(m.name, ruleset.yaku[m.key].fu) for m in c.yaku
                    if m.key in ruleset.yaku and ruleset.yaku[m.key].fu)
    c.fu, c.fu_items = hand_fu(c.facts, pinfu, params, options, yaku_fu)
    c.han = c.yaku_han + (0 if c.yakuman or c.alone else sum(m.han for m in bonus))
    c.base, c.limit = base_points(c.han, c.fu, c.yakuman, options, params)
    c.value = hand_value(c.base, side, params)


def _no_yaku_reason(line: Hand, bonus: list[YakuMatch]) -> str:
    opened = any(m.is_open for m in line.holding.melds)
    reason = "no yaku: the hand is complete but nothing in it is a yaku"
    if opened and bonus:
        reason = "no yaku: the hand is open and has only dora"
    elif opened:
        reason = "no yaku: the hand is open and has no yaku"
    elif bonus:
        reason = "no yaku: the hand has only dora, and dora are not yaku"
    return reason


def score_han_fu(line: Hand, ruleset: Ruleset, options: dict[str, Any]) -> Verdict:
    """The verdict on a riichi-family hand; raises NotAWin / NoYaku."""
    ctx = line.ctx
    shapes = ruleset.params.extra_shapes
    if "nagashi" in ctx.flags:  # only a ruleset with the flag gets here: read the discards
        shapes |= {NAGASHI}
    found = readings(line.holding.concealed, line.holding.melds, ctx.win_tile, ctx.tsumo, shapes)
    if not found:
        raise NotAWin("not a complete hand: the tiles make neither four sets and a pair, "
                      "seven pairs nor thirteen orphans", line.columns.get("concealed"))
    params = ruleset.params
    gated = params.shape_options  # shape -> the option that makes it a win
    legal = [r for r in found if r.shape not in gated or options[gated[r.shape]]]
    if not legal:
        shape = found[0].shape
        raise NotAWin(f"{shape.replace('-', ' ')} is not a winning shape under {ruleset.name} "
                      f"(option {gated[shape]}=on makes it one)", line.columns.get("concealed"))
    found = legal
    side = _win_side(line, options)
    bonus = dora_matches(line, ruleset) + field_matches(ruleset)
    min_han = params.min_han
    from_honba = options["two_han_minimum_honba"]
    if from_honba and ctx.honba >= from_honba:
        min_han = max(min_han, 2)
    short = 0  # the most han of a reading that has yaku but too few
    table = yaku_table(ruleset, options)
    shared = line_facts(line)
    best: Candidate | None = None
    for reading in found:
        f = HandFacts(line, reading, options, shared)
        for yaku, han, units, alone in _choices(f, ruleset, options, table):
            if not units and (han < min_han or not yaku and min_han):
                short = max(short, han if yaku else 0)
                continue
            c = Candidate(f, yaku, han, units, alone=alone)
            _value(c, bonus, side, ruleset, options)
            if best is None or c.order() > best.order():
                best = c
    if best is None and short:
        why = (f" with {ctx.honba} honba (option two_han_minimum_honba={from_honba})"
               if min_han > params.min_han else "")
        raise NoYaku(f"too few han: the yaku give {short}, and a win needs {min_han}{why}")
    if best is None:
        raise NoYaku(_no_yaku_reason(line, bonus))
    return _verdict(best, bonus, line, ruleset, options, side)


def _win_side(line: Hand, options: dict[str, Any]) -> WinSide:
    """Who pays: as the line says, or with option two_player always the one opponent.

    The two players are East and South, so the opponent is whichever of them
    did not win; they pay a tsumo in full, as if they had dealt in.
    """
    ctx = line.ctx
    if not options["two_player"]:
        return WinSide(ctx.seat_wind, ctx.tsumo, ctx.discarder_seat, ctx.honba, ctx.sticks)
    other = "S" if ctx.dealer else "E"
    return WinSide(ctx.seat_wind, ctx.tsumo, None if ctx.tsumo else other, ctx.honba,
                   ctx.sticks, sole_payer=other)


def _verdict(c: Candidate, bonus: list[YakuMatch], line: Hand, ruleset: Ruleset,
             options: dict[str, Any], side: WinSide) -> Verdict:
    params = ruleset.params
    notes: list[str] = []
    liability = None
    if line.ctx.ura and not line.ctx.flags & {"riichi", "double-riichi", "open-riichi"}:
        notes.append("ura dora count only for a riichi hand: the ura: indicators "
                            "are ignored")
    keys = {m.key for m in c.yaku}
    if "renhou" in line.ctx.flags and "renhou" not in keys:
        if options.get("renhou", "off") == "off":
            notes.append("renhou counts nothing under the option renhou=off")
        else:
            notes.append(f"renhou ({options['renhou']}) is worth less than the hand's own "
                         "yaku, which count instead")
    first_draw = sorted(line.ctx.flags & {"tenhou", "chiihou"})
    if "shiisan_puutaa" in keys and first_draw and "first-turn" in line.ctx.flags:
        notes.append(f"'first-turn' and '{first_draw[0]}' name the same first draw: 十三不搭 "
                     f"counted once (thirteen unrelated tiles take no {first_draw[0]})")
    payments = None
    if c.yakuman and params.liability == "pao":
        calls, more = pao.find_liable(line, {m.key for m in c.yaku}, options["pao"])
        notes.extend(more)
        if calls:
            call = calls[0]
            liable_units = sum(m.yakuman for m in c.yaku
                               if m.key in {x.yaku for x in calls if x.seat == call.seat})
            payments = liable_payments(c.base, 8000 * liable_units, call.seat, side, params)
            liability = Liability(call.seat, tuple(x.yaku for x in calls
                                                          if x.seat == call.seat),
                                         pao.describe(call, side.winner, side.tsumo,
                                                      side.discarder))
    elif params.liability == "arushal":
        call, more, keys = pao.find_arushal_liable(line, {m.key for m in c.yaku})
        notes.extend(more)
        if call:
            payments = liable_payments(c.base, c.base, call.seat, side, params)
            liability = Liability(call.seat, keys, pao.describe(
                call, side.winner, side.tsumo, side.discarder))
    if payments is None:
        payments = hand_payments(c.base, side, params) + honba_payments(side, params)
    payments += deposit_payments(side, params)
    extras, more = extra_payments(line, c.yaku, c.yakuman, c.facts.closed, side, params,
                                  options)
    payments += extras
    notes.extend(more)
    if not side.tsumo and side.discarder is None:
        notes.append("the discarder is not written (ron:<tile> with - = or +), so the "
                            "payment is from an unknown seat and net leaves it out")
    plain = not (c.yakuman or c.alone)  # a limit or yakuman hand shows no fu and no dora
    score = HanFu(han=None if c.yakuman else c.han, fu=c.fu if plain else None,
                  fu_items=tuple(c.fu_items) if plain else (), limit=c.limit,
                  yakuman=c.yakuman)
    return Verdict(score, c.value, tuple(payments), net_of(payments), winner=side.winner,
                   win="tsumo" if side.tsumo else "ron", discarder=side.discarder,
                   yaku=tuple(c.yaku) + (tuple(bonus) if plain else ()),
                   liability=liability, reading=c.facts.reading.text(), notes=tuple(notes))
