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
from . import FORMATS as OUTPUT_FORMATS
from . import LineReporter, describe, json_default, tsv_cell

if TYPE_CHECKING:
    from ..analysis.waits import Wait, WaitsResult
    from ..core.result import ScoreResult

_ENCODE = json.JSONEncoder(ensure_ascii=False, default=json_default).encode
TSV_HEADER = ("line", "tile", "remaining", "furiten", "ron_value", "tsumo_value", "shanten",
              "ukeire", "error")


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
        rows.append([result.line, None, None, None, None, None, None, None,
                     describe(result.error)])
    elif result.discards:
        for d in result.discards:
            rows.append([result.line, d.tile, None, None,
                         _best([_value(w.ron) for w in d.waits]),
                         _best([_value(w.tsumo) for w in d.waits]), d.shanten, d.ukeire, None])
    elif result.waits:
        total = sum(w.remaining for w in result.waits)
        for w in result.waits:
            rows.append([result.line, w.tile, w.remaining, w.furiten, _value(w.ron),
                         _value(w.tsumo), result.shanten, total, None])
    else:
        rows.append([result.line, None, None, None, None, None, result.shanten,
                     sum(t.remaining for t in result.ukeire), None])
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
        if kind == "no_yaku" and r.rules == "mcr":
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
            return "8点未満" if r.rules == "mcr" else "役なし"
        return {"not_a_win": "和了形でない"}.get(r.error.kind, "和了できない")
    score = r.score
    if isinstance(score, Fans):
        return f"{r.value}番"
    if isinstance(score, PointsDoubles):
        return f"{r.value}点 {score.points}点{score.doubles}ダブル"
    from .words_ja import call_line

    return call_line(r.han, r.fu, r.limit, score.yakuman, r.payments, r.value or 0, r.rules)


def _names(r: ScoreResult) -> list[str]:
    """The yaku (or fans) of a win by the names `score` prints."""
    from .lang import japanese

    if isinstance(r.score, Fans):
        return [f.name_zh if japanese() else f.name for f in r.score.fans]
    if japanese():
        from .words_ja import yaku_name

        ctx = r.hand.ctx if r.hand is not None else None
        return [yaku_name(y.key, y.japanese, y.name, r.rules, ctx.seat_wind if ctx else "",
                          ctx.round_wind if ctx else "") for y in r.yaku]
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
    return ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in result.shanten_by_shape.items()
                     if v is not None)


def waits_report(result: WaitsResult, width: int = 80) -> Any:
    from rich.console import Group
    from rich.text import Text

    from .lang import japanese
    from .listing import fit_table

    if japanese():
        return _waits_report_ja(result, width)
    label = result.label  # the line's `# ...` comment names it, else its number
    shown = result.input.partition("#")[0].rstrip() if label else result.input
    head = Text(f"{label or f'line {result.line}'}: ", "bold") + Text(shown) + Text(
        f"  ({result.rules})", "dim")
    parts: list[Any] = [head]

    if result.tiles == 14:
        if result.shanten == -1:
            parts.append(Text(f"14 tiles: the hand is complete, a win as it stands "
                              f"({_shapes(result)})"))
            won = result.complete_win
            if won is not None:  # the call, as `score` says it (`4 han 30 fu · 2,000 all`)
                tile = T.name(won.hand.ctx.win_tile) if won.hand is not None else "?"
                parts.append(Text(f"tsumo {tile}: ", "bold") + Text(str(won)))
            parts.append(Text("after a discard:"))
        else:
            parts.append(Text(f"14 tiles: shanten {result.shanten} after the best discard "
                              f"({_shapes(result)})"))
        rows: list[tuple[str, ...]] = []
        for d in result.discards:
            tiles = " ".join(x.tile for x in d.ukeire_tiles)
            best = max(d.waits, key=lambda w: w.best_value, default=None)
            rows.append((_tile(d.tile), str(d.shanten), str(d.ukeire),
                         ("waits " if d.shanten == 0 else "") + tiles,
                         f"{best.best_value:,}" if best and best.best_value else ""))
        columns = [("Discard", "left", True, 0), ("Shanten", "left", True, 0),
                   ("Unseen", "left", True, 0), ("Waits / ukeire", "left", False, 0),
                   ("Best", "left", True, 0)]
        if not any(row[4] for row in rows):  # no discard leaves a ready hand: no Best
            columns, rows = columns[:4], [row[:4] for row in rows]
        parts.append(fit_table(columns, rows, width))
    elif result.waits:
        unseen = sum(w.remaining for w in result.waits)
        parts.append(Text(f"ready: {len(result.waits)} winning tile"
                          f"{'s' if len(result.waits) != 1 else ''}, {unseen} unseen"))
        rows = [(_tile(w.tile), str(w.remaining), win_text(w.ron), win_text(w.tsumo), _yaku(w))
                for w in result.waits]
        parts.append(fit_table([("Wait", "left", True, 0), ("Left", "left", True, 0),
                                ("Ron", "left", False, 0), ("Tsumo", "left", False, 0),
                                ("Yaku", "left", False, 0)], rows, width))
    else:
        unseen = sum(x.remaining for x in result.ukeire)
        parts.append(Text(f"not ready: shanten {result.shanten} ({_shapes(result)})"))
        if result.ukeire:
            parts.append(Text(f"ukeire {unseen} unseen: " + "  ".join(
                f"{x.tile}×{x.remaining}" for x in result.ukeire)))
        elif result.shanten == 0:
            parts.append(Text("ready, but no tile completes a win: each is held four times "
                              "or scores nothing under these rules"))
    return Group(*parts)


