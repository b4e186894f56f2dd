"""A repr for the value classes, shared instead of generated one per class.

A dataclass's generated `__repr__` costs about 0.4 ms of import time per class,
and the scorer defines some thirty value classes on the way to scoring one hand
from the shell; this one reads the fields when it is called, with the same text.
"""

from __future__ import annotations

from dataclasses import fields


class Value:
    """Mixed into a dataclass declared with `repr=False`: `Name(field=value, ...)`."""

    __slots__ = ()

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)
        return f"{type(self).__qualname__}({shown})"
