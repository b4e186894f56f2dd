"""The human report: the hand drawn as tiles, yaku and fu side by side, who pays whom.

rich decides about colour: on a terminal the report is coloured; in a pipe it is plain
text, and NO_COLOR drops the colours. Every fact is also written as text
(mpsz, seat letters, numbers), so nothing depends on colour or on the Unicode
tiles rendering well. Errors go to the error stream with a caret under the column.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, TextIO

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .. import tiles as T
from ..hand import ANKAN, SOURCE_WORDS, seat_from
from ..result import Fans, PointsDoubles
from . import caret, describe, safe
from .console import console, show

if TYPE_CHECKING:
    from ..hand import Hand, Holding, Meld
    from ..result import ScoreResult

SUIT_STYLES = {"m": "red", "p": "blue", "s": "green", "z": "bold", "f": "magenta", "g": "magenta"}
RED_FIVE = "bold white on red"
SEATS = ("E", "S", "W", "N")
TILE_BACK = "\U0001F02B"
WIDTH = 64  # header, rule and total line: wide enough for the sketch, never the whole screen


def number(n: int, sign: bool = False) -> str:
    """7,700; with `sign`, +8,000 / -8,000 / 0."""
    return f"{n:+,}" if sign and n else f"{n:,}"


# -- tiles ----------------------------------------------------------------------------------


def _suits(tiles: tuple[int, ...] | list[int], reds: tuple[int, ...] = ()) -> list[tuple]:
    """Tiles split by suit, in mpsz order, each with its count of red fives."""
    groups: dict[str, list[int]] = {}
    for t in sorted(tiles):
        groups.setdefault(T.name(t)[-1], []).append(t)
    return [(ts, sum(1 for r in reds if r in ts)) for ts in groups.values()]


def _mpsz(group: str) -> Text:
    """One mpsz group coloured by suit, red fives marked."""
    style = SUIT_STYLES.get(group[-1], "")
    text = Text()
    for run in re.findall(r"0+|[1-9]+", group[:-1]):
        text.append(run, RED_FIVE if run[0] == "0" else style)
    return text.append(group[-1], style)


def _glyphs(tiles: list[int] | tuple[int, ...], reds: int = 0) -> Text:
    """Unicode tiles; the first `reds` fives are drawn in red."""
    text = Text()
    left = reds
    for t in sorted(tiles):
        red = t in T.FIVES and left > 0
        left -= red
        text.append(T.unicode_tile(t, red), "bold red" if red else "")
    return text


def _meld_glyphs(meld: Meld) -> Text:
    if meld.kind == ANKAN:  # a concealed kan is shown with its outer tiles face down
        inner = _glyphs(meld.tiles[1:3], meld.reds)
        return Text(TILE_BACK) + inner + Text(TILE_BACK)
    return Text("▕") + _glyphs(meld.tiles, meld.reds) + Text("▏")


def _meld_text(meld: Meld, winner: str) -> Text:
    text = Text(f"{meld.kind} ", "dim") + _mpsz(T.group_text(meld.tiles, meld.reds))
    if meld.source:
        text.append(f" from {seat_from(winner, meld.source)}", "dim")
    return text


def _holding_text(holding: Holding, winner: str) -> Text:
    concealed = Text(" ").join(_mpsz(T.group_text(ts, reds))
                               for ts, reds in _suits(holding.concealed, holding.concealed_reds))
    parts = [concealed, *(_meld_text(m, winner) for m in holding.melds)]
    if holding.flowers:
        parts.append(Text("flowers ", "dim") + _mpsz(T.group_text(holding.flowers)))
    if holding.riichi:
        parts.append(Text("riichi", "dim"))
    return Text("  ").join(parts)


def hand_lines(parsed: Hand, discarder: str | None) -> list[Text]:
    """The hand as mpsz text with the win, then as Unicode tiles."""
    ctx, hand = parsed.ctx, parsed.holding
    win_name = T.name(ctx.win_tile, ctx.win_red)
    win = Text("tsumo " if ctx.tsumo else "ron ", "bold") + _mpsz(win_name)
    if not ctx.tsumo:
        if ctx.discarder:
            seat = seat_from(ctx.seat_wind, ctx.discarder)
            win.append(f" from {seat} ({SOURCE_WORDS[ctx.discarder]})", "dim")
        elif discarder:
            win.append(f" from {discarder}", "dim")
    text = _holding_text(hand, ctx.seat_wind) + Text("  ") + win
    suits = _suits(hand.concealed, hand.concealed_reds)
    tiles = Text(" ").join(_glyphs(ts, reds) for ts, reds in suits)
    for meld in hand.melds:
        tiles += Text("  ") + _meld_glyphs(meld)
    tiles += Text("  + ") + _glyphs([ctx.win_tile], int(ctx.win_red))
    return [text, tiles]


def _indicators(label: str, indicators: tuple[int, ...], reds: tuple[int, ...]) -> str:
    shown = T.names_with_reds(indicators, reds)
    doras = ", ".join(T.name(T.dora_after(t)) for t in indicators)
    word = "indicator" if len(indicators) == 1 else "indicators"
    return f"{label} {doras} ({word} {', '.join(shown)})"


def context_line(parsed: Hand) -> Text:
    ctx = parsed.ctx
    parts = [f"seat {ctx.seat_wind}", f"round {ctx.round_wind}"]
    if ctx.breach:
        parts.append(f"breach {ctx.breach}")
    if ctx.dora:
        parts.append(_indicators("dora", ctx.dora, ctx.dora_reds))
    if ctx.ura:
        parts.append(_indicators("ura", ctx.ura, ctx.ura_reds))
    if ctx.honba:
        parts.append(f"honba {ctx.honba}")
    if ctx.sticks:
        parts.append(f"sticks {ctx.sticks}")
    parts.extend(sorted(ctx.flags))
    return Text(" · ".join(parts), "dim")


# -- score ----------------------------------------------------------------------------------


def yaku_table(result: ScoreResult) -> Table:
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    table.add_column("yaku", style="bold")
    table.add_column("", style="cyan")
    table.add_column("han", justify="right")
    for y in result.yaku:
        name = f"{y.name} ×{y.count}" if y.count and y.count > 1 else y.name
        if y.yakuman:
            han = "yakuman" if y.yakuman == 1 else f"{y.yakuman}× yakuman"
        else:
            han = str(y.han)
        table.add_row(name, y.japanese, han)
    return table


def fu_table(result: ScoreResult) -> Table:
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    table.add_column("fu", style="dim")
    table.add_column("", justify="right")
    for item in result.fu_items:
        table.add_row(item.reason, str(item.fu))
    return table


def _score_words(result: ScoreResult) -> Text:
    """`4 han 30 fu  mangan`, `yakuman`, or the points-and-doubles words."""
    score = result.score
    if isinstance(score, PointsDoubles):
        from .rich_points import total_words

        return total_words(result, score)
    if isinstance(score, Fans):
        from .rich_fans import total_words as fan_words

        return fan_words(score)
    if result.yakuman:
        words = "yakuman" if result.yakuman == 1 else f"{result.yakuman}× yakuman"
    elif result.han is not None:
        words = f"{result.han} han {result.fu} fu" if result.fu is not None else f"{result.han} han"
    else:
        words = ""
    left = Text(words, "bold")
    if result.limit and result.limit != "yakuman":
        left.append(f"  {result.limit}", "bold magenta")
    return left


def total_line(result: ScoreResult) -> Table:
    """The score words and the hand's total; a points-and-doubles winner's own score first,
    then what was paid to him when that differs."""
    grid = Table.grid()
    grid.width = WIDTH
    grid.add_column()
    grid.add_column(justify="right")
    score = result.score
    own = score.score if isinstance(score, PointsDoubles) else result.value
    grid.add_row(_score_words(result), Text(number(own), "bold"))
    if own != result.value:
        grid.add_row(Text(f"paid to {result.winner}", "dim"), Text(number(result.value), "dim"))
    return grid


def payments_table(result: ScoreResult) -> Table:
    table = Table(box=None, padding=(0, 1), show_header=False, show_edge=False,
                  pad_edge=False)
    table.add_column(style="bold", no_wrap=True, min_width=8)
    table.add_column(no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    table.add_column(style="dim")
    for i, p in enumerate(result.payments):
        payer = p.payer if p.payer is not None else "discarder"
        table.add_row("payments" if i == 0 else "", f"{payer} → {p.payee}",
                      number(p.amount), p.label or p.reason)
    return table


def net_line(result: ScoreResult) -> Text:
    seats = " · ".join(f"{seat} {number(result.net[seat], sign=True)}"
                       for seat in SEATS if seat in result.net)
    return Text("net".ljust(8), "bold") + Text("  " + seats)


def _body(result: ScoreResult) -> Table:
    """What the hand scored, side by side: yaku and fu, or points and doubles."""
    score = result.score
    if isinstance(score, PointsDoubles):
        from .rich_points import items_body

        return items_body(score)
    if isinstance(score, Fans):
        from .rich_fans import fans_body

        return fans_body(score)
    body = Table.grid(padding=(0, 4))
    body.add_row(yaku_table(result), fu_table(result) if result.fu_items else Text())
    return body


def score_report(result: ScoreResult) -> Group:
    """Everything about one scored line, top to bottom; sections appear when the result
    has them (other players, a settlement, liability, notes)."""
    header = Table.grid()
    header.width = WIDTH
    header.add_column()
    header.add_column(justify="right")
    header.add_row(Text(result.title or result.rules, "bold"),
                   Text(f"line {result.line}", "dim"))
    score = result.score
    settled = isinstance(score, PointsDoubles)
    parts: list[Any] = [header]
    hand = result.hand
    if hand is not None:
        if result.winner is None:
            parts.append(Text("exhaustive draw", "bold"))
        else:
            parts += hand_lines(hand, result.discarder)
        parts.append(context_line(hand))
        if not settled:  # a settlement shows each player's holding with his score
            for seat, holding in hand.others:
                parts.append(Text(f"{seat}: ", "bold") + _holding_text(holding, seat))
    if result.reading:
        parts.append(Text(f"reading {result.reading}", "dim"))
    parts.append(Text())
    if result.winner is not None:
        parts += [_body(result), Text("─" * WIDTH, "dim"), total_line(result), Text()]
    if settled and score.players:
        from .rich_points import players_section

        parts += players_section(result, score)
    if result.payments:
        parts.append(payments_table(result))
    parts.append(net_line(result))
    if result.liability is not None:
        parts.append(Text("liability ", "bold yellow") + Text(result.liability.rule))
    parts += [Text("note ", "bold") + Text(note) for note in result.notes]
    return Group(*parts)


def error_report(result: ScoreResult) -> list[Text]:
    """`line 3: column 15: ...` and, when the error has a column, the input and a caret."""
    error = result.error
    assert error is not None
    lines = [Text(f"line {result.line}: ", "bold") + Text(describe(error), "red")]
    if error.column is not None and result.input:
        lines.append(Text("  " + safe(result.input), "dim"))
        lines.append(Text("  " + caret(result.input, error.column, error.token), "bold red"))
    return lines


class Reporter:
    def __init__(self, out: TextIO, err: TextIO, stream: bool = True):
        self.out = console(out)
        self.err = console(err)
        self.shown = 0

    def emit(self, result: ScoreResult) -> None:
        if not result.ok or result.error is not None:
            for line in error_report(result):
                self.err.print(line, soft_wrap=True)
            return
        if self.shown:
            self.out.print()
        show(self.out, score_report(result))
        self.shown += 1

    def close(self) -> None:
        self.out.file.flush()
