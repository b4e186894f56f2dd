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

import re
import unicodedata
from functools import cache

# Control (Cc), format (Cf: bidi embeddings, overrides and isolates, zero-width marks),
# surrogate (Cs: the U+DCxx of undecodable bytes) and the line and paragraph separators.
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
# Every character of those categories in any Unicode version up to 16, and a few more:
# the regex finds them in C, `escaped` then decides (a text of megabytes, such as a chunk
# of JSON records, is not looked at character by character in Python). The test suite
# holds it a superset of the categories under the Python it runs on.
CANDIDATES = (
    r"[\x00-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e"
    r"\u200b-\u200f\u2028-\u202e\u2060-\u206f\ud800-\udfff\ufeff\ufff9-\ufffb\U000110bd"
    r"\U000110cd\U00013430-\U0001345f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    r"\U000e0001-\U000e007f]"
)


@cache
def candidates(json: bool = False) -> re.Pattern[str]:
    """CANDIDATES compiled when first needed (most texts never need it); for JSON, line
    feed left out: JSON's own layout, the one control JSON text holds raw."""
    return re.compile(
        CANDIDATES.replace(r"\x00-\x1f", r"\x00-\x09\x0b-\x1f") if json else CANDIDATES
    )


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
    return candidates().sub(_shown, text)


def _shown(match: re.Match[str]) -> str:
    ch = match.group()
    return _escape(ch) if escaped(ch) else ch


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
    if encoded.isprintable() or encoded.replace("\n", "").isprintable():  # C, fast
        return encoded  # every character escaped is unprintable: nothing to do
    return candidates(json=True).sub(_json_shown, encoded)


def _json_shown(match: re.Match[str]) -> str:
    ch = match.group()
    return _json_escape(ch) if escaped(ch) else ch
