"""Small helpers for value classes: a shared repr, and a mapping that can be a cache key.

A dataclass's generated `__repr__` costs about 0.4 ms of import time per class,
and the scorer defines some thirty value classes on the way to scoring one hand
from the shell; `Value`'s repr reads the fields when it is called, with the same text.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, Mapping
from dataclasses import fields
from typing import Any


class Value:
    """Mixed into a dataclass declared with `repr=False`: `Name(field=value, ...)`."""

    __slots__ = ()

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)
        return f"{type(self).__qualname__}({shown})"


class FrozenMap(Mapping[str, Any]):
    """A mapping that cannot change and hashes: a setting's options, which every line of
    the setting shares, so that a reporter can encode them once per setting.

    Like OrderedDicts, two FrozenMaps are equal only with the same items in the same
    order (and of the same types: 1 is not True), since a record's text depends on
    both; against any other mapping the items are compared as a dict compares them.
    """

    __slots__ = ("_items", "_key", "_hash")

    def __init__(self, items: Mapping[str, Any] | None = None):
        self._items = dict(items or {})
        self._key = tuple((name, _frozen(value)) for name, value in self._items.items())
        self._hash = hash(self._key)  # once: it is a cache key line after line

    def __getitem__(self, name: str) -> Any:
        return self._items[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def items(self) -> ItemsView[str, Any]:
        """The dict's own read-only view: `dict(m.items())` copies at C speed."""
        return self._items.items()

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> Any:
        if isinstance(other, FrozenMap):
            return self._key == other._key
        if isinstance(other, Mapping):
            return self._items == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._items!r})"


def _frozen(value: Any) -> Any:
    """A hashable stand-in for a value that tells apart what JSON tells apart."""
    if isinstance(value, (list, tuple)):
        return list, tuple(map(_frozen, value))
    if isinstance(value, (set, frozenset)):
        return frozenset, frozenset(map(_frozen, value))
    if isinstance(value, Mapping):
        return dict, tuple((k, _frozen(v)) for k, v in value.items())
    return type(value), value
