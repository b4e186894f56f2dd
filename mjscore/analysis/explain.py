"""`score --explain`: why a hand scores what it scores, as values a reporter puts in words.

For one line this says:

- every reading the scheme weighed, each with its value, the chosen one first, and for
  each other one the key of the ordering that put it below (the scheme's own ORDER_KEYS,
  read from the scheme: `scoring.han_fu`, `scoring.points_doubles`, the fan engine);
- for each reading of the riichi family, each yaku that almost applied and the one
  condition that kept it out: a condition the yaku declares (`yaku.registry.CONDITIONS`)
  made true in the reading's facts (`yaku.conditions.made`) and the predicate asked again,
  or the ruleset's data (a closed-only yaku in an open hand, an option that values it
  at nothing);
- for a line that is not a win or has no yaku (or too few han, or MCR fans under 8),
  the nearest ways it would be one: each single change of the line (another winning tile,
  tsumo instead of ron, riichi, one open meld closed) scored as `score` scores it, with
  the line it gives; and how far below the minimum the line is.

No words: the reporters (report/explain.py) say it in each language.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..base import tiles as T
from ..base.errors import MjscoreError
from ..base.frozen import replace, value_class
from ..core.hand import ANKAN, CHI, KAN, PON, Hand
from ..core.result import ScoreResult, YakuMatch
from ..engine.loop import score_hand
from ..engine.setting import HouseRules, resolve_cached
from . import with_hint

if TYPE_CHECKING:
    from ..core.facts import HandFacts
    from ..rulesets import Ruleset
    from .waits import WaitsResult

# The kinds of a nearest change, in the order they are listed.
WAIT, TSUMO, RIICHI, CLOSED_MELD = "wait", "tsumo", "riichi", "closed_meld"
CHANGES = (WAIT, TSUMO, RIICHI, CLOSED_MELD)
# What a reading is (ReadingValue.status).
WIN, NO_YAKU, TOO_FEW_HAN, BELOW_MINIMUM = "win", "no_yaku", "too_few_han", "below_minimum"
# A reading weighed equal to the chosen one: the first found stays (decided_by).
FIRST_FOUND = "first_found"
TIE_BREAK = "tie_break"  # MCR: equal totals, the reference calculator's choice (spec 3.1)
_EXPLAINED_ERRORS = ("no_yaku", "not_a_win")


@value_class
class Almost:
    """A yaku that did not count in a reading, and the one condition that kept it out:
    a key of yaku.registry.CONDITIONS; for "option", the option and the value that counts it."""

    yaku: YakuMatch  # what it would be worth
    condition: str
    option: str = ""
    value: Any = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"yaku": self.yaku.key, "han": self.yaku.han}
        if self.yaku.yakuman:
            d["yakuman"] = self.yaku.yakuman
        d["condition"] = self.condition
        if self.option:
            d["option"] = self.option
            d["value"] = self.value
        return d


@value_class
class ReadingValue:
    """One reading (one way to count it) as its scheme weighed it."""

    text: str  # the reading in mpsz groups, as the record's `reading` writes it
    status: str  # WIN, NO_YAKU, TOO_FEW_HAN, BELOW_MINIMUM
    items: tuple[YakuMatch, ...]  # its yaku (dora too), fans or doubles
    value: int | None  # its worth in the ordering: payment, fan total, European score
    chosen: bool = False
    decided_by: str | None = None  # an ORDER_KEYS key, FIRST_FOUND or TIE_BREAK
    almost: tuple[Almost, ...] = ()
    # the scheme's numbers: han/fu/yakuman/limit, fan, or points/doubles
    han: int | None = None
    fu: int | None = None
    yakuman: int = 0
    limit: str | None = None
    fan: int | None = None
    points: int | None = None
    doubles: int | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "reading": self.text,
            "chosen": self.chosen,
            "status": self.status,
            "yaku": [y.to_dict() for y in self.items],
        }
        if self.fan is not None:
            d["fan"] = self.fan
        elif self.points is not None:
            d["points"], d["doubles"] = self.points, self.doubles
        else:
            d.update(han=self.han, fu=self.fu, limit=self.limit, yakuman=self.yakuman)
        d["value"] = self.value
        d["decided_by"] = self.decided_by
        d["almost"] = [a.to_dict() for a in self.almost]
        return d


@value_class
class Change:
    """One single change of the line that makes it a win, and that win."""

    kind: str  # a key of CHANGES
    line: str  # the changed line
    result: ScoreResult
    tile: str | None = None  # WAIT: the other winning tile
    meld: str | None = None  # CLOSED_MELD: the open meld made closed, as written
    gained: tuple[str, ...] = ()  # yaku (fans) it has that the line's best reading has not

    def to_dict(self) -> dict[str, Any]:
        r = self.result
        d: dict[str, Any] = {"change": self.kind}
        if self.tile is not None:
            d["tile"] = self.tile
        if self.meld is not None:
            d["meld"] = self.meld
        d["line"] = self.line
        s = r.score
        d["yaku"] = [y.key for y in r.yaku]
        d["gained"] = list(self.gained)
        record = s.record()
        if "fan" in record:
            d["fan"] = record["fan"]
        elif "points" in record:
            d.update(points=record["points"], doubles=record["doubles"], score=record["score"])
        else:
            d.update(han=s.han, fu=s.fu, limit=s.limit, yakuman=s.yakuman)
        d["value"] = r.value
        d["payments"] = [p.to_dict() for p in r.payments]
        return d


@value_class
class Minimum:
    """How far the line's best reading is below what a win needs (`unit` han or fan)."""

    unit: str
    needed: int
    have: int

    @property
    def short(self) -> int:
        return self.needed - self.have

    def to_dict(self) -> dict[str, Any]:
        return {"unit": self.unit, "needed": self.needed, "have": self.have, "short": self.short}


