"""Sections of the human report for points-and-doubles scores (European rules).

A European line scores every player, so the page shows the winner's points
and doubles side by side (where the riichi family shows yaku and fu), the
total with its limit or special hand, and a table of every player's points,
doubles, score and items before the settlement. `rich_report.score_report`
lays out the one page and asks these sections for a `PointsDoubles` score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..base import tiles as T
from .lang import japanese, seat, tr
from .layout import Cell, columns, side_by_side, wrap_words

if TYPE_CHECKING:
    from ..core.hand import Holding
    from ..core.result import PlayerTally, PointsDoubles, ScoreItem, ScoreResult


def _n(value: int) -> str:
    return f"{value}" if japanese() else f"{value:,}"


def _name(item: ScoreItem) -> str:
    """An item's name in the run's language (words_ja.european_item in Japanese)."""
    if not japanese():
        return item.name
    from .words_ja import european_item

    return european_item(item.key, item.name)


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def _items_lines(title: str, items: tuple[ScoreItem, ...], doubles: bool, width: int) -> list[Text]:
    rows: list[list[Cell]] = [[Text(tr(title), "bold"), ""]]
    for item in items:
        name = f"{_name(item)} ×{item.times}" if doubles and item.times > 1 else _name(item)
        rows.append([Text(name, "bold" if doubles else ""), _n(item.value)])
    return columns(rows, width, right=(1,), gap=1, wrap=0)


def items_body(score: PointsDoubles, width: int) -> list[Text]:
    """The winner's points rows beside the doubles."""
    return side_by_side(
        _items_lines("points", score.points_items, False, width),
        _items_lines("doubles", score.doubles_items, True, width),
        width,
    )


def total_words(result: ScoreResult, score: PointsDoubles) -> Text:
    """`42 points · 2 doubles` with the limit, or the special hand."""
    if score.hand not in (None, "ordinary"):
        if japanese():
            return Text(f"{_name(score.points_items[0])}（固定点）", "bold")
        return Text(f"{score.points_items[0].name} (fixed value)", "bold")
    assert score.points is not None  # a winner's score (a draw has no total)
    if japanese():
        words = Text(f"{score.points}点 · {score.doubles or 0}ダブル", "bold")
    else:
        words = Text(
            f"{_plural(score.points, 'point')} · {_plural(score.doubles or 0, 'double')}", "bold"
        )
    if result.limit:
        if japanese():
            from .words_ja import LIMITS

            words.append(f"  {LIMITS.get(result.limit, result.limit)}", "bold magenta")
        else:
            words.append(f"  {result.limit}", "bold magenta")
    return words


def _holding(h: Holding) -> str:
    """A player's tiles as mpsz text: concealed tiles, melds, flowers, declaration."""
    parts = [T.group_text(h.concealed, len(h.concealed_reds))] if h.concealed else []
    parts += [m.text() for m in h.melds]
    if h.flowers:
        parts.append(tr("flowers") + " " + T.group_text(h.flowers))
    if h.riichi:
        parts.append(tr("riichi"))
    return " ".join(parts)


def _detail(result: ScoreResult, seat: str, p: PlayerTally) -> Text | None:
    """A non-winner's holding, then his points items and doubles, as wrapped text."""
    hand = result.hand
    if hand is not None and seat in hand.others_by_seat:
        held = _holding(hand.others_by_seat[seat])
    elif hand is not None and result.winner is None and seat == hand.ctx.seat_wind:
        held = _holding(hand.holding) + (" " + tr("riichi") if p.riichi else "")
    else:
        return None
    text = Text(held or tr("nothing written"), "dim").append(":  ")
    text.append(" · ".join(f"{_name(i)} {_n(i.value)}" for i in p.points_items) or tr("no points"))
    if p.doubles_items:
        text.append(f"  {tr('doubles')}: ", "dim")
        text.append(" · ".join(f"{_name(i)} +{i.value}" for i in p.doubles_items), "bold")
    return text


def players_section(result: ScoreResult, score: PointsDoubles, width: int) -> list[Text]:
    """Every player's points, doubles and score; below, each non-winner's holding and items."""
    system = score.settlement
    if japanese():
        shown = {"simple": "簡易方式", "advanced": "精算方式", "none": "清算なし"}
        heading = f"{tr('players')}（{shown.get(system, system)}）" if system else tr("players")
    else:
        heading = f"players ({system} settlement)" if system else "players"
    lines = [Text(heading, "bold")]
    rows: list[list[Cell]] = [
        [
            Text(tr(name), "bold") if name == "seat" else tr(name)
            for name in ("seat", "points", "doubles", "score")
        ]
    ]
    details: list[Text] = []
    for who, p in score.players.items():  # the table's seats, in turn order
        rows.append([Text(seat(who), "bold"), _n(p.points), _n(p.doubles), _n(p.score)])
        detail = _detail(result, who, p)
        if detail is not None:
            details += wrap_words(Text(f"{seat(who)} ", "bold") + detail, width)
    lines += columns(rows, width, right=(1, 2, 3), gap=1)
    if details:
        lines += [Text(), *details]
    return [*lines, Text()]
