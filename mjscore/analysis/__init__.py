"""Questions about a hand that is not (yet) a win: waits, shanten and ukeire.

The core's engine only scores; what a line that is not a win waits on is said here, and
added by whoever shows the result (`mjscore.score`, the command line, the record check).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.result import ScoreResult


def with_hint(result: ScoreResult) -> ScoreResult:
    """`result`, a not-a-win error completed with what the hand waits on; any other result
    as it is. The waits module (shanten tables, some milliseconds) is imported only here."""
    error = result.error
    if error is None or error.kind != "not_a_win":
        return result
    from .waits import add_hint

    return add_hint(result)
