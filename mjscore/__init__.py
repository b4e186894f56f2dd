"""mjscore: score mahjong hands written as one line of text.

The core is a plain library (no rich, no typer):

    >>> import mjscore
    >>> r = mjscore.score("234m406p22s56s chi:678s ron:4s round:E seat:S dora:1s")
    >>> r.han, r.fu, r.value
    (4, 30, 7700)
    >>> hand = mjscore.parse("234m406p22s56s chi:678s ron:4s round:E seat:S dora:1s")
    >>> mjscore.score(hand.with_win("7s", tsumo=True)).value
    7900
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .hand import Hand
    from .result import ScoreResult
    from .rulesets import Ruleset

__all__ = ["score", "parse", "load_ruleset", "ruleset_names"]
__version__ = "0.1.0"


def score(hand: str | Hand, rules: str = "riichi", options: dict[str, Any] | None = None,
          line_no: int = 1) -> ScoreResult:
    """Score one hand (a hand line or a parsed Hand) into a frozen result.

    Errors come back inside the result (`ok` false), never raised. The result
    depends only on (hand, rules, options).
    """
    from .engine import score_hand, score_line

    if isinstance(hand, str):
        return score_line(hand, rules=rules, options=options, line_no=line_no)
    return score_hand(hand, rules=rules, options=options, line_no=line_no)


def parse(line: str, require_win: bool = True) -> Hand:
    """Read a hand line into a frozen, hashable Hand; raises NotationError on bad text.

    `str(hand)` is the canonical line, and `parse(str(hand)) == hand`.
    """
    from .notation import parse_line

    return parse_line(line, require_win=require_win)


def load_ruleset(name: str) -> Ruleset:
    from .rulesets import load_ruleset as _load

    return _load(name)


def ruleset_names() -> list[str]:
    from .rulesets import ruleset_names as _names

    return _names()
