"""A hand as a value: what the player holds and the situation of the win.

Everything here is frozen and hashable, so a hand can be a dictionary key, a
cache key, or the start of a what-if (`hand.with_win("4s", tsumo=True)`)
without re-writing any text. `str(hand)` is the canonical hand line, and
`parse(str(hand)) == hand`. Where each token stood in the text (`columns`)
and the text itself are kept for error messages, but are not part of the
value: two spellings of one hand are equal. What the line orders stays in its order
(melds in call order, dora indicators as revealed, the players after ' / '); what it
only lists is kept in one order (flowers and red indicators sorted, `opt:` tokens by
name), so `flowers:2f1f` and `flowers:1f2f` are one hand. The parser builds the values
with `frozen.from_fields`, which hands over their fields in one step.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ..base import tiles as T
from ..base.frozen import field, replace, value_class

CHI, PON, KAN, ANKAN, KAKAN = "chi", "pon", "kan", "ankan", "kakan"
MELD_KINDS = (CHI, PON, KAN, ANKAN, KAKAN)
# the flags of a player who declared riichi (the flag rules, the ura dora, the sticks)
DECLARED_RIICHI = ("riichi", "double-riichi", "open-riichi")
# relative source markers: left (kamicha), across (toimen), right (shimocha)
SOURCE_OFFSET = {"-": 3, "=": 2, "+": 1}
SOURCE_WORDS = {"-": "left", "=": "across", "+": "right"}
NO_COLUMNS: MappingProxyType[str, int] = MappingProxyType({})


def winner_tiles(holding: Holding, ctx: WinContext) -> tuple[int, ...]:
    """The winner's concealed tiles, meld tiles and winning tile (Hand.all_winner_tiles)."""
    out = tuple(holding.concealed)
    for m in holding.melds:
        out += tuple(m.tiles)
    return out + (ctx.win_tile,) if ctx.win_tile >= 0 else out


def seat_from(winner: str, marker: str, players: int = 4) -> str:
    """The seat wind of the player `marker` names, seen from `winner`'s seat, at a table of
    `players` (three: E S W, where the left of E is W and the right of W is E; nobody sits
    across, so '=' names no seat and is a KeyError, refused by validation first)."""
    if players == 3:
        return _SEAT_FROM_3[(winner, marker)]
    seat = _SEAT_FROM.get((winner, marker))  # a table: validation asks on every ron line
    if seat is None:  # not a seat and a marker: the formula says what is wrong
        seat = T.WIND_LETTERS[(T.WIND_LETTERS.index(winner) + SOURCE_OFFSET[marker]) % 4]
    return seat


_SEAT_FROM = {
    (winner, marker): T.WIND_LETTERS[(i + offset) % 4]
    for i, winner in enumerate(T.WIND_LETTERS)
    for marker, offset in SOURCE_OFFSET.items()
}
_SEAT_FROM_3 = {
    (winner, marker): "ESW"[(i + offset) % 3]
    for i, winner in enumerate("ESW")
    for marker, offset in (("-", 2), ("+", 1))
}


@value_class(slots=False)
class Meld:
    kind: str
    tiles: tuple[int, ...]  # sorted tile ids (red fives as fives)
    reds: int = 0
    source: str | None = None  # "-", "=", "+" or None when not written
    column: int | None = field(default=None, compare=False)

    @property
    def is_open(self) -> bool:
        return self.kind != ANKAN

    @property
    def is_kan(self) -> bool:
        return self.kind in (KAN, ANKAN, KAKAN)

    @property
    def is_run(self) -> bool:
        return self.kind == CHI

    def text(self) -> str:
        return f"{self.kind}:{T.group_text(self.tiles, self.reds)}{self.source or ''}"


@value_class(slots=False)
class Holding:
    """One player's tiles: the winner's, or another player's in a settlement line."""

    concealed: tuple[int, ...] = ()  # sorted
    concealed_reds: tuple[int, ...] = ()  # tile ids of the red fives among them
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = ()  # sorted: held, not laid out in an order
    riichi: bool = False