@value_class
class Explanation:
    """Why one line scores what it scores."""

    ordering: tuple[str, ...]  # the scheme's ORDER_KEYS: how its readings are ranked
    readings: tuple[ReadingValue, ...]  # the chosen one first
    nearest: tuple[Change, ...] | None = None  # None: the line is a win
    minimum: Minimum | None = None

    def record(self) -> dict[str, Any]:
        """The record's keys (docs/output.md, "Explained records")."""
        d: dict[str, Any] = {
            "ordering": list(self.ordering),
            "readings": [r.to_dict() for r in self.readings],
        }
        if self.nearest is not None:
            d["nearest"] = [c.to_dict() for c in self.nearest]
        if self.minimum is not None:
            d["minimum"] = self.minimum.to_dict()
        return d


class _OfItsResult:
    """What an explained line says of its line: its result's (ok, error, line, input)."""

    __slots__ = ()
    result: ScoreResult | WaitsResult

    @property
    def ok(self) -> bool:
        return self.result.ok

    @property
    def error(self) -> MjscoreError | None:
        return self.result.error

    @property
    def line(self) -> int:
        return self.result.line

    @property
    def input(self) -> str:
        return self.result.input


@value_class
class Explained(_OfItsResult):
    """A scored line and its explanation (None: an error no explanation answers, such as
    a notation error, or a drawn round)."""

    result: ScoreResult
    explanation: Explanation | None = None
    source: str | None = None  # the file the line was read from, for records and errors

    @property
    def scored(self) -> ScoreResult:
        """The result as `score` writes it for the line (with its file)."""
        if self.source is None:
            return self.result
        return self.result._replace(source=self.source)

    def to_dict(self) -> dict[str, Any]:
        d = self.scored.to_dict()
        if self.explanation is not None:
            d.update(self.explanation.record())
        return d


# -- the line ---------------------------------------------------------------------------------


def explain_line(
    text: str,
    rules: str = "riichi",
    options: dict[str, Any] | None = None,
    line_no: int = 1,
    house: HouseRules | None = None,
) -> Explained:
    """The line scored as `score` scores it, and its explanation."""
    from ..core.drawn import is_drawn_line
    from ..core.notation import parse_line
    from ..engine.loop import score_line

    text = text.rstrip("\r\n")
    result = with_hint(score_line(text, rules, options, line_no, house))
    if is_drawn_line(text):
        return Explained(result)
    hand = result.hand
    if hand is None:  # no win token (a waiting hand), or a line that does not parse
        try:
            hand = parse_line(text, require_win=False)
        except MjscoreError:
            return Explained(result)
    return Explained(result, explanation_of(result, hand, rules, options, house))


