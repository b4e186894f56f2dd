"""A machine-format `score` run without typer: the command line read here, the run the
same `runner.score_command` that typer calls.

Starting typer costs more than scoring a file of a thousand hands through the native
core, so `mjscore score --file F --format jsonl` (or json, tsv) and the like are read by
this small parser when it can read them whole. Anything else (help, another command, a
global flag, a combined or unknown option, a repeated one, `--`, a format for people, a
completion request) goes to typer, which therefore still writes every help text and
every usage error: the output, the messages and the exit codes are the same either way
(tests/test_native.py runs both entries on the same command lines).
"""

from __future__ import annotations

import os
import sys
from typing import Any

MACHINE_FORMATS = ("jsonl", "json", "tsv")
# score's options that take a value, by every name typer knows them by
VALUED = {
    "--file": "file",
    "-f": "file",
    "--format": "fmt",
    "-F": "fmt",
    "--jobs": "jobs",
    "-j": "jobs",
    "--rules": "rules",
    "-r": "rules",
    "--opt": "opt",
    "--config": "config",
    "--output": "output",
    "-o": "output",
}
FLAGS = {"--quiet": "quiet", "-q": "quiet"}


def read_args(args: list[str]) -> dict[str, Any] | None:
    """score's arguments as typer would pass them, or None: a line for typer."""
    if not args or args[0] != "score":
        return None
    got: dict[str, Any] = {"tokens": [], "opt": []}
    i = 1
    while i < len(args):
        arg = args[i]
        if not arg.startswith("-") or arg == "-":
            got["tokens"].append(arg)  # a hand token, or '-' for stdin
            i += 1
            continue
        name, eq, value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if name in FLAGS and not eq and FLAGS[name] not in got:
            got[FLAGS[name]] = True
        elif name in VALUED:
            if not eq:
                if i + 1 == len(args):
                    return None  # typer says the value is missing
                i += 1
                value = args[i]
                if value.startswith("-") and value != "-":
                    return None
            key = VALUED[name]
            if key == "opt":
                got["opt"].append(value)
            elif key in got:
                return None  # given twice: typer's to settle
            else:
                got[key] = value
        else:
            return None
        i += 1
    if got.get("fmt") not in MACHINE_FORMATS:
        return None
    return got


def lean_main() -> bool:
    """Run the command line here when it is a machine-format score run this module reads
    whole (and end the process); False: the command line is typer's."""
    if any(name.startswith("_MJSCORE_COMPLETE") for name in os.environ):
        return False  # shell completion is typer's
    got = read_args(sys.argv[1:])
    if got is None:
        return False
    from ..report.lang import lang_from_locale
    from ..report.settings import configure, sane_columns, settings
    from .runner import DISPLAY_FLAGS, exit_now, guard_streams, guarded, score_command

    guard_streams()
    # as commands.run sets up every run
    settings.update(color="auto", tiles=None, lang=lang_from_locale(os.environ))
    DISPLAY_FLAGS.clear()
    configure(encoding=getattr(sys.stdout, "encoding", None) or "utf-8")
    sane_columns(os.environ)
    for stream in (sys.stdout, sys.stderr):  # UTF-8 out, whatever the locale says
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "encoding", "").lower() != "utf-8":
            reconfigure(encoding="utf-8", errors="replace")
    rules = got.get("rules")
    code = guarded(
        lambda: score_command(
            got["tokens"] or None,
            got.get("file"),
            rules and rules.lower(),
            got["opt"] or None,
            got["fmt"],
            got.get("jobs", "0"),
            got.get("config"),
            quiet=got.get("quiet", False),
            output=got.get("output"),
        )
    )
    exit_now(code)
    return True  # not reached: exit_now ends the process
