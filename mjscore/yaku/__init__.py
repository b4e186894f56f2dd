"""Yaku predicates, grouped by family; importing this package registers them all."""

from . import registry, riichi  # noqa: F401  (importing registers the predicates)

__all__ = ["registry"]
