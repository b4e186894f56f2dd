"""A small line layout for the rich report: columns, side-by-side blocks and flowing lists
that fit a width without ever cutting a number or a name.

rich's tables shrink a column by cutting its cells (`7,700` became `7` at 60 columns) and
measure every cell again for every hand, which made the report slow. Here a block is a list
of `Text` lines; only the columns that hold words (a reason, a meaning) wrap, and at word
boundaries; numbers and names never do. A block that does not fit beside another goes below it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Span, Text

Cell = Text | str


def width_of(text: Cell) -> int:
    plain = text.plain if isinstance(text, Text) else text
    return len(plain) if plain.isascii() else cell_len(plain)


def _text(cell: Cell, style: str = "") -> Text:
    return cell if isinstance(cell, Text) else Text(cell, style)


def pad(text: Text, width: int, right: bool = False) -> Text:
    """`text` padded with blanks to `width` cells (on the left when `right`); one new Text."""
    gap = width - width_of(text)
    if gap <= 0:
        return text
    if right:
        return Text(" " * gap).append_text(text)
    return text.copy().append(" " * gap)


def wrap_words(text: Text, width: int) -> list[Text]:
    """`text` cut at blanks into lines of at most `width` cells (a longer word stays whole)."""
    if width_of(text) <= width:
        return [text]
    plain = text.plain
    lines: list[Text] = []
    last_end = 0
    words = [piece for m in _WORDS.finditer(plain) for piece in _pieces(plain, *m.span())]
    words = [part for span in words for part in _values(plain, *span, width)]
    line_start = words[0][0] if words else 0
    for begin, end in words:
        if width_of(plain[line_start:end]) > width and last_end > line_start:
            lines.append(text[line_start:last_end])
            line_start = begin
        last_end = end
    lines.append(text[line_start:last_end])
    return lines


def _values(plain: str, start: int, end: int, width: int) -> list[tuple[int, int]]:
    """A word wider than any line (`a,b,c` or `a|b|c`, a list of values) as the spans a
    line may break between: after each `,` or `|`; any other word whole."""
    if width_of(plain[start:end]) <= width:
        return [(start, end)]
    cuts = [i + 1 for i in range(start, end - 1) if plain[i] in ",|"]
    return list(zip([start, *cuts], [*cuts, end], strict=True))


def columns(
    rows: Sequence[Sequence[Cell]],
    width: int,
    *,
    right: Sequence[int] = (),
    styles: Sequence[str] = (),
    wrap: int | None = None,
    gap: int = 2,
) -> list[Text]:
    """Rows as aligned columns; column `wrap` (words) wraps when the row is too wide,
    every other column is kept whole."""
    if not rows:
        return []
    n = max(len(r) for r in rows)
    styles = list(styles) + [""] * (n - len(styles))
    cells = [[_text(c, styles[i]) for i, c in enumerate(r)] + [Text()] * (n - len(r)) for r in rows]
    widths = [max(width_of(r[i]) for r in cells) for i in range(n)]
    if wrap is not None and sum(widths) + gap * (n - 1) > width:
        others = sum(w for i, w in enumerate(widths) if i != wrap) + gap * (n - 1)
        widths[wrap] = max(width - others, 12)
    lines: list[Text] = []
    blank = Text()
    for row in cells:
        parts = [wrap_words(c, widths[i]) if i == wrap else [c] for i, c in enumerate(row)]
        for k in range(max(len(p) for p in parts)):
            line = _joined([p[k] if k < len(p) else blank for p in parts], widths, right, gap)
            line.rstrip()
            lines.append(line)
    return lines


def _joined(cells: list[Text], widths: list[int], right: Sequence[int], gap: int) -> Text:
    """One row of cells, each padded to its column's width, as one Text made at once.

    The same text and styles as padding each cell and adding them up, but without a Text
    per cell and per blank (the report made some two hundred a hand): a cell's own style
    covers its trailing blanks, as it does on a padded copy, and not its leading ones.
    """
    plain: list[str] = []
    spans: list[Span] = []
    at = 0
    last = len(cells) - 1
    for i, cell in enumerate(cells):
        if i:
            plain.append(" " * gap)
            at += gap
        room = widths[i] - width_of(cell)
        lead = room if room > 0 and i in right else 0
        trail = room if room > 0 and i not in right and i != last else 0
        if lead:
            plain.append(" " * lead)
            at += lead
        text = cell.plain
        if cell.style:
            spans.append(Span(at, at + len(text) + trail, cell.style))
        spans.extend(Span(start + at, end + at, style) for start, end, style in cell.spans)
        plain.append(text)
        at += len(text)
        if trail:
            plain.append(" " * trail)
            at += trail
    return Text("".join(plain), spans=spans)


def side_by_side(left: list[Text], right: list[Text], width: int, gap: int = 4) -> list[Text]:
    """Two blocks beside each other when they fit in `width`, else one below the other."""
    if not right:
        return left
    lw = max((width_of(t) for t in left), default=0)
    rw = max((width_of(t) for t in right), default=0)
    if lw + gap + rw > width:
        return [*left, Text(), *right]
    out = []
    for k in range(max(len(left), len(right))):
        a = left[k] if k < len(left) else Text()
        b = right[k] if k < len(right) else Text()
        line = pad(a, lw + gap) + b if b.plain else a.copy()
        line.rstrip()
        out.append(line)
    return out


def flow(
    pieces: Sequence[Text], width: int, sep: str = " · ", first: Text | None = None, indent: int = 0
) -> list[Text]:
    """Pieces joined by `sep`, a new line (indented) where the next piece would not fit."""
    lines: list[Text] = []
    line = first.copy() if first is not None else Text()
    empty = True
    for piece in pieces:
        if not empty and width_of(line) + len(sep) + width_of(piece) > width:
            lines.append(line)
            line, empty = Text(" " * indent), True
        if not empty:
            line.append(sep, "dim")
        line.append_text(piece)  # in place: the line is this function's own
        empty = False
    lines.append(line)
    return lines


def both_ends(left: Text, right: Text, width: int) -> list[Text]:
    """`left` and `right` on one line, `right` at the right edge; two lines when too narrow."""
    room = width - width_of(left) - width_of(right)
    if room >= 2:
        return [left + Text(" " * room) + right]
    return [left, pad(right, width, right=True)]


_WORDS = __import__("re").compile(r"\S+")
# kinsoku: what never begins a line, and what never ends one
_NO_START = set("、。，．）」』】：；・ー！？ぁぃぅぇぉっゃゅょァィゥェォッャュョ)]")
_NO_END = set("（「『【([")


def _script(char: str) -> str:
    """kanji, katakana, or other: a run of kanji or of katakana is a word or a name."""
    code = ord(char)
    if 0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or char in "々〆":
        return "kanji"
    if 0x30A0 <= code <= 0x30FF and char != "・":
        return "katakana"
    return "other"


def _pieces(plain: str, start: int, end: int) -> list[tuple[int, int]]:
    """A blank-free word as the spans a line may break between: Japanese and Chinese text
    has no blanks, so a line may break before or after a double-width character (never
    before closing punctuation, never after an opening one); a run of ASCII (a number, a
    tile group, an option name) is never broken."""
    if plain[start:end].isascii():
        return [(start, end)]
    out = []
    begin = start
    for i in range(start + 1, end):
        a, b = plain[i - 1], plain[i]
        wide = cell_len(a) > 1 or cell_len(b) > 1
        one_word = _script(a) == _script(b) in ("kanji", "katakana")  # 三元牌, ダブル: whole
        if wide and not one_word and b not in _NO_START and a not in _NO_END:
            out.append((begin, i))
            begin = i
    out.append((begin, end))
    return out
