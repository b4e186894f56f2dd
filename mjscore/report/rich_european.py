"""The human report's body for points-and-doubles rulesets (European rules).

A European line scores every player, so the report shows the winner's points
and doubles side by side (the riichi report's yaku and fu), the total with
its limit or special hand, a table of every player's points, doubles, score
and items, then the settlement. `rich_report` draws the header and hands the
rest of the page to `section` when a result carries `points`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from .. import tiles as T
from .rich_report import WIDTH, context_line, hand_lines, net_line, number, payments_table

if TYPE_CHECKING:
    from ..hand import Holding
    from ..result import ScoreResult

SEATS = ("E", "S", "W", "N")


def _items_table(title: str, items: list[dict[str, Any]], unit: str) -> Table:
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    table.add_column(title, style="bold" if unit == "doubles" else "")
    table.add_column("", justify="right")
    for item in items:
        name = f"{item['name']} ×{item['count']}" if unit == "doubles" and "count" in item \
            else item["name"]
        table.add_row(name, str(item[unit]))
    return table


def _total(result: ScoreResult) -> Table:
    """`42 points · 2 doubles` (or the special hand) and the score; then what was paid."""
    extra = result.extra
    special = extra.get("hand") not in (None, "ordinary")
    if special:
        words = Text(f"{extra['points_items'][0]['name']} (fixed value)", "bold")
    else:
        words = Text(f"{extra['points']} points · {extra.get('doubles', 0)} doubles", "bold")
        if result.limit:
            words.append(f"  {result.limit}", "bold magenta")
    grid = Table.grid()
    grid.width = WIDTH
    grid.add_column()
    grid.add_column(justify="right")
    grid.add_row(words, Text(number(extra.get("score", result.value)), "bold"))
    if result.value != extra.get("score"):
        grid.add_row(Text(f"paid to {result.winner}", "dim"), Text(number(result.value), "dim"))
    return grid


def _holding(h: Holding) -> str:
    """A player's tiles as mpsz text: concealed tiles, melds, flowers, declaration."""
    parts = [T.group_text(h.concealed, len(h.concealed_reds))] if h.concealed else []
    parts += [m.text() for m in h.melds]
    if h.flowers:
        parts.append("flowers " + T.group_text(h.flowers))
    if h.riichi:
        parts.append("riichi")
    return " ".join(parts)


def _detail(result: ScoreResult, seat: str, p: dict[str, Any]) -> Text | None:
    """A non-winner's holding, then his points items and doubles, as wrapped text."""
    parsed = result.parsed
    if parsed is not None and seat in parsed.others:
        held = _holding(parsed.others[seat])
    elif parsed is not None and result.winner is None and seat == parsed.ctx.seat_wind:
        held = _holding(parsed.hand) + (" riichi" if p.get("riichi") else "")
    else:
        return None
    text = Text(held or "nothing written", "dim").append(":  ")
    points = p.get("points_items", [])
    text.append(" · ".join(f"{i['name']} {i['points']}" for i in points) or "no points")
    if p.get("doubles_items"):
        text.append("  doubles: ", "dim")
        text.append(" · ".join(f"{i['name']} +{i['doubles']}" for i in p["doubles_items"]),
                    "bold")
    return text


def players_table(result: ScoreResult) -> Group:
    """Every player's points, doubles and score; below, each non-winner's holding and items."""
    players = result.extra.get("players") or {}
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    for name in ("seat", "points", "doubles", "score"):
        table.add_column(name, justify="left" if name == "seat" else "right",
                         style="bold" if name == "seat" else "")
    details = Table.grid(padding=(0, 1))
    details.add_column(style="bold")
    details.add_column()
    for seat in SEATS:
        p = players.get(seat)
        if not isinstance(p, dict):
            continue
        table.add_row(seat, *(str(p.get(k, "")) for k in ("points", "doubles", "score")))
        detail = _detail(result, seat, p)
        if detail is not None:
            details.add_row(seat, detail)
    return Group(table, Text(), details) if details.row_count else Group(table)


def section(result: ScoreResult) -> Group:
    """Everything below the header for a points-and-doubles result."""
    extra = result.extra
    parts: list[Any] = []
    if result.parsed is not None:
        if result.winner is None:
            parts.append(Text("exhaustive draw", "bold"))
        else:
            parts += hand_lines(result.parsed, result.discarder)
        parts.append(context_line(result.parsed))
    if result.reading:
        parts.append(Text(f"reading {result.reading}", "dim"))
    parts.append(Text())
    if result.winner is not None:
        body = Table.grid(padding=(0, 4))
        body.add_row(_items_table("points", extra.get("points_items", []), "points"),
                     _items_table("doubles", extra.get("doubles_items", []), "doubles"))
        parts += [body, Text("─" * WIDTH, "dim"), _total(result), Text()]
    if extra.get("players"):
        system = extra.get("settlement")
        parts.append(Text(f"players ({system} settlement)" if system else "players", "bold"))
        parts += [players_table(result), Text()]
    if result.payments:
        parts.append(payments_table(result))
    parts.append(net_line(result))
    parts += [Text("note ", "bold") + Text(note) for note in result.notes]
    return Group(*parts)


def render(console: Console, result: ScoreResult) -> None:
    """Print the European part of a scored result on `console`."""
    console.print(section(result))
