"""`mjscore stats`, without typer: read an archive file by file, count it, write the figures.

Each input is a record file (every format `import` reads), a directory (the record files
under it, as `import` finds them), a file of lines (`import`'s lines, a hand-typed game, or
plain hands) or `-` (stdin, either kind). Every file is counted alone into a Summary
(`summarize`), by worker processes with `--jobs` (files in parallel, merged in the order
given: the same figures for any number of jobs), and the summaries are merged as they
come, so memory holds counts, never the games. The figures are written at the end.

Exit codes: 0 when every file was read and every game followed, 1 when a file could not
be read, a game could not be followed or nothing was found, 2 for a usage error.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any, NamedTuple, TextIO

from ..base.errors import ExitCode
from ..records import read_hands
from ..records.guard import scored_later
from ..records.reading import display_name
from ..stats import Summary, count_lines, count_records
from .runner import EndlessLine, InputStopped, UsageProblem, read_lines, text_arg

LENGTHS = ("east", "south")
PARALLEL_MIN_FILES = 8  # fewer files: one process (starting workers costs more)
PROGRESS_MIN_FILES = 20  # a bar for more files than this, where stderr is a terminal


class Task(NamedTuple):
    """One input to count: its path (`-` stdin), and how (the filters, the rulesets of
    records and of lines that name none); `record`: a directory's file, known a record."""

    path: Any  # str or a PathLike naming a file whose name is not UTF-8
    filters: Any
    record_rules: str | None
    line_rules: str
    record: bool = False


def summarize(task: Task) -> Any:
    """The Summary of one input (a worker's job): a record file through the readers, a
    file of lines through the ledger; what cannot be read is its problem."""
    summary = Summary()
    summary.files = 1
    path = task.path
    name = "-" if path == "-" else display_name(str(path))
    try:
        if task.record or _is_record(path):
            source: Any = path if path != "-" else sys.stdin.buffer
            items = read_hands(source, name=name, games=True, rules=task.record_rules)
            with scored_later():  # the ledger scores every win: no guard reading it first
                count_records(items, task.filters, summary, rules=task.record_rules or "tenhou")
        else:
            lines = read_lines(path if path == "-" else os.fspath(path), keep_comments=True)
            count_lines(lines, task.filters, summary, name, rules=task.line_rules)
    except (UsageProblem, InputStopped, EndlessLine) as exc:
        summary.problem("error", f"{text_arg(str(path))}: {exc}")
    return summary


def _is_record(path: Any) -> bool:
    """Whether an input's first bytes are a record format's (else it is a file of lines)."""
    from ..records import RecordError, detect_format
    from ..records.reading import RecordReader

    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None or not hasattr(stream, "peek"):
            return False
        head = stream.peek(4096)[:4096]
        if head[:2] == b"\x1f\x8b":
            return True  # gzip: only records come gzipped
        return detect_format(head) != "unknown"
    try:
        with open(path, "rb") as f:
            return detect_format(RecordReader(f).head()) != "unknown"
    except (OSError, RecordError):
        return os.path.isfile(path) and str(path).endswith((".gz", ".mjlog", ".json"))


def _inputs(paths: list[Any]) -> Iterator[tuple[Any, bool]]:
    """Every input in order, and whether it is known a record: a directory is the
    record files under it (`record_files` has read their first bytes)."""
    from ..records.model import Problem
    from ..records.reading import display_name
    from .records import record_files

    for path in paths:
        if path != "-" and os.path.isdir(path):
            found = False
            for file in record_files(os.fspath(path)):
                found = True
                yield file, True
            if not found:
                problem = "no game record in the directory"
                yield Problem("error", display_name(str(path)), "", problem), False
        else:
            yield path, False


