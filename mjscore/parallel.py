"""Scoring a long file on every core: workers score and render chunks of lines, and the
main process writes them in input order, so the output is byte for byte the serial one.

Only the machine formats go in parallel (the human report is drawn by one process),
and only files long enough to pay for starting the workers.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from typing import Any

PARALLEL_MIN_LINES = 2000  # below this, starting workers costs more than it saves
CHUNK = 500  # lines per task: each task costs its sending and a result
SERIAL_CHUNK = 100  # lines a write when one process scores a file: few writes, soon seen
IN_FLIGHT = 3  # tasks a worker out at once: enough to keep it busy, few enough to stay small


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


def _score_chunk(task: tuple[list[tuple[int, str]], str, Any, str, str]
                 ) -> tuple[int, int, Any, str]:
    """(lines scored, lines failed, the rendered records, the stderr lines) of one chunk.

    Line formats come back as one string per chunk, not one per record: sending and
    writing a few large strings costs the main process far less than many small ones.
    """
    from .report import error_line
    from .runner import ANALYSE, reporters_of

    chunk, rules, options, fmt, command = task
    analyse = ANALYSE[command]
    render, join = reporters_of(command).renderer(fmt)
    records: list[str] = []
    errors: list[str] = []
    scored = 0
    for number, text in chunk:
        result = analyse(text, rules, options, number)
        records.append(render(result))
        if result.ok and result.error is None:
            scored += 1
        else:
            errors.append(error_line(result) + "\n")
    rendered = join.join(records)  # JSON: ",\n" between records
    return scored, len(chunk) - scored, rendered, "".join(errors)


def _quiet_worker() -> None:
    """Ctrl-C reaches the whole process group: the main process alone answers it."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def chunks_of(lines: Iterable[tuple[int, str]], size: int = CHUNK
              ) -> Iterator[list[tuple[int, str]]]:
    """The lines in lists of `size`, read as they are asked for."""
    chunk: list[tuple[int, str]] = []
    for item in lines:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def scored_in_chunks(lines: Iterable[tuple[int, str]], rules: str, options: Any, fmt: str,
                     command: str = "score") -> Iterator[tuple[int, int, Any, str]]:
    """Every chunk's result (see `_score_chunk`) in input order, scored in this process:
    one write a chunk, not one a record, and the same text as the parallel run."""
    for chunk in chunks_of(lines, SERIAL_CHUNK):
        yield _score_chunk((chunk, rules, options, fmt, command))


def scored_in_parallel(lines: Iterable[tuple[int, str]], rules: str, options: Any,
                       fmt: str, workers: int, command: str = "score"
                       ) -> Iterator[tuple[int, int, Any, str]]:
    """Every chunk's result (see `_score_chunk`) in input order, scored by `workers` processes.

    The lines are read as the workers need them: at most IN_FLIGHT tasks a worker are out
    at once (sent or scored, not yet written), so memory does not grow with the file.
    """
    import multiprocessing
    from collections import deque

    # fork shares the already imported, already warmed scorer; elsewhere the default
    method = "fork" if sys.platform.startswith("linux") else None
    context = multiprocessing.get_context(method)
    with context.Pool(workers, initializer=_quiet_worker) as pool:
        pending: deque = deque()
        for chunk in chunks_of(lines):
            task = (chunk, rules, options, fmt, command)
            pending.append(pool.apply_async(_score_chunk, (task,)))
            if len(pending) >= IN_FLIGHT * workers:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()
