"""The one orchestration loop: text -> Hand -> ruleset -> validation -> scheme -> result.

Every failure becomes the result's `error`; nothing here raises for a bad hand.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..base.errors import MjscoreError, NotationError, NotAWin, RulesetError
from ..base.values import FrozenMap
from ..core.drawn import draw_payments, is_drawn_line, parse_drawn
from ..core.hand import Hand
from ..core.notation import parse_line
from ..core.phrases import phrase
from ..core.result import ScoreResult, Verdict
from ..rulesets import DEFAULT_RULESET, Ruleset
from .setting import HouseRules, Rules, asked_for, resolve_cached, ruleset_of, tokens_asked
from .validate import validate

_NOT_RULES = "rules must be a ruleset name or a Ruleset, not {0.__class__.__name__}"
NO_WIN_TOKEN = "the line has no win token (add tsumo:<tile> or ron:<tile>)"

Strategy = Callable[[Hand, Ruleset, dict[str, Any]], Verdict]


@lru_cache(maxsize=8)
def _strategy(name: str) -> Strategy:
    """The scheme a ruleset names, from the registry (mjscore.scoring.SCHEMES): imported
    when first used, so a han/fu file never loads the others (and looked up once)."""
    from ..scoring import scheme

    return scheme(name)


def score_hand(
    hand: Hand,
    rules: Rules = DEFAULT_RULESET,
    options: dict[str, Any] | None = None,
    line_no: int = 1,
    house: HouseRules | None = None,
) -> ScoreResult:
    """Score one hand under `rules` with `options` (name -> value or text): a pure function.

    `house`: the run's option values per ruleset (the command line's house rules),
    applied to whichever ruleset the line uses, below `options` and the line's tokens.
    Every failure comes back as the result's error; nothing here raises for a bad hand.
    """
    if not isinstance(hand, Hand):
        return _bad_call(
            repr(hand),
            rules,
            line_no,
            f"score takes a hand line or a parsed Hand, not {type(hand).__name__}",
        )
    if not isinstance(rules, str | Ruleset):
        return _bad_call(hand.text or str(hand), rules, line_no, _NOT_RULES.format(rules))
    text = hand.text or str(hand)
    try:
        ruleset, values, shown = resolve_cached(hand, rules, options, house)
    except MjscoreError as exc:
        name, asked = asked_for(hand.ctx.rules or rules, hand.ctx.options, options, house)
        return ScoreResult(line_no, text, name, asked, error=exc, hand=hand)
    try:
        if hand.ctx.win_tile < 0 and "draw" not in hand.ctx.flags:  # a parsed waiting hand
            raise NotAWin("the hand has no winning tile (add tsumo:<tile> or ron:<tile>)")
        validate(hand, ruleset, values)
        verdict = _strategy(ruleset.scoring)(hand, ruleset, values)
    except MjscoreError as exc:
        return ScoreResult(
            line_no, text, ruleset.name, shown, error=exc, hand=hand, title=ruleset.title
        )
    return ScoreResult(line_no, text, ruleset.name, shown, verdict, hand=hand, title=ruleset.title)


def score_line(
    text: str,
    rules: Rules = DEFAULT_RULESET,
    options: dict[str, Any] | None = None,
    line_no: int = 1,
    house: HouseRules | None = None,
) -> ScoreResult:
    """Score one hand line: `score_hand` of the parsed line, or the notation error."""
    if not isinstance(rules, str | Ruleset):
        return _bad_call(text, rules, line_no, _NOT_RULES.format(rules))
    text = text.rstrip("\r\n")
    if is_drawn_line(text):
        return score_drawn(text, rules, options, line_no, house)
    try:
        hand = parse_line(text)
    except MjscoreError as exc:
        name, line_options = tokens_asked(text)
        name, asked = asked_for(name or rules, line_options, options, house)
        error = _no_win_token(exc) if isinstance(exc, NotationError) else exc
        return ScoreResult(line_no, text, name, asked, error=error)
    return score_hand(hand, rules, options, line_no, house)


def score_drawn(
    text: str,
    rules: Rules = DEFAULT_RULESET,
    options: dict[str, Any] | None = None,
    line_no: int = 1,
    house: HouseRules | None = None,
) -> ScoreResult:
    """A drawn-round line (core/drawn.py): its payments as a result with no winner, as
    a European draw is; the notes say which draw it was and who was ready."""
    from ..core.result import HanFu, Payment

    try:
        drawn = parse_drawn(text)
    except MjscoreError as exc:
        name, line_options = tokens_asked(text)
        name, asked = asked_for(name or rules, line_options, options, house)
        return ScoreResult(line_no, text, name, asked, error=exc)
    name, shown = asked_for(drawn.rules or rules, drawn.options, options, house)
    try:
        ruleset = ruleset_of(drawn.rules or rules)
    except MjscoreError as exc:
        return ScoreResult(line_no, text, name, shown, error=exc)
    seats = ruleset.seats
    beyond = [s for s in (*drawn.tenpai, *drawn.nagashi, *drawn.riichi_by) if s not in seats]
    if beyond:
        return ScoreResult(
            line_no,
            text,
            ruleset.name,
            shown,
            title=ruleset.title,
            error=NotationError(
                f"seat {beyond[0]} is not at a table of {len(seats)} ({' '.join(seats)})"
            ),
        )
    p = ruleset.params
    paid = draw_payments(drawn, seats, p.noten_total, p.mangan_base)
    payments = tuple(Payment.of(a, b, amount, reason) for a, b, amount, reason in paid)
    net = {s: 0 for s in seats}
    for a, b, amount, _ in paid:
        net[a] -= amount
        net[b] += amount
    note = phrase(
        "note",
        "drawn_round",
        kind=drawn.kind,
        abortive=drawn.abortive,
        ready=drawn.tenpai,
        nagashi=drawn.nagashi,
        paid=bool(paid),
    )
    verdict = Verdict(HanFu(None, None), 0, payments, FrozenMap(net), notes=(note,))
    return ScoreResult(line_no, text, ruleset.name, shown, verdict, title=ruleset.title)


def _bad_call(text: str, rules: Any, line_no: int, why: str) -> ScoreResult:
    """A library call whose arguments are not a hand and a ruleset name: an error result."""
    return ScoreResult(
        line_no, text, str(getattr(rules, "name", rules)), FrozenMap(), error=RulesetError(why)
    )


def _no_win_token(exc: NotationError) -> MjscoreError:
    """A line without a win token is a hand still waiting: not a win. (What it waits on is
    the analysis's to say: the caller adds it: `mjscore.analysis.with_hint`.)"""
    if exc.column is not None or "no win token" not in exc.message:
        return exc
    return NotAWin(NO_WIN_TOKEN)
