"""The case-file format shared by every ruleset's `tests/cases/<name>.cases`.

A case file reads like a rule book with worked examples:

    # Pinfu needs a two-sided wait
    123456m789p35s77s ron:4s riichi            # kanchan: no pinfu
      => han 1, fu 40, value 1300, yaku riichi
      => fu_items base:20 ron:10 kanchan:2
    234m456p34m88s chi:678s ron:5m | opt:open_tanyao=off
      => error no_yaku

* A line starting with `#` is a comment (group titles, arithmetic); a `#`
  after a hand line or an expectation starts a trailing comment.
* Any other unindented line is a hand line in the mjscore notation
  (NOTATION.md), scored as it stands. After an optional ` | ` come runner
  settings: `opt:NAME=VALUE` (passed through the `options` argument of
  `mjscore.score`, as a caller of the library would) and `rules:NAME` (the
  `rules` argument). `opt:` and `rules:` tokens written *before* the `|`
  belong to the hand line and go through the notation instead.
* Each following line that starts with `=>` holds expectations: fields
  separated by commas, each a field name and its arguments. A case needs
  at least one expectation, and only the fields written are checked.

Fields (see `check` for the exact comparison):

    han N, fu N, value N, yakuman N  the record's number (any other record key
                                     holding a scalar can be checked the same way)
    limit NAME                       mangan | haneman | ... | none
    yaku KEY KEY*N ...               the exact multiset of yaku keys (dora and
                                     bonus items included); KEY*N also requires
                                     that item's han to be N
    fu_items LABEL:N ...             the fu items, one to one: the `_`-separated
                                     words of LABEL all occur in the item's reason
                                     and its fu is N; items of 0 fu and the
                                     rounding item ("rounded up ...") may be
                                     left out
    net E+N S-N ...                  each seat's change; seats not named: 0
    payments FROM>TO:N ...           the exact multiset of payments (`?` for an
                                     unknown payer, `table` for deposits)
    liable SEAT [KEY ...] | none     the liable seat (and the yaku it answers for)
    error KIND                       the line is not a scored win, of this kind
    note TEXT                        some note contains TEXT (case-insensitive)
    player SEAT NAME N ...           points-and-doubles rulesets: that seat's record in
                                     `players` has each NAME (points, doubles, score,
                                     ...) equal to N
    player_doubles SEAT KEY ...      the exact multiset of that seat's doubles keys
                                     (`none`: no double)
    special KEY ... | none           the exact set of special hands matched

Every scored case also checks two invariants: the fu items add up to the fu,
and the payments add up, seat by seat, to the net.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEATS = ("E", "S", "W", "N")


class CaseFileError(ValueError):
    """A case file that cannot be read: names the file and the line."""


@dataclass(frozen=True)
class Expect:
    name: str
    args: tuple[str, ...]
    line: int


@dataclass
class Case:
    path: Path
    line: int
    hand: str
    rules: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    expects: list[Expect] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{self.path.name}:{self.line}"


def _strip_comment(text: str) -> str:
    return text.split("#", 1)[0].strip()


def parse_cases(path: Path) -> list[Case]:
    """Every case of one file, in file order."""
    cases: list[Case] = []

    def fail(no: int, msg: str) -> CaseFileError:
        return CaseFileError(f"{path.name}:{no}: {msg}")

    for no, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("=>"):
            if not cases:
                raise fail(no, "an expectation before any hand line")
            body = _strip_comment(stripped[2:])
            for part in body.split(","):
                words = part.split()
                if not words:
                    raise fail(no, f"an empty field in {body!r}")
                name, *args = words
                if name not in KNOWN_FIELDS and not re.fullmatch(r"[a-z_]+", name):
                    raise fail(no, f"{name!r} is not a field name")
                cases[-1].expects.append(Expect(name, tuple(args), no))
            continue
        if raw[:1].isspace():
            raise fail(no, "an indented line that does not start with '=>'")
        if cases and not cases[-1].expects:
            raise fail(cases[-1].line, "a hand line without any '=>' expectation")
        hand, _, settings = _strip_comment(raw).partition("|")
        case = Case(path, no, hand.strip())
        for token in settings.split():
            if token.startswith("opt:") and "=" in token:
                key, _, value = token[4:].partition("=")
                case.options[key] = value
            elif token.startswith("rules:"):
                case.rules = token[6:]
            else:
                raise fail(no, f"{token!r} after '|' is neither opt:NAME=VALUE nor rules:NAME")
        if not case.hand:
            raise fail(no, "an empty hand line")
        cases.append(case)
    if cases and not cases[-1].expects:
        raise fail(cases[-1].line, "a hand line without any '=>' expectation")
    return cases


# ---------------------------------------------------------------------------
# checking one scored record against the expectations


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise AssertionError(f"{what}: {text!r} is not a number") from None


def _yaku(args: tuple[str, ...], rec: dict[str, Any]) -> list[str]:
    got = [y["key"] for y in rec["yaku"]]
    want = [a.partition("*")[0] for a in args]
    problems = []
    if Counter(got) != Counter(want):
        problems.append(f"yaku: expected {sorted(want)}, got {sorted(got)}")
    for a in args:
        key, star, n = a.partition("*")
        if not star:
            continue
        hans = [y["han"] for y in rec["yaku"] if y["key"] == key]
        if hans and _int(n, "yaku") not in hans:
            problems.append(f"yaku {key}: expected {n} han, got {hans}")
    return problems


def _fu_items(args: tuple[str, ...], rec: dict[str, Any]) -> list[str]:
    want = []
    for a in args:
        label, colon, n = a.rpartition(":")
        if not colon:
            return [f"fu_items: {a!r} is not LABEL:FU"]
        want.append((label.lower().replace("-", "_").split("_"), _int(n, "fu_items"), a))
    items = [(i["reason"].lower(), i["fu"]) for i in rec["fu_items"]]

    # one-to-one matching (backtracking; the lists are short)
    def match(k: int, used: frozenset[int]) -> frozenset[int] | None:
        if k == len(want):
            return used
        words, fu, _ = want[k]
        for j, (reason, got_fu) in enumerate(items):
            if j not in used and got_fu == fu and all(w in reason for w in words):
                found = match(k + 1, used | {j})
                if found is not None:
                    return found
        return None

    used = match(0, frozenset())
    shown = [f"{r}:{f}" for r, f in items]
    if used is None:
        return [f"fu_items: expected {list(args)}, got {shown}"]
    extra = [
        f"{r}:{f}"
        for j, (r, f) in enumerate(items)
        if j not in used and f != 0 and not r.startswith("rounded")
    ]
    if extra:
        return [f"fu_items: not expected {extra} (all items: {shown})"]
    return []


_NET = re.compile(r"([ESWN])([+-]\d+)$")


def _net(args: tuple[str, ...], rec: dict[str, Any]) -> list[str]:
    want = dict.fromkeys(SEATS, 0)
    for a in args:
        m = _NET.match(a)
        if not m:
            return [f"net: {a!r} is not SEAT+N or SEAT-N"]
        want[m[1]] = int(m[2])
    got = {s: rec["net"].get(s, 0) for s in SEATS}
    return [] if got == want else [f"net: expected {want}, got {got}"]


_PAY = re.compile(r"([ESWN?]|table)>([ESWN]):(\d+)$")


def _payments(args: tuple[str, ...], rec: dict[str, Any]) -> list[str]:
    want = Counter()
    for a in args:
        m = _PAY.match(a)
        if not m:
            return [f"payments: {a!r} is not FROM>TO:N"]
        want[(None if m[1] == "?" else m[1], m[2], int(m[3]))] += 1
    got = Counter((p["from"], p["to"], p["amount"]) for p in rec["payments"])
    if got == want:
        return []
    return [
        f"payments: expected {sorted(want.elements(), key=str)}, "
        f"got {sorted(got.elements(), key=str)}"
    ]


def _liable(args: tuple[str, ...], rec: dict[str, Any]) -> list[str]:
    got = rec.get("liability")
    if args == ("none",):
        return [] if got is None else [f"liable: expected none, got {got}"]
    if got is None:
        return [f"liable: expected {' '.join(args)}, got none"]
    problems = []
    if got["seat"] != args[0]:
        problems.append(f"liable: expected seat {args[0]}, got {got['seat']}")
    if len(args) > 1 and sorted(got["yaku"]) != sorted(args[1:]):
        problems.append(f"liable: expected yaku {sorted(args[1:])}, got {got['yaku']}")
    return problems


def _limit(args: tuple[str, ...], rec: dict[str, Any]) -> list[str]:
    want = None if args == ("none",) else " ".join(args)
    got = rec.get("limit")
    return [] if got == want else [f"limit: expected {want}, got {got}"]


def _note(args: tuple[str, ...], rec: dict[str, Any]) -> list[str]:
    text = " ".join(args).lower()
    notes = rec.get("notes") or []
    if any(text in n.lower() for n in notes):
        return []
    return [f"note: expected one containing {text!r}, got {notes}"]


def _scalar(name: str, args: tuple[str, ...], rec: dict[str, Any]) -> list[str]:
    if name not in rec:
        return [f"{name}: the record has no such field"]
    got = rec[name]
    want: Any = " ".join(args)
    if want == "none":
        want = None
    elif isinstance(got, int) and not isinstance(got, bool):
        want = _int(want, name)
    elif isinstance(got, bool):
        want = want in ("true", "on", "yes")
    return [] if got == want else [f"{name}: expected {want}, got {got}"]


def _player(args: tuple[str, ...], rec: dict[str, Any]) -> list[str]:
    if len(args) < 3 or len(args) % 2 == 0:
        return [f"player: {' '.join(args)!r} is not SEAT NAME N [NAME N ...]"]
    got = (rec.get("players") or {}).get(args[0])
    if got is None:
        return [f"player: the record has no player {args[0]}"]
    problems = []
    for name, want in zip(args[1::2], args[2::2], strict=True):
        problems += [f"player {args[0]} {p}" for p in _scalar(name, (want,), got)]
    return problems


def _player_doubles(args: tuple[str, ...], rec: dict[str, Any]) -> list[str]:
    got = (rec.get("players") or {}).get(args[0]) if args else None
    if got is None:
        return [f"player_doubles: the record has no player {args[:1]}"]
    keys = Counter(i["key"] for i in got["doubles_items"])
    want = Counter(a for a in args[1:] if a != "none")
    return (
        []
        if keys == want
        else [f"player_doubles {args[0]}: expected {sorted(want)}, got {sorted(keys.elements())}"]
    )


def _special(args: tuple[str, ...], rec: dict[str, Any]) -> list[str]:
    got = sorted(i["key"] for i in rec.get("special_hands", []))
    want = sorted(a for a in args if a != "none")
    return [] if got == want else [f"special: expected {want}, got {got}"]


_CHECKS = {
    "yaku": _yaku,
    "fu_items": _fu_items,
    "net": _net,
    "payments": _payments,
    "liable": _liable,
    "limit": _limit,
    "note": _note,
    "player": _player,
    "player_doubles": _player_doubles,
    "special": _special,
}
KNOWN_FIELDS = {*_CHECKS, "error", "han", "fu", "value", "yakuman"}


def _invariants(rec: dict[str, Any]) -> list[str]:
    problems = []
    if rec.get("fu") is not None and rec.get("fu_items"):
        total = sum(i["fu"] for i in rec["fu_items"])
        if total != rec["fu"]:
            problems.append(f"invariant: the fu items add up to {total}, not {rec['fu']}")
    paid = Counter()
    for p in rec.get("payments", []):
        if p["from"] in SEATS:
            paid[p["from"]] -= p["amount"]
        paid[p["to"]] += p["amount"]
    net = {s: rec["net"].get(s, 0) for s in SEATS}
    if rec.get("payments") and {s: paid[s] for s in SEATS} != net:
        problems.append(f"invariant: the payments come to {dict(paid)}, the net is {net}")
    return problems


def check(case: Case, rec: dict[str, Any]) -> list[str]:
    """Every way the record differs from the case's expectations (empty: it passes)."""
    error = rec.get("error")
    wants_error = [e for e in case.expects if e.name == "error"]
    if wants_error:
        kind = " ".join(wants_error[0].args)
        if rec.get("ok") or error is None:
            return [f"error: expected {kind}, but the line scored ok"]
        if error["kind"] != kind:
            return [f"error: expected {kind}, got {error['kind']}: {error['message']}"]
    elif not rec.get("ok"):
        return [f"expected a scored win, got {error}"]
    problems: list[str] = []
    for e in case.expects:
        if e.name == "error":
            continue
        try:
            if e.name in _CHECKS:
                problems += _CHECKS[e.name](e.args, rec)
            else:
                problems += _scalar(e.name, e.args, rec)
        except AssertionError as exc:
            problems.append(str(exc))
    if not wants_error:
        problems += _invariants(rec)
    return problems


def describe(rec: dict[str, Any]) -> str:
    """The scored record in the case-file vocabulary, for a failure message."""
    if not rec.get("ok"):
        return f"error {rec['error']['kind'] if rec.get('error') else '?'}: {rec.get('error')}"
    yaku = " ".join(f"{y['key']}*{y['han']}" for y in rec["yaku"])
    net = " ".join(f"{s}{v:+d}" for s, v in rec["net"].items() if v)
    pays = " ".join(f"{p['from'] or '?'}>{p['to']}:{p['amount']}" for p in rec["payments"])
    fu = " ".join(f"{i['reason']}:{i['fu']}" for i in rec["fu_items"])
    liab = rec.get("liability")
    return (
        f"han {rec['han']}, fu {rec['fu']}, value {rec['value']}, limit {rec['limit']}, "
        f"yakuman {rec['yakuman']}\n  yaku {yaku}\n  fu_items {fu}\n  net {net}\n"
        f"  payments {pays}\n  liable {liab['seat'] if liab else 'none'}\n"
        f"  reading {rec.get('reading')}\n  notes {rec.get('notes')}"
    )
