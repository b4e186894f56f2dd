"""What a scored line is: one frozen value that every reporter renders.

A scoring scheme returns a `Verdict`: who won, the yaku, the payments and a
typed score (`HanFu` for the riichi family, `PointsDoubles` for European
points and doubles, `Fans` for Chinese Official). The engine wraps it with
the line, the ruleset and the options into a `ScoreResult`, or records the
error instead.
`ScoreResult.to_dict()` is the record of OUTPUT.md, key for key.

The values are NamedTuples rather than frozen dataclasses: every line builds a
dozen of them, and a NamedTuple is built by one `tuple.__new__` (a frozen
dataclass sets each field through `object.__setattr__`: 2.5 times as long),
hashes and compares in C, so a reporter can key its caches on a line's yaku, fu
items and payments; and the module imports in a quarter of the time (2.7 ms
against 10.4, which counts for one hand from the shell).
"""

# No `from __future__ import annotations`: NamedTuple compiles every string annotation
# into a ForwardRef, which cost half a millisecond of start-up.
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ..base.errors import MjscoreError

if TYPE_CHECKING:
    from .hand import Hand

from ..base.tiles import SEATS  # noqa: F401  (the four winds, re-exported; a table seats Ruleset.seats)


class YakuMatch(NamedTuple):
    key: str
    name: str
    han: int  # the match's worth, in `unit` (the record's "han" key either way)
    japanese: str = ""
    count: int | None = None  # dora-like items: how many
    yakuman: int = 0  # yakuman units (0 for an ordinary yaku)
    unit: str = "han"  # "han" (riichi family: 13 per yakuman unit) or "doubles" (European)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"key": self.key, "name": self.name, "han": self.han}
        if self.japanese:
            d["name_ja"] = self.japanese
        if self.count is not None:
            d["count"] = self.count
        if self.yakuman:
            d["yakuman"] = self.yakuman
        return d


class FuItem(NamedTuple):
    reason: str
    fu: int

    def to_dict(self) -> dict[str, Any]:
        return {"reason": self.reason, "fu": self.fu}


# payments[].reason: the keys of OUTPUT.md's table (a new one is added there first)
PAYMENT_REASONS = ("ron", "tsumo", "liability", "honba", "deposits", "dora", "bonus", "base",
                   "mahjong", "settlement", "refund")


class Payment(NamedTuple):
    payer: str | None  # a seat, "table" for deposits, None for an unknown discarder
    payee: str
    amount: int
    reason: str  # a key of PAYMENT_REASONS
    count: int | None = None  # the units, where the reason has some (honba, deposits, dora)
    label: str = ""  # the words for people; the reason itself when empty

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"from": self.payer, "to": self.payee, "amount": self.amount,
                             "reason": self.reason}
        if self.count is not None:
            d["count"] = self.count
        d["label"] = self.label or self.reason
        return d


class Liability(NamedTuple):
    seat: str | None
    yaku: tuple[str, ...]
    rule: str  # the sentence a player reads: who fed what, who pays what

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "yaku": list(self.yaku), "rule": self.rule}


# -- typed scores: one per scoring scheme ---------------------------------------------------


class HanFu(NamedTuple):
    """The riichi family's score: han and fu, or yakuman units, and the limit reached."""

    han: int | None
    fu: int | None
    fu_items: tuple[FuItem, ...] = ()
    limit: str | None = None
    yakuman: int = 0

    def record(self) -> dict[str, Any]:
        """Record keys of this scheme beyond the common ones (none: han and fu are common)."""
        return {}


class ScoreItem(NamedTuple):
    """One line of a points-and-doubles score: a points row, a double or a special hand."""

    key: str
    name: str
    value: int
    count: int = 1

    def to_dict(self, unit: str) -> dict[str, Any]:
        d: dict[str, Any] = {"key": self.key, "name": self.name, unit: self.value}
        if self.count > 1:
            d["count"] = self.count
        return d


class PlayerTally(NamedTuple):
    """One player's points-and-doubles score in a settlement."""

    points: int
    doubles: int
    score: int
    raw: int
    capped: bool
    points_items: tuple[ScoreItem, ...]
    doubles_items: tuple[ScoreItem, ...]
    special: str | None
    winner: bool
    riichi: bool
    given: bool
    notes: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"points": self.points, "doubles": self.doubles, "score": self.score,
                "raw": self.raw, "limit": self.capped,
                "points_items": [i.to_dict("points") for i in self.points_items],
                "doubles_items": [i.to_dict("doubles") for i in self.doubles_items],
                "special": self.special, "winner": self.winner, "riichi": self.riichi,
                "given": self.given, "notes": list(self.notes)}


