"""`score --compare`: one line under several rulesets, and what differs, with the options
that made each difference.

Each ruleset scores the line as `score --rules R` does (a `rules:` token of the line gives
way: comparing is the point). The first ruleset is the reference; for every other one,
each facet of its result that differs from the reference's (whether it scores, the value,
the limit, han, fu, yakuman, each yaku, the payments) is a `Difference`, and the options
named with it are those of the ruleset data: each option that the two rulesets set
differently and that, changed alone in the reference, changes that facet too. A facet
no single option explains names none (the rulesets differ in more than one option at
once there, or in their own tables). No words: report/compare.py says it.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from ..base.errors import MjscoreError
from ..base.frozen import replace, value_class
from ..core.result import ScoreResult
from ..engine.catalog import load_ruleset
from ..engine.loop import score_hand, score_line
from ..engine.setting import HouseRules, resolve_cached
from ..rulesets import ruleset_names
from . import with_hint

if TYPE_CHECKING:
    from ..core.hand import Hand
    from ..rulesets import Ruleset

PRESETS = "presets"  # --compare presets: the rulesets that only set riichi's options
BASE = "riichi"
# The facets compared, in the order a difference is listed.
FACETS = ("ok", "value", "limit", "han", "fu", "yakuman", "yaku", "payments")


def presets() -> list[str]:
    """The riichi presets, from the data: every ruleset that `extends` riichi and keeps its
    yaku, flags and table (only options and game parameters differ); the one whose options
    are riichi's own first (Tenhou's), then by name."""
    base = load_ruleset(BASE)
    defaults = base.resolve_options()
    found = []
    for name in ruleset_names():
        r = load_ruleset(name)
        if (
            r.extends == BASE
            and r.yaku == base.yaku
            and r.flags == base.flags
            and r.seats == base.seats
            and r.scoring == base.scoring
        ):
            found.append((r.resolve_options() != defaults, name))
    return [name for _, name in sorted(found)]


def compared_rules(text: str) -> list[str]:
    """The rulesets of `--compare TEXT`: names joined by commas, or `presets`; each checked
    (an unknown one raises RulesetError), none twice."""
    names = presets() if text.strip().lower() == PRESETS else []
    if not names:
        names = [n.strip().lower() for n in text.split(",") if n.strip()]
    out: list[str] = []
    for name in names:
        ruleset = load_ruleset(name)  # an unknown name raises, with its suggestion
        if ruleset.name not in out:
            out.append(ruleset.name)
    return out


@value_class
class OptionChange:
    """An option the two rulesets set differently, as the ruleset data says it."""

    name: str
    value: Any  # in this ruleset, as JSON writes it
    reference: Any  # in the reference ruleset
    help: str  # the option's help text in the ruleset files

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "reference": self.reference}


@value_class
class Difference:
    """One facet of a result that differs from the reference's, and the options behind it."""

    what: str  # a key of FACETS
    value: Any  # this ruleset's (yaku: its han, None when absent; payments: the net)
    reference: Any  # the reference's
    options: tuple[OptionChange, ...] = ()
    yaku: str | None = None  # what "yaku": the yaku's key

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"what": self.what}
        if self.yaku is not None:
            d["yaku"] = self.yaku
        d["value"] = self.value
        d["reference"] = self.reference
        d["options"] = [o.to_dict() for o in self.options]
        return d


@value_class
class Compared:
    """One line under each ruleset, the first the reference."""

    results: tuple[ScoreResult, ...]
    differs: tuple[tuple[Difference, ...], ...]  # per result, against the first
    source: str | None = None  # the file the line was read from

    @property
    def scored(self) -> tuple[ScoreResult, ...]:
        if self.source is None:
            return self.results
        return tuple(r._replace(source=self.source) for r in self.results)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    @property
    def error(self) -> MjscoreError | None:
        """The first error that stopped the line under a ruleset, with the rulesets that did
        not score it: a line counts as scored when every ruleset scores it, as `score
        --rules R` would for each."""
        failed = [r for r in self.results if r.error is not None]
        if not failed:
            return None
        first = failed[0].error
        assert first is not None
        message = f"{first.message}; not scored under {', '.join(r.rules for r in failed)}"
        error = copy.copy(first)
        error.message, error.args = message, (message,)
        return error

    @property
    def line(self) -> int:
        return self.results[0].line

    @property
    def input(self) -> str:
        return self.results[0].input

    def records(self) -> list[dict[str, Any]]:
        """One record per ruleset: `score --rules R`'s, then `differs`."""
        out = []
        for result, differs in zip(self.scored, self.differs, strict=True):
            d = result.to_dict()
            d["differs"] = [x.to_dict() for x in differs]
            out.append(d)
        return out


