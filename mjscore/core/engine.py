"""The one orchestration loop: text -> Hand -> ruleset -> validation -> scheme -> result.

Every failure becomes the result's `error`; nothing here raises for a bad hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..base.errors import MjscoreError, NotationError, NotAWin, RulesetError
from ..base.values import FrozenMap
from ..rulesets import Ruleset, load_ruleset
from .hand import Hand, Holding, WinContext
from .notation import parse_line
from .result import ScoreResult, Verdict
from .validate import validate

if TYPE_CHECKING:
    from ..cli.config import HouseRules

Strategy = Callable[[Hand, Ruleset, dict[str, Any]], Verdict]


@lru_cache(maxsize=8)
def _strategy(name: str) -> Strategy:
    """The scheme a ruleset names, from the registry (mjscore.scoring.SCHEMES): imported
    when first used, so a han/fu file never loads the others (and looked up once)."""
    from ..scoring import scheme

    return scheme(name)


def resolve(parsed: Hand, rules: str, options: dict[str, Any] | None,
            house: HouseRules | None = None) -> tuple[Ruleset, dict[str, Any]]:
    """The ruleset and option values for a line: the line's rules:/opt: tokens win over
    `options`, which win over the run's house rules for that ruleset."""
    name = parsed.ctx.rules or rules
    try:
        ruleset = load_ruleset(name)
    except RulesetError as exc:
        exc.column = parsed.columns.get("rules")
        exc.token = f"rules:{name}"
        raise
    if house:
        options = {**house.for_ruleset(ruleset.name), **(options or {})}
    values = ruleset.resolve_options(options)
    columns = parsed.columns  # the value holds opt: tokens by name; an error names the first
    for key, text in sorted(parsed.ctx.options, key=lambda kv: columns.get(f"opt:{kv[0]}", 0)):
        try:
            values[key] = ruleset.resolve_options({key: text})[key]
        except RulesetError as exc:
            exc.column = parsed.columns.get(f"opt:{key}")
            exc.token = f"opt:{key}={text}"
            raise
    return ruleset, values


def _resolve_cached(parsed: Hand, rules: str, options: dict[str, Any] | None,
                    house: HouseRules | None = None
                    ) -> tuple[Ruleset, dict[str, Any], FrozenMap]:
    """`resolve` plus the record's options, kept per setting: a file repeats one setting.

    The values are shared between lines, so nothing downstream may change them. A setting
    that fails is resolved again from the line, so that its error names the line's column.
    """
    ctx = parsed.ctx
    try:  # the common line: no options given, no rules:/opt: tokens, no house rules
        given = tuple(sorted(options.items())) if options else ()
        return _resolved(rules, given, ctx.rules, ctx.options, house or None)
    except (TypeError, AttributeError, MjscoreError):  # unhashable library values; an error
        ruleset, values = resolve(parsed, rules, options, house)
        return ruleset, values, FrozenMap(ruleset.options_json(values))


@lru_cache(maxsize=256)
def _resolved(rules: str, option_items: tuple[tuple[str, Any], ...], line_rules: str | None,
              line_options: tuple[tuple[str, str], ...], house: HouseRules | None
              ) -> tuple[Ruleset, dict[str, Any], FrozenMap]:
    """One setting resolved, for every line that has it (a frozen key, an lru_cache); its
    record options are one FrozenMap, which reporters encode once per setting."""
    setting = Hand(Holding(), WinContext(rules=line_rules, options=line_options))
    ruleset, values = resolve(setting, rules, dict(option_items), house)
    return ruleset, values, FrozenMap(ruleset.options_json(values))


