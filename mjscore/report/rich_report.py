"""The human report: the hand drawn as tiles, yaku and fu side by side, who pays whom.

rich decides about colour: on a terminal the report is coloured; in a pipe it is plain
text, and NO_COLOR drops the colours. Every fact is also written as text
(mpsz, seat letters, numbers), so nothing depends on colour or on the Unicode
tiles rendering well. Errors go to the error stream with a caret under the column.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from rich.text import Text

from ..base import tiles as T
from ..core.hand import ANKAN, SOURCE_WORDS, seat_from
from ..core.result import Fans, PointsDoubles, call_text
from . import caret, error_message, error_place, safe
from .console import console, tiles_wanted, write_lines
from .display import ruleset_named, spellings
from .display import title as ruleset_title
from .lang import japanese, said, seat, tr
from .layout import Cell, both_ends, columns, flow, pad, side_by_side, width_of, wrap_words

if TYPE_CHECKING:
    from ..core.hand import Hand, Holding, Meld
    from ..core.result import ScoreResult

# The man suit is not red: red is for errors and red fives.
SUIT_STYLES = {
    "m": "yellow",
    "p": "blue",
    "s": "green",
    "z": "bold",
    "f": "magenta",
    "g": "magenta",
}
RED_FIVE = "bold white on red"
TILE_BACK = "\U0001f02b"
WIDTH = 64  # header, rule and total line: wide enough for the sketch, never the whole screen


def number(n: int, sign: bool = False) -> str:
    """7,700; with `sign`, +8,000 / -8,000 / 0 (in Japanese without the commas: 7700)."""
    from .lang import number as shown

    return shown(n, sign)


def _from(who: str, where: str = "") -> str:
    """` from W (right)`, or ` 西（下家）から` in Japanese."""
    if japanese():
        return f" {seat(who)}" + (f"（{tr(where)}）" if where else "") + "から"
    return f" from {who}" + (f" ({where})" if where else "")


# -- tiles ----------------------------------------------------------------------------------


def _suits(tiles: tuple[int, ...] | list[int], reds: tuple[int, ...] = ()) -> list[tuple]:
    """Tiles split by suit, in mpsz order, each with its count of red fives."""
    groups: dict[str, list[int]] = {}
    for t in sorted(tiles):
        groups.setdefault(T.name(t)[-1], []).append(t)
    return [(ts, sum(1 for r in reds if r in ts)) for ts in groups.values()]


def _mpsz(group: str) -> Text:
    """mpsz text coloured by suit, red fives marked; several suits ("1f2g") keep every
    suit letter."""
    suits = re.findall(r"[0-9]+[a-z]", group)
    if len(suits) > 1:
        return Text("").join(_mpsz(one) for one in suits)
    style = SUIT_STYLES.get(group[-1], "")
    text = Text()
    for run in re.findall(r"0+|[1-9]+", group[:-1]):
        text.append(run, RED_FIVE if run[0] == "0" else style)
    return text.append(group[-1], style)


def _glyphs(tiles: list[int] | tuple[int, ...], reds: int = 0) -> Text:
    """Unicode tiles; the first `reds` fives are drawn in red."""
    text = Text()
    left = reds
    plain: list[str] = []  # a run of plain tiles is appended at once
    for t in sorted(tiles):
        red = t in T.FIVES and left > 0
        left -= red
        if red:
            text.append("".join(plain))
            plain.clear()
            text.append(T.unicode_tile(t, red), "bold red")
        else:
            plain.append(T.unicode_tile(t, red))
    return text.append("".join(plain))


def _meld_glyphs(meld: Meld) -> Text:
    if meld.kind == ANKAN:  # a concealed kan is shown with its outer tiles face down
        inner = _glyphs(meld.tiles[1:3], meld.reds)
        return Text(TILE_BACK) + inner + Text(TILE_BACK)
    return Text("▕") + _glyphs(meld.tiles, meld.reds) + Text("▏")


def _meld_text(meld: Meld, winner: str, players: int = 4) -> Text:
    text = Text(f"{tr(meld.kind)} ", "dim") + _mpsz(T.group_text(meld.tiles, meld.reds))
    if meld.source:
        text.append(_from(seat_from(winner, meld.source, players)), "dim")
    return text


def _holding_pieces(holding: Holding, winner: str, players: int = 4) -> list[Text]:
    concealed = Text(" ").join(
        _mpsz(T.group_text(ts, reds))
        for ts, reds in _suits(holding.concealed, holding.concealed_reds)
    )
    parts = [concealed, *(_meld_text(m, winner, players) for m in holding.melds)]
    if holding.flowers:
        parts.append(Text(tr("flowers") + " ", "dim") + _mpsz(T.group_text(holding.flowers)))
    if holding.riichi:
        parts.append(Text(tr("riichi"), "dim"))
    return parts


def hand_lines(
    parsed: Hand, discarder: str | None, players: int = 4
) -> tuple[list[Text], list[Text]]:
    """The hand as mpsz text with the win, then as Unicode tiles: pieces that flow; the
    seats a marker names are found round a table of `players`."""
    ctx, hand = parsed.ctx, parsed.holding
    win_name = T.name(ctx.win_tile, ctx.win_red)
    win = Text(tr("tsumo" if ctx.tsumo else "ron") + " ", "bold") + _mpsz(win_name)
    if not ctx.tsumo:
        if discarder:  # the verdict's seat: the ruleset placed it
            words = SOURCE_WORDS[ctx.discarder] if ctx.discarder else ""
            win.append(_from(discarder, words), "dim")
        elif ctx.discarder and (players == 4 or ctx.discarder != "="):
            who = seat_from(ctx.seat_wind, ctx.discarder, players)
            win.append(_from(who, SOURCE_WORDS[ctx.discarder]), "dim")
    text = [*_holding_pieces(hand, ctx.seat_wind, players), win]
    suits = _suits(hand.concealed, hand.concealed_reds)
    tiles = [Text(" ").join(_glyphs(ts, reds) for ts, reds in suits)]
    tiles += [_meld_glyphs(meld) for meld in hand.melds]
    tiles.append(Text("+ ") + _glyphs([ctx.win_tile], int(ctx.win_red)))
    return text, tiles


def _indicators(
    label: str, indicators: tuple[int, ...], reds: tuple[int, ...], absent: frozenset[int]
) -> str:
    """The dora the indicators point at in a set without the `absent` tiles, and them."""
    shown = T.names_with_reds(indicators, reds)
    doras = ", ".join(T.name(T.dora_after(t, absent)) for t in indicators)
    if japanese():
        return f"{tr(label)} {doras}（{tr('indicator')} {', '.join(shown)}）"
    word = "indicator" if len(indicators) == 1 else "indicators"
    return f"{label} {doras} ({word} {', '.join(shown)})"


# The line's context in words, by language: its pieces in the order each language says
# them (Tenhou's 東場 南家; "seat S · round E"), then the flags.
_CONTEXT: dict[str, tuple[tuple[str, Callable[[Any], str]], ...]] = {
    "en": (
        ("seat_wind", lambda v: f"seat {v}"),
        ("round_wind", lambda v: f"round {v}"),
        ("breach", lambda v: f"breach {v}"),
        ("kita", lambda v: f"kita {v} (North{'s' if v > 1 else ''} set aside)"),
        ("honba", lambda v: f"honba {v:,}"),
        ("sticks", lambda v: f"sticks {v:,}"),
    ),
    "ja": (
        ("round_wind", lambda v: f"{seat(v)}場"),
        ("seat_wind", lambda v: f"{seat(v)}家"),
        ("breach", lambda v: f"{tr('breach')} {seat(v)}"),
        ("kita", lambda v: f"抜きドラ {v}枚"),
        ("honba", lambda v: f"{v}本場"),
        ("sticks", lambda v: f"供託 {v}本"),
    ),
}


def context_pieces(parsed: Hand, absent: frozenset[int] = frozenset()) -> list[Text]:
    """The line's context, its dora read in a set without the `absent` tiles (sanma)."""
    ctx = parsed.ctx
    ja = japanese()
    parts = []
    for name, words in _CONTEXT["ja" if ja else "en"]:
        value = getattr(ctx, name)
        if value:
            parts.append(words(value))
        if name == "breach":  # the dora follow the winds
            if ctx.dora:
                parts.append(_indicators("dora", ctx.dora, ctx.dora_reds, absent))
            if ctx.ura:
                parts.append(_indicators("ura", ctx.ura, ctx.ura_reds, absent))
    if ja:
        from .words_ja import FLAG_WORDS

        parts.extend(FLAG_WORDS.get(f, f) for f in sorted(ctx.flags))
    else:
        parts.extend(sorted(ctx.flags))
    return [Text(p, "dim") for p in parts]


