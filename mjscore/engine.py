"""The one orchestration loop: text -> parsed line -> ruleset -> validation -> strategy.

Every failure becomes the result's `error`; nothing here raises for a bad hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import MjscoreError, RulesetError
from .hand import HandLine
from .notation import parse_line
from .result import ScoreResult
from .rulesets import Ruleset, load_ruleset
from .validate import validate

Strategy = Callable[[HandLine, Ruleset, dict[str, Any], ScoreResult], None]


def _strategy(name: str) -> Strategy:
    """Strategies are imported when first used, so a han/fu file never loads the others."""
    if name == "han_fu":
        from .scoring.han_fu import score_han_fu

        return score_han_fu
    if name == "points_doubles":
        from .scoring.points_doubles import score_points_doubles

        return score_points_doubles
    raise RulesetError(f"unknown scoring strategy '{name}'")


def resolve(parsed: HandLine, rules: str, options: dict[str, Any] | None
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
    for key, text in parsed.ctx.options.items():
        try:
            values[key] = ruleset.resolve_options({key: text})[key]
        except RulesetError as exc:
            exc.column = parsed.columns.get(f"opt:{key}")
            exc.token = f"opt:{key}={text}"
            raise
    return ruleset, values


_RESOLVED: dict[tuple, tuple[Ruleset, dict[str, Any], dict[str, Any]]] = {}


def _resolve_cached(parsed: HandLine, rules: str, options: dict[str, Any] | None
                    ) -> tuple[Ruleset, dict[str, Any], dict[str, Any]]:
    """`resolve` plus the record's options, kept per setting: a file repeats one setting.

    The values are shared between lines, so nothing downstream may change them.
    """
    try:
        key = (rules, tuple(sorted((options or {}).items())), parsed.ctx.rules,
               tuple(parsed.ctx.options.items()))
        hit = _RESOLVED.get(key)
    except TypeError:  # an unhashable option value from a library caller
        key, hit = None, None
    if hit is None:
        ruleset, values = resolve(parsed, rules, options)
        hit = (ruleset, values, ruleset.options_json(values))
        if key is not None:
            if len(_RESOLVED) > 256:
                _RESOLVED.clear()
            _RESOLVED[key] = hit
    return hit


def score_line(text: str, rules: str = "riichi", options: dict[str, Any] | None = None,
               line_no: int = 1) -> ScoreResult:
    """Score one hand line under `rules` with `options` (name -> value or text)."""
    text = text.rstrip("\r\n")
    result = ScoreResult(line=line_no, input=text, rules=rules, options={})
    try:
        parsed = parse_line(text)
        result.parsed = parsed
        ruleset, values, shown = _resolve_cached(parsed, rules, options)
        result.rules = ruleset.name
        result.options = shown
        validate(parsed, ruleset, values)
        _strategy(ruleset.scoring)(parsed, ruleset, values, result)
    except MjscoreError as exc:
        result.ok = False
        result.error = exc
        if not result.options:
            _fill_default_options(result)
    return result


def _fill_default_options(result: ScoreResult) -> None:
    """A record names every option of its ruleset even when the line did not parse."""
    try:
        ruleset = load_ruleset(result.rules)
    except RulesetError:
        return
    result.options = ruleset.options_json(ruleset.resolve_options())
