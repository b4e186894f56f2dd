"""Fans of one four-sets-and-a-pair reading (spec 3.12, score_standard).

Each step adds the fans its predicate finds; implied fans are left in and removed by
the single generic pass of combine.py, so this module only says what is present.
"""

from __future__ import annotations

from collections import Counter

from .codes import TERMINALS, is_dragon, is_suited, is_wind, rank, suit
from .combine import apply_implications
from .context import Context, Pack
from .groups import chow_fans, pung_fans
from .kongs import kong_fans
from .options import Table
from .shapes import CHOW
from .tilefans import range_fans, suit_fans, tile_hog, trait_fans


def context_fans(ctx: Context) -> Counter[str]:
    """Fans of how the hand was won (section 5); their overlaps are table implications."""
    out: Counter[str] = Counter()
    if ctx.last_tile:
        out["last_tile"] = 1
    if ctx.self_drawn:
        out["self_drawn"] = 1
        if ctx.wall_last:
            out["last_tile_draw"] = 1
        if ctx.kong_win:
            out["out_with_replacement_tile"] = 1
    else:
        if ctx.wall_last:
            out["last_tile_claim"] = 1
        if ctx.kong_win:
            out["robbing_the_kong"] = 1
    return out


def concealment_fans(ctx: Context) -> Counter[str]:
    """Concealed Hand / Fully Concealed Hand, or Melded Hand for four melds won on a discard."""
    melded = ctx.melded_sets
    if melded == 0:
        return Counter({"fully_concealed_hand" if ctx.self_drawn else "concealed_hand": 1})
    if melded == 4 and not ctx.self_drawn:
        return Counter({"melded_hand": 1})
    return Counter()


def wind_fans(ctx: Context, tile: int) -> Counter[str]:
    out: Counter[str] = Counter()
    if tile == ctx.prevalent:
        out["prevalent_wind"] = 1
    if tile == ctx.seat:
        out["seat_wind"] = 1
    return out


def pung_tile_fans(ctx: Context, tiles: list[int]) -> Counter[str]:
    """Dragon Pung, Seat/Prevalent Wind and Pung of Terminals or Honors, per pung.

    Wind pungs of the seat or prevalent wind, and all wind pungs once three of them
    form Big Three Winds or more, are never Pung of Terminals or Honors (spec 3.8).
    """
    out: Counter[str] = Counter()
    many_winds = sum(1 for t in tiles if is_wind(t)) >= 3
    for t in tiles:
        if is_dragon(t):
            out["dragon_pung"] += 1
        elif is_wind(t):
            out.update(wind_fans(ctx, t))
            if not many_winds and t != ctx.seat and t != ctx.prevalent:
                out["pung_of_terminals_or_honors"] += 1
        elif t in TERMINALS:
            out["pung_of_terminals_or_honors"] += 1
    return out


def _terminal_chows(chows: list[int], pair: int) -> str | None:
    """Pure / Three-Suited Terminal Chows: 123 and 789 twice, with a pair of fives (a suited
    five: an honour's code has a rank too, and Red's is 5)."""
    if not is_suited(pair) or rank(pair) != 5 or any(rank(c) not in (2, 8) for c in chows):
        return None
    suits = {suit(c) for c in chows}
    if suits == {suit(pair)}:
        return "pure_terminal_chows" if sorted(map(rank, chows)) == [2, 2, 8, 8] else None
    if len(suits) == 2 and suit(pair) not in suits and len(set(chows)) == 4:
        return "three_suited_terminal_chows"
    return None


def group_trait_fans(packs: list[Pack], pair: int) -> Counter[str]:
    """Outside Hand, All Five, All Even Pungs: a property every set and the pair shares."""
    outside = five = even = 0
    for kind, t, _ in (*packs, ("pair", pair, False)):
        if t >= 0x40:
            outside += 1
            continue
        r = rank(t)
        if kind == "chow":
            outside += r in (2, 8)
            five += r in (4, 5, 6)
        else:
            outside += r in (1, 9)
            five += r == 5
            even += r in (2, 4, 6, 8)
    if outside == 5:
        return Counter(outside_hand=1)
    if five == 5:
        return Counter(all_five=1)
    if even == 5:
        return Counter(all_even_pungs=1)
    return Counter()


def wait_fans(concealed: list[Pack], pair: int, win: int) -> Counter[str]:
    """Edge, Closed or Single Wait for a hand with one winning tile; Edge first, Single last."""
    edge = closed = False
    for kind, t, _ in concealed:
        if kind == "chow":
            closed |= t == win
            edge |= t - 1 == win or t + 1 == win
    if edge:
        return Counter(edge_wait=1)
    if closed:
        return Counter(closed_wait=1)
    return Counter(single_wait=1) if pair == win else Counter()


def reading_packs(sets: tuple[tuple[int, int], ...]) -> list[Pack]:
    return [
        ("chow", first + 1, False) if kind == CHOW else ("pung", first, False)
        for first, kind in sets
    ]


def regular_fans(
    ctx: Context,
    sets: tuple[tuple[int, int], ...],
    pair: int,
    unique_waiting: bool,
    nine_gates: bool,
    table: Table,
) -> Counter[str]:
    """All fans of one reading after the combination principles."""
    opts = table.opts
    concealed = reading_packs(sets)
    packs = [*ctx.fixed, *concealed]
    raw = context_fans(ctx)
    chows = [t for k, t, _ in packs if k == "chow"]
    pungs = [t for k, t, _ in packs if k != "chow"]
    melded_kongs = sum(1 for k, _, m in ctx.fixed if k == "kong" and m)
    concealed_kongs = sum(1 for k, _, m in ctx.fixed if k == "kong" and not m)
    concealed_pungs = sum(1 for k, _, _ in concealed if k == "pung")
    win = ctx.win
    if (
        not ctx.self_drawn
        and pungs
        and not any(k == "chow" and t - 1 <= win <= t + 1 for k, t, _ in concealed)
    ):
        concealed_pungs -= sum(1 for k, t, _ in concealed if k == "pung" and t == win)
    if pungs:
        raw += kong_fans(
            melded_kongs,
            concealed_kongs,
            concealed_pungs,
            opts["concealed_and_melded_kong"] != 3,
            bool(opts["kong_fans_beside_three_kongs"]),
        )
        if len(pungs) == 4:
            raw["all_pungs"] = 1
        raw += pung_tile_fans(ctx, pungs)
    terminal = _terminal_chows(chows, pair) if len(chows) == 4 else None
    if terminal:
        raw[terminal] = 1
    elif len(chows) >= 2:
        raw += chow_fans(chows)
    if len(pungs) >= 2:
        raw += pung_fans(pungs)
    raw += concealment_fans(ctx)
    if len(chows) == 4 and pair < 0x40:
        raw["all_chows"] = 1
    if raw["two_dragons_pungs"] and is_dragon(pair):
        raw["little_three_dragons"] = 1
    if raw["big_three_winds"] and is_wind(pair):
        raw["little_four_winds"] = 1
    raw += group_trait_fans(packs, pair)
    raw += suit_fans(ctx.present)
    raw += trait_fans(ctx.present)
    raw += range_fans(ctx.present)
    raw["tile_hog"] = tile_hog(ctx.merged, melded_kongs + concealed_kongs)
    if unique_waiting and not raw["melded_hand"] and not raw["four_kongs"]:
        raw += wait_fans(concealed, pair, win)
    if nine_gates:
        raw["nine_gates"] = 1
    return apply_implications(raw, table)