# -- score ----------------------------------------------------------------------------------


def _yaku_lines_ja(result: ScoreResult, width: int) -> list[Text]:
    """役 and 飜 as Tenhou lists them (`立直 1飜`, `ドラ 2飜`, `大三元 役満`): the ruleset's
    Japanese names, one column (words_ja.yaku_name)."""
    from .words_ja import han_words, yaku_name

    ctx = result.hand.ctx if result.hand is not None else None
    rows: list[list[Cell]] = [[Text(tr("yaku"), "bold"), Text("")]]
    for y in result.yaku:
        name = yaku_name(
            y.key,
            y.japanese,
            y.name,
            spellings(result.rules),
            ctx.seat_wind if ctx else "",
            ctx.round_wind if ctx else "",
        )
        rows.append([Text(name, "bold"), han_words(y.han, y.yakuman)])
    return columns(rows, width, right=(1,), gap=2)


def yaku_lines(result: ScoreResult, width: int) -> list[Text]:
    if japanese():
        return _yaku_lines_ja(result, width)
    rows: list[list[Cell]] = [[Text("yaku", "bold"), Text(""), Text("han", "bold")]]
    for y in result.yaku:
        name = f"{y.name} ×{y.times}" if y.times and y.times > 1 else y.name
        if y.yakuman:
            han = "yakuman" if y.yakuman == 1 else f"{y.yakuman}× yakuman"
        else:
            han = str(y.han)
        rows.append([Text(name, "bold"), Text(y.japanese, "cyan"), han])
    if width < 44:  # narrow: the Japanese names go, the English ones and the han stay
        rows = [[r[0], r[2]] for r in rows]
        return columns(rows, width, right=(1,), gap=1)
    return columns(rows, width, right=(2,), gap=1)