def explain_hand(
    hand: Hand,
    rules: str = "riichi",
    options: dict[str, Any] | None = None,
    line_no: int = 1,
    house: HouseRules | None = None,
) -> Explained:
    """`explain_line` of a parsed hand."""
    result = with_hint(score_hand(hand, rules, options, line_no, house))
    return Explained(result, explanation_of(result, hand, rules, options, house))


def explanation_of(
    result: ScoreResult,
    hand: Hand,
    rules: str,
    options: dict[str, Any] | None,
    house: HouseRules | None,
    kinds: tuple[str, ...] = CHANGES,
) -> Explanation | None:
    """The explanation of a line `score` answered with `result` (a win, no yaku or not a
    win; None for any other error); the nearest changes of `kinds` only."""
    if result.error is not None and result.error.kind not in _EXPLAINED_ERRORS:
        return None
    try:
        ruleset, values, _ = resolve_cached(hand, rules, options, house)
    except MjscoreError:
        return None
    if not hand.has_win:
        readings: list[ReadingValue] = []
        ordering: tuple[str, ...] = ()
        minimum = None
    else:
        ordering, readings, minimum = _readings(hand, ruleset, values)
    nearest = None
    if not result.ok:
        best = readings[0].items if readings else ()
        had = {y.key for y in best}
        nearest = tuple(_nearest(hand, rules, options, house, had, kinds))
    return Explanation(ordering, tuple(readings), nearest, minimum)


def _readings(
    hand: Hand, ruleset: Ruleset, values: dict[str, Any]
) -> tuple[tuple[str, ...], list[ReadingValue], Minimum | None]:
    """(the scheme's ordering keys, its readings chosen first, how far below the minimum)."""
    if ruleset.scoring == "han_fu":
        return _han_fu(hand, ruleset, values)
    if ruleset.scoring == "fan":
        return _fan(hand, values)
    if ruleset.scoring == "points_doubles" and "draw" not in hand.ctx.flags:
        return _points_doubles(hand, ruleset, values)
    return (), [], None


def _decided_by(order: tuple, best: tuple, keys: tuple[str, ...]) -> str:
    """The first key of the ordering on which `order` falls below `best`."""
    for key, mine, theirs in zip(keys, order, best, strict=True):
        if mine != theirs:
            return key
    return FIRST_FOUND


# -- the riichi family ---------------------------------------------------------------------


def _han_fu(
    hand: Hand, ruleset: Ruleset, values: dict[str, Any]
) -> tuple[tuple[str, ...], list[ReadingValue], Minimum | None]:
    from ..scoring import han_fu as H

    keep: list[H.Weighed] = []
    with contextlib.suppress(MjscoreError):  # no yaku, too few han: the weighed are kept
        H.score_han_fu(hand, ruleset, values, keep)
    setting = H.setting_for(ruleset, values)
    bonus = tuple(H.dora_matches(hand, ruleset)) + setting.field
    wins = [w for w in keep if w.order is not None]
    best = max(wins, key=lambda w: w.order or (), default=None)  # the first of the greatest
    out = []
    for w in sorted(wins, key=lambda w: w.order or (), reverse=True):  # stable: found order
        c = w.candidate
        assert c is not None and w.order is not None and best is not None
        assert best.order is not None
        plain = not (c.yakuman or c.alone)  # as the verdict: no fu and no dora on a limit
        out.append(
            ReadingValue(
                _reading_text(w.facts),
                WIN,
                tuple(c.yaku) + (bonus if plain else ()),
                c.value,
                chosen=w is best,
                decided_by=None if w is best else _decided_by(w.order, best.order, H.ORDER_KEYS),
                almost=_almost(w.facts, {y.key for y in c.yaku}, ruleset, values, c.yakuman > 0),
                han=None if c.yakuman else c.han,
                fu=c.fu if plain else None,
                yakuman=c.yakuman,
                limit=c.limit,
            )
        )
    minimum = None
    for w in keep:
        if w.order is None:
            out.append(
                ReadingValue(
                    _reading_text(w.facts),
                    w.status,
                    tuple(w.count.yaku),
                    None,
                    almost=_almost(w.facts, {y.key for y in w.count.yaku}, ruleset, values),
                    han=w.count.han,
                )
            )
    short = [w.count.han for w in keep if w.status == H.TOO_FEW_HAN]
    if best is None and short:
        minimum = Minimum("han", H.minimum_han(hand, ruleset, values), max(short))
    return H.ORDER_KEYS, out, minimum


