"""The fan strategy (Chinese Official, `mcr`): a Hand to the MCR engine, its fans to a Verdict.

The engine (`mjscore.mcr`) knows nothing of notation or results; this module is the whole
bridge. Notation mapping: `chi:` -> chow, `pon:` -> pung, `kan:` and `kakan:` (a promoted
kong is a melded kong in MCR) -> melded kong, `ankan:` -> concealed kong; source markers
matter only for who pays; red fives never reach here (validate rejects `0` under mcr).
Flowers count, not which ones: `flowers:1f2f3g` is 3 points. Flags: `last-tile`
(和绝张), `rinshan`, `chankan`, `haitei`, `houtei`.

Values (docs/rules/mcr.md section 4): `fan` = `value` = the fan total with flowers; a hand
whose fans without flowers stay below 8 is NoYaku. Payments: a ron is 8 + fan from the
discarder (`ron`) and 8 from each of the others at the table (`base`); a tsumo is 8 + fan
from each of the others (`tsumo`). A ron without a source marker has an unknown discarder: one `ron`
payment from nobody (`from: null`) and the two `base` payments are not made (whose they
are is unknown), as the riichi family does.
"""

from __future__ import annotations

from typing import Any

from ..base import tiles as T
from ..base.errors import InvalidHand, NotAWin, NoYaku
from ..core.hand import ANKAN, CHI, PON, Hand
from ..core.phrases import phrase
from ..core.result import FanItem, Fans, Payment, Verdict, YakuMatch
from ..mcr import DEFAULTS, McrHand, McrInputError, McrResult, NotAWinningHand, score, weighed
from ..mcr import Meld as McrMeld
from ..mcr.payments import BASE, shares
from ..rulesets import Ruleset
from .payments import net_of

_FLAGS = (
    ("last-tile", "last_tile"),
    ("rinshan", "rinshan"),
    ("chankan", "chankan"),
    ("haitei", "haitei"),
    ("houtei", "houtei"),
)
_KIND = {CHI: "chi", PON: "pon", ANKAN: "ankan"}  # kan and kakan: "kan"


def mcr_hand(line: Hand) -> McrHand:
    """The engine's view of a hand line."""
    ctx, held = line.ctx, line.holding
    flags = ctx.flags
    return McrHand(
        concealed=held.concealed,
        win_tile=ctx.win_tile,
        melds=tuple(McrMeld(_KIND.get(m.kind, "kan"), m.tiles) for m in held.melds),
        tsumo=ctx.tsumo,
        seat=ctx.seat_wind,
        round=ctx.round_wind,
        flowers=len(held.flowers),
        **{arg: flag in flags for flag, arg in _FLAGS},
    )


def engine_options(options: dict[str, Any]) -> dict[str, Any]:
    """The engine's options out of the resolved ruleset options (switches left out)."""
    return {k: options[k] for k in DEFAULTS if k in options}


def score_fan(line: Hand, ruleset: Ruleset, options: dict[str, Any]) -> Verdict:
    """The verdict on a Chinese Official win; raises NotAWin, NoYaku or InvalidHand."""
    try:
        result = score(mcr_hand(line), engine_options(options))
    except NotAWinningHand:
        raise NotAWin(
            "the tiles form no Chinese Official winning shape (four sets and a "
            "pair, seven pairs, thirteen orphans or a knitted hand)"
        ) from None
    except McrInputError as exc:
        raise InvalidHand(str(exc)) from None
    if not result.qualifies:
        raise NoYaku(_below_minimum(result))
    return _verdict(line, result, ruleset.seats)


def _below_minimum(result: McrResult) -> str:
    fans = ", ".join(
        f"{f.name} {f.points}" + (f" x{f.count}" if f.count > 1 else "")
        for f in result.fans
        if f.key != "flower_tiles"
    )
    flowers = (
        f" (flowers {result.flower_points} do not count toward it)" if result.flower_points else ""
    )
    return (
        f"{result.fan_points} point{'s' if result.fan_points != 1 else ''} of fans "
        f"({fans or 'none'}): a Chinese Official win needs at least 8{flowers}"
    )


def fan_payments(
    value: int, winner: str, tsumo: bool, discarder: str | None, seats: tuple[str, ...]
) -> list[Payment]:
    """The engine's payments (mjscore.mcr.payments.shares) among the table's seats, as
    payment lines with labels: the discarder's `ron` and the others' `base`, or `tsumo`."""
    return [
        Payment.of(payer, winner, amount, kind, key=f"fan_{kind}", base=BASE, fan=value)
        for payer, amount, kind in shares(value, winner, tsumo, discarder, seats)
    ]


def _verdict(line: Hand, result: McrResult, seats: tuple[str, ...]) -> Verdict:
    ctx = line.ctx
    items = tuple(FanItem(f.key, f.name, f.name_zh, f.points, f.count) for f in result.fans)
    score_ = Fans(
        result.total, items, result.flower_points, result.qualifies, result.decomposition.shape
    )
    discarder = None if ctx.tsumo else ctx.discarder_seat
    payments = fan_payments(result.total, ctx.seat_wind, ctx.tsumo, discarder, seats)
    yaku = tuple(
        YakuMatch(f.key, f.name, f.points, f.name_zh, times=f.count if f.count > 1 else None)
        for f in result.fans
    )
    return Verdict(
        score_,
        result.total,
        tuple(payments),
        net_of(payments, seats),
        winner=ctx.seat_wind,
        win="tsumo" if ctx.tsumo else "ron",
        discarder=discarder,
        yaku=yaku,
        reading=reading_text(result),
    )


def fan_readings(line: Hand, options: dict[str, Any]) -> tuple[list[McrResult], int]:
    """Every reading the engine weighs for the line, scored, and the index of the one it
    chooses (([], -1): not a win, or a hand the engine cannot read)."""
    try:
        return weighed(mcr_hand(line), engine_options(options))
    except McrInputError:
        return [], -1


def reading_text(result: McrResult) -> str:
    """The scored reading in mpsz groups: '123m 456p 777z 99m 345s' (knitted: 147m258p369s)."""
    d = result.decomposition
    sets = " ".join(T.group_text(g.tiles) for g in d.groups)
    if d.shape == "regular":
        return phrase("reading", "fan_sets", sets=sets)
    return phrase("reading", "fan_shape", sets=sets, shape=d.shape)