def fu_lines(result: ScoreResult, width: int) -> list[Text]:
    fu = "{}符" if japanese() else "{}"
    rows: list[list[Cell]] = [[Text(tr("fu"), "dim"), ""]]
    rows += [[Text(said(item.reason), "dim"), fu.format(item.fu)] for item in result.fu_items]
    return columns(rows, width, right=(1,), gap=1, wrap=0)


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


def call(result: ScoreResult) -> str | None:
    """What the table says aloud (the core's words, so `str(result)` says the same)."""
    return call_text(result.payments, result.value)


def total_lines(result: ScoreResult, width: int) -> list[Text]:
    """The score words and the hand's total with its call; a points-and-doubles winner's
    own score first, then what was paid to him when that differs."""
    score = result.score
    if isinstance(score, Fans):
        from .rich_fans import total_lines as fan_total

        return fan_total(result, score, width)
    if japanese() and not isinstance(score, PointsDoubles):
        return _total_lines_ja(result, width)
    own = score.score if isinstance(score, PointsDoubles) else result.value
    said = call(result) if not isinstance(score, PointsDoubles) else None
    total = Text(number(own or 0), "bold")
    if said and said != f"ron {number(own or 0)}":
        right = Text(said, "bold") + Text(" · ", "dim") + total
    elif said:
        right = Text(said, "bold")
    else:
        right = total
    lines = both_ends(_score_words(result), right, width)
    if own != result.value:
        paid = (
            f"{seat(result.winner or '')}が{tr('paid to')}"
            if japanese()
            else f"paid to {result.winner}"
        )
        lines += both_ends(Text(paid, "dim"), Text(number(result.value or 0), "dim"), width)
    return lines


def _total_lines_ja(result: ScoreResult, width: int) -> list[Text]:
    """Tenhou's result text of the hand (`30符4飜7700点`, `満貫2000-4000点`, `2600点∀`) and,
    for a tsumo, what the hand takes in all (`計5200点`; honba and deposits apart, as in
    Tenhou's text)."""
    from .words_ja import call_amounts, call_line

    s = result.score
    left = Text(
        call_line(
            s.han,
            s.fu,
            s.limit,
            s.yakuman,
            result.payments,
            result.value or 0,
            spellings(result.rules),
        ),
        "bold",
    )
    said = call_amounts(result.payments, result.value or 0)
    if said is None or said == f"{result.value}点":
        return [left]
    return both_ends(left, Text(f"計{result.value}点", "bold"), width)


