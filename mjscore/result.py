"""What a scored line is: the one object every reporter renders.

`ScoreResult.to_dict()` is the record of OUTPUT.md, key for key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import MjscoreError

SEATS = ("E", "S", "W", "N")


@dataclass(slots=True)  # not frozen: made per hand in the hot loop, 4x cheaper
class YakuMatch:
    key: str
    name: str
    han: int  # han for the riichi family; for a yakuman, 13 per yakuman unit
    japanese: str = ""
    count: int | None = None  # dora-like items: how many
    yakuman: int = 0  # yakuman units (0 for an ordinary yaku)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"key": self.key, "name": self.name, "han": self.han}
        if self.count is not None:
            d["count"] = self.count
        if self.yakuman:
            d["yakuman"] = self.yakuman
        return d


@dataclass(slots=True)
class FuItem:
    reason: str
    fu: int

    def to_dict(self) -> dict[str, Any]:
        return {"reason": self.reason, "fu": self.fu}


@dataclass(slots=True)
class Payment:
    payer: str | None  # a seat, "table" for deposits, None for an unknown discarder
    payee: str
    amount: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount,
                "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Liability:
    seat: str | None
    yaku: tuple[str, ...]
    rule: str  # the sentence a player reads: who fed what, who pays what

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "yaku": list(self.yaku), "rule": self.rule}


@dataclass(slots=True)
class ScoreResult:
    line: int
    input: str
    rules: str
    options: dict[str, Any]
    ok: bool = False
    error: MjscoreError | None = None
    winner: str | None = None
    win: str | None = None  # "ron" | "tsumo"
    discarder: str | None = None
    yaku: list[YakuMatch] = field(default_factory=list)
    han: int | None = None
    fu: int | None = None
    fu_items: list[FuItem] = field(default_factory=list)
    limit: str | None = None
    yakuman: int = 0
    value: int = 0
    payments: list[Payment] = field(default_factory=list)
    net: dict[str, int] = field(default_factory=dict)
    liability: Liability | None = None
    reading: str | None = None  # the chosen decomposition, in mpsz groups
    notes: list[str] = field(default_factory=list)
    parsed: Any = None  # the HandLine, for reporters that draw the tiles
    extra: dict[str, Any] = field(default_factory=dict)  # ruleset-specific record keys

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "line": self.line,
            "input": self.input,
            "rules": self.rules,
            "options": dict(self.options),
            "ok": self.ok,
            "error": self.error.to_dict() if self.error else None,
            "winner": self.winner,
            "yaku": [y.to_dict() for y in self.yaku],
            "han": self.han,
            "fu": self.fu,
            "fu_items": [f.to_dict() for f in self.fu_items],
            "limit": self.limit,
            "yakuman": self.yakuman,
            "value": self.value,
            "payments": [p.to_dict() for p in self.payments],
            "net": dict(self.net),
            "liability": self.liability.to_dict() if self.liability else None,
            "win": self.win,
            "reading": self.reading,
            "notes": list(self.notes),
        }
        d.update(self.extra)
        return d