def stats_command(
    paths: list[Any],
    players: list[str],
    rules: str | None,
    room: str | None,
    length: str | None,
    seats: int | None,
    fmt: str | None,
    jobs: str | int = 0,
    quiet: bool = False,
    chart: bool = True,
    out: TextIO | None = None,
) -> int:
    """Count every input and write the figures in `fmt` (report.stats)."""
    from ..report import stats as report
    from ..stats import Filters, Summary
    from .game import _width
    from .parallel import available_cores, mapped_in_order
    from .runner import (
        STOP,
        UsageProblem,
        chosen_format,
        default_config,
        progress_bar,
        say,
        text_arg,
    )

    out = out or sys.stdout
    fmt = chosen_format(fmt, default_config().format, report.FORMATS)
    if not paths:
        raise UsageProblem("no input given: pass record files, directories or line files")
    if not (str(jobs).isascii() and str(jobs).isdigit() and len(str(jobs)) <= 4):
        raise UsageProblem(f"--jobs takes a number of processes (0 = automatic), not '{jobs}'")
    if rules is not None:
        from ..base.errors import MjscoreError
        from ..engine.catalog import load_ruleset

        try:
            rules = load_ruleset(text_arg(rules).lower()).name
        except MjscoreError as exc:
            raise UsageProblem(f"--rules: {exc}") from None
    if length is not None and length not in LENGTHS:
        raise UsageProblem(f"--length takes {' or '.join(LENGTHS)}, not '{length}'")
    if seats is not None and seats not in (3, 4):
        raise UsageProblem(f"--seats takes 3 or 4 (players at the table), not {seats}")
    if room is not None:
        from ..records.rules import ROOM_ALIASES, ROOMS, room_named

        named = room_named(text_arg(room))
        if named is None:
            known = ", ".join((*ROOMS, *ROOM_ALIASES))
            raise UsageProblem(f"--room takes a lobby or room ({known}), not '{text_arg(room)}'")
        room = named
    if "-" in paths:
        from .runner import stdin_hint

        stdin_hint()
    paths, unopened = _openable(paths)
    chosen = tuple(text_arg(p) for p in players)
    filters = Filters(chosen, rules, room, length, seats)
    inputs = list(_inputs(paths))
    from ..records.model import Problem

    tasks = [
        item if isinstance(item, Problem) else Task(item, filters, rules, rules or "riichi", known)
        for item, known in inputs
    ]
    files = [t for t in tasks if isinstance(t, Task) and t.path != "-"]
    workers = int(jobs) or (available_cores() if len(files) >= PARALLEL_MIN_FILES else 1)
    workers = max(1, min(workers, len(files)))
    total = Summary()
    failed = False
    with progress_bar(len(tasks), "reading", PROGRESS_MIN_FILES, at_end=True) as tick:
        for summary in _summaries(tasks, workers, mapped_in_order):
            failed = failed or summary.failed
            for kind, message in summary.problems:
                if kind == "error" or not quiet:
                    say(message if kind == "error" else f"note: {message}")
            if summary.unsaid:
                say(f"... and {summary.unsaid} more problems in that input")
            summary.problems = []
            total.merge(summary)
            tick()
    for problem in unopened:
        say(problem)
    if not total.games and not total.hands.wins and not failed and not unopened:
        say(
            f"no game passes the filters ({total.skipped} left out)"
            if total.skipped
            else "no game and no hand found in the input"
        )
        failed = True
    with STOP.writing():
        report.write(total, fmt, out, _width(), chosen, chart)
        out.flush()
    if unopened:  # an input file that cannot be read: 2, as every command has it
        return int(ExitCode.USAGE)
    return int(ExitCode.NOT_ALL_SCORED if failed else ExitCode.OK)


def _openable(paths: list[Any]) -> tuple[list[Any], list[str]]:
    """(the inputs to read, a message for each named file that cannot be opened): such a
    file is a problem of its own, the others are still counted."""
    from ..records.reading import display_name

    kept, unopened = [], []
    for path in paths:
        if path != "-" and not os.path.isdir(path):
            try:
                open(path, "rb").close()  # noqa: SIM115 - a look, closed at once
            except OSError as exc:
                unopened.append(f"{display_name(path)}: cannot read: {exc.strerror or exc}")
                continue
        kept.append(path)
    return kept, unopened


def _summaries(tasks: list[Any], workers: int, mapped: Any) -> Iterator[Any]:
    """Each task's Summary in the order of the tasks: files by the workers (when more than
    one), stdin and the problems met finding the files here."""
    from ..records.model import Problem
    from ..stats import Summary

    def here(task: Any) -> Any:
        if isinstance(task, Problem):
            summary = Summary()
            summary.problem("error", str(task))
            return summary
        return summarize(task)

    if workers <= 1:
        for task in tasks:
            yield here(task)
        return
    batch: list[Any] = []
    for task in tasks:  # stdin and problems in their place, the files between by workers
        if isinstance(task, Task) and task.path != "-":
            batch.append(task)
            continue
        yield from mapped(summarize, batch, workers) if batch else ()
        batch = []
        yield here(task)
    if batch:
        yield from mapped(summarize, batch, workers)
