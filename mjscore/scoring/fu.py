"""Fu of one reading, item by item, so that the report can explain every point."""

from __future__ import annotations

from typing import Any

from .. import tiles as T
from ..decompose import KAN, RUN, TANKI
from ..facts import HandFacts
from ..result import FuItem
from ..rulesets.params import Params

_WAIT_NAMES = {"kanchan": "closed wait (kanchan)", "penchan": "edge wait (penchan)",
               TANKI: "pair wait (tanki)"}
_KIND_NAMES = {"triplet": "triplet", KAN: "kan"}


def _set_fu(tile: int, kind: str, concealed: bool) -> int:
    fu = 2 * (2 if T.is_terminal_or_honor(tile) else 1)
    if concealed:
        fu *= 2
    if kind == KAN:
        fu *= 4
    return fu


def _pair_fu(f: HandFacts, params: Params, options: dict[str, Any]) -> list[FuItem]:
    p = f.pair
    value = params.fu_value_pair
    name = T.name(p)
    if p in T.DRAGONS:
        return [FuItem(f"pair of dragons {name}", value)]
    seat, rnd = p == f.seat_wind, p == f.round_wind
    if seat and rnd:
        return [FuItem(f"pair of the seat and round wind {name}",
                       options["double_wind_pair_fu"])]
    if seat:
        return [FuItem(f"pair of the seat wind {name}", value)]
    if rnd:
        return [FuItem(f"pair of the round wind {name}", value)]
    return []


ROUNDED, RAISED = "rounded up to 10", "open hand of 20 fu raised"


def counted_fu(items: list[FuItem]) -> int:
    """Fu before rounding and raising: what breaks a tie between equal-valued readings."""
    return sum(i.fu for i in items if i.reason not in (ROUNDED, RAISED))


def round_up_10(fu: int) -> int:
    return -(-fu // 10) * 10


def hand_fu(f: HandFacts, pinfu: bool, params: Params,
            options: dict[str, Any], extra: tuple[FuItem, ...] = ()) -> tuple[int, list[FuItem]]:
    """(fu, items); the items add up to the fu, rounding and raises included.

    `extra` are fu that yaku carry (Arushal's chinitsu +10), added before rounding.
    """
    if f.seven_pairs:
        fu = options["chiitoitsu_fu"]  # WEB TILE: an option of 25, 30 or 50
        return fu, [FuItem("seven pairs", fu)]
    items = [FuItem("base", 20)]
    if pinfu and f.tsumo:
        fu = params.pinfu_tsumo_fu
        if fu != 20:
            items.append(FuItem("pinfu tsumo", fu - 20))
        items.extend(extra)
        return fu + sum(i.fu for i in extra), items
    if f.closed and not f.tsumo:
        items.append(FuItem("closed hand won by ron", params.fu_closed_ron))
    if f.tsumo and not pinfu:
        items.append(FuItem("tsumo", params.fu_tsumo))
    if f.wait in _WAIT_NAMES:
        items.append(FuItem(_WAIT_NAMES[f.wait], params.fu_wait))
    if f.pair is not None:
        items.extend(_pair_fu(f, params, options))
    for g in f.groups:
        if g.kind == RUN:
            continue
        fu = _set_fu(g.tile, g.kind, g.concealed)
        state = "concealed" if g.concealed else "open"
        items.append(FuItem(f"{state} {_KIND_NAMES[g.kind]} {g.text()}", fu))
    items.extend(extra)
    raw = sum(i.fu for i in items)
    total = round_up_10(raw)
    if total != raw:
        items.append(FuItem(ROUNDED, total - raw))
    if total == 20 and not f.closed and params.open_pinfu_fu != 20:
        raised = params.open_pinfu_fu
        items.append(FuItem(RAISED, raised - 20))
        total = raised
    return total, items
