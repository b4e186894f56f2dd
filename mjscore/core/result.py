"""What a scored line is: one frozen value that every reporter renders.

A scoring scheme returns a `Verdict`: who won, the yaku, the payments and a
typed score (`HanFu` for the riichi family, `PointsDoubles` for European
points and doubles, `Fans` for Chinese Official). The engine wraps it with
the line, the ruleset and the options into a `ScoreResult`, or records the
error instead.
`ScoreResult.to_dict()` is the record of docs/output.md, key for key.

The values are NamedTuples rather than frozen dataclasses: every line builds a
dozen of them, and a NamedTuple is built by one `tuple.__new__` (a frozen
dataclass sets each field through `object.__setattr__`), hashes and compares
in C, so a reporter can key its caches on a line's yaku, fu items and payments;
and the module imports faster, which counts for one hand from the shell.
"""

# No `from __future__ import annotations`: NamedTuple compiles every string annotation
# into a ForwardRef, which would add to start-up.
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ..base.errors import MjscoreError
from .phrases import Phrase, phrase

if TYPE_CHECKING:
    from .hand import Hand

from ..base.tiles import SEATS as SEATS  # the four winds, re-exported (a table: Ruleset.seats)


class YakuMatch(NamedTuple):
    key: str
    name: str
    han: int  # the match's worth, in `unit` (the record's "han" key either way)
    japanese: str = ""
    times: int | None = None  # dora-like items: how many (the record's "count")
    yakuman: int = 0  # yakuman units (0 for an ordinary yaku)
    unit: str = "han"  # "han" (riichi family: 13 per yakuman unit) or "doubles" (European)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"key": self.key, "name": self.name, "han": self.han}
        if self.japanese:
            d["name_ja"] = self.japanese
        if self.times is not None:
            d["count"] = self.times
        if self.yakuman:
            d["yakuman"] = self.yakuman
        return d


def key_of(words: str) -> str:
    """The key a Phrase was written from ("" for plain text a caller wrote)."""
    return words.key if isinstance(words, Phrase) else ""


class FuItem(NamedTuple):
    reason: str  # a Phrase: the English of its key (core.phrases.FU) and values
    fu: int
    key: str = ""  # the key of core.phrases.FU ("" for an item a caller wrote)

    @classmethod
    def of(cls, key: str, fu: int, /, **values: Any) -> "FuItem":
        """The item of `key` (core.phrases.FU) with its values, worth `fu`."""
        return cls(phrase("fu", key, **values), fu, key)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "reason": self.reason, "fu": self.fu}


# payments[].reason: the keys of docs/output.md's table (a new one is added there first)
PAYMENT_REASONS = (
    "ron",
    "tsumo",
    "liability",
    "honba",
    "deposits",
    "dora",
    "bonus",
    "base",
    "mahjong",
    "settlement",
    "refund",
    "noten",
    "nagashi",
)


class Payment(NamedTuple):
    payer: str | None  # a seat, "table" for deposits, None for an unknown discarder
    payee: str
    amount: int
    reason: str  # a key of PAYMENT_REASONS
    units: int | None = None  # honba, deposits, dora: how many (the record's "count")
    label: str = ""  # a Phrase of core.phrases.PAYMENT; the reason itself when empty
    key: str = ""  # the label's key in core.phrases.PAYMENT; the reason itself when empty

    @classmethod
    def of(
        cls,
        payer: str | None,
        payee: str,
        amount: int,
        reason: str,
        /,
        count: int | None = None,
        key: str = "",
        **values: Any,
    ) -> "Payment":
        """A payment whose label is the words of `key` (core.phrases.PAYMENT; the reason by
        default) with the count and the values."""
        key = key or reason
        if count is not None:
            values["count"] = count
        return cls(payer, payee, amount, reason, count, phrase("payment", key, **values), key)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "from": self.payer,
            "to": self.payee,
            "amount": self.amount,
            "reason": self.reason,
        }
        if self.units is not None:
            d["count"] = self.units
        d["key"] = self.key or self.reason
        d["label"] = self.label or self.reason
        return d


