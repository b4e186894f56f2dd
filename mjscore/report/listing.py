"""`mjscore rules` and `mjscore yaku`: what the rulesets offer, as tables.

In a pipe the tables are laid out for $COLUMNS, else 80 columns, like on a terminal:
the names a user types (ruleset, option and yaku keys) and the numbers stay whole on
one line, so `mjscore yaku | grep tanyao` still finds the key with its han.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from rich import box
from rich.table import Table
from rich.text import Text

from .console import console, show

if TYPE_CHECKING:
    from rich.console import Console

if TYPE_CHECKING:
    from ..rulesets import OptionSpec, Ruleset
    from ..rulesets.params import Double, Row, Special

DASH = "–"
WIDE = 240  # the tables' width when a caller gives none (the CLI always gives one)
PIPE_WIDTH = 80  # off a terminal without $COLUMNS, as wide as the terminal most have


def accepted(spec: OptionSpec) -> str:
    """The values an option takes, as a user would type them."""
    from .lang import japanese

    if spec.kind == "bool":
        return "on|off"
    if spec.kind == "set":
        return ",".join(map(str, spec.choices)) + (
            " （いくつでも、または none）" if japanese() else " (any of, or none)"
        )
    if japanese() and not spec.choices:
        return "数" if spec.kind == "int" else "文字列"
    if spec.choices:
        return "|".join(map(str, spec.choices))
    return "a number" if spec.kind == "int" else "text"


# A column: (header, justify, kept whole, dropped in this order when narrow (0 = never)).
Column = tuple[str, str, bool, int]
NAMES = "、 "  # a Japanese list of names (waits' yaku): a line breaks between, never in, one
GAP = 3  # SIMPLE_HEAD: padding (0, 1) each side and a blank divider between columns


def _cell_min(text: str, whole: bool) -> int:
    from rich.cells import cell_len

    if whole:
        return cell_len(text)
    if text.isascii() or NAMES in text:
        return max((cell_len(w) for w in text.split()), default=0)
    from .layout import _WORDS, _pieces  # Japanese breaks between words without blanks

    return max(
        (cell_len(text[a:b]) for m in _WORDS.finditer(text) for a, b in _pieces(text, *m.span())),
        default=0,
    )


def fit_table(
    cols: list[Column],
    rows: Sequence[tuple[str, ...]],
    width: int,
    title: str | None = None,
    first_style: str = "",
) -> Table | Text:
    """A table whose names and numbers are never cut: columns marked whole do not wrap,
    the others wrap at blanks; when even that does not fit, the droppable columns go
    (lowest rank first), and past that each row becomes a block of lines."""
    keep = list(range(len(cols)))

    def need(idx: list[int]) -> int:
        return sum(
            max(_cell_min(cols[i][0], True), *(_cell_min(r[i], cols[i][2]) for r in rows))
            for i in idx
        ) + GAP * (len(idx) - 1)

    for rank in sorted({c[3] for c in cols if c[3]}):
        if need(keep) <= width:
            break
        keep = [i for i in keep if cols[i][3] != rank]
    if need(keep) > width:
        return _stacked(cols, rows, width, title, first_style)
    from rich.cells import cell_len

    # Widths decided here, not by rich (whose shrinking cuts words): a whole column gets its
    # longest cell, a wrapping one its longest word plus a share of the room left.
    most = {i: max(cell_len(cols[i][0]), *(cell_len(r[i]) for r in rows)) for i in keep}
    least = {
        i: max(cell_len(cols[i][0]), *(_cell_min(r[i], cols[i][2]) for r in rows)) for i in keep
    }
    room = width - need(keep)
    grow = {i: most[i] - least[i] for i in keep if not cols[i][2]}
    total = sum(grow.values())
    widths = dict(least)
    if total and room > 0:
        for i, g in grow.items():
            widths[i] += min(g, room * g // total)
    table = Table(
        box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, title=title, title_justify="left"
    )
    for k, i in enumerate(keep):
        name, justify, whole, _ = cols[i]
        table.add_column(
            name,
            justify=justify,  # type: ignore[arg-type]
            style=first_style if k == 0 else "",
            no_wrap=whole,
            width=widths[i],
            overflow="fold",
        )
    for r in rows:
        table.add_row(*(_cut(r[i], widths[i]) if not cols[i][2] else r[i] for i in keep))
    return table


def _cut(cell: str, width: int) -> str | Text:
    """A wrapping cell in Japanese cut into lines here (layout.wrap_words: between words, and
    never before 、。）」 or after （「: kinsoku), not by rich, whose lines may begin with
    、; a cell of ASCII wraps at its blanks, as rich does it."""
    from rich.cells import cell_len

    if cell.isascii() or cell_len(cell) <= width:
        return cell
    if NAMES in cell:  # a list of names breaks between them only, as rich breaks at blanks
        lines = [""]
        for word in cell.split():
            joined = f"{lines[-1]} {word}" if lines[-1] else word
            if lines[-1] and cell_len(joined) > width:
                lines.append(word)
            else:
                lines[-1] = joined
        return "\n".join(lines)
    from .layout import wrap_words

    return Text("\n").join(wrap_words(Text(cell), width))


def _stacked(
    cols: list[Column],
    rows: Sequence[tuple[str, ...]],
    width: int,
    title: str | None,
    first_style: str,
) -> Text:
    from .layout import wrap_words

    lines: list[Text] = [Text(title, "italic")] if title else []
    for r in rows:
        lines.append(Text(r[0], first_style or "bold"))
        for i in range(1, len(cols)):
            if r[i]:
                lines += [
                    Text("    ") + t for t in wrap_words(Text(f"{cols[i][0]}: {r[i]}"), width - 4)
                ]
    return Text("\n").join(lines)


def options_table(
    ruleset: Ruleset, width: int = WIDE, only: Sequence[str] | None = None
) -> Table | Text:
    """The options of `ruleset` (`only` those named, in its order)."""
    from .lang import japanese

    specs = [s for s in ruleset.options.values() if only is None or s.name in only]
    if japanese():
        from .words_ja import option_help

        cols: list[Column] = [
            ("オプション", "left", True, 0),
            ("既定値", "left", True, 0),
            ("値", "left", False, 0),
            ("意味", "left", False, 0),
        ]
        rows = [
            (spec.name, spec.show(spec.default), accepted(spec), option_help(spec.name, spec.help))
            for spec in specs
        ]
        return fit_table(cols, rows, width, first_style="bold")
    cols = [
        ("option", "left", True, 0),
        ("default", "left", True, 0),
        ("values", "left", False, 0),
        ("meaning", "left", False, 0),
    ]
    rows = [(spec.name, spec.show(spec.default), accepted(spec), spec.help) for spec in specs]
    return fit_table(cols, rows, width, first_style="bold")


def _game_value(name: str, value: object, ruleset: Ruleset) -> str:
    """A game parameter as the listing shows it: points as the report writes amounts
    (25,000 or 25000), the uma signed, oka with what the first takes."""
    from .lang import japanese, number

    if name == "uma":
        return " ".join(f"{u:+g}" if u else "0" for u in value) or (  # type: ignore[attr-defined]
            "なし" if japanese() else "none"
        )
    if name == "oka":
        p = ruleset.params
        start, back = p.start_points, p.return_points or p.start_points
        amount = (back - start) * len(ruleset.seats) / 1000
        return f"on (+{amount:g})" if value else "off"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return number(value)
    return str(value)


def game_table(
    ruleset: Ruleset, width: int = WIDE, only: Sequence[str] | None = None
) -> Table | Text | None:
    """The ruleset's game parameters (`mjscore game`; `only` those named), or None when
    it declares none."""
    from ..rulesets.params import PARAM_FIELDS, game_params
    from .lang import japanese

    found = {k: v for k, v in game_params(ruleset.params).items() if only is None or k in only}
    if not found:
        return None
    if japanese():
        from .words_ja import GAME_PARAM_HELP

        title = "対局の設定（mjscore game）"
        cols: list[Column] = [
            ("設定", "left", True, 0),
            ("値", "left", True, 0),
            ("意味", "left", False, 0),
        ]
        rows = [
            (k, _game_value(k, v, ruleset), GAME_PARAM_HELP.get(k, PARAM_FIELDS[k].metadata["doc"]))
            for k, v in found.items()
        ]
    else:
        title = "the game (mjscore game)"
        cols = [
            ("parameter", "left", True, 0),
            ("value", "left", True, 0),
            ("meaning", "left", False, 0),
        ]
        rows = [
            (k, _game_value(k, v, ruleset), PARAM_FIELDS[k].metadata["doc"])
            for k, v in found.items()
        ]
    return fit_table(cols, rows, width, title=title, first_style="bold")


def changes(ruleset: Ruleset, base: Ruleset) -> tuple[list[str], list[str], list[str]]:
    """What `ruleset` changes from the ruleset it extends: (the options it adds or sets
    otherwise, in its order; the options of `base` it drops; the game parameters it sets
    otherwise)."""
    from ..rulesets.params import game_params

    options = [n for n, s in ruleset.options.items() if base.options.get(n) != s]
    dropped = [n for n in base.options if n not in ruleset.options]
    mine, theirs = game_params(ruleset.params), game_params(base.params)
    game = [k for k, v in mine.items() if theirs.get(k) != v]
    return options, dropped, game


def write_rules(rulesets: list[Ruleset], out: TextIO, full: bool = False) -> None:
    """Each ruleset's options and game parameters; one that extends another (a preset)
    as what it changes from it, unless `full`."""
    con = console(out, pipe_width=PIPE_WIDTH)
    from .lang import japanese

    ja = japanese()
    for i, ruleset in enumerate(rulesets):
        if i:
            con.print()
        title = (ruleset.title_ja or ruleset.title) if ja else ruleset.title
        line = Text(ruleset.name, "bold cyan") + Text(f"  {title}")
        if ruleset.extends:
            line.append(
                f"  （{ruleset.extends} の拡張）" if ja else f"  (extends {ruleset.extends})", "dim"
            )
        con.print(line)
        if ruleset.extends and not full:
            _write_changes(con, ruleset, ja)
            continue
        show(
            con,
            options_table(ruleset, con.width)
            if ruleset.options
            else Text("  オプションなし" if ja else "  no options", "dim"),
        )
        game = game_table(ruleset, con.width)
        if game is not None:
            con.print()
            show(con, game)


def _write_changes(con: Console, ruleset: Ruleset, ja: bool) -> None:
    """A preset as what it changes from the ruleset it extends (`rules NAME --full`: all)."""
    from ..engine.catalog import load_ruleset

    base = ruleset.extends or ""
    options, dropped, game = changes(ruleset, load_ruleset(base))
    if ja:
        said = f"  {base} との違い（全部は mjscore rules {ruleset.name} --full）"
    else:
        said = f"  what it changes from {base} (all of it: mjscore rules {ruleset.name} --full)"
    con.print(Text(said, "dim"))
    if not (options or dropped or game):
        con.print(
            Text(
                f"  違いなし：{base} と同じオプションと対局設定"
                if ja
                else f"  nothing: the options and game of {base}",
                "dim",
            )
        )
    if options:
        show(con, options_table(ruleset, con.width, only=options))
    if dropped:
        head = "  ない オプション: " if ja else "  options it has not: "
        con.print(Text(head + ", ".join(dropped)))
    table = game_table(ruleset, con.width, only=game) if game else None
    if table is not None:
        con.print()
        show(con, table)


def worth(han: int, yakuman: int) -> str:
    """A yaku's worth as the report says it: `2` (han), `yakuman`, `2× yakuman`."""
    if yakuman:
        return "yakuman" if yakuman == 1 else f"{yakuman}× yakuman"
    return str(han)


