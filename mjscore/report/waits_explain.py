"""Reporters of `waits --explain` (docs/explain.md): the waits report, then why each win
on each wait scores what it scores.

JSON and JSON Lines write the waits record with each wait's `ron` and `tsumo` objects
carrying the explanation's keys (docs/output.md, "Explained records"); TSV adds the
readings of the ron and of the tsumo to each wait's row; the rich report follows the
waits table with each win's readings, in the run's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TextIO

from . import LineReporter, OwnReporters, tsv_cell
from .explain_words import say
from .waits import TSV_HEADER as WAITS_HEADER
from .waits import render_tsv as waits_tsv

if TYPE_CHECKING:
    from rich.text import Text

    from ..analysis.explain import ExplainedWaits, Explanation

TSV_HEADER = (*WAITS_HEADER, "ron_readings", "tsumo_readings")


def _readings_cell(x: Explanation | None) -> str:
    if x is None:
        return ""
    return ",".join(str(r.value) if r.value is not None else r.status for r in x.readings)


def render_tsv(result: ExplainedWaits) -> str:
    """The waits rows, each wait's with the values of its ron's and its tsumo's readings
    (each reading's value, or its status, the chosen one first); other rows leave them empty."""
    rows = waits_tsv(result.scored).splitlines()
    waits = result.result.waits if result.error is None else ()
    out = []
    for i, row in enumerate(rows):
        cells = ["", ""]
        if i < len(waits):
            tile = waits[i].tile
            cells = [_readings_cell(result.of("", tile, kind)) for kind in ("ron", "tsumo")]
        out.append("\t".join([row, *(tsv_cell(c or None) for c in cells)]) + "\n")
    return "".join(out)


class TsvReporter(LineReporter):
    header = "\t".join(TSV_HEADER) + "\n"
    render = staticmethod(render_tsv)


def wins_lines(e: ExplainedWaits, width: int) -> list[Text]:
    """Each win's readings (and, for one that does not score, its nearest changes)."""
    from rich.text import Text

    from .explain import change_lines, hanging, reading_lines
    from .lang import tr

    result = e.result
    out: list[Text] = [Text(say("per wait"), "bold")]
    if e.ordering:
        keys = say("then").join(say(f"order.{k}") for k in e.ordering)
        out += hanging(Text(say("chosen by") + "  ", "dim"), Text(keys), width)
    groups = [("", result.waits)] + [(d.tile, d.waits) for d in result.discards]
    for discard, waits in groups:
        for w in waits:
            for kind, won in (("ron", w.ron), ("tsumo", w.tsumo)):
                x = e.of(discard, w.tile, kind)
                if x is None:
                    continue
                head = say("discard", tile=discard) + " · " if discard else ""
                out.append(Text(f"{head}{w.tile} {tr(kind)}", "bold"))
                for r in x.readings:
                    out += reading_lines(r, won, width)
                for c in x.nearest or ():
                    out += change_lines(c, won, width)
    return out


class RichReporter:
    """The waits report of each line (its error on stderr), then each win's readings."""

    def __init__(self, out: TextIO, err: TextIO, stream: bool = True):
        from .console import console, tiles_wanted
        from .waits import GLYPHS

        self.out = console(out, pipe_width=80)
        self.err = console(err)
        GLYPHS["on"] = tiles_wanted(out)
        self.shown = 0

    def emit(self, e: ExplainedWaits) -> None:
        from .console import show, write_lines
        from .rich_report import error_report
        from .waits import waits_report

        result = e.scored
        if result.error is not None:
            for line in error_report(result):  # type: ignore[arg-type]
                self.err.print(line, soft_wrap=True)
            return
        if self.shown:
            self.out.print()
        show(self.out, waits_report(result, self.out.width))
        if e.wins:
            from rich.text import Text

            write_lines(self.out, [Text(), *wins_lines(e, max(self.out.width, 40))])
        self.shown += 1

    def emit_chunk(self, rendered: Any, errors: str) -> None:  # machine formats only
        raise NotImplementedError

    def close(self) -> None:
        self.out.file.flush()


OWN = OwnReporters({"text": RichReporter, "tsv": TsvReporter})
formats, renderer, make_reporter = OWN.formats, OWN.renderer, OWN.make_reporter


def __getattr__(name: str) -> Any:
    if name == "FORMATS":  # read at each use: a format registered later is offered too
        return formats()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
