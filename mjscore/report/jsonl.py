"""JSON Lines: one OUTPUT.md record per hand, written and flushed as each line is scored."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, TextIO

from . import error_line, json_default

if TYPE_CHECKING:
    from ..result import ScoreResult


class Reporter:
    def __init__(self, out: TextIO, err: TextIO):
        self.out, self.err = out, err

    def emit(self, result: ScoreResult) -> None:
        if result.error is not None:
            print(error_line(result), file=self.err)
        self.out.write(json.dumps(result.to_dict(), ensure_ascii=False, default=json_default))
        self.out.write("\n")
        self.out.flush()

    def close(self) -> None:
        self.out.flush()
