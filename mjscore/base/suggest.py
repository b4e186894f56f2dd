"""Did you mean: the closest fix for an unknown token, flag, ruleset or option name.

Only error paths call this module (difflib is imported when a message is built), so the
scoring hot path never pays for it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

SHOWN = 3  # a long list shrinks to the nearest three and a pointer


def nearest(word: str, choices: Iterable[str], n: int = SHOWN) -> list[str]:
    import difflib

    choices = sorted(set(choices))  # a frozenset's order changes between processes
    lower = {c.lower(): c for c in choices}
    found = difflib.get_close_matches(word.lower(), list(lower), n=n, cutoff=0.6)
    found += [c for c in lower if c.startswith(word.lower()) and c not in found]
    return [lower[c] for c in found[:n]]


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`: did you mean 'riichi'?` or an empty string."""
    found = nearest(word, choices, 1)
    return f"; did you mean '{found[0]}'?" if found else ""


def known(word: str, choices: Iterable[str], where: str = "mjscore rules") -> str:
    """The whole list when short, else the nearest three and where the rest are."""
    choices = sorted(choices)
    if len(choices) <= 8:
        return ", ".join(choices) or "none"
    close = nearest(word, choices) or choices[:SHOWN]
    return f"{', '.join(close)}, … ({len(choices)} in all: see {where})"


# other programs' words: Tenhou writes 'reach' for riichi, English MCR books kong/chow/pung
FLAG_ALIASES = {"reach": "riichi", "double-reach": "double-riichi", "open-reach": "open-riichi"}
KEY_ALIASES = {"kong": "kan", "chow": "chi", "pung": "pon"}
# words for a context the notation says another way (docs/notation.md: East is the dealer)
WORD_HINTS = {
    "dealer": ("seat:E", "the dealer is the East seat"),
    "oya": ("seat:E", "the dealer (親) is the East seat"),
}


def _word_hint(word: str) -> str:
    fix, why = WORD_HINTS[word]
    return f"; did you mean '{fix}'? ({why})"


def token_hint(
    text: str,
    following: str | None,
    flags: Iterable[str],
    keys: tuple[str, ...],
    win_keys: tuple[str, ...],
) -> str:
    """The fix for a token that is no tile group, meld, win, context token or flag, among
    the notation's `flags` and `keys` (its win keys, `ron 4s` for `ron:4s`)."""
    low = text.lower()
    if low in FLAG_ALIASES:
        return f"; did you mean '{FLAG_ALIASES[low]}'?"
    if low in WORD_HINTS:
        return _word_hint(low)
    key, equals, value = text.partition("=")
    if equals and value and key.lower() in keys:  # `seat=S`: the value kept, `seat:S`
        return f"; did you mean '{key.lower()}:{value}'?"
    if low in win_keys and following and re.fullmatch(r"[0-9]+[mpsz][-=+]?", following):
        return f"; did you mean '{low}:{following}'?"
    glued = re.fullmatch(r"([a-z]+?)([0-9][0-9a-z,=+-]*)", low)
    if glued and glued.group(1) in keys:
        return f"; did you mean '{glued.group(1)}:{glued.group(2)}'?"
    return did_you_mean(text, [*flags, *(f"{k}:" for k in keys)])


def elsewhere_hint(found: list[tuple[str, str]]) -> str:
    """`; add rules:european (or --rules european) to score it under the European rules`
    for the (ruleset, short title) of each other family that has what the line wrote."""
    if not found:
        return ""
    (name, title), *more = found
    also = "".join(f", or rules:{n} under the {t} rules" for n, t in more)
    return f"; add rules:{name} (or --rules {name}) to score it under the {title} rules{also}"


def winning_tile_hint(line: object) -> str:
    """When the winning tile is also written among the concealed tiles (one tile too many)."""
    ctx = line.ctx  # type: ignore[attr-defined]
    concealed = line.holding.concealed  # type: ignore[attr-defined]
    if ctx.win_tile is not None and ctx.win_tile in concealed:
        from ..base import tiles as T

        name = T.name(ctx.win_tile)
        return (
            f"; is the winning tile {name} also written among the concealed tiles? "
            f"Write it only in the win token"
        )
    return ""


def key_hint(text: str, keys: tuple[str, ...]) -> str:
    """The fix for a token whose key is none of the notation's `keys` (`rn:4s`, `tsmo:5p`,
    `dorra:1s`): the nearest key with the value as written, `; did you mean 'ron:4s'?`."""
    key, _, value = text.partition(":")
    if key.lower() in WORD_HINTS:  # `dealer:yes`
        return _word_hint(key.lower())
    alias = KEY_ALIASES.get(key.lower())
    found = [alias] if alias else nearest(key, keys, 1)
    return f"; did you mean '{found[0]}:{value}'?" if found else ""