class Liability(NamedTuple):
    seat: str | None
    yaku: tuple[str, ...]
    rule: str  # a Phrase of core.phrases.LIABILITY: who fed what, who pays what
    key: str = ""  # the rule's key ("" for a rule a caller wrote)

    @classmethod
    def of(cls, seat: str | None, yaku: tuple[str, ...], key: str, /, **values: Any) -> "Liability":
        """The liability of `seat` for `yaku`, its rule the words of `key`
        (core.phrases.LIABILITY) with the values."""
        return cls(seat, yaku, phrase("liability", key, **values), key)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "yaku": list(self.yaku), "key": self.key, "rule": self.rule}


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
    times: int = 1  # how many times it scores (the record's "count")

    def to_dict(self, unit: str) -> dict[str, Any]:
        d: dict[str, Any] = {"key": self.key, "name": self.name, unit: self.value}
        if self.times > 1:
            d["count"] = self.times
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
    notes: tuple[str, ...]  # Phrases (core.phrases.NOTE)

    def to_dict(self) -> dict[str, Any]:
        return {
            "points": self.points,
            "doubles": self.doubles,
            "score": self.score,
            "raw": self.raw,
            "limit": self.capped,
            "points_items": [i.to_dict("points") for i in self.points_items],
            "doubles_items": [i.to_dict("doubles") for i in self.doubles_items],
            "special": self.special,
            "winner": self.winner,
            "riichi": self.riichi,
            "given": self.given,
            "notes": list(self.notes),
            "note_keys": [key_of(n) for n in self.notes],
        }


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

    # What the record's common keys read of every score (riichi's, none here)
    @property
    def han(self) -> None:
        return None

    @property
    def fu(self) -> None:
        return None

    @property
    def fu_items(self) -> tuple[FuItem, ...]:
        return ()

    @property
    def yakuman(self) -> int:
        return 0

    def record(self) -> dict[str, Any]:
        return {
            "points": self.points,
            "doubles": self.doubles,
            "score": self.score,
            "points_items": [i.to_dict("points") for i in self.points_items],
            "doubles_items": [i.to_dict("doubles") for i in self.doubles_items],
            "hand": self.hand,
            "special_hands": [i.to_dict("value") for i in self.special_hands],
            "ordinary_score": self.ordinary_score,
            "players": {s: p.to_dict() for s, p in self.players.items()},
            "settlement": self.settlement,
        }


class FanItem(NamedTuple):
    """One Chinese Official fan: `fan` points for one occurrence, `times` occurrences."""

    key: str
    name: str
    name_zh: str
    fan: int
    times: int = 1  # the record's "count"

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "name_zh": self.name_zh,
            "fan": self.fan,
            "count": self.times,
        }


class Fans(NamedTuple):
    """A Chinese Official score: the fans (Flower Tiles last), their total with flowers
    (`fan`, what is paid) and whether the fans without flowers reach the 8-point minimum."""

    fan: int
    fans: tuple[FanItem, ...]
    flower_points: int
    qualifies: bool
    shape: str = "regular"  # regular, seven_pairs, thirteen_orphans, honors_and_knitted,
    # knitted_straight

    # What the record's common keys read of every score (riichi's, none here)
    @property
    def han(self) -> None:
        return None

    @property
    def fu(self) -> None:
        return None

    @property
    def fu_items(self) -> tuple[FuItem, ...]:
        return ()

    @property
    def limit(self) -> None:
        return None

    @property
    def yakuman(self) -> int:
        return 0

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
    reading: str | None = None  # the chosen decomposition, in mpsz groups (a Phrase)
    notes: tuple[str, ...] = ()  # Phrases (core.phrases.NOTE)


_NO_SCORE = HanFu(None, None)


def call_shape(payments: tuple[Payment, ...], value: int) -> tuple[str, tuple[int, ...]] | None:
    """The shape of what the table says aloud, in any language: ("all", (2600,)) for a
    dealer's tsumo, ("split", (1300, 2600)) for a non-dealer's, ("ron", (8000,)) (honba
    apart); None when the payments are not one of those shapes (liability on a tsumo)."""
    reasons = {p.reason for p in payments}
    if "tsumo" in reasons and "ron" not in reasons and "liability" not in reasons:
        shares = tuple(sorted({p.amount for p in payments if p.reason == "tsumo"}))
        if len(shares) == 1:
            return "all", shares
        if len(shares) == 2:
            return "split", shares
        return None
    if "ron" in reasons and "tsumo" not in reasons:
        paid = sum(p.amount for p in payments if p.reason in ("ron", "liability"))
        if paid == value:
            return "ron", (paid,)
    return None


