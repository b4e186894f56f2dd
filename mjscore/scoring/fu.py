"""Fu of one reading, item by item, so that the report can explain every point.

Every item a hand can show is a frozen value made once: the ones a setting
fixes (`FuTable`, per ruleset and options) and the ones a tile names (a set,
a pair, a rounding) by small caches. Valuing a reading builds no item.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from ..base import tiles as T
from ..base.frozen import value_class
from ..core.decompose import KAN, KANCHAN, PENCHAN, RUN, TANKI, set_text
from ..core.facts import HandFacts
from ..core.result import FuItem
from ..rulesets.params import Params

_WAIT_KEYS = {KANCHAN: "wait_kanchan", PENCHAN: "wait_penchan", TANKI: "wait_tanki"}
_KIND_KEYS = {"triplet": "triplet", KAN: "kan"}
BASE = FuItem.of("base", 20)


@value_class
class FuTable:
    """The fu items that one ruleset under one set of options gives, made once."""

    seven_pairs: FuItem
    pinfu_tsumo_fu: int
    pinfu_tsumo: tuple[FuItem, ...]  # nothing to show when a pinfu tsumo is the base 20
    closed_ron: FuItem
    tsumo: FuItem
    waits: Mapping[str, FuItem]  # the waits that score fu
    value_pair: int
    double_wind_pair: int
    raised_to: int
    raised: FuItem | None  # an open hand of 20 fu raised (None: not raised)

    @classmethod
    def of(cls, params: Params, options: dict[str, Any]) -> FuTable:
        pinfu_tsumo = params.pinfu_tsumo_fu
        raised_to = params.open_pinfu_fu
        return cls(
            seven_pairs=FuItem.of("seven_pairs", options["chiitoitsu_fu"]),  # 25 30 50
            pinfu_tsumo_fu=pinfu_tsumo,
            pinfu_tsumo=(
                (FuItem.of("pinfu_tsumo", pinfu_tsumo - 20),) if pinfu_tsumo != 20 else ()
            ),
            closed_ron=FuItem.of("closed_ron", params.fu_closed_ron),
            tsumo=FuItem.of("tsumo", params.fu_tsumo),
            waits=MappingProxyType(
                {wait: FuItem.of(key, params.fu_wait) for wait, key in _WAIT_KEYS.items()}
            ),
            value_pair=params.fu_value_pair,
            double_wind_pair=options["double_wind_pair_fu"],
            raised_to=raised_to,
            raised=(FuItem.of("open_hand_raised", raised_to - 20) if raised_to != 20 else None),
        )


def _set_fu(tile: int, kind: str, concealed: bool) -> int:
    fu = 2 * (2 if T.is_terminal_or_honor(tile) else 1)
    if concealed:
        fu *= 2
    if kind == KAN:
        fu *= 4
    return fu


@lru_cache(maxsize=512)
def _set_item(kind: str, tile: int, concealed: bool) -> FuItem:
    key = f"{'concealed' if concealed else 'open'}_{_KIND_KEYS[kind]}"
    return FuItem.of(key, _set_fu(tile, kind, concealed), tiles=set_text(kind, tile))


@lru_cache(maxsize=512)
def _pair_items(
    pair: int, seat_wind: int, round_wind: int, value: int, double_wind: int
) -> tuple[FuItem, ...]:
    name = T.name(pair)
    if pair in T.DRAGONS:
        return (FuItem.of("pair_dragon", value, tile=name),)
    seat, rnd = pair == seat_wind, pair == round_wind
    if seat and rnd:
        return (FuItem.of("pair_double_wind", double_wind, tile=name),)
    if seat:
        return (FuItem.of("pair_seat_wind", value, tile=name),)
    if rnd:
        return (FuItem.of("pair_round_wind", value, tile=name),)
    return ()


@lru_cache(maxsize=16)
def _rounded(fu: int) -> FuItem:
    return FuItem.of("rounded", fu)


def round_up_10(fu: int) -> int:
    return -(-fu // 10) * 10


def hand_fu(
    f: HandFacts, pinfu: bool, table: FuTable, extra: tuple[FuItem, ...] = ()
) -> tuple[int, int, list[FuItem]]:
    """(fu, fu before rounding and raising, items); the items add up to the fu.

    The fu before rounding breaks a tie between equal-valued readings. `extra`
    are fu that yaku carry (Arushal's chinitsu +10), added before rounding.
    """
    if f.seven_pairs:
        item = table.seven_pairs
        return item.fu, item.fu, [item]
    if pinfu and f.tsumo:
        fu = table.pinfu_tsumo_fu + sum(i.fu for i in extra)
        return fu, fu, [BASE, *table.pinfu_tsumo, *extra]
    items = [BASE]
    if f.closed and not f.tsumo:
        items.append(table.closed_ron)
    if f.tsumo and not pinfu:
        items.append(table.tsumo)
    wait = table.waits.get(f.wait) if f.wait is not None else None  # None: no reading's wait
    if wait is not None:
        items.append(wait)
    if f.pair is not None:
        items.extend(
            _pair_items(f.pair, f.seat_wind, f.round_wind, table.value_pair, table.double_wind_pair)
        )
    items.extend(_set_item(g.kind, g.tile, g.concealed) for g in f.groups if g.kind != RUN)
    items.extend(extra)
    raw = sum(i.fu for i in items)
    total = round_up_10(raw)
    if total != raw:
        items.append(_rounded(total - raw))
    if total == 20 and not f.closed and table.raised is not None:
        items.append(table.raised)
        total = table.raised_to
    return total, raw, items
