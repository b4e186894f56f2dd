"""A hand built from a record is checked as `mjscore score` checks a line before it is written.

The replay checks the events it meets, but a record can still add up to a hand that
cannot be (a fifth copy, more ura than dora indicators): such a hand is the round's
problem, never an output line that `mjscore score` would refuse. The value is checked
as it is (no line is read back): the limits the parser puts on a line's numbers, then
the validator. That its line reads back to this very hand is held by the tests, over
every record of the corpus (tests/test_records_values.py).

A caller that scores every line itself, and says what its scorer refuses, reads within
`scored_later()` (`mjscore stats`: the ledger scores each win; a line it refuses is
the error of its game): the guard would read each line a second time.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from ..base.errors import MjscoreError, NotAWin, NoYaku
from ..rulesets import DEFAULT_RULESET

if TYPE_CHECKING:
    from ..core.hand import Hand

_GUARDED: ContextVar[bool] = ContextVar("guarded", default=True)


@contextmanager
def scored_later() -> Iterator[None]:
    """Within it, `refusal` passes every line (its caller scores them all)."""
    token = _GUARDED.set(False)
    try:
        yield
    finally:
        _GUARDED.reset(token)


def refusal(hand: Hand) -> str | None:
    """Why mjscore refuses `hand` (a line of it would not be scored), or None.

    Not being a win (or having no yaku) is a verdict for `check` to compare, not a
    refusal: the record says the hand won, and the scorer may disagree.
    """
    if not _GUARDED.get():
        return None
    from ..engine.setting import resolve_cached
    from ..engine.validate import validate

    why = _beyond_the_notation(hand)
    if why:
        return f"the hand line built from it is refused by mjscore (notation: {why})"
    try:
        ruleset, values, _ = resolve_cached(hand, DEFAULT_RULESET, None)  # as score does
        validate(hand, ruleset, values)
    except (NotAWin, NoYaku):
        return None
    except MjscoreError as exc:
        return f"the hand line built from it is refused by mjscore ({exc.kind}: {exc})"
    return None


def _beyond_the_notation(hand: Hand) -> str | None:
    """What of a built hand its line could not say: the parser's own limits (the
    validator checks the rest)."""
    from ..core.hand import DECLARED_RIICHI
    from ..core.notation import MAX_COUNT, MAX_KITA, meld_shape_problem

    for meld in hand.holding.melds:
        why = meld_shape_problem(meld)
        if why:
            return why
    ctx = hand.ctx
    for key in ("honba", "sticks"):
        if getattr(ctx, key) > MAX_COUNT:
            return f"{key}:{getattr(ctx, key)} is too many: at most {MAX_COUNT}"
    if ctx.kita > MAX_KITA:
        return f"kita:{ctx.kita} is too many: at most {MAX_KITA} Norths can be set aside"
    own = 0 if ctx.flags.isdisjoint(DECLARED_RIICHI) else 1
    if ctx.riichi_by and len(ctx.riichi_by) + own > ctx.sticks:
        return f"riichi-by:{','.join(ctx.riichi_by)} names more riichi than sticks:{ctx.sticks}"
    return None
