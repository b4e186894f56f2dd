"""JSON Lines: one OUTPUT.md record per hand, written as each line is scored."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, TextIO

from . import error_line, json_default

if TYPE_CHECKING:
    from ..result import ScoreResult


def render(result: ScoreResult) -> str:
    """The record of one hand as its output line (workers render, the main process writes)."""
    return json.dumps(result.to_dict(), ensure_ascii=False, default=json_default) + "\n"


class Reporter:
    def __init__(self, out: TextIO, err: TextIO, stream: bool = True):
        self.out, self.err, self.stream = out, err, stream

    def emit(self, result: ScoreResult) -> None:
        self.emit_rendered(render(result), error_line(result) if result.error else None)

    def emit_rendered(self, text: str, error: str | None) -> None:
        if error is not None:
            print(error, file=self.err)
        self.out.write(text)
        if self.stream:  # a pipeline reading stdin gets each record at once
            self.out.flush()

    def close(self) -> None:
        self.out.flush()
