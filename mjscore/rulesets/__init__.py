"""Rulesets as data: one TOML file each, inheriting from another with `extends`.

Numbers (han values, option defaults, `[params]`) live in the TOML files; the
conditions that decide whether a yaku applies live in Python (`mjscore.yaku`).
The reader checks each file on its own (every key known, every value of its
type: `[params]` against `params.Params`), then the merged ruleset (option
defaults against their declared type, the options the params name); the
catalog above the registries (`mjscore.engine.catalog`) then checks what the
data names in the code (yaku keys, flags, the scheme), so a typo in a ruleset
file fails at load time, naming the file and the key, not mid-score. This
package is plain data: it imports nothing of mjscore but `base`.

The files ship in this package; `MJSCORE_RULES_PATH` names more directories of
them (separated as PATH is), so a user's own ruleset, usually `extends` of a
shipped one, needs no Python. A ruleset declares its `family` (inherited
through `extends`; a ruleset that extends nothing is its own family by default):
the flag rules and the "add rules:X" hints go by family, never by a ruleset's name.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..base.defaults import DEFAULT_RULESET as DEFAULT_RULESET  # one place, below
from ..base.errors import RulesetError
from ..base.frozen import field, value_class
from ..base.tiles import SEATS
from . import params as P
from .params import Check, Params

_ON = {"on", "true", "yes", "1"}
MAX_INT_OPTION = 1_000_000  # an int option without choices (a limit) lies in 0..this
_NAME = re.compile(r"[a-z][a-z0-9-]{0,63}")  # a ruleset is named, never a path
_OFF = {"off", "false", "no", "0"}
RULES_PATH_VAR = "MJSCORE_RULES_PATH"  # directories of the user's own ruleset files
# Whose spellings of the yaku the Japanese report uses: the ruleset's own `japanese`
# names, or a platform's where it spells a yaku otherwise (report/words_ja.py's tables)
YAKU_SPELLINGS = ("own", "tenhou", "mahjongsoul")
PLATFORMS = ("tenhou", "mahjongsoul")  # the sites whose records `import` reads
_OWN_KEYS = ("records_of", "three_players")  # what a file says of itself alone: not inherited


@value_class
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
            if not re.fullmatch(r"-?[0-9]{1,7}", raw):  # ASCII digits: not '１', '²' or 1_0
                raise RulesetError(f"option {self.name} takes a number, not '{text}'")
            return self._check(int(raw))
        if self.kind == "set":
            if raw in ("none", "") or raw in _OFF:
                return frozenset()
            if raw == "all" or raw in _ON:  # a set that was once a bool: on means all of it
                return frozenset(self.choices)
            return self._check(frozenset(p.strip() for p in raw.split(",") if p.strip()))
        return self._check(raw)

    def _check(self, value: Any) -> Any:
        """A value as the library may pass it (not text): of the option's kind, or an error."""
        if self.kind == "set":
            if isinstance(value, bool):  # True / False: all of the set or none of it
                return frozenset(self.choices) if value else frozenset()
            if isinstance(value, str) or not isinstance(value, (set, frozenset, list, tuple)):
                raise RulesetError(f"option {self.name} takes a set of names, not '{value}'")
            if not all(isinstance(v, str) for v in value):
                raise RulesetError(f"option {self.name} takes names, not {list(value)}")
            value = frozenset(value)
            bad = sorted(v for v in value if v not in self.choices)
            if bad:
                raise RulesetError(
                    f"option {self.name}: unknown value {', '.join(bad)}; "
                    f"choose from {', '.join(map(str, self.choices))} or none"
                )
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise RulesetError(f"option {self.name} takes on or off, not '{value}'")
            return value
        if self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesetError(f"option {self.name} takes a whole number, not '{value}'")
            if not self.choices and not 0 <= value <= MAX_INT_OPTION:
                raise RulesetError(
                    f"option {self.name} takes a number from 0 to {MAX_INT_OPTION:,}, not {value}"
                )
        elif self.kind == "choice" and not isinstance(value, str):
            raise RulesetError(
                f"option {self.name} takes one of "
                f"{', '.join(map(str, self.choices))}, not '{value}'"
            )
        if self.choices and value not in self.choices:
            raise RulesetError(
                f"option {self.name} takes one of "
                f"{', '.join(map(str, self.choices))}, not '{value}'"
            )
        return value

    def show(self, value: Any) -> str:
        if self.kind == "bool":
            return "on" if value else "off"
        if self.kind == "set":
            return ",".join(sorted(value)) or "none"
        return str(value)

    def to_json(self, value: Any) -> Any:
        return sorted(value) if self.kind == "set" else value


