"""Score a hand: every shape and reading, the highest total, flowers last (spec 3.12).

Ties are broken as the reference calculator does (spec 3.1): among readings with the
same total, a later one replaces the current choice when it has Pure Triple Chow or
Triple Pung, and any regular reading replaces an equal Seven Pairs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from .codes import TILE_ID
from .context import Context, build
from .fans import BY_KEY, ORDER
from .hand import McrHand, McrInputError, check
from .options import Table, resolve, table
from .regular import reading_packs, regular_fans
from .result import Decomposition, FanScore, Group, McrResult
from .shapes import honors_and_knitted, is_seven_pairs, is_thirteen_orphans, regular_readings
from .special import (
    honors_knitted_fans,
    knitted_straight_fans,
    knitted_straight_reading,
    nine_gates,
    seven_pairs_fans,
    thirteen_orphans_fans,
)
from .waits import unique_wait


class NotAWinningHand(McrInputError):
    """The tiles form none of the MCR winning shapes."""


def _points(fans: Counter[str], tbl: Table) -> int:
    return sum(tbl.points[k] * n for k, n in fans.items())


def _ids(codes) -> tuple[int, ...]:
    return tuple(TILE_ID[c] for c in codes)


def _pack_group(kind: str, tile: int, melded: bool) -> Group:
    if kind == "chow":
        return Group("chow", _ids((tile - 1, tile, tile + 1)), not melded)
    return Group(kind, _ids((tile,) * (4 if kind == "kong" else 3)), not melded)


def _regular_decomposition(ctx: Context, sets, pair: int) -> Decomposition:
    groups = [_pack_group(*p) for p in (*ctx.fixed, *reading_packs(sets))]
    return Decomposition("regular", (*groups, Group("pair", _ids((pair, pair)), True)))


def _loose(ctx: Context, shape: str) -> Decomposition:
    tiles = [c for c in ctx.present for _ in range(ctx.standing[c])]
    if shape == "seven_pairs":
        groups = tuple(Group("pair", _ids((c, c)), True) for c in tiles[::2])
    else:
        groups = (Group("tiles", _ids(tiles), True),)
    return Decomposition(shape, groups)


def _special(ctx: Context, tbl: Table) -> tuple[Counter[str], Decomposition] | None:
    if not ctx.fixed:
        if is_seven_pairs(ctx.standing):
            return seven_pairs_fans(ctx, tbl), _loose(ctx, "seven_pairs")
        kind = honors_and_knitted(ctx.present)
        if kind:
            return honors_knitted_fans(ctx, kind, tbl), _loose(ctx, "honors_and_knitted")
        if is_thirteen_orphans(ctx.present):
            return thirteen_orphans_fans(ctx, tbl), _loose(ctx, "thirteen_orphans")
    reading = knitted_straight_reading(ctx)
    if reading:
        pattern, fourth, pair, _ = reading
        groups = (
            Group("knitted", _ids(pattern), True),
            _pack_group(*fourth),
            Group("pair", _ids((pair, pair)), True),
        )
        return (knitted_straight_fans(ctx, reading, tbl), Decomposition("knitted_straight", groups))
    return None


def readings(hand: McrHand) -> list[Decomposition]:
    """Every winning shape and reading of a hand, unscored (empty when it is not complete).

    For `waits` and shanten: a 13-tile hand plus a candidate tile is a win exactly when
    this list is non-empty, whatever the shape.
    """
    check(hand)
    ctx = build(hand)
    out = []
    if not ctx.fixed:
        if is_seven_pairs(ctx.standing):
            out.append(_loose(ctx, "seven_pairs"))
        if honors_and_knitted(ctx.present):
            out.append(_loose(ctx, "honors_and_knitted"))
        if is_thirteen_orphans(ctx.present):
            out.append(_loose(ctx, "thirteen_orphans"))
    reading = knitted_straight_reading(ctx)
    if reading:
        pattern, fourth, pair, _ = reading
        out.append(
            Decomposition(
                "knitted_straight",
                (
                    Group("knitted", _ids(pattern), True),
                    _pack_group(*fourth),
                    Group("pair", _ids((pair, pair)), True),
                ),
            )
        )
    out += [
        _regular_decomposition(ctx, sets, pair)
        for sets, pair in regular_readings(list(ctx.standing))
    ]
    return out


def best_reading(
    ctx: Context, tbl: Table, keep: list[tuple[Counter[str], Decomposition]] | None = None
) -> tuple[Counter[str], Decomposition]:
    """The highest-scoring (fans, decomposition) over every shape; NotAWinningHand if none.

    `keep` (the explanation's) gets every (fans, decomposition) weighed, in the order
    weighed: a special shape first, then the regular readings when they are weighed."""
    best = _special(ctx, tbl)
    best_points = _points(best[0], tbl) if best else 0
    if keep is not None and best is not None:
        keep.append(best)
    seven_pairs = bool(
        best and best[1].shape == "seven_pairs" and not best[0]["seven_shifted_pairs"]
    )
    if best is None or seven_pairs:
        readings = regular_readings(list(ctx.standing))
        if readings:
            waiting = unique_wait(list(ctx.standing), ctx.win, not ctx.fixed)
            gates = nine_gates(ctx)
            for sets, pair in readings:
                fans = regular_fans(ctx, sets, pair, waiting, gates, tbl)
                points = _points(fans, tbl)
                if keep is not None:
                    keep.append((fans, _regular_decomposition(ctx, sets, pair)))
                if points > best_points or (
                    points == best_points
                    and (fans["pure_triple_chow"] or fans["triple_pung"] or seven_pairs)
                ):
                    best = fans, _regular_decomposition(ctx, sets, pair)
                    best_points = points
    if best is None:
        raise NotAWinningHand("the tiles form no winning shape")
    return best


def score(hand: McrHand, options: Mapping[str, object] | None = None) -> McrResult:
    """Score one won hand under the Chinese Official rules (options: see options.OPTIONS)."""
    check(hand)
    tbl = table(resolve(options))
    ctx = build(hand)
    fans, decomposition = best_reading(ctx, tbl)
    return _result(fans, decomposition, hand.flowers, tbl)


def _result(
    fans: Counter[str], decomposition: Decomposition, flowers: int, tbl: Table
) -> McrResult:
    entries = [
        FanScore(k, BY_KEY[k].name, BY_KEY[k].name_zh, tbl.points[k], n)
        for k, n in sorted(fans.items(), key=lambda kv: ORDER[kv[0]])
    ]
    if flowers:
        f = BY_KEY["flower_tiles"]
        entries.append(FanScore(f.key, f.name, f.name_zh, 1, flowers))
    return McrResult(tuple(entries), _points(fans, tbl), flowers, decomposition)


def weighed(
    hand: McrHand, options: Mapping[str, object] | None = None
) -> tuple[list[McrResult], int]:
    """Every reading `score` weighs, each scored as `score` scores the one it chooses, in
    the order weighed, and the index of the one it chooses (([], -1): no winning shape)."""
    check(hand)
    tbl = table(resolve(options))
    ctx = build(hand)
    keep: list[tuple[Counter[str], Decomposition]] = []
    try:
        chosen, _ = best_reading(ctx, tbl, keep)
    except NotAWinningHand:
        return [], -1
    index = next(i for i, (fans, _) in enumerate(keep) if fans is chosen)
    return [_result(fans, d, hand.flowers, tbl) for fans, d in keep], index
