"""Rulesets as data: one TOML file each, inheriting from another with `extends`.

Numbers (han values, option defaults) live in the TOML files; the conditions
that decide whether a yaku applies live in Python (`mjscore.yaku`). The loader
checks every yaku key against the registry and every option against its
declared type, so a typo in a ruleset file fails at load time, not mid-score.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..errors import RulesetError

_ON = {"on", "true", "yes", "1"}
_OFF = {"off", "false", "no", "0"}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One named option: its type, default and the values it accepts."""

    name: str
    kind: str  # "bool" | "int" | "choice" | "set"
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""

    def parse(self, text: str | Any) -> Any:
        """Turn a command-line value ("on", "3", "mangan") into the option's value."""
        if not isinstance(text, str):
            return self._check(text)
        raw = text.strip().lower()
        if self.kind == "bool":
            if raw in _ON:
                return True
            if raw in _OFF:
                return False
            raise RulesetError(f"option {self.name} takes on or off, not '{text}'")
        if self.kind == "int":
            try:
                return self._check(int(raw))
            except ValueError:
                raise RulesetError(f"option {self.name} takes a number, not '{text}'") from None
        if self.kind == "set":
            if raw in ("none", ""):
                return frozenset()
            return self._check(frozenset(p.strip() for p in raw.split(",") if p.strip()))
        return self._check(raw)

    def _check(self, value: Any) -> Any:
        if self.kind == "set":
            value = frozenset(value)
            bad = sorted(v for v in value if v not in self.choices)
            if bad:
                raise RulesetError(f"option {self.name}: unknown value {', '.join(bad)}; "
                                   f"choose from {', '.join(map(str, self.choices))} or none")
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise RulesetError(f"option {self.name} takes on or off, not '{value}'")
            return value
        if self.choices and value not in self.choices:
            raise RulesetError(f"option {self.name} takes one of "
                               f"{', '.join(map(str, self.choices))}, not '{value}'")
        return value

    def show(self, value: Any) -> str:
        if self.kind == "bool":
            return "on" if value else "off"
        if self.kind == "set":
            return ",".join(sorted(value)) or "none"
        return str(value)

    def to_json(self, value: Any) -> Any:
        return sorted(value) if self.kind == "set" else value


@dataclass(frozen=True, slots=True)
class YakuSpec:
    """One yaku as a ruleset values it. `han_open` None means closed only.

    A yakuman has `yakuman` units (13 han each). `by_option` names an option
    whose value picks the worth from `by_value`: a number of han, "yakuman",
    "double yakuman" or "none" (renhou, the double-yakuman forms).
    """

    key: str
    name: str
    japanese: str = ""
    reading: str = ""
    han: int = 0
    han_open: int | None = None
    yakuman: int = 0
    optional: bool = False
    supersedes: tuple[str, ...] = ()
    by_option: str = ""
    by_value: tuple[tuple[str, str], ...] = ()
    fu: int = 0  # fu this yaku adds (rulesets where a yaku carries fu)
    # a limit yaku (満貫役, 倍満貫役): worth its han by itself, with no other yaku and no
    # dora; where the reading's other yaku are worth more, they count instead
    alone: bool = False
    note: str = ""

    def worth(self, closed: bool, options: dict[str, Any],
              shown: dict[str, OptionSpec]) -> tuple[int, int] | None:
        """(han, yakuman units) in this hand, or None when it does not count."""
        if not closed and self.han_open is None:
            return None
        if self.by_option:
            chosen = dict(self.by_value).get(shown[self.by_option].show(options[self.by_option]))
            if chosen is None or chosen == "none":
                return None
            if chosen.endswith("yakuman"):
                units = 2 if chosen.startswith("double") else 1
                return 13 * units, units
            return int(chosen), 0
        if self.yakuman:
            return 13 * self.yakuman, self.yakuman
        return (self.han if closed else self.han_open), 0


