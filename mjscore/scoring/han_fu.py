"""The riichi family's scoring strategy: yaku and han, fu, limits, payments, liability."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from ..base.errors import NotAWin, NoYaku
from ..base.frozen import value_class
from ..core.decompose import LIMIT_ONLY_SHAPES, NAGASHI, ORPHANS, ORPHANS_13, Reading, readings
from ..core.facts import HandFacts, line_facts
from ..core.hand import DECLARED_RIICHI, Hand
from ..core.phrases import Phrase, phrase
from ..core.result import FuItem, HanFu, Liability, Payment, Verdict, YakuMatch
from ..rulesets import Ruleset
from ..yaku.registry import GATE, NEEDS_FLAG, PREDICATES, Predicate
from .extras import dora_count, extra_payments
from .fu import FuTable, hand_fu
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


@value_class
class YakuRow:
    """One yaku as one setting counts it: its predicate, and its match made once."""

    order: int  # its place in the ruleset, where the report lists it
    key: str
    predicate: Predicate
    match: YakuMatch  # the yaku counted once
    alone: bool  # a limit yaku: worth its han by itself (YakuSpec.alone)
    supersedes: tuple[str, ...]
    fu: FuItem | None  # fu the yaku carries (Arushal's chinitsu), None for none

    def matched(self, n: int) -> YakuMatch:
        """The match of a yaku that applies `n` times (a red five each, in Kansai Boo)."""
        if n == 1:
            return self.match
        m = self.match
        return YakuMatch(m.key, m.name, m.han * n, m.japanese, times=n, yakuman=m.yakuman * n)


# a yaku counted in a reading: the row (what it carries) and its match (what the report shows)
Counted = tuple[YakuRow, YakuMatch]


@value_class
class YakuView:
    """The yaku one kind of hand can have, grouped so the hot loop asks only what can count.

    Groups under a gate fact (no honours, fewer than three runs...) are skipped
    whole when the fact is false, and yaku that need a flag are asked only for
    the flags the line has (see yaku.registry: GATE, NEEDS_FLAG).
    """

    gated: tuple[tuple[str, tuple[YakuRow, ...]], ...]  # (gate, "" for none; rows)
    by_flag: Mapping[str, tuple[YakuRow, ...]]

    def asked(self, f: HandFacts) -> list[tuple[YakuRow, ...]]:
        """The rows worth asking about this reading."""
        rows = [group for gate, group in self.gated if not gate or getattr(f, gate)]
        by_flag = self.by_flag
        rows.extend(by_flag[flag] for flag in f.flags if flag in by_flag)
        return rows


@value_class
class Setting:
    """What one ruleset under one set of options fixes for every hand, worked out once:
    the yaku each kind of hand may have and their worth, the fu items, the field han."""

    closed: YakuView
    open: YakuView
    closed_limit_only: YakuView  # a shape that only its own limit yaku make a win
    open_limit_only: YakuView
    kept: frozenset[str]  # yaku that no other yaku supersedes here (keep_by_option)
    stacking: bool  # several yakuman add up (off: they are paid as one)
    fu: FuTable
    field: tuple[YakuMatch, ...]  # the han every win gets from the table (Kansai Boo)

    def view(self, closed: bool, limit_only: bool) -> YakuView:
        if limit_only:
            return self.closed_limit_only if closed else self.open_limit_only
        return self.closed if closed else self.open


def _rows(ruleset: Ruleset, options: dict[str, Any], closed: bool) -> list[YakuRow]:
    rows = []
    for order, (key, spec) in enumerate(ruleset.yaku.items()):
        worth = spec.worth(closed, options, ruleset.options)
        if worth is not None:
            han, units = worth
            rows.append(
                YakuRow(
                    order,
                    key,
                    PREDICATES[key],
                    YakuMatch(key, spec.name, han, spec.japanese, yakuman=units),
                    spec.alone,
                    spec.supersedes,
                    (
                        FuItem.of("yaku", spec.fu, yaku=key, name=spec.name, japanese=spec.japanese)
                        if spec.fu
                        else None
                    ),
                )
            )
    return rows


def _view(rows: list[YakuRow]) -> YakuView:
    gated: dict[str, list[YakuRow]] = {}
    by_flag: dict[str, list[YakuRow]] = {}
    for row in rows:
        flag = NEEDS_FLAG.get(row.key)
        if flag:
            by_flag.setdefault(flag, []).append(row)
        else:
            gated.setdefault(GATE.get(row.key, ""), []).append(row)
    return YakuView(
        tuple((gate, tuple(group)) for gate, group in gated.items()),
        MappingProxyType({flag: tuple(group) for flag, group in by_flag.items()}),
    )


def _build_setting(ruleset: Ruleset, options: dict[str, Any]) -> Setting:
    closed, opened = _rows(ruleset, options, True), _rows(ruleset, options, False)
    kept = frozenset(
        key
        for option, keys in ruleset.params.keep_by_option.items()
        if options[option]
        for key in keys
    )
    han = ruleset.params.field_han
    return Setting(
        _view(closed),
        _view(opened),
        _view([r for r in closed if r.alone]),
        _view([r for r in opened if r.alone]),
        kept,
        options["yakuman_stacking"],
        FuTable.of(ruleset.params, options),
        (YakuMatch("field_han", "Field han", han, "場の一翻"),) if han else (),
    )


def setting_for(ruleset: Ruleset, options: dict[str, Any]) -> Setting:
    """The ruleset's setting for one set of options: looked up once per hand, built once.

    Kept per (ruleset, option values): a file scored under one ruleset builds it once. The
    catalog loads a ruleset once per name; a ruleset a caller built is another value,
    so the ruleset is kept by identity, and held, so that its id is never another's.
    """
    key = (id(ruleset), tuple(options.items()))
    found = _SETTINGS.get(key)
    if found is None or found[0] is not ruleset:
        if len(_SETTINGS) >= _MAX_SETTINGS:
            _SETTINGS.clear()
        found = _SETTINGS[key] = (ruleset, _build_setting(ruleset, options))
    return found[1]


_SETTINGS: dict[tuple[int, tuple[tuple[str, Any], ...]], tuple[Ruleset, Setting]] = {}
_MAX_SETTINGS = 64


def match_yaku(f: HandFacts, setting: Setting) -> tuple[list[Counted], int, int]:
    """(yaku, han from yaku, yakuman units) after exclusions: supersedes, then yakuman."""
    view = setting.view(f.closed, f.shape in LIMIT_ONLY_SHAPES)
    hits = sorted(
        [(row.order, row, n) for rows in view.asked(f) for row in rows if (n := row.predicate(f))]
    )  # the ruleset's order, as the report lists them
    dropped: set[str] = set()
    for _, row, _ in hits:
        dropped.update(row.supersedes)
    dropped -= setting.kept
    found = [(row, row.matched(n)) for _, row, n in hits if row.key not in dropped]
    units = sum([m.yakuman for _, m in found])
    if units:
        found = [(row, m) for row, m in found if m.yakuman]
        if not setting.stacking:  # several yakuman are paid as one
            units = max([m.yakuman for _, m in found])
        return found, 0, units
    return found, sum([m.han for _, m in found]), 0


@value_class(frozen=False)
class Count:
    """One way to count the yaku of a reading, and what that way carries into the fu."""

    yaku: list[YakuMatch]
    han: int
    yakuman: int
    alone: bool  # a limit yaku by itself: no dora, and fu do not count
    pinfu: bool
    fu: tuple[FuItem, ...]  # fu the yaku carry

    @classmethod
    def of(cls, found: list[Counted], han: int, units: int, alone: bool) -> Count:
        yaku, pinfu = [], False
        fu: tuple[FuItem, ...] = ()
        for row, m in found:
            yaku.append(m)
            pinfu = pinfu or row.key == "pinfu"
            if row.fu is not None:
                fu += (row.fu,)
        return cls(yaku, han, units, alone, pinfu, fu)


def _choices(f: HandFacts, setting: Setting) -> list[Count]:
    """Each way to count one reading.

    A limit yaku (`alone`) counts by itself; the reading's other yaku are the
    other way, and the better of the two wins like any other reading.
    """
    found, han, units = match_yaku(f, setting)
    if units or not any([row.alone for row, _ in found]):
        return [Count.of(found, han, units, False)]
    limits = [hit for hit in found if hit[0].alone]
    top = max(limits, key=lambda hit: hit[1].han)
    rest = [hit for hit in found if not hit[0].alone]
    out = [Count.of([top], top[1].han, 0, True)]
    if rest:
        out.append(Count.of(rest, sum(m.han for _, m in rest), 0, False))
    return out


_RIICHI_FLAGS = frozenset(DECLARED_RIICHI)
_FIRST_DRAW = frozenset(("tenhou", "chiihou"))
_BONUS_NAMES = {
    "dora": ("Dora", "ドラ"),
    "ura_dora": ("Ura dora", "裏ドラ"),
    "aka_dora": ("Red five", "赤ドラ"),
    "flower_dora": ("Flower", "花牌"),
    "kita": ("Kita", "抜きドラ"),
}


@lru_cache(maxsize=128)
def _bonus(key: str, n: int) -> YakuMatch:
    """A han that is not a yaku, `n` times: a frozen value, made once per key and count."""
    name, japanese = _BONUS_NAMES[key]
    return YakuMatch(key, name, n, japanese, times=n)


def dora_matches(line: Hand, ruleset: Ruleset) -> list[YakuMatch]:
    """Dora, ura dora (riichi hands only) and red fives: han that are not yaku."""
    if not ruleset.params.dora or ruleset.params.dora_payments:
        return []  # no dora, or dora paid as a payment extra (Kansai Boo), not as han
    ctx = line.ctx
    out = []
    absent = ruleset.params.absent_tiles  # sanma: no 2m-8m, so 1m indicates 9m
    dora = dora_count(line, None, absent)
    if dora:
        out.append(_bonus("dora", dora))
    if ctx.ura and not ctx.flags.isdisjoint(_RIICHI_FLAGS):
        ura = dora_count(line, ctx.ura, absent)
        if ura:
            out.append(_bonus("ura_dora", ura))
    if ctx.kita:  # each North set aside is a dora of its own (not a yaku)
        out.append(_bonus("kita", ctx.kita))
    aka = line.red_count
    if aka:
        out.append(_bonus("aka_dora", aka))
    flowers = len(line.holding.flowers)
    if ruleset.params.flower_dora and 0 < flowers < 4:  # all four are the yaku 花槓
        out.append(_bonus("flower_dora", flowers))
    return out


@value_class(frozen=False)
class Candidate:
    """One way to count one reading, valued: the best of them is the verdict."""

    facts: HandFacts
    yaku: list[YakuMatch]
    han: int
    yakuman: int
    fu: int
    fu_items: list[FuItem]
    base: int
    limit: str | None
    value: int
    alone: bool  # a limit yaku by itself: no dora, and fu do not count


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


# How the loop ranks the ways to count a hand, best first: the greatest tuple of these wins,
# and of equal ones the first found (the explanation names the key that decided).
ORDER_KEYS = ("value", "yakuman", "han", "fu", "fu_before_rounding")
WIN, NO_YAKU, TOO_FEW_HAN = "win", "no_yaku", "too_few_han"


@value_class
class Weighed:
    """One way to count one reading as the loop weighed it (score_han_fu's `keep`): a
    win with its place in the order (`candidate`, `order`), or why it is none (`status`)."""

    facts: HandFacts
    count: Count
    status: str  # WIN, NO_YAKU (no yaku at all) or TOO_FEW_HAN (below the minimum)
    candidate: Candidate | None = None
    order: tuple[int, int, int, int, int] | None = None  # of ORDER_KEYS


def score_han_fu(
    line: Hand, ruleset: Ruleset, options: dict[str, Any], keep: list[Weighed] | None = None
) -> Verdict:
    """The verdict on a riichi-family hand; raises NotAWin / NoYaku.

    `keep` (the explanation's) gets every way to count every reading, weighed, before
    the verdict is made or the error raised."""
    ctx = line.ctx
    params = ruleset.params
    found = _legal_readings(line, ruleset, options)
    setting = setting_for(ruleset, options)
    side = _win_side(line, ruleset, options)
    bonus = dora_matches(line, ruleset) + list(setting.field)
    bonus_han = sum(m.han for m in bonus)
    min_han = minimum_han(line, ruleset, options)
    from_honba = options["two_han_minimum_honba"]
    short = 0  # the most han of a reading that has yaku but too few
    shared = line_facts(line)
    best: Candidate | None = None
    best_order: tuple[int, int, int, int, int] = (-1, 0, 0, 0, 0)
    for reading in found:
        f = HandFacts(line, reading, options, shared)
        for count in _choices(f, setting):
            han, units = count.han, count.yakuman
            if not units and (han < min_han or not count.yaku and min_han):
                short = max(short, han if count.yaku else 0)
                if keep is not None:
                    keep.append(Weighed(f, count, TOO_FEW_HAN if count.yaku else NO_YAKU))
                continue
            fu, raw, fu_items = hand_fu(f, count.pinfu, setting.fu, count.fu)
            total = han + (0 if units or count.alone else bonus_han)
            base, limit = base_points(total, fu, units, options, params)
            value = hand_value(base, side, params)
            # value, then yakuman over an ordinary hand of the same value (Shiragiku pays
            # both as mangan), then han, then fu; then more fu before rounding (ORDER_KEYS)
            order = (value, units, total, fu, raw)
            if keep is not None:
                keep.append(
                    Weighed(
                        f,
                        count,
                        WIN,
                        Candidate(
                            f,
                            count.yaku,
                            total,
                            units,
                            fu,
                            fu_items,
                            base,
                            limit,
                            value,
                            count.alone,
                        ),
                        order,
                    )
                )
            if best is None or order > best_order:
                best_order = order
                best = Candidate(
                    f, count.yaku, total, units, fu, fu_items, base, limit, value, count.alone
                )
    if best is None and short:
        why = (
            f" with {ctx.honba} honba (option two_han_minimum_honba={from_honba})"
            if min_han > params.min_han
            else ""
        )
        raise NoYaku(f"too few han: the yaku give {short}, and a win needs {min_han}{why}")
    if best is None:
        raise NoYaku(_no_yaku_reason(line, bonus))
    return _verdict(best, bonus, line, ruleset, options, side)


def minimum_han(line: Hand, ruleset: Ruleset, options: dict[str, Any]) -> int:
    """The han from yaku a win needs: the ruleset's minimum, 2 from the option's honba on."""
    from_honba = options["two_han_minimum_honba"]
    if from_honba and line.ctx.honba >= from_honba:
        return max(ruleset.params.min_han, 2)
    return ruleset.params.min_han


def _legal_readings(line: Hand, ruleset: Ruleset, options: dict[str, Any]) -> list[Reading]:
    """The readings of the line that are wins under the ruleset; raises NotAWin."""
    ctx = line.ctx
    shapes = ruleset.params.extra_shapes
    if "nagashi" in ctx.flags:  # only a ruleset with the flag gets here: read the discards
        shapes |= {NAGASHI}
    found = readings(line.holding.concealed, line.holding.melds, ctx.win_tile, ctx.tsumo, shapes)
    if not found:
        raise NotAWin(
            "not a complete hand: the tiles make neither four sets and a pair, "
            "seven pairs nor thirteen orphans",
            line.columns.get("concealed"),
        )
    if "chankan-ankan" in ctx.flags:  # only thirteen orphans may rob a concealed kan
        found = [r for r in found if r.shape in (ORPHANS, ORPHANS_13)]
        if not found:
            raise NotAWin(
                "only thirteen orphans may rob a concealed kan ('chankan-ankan'), "
                "and this hand is not thirteen orphans",
                line.columns.get("chankan-ankan"),
            )
    gated = ruleset.params.shape_options  # shape -> the option that makes it a win
    if not gated:
        return found
    legal = [r for r in found if r.shape not in gated or options[gated[r.shape]]]
    if not legal:
        shape = found[0].shape
        raise NotAWin(
            f"{shape.replace('-', ' ')} is not a winning shape under {ruleset.name} "
            f"(option {gated[shape]}=on makes it one)",
            line.columns.get("concealed"),
        )
    return legal


def _win_side(line: Hand, ruleset: Ruleset, options: dict[str, Any]) -> WinSide:
    """Who pays: as the line says, among the ruleset's seats, or with option two_player
    always the one opponent.

    The two players are East and South, so the opponent is whichever of them
    did not win; they pay a tsumo in full, as if they had dealt in. The option keeps
    the ruleset's four seats (W and N net 0): it is a way of paying, not another table.
    """
    ctx = line.ctx
    seats = ruleset.seats
    if not options["two_player"]:
        if len(seats) == 3:  # sanma: the seats around a table of three; tsumo loss or not
            return WinSide(
                ctx.seat_wind,
                ctx.tsumo,
                ctx.discarder_at(3),
                ctx.honba,
                ctx.sticks,
                seats=seats,
                tsumo_loss=options["tsumo_loss"],
            )
        return WinSide(
            ctx.seat_wind, ctx.tsumo, ctx.discarder_seat, ctx.honba, ctx.sticks, seats=seats
        )
    other = "S" if ctx.dealer else "E"
    return WinSide(
        ctx.seat_wind,
        ctx.tsumo,
        None if ctx.tsumo else other,
        ctx.honba,
        ctx.sticks,
        sole_payer=other,
        seats=seats,
    )


def _flag_notes(c: Candidate, line: Hand, options: dict[str, Any]) -> list[Phrase]:
    """What the line states that the count leaves out: ura dora, renhou, a first draw."""
    ctx = line.ctx
    flags = ctx.flags
    notes: list[Phrase] = []
    if ctx.ura and flags.isdisjoint(_RIICHI_FLAGS):
        notes.append(phrase("note", "ura_without_riichi"))
    if "renhou" in flags and all(m.key != "renhou" for m in c.yaku):
        if options.get("renhou", "off") == "off":
            notes.append(phrase("note", "renhou_off"))
        else:
            notes.append(phrase("note", "renhou_less", value=options["renhou"]))
    first_draw = sorted(flags & _FIRST_DRAW) if "first-turn" in flags else []
    if first_draw and any(m.key == "shiisan_puutaa" for m in c.yaku):
        notes.append(phrase("note", "first_draw_once", flag=first_draw[0]))
    return notes


def _liable(
    c: Candidate,
    line: Hand,
    ruleset: Ruleset,
    options: dict[str, Any],
    side: WinSide,
    notes: list[Phrase],
) -> tuple[list[Payment] | None, Liability | None]:
    """The payments and the liability when someone answers for the hand (包), else None.

    The liability rules are imported here, for the few hands that can need them."""
    params = ruleset.params
    pao_yakuman = c.yakuman and params.liability == "pao"
    if not pao_yakuman and params.liability != "arushal":
        return None, None
    from . import liability as pao

    if pao_yakuman:
        calls, more = pao.find_liable(
            line, {m.key for m in c.yaku}, options["pao"], len(side.seats)
        )
        notes.extend(more)
        if calls:
            call = calls[0]
            answered = tuple(x.yaku for x in calls if x.seat == call.seat)
            # Tenhou: the liable player answers for it all (pao_share=whole)
            whole = options.get("pao_share", "whole") == "whole"
            liable_units = sum(m.yakuman for m in c.yaku if m.key in answered)
            liable_base = c.base if whole else min(c.base, 8000 * liable_units)
            return (
                liable_payments(c.base, liable_base, call.seat, side, params, whole),
                pao.describe(
                    call,
                    answered,
                    side.tsumo,
                    side.discarder,
                    _share(c, liable_units, whole),
                ),
            )
    else:  # Arushal's liability rules
        arushal_call, more, answered = pao.find_arushal_liable(line, {m.key for m in c.yaku})
        notes.extend(more)
        if arushal_call:
            return (
                liable_payments(c.base, c.base, arushal_call.seat, side, params),
                pao.describe(arushal_call, answered, side.tsumo, side.discarder),
            )
    return None, None


def _share(c: Candidate, liable_units: int, whole: bool) -> str:
    """What the liable player answers for, when the hand holds more than the liable yakuman:
    "whole" (the whole hand), "yakuman_only" (the liable yakuman only), "" (no more)."""
    if c.yakuman <= liable_units:
        return ""
    return "whole" if whole else "yakuman_only"


def _verdict(
    c: Candidate,
    bonus: list[YakuMatch],
    line: Hand,
    ruleset: Ruleset,
    options: dict[str, Any],
    side: WinSide,
) -> Verdict:
    params = ruleset.params
    notes = _flag_notes(c, line, options)
    payments, liability = _liable(c, line, ruleset, options, side, notes)
    if payments is None:
        payments = hand_payments(c.base, side, params) + honba_payments(side, params)
    payments += deposit_payments(side, params)
    extras, more = extra_payments(line, c.yaku, c.yakuman, c.facts.closed, side, params, options)
    payments += extras
    notes.extend(more)
    if not side.tsumo and side.discarder is None:
        notes.append(phrase("note", "unknown_discarder"))
    plain = not (c.yakuman or c.alone)  # a limit or yakuman hand shows no fu and no dora
    score = HanFu(
        han=None if c.yakuman else c.han,
        fu=c.fu if plain else None,
        fu_items=tuple(c.fu_items) if plain else (),
        limit=c.limit,
        yakuman=c.yakuman,
    )
    return Verdict(
        score,
        c.value,
        tuple(payments),
        net_of(payments, side.seats),
        winner=side.winner,
        win="tsumo" if side.tsumo else "ron",
        discarder=side.discarder,
        yaku=tuple(c.yaku) + (tuple(bonus) if plain else ()),
        liability=liability,
        reading=c.facts.reading.text() if c.facts.reading else "",
        notes=tuple(notes),
    )
