"""A result's record (docs/output.md) as the JSON formats write it, from pieces encoded once.

`ScoreResult.to_dict()` is the record; JSON Lines and the JSON array write
`json_safe(json.JSONEncoder(ensure_ascii=False, indent=indent, default=json_default)
.encode(result.to_dict()))`. Building that dict tree and encoding it is a large part
of a line's time (README, "The speed layer"), yet most of a record repeats from line
to line: the rules
and options are those of the line's setting, and the yaku, the score, the payments
and the net come from a small set. So `record_text` writes the record's keys in
to_dict()'s order from pieces, each the encoder's own text of that part of
to_dict(), kept in lru_caches keyed on the frozen parts. The keys compare as tuples
do, so a field must hold the type it declares (1 and True are one key); the line's
own scalars (line, input, winner, win, reading) are encoded every time.
tests/test_record_text.py holds the text equal to the encoded to_dict() over every
corpus line of every ruleset, in both layouts.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import lru_cache
from json.encoder import encode_basestring  # the encoder's own, for ensure_ascii=False
from typing import Any

from ..base.values import FrozenMap
from ..core.result import ScoreResult, key_of
from . import json_default, json_safe

Indent = int | None  # None: one line, as JSON Lines writes it; 2: the JSON array's layout


@lru_cache(maxsize=4)
def encoder(indent: Indent) -> Callable[[Any], str]:
    """The record encoder of a layout: `encode(value)` gives the JSON text."""
    return json.JSONEncoder(ensure_ascii=False, indent=indent, default=json_default).encode


def record_text(result: Any, indent: Indent = None) -> str:
    """`json_safe` of the encoder's text of `result.to_dict()`, byte for byte, for any
    record with to_dict() (a ScoreResult from cached pieces, anything else whole)."""
    if isinstance(result, ScoreResult):
        try:
            text = _pieced(result, indent)
        except TypeError:  # a part that does not hash (a list a caller built)
            text = None
        if text is not None:
            return text
    return json_safe(encoder(indent)(result.to_dict()))


def _pieced(r: ScoreResult, indent: Indent) -> str | None:
    """The record from its pieces, in to_dict()'s key order (None: encode it whole)."""
    start, sep, end = _layout(indent)
    v = r.verdict
    if type(r.options) is FrozenMap:  # the engine's: one per setting, and exact as a key
        setting = _setting(r.rules, r.options, indent)
    else:  # a mapping a caller built: encoded every time (functools' uncached function)
        setting = _setting.__wrapped__(r.rules, r.options, indent)
    file = "" if r.source is None else f'"file": {_scalar(r.source)}{sep}'
    label = r.label if "#" in r.input else None
    named = "" if label is None else f'{sep}"label": {_scalar(label)}'
    head = (
        f'{start}{file}"line": {_scalar(r.line)}{sep}"input": {_scalar(r.input)}{named}'
        f"{sep}{setting}{sep}"
        f'"ok": {"true" if v is not None and r.error is None else "false"}{sep}'
        + ('"error": null' if r.error is None else _member("error", r.error.to_dict(), indent))
    )
    kita = f'{sep}"kita": {r.hand.ctx.kita if r.hand is not None else 0}'
    if v is None:
        return f"{head}{sep}{_failed_tail(indent)}{kita}{end}"
    s = v.score
    extra = s.record()  # the scheme's own keys, last (points and doubles, fans)
    if extra and not extra.keys().isdisjoint(_KEYS):  # one would replace a common key
        return None
    score = _score(s.han, s.fu, s.fu_items, s.limit, s.yakuman, indent)
    settlement = _settlement(v.value, v.payments, tuple(v.net.items()), indent)
    text = (
        f'{head}{sep}"winner": {_scalar(v.winner)}{sep}{_items("yaku", v.yaku, indent)}'
        f"{sep}{score}{sep}{settlement}{sep}{_liability(v.liability, indent)}"
        f'{sep}"win": {_scalar(v.win)}{sep}"reading": {_scalar(v.reading)}'
        f"{sep}{_notes(v.notes, tuple(map(key_of, v.notes)), indent)}{kita}"
    )
    for key, value in extra.items():
        text += sep + _member(key, value, indent)
    return text + end


@lru_cache(maxsize=4)
def _layout(indent: Indent) -> tuple[str, str, str]:
    """What opens the record, what goes between two keys and what closes it."""
    if indent is None:
        return "{", ", ", "}"
    pad = "\n" + " " * indent
    return "{" + pad, "," + pad, "\n}"


