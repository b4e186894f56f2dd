"""Stop signals and output failures, the same for every command and every process.

A run answers Ctrl-C, SIGTERM and SIGHUP after the last whole record (`STOP`); the
parallel workers ignore them and let the main process answer (`stop_signals`). What
each one becomes as an exit status is the runner's `guarded`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class OutputError(Exception):
    """stdout cannot take the output (a full disk, /dev/full, a closed fd 1): one line,
    exit 2, whatever the command."""


class ClosedPipe(Exception):
    """The reader of stdout has gone (`| head`): the run ends quietly. Not an OSError, so
    that click does not turn it into its own exit status on the way out."""


class Stopped(BaseException):
    """A stop signal (SIGINT, SIGTERM, SIGHUP) ended the command: exit 128 + its number.

    A BaseException like KeyboardInterrupt, so that no `except Exception` on the way keeps
    the run going, but not a KeyboardInterrupt, which typer would turn into 130 whatever
    the signal was."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def stop_signals() -> set[int]:
    """The signals that end a run the way Ctrl-C does (SIGHUP where the system has it)."""
    import signal

    return {
        getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
    }


class _StopSignals:
    """A context in which each stop signal raises Stopped; a signal the caller ignores
    (`nohup`, a background job) stays ignored. A record is written whole: a signal while
    one is written takes effect just after it, and the main thread blocks the signals
    meanwhile, since a write cut by a signal can lose data. A failing output becomes
    OutputError, a closed pipe ClosedPipe."""

    def __init__(self) -> None:
        self.depth = 0  # blocks entered and not yet left: signals wait until it is 0
        self.pending = 0
        self.previous: dict[int, Any] = {}

    def __enter__(self) -> _StopSignals:
        import signal
        import threading

        if threading.current_thread() is threading.main_thread():
            for signum in stop_signals():
                if signal.getsignal(signum) is not signal.SIG_IGN:
                    self.previous[signum] = signal.signal(signum, self._on_signal)
        return self

    def __exit__(self, *exc: object) -> None:
        import signal

        for signum, handler in self.previous.items():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
        self.previous = {}

    def _on_signal(self, signum: int, frame: object) -> None:
        if self.depth:
            self.pending = signum
        else:
            raise Stopped(signum)

    @contextmanager
    def blocked(self) -> Iterator[None]:
        """The stop signals held back (not lost) while the block runs, then answered."""
        import signal

        mask = bool(self.previous) and hasattr(signal, "pthread_sigmask")
        self.depth += 1
        if mask and self.depth == 1:
            signal.pthread_sigmask(signal.SIG_BLOCK, set(self.previous))
        try:
            yield
        finally:
            self.depth -= 1
            if mask and not self.depth:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, set(self.previous))
        if self.pending and not self.depth:
            signum, self.pending = self.pending, 0
            raise Stopped(signum)

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Write one record whole (see `blocked`); a failing write is OutputError."""
        with self.blocked():
            try:
                yield
            except BrokenPipeError:
                raise ClosedPipe from None
            except OSError as exc:
                raise OutputError(f"cannot write the output: {exc.strerror or exc}") from None


STOP = _StopSignals()  # entered by `guarded` for each command
