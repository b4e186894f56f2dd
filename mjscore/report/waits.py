"""Reporters of `mjscore waits` records (docs/output.md, "Waits records"), one class per format.

The machine formats use the standard library only; the rich report imports rich
when it is built. Each format has a module-level `render` (workers render chunks,
the main process writes them), as the score reporters do.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TextIO

from ..base import tiles as T
from ..core.result import Fans, PointsDoubles
from . import LineReporter, OwnReporters, describe, json_default, safe, tsv_cell
from .display import scores_fan, spellings

if TYPE_CHECKING:
    from ..analysis.waits import Wait, WaitsResult
    from ..core.result import ScoreResult

_ENCODE = json.JSONEncoder(ensure_ascii=False, default=json_default).encode
TSV_HEADER = (
    "line",
    "tile",
    "remaining",
    "furiten",
    "ron_value",
    "tsumo_value",
    "shanten",
    "ukeire",
    "error",
)


def _value(r: ScoreResult) -> int | None:
    return r.value if r.ok else None


def _best(values: list[int | None]) -> int | None:
    known = [v for v in values if v is not None]
    return max(known) if known else None


def render_tsv(result: WaitsResult) -> str:
    """One row per wait (13 tiles, ready), per discard (14 tiles), else one row for the hand.

    A discard's ron/tsumo values are the best of its waits'; `ukeire` sums unseen copies.
    """
    rows: list[list[object]] = []
    if result.error is not None:
        rows.append([result.line, None, None, None, None, None, None, None, describe(result.error)])
    elif result.discards:
        for d in result.discards:
            rows.append(
                [
                    result.line,
                    d.tile,
                    None,
                    None,
                    _best([_value(w.ron) for w in d.waits]),
                    _best([_value(w.tsumo) for w in d.waits]),
                    d.shanten,
                    d.ukeire,
                    None,
                ]
            )
    elif result.waits:
        total = sum(w.remaining for w in result.waits)
        for w in result.waits:
            rows.append(
                [
                    result.line,
                    w.tile,
                    w.remaining,
                    w.furiten,
                    _value(w.ron),
                    _value(w.tsumo),
                    result.shanten,
                    total,
                    None,
                ]
            )
    else:
        rows.append(
            [
                result.line,
                None,
                None,
                None,
                None,
                None,
                result.shanten,
                sum(t.remaining for t in result.ukeire),
                None,
            ]
        )
    return "".join("\t".join(tsv_cell(c) for c in row) + "\n" for row in rows)


class TsvReporter(LineReporter):
    header = "\t".join(TSV_HEADER) + "\n"
    render = staticmethod(render_tsv)


# -- the rich report: a table readable at 80 columns ---------------------------------------


def win_text(r: ScoreResult) -> str:
    """`7,700 4h30f`, a tsumo as the table says it (`400/700 1h30f`, `2,600 all`),
    `8,000 mangan`, `11 fan`, `2,000 p40 d1`; or why the win is impossible."""
    from .lang import japanese

    if japanese():
        return _win_text_ja(r)
    if not r.ok:
        assert r.error is not None
        kind = r.error.kind
        if "furiten" in r.error.message:
            return "furiten"
        if kind == "no_yaku" and scores_fan(r.rules):
            return "below the 8-point minimum"
        return {"no_yaku": "no yaku", "not_a_win": "not a win"}.get(kind, kind.replace("_", " "))
    from .rich_report import call

    score = r.score
    said = call(r)
    amount = said if said and not said.startswith("ron ") else f"{r.value:,}"
    if isinstance(score, Fans):
        return f"{r.value:,} fan"
    if r.han is None and isinstance(score, PointsDoubles):
        return f"{r.value:,} {score.points}p {score.doubles}d"
    if r.limit:
        return f"{amount} {r.limit}"
    return f"{amount} {r.han}h{r.fu}f"


def _win_text_ja(r: ScoreResult) -> str:
    """A win as Tenhou's result text says it (`30符2飜2000点`, `満貫2000-4000点`), `25番`;
    or why it is impossible (フリテン, 役なし)."""
    if not r.ok:
        assert r.error is not None
        if "furiten" in r.error.message:
            return "フリテン"
        if r.error.kind == "no_yaku":
            return "8点未満" if scores_fan(r.rules) else "役なし"
        return {"not_a_win": "和了形でない"}.get(r.error.kind, "和了できない")
    score = r.score
    if isinstance(score, Fans):
        return f"{r.value}番"
    if isinstance(score, PointsDoubles):
        return f"{r.value}点 {score.points}点{score.doubles}ダブル"
    from .words_ja import call_line

    return call_line(
        r.han, r.fu, r.limit, score.yakuman, r.payments, r.value or 0, spellings(r.rules)
    )


def _names(r: ScoreResult) -> list[str]:
    """The yaku (or fans) of a win by the names `score` prints."""
    from .lang import japanese

    if isinstance(r.score, Fans):
        return [f.name_zh if japanese() else f.name for f in r.score.fans]
    if japanese():
        from .words_ja import yaku_name

        ctx = r.hand.ctx if r.hand is not None else None
        return [
            yaku_name(
                y.key,
                y.japanese,
                y.name,
                spellings(r.rules),
                ctx.seat_wind if ctx else "",
                ctx.round_wind if ctx else "",
            )
            for y in r.yaku
        ]
    return [y.name for y in r.yaku]


def _yaku(w: Wait) -> str:
    """Each win's own yaku: `ron: A, B; tsumo: A, B, C`, or one list when they agree."""
    from .lang import japanese

    sep = "、 " if japanese() else ", "  # rich breaks a cell at the blank, not in a name
    ron = sep.join(_names(w.ron)) if w.ron.ok else ""
    tsumo = sep.join(_names(w.tsumo)) if w.tsumo.ok else ""
    if ron == tsumo or not ron or not tsumo:
        return ron or tsumo
    if japanese():
        return f"ロン：{ron}；ツモ：{tsumo}"
    return f"ron: {ron}; tsumo: {tsumo}"


