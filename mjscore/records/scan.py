"""The tags of an mjlog document, found in one pass that never looks back.

Every step is a `str.find` (or a split) from where the last one stopped, so the time is linear
in the text however a tag is built (a regex over attributes backtracked: a 40 KB
tag took 35 s). Comments, CDATA sections, processing instructions and the
doctype are passed over whole: a tag inside them is not an event.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..base.frozen import value_class

_SKIPPED = (
    ("<!--", "-->", "comment"),
    ("<![CDATA[", "]]>", "CDATA section"),
    ("<?", "?>", "processing instruction"),
    ("<!", ">", "declaration"),
)
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
        if text.startswith(("!", "?"), lt + 1):
            for opener, closer, what in _SKIPPED:
                if text.startswith(opener, lt):
                    end = text.find(closer, lt + len(opener))
                    if end < 0:
                        yield Cut(what)
                        return
                    pos = end + len(closer)
                    break
            continue
        gt = text.find(">", lt + 1)
        if gt < 0:
            yield Cut("tag")
            return
        number += 1
        inner = text.find("<", lt + 1, gt)
        if inner >= 0:  # `<` again before the `>`: this tag never closed
            yield Tag(
                number, "", "", {}, False, "a tag that does not close before the next one starts"
            )
            pos = inner
            continue
        yield _read_tag(number, text[lt + 1 : gt])
        pos = gt + 1


def _read_tag(number: int, body: str) -> Tag:
    """`/?NAMEdigits (name="value")* /?`: the name read left to right, the attributes by
    splitting at the quotes (key parts and values alternate), both linear."""
    core = body[:-1] if body.endswith("/") else body
    if core.isalnum() and core.isascii():  # a draw or a discard, <T52/>: the usual tag
        i = len(core.rstrip("0123456789"))
        if i and core[:i].isalpha():
            return Tag(number, core[:i], core[i:], {}, False)
    body = body.strip(_SPACE)
    closing = body.startswith("/")
    if closing:
        body = body[1:]
    if body.endswith("/"):
        body = body[:-1]
    head, _, rest = body.partition(" ")
    if any(space in head for space in _SPACE[1:]):  # a tab or a newline before the space
        head, rest = (body.split(None, 1) + [""])[:2]
    i = len(head.rstrip("0123456789"))
    name, digits = head[:i], head[i:]
    if not (name.isascii() and name.isalpha() and (not digits or digits.isascii())):
        shown = body[:40] + ("..." if len(body) > 40 else "")
        return Tag(number, "", "", {}, closing, f"unreadable tag <{shown}>")
    parts = rest.split('"')
    if len(parts) % 2 == 0:
        return Tag(
            number,
            name,
            digits,
            {},
            closing,
            f"<{name}{digits}> has an attribute whose value has no closing quote",
        )
    if parts[-1].strip(_SPACE):
        return Tag(
            number,
            name,
            digits,
            {},
            closing,
            f'<{name}{digits}> has text that is not an attribute (name="value")',
        )
    attrs: dict[str, str] = {}
    for k in range(0, len(parts) - 1, 2):
        key, eq, gap = parts[k].strip(_SPACE).partition("=")
        key = key.rstrip(_SPACE)
        good = (
            eq
            and not gap.strip(_SPACE)
            and key.isascii()
            and key.replace("_", "a").isalnum()
            and (k == 0 or parts[k][:1] in _SPACE)
        )
        if not good:
            return Tag(
                number,
                name,
                digits,
                {},
                closing,
                f'<{name}{digits}> has text that is not an attribute (name="value")',
            )
        attrs[key] = parts[k + 1]
    return Tag(number, name, digits, attrs, closing)