def _reading_text(f: HandFacts) -> str:
    return f.reading.text() if f.reading is not None else ""


def _almost(
    f: HandFacts,
    counted: set[str],
    ruleset: Ruleset,
    values: dict[str, Any],
    yakuman: bool = False,
) -> tuple[Almost, ...]:
    """The yaku of the ruleset that one condition kept out of this reading, in the
    ruleset's order (each yaku with every condition that alone would count it); beside a
    yakuman (`yakuman`), the yakuman only: an ordinary yaku would not count there."""
    from ..yaku.conditions import holds, made, split
    from ..yaku.registry import CONDITIONS_OF, NEEDS_FLAG, PREDICATES

    out = []
    for key, spec in ruleset.yaku.items():
        if key in counted:
            continue
        predicate = PREDICATES[key]
        counting = _option_counting(f, spec, ruleset, values) if spec.by_option else None
        if counting is not None:  # the option's value counts the yaku at nothing here
            if predicate(f):
                name, value, trial = counting
                out.append(Almost(_match(spec, f.closed, trial, ruleset), "option", name, value))
            continue
        if key in NEEDS_FLAG:  # situational: a flag of the line, not the hand
            continue
        conditions = list(CONDITIONS_OF.get(key, ()))
        if spec.han_open is None and "closed" not in conditions:  # closed only, by the data
            conditions.append("closed")
        for condition in conditions:
            name, option = split(condition)
            if name == "option" and _settable(ruleset, option) is False:
                continue  # not an option here (a fixed switch): nothing to turn on
            if holds(condition, f):
                continue
            g = made(condition, f)
            if not predicate(g):
                continue
            worth = spec.worth(g.closed, g.options, ruleset.options)
            if worth is None:
                continue
            match = YakuMatch(key, spec.name, worth[0], spec.japanese, yakuman=worth[1])
            out.append(Almost(match, name, option, True if option else None))
    return tuple(a for a in out if a.yaku.yakuman or not yakuman)


def _settable(ruleset: Ruleset, option: str) -> bool:
    spec = ruleset.options.get(option)
    return spec is not None and spec.kind == "bool"


def _option_counting(
    f: HandFacts, spec: Any, ruleset: Ruleset, values: dict[str, Any]
) -> tuple[str, Any, dict[str, Any]] | None:
    """(the option, a value of it that counts the yaku, the options with it) when the
    option's present value counts the yaku at nothing; else None."""
    if spec.worth(f.closed, values, ruleset.options) is not None:
        return None
    name = spec.by_option
    option = ruleset.options[name]
    choices = option.choices or ((True,) if option.kind == "bool" else ())
    if option.kind == "set":
        choices = (frozenset(values[name]) | {spec.key},)
    for choice in choices:
        trial = {**values, name: choice}
        if spec.worth(f.closed, trial, ruleset.options) is not None:
            return name, option.to_json(choice), trial
    return None


def _match(spec: Any, closed: bool, values: dict[str, Any], ruleset: Ruleset) -> YakuMatch:
    worth = spec.worth(closed, values, ruleset.options) or (0, 0)
    return YakuMatch(spec.key, spec.name, worth[0], spec.japanese, yakuman=worth[1])


# -- Chinese Official ---------------------------------------------------------------------------


