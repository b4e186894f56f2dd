"""Reporters of `score --explain` (docs/explain.md): the score report and why.

JSON and JSON Lines write the explained record (docs/output.md, "Explained records") as
they write any record; TSV adds two columns to the score row; the rich report is the
score report (or, for a line that does not score, its error on stderr) followed by the
explanation in the run's language (explain_words.py), fitted to the width.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TextIO

from ..analysis.explain import WIN
from . import LineReporter, OwnReporters
from .display import scores_fan
from .explain_words import say, shown
from .tsv import HEADER, row

if TYPE_CHECKING:
    from rich.text import Text

    from ..analysis.explain import Almost, Change, Explained, ReadingValue
    from ..core.result import ScoreResult, YakuMatch

TSV_HEADER = (*HEADER, "readings", "nearest")


# -- TSV ------------------------------------------------------------------------------------


def render_tsv(result: Explained) -> str:
    """The score row, then `readings` (each reading's value, or its status, chosen first)
    and `nearest` (each change as CHANGE[ DETAIL]=VALUE), comma-separated."""
    from . import tsv_cell

    x = result.explanation
    readings = nearest = None
    if x is not None:
        readings = ",".join(str(r.value) if r.value is not None else r.status for r in x.readings)
        if x.nearest is not None:
            nearest = ",".join(_change_cell(c) for c in x.nearest)
    return "\t".join([*row(result.scored), tsv_cell(readings), tsv_cell(nearest)]) + "\n"


def _change_cell(c: Change) -> str:
    detail = c.tile or c.meld
    return f"{c.kind}{' ' + detail if detail else ''}={c.result.value}"


class TsvReporter(LineReporter):
    header = "\t".join(TSV_HEADER) + "\n"
    render = staticmethod(render_tsv)


# -- the rich report ----------------------------------------------------------------------------


def explanation_lines(e: Explained, width: int) -> list[Text]:
    """The explanation of one line, in the run's language, fitted to `width`."""
    from rich.text import Text

    x = e.explanation
    assert x is not None
    result = e.result
    out: list[Text] = [Text(say("why" if result.ok else "why_not"), "bold")]
    if x.ordering and len(x.readings) > 1:
        keys = say("then").join(say(f"order.{k}") for k in x.ordering)
        out += hanging(Text(say("chosen by") + "  ", "dim"), Text(keys), width)
    if not x.readings and result.hand is not None and result.hand.has_win:
        out += _wrapped(2, Text(say("no reading"), "dim"), width)
    for r in x.readings:
        out += reading_lines(r, result, width)
    if x.minimum is not None:
        m = x.minimum
        unit = say(f"unit.{m.unit}")
        words = say("minimum", have=m.have, unit=unit, needed=m.needed, short=m.short)
        out += _wrapped(2, Text(words), width)
    if x.nearest is not None:
        out.append(Text())
        out.append(Text(say("nearest"), "bold"))
        if not x.nearest:
            out += _wrapped(2, Text(say("no change"), "dim"), width)
        for c in x.nearest:
            out += change_lines(c, result, width)
    return out


def reading_lines(r: ReadingValue, result: ScoreResult, width: int) -> list[Text]:
    """One reading: its groups, its score and value with why it was or was not chosen, its
    yaku, and the yaku one condition kept out."""
    from rich.text import Text

    from .lang import said
    from .layout import both_ends

    mark = "▸ " if r.chosen else "· "
    text = said(r.text)  # a reading's own words (thirteen orphans...) in the run's language
    lines = _wrapped(2, Text(mark) + Text(text, "bold" if r.chosen else ""), width, 4)
    words = Text("    ") + Text(reading_score(r, result.rules))
    if r.status != WIN:  # the best reading of a line that does not score is no win either
        verdict = Text(say(f"status.{r.status}"), "red")
    elif r.chosen:
        verdict = Text(say("chosen"), "green")
    else:
        verdict = Text(_below(r.decided_by or ""), "dim")
    right = Text(_number(r.value)) + Text("  ") + verdict if r.value is not None else verdict
    lines += both_ends(words, right, width)
    if r.items:
        pieces = [Text(_item(y, result)) for y in r.items]
        lines += _flowed(pieces, width, indent=4)
    for a in r.almost:
        lines += _wrapped(4, Text(say("almost") + ": ", "dim") + Text(_almost(a, result)), width)
    return lines


def change_lines(c: Change, result: ScoreResult, width: int) -> list[Text]:
    """One nearest change: what changes, what the line then scores, and the line."""
    from rich.text import Text

    from .layout import both_ends

    what = say(f"change.{c.kind}", tile=c.tile or "", meld=c.meld or "")
    lines = both_ends(Text("  " + what, "bold"), Text(value_words(c.result)), width)
    if c.gained:
        names = ", ".join(_item(y, c.result, han=False) for y in c.result.yaku if y.key in c.gained)
        lines += _wrapped(4, Text(say("gains") + " ", "dim") + Text(names), width)
    lines += _wrapped(4, Text(_safe(c.line), "dim"), width)
    return lines


# -- words of values ----------------------------------------------------------------------------


def _number(n: int | None) -> str:
    from .lang import number

    return number(n or 0)


def _below(key: str) -> str:
    """Why a reading is below the chosen one: `lower value`, or a tie's own words."""
    from .explain_words import EN

    if f"below.{key}" in EN:
        return say(f"below.{key}")
    return say("below", key=say(f"order.{key}"))


def reading_score(r: ReadingValue, rules: str) -> str:
    """A reading's numbers: `4 han 40 fu mangan`, `yakuman`, `46 fan`, `40 points 2
    doubles` (Japanese: `40符4飜 満貫`, `46番`)."""
    from .lang import japanese

    if r.fan is not None:
        return f"{r.fan}番" if japanese() else f"{r.fan} fan"
    if r.points is not None:
        if japanese():
            return f"{r.points}点 {r.doubles}ダブル"
        return f"{r.points} points {r.doubles} doubles"
    if japanese():
        from .words_ja import LIMITS, score_words

        words = score_words(r.han, r.fu, None, r.yakuman, rules)
        if r.limit and not r.yakuman:
            words = f"{words} {LIMITS.get(r.limit, r.limit)}"
        return words
    from ..core.result import HanFu
    from ..core.result import score_words as english

    return english(HanFu(r.han, r.fu, limit=r.limit, yakuman=r.yakuman))


def value_words(result: ScoreResult) -> str:
    """What a scored line is worth, as the score report's total line says it."""
    from ..core.result import Fans, PointsDoubles
    from .lang import japanese

    s = result.score
    if not japanese():
        said = str(result)  # a Chinese Official ron's total is its fan: said once
        plain = f" · {result.value:,}"
        return said[: -len(plain)] if isinstance(s, Fans) and said.endswith(plain) else said
    if isinstance(s, Fans):  # a tsumo as Tenhou writes one (`17点∀`); a ron's total is its fan
        from .words_ja import call_amounts

        call = call_amounts(result.payments, result.value) if result.win == "tsumo" else None
        return f"{s.fan}番" + (f" · {call}" if call else "")
    if isinstance(s, PointsDoubles):
        return f"{s.points}点 {s.doubles}ダブル · {result.value}点"
    from .words_ja import call_line

    return call_line(s.han, s.fu, s.limit, s.yakuman, result.payments, result.value, result.rules)


def _item(y: YakuMatch, result: ScoreResult, han: bool = True) -> str:
    """A yaku (fan, double) and its worth: `Tanyao 1`, `断幺九 1飜`, `Dora ×2 2`."""
    from .lang import japanese

    if japanese():
        from .words_ja import yaku_name

        ctx = result.hand.ctx if result.hand is not None else None
        name = yaku_name(
            y.key,
            y.japanese,
            y.name,
            result.rules,
            ctx.seat_wind if ctx else "",
            ctx.round_wind if ctx else "",
        )
        worth = worth_words(y, result) if han else ""
        return f"{name} {worth}" if worth else name
    name = f"{y.name} ×{y.times}" if y.times and y.times > 1 else y.name
    worth = worth_words(y, result) if han else ""
    return f"{name} {worth}" if worth else name


def worth_words(y: YakuMatch, result: ScoreResult) -> str:
    """What a yaku (fan, double) is worth: `1`, `yakuman`, `2× yakuman`; in Japanese `1飜`,
    `役満`, `8番`, `2ダブル`; nothing for a European special hand (its score is the hand's)."""
    from .lang import japanese

    if y.unit == "doubles" and not y.han:
        return ""

    if japanese():
        from .words_ja import han_words

        if y.unit == "doubles":
            return f"{y.han}ダブル"
        if scores_fan(result.rules):
            return f"{y.han}番" + (f"×{y.times}" if y.times and y.times > 1 else "")
        return han_words(y.han, y.yakuman)
    if y.yakuman:
        return "yakuman" if y.yakuman == 1 else f"{y.yakuman}× yakuman"
    return str(y.han)


def _almost(a: Almost, result: ScoreResult) -> str:
    condition = say(
        f"condition.{a.condition}", option=a.option, value=shown(a.value) if a.option else ""
    )
    return f"{_item(a.yaku, result)}: {condition}"


# -- layout ---------------------------------------------------------------------------------


def _wrapped(lead: int, body: Text, width: int, indent: int | None = None) -> list[Text]:
    """`body` after `lead` blanks, cut at blanks to `width`; its further lines after
    `indent` blanks (lead + 2 by default). A word longer than the room stays whole."""
    from rich.text import Text

    from .layout import wrap_words

    more = lead + 2 if indent is None else indent
    first = wrap_words(body, max(width - lead, 12))
    out = [Text(" " * lead) + first[0]]
    if len(first) > 1:
        rest = body[len(first[0].plain) :]
        rest = rest[len(rest.plain) - len(rest.plain.lstrip()) :]
        out += [Text(" " * more) + line for line in wrap_words(rest, max(width - more, 12))]
    return out


def hanging(label: Text, body: Text, width: int) -> list[Text]:
    """`label` then `body`, the body's further lines under its first."""
    from rich.text import Text

    from .layout import width_of, wrap_words

    room = max(width - width_of(label) - 2, 12)
    parts = wrap_words(body, room)
    lead = Text("  ") + label
    out = [lead + parts[0]]
    pad = " " * (2 + width_of(label))
    out += [Text(pad) + p for p in parts[1:]]
    return out


def _flowed(pieces: list[Text], width: int, indent: int) -> list[Text]:
    from rich.text import Text

    from .layout import flow

    return flow(pieces, width, first=Text(" " * indent), indent=indent)


class RichReporter:
    """The score report of each line (its error on stderr), then why."""

    def __init__(self, out: TextIO, err: TextIO, stream: bool = True):
        from .console import console, tiles_wanted

        self.out = console(out)
        self.err = console(err)
        self.width = max(self.out.width, 40)
        self.tiles = tiles_wanted(out)
        self.shown = 0

    def emit(self, e: Explained) -> None:
        from rich.text import Text

        from .console import write_lines
        from .rich_report import error_report, header_lines, score_lines, terminal_width

        result = e.scored
        lines: list[Text] = []
        if result.ok and result.error is None:
            lines = score_lines(result, self.width, self.tiles)
        else:
            for line in error_report(result, terminal_width(self.err)):
                self.err.print(line, soft_wrap=True)
            if e.explanation is None:
                return
            lines = header_lines(result, min(self.width, 64))
            lines += _wrapped(2, Text(_safe(result.input), "dim"), self.width)
        if e.explanation is not None:
            lines += [Text(), *explanation_lines(e, self.width)]
        write_lines(self.out, [Text(), *lines] if self.shown else lines)
        self.shown += 1

    def emit_chunk(self, rendered: Any, errors: str) -> None:  # machine formats only
        raise NotImplementedError

    def close(self) -> None:
        self.out.file.flush()


def _safe(text: str) -> str:
    from . import safe

    return safe(text)


# The reporters of the formats that do not render any record by themselves; JSON and JSON
# Lines write an explained record as they write a score record (its `to_dict`).
OWN = OwnReporters({"text": RichReporter, "tsv": TsvReporter})
formats, renderer, make_reporter = OWN.formats, OWN.renderer, OWN.make_reporter


def __getattr__(name: str) -> Any:
    if name == "FORMATS":  # read at each use: a format registered later is offered too
        return formats()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
