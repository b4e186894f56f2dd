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
        from .words_ja import LIMITS, yakuman_words

        name = (
            yakuman_words(row["yakuman"])
            if row["yakuman"]
            else LIMITS.get(row["name"], row["name"])
        )
        if paid and paid != "yakuman":
            return f"{name}（{LIMITS.get(paid, paid)}扱い）"
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
        from .words_ja import TITLES

        return f"{TITLES.get(ruleset.name, ruleset.title)}：{what}"
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


def _han_fu_notes_ja(ruleset: Ruleset, options: dict[str, Any], dealer: bool) -> list[str]:
    """_han_fu_notes in Japanese."""
    params = ruleset.params
    if options["two_player"]:
        notes = ["二人打ち：ロンもツモも相手一人が全額を払う"]
    elif len(ruleset.seats) == 3:
        notes = [
            "ロンは放銃者が払う。"
            + (
                "ツモ N∀：子の二人が N ずつ払う"
                if dealer
                else "ツモ a-b：もう一人の子が a、親が b を払う"
            )
        ]
        notes.append(
            "三人麻雀：ツモ損（北家の分は誰も払わない。--opt tsumo_loss=off で二人が分けて払う）"
            if options["tsumo_loss"]
            else "三人麻雀：北家の分をツモの支払者二人が分けて払う（オプション tsumo_loss=off）"
        )
    elif dealer:
        notes = ["ロンは放銃者が払う。ツモ N∀：子の三人が N ずつ払う"]
    else:
        notes = ["ロンは放銃者が払う。ツモ a-b：子が a ずつ、親が b を払う"]
    if options["kiriage_mangan"]:
        notes.append("切り上げ満貫：4飜30符と3飜60符は満貫")
    elif "kiriage_mangan" in ruleset.options:
        notes.append("切り上げ満貫：なし（--opt kiriage_mangan=on）")
    if params.field_han:
        notes.append(f"飜は場の一翻を含む：どの和了にも{params.field_han}飜")
    if params.honba:
        notes.append(
            f"1本場ごとにロンは{params.honba_ron}点、ツモは各自{params.honba_tsumo}点増える"
        )
    if params.dora_payments:
        notes.append(
            f"ドラは飜でなく祝儀で払う：ロンで{params.dora_extra_ron}点、ツモで各自"
            f"{params.dora_extra_tsumo}点"
        )
    if options["closed_bonus"]:
        notes.append(
            f"門前の和了はロンで{params.closed_bonus_ron}点、ツモで各自"
            f"{params.closed_bonus_tsumo}点増える"
        )
    if params.deposits:
        notes.append(f"和了者は供託のリーチ棒（1本{params.deposit}点）も取る")
    return notes


