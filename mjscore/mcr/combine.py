"""The non-repeat principle as one generic pass over the fan table.

Fans are visited from the most valuable down; a fan still present removes what it
implies. A fan removed earlier implies nothing, which is how Four Concealed Pungs
turns a self-drawn Fully Concealed Hand back into Self-Drawn (spec list 2.13).
"""

from __future__ import annotations

from collections import Counter

from .fans import ORDER
from .options import Table


def apply_implications(
    raw: Counter[str], table: Table, extra: dict[str, tuple[tuple[str, int], ...]] | None = None
) -> Counter[str]:
    """Fans left after every scored fan removed the fans it implies; Chicken Hand if none."""
    fans = Counter({k: n for k, n in raw.items() if n > 0})
    implies = table.implies
    for key in sorted(fans, key=ORDER.__getitem__):
        if not fans[key]:
            continue
        rules = implies[key] + (extra.get(key, ()) if extra else ())
        for other, n in rules:
            if fans.get(other):
                fans[other] = max(0, fans[other] - n)
    fans = +fans
    if not fans:
        fans["chicken_hand"] = 1
    return fans