@value_class(slots=False)
class WinContext:
    """Everything about the win that is not the winner's tiles."""

    win_tile: int = -1  # -1: the line has no win token (a waiting hand, or a draw)
    win_red: bool = False
    tsumo: bool = False
    discarder: str | None = None  # source marker of the ron, None when unknown or tsumo
    round_wind: str = "E"
    seat_wind: str = "S"
    breach: str | None = None
    dora: tuple[int, ...] = ()  # indicators in the order revealed
    dora_reds: tuple[int, ...] = ()  # sorted tile ids of the red ones (not which copy)
    ura: tuple[int, ...] = ()
    ura_reds: tuple[int, ...] = ()
    honba: int = 0
    sticks: int = 0
    flags: frozenset[str] = frozenset()
    rules: str | None = None
    options: tuple[tuple[str, str], ...] = ()  # the line's opt: tokens, by name
    discards: tuple[int, ...] = ()  # the player's own discards (`discards:`), for furiten
    kita: int = 0  # Norths set aside (北抜き, three players): dora, in no set or meld
    riichi_by: tuple[str, ...] = ()  # other players' riichi this round (`riichi-by:`)

    @property
    def dealer(self) -> bool:
        return self.seat_wind == "E"

    @property
    def discarder_seat(self) -> str | None:
        """The discarder's seat at a four-player table (discarder_at for another)."""
        return seat_from(self.seat_wind, self.discarder) if self.discarder else None

    def discarder_at(self, players: int) -> str | None:
        """The discarder's seat at a table of `players` (3: E S W)."""
        return seat_from(self.seat_wind, self.discarder, players) if self.discarder else None


@value_class(slots=False)
class Hand:
    """A whole hand line as a value: the winner's holding, the win, and any other players."""

    holding: Holding
    ctx: WinContext
    others: tuple[tuple[str, Holding], ...] = ()  # (seat, holding) after ' / ', in order
    text: str = field(default="", compare=False)  # the line as written, when parsed
    columns: MappingProxyType[str, int] = field(default_factory=lambda: NO_COLUMNS, compare=False)
    # derived once: the scorer reads them several times per line
    all_winner_tiles: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "all_winner_tiles", winner_tiles(self.holding, self.ctx))

    def __str__(self) -> str:
        return format_line(self)

    @property
    def has_win(self) -> bool:
        """The line names its win (`tsumo:` or `ron:`); a waiting hand has none."""
        return self.ctx.win_tile >= 0

    @property
    def others_by_seat(self) -> dict[str, Holding]:
        return dict(self.others)

    @property
    def red_count(self) -> int:
        return (
            len(self.holding.concealed_reds)
            + sum(m.reds for m in self.holding.melds)
            + int(self.ctx.win_red)
        )

    def red_tiles(self) -> list[int]:
        """Every red five on the table this line names (hand, melds, win, indicators)."""
        holding, ctx = self.holding, self.ctx
        out = [*holding.concealed_reds, *ctx.dora_reds, *ctx.ura_reds]
        for m in holding.melds:
            if m.reds:
                out.extend([T.FIVES[T.suit(m.tiles[0])]] * m.reds)
        if ctx.win_red:
            out.append(ctx.win_tile)
        return out

    # -- what-ifs: each returns a new hand; the text and columns of a parsed line are dropped

    def with_context(self, **changes: Any) -> Hand:
        """This hand with some WinContext fields changed (seat_wind="E", honba=2, ...)."""
        return Hand(self.holding, replace(self.ctx, **changes), self.others)

    def with_win(
        self, tile: str | int, *, tsumo: bool = False, discarder: str | None = None
    ) -> Hand:
        """This hand won on `tile` ("4s", "0p" or a tile id) by tsumo or ron.

        A hand that already has a winning tile keeps its concealed tiles: the old
        winning tile is simply replaced.
        """
        tile_id, red = _one_tile(tile)
        if tsumo and discarder:
            raise ValueError("a tsumo has no discarder")
        return self.with_context(win_tile=tile_id, win_red=red, tsumo=tsumo, discarder=discarder)

    def without_win(self) -> Hand:
        """The waiting hand: no winning tile, no way of winning."""
        return self.with_context(win_tile=-1, win_red=False, tsumo=False, discarder=None)

    def with_flags(self, *flags: str) -> Hand:
        """This hand with more flags (`"riichi"`, `"ippatsu"`, ...)."""
        return self.with_context(flags=self.ctx.flags | frozenset(flags))

    def without_flags(self, *flags: str) -> Hand:
        """This hand without the flags named."""
        return self.with_context(flags=self.ctx.flags - frozenset(flags))

    def with_dora(self, *indicators: str | int) -> Hand:
        """One more dora indicator (or several), after those already revealed."""
        pairs = [_one_tile(t) for t in indicators]
        return self.with_context(
            dora=self.ctx.dora + tuple(t for t, _ in pairs),
            dora_reds=tuple(sorted(self.ctx.dora_reds + tuple(t for t, red in pairs if red))),
        )

    def with_concealed(self, tiles: tuple[int, ...], reds: tuple[int, ...] = ()) -> Hand:
        """The same hand holding other concealed tiles (a discard, a draw)."""
        holding = replace(self.holding, concealed=tuple(sorted(tiles)), concealed_reds=reds)
        return Hand(holding, self.ctx, self.others)


