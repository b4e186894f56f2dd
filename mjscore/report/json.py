"""One JSON array of records (docs/output.md), written as the lines are scored.

The array is opened with the first record and closed by `close()`, so memory stays small
whatever the file's size, and an interrupted run still leaves a complete array. The
text is that of `json.dump(records, indent=2)`. Errors go to stderr as they happen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from . import error_line, write_rendered
from .record_text import record_text

if TYPE_CHECKING:
    from ..core.result import ScoreResult

JOIN = ",\n"  # between the records of a chunk (parallel scoring)


def render(result: ScoreResult) -> str:
    """The record of one hand as an element of the array, indented, without separator
    (workers render, the main process writes)."""
    return "  " + record_text(result, indent=2).replace("\n", "\n  ")


class Reporter:
    def __init__(self, out: TextIO, err: TextIO, stream: bool = True):
        self.out, self.err, self.stream = out, err, stream
        self.count = 0

    def emit(self, result: ScoreResult) -> None:
        self.emit_rendered(render(result), error_line(result) if result.error else None)

    def emit_rendered(self, record: str | bytes, error: str | None) -> None:
        if error is not None:
            print(error, file=self.err)
        self.out.write(",\n" if self.count else "[\n")
        write_rendered(self.out, record)
        self.count += 1
        if self.stream:
            self.out.flush()

    def emit_chunk(self, records: str | bytes, errors: str) -> None:
        """Many records rendered together, JOIN between them (parallel scoring), and their
        stderr lines."""
        if errors:
            self.err.write(errors)
        if records:
            self.out.write(",\n" if self.count else "[\n")
            write_rendered(self.out, records)
            self.count += 1

    def close(self) -> None:
        self.out.write("\n]\n" if self.count else "[]\n")
        self.out.flush()
