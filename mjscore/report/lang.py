"""The language of the human outputs (`--lang ja|en`): one choice a run makes, read by every
reporter and listing through `current()` and `tr()`.

Standard library only, like settings.py, so a machine-format run never imports rich; the
machine formats (json, jsonl, tsv) never read it, and error messages stay English. The
words themselves are in `words_ja` (the Japanese table); a reporter written later (the
`game` report) adopts the language with `tr("heading")` for its words and `seat()` /
`number()` for seats and amounts.
"""

from __future__ import annotations

from collections.abc import Mapping

LANGS = ("en", "ja")
DEFAULT_LANG = "en"
_LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX precedence: the first set one wins


def lang_from_locale(environ: Mapping[str, str]) -> str:
    """`ja` when the locale is Japanese (LC_ALL, else LC_MESSAGES, else LANG starts with
    `ja`: `ja_JP.UTF-8`, `ja`), else `en` (C, POSIX, unset and every other language)."""
    for name in _LOCALE_VARS:
        value = environ.get(name)
        if value:
            return "ja" if value.lower().startswith("ja") else DEFAULT_LANG
    return DEFAULT_LANG


def check_lang(value: str) -> str:
    """A --lang value as given, or ValueError saying what is taken."""
    if value not in LANGS:
        raise ValueError(f"--lang takes {' or '.join(LANGS)}, not '{value}'")
    return value


def current() -> str:
    from .settings import settings

    return settings.get("lang") or DEFAULT_LANG


def japanese() -> bool:
    return current() == "ja"


def tr(words: str) -> str:
    """`words` (the English text of a heading or label, which is also its key) in the
    run's language; English, or a word the table does not have, is returned as it is."""
    if current() != "ja":
        return words
    from .words_ja import WORDS

    return WORDS.get(words, words)


def said(text: str) -> str:
    """What scoring said (a fu item, a payment's label, the liability, a note, the reading:
    a core.phrases.Phrase, whose text is English) in the run's language, from its key."""
    if current() != "ja":
        return text
    from .words_ja import in_japanese

    return in_japanese(text)


def seat(letter: str) -> str:
    """A seat wind letter as the run's language writes it: `E`, or 東."""
    if current() != "ja":
        return letter
    from .words_ja import SEAT_KANJI

    return SEAT_KANJI.get(letter, letter)


def number(n: int, sign: bool = False) -> str:
    """An amount: `7,700` in English, `7700` in Japanese (as Tenhou and Mahjong Soul write
    points); with `sign`, +8,000 / -8,000 / 0."""
    if current() == "ja":
        return f"{n:+}" if sign and n else f"{n}"
    return f"{n:+,}" if sign and n else f"{n:,}"