def _yaku_table_ja(ruleset: Ruleset, width: int) -> Table | Text:
    """The yaku table in Japanese: the ruleset's (or the platform's) Japanese name first, the
    key a user types kept, han as Tenhou lists them (`1飜`, `役満`)."""
    from .words_ja import han_words, yaku_name

    cols: list[Column] = [
        ("key", "left", True, 0),
        ("役", "left", True, 0),
        ("読み", "left", True, 2),
        ("門前", "right", True, 0),
        ("副露", "right", True, 0),
        ("任意", "left", True, 3),
        ("English", "left", False, 1),
    ]
    rows = []
    for spec in ruleset.yaku.values():
        closed = han_words(spec.han, spec.yakuman)
        opened = DASH if spec.han_open is None else han_words(spec.han_open, spec.yakuman)
        name = yaku_name(spec.key, spec.japanese, spec.name, ruleset.yaku_spellings)
        rows.append(
            (
                spec.key,
                name,
                spec.reading,
                closed,
                opened,
                "任意" if spec.optional else "",
                spec.name,
            )
        )
    return fit_table(cols, rows, width, title=f"{ruleset.title_ja or ruleset.title}: 役")


def yaku_table(ruleset: Ruleset, width: int = WIDE) -> Table | Text:
    from .lang import japanese

    if japanese():
        return _yaku_table_ja(ruleset, width)
    cols: list[Column] = [
        ("key", "left", True, 0),
        ("name", "left", False, 0),
        ("japanese", "left", True, 2),
        ("reading", "left", True, 1),
        ("closed", "right", True, 0),
        ("open", "right", True, 0),
        ("optional", "left", True, 3),
    ]
    rows = []
    for spec in ruleset.yaku.values():
        closed = worth(spec.han, spec.yakuman)
        opened = DASH if spec.han_open is None else worth(spec.han_open, spec.yakuman)
        rows.append(
            (
                spec.key,
                spec.name,
                spec.japanese,
                spec.reading,
                closed,
                opened,
                "optional" if spec.optional else "",
            )
        )
    return fit_table(cols, rows, width, title=f"{ruleset.title}: yaku")