@value_class
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

    def worth(
        self, closed: bool, options: dict[str, Any], shown: dict[str, OptionSpec]
    ) -> tuple[int, int] | None:
        """(han, yakuman units) in this hand, or None when it does not count."""
        if not closed and self.han_open is None:
            return None
        if self.by_option:
            spec, value = shown[self.by_option], options[self.by_option]
            # a set option names the yaku it applies to: "on" for a yaku in it, else "off"
            word = (
                ("on" if self.key in value else "off") if spec.kind == "set" else spec.show(value)
            )
            chosen = dict(self.by_value).get(word)
            if chosen is None or chosen == "none":
                return None
            if chosen.endswith("yakuman"):
                units = 2 if chosen.startswith("double") else 1
                return 13 * units, units
            return int(chosen), 0
        if self.yakuman:
            return 13 * self.yakuman, self.yakuman
        han = self.han if closed else self.han_open
        return None if han is None else (han, 0)


@value_class(frozen=False)
class Ruleset:
    """A ruleset as its TOML files declare it (the file's own keys over those of the one it
    `extends`): its yaku and their values, options, flags and game parameters."""

    name: str
    title: str
    extends: str | None
    scoring: str  # "han_fu" | "points_doubles" | "fan"
    options: dict[str, OptionSpec]
    yaku: dict[str, YakuSpec]
    flags: frozenset[str]
    params: Params = field(default_factory=Params)  # typed numbers for the scoring strategy
    # the switches (params.SWITCHES) this ruleset does not offer as options, with their values
    switch_values: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    family: str = ""  # the `family` key: the riichi family, european, mcr, ...
    files: tuple[str, ...] = ()  # the files it was read from, the ancestors' first
    title_ja: str = ""  # the title of the Japanese report (inherited, as every display key)
    yaku_spellings: str = "own"  # a key of YAKU_SPELLINGS
    records_of: str = ""  # the platform whose records of its players it scores (PLATFORMS)
    three_players: str = ""  # the ruleset of a three-player game read under this one

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats at this ruleset's table, in turn order: E, S, W, N for four players,
        E, S, W for three (params.players)."""
        return SEATS[: self.params.players]

    def resolve_options(self, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
        """Every option of this ruleset with its value, and every switch it fixes instead;
        raises RulesetError on a bad one."""
        values = {
            **self.switch_values,
            **{name: spec.default for name, spec in self.options.items()},
        }
        if overrides is not None and not isinstance(overrides, Mapping):
            raise RulesetError(
                f"options must be a mapping of name to value, not {type(overrides).__name__}"
            )
        for name, text in (overrides or {}).items():
            if not isinstance(name, str):
                raise RulesetError(
                    f"option names are strings, not {type(name).__name__} ({str(name)[:40]})"
                )
            spec = self.options.get(name)
            if spec is None:
                from ..base.suggest import did_you_mean, known

                raise RulesetError(
                    f"ruleset {self.name} has no option '{name}'"
                    f"{did_you_mean(name, self.options)} "
                    f"(its options: {known(name, self.options)})"
                )
            values[name] = spec.parse(text)
        return values

    def options_json(self, values: dict[str, Any]) -> dict[str, Any]:
        """The declared options of `values`, as JSON shows them (switches it fixes left out)."""
        return {
            name: spec.to_json(values[name])
            for name, spec in self.options.items()
            if name in values
        }


HERE = os.path.dirname(__file__)  # the TOML files ship inside the package (os.path: pathlib
# would add to start-up, and one hand from the shell should start fast)


def rule_dirs() -> list[str]:
    """Where ruleset files are: this package, then each directory of MJSCORE_RULES_PATH."""
    extra = os.environ.get(RULES_PATH_VAR, "")
    return [HERE, *(d for d in extra.split(os.pathsep) if d)] if extra else [HERE]


def _toml_names(folder: str) -> list[str]:
    try:
        files = os.listdir(folder)
    except OSError:  # a directory of the path that is not there names no ruleset
        return []
    return [f[:-5] for f in files if f.endswith(".toml") and _NAME.fullmatch(f[:-5])]


def ruleset_names() -> list[str]:
    """Every installed ruleset: the shipped ones and those of MJSCORE_RULES_PATH."""
    return sorted({name for folder in rule_dirs() for name in _toml_names(folder)})


def _path_of(name: str) -> str | None:
    """The file of ruleset `name`; a user file may not take a shipped ruleset's name."""
    found = [p for p in (os.path.join(d, f"{name}.toml") for d in rule_dirs()) if os.path.isfile(p)]
    if len(found) > 1:
        raise RulesetError(
            f"{found[1]}: a ruleset named {name} is already in {found[0]} "
            "(give yours another name and `extends` the other)"
        )
    return found[0] if found else None


