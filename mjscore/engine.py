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


def score_line(text: str, rules: str = "riichi", options: dict[str, Any] | None = None,
               line_no: int = 1) -> ScoreResult:
    """Score one hand line under `rules` with `options` (name -> value or text)."""
    text = text.rstrip("\r\n")
    result = ScoreResult(line=line_no, input=text, rules=rules, options={})
    try:
        parsed = parse_line(text)
        result.parsed = parsed
        ruleset, values = resolve(parsed, rules, options)
        result.rules = ruleset.name
        result.options = ruleset.options_json(values)
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
