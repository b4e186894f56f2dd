"""The `mjscore` entry point: a plain `score` call skips typer, everything else uses it.

Scoring one hand from the shell should cost about as much as starting Python:
importing typer (and building its app) costs more than parsing and scoring the
hand. So `mjscore score TOKEN... [--rules R] [--opt N=V]... [--format F]
[--file P]` is read here with the same meanings as the typer command, and any
other form (help, other commands, short options glued to values, `--`,
anything unknown) goes to typer, which owns the help and the usage errors.
A test runs both paths on the same arguments and requires the same output.
"""

from __future__ import annotations

import sys

_VALUE_OPTIONS = {"--rules": "rules", "-r": "rules", "--opt": "opt", "-o": "opt",
                  "--format": "fmt", "-F": "fmt", "--file": "file", "-f": "file",
                  "--jobs": "jobs", "-j": "jobs"}


def plain_score_args(args: list[str]) -> dict | None:
    """The arguments of a plain `score` call, or None for anything typer should handle."""
    if not args or args[0] != "score":
        return None
    got: dict = {"tokens": [], "file": None, "rules": "riichi", "opt": [], "fmt": "rich",
                 "jobs": "0"}
    rest = iter(args[1:])
    for arg in rest:
        if not arg.startswith("-") or arg == "-":
            got["tokens"].append(arg)
            continue
        name, eq, value = arg.partition("=")
        if name not in _VALUE_OPTIONS or (eq and not name.startswith("--")):
            return None
        if not eq:
            value = next(rest, None)
            if value is None or value.startswith("-") and value != "-":
                return None
        key = _VALUE_OPTIONS[name]
        if key == "opt":
            got["opt"].append(value)
        else:
            got[key] = value
    return got


def run(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    plain = plain_score_args(args)
    if plain is None:
        from .cli import run as run_typer

        return run_typer(args)
    from .runner import guarded, score_command

    return guarded(lambda: score_command(plain["tokens"] or None, plain["file"],
                                         plain["rules"], plain["opt"] or None, plain["fmt"],
                                         plain["jobs"]))


def main() -> None:
    """Console script `mjscore` and `python -m mjscore`."""
    sys.exit(run())


if __name__ == "__main__":
    main()
