"""The plain-value input of the MCR scorer, and the checks that make it a legal hand.

The scorer is independent of mjscore's notation and result model: a caller builds an
`McrHand` from whatever it parsed and gets plain values back. Tile ids are those of
`mjscore.tiles` (0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-33 = E S W N White Green Red).
"""

from __future__ import annotations

from ..base.frozen import value_class
from ..base.tiles import WIND_LETTERS as WINDS

MELD_KINDS = ("chi", "pon", "kan", "ankan")


@value_class(slots=False)
class Meld:
    """A declared set. `kan` is any melded kong (claimed or promoted), `ankan` a concealed one."""

    kind: str
    tiles: tuple[int, ...]


@value_class(slots=False)
class McrHand:
    """One won hand: standing tiles (without the winning tile), melds, the win and its context.

    `last_tile` is 和绝张; `rinshan` the kong replacement (杠上开花, tsumo only); `chankan`
    robbing a kong (ron only); `haitei` the last wall tile drawn (妙手回春, tsumo only);
    `houtei` the last discard claimed (海底捞月, ron only). Winds are letters E S W N.
    """

    concealed: tuple[int, ...]
    win_tile: int
    melds: tuple[Meld, ...] = ()
    tsumo: bool = False
    seat: str = "E"
    round: str = "E"
    flowers: int = 0
    last_tile: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False


class McrInputError(ValueError):
    """The hand cannot be scored as given (wrong count, bad meld, contradictory flags)."""


def check(hand: McrHand) -> None:
    """Raise McrInputError unless the hand is well formed (copies are counted in context.py)."""
    for m in hand.melds:
        _check_meld(m)
    want = 13 - 3 * len(hand.melds)
    if len(hand.melds) > 4 or len(hand.concealed) != want:
        raise McrInputError(
            f"{len(hand.concealed)} standing tiles with {len(hand.melds)} declared sets; "
            f"expected {max(want, 0)}"
        )
    for t in (*hand.concealed, hand.win_tile):
        if not 0 <= t < 34:
            raise McrInputError(f"tile id {t} is not a playing tile")
    if hand.seat not in WINDS or hand.round not in WINDS:
        raise McrInputError("seat and round winds are letters E, S, W or N")
    if not 0 <= hand.flowers <= 8:
        raise McrInputError("a hand holds 0 to 8 flowers")
    if hand.tsumo and (hand.chankan or hand.houtei):
        raise McrInputError("chankan and houtei are wins on a discard, not tsumo")
    if not hand.tsumo and (hand.rinshan or hand.haitei):
        raise McrInputError("rinshan and haitei are self-drawn wins, not ron")


def _check_meld(m: Meld) -> None:
    if m.kind not in MELD_KINDS:
        raise McrInputError(f"unknown meld kind {m.kind!r}")
    ts = sorted(m.tiles)
    if any(not 0 <= t < 34 for t in ts):
        raise McrInputError(f"meld {m.kind} holds a non-playing tile")
    if m.kind == "chi":
        ok = len(ts) == 3 and ts[0] < 27 and ts[0] % 9 <= 6 and ts == [ts[0], ts[0] + 1, ts[0] + 2]
    else:
        ok = len(ts) == (3 if m.kind == "pon" else 4) and len(set(ts)) == 1
    if not ok:
        raise McrInputError(f"{m.kind} with tiles {tuple(m.tiles)} is not a valid set")
