"""Replay one round's events and say, at a win, what the hand line needs.

The situation flags (ippatsu, haitei, rinshan, chankan, tenhou...) are not in the
verdict we may use: they follow from the order of draws, discards and calls,
so both readers feed the same events here and the rules live in one place.
Tiles are opaque tokens (mjlog tile ids, tenhou.net/6 codes) turned into
`Tile`s by the reader's `to_tile`. A win is the core's `Hand`; `written` gives it its
line (the core's writer, in the order `mjscore import` writes) once mjscore accepts it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ..base.frozen import replace
from ..base.tiles import tile_from
from ..core.hand import Hand, Holding, WinContext, format_line
from ..core.hand import Meld as HandMeld
from .guard import refusal
from .model import WINDS, Meld, RecordError, RoundPlay, Source, Tile, marker, record_order

LIVE_WALL = 70  # 136 tiles - 14 dead wall - 13 x 4 dealt
LIVE_WALL_SANMA = 55  # 108 tiles (no 2m-8m) - 14 dead wall - 13 x 3 dealt
NORTH = ("z", 4)


def multiple_ron(
    rule: str, discarder: int, winners: Sequence[int], seats: int = 4
) -> tuple[list[int], int | None, str]:
    """Several wins on one discard under the ruleset's `multiple_ron` rule: the winners who
    score (in the record's order), the one who takes the honba and the riichi sticks, and
    a note on the wins that do not score ("" when all do).

    The winner nearest the discarder in turn order comes first (上家取り: the next to
    draw): `head_bump` scores that winner only; `double` scores two and makes three a
    draw (三家和); `all` scores every winner. The nearest scoring winner takes the
    deposits (riichi.wiki "Multiple ron": "All riichi bets go to the player closest in
    turn order")."""
    order = sorted(winners, key=lambda w: (w - discarder) % seats)
    if len(winners) < 2:
        return list(winners), (winners[0] if winners else None), ""
    if rule == "head_bump":
        first = order[0]
        return (
            [first],
            first,
            (
                f"head bump (multiple_ron=head_bump): only the win nearest "
                f"the discarder scores, {len(winners) - 1} more not written"
            ),
        )
    if rule == "double" and len(winners) >= 3:
        return (
            [],
            None,
            ("three rons on one discard are a draw under multiple_ron=double (三家和): no line"),
        )
    return list(winners), order[0], ""


class Replay:
    """The state of one round, moved on event by event. Seats are numbered as the
    records do, 0-3; at a table of three (`seats=3`) seat 3 is empty."""

    def __init__(
        self,
        kyoku: int,
        honba: int,
        sticks: int,
        hands: Sequence[Sequence[Hashable]],
        dora: Sequence[Hashable],
        to_tile: Callable[[Any], Tile],
        options: dict[str, str] | None = None,
        ruleset: str = "",
        seats: int = 4,
    ) -> None:
        self.kyoku, self.dealer = kyoku, kyoku % 4
        self.ruleset = ruleset
        self.seats = seats
        self.kita = [0] * 4
        self.honba, self.sticks = honba, sticks
        self.to_tile = to_tile
        self.options = options or {}
        self.order = record_order(tuple(self.options))  # how its lines are written
        self.hands = [list(h) for h in hands]
        self.melds: list[list[tuple[Meld, str]]] = [[] for _ in range(4)]  # (meld, kind key)
        self.dora = list(dora)
        self.live = LIVE_WALL_SANMA if seats == 3 else LIVE_WALL
        self.calls_made = False
        self.discarded = [False] * 4
        self.discards = [0] * 4  # each seat's discards so far (its turn, as Mortal counts it)
        self.calls = [0] * 4  # each seat's chi, pon and open kan (no closed or added kan)
        self.riichi = [0] * 4  # 0, 1 riichi, 2 double riichi
        self.pending = [0] * 4
        self.ippatsu = [False] * 4
        self.ippatsu_before_kakan = [False] * 4
        self.rinshan_next = [False] * 4
        self.last: tuple[str, int, Any, bool] | None = None  # (what, seat, token, rinshan)
        self.deposits_taken = False

    # -- events ---------------------------------------------------------------------------

    def draw(self, p: int, tok: Hashable) -> None:
        if p >= self.seats:
            raise RecordError(
                f"seat {p} draws, but the table has {self.seats} seats (0-{self.seats - 1})"
            )
        self.live -= 1
        rinshan, self.rinshan_next[p] = self.rinshan_next[p], False
        self.hands[p].append(tok)
        self.last = ("draw", p, tok, rinshan)

    def discard(self, p: int, tok: Hashable) -> None:
        self._take(p, tok)
        self.discarded[p] = True
        self.discards[p] += 1
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

    def accept_pending(self) -> None:
        """A four-riichi draw: the fourth declaration ends the round on its discard, and
        its stick is on the table all the same (Tenhou: the next round starts with four;
        the round's last action in a tenhou.net/6 record is that riichi discard)."""
        for p in range(self.seats):
            self.accept_riichi(p)

    def call(self, p: int, kind: str, toks: Sequence[Hashable], called: Hashable, src: int) -> None:
        """chi, pon or kan (daiminkan) on `src`'s discard `called`."""
        if kind == "chi" and self.seats == 3:
            raise RecordError(f"seat {p} calls chi in a three-player game (三麻 has no chi)")
        own = list(toks)
        own.remove(called)
        for tok in own:
            self._take(p, tok)
        self._interrupt()
        if src >= self.seats:
            raise RecordError(
                f"seat {p} calls a tile of seat {src}, which is empty at a table of three"
            )
        mark = "" if kind == "chi" else marker(p, src, self.seats)
        self.calls[p] += 1
        tiles = [self.to_tile(t) for t in toks]
        self.melds[p].append((Meld(kind, tiles, mark), str(tiles[0].kind)))
        if kind == "kan":
            self.rinshan_next[p] = True
        self.last = ("call", p, called, False)

    def ankan(self, p: int, toks: Sequence[Hashable]) -> None:
        for tok in toks:
            self._take(p, tok)
        self.ippatsu_before_kakan = list(self.ippatsu)  # kokushi may rob it (chankan-ankan)
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

    def set_kita(self, p: int, tok: Hashable) -> None:
        """A North set aside (北抜き, three players): out of the hand, a dora for `p`,
        and a replacement draw next (rinshan). Like a call it ends the first go-around
        and every ippatsu (a ron on it keeps the robber's, as a chankan does)."""
        if self.seats != 3:
            raise RecordError("a North set aside (kita) in a four-player game")
        if self.to_tile(tok).kind != NORTH:
            raise RecordError(
                f"seat {p} sets aside {self.to_tile(tok)} as kita (only North, 4z, may be)"
            )
        self._take(p, tok)
        self.kita[p] += 1
        self.ippatsu_before_kakan = list(self.ippatsu)
        self._interrupt()
        self.rinshan_next[p] = True
        self.last = ("kita", p, tok, False)

    def add_dora(self, tok: Hashable) -> None:
        self.dora.append(tok)

    # -- the win --------------------------------------------------------------------------

    def win(
        self, who: int, frm: int, ura: Sequence[Hashable], deposits: bool | None = None
    ) -> Hand:
        """The hand of `who`'s win off `frm` (== who on tsumo), as things stand now;
        `deposits` says whether this winner takes the honba and the riichi sticks (None:
        the round's first win does, see `multiple_ron`)."""
        if self.last is None:
            raise RecordError("a win before any draw")
        if max(who, frm) >= self.seats:
            raise RecordError(
                f"a win of seat {who} off seat {frm} at a table of "
                f"{self.seats} (seats 0-{self.seats - 1})"
            )
        what, seat, tok, rinshan = self.last
        tsumo = who == frm
        flags: set[str] = set()  # written in the order of model.RECORD_FLAGS
        held = list(self.hands[who])
        ippatsu = self.ippatsu[who]
        if tsumo:
            if what != "draw" or seat != who:
                raise RecordError(f"tsumo by {who} but the last event is {what} by {seat}")
            held.remove(tok)
            if rinshan:
                flags.add("rinshan")
            elif self.live == 0:
                flags.add("haitei")
            if not self.calls_made and not self.discarded[who]:
                flags.add("tenhou" if who == self.dealer else "chiihou")
        else:
            if seat != frm or what not in ("discard", "kakan", "ankan", "kita"):
                raise RecordError(f"ron on {frm} but the last event is {what} by {seat}")
            if what in ("kakan", "ankan", "kita"):
                flags.add({"kakan": "chankan", "ankan": "chankan-ankan", "kita": "kita-ron"}[what])
                ippatsu = self.ippatsu_before_kakan[who]
            elif what == "discard" and self.live == 0:
                flags.add("houtei")
        if self.riichi[who]:
            flags.add("double-riichi" if self.riichi[who] == 2 else "riichi")
            if ippatsu:
                flags.add("ippatsu")
        if deposits is None:
            deposits = not self.deposits_taken
        honba, sticks = (self.honba, self.sticks) if deposits else (0, 0)
        self.deposits_taken = self.deposits_taken or deposits
        # the other players whose riichi stick is among those deposits (for `mjscore game`)
        riichi_by = [
            self.seat_wind(p) for p in range(self.seats) if deposits and p != who and self.riichi[p]
        ]
        to_tile = self.to_tile
        concealed = [to_tile(t) for t in held]
        win = to_tile(tok)
        dora = [to_tile(t) for t in self.dora]
        ura_tiles = [to_tile(t) for t in ura] if self.riichi[who] else []
        ctx = WinContext(
            win_tile=tile_from(win.digit, win.suit),
            win_red=win.digit == 0,
            tsumo=tsumo,
            discarder=None if tsumo else (marker(who, frm, self.seats) or None),
            round_wind=WINDS[(self.kyoku // 4) % 4],
            seat_wind=WINDS[(who - self.dealer) % self.seats],
            dora=_ids(dora),
            dora_reds=_red_ids(dora),
            ura=_ids(ura_tiles),
            ura_reds=_red_ids(ura_tiles),
            honba=honba,
            sticks=sticks,
            flags=frozenset(flags),
            rules=self.ruleset or None,
            options=tuple(sorted(self.options.items())),
            kita=self.kita[who],
            riichi_by=tuple(sorted(riichi_by, key=WINDS.index)),
        )
        holding = Holding(
            concealed=tuple(sorted(_ids(concealed))),
            concealed_reds=_red_ids(concealed),
            melds=tuple(_meld(m) for m, _ in self.melds[who]),
        )
        return Hand(holding, ctx)

    def written(self, hand: Hand) -> Hand:
        """`hand` with its line as its text: the core's writer, in the order `mjscore import`
        writes (`record_order`); a hand mjscore's validator refuses (a fifth copy, more ura
        than dora indicators) is the round's RecordError, never a line `score` refuses."""
        why = refusal(hand)
        if why:
            raise RecordError(why)
        return replace(hand, text=format_line(hand, self.order))

    def play(self, source: Source) -> RoundPlay:
        """Each seat's calls and discards in the round so far (`mjscore stats`)."""
        n = self.seats
        return RoundPlay(source, tuple(self.calls[:n]), tuple(self.discards[:n]))

    def seat_wind(self, p: int) -> str:
        return WINDS[(p - self.dealer) % self.seats]

    # -- helpers --------------------------------------------------------------------------

    def _take(self, p: int, tok: Hashable) -> None:
        try:
            self.hands[p].remove(tok)
        except ValueError:
            raise RecordError(
                f"seat {p} plays {self.to_tile(tok)}, which it does not hold"
            ) from None

    def _interrupt(self) -> None:
        """A call: the first go-around is over and every ippatsu is broken."""
        self.calls_made = True
        self.ippatsu = [False] * 4


def _ids(tiles: list[Tile]) -> tuple[int, ...]:
    return tuple([tile_from(t.digit, t.suit) for t in tiles])


def _red_ids(tiles: list[Tile]) -> tuple[int, ...]:
    """The sorted tile ids of the red fives among `tiles` (as the parser keeps them)."""
    return tuple(sorted([tile_from(5, t.suit) for t in tiles if t.digit == 0]))


def _meld(m: Meld) -> HandMeld:
    return HandMeld(
        m.kind, tuple(sorted(_ids(m.tiles))), sum(t.digit == 0 for t in m.tiles), m.marker or None
    )