def _fan(
    hand: Hand, values: dict[str, Any]
) -> tuple[tuple[str, ...], list[ReadingValue], Minimum | None]:
    from ..mcr import MINIMUM
    from ..scoring.fan import fan_readings, reading_text

    results, chosen = fan_readings(hand, values)
    if not results:
        return ("fan", TIE_BREAK), [], None
    best = results[chosen]
    ranked = [best] + [r for i, r in enumerate(results) if i != chosen]
    out = []
    for r in ranked:
        qualifies = r.fan_points >= MINIMUM
        out.append(
            ReadingValue(
                reading_text(r),
                WIN if qualifies else BELOW_MINIMUM,
                tuple(
                    YakuMatch(f.key, f.name, f.points, f.name_zh, f.count if f.count > 1 else None)
                    for f in r.fans
                ),
                r.total if qualifies else None,
                chosen=r is best,
                decided_by=None
                if r is best
                else ("fan" if r.fan_points < best.fan_points else TIE_BREAK),
                fan=r.fan_points,
            )
        )
    minimum = Minimum("fan", MINIMUM, best.fan_points) if best.fan_points < MINIMUM else None
    return ("fan", TIE_BREAK), out, minimum


# -- points and doubles -----------------------------------------------------------------------


def _points_doubles(
    hand: Hand, ruleset: Ruleset, values: dict[str, Any]
) -> tuple[tuple[str, ...], list[ReadingValue], Minimum | None]:
    from ..core.facts import Table
    from ..scoring import points_doubles as P

    keep: list[P.PlayerScore] = []
    try:
        chosen, _, _ = P.best_winner(hand, Table.of(hand, ruleset.params, values), keep)
    except MjscoreError:
        return P.ORDER_KEYS + (P.SPECIAL_FIRST,), [], None
    ranked = [chosen] + sorted((s for s in keep if s is not chosen), key=P.PlayerScore.order)[::-1]
    out = []
    for s in ranked:
        items = [
            YakuMatch(
                i.key, i.name, i.value, times=i.times if i.times > 1 else None, unit="doubles"
            )
            for i in s.doubles_items
        ]
        if s.special is not None:
            items.append(YakuMatch(s.special.key, s.special.name, 0, unit="doubles"))
        if s is chosen:
            decided = None
        elif chosen.special is not None and s.special is None:
            decided = P.SPECIAL_FIRST if s.score == chosen.score else "score"
        elif s.special is not None:
            decided = "score"
        else:
            decided = _decided_by(s.order(), chosen.order(), P.ORDER_KEYS)
        text = s.reading.text() if s.reading is not None else (s.special.name if s.special else "")
        out.append(
            ReadingValue(
                text,
                WIN,
                tuple(items),
                s.score,
                chosen=s is chosen,
                decided_by=decided,
                points=s.points,
                doubles=s.doubles,
            )
        )
    return P.ORDER_KEYS + (P.SPECIAL_FIRST,), out, None


# -- the nearest changes --------------------------------------------------------------------


def _nearest(
    hand: Hand,
    rules: str,
    options: dict[str, Any] | None,
    house: HouseRules | None,
    had: set[str],
    kinds: tuple[str, ...] = CHANGES,
) -> list[Change]:
    """Every single change of the line (of `kinds`) that makes it a win, scored as `score`
    scores it."""
    out = []
    for kind, changed, detail in _changes(hand, kinds):
        result = score_hand(changed, rules, options, house=house)
        if not result.ok:
            continue
        gained = tuple(dict.fromkeys(y.key for y in result.yaku if y.key not in had))
        line = str(changed)
        out.append(
            Change(
                kind,
                line,
                result._replace(input=line),
                tile=detail if kind == WAIT else None,
                meld=detail if kind == CLOSED_MELD else None,
                gained=gained,
            )
        )
    return out


def _changes(hand: Hand, kinds: tuple[str, ...]) -> Iterator[tuple[str, Hand, str | None]]:
    """(kind, the changed hand, the tile or meld it names) of every single change."""
    ctx, holding = hand.ctx, hand.holding
    held = [0] * T.N_TILES
    for t in holding.concealed:
        held[t] += 1
    for m in holding.melds:
        for t in m.tiles:
            held[t] += 1
    # another winning tile, won the same way (by ron when the line has no win token)
    for t in range(34 if WAIT in kinds else 0):
        if t == ctx.win_tile or held[t] >= 4:
            continue
        yield WAIT, hand.with_win(t, tsumo=ctx.tsumo, discarder=ctx.discarder), T.name(t)
    if not hand.has_win:
        return
    if not ctx.tsumo and TSUMO in kinds:
        yield TSUMO, hand.with_context(tsumo=True, discarder=None), None
    riichi_like = {"riichi", "double-riichi", "open-riichi"}
    closed = not any(m.is_open for m in holding.melds)
    if RIICHI in kinds and closed and ctx.flags.isdisjoint(riichi_like):
        yield RIICHI, hand.with_flags("riichi"), None
    for i, meld in enumerate(holding.melds):
        if meld.is_open and CLOSED_MELD in kinds:
            yield CLOSED_MELD, _closed(hand, i), meld.text()


