"""What a report shows of the ruleset a result names: its title in the run's language,
its spellings of the yaku, its scheme; all display data of the ruleset files (`title_ja`,
`yaku_spellings`, inherited through `extends`), never a test of a ruleset's name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lang import current

if TYPE_CHECKING:
    from ..rulesets import Ruleset


def ruleset_named(name: str) -> Ruleset | None:
    """The ruleset a result names, for its display data (its Japanese title, its spellings
    of the yaku, its scheme); None for a name that is no ruleset (a failed line's)."""
    from ..base.errors import RulesetError
    from ..engine.catalog import load_ruleset

    try:
        return load_ruleset(name)
    except RulesetError:
        return None


def title(name: str, english: str) -> str:
    """A ruleset's title in the run's language (the result's English one by default)."""
    if current() != "ja":
        return english
    ruleset = ruleset_named(name)
    return ruleset.title_ja or english if ruleset is not None else english


def spellings(name: str) -> str:
    """Whose spellings of the yaku the ruleset's Japanese report uses (YAKU_SPELLINGS)."""
    ruleset = ruleset_named(name)
    return ruleset.yaku_spellings if ruleset is not None else "own"


def scores_fan(name: str) -> bool:
    """The ruleset scores fan (Chinese Official): a win needs 8 points, not a yaku."""
    ruleset = ruleset_named(name)
    return ruleset is not None and ruleset.scoring == "fan"
