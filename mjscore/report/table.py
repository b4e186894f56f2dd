"""`mjscore table`: what a hand pays under a ruleset, drawn as text.

The numbers are the scheme's (`mjscore.scoring.tables`: han x fu, points x doubles,
fan); this draws them so that they fit the console's width without cutting a number:
fewer columns per block as the width shrinks, one block per row below three columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from rich.text import Text

from ..scoring.tables import Pay, table_data
from .console import console, write_lines
from .layout import columns, width_of, wrap_words

if TYPE_CHECKING:
    from ..rulesets import Ruleset

NONE = "–"  # a cell no hand can have
NARROWEST_GRID = 3  # fewer columns than this fit: one block per row instead


# -- the text -------------------------------------------------------------------------------


def money(pay: Pay | int | None) -> str:
    """A payment as players say it: 3,900; 1,000/2,000 (non-dealers/dealer); 3,900 all."""
    if pay is None:
        return NONE
    from .lang import japanese

    if japanese():  # as Tenhou writes them: 3900, 1000-2000, 3900∀
        if isinstance(pay, int):
            return f"{pay}"
        if "from_each" in pay:
            return f"{pay['from_each']}∀"
        if "from_dealer" in pay:
            return f"{pay['from_non_dealer']}-{pay['from_dealer']}"
        return f"{pay['from_opponent']}"
    if isinstance(pay, int):
        return f"{pay:,}"
    if "from_each" in pay:
        return f"{pay['from_each']:,} all"
    if "from_dealer" in pay:
        return f"{pay['from_non_dealer']:,}/{pay['from_dealer']:,}"
    return f"{pay['from_opponent']:,}"


def _ljust(text: str, cells: int) -> str:
    """`text` padded to `cells` terminal cells (符 and 飜 take two)."""
    return text + " " * max(cells - width_of(text), 0)


def _rjust(text: str, cells: int) -> str:
    return " " * max(cells - width_of(text), 0) + text


def grid(
    corner: str,
    heads: Sequence[str],
    rows: Sequence[tuple[str, str, list[list[str]]]],
    labels: Sequence[str],
    width: int,
) -> list[Text]:
    """Rows (key, block title, a column of values per head) under the heads, in as many
    columns as fit; below three, one block per row, the heads down its side."""
    cell = max(width_of(v) for v in (*heads, *(v for _, _, c in rows for col in c for v in col)))
    keys = max(width_of(corner), *(width_of(k) for k, _, _ in rows))
    lead = keys + 2 + max(width_of(lb) for lb in labels) + 2
    fit = max(1, (width - lead) // (cell + 2))
    if fit < min(NARROWEST_GRID, len(heads)):
        return _blocks(rows, heads, labels, width)
    blocks = -(-len(heads) // fit)
    per = -(-len(heads) // blocks)  # the blocks as even as they can be: 4 4 3, not 5 5 1
    out: list[Text] = []
    for start in range(0, len(heads), per):  # every block padded alike, so they align
        part = range(start, min(start + per, len(heads)))
        table = [[_ljust(corner, keys), "", *(_rjust(heads[i], cell) for i in part)]]
        for key, _, cols in rows:
            for n, label in enumerate(labels):
                table.append(
                    [
                        _ljust(key if n == 0 else "", keys),
                        label,
                        *(_rjust(cols[i][n], cell) for i in part),
                    ]
                )
        if out:
            out.append(Text())
        out += columns(table, width)
    return out


def _blocks(
    rows: Sequence[tuple[str, str, list[list[str]]]],
    heads: Sequence[str],
    labels: Sequence[str],
    width: int,
) -> list[Text]:
    """One block per row key, a line per head that has a value; blocks padded alike."""
    side = max(width_of(h) for h in heads)
    cell = [
        max(width_of(v) for v in (label, *(col[n] for _, _, c in rows for col in c)))
        for n, label in enumerate(labels)
    ]  # each label's own width: a 1,000,000 limit
    out: list[Text] = []
    for _, title, cols in rows:
        if out:
            out.append(Text())
        out.append(Text(title, "bold"))
        table = [[_ljust("", side), *(_rjust(lb, w) for lb, w in zip(labels, cell, strict=True))]]
        table += [
            [_ljust(h, side), *(_rjust(v, w) for v, w in zip(col, cell, strict=True))]
            for h, col in zip(heads, cols, strict=True)
            if any(v != NONE for v in col)
        ]
        out += columns(table, width)
    return out


def _words(text: str, width: int, style: str = "") -> list[Text]:
    return wrap_words(Text(text, style), width)


def _fitting(tries: Sequence[list[Text]], width: int) -> list[Text]:
    """The first layout whose every line fits, else the last (the narrowest)."""
    for lines in tries:
        if all(width_of(t) <= width for t in lines):
            return lines
    return tries[-1]


def _han_range(row: dict[str, Any]) -> str:
    if row["yakuman"]:
        return ""
    if row["han_max"] is None:
        return f"{row['han']}+"
    if row["han_max"] == row["han"]:
        return str(row["han"])
    return f"{row['han']}-{row['han_max']}"


def _limit_name(row: dict[str, Any]) -> str:
    paid = row.get("paid_as")
    from .lang import japanese

    if japanese():
        from .words_ja import TABLE_LIMITS, yakuman_words

        name = (
            yakuman_words(row["yakuman"])
            if row["yakuman"]
            else TABLE_LIMITS.get(row["name"], row["name"])
        )
        if paid and paid != "yakuman":
            return f"{name}（{TABLE_LIMITS.get(paid, paid)}扱い）"
        return name
    return f"{row['name']} (as {paid})" if paid and paid != "yakuman" else row["name"]


# The table's own words by language (the notes under each table are prose of their own).
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "sep": ": ",
        "dealer": "dealer",
        "non_dealer": "non-dealer",
        "han": "{} han",
        "han_corner": "han",
        "fu": "{} fu",
        "ron": "ron",
        "tsumo": "tsumo",
        "limit": "limit",
        "limit_han": "  {} han",
        "doubles": "{} double{}",
        "doubles_corner": "doubles",
        "points": "{} pts",
        "score": "score",
        "paid": "paid",
        "east_dealer": "dealer (East)",
        "fan": "fan",
        "fan_title": "fan -> payments",
        "all": "{} all",
        "cap": "limit",
    },
    "ja": {
        "sep": "：",
        "dealer": "親",
        "non_dealer": "子",
        "han": "{}飜",
        "han_corner": "飜",
        "fu": "{}符",
        "ron": "ロン",
        "tsumo": "ツモ",
        "limit": "役満・満貫",
        "limit_han": "  {}飜",
        "doubles": "{}ダブル",
        "doubles_corner": "ダブル",
        "points": "{}点",
        "score": "得点",
        "paid": "支払い",
        "east_dealer": "親（東）",
        "fan": "番",
        "fan_title": "番 → 支払い",
        "all": "{}∀",
        "cap": "上限",
    },
}


def _table_words() -> tuple[dict[str, str], bool]:
    """The words of the current language, and whether it is Japanese."""
    from .lang import japanese

    ja = japanese()
    return _WORDS["ja" if ja else "en"], ja


def _title(ruleset: Ruleset, what: str, ja: bool) -> str:
    if ja:
        return f"{ruleset.title_ja or ruleset.title}：{what}"
    return f"{ruleset.title}: {what}"


def _limits_text(limits: list[dict[str, Any]], who: str, width: int) -> list[Text]:
    w, ja = _table_words()
    wide = [[w["limit"], w["han_corner"], w["ron"], w["tsumo"]]]
    wide += [
        [_limit_name(r), _han_range(r), money(r[who]["ron"]), money(r[who]["tsumo"])]
        for r in limits
    ]
    cell = max(width_of(money(r[who][k])) for r in limits for k in ("ron", "tsumo"))
    label_cells = 0 if ja else 5  # the English labels padded to "tsumo"
    narrow: list[Text] = []
    for r in limits:
        han = _han_range(r)
        narrow.append(
            Text(f"{_limit_name(r)}" + (w["limit_han"].format(han) if han else ""), "bold")
        )
        narrow += [
            Text(f"  {w[key]:<{label_cells}}  {money(r[who][key]):>{cell}}")
            for key in ("ron", "tsumo")
        ]
    return _fitting([columns(wide, width, right=(1, 2, 3)), narrow], width)


# What each table leaves out, read from the ruleset: keys and values (`_han_fu_notes`,
# `_points_notes`, `_fan_notes`), and their words by language. Amounts: `{x:,}` in English,
# `{x}` in Japanese (as Tenhou writes points).
_NOTES: dict[str, dict[str, str]] = {
    "en": {
        "two_player": "two players: the one opponent pays a ron or a tsumo in full",
        "three_dealer": "ron: the discarder pays; tsumo N all: each of the two pays N",
        "three_non_dealer": "ron: the discarder pays; tsumo a/b: the other non-dealer pays a, "
        "the dealer b",
        "tsumo_loss": "three players: nobody pays the empty North seat's share of a tsumo "
        "(ツモ損; --opt tsumo_loss=off splits it between the two payers)",
        "tsumo_split": "three players: the two payers of a tsumo split the empty North seat's "
        "share (option tsumo_loss=off)",
        "four_dealer": "ron: the discarder pays; tsumo N all: each of the three pays N",
        "four_non_dealer": "ron: the discarder pays; tsumo a/b: each non-dealer pays a, the "
        "dealer b",
        "kiriage_on": "kiriage mangan: 4 han 30 fu and 3 han 60 fu pay mangan",
        "kiriage_off": "kiriage mangan: off (--opt kiriage_mangan=on)",
        "field_han": "han include the field han (場の一翻): {han} on every win",
        "honba": "each honba adds {ron:,} to a ron, {tsumo:,} from each payer to a tsumo",
        "dora_payments": "each dora is paid, not counted as han: {ron:,} on a ron, {tsumo:,} "
        "from each payer on a tsumo",
        "closed_bonus": "a closed win adds {ron:,} to a ron, {tsumo:,} from each payer to a tsumo",
        "deposits": "the winner also takes the riichi deposits, {deposit:,} each",
        "points_score": "score = points × 2^doubles{rounding}, at most the limit {limit:,} "
        "(option limit)",
        "points_rounding": ", rounded {how}",
        "points_dealer": "paid N all: East wins, so each of the three pays double the score; "
        "the same on a discard as on a self-draw",
        "points_non_dealer": "paid a/b: each other player pays a, East b (double); the same "
        "on a discard as on a self-draw",
        "points_settlement": "the other players then settle their own scores between them "
        "(advanced settlement); special hands have fixed values (mjscore yaku --rules european)",
        "fan_payments": "ron: the discarder pays {base} + fan, each other player {base}; tsumo: "
        "each of the three pays {base} + fan (flowers count as fan)",
        "fan_dealer": "no dealer in MCR: East pays and is paid as anyone",
        "fan_non_dealer": "East pays and is paid as anyone",
    },
    "ja": {
        "two_player": "二人打ち：ロンもツモも相手一人が全額を払う",
        "three_dealer": "ロンは放銃者が払う。ツモ N∀：子の二人が N ずつ払う",
        "three_non_dealer": "ロンは放銃者が払う。ツモ a-b：もう一人の子が a、親が b を払う",
        "tsumo_loss": "三人麻雀：ツモ損（北家の分は誰も払わない。--opt tsumo_loss=off で二人が"
        "分けて払う）",
        "tsumo_split": "三人麻雀：北家の分をツモの支払者二人が分けて払う（オプション "
        "tsumo_loss=off）",
        "four_dealer": "ロンは放銃者が払う。ツモ N∀：子の三人が N ずつ払う",
        "four_non_dealer": "ロンは放銃者が払う。ツモ a-b：子が a ずつ、親が b を払う",
        "kiriage_on": "切り上げ満貫：4飜30符と3飜60符は満貫",
        "kiriage_off": "切り上げ満貫：なし（--opt kiriage_mangan=on）",
        "field_han": "飜は場の一翻を含む：どの和了にも{han}飜",
        "honba": "1本場ごとにロンは{ron}点、ツモは各自{tsumo}点増える",
        "dora_payments": "ドラは飜でなく祝儀で払う：ロンで{ron}点、ツモで各自{tsumo}点",
        "closed_bonus": "門前の和了はロンで{ron}点、ツモで各自{tsumo}点増える",
        "deposits": "和了者は供託のリーチ棒（1本{deposit}点）も取る",
        "points_score": "得点 = 点 × 2^ダブル{rounding}、上限は{limit}（オプション limit）",
        "points_rounding": "、丸め {how}",
        "points_dealer": "支払い N∀：東の和了なので、三人がそれぞれ得点の2倍を払う。ロンでも"
        "ツモでも同じ",
        "points_non_dealer": "支払い a-b：ほかの家が a ずつ、東が b（2倍）を払う。ロンでも"
        "ツモでも同じ",
        "points_settlement": "そのあと、ほかの家どうしも互いの得点で清算する（精算方式）。特別な"
        "手は固定点（mjscore yaku --rules european）",
        "fan_payments": "ロン：放銃者が {base} + 番、ほかの家が {base} ずつ払う。ツモ：三人が "
        "{base} + 番ずつ払う（花牌も番に数える）",
        "fan_dealer": "国标麻将に親はない：東もほかの家と同じに払い、受け取る",
        "fan_non_dealer": "東もほかの家と同じに払い、受け取る",
    },
}
Note = tuple[str, dict[str, Any]]


def _notes_text(notes: list[Note], width: int) -> list[Text]:
    words = _NOTES["ja" if _table_words()[1] else "en"]
    lines: list[Text] = []
    for key, values in notes:
        lines += _words(words[key].format(**values), width)
    return lines


def _han_fu_notes(ruleset: Ruleset, options: dict[str, Any], dealer: bool) -> list[Note]:
    """What the grid leaves out, read from the ruleset: who pays, kiriage, extra payments."""
    params = ruleset.params
    who = "dealer" if dealer else "non_dealer"
    if options["two_player"]:
        notes: list[Note] = [("two_player", {})]
    elif len(ruleset.seats) == 3:
        notes = [(f"three_{who}", {})]
        notes.append(("tsumo_loss" if options["tsumo_loss"] else "tsumo_split", {}))
    else:
        notes = [(f"four_{who}", {})]
    if options["kiriage_mangan"]:
        notes.append(("kiriage_on", {}))
    elif "kiriage_mangan" in ruleset.options:
        notes.append(("kiriage_off", {}))
    if params.field_han:
        notes.append(("field_han", {"han": params.field_han}))
    if params.honba:
        notes.append(("honba", {"ron": params.honba_ron, "tsumo": params.honba_tsumo}))
    if params.dora_payments:
        notes.append(
            ("dora_payments", {"ron": params.dora_extra_ron, "tsumo": params.dora_extra_tsumo})
        )
    if options["closed_bonus"]:
        notes.append(
            ("closed_bonus", {"ron": params.closed_bonus_ron, "tsumo": params.closed_bonus_tsumo})
        )
    if params.deposits:
        notes.append(("deposits", {"deposit": params.deposit}))
    return notes


def _rows_by(cells: list[dict[str, Any]], key: str) -> dict[int, list[dict[str, Any]]]:
    """The JSON cells grouped into the text table's rows (one per han or per doubles), in
    the order the cells come."""
    rows: dict[int, list[dict[str, Any]]] = {}
    for c in cells:
        rows.setdefault(c[key], []).append(c)
    return rows


def _han_fu_text(
    data: dict[str, Any], ruleset: Ruleset, options: dict[str, Any], dealer: bool, width: int
) -> list[Text]:
    who = "dealer" if dealer else "non_dealer"
    w, ja = _table_words()
    rows = [
        (
            str(han),
            w["han"].format(han),
            [[money(c[who]["ron"]), money(c[who]["tsumo"])] for c in cells],
        )
        for han, cells in _rows_by(data["cells"], "han").items()
    ]
    lines = _words(_title(ruleset, w[who], ja), width, "bold")
    lines += grid(
        w["han_corner"],
        [w["fu"].format(fu) for fu in data["fu"]],
        rows,
        (w["ron"], w["tsumo"]),
        width,
    )
    lines += [Text(), *_limits_text(data["limits"], who, width), Text()]
    return lines + _notes_text(_han_fu_notes(ruleset, options, dealer), width)


def _points_text(
    data: dict[str, Any], ruleset: Ruleset, options: dict[str, Any], dealer: bool, width: int
) -> list[Text]:
    who = "dealer" if dealer else "non_dealer"
    w, ja = _table_words()
    plural = (lambda d: "") if ja else (lambda d: "s" if d != 1 else "")
    rows = [
        (
            str(d),
            w["doubles"].format(d, plural(d)),
            [[money(c["score"]), money(c[who])] for c in cells],
        )
        for d, cells in _rows_by(data["cells"], "doubles").items()
    ]
    lines = _words(
        _title(ruleset, w["east_dealer"] if dealer else w["non_dealer"], ja), width, "bold"
    )
    lines += grid(
        w["doubles_corner"],
        [w["points"].format(p) for p in data["points"]],
        rows,
        (w["score"], w["paid"]),
        width,
    )
    limit = data["limit"]
    lines += [
        Text(),
        *columns(
            [["", w["score"], w["paid"]], [w["cap"], money(limit["score"]), money(limit[who])]],
            width,
            right=(1, 2),
        ),
    ]
    lines.append(Text())
    return lines + _notes_text(_points_notes(options, dealer), width)


def _points_notes(options: dict[str, Any], dealer: bool) -> list[Note]:
    rounding = options["rounding"]
    words = _NOTES["ja" if _table_words()[1] else "en"]
    how = "" if rounding == "none" else words["points_rounding"].format(how=rounding)
    return [
        ("points_score", {"rounding": how, "limit": options["limit"]}),
        ("points_dealer" if dealer else "points_non_dealer", {}),
        ("points_settlement", {}),
    ]


def _fan_text(
    data: dict[str, Any], ruleset: Ruleset, options: dict[str, Any], dealer: bool, width: int
) -> list[Text]:
    del options
    w, ja = _table_words()
    base = data["base"]
    rows = [[w["fan"], w["ron"], w["tsumo"]]]
    for c in data["cells"]:
        ron, tsumo = c["ron"], c["tsumo"]
        rows.append(
            [
                str(c["fan"]),
                f"{ron['from_discarder']} + {ron['from_each_other']} + "
                f"{ron['from_each_other']} = {ron['total']}",
                f"{w['all'].format(tsumo['from_each'])} = {tsumo['total']}",
            ]
        )
    lines = _words(_title(ruleset, w["fan_title"], ja), width, "bold")
    lines += columns(rows, width, right=(0, 1, 2))
    lines.append(Text())
    notes: list[Note] = [("fan_payments", {"base": base})]
    notes.append(("fan_dealer" if dealer else "fan_non_dealer", {}))
    return lines + _notes_text(notes, width)


TEXTS = {"han_fu": _han_fu_text, "points_doubles": _points_text, "fan": _fan_text}


def write_table(
    ruleset: Ruleset, dealer: bool, out: TextIO, options: dict[str, Any] | None = None
) -> None:
    """The ruleset's table as text, as wide as the console (COLUMNS) allows."""
    con = console(out)
    values = options if options is not None else ruleset.resolve_options()
    data = table_data(ruleset, values)
    write_lines(con, TEXTS[ruleset.scoring](data, ruleset, values, dealer, con.width))
