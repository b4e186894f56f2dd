"""The drawn-round line: a round nobody won, and what it pays (docs/notation.md).

`draw:exhaustive tenpai:E,S round:E honba:1 sticks:2 riichi-by:S` says that the
wall ran out with East and South ready. A game's ledger (`mjscore game`) needs
these rounds to follow the scores, the dealer and the deposits; `mjscore score`
reads the line too and reports the draw's payments (the noten payments, a
nagashi mangan's), so every line `mjscore import` writes can be scored.
The line is read here, not by the hand reader: it has no tiles.
"""

from __future__ import annotations

from typing import Any

from ..base import tiles as T
from ..base.errors import NotationError
from ..base.frozen import value_class

# the kinds of draw: exhaustive (荒牌流局), nagashi mangan, and the abortive draws
EXHAUSTIVE, NAGASHI = "exhaustive", "nagashi"
ABORTIVE = ("nine-terminals", "four-riichi", "triple-ron", "four-kans", "four-winds")
KINDS = (EXHAUSTIVE, NAGASHI, *ABORTIVE)
_KEYS = ("draw", "round", "honba", "sticks", "tenpai", "nagashi", "riichi-by", "rules")
MAX_COUNT = 500


@value_class
class DrawnRound:
    """A drawn round as the line says it; winds are the round's seats (E = the dealer)."""

    kind: str
    round_wind: str = "E"
    honba: int = 0
    sticks: int = 0  # riichi deposits on the table after the round (this round's included)
    tenpai: tuple[str, ...] = ()
    nagashi: tuple[str, ...] = ()
    riichi_by: tuple[str, ...] = ()
    rules: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    text: str = ""

    @property
    def abortive(self) -> bool:
        return self.kind in ABORTIVE

    def __str__(self) -> str:
        """The canonical line."""
        out = [f"draw:{self.kind}", f"round:{self.round_wind}"]
        if self.kind in (EXHAUSTIVE, NAGASHI):  # who was ready, said even when nobody was
            out.append("tenpai:" + (",".join(self.tenpai) or "none"))
        if self.nagashi:
            out.append("nagashi:" + ",".join(self.nagashi))
        if self.honba:
            out.append(f"honba:{self.honba}")
        if self.sticks:
            out.append(f"sticks:{self.sticks}")
        if self.riichi_by:
            out.append("riichi-by:" + ",".join(self.riichi_by))
        if self.rules:
            out.append(f"rules:{self.rules}")
        out += [f"opt:{k}={v}" for k, v in self.options]
        return " ".join(out)


def is_drawn_line(text: str) -> bool:
    """A line whose first token is `draw:` (a plain string test: every line comes here)."""
    head = text.lstrip()[:5]
    return head.lower() == "draw:"


def _winds(value: str, what: str) -> tuple[str, ...]:
    if value.lower() in ("", "none", "-"):
        return ()
    return T.seat_winds(value, f"{what}:E,S (or {what}:none)")


def _count(value: str) -> int:
    if not value.isascii() or not value.isdigit():
        raise ValueError("needs a whole number (0 or more)")
    if len(value) > 4 or int(value) > MAX_COUNT:
        raise ValueError(f"is too many: at most {MAX_COUNT}")
    return int(value)


def parse_drawn(text: str) -> DrawnRound:
    """The line as a DrawnRound; NotationError naming the token and its column."""
    body = text.partition("#")[0]
    fields: dict[str, Any] = {}
    seen: dict[str, int] = {}
    options: dict[str, str] = {}
    at = 0
    for word in body.split():
        at = body.index(word, at)
        column = at + 1
        at += len(word)
        key, colon, value = word.partition(":")
        key = key.lower()
        try:
            if not colon or (key not in _KEYS and key != "opt"):
                raise ValueError(
                    "is not a token of a drawn-round line (draw: round: honba: "
                    "sticks: tenpai: nagashi: riichi-by: rules: opt:)"
                )
            if key == "opt":
                name, eq, val = value.partition("=")
                if not eq or not name or not val:
                    raise ValueError("needs NAME=VALUE, like opt:kiriage_mangan=on")
                first = seen.setdefault(f"opt:{name}", column)
                if options.get(name, val) != val:  # as on a hand line: a repeat agrees
                    raise ValueError(
                        f"sets {name} a second time, to another value (the first, "
                        f"'{options[name]}', is at column {first})"
                    )
                options[name] = val
                continue
            if key in seen:
                raise ValueError(f"repeats {key}: (first at column {seen[key]})")
            seen[key] = column
            if key == "draw":
                if value.lower() not in KINDS:
                    raise ValueError(f"needs the kind of draw: {', '.join(KINDS)}")
                fields["kind"] = value.lower()
            elif key == "round":
                if value.upper() not in T.SEATS:
                    raise ValueError("needs a wind: E, S, W or N")
                fields["round_wind"] = value.upper()
            elif key in ("honba", "sticks"):
                fields[key] = _count(value)
            elif key == "rules":
                if not value or not value.replace("-", "").isalnum():
                    raise ValueError("needs a ruleset name, like rules:tenhou")
                fields["rules"] = value.lower()
            else:
                fields[key.replace("-", "_")] = _winds(value, key)
        except ValueError as why:
            raise NotationError(f"'{word}' {why}", column, word) from None
    if "kind" not in fields:
        raise NotationError(f"a drawn-round line starts with draw:KIND ({', '.join(KINDS)})", 1)
    if fields["kind"] == NAGASHI and not fields.get("nagashi"):
        raise NotationError(
            "draw:nagashi needs nagashi:SEAT (who made nagashi mangan)", seen["draw"]
        )
    if fields.get("nagashi") and fields["kind"] != NAGASHI:
        raise NotationError("nagashi: belongs to draw:nagashi", seen["nagashi"])
    if fields.get("tenpai") and fields["kind"] in ABORTIVE:
        raise NotationError(
            "tenpai: belongs to an exhaustive draw (an abortive draw pays nothing)", seen["tenpai"]
        )
    if len(fields.get("riichi_by", ())) > fields.get("sticks", 0):
        raise NotationError(
            f"riichi-by: names {len(fields['riichi_by'])} riichi stick(s) but "
            f"sticks: says {fields.get('sticks', 0)}",
            seen["riichi-by"],
        )
    return DrawnRound(**fields, options=tuple(sorted(options.items())), text=text)


def draw_payments(
    d: DrawnRound, seats: tuple[str, ...], noten_total: int, mangan_base: int
) -> list[tuple[str, str, int, str]]:
    """(from, to, amount, reason) of a drawn round: noten payments on an exhaustive draw
    (`noten_total`, the ruleset's (3,000 at four, 2,000 at three), shared: the noten
    players pay it, the ready ones receive it; nothing
    when all or none are ready), a nagashi mangan paid as a mangan tsumo (in place of the
    noten payments, honba and deposits untouched, as Tenhou), nothing on an abortive draw."""
    out: list[tuple[str, str, int, str]] = []
    if d.kind == NAGASHI:
        for winner in d.nagashi:
            for payer in seats:
                if payer != winner:
                    share = 2 if "E" in (winner, payer) else 1
                    out.append((payer, winner, mangan_base * share, "nagashi"))
        return out
    if d.kind != EXHAUSTIVE or not noten_total:
        return out
    ready = [s for s in seats if s in d.tenpai]
    noten = [s for s in seats if s not in d.tenpai]
    if not ready or not noten:
        return out
    pay = noten_total // len(noten)  # each noten player's share, split among the ready
    for payer in noten:
        for winner in ready:
            out.append((payer, winner, pay // len(ready), "noten"))
    return out
