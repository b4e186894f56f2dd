"""mjscore: score mahjong hands written as one line of text.

The core is a plain library (no rich, no typer):

    >>> import mjscore
    >>> r = mjscore.score("234m406p22s56s chi:678s ron:4s round:E seat:S dora:1s")
    >>> r.han, r.fu, r.value
    (4, 30, 7700)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .hand import HandLine
    from .result import ScoreResult
    from .rulesets import Ruleset

__all__ = ["score", "parse", "load_ruleset", "ruleset_names"]
__version__ = "0.1.0"


def score(line: str, rules: str = "riichi", options: dict[str, Any] | None = None,
          line_no: int = 1) -> ScoreResult:
    """Score one hand line; errors come back inside the result (`ok` false), never raised."""
    from .engine import score_line

    return score_line(line, rules=rules, options=options, line_no=line_no)


def parse(line: str) -> HandLine:
    """Read a hand line without scoring it; raises NotationError on bad text."""
    from .notation import parse_line

    return parse_line(line)


def load_ruleset(name: str) -> Ruleset:
    from .rulesets import load_ruleset as _load

    return _load(name)


def ruleset_names() -> list[str]:
    from .rulesets import ruleset_names as _names

    return _names()
