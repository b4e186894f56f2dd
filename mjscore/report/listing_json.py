"""`mjscore rules --format json` and `mjscore yaku --format json`: the listings for tools.

The same tables as `listing` draws, as plain JSON (standard library only): every
option with its kind, default and accepted values; every yaku with its names and
worth; for a points-and-doubles ruleset, its points rows, doubles and special hands.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TextIO

from ..base.frozen import fields

if TYPE_CHECKING:
    from ..rulesets import OptionSpec, Ruleset


def option_json(spec: OptionSpec) -> dict[str, Any]:
    return {
        "name": spec.name,
        "kind": spec.kind,
        "default": spec.to_json(spec.default),
        "choices": list(spec.choices),
        "help": spec.help,
    }


def ruleset_json(ruleset: Ruleset) -> dict[str, Any]:
    return {
        "name": ruleset.name,
        "title": ruleset.title,
        "extends": ruleset.extends,
        "scoring": ruleset.scoring,
        "flags": sorted(ruleset.flags),
        "options": [option_json(spec) for spec in ruleset.options.values()],
        "game": game_json(ruleset),
    }


def game_json(ruleset: Ruleset) -> dict[str, Any]:
    """The game parameters (`mjscore game`): {} for a ruleset that declares none."""
    from ..rulesets.params import game_params

    return {
        k: list(v) if isinstance(v, tuple) else v for k, v in game_params(ruleset.params).items()
    }


def yaku_json(ruleset: Ruleset) -> dict[str, Any]:
    """The yaku table (han_fu), or the points rows, doubles and special hands."""
    out: dict[str, Any] = {
        "rules": ruleset.name,
        "title": ruleset.title,
        "scoring": ruleset.scoring,
    }
    if ruleset.scoring == "fan":
        from ..mcr import FANS

        out["fans"] = [
            {
                "key": f.key,
                "name": f.name,
                "name_zh": f.name_zh,
                "fan": f.points,
                "implies": [k for k, _ in f.implies],
            }
            for f in FANS
        ]
        return out
    if ruleset.scoring == "points_doubles":
        params = ruleset.params
        for name, table in (
            ("rows", params.rows),
            ("doubles", params.doubles),
            ("special", params.special),
        ):
            out[name] = [
                {"key": key, **{f.name: getattr(entry, f.name) for f in fields(entry)}}
                for key, entry in table.items()
            ]
        return out
    out["yaku"] = [
        {
            "key": spec.key,
            "name": spec.name,
            "name_ja": spec.japanese,
            "reading": spec.reading,
            "han": spec.han or 13 * spec.yakuman,  # closed; a yakuman counts 13 han per unit
            "han_open": spec.han_open,  # null: closed only
            "yakuman": spec.yakuman,
            "optional": spec.optional,
            "by_option": spec.by_option or None,
            "by_value": dict(spec.by_value),
            "fu": spec.fu,
            "alone": spec.alone,
            "supersedes": list(spec.supersedes),
            "note": spec.note,
        }
        for spec in ruleset.yaku.values()
    ]
    return out


def write_json(data: Any, out: TextIO) -> None:
    json.dump(data, out, ensure_ascii=False, indent=2, default=sorted)
    out.write("\n")


def table_json(ruleset: Ruleset, options: dict[str, Any]) -> dict[str, Any]:
    """`mjscore table --format json`: every cell of the ruleset's table as numbers, each
    payment under its payer (`from_*`) with the `total`; dealer and non-dealer both."""
    from ..scoring.tables import table_data

    return table_data(ruleset, options)
