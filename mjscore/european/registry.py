"""The European rule registries: one predicate per key, values in the ruleset file.

Three kinds of rule, each a predicate over one player's `PlayerFacts` with one
signature, `(facts) -> int` (how many times it applies; 0: not at all):
winner points rows, doubles, and special hands. What a rule is worth, who it
applies to and what it supersedes is ruleset data (`[params.rows|doubles|special]`),
typed in `rulesets.params` and checked against the registries when the ruleset loads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..errors import RulesetError

if TYPE_CHECKING:
    from ..rulesets.params import Double, Params, Row, Special
    from .facts import PlayerFacts

Predicate = Callable[["PlayerFacts"], int]
ROWS: dict[str, Predicate] = {}
DOUBLES: dict[str, Predicate] = {}
SPECIAL: dict[str, Predicate] = {}
KINDS = {"rows": ROWS, "doubles": DOUBLES, "special": SPECIAL}


def _register(table: dict[str, Predicate], key: str) -> Callable[[Predicate], Predicate]:
    def register(fn: Predicate) -> Predicate:
        if key in table:
            raise ValueError(f"'{key}' registered twice")
        table[key] = fn
        return fn

    return register


def row(key: str) -> Callable[[Predicate], Predicate]:
    """Register a winner points row."""
    return _register(ROWS, key)


def double(key: str) -> Callable[[Predicate], Predicate]:
    """Register a double."""
    return _register(DOUBLES, key)


def special(key: str) -> Callable[[Predicate], Predicate]:
    """Register a special (limit) hand; one predicate may serve several keys."""
    return _register(SPECIAL, key)


def enabled(entry: Row | Double | Special, options: dict[str, Any]) -> bool:
    """An entry behind an option counts only when that option is on."""
    switch = entry.enabled_by
    return not switch or bool(options[switch])


def check_tables(params: Params, options: Mapping[str, Any], where: str) -> None:
    """Load-time check of a ruleset's rows, doubles and special hands: each key has a
    predicate, each option it names exists, each double it supersedes is in its table."""
    from . import doubles, points, special  # noqa: F401  (importing registers the predicates)

    for kind, table in KINDS.items():
        entries = getattr(params, kind)
        for key, entry in entries.items():
            at = f"{where}: {kind} '{key}'"
            if key not in table:
                raise RulesetError(f"{at} has no predicate")
            for field in ("enabled_by", "by_option", "who_option"):
                name = getattr(entry, field, "")
                if name and name not in options:
                    raise RulesetError(f"{at} names unknown option '{name}'")
            for other in getattr(entry, "supersedes", ()):
                if other not in entries:
                    raise RulesetError(f"{at} supersedes unknown '{other}'")
            if kind == "doubles" and entry.doubles is None and not entry.by_option:
                raise RulesetError(f"{at} needs doubles or by_option")
            if kind == "special" and (entry.value is None) == (entry.limits is None):
                raise RulesetError(f"{at} needs one of value or limits")