GLYPHS = {"on": True}  # the rich reporter turns the glyphs off (--no-tiles, an encoding)


def _tile(name: str) -> str:
    from ..analysis.waits import TILE_ORDER

    return f"{T.unicode_tile(TILE_ORDER[name])} {name}" if GLYPHS["on"] else name


def _shapes(result: WaitsResult) -> str:
    return ", ".join(
        f"{k.replace('_', ' ')} {v}" for k, v in result.shanten_by_shape.items() if v is not None
    )


# The report's words by language: the layout is one (waits_report), the sentences differ.
_WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "head": lambda r: f"line {r.line}",
        "rules": lambda name: name,
        "complete": lambda r, shapes: (
            f"14 tiles: the hand is complete, a win as it stands ({shapes})"
        ),
        "after": "after a discard:",
        "best_discard": lambda r, shapes: (
            f"14 tiles: {'ready' if r.shanten == 0 else f'shanten {r.shanten}'} after the "
            f"best discard ({shapes})"
        ),
        "discard_columns": ("Discard", "Shanten", "Unseen", "Waits / ukeire", "Best"),
        "waits_word": "waits ",
        "value": lambda v: f"{v:,}",
        "ready": lambda n, unseen: (
            f"ready: {n} winning tile{'s' if n != 1 else ''}, {unseen} unseen"
        ),
        "wait_columns": ("Wait", "Left", "Ron", "Tsumo", "Yaku"),
        "calls_wrap": True,
        "not_ready": lambda r, shapes: f"not ready: shanten {r.shanten} ({shapes})",
        "ukeire": lambda unseen: f"ukeire {unseen} unseen: ",
        "dead": lambda shapes: (
            f"ready ({shapes}), but no tile completes a win: each is held four times or "
            "scores nothing under these rules"
        ),
    },
    "ja": {
        "head": lambda r: f"{r.line}行目",
        "rules": lambda name: _title_ja(name),
        "complete": lambda r, shapes: f"14枚：和了形（{shapes}）。打牌すると：",
        "after": None,
        "best_discard": lambda r, shapes: (
            f"14枚：最善の打牌で{'聴牌' if r.shanten == 0 else f'{r.shanten}向聴'}（{shapes}）"
        ),
        "discard_columns": ("打牌", "向聴", "残り", "待ち / 受け入れ", "最高"),
        "waits_word": "待ち ",
        "value": lambda v: f"{v}点",
        "ready": lambda n, unseen: f"聴牌：待ち{n}種、見えていない牌{unseen}枚",
        "wait_columns": ("待ち", "残り", "ロン", "ツモ", "役"),
        "calls_wrap": False,
        "not_ready": lambda r, shapes: f"未聴牌：{r.shanten}向聴（{shapes}）",
        "ukeire": lambda unseen: f"受け入れ{unseen}枚: ",
        "dead": lambda shapes: (
            f"聴牌（{shapes}）だが和了になる牌がない：どれも4枚使いか、このルールでは点にならない"
        ),
    },
}


def _title_ja(name: str) -> str:
    from .display import title

    return title(name, name)


