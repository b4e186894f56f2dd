"""Text from outside (hand lines, labels, names, file names, tokens) made fit to show.

One escaping for every human output and every TSV cell: a record, a game header or a
file name may carry an escape sequence (clear the screen, retitle the window, write the
clipboard), a line break or a bidi override that reorders what follows. Each is shown
as a visible escape (`\\x1b`, `\\u202e`), so what comes from outside can never act on
the terminal or move text around. Spaces of every kind (a Japanese name's U+3000) stay.
"""

from __future__ import annotations

import unicodedata

# Control (Cc), format (Cf: bidi embeddings, overrides and isolates, zero-width marks),
# surrogate (Cs: the U+DCxx of undecodable bytes) and the line and paragraph separators.
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


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
    return "".join(
        _escape(ch) if ch != "\t" and unicodedata.category(ch) in _ESCAPED_CATEGORIES else ch
        for ch in text
    )