def _one_tile(tile: str | int) -> tuple[int, bool]:
    """(tile id, red) from a tile id or one tile in mpsz text ("4s", "0p")."""
    if isinstance(tile, int):
        if not 0 <= tile < T.N_TILES:
            raise ValueError(f"tile id {tile} is not between 0 and {T.N_TILES - 1}")
        return tile, False
    text = tile.strip()
    if (
        len(text) != 2
        or not text[0].isascii()
        or not text[0].isdigit()
        or text[1] not in "mpsz"
        or (text[1] == "z" and not "1" <= text[0] <= "7")
    ):
        raise ValueError(f"'{tile}' is not one tile, like 4s, 0p or 7z")
    return T.tile_from(int(text[0]), text[1]), text[0] == "0"


# -- the canonical line: what str(hand) writes, and the parser reads back ----------------


def _holding_tokens(h: Holding) -> list[str]:
    out = []
    if h.concealed:
        out.append(
            T.group_text(h.concealed, 0)
            if not h.concealed_reds
            else _with_reds(h.concealed, h.concealed_reds)
        )
    out.extend(m.text() for m in h.melds)
    if h.flowers:
        out.append("flowers:" + T.group_text(h.flowers))
    return out


def _with_reds(tiles: tuple[int, ...], reds: tuple[int, ...]) -> str:
    """Concealed tiles with their red fives, whatever suits the reds are in."""
    by_suit: dict[int, int] = {}
    for r in reds:
        by_suit[T.suit(r)] = by_suit.get(T.suit(r), 0) + 1
    parts = []
    for s in range(4):
        group = tuple(t for t in tiles if T.suit(t) == s)
        if group:
            parts.append(T.group_text(group, by_suit.get(s, 0)))
    return "".join(parts)


@value_class
class LineOrder:
    """An order of a line's tokens other than the canonical one, the tokens the same:
    `mjscore import` writes its lines in the order the records' replay raises the flags,
    `kita:` before the counters and the `opt:` tokens as the platform's rules list them
    (records.model.record_order). The line reads back to the same hand either way."""

    flags: tuple[str, ...] = ()  # the flags in this order (any other after them, sorted)
    kita_first: bool = False  # kita: before honba: and sticks:
    options: tuple[str, ...] = ()  # opt: names in this order (any other after them, by name)


def format_line(line: Hand, order: LineOrder | None = None) -> str:
    """The normalised text of a parsed line: parse(format_line(parse(x))) == parse(x).

    `order` writes the same tokens in another order (`LineOrder`)."""
    ctx = line.ctx
    out = _holding_tokens(line.holding)
    if ctx.win_tile >= 0:  # a draw line has no win token
        win = T.name(ctx.win_tile, ctx.win_red)
        out.append(f"{'tsumo' if ctx.tsumo else 'ron'}:{win}{ctx.discarder or ''}")
    out += [f"round:{ctx.round_wind}", f"seat:{ctx.seat_wind}"]
    if ctx.breach:
        out.append(f"breach:{ctx.breach}")
    for key in ("dora", "ura"):
        inds = getattr(ctx, key)
        if inds:
            names = T.names_with_reds(inds, getattr(ctx, f"{key}_reds"))
            out.append(f"{key}:{','.join(names)}")
    kita_first = order is not None and order.kita_first
    if ctx.kita and kita_first:
        out.append(f"kita:{ctx.kita}")
    if ctx.honba:
        out.append(f"honba:{ctx.honba}")
    if ctx.sticks:
        out.append(f"sticks:{ctx.sticks}")
    if ctx.kita and not kita_first:
        out.append(f"kita:{ctx.kita}")
    if ctx.riichi_by:
        out.append("riichi-by:" + ",".join(ctx.riichi_by))
    if ctx.discards:
        out.append("discards:" + "".join(T.name(t) for t in ctx.discards))
    options = ctx.options
    if order is None:
        out += sorted(ctx.flags)
    else:
        out += _in_order(ctx.flags, order.flags)
        if order.options and len(options) > 1:
            rank = {name: i for i, name in enumerate(order.options)}
            options = tuple(sorted(options, key=lambda kv: rank.get(kv[0], len(rank))))
    if ctx.rules:
        out.append(f"rules:{ctx.rules}")
    out += [f"opt:{k}={v}" for k, v in options]
    for seat, h in line.others:
        out += ["/", f"{seat}:", *_holding_tokens(h)]
        if h.riichi:
            out.append("riichi")
    return " ".join(out)


def _in_order(words: frozenset[str], order: tuple[str, ...]) -> list[str]:
    """`words` in the order `order` lists them, any other after them, sorted."""
    first = [w for w in order if w in words]
    return first + sorted(words.difference(first)) if len(first) < len(words) else first