_TOP: dict[str, Check] = {
    "title": P._str,
    "title_ja": P._str,
    "yaku_spellings": P._one_of(*YAKU_SPELLINGS),
    "records_of": P._one_of(*PLATFORMS),
    "three_players": P._str,
    "scoring": P._str,  # a scheme of mjscore.scoring: the catalog checks it
    "extends": P._str,
    "flags": P._strs,
    "drop_flags": P._strs,
    "family": P._str,
}
_YAKU: dict[str, Check] = {
    "name": P._str,
    "japanese": P._str,
    "reading": P._str,
    "han": P._int,
    "han_open": P._int,
    "yakuman": P._int,
    "optional": P._bool,
    "supersedes": P._strs,
    "by_option": P._str,
    "by_value": P._mapping_of(P._str),
    "fu": P._int,
    "alone": P._bool,
    "note": P._str,
}
_OPTION: dict[str, Check] = {
    "kind": P._one_of("bool", "int", "choice", "set"),
    "default": lambda v, w: v,
    "choices": P._list_of(lambda v, w: v),
    "help": P._str,
}


def _check_entries(table: Any, fields: dict[str, Check], where: str) -> None:
    """Each entry of a [yaku] or [options] table: a table of known, typed fields, or
    `false` (a child file removing the parent's entry)."""
    if not isinstance(table, dict):
        raise P._fail(where, "a table", table)
    for key, entry in table.items():
        if entry is False:
            continue
        if not isinstance(entry, dict):
            raise P._fail(f"{where}.{key}", "a table (or false to remove it)", entry)
        for field_name, value in entry.items():
            check = fields.get(field_name)
            if check is None:
                raise RulesetError(
                    f"{where}.{key}: unknown key '{field_name}' (known: {', '.join(fields)})"
                )
            check(value, f"{where}.{key}.{field_name}")


