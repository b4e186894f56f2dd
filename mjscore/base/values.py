"""A mapping that can be a cache key: a setting's options, shared by its lines.

(Value classes themselves are `mjscore.frozen.value_class`, or NamedTuples for the
result values built several times a line: see `mjscore.result`.)
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, Mapping
from typing import Any


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
