"""House rules: option values for a whole run, from a config file and `--opt` flags.

A run scores lines of any ruleset (a line's `rules:` token picks its own), so
house rules are kept per ruleset (`HouseRules`, a type of the core's setting). They
are built, in rising precedence, from the config file's `[options]` (every ruleset
that has the option), its `[options.RULESET]`, then `--opt NAME=V` (every ruleset
that has NAME) and `--opt RULESET.NAME=V`; a line's `opt:` tokens come last of all,
in the engine. Every value is checked here, before any line is read, so a typo is
a usage error (exit 2) naming where it was written.

The config file is TOML: `rules`, `format`, `color`, `tiles` and `lang` (defaults for the flags;
`format` for every command that has that format, the others keep their own default),
`[options]` and `[options.RULESET]`. It is read from `--config PATH`, else
`$MJSCORE_CONFIG`, else `$XDG_CONFIG_HOME/mjscore/config.toml` (XDG_CONFIG_HOME
defaults to `~/.config`); a missing default file is no config at all.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..base.errors import RulesetError
from ..base.frozen import field, value_class
from ..engine.setting import HouseRules

if TYPE_CHECKING:
    from ..rulesets import Ruleset

CONFIG_KEYS = ("rules", "format", "color", "tiles", "lang", "options")


class ConfigError(Exception):
    """A config file or an --opt flag that cannot be used: a usage error (exit 2)."""


@value_class
class Config:
    """What a config file says (all empty when there is none)."""

    path: str | None = None
    rules: str | None = None
    format: str | None = None
    color: str | None = None  # auto, always, never: as --color
    tiles: bool | None = None  # as --tiles / --no-tiles
    lang: str | None = None  # en or ja: as --lang (over the locale)
    options: dict[str, Any] = field(default_factory=dict)  # [options]: every ruleset
    per_ruleset: dict[str, dict[str, Any]] = field(default_factory=dict)  # [options.R]


def config_path(
    flag: str | None, environ: Mapping[str, str] | None = None
) -> tuple[str | None, bool]:
    """(the config file to read, whether it must exist): named ones must, the default may not."""
    env: Mapping[str, str] = os.environ if environ is None else environ
    if flag == "":
        raise ConfigError(
            "--config '' names no file (give a config file's path; /dev/null for no config)"
        )
    if flag is not None:
        return flag, True
    if env.get("MJSCORE_CONFIG"):
        return env["MJSCORE_CONFIG"], True
    base = env.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "mjscore", "config.toml"), False


def _names() -> list[str]:
    from ..rulesets import ruleset_names

    return ruleset_names()


def _check_everywhere(name: str, value: Any, where: str) -> None:
    """An option set for every ruleset: some ruleset must have it and take the value.

    A ruleset that has the option but refuses the value is not an error here: the value
    is kept for it (`house_rules`), so that only its own lines fail, naming the option."""
    having = _rulesets_with(name)
    if not having:
        raise ConfigError(
            f"{where}: no ruleset has an option '{name}'{_suggest_option(name)} (see mjscore rules)"
        )
    first_refusal = None
    for ruleset in having:
        try:
            _check_value(ruleset, name, value, f"{where} ({ruleset.name})")
            return
        except ConfigError as exc:
            first_refusal = first_refusal or exc
    raise first_refusal  # type: ignore[misc]


def _rulesets_with(name: str) -> list[Any]:
    from ..engine.catalog import load_ruleset

    return [r for r in map(load_ruleset, _names()) if name in r.options]


def _check_value(ruleset: Any, name: str, value: Any, where: str) -> None:
    """`value` parses for `ruleset`'s option `name`, or a ConfigError naming `where`."""
    try:
        ruleset.options[name].parse(value)
    except RulesetError as exc:
        raise ConfigError(f"{where}: {exc.message}") from None


def _type_name(value: Any) -> str:
    return {
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        str: "a string",
        list: "an array",
        dict: "a table",
    }.get(type(value), type(value).__name__)


MAX_CONFIG_BYTES = 1 << 20  # a config file is a few lines; more is not one (`/dev/zero`)