def call_text(payments: tuple[Payment, ...], value: int) -> str | None:
    """What the table says aloud: `ron 8,000`, `1,300/2,600`, `2,600 all` (call_shape)."""
    shape = call_shape(payments, value)
    if shape is None:
        return None
    kind, amounts = shape
    if kind == "all":
        return f"{amounts[0]:,} all"
    if kind == "split":
        return f"{amounts[0]:,}/{amounts[1]:,}"
    return f"ron {amounts[0]:,}"


def score_words(score: Score) -> str:
    """The score as players name it: `4 han 30 fu`, `yakuman`, `2× yakuman`, `25 fan`,
    `40 points 2 doubles`, with the limit after (`5 han 30 fu mangan`)."""
    if isinstance(score, Fans):
        return f"{score.fan} fan"
    if isinstance(score, PointsDoubles):
        return f"{score.points} points {score.doubles} doubles = {score.score:,}"
    if score.yakuman:
        return "yakuman" if score.yakuman == 1 else f"{score.yakuman}× yakuman"
    words = f"{score.han} han {score.fu} fu" if score.fu is not None else f"{score.han} han"
    return f"{words} {score.limit}" if score.limit and score.limit != "yakuman" else words


def line_label(text: str) -> str | None:
    """The trailing comment of a hand line, `# ` and blanks dropped (None: none, or empty)."""
    if "#" not in text:
        return None
    body, _, comment = text.partition("#")
    return " ".join(comment.split()) or None if body.strip() else None


def where(source: str | None, label: str | None, record: dict[str, Any]) -> dict[str, Any]:
    """A record with `file` first (when the line came from a file) and `label` after
    `input` (when the line has one): keys present only where there is something to say."""
    out: dict[str, Any] = {} if source is None else {"file": source}
    for key, value in record.items():
        out[key] = value
        if key == "input" and label is not None:
            out["label"] = label
    return out


