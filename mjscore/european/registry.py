"""The European rule registries: one predicate per key, values in the ruleset file.

Three kinds of rule, each a predicate over one player's `PlayerFacts` with one
signature, `(facts) -> int` (how many times it applies; 0: not at all):
winner points rows, doubles, and special hands. What a rule is worth, who it
applies to and what it supersedes is ruleset data (`[params.rows|doubles|special]`),
checked here against the registries so a typo fails when the ruleset is first used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import RulesetError

if TYPE_CHECKING:
    from ..rulesets import Ruleset
    from .facts import PlayerFacts

Predicate = Callable[["PlayerFacts"], int]
ROWS: dict[str, Predicate] = {}
DOUBLES: dict[str, Predicate] = {}
SPECIAL: dict[str, Predicate] = {}
KINDS = {"rows": ROWS, "doubles": DOUBLES, "special": SPECIAL}
_FIELDS = {
    "rows": {"name", "points", "enabled_by"},
    "doubles": {"name", "doubles", "by_option", "who", "who_option", "flower", "supersedes",
                "enabled_by"},
    "special": {"name", "value", "limits", "sontag_limits", "german", "enabled_by"},
}


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


def enabled(entry: dict[str, Any], options: dict[str, Any]) -> bool:
    """An entry behind an option counts only when that option is on."""
    switch = entry.get("enabled_by")
    return not switch or bool(options[switch])


_CHECKED: dict[str, dict[str, Any]] = {}  # ruleset name -> the params object checked


def checked(ruleset: Ruleset) -> Ruleset:
    """The ruleset, once its rows, doubles and special hands are known to be sound."""
    from . import doubles, points, special  # noqa: F401  (importing registers the predicates)

    params = ruleset.params
    if _CHECKED.get(ruleset.name) is params:
        return ruleset
    for kind, table in KINDS.items():
        for key, entry in params.get(kind, {}).items():
            where = f"ruleset {ruleset.name}: {kind} '{key}'"
            if key not in table:
                raise RulesetError(f"{where} has no predicate")
            unknown = set(entry) - _FIELDS[kind]
            if unknown:
                raise RulesetError(f"{where}: unknown fields {sorted(unknown)}")
            for field in ("enabled_by", "by_option", "who_option"):
                if field in entry and entry[field] not in ruleset.options:
                    raise RulesetError(f"{where} names unknown option '{entry[field]}'")
            if entry.get("who", "all") not in ("all", "winner"):
                raise RulesetError(f"{where}: who is 'all' or 'winner'")
            for other in entry.get("supersedes", ()):
                if other not in params[kind]:
                    raise RulesetError(f"{where} supersedes unknown '{other}'")
    _CHECKED[ruleset.name] = params
    return ruleset
