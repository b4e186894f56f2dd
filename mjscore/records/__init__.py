"""Game records (Tenhou mjlog, tenhou.net/6 JSON, Mahjong Soul JSON, mjai JSON Lines) turned
into hand lines with their verdicts.

The library face of `mjscore import`: `read_hands` yields every win of a record
file (and the problems met, in place), so an archive can be scored by any
engine that can map a function over files: nothing here knows about processes.

    >>> import mjscore
    >>> from mjscore.records import iter_wins
    >>> wins = list(iter_wins("tests/data/logs/mjlog/double-ron.mjlog"))
    >>> [mjscore.score(win.line).net == win.record.net for win in wins]
    [True, True, True, True]

Each record format registers how it is recognised and who reads it (`RECORD_FORMATS`):
a new format is one reader module and one `register_record_format`.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Iterator
from typing import BinaryIO, NamedTuple

from .draws import RecordItem
from .model import Problem, RecordError, Source, Verdict, Win, internal_problem
from .reading import RecordReader, display_name

__all__ = [
    "read_hands",
    "iter_wins",
    "detect_format",
    "register_record_format",
    "RecordFormat",
    "RECORD_FORMATS",
    "Win",
    "Source",
    "Verdict",
    "Problem",
    "RecordError",
]

Reader = Callable[[RecordReader, str, str], Iterator[RecordItem]]


class RecordFormat(NamedTuple):
    """A record format: its name, how its first bytes look, and its reader."""

    name: str
    title: str  # as a message names it: "mjlog XML"
    recognises: Callable[[bytes], bool]  # the first bytes, gunzipped, BOM and spaces stripped
    read: Reader  # (the reader, the file's name, the game's name) -> wins and problems
    # the format carries no rules (mjai): `read` also takes the ruleset and options that
    # `read_hands` was given, as (reader, file, game, rules, options)
    takes_rules: bool = False


def _read_mjlog(reader: RecordReader, file: str, game: str) -> Iterator[RecordItem]:
    """Tenhou's mjlog XML, read whole (within the bound) and scanned; a file that breaks
    part way (a gzip file cut short) gives the rounds before the break, then its problem."""
    try:
        data, broken = reader.read_until_broken()
    except (RecordError, OSError) as exc:
        yield _unreadable(file, exc)
        return
    from .mjlog import read_mjlog

    yield from read_mjlog(data.decode("utf-8-sig", errors="replace"), file, game)
    if broken is not None:
        yield _unreadable(file, broken)


def _read_tenhou6(reader: RecordReader, file: str, game: str) -> Iterator[RecordItem]:
    """tenhou.net/6 JSON: one game, a list of games, or JSON Lines, streamed."""
    from .jsonfile import read_json

    yield from read_json(reader, file, game)


def _read_majsoul(reader: RecordReader, file: str, game: str) -> Iterator[RecordItem]:
    from .majsoul import read_majsoul

    yield from read_majsoul(reader, file, game)


def _read_mjai(
    reader: RecordReader,
    file: str,
    game: str,
    rules: str | None = None,
    options: dict[str, str] | None = None,
) -> Iterator[RecordItem]:
    from .mjai import read_mjai

    yield from read_mjai(reader, file, game, rules, options)


def _is_majsoul(head: bytes) -> bool:
    from .majsoul import recognises

    return recognises(head)


def _is_mjai(head: bytes) -> bool:
    from .mjai import recognises

    return recognises(head)


# In the order they are tried: the JSON formats that say what they are come before
# tenhou.net/6, which takes any other JSON (and says what it expected).
RECORD_FORMATS: list[RecordFormat] = [
    RecordFormat("mjlog", "mjlog XML", lambda head: head.startswith(b"<"), _read_mjlog),
    RecordFormat("majsoul", "Mahjong Soul JSON", _is_majsoul, _read_majsoul),
    RecordFormat("mjai", "mjai JSON Lines", _is_mjai, _read_mjai, takes_rules=True),
    RecordFormat(
        "tenhou6", "tenhou.net/6 JSON", lambda head: head.startswith((b"{", b"[")), _read_tenhou6
    ),
]


def register_record_format(fmt: RecordFormat, before: str | None = None) -> None:
    """Add a record format; the first format that recognises a file reads it (`before`:
    the name of the format it is tried ahead of, for one more specific than it)."""
    names = [f.name for f in RECORD_FORMATS]
    RECORD_FORMATS.insert(names.index(before) if before in names else len(names), fmt)


def _format_of(data: bytes) -> RecordFormat | None:
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    return next((f for f in RECORD_FORMATS if f.recognises(head)), None)


def detect_format(data: bytes) -> str:
    """The name of the format (`mjlog`, `tenhou6`, ...) or `unknown`, from the first bytes
    (after gunzip)."""
    fmt = _format_of(data)
    return fmt.name if fmt is not None else "unknown"


def _unreadable(file: str, exc: RecordError | OSError) -> Problem:
    if isinstance(exc, OSError):
        return Problem("error", file, "", f"cannot read: {exc.strerror or 'input/output error'}")
    return Problem("error", file, "", str(exc))


_VIEWER = re.compile(r"_tw_[0-3]$")  # Tenhou's `&tw=2` (the seat it was viewed from)


def _game_name(file: str) -> str:
    """The game's log id from its file name: `2010091009gm-00a9-0000-83af2648` of
    `2010091009gm-00a9-0000-83af2648_tw_2.mjlog` (the viewer's seat is not the game's)."""
    name = os.path.basename(file)
    for suffix in (".gz", ".mjlog", ".xml", ".json", ".jsonl", ".gz"):
        name = name.removesuffix(suffix)
    return _VIEWER.sub("", name) or file


def read_hands(
    source: str | os.PathLike[str] | bytes | BinaryIO,
    name: str | None = None,
    games: bool = False,
    rules: str | None = None,
    options: dict[str, str] | None = None,
) -> Iterator[RecordItem]:
    """Every win of a record file, in game order, and every problem where it occurs;
    with `games`, also each game's start (`draws.GameStart`), drawn rounds
    (`draws.Drawn`), the record's scores round by round (`RoundScores`) and its end
    (`GameEnd`), for `mjscore game` and `check`.

    `source` is a path, the file's bytes or a binary stream (gzip is recognised by its
    magic bytes); `name` is what a `Source` and a `Problem` call the file (default: the
    path, with bytes that are not UTF-8 shown as U+FFFD). A bad round is a `Problem` of
    kind "error" and the rounds after it still come; a file past 64 MB once decompressed,
    or broken in any way, is a `Problem` too: nothing here raises for bad data.

    `rules` and `options` are the ruleset and its options of a record that states none
    (an mjai log; default `tenhou`): the other formats name their own.
    """
    for item in _read_hands(source, name, rules, options):
        if games or isinstance(item, (Win, Problem)):
            yield item


def _read_hands(
    source: str | os.PathLike[str] | bytes | BinaryIO,
    name: str | None,
    rules: str | None = None,
    options: dict[str, str] | None = None,
) -> Iterator[RecordItem]:
    if isinstance(source, bytes):
        file = display_name(name or "-")
        yield from _read(io.BytesIO(source), file, rules, options)
        return
    if not isinstance(source, (str, os.PathLike)):
        yield from _read(source, display_name(name or "-"), rules, options)
        return
    file = display_name(name or source)
    try:
        stream = open(source, "rb")  # noqa: SIM115 - closed below, the reader is lazy
    except OSError as exc:
        yield Problem("error", file, "", f"cannot read: {exc.strerror or 'cannot open'}")
        return
    with stream:
        yield from _read(stream, file, rules, options)


def _read(
    stream: BinaryIO,
    file: str,
    rules: str | None = None,
    options: dict[str, str] | None = None,
) -> Iterator[RecordItem]:
    """One record file from its stream: the format, then its reader."""
    try:
        reader = RecordReader(stream)
        fmt = _format_of(reader.head())
    except (RecordError, OSError) as exc:
        yield _unreadable(file, exc)
        return
    if fmt is None:
        titles = [f.title for f in RECORD_FORMATS]
        known = ", ".join(titles[:-1]) + f" or {titles[-1]}"
        yield Problem("error", file, "", f"not a game record (expected {known})")
        return
    try:
        if fmt.takes_rules:
            yield from fmt.read(reader, file, _game_name(file), rules, options)  # type: ignore[call-arg]
        else:
            yield from fmt.read(reader, file, _game_name(file))
    except Exception as exc:  # a reader's bug: this file's problem, never the run's
        yield internal_problem(file, "", exc)


def iter_wins(
    source: str | os.PathLike[str] | bytes | BinaryIO, name: str | None = None
) -> Iterator[Win]:
    """The wins of a record only; a bad round raises RecordError (after the wins before it)
    and skipped rounds (the notes) are passed over."""
    for item in read_hands(source, name):
        if isinstance(item, Win):
            yield item
        elif isinstance(item, Problem) and item.kind == "error":
            raise RecordError(str(item))
