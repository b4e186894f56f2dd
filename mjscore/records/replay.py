"""Replay one round's events and say, at a win, what the hand line needs.

The situation flags (ippatsu, haitei, rinshan, chankan, tenhou...) are not in the
verdict we may use: they follow from the order of draws, discards and calls,
so both readers feed the same events here and the rules live in one place.
Tiles are opaque tokens (mjlog tile ids, tenhou.net/6 codes) turned into
`Tile`s by the reader's `to_tile`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from .model import WINDS, Meld, RecordError, Tile, WinFacts, marker

LIVE_WALL = 70  # 136 tiles - 14 dead wall - 13 x 4 dealt


class Replay:
    """The state of one four-player round, moved on event by event."""

    def __init__(self, kyoku: int, honba: int, sticks: int, hands: Sequence[Sequence[Hashable]],
                 dora: Sequence[Hashable], to_tile: Callable[[Any], Tile],
                 options: dict[str, str] | None = None) -> None:
        self.kyoku, self.dealer = kyoku, kyoku % 4
        self.honba, self.sticks = honba, sticks
        self.to_tile = to_tile
        self.options = options or {}
        self.hands = [list(h) for h in hands]
        self.melds: list[list[tuple[Meld, str]]] = [[] for _ in range(4)]  # (meld, kind key)
        self.dora = list(dora)
        self.live = LIVE_WALL
        self.calls_made = False
        self.discarded = [False] * 4
        self.riichi = [0] * 4  # 0, 1 riichi, 2 double riichi
        self.pending = [0] * 4
        self.ippatsu = [False] * 4
        self.ippatsu_before_kakan = [False] * 4
        self.rinshan_next = [False] * 4
        self.last: tuple[str, int, Any, bool] | None = None  # (what, seat, token, rinshan)
        self.deposits_taken = False

    # -- events ---------------------------------------------------------------------------

    def draw(self, p: int, tok: Hashable) -> None:
        self.live -= 1
        rinshan, self.rinshan_next[p] = self.rinshan_next[p], False
        self.hands[p].append(tok)
        self.last = ("draw", p, tok, rinshan)

    def discard(self, p: int, tok: Hashable) -> None:
        self._take(p, tok)
        self.discarded[p] = True
        self.ippatsu[p] = False  # the riichi discard comes before acceptance sets it
        self.rinshan_next[p] = False
        self.last = ("discard", p, tok, False)

    def declare_riichi(self, p: int) -> None:
        first = not self.discarded[p] and not self.calls_made
        self.pending[p] = 2 if first else 1

    def accept_riichi(self, p: int) -> None:
        if self.pending[p] and not self.riichi[p]:
            self.riichi[p] = self.pending[p]
            self.sticks += 1
            self.ippatsu[p] = True

    def call(self, p: int, kind: str, toks: Sequence[Hashable], called: Hashable, src: int) -> None:
        """chi, pon or kan (daiminkan) on `src`'s discard `called`."""
        own = list(toks)
        own.remove(called)
        for tok in own:
            self._take(p, tok)
        self._interrupt()
        mark = "" if kind == "chi" else marker(p, src)
        tiles = [self.to_tile(t) for t in toks]
        self.melds[p].append((Meld(kind, tiles, mark), str(tiles[0].kind)))
        if kind == "kan":
            self.rinshan_next[p] = True
        self.last = ("call", p, called, False)

    def ankan(self, p: int, toks: Sequence[Hashable]) -> None:
        for tok in toks:
            self._take(p, tok)
        self._interrupt()
        self.melds[p].append((Meld("ankan", [self.to_tile(t) for t in toks]), ""))
        self.rinshan_next[p] = True
        self.last = ("ankan", p, toks[0], False)

    def kakan(self, p: int, tok: Hashable) -> None:
        """The fourth tile added to a pon; the kakan stands where the pon stood."""
        self._take(p, tok)
        tile = self.to_tile(tok)
        for meld, _ in self.melds[p]:
            if meld.kind == "pon" and meld.tiles[0].kind == tile.kind:
                meld.kind = "kakan"
                meld.tiles.append(tile)
                break
        else:
            raise RecordError(f"added kan of {tile} without a pon of it")
        self.ippatsu_before_kakan = list(self.ippatsu)
        self._interrupt()
        self.rinshan_next[p] = True
        self.last = ("kakan", p, tok, False)

    def add_dora(self, tok: Hashable) -> None:
        self.dora.append(tok)

    # -- the win --------------------------------------------------------------------------

    def win(self, who: int, frm: int, ura: Sequence[Hashable]) -> WinFacts:
        """The facts of `who`'s win off `frm` (== who on tsumo), as things stand now."""
        if self.last is None:
            raise RecordError("a win before any draw")
        what, seat, tok, rinshan = self.last
        tsumo = who == frm
        flags: list[str] = []
        concealed = list(self.hands[who])
        ippatsu = self.ippatsu[who]
        if tsumo:
            if what != "draw" or seat != who:
                raise RecordError(f"tsumo by {who} but the last event is {what} by {seat}")
            concealed.remove(tok)
            if rinshan:
                flags.append("rinshan")
            elif self.live == 0:
                flags.append("haitei")
            if not self.calls_made and not self.discarded[who]:
                flags.append("tenhou" if who == self.dealer else "chiihou")
        else:
            if seat != frm or what not in ("discard", "kakan", "ankan"):
                raise RecordError(f"ron on {frm} but the last event is {what} by {seat}")
            if what == "kakan":
                flags.append("chankan")
                ippatsu = self.ippatsu_before_kakan[who]
            elif what == "discard" and self.live == 0:
                flags.append("houtei")
        if self.riichi[who]:
            flags.insert(0, "double-riichi" if self.riichi[who] == 2 else "riichi")
            if ippatsu:
                flags.insert(1, "ippatsu")
        # a double ron: Tenhou pays the honba and the deposits to the first winner only
        honba, sticks = (0, 0) if self.deposits_taken else (self.honba, self.sticks)
        # the other players whose riichi stick is among those deposits (for `mjscore game`)
        riichi_by = [] if self.deposits_taken else [
            self.seat_wind(p) for p in range(4) if p != who and self.riichi[p]]
        self.deposits_taken = True
        return WinFacts(
            concealed=[self.to_tile(t) for t in concealed],
            melds=[m for m, _ in self.melds[who]],
            win_tile=self.to_tile(tok),
            tsumo=tsumo,
            discarder="" if tsumo else marker(who, frm),
            round_wind=WINDS[(self.kyoku // 4) % 4],
            seat_wind=WINDS[(who - self.dealer) % 4],
            dora=[self.to_tile(t) for t in self.dora],
            ura=[self.to_tile(t) for t in ura] if self.riichi[who] else [],
            honba=honba,
            sticks=sticks,
            flags=flags,
            options=dict(self.options),
            riichi_by=sorted(riichi_by, key=WINDS.index),
        )

    def seat_wind(self, p: int) -> str:
        return WINDS[(p - self.dealer) % 4]

    # -- helpers --------------------------------------------------------------------------

    def _take(self, p: int, tok: Hashable) -> None:
        try:
            self.hands[p].remove(tok)
        except ValueError:
            raise RecordError(f"seat {p} plays {self.to_tile(tok)}, which it does not hold"
                              ) from None

    def _interrupt(self) -> None:
        """A call: the first go-around is over and every ippatsu is broken."""
        self.calls_made = True
        self.ippatsu = [False] * 4
