"""The setting of a line: which ruleset scores it and with which option values.

The engine and the analysis both start a line here, so that `score` and `waits` read a
line's `rules:` and `opt:` tokens, the caller's options and the run's house rules the
same way, in that order of precedence (the line's tokens win).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from ..base.errors import MjscoreError, RulesetError
from ..base.frozen import value_class
from ..base.values import FrozenMap
from ..core.hand import Hand, Holding, WinContext
from ..rulesets import Ruleset
from .catalog import check, load_ruleset


@value_class
class HouseRules:
    """Option values per ruleset name, for a whole run (a config file, `--opt` flags);
    hashable and picklable, so a resolved setting is cached and sent to workers."""

    per_ruleset: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()

    def for_ruleset(self, name: str) -> dict[str, Any]:
        for ruleset, values in self.per_ruleset:
            if ruleset == name:
                return dict(values)
        return {}

    def __bool__(self) -> bool:
        return bool(self.per_ruleset)


Rules = str | Ruleset  # what a caller names a ruleset by: its name, or the value itself


def ruleset_of(rules: Rules) -> Ruleset:
    """The ruleset a caller asked for: by name from the catalog, or the Ruleset value it
    passed (checked against the registries, as the catalog checks its own, unless it is
    the catalog's)."""
    if not isinstance(rules, Ruleset):
        return load_ruleset(rules)
    if not _catalogs(rules):
        check(rules)
    return rules


def _catalogs(ruleset: Ruleset) -> bool:
    """The ruleset is the catalog's own value of its name (so its name stands for it)."""
    try:
        return load_ruleset(ruleset.name) is ruleset
    except RulesetError:
        return False


def _named(rules: Rules) -> Rules:
    """A catalog ruleset by its name, so that the caches keyed on names hold it."""
    return rules.name if isinstance(rules, Ruleset) and _catalogs(rules) else rules


def resolve(
    parsed: Hand, rules: Rules, options: dict[str, Any] | None, house: HouseRules | None = None
) -> tuple[Ruleset, dict[str, Any]]:
    """The ruleset and option values for a line: the line's rules:/opt: tokens win over
    `options`, which win over the run's house rules for that ruleset."""
    chosen = parsed.ctx.rules or rules
    try:
        ruleset = ruleset_of(chosen)
    except RulesetError as exc:
        exc.column = parsed.columns.get("rules")
        exc.token = f"rules:{chosen}"
        raise
    if house:  # what the caller or the line's opt: tokens set, the house value does not
        mine = {
            k: v
            for k, v in house.for_ruleset(ruleset.name).items()
            if k not in dict(parsed.ctx.options)
        }
        options = {**mine, **(options or {})}
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


def resolve_cached(
    parsed: Hand, rules: Rules, options: dict[str, Any] | None, house: HouseRules | None = None
) -> tuple[Ruleset, dict[str, Any], FrozenMap]:
    """`resolve` plus the record's options, kept per setting: a file repeats one setting.

    The values are shared between lines, so nothing downstream may change them. A setting
    that fails is resolved again from the line, so that its error names the line's column.
    """
    ctx = parsed.ctx
    try:  # the common line: no options given, no rules:/opt: tokens, no house rules
        given = tuple(sorted(options.items())) if options else ()
        return _resolved(_named(rules), given, ctx.rules, ctx.options, house or None)
    except (TypeError, AttributeError, MjscoreError):  # unhashable library values; an error
        ruleset, values = resolve(parsed, rules, options, house)
        return ruleset, values, FrozenMap(ruleset.options_json(values))


@lru_cache(maxsize=256)
def _resolved(
    rules: str,
    option_items: tuple[tuple[str, Any], ...],
    line_rules: str | None,
    line_options: tuple[tuple[str, str], ...],
    house: HouseRules | None,
) -> tuple[Ruleset, dict[str, Any], FrozenMap]:
    """One setting resolved, for every line that has it (a frozen key, an lru_cache); its
    record options are one FrozenMap, which reporters encode once per setting."""
    setting = Hand(Holding(), WinContext(rules=line_rules, options=line_options))
    ruleset, values = resolve(setting, rules, dict(option_items), house)
    return ruleset, values, FrozenMap(ruleset.options_json(values))


def tokens_asked(text: str) -> tuple[str | None, list[tuple[str, str]]]:
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


def asked_for(
    name: Rules,
    line_options: Iterable[tuple[str, str]],
    options: dict[str, Any] | None,
    house: HouseRules | None,
) -> tuple[str, FrozenMap]:
    """A failed line's record names the ruleset it asked for and every option of it with the
    value it asked for (its opt: tokens over the run's), skipping what cannot be read; a
    ruleset that does not exist has no options."""
    try:
        ruleset = ruleset_of(name)
    except RulesetError:
        return str(getattr(name, "name", name)), FrozenMap()
    values = ruleset.resolve_options()
    asked = options if isinstance(options, Mapping) else {}  # a bad library value: none
    given = {**(house.for_ruleset(ruleset.name) if house else {}), **asked, **dict(line_options)}
    for key, text in given.items():
        try:
            values[key] = ruleset.resolve_options({key: text})[key]
        except RulesetError:
            continue
    return ruleset.name, FrozenMap(ruleset.options_json(values))
