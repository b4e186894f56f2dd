"""The user's say about colour and tile glyphs for this run (standard library only, so a
machine-format run never imports rich); set by the command line, read by console.py."""

from __future__ import annotations

from typing import Any

COLORS = ("auto", "always", "never")
settings: dict[str, Any] = {"color": "auto", "tiles": None, "encoding": None, "lang": None}


def configure(
    color: str | None = None,
    tiles: bool | None = None,
    encoding: str | None = None,
    lang: str | None = None,
) -> None:
    if lang is not None:  # en or ja (report/lang.py); None: the locale's, set by the CLI
        settings["lang"] = lang
    if color is not None:
        settings["color"] = color
    if tiles is not None:
        settings["tiles"] = tiles
    if encoding is not None:
        settings["encoding"] = encoding


MIN_COLUMNS, MAX_COLUMNS = 20, 1000  # the widths COLUMNS may ask for


def sane_columns(environ: Any) -> None:
    """COLUMNS made a width every rich console can draw in (ours and typer's help).

    rich takes COLUMNS=0 for no room at all (every line empty) and COLUMNS=10**9 for lines
    that long, and ignores `-5` or `abc`. A number is clamped to MIN_COLUMNS..MAX_COLUMNS;
    anything that is not a positive number is dropped, as if unset: then a terminal's own
    width, or the width a report takes off a terminal."""
    value = environ.get("COLUMNS")
    if value is None:
        return
    digits = value.strip()
    if not (digits.isascii() and digits.isdigit()) or not digits.lstrip("0"):
        del environ["COLUMNS"]
        return
    digits = digits.lstrip("0")
    width = MAX_COLUMNS if len(digits) > len(str(MAX_COLUMNS)) else int(digits)
    environ["COLUMNS"] = str(min(max(width, MIN_COLUMNS), MAX_COLUMNS))
