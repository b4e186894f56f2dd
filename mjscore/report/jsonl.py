"""JSON Lines: one OUTPUT.md record per hand, written as each line is scored."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from . import LineReporter, json_default, json_safe

if TYPE_CHECKING:
    from ..result import ScoreResult


# one encoder for every record: json.dumps with options builds a new one per call
_ENCODE = json.JSONEncoder(ensure_ascii=False, default=json_default).encode


def render(result: ScoreResult) -> str:
    """The record of one hand as its output line (workers render, the main process writes)."""
    return json_safe(_ENCODE(result.to_dict())) + "\n"


class Reporter(LineReporter):
    render = staticmethod(render)