def _plain_table(
    title: str, columns: tuple[str, ...], rows: Sequence[tuple[str, ...]], width: int = WIDE
) -> Table | Text:
    cols: list[Column] = [
        (
            name,
            "right" if name in ("points", "doubles", "value", "点", "ダブル") else "left",
            name == "key",
            0,
        )
        for name in columns
    ]
    return fit_table(cols, rows, width, title=title)


def _when(entry: Row | Double | Special) -> str:
    """Which option switches an entry on, as the table's last column says it."""
    if entry.enabled_by:
        return f"option {entry.enabled_by}"
    return "german_limit_hands" if getattr(entry, "german", False) else ""


def points_doubles_tables(ruleset: Ruleset, width: int = WIDE) -> list[Table | Text]:
    """Points rows, doubles and special hands of a points-and-doubles ruleset (European)."""
    params = ruleset.params
    from .lang import japanese

    if japanese():
        return _points_doubles_tables_ja(ruleset, width)
    rows = [(key, e.name, str(e.points), _when(e)) for key, e in params.rows.items()]
    doubles = [
        (
            key,
            e.name,
            str(e.doubles if e.doubles is not None else f"option {e.by_option}"),
            e.who_option and f"option {e.who_option}" or e.who,
            _when(e),
        )
        for key, e in params.doubles.items()
    ]
    special = [
        (key, e.name, str(e.value) if e.value is not None else f"{e.limits} × limit", _when(e))
        for key, e in params.special.items()
    ]
    return [
        _plain_table(
            f"{ruleset.title}: the winner's points", ("key", "name", "points", "when"), rows, width
        ),
        _plain_table("doubles", ("key", "name", "doubles", "who", "when"), doubles, width),
        _plain_table(
            "special hands (a fixed value)", ("key", "name", "value", "when"), special, width
        ),
    ]


