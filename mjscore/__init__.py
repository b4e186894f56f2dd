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

from .rulesets import DEFAULT_RULESET

if TYPE_CHECKING:
    from .analysis.waits import WaitsResult
    from .base.errors import (
        ContextError,
        InvalidHand,
        MjscoreError,
        NotationError,
        NotAWin,
        NoYaku,
        RulesetError,
    )
    from .core.hand import Hand
    from .core.result import ScoreResult
    from .ledger import Game
    from .rulesets import Ruleset

# The public types, importable from here (`from mjscore import Hand`) and imported when
# first asked for, so that `import mjscore` stays light: name -> its module.
_TYPES = {
    "Hand": ".core.hand",
    "ScoreResult": ".core.result",
    "WaitsResult": ".analysis.waits",
    "Game": ".ledger",
    "Ruleset": ".rulesets",
    "MjscoreError": ".base.errors",
    "NotationError": ".base.errors",
    "InvalidHand": ".base.errors",
    "ContextError": ".base.errors",
    "NotAWin": ".base.errors",
    "NoYaku": ".base.errors",
    "RulesetError": ".base.errors",
}

__all__ = [
    "score",
    "parse",
    "waits",
    "shanten",
    "game",
    "load_ruleset",
    "ruleset_names",
    "Hand",
    "ScoreResult",
    "WaitsResult",
    "Game",
    "Ruleset",
    "MjscoreError",
    "NotationError",
    "InvalidHand",
    "ContextError",
    "NotAWin",
    "NoYaku",
    "RulesetError",
]
__version__ = "0.1.0"


if not TYPE_CHECKING:  # mypy reads the types above, and no name of the module is Any

    def __getattr__(name: str) -> Any:
        """A public type of `_TYPES`, imported on first use."""
        module = _TYPES.get(name)
        if module is None:
            raise AttributeError(f"module 'mjscore' has no attribute '{name}'")
        from importlib import import_module

        value = getattr(import_module(module, __name__), name)
        globals()[name] = value
        return value


def score(
    hand: str | Hand,
    rules: str | Ruleset = DEFAULT_RULESET,
    options: dict[str, Any] | None = None,
    line_no: int = 1,
) -> ScoreResult:
    """Score one hand (a hand line or a parsed Hand) into a frozen result.

    Errors come back inside the result (`ok` false), never raised; a hand that is not a
    win says what it waits on. The result depends only on (hand, rules, options).
    """
    from .analysis import with_hint
    from .engine.loop import score_hand, score_line

    if isinstance(hand, str):
        return with_hint(score_line(hand, rules=rules, options=options, line_no=line_no))
    return with_hint(score_hand(hand, rules=rules, options=options, line_no=line_no))


def parse(line: str, require_win: bool = True) -> Hand:
    """Read a hand line into a frozen, hashable Hand; raises NotationError on bad text.

    `str(hand)` is the canonical line, and `parse(str(hand)) == hand`.
    """
    from .core.notation import parse_line

    return parse_line(line, require_win=require_win)


def waits(
    hand: str | Hand,
    rules: str | Ruleset = DEFAULT_RULESET,
    options: dict[str, Any] | None = None,
    line_no: int = 1,
) -> WaitsResult:
    """What a hand still waiting (no win token) wins on, or what it should discard.

    13 tiles (melds counting three): its winning tiles, each with the copies
    unseen, furiten, and the ron and tsumo wins scored; or, not ready, its
    shanten and ukeire. 14 tiles: every discard, best first. `to_dict()` is
    the waits record of docs/output.md; errors come back inside the result.

        >>> r = waits("123m456p789s1122z")
        >>> [w.to_dict()["tile"] for w in r.waits], r.shanten
        (['1z', '2z'], 0)
    """
    from .analysis.waits import waits_hand, waits_line

    if isinstance(hand, str):
        return waits_line(hand, rules=rules, options=options, line_no=line_no)
    return waits_hand(hand, rules=rules, options=options, line_no=line_no)


def shanten(
    hand: str | Hand, rules: str | Ruleset = DEFAULT_RULESET, options: dict[str, Any] | None = None
) -> int:
    """The shanten number of a hand line or parsed hand of 13 or 14 tiles (melds count
    three), over the shapes `rules` has: 0 ready, -1 complete (14 tiles; a 14-tile
    hand's number is the shanten after its best discard). Raises MjscoreError on a
    hand it cannot read.

        >>> shanten("123m456p789s1122z"), shanten("19m19p19s1234567z")
        (0, 0)
    """
    from .analysis.waits import hand_shanten

    return hand_shanten(hand, rules=rules, options=options)


def game(
    lines_or_hands: Any,
    rules: str | Ruleset = DEFAULT_RULESET,
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
) -> Game:
    """The ledger of one game: hand lines and drawn-round lines (a text, a list of lines or
    of parsed Hands), round by round, then the final points, placement and result (uma,
    oka) as the ruleset says. `settings` overrides the ruleset's game parameters
    (`start_points`, `uma`, ...). Errors are in `.problems`, never raised.

        >>> g = game(["draw:exhaustive tenpai:E round:E"])
        >>> g.rounds[0].changes, g.rounds[0].scores
        ((3000, -1000, -1000, -1000), (28000, 24000, 24000, 24000))
    """
    from .ledger import game as _game

    return _game(lines_or_hands, rules=rules, options=options, settings=settings)


def load_ruleset(name: str) -> Ruleset:
    from .engine.catalog import load_ruleset as _load

    return _load(name)


def ruleset_names() -> list[str]:
    from .rulesets import ruleset_names as _names

    return _names()
