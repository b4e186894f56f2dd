"""JSON Lines: one OUTPUT.md record per hand, written as each line is scored."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from . import LineReporter, json_default

if TYPE_CHECKING:
    from ..result import ScoreResult


def render(result: ScoreResult) -> str:
    """The record of one hand as its output line (workers render, the main process writes)."""
    return json.dumps(result.to_dict(), ensure_ascii=False, default=json_default) + "\n"


class Reporter(LineReporter):
    render = staticmethod(render)
