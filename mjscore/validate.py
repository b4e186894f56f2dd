"""Can these tiles and this situation exist? Checked before any scoring.

Tile errors are `invalid_hand`; flags that contradict each other, the hand or
the ruleset are `context` errors. Nothing is silently dropped.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import tiles as T
from .errors import ContextError, InvalidHand
from .hand import Hand, seat_from
from .rulesets import Ruleset


def validate(line: Hand, ruleset: Ruleset, options: dict[str, Any]) -> None:
    _check_tile_count(line, ruleset)
    _check_copies(line, ruleset, options)
    _check_context(line, ruleset)
    _check_local(line, ruleset, options)


def _check_tile_count(line: Hand, ruleset: Ruleset) -> None:
    melds = line.holding.melds
    if len(melds) > 4:
        raise InvalidHand(f"{len(melds)} melds: a hand has at most four", melds[4].column)
    if "draw" in line.ctx.flags:  # nobody won: no complete hand (the ruleset checks the flag)
        return
    want = 13 - 3 * len(melds)
    have = len(line.holding.concealed)
    if have != want:
        kans = sum(m.is_kan for m in melds)
        total = have + 1 + sum(len(m.tiles) for m in melds)
        if ruleset.params.quad_hands and total == 14 and all(m.is_kan for m in melds):
            return  # three quadruples and a pair in 14 tiles, some declared as kongs
        meld_words = f" with {len(melds)} meld{'s' if len(melds) != 1 else ''}" if melds else ""
        raise InvalidHand(
            f"the hand holds {total} tiles; a complete hand{meld_words} has {14 + kans}: "
            f"{want} concealed tiles plus the winning tile, not {have}",
            line.columns.get("concealed"))


def _check_copies(line: Hand, ruleset: Ruleset, options: dict[str, Any]) -> None:
    counts = [0] * T.N_TILES  # a list, not a Counter: this runs for every line
    tiles = [*line.all_winner_tiles, *line.ctx.dora, *line.ctx.ura]
    for _, other in line.others:
        tiles += other.concealed
        for m in other.melds:
            tiles += m.tiles
    for t in tiles:
        counts[t] += 1
    if max(counts) > 4:
        tile = next(t for t, n in enumerate(counts) if n > 4)
        raise InvalidHand(f"{counts[tile]} copies of {T.name(tile)} (hand, melds, win and "
                          "indicators together); there are only four")
    flowers = Counter(line.holding.flowers)
    for _, other in line.others:
        flowers.update(other.flowers)
    for tile, n in sorted(flowers.items()):
        if n > 1:
            raise InvalidHand(f"{n} copies of {T.name(tile)}: each flower and season exists once")
    reds = Counter(line.red_tiles())
    _check_plain_fives(counts, reds, _red_fives_allowed(ruleset, options))
    if not reds:
        return
    if "red_fives" not in ruleset.options:  # a token the ruleset forbids, not a sixth tile
        raise ContextError(f"ruleset {ruleset.name} has no red fives: write 5, not 0")
    allowed = _red_fives_allowed(ruleset, options)
    for tile, n in sorted(reds.items()):
        limit = allowed.get(tile, 0)
        if n > limit:
            red = T.name(tile, red=True)
            where = ("this ruleset has no red fives" if not any(allowed.values())
                     else f"the set has {limit or 'no'} {red}")
            raise InvalidHand(f"{n} red {red}: {where}"
                              + (" (option red_fives)" if "red_fives" in ruleset.options else ""))


def _check_plain_fives(counts: list[int], reds: Counter, allowed: dict[int, int]) -> None:
    """With red fives in the set, fewer plain fives exist: a red one must be written 0."""
    for five in T.FIVES:
        plain = counts[five] - reds[five]
        if allowed.get(five) and plain > 4 - allowed[five]:
            raise InvalidHand(f"{plain} plain {T.name(five)}: the set has {allowed[five]} red "
                              f"{T.name(five, red=True)} among its four, so write it as "
                              f"{T.name(five, red=True)} (option red_fives)")


def _red_fives_allowed(ruleset: Ruleset, options: dict[str, Any]) -> dict[int, int]:
    """How many red fives of each suit the set holds (0m, 0p, 0s)."""
    n = options["red_fives"] if ruleset.params.dora else 0
    m5, p5, s5 = T.FIVES
    if n == 0:
        return {}
    per = ruleset.params.red_five_layout
    if per and n in per:  # e.g. Kansai Boo: red 5-pins only
        return {T.FIVES[i]: c for i, c in enumerate(per[n])}
    if n == 4:
        return {m5: 1, p5: 2, s5: 1}
    if per:
        return {T.FIVES[i]: c for i, c in enumerate(per[n])}
    return {m5: 1, p5: 1, s5: 1}


_NEEDS_TSUMO = ("haitei", "rinshan", "tenhou", "chiihou", "nagashi")
_NEEDS_RON = ("houtei", "chankan", "renhou", "kanburi")
_EXCLUSIVE = (("haitei", "rinshan"), ("houtei", "chankan"), ("tenhou", "chiihou"),
              ("riichi", "open-riichi"), ("double-riichi", "open-riichi"),
              ("chankan", "kanburi"))


def _check_context(line: Hand, ruleset: Ruleset) -> None:
    ctx = line.ctx
    flags = ctx.flags
    col = line.columns
    for f in sorted(flags, key=lambda f: col.get(f, 0)):
        if f not in ruleset.flags:
            raise ContextError(f"'{f}' is not a flag of ruleset {ruleset.name}", col.get(f), f)
    ron_chiihou = ("chiihou" in flags and not ctx.tsumo
                   and ruleset.params.chiihou_by_ron)  # Shiragiku's 地和
    if ron_chiihou and ctx.discarder and ctx.discarder_seat != "E":
        raise ContextError("'chiihou' by ron is a ron on the dealer's first discard: the "
                           f"discarder must be E, not {ctx.discarder_seat}",
                           col.get("chiihou"), "chiihou")
    for f in _NEEDS_TSUMO:
        if f in flags and not ctx.tsumo and not (f == "chiihou" and ron_chiihou):
            raise ContextError(f"'{f}' needs a tsumo win, but the line wins by ron",
                               col.get(f), f)
    for f in _NEEDS_RON:
        if f in flags and ctx.tsumo:
            raise ContextError(f"'{f}' needs a ron win, but the line wins by tsumo",
                               col.get(f), f)
    for a, b in _EXCLUSIVE:
        if a in flags and b in flags:
            raise ContextError(f"'{a}' and '{b}' cannot both happen", col.get(b), b)
    declared = flags & {"riichi", "double-riichi", "open-riichi"}
    open_melds = [m for m in line.holding.melds if m.is_open]
    if declared and open_melds:
        f = min(declared, key=lambda f: col.get(f, 0))
        raise ContextError(f"'{f}' needs a closed hand, but {open_melds[0].text()} is an open "
                           "meld", col.get(f), f)
    if "ippatsu" in flags and not declared:
        raise ContextError("'ippatsu' needs riichi (or double-riichi)", col.get("ippatsu"),
                           "ippatsu")
    if "rinshan" in flags and not any(m.is_kan for m in line.holding.melds):
        raise ContextError("'rinshan' needs a kan in the hand", col.get("rinshan"), "rinshan")
    first = flags & {"tenhou", "chiihou", "renhou", "double-riichi", "first-turn"}
    if first & {"tenhou", "chiihou", "renhou"} and line.holding.melds:
        f = next(iter(first & {"tenhou", "chiihou", "renhou"}))
        raise ContextError(f"'{f}' is a first-turn win: the hand can have no meld",
                           col.get(f), f)
    if "tenhou" in flags and not ctx.dealer:
        raise ContextError("'tenhou' is the dealer's win: the seat must be E", col.get("tenhou"),
                           "tenhou")
    for f in ("chiihou", "renhou"):
        if f in flags and ctx.dealer:
            raise ContextError(f"'{f}' is a non-dealer's win: the seat cannot be E",
                               col.get(f), f)
    if ctx.discarder and ctx.discarder_seat == ctx.seat_wind:
        raise ContextError("the discarder cannot be the winner", col.get("win"))
    if line.holding.flowers and not ruleset.params.flowers \
            and "flowers" not in ruleset.options:
        raise ContextError(f"ruleset {ruleset.name} has no flowers", col.get("flowers"))
    if ctx.breach and not ruleset.params.breach:
        raise ContextError(f"'breach:' is a European token; ruleset {ruleset.name} has no "
                           "breach wind", col.get("breach"))
    if (ctx.dora or ctx.ura) and not ruleset.params.dora:
        raise ContextError(f"ruleset {ruleset.name} has no dora", col.get("dora", col.get("ura")))
    if ctx.ura and not ruleset.params.ura:
        raise ContextError(f"ruleset {ruleset.name} has no ura dora", col.get("ura"))
    most = ruleset.params.dora_indicators
    if most and len(ctx.dora) > most:
        raise ContextError(f"ruleset {ruleset.name} has {most} dora indicator(s) (no kan dora), "
                           f"not {len(ctx.dora)}", col.get("dora"))
    if ctx.honba and not ruleset.params.honba:
        raise ContextError(f"ruleset {ruleset.name} has no honba counters", col.get("honba"))
    if ctx.sticks and not ruleset.params.deposits:
        raise ContextError(f"ruleset {ruleset.name} has no riichi deposits", col.get("sticks"))
    if line.others and not ruleset.params.settlement:
        raise ContextError(f"ruleset {ruleset.name} scores only the winner; the players after "
                           "' / ' are not used")


_DRAW_COMPANIONS = frozenset(("nagashi", "riichi", "double-riichi", "open-riichi"))


def _check_local(line: Hand, ruleset: Ruleset, options: dict[str, Any]) -> None:
    """Flags and options of WEB TILE: nagashi, paarenchan, flowers, ura, two players."""
    ctx, col = line.ctx, line.columns
    flags = ctx.flags
    if "nagashi" in flags:
        if line.holding.melds:
            raise ContextError("'nagashi' needs a hand that called nothing, but "
                               f"{line.holding.melds[0].text()} is a meld", col.get("nagashi"),
                               "nagashi")
        other = sorted(flags - _DRAW_COMPANIONS, key=lambda f: col.get(f, 0))
        if other:
            raise ContextError(f"'nagashi' is scored at the exhaustive draw: '{other[0]}' "
                               "cannot come with it", col.get(other[0]), other[0])
    if "paarenchan" in flags and not ctx.dealer:
        raise ContextError("'paarenchan' is the dealer's eighth win in a row: the seat must be "
                           "E", col.get("paarenchan"), "paarenchan")
    if line.holding.flowers and "flowers" in ruleset.options and not options["flowers"]:
        raise ContextError(f"flowers are off under {ruleset.name} (option flowers=on adds the "
                           "four flowers 1f-4f)", col.get("flowers"))
    if not ruleset.params.seasons and any(
            t >= T.FLOWER_BASE + 4 for t in line.holding.flowers):
        raise ContextError(f"ruleset {ruleset.name} has four flowers (1f-4f) and no seasons",
                           col.get("flowers"))
    most = ruleset.params.ura_indicators
    if most and len(ctx.ura) > most:
        raise ContextError(f"ruleset {ruleset.name} counts only the first ura indicator (no "
                           f"kan ura dora), not {len(ctx.ura)}", col.get("ura"))
    if options["two_player"]:
        _check_two_player(line)


def _check_two_player(line: Hand) -> None:
    """Two players sit East and South: every seat the line names must be one of them."""
    ctx, col = line.ctx, line.columns
    if ctx.seat_wind not in "ES":
        raise ContextError(f"a two-player game has the seats E and S, not {ctx.seat_wind} "
                           "(option two_player)", col.get("seat"))
    other = "S" if ctx.dealer else "E"
    if ctx.discarder and ctx.discarder_seat != other:
        raise ContextError(f"in a two-player game only {other} can deal in, not "
                           f"{ctx.discarder_seat}", col.get("win"))
    for m in line.holding.melds:
        source = m.source or ("-" if m.is_run else None)  # a chi comes from the left
        if source and seat_from(ctx.seat_wind, source) != other:
            raise ContextError(f"in a two-player game {m.text()} can only come from {other}",
                               m.column)
