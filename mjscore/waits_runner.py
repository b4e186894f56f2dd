"""`mjscore waits` for the command line: the lines, the reporter, the exit code.

The same inputs and policy as `score` (runner.py): arguments, `--file`, `-`,
`--rules`, `--opt`, every format, `--jobs` for a long file in a machine format.
Exit 0 when every line was read and analysed (a hand that is not ready is an
answer, not a failure), 1 when a line could not be read, 2 for a usage error.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from .runner import InternalError, Tally, UsageProblem, parse_opts, progress_bar, read_lines

if TYPE_CHECKING:
    from .waiting import WaitsResult


def waits_one(text: str, rules: str, options: dict[str, str], line_no: int) -> WaitsResult:
    """mjscore.waits, with a crash turned into this line's error (kind "internal")."""
    from .waiting import WaitsResult, waits_line

    try:
        return waits_line(text, rules=rules, options=options or None, line_no=line_no)
    except Exception as exc:  # keep going past a bad line
        error = InternalError(f"internal error: {type(exc).__name__}: {exc}")
        return WaitsResult(line_no, text, rules, {}, error=error)


def _chunk(task: tuple[list[tuple[int, str]], str, dict[str, str], str]
           ) -> tuple[int, int, Any, str]:
    """(lines read, lines failed, rendered records, stderr lines) of one chunk of lines."""
    from .report import error_line
    from .report.waits import RENDER

    chunk, rules, options, fmt = task
    render = RENDER[fmt]
    records: list[Any] = []
    errors: list[str] = []
    for number, text in chunk:
        result = waits_one(text, rules, options, number)
        records.append(render(result))
        if result.error is not None:
            errors.append(error_line(result) + "\n")  # type: ignore[arg-type]
    rendered = "".join(records) if records and isinstance(records[0], str) else records
    return len(chunk) - len(errors), len(errors), rendered, "".join(errors)


def _parallel(lines: list[tuple[int, str]], rules: str, options: dict[str, str], fmt: str,
              workers: int) -> Iterator[tuple[int, int, Any, str]]:
    import multiprocessing

    from .parallel import CHUNK

    method = "fork" if sys.platform.startswith("linux") else None
    size = max(CHUNK, -(-len(lines) // (2 * workers)))
    tasks = [(lines[i:i + size], rules, options, fmt) for i in range(0, len(lines), size)]
    with multiprocessing.get_context(method).Pool(workers) as pool:
        yield from pool.imap(_chunk, tasks)


def run_waits(lines: Iterable[tuple[int, str]], rules: str, options: dict[str, str], fmt: str,
              total: int | None = None, jobs: int = 0) -> int:
    from .parallel import workers_for
    from .report.waits import make_reporter

    tally = Tally()
    workers = workers_for(total, fmt, jobs) if total is not None else 1
    with progress_bar(total) as tick:
        reporter = make_reporter(fmt, sys.stdout, sys.stderr, stream=total is None)
        if workers > 1:
            for done, failed, rendered, errors in _parallel(list(lines), rules, options, fmt,
                                                            workers):
                tally.scored += done
                tally.failed += failed
                reporter.emit_chunk(rendered, errors)
                tick(done + failed)
        else:
            for number, text in lines:
                result = waits_one(text, rules, options, number)
                if result.error is None:
                    tally.scored += 1
                else:
                    tally.failed += 1
                reporter.emit(result)
                tick()
        reporter.close()
    return tally.exit_code


def waits_command(tokens: list[str] | None, file: str | None, rules: str,
                  opt: list[str] | None, fmt: str, jobs: str | int = 0) -> int:
    """`mjscore waits`: one hand given as arguments, or every hand line of a file."""
    from .report.waits import FORMATS
    from .rulesets import load_ruleset

    if fmt not in FORMATS:
        raise UsageProblem(f"unknown format '{fmt}' (choose from {', '.join(FORMATS)})")
    if tokens and file is not None:
        raise UsageProblem("give a hand as arguments or --file, not both")
    if not tokens and file is None:
        raise UsageProblem("no hand given: pass the hand's tokens, or --file PATH ('-' = stdin)")
    if not str(jobs).isdigit():
        raise UsageProblem(f"--jobs takes a number of processes (0 = automatic), not '{jobs}'")
    load_ruleset(rules)
    options = parse_opts(opt or [], rules)
    if tokens:
        return run_waits([(1, " ".join(tokens))], rules, options, fmt)
    if file == "-":
        return run_waits(read_lines("-"), rules, options, fmt)
    lines = list(read_lines(file))  # type: ignore[arg-type]
    return run_waits(lines, rules, options, fmt, total=len(lines), jobs=int(jobs))
