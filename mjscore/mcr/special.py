"""Fans of the shapes that are not four sets and a pair (spec 3.13).

Seven Pairs takes the tile-based fans; Thirteen Orphans and the Honors-and-Knitted
hands take only their shape fans; the Knitted Straight shape scores its fourth set and
pair. Concealed Hand / Fully Concealed Hand and All Types are entered where the tiles
give them and left to the implications (options can keep them).
"""

from __future__ import annotations

from collections import Counter

from .codes import ALL_CODES, TERMINALS, is_dragon, is_wind, rank, suit
from .combine import apply_implications
from .context import Context
from .fans import ALL
from .options import Table
from .regular import concealment_fans, context_fans, reading_packs, wait_fans, wind_fans
from .shapes import knitted_pattern, regular_readings
from .tilefans import range_fans, suit_fans, tile_hog, trait_fans
from .waits import unique_wait


def seven_pairs_fans(ctx: Context, table: Table) -> Counter[str]:
    raw = context_fans(ctx) + concealment_fans(ctx)
    raw["seven_pairs"] = 1
    if _shifted_pairs(ctx.standing):
        raw["seven_shifted_pairs"] = 1
    tile_fans = bool(table.opts["seven_pairs_tile_fans"])
    raw += suit_fans(ctx.present)
    raw += trait_fans(ctx.present, tile_fans)
    if tile_fans:
        raw += range_fans(ctx.present)
    raw["tile_hog"] = tile_hog(ctx.standing, 0)
    extra: dict[str, tuple[tuple[str, int], ...]] | None = None
    if not table.opts["seven_pairs_tile_hog_all_green_terminals"]:
        extra = {"all_green": (("tile_hog", ALL),), "all_terminals": (("tile_hog", ALL),)}
    return apply_implications(raw, table, extra)


def _shifted_pairs(standing: tuple[int, ...]) -> bool:
    pairs = [c for c in ALL_CODES if standing[c]]
    return (
        len(pairs) == 7
        and pairs[0] < 0x40
        and pairs[6] - pairs[0] == 6
        and all(standing[c] == 2 for c in pairs)
    )


def thirteen_orphans_fans(ctx: Context, table: Table) -> Counter[str]:
    raw = context_fans(ctx) + concealment_fans(ctx)
    raw["thirteen_orphans"] = 1
    raw += suit_fans(ctx.present)
    return apply_implications(raw, table)


def honors_knitted_fans(ctx: Context, kind: str, table: Table) -> Counter[str]:
    raw = context_fans(ctx) + concealment_fans(ctx)
    if kind == "greater":
        raw["greater_honors_and_knitted_tiles"] = 1
    else:
        raw["lesser_honors_and_knitted_tiles"] = 1
        if sum(1 for c in ctx.present if c < 0x40) == 9:
            raw["knitted_straight"] = 1
    raw += suit_fans(ctx.present)
    return apply_implications(raw, table)


def knitted_straight_reading(ctx: Context):
    """(pattern, fourth set, pair) when the hand is a knitted straight + set + pair."""
    if len(ctx.fixed) > 1:
        return None
    pattern = knitted_pattern(list(ctx.standing))
    if pattern is None:
        return None
    rest = list(ctx.standing)
    for c in pattern:
        rest[c] -= 1
    readings = regular_readings(rest)
    if len(readings) != 1:
        return None
    sets, pair = readings[0]
    fourth = ctx.fixed[0] if ctx.fixed else reading_packs(sets)[0]
    return pattern, fourth, pair, rest


def knitted_straight_fans(ctx: Context, reading, table: Table) -> Counter[str]:
    """Knitted Straight with its fourth set and pair, per spec 3.13 (pymahjonggb's reading)."""
    pattern, (kind, tile, melded), pair, rest = reading
    raw = context_fans(ctx)
    raw["knitted_straight"] = 1
    if kind == "chow":
        if pair < 0x40:
            raw["all_chows"] = 1
        if ctx.merged[pair] == 4:
            raw["tile_hog"] = 1
    elif is_wind(tile):
        raw += wind_fans(ctx, tile)
        if tile != ctx.seat and tile != ctx.prevalent:
            raw["pung_of_terminals_or_honors"] = 1
        if is_dragon(pair):
            raw["all_types"] = 1
    elif is_dragon(tile):
        raw["dragon_pung"] = 1
        if is_wind(pair):
            raw["all_types"] = 1
    else:
        if tile in TERMINALS:
            raw["pung_of_terminals_or_honors"] = 1
        if pair < 0x40:
            raw["no_honors"] = 1
        if kind != "kong" and ctx.merged[tile] == 4:
            raw["tile_hog"] = 1
    if kind == "kong":
        raw["melded_kong" if melded else "concealed_kong"] = 1
    if not melded:
        raw["fully_concealed_hand" if ctx.self_drawn else "concealed_hand"] = 1
    if rest[ctx.win]:
        # Only a win tile outside the knitted nine, or a copy of one used in the set or
        # pair, can give a wait fan (spec 3.9.5; pymahjonggb tests the five other tiles).
        concealed = [] if ctx.fixed else [(kind, tile, melded)]
        if unique_wait(rest, ctx.win, False):
            raw += wait_fans(concealed, pair, ctx.win)
    return apply_implications(raw, table)


def nine_gates(ctx: Context) -> bool:
    """Standing tiles 1112345678999 of one suit before the win, no declared set."""
    if ctx.fixed or ctx.win >= 0x40:
        return False
    base = suit(ctx.win) * 16
    counts = [ctx.standing[base + r] for r in range(1, 10)]
    counts[rank(ctx.win) - 1] -= 1
    return counts == [3, 1, 1, 1, 1, 1, 1, 1, 3]
