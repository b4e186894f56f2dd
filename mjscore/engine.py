"""The one orchestration loop: text -> Hand -> ruleset -> validation -> scheme -> result.

Every failure becomes the result's `error`; nothing here raises for a bad hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import MjscoreError, RulesetError
from .hand import Hand
from .notation import parse_line
from .result import ScoreResult, Verdict
from .rulesets import Ruleset, load_ruleset
from .validate import validate

Strategy = Callable[[Hand, Ruleset, dict[str, Any]], Verdict]


def _strategy(name: str) -> Strategy:
    """Strategies are imported when first used, so a han/fu file never loads the others."""
    if name == "han_fu":
        from .scoring.han_fu import score_han_fu

        return score_han_fu
    if name == "points_doubles":
        from .scoring.points_doubles import score_points_doubles

        return score_points_doubles
    raise RulesetError(f"unknown scoring strategy '{name}'")


def resolve(parsed: Hand, rules: str, options: dict[str, Any] | None
            ) -> tuple[Ruleset, dict[str, Any]]:
    """The ruleset and option values for a line: the line's rules:/opt: tokens win."""
    name = parsed.ctx.rules or rules
    try:
        ruleset = load_ruleset(name)
    except RulesetError as exc:
        exc.column = parsed.columns.get("rules")
        exc.token = f"rules:{name}"
        raise
    values = ruleset.resolve_options(options)
    for key, text in parsed.ctx.options:
        try:
            values[key] = ruleset.resolve_options({key: text})[key]
        except RulesetError as exc:
            exc.column = parsed.columns.get(f"opt:{key}")
            exc.token = f"opt:{key}={text}"
            raise
    return ruleset, values


_RESOLVED: dict[tuple, tuple[Ruleset, dict[str, Any], dict[str, Any]]] = {}


def _resolve_cached(parsed: Hand, rules: str, options: dict[str, Any] | None
                    ) -> tuple[Ruleset, dict[str, Any], dict[str, Any]]:
    """`resolve` plus the record's options, kept per setting: a file repeats one setting.

    The values are shared between lines, so nothing downstream may change them.
    """
    try:
        key = (rules, tuple(sorted((options or {}).items())), parsed.ctx.rules,
               parsed.ctx.options)
        hit = _RESOLVED.get(key)
    except (TypeError, AttributeError):  # an unhashable option value from a library caller
        key, hit = None, None
    if hit is None:
        ruleset, values = resolve(parsed, rules, options)
        hit = (ruleset, values, ruleset.options_json(values))
        if key is not None:
            if len(_RESOLVED) > 256:
                _RESOLVED.clear()
            _RESOLVED[key] = hit
    return hit


def score_hand(hand: Hand, rules: str = "riichi", options: dict[str, Any] | None = None,
               line_no: int = 1) -> ScoreResult:
    """Score one hand under `rules` with `options` (name -> value or text): a pure function.

    Every failure comes back as the result's error; nothing here raises for a bad hand.
    """
    if not isinstance(hand, Hand):
        return _bad_call(repr(hand), rules, line_no, "score takes a hand line or a parsed Hand, "
                         f"not {type(hand).__name__}")
    if not isinstance(rules, str):
        return _bad_call(hand.text or str(hand), rules, line_no, "rules must be a ruleset "
                         f"name, not {type(rules).__name__}")
    text = hand.text or str(hand)
    try:
        ruleset, values, shown = _resolve_cached(hand, rules, options)
    except MjscoreError as exc:
        return ScoreResult(line_no, text, rules, _default_options(rules), error=exc, hand=hand)
    try:
        validate(hand, ruleset, values)
        verdict = _strategy(ruleset.scoring)(hand, ruleset, values)
    except MjscoreError as exc:
        return ScoreResult(line_no, text, ruleset.name, shown, error=exc, hand=hand,
                           title=ruleset.title)
    return ScoreResult(line_no, text, ruleset.name, shown, verdict, hand=hand,
                       title=ruleset.title)


def score_line(text: str, rules: str = "riichi", options: dict[str, Any] | None = None,
               line_no: int = 1) -> ScoreResult:
    """Score one hand line: `score_hand` of the parsed line, or the notation error."""
    if not isinstance(rules, str):
        return _bad_call(text, rules, line_no, "rules must be a ruleset name, not "
                         f"{type(rules).__name__}")
    text = text.rstrip("\r\n")
    try:
        hand = parse_line(text)
    except MjscoreError as exc:
        return ScoreResult(line_no, text, rules, _default_options(rules), error=exc)
    return score_hand(hand, rules, options, line_no)


def _bad_call(text: str, rules: Any, line_no: int, why: str) -> ScoreResult:
    """A library call whose arguments are not a hand and a ruleset name: an error result."""
    return ScoreResult(line_no, text, str(rules), {}, error=RulesetError(why))


def _default_options(rules: str) -> dict[str, Any]:
    """A record names every option of its ruleset even when the line did not parse."""
    try:
        ruleset = load_ruleset(rules)
    except RulesetError:
        return {}
    return ruleset.options_json(ruleset.resolve_options())
