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

from .base.defaults import DEFAULT_RULESET

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

    wrong = _line_no_problem(line_no)
    if wrong is not None:
        from .core.result import ScoreResult

        return ScoreResult(1, _input_of(hand), str(rules), _no_options(), error=wrong)
    if isinstance(hand, str):
        return with_hint(score_line(hand, rules=rules, options=options, line_no=line_no))
    return with_hint(score_hand(hand, rules=rules, options=options, line_no=line_no))


def parse(line: str, require_win: bool = True) -> Hand:
    """Read a hand line into a frozen, hashable Hand; raises NotationError on bad text,
    TypeError on a `line` that is not a str or a `require_win` that is not a bool.

    `str(hand)` is the canonical line, and `parse(str(hand)) == hand`.
    """
    from .core.notation import parse_line

    if not isinstance(line, str):
        raise TypeError(f"parse takes a hand line (a str), not {type(line).__name__}")
    if not isinstance(require_win, bool):
        raise TypeError(f"require_win is True or False, not {type(require_win).__name__}")

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
    from .analysis.waits import WaitsResult, waits_hand, waits_line

    wrong = _line_no_problem(line_no)
    if wrong is not None:
        return WaitsResult(1, _input_of(hand), str(rules), _no_options(), error=wrong)
    if isinstance(hand, str):
        return waits_line(hand, rules=rules, options=options, line_no=line_no)
    return waits_hand(hand, rules=rules, options=options, line_no=line_no)


def shanten(
    hand: str | Hand, rules: str | Ruleset = DEFAULT_RULESET, options: dict[str, Any] | None = None
) -> int:
    """The shanten number of a hand line or parsed hand of 13 or 14 tiles (melds count
    three), over the shapes `rules` has: 0 ready, -1 complete (14 tiles; a 14-tile
    hand's number is the shanten after its best discard). Raises MjscoreError on a
    hand it cannot read (or a bad ruleset or option), TypeError on a `hand` that is
    neither a line nor a Hand.

        >>> shanten("123m456p789s1122z"), shanten("19m19p19s1234567z")
        (0, 0)
    """
    from .analysis.waits import hand_shanten
    from .core.hand import Hand

    if not isinstance(hand, str | Hand):
        raise TypeError(f"shanten takes a hand line or a parsed Hand, not {type(hand).__name__}")

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
    (`start_points`, `uma`, ... as `mjscore rules` lists them, checked as a ruleset
    file's). Errors are in `.problems`, never raised: a ruleset or a setting that cannot
    be used is the game's error, and no line is read.

        >>> g = game(["draw:exhaustive tenpai:E round:E"])
        >>> g.rounds[0].changes, g.rounds[0].scores
        ((3000, -1000, -1000, -1000), (28000, 24000, 24000, 24000))
    """
    from .base.errors import MjscoreError
    from .ledger import game as _game

    try:
        checked = _game_settings(rules, settings)
    except MjscoreError as exc:
        from .ledger import GameProblem

        empty = _game([], rules="riichi")  # the game of no line, its error said
        return empty._replace(rules=str(rules), problems=(GameProblem("error", 0, exc.message),))
    return _game(lines_or_hands, rules=rules, options=options, settings=checked)


def _game_settings(rules: Any, settings: Any) -> dict[str, Any] | None:
    """The settings of `game`, checked against the ruleset's table (its seats for `uma`);
    MjscoreError for a ruleset or a setting that cannot be used."""
    from .base.errors import RulesetError
    from .engine.catalog import load_ruleset
    from .rulesets.params import check_game_settings

    if not isinstance(rules, str):
        raise RulesetError(f"rules must be a ruleset name, not {type(rules).__name__}")
    ruleset = load_ruleset(rules)
    return None if settings is None else check_game_settings(settings, len(ruleset.seats))


def _line_no_problem(line_no: Any) -> MjscoreError | None:
    """A `line_no` that is not a line number (a whole number from 1): the error of the
    record (a record's `line` is one, docs/output.md)."""
    from .base.errors import RulesetError

    if isinstance(line_no, int) and not isinstance(line_no, bool) and line_no >= 1:
        return None
    shown = line_no if isinstance(line_no, int) else type(line_no).__name__
    return RulesetError(f"line_no must be a whole number from 1, not {shown}")


def _input_of(hand: Any) -> str:
    """The `input` of an error record: the line, a Hand's own text, else what was given."""
    if isinstance(hand, str):
        return hand
    text = getattr(hand, "text", None)
    return text if isinstance(text, str) and text else repr(hand)[:200]


def _no_options() -> Any:
    from .base.values import FrozenMap

    return FrozenMap()


def load_ruleset(name: str) -> Ruleset:
    """The ruleset `name` (`mjscore.ruleset_names()`), read from its TOML file and checked
    against the rules it names; raises RulesetError on an unknown name or a bad file."""
    from .engine.catalog import load_ruleset as _load

    return _load(name)


def ruleset_names() -> list[str]:
    """The name of every ruleset there is: the shipped ones, then those of MJSCORE_RULES_PATH."""
    from .rulesets import ruleset_names as _names

    return _names()
