"""Game records (Tenhou mjlog, tenhou.net/6 JSON) turned into hand lines with their verdicts.

The library face of `mjscore import`: `read_hands` yields every win of a record
file (and the problems met, in place), so an archive can be scored by any
engine that can map a function over files: nothing here knows about processes.

    >>> from mjscore.records import iter_wins
    >>> for win in iter_wins("game.mjlog"):
    ...     mjscore.score(win.line).net == win.record.net
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from typing import BinaryIO

from .model import Problem, RecordError, Source, Verdict, Win
from .reading import RecordReader, display_name

__all__ = ["read_hands", "iter_wins", "detect_format", "Win", "Source", "Verdict", "Problem",
           "RecordError"]


def detect_format(data: bytes) -> str:
    """`mjlog`, `tenhou6` or `unknown`, from the first bytes (after gunzip)."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<"):
        return "mjlog"
    if head.startswith((b"{", b"[")):
        return "tenhou6"
    return "unknown"


def _game_name(file: str) -> str:
    name = os.path.basename(file)
    for suffix in (".gz", ".mjlog", ".xml", ".json", ".jsonl", ".gz"):
        name = name.removesuffix(suffix)
    return name or file


def read_hands(source: str | os.PathLike[str] | bytes | BinaryIO, name: str | None = None
               ) -> Iterator[Win | Problem]:
    """Every win of a record file, in game order, and every problem where it occurs.

    `source` is a path, the file's bytes or a binary stream (gzip is recognised by its
    magic bytes); `name` is what a `Source` and a `Problem` call the file (default: the
    path, with bytes that are not UTF-8 shown as U+FFFD). A bad round is a `Problem` of
    kind "error" and the rounds after it still come; a file past 64 MB once decompressed,
    or broken in any way, is a `Problem` too: nothing here raises for bad data.
    """
    if isinstance(source, bytes):
        file = display_name(name or "-")
        yield from _read(io.BytesIO(source), file)
        return
    if not isinstance(source, (str, os.PathLike)):
        yield from _read(source, display_name(name or "-"))
        return
    file = display_name(name or source)
    try:
        stream = open(source, "rb")  # noqa: SIM115 - closed below, the reader is lazy
    except OSError as exc:
        yield Problem("error", file, "", f"cannot read: {exc.strerror or 'cannot open'}")
        return
    with stream:
        yield from _read(stream, file)


def _read(stream: BinaryIO, file: str) -> Iterator[Win | Problem]:
    """One record file from its stream: the format, then its reader."""
    game = _game_name(file)
    try:
        reader = RecordReader(stream)
        fmt = detect_format(reader.head())
        if fmt == "mjlog":
            text = reader.read_all().decode("utf-8-sig", errors="replace")
    except RecordError as exc:
        yield Problem("error", file, "", str(exc))
        return
    except OSError as exc:
        yield Problem("error", file, "", f"cannot read: {exc.strerror or 'input/output error'}")
        return
    if fmt == "mjlog":
        from .mjlog import read_mjlog

        yield from read_mjlog(text, file, game)
    elif fmt == "tenhou6":
        from .jsonfile import read_json

        yield from read_json(reader, file, game)
    else:
        yield Problem("error", file, "", "not a Tenhou record (neither mjlog XML nor "
                      "tenhou.net/6 JSON)")


def iter_wins(source: str | os.PathLike[str] | bytes | BinaryIO, name: str | None = None
              ) -> Iterator[Win]:
    """The wins of a record only; a bad round raises RecordError (after the wins before it)
    and skipped rounds (three-player games) are passed over."""
    for item in read_hands(source, name):
        if isinstance(item, Win):
            yield item
        elif item.kind == "error":
            raise RecordError(str(item))