class ScoreResult(NamedTuple):
    """One line scored: the verdict, or the error that stopped it.

    Its fields: `line` (the line number, 1 for a hand given alone), `input` (the line as
    given), `rules` and `options` (the ruleset used and the value of each of its options),
    `verdict` (None when the line failed) or `error` (the MjscoreError: its `kind`,
    `message` and `column`), `hand` (the parsed Hand, when it could be read) and `source`
    (the file the line came from). `str(result)` is the call as players say it
    (`4 han 30 fu · ron 7,700`) or the error's message; the properties below read the
    verdict, and are None or empty when the line failed.
    """

    line: int
    input: str
    rules: str
    options: Mapping[str, Any]  # the engine: one FrozenMap a setting; dict(.items()) is fast
    verdict: Verdict | None = None
    error: MjscoreError | None = None
    hand: "Hand | None" = None  # the parsed hand, for reporters that draw the tiles
    title: str = ""  # the ruleset's title, for the report's heading
    source: str | None = None  # the file the line was read from (`-`: stdin), for records

    @property
    def ok(self) -> bool:
        """True when the line is a scored win."""
        return self.verdict is not None and self.error is None

    @property
    def label(self) -> str | None:
        """The line's trailing `# ...` comment (the game and round `import` writes), which
        names the hand for people better than its line number; None without one."""
        return line_label(self.input)

    @property
    def score(self) -> Score:
        """The typed score: HanFu (han, fu, fu items, limit, yakuman), PointsDoubles or Fans."""
        return self.verdict.score if self.verdict else _NO_SCORE

    def __str__(self) -> str:
        """The call as players say it: `4 han 30 fu · ron 7,700`, `mangan · 2,000/4,000`,
        or the error's message."""
        if self.verdict is None:
            return str(self.error) if self.error else "no verdict"
        said = call_text(self.verdict.payments, self.verdict.value)
        total = said if said is not None else f"{self.verdict.value:,}"
        return f"{score_words(self.verdict.score)} · {total}"

    def __repr__(self) -> str:
        """Short: the ruleset, the line and the call or the error kind (the full value is
        `to_dict()`)."""
        what = (
            str(self)
            if self.verdict is not None
            else (f"{self.error.kind} error" if self.error is not None else "no verdict")
        )
        return f"<ScoreResult {self.rules} line {self.line}: {what}>"

    # The verdict's fields, read through the result (None / empty when the line failed)
    @property
    def winner(self) -> str | None:
        """The winner's seat wind (`E` is the dealer); None when the line failed."""
        return self.verdict.winner if self.verdict else None

    @property
    def win(self) -> str | None:
        """How it was won, "ron" or "tsumo"; None when the line failed."""
        return self.verdict.win if self.verdict else None

    @property
    def discarder(self) -> str | None:
        """The seat that dealt in on a ron, when the line's source marker says it."""
        return self.verdict.discarder if self.verdict else None

    @property
    def yaku(self) -> tuple[YakuMatch, ...]:
        """What counted: each YakuMatch (key, name, han, count), dora and flowers included."""
        return self.verdict.yaku if self.verdict else ()

    @property
    def value(self) -> int:
        """The hand's worth, all payers together, before honba, deposits and extras (0 when
        the line failed)."""
        return self.verdict.value if self.verdict else 0

    @property
    def payments(self) -> tuple[Payment, ...]:
        """Who pays whom: each Payment (from, to, amount, reason)."""
        return self.verdict.payments if self.verdict else ()

    @property
    def net(self) -> Mapping[str, int]:
        """Each seat's change, honba, deposits and extras included."""
        return self.verdict.net if self.verdict else {}

    @property
    def liability(self) -> Liability | None:
        """Who answers for the hand (包), and for which yaku; None when nobody does."""
        return self.verdict.liability if self.verdict else None

    @property
    def reading(self) -> str | None:
        """The chosen decomposition: called melds in brackets, the wait in square brackets."""
        return self.verdict.reading if self.verdict else None

    @property
    def notes(self) -> tuple[str, ...]:
        """Remarks for people (ignored ura indicators, an option that changed nothing...)."""
        return self.verdict.notes if self.verdict else ()

    @property
    def han(self) -> int | None:
        """Han (riichi family); None for a yakuman and under other schemes."""
        return self.score.han

    @property
    def fu(self) -> int | None:
        """Fu (riichi family); None for a yakuman and under other schemes."""
        return self.score.fu

    @property
    def fu_items(self) -> tuple[FuItem, ...]:
        """The fu, item by item."""
        return self.score.fu_items

    @property
    def limit(self) -> str | None:
        """The limit reached: "mangan" ... "yakuman", a ruleset's own name, or None."""
        return self.score.limit

    @property
    def yakuman(self) -> int:
        """How many yakuman (13-han units) counted."""
        return self.score.yakuman

    def to_dict(self) -> dict[str, Any]:
        """The score record of docs/output.md, as `--format jsonl` writes it."""
        if self.source is not None or "#" in self.input:  # the rare keys: file, label
            return where(self.source, self.label, self._record())
        return self._record()

    def _record(self) -> dict[str, Any]:
        """The keys every record has (docs/output.md), in their order."""
        v = self.verdict
        if v is None:
            return {
                "line": self.line,
                "input": self.input,
                "rules": self.rules,
                "options": dict(self.options.items()),
                "ok": False,
                "error": self.error.to_dict() if self.error else None,
                "winner": None,
                "yaku": [],
                "han": None,
                "fu": None,
                "fu_items": [],
                "limit": None,
                "yakuman": 0,
                "value": None,
                "payments": [],
                "net": {},
                "liability": None,
                "win": None,
                "reading": None,
                "notes": [],
                "note_keys": [],
                "kita": self.hand.ctx.kita if self.hand is not None else 0,
            }
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
            "fu_items": [f.to_dict() for f in s.fu_items],
            "limit": s.limit,
            "yakuman": s.yakuman,
            "value": v.value,
            "payments": [p.to_dict() for p in v.payments],
            "net": dict(v.net),
            "liability": v.liability.to_dict() if v.liability else None,
            "win": v.win,
            "reading": v.reading,
            "notes": list(v.notes),
            "note_keys": [key_of(n) for n in v.notes],
            "kita": self.hand.ctx.kita if self.hand is not None else 0,
        }
        d.update(s.record())
        return d
