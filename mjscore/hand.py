"""The parsed hand line: what the player holds and the situation of the win."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import tiles as T

CHI, PON, KAN, ANKAN, KAKAN = "chi", "pon", "kan", "ankan", "kakan"
MELD_KINDS = (CHI, PON, KAN, ANKAN, KAKAN)
# relative source markers: left (kamicha), across (toimen), right (shimocha)
SOURCE_OFFSET = {"-": 3, "=": 2, "+": 1}
SOURCE_WORDS = {"-": "left", "=": "across", "+": "right"}


def seat_from(winner: str, marker: str) -> str:
    """The seat wind of the player `marker` names, seen from `winner`'s seat."""
    i = T.WIND_LETTERS.index(winner)
    return T.WIND_LETTERS[(i + SOURCE_OFFSET[marker]) % 4]


@dataclass(slots=True)  # not frozen: parsed per line in the hot loop
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


@dataclass(slots=True)
class Holding:
    """One player's tiles: the winner's, or another player's in a settlement line."""

    concealed: tuple[int, ...] = ()
    concealed_reds: tuple[int, ...] = ()  # tile ids of the red fives among them
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = ()
    riichi: bool = False


@dataclass(slots=True)
class WinContext:
    """Everything about the win that is not the winner's tiles."""

    win_tile: int = -1
    win_red: bool = False
    tsumo: bool = False
    discarder: str | None = None  # source marker of the ron, None when unknown or tsumo
    round_wind: str = "E"
    seat_wind: str = "S"
    breach: str | None = None
    dora: tuple[int, ...] = ()
    dora_reds: tuple[int, ...] = ()
    ura: tuple[int, ...] = ()
    ura_reds: tuple[int, ...] = ()
    honba: int = 0
    sticks: int = 0
    flags: frozenset[str] = frozenset()
    rules: str | None = None
    options: dict[str, str] = field(default_factory=dict)

    @property
    def dealer(self) -> bool:
        return self.seat_wind == "E"

    @property
    def discarder_seat(self) -> str | None:
        return seat_from(self.seat_wind, self.discarder) if self.discarder else None


@dataclass(slots=True)
class HandLine:
    """A whole parsed line: the winner's holding, the win, and any other players."""

    text: str
    hand: Holding
    ctx: WinContext
    others: dict[str, Holding] = field(default_factory=dict)
    columns: dict[str, int] = field(default_factory=dict)  # where each token kind stood

    @property
    def all_winner_tiles(self) -> list[int]:
        """The winner's 14+ tiles: concealed, every meld tile and the winning tile."""
        out = list(self.hand.concealed)
        for m in self.hand.melds:
            out.extend(m.tiles)
        out.append(self.ctx.win_tile)
        return out

    @property
    def red_count(self) -> int:
        return (len(self.hand.concealed_reds) + sum(m.reds for m in self.hand.melds)
                + int(self.ctx.win_red))

    def red_tiles(self) -> list[int]:
        """Every red five on the table this line names (hand, melds, win, indicators)."""
        out = list(self.hand.concealed_reds) + list(self.ctx.dora_reds) + list(self.ctx.ura_reds)
        for m in self.hand.melds:
            if m.reds:
                out.extend([T.FIVES[T.suit(m.tiles[0])]] * m.reds)
        if self.ctx.win_red:
            out.append(self.ctx.win_tile)
        return out
