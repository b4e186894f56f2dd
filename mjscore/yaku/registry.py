"""The rule registry: one predicate per key and kind, registered with a decorator.

Every hand pattern of every ruleset family is a predicate over one facts type,
`facts.HandFacts`, returning how many times it applies (0: not at all; yakuhai
may count one per set). Its docstring is its help text. What a rule is worth,
who it applies to and what it supersedes is ruleset data, never decided here.

Kinds of rule (one table each, keyed by the ruleset's key for it):

* ``yaku``: the riichi family's yaku (``[yaku.KEY]`` of a han-fu ruleset);
* ``rows``, ``doubles``, ``special``: a points-and-doubles ruleset's winner
  points rows, doubles and special (limit) hands (``[params.rows|doubles|special]``).

One predicate may serve several keys and kinds: the European hand with the
shape of a riichi yakuman (nine gates, all green, all honours, ...) is the
same function, registered under both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.facts import HandFacts
    from ..rulesets.params import Double, Row, Special

Predicate = Callable[["HandFacts"], int]
KINDS = ("yaku", "rows", "doubles", "special")
REGISTRY: dict[str, dict[str, Predicate]] = {kind: {} for kind in KINDS}
PREDICATES = REGISTRY["yaku"]  # the riichi family's yaku
ROWS = REGISTRY["rows"]
DOUBLES = REGISTRY["doubles"]
SPECIAL = REGISTRY["special"]


NEEDS_FLAG: dict[str, str] = {}  # yaku key -> the flag without which the yaku never applies
GATE: dict[str, str] = {}  # yaku key -> a HandFacts attribute that is true whenever it applies
CONDITIONS_OF: dict[str, tuple[str, ...]] = {}  # yaku key -> the conditions it declares

# The conditions a yaku may declare: what its predicate asks of the win beside the
# hand's tiles. Each is a key of words in the reports, and yaku/conditions.py makes it
# true in a reading's facts, so that the explanation (analysis/explain.py) can ask the
# predicate again and say which one condition kept a yaku out, without reading its code.
# `option:NAME` is the ruleset's bool option NAME (open_tanyao: an open tanyao counts).
CONDITIONS = (
    "closed",  # no open meld
    "tsumo",  # won by self-draw (a triplet completed by ron is not concealed)
    "two_sided_wait",  # the wait of the reading is ryanmen
    "plain_pair",  # the pair is not a value honour (dragons, seat or round wind)
    "pair_wait",  # the reading waits on its pair (tanki)
    "thirteen_sided_wait",  # thirteen orphans waiting on all thirteen
    "option",  # option:NAME, a bool option of the ruleset
)

# The gates a predicate may name: cheap facts that most hands lack, so that the
# scorer skips whole groups of predicates at once (HandFacts sets each of them).
GATES = frozenset(
    (
        "has_honors",
        "one_suit",
        "all_terminal_or_honor",
        "some_terminal_or_honor",
        "no_terminal_or_honor",
        "orphans",
        "seven_pairs",
        "tsumo",
        "runs2",
        "runs3",
        "triplets3",
        "honour_sets",
        "outside_pair",
    )
)


def register(kind: str, key: str) -> Callable[[Predicate], Predicate]:
    """Register `fn` as the predicate of `key` in the table of `kind`; a key may be
    registered only once per kind, and a function under any number of keys."""
    table = REGISTRY[kind]

    def add(fn: Predicate) -> Predicate:
        if key in table:
            raise ValueError(f"{kind} '{key}' registered twice")
        table[key] = fn
        return fn

    return add


def yaku(
    key: str, needs_flag: str = "", gate: str = "", conditions: tuple[str, ...] = ()
) -> Callable[[Predicate], Predicate]:
    """Register `fn` as the predicate of the yaku `key`.

    `needs_flag` names a flag of the line that the yaku cannot do without, and
    `gate` a fact (one of GATES) that holds whenever the yaku applies: the scorer
    then skips asking it on the many hands that lack them. Both are only
    shortcuts: the predicate must still check everything itself.
    `conditions` (of CONDITIONS) are what the predicate asks of the win beside the
    tiles: the explanation says which of them kept the yaku out of a hand.
    """
    if gate and gate not in GATES:
        raise ValueError(f"yaku '{key}': unknown gate '{gate}'")
    for condition in conditions:
        name, _, option = condition.partition(":")
        if name not in CONDITIONS or (name == "option") != bool(option):
            raise ValueError(f"yaku '{key}': unknown condition '{condition}'")
    add = register("yaku", key)

    def register_yaku(fn: Predicate) -> Predicate:
        add(fn)
        if needs_flag:
            NEEDS_FLAG[key] = needs_flag
        if gate:
            GATE[key] = gate
        if conditions:
            CONDITIONS_OF[key] = conditions
        return fn

    return register_yaku


def row(key: str) -> Callable[[Predicate], Predicate]:
    """Register a winner points row (points-and-doubles rulesets)."""
    return register("rows", key)


def double(key: str) -> Callable[[Predicate], Predicate]:
    """Register a double (points-and-doubles rulesets)."""
    return register("doubles", key)


def special(key: str) -> Callable[[Predicate], Predicate]:
    """Register a special (limit) hand (points-and-doubles rulesets)."""
    return register("special", key)


def enabled(entry: Row | Double | Special, options: Mapping[str, Any]) -> bool:
    """A ruleset entry behind an option counts only when that option is on."""
    switch = entry.enabled_by
    return not switch or bool(options[switch])


def describe(key: str, kind: str = "yaku") -> str:
    fn = REGISTRY[kind].get(key)
    return (fn.__doc__ or "").strip().splitlines()[0] if fn and fn.__doc__ else ""
