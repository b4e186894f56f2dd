"""Reporters of `score --compare` (docs/explain.md): one line under several rulesets.

The machine formats write one record per ruleset, each the record `score --rules R` writes
for the line with a `differs` list after it (docs/output.md, "Compared records"): JSON
Lines a line each, the JSON array an element each, TSV a row each with a `differs`
column. The rich report draws the hand once, the rulesets' scores one row each, then
each ruleset's differences from the first with the options behind them, in the run's
language (explain_words.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TextIO

from . import FORMATS as OUTPUT_FORMATS
from . import LineReporter, json_safe, tsv_cell
from .explain_words import say, shown
from .record_text import encoder
from .tsv import HEADER, row

if TYPE_CHECKING:
    from rich.text import Text

    from ..analysis.compare import Compared, Difference
    from ..core.result import ScoreResult

TSV_HEADER = (*HEADER, "differs")
JOIN = ",\n"  # between the records of a chunk, as the JSON array writes them


def render_jsonl(result: Compared) -> str:
    """A record a line, one per ruleset."""
    encode = encoder(None)
    return "".join(json_safe(encode(record)) + "\n" for record in result.records())


def render_json(result: Compared) -> str:
    """An element of the array per ruleset, indented, JOIN between them (the reporter
    writes the brackets and the separator before the first)."""
    encode = encoder(2)
    return JOIN.join(
        "  " + json_safe(encode(record)).replace("\n", "\n  ") for record in result.records()
    )


def render_tsv(result: Compared) -> str:
    """A row per ruleset: the score row and `differs`, each difference as WHAT[:YAKU] and
    its options in brackets joined by `+` (`value(kiriage_mangan)`), comma-separated."""
    out = []
    for scored, differs in zip(result.scored, result.differs, strict=True):
        cell = ",".join(_tsv_difference(d) for d in differs)
        out.append("\t".join([*row(scored), tsv_cell(cell)]) + "\n")
    return "".join(out)


def _tsv_difference(d: Difference) -> str:
    what = f"{d.what}:{d.yaku}" if d.yaku else d.what
    options = "+".join(o.name for o in d.options)
    return f"{what}({options})" if options else what


class JsonlReporter(LineReporter):
    render = staticmethod(render_jsonl)


class TsvReporter(LineReporter):
    header = "\t".join(TSV_HEADER) + "\n"
    render = staticmethod(render_tsv)


def _json_reporter() -> Any:
    from .json import Reporter

    class JsonReporter(Reporter):
        render = staticmethod(render_json)

        def emit(self, result: Any) -> None:
            from . import error_line

            self.emit_rendered(render_json(result), error_line(result) if result.error else None)

    return JsonReporter


# -- the rich report ----------------------------------------------------------------------------


def compare_lines(c: Compared, width: int, tiles: bool = True) -> list[Text]:
    """The hand, each ruleset's score, and each one's differences from the first."""
    from rich.text import Text

    from . import safe
    from .layout import both_ends, columns, flow
    from .rich_report import context_pieces, hand_lines

    results = c.scored
    first = results[0]
    page = min(width, 64)
    title = Text(say("compare"), "bold")
    where = Text(first.label or (f"{first.line}行目" if _ja() else f"line {first.line}"), "dim")
    lines = both_ends(title, where, page)
    hand = next((r.hand for r in results if r.hand is not None and r.hand.has_win), None)
    if hand is not None:
        text, glyphs = hand_lines(hand, None)
        lines += flow(text, width, sep="  ", indent=2)
        if tiles:
            lines += flow(glyphs, width, sep="  ", indent=2)
        lines += flow(context_pieces(hand), width, indent=2)
    else:
        lines += _indented(2, Text(safe(first.input), "dim"), width)
    lines.append(Text())
    rows: list[list[Any]] = [[Text(say("rules"), "bold"), Text(say("score"), "bold")]]
    for r in results:
        rows.append([Text(r.rules, "bold"), _score_cell(r)])
    lines += columns(rows, width, wrap=1)
    reference = first.rules
    for r, differs in zip(results[1:], c.differs[1:], strict=True):
        lines.append(Text())
        if not differs:
            lines += _indented(
                0,
                Text(r.rules, "bold") + Text("  ") + Text(say("same", reference=reference), "dim"),
                width,
            )
            continue
        lines += _indented(
            0,
            Text(r.rules, "bold")
            + Text("  ")
            + Text(say("differences", reference=reference), "dim"),
            width,
        )
        lines += difference_lines(differs, r, first, width)
    return lines


def difference_lines(
    differs: tuple[Difference, ...], r: ScoreResult, first: ScoreResult, width: int
) -> list[Text]:
    """The differences of one ruleset, those with the same options together, each group
    followed by its options (value here, value in the reference, the data's help)."""
    from rich.text import Text

    groups: dict[tuple[str, ...], list[Difference]] = {}
    for d in differs:
        groups.setdefault(tuple(o.name for o in d.options), []).append(d)
    out: list[Text] = []
    for names, group in groups.items():
        words = "; ".join(_difference_words(d, r, first) for d in group)
        out += _indented(2, Text(words), width)
        if not names:
            out += _indented(4, Text(say("no option"), "dim"), width)
            continue
        for option in group[0].options:
            said = say(
                "by option",
                name=option.name,
                value=shown(option.value, ", "),
                reference=first.rules,
                reference_value=shown(option.reference, ", "),
            )
            out += _indented(4, Text(said, "yellow"), width)
            help_text = _help(option.name, option.help)
            if help_text:
                out += _indented(6, Text(help_text, "dim"), width)
    return out


def _difference_words(d: Difference, r: ScoreResult, first: ScoreResult) -> str:
    """`value 8,000 (tenhou: 7,700)`, `yaku Renhou 5 (tenhou: none)`, `not scored: ...`."""
    reference = first.rules
    if d.what == "ok":
        if d.value:
            return f"{say('scored')} ({reference}: {say('not scored')})"
        message = r.error.message if r.error is not None else ""
        return f"{say('not scored')}: {message}"
    if d.what == "yaku":
        assert d.yaku is not None
        name = _yaku_name(d.yaku, r, first)
        here, there = _worth(d.yaku, r), _worth(d.yaku, first)
        return f"{say('facet.yaku')} {name} {here} ({reference}: {there})"
    if d.what == "payments":
        return f"{say('facet.payments')} {_net(d.value)} ({reference}: {_net(d.reference)})"
    return f"{say('facet.' + d.what)} {_value(d.value)} ({reference}: {_value(d.reference)})"


def _value(v: Any) -> str:
    from .lang import number

    if v is None:
        return say("absent")
    if isinstance(v, bool):
        return shown(v)
    if isinstance(v, int):
        return number(v)
    return str(v)


def _net(net: dict[str, int]) -> str:
    from .lang import number, seat

    return " ".join(f"{seat(s)} {number(n, sign=True)}" for s, n in net.items() if n)


def _worth(key: str, r: ScoreResult) -> str:
    """What the yaku `key` is worth in a result: `5`, `2× yakuman`, `役満`; none if absent."""
    from .explain import worth_words

    for y in r.yaku:
        if y.key == key:
            return worth_words(y, r)
    return say("absent")


def _yaku_name(key: str, r: ScoreResult, first: ScoreResult) -> str:
    for y in (*r.yaku, *first.yaku):
        if y.key == key:
            if _ja():
                from .words_ja import yaku_name

                return yaku_name(key, y.japanese, y.name, r.rules)
            return y.name
    return key


def _help(name: str, english: str) -> str:
    if _ja():
        from .words_ja import option_help

        return option_help(name, english)
    return english


def _score_cell(r: ScoreResult) -> Text:
    from rich.text import Text

    from . import error_message
    from .explain import value_words

    if r.ok and r.error is None:
        return Text(value_words(r))
    assert r.error is not None
    return Text(say("not scored") + ": ", "red") + Text(error_message(r.error), "dim")


def _ja() -> bool:
    from .lang import japanese

    return japanese()


def _indented(lead: int, body: Text, width: int) -> list[Text]:
    from .explain import _wrapped

    return _wrapped(lead, body, width)


class RichReporter:
    """The comparison of each line; the lines a ruleset could not score also on stderr."""

    def __init__(self, out: TextIO, err: TextIO, stream: bool = True):
        from .console import console, tiles_wanted

        self.out = console(out)
        self.err = console(err)
        self.width = max(self.out.width, 40)
        self.tiles = tiles_wanted(out)
        self.shown = 0

    def emit(self, c: Any) -> None:  # a Compared
        from rich.text import Text

        from . import error_line
        from .console import write_lines

        if c.error is not None:
            self.err.print(Text(error_line(c)), soft_wrap=True)
        lines = compare_lines(c, self.width, self.tiles)
        write_lines(self.out, [Text(), *lines] if self.shown else lines)
        self.shown += 1

    def emit_chunk(self, rendered: Any, errors: str) -> None:  # machine formats only
        raise NotImplementedError

    def close(self) -> None:
        self.out.file.flush()


RENDERERS: dict[str, Any] = {"jsonl": render_jsonl, "json": render_json, "tsv": render_tsv}


def _reporters() -> dict[str, Any]:
    return {
        "text": RichReporter,
        "jsonl": JsonlReporter,
        "tsv": TsvReporter,
        "json": _json_reporter(),
    }


def formats() -> tuple[str, ...]:
    return tuple(name for name in OUTPUT_FORMATS if name in RENDERERS or name == "text")


def __getattr__(name: str) -> Any:
    if name == "FORMATS":
        return formats()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def renderer(fmt: str) -> tuple[Any, str]:
    return RENDERERS[fmt], JOIN if fmt == "json" else ""


def make_reporter(fmt: str, out: TextIO, err: TextIO, stream: bool = True) -> Any:
    return _reporters()[fmt](out, err, stream)
