"""Game records (Tenhou mjlog, tenhou.net/6 JSON) turned into hand lines with their verdicts.

The library face of `mjscore import`: `read_hands` yields every win of a record
file (and the problems met, in place), so an archive can be scored by any
engine that can map a function over files: nothing here knows about processes.

    >>> from mjscore.records import iter_wins
    >>> for win in iter_wins("game.mjlog"):
    ...     mjscore.score(win.line).net == win.record.net
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator
from pathlib import Path

from .model import Problem, RecordError, Source, Verdict, Win

__all__ = ["read_hands", "iter_wins", "detect_format", "Win", "Source", "Verdict", "Problem",
           "RecordError"]

GZIP_MAGIC = b"\x1f\x8b"


def detect_format(data: bytes) -> str:
    """`mjlog`, `tenhou6` or `unknown`, from the first bytes (after gunzip)."""
    head = data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
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


def read_hands(source: str | os.PathLike[str] | bytes, name: str | None = None
               ) -> Iterator[Win | Problem]:
    """Every win of a record file, in game order, and every problem where it occurs.

    `source` is a path or the file's bytes (gzip is recognised by its magic bytes);
    `name` is what a `Source` and a `Problem` call the file (default: the path).
    A bad round is a `Problem` of kind "error" and the rounds after it still come.
    """
    if isinstance(source, bytes):
        file, data = name or "-", source
    else:
        file = name or str(source)
        try:
            data = Path(source).read_bytes()
        except OSError as exc:
            yield Problem("error", file, "", f"cannot read: {exc.strerror or exc}")
            return
    if data[:2] == GZIP_MAGIC:
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as exc:
            yield Problem("error", file, "", f"broken gzip data: {exc}")
            return
    fmt = detect_format(data)
    text = data.decode("utf-8-sig", errors="replace")
    game = _game_name(file)
    if fmt == "mjlog":
        from .mjlog import read_mjlog

        yield from read_mjlog(text, file, game)
    elif fmt == "tenhou6":
        yield from _read_json(text, file, game)
    else:
        yield Problem("error", file, "", "not a Tenhou record (neither mjlog XML nor "
                      "tenhou.net/6 JSON)")


def iter_wins(source: str | os.PathLike[str] | bytes, name: str | None = None) -> Iterator[Win]:
    """The wins of a record only; a bad round raises RecordError (after the wins before it)
    and skipped rounds (three-player games) are passed over."""
    for item in read_hands(source, name):
        if isinstance(item, Win):
            yield item
        elif item.kind == "error":
            raise RecordError(str(item))


def _read_json(text: str, file: str, game: str) -> Iterator[Win | Problem]:
    """One game object, a list of them, or JSON Lines with one object per round (or game).

    Consecutive lines with the same title and players are one game; a new title or
    new players start the next game, named `<file>#2` and so on.
    """
    from .tenhou6 import read_game

    try:
        whole = json.loads(text)
        objects = [(0, obj) for obj in (whole if isinstance(whole, list) else [whole])]
    except json.JSONDecodeError:
        objects = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                objects.append((number, json.loads(line)))
            except json.JSONDecodeError as exc:
                yield Problem("error", file, f"line {number}", f"not JSON: {exc.msg} "
                              f"(column {exc.colno})")
    key, games = None, 0
    for number, obj in objects:
        if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
            where = f"line {number}" if number else "document"
            yield Problem("error", file, where, "not a tenhou.net/6 game (no 'log' list)")
            continue
        this = json.dumps([obj.get("title"), obj.get("name")], ensure_ascii=False)
        if this != key:
            key, games = this, games + 1
        name = game if games == 1 else f"{game}#{games}"
        for item in read_game(obj, file, name):
            if isinstance(item, Problem) and number and item.where:
                item = Problem(item.kind, item.file, f"line {number}, {item.where}",
                               item.message)
            yield item
