"""Running the CLI in-process from a test: the exit code and what it printed."""

from __future__ import annotations

import io
import sys

from mjscore.cli import commands as cli


def run(*args: str, capsys, stdin: str | None = None) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `mjscore ARGS...`, with `stdin` as standard input."""
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        code = cli.run(list(args))
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return code, out, err
