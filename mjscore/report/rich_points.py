"""Sections of the human report for points-and-doubles scores (European rules).

A European line scores every player, so the page shows the winner's points
and doubles side by side (where the riichi family shows yaku and fu), the
total with its limit or special hand, and a table of every player's points,
doubles, score and items before the settlement. `rich_report.score_report`
lays out the one page and asks these sections for a `PointsDoubles` score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .. import tiles as T

if TYPE_CHECKING:
    from ..hand import Holding
    from ..result import PlayerTally, PointsDoubles, ScoreItem, ScoreResult

SEATS = ("E", "S", "W", "N")


def _items_table(title: str, items: tuple[ScoreItem, ...], doubles: bool) -> Table:
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    table.add_column(title, style="bold" if doubles else "")
    table.add_column("", justify="right")
    for item in items:
        name = f"{item.name} ×{item.count}" if doubles and item.count > 1 else item.name
        table.add_row(name, str(item.value))
    return table


def items_body(score: PointsDoubles) -> Table:
    """The winner's points rows beside the doubles."""
    body = Table.grid(padding=(0, 4))
    body.add_row(_items_table("points", score.points_items, False),
                 _items_table("doubles", score.doubles_items, True))
    return body


def total_words(result: ScoreResult, score: PointsDoubles) -> Text:
    """`42 points · 2 doubles` with the limit, or the special hand."""
    if score.hand not in (None, "ordinary"):
        return Text(f"{score.points_items[0].name} (fixed value)", "bold")
    words = Text(f"{score.points} points · {score.doubles or 0} doubles", "bold")
    if result.limit:
        words.append(f"  {result.limit}", "bold magenta")
    return words


def _holding(h: Holding) -> str:
    """A player's tiles as mpsz text: concealed tiles, melds, flowers, declaration."""
    parts = [T.group_text(h.concealed, len(h.concealed_reds))] if h.concealed else []
    parts += [m.text() for m in h.melds]
    if h.flowers:
        parts.append("flowers " + T.group_text(h.flowers))
    if h.riichi:
        parts.append("riichi")
    return " ".join(parts)


def _detail(result: ScoreResult, seat: str, p: PlayerTally) -> Text | None:
    """A non-winner's holding, then his points items and doubles, as wrapped text."""
    hand = result.hand
    if hand is not None and seat in hand.others_by_seat:
        held = _holding(hand.others_by_seat[seat])
    elif hand is not None and result.winner is None and seat == hand.ctx.seat_wind:
        held = _holding(hand.holding) + (" riichi" if p.riichi else "")
    else:
        return None
    text = Text(held or "nothing written", "dim").append(":  ")
    text.append(" · ".join(f"{i.name} {i.value}" for i in p.points_items) or "no points")
    if p.doubles_items:
        text.append("  doubles: ", "dim")
        text.append(" · ".join(f"{i.name} +{i.value}" for i in p.doubles_items), "bold")
    return text


def players_section(result: ScoreResult, score: PointsDoubles) -> list:
    """Every player's points, doubles and score; below, each non-winner's holding and items."""
    system = score.settlement
    title = Text(f"players ({system} settlement)" if system else "players", "bold")
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    for name in ("seat", "points", "doubles", "score"):
        table.add_column(name, justify="left" if name == "seat" else "right",
                         style="bold" if name == "seat" else "")
    details = Table.grid(padding=(0, 1))
    details.add_column(style="bold")
    details.add_column()
    for seat in SEATS:
        p = score.players.get(seat)
        if p is None:
            continue
        table.add_row(seat, str(p.points), str(p.doubles), str(p.score))
        detail = _detail(result, seat, p)
        if detail is not None:
            details.add_row(seat, detail)
    body = Group(table, Text(), details) if details.row_count else Group(table)
    return [title, body, Text()]