def _points_doubles_tables_ja(ruleset: Ruleset, width: int) -> list[Table | Text]:
    """points_doubles_tables in Japanese: the French and German names of the hands kept."""
    from .words_ja import european_item

    params = ruleset.params

    def when(entry: Row | Double | Special) -> str:
        found = _when(entry)
        return found.replace("option ", "オプション ") if found else ""

    rows = [
        (key, european_item(key, e.name), str(e.points), when(e)) for key, e in params.rows.items()
    ]
    doubles = [
        (
            key,
            european_item(key, e.name),
            str(e.doubles if e.doubles is not None else f"オプション {e.by_option}"),
            e.who_option
            and f"オプション {e.who_option}"
            or {"all": "全員", "winner": "和了者"}.get(e.who, e.who),
            when(e),
        )
        for key, e in params.doubles.items()
    ]
    special = [
        (key, e.name, str(e.value) if e.value is not None else f"上限の{e.limits}倍", when(e))
        for key, e in params.special.items()
    ]
    return [
        _plain_table(
            f"{ruleset.title_ja or ruleset.title}：和了者の点",
            ("key", "名前", "点", "条件"),
            rows,
            width,
        ),
        _plain_table("ダブル", ("key", "名前", "ダブル", "誰に", "条件"), doubles, width),
        _plain_table("特別な手（固定点）", ("key", "名前", "点", "条件"), special, width),
    ]


def fan_table(ruleset: Ruleset, width: int = WIDE) -> Table | Text:
    """The fan table of a fan ruleset (Chinese Official): the engine's, at default values."""
    from ..mcr import FANS
    from .lang import japanese

    if japanese():
        rows = [(f.key, f.name_zh, str(f.points), f.name) for f in FANS]
        return fit_table(
            [
                ("key", "left", True, 0),
                ("番种", "left", True, 0),
                ("番", "right", True, 0),
                ("English", "left", False, 1),
            ],
            rows,
            width,
            title=f"{ruleset.title_ja or ruleset.title}：番種（花牌を除いて8番以上で和了）",
        )
    rows = [(f.key, f.name, f.name_zh, str(f.points)) for f in FANS]
    return _plain_table(
        f"{ruleset.title}: fans (a win needs 8 without flowers)",
        ("key", "name", "chinese", "points"),
        rows,
        width,
    )


def write_yaku(ruleset: Ruleset, out: TextIO) -> None:
    """The yaku table; for a points-and-doubles ruleset its points, doubles and special hands."""
    con = console(out, pipe_width=PIPE_WIDTH)
    if ruleset.scoring == "fan":
        show(con, fan_table(ruleset, con.width))
        return
    if ruleset.scoring == "points_doubles":
        for i, table in enumerate(points_doubles_tables(ruleset, con.width)):
            if i:
                con.print()
            show(con, table)
        return
    show(con, yaku_table(ruleset, con.width))
