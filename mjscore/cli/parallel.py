"""Scoring a long file on every core: workers score and render chunks of lines, and the
main process writes them in input order, so the output is byte for byte the serial one.

Only the machine formats go in parallel (the human report is drawn by one process),
and only files long enough to pay for starting the workers.

The workers are this module's own processes, each with its own pipes, not a
multiprocessing.Pool: a Pool worker that dies holding the pool's shared task lock (a
SIGTERM to the whole process group, as `timeout` and systemd send) hangs the pool's
shutdown. Here the workers ignore the stop signals, the main process answers them and
then kills and waits for its workers.
"""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any, NamedTuple

PARALLEL_MIN_LINES = 2000  # below this, starting workers costs more than it saves
CHUNK = 500  # lines per task: each task costs its sending and a result
SERIAL_CHUNK = 100  # lines a write when one process scores a file: few writes, soon seen
IN_FLIGHT = 3  # tasks a worker out at once: enough to keep it busy, few enough to stay small


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def workers_for(total: int, fmt: str, jobs: int, native: bool = False) -> int:
    """How many processes score `total` lines: `jobs` 0 is automatic, 1 is serial. With
    the native core (`native`: the run's ruleset is one it scores) a line costs less than
    sending it to a worker and back, so automatic is one process (docs/native.md)."""
    from ..report import FORMATS

    if not FORMATS[fmt].machine or jobs == 1 or total < 2:
        return 1
    if jobs == 0:
        if total < PARALLEL_MIN_LINES or native:
            return 1
        jobs = available_cores()
    return max(1, min(jobs, -(-total // CHUNK)))


def _score_chunk(
    task: tuple[list[tuple[int, str]], str, Any, str, str, str | None],
) -> tuple[int, int, Any, str]:
    """(lines scored, lines failed, the rendered records, the stderr lines) of one chunk.

    Line formats come back as one string per chunk, not one per record: sending and
    writing a few large strings costs the main process far less than many small ones.
    """
    from ..report import error_line
    from .lines import ANALYSE, reporters_of, with_source
    from .native import run_for

    chunk, rules, options, fmt, command, source = task
    analyse = ANALYSE[command]
    render, join = reporters_of(command).renderer(fmt)
    native = run_for(rules, options, fmt, command)
    if native is not None:  # the riichi family's lines in Rust, the others as below
        return native.score_chunk(chunk, fmt, source, analyse, render, join)
    records: list[str] = []
    errors: list[str] = []
    scored = 0
    for number, text in chunk:
        result = with_source(analyse(text, rules, options, number), source)
        records.append(render(result))
        if result.ok and result.error is None:
            scored += 1
        else:
            errors.append(error_line(result) + "\n")
    rendered = join.join(records)  # JSON: ",\n" between records
    return scored, len(chunk) - scored, rendered, "".join(errors)


def chunks_of(
    lines: Iterable[tuple[int, str]], size: int = CHUNK
) -> Iterator[list[tuple[int, str]]]:
    """The lines in lists of `size`, read as they are asked for. When the input fails
    (an endless line, a read error), the lines read before it come first, then the error."""
    chunk: list[tuple[int, str]] = []
    try:
        for item in lines:
            chunk.append(item)
            if len(chunk) == size:
                yield chunk
                chunk = []
    except Exception:
        if chunk:
            yield chunk
        raise
    if chunk:
        yield chunk


def scored_in_chunks(
    lines: Iterable[tuple[int, str]],
    rules: str,
    options: Any,
    fmt: str,
    command: str = "score",
    source: str | None = None,
) -> Generator[tuple[int, int, Any, str], None, None]:
    """Every chunk's result (see `_score_chunk`) in input order, scored in this process:
    one write a chunk, not one a record, and the same text as the parallel run."""
    for chunk in chunks_of(lines, SERIAL_CHUNK):
        yield _score_chunk((chunk, rules, options, fmt, command, source))


def scored_in_parallel(
    lines: Iterable[tuple[int, str]],
    rules: str,
    options: Any,
    fmt: str,
    workers: int,
    command: str = "score",
    source: str | None = None,
) -> Generator[tuple[int, int, Any, str], None, None]:
    """Every chunk's result (see `_score_chunk`) in input order, scored by `workers` processes.

    The lines are read as the workers need them: at most IN_FLIGHT tasks a worker are out
    at once (sent or scored, not yet written), so memory does not grow with the file. When
    the input fails, every chunk read before it is still scored and yielded, then the
    input's error is raised. However the run ends (done, a stop signal, the consumer
    closing this generator), no worker is left behind.
    """
    from collections import deque

    crew = _Crew(workers)
    try:
        crew.start()
        pending: deque[_Worker] = deque()
        read = chunks_of(lines)
        failure: Exception | None = None
        for number in itertools.count():
            try:
                chunk = next(read)
            except StopIteration:
                break
            except Exception as exc:  # the input's own error, after what was read before it
                failure = exc
                break
            worker = crew.workers[number % workers]
            worker.send((chunk, rules, options, fmt, command, source))
            pending.append(worker)
            if len(pending) >= IN_FLIGHT * workers:
                yield pending.popleft().receive()
        while pending:
            yield pending.popleft().receive()
        crew.finish()
        if failure is not None:
            raise failure
    finally:
        crew.end()


class Call(NamedTuple):
    """A task for a worker beyond a chunk of lines: `function(argument)`, its answer sent
    back (`mapped_in_order`; the function is a module's, so that it pickles by name)."""

    function: Callable[[Any], Any]
    argument: Any


def mapped_in_order(
    function: Callable[[Any], Any], arguments: Iterable[Any], workers: int
) -> Generator[Any, None, None]:
    """`function(argument)` of each argument, computed by `workers` processes and given in
    the order of the arguments (at most IN_FLIGHT a worker out at once), with the same
    care for stops and lost workers as `scored_in_parallel`."""
    from collections import deque

    crew = _Crew(workers)
    try:
        crew.start()
        pending: deque[_Worker] = deque()
        for number, argument in enumerate(arguments):
            worker = crew.workers[number % workers]
            worker.send(Call(function, argument))
            pending.append(worker)
            if len(pending) >= IN_FLIGHT * workers:
                yield pending.popleft().receive()
        while pending:
            yield pending.popleft().receive()
        crew.finish()
    finally:
        crew.end()


class WorkerLost(Exception):
    """A worker process ended without being told to (the OOM killer, a crash)."""


class _Worker:
    """One worker process and its two pipes: tasks in (through a feeder thread, so that a
    full pipe of tasks never blocks the main process while the worker waits to hand back a
    result) and results out, read in the order the tasks were sent."""

    def __init__(self, context: Any, parent_ends: list[Any]) -> None:
        import queue
        import threading

        self.tasks_in, self.tasks = context.Pipe(duplex=False)
        self.results, self.results_out = context.Pipe(duplex=False)
        parent_ends += [self.tasks, self.results]
        closing = parent_ends if context.get_start_method() == "fork" else []
        self.process = context.Process(
            target=_serve, daemon=True, args=(self.tasks_in, self.results_out, closing)
        )
        self.queue: Any = queue.SimpleQueue()
        self.feeder = threading.Thread(target=self._feed, daemon=True)

    def start(self) -> None:
        self.process.start()
        self.tasks_in.close()  # the worker's ends are the worker's: its death is an EOF here
        self.results_out.close()

    def _feed(self) -> None:
        while (task := self.queue.get()) is not _END:
            try:
                self.tasks.send(task)
            except (OSError, ValueError):  # the worker is gone: ending, or reported there
                return

    def send(self, task: Any) -> None:
        self.queue.put(task)

    def receive(self) -> Any:
        try:
            reply = self.results.recv()
        except (EOFError, OSError):
            raise WorkerLost(
                f"a worker process ended unexpectedly (exit status {self.process.exitcode})"
            ) from None
        if isinstance(reply, BaseException):
            raise reply
        return reply

    def end(self, kill: bool) -> None:
        if kill:
            self.process.kill()
        if self.feeder.ident is not None:
            self.send(_END)
            self.feeder.join()
        self.process.join()
        self.tasks.close()
        self.results.close()


_END = object()  # tells a feeder thread to stop


class _Crew:
    """The worker processes of one run. They are started one by one with the stop signals
    blocked, so that a signal never reaches a worker before it ignores them (the main
    process answers them) and a worker holds no other worker's pipes."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.workers: list[_Worker] = []
        self.finished = False

    def start(self) -> None:
        import multiprocessing

        from .stops import STOP

        # fork shares the already imported, already warmed scorer; elsewhere the default
        method = "fork" if sys.platform.startswith("linux") else None
        context = multiprocessing.get_context(method)
        parent_ends: list[Any] = []
        with STOP.blocked():
            for _ in range(self.size):
                worker = _Worker(context, parent_ends)
                worker.start()
                self.workers.append(worker)
        for worker in self.workers:  # threads after the forks: a fork copies no thread
            worker.feeder.start()

    def finish(self) -> None:
        """Every task is answered: the workers are told to end, and do."""
        for worker in self.workers:
            worker.send(None)
        self.finished = True

    def end(self) -> None:
        """Workers that were not told to end are killed (they ignore the stop signals);
        then every one is waited for, so none is left behind."""
        from .stops import STOP

        with STOP.blocked():
            for worker in self.workers:
                worker.end(kill=not self.finished)


def _serve(tasks: Any, results: Any, parent_ends: list[Any]) -> None:
    """A worker: score each chunk it is sent, until None or the main process is gone."""
    import signal

    from .stops import stop_signals

    for end in parent_ends:  # the main process's ends: then its death is an EOF here
        end.close()
    signals = stop_signals()
    for signum in signals:  # a group signal (Ctrl-C, timeout, systemd): main answers it
        signal.signal(signum, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, signals)
    while True:
        try:
            task = tasks.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            reply: Any = (
                task.function(task.argument) if isinstance(task, Call) else _score_chunk(task)
            )
        except Exception as exc:  # a bug: raised in the main process, as Pool did
            reply = RuntimeError(f"{type(exc).__name__}: {exc}")
        try:
            results.send(reply)
        except (OSError, ValueError):
            return
