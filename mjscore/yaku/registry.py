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


def yaku(key: str) -> Callable[[Predicate], Predicate]:
    """Register `fn` as the predicate of `key`; a key may be registered only once."""

    def register(fn: Predicate) -> Predicate:
        if key in PREDICATES:
            raise ValueError(f"yaku '{key}' registered twice")
        PREDICATES[key] = fn
        return fn

    return register


def describe(key: str) -> str:
    fn = PREDICATES.get(key)
    return (fn.__doc__ or "").strip().splitlines()[0] if fn and fn.__doc__ else ""
