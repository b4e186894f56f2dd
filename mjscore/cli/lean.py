"""A machine-format `score` run without typer: the command line read here, the run the
same `runner.score_command` that typer calls.

Starting typer costs more than scoring a file of a thousand hands through the native
core, so `mjscore score --file F --format jsonl` (or json, tsv) and the like are read by
this small parser when it can read them whole. Anything else (help, another command, a
global flag, a combined or unknown option, a repeated one, `--`, a format for people, a
completion request) goes to typer, which therefore still writes every help text and
every usage error: the output, the messages and the exit codes are the same either way
(tests/test_native.py runs both entries on the same command lines).

A file run (`--file F` or `-`) of a shipped ruleset of the riichi family (the default
riichi or `--rules NAME`) with no option from anywhere (no `--opt`, `--config` or config
file, no MJSCORE_RULES_PATH), `--jobs` 0 or 1, written to stdout, starts leaner still:
its setting under the default options was made beforehand (cli/native_settings.py), so
nothing of the engine is imported to resolve it, nor to check the ruleset's name. The
engine is imported only when a line comes back to the Python path (a notation error, a
line whose own `rules:` or `opt:` tokens ask for another setting, a ruleset of another
family), for the lines that need it. Every other run is `runner.score_command`'s.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
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
RULES_PATH = "MJSCORE_RULES_PATH"  # rulesets.RULES_PATH_VAR: the user's own ruleset files


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


def prepared_file_run(got: dict[str, Any], environ: Mapping[str, str]) -> tuple[str, str] | None:
    """(the ruleset, the file) of a file run whose setting is prepared (see above), or
    None: a run for `runner.score_command`. Nothing of the engine is imported to say so."""
    tokens, file = got["tokens"], got.get("file")
    if tokens == ["-"] and file is None:  # `mjscore score -`: stdin
        tokens, file = [], "-"
    if tokens or file is None or got["opt"] or got.keys() & {"config", "output"}:
        return None
    if got.get("jobs", "0") not in ("0", "1"):  # workers, or a --jobs to check
        return None
    if environ.get(RULES_PATH) or config_file(environ) is not None:
        return None
    from . import native

    if not native.enabled():
        return None
    from .native_settings import SETTINGS

    rules = got.get("rules", "riichi").lower()
    # a ruleset of another family (None) is Python's, run as before: its workers share
    # the engine that run imports, where this process would have none to share
    return (rules, file) if SETTINGS.get(rules) is not None else None


def config_file(environ: Mapping[str, str]) -> str | None:
    """The config file a run reads, as config.config_path finds it (asked for, or the
    default file when it is there), or None: no config file at all."""
    if environ.get("MJSCORE_CONFIG"):
        return environ["MJSCORE_CONFIG"]  # named: it must exist, config.py says if not
    base = environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    path = os.path.join(base, "mjscore", "config.toml")
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):  # as config.load_config opens it
        return None
    except OSError:
        pass  # there, but not to be looked at: config.py says why
    return path


def lean_main() -> bool:
    """Run the command line here when it is a machine-format score run this module reads
    whole (and end the process); False: the command line is typer's."""
    if any(name.startswith("_MJSCORE_COMPLETE") for name in os.environ):
        return False  # shell completion is typer's
    got = read_args(sys.argv[1:])
    if got is None:
        return False
    prepared = prepared_file_run(got, os.environ)
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
    if prepared is not None:  # checked: nothing to resolve, nothing to look up
        from .native import prepared_run
        from .runner import run_input

        name, file = prepared
        prepared_run(name)
        code = guarded(
            lambda: run_input(
                None,
                file,
                name,
                None,
                got["fmt"],
                got.get("jobs", "0"),
                quiet=got.get("quiet", False),
            )
        )
        exit_now(code)
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
