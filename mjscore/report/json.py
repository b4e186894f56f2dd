"""One JSON array of OUTPUT.md records, written when the last line is scored.

Errors still go to stderr as they happen, so a long file reports trouble early.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TextIO

from . import error_line, json_default

if TYPE_CHECKING:
    from ..result import ScoreResult


def render(result: ScoreResult) -> dict[str, Any]:
    """The record of one hand (workers render, the main process writes the array)."""
    return result.to_dict()


class Reporter:
    def __init__(self, out: TextIO, err: TextIO, stream: bool = True):
        self.out, self.err = out, err
        self.records: list[dict[str, Any]] = []

    def emit(self, result: ScoreResult) -> None:
        self.emit_rendered(render(result), error_line(result) if result.error else None)

    def emit_rendered(self, record: dict[str, Any], error: str | None) -> None:
        if error is not None:
            print(error, file=self.err)
        self.records.append(record)

    def emit_chunk(self, records: list[dict[str, Any]], errors: str) -> None:
        """Many records rendered together (parallel scoring) and their stderr lines."""
        if errors:
            self.err.write(errors)
        self.records.extend(records)

    def close(self) -> None:
        json.dump(self.records, self.out, ensure_ascii=False, indent=2, default=json_default)
        self.out.write("\n")
        self.out.flush()
