"""Ruleset options: every 1998/2006 difference of spec section 7 as a named switch.

Defaults are the 1998 values as pymahjonggb 1.4.0 applies them. Most options only
change the fan table (a value, an implication); `table()` builds that table once per
distinct set of options.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from ..base.frozen import value_class
from .fans import ALL, FANS


@value_class(slots=False)
class Option:
    name: str
    default: object
    choices: tuple
    doc: str
    section7_row: int


OPTIONS: tuple[Option, ...] = (
    Option(
        "two_concealed_kongs",
        6,
        (6, 8),
        "Points of Two Concealed Kongs: 6 (1998) or 8 (WMO 2006 General Rules).",
        1,
    ),
    Option(
        "concealed_and_melded_kong",
        5,
        (5, 6, 3),
        "One concealed + one melded kong: 5 = pymahjonggb's extra fan 明暗杠, 6 = the WMO "
        "2006 value of that fan, 3 = no extra fan (Concealed Kong 2 + Melded Kong 1).",
        2,
    ),
    Option(
        "kong_fans_beside_three_kongs",
        False,
        (False, True),
        "True: with three or four kongs, concealed kongs still add Concealed Kong / Two "
        "Concealed Kongs (the disputed 2006 reading).",
        3,
    ),
    Option(
        "seven_pairs_tile_hog_all_green_terminals",
        True,
        (True, False),
        "False: no Tile Hog for Seven Pairs with All Green or All Terminals (2006 Tianjin).",
        4,
    ),
    Option(
        "lesser_honors_all_types",
        False,
        (False, True),
        "True: Lesser Honors and Knitted Tiles also scores All Types (WMO 2006).",
        5,
    ),
    Option(
        "knitted_straight_edge_closed",
        True,
        (True, False),
        "False: Knitted Straight never combines with Edge or Closed Wait (WMO 2006).",
        6,
    ),
    Option(
        "nine_gates_terminal_pungs",
        "one",
        ("one", "all"),
        "Pung of Terminals or Honors removed by Nine Gates: 'one' (pymahjonggb) or 'all'.",
        7,
    ),
    Option(
        "all_terminals_pung_fans",
        "common",
        ("common", "strict", "keep"),
        "With All Terminals: 'common' drops Double Pung, 'strict' (1998) also Triple Pung, "
        "'keep' scores both.",
        8,
    ),
    Option(
        "strict_98_one_voided_suit",
        False,
        (False, True),
        "True: no One Voided Suit with Big/Little Three Dragons, Big Three Winds, Quadruple "
        "Chow, Four Pure Shifted Pungs or Chows (strict 1998).",
        9,
    ),
    Option(
        "seven_pairs_tile_fans",
        True,
        (True, False),
        "False: Seven Pairs does not combine with All Green, All Honors, All Terminals, All "
        "Terminals and Honors or the tile-range fans (strict 1998).",
        10,
    ),
    Option(
        "fully_concealed_special_shapes",
        False,
        (False, True),
        "True: self-drawn Four Concealed Pungs, Nine Gates, Seven (Shifted) Pairs, Thirteen "
        "Orphans and the Honors-and-Knitted hands score Fully Concealed Hand, not Self-Drawn.",
        11,
    ),
    Option(
        "last_tile_draw_with_replacement",
        True,
        (True, False),
        "False: a kong replacement that is also the last wall tile scores only Out with "
        "Replacement Tile, not Last Tile Draw as well.",
        13,
    ),
    Option(
        "knitted_straight_all_chows",
        True,
        (True, False),
        "False: Knitted Straight + chow + suited pair does not score All Chows.",
        14,
    ),
)
DEFAULTS: dict[str, object] = {o.name: o.default for o in OPTIONS}
_BY_NAME = {o.name: o for o in OPTIONS}

Resolved = tuple[tuple[str, object], ...]


def resolve(options: Mapping[str, object] | None) -> Resolved:
    """Defaults overlaid with `options`, checked; hashable so tables can be cached."""
    merged = dict(DEFAULTS)
    for name, value in (options or {}).items():
        opt = _BY_NAME.get(name)
        if opt is None:
            raise ValueError(f"unknown MCR option {name!r}; known: {', '.join(_BY_NAME)}")
        if value not in opt.choices:
            raise ValueError(f"MCR option {name} takes {opt.choices}, not {value!r}")
        merged[name] = value
    return tuple(merged.items())


_SPECIAL_SHAPES = (
    "four_concealed_pungs",
    "nine_gates",
    "seven_pairs",
    "seven_shifted_pairs",
    "thirteen_orphans",
    "greater_honors_and_knitted_tiles",
    "lesser_honors_and_knitted_tiles",
)
_ONE_VOIDED_STRICT = (
    "big_three_dragons",
    "little_three_dragons",
    "big_three_winds",
    "quadruple_chow",
    "four_pure_shifted_pungs",
    "four_pure_shifted_chows",
)


@value_class(slots=False)
class Table:
    """Points and implications of every fan under one set of options."""

    points: dict[str, int]
    implies: dict[str, tuple[tuple[str, int], ...]]
    opts: dict[str, object]


def _points(o: dict[str, object], name: str) -> int:
    """An option whose value is a fan's points (resolve() held it to the option's choices)."""
    value = o[name]
    assert isinstance(value, int)
    return value


@lru_cache(maxsize=64)
def table(resolved: Resolved) -> Table:
    o = dict(resolved)
    points = {f.key: f.points for f in FANS}
    implies = {f.key: dict(f.implies) for f in FANS}
    points["two_concealed_kongs"] = _points(o, "two_concealed_kongs")
    if o["concealed_and_melded_kong"] != 3:
        points["concealed_kong_and_melded_kong"] = _points(o, "concealed_and_melded_kong")
    if o["kong_fans_beside_three_kongs"]:
        for big in ("three_kongs", "four_kongs"):
            implies[big].pop("concealed_kong")
            implies[big].pop("two_concealed_kongs")
    if o["lesser_honors_all_types"]:
        implies["lesser_honors_and_knitted_tiles"].pop("all_types")
    if not o["knitted_straight_edge_closed"]:
        implies["knitted_straight"].update(edge_wait=ALL, closed_wait=ALL)
    if o["nine_gates_terminal_pungs"] == "all":
        implies["nine_gates"]["pung_of_terminals_or_honors"] = ALL
    if o["all_terminals_pung_fans"] == "strict":
        implies["all_terminals"]["triple_pung"] = ALL
    elif o["all_terminals_pung_fans"] == "keep":
        implies["all_terminals"].pop("double_pung")
    if o["strict_98_one_voided_suit"]:
        for key in _ONE_VOIDED_STRICT:
            implies[key]["one_voided_suit"] = ALL
    if o["fully_concealed_special_shapes"]:
        for key in _SPECIAL_SHAPES:
            implies[key].pop("fully_concealed_hand", None)
    if not o["last_tile_draw_with_replacement"]:
        implies["out_with_replacement_tile"]["last_tile_draw"] = ALL
    if not o["knitted_straight_all_chows"]:
        implies["knitted_straight"]["all_chows"] = ALL
    return Table(points, {k: tuple(v.items()) for k, v in implies.items()}, o)
