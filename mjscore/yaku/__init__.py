"""Yaku predicates, grouped by family; importing this package registers them all."""

from . import local, registry, riichi, shiragiku  # noqa: F401  (importing registers them)

__all__ = ["registry"]
