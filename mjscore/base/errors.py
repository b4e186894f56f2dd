"""Every way a line can fail to score, each with the `kind` that docs/output.md names."""

from __future__ import annotations

from enum import IntEnum
from typing import Any


class ExitCode(IntEnum):
    OK = 0
    NOT_ALL_SCORED = 1
    USAGE = 2


class MjscoreError(Exception):
    """A line that is not a scored win; `kind` is the machine-readable class."""

    kind = "invalid_hand"

    def __init__(self, message: str, column: int | None = None, token: str | None = None):
        super().__init__(message)
        self.message = message
        self.column = column
        self.token = token

    def __str__(self) -> str:
        if self.column is not None:
            return f"column {self.column}: {self.message}"
        return self.message

    def to_dict(self) -> dict[str, Any]:
        """The record's error: the message without the column, which has its own key."""
        return {"kind": self.kind, "message": self.message, "column": self.column}


class NotationError(MjscoreError):
    """The text cannot be read as a hand line."""

    kind = "notation"


class InvalidHand(MjscoreError):
    """The line reads, but the tiles cannot exist (counts, fifth copies, bad melds)."""

    kind = "invalid_hand"


class ContextError(MjscoreError):
    """Flags or table context contradict each other or the ruleset."""

    kind = "context"


class NotAWin(MjscoreError):
    """The tiles do not form a complete hand."""

    kind = "not_a_win"


class NoYaku(MjscoreError):
    """A complete hand that the ruleset does not let win (no yaku)."""

    kind = "no_yaku"


class RulesetError(MjscoreError):
    """Unknown ruleset, unknown option or a bad option value."""

    kind = "ruleset"
