"""The lines of a hand file: how long one may be and which hold no hand at all.

The notation (`core.notation`) and the readers of a file (`cli.runner`) share them here,
in a module of the standard library only, so that a file run can read its lines before
anything of the engine is imported (cli/lean.py).
"""

from __future__ import annotations

MAX_LINE = 10_000  # characters in a hand line; a longer one is an error, the file goes on


def is_blank(line: str) -> bool:
    """Blank and comment-only lines are skipped in a file (a plain string test: every line
    of a file goes through it)."""
    stripped = line.strip()
    return not stripped or stripped.startswith("#")