def _read(name: str) -> dict[str, Any]:
    """The TOML table of ruleset `name`."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise RulesetError(f"'{name}' is not a ruleset name (known: {', '.join(ruleset_names())})")
    path = _path_of(name)
    if path is None:
        from ..base.suggest import did_you_mean

        raise RulesetError(
            f"unknown ruleset '{name}'{did_you_mean(name, ruleset_names())} "
            f"(known: {', '.join(ruleset_names())})"
        )
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"{path}: {exc}") from None
    except OSError as exc:
        raise RulesetError(f"{path}: cannot read: {exc.strerror or 'cannot open'}") from None


def _checked(data: dict[str, Any], path: str) -> dict[str, Any]:
    """One ruleset file, every key known and of its type; [params] typed."""
    for key, value in data.items():
        if key in _TOP:
            _TOP[key](value, f"{path}: {key}")
        elif key not in ("params", "options", "yaku"):
            raise RulesetError(
                f"{path}: unknown key '{key}' (known: "
                f"{', '.join((*_TOP, 'params', 'options', 'yaku'))})"
            )
    _check_entries(data.get("yaku", {}), _YAKU, f"{path}: yaku")
    _check_entries(data.get("options", {}), _OPTION, f"{path}: options")
    return {
        **data,
        "params": P.check_params(data.get("params", {}), f"{path}: params"),
        "files": (path,),
    }


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
    data = _checked(data, _path_of(name) or os.path.join(HERE, f"{name}.toml"))
    parent = data.get("extends")
    if not parent:
        return {"family": name, **data}  # a ruleset that extends nothing heads its own family
    base = {k: v for k, v in _raw(parent, (*seen, name)).items() if k not in _OWN_KEYS}
    merged = {**base, **{k: v for k, v in data.items() if k not in ("yaku", "options", "params")}}
    merged["yaku"] = _merge_tables(base.get("yaku", {}), data.get("yaku", {}))
    merged["options"] = _merge_tables(base.get("options", {}), data.get("options", {}))
    merged["params"] = {**base.get("params", {}), **data.get("params", {})}
    merged["flags"] = sorted(
        set(base.get("flags", [])) | set(data.get("flags", [])) - set(data.get("drop_flags", []))
    )
    merged["files"] = (*base["files"], *data["files"])
    return merged


def read_ruleset(name: str) -> Ruleset:
    """Read, merge and type one ruleset; raises RulesetError for anything unknown to the
    data itself, naming the file and the key. What the data names in the code (yaku
    predicates, flags, schemes, the European tables, the fan engine's options) is checked
    above, by the catalog (`mjscore.engine.catalog.load_ruleset`), which every caller uses."""
    data = _raw(name)
    where = f"ruleset {name} ({data['files'][-1]})"
    yaku: dict[str, YakuSpec] = {}
    for key, entry in data.get("yaku", {}).items():
        entry = dict(entry)
        entry["supersedes"] = tuple(entry.get("supersedes", ()))
        entry["by_value"] = tuple(entry.get("by_value", {}).items())
        try:
            yaku[key] = YakuSpec(key=key, **entry)
        except TypeError as exc:
            raise RulesetError(f"{where}: yaku '{key}': {exc}") from None
    options: dict[str, OptionSpec] = {}
    for key, entry in data.get("options", {}).items():
        entry = dict(entry)
        missing = [k for k in ("kind", "default") if k not in entry]
        if missing:
            raise RulesetError(f"{where}: option '{key}' has no {' or '.join(missing)}")
        kind = entry.pop("kind")
        choices = tuple(entry.pop("choices", ()))
        default = entry.pop("default")
        spec = OptionSpec(
            name=key, kind=kind, default=None, choices=choices, help=entry.pop("help", "")
        )
        options[key] = OptionSpec(
            name=key, kind=kind, default=spec._check(default), choices=choices, help=spec.help
        )
    for entry_spec in yaku.values():
        if entry_spec.by_option and entry_spec.by_option not in options:
            raise RulesetError(
                f"{where}: yaku '{entry_spec.key}' names unknown option '{entry_spec.by_option}'"
            )
    params = Params(**data["params"])
    _check_params(params, options, where)
    switches = {k: getattr(params, k) for k in sorted(P.SWITCHES) if k not in options}
    return Ruleset(
        name=name,
        title=data.get("title", name),
        extends=data.get("extends"),
        scoring=data.get("scoring", "han_fu"),
        options=options,
        yaku=yaku,
        flags=frozenset(data.get("flags", [])),
        params=params,
        switch_values=MappingProxyType(switches),
        family=data["family"],
        files=data["files"],
        title_ja=data.get("title_ja", ""),
        yaku_spellings=data.get("yaku_spellings", "own"),
        records_of=data.get("records_of", ""),
        three_players=data.get("three_players", ""),
    )


def _check_params(params: Params, options: dict[str, OptionSpec], where: str) -> None:
    """What the parameters name among the ruleset's own options must exist, of its kind."""
    for name in P.SWITCHES & options.keys():
        if options[name].kind != P.switch_kind(name):
            raise RulesetError(
                f"{where}: option '{name}' takes the place of the parameter "
                f"{name}, so its kind is {P.switch_kind(name)}, not "
                f"{options[name].kind}"
            )
    named = [("shape_options", o) for o in params.shape_options.values()]
    named += [("keep_by_option", o) for o in params.keep_by_option]
    for what, option in named:
        if option not in options or options[option].kind != "bool":
            raise RulesetError(f"{where}: params.{what} names '{option}', not a bool option")
    if (params.liability == "pao") != ("pao" in options):
        raise RulesetError(
            f'{where}: params.liability = "pao" goes with an option pao '
            "(the yakuman whose feeder is liable), and only with it"
        )