def _han_fu_notes(ruleset: Ruleset, options: dict[str, Any], dealer: bool) -> list[str]:
    """What the grid leaves out, read from the ruleset: who pays, kiriage, extra payments."""
    params = ruleset.params
    if options["two_player"]:
        notes = ["two players: the one opponent pays a ron or a tsumo in full"]
    elif len(ruleset.seats) == 3:
        notes = [
            "ron: the discarder pays; "
            + (
                "tsumo N all: each of the two pays N"
                if dealer
                else "tsumo a/b: the other non-dealer pays a, the dealer b"
            )
        ]
        notes.append(
            "three players: nobody pays the empty North seat's share of a tsumo "
            "(ツモ損; --opt tsumo_loss=off splits it between the two payers)"
            if options["tsumo_loss"]
            else "three players: the two payers of a tsumo "
            "split the empty North seat's share (option tsumo_loss=off)"
        )
    elif dealer:
        notes = ["ron: the discarder pays; tsumo N all: each of the three pays N"]
    else:
        notes = ["ron: the discarder pays; tsumo a/b: each non-dealer pays a, the dealer b"]
    if options["kiriage_mangan"]:
        notes.append("kiriage mangan: 4 han 30 fu and 3 han 60 fu pay mangan")
    elif "kiriage_mangan" in ruleset.options:
        notes.append("kiriage mangan: off (--opt kiriage_mangan=on)")
    if params.field_han:
        notes.append(f"han include the field han (場の一翻): {params.field_han} on every win")
    if params.honba:
        notes.append(
            f"each honba adds {params.honba_ron:,} to a ron, {params.honba_tsumo:,} "
            "from each payer to a tsumo"
        )
    if params.dora_payments:
        notes.append(
            f"each dora is paid, not counted as han: {params.dora_extra_ron:,} on a "
            f"ron, {params.dora_extra_tsumo:,} from each payer on a tsumo"
        )
    if options["closed_bonus"]:
        notes.append(
            f"a closed win adds {params.closed_bonus_ron:,} to a ron, "
            f"{params.closed_bonus_tsumo:,} from each payer to a tsumo"
        )
    if params.deposits:
        notes.append(f"the winner also takes the riichi deposits, {params.deposit:,} each")
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
    for note in (_han_fu_notes_ja if ja else _han_fu_notes)(ruleset, options, dealer):
        lines += _words(note, width)
    return lines


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
    for note in (_points_notes_ja if ja else _points_notes)(options, dealer):
        lines += _words(note, width)
    return lines


def _points_notes(options: dict[str, Any], dealer: bool) -> list[str]:
    rounding = options["rounding"]
    return [
        f"score = points × 2^doubles{'' if rounding == 'none' else f', rounded {rounding}'}"
        f", at most the limit {options['limit']:,} (option limit)",
        (
            "paid N all: East wins, so each of the three pays double the score"
            if dealer
            else "paid a/b: each other player pays a, East b (double)"
        )
        + "; the same on a discard as on a self-draw",
        "the other players then settle their own scores between them (advanced "
        "settlement); special hands have fixed values (mjscore yaku --rules european)",
    ]


def _points_notes_ja(options: dict[str, Any], dealer: bool) -> list[str]:
    rounding = options["rounding"]
    return [
        f"得点 = 点 × 2^ダブル{'' if rounding == 'none' else f'、丸め {rounding}'}"
        f"、上限は{options['limit']}（オプション limit）",
        (
            "支払い N∀：東の和了なので、三人がそれぞれ得点の2倍を払う"
            if dealer
            else "支払い a-b：ほかの家が a ずつ、東が b（2倍）を払う"
        )
        + "。ロンでもツモでも同じ",
        "そのあと、ほかの家どうしも互いの得点で清算する（精算方式）。特別な手は固定点"
        "（mjscore yaku --rules european）",
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
    if ja:
        notes = [
            f"ロン：放銃者が {base} + 番、ほかの家が {base} ずつ払う。ツモ：三人が {base} + 番"
            "ずつ払う（花牌も番に数える）",
            "国标麻将に親はない：東もほかの家と同じに払い、受け取る"
            if dealer
            else "東もほかの家と同じに払い、受け取る",
        ]
    else:
        notes = [
            f"ron: the discarder pays {base} + fan, each other player {base}; tsumo: each "
            f"of the three pays {base} + fan (flowers count as fan)",
            "no dealer in MCR: East pays and is paid as anyone"
            if dealer
            else "East pays and is paid as anyone",
        ]
    for note in notes:
        lines += _words(note, width)
    return lines


TEXTS = {"han_fu": _han_fu_text, "points_doubles": _points_text, "fan": _fan_text}


def write_table(
    ruleset: Ruleset, dealer: bool, out: TextIO, options: dict[str, Any] | None = None
) -> None:
    """The ruleset's table as text, as wide as the console (COLUMNS) allows."""
    con = console(out)
    values = options if options is not None else ruleset.resolve_options()
    data = table_data(ruleset, values)
    write_lines(con, TEXTS[ruleset.scoring](data, ruleset, values, dealer, con.width))
