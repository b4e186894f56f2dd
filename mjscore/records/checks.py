"""Every number taken from a record, checked against its range before it is used.

A record is untrusted: a tile id of -1 would wrap to another tile, a counter of
99999 would reach the line. Each check raises a `RecordError` that names the field,
the value found and the range expected, in words for a person.
"""

from __future__ import annotations

from typing import Any

from .model import RecordError

MAX_DIGITS = 9  # a count or id in a record; far more digits is not a number of a game
HONBA_MAX = 100
STICKS_MAX = 100  # 100 riichi sticks are every point of a four-player table
SEATS = (0, 3)


def shown(value: Any, width: int = 24) -> str:
    """A value from a record, short enough for a message."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= width else text[:width] + "..."


def number(text: str, what: str, lo: int, hi: int, noun: str = "") -> int:
    """An mjlog attribute's number (ASCII digits, optional minus) in lo..hi; `noun` says
    what the number is (`a tile id`) in the message."""
    if text.isdigit() and text.isascii() and len(text) <= MAX_DIGITS:  # the usual number
        return in_range(int(text), what, lo, hi, noun)
    digits = text.strip()
    body = digits[1:] if digits.startswith("-") else digits
    if not body or not body.isascii() or not body.isdigit():
        raise RecordError(f"{what}={shown(text)} is not a number")
    if len(body) > MAX_DIGITS:
        raise RecordError(f"{what} is a number of {len(body)} digits (expected {lo}-{hi})")
    return in_range(int(digits), what, lo, hi, noun)


def numbers(
    text: str, what: str, lo: int, hi: int, count: tuple[int, int] | None = None, noun: str = ""
) -> list[int]:
    """A comma-separated list of numbers, each in lo..hi, optionally count[0]..count[1] of
    them."""
    parts = [p for p in text.split(",") if p.strip()]
    if count is not None and not count[0] <= len(parts) <= count[1]:
        want = str(count[0]) if count[0] == count[1] else f"{count[0]}-{count[1]}"
        raise RecordError(f"{what} has {len(parts)} numbers (expected {want})")
    return [number(p, what, lo, hi, noun) for p in parts]


def in_range(value: int, what: str, lo: int, hi: int, noun: str = "") -> int:
    if not lo <= value <= hi:
        raise RecordError(
            f"{what}={value} is {f'not {noun}' if noun else 'out of range'} (expected {lo}-{hi})"
        )
    return value


def integer(value: Any, what: str, lo: int, hi: int) -> int:
    """A JSON value that must be an integer in lo..hi (not a bool, a float or a string)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{what} is {shown(value)}, not a whole number (expected {lo}-{hi})")
    return in_range(value, what, lo, hi)


def listed(value: Any, what: str, lo: int = 0, hi: int = 1000) -> list[Any]:
    """A JSON value that must be a list of lo..hi items."""
    if not isinstance(value, list):
        raise RecordError(f"{what}: {shown(value)} is not a list")
    if not lo <= len(value) <= hi:
        want = str(lo) if lo == hi else f"{lo}-{hi}"
        raise RecordError(f"{what}: {len(value)} entries (expected {want})")
    return value


def seat(value: int, what: str) -> int:
    return in_range(value, what, *SEATS)
