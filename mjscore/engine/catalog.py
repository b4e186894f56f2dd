"""The catalog: a ruleset read from its files (`mjscore.rulesets`, plain data), checked
against what the code registers: every yaku key has a predicate, every flag is one of
the notation's, the scheme is registered, the European tables name predicates of their
kind, a fan ruleset's options are the fan engine's. `load_ruleset` is the one way in for
every caller (the engine, the ledger, the face); it loads a ruleset once per name.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ..base.errors import RulesetError
from ..rulesets import (
    DEFAULT_RULESET,
    OptionSpec,
    Ruleset,
    YakuSpec,
    read_ruleset,
    ruleset_names,
)
from ..rulesets import params as P
from ..rulesets.params import Params


@cache
def load_ruleset(name: str) -> Ruleset:
    """Load, merge and check one ruleset; raises RulesetError for anything unknown,
    naming the file and the key."""
    ruleset = read_ruleset(name)
    check(ruleset)
    return ruleset


def check(ruleset: Ruleset) -> None:
    """What the ruleset names in the code exists; raises RulesetError naming it."""
    from ..core.notation import FLAGS
    from ..scoring import SCHEMES
    from ..yaku import registry

    where = f"ruleset {ruleset.name} ({ruleset.files[-1]})"
    P._one_of(*SCHEMES)(ruleset.scoring, f"{ruleset.files[-1]}: scoring")
    for key in ruleset.yaku:
        if key not in registry.PREDICATES:
            raise RulesetError(f"{where}: yaku '{key}' has no predicate")
    for spec in ruleset.yaku.values():
        unknown = [k for k in spec.supersedes if k not in registry.PREDICATES]
        if unknown:
            raise RulesetError(f"{where}: yaku '{spec.key}' supersedes unknown {unknown}")
    unknown_flags = sorted(ruleset.flags - FLAGS)
    if unknown_flags:
        raise RulesetError(
            f"{where}: flags {unknown_flags} are not flags of the notation (mjscore.notation.FLAGS)"
        )
    params = ruleset.params
    for option, keys in params.keep_by_option.items():
        unknown = [k for k in keys if k not in registry.PREDICATES]
        if unknown:
            raise RulesetError(
                f"{where}: params.keep_by_option.{option} names unknown yaku {unknown}"
            )
    if params.rows or params.doubles or params.special:
        _check_tables(params, ruleset.options, where)
    if ruleset.scoring == "fan":
        _check_fan(params, ruleset.options, ruleset.yaku, where)


def ruleset_for_records(platform: str, players: int) -> str:
    """The ruleset that scores the records of `platform` (tenhou, mahjongsoul) at a table of
    `players`: the one whose file says `records_of` that platform; the default without one."""
    for name in ruleset_names():
        try:
            ruleset = load_ruleset(name)
        except RulesetError:
            continue
        if ruleset.records_of == platform and ruleset.params.players == players:
            return name
    return DEFAULT_RULESET


def families_with(has: Callable[[Ruleset], bool], but: str = "") -> list[tuple[str, str]]:
    """(ruleset, its short title) for each family but `but` whose installed rulesets `has`
    something: the one named as the family if it has it, else the first by name. A file of
    the path that does not load is passed over (it says why when it is asked for)."""
    found: dict[str, Ruleset] = {}
    for name in ruleset_names():
        try:
            ruleset = load_ruleset(name)
        except RulesetError:
            continue
        family = ruleset.family
        if family == but or not has(ruleset):
            continue
        if family not in found or name == family:
            found[family] = ruleset
    chosen = sorted(found.values(), key=lambda r: r.name)
    return [(r.name, r.title.split(" · ")[0]) for r in chosen]


def _check_tables(params: Params, options: dict[str, OptionSpec], where: str) -> None:
    """A points-and-doubles ruleset's rows, doubles and special hands: each key has a
    predicate of its kind in the one registry, each option it names exists, each
    entry it supersedes is in its table."""
    from ..european import doubles, points, special  # noqa: F401  (importing registers them)
    from ..yaku import registry

    for kind in ("rows", "doubles", "special"):
        entries = getattr(params, kind)
        for key, entry in entries.items():
            at = f"{where}: {kind} '{key}'"
            if key not in registry.REGISTRY[kind]:
                raise RulesetError(f"{at} has no predicate")
            for attr in ("enabled_by", "by_option", "who_option"):
                name = getattr(entry, attr, "")
                if name and name not in options:
                    raise RulesetError(f"{at} names unknown option '{name}'")
            for other in getattr(entry, "supersedes", ()):
                if other not in entries:
                    raise RulesetError(f"{at} supersedes unknown '{other}'")
            if kind == "doubles" and entry.doubles is None and not entry.by_option:
                raise RulesetError(f"{at} needs doubles or by_option")
            if kind == "special" and (entry.value is None) == (entry.limits is None):
                raise RulesetError(f"{at} needs one of value or limits")


def _check_fan(
    params: Params, options: dict[str, OptionSpec], yaku: dict[str, YakuSpec], where: str
) -> None:
    """A fan ruleset (Chinese Official): the engine's fan table, so no [yaku]; no dora,
    honba or deposits; every option one of the engine's, with a value the engine takes."""
    from ..mcr import OPTIONS as FAN_OPTIONS

    if yaku:
        raise RulesetError(
            f'{where}: scoring = "fan" takes its fans from mjscore.mcr, '
            f"not from a [yaku] table ({', '.join(sorted(yaku))})"
        )
    riichi_only = [k for k in ("dora", "honba", "deposits") if getattr(params, k)]
    if riichi_only:
        raise RulesetError(f'{where}: scoring = "fan" has no {", ".join(riichi_only)}')
    engine = {o.name: o for o in FAN_OPTIONS}
    for name, spec in options.items():
        if name in P.SWITCHES:
            continue
        known = engine.get(name)
        if known is None:
            raise RulesetError(
                f"{where}: option '{name}' is not an option of the fan engine "
                f"(its options: {', '.join(engine)})"
            )
        if spec.default not in known.choices or set(spec.choices) - set(known.choices):
            raise RulesetError(
                f"{where}: option '{name}' takes {list(known.choices)} in the fan engine"
            )
