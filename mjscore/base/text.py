"""Text from outside (hand lines, labels, names, file names, tokens) made fit to show.

One escaping for every human output and every TSV cell: a record, a game header or a
file name may carry an escape sequence (clear the screen, retitle the window, write the
clipboard), a line break or a bidi override that reorders what follows. Each is shown
as a visible escape (`\\x1b`, `\\u202e`), so what comes from outside can never act on
the terminal or move text around. Spaces of every kind (a Japanese name's U+3000) stay.
A byte of an argument that was not UTF-8 (Python's surrogateescape U+DCxx) is shown as
its escape (`\\udcff`).

The writers apply it where they write (`safe_text` for a text of many lines), so that
no caller has to remember it; JSON escapes the same characters its own way (`json_text`).
"""

from __future__ import annotations

import unicodedata

# Control (Cc), format (Cf: bidi embeddings, overrides and isolates, zero-width marks),
# surrogate (Cs: the U+DCxx of undecodable bytes) and the line and paragraph separators.
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def escaped(ch: str) -> bool:
    """Whether `safe` shows the character `ch` as an escape (tab is kept)."""
    return ch != "\t" and unicodedata.category(ch) in _ESCAPED_CATEGORIES


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def safe(text: str) -> str:
    """`text` fit for a terminal or a TSV cell: each control, format or separator
    character but tab shown as an escape (`ESC` as `\\x1b`, U+202E as `\\u202e`)."""
    if text.isprintable():  # every character escaped is unprintable: the common case, in C
        return text
    return "".join(_escape(ch) if escaped(ch) else ch for ch in text)


def safe_text(text: str) -> str:
    """`safe` of each line of a text written whole (a report, a listing): its own line
    breaks (`\\n`) stay, every other character `safe` escapes is escaped."""
    if text.isprintable():
        return text
    return "\n".join(map(safe, text.split("\n")))


def _json_escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x10000:
        return f"\\u{code:04x}"
    high, low = divmod(code - 0x10000, 0x400)  # JSON has no \U: a surrogate pair
    return f"\\u{0xD800 + high:04x}\\u{0xDC00 + low:04x}"


def json_text(encoded: str) -> str:
    """JSON text (json.dumps with ensure_ascii=False) with every character `safe` escapes
    written as a JSON escape (`\\u001b`, `\\u202e`, `\\u2028`): the same value for a
    program, nothing raw for a terminal or a tool that splits lines on U+2028. Only
    strings hold such characters (json escapes C0 there); the layout's `\\n` stays."""
    if encoded.isascii():
        if "\x7f" not in encoded:  # DEL: the one ASCII character json leaves raw
            return encoded
        return encoded.replace("\x7f", "\\u007f")
    if encoded.isprintable():
        return encoded
    return "".join(_json_escape(ch) if ch != "\n" and escaped(ch) else ch for ch in encoded)