def payment_lines(result: ScoreResult, width: int) -> list[Text]:
    rows: list[list[Cell]] = []
    for i, p in enumerate(result.payments):
        if p.payer is None:
            payer = tr("discarder")
        else:
            payer = tr(p.payer) if p.payer == "table" else seat(p.payer)
        label = said(p.label or p.reason)
        rows.append(
            [
                pad(Text(tr("payments") if i == 0 else "", "bold"), _label_width() - 2),
                f"{payer} → {seat(p.payee)}",
                number(p.amount),
                Text(label, "dim"),
            ]
        )
    lines = columns(rows, width, right=(2,), wrap=3)
    if lines and max(width_of(t) for t in lines) > width:  # the label column goes
        lines = [Text(tr("payments"), "bold")] + columns(
            [[Text("  "), *r[1:]] for r in rows], width, right=(2,), wrap=3, gap=1
        )
    return lines


def net_lines(result: ScoreResult, width: int) -> list[Text]:
    """Each seat's change: the net has one key per seat of the ruleset's table, in turn
    order, so a three-player table shows E, S and W."""
    pieces = []
    for who, n in result.net.items():
        style = "green" if n > 0 else "red" if n < 0 else ""
        pieces.append(Text(f"{seat(who)} ") + Text(number(n, sign=True), style))
    at = _label_width()
    return flow(pieces, width, first=pad(Text(tr("net"), "bold"), at), indent=at)


def _label_width() -> int:
    """Where the payments and the net begin: past the wider of the two labels and a gap of
    two, counted in cells (支払い is six, 収支 four), so the two rows line up."""
    return max(width_of(tr("payments")), width_of(tr("net"))) + 2


def _body(result: ScoreResult, width: int) -> list[Text]:
    """What the hand scored, side by side: yaku and fu, or points and doubles."""
    score = result.score
    if isinstance(score, PointsDoubles):
        from .rich_points import items_body

        return items_body(score, width)
    if isinstance(score, Fans):
        from .rich_fans import fans_lines

        return fans_lines(score, width)
    fu = fu_lines(result, width) if result.fu_items else []
    return side_by_side(yaku_lines(result, width), fu, width)


def header_lines(result: ScoreResult, width: int) -> list[Text]:
    """The ruleset's title and the line's label (its `# ...` comment) or number; a title
    wider than the page wraps at blanks (never cut), the label at the right of its last
    line, or below it when it does not fit there."""
    title = Text(result.title or result.rules, "bold")
    where = Text(safe(result.label or "") or f"line {result.line}", "dim")  # text from outside
    if japanese():
        title = Text(ruleset_title(result.rules, result.title or result.rules), "bold")
        where = Text(safe(result.label or "") or f"{result.line}行目", "dim")
    if width_of(title) + 2 + width_of(where) <= width:
        return both_ends(title, where, width)
    lines = wrap_words(title, width)
    if width_of(lines[-1]) + 2 + width_of(where) <= width:
        return [*lines[:-1], *both_ends(lines[-1], where, width)]
    # a label too long to share a line: its own lines at the right, cut at blanks only
    return [*lines, *(pad(part, width, right=True) for part in wrap_words(where, width))]


def draw_headline(result: ScoreResult) -> Text | None:
    """What a drawn-round line's report says first: `exhaustive draw`, `nagashi mangan: W`,
    `abortive draw: nine terminals (九種九牌)` (流局, 流し満貫 西, 途中流局 九種九牌 in
    Japanese); None for a win. Read from the drawn-round note's key and values."""
    from ..core.phrases import DRAW_KINDS

    drawn = [n for n in result.notes if getattr(n, "key", "") == "drawn_round"]
    if result.winner is not None or not drawn:
        return None
    v = drawn[0].values  # type: ignore[attr-defined]
    if japanese():
        from .words_ja import draw_headline as in_japanese

        return Text(in_japanese(v), "bold")
    if v["abortive"]:
        words = f"abortive draw: {DRAW_KINDS[v['kind']]}"
    elif v["nagashi"]:
        words = f"{DRAW_KINDS['nagashi']}: {', '.join(v['nagashi'])}"
    else:
        words = DRAW_KINDS["exhaustive"]
    return Text(words, "bold")