def _closed(hand: Hand, index: int) -> Hand:
    """The hand with its open meld `index` closed: a kan becomes a concealed kan, the tiles
    of a chi or pon go back among the concealed ones (red fives with them)."""
    holding = hand.holding
    meld = holding.melds[index]
    melds = list(holding.melds)
    if meld.kind in (KAN, "kakan"):
        melds[index] = replace(meld, kind=ANKAN, source=None)
        return Hand(replace(holding, melds=tuple(melds)), hand.ctx, hand.others)
    assert meld.kind in (CHI, PON)
    del melds[index]
    reds = holding.concealed_reds
    if meld.reds:
        reds += (T.FIVES[T.suit(meld.tiles[0])],) * meld.reds
    closed = replace(
        holding,
        concealed=tuple(sorted(holding.concealed + meld.tiles)),
        concealed_reds=tuple(sorted(reds)),
        melds=tuple(melds),
    )
    return Hand(closed, hand.ctx, hand.others)


# -- waits --explain -------------------------------------------------------------------------

WIN_KINDS = ("ron", "tsumo")


@value_class
class ExplainedWaits(_OfItsResult):
    """A waits record and the explanation of each win on each wait (ron and tsumo), keyed
    (the discard's tile, "" for a 13-tile hand; the wait's tile; "ron" or "tsumo")."""

    result: WaitsResult
    wins: tuple[tuple[tuple[str, str, str], Explanation], ...] = ()
    ordering: tuple[str, ...] = ()
    source: str | None = None

    @property
    def scored(self) -> WaitsResult:
        return self.result if self.source is None else replace(self.result, source=self.source)

    def of(self, discard: str, tile: str, kind: str) -> Explanation | None:
        return dict(self.wins).get((discard, tile, kind))

    def to_dict(self) -> dict[str, Any]:
        """The waits record with `ordering`, and each wait's ron and tsumo objects with the
        explanation's keys (`readings`, and `nearest` for a win that does not score)."""
        d = self.scored.to_dict()
        d["ordering"] = list(self.ordering)
        for discard, waits in [("", d["waits"])] + [(x["tile"], x["waits"]) for x in d["discards"]]:
            for w in waits:
                for kind in WIN_KINDS:
                    x = self.of(discard, w["tile"], kind)
                    if x is not None:
                        record = x.record()
                        del record["ordering"]
                        w[kind].update(record)
        return d


def explain_waits_line(
    text: str,
    rules: str = "riichi",
    options: dict[str, Any] | None = None,
    line_no: int = 1,
    house: HouseRules | None = None,
) -> ExplainedWaits:
    """`waits --explain` of one line: the waits record, and why each win scores what it
    scores (or what one more change would make of it)."""
    from .waits import waits_line

    result = waits_line(text, rules, options, line_no, house)
    if result.error is not None:
        return ExplainedWaits(result)
    groups = [("", result.waits)] + [(d.tile, d.waits) for d in result.discards]
    wins = []
    ordering: tuple[str, ...] = ()
    for discard, waits in groups:
        for w in waits:
            for kind, won in zip(WIN_KINDS, (w.ron, w.tsumo), strict=True):
                if won.hand is None:
                    continue
                # the other changes are the waits themselves and the other win kind
                x = explanation_of(won, won.hand, rules, options, house, (RIICHI, CLOSED_MELD))
                if x is not None:
                    wins.append(((discard, w.tile, kind), x))
                    ordering = ordering or x.ordering
    return ExplainedWaits(result, tuple(wins), ordering)