def score_hand(hand: Hand, rules: str = "riichi", options: dict[str, Any] | None = None,
               line_no: int = 1, house: HouseRules | None = None) -> ScoreResult:
    """Score one hand under `rules` with `options` (name -> value or text): a pure function.

    `house`: the run's option values per ruleset (the command line's house rules),
    applied to whichever ruleset the line uses, below `options` and the line's tokens.
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
        ruleset, values, shown = _resolve_cached(hand, rules, options, house)
    except MjscoreError as exc:
        name, asked = _asked_for(hand.ctx.rules or rules, hand.ctx.options, options, house)
        return ScoreResult(line_no, text, name, asked, error=exc, hand=hand)
    try:
        if hand.ctx.win_tile < 0 and "draw" not in hand.ctx.flags:  # a parsed waiting hand
            raise NotAWin("the hand has no winning tile (add tsumo:<tile> or ron:<tile>)")
        validate(hand, ruleset, values)
        verdict = _strategy(ruleset.scoring)(hand, ruleset, values)
    except NotAWin as exc:  # a complete-looking line that is not a win: what does it wait on?
        return ScoreResult(line_no, text, ruleset.name, shown, error=_waits_hint(hand, exc),
                           hand=hand, title=ruleset.title)
    except MjscoreError as exc:
        return ScoreResult(line_no, text, ruleset.name, shown, error=exc, hand=hand,
                           title=ruleset.title)
    return ScoreResult(line_no, text, ruleset.name, shown, verdict, hand=hand,
                       title=ruleset.title)


def score_line(text: str, rules: str = "riichi", options: dict[str, Any] | None = None,
               line_no: int = 1, house: HouseRules | None = None) -> ScoreResult:
    """Score one hand line: `score_hand` of the parsed line, or the notation error."""
    if not isinstance(rules, str):
        return _bad_call(text, rules, line_no, "rules must be a ruleset name, not "
                         f"{type(rules).__name__}")
    text = text.rstrip("\r\n")
    try:
        hand = parse_line(text)
    except MjscoreError as exc:
        name, line_options = _tokens_asked(text)
        name, asked = _asked_for(name or rules, line_options, options, house)
        error = _no_win_token(text, exc) if isinstance(exc, NotationError) else exc
        return ScoreResult(line_no, text, name, asked, error=error)
    return score_hand(hand, rules, options, line_no, house)


def _bad_call(text: str, rules: Any, line_no: int, why: str) -> ScoreResult:
    """A library call whose arguments are not a hand and a ruleset name: an error result."""
    return ScoreResult(line_no, text, str(rules), FrozenMap(), error=RulesetError(why))


def _no_win_token(text: str, exc: NotationError) -> MjscoreError:
    """A line without a win token is a hand still waiting: not a win, and what it waits on."""
    if exc.column is not None or "no win token" not in exc.message:
        return exc
    from ..analysis.waits import hint

    try:
        waiting = parse_line(text, require_win=False)
    except MjscoreError:
        return exc
    words = hint(waiting)
    return NotAWin("the line has no win token (add tsumo:<tile> or ron:<tile>)"
                   + (f"; {words}" if words else "; see `mjscore waits`"))


def _waits_hint(hand: Hand, exc: NotAWin) -> NotAWin:
    """The not-a-win error, plus what the hand (without its winning tile) waits on."""
    from ..analysis.waits import hint

    words = hint(hand.without_win())
    if not words:
        return exc
    where = f"without {_win_text(hand)}, " if hand.has_win else ""
    return NotAWin(f"{exc.message}; {where}{words}", exc.column, exc.token)


def _win_text(hand: Hand) -> str:
    from ..base.tiles import name

    return f"{'tsumo' if hand.ctx.tsumo else 'ron'}:{name(hand.ctx.win_tile)}"


def _tokens_asked(text: str) -> tuple[str | None, list[tuple[str, str]]]:
    """The rules:/opt: tokens of a line that did not parse, read as far as they can be."""
    name = None
    asked = []
    for token in text.split():
        key, colon, value = token.partition(":")
        if not colon:
            continue
        if key == "rules" and value:
            name = value
        elif key == "opt":
            option, eq, choice = value.partition("=")
            if eq and option and choice:
                asked.append((option, choice))
    return name, asked


def _asked_for(name: str, line_options: Iterable[tuple[str, str]],
               options: dict[str, Any] | None, house: HouseRules | None
               ) -> tuple[str, FrozenMap]:
    """A failed line's record names the ruleset it asked for and every option of it with the
    value it asked for (its opt: tokens over the run's), skipping what cannot be read; a
    ruleset that does not exist has no options."""
    try:
        ruleset = load_ruleset(name)
    except RulesetError:
        return name, FrozenMap()
    values = ruleset.resolve_options()
    asked = options if isinstance(options, Mapping) else {}  # a bad library value: none
    given = {**(house.for_ruleset(ruleset.name) if house else {}), **asked,
             **dict(line_options)}
    for key, text in given.items():
        try:
            values[key] = ruleset.resolve_options({key: text})[key]
        except RulesetError:
            continue
    return ruleset.name, FrozenMap(ruleset.options_json(values))
