"""One JSON array of OUTPUT.md records, written when the last line is scored.

Errors still go to stderr as they happen, so a long file reports trouble early.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TextIO

from . import error_line, json_default

if TYPE_CHECKING:
    from ..result import ScoreResult


class Reporter:
    def __init__(self, out: TextIO, err: TextIO):
        self.out, self.err = out, err
        self.records: list[dict[str, Any]] = []

    def emit(self, result: ScoreResult) -> None:
        if result.error is not None:
            print(error_line(result), file=self.err)
        self.records.append(result.to_dict())

    def close(self) -> None:
        json.dump(self.records, self.out, ensure_ascii=False, indent=2, default=json_default)
        self.out.write("\n")
        self.out.flush()
