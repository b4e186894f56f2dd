"""Reporters: one module per output format, imported only when that format is asked for.

A reporter is built with the result stream and the error stream, gets `emit(result)`
for every scored line (streaming formats write at once) and `close()` at the end.
This package and the json/jsonl/tsv reporters use the standard library only, so a
machine-format run never pays for importing rich; only `rich_report` imports it.

`FORMATS` is the one table of output formats and their traits: the command line, the
config file, the runner and the waits reporters read it. A new format is one module
(a `Reporter`, and `render` for a machine format) and one `register_format`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TextIO

from ..base.text import json_text
from ..base.text import safe as safe  # the one escaping of text from outside, re-exported
from ..base.text import safe_text as safe_text

if TYPE_CHECKING:
    from ..base.errors import MjscoreError
    from ..core.result import ScoreResult


class OutputFormat(NamedTuple):
    """One output format and what the rest of the program needs to know of it."""

    name: str
    module: str  # the module of its score Reporter (and `render`, for a machine format)
    machine: bool  # for programs: workers render it, a file is written a chunk at a time
    document: bool  # one document, finished by close() (a JSON array); else record by record
    any_record: bool  # renders any record with `to_dict` (a waits record too) by itself
    extension: str  # of a file written in it
    help: str


FORMATS: dict[str, OutputFormat] = {
    f.name: f
    for f in (
        OutputFormat(
            "text",
            "mjscore.report.rich_report",
            machine=False,
            document=False,
            any_record=False,
            extension=".txt",
            help="the colour report, for people",
        ),
        OutputFormat(
            "json",
            "mjscore.report.json",
            machine=True,
            document=True,
            any_record=True,
            extension=".json",
            help="one JSON array of records",
        ),
        OutputFormat(
            "jsonl",
            "mjscore.report.jsonl",
            machine=True,
            document=False,
            any_record=True,
            extension=".jsonl",
            help="JSON Lines: one record a line",
        ),
        OutputFormat(
            "tsv",
            "mjscore.report.tsv",
            machine=True,
            document=False,
            any_record=False,
            extension=".tsv",
            help="tab-separated values: a header, one row a hand",
        ),
    )
}
DEFAULT_FORMAT = "text"  # when neither --format nor the config file names one
# The human format is `text` on every command (a report or a listing for people, coloured
# on a terminal); its older names are still read, never offered (help, completion).
FORMAT_ALIASES = {"rich": "text"}
# The formats of the commands that write other records than score's: the one vocabulary
# of --format (score and waits, and their explain and compare, take FORMATS). `import`
# has no human format: its hand lines are what `score --file` reads.
COMMAND_FORMATS: dict[str, tuple[str, ...]] = {
    "rules": ("text", "json"),
    "yaku": ("text", "json"),
    "table": ("text", "json"),
    "boo-result": ("text", "json"),
    "import": ("lines", "jsonl"),
    "check": ("text", "jsonl"),
    "game": ("text", "json", "jsonl", "tsv"),
    "stats": ("text", "json", "jsonl", "tsv"),
}
# The commands whose format the config file's `format` may choose (its flag's vocabulary)
FORMAT_COMMANDS = ("score", "waits", *COMMAND_FORMATS)


def canonical_format(name: str) -> str:
    """A --format value (or a config's `format`) under its one name: `rich` is `text`."""
    return FORMAT_ALIASES.get(name, name)


def every_format() -> tuple[str, ...]:
    """Every format name some command takes (what a config file's `format` may say)."""
    names = [*FORMATS, *(f for fs in COMMAND_FORMATS.values() for f in fs)]
    return tuple(dict.fromkeys(names))


def formats_of(command: str) -> tuple[str, ...]:
    """The --format values `command` takes (score's FORMATS for score and waits)."""
    return COMMAND_FORMATS.get(command) or tuple(FORMATS)


def register_format(fmt: OutputFormat) -> None:
    """Add (or replace) an output format: it is then offered wherever formats are."""
    FORMATS[fmt.name] = fmt


# Said before the message when the message does not already say it.
_KIND_LABELS = {"no_yaku": "no yaku", "not_a_win": "not a win", "invalid_hand": "invalid hand"}


class Reporter(Protocol):
    """Everything the runner calls on a reporter."""

    def emit(self, result: ScoreResult) -> None:
        """Write one scored line (the serial path)."""

    def emit_chunk(self, rendered: Any, errors: str) -> None:
        """Write a chunk that workers rendered with this format's `render`, and its stderr
        lines (the parallel path; machine formats only)."""

    def emit_rendered(self, rendered: Any, error: str | None) -> None:
        """Write one record rendered with this format's `render` (or the native core's
        bytes of it), and its stderr line (a stream in a machine format)."""

    def close(self) -> None:
        """Finish the output (close a JSON array, flush)."""


class SafeWriter:
    """A text stream for a human output written as text (import's lines, check's report):
    whatever is written to it leaves as `safe_text`, each line's control, format and
    bidi characters escaped, so no writer has to remember to."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def write(self, text: str) -> int:
        return self.out.write(safe_text(text))

    def flush(self) -> None:
        self.out.flush()


class LineReporter:
    """One output line per hand (JSON Lines, TSV): `render` makes it, this writes it.

    Records are flushed one by one when streaming (stdin, a pipeline), else at the end.
    """

    header = ""

    def __init__(self, out: TextIO, err: TextIO, stream: bool = True):
        self.out, self.err, self.stream = out, err, stream
        if self.header:
            self.out.write(self.header)

    @staticmethod
    def render(result: Any) -> str:  # a ScoreResult, a WaitsResult: the subclass's record
        raise NotImplementedError

    def emit(self, result: ScoreResult) -> None:
        self.emit_rendered(self.render(result), error_line(result) if result.error else None)

    def emit_rendered(self, text: str | bytes, error: str | None) -> None:
        if error is not None:
            print(error, file=self.err)
        write_rendered(self.out, text)
        if self.stream:
            self.out.flush()

    def emit_chunk(self, text: str | bytes, errors: str) -> None:
        """Many records rendered together (parallel scoring) and their stderr lines."""
        if errors:
            self.err.write(errors)
        write_rendered(self.out, text)

    def close(self) -> None:
        self.out.flush()


def json_safe_bytes(data: bytes) -> bytes:
    """JSON text in UTF-8 (the native core's records) escaped as `json_safe` escapes
    Python's: the same bytes whichever core wrote them."""
    text = data.decode("utf-8")
    escaped = json_text(text)
    return data if escaped is text else escaped.encode("utf-8")


def write_rendered(out: TextIO, text: str | bytes) -> None:
    """Write records a worker rendered: text, or the UTF-8 bytes of the native core, which
    go into the stream's byte buffer (after what its text layer holds) when the stream is
    UTF-8 and translates no newline, else as the text they are."""
    if isinstance(text, str):
        out.write(text)
        return
    buffer = getattr(out, "buffer", None)
    encoding = (getattr(out, "encoding", None) or "").lower().replace("-", "")
    if buffer is None or encoding != "utf8" or os.linesep != "\n":
        out.write(text.decode("utf-8"))
        return
    out.flush()
    buffer.write(text)


def renderer(fmt: str) -> tuple[Callable[[Any], str], str]:
    """(render, the text between two rendered records) of a machine format: what workers
    call, so that the main process only writes. Any record with `to_dict` renders in
    json and jsonl (the waits records too)."""
    module = import_module(FORMATS[canonical_format(fmt)].module)
    return module.render, getattr(module, "JOIN", "")


def make_reporter(fmt: str, out: TextIO, err: TextIO, stream: bool = True) -> Reporter:
    """The reporter of one format (a key of FORMATS, or an older name of one), writing to
    `out` and `err`.

    `stream`: flush every record (stdin, a pipeline); a file is flushed at the end.
    """
    module = import_module(FORMATS[canonical_format(fmt)].module)
    return module.Reporter(out, err, stream)


class OwnReporters:
    """The formats of a command (waits, explain, waits' explain) whose records JSON and JSON
    Lines write as they write a score record, and whose `own` reporters (text, TSV) render
    the rest: the `formats`, `renderer` and `make_reporter` cli.lines.reporters_of offers."""

    def __init__(self, own: dict[str, Any]) -> None:
        self.own = own

    def formats(self) -> tuple[str, ...]:
        """The command's output formats, in the table's order (read at each use: a format
        registered later is offered too)."""
        return tuple(name for name, f in FORMATS.items() if f.any_record or name in self.own)

    def renderer(self, fmt: str) -> tuple[Any, str]:
        """(render, separator) of a machine format for the workers."""
        own = self.own.get(fmt)
        return (own.render, "") if own is not None else renderer(fmt)

    def make_reporter(self, fmt: str, out: TextIO, err: TextIO, stream: bool = True) -> Any:
        own = self.own.get(fmt)
        return own(out, err, stream) if own is not None else make_reporter(fmt, out, err, stream)


def describe(error: MjscoreError) -> str:
    """One line for an error: `column 15: 'pon:55p' is not a pon: ...`, `no yaku: ...`."""
    message = error_message(error)
    return f"column {error.column}: {message}" if error.column is not None else message


def error_message(error: MjscoreError) -> str:
    """The error's words, its kind first where they do not say it, without the column."""
    label = _KIND_LABELS.get(error.kind)
    message = safe(" ".join(error.message.split()))
    if label and not message.lower().startswith(label):
        message = f"{label}: {message}"
    return message


def error_place(result: Any) -> str:
    """Where a line's error is, as editors and CI annotators read it: `hands.txt:3:15:`
    (`-:3:15:` for stdin, `hands.txt:3:` without a column); a hand given as arguments
    has no file: `line 1: column 15:`."""
    assert result.error is not None
    source, column = getattr(result, "source", None), result.error.column
    if source is None:
        return f"line {result.line}:" + ("" if column is None else f" column {column}:")
    return f"{safe(source)}:{result.line}:" + ("" if column is None else f"{column}:")


def error_line(result: ScoreResult) -> str:
    """The stderr line for a line that did not score: `hands.txt:3:15: ...`."""
    assert result.error is not None
    return f"{error_place(result)} {error_message(result.error)}"


def caret(text: str, column: int, token: str | None = None) -> str:
    """Spaces then carets under the token at 1-based `column` of `text` (tabs kept)."""
    lead = "".join("\t" if ch == "\t" else " " for ch in safe(text[: max(column - 1, 0)]))
    return lead + "^" * max(len(safe(token or "")), 1)


def tsv_cell(value: object) -> str:
    """A value as one TSV cell: None empty, booleans true/false, a tab or newline a space,
    other control characters escaped."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if not isinstance(value, str):
        return str(value)
    if value.isprintable():  # no break and nothing to escape: every one is unprintable
        return value
    return safe(value.translate(_TSV_SPACES))  # breaks become one space each, then escapes


_TSV_SPACES = str.maketrans("\t\r\n\v\f\x1c\x1d\x1e\x85\u2028\u2029", " " * 11)


def json_safe(encoded: str) -> str:
    """JSON text with every character `safe` escapes as a JSON escape (base.text.json_text):
    NEL, LINE and PARAGRAPH SEPARATOR too, so tools that split lines on them (JavaScript,
    str.splitlines) see one record per line, and no ESC or bidi override reaches a terminal."""
    return json_text(encoded)


def json_default(value: object) -> object:
    """Sets (option values) become sorted lists; anything else is a bug in a record."""
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")