def waits_report(result: WaitsResult, width: int = 80) -> Any:
    from rich.console import Group
    from rich.text import Text

    from .lang import japanese
    from .listing import fit_table

    ja = japanese()
    w = _WORDS["ja" if ja else "en"]
    shapes = _shapes_ja(result) if ja else _shapes(result)
    label = safe(result.label or "")  # the line's `# ...` comment names it, else its number
    shown = safe(result.input.partition("#")[0].rstrip() if label else result.input)
    head = (
        Text(f"{label or w['head'](result)}: ", "bold")
        + Text(shown)
        + Text(f"  ({w['rules'](result.rules)})", "dim")
    )
    parts: list[Any] = [head]

    if result.tiles == 14:
        if result.shanten == -1:
            parts.append(Text(w["complete"](result, shapes)))
            won = result.complete_win
            if w["after"] and won is not None:  # the call, as `score` says it
                tile = T.name(won.hand.ctx.win_tile) if won.hand is not None else "?"
                parts.append(Text(f"tsumo {tile}: ", "bold") + Text(str(won)))
            if w["after"]:
                parts.append(Text(w["after"]))
        else:
            parts.append(Text(w["best_discard"](result, shapes)))
        rows: list[tuple[str, ...]] = []
        for d in result.discards:
            tiles = " ".join(x.tile for x in d.ukeire_tiles)
            best = max(d.waits, key=lambda x: x.best_value, default=None)
            rows.append(
                (
                    _tile(d.tile),
                    str(d.shanten),
                    str(d.ukeire),
                    (w["waits_word"] if d.shanten == 0 else "") + tiles,
                    w["value"](best.best_value) if best and best.best_value else "",
                )
            )
        columns = [
            (name, "left", name != w["discard_columns"][3], 0) for name in w["discard_columns"]
        ]
        if not any(row[4] for row in rows):  # no discard leaves a ready hand: no Best
            columns, rows = columns[:4], [row[:4] for row in rows]
        parts.append(fit_table(columns, rows, width))
    elif result.waits:
        unseen = sum(x.remaining for x in result.waits)
        parts.append(Text(w["ready"](len(result.waits), unseen)))
        rows = [
            (_tile(x.tile), str(x.remaining), win_text(x.ron), win_text(x.tsumo), _yaku(x))
            for x in result.waits
        ]
        nowrap = (True, True, not w["calls_wrap"], not w["calls_wrap"], False)
        parts.append(
            fit_table(
                [
                    (name, "left", keep, 0)
                    for name, keep in zip(w["wait_columns"], nowrap, strict=True)
                ],
                rows,
                width,
            )
        )
    else:
        unseen = sum(x.remaining for x in result.ukeire)
        if result.shanten == 0:  # ready by count, but nothing completes it: say so, not 0向聴
            parts.append(Text(w["dead"](shapes)))
        else:
            parts.append(Text(w["not_ready"](result, shapes)))
        if result.ukeire:
            parts.append(
                Text(
                    w["ukeire"](unseen)
                    + "  ".join(f"{x.tile}×{x.remaining}" for x in result.ukeire)
                )
            )
    return Group(*(_wrapped(p, width) if isinstance(p, Text) else p for p in parts))


def _wrapped(text: Any, width: int) -> Any:
    """A sentence cut into lines here, as the score report cuts its own (layout.wrap_words:
    at blanks, and in Japanese between words, never before 、 or 。), not by rich, which
    breaks Japanese only at blanks and cuts what is longer."""
    from rich.text import Text

    from .layout import wrap_words

    # line by line: a stacked table (listing._stacked) arrives as lines already laid out
    return Text("\n").join(
        [piece for line in text.split("\n") for piece in wrap_words(line, width)]
    )


_SHAPES_JA = {
    "regular": "一般形",
    "seven_pairs": "七対子",
    "thirteen_orphans": "国士無双",
    "honors_and_knitted": "全不靠",
    "knitted_straight": "组合龙",
}


def _shapes_ja(result: WaitsResult) -> str:
    return "、".join(
        f"{_SHAPES_JA.get(k, k)} {v}" for k, v in result.shanten_by_shape.items() if v is not None
    )


class RichReporter:
    def __init__(self, out: TextIO, err: TextIO, stream: bool = True):
        from .console import console, tiles_wanted

        self.out = console(out, pipe_width=80)
        self.err = console(err)
        GLYPHS["on"] = tiles_wanted(out)
        self.shown = 0

    def emit(self, result: WaitsResult) -> None:
        from .console import show
        from .rich_report import error_report, terminal_width

        if result.error is not None:
            for line in error_report(result, terminal_width(self.err)):  # type: ignore[arg-type]
                self.err.print(line, soft_wrap=True)
            return
        if self.shown:
            self.out.print()
        show(self.out, waits_report(result, self.out.width))
        self.shown += 1

    def emit_chunk(self, rendered: Any, errors: str) -> None:  # machine formats only
        raise NotImplementedError

    def close(self) -> None:
        self.out.file.flush()


# The waits reporters of the formats that do not render any record by themselves (the
# table's `any_record`); the others report a waits record as they report a score record.
OWN = OwnReporters({"text": RichReporter, "tsv": TsvReporter})
formats, renderer, make_reporter = OWN.formats, OWN.renderer, OWN.make_reporter


def __getattr__(name: str) -> Any:
    if name == "FORMATS":  # read at each use: a format registered later is offered too
        return formats()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