def load_config(path: str | None, required: bool) -> Config:
    """Read and check a config file; a missing optional one is an empty Config. The file
    is opened, not looked at first, so a pipe (`--config <(...)`) is read like a file."""
    if path is None:
        return Config()
    where = f"config file {shown_path(path)}"
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_CONFIG_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):
        if required:
            raise ConfigError(f"{where}: no such file") from None
        return Config()
    except OSError as exc:
        raise ConfigError(f"{where}: cannot read it: {exc.strerror or exc}") from None
    data = _parsed(raw, where)
    for key in data:
        if key not in CONFIG_KEYS:
            raise ConfigError(
                f"{where}: unknown key '{key}' (expected one of {', '.join(CONFIG_KEYS)})"
            )
    rules = data.get("rules")
    if rules is not None:
        if not isinstance(rules, str):
            raise ConfigError(
                f"{where}: rules must be a ruleset name (a string), not {_type_name(rules)}"
            )
        if rules not in _names():
            raise ConfigError(
                f"{where}: rules: unknown ruleset '{rules}' (expected one of {', '.join(_names())})"
            )
    fmt = data.get("format")
    if fmt is not None:
        from ..report import canonical_format, every_format

        known = every_format()
        if not isinstance(fmt, str) or canonical_format(fmt) not in known:
            raise ConfigError(f"{where}: format must be one of {', '.join(known)}, not {fmt!r}")
        fmt = canonical_format(fmt)
    color = data.get("color")
    if color is not None:
        from ..report.settings import COLORS

        if not isinstance(color, str) or color not in COLORS:
            raise ConfigError(f"{where}: color must be one of {', '.join(COLORS)}, not {color!r}")
    tiles = data.get("tiles")
    if tiles is not None and not isinstance(tiles, bool):
        raise ConfigError(f"{where}: tiles must be true or false, not {_type_name(tiles)}")
    lang = data.get("lang")
    if lang is not None:
        from ..report.lang import LANGS

        if not isinstance(lang, str) or lang not in LANGS:
            raise ConfigError(f"{where}: lang must be one of {', '.join(LANGS)}, not {lang!r}")
    table = data.get("options", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: options must be a table ([options]), not {_type_name(table)}")
    everywhere: dict[str, Any] = {}
    per_ruleset: dict[str, dict[str, Any]] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            per_ruleset[key] = _ruleset_table(key, value, f"{where}: options.{key}")
            continue
        _check_everywhere(key, value, f"{where}: options.{key}")
        everywhere[key] = _frozen(value)
    return Config(path, rules, fmt, color, tiles, lang, everywhere, per_ruleset)


def shown_path(path: str) -> str:
    """A path as text for a message: bytes that are not UTF-8 become U+FFFD."""
    return os.fsencode(path).decode("utf-8", "replace")


def _parsed(raw: bytes, where: str) -> dict[str, Any]:
    """The TOML document of a config file, or a ConfigError saying what is wrong with it
    in words (tomllib's own failures on hostile files are Python's: a decode error, a
    RecursionError, int()'s digit limit)."""
    import tomllib

    if len(raw) > MAX_CONFIG_BYTES:
        raise ConfigError(f"{where}: larger than {MAX_CONFIG_BYTES >> 20} MB, not a config file")
    try:
        text = raw.decode("utf-8-sig")  # a BOM first (Windows editors write one) is no text
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ConfigError(
            f"{where}: not UTF-8 text (line {line}: byte 0x{raw[exc.start]:02x})"
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{where}: not valid TOML: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{where}: arrays or tables nested too deeply") from None
    except ValueError:  # int() past sys.get_int_max_str_digits()
        import sys

        raise ConfigError(
            f"{where}: a number with too many digits (at most {sys.get_int_max_str_digits()})"
        ) from None


def _ruleset_table(name: str, table: dict[str, Any], where: str) -> dict[str, Any]:
    from ..engine.catalog import load_ruleset

    if name not in _names():
        raise ConfigError(
            f"{where}: unknown ruleset '{name}' (expected an option value, or "
            f"a table named after one of {', '.join(_names())})"
        )
    ruleset = load_ruleset(name)
    for key, value in table.items():
        if key not in ruleset.options:
            raise ConfigError(
                f"{where}.{key}: ruleset {name} has no option '{key}' "
                f"(its options: {', '.join(sorted(ruleset.options)) or 'none'})"
            )
        _check_value(ruleset, key, value, f"{where}.{key}")
    return {key: _frozen(value) for key, value in table.items()}


def _frozen(value: Any) -> Any:
    """A TOML array (a set option's values) as a tuple, so that house rules hash."""
    return tuple(value) if isinstance(value, list) else value


def split_opt(pair: str) -> tuple[str, str, str]:
    """One `--opt` of any command: NAME=VALUE (for every ruleset with NAME) or
    RULESET.NAME=VALUE, as (RULESET or "", NAME, VALUE); ConfigError for another shape."""
    name, eq, value = pair.partition("=")
    name, value = name.strip(), value.strip()
    ruleset_name, _, option = name.rpartition(".")
    if not eq or not option:
        raise ConfigError(f"--opt takes NAME=VALUE or RULESET.NAME=VALUE, not '{pair}'")
    return ruleset_name, option, value


def options_for(ruleset: Ruleset, pairs: Iterable[str]) -> dict[str, str]:
    """The `--opt` values of a command of one ruleset (table, import, check): each an option
    of it; a RULESET. prefix names that ruleset. ConfigError names the pair."""
    out: dict[str, str] = {}
    for pair in pairs:
        ruleset_name, option, value = split_opt(pair)
        if ruleset_name and ruleset_name != ruleset.name:
            raise ConfigError(f"--opt {pair}: the ruleset here is {ruleset.name}")
        _check_option(ruleset, option, value, pair)
        out[option] = value
    return out


def _check_option(ruleset: Ruleset, option: str, value: str, pair: str) -> None:
    """An `--opt` of one ruleset: an option it has, with a value it takes."""
    if option not in ruleset.options:
        from ..base.suggest import did_you_mean, known

        raise ConfigError(
            f"--opt {pair}: ruleset {ruleset.name} has no option "
            f"'{option}'{did_you_mean(option, ruleset.options)} "
            f"(its options: {known(option, ruleset.options)})"
        )
    _check_value(ruleset, option, value, f"--opt {pair}")


def parse_opt_flags(pairs: Iterable[str]) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """`--opt NAME=V` (every ruleset with NAME) and `--opt RULESET.NAME=V`, each checked."""
    from ..engine.catalog import load_ruleset

    everywhere: dict[str, str] = {}
    per_ruleset: dict[str, dict[str, str]] = {}
    for pair in pairs:
        ruleset_name, option, value = split_opt(pair)
        name = option
        if ruleset_name:
            if ruleset_name not in _names():
                raise ConfigError(
                    f"--opt {pair}: unknown ruleset '{ruleset_name}' (known: {', '.join(_names())})"
                )
            _check_option(load_ruleset(ruleset_name), option, value, pair)
            per_ruleset.setdefault(ruleset_name, {})[option] = value
            continue
        _check_everywhere(name, value, f"--opt {pair}")
        everywhere[name] = value
    return everywhere, per_ruleset


def house_rules(config: Config, opt_pairs: Iterable[str]) -> HouseRules:
    """The run's option values per ruleset: config, then flags; each layer's per-ruleset
    values over its values for every ruleset. A value for every ruleset goes to each one
    that has the option, even one that refuses it: that ruleset's lines then fail with
    the option named, and the other rulesets' lines are scored."""
    flags_all, flags_per = parse_opt_flags(opt_pairs)
    layers = ((config.options, config.per_ruleset), (flags_all, flags_per))
    if not any(a or p for a, p in layers):
        return HouseRules()
    from ..engine.catalog import load_ruleset

    out = []
    for name in _names():
        known = load_ruleset(name).options
        values: dict[str, Any] = {}
        for everywhere, per_ruleset in layers:
            values.update({k: v for k, v in everywhere.items() if k in known})
            values.update(per_ruleset.get(name, {}))
        if values:
            out.append((name, tuple(values.items())))
    return HouseRules(tuple(out))


def _suggest_option(name: str) -> str:
    """`; did you mean 'kiriage_mangan'?` among every ruleset's options."""
    from ..base.suggest import did_you_mean
    from ..engine.catalog import load_ruleset

    every = {o for r in map(load_ruleset, _names()) for o in r.options}
    return did_you_mean(name, every)
