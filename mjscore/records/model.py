"""The values a record reader yields.

Every reader replays a round (records.replay) into the core's `Hand`, and the core's
one writer (`format_line`) writes its line, in the order `record_order` gives: the
formats cannot drift apart in how they say a meld, a flag or a deposit, and the line
reads back to the hand that was scored.
"""

from __future__ import annotations

from typing import Any

from ..base.frozen import field, value_class
from ..base.tiles import SEATS as WINDS
from ..core.hand import DECLARED_RIICHI, Hand, LineOrder

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
    played by rules it knows): a difference there is not a disagreement. `hand` is the
    value the line was written from (`check` scores it); None for a win made of a line."""

    line: str
    source: Source
    record: Verdict
    rules: tuple[str, ...] = ()
    hand: Hand | None = field(default=None, compare=False, repr=False)

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


def internal_problem(file: str, where: str, exc: Exception) -> Problem:
    """A reader that failed in a way it does not know (a bug, not bad data): one problem
    of that file or game in words, so that the other files and games are still read."""
    return Problem(
        "error",
        file,
        where,
        f"mjscore could not read this (internal error {type(exc).__name__}); "
        "the rest of it is not read",
    )


class RecordError(Exception):
    """A round that cannot be replayed; the reader turns it into a `Problem`."""


# -- from replayed facts to the hand line -----------------------------------------------


@value_class
class Tile:
    """A tile as the notation writes it: suit letter and digit (0 = red five)."""

    suit: str
    digit: int

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


def marker(caller: int, source: int, seats: int = 4) -> str:
    """The source marker of a tile `source` (absolute seat) gave to `caller`; at a table
    of three the next seat is the right (`+`), the one before it the left (`-`)."""
    if seats == 3:
        return {1: "+", 2: "-"}.get((source - caller) % 3, "")
    return {1: "+", 2: "=", 3: "-"}.get((source - caller) % 4, "")


# the order the replay raises the flags in: a declared riichi, ippatsu, the situation of
# the win, a first-turn win (`mjscore import` has always written its lines so)
RECORD_FLAGS = (
    *DECLARED_RIICHI,
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "chankan-ankan",
    "kita-ron",
    "tenhou",
    "chiihou",
)


def record_order(options: tuple[str, ...] = ()) -> LineOrder:
    """The order of an imported line's tokens: the flags as the play raised them, `kita:`
    before the counters, the `opt:` tokens as the game's rules list them (`options`)."""
    return LineOrder(RECORD_FLAGS, kita_first=True, options=options)


def round_name(kyoku: int) -> str:
    """Tenhou's round counter 0.. as `E1`..`N4`."""
    return f"{WINDS[(kyoku // 4) % 4]}{kyoku % 4 + 1}"
