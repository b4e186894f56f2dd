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


def write_yaku(ruleset: Ruleset, out: TextIO) -> None:
    show(console(out, pipe_width=WIDE), yaku_table(ruleset))