def compare_line(
    text: str,
    rules: list[str],
    line_no: int = 1,
    house: HouseRules | None = None,
) -> Compared:
    """The line scored under each of `rules` (the first the reference) and what differs."""
    from ..core.drawn import is_drawn_line
    from ..core.notation import parse_line

    text = text.rstrip("\r\n")
    hand = None
    if not is_drawn_line(text):
        try:
            hand = parse_line(text)
        except MjscoreError:
            hand = None
    if hand is not None and hand.ctx.rules:  # the compared rulesets go over the line's own
        hand = replace(hand, ctx=replace(hand.ctx, rules=None))

    def scored(name: str, options: dict[str, Any] | None = None) -> ScoreResult:
        if hand is None:
            return with_hint(score_line(text, name, options, line_no, house))
        return with_hint(score_hand(hand, name, options, line_no, house))

    results = tuple(scored(name) for name in rules)
    reference = results[0]
    differs = [()] + [tuple(_differences(reference, r, hand, house, scored)) for r in results[1:]]
    return Compared(results, tuple(differs))


def facets(r: ScoreResult) -> dict[str, Any]:
    """The compared facets of one result (yaku: key -> han, or yakuman units as 13 each)."""
    if not r.ok:
        return {"ok": False}
    return {
        "ok": True,
        "value": r.value,
        "limit": r.limit,
        "han": r.han,
        "fu": r.fu,
        "yakuman": r.yakuman,
        "yaku": {y.key: y.han for y in r.yaku},
        "payments": dict(r.net),
        "paid": r.payments,
    }


def _differences(
    reference: ScoreResult,
    other: ScoreResult,
    hand: Hand | None,
    house: HouseRules | None,
    scored: Any,
) -> list[Difference]:
    a, b = facets(reference), facets(other)
    found: list[tuple[str, Any, Any, str | None]] = []
    if a["ok"] != b["ok"]:
        found.append(("ok", b["ok"], a["ok"], None))
    elif a["ok"]:
        for facet in ("value", "limit", "han", "fu", "yakuman"):
            if a[facet] != b[facet]:
                found.append((facet, b[facet], a[facet], None))
        for key in dict.fromkeys([*a["yaku"], *b["yaku"]]):
            if a["yaku"].get(key) != b["yaku"].get(key):
                found.append(("yaku", b["yaku"].get(key), a["yaku"].get(key), key))
        if a["value"] == b["value"] and a["paid"] != b["paid"]:
            found.append(("payments", b["payments"], a["payments"], None))
    if not found:
        return []
    changes = _option_changes(reference, other, hand, house)
    trials = [
        (change, facets(scored(reference.rules, {change.name: value}))) for change, value in changes
    ]
    out = []
    for what, mine, theirs, yaku in found:
        named = tuple(
            change for change, trial in trials if _facet(trial, what, yaku) != _facet(a, what, yaku)
        )
        out.append(Difference(what, mine, theirs, named, yaku))
    return out


def _facet(f: dict[str, Any], what: str, yaku: str | None) -> Any:
    if what == "ok":
        return f["ok"]
    if not f["ok"]:
        return None
    if what == "yaku":
        return f["yaku"].get(yaku)
    if what == "payments":
        return f["paid"]
    return f[what]


def _option_changes(
    reference: ScoreResult, other: ScoreResult, hand: Hand | None, house: HouseRules | None
) -> list[tuple[OptionChange, Any]]:
    """Each option both rulesets have and set differently: (what the data says, the other
    ruleset's value to try in the reference)."""
    mine, theirs = _setting(reference, hand, house), _setting(other, hand, house)
    if mine is None or theirs is None:
        return []
    (ref, ref_values), (oth, oth_values) = mine, theirs
    out = []
    for name, spec in ref.options.items():
        if name not in oth.options or name not in oth_values:
            continue
        if ref_values[name] == oth_values[name]:
            continue
        change = OptionChange(
            name,
            spec.to_json(oth_values[name]),
            spec.to_json(ref_values[name]),
            oth.options[name].help or spec.help,
        )
        out.append((change, oth_values[name]))
    return out


def _setting(
    r: ScoreResult, hand: Hand | None, house: HouseRules | None
) -> tuple[Ruleset, dict[str, Any]] | None:
    """The ruleset and option values a result was scored with."""
    if hand is None:
        try:
            ruleset = load_ruleset(r.rules)
        except MjscoreError:
            return None
        return ruleset, ruleset.resolve_options()
    try:
        ruleset, values, _ = resolve_cached(hand, r.rules, None, house)
    except MjscoreError:
        return None
    return ruleset, values