@dataclass(slots=True)
class Ruleset:
    name: str
    title: str
    extends: str | None
    scoring: str  # "han_fu" | "points_doubles"
    options: dict[str, OptionSpec]
    yaku: dict[str, YakuSpec]
    flags: frozenset[str]
    params: dict[str, Any] = field(default_factory=dict)  # numbers for the scoring strategy

    def resolve_options(self, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
        """Every option of this ruleset with its value; raises RulesetError on a bad one."""
        values = {name: spec.default for name, spec in self.options.items()}
        for name, text in (overrides or {}).items():
            spec = self.options.get(name)
            if spec is None:
                known = ", ".join(sorted(self.options)) or "none"
                raise RulesetError(f"ruleset {self.name} has no option '{name}' "
                                   f"(its options: {known})")
            values[name] = spec.parse(text)
        return values

    def options_json(self, values: dict[str, Any]) -> dict[str, Any]:
        return {name: self.options[name].to_json(v) for name, v in values.items()}


HERE = os.path.dirname(__file__)  # the TOML files ship inside the package (os.path: pathlib
# costs a few ms of start-up, and one hand from the shell should start fast)


def ruleset_names() -> list[str]:
    return sorted(f[:-5] for f in os.listdir(HERE) if f.endswith(".toml"))


def _read(name: str) -> dict[str, Any]:
    path = os.path.join(HERE, f"{name}.toml")
    if not os.path.isfile(path):
        raise RulesetError(f"unknown ruleset '{name}' (known: {', '.join(ruleset_names())})")
    with open(path, "rb") as f:
        return tomllib.load(f)


def _merge_tables(base: dict[str, dict], over: dict[str, dict]) -> dict[str, dict]:
    """Child entries override the parent's field by field; `false` removes an entry."""
    out = {k: dict(v) for k, v in base.items()}
    for key, entry in over.items():
        if entry is False:
            out.pop(key, None)
        else:
            out[key] = {**out.get(key, {}), **entry}
    return out


def _raw(name: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    if name in seen:
        raise RulesetError(f"ruleset cycle: {' -> '.join((*seen, name))}")
    data = _read(name)
    parent = data.get("extends")
    if not parent:
        return data
    base = _raw(parent, (*seen, name))
    merged = {**base, **{k: v for k, v in data.items() if k not in ("yaku", "options", "params")}}
    merged["yaku"] = _merge_tables(base.get("yaku", {}), data.get("yaku", {}))
    merged["options"] = _merge_tables(base.get("options", {}), data.get("options", {}))
    merged["params"] = {**base.get("params", {}), **data.get("params", {})}
    merged["flags"] = sorted(set(base.get("flags", [])) | set(data.get("flags", []))
                             - set(data.get("drop_flags", [])))
    return merged


@cache
def load_ruleset(name: str) -> Ruleset:
    """Load, merge and check one ruleset; raises RulesetError for anything unknown."""
    from ..yaku import registry

    data = _raw(name)
    yaku: dict[str, YakuSpec] = {}
    for key, entry in data.get("yaku", {}).items():
        if key not in registry.PREDICATES:
            raise RulesetError(f"ruleset {name}: yaku '{key}' has no predicate")
        entry = dict(entry)
        entry["supersedes"] = tuple(entry.get("supersedes", ()))
        entry["by_value"] = tuple(entry.get("by_value", {}).items())
        try:
            yaku[key] = YakuSpec(key=key, **entry)
        except TypeError as exc:
            raise RulesetError(f"ruleset {name}: yaku '{key}': {exc}") from None
    options: dict[str, OptionSpec] = {}
    for key, entry in data.get("options", {}).items():
        entry = dict(entry)
        kind = entry.pop("kind")
        choices = tuple(entry.pop("choices", ()))
        default = entry.pop("default")
        spec = OptionSpec(name=key, kind=kind, default=None, choices=choices,
                          help=entry.pop("help", ""))
        if entry:
            raise RulesetError(f"ruleset {name}: option '{key}': unknown fields {sorted(entry)}")
        options[key] = OptionSpec(name=key, kind=kind, default=spec._check(default),
                                  choices=choices, help=spec.help)
    for spec in yaku.values():
        if spec.by_option and spec.by_option not in options:
            raise RulesetError(f"ruleset {name}: yaku '{spec.key}' names unknown option "
                               f"'{spec.by_option}'")
        unknown = [k for k in spec.supersedes if k not in registry.PREDICATES]
        if unknown:
            raise RulesetError(f"ruleset {name}: yaku '{spec.key}' supersedes unknown {unknown}")
    return Ruleset(name=name, title=data.get("title", name), extends=data.get("extends"),
                   scoring=data.get("scoring", "han_fu"), options=options, yaku=yaku,
                   flags=frozenset(data.get("flags", [])), params=data.get("params", {}))
