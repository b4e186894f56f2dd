"""Scoring a long file on every core: workers score and render chunks of lines, and the
main process writes them in input order, so the output is byte for byte the serial one.

Only the machine formats go in parallel (the human report is drawn by one process),
and only files long enough to pay for starting the workers.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from importlib import import_module
from typing import Any

PARALLEL_MIN_LINES = 2000  # below this, starting workers costs more than it saves
CHUNK = 250  # the fewest lines per task: each task costs its sending and a result


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def workers_for(total: int, fmt: str, jobs: int) -> int:
    """How many processes score `total` lines: `jobs` 0 is automatic, 1 is serial."""
    if fmt == "rich" or jobs == 1 or total < 2:
        return 1
    if jobs == 0:
        if total < PARALLEL_MIN_LINES:
            return 1
        jobs = available_cores()
    return max(1, min(jobs, -(-total // CHUNK)))


def _score_chunk(task: tuple[list[tuple[int, str]], str, Any, str]
                 ) -> tuple[int, int, Any, str]:
    """(lines scored, lines failed, the rendered records, the stderr lines) of one chunk.

    Line formats come back as one string per chunk, not one per record: sending and
    writing a few large strings costs the main process far less than many small ones.
    """
    from .report import FORMATS, error_line
    from .runner import score_one

    chunk, rules, options, fmt = task
    render = import_module(f".report.{FORMATS[fmt]}", __package__).render
    records: list[Any] = []
    errors: list[str] = []
    scored = 0
    for number, text in chunk:
        result = score_one(text, rules, options, number)
        records.append(render(result))
        if result.ok and result.error is None:
            scored += 1
        else:
            errors.append(error_line(result) + "\n")
    rendered = "".join(records) if records and isinstance(records[0], str) else records
    return scored, len(chunk) - scored, rendered, "".join(errors)


def scored_in_parallel(lines: list[tuple[int, str]], rules: str, options: Any,
                       fmt: str, workers: int) -> Iterator[tuple[int, int, Any, str]]:
    """Every chunk's result (see `_score_chunk`) in input order, scored by `workers` processes."""
    import multiprocessing

    # fork shares the already imported, already warmed scorer; elsewhere the default
    method = "fork" if sys.platform.startswith("linux") else None
    size = max(CHUNK, -(-len(lines) // (2 * workers)))  # two tasks a worker: few, even shares
    tasks = [(lines[i:i + size], rules, options, fmt) for i in range(0, len(lines), size)]
    with multiprocessing.get_context(method).Pool(workers) as pool:
        yield from pool.imap(_score_chunk, tasks)
