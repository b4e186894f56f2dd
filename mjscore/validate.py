"""Can these tiles and this situation exist? Checked before any scoring.

Tile errors are `invalid_hand`; flags that contradict each other, the hand or
the ruleset are `context` errors. Nothing is silently dropped.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import tiles as T
from .errors import ContextError, InvalidHand
from .hand import HandLine
from .rulesets import Ruleset


def validate(line: HandLine, ruleset: Ruleset, options: dict[str, Any]) -> None:
    _check_tile_count(line)
    _check_copies(line, ruleset, options)
    _check_context(line, ruleset)


def _check_tile_count(line: HandLine) -> None:
    melds = line.hand.melds
    if len(melds) > 4:
        raise InvalidHand(f"{len(melds)} melds: a hand has at most four", melds[4].column)
    want = 13 - 3 * len(melds)
    have = len(line.hand.concealed)
    if have != want:
        kans = sum(m.is_kan for m in melds)
        total = have + 1 + sum(len(m.tiles) for m in melds)
        meld_words = f" with {len(melds)} meld{'s' if len(melds) != 1 else ''}" if melds else ""
        raise InvalidHand(
            f"the hand holds {total} tiles; a complete hand{meld_words} has {14 + kans}: "
            f"{want} concealed tiles plus the winning tile, not {have}",
            line.columns.get("concealed"))


def _check_copies(line: HandLine, ruleset: Ruleset, options: dict[str, Any]) -> None:
    counts = Counter(line.all_winner_tiles)
    counts.update(line.ctx.dora)
    counts.update(line.ctx.ura)
    for other in line.others.values():
        counts.update(other.concealed)
        for m in other.melds:
            counts.update(m.tiles)
    for tile, n in sorted(counts.items()):
        if n > 4:
            raise InvalidHand(f"{n} copies of {T.name(tile)} (hand, melds, win and indicators "
                              "together); there are only four")
    reds = Counter(line.red_tiles())
    if not reds:
        return
    allowed = _red_fives_allowed(ruleset, options)
    for tile, n in sorted(reds.items()):
        limit = allowed.get(tile, 0)
        if n > limit:
            red = T.name(tile, red=True)
            where = ("this ruleset has no red fives" if not any(allowed.values())
                     else f"the set has {limit} {red}")
            raise InvalidHand(f"{n} red {red}: {where}"
                              + (" (option red_fives)" if "red_fives" in options else ""))


def _red_fives_allowed(ruleset: Ruleset, options: dict[str, Any]) -> dict[int, int]:
    """How many red fives of each suit the set holds (0m, 0p, 0s)."""
    n = options.get("red_fives", 0) if ruleset.params.get("dora", False) else 0
    m5, p5, s5 = T.FIVES
    if n == 0:
        return {}
    if n == 4:
        return {m5: 1, p5: 2, s5: 1}
    per = ruleset.params.get("red_five_layout")
    if per:
        return {T.FIVES[i]: c for i, c in enumerate(per[str(n)])}
    return {m5: 1, p5: 1, s5: 1}


_NEEDS_TSUMO = ("haitei", "rinshan", "tenhou", "chiihou")
_NEEDS_RON = ("houtei", "chankan", "renhou", "kanburi")
_EXCLUSIVE = (("haitei", "rinshan"), ("houtei", "chankan"), ("tenhou", "chiihou"),
              ("riichi", "open-riichi"), ("double-riichi", "open-riichi"))


def _check_context(line: HandLine, ruleset: Ruleset) -> None:
    ctx = line.ctx
    flags = ctx.flags
    col = line.columns
    for f in sorted(flags, key=lambda f: col.get(f, 0)):
        if f not in ruleset.flags:
            raise ContextError(f"'{f}' is not a flag of ruleset {ruleset.name}", col.get(f), f)
    for f in _NEEDS_TSUMO:
        if f in flags and not ctx.tsumo:
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
    open_melds = [m for m in line.hand.melds if m.is_open]
    if declared and open_melds:
        f = min(declared, key=lambda f: col.get(f, 0))
        raise ContextError(f"'{f}' needs a closed hand, but {open_melds[0].text()} is an open "
                           "meld", col.get(f), f)
    if "ippatsu" in flags and not declared:
        raise ContextError("'ippatsu' needs riichi (or double-riichi)", col.get("ippatsu"),
                           "ippatsu")
    if "rinshan" in flags and not any(m.is_kan for m in line.hand.melds):
        raise ContextError("'rinshan' needs a kan in the hand", col.get("rinshan"), "rinshan")
    first = flags & {"tenhou", "chiihou", "renhou", "double-riichi", "first-turn"}
    if first & {"tenhou", "chiihou", "renhou"} and line.hand.melds:
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
    if line.hand.flowers and not ruleset.params.get("flowers", False):
        raise ContextError(f"ruleset {ruleset.name} has no flowers", col.get("flowers"))
    if ctx.breach and not ruleset.params.get("breach", False):
        raise ContextError(f"'breach:' is a European token; ruleset {ruleset.name} has no "
                           "breach wind", col.get("breach"))
    if (ctx.dora or ctx.ura) and not ruleset.params.get("dora", False):
        raise ContextError(f"ruleset {ruleset.name} has no dora", col.get("dora", col.get("ura")))
    if line.others and not ruleset.params.get("settlement", False):
        raise ContextError(f"ruleset {ruleset.name} scores only the winner; the players after "
                           "' / ' are not used")
