"""The tags of an mjlog document, found in one pass that never looks back.

Every step is a `str.find` from where the last one stopped, so the time is linear
in the text however a tag is built (a regex over attributes backtracked: a 40 KB
tag took 35 s). Comments, CDATA sections, processing instructions and the
doctype are passed over whole: a tag inside them is not an event.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..frozen import value_class

_SKIPPED = (("<!--", "-->", "comment"), ("<![CDATA[", "]]>", "CDATA section"),
            ("<?", "?>", "processing instruction"), ("<!", ">", "declaration"))
_SPACE = " \t\r\n"


@value_class
class Tag:
    """One element tag: `<T52/>` is name T and digits 52; `problem` says why a tag
    could not be read (its name and attributes are then empty)."""

    number: int
    name: str
    digits: str
    attrs: dict[str, str]
    closing: bool
    problem: str = ""


@value_class
class Cut:
    """Where the text stops inside a tag, comment or section (the record is truncated)."""

    what: str


def scan(text: str) -> Iterator[Tag | Cut]:
    """Every tag in order; a `Cut` last if the text ends inside one."""
    pos, number = 0, 0
    while True:
        lt = text.find("<", pos)
        if lt < 0:
            return
        for opener, closer, what in _SKIPPED:
            if text.startswith(opener, lt):
                end = text.find(closer, lt + len(opener))
                if end < 0:
                    yield Cut(what)
                    return
                pos = end + len(closer)
                break
        else:
            gt = text.find(">", lt + 1)
            if gt < 0:
                yield Cut("tag")
                return
            number += 1
            inner = text.find("<", lt + 1, gt)
            if inner >= 0:  # `<` again before the `>`: this tag never closed
                yield Tag(number, "", "", {}, False, "a tag that does not close before the "
                          "next one starts")
                pos = inner
                continue
            yield _read_tag(number, text[lt + 1:gt])
            pos = gt + 1


def _read_tag(number: int, body: str) -> Tag:
    """`/?NAMEdigits (name="value")* /?` read left to right."""
    body = body.strip(_SPACE)
    closing = body.startswith("/")
    if closing:
        body = body[1:]
    if body.endswith("/"):
        body = body[:-1]
    i, n = 0, len(body)
    while i < n and body[i].isascii() and body[i].isalpha():
        i += 1
    name = body[:i]
    start = i
    while i < n and body[i].isascii() and body[i].isdigit():
        i += 1
    digits = body[start:i]
    if not name or (i < n and body[i] not in _SPACE):
        shown = body[:40] + ("..." if len(body) > 40 else "")
        return Tag(number, "", "", {}, closing, f"unreadable tag <{shown}>")
    attrs: dict[str, str] = {}
    while True:
        while i < n and body[i] in _SPACE:
            i += 1
        if i >= n:
            return Tag(number, name, digits, attrs, closing)
        eq = body.find("=", i)
        key = body[i:eq].rstrip(_SPACE) if eq >= 0 else ""
        if not key or not key.isascii() or not key.replace("_", "a").isalnum():
            return Tag(number, name, digits, {}, closing, f"<{name}{digits}> has text that is "
                       "not an attribute (name=\"value\")")
        i = eq + 1
        while i < n and body[i] in _SPACE:
            i += 1
        quote = body[i] if i < n else ""
        close = body.find(quote, i + 1) if quote in ("'", '"') else -1
        if close < 0:
            return Tag(number, name, digits, {}, closing, f"<{name}{digits}> attribute {key} "
                       "has no quoted value")
        attrs[key] = body[i + 1:close]
        i = close + 1
