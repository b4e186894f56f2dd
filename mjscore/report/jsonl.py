"""JSON Lines: one record (docs/output.md) per hand, written as each line is scored."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import LineReporter

if TYPE_CHECKING:
    from ..core.result import ScoreResult


def render(result: ScoreResult) -> str:
    """The record of one hand as its output line (workers render, the main process writes)."""
    from .record_text import record_text  # here: a file the native core scores never needs it

    return record_text(result) + "\n"


class Reporter(LineReporter):
    render = staticmethod(render)
