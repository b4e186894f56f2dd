"""`mjscore import` and `mjscore check`, without typer (cli.py only forwards to these).

Kept here so the typer module gains one small block: the reading, the output
formats and the exit codes of the record commands live together.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import TextIO

from ..errors import ExitCode
from . import read_hands
from .model import Problem, Win

IMPORT_FORMATS = ("lines", "jsonl")
CHECK_FORMATS = ("text", "jsonl")


def _items(paths: list[str]) -> Iterator[Win | Problem]:
    """Every record item of every file in order; `-` is stdin (read as bytes: gzip works)."""
    for path in paths:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data = stream.read() if stream is not None else sys.stdin.read().encode()
            yield from read_hands(data, name="-")
        else:
            yield from read_hands(path)


def _problem(p: Problem, err: TextIO) -> None:
    """One stderr line, with control characters from the record escaped (report.safe)."""
    from ..report import safe

    label = "note: " if p.kind == "note" else ""
    print(f"mjscore: {label}{safe(str(p))}", file=err)


def _json_line(record: dict) -> str:
    """One JSON Lines record, with the line separators escaped as every record is."""
    from ..report import json_safe

    return json_safe(json.dumps(record, ensure_ascii=False)) + "\n"


def _usage(paths: list[str], fmt: str, formats: tuple[str, ...]) -> None:
    from ..runner import UsageProblem

    if fmt not in formats:
        raise UsageProblem(f"unknown format '{fmt}' (choose from {', '.join(formats)})")
    if not paths:
        raise UsageProblem("no record given: pass one or more files ('-' = stdin)")


def import_command(paths: list[str], fmt: str = "lines", out: TextIO | None = None,
                   err: TextIO | None = None) -> int:
    """One hand line per win (or one JSON object per win); problems on stderr."""
    out, err = out or sys.stdout, err or sys.stderr
    _usage(paths, fmt, IMPORT_FORMATS)
    failed = False
    for item in _items(paths):
        if isinstance(item, Problem):
            failed = failed or item.kind == "error"
            _problem(item, err)
        elif fmt == "jsonl":
            out.write(_json_line(item.to_dict()))
        else:
            s = item.source
            out.write(f"{item.line}  # {s.game} {s.round}-{s.honba}\n")
    return int(ExitCode.NOT_ALL_SCORED if failed else ExitCode.OK)


def check_command(paths: list[str], fmt: str = "text", out: TextIO | None = None,
                  err: TextIO | None = None) -> int:
    """Score every win and compare it with its record; 0 only when all agree."""
    from .check import check_win, describe

    out, err = out or sys.stdout, err or sys.stderr
    _usage(paths, fmt, CHECK_FORMATS)
    agree = total = errors = 0
    for item in _items(paths):
        if isinstance(item, Problem):
            errors += item.kind == "error"
            _problem(item, err)
            continue
        checked = check_win(item)
        total += 1
        agree += checked.agree
        if fmt == "jsonl":
            out.write(_json_line(checked.to_dict()))
        elif not checked.agree:
            out.write(describe(checked) + "\n")
    if fmt == "jsonl":
        out.write(json.dumps({"summary": {"agree": agree, "total": total, "errors": errors}})
                  + "\n")
    else:
        tail = f" ({errors} record error{'s' if errors != 1 else ''})" if errors else ""
        out.write(f"agree {agree}/{total}{tail}\n")
    ok = agree == total and not errors
    return int(ExitCode.OK if ok else ExitCode.NOT_ALL_SCORED)
