"""The user's say about colour and tile glyphs for this run (standard library only, so a
machine-format run never imports rich); set by the command line, read by console.py."""

from __future__ import annotations

from typing import Any

COLORS = ("auto", "always", "never")
settings: dict[str, Any] = {"color": "auto", "tiles": None, "encoding": None}


def configure(color: str | None = None, tiles: bool | None = None,
              encoding: str | None = None) -> None:
    if color is not None:
        settings["color"] = color
    if tiles is not None:
        settings["tiles"] = tiles
    if encoding is not None:
        settings["encoding"] = encoding