_SHAPES_JA = {"regular": "一般形", "seven_pairs": "七対子", "thirteen_orphans": "国士無双",
              "honors_and_knitted": "全不靠", "knitted_straight": "组合龙"}


def _shapes_ja(result: WaitsResult) -> str:
    return "、".join(f"{_SHAPES_JA.get(k, k)} {v}" for k, v in result.shanten_by_shape.items()
                     if v is not None)


def _waits_report_ja(result: WaitsResult, width: int) -> Any:
    """The waits report in Japanese: 待ち, 残り枚数, ロン and ツモ as Tenhou's text, 役."""
    from rich.console import Group
    from rich.text import Text

    from .listing import fit_table
    from .words_ja import TITLES

    label = result.label  # the line's `# ...` comment names it, else its number
    shown = result.input.partition("#")[0].rstrip() if label else result.input
    head = Text(f"{label or f'{result.line}行目'}: ", "bold") + Text(shown) + Text(
        f"  ({TITLES.get(result.rules, result.rules)})", "dim")
    parts: list[Any] = [head]
    if result.tiles == 14:
        if result.shanten == -1:
            parts.append(Text(f"14枚：和了形（{_shapes_ja(result)}）。打牌すると："))
        else:
            parts.append(Text(f"14枚：最善の打牌で{result.shanten}向聴（{_shapes_ja(result)}）"))
        rows: list[tuple[str, ...]] = []
        for d in result.discards:
            tiles = " ".join(x.tile for x in d.ukeire_tiles)
            best = max(d.waits, key=lambda w: w.best_value, default=None)
            rows.append((_tile(d.tile), str(d.shanten), str(d.ukeire),
                         ("待ち " if d.shanten == 0 else "") + tiles,
                         f"{best.best_value}点" if best and best.best_value else ""))
        columns = [("打牌", "left", True, 0), ("向聴", "left", True, 0),
                   ("残り", "left", True, 0), ("待ち / 受け入れ", "left", False, 0),
                   ("最高", "left", True, 0)]
        if not any(row[4] for row in rows):
            columns, rows = columns[:4], [row[:4] for row in rows]
        parts.append(fit_table(columns, rows, width))
    elif result.waits:
        unseen = sum(w.remaining for w in result.waits)
        parts.append(Text(f"聴牌：待ち{len(result.waits)}種、見えていない牌{unseen}枚"))
        rows = [(_tile(w.tile), str(w.remaining), win_text(w.ron), win_text(w.tsumo), _yaku(w))
                for w in result.waits]
        parts.append(fit_table([("待ち", "left", True, 0), ("残り", "left", True, 0),
                                ("ロン", "left", True, 0), ("ツモ", "left", True, 0),
                                ("役", "left", False, 0)], rows, width))
    else:
        unseen = sum(x.remaining for x in result.ukeire)
        parts.append(Text(f"未聴牌：{result.shanten}向聴（{_shapes_ja(result)}）"))
        if result.ukeire:
            parts.append(Text(f"受け入れ{unseen}枚: " + "  ".join(
                f"{x.tile}×{x.remaining}" for x in result.ukeire)))
        elif result.shanten == 0:
            parts.append(Text("聴牌だが和了になる牌がない：どれも4枚使いか、このルールでは点にならない"))
    return Group(*parts)


class RichReporter:
    def __init__(self, out: TextIO, err: TextIO, stream: bool = True):
        from .console import console, tiles_wanted

        self.out = console(out, pipe_width=80)
        self.err = console(err)
        GLYPHS["on"] = tiles_wanted(out)
        self.shown = 0

    def emit(self, result: WaitsResult) -> None:
        from .console import show
        from .rich_report import error_report

        if result.error is not None:
            for line in error_report(result):  # type: ignore[arg-type]
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
OWN_REPORTERS: dict[str, Any] = {"rich": RichReporter, "tsv": TsvReporter}


def formats() -> tuple[str, ...]:
    """The output formats `mjscore waits` offers, in the table's order."""
    return tuple(name for name, f in OUTPUT_FORMATS.items()
                 if f.any_record or name in OWN_REPORTERS)


def __getattr__(name: str) -> Any:
    if name == "FORMATS":  # read at each use: a format registered later is offered too
        return formats()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def renderer(fmt: str) -> tuple[Any, str]:
    """(render, separator) of a machine format for the workers: a format with its own
    waits reporter renders with it; JSON and JSON Lines render a waits record as they
    render a score record."""
    own = OWN_REPORTERS.get(fmt)
    if own is not None:
        return own.render, ""
    from . import renderer as record_renderer

    return record_renderer(fmt)


def make_reporter(fmt: str, out: TextIO, err: TextIO, stream: bool = True) -> Any:
    own = OWN_REPORTERS.get(fmt)
    if own is not None:
        return own(out, err, stream)
    from . import make_reporter as record_reporter

    return record_reporter(fmt, out, err, stream)
