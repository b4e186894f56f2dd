"""A line built from a record is read back as `mjscore score` reads it before it is written.

The replay checks the events it meets, but a record can still add up to a hand that
cannot be (a fifth copy, a pon of three different tiles): such a line is the round's
problem, never an output line that `mjscore score` would refuse.

A caller that scores every line itself, and says what its scorer refuses, reads within
`scored_later()` (`mjscore stats`: the ledger scores each win; a line it refuses is
the error of its game): the guard would read each line a second time.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from ..base.errors import MjscoreError, NotAWin, NoYaku
from ..rulesets import DEFAULT_RULESET

_GUARDED: ContextVar[bool] = ContextVar("guarded", default=True)


@contextmanager
def scored_later() -> Iterator[None]:
    """Within it, `refusal` passes every line (its caller scores them all)."""
    token = _GUARDED.set(False)
    try:
        yield
    finally:
        _GUARDED.reset(token)


def refusal(line: str) -> str | None:
    """Why mjscore's parser or validator refuses `line`, or None when it reads.

    Not being a win (or having no yaku) is a verdict for `check` to compare, not a
    refusal: the record says the hand won, and the scorer may disagree.
    """
    if not _GUARDED.get():
        return None
    from ..core.notation import parse_line
    from ..engine.setting import resolve
    from ..engine.validate import validate

    try:
        hand = parse_line(line)
        ruleset, values = resolve(hand, DEFAULT_RULESET, None)
        validate(hand, ruleset, values)
    except (NotAWin, NoYaku):
        return None
    except MjscoreError as exc:
        return f"the hand line built from it is refused by mjscore ({exc.kind}: {exc})"
    return None
