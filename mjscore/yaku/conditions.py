"""The declared conditions of the yaku (registry.CONDITIONS) made true in a reading's facts.

A yaku declares what its predicate asks of the win beside the tiles (`@yaku(...,
conditions=...)`). To say which one condition kept a yaku out of a hand, the
explanation asks the predicate again on the same facts with that one condition made
true (`made`): the predicate is never read, only asked. A condition that the facts
already meet (`holds`) is never the one that failed.
"""

from __future__ import annotations

import copy
from typing import Any

from ..core.decompose import ORPHANS_13, RUN, RYANMEN, TANKI
from ..core.facts import HandFacts
from .registry import CONDITIONS


def split(condition: str) -> tuple[str, str]:
    """(the vocabulary key, the option it names or ""): `option:open_tanyao` ->
    ("option", "open_tanyao"), `closed` -> ("closed", "")."""
    key, _, option = condition.partition(":")
    assert key in CONDITIONS, condition
    return key, option


def holds(condition: str, f: HandFacts) -> bool:
    """Whether the facts already meet the condition."""
    key, option = split(condition)
    if key == "closed":
        return f.closed
    if key == "tsumo":
        return f.tsumo
    if key == "two_sided_wait":
        return f.wait == RYANMEN
    if key == "plain_pair":
        return f.pair not in f.value_tiles()
    if key == "pair_wait":
        return f.wait == TANKI
    if key == "thirteen_sided_wait":
        return f.wait == ORPHANS_13
    return bool(f.options.get(option))


def made(condition: str, f: HandFacts) -> HandFacts:
    """A copy of the facts in which the condition holds, everything else as it was."""
    key, option = split(condition)
    g = copy.copy(f)  # a plain attribute copy: the facts are read, never written
    changes: dict[str, Any]
    if key == "closed":
        changes = {"closed": True}
    elif key == "tsumo":  # a triplet completed by ron becomes concealed too
        changes = {
            "tsumo": True,
            "concealed_triplets": sum(1 for x in f.groups if x.kind != RUN and not x.called),
        }
    elif key == "two_sided_wait":
        changes = {"wait": RYANMEN}
    elif key == "plain_pair":
        changes = {"pair": None}  # no tile: not a value honour
    elif key == "pair_wait":
        changes = {"wait": TANKI}
    elif key == "thirteen_sided_wait":
        changes = {"wait": ORPHANS_13}
    else:
        changes = {"options": {**f.options, option: True}}
    g.__dict__.update(changes)
    return g
