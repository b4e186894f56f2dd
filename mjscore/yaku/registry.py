"""The yaku registry: one predicate per key, registered with a decorator.

A predicate reads a HandFacts and returns how many times the yaku applies
(0: not at all; yakuhai may count one per set). Its docstring is its help
text. What a yaku is worth is ruleset data, never decided here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..facts import HandFacts

Predicate = Callable[["HandFacts"], int]
PREDICATES: dict[str, Predicate] = {}


NEEDS_FLAG: dict[str, str] = {}  # key -> the flag without which the yaku never applies
GATE: dict[str, str] = {}  # key -> a HandFacts attribute that is true whenever it applies

# The gates a predicate may name: cheap facts that most hands lack, so that the
# scorer skips whole groups of predicates at once (HandFacts sets each of them).
GATES = frozenset(("has_honors", "one_suit", "all_terminal_or_honor",
                   "some_terminal_or_honor", "no_terminal_or_honor", "orphans",
                   "seven_pairs", "tsumo", "runs2", "runs3", "triplets3"))


def yaku(key: str, needs_flag: str = "", gate: str = "") -> Callable[[Predicate], Predicate]:
    """Register `fn` as the predicate of `key`; a key may be registered only once.

    `needs_flag` names a flag of the line that the yaku cannot do without, and
    `gate` a fact (one of GATES) that holds whenever the yaku applies: the scorer
    then skips asking it on the many hands that lack them. Both are only
    shortcuts: the predicate must still check everything itself.
    """
    if gate and gate not in GATES:
        raise ValueError(f"yaku '{key}': unknown gate '{gate}'")

    def register(fn: Predicate) -> Predicate:
        if key in PREDICATES:
            raise ValueError(f"yaku '{key}' registered twice")
        PREDICATES[key] = fn
        if needs_flag:
            NEEDS_FLAG[key] = needs_flag
        if gate:
            GATE[key] = gate
        return fn

    return register


def describe(key: str) -> str:
    fn = PREDICATES.get(key)
    return (fn.__doc__ or "").strip().splitlines()[0] if fn and fn.__doc__ else ""
