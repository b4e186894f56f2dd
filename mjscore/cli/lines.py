"""What a line-by-line command does to one line, and which package reports its answers.

The runner (one process) and the parallel workers both look a command up here, so
that a line reads the same whichever of them scores it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..analysis import with_hint
from ..base.errors import MjscoreError

if TYPE_CHECKING:
    from ..analysis.waits import WaitsResult
    from ..core.result import ScoreResult
    from ..engine.setting import HouseRules


class InternalError(MjscoreError):
    """The core raised for a line instead of returning an error: a bug, kept to that line."""

    kind = "internal"


def score_one(text: str, rules: str, house: HouseRules | None, line_no: int) -> ScoreResult:
    """The engine's score_line, a not-a-win with what the hand waits on (as every command
    shows it), and a core crash turned into this line's error (kind "internal")."""
    from ..engine.loop import score_line

    try:
        return with_hint(score_line(text, rules=rules, line_no=line_no, house=house))
    except Exception as exc:  # keep going past a bad line, whatever went wrong
        from ..core.result import ScoreResult

        error = InternalError(f"internal error: {type(exc).__name__}: {exc}")
        return ScoreResult(
            line=line_no, input=text, rules=asked_rules(text, rules), options={}, error=error
        )


def waits_one(text: str, rules: str, house: HouseRules | None, line_no: int) -> WaitsResult:
    """mjscore.waits of one line, with a core crash turned into this line's error."""
    from ..analysis.waits import WaitsResult, waits_line

    try:
        return waits_line(text, rules=rules, line_no=line_no, house=house)
    except Exception as exc:  # keep going past a bad line, whatever went wrong
        error = InternalError(f"internal error: {type(exc).__name__}: {exc}")
        return WaitsResult(line_no, text, asked_rules(text, rules), {}, error=error)


def explain_one(text: str, rules: str, house: HouseRules | None, line_no: int) -> Any:
    """`score --explain` of one line: the line as score_one scores it, and why."""
    from ..analysis.explain import Explained, explain_line

    try:
        return explain_line(text, rules=rules, line_no=line_no, house=house)
    except Exception as exc:  # keep going past a bad line, whatever went wrong
        return Explained(_crashed(text, rules, line_no, exc))


def waits_explain_one(text: str, rules: str, house: HouseRules | None, line_no: int) -> Any:
    """`waits --explain` of one line: its waits record, and why each win scores what it does."""
    from ..analysis.explain import ExplainedWaits, explain_waits_line

    try:
        return explain_waits_line(text, rules=rules, line_no=line_no, house=house)
    except Exception as exc:  # keep going past a bad line, whatever went wrong
        from ..analysis.waits import WaitsResult

        error = InternalError(f"internal error: {type(exc).__name__}: {exc}")
        return ExplainedWaits(WaitsResult(line_no, text, asked_rules(text, rules), {}, error=error))


def compare_one(text: str, rules: str, house: HouseRules | None, line_no: int) -> Any:
    """`score --compare` of one line: `rules` names the compared rulesets, with commas."""
    from ..analysis.compare import Compared, compare_line

    names = rules.split(",")
    try:
        return compare_line(text, names, line_no=line_no, house=house)
    except Exception as exc:  # keep going past a bad line, whatever went wrong
        crashed = tuple(_crashed(text, name, line_no, exc) for name in names)
        return Compared(crashed, tuple(() for _ in names))


def _crashed(text: str, rules: str, line_no: int, exc: Exception) -> ScoreResult:
    from ..core.result import ScoreResult

    error = InternalError(f"internal error: {type(exc).__name__}: {exc}")
    return ScoreResult(
        line=line_no, input=text, rules=asked_rules(text, rules), options={}, error=error
    )


def rules_of(command: str, rules: str) -> list[str]:
    """The rulesets a run scores with: `--compare`'s several (joined by commas), else one."""
    return rules.split(",") if command == "compare" else [rules]


def with_source(result: Any, source: str | None) -> Any:
    """The result of a line read from `source` (a file name, `-` for stdin): its records
    carry `file`, its error lines start `FILE:LINE:COL:`."""
    if source is None:
        return result
    from ..core.result import ScoreResult

    if isinstance(result, ScoreResult):
        return result._replace(source=source)
    from ..base.frozen import replace

    return replace(result, source=source)


def asked_rules(text: str, rules: str) -> str:
    """The ruleset a line asks for (its last `rules:` token), for the record of a line the
    core could not answer: that record should name the rules the user meant."""
    asked = [word[6:] for word in text.split() if word[:6].lower() == "rules:" and word[6:]]
    return asked[-1].lower() if asked else rules


# What each line-by-line command does to a line, and which package reports its answers.
# `score --explain` and `score --compare` are commands of their own here, so that they
# never take a path made for plain `score` (the native core's).
ANALYSE: dict[str, Callable[[str, str, Any, int], Any]] = {
    "score": score_one,
    "waits": waits_one,
    "explain": explain_one,
    "compare": compare_one,
    "waits-explain": waits_explain_one,
}
REPORTERS = {
    "score": "mjscore.report",
    "waits": "mjscore.report.waits",
    "explain": "mjscore.report.explain",
    "compare": "mjscore.report.compare",
    "waits-explain": "mjscore.report.waits_explain",
}


def reporters_of(command: str) -> Any:
    """The reporter package of a command: `make_reporter`, `renderer` and FORMATS."""
    from importlib import import_module

    return import_module(REPORTERS[command])
