"""Write mjscore/cli/native_settings.py: the native core's setting of every ruleset that
ships with mjscore, under its default options, as the Python path resolves it.

usage: python tests/tools/native_settings.py [--check]

Each setting is `cli.native.payload` of the ruleset resolved as a file run resolves the
lines without `rules:` or `opt:` tokens and without house rules (`engine.setting`); a
ruleset of another family is None (its lines are Python's). A file run that needs no
other setting sends these to the core without importing the engine (cli/lean.py).
Run it after changing a ruleset file, a yaku or anything the setting is made of;
tests/test_native_settings.py fails until the shipped file is the one written here.
`--check` only says whether it is.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "mjscore" / "cli" / "native_settings.py"
COMMAND = "python tests/tools/native_settings.py"

HEADER = f'''"""The native core's setting of every ruleset that ships with mjscore.

Each is the ruleset under its default options (no house rules, no `opt:` token), as
`cli.native.payload` makes it from the Python path's resolution, or None for a ruleset of
another family (its lines are Python's).

A file run whose lines need no other setting sends these to the core without importing the
engine (cli/lean.py). Written by `{COMMAND}`, never by hand;
tests/test_native_settings.py fails when this file is not what it writes.
"""

SETTINGS = '''


def settings() -> dict[str, object]:
    """Every shipped ruleset's setting, by name (sorted), resolved by the Python path
    (with MJSCORE_RULES_PATH unset: a user's file cannot take a shipped name then)."""
    from mjscore.cli.native import payload
    from mjscore.engine.setting import _resolved
    from mjscore.rulesets import HERE, _toml_names

    out: dict[str, object] = {}
    for name in sorted(_toml_names(HERE)):
        ruleset, values, shown = _resolved(name, (), None, (), None)
        out[name] = payload(ruleset, values, shown)
    return out


def literal(value: object, depth: int = 0) -> str:
    """`value` as Python source: its repr where it fits in a line, else one item a line
    (the same text on every Python version, unlike pprint's)."""
    text = repr(value)
    if len(text) + 4 * depth <= 100 or not isinstance(value, dict | list | tuple) or not value:
        return text
    pad = "    " * (depth + 1)
    if isinstance(value, dict):
        items = [f"{pad}{key!r}: {literal(item, depth + 1)}," for key, item in value.items()]
        start, end = "{", "}"
    else:
        items = [f"{pad}{literal(item, depth + 1)}," for item in value]
        start, end = ("[", "]") if isinstance(value, list) else ("(", ")")
    return start + "\n" + "\n".join(items) + "\n" + "    " * depth + end


def source() -> str:
    """The text of mjscore/cli/native_settings.py."""
    return HEADER + literal(settings()) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only say whether the file is current")
    args = ap.parse_args()
    os.environ.pop("MJSCORE_RULES_PATH", None)  # the shipped files only
    text = source()
    current = TARGET.read_text("utf-8") if TARGET.exists() else None
    if args.check:
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is out of date: run `{COMMAND}`")
            return 1
        return 0
    if current != text:
        TARGET.write_text(text, "utf-8")
        print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