def _scalar(value: object) -> str:
    """The JSON text of a scalar as the encoder writes it: strings, whole numbers and None
    here, anything else (a bool, an int subclass) by the encoder itself."""
    if type(value) is str:  # not isinstance: a str subclass goes to the encoder
        return json_safe(encode_basestring(value))
    if type(value) is int:
        return int.__repr__(value)
    if value is None:
        return "null"
    return json_safe(encoder(None)(value))


def _member(key: str, value: Any, indent: Indent) -> str:
    """`"key": value`, one level into the record."""
    return _placed(key, encoder(indent)(value), indent)


def _placed(key: str, text: str, indent: Indent) -> str:
    """`"key": text`, the text of a value moved one level into the record."""
    if indent:
        text = text.replace("\n", "\n" + " " * indent)  # strings hold no newline: escaped
    return f'"{key}": {json_safe(text)}'


def _container(start: str, texts: list[str], end: str, indent: Indent) -> str:
    """A JSON list or object from its elements' texts (`"key": value` for an object),
    laid out as the encoder lays them out."""
    if not texts:
        return start + end
    if indent is None:
        return start + ", ".join(texts) + end
    pad = "\n" + " " * indent
    return start + pad + f",{pad}".join(text.replace("\n", pad) for text in texts) + "\n" + end


@lru_cache(maxsize=256)
def _setting(rules: str, options: Mapping[str, Any], indent: Indent) -> str:
    """The rules and options, the same for every line of a setting."""
    return (
        _member("rules", rules, indent)
        + _layout(indent)[1]
        + _member("options", dict(options.items()), indent)
    )


@lru_cache(maxsize=4096)
def _score(
    han: int | None,
    fu: int | None,
    fu_items: tuple[Any, ...],
    limit: str | None,
    yakuman: int,
    indent: Indent,
) -> str:
    """The score's keys, from "han" to "yakuman"."""
    return _layout(indent)[1].join(
        (
            f'"han": {_scalar(han)}',
            f'"fu": {_scalar(fu)}',
            _items("fu_items", fu_items, indent),
            f'"limit": {_scalar(limit)}',
            f'"yakuman": {_scalar(yakuman)}',
        )
    )


@lru_cache(maxsize=4096)
def _settlement(
    value: int, payments: tuple[Any, ...], net: tuple[tuple[str, int], ...], indent: Indent
) -> str:
    """The keys "value", "payments" and "net" (the net per seat: a seat that is not a string
    is a TypeError, and the record is encoded whole)."""
    seats = [f"{encode_basestring(seat)}: {_scalar(amount)}" for seat, amount in net]
    return _layout(indent)[1].join(
        (
            f'"value": {_scalar(value)}',
            _items("payments", payments, indent),
            _placed("net", _container("{", seats, "}", indent), indent),
        )
    )


@lru_cache(maxsize=4096)
def _items(key: str, items: tuple[Any, ...], indent: Indent) -> str:
    """A key whose value is the list of its items' to_dict() (yaku, fu items, payments):
    a line's list is often one seen before, and its items nearly always are."""
    texts = [_item(key, item, indent) for item in items]
    return _placed(key, _container("[", texts, "]", indent), indent)


@lru_cache(maxsize=4096)
def _item(key: str, item: Any, indent: Indent) -> str:
    """One item of a list, by the key of its list (so that items of two kinds never meet)."""
    return encoder(indent)(item.to_dict())


@lru_cache(maxsize=256)
def _liability(liability: Any, indent: Indent) -> str:
    return _member("liability", liability.to_dict() if liability else None, indent)


@lru_cache(maxsize=256)
def _notes(notes: tuple[str, ...], keys: tuple[str, ...], indent: Indent) -> str:
    """The notes and their keys (a Phrase equals its text: the keys are part of the key)."""
    return (
        _member("notes", list(notes), indent)
        + _layout(indent)[1]
        + _member("note_keys", list(keys), indent)
    )


@lru_cache(maxsize=4)
def _failed_tail(indent: Indent) -> str:
    """The keys after "error" of a line that did not score, but the last ("kita", the
    line's own): to_dict()'s own values, the same for every failed line."""
    record = ScoreResult(0, "", "", {}).to_dict()
    keys = list(record)
    return _layout(indent)[1].join(
        _member(key, record[key], indent) for key in keys[keys.index("error") + 1 : -1]
    )


_KEYS = frozenset(ScoreResult(0, "", "", {}).to_dict())
