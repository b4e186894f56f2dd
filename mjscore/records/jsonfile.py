"""A tenhou.net/6 file: one game object, a list of them, or JSON Lines, read a game at a time.

JSON Lines is streamed: each line is parsed, replayed and let go before the next
is read (a 46 MB file once held its whole text and every object before its first
line). A document over many lines is read whole, within the 64 MB bound. Each
failure (not JSON, nested too deeply, a number of thousands of digits, past the
bound) is a `Problem` of that line or of the file, and reading goes on where it can.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from .draws import RecordItem
from .model import Problem, RecordError, internal_problem
from .reading import RecordReader, TooLarge

INT_DIGITS = 12  # no number of a game has more


def _int(text: str) -> int:
    """json's parse_int: a number of thousands of digits is refused before int() sees it."""
    digits = text.lstrip("-")
    if len(digits) > INT_DIGITS:
        raise RecordError(f"a number of {len(digits)} digits (expected at most {INT_DIGITS})")
    return int(text)


# one decoder for every value: json.loads(..., parse_int=) would build one per call, which
# is most of the time an mjai log of one small object a line takes
_DECODER = json.JSONDecoder(parse_int=_int)
# the decoder's C scanner, which JSONDecoder.__init__ sets (typeshed does not list it)
_SCAN = _DECODER.scan_once  # type: ignore[attr-defined]
_SPACE = " \t\n\r"  # JSON's whitespace


def parse_json(data: bytes) -> Any:
    """One JSON value (bytes that are not UTF-8 read as U+FFFD, as every input is);
    RecordError in words for every way it can fail."""
    text = data.decode("utf-8", errors="replace").lstrip("\ufeff")
    if text[:1] == "{":  # the usual object: json's C scanner at once, without the decoder's
        try:  # Python wrapper (a third of the time of an mjai line)
            value, end = _SCAN(text, 0)
        except (StopIteration, ValueError, RecursionError):
            pass  # said in words below
        else:
            if end == len(text) or not text[end:].strip(_SPACE):
                return value
    try:
        return _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        at = f"line {exc.lineno}, column {exc.colno}" if exc.lineno > 1 else f"column {exc.colno}"
        raise RecordError(f"not JSON: {exc.msg} ({at})") from None
    except RecursionError:
        raise RecordError("JSON nested too deeply to read") from None


def read_json(reader: RecordReader, file: str, game: str) -> Iterator[RecordItem]:
    """Every win of the file, games in order.

    Consecutive objects with the same title and players are one game; a new title or
    new players start the next game, named `<file>#2` and so on.
    """
    objects = _objects(reader, file)
    yield from _games(objects, file, game)


def _objects(reader: RecordReader, file: str) -> Iterator[tuple[int, Any] | Problem]:
    """(line number, object) for each game object, 0 for a whole document; problems."""
    lines = reader.lines()
    try:
        first_no, first = 0, b""
        for first in lines:
            first_no += 1
            if first.strip():
                break
        try:
            value = parse_json(first)
        except RecordError:
            value = None  # a document over several lines (or a broken first line)
        else:
            yield from _spread(first_no, value)
            yield from _json_lines(enumerate(lines, first_no + 1), file)
            return
        rest = first + b"".join(lines)
    except TooLarge as exc:
        yield Problem("error", file, "", str(exc))
        return
    except RecordError as exc:
        yield Problem("error", file, "", str(exc))
        return
    try:
        whole = parse_json(rest)
    except RecordError as exc:
        why = str(exc)
    else:
        yield from _spread(0, whole)
        return
    # neither one document nor JSON Lines from the first line: lines, if any line reads
    found = list(_json_lines(enumerate(rest.splitlines(), first_no), file))
    if any(not isinstance(item, Problem) for item in found):
        yield from found
    else:
        yield Problem("error", file, "", why)


def _json_lines(
    numbered: Iterable[tuple[int, bytes]], file: str
) -> Iterator[tuple[int, Any] | Problem]:
    try:
        for number, line in numbered:
            if not line.strip():
                continue
            try:
                value = parse_json(line)
            except RecordError as exc:
                yield Problem("error", file, f"line {number}", str(exc))
                continue
            yield from _spread(number, value)
    except RecordError as exc:  # TooLarge, or the stream broke: the rest is not read
        yield Problem("error", file, "", str(exc))


def _spread(number: int, value: Any) -> Iterator[tuple[int, Any]]:
    """A list of games is its games; anything else is one (checked by the game reader)."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        for item in value:
            yield number, item
    else:
        yield number, value


def _key(obj: dict[str, Any]) -> tuple[str, ...]:
    """What makes a game: its title and players, as text (any other value is no key)."""
    parts = []
    for field in ("title", "name"):
        value = obj.get(field)
        items = value if isinstance(value, list) else [value]
        parts.append("\x00".join(v if isinstance(v, str) else "" for v in items[:8]))
    return tuple(parts)


def _games(
    objects: Iterable[tuple[int, Any] | Problem], file: str, game: str
) -> Iterator[RecordItem]:
    from .tenhou6 import read_game

    key, games = None, 0
    for item in objects:
        if isinstance(item, Problem):
            yield item
            continue
        number, obj = item
        where = f"line {number}" if number else "document"
        if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
            yield Problem("error", file, where, "not a tenhou.net/6 game (no 'log' list)")
            continue
        this = _key(obj)
        fresh = this != key
        if fresh:
            key, games = this, games + 1
        name = game if games == 1 else f"{game}#{games}"
        try:
            for found in read_game(obj, file, name, fresh):
                if isinstance(found, Problem) and number and found.where.startswith("round"):
                    found = Problem(
                        found.kind, found.file, f"line {number}, {found.where}", found.message
                    )
                yield found
        except Exception as exc:  # a reader's bug: this game's problem, the next still read
            yield internal_problem(file, where, exc)
