"""The values a record reader yields, and the one place a win becomes a hand line.

Both readers (mjlog, tenhou.net/6) replay a round into the same `WinFacts`, so the
notation is written once and the two formats cannot drift apart in how they say
a meld, a flag or a deposit.
"""

from __future__ import annotations

from typing import Any

from ..base.frozen import field, value_class
from ..base.tiles import SEATS as WINDS

SUITS = "mpsz"


@value_class
class Source:
    """Where a win sits: the file, the game in it, the round (`E1`..) and its honba."""

    file: str
    game: str
    round: str
    honba: int

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "game": self.game, "round": self.round, "honba": self.honba}


@value_class
class Verdict:
    """The record's own result: net per seat wind (E = the round's dealer), the hand's
    value, han and fu (None where the record does not say, or for a yakuman)."""

    net: dict[str, int]
    value: int | None
    han: int | None
    fu: int | None
    yaku: tuple[tuple[str, int | None], ...]
    yakuman: bool = False
    # the yaku are mjscore's own keys with their han (None for a yakuman), so `check`
    # compares them too (a record whose yaku ids map to mjscore's: Mahjong Soul, mjai)
    yaku_keys: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "net": dict(self.net),
            "value": self.value,
            "han": self.han,
            "fu": self.fu,
            "yaku": [list(y) for y in self.yaku],
        } | ({"yaku_keys": True} if self.yaku_keys else {})


@value_class
class Win:
    """One win of a record: the hand line built from the events, and the record's verdict.

    `rules` names the game's rules that mjscore has no option for (empty for a game
    played by rules it knows): a difference there is not a disagreement."""

    line: str
    source: Source
    record: Verdict
    rules: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out = {"line": self.line, "source": self.source.to_dict(), "record": self.record.to_dict()}
        if self.rules:
            out["rules"] = list(self.rules)
        return out


@value_class
class RoundPlay:
    """How each player (seating order from the first dealer) played a round, as the record's
    events show it, for `mjscore stats`: the calls that opened the hand (chi, pon and open
    kan; a closed kan, an added kan and a kita are not calls) and the discards made."""

    source: Source
    calls: tuple[int, ...]
    discards: tuple[int, ...]


@value_class
class Problem:
    """Something a reader could not turn into a line: `error` (bad or truncated input:
    the command exits non-zero), `note` (a round or game skipped on purpose) or `rules`
    (a game played by rules mjscore does not know: its wins still come, marked)."""

    kind: str  # "error" | "note" | "rules"
    file: str
    where: str
    message: str

    def __str__(self) -> str:
        where = f" {self.where}:" if self.where else ""
        return f"{self.file}:{where} {self.message}"


class RecordError(Exception):
    """A round that cannot be replayed; the reader turns it into a `Problem`."""


# -- from replayed facts to the hand line -----------------------------------------------


@value_class
class Tile:
    """A tile as the notation writes it: suit letter and digit (0 = red five)."""

    suit: str
    digit: int

    @property
    def sort_key(self) -> tuple[int, int, int]:
        return SUITS.index(self.suit), (5 if self.digit == 0 else self.digit), int(self.digit != 0)

    @property
    def kind(self) -> tuple[str, int]:
        return self.suit, (5 if self.digit == 0 else self.digit)

    def __str__(self) -> str:
        return f"{self.digit}{self.suit}"


@value_class(frozen=False)
class Meld:
    kind: str  # chi | pon | kan | ankan | kakan
    tiles: list[Tile]
    marker: str = ""  # - = + relative to the hand's owner; "" for chi and ankan


@value_class(frozen=False)
class WinFacts:
    """Everything the line says, as the replay found it."""

    concealed: list[Tile]
    melds: list[Meld]
    win_tile: Tile
    tsumo: bool
    discarder: str  # marker of the discarder ("" on tsumo)
    round_wind: str
    seat_wind: str
    dora: list[Tile]
    ura: list[Tile]
    honba: int
    sticks: int
    flags: list[str] = field(default_factory=list)
    kita: int = 0  # three players: North tiles the winner set aside (北抜き)
    options: dict[str, str] = field(default_factory=dict)
    ruleset: str = ""  # the platform's ruleset (`tenhou`, `mahjongsoul`, ...); "" writes none
    riichi_by: list[str] = field(default_factory=list)  # other players' riichi this round


def marker(caller: int, source: int, seats: int = 4) -> str:
    """The source marker of a tile `source` (absolute seat) gave to `caller`; at a table
    of three the next seat is the right (`+`), the one before it the left (`-`)."""
    if seats == 3:
        return {1: "+", 2: "-"}.get((source - caller) % 3, "")
    return {1: "+", 2: "=", 3: "-"}.get((source - caller) % 4, "")


def write_tiles(tiles: list[Tile]) -> str:
    """mpsz groups in suit order, red fives beside the fives: `23405579m678p33z`."""
    out = []
    for suit in SUITS:
        digits = [t for t in tiles if t.suit == suit]
        if digits:
            digits.sort(key=lambda t: t.sort_key)
            out.append("".join(str(t.digit) for t in digits) + suit)
    return "".join(out)


def write_line(f: WinFacts) -> str:
    """The hand line of docs/notation.md, melds in call order, context in a fixed order."""
    parts = [write_tiles(f.concealed)]
    for m in f.melds:
        parts.append(f"{m.kind}:{write_tiles(m.tiles)}{m.marker}")
    parts.append(f"tsumo:{f.win_tile}" if f.tsumo else f"ron:{f.win_tile}{f.discarder}")
    parts += [f"round:{f.round_wind}", f"seat:{f.seat_wind}"]
    if f.dora:
        parts.append("dora:" + ",".join(map(str, f.dora)))
    if f.ura:
        parts.append("ura:" + ",".join(map(str, f.ura)))
    if f.kita:
        parts.append(f"kita:{f.kita}")
    if f.honba:
        parts.append(f"honba:{f.honba}")
    if f.sticks:
        parts.append(f"sticks:{f.sticks}")
    if f.riichi_by:
        parts.append("riichi-by:" + ",".join(f.riichi_by))
    parts += f.flags
    if f.ruleset:
        parts.append(f"rules:{f.ruleset}")
    parts += [f"opt:{k}={v}" for k, v in f.options.items()]
    return " ".join(parts)


def round_name(kyoku: int) -> str:
    """Tenhou's round counter 0.. as `E1`..`N4`."""
    return f"{WINDS[(kyoku // 4) % 4]}{kyoku % 4 + 1}"
