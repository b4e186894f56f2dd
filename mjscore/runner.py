"""Scoring lines for the command line, without typer: the fast path and typer share it.

This module owns the exit-code policy: `Tally.exit_code` gives 0 or 1 for the
lines, `guarded` turns every usage problem into 2 and any crash into one line on
stderr. Nothing else calls sys.exit.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO

from .errors import ExitCode, MjscoreError
from .notation import is_blank

if TYPE_CHECKING:
    from .config import HouseRules
    from .result import ScoreResult

PROGRESS_MIN_LINES = 200


class UsageProblem(Exception):
    """A usage error found by mjscore itself (exit 2): one line on stderr."""


class InternalError(MjscoreError):
    """The core raised for a line instead of returning an error: a bug, kept to that line."""

    kind = "internal"


# -- the exit-code policy -------------------------------------------------------------------


class Tally:
    """Counts scored and failed lines; the one place that turns them into an exit code."""

    def __init__(self) -> None:
        self.scored = 0
        self.failed = 0

    def add(self, result: ScoreResult) -> None:
        if result.ok and result.error is None:
            self.scored += 1
        else:
            self.failed += 1

    @property
    def exit_code(self) -> int:
        return int(ExitCode.NOT_ALL_SCORED if self.failed else ExitCode.OK)


# -- inputs ---------------------------------------------------------------------------------


def read_lines(path: str) -> Iterator[tuple[int, str]]:
    """(line number, text) of every hand line; `-` is stdin. Undecodable bytes become U+FFFD
    so that the line is reported as a notation error instead of stopping the run."""
    if path == "-":
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:
            stream: Iterable[str] = sys.stdin
        else:
            import io

            stream = io.TextIOWrapper(buffer, encoding="utf-8", errors="replace")
        for number, line in enumerate(stream, 1):
            if not is_blank(line):
                yield number, line.rstrip("\r\n")
        return
    try:
        with open(path, encoding="utf-8-sig", errors="replace") as f:
            lines = f.readlines()
    except OSError as exc:
        raise UsageProblem(f"cannot read {path}: {exc.strerror or exc}") from None
    yield from ((n, line.rstrip("\r\n")) for n, line in enumerate(lines, 1) if not is_blank(line))


def parse_opts(pairs: list[str], rules: str) -> dict[str, str]:
    """`--opt NAME=VALUE` pairs, checked against the ruleset now: a typo is a usage error."""
    from .rulesets import load_ruleset

    overrides: dict[str, str] = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            raise UsageProblem(f"--opt takes NAME=VALUE, not '{pair}'")
        overrides[name.strip()] = value.strip()
    load_ruleset(rules).resolve_options(overrides)  # raises RulesetError -> exit 2
    return overrides


def house_rules(config_flag: str | None, pairs: list[str], rules: str | None, fmt: str | None
                ) -> tuple[HouseRules, str, str]:
    """(the house rules, the ruleset, the format) of a run: the flags over the config file
    over the defaults. Everything is checked now: a typo is a usage error."""
    from .config import ConfigError, config_path, house_rules, load_config

    try:
        config = load_config(*config_path(config_flag))
        house = house_rules(config, pairs)
    except ConfigError as exc:
        raise UsageProblem(str(exc)) from None
    return house, rules or config.rules or "riichi", fmt or config.format or "rich"


def score_one(text: str, rules: str, house: HouseRules | None, line_no: int) -> ScoreResult:
    """The engine's score_line, with a core crash turned into this line's error
    (kind "internal")."""
    from .engine import score_line

    try:
        return score_line(text, rules=rules, line_no=line_no, house=house)
    except Exception as exc:  # keep going past a bad line, whatever went wrong
        from .result import ScoreResult

        error = InternalError(f"internal error: {type(exc).__name__}: {exc}")
        return ScoreResult(line=line_no, input=text, rules=rules, options={}, error=error)


def want_progress(total: int, err: TextIO, out: TextIO) -> bool:
    """A bar for long files, when stderr is a terminal and stdout is not (results scroll)."""
    def tty(stream: TextIO) -> bool:
        return bool(getattr(stream, "isatty", lambda: False)())

    return total > PROGRESS_MIN_LINES and tty(err) and not tty(out)


@contextmanager
def progress_bar(total: int | None) -> Iterator[Callable[..., None]]:
    """A tick function (lines done, 1 by default); it moves a rich bar on stderr when
    `want_progress` says so."""
    if total is None or not want_progress(total, sys.stderr, sys.stdout):
        yield lambda n=1: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True, redirect_stdout=False) as bar:
        task = bar.add_task("scoring", total=total)
        yield lambda n=1: bar.advance(task, n)


def run_lines(lines: Iterable[tuple[int, str]], rules: str, options: HouseRules | None,
              fmt: str, total: int | None = None, jobs: int = 0) -> int:
    """Score every line into the reporter of `fmt`, as it goes; the tally's exit code.

    A long file (`total` known) in a machine format is scored on every core
    (`jobs` 0 = automatic, 1 = one process); the output is the same either way.
    """
    from .parallel import scored_in_parallel, workers_for
    from .report import make_reporter

    tally = Tally()
    workers = workers_for(total, fmt, jobs) if total is not None else 1
    with progress_bar(total) as tick:
        # made inside the bar: while it runs, sys.stderr is rich's proxy that prints above it
        reporter = make_reporter(fmt, sys.stdout, sys.stderr, stream=total is None)
        if workers > 1:
            for scored, failed, rendered, errors in scored_in_parallel(
                    list(lines), rules, options, fmt, workers):
                tally.scored += scored
                tally.failed += failed
                reporter.emit_chunk(rendered, errors)
                tick(scored + failed)
        else:
            for number, text in lines:
                result = score_one(text, rules, options, number)
                tally.add(result)
                reporter.emit(result)
                tick()
        reporter.close()
    return tally.exit_code


def score_command(tokens: list[str] | None, file: str | None, rules: str | None,
                  opt: list[str] | None, fmt: str | None, jobs: str | int = 0,
                  config: str | None = None) -> int:
    """`mjscore score`: one hand given as arguments, or every hand line of a file.

    `rules` and `fmt` None: the config file's, else riichi and rich."""
    from .report import FORMATS
    from .rulesets import load_ruleset

    options, rules, fmt = house_rules(config, opt or [], rules, fmt)
    if fmt not in FORMATS:
        raise UsageProblem(f"unknown format '{fmt}' (choose from {', '.join(FORMATS)})")
    if tokens and file is not None:
        raise UsageProblem("give a hand as arguments or --file, not both")
    if not tokens and file is None:
        raise UsageProblem("no hand given: pass the hand's tokens, or --file PATH ('-' = stdin)")
    if not str(jobs).isdigit():
        raise UsageProblem(f"--jobs takes a number of processes (0 = automatic), not '{jobs}'")
    load_ruleset(rules)  # an unknown ruleset is a usage error before any line is read
    if tokens:
        return run_lines([(1, " ".join(tokens))], rules, options, fmt)
    if file == "-":
        return run_lines(read_lines("-"), rules, options, fmt)
    lines = list(read_lines(file))  # type: ignore[arg-type]
    return run_lines(lines, rules, options, fmt, total=len(lines), jobs=int(jobs))


def say(message: str) -> None:
    print(f"mjscore: {' '.join(str(message).split())}", file=sys.stderr)


def guarded(action: Callable[[], int]) -> int:
    """Run a command; usage problems exit 2 with one line, a crash is one line, not a trace."""
    try:
        return action()
    except UsageProblem as exc:
        say(str(exc))
        return int(ExitCode.USAGE)
    except MjscoreError as exc:  # unknown ruleset, unknown option, bad value
        say(exc.message)
        return int(ExitCode.USAGE)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return int(ExitCode.NOT_ALL_SCORED)
    except Exception as exc:  # a bug: one line, not a traceback (MJSCORE_DEBUG=1 shows it)
        import os

        if os.environ.get("MJSCORE_DEBUG"):
            raise
        say(f"internal error: {type(exc).__name__}: {exc} (set MJSCORE_DEBUG=1 for details)")
        return int(ExitCode.NOT_ALL_SCORED)


def _quiet_stdout() -> None:
    """After `| head` closed the pipe: point stdout at devnull so the exit flush is silent."""
    import contextlib
    import os

    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