def score_lines(result: ScoreResult, width: int = WIDTH, tiles: bool = True) -> list[Text]:
    """Everything about one scored line, top to bottom, fitted to `width` columns; sections
    appear when the result has them (other players, a settlement, liability, notes)."""
    page = min(width, WIDTH)
    lines = header_lines(result, page)
    score = result.score
    settled = isinstance(score, PointsDoubles)
    hand = result.hand
    players = 3 if len(result.net) == 3 else 4  # the net has one key per seat of the table
    if hand is not None:
        if result.winner is None:
            lines.append(Text(tr("exhaustive draw"), "bold"))
        else:
            text, glyphs = hand_lines(hand, result.discarder, players)
            lines += flow(text, width, sep="  ", indent=2)
            if tiles:
                lines += flow(glyphs, width, sep="  ", indent=2)
        ruleset = ruleset_named(result.rules)
        absent = ruleset.params.absent_tiles if ruleset is not None else frozenset()
        lines += flow(context_pieces(hand, absent), width, indent=2)
        if not settled:  # a settlement shows each player's holding with his score
            for who, holding in hand.others:
                lines += flow(
                    _holding_pieces(holding, who, players),
                    width,
                    sep="  ",
                    first=Text(f"{seat(who)}: ", "bold"),
                    indent=2,
                )
    headline = draw_headline(result) if hand is None else None
    if headline is not None:
        lines += wrap_words(headline, width)
    if result.reading:
        lines += wrap_words(Text(f"{tr('reading')} {said(result.reading)}", "dim"), width)
    lines.append(Text())
    if result.winner is not None:
        lines += _body(result, width)
        lines.append(Text("─" * page, "dim"))
        lines += total_lines(result, page)
        lines.append(Text())
    if isinstance(score, PointsDoubles) and score.players:
        from .rich_points import players_section

        lines += players_section(result, score, width)
    if result.payments:
        lines += payment_lines(result, width)
    lines += net_lines(result, width)
    if result.liability is not None:
        rule = said(result.liability.rule)
        lines += wrap_words(Text(tr("liability") + " ", "bold yellow") + Text(rule), width)
    for note in result.notes:
        lines += wrap_words(Text(tr("note") + " ", "bold") + Text(said(note)), width)
    return lines


def error_report(result: ScoreResult, width: int | None = None) -> list[Text]:
    """`line 3: column 15: ...` and, when the error has a column, the input and a caret.
    With a `width` (stderr is a terminal) the message wraps at words and the input is shown
    a piece of whole tokens a line, the caret under the piece that holds the column, so a
    narrow terminal never breaks a token or puts the caret under the wrong one; without
    one (a file, a pipe) each stays one line, for tools that read them."""
    error = result.error
    assert error is not None
    head = Text(f"{error_place(result)} ", "bold") + Text(error_message(error), "red")
    lines = [head] if width is None else wrap_words(head, width)
    if error.column is not None and result.input:
        shown = safe(result.input)
        if width is None or len(shown) + 2 <= width or shown != result.input:
            lines.append(Text("  " + shown, "dim"))
            lines.append(Text("  " + caret(result.input, error.column, error.token), "bold red"))
            return lines
        pieces = _token_pieces(shown, width - 2)
        # the piece the column falls in, or the last before it (a blank, or past the end)
        at = max([0, *(i for i, (start, _) in enumerate(pieces) if start < error.column)])
        for i, (start, end) in enumerate(pieces):
            lines.append(Text("  " + shown[start:end], "dim"))
            if i == at:
                piece = caret(shown[start:], error.column - start, error.token)
                lines.append(Text("  " + piece, "bold red"))
    return lines


def terminal_width(con: Any) -> int | None:
    """The width an error report wraps at: a terminal's; None for a file or a pipe."""
    return con.width if con.is_terminal else None


def _token_pieces(text: str, width: int) -> list[tuple[int, int]]:
    """`text` as spans of whole blank-separated tokens, each at most `width` characters
    (a longer token alone on its line)."""
    spans = [m.span() for m in re.finditer(r"\S+", text)]
    pieces: list[tuple[int, int]] = []
    for start, end in spans:
        if pieces and end - pieces[-1][0] <= width:
            pieces[-1] = (pieces[-1][0], end)
        else:
            pieces.append((start, end))
    return pieces or [(0, len(text))]


class Reporter:
    def __init__(self, out: TextIO, err: TextIO, stream: bool = True):
        self.out = console(out)
        self.err = console(err)
        self.width = max(self.out.width, 40)
        self.tiles = tiles_wanted(out)
        self.shown = 0

    def emit(self, result: ScoreResult) -> None:
        if not result.ok or result.error is not None:
            for line in error_report(result, terminal_width(self.err)):
                self.err.print(line, soft_wrap=True)
            return
        lines = score_lines(result, self.width, self.tiles)
        write_lines(self.out, [Text(), *lines] if self.shown else lines)
        self.shown += 1

    def close(self) -> None:
        self.out.file.flush()
