"""`mjscore rules` and `mjscore yaku`: what the rulesets offer, as tables.

In a pipe the tables keep their natural width (no wrapping at 80 columns), so
`mjscore yaku | grep tanyao` finds the whole row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from rich import box
from rich.table import Table
from rich.text import Text

from .console import console, show

if TYPE_CHECKING:
    from ..rulesets import OptionSpec, Ruleset
    from ..rulesets.params import Double, Row, Special

DASH = "–"
WIDE = 240  # off a terminal, tables keep their natural width instead of wrapping


def accepted(spec: OptionSpec) -> str:
    """The values an option takes, as a user would type them."""
    if spec.kind == "bool":
        return "on|off"
    if spec.kind == "set":
        return ",".join(map(str, spec.choices)) + " (any of, or none)"
    if spec.choices:
        return "|".join(map(str, spec.choices))
    return "a number" if spec.kind == "int" else "text"


def options_table(ruleset: Ruleset) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for name in ("option", "default", "values", "meaning"):
        table.add_column(name, style="bold" if name == "option" else "")
    for spec in ruleset.options.values():
        table.add_row(spec.name, spec.show(spec.default), accepted(spec), spec.help)
    return table


def write_rules(rulesets: list[Ruleset], out: TextIO) -> None:
    con = console(out, pipe_width=WIDE)
    for i, ruleset in enumerate(rulesets):
        if i:
            con.print()
        line = Text(ruleset.name, "bold cyan") + Text(f"  {ruleset.title}")
        if ruleset.extends:
            line.append(f"  (extends {ruleset.extends})", "dim")
        con.print(line)
        show(con, options_table(ruleset) if ruleset.options else Text("  no options", "dim"))


def yaku_table(ruleset: Ruleset) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                  title=f"{ruleset.title}: yaku", title_justify="left")
    for name, justify in (("key", "left"), ("name", "left"), ("japanese", "left"),
                          ("reading", "left"), ("closed", "right"), ("open", "right"),
                          ("yakuman", "right"), ("optional", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for spec in ruleset.yaku.values():
        closed = spec.han or 13 * spec.yakuman  # a yakuman counts 13 han per unit
        table.add_row(spec.key, spec.name, spec.japanese, spec.reading, str(closed),
                      DASH if spec.han_open is None else str(spec.han_open),
                      str(spec.yakuman) if spec.yakuman else "",
                      "optional" if spec.optional else "")
    return table


def _plain_table(title: str, columns: tuple[str, ...], rows: list[tuple[str, ...]]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, title=title,
                  title_justify="left")
    for name in columns:
        table.add_column(name, justify="right" if name in ("points", "doubles", "value")
                         else "left")
    for row in rows:
        table.add_row(*row)
    return table


def _when(entry: Row | Double | Special) -> str:
    """Which option switches an entry on, as the table's last column says it."""
    if entry.enabled_by:
        return f"option {entry.enabled_by}"
    return "german_limit_hands" if getattr(entry, "german", False) else ""


def points_doubles_tables(ruleset: Ruleset) -> list[Table]:
    """Points rows, doubles and special hands of a points-and-doubles ruleset (European)."""
    params = ruleset.params
    rows = [(key, e.name, str(e.points), _when(e)) for key, e in params.rows.items()]
    doubles = [(key, e.name, str(e.doubles if e.doubles is not None else f"option {e.by_option}"),
                e.who_option and f"option {e.who_option}" or e.who,
                _when(e)) for key, e in params.doubles.items()]
    special = [(key, e.name,
                str(e.value) if e.value is not None else f"{e.limits} × limit", _when(e))
               for key, e in params.special.items()]
    return [
        _plain_table(f"{ruleset.title}: the winner's points", ("key", "name", "points", "when"),
                     rows),
        _plain_table("doubles", ("key", "name", "doubles", "who", "when"), doubles),
        _plain_table("special hands (a fixed value)", ("key", "name", "value", "when"),
                     special),
    ]


def fan_table(ruleset: Ruleset) -> Table:
    """The fan table of a fan ruleset (Chinese Official): the engine's, at default values."""
    from ..mcr import FANS

    rows = [(f.key, f.name, f.name_zh, str(f.points)) for f in FANS]
    return _plain_table(f"{ruleset.title}: fans (a win needs 8 without flowers)",
                        ("key", "name", "chinese", "points"), rows)


def write_yaku(ruleset: Ruleset, out: TextIO) -> None:
    """The yaku table; for a points-and-doubles ruleset its points, doubles and special hands."""
    con = console(out, pipe_width=WIDE)
    if ruleset.scoring == "fan":
        show(con, fan_table(ruleset))
        return
    if ruleset.scoring == "points_doubles":
        for i, table in enumerate(points_doubles_tables(ruleset)):
            if i:
                con.print()
            show(con, table)
        return
    show(con, yaku_table(ruleset))