class PointsDoubles(NamedTuple):
    """A points-and-doubles score (European): the winner's, and every player's for settlement.

    The winner's fields are None on an exhaustive draw, where only `players` count.
    """

    points: int | None
    doubles: int | None
    score: int | None
    points_items: tuple[ScoreItem, ...]
    doubles_items: tuple[ScoreItem, ...]
    hand: str | None  # the special hand's key, "ordinary", or None on a draw
    special_hands: tuple[ScoreItem, ...]
    ordinary_score: int | None
    players: Mapping[str, PlayerTally]
    settlement: str  # "simple" | "advanced"
    limit: str | None = None

    @property
    def han(self) -> None:
        return None

    fu = han

    def record(self) -> dict[str, Any]:
        return {"points": self.points, "doubles": self.doubles, "score": self.score,
                "points_items": [i.to_dict("points") for i in self.points_items],
                "doubles_items": [i.to_dict("doubles") for i in self.doubles_items],
                "hand": self.hand,
                "special_hands": [i.to_dict("value") for i in self.special_hands],
                "ordinary_score": self.ordinary_score,
                "players": {s: p.to_dict() for s, p in self.players.items()},
                "settlement": self.settlement}


class FanItem(NamedTuple):
    """One Chinese Official fan: `fan` points for one occurrence, `count` occurrences."""

    key: str
    name: str
    name_zh: str
    fan: int
    count: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "name_zh": self.name_zh, "fan": self.fan,
                "count": self.count}


class Fans(NamedTuple):
    """A Chinese Official score: the fans (Flower Tiles last), their total with flowers
    (`fan`, what is paid) and whether the fans without flowers reach the 8-point minimum."""

    fan: int
    fans: tuple[FanItem, ...]
    flower_points: int
    qualifies: bool
    shape: str = "regular"  # regular, seven_pairs, thirteen_orphans, honors_and_knitted,
    # knitted_straight

    @property
    def han(self) -> None:
        return None

    fu = limit = han

    def record(self) -> dict[str, Any]:
        return {"fan": self.fan, "fans": [f.to_dict() for f in self.fans]}


Score = HanFu | PointsDoubles | Fans


class Verdict(NamedTuple):
    """What a scoring scheme says of a winning (or settled) hand."""

    score: Score
    value: int
    payments: tuple[Payment, ...]
    net: Mapping[str, int]
    winner: str | None = None
    win: str | None = None  # "ron" | "tsumo"
    discarder: str | None = None
    yaku: tuple[YakuMatch, ...] = ()
    liability: Liability | None = None
    reading: str | None = None  # the chosen decomposition, in mpsz groups
    notes: tuple[str, ...] = ()


_NO_SCORE = HanFu(None, None)


class ScoreResult(NamedTuple):
    """One line scored: the verdict, or the error that stopped it."""

    line: int
    input: str
    rules: str
    options: Mapping[str, Any]  # the engine: one FrozenMap a setting; dict(.items()) is fast
    verdict: Verdict | None = None
    error: MjscoreError | None = None
    hand: "Hand | None" = None  # the parsed hand, for reporters that draw the tiles
    title: str = ""  # the ruleset's title, for the report's heading

    @property
    def ok(self) -> bool:
        return self.verdict is not None and self.error is None

    @property
    def score(self) -> Score:
        return self.verdict.score if self.verdict else _NO_SCORE

    # the verdict's fields, read through the result (None / empty when the line failed)
    winner = property(lambda self: self.verdict.winner if self.verdict else None)
    win = property(lambda self: self.verdict.win if self.verdict else None)
    discarder = property(lambda self: self.verdict.discarder if self.verdict else None)
    yaku = property(lambda self: self.verdict.yaku if self.verdict else ())
    value = property(lambda self: self.verdict.value if self.verdict else 0)
    payments = property(lambda self: self.verdict.payments if self.verdict else ())
    net = property(lambda self: self.verdict.net if self.verdict else {})
    liability = property(lambda self: self.verdict.liability if self.verdict else None)
    reading = property(lambda self: self.verdict.reading if self.verdict else None)
    notes = property(lambda self: self.verdict.notes if self.verdict else ())
    han = property(lambda self: self.score.han)
    fu = property(lambda self: self.score.fu)
    fu_items = property(lambda self: getattr(self.score, "fu_items", ()))
    limit = property(lambda self: self.score.limit)
    yakuman = property(lambda self: getattr(self.score, "yakuman", 0))

    def to_dict(self) -> dict[str, Any]:
        v = self.verdict
        if v is None:
            return {"line": self.line, "input": self.input, "rules": self.rules,
                    "options": dict(self.options.items()), "ok": False,
                    "error": self.error.to_dict() if self.error else None,
                    "winner": None, "yaku": [], "han": None, "fu": None, "fu_items": [],
                    "limit": None, "yakuman": 0, "value": None, "payments": [], "net": {},
                    "liability": None, "win": None, "reading": None, "notes": []}
        s = v.score
        d: dict[str, Any] = {
            "line": self.line,
            "input": self.input,
            "rules": self.rules,
            "options": dict(self.options.items()),
            "ok": self.error is None,
            "error": self.error.to_dict() if self.error else None,
            "winner": v.winner,
            "yaku": [y.to_dict() for y in v.yaku],
            "han": s.han,
            "fu": s.fu,
            "fu_items": [f.to_dict() for f in getattr(s, "fu_items", ())],
            "limit": s.limit,
            "yakuman": getattr(s, "yakuman", 0),
            "value": v.value,
            "payments": [p.to_dict() for p in v.payments],
            "net": dict(v.net),
            "liability": v.liability.to_dict() if v.liability else None,
            "win": v.win,
            "reading": v.reading,
            "notes": list(v.notes),
        }
        d.update(s.record())
        return d
