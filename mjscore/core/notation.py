"""Read a hand line (docs/notation.md) into a Hand, with the column of every error.

Only the shape of the text is checked here; whether the tiles can exist
(counts, fifth copies) and whether flags fit the ruleset is `validate`'s job.

What a token says does not depend on the line it stands in (`round:E`, `ron:7p-`,
`riichi` and most melds recur line after line), so each distinct short token is read
once per run (`_cached_token`); the loop over a line's tokens only applies the
readings in order, with the checks that do depend on the line (a repeated key, a
winner's token after ' / ') before any error of the token's own value.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from ..base import tiles as T
from ..base.errors import NotationError
from ..base.frozen import fields, from_fields
from ..base.lines import MAX_LINE as MAX_LINE  # shared with the file readers
from ..base.lines import is_blank as is_blank
from .hand import (
    ANKAN,
    CHI,
    DECLARED_RIICHI,
    KAKAN,
    KAN,
    MELD_KINDS,
    PON,
    Hand,
    Holding,
    Meld,
    WinContext,
    winner_tiles,
)
from .hand import format_line as format_line  # the writer lives with the value it writes

FLAGS = frozenset(
    (
        *DECLARED_RIICHI,
        "ippatsu",
        "haitei",
        "houtei",
        "rinshan",
        "chankan",
        "kanburi",
        "tenhou",
        "chiihou",
        "renhou",
        "first-turn",
        "draw",  # an exhaustive draw: no win token, nobody won (European settlement)
        "nagashi",
        "paarenchan",  # WEB TILE's 幺九振切 and 八連荘 (docs/rules/shiragiku.md §4)
        "last-tile",  # MCR's 和绝张: the last copy of the winning tile (docs/rules/mcr.md)
        "chankan-ankan",  # a ron robbing a concealed kan (kokushi only: kokushi_ankan_chankan)
        "kita-ron",  # three players: a ron on a North being set aside (北抜きロン), no chankan
    )
)
CONTEXT_KEYS = (
    "round",
    "seat",
    "breach",
    "dora",
    "ura",
    "honba",
    "sticks",
    "flowers",
    "rules",
    "opt",
    "discards",
    "kita",
    "riichi-by",
)
WIN_KEYS = ("tsumo", "ron")
KEYS = (*MELD_KINDS, *WIN_KEYS, *CONTEXT_KEYS)  # every key a token may have, as help lists them
_GROUP = re.compile(r"([0-9]+)([a-z])")  # ASCII digits ('１' is made '1' first; '²' is none)
_RULES_NAME = re.compile(r"[a-z][a-z0-9-]*")
_DIGIT_CHARS = frozenset("0123456789")
MAX_COUNT = 500  # honba and sticks: far above any real table, far below a huge number
MAX_INDICATORS = 10  # dora or ura indicators: five each in a real game
MAX_KITA = 4  # Norths set aside: there are four
_MARKERS = "-=+"
_MELD_SIZE = {CHI: 3, PON: 3, KAN: 4, ANKAN: 4, KAKAN: 4}
_MELD_WORDS = {
    CHI: "a chi is three consecutive tiles of one suit",
    PON: "a pon has three equal tiles",
    KAN: "a kan has four equal tiles",
    ANKAN: "a kan has four equal tiles",
    KAKAN: "a kan has four equal tiles",
}
_CACHED = 32  # tokens up to this long are read once per run (_cached_token)
_CONTEXT_DEFAULTS = {f.name: f.default for f in fields(WinContext)}


class _Token:
    """A token and its 1-based column, to name it in an error."""

    __slots__ = ("text", "column")

    def __init__(self, text: str, column: int):
        self.text, self.column = text, column

    def fail(self, why: str, column: int | None = None) -> NotationError:
        shown = self.text if len(self.text) <= 60 else self.text[:50] + "..."  # a huge token
        return NotationError(f"'{shown}' {why}", column or self.column, self.text)


class _BadToken(ValueError):
    """Why a token cannot be read; the caller names the token and its column."""


def parse_tiles(
    text: str, tok: _Token, letters: str = "mpsz", commas: bool = False
) -> tuple[tuple[int, bool], ...]:
    """mpsz groups -> ((tile id, is red), ...); errors name the token and say what was wanted."""
    try:
        return _read_tiles(text.replace(",", "") if commas else text, letters)
    except _BadToken as why:
        raise tok.fail(str(why)) from None


def _read_tiles(body: str, letters: str = "mpsz") -> tuple[tuple[int, bool], ...]:
    if not body:
        raise _BadToken("has no tiles after the colon")
    out: list[tuple[int, bool]] = []
    pos = 0
    while (m := _GROUP.match(body, pos)) is not None:  # anchored: linear in the text
        digits, letter = m.group(1), m.group(2)
        if letter not in letters:
            raise _BadToken(f"has a tile of suit '{letter}': expected one of {', '.join(letters)}")
        known = _DIGITS[letter]
        for d in digits:
            hit = known.get(d)
            out.append(hit if hit is not None else _one_tile(int(d), letter))
        pos = m.end()
    if pos != len(body):
        rest = body[pos:]
        if rest.isascii() and rest.isdigit():
            raise _BadToken(f"has digits '{rest}' without a suit letter (m, p, s, z)")
        raise _BadToken(f"is not a tile group: expected digits followed by one of {letters}")
    return tuple(out)


# (tile id, is red) of every valid digit of every suit letter: parsing is per line, so a table
_DIGITS = {
    letter: {str(d): (T.tile_from(d, letter), d == 0) for d in digits}
    for letter, digits in (
        ("m", range(10)),
        ("p", range(10)),
        ("s", range(10)),
        ("z", range(1, 8)),
        ("f", range(1, 5)),
        ("g", range(1, 5)),
    )
}


def _one_tile(d: int, letter: str) -> tuple[int, bool]:
    if letter == "z" and not 1 <= d <= 7:
        raise _BadToken(f"has {d}z: honours are 1z-7z (East South West North White Green Red)")
    if letter in "fg" and not 1 <= d <= 4:
        raise _BadToken(f"has {d}{letter}: flowers and seasons are numbered 1-4")
    return T.tile_from(d, letter), d == 0


# -- one token: what it is and what it says, whatever line it stands in ----------------------

TILES, FLAG, MELD, FLOWERS, WIN, CONTEXT, OPTION, UNKNOWN = (
    "tiles",
    "flag",
    "meld",
    "flowers",
    "win",
    "context",
    "option",
    "unknown",
)


class _Read(NamedTuple):
    """What one token says. `why` is set when its value cannot be read: the line's loop
    raises it only after the checks that come first (a repeated key, a token after ' / ')."""

    kind: str
    key: str  # the key before the colon; the flag for a flag
    value: Any  # what the kind needs (see _read_token)
    why: str | None = None


def _token(text: str) -> _Read:
    """The reading of a token; a short one is read once per run (they repeat line after
    line: round:E, ron:7p-, riichi), a long one each time (bounded memory)."""
    return _cached_token(text) if len(text) <= _CACHED else _read_token(text)


@lru_cache(maxsize=16384)
def _cached_token(text: str) -> _Read:
    return _read_token(text)


def _read_token(text: str) -> _Read:
    if not (text.isascii() and text.islower()):  # the common token: read as it is
        text = plain_token(text)
    key, colon, value = text.partition(":")
    if text[0] in _DIGIT_CHARS:
        return _reading(TILES, "", _concealed, text)
    if not colon:
        flag = text if text in FLAGS else text.lower()
        return _Read(FLAG, flag if flag in FLAGS else "", None)
    if key in _MELD_SIZE:
        return _reading(MELD, key, _meld_shape, key, value)
    if key == "flowers":
        return _reading(FLOWERS, key, _tile_ids, value, "fg")
    if key in ("tsumo", "ron"):
        return _reading(WIN, key, _win, key, value)
    if key == "opt":
        name = value.partition("=")[0]
        return _reading(OPTION, "opt:" + name, _option, value)
    if key in CONTEXT_KEYS:
        return _reading(CONTEXT, key, _CONTEXT_READERS[key], value)
    return _Read(UNKNOWN, key, None)


# -- other ways to write a token: upper case, full width, tile glyphs, kanji ----------------

# NFKC of the full-width forms '！'..'～': their ASCII
_FULL_WIDTH: dict[int, int | None] = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}
_FULL_WIDTH |= {0xFE0E: None, 0xFE0F: None}  # a variation selector after a glyph: 🀄️
_TILE_TEXT = str.maketrans(T.GLYPH_NAMES | T.KANJI_DIGITS | T.KANJI_SUITS | T.KANJI_HONOURS)
_KEYS = frozenset(KEYS)
_TILE_KEYS = frozenset((*MELD_KINDS, *WIN_KEYS, "flowers", "dora", "ura", "discards"))
_WIND_KEYS = frozenset(("round", "seat", "breach"))


def plain_token(text: str) -> str:
    """A token in the form the reader knows: full-width letters as ASCII, keys and tile
    letters in lower case, tile glyphs and kanji as mpsz (`Ron:４S`, `🀈🀉🀊`, `二三四萬`).
    Flags, winds and ruleset names are case-blind where they are read; opt: is left as is."""
    written = text
    if not text.isascii():
        text = text.translate(_FULL_WIDTH)
    key, colon, value = text.partition(":")
    if not colon:
        return _plain_tiles(text) if _is_tiles(text) else text
    low = key.lower()
    if low not in _KEYS:
        return text
    if low == "opt":  # an option's value is the ruleset's to check, as written
        return "opt:" + re.split("[:：]", written, maxsplit=1)[1]
    if low in _WIND_KEYS:
        value = T.KANJI_WINDS.get(value, value)
    elif low in _TILE_KEYS:
        value = _plain_tiles(value)
    return f"{low}:{value}"


def _is_tiles(text: str) -> bool:
    first = text[0]
    return (
        first in _DIGIT_CHARS
        or first in T.GLYPH_NAMES
        or first in T.KANJI_DIGITS
        or first in T.KANJI_HONOURS
        or first == T.RED_KANJI
    )


def _plain_tiles(text: str) -> str:
    if not text.isascii():
        text = text.replace(T.RED_KANJI + "五", "0").translate(_TILE_TEXT)
    return text.lower()


def _reading(kind: str, key: str, reader: Callable[..., Any], *args: str) -> _Read:
    try:
        return _Read(kind, key, reader(*args))
    except _BadToken as why:
        return _Read(kind, key, None, str(why))


def _concealed(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A tile group token -> (sorted tile ids, sorted ids of its red fives)."""
    pairs = _read_tiles(text)
    ids = [t for t, _ in pairs]
    ids.sort()
    reds = [t for t, red in pairs if red]
    reds.sort()
    return tuple(ids), tuple(reds)


def _tile_ids(value: str, letters: str = "mpsz") -> tuple[int, ...]:
    return tuple([t for t, _ in _read_tiles(value.replace(",", ""), letters)])


def _meld_shape(kind: str, body: str) -> tuple[str, tuple[int, ...], int, str | None]:
    """A meld token's (kind, sorted tiles, red fives, source marker)."""
    source = None
    if body and body[-1] in _MARKERS:
        body, source = body[:-1], body[-1]
    if kind == ANKAN and source:
        raise _BadToken("is a concealed kan: it takes no source marker")
    if kind == CHI and source not in (None, "-"):
        raise _BadToken("is a chi: a chi is always called from the left player (-)")
    pairs = _read_tiles(body)
    ids = sorted([t for t, _ in pairs])
    reds = sum([r for _, r in pairs])
    size = _MELD_SIZE[kind]
    if len(ids) != size or not _meld_shape_ok(kind, ids):
        raise _BadToken(f"is not a {kind}: {_MELD_WORDS[kind]}")
    return kind, tuple(ids), reds, source


def meld_shape_problem(meld: Meld) -> str | None:
    """What the parser would say of `meld`'s text (`'chi:555z' is not a chi: ...`), or None:
    a meld built as a value (a record's replay) is held to what a line could say."""
    if len(meld.tiles) == _MELD_SIZE[meld.kind] and _meld_shape_ok(meld.kind, list(meld.tiles)):
        return None
    return f"'{meld.text()}' is not a {meld.kind}: {_MELD_WORDS[meld.kind]}"


def _meld_shape_ok(kind: str, ids: list[int]) -> bool:
    if kind == CHI:
        return (
            ids[0] < 27
            and T.suit(ids[0]) == T.suit(ids[2])
            and ids[1] == ids[0] + 1
            and ids[2] == ids[0] + 2
        )
    return len(set(ids)) == 1


def _win(key: str, value: str) -> tuple[tuple[str, Any], ...]:
    """A tsumo: or ron: token as WinContext fields."""
    source = None
    if value and value[-1] in _MARKERS:
        value, source = value[:-1], value[-1]
    if key == "tsumo" and source:
        raise _BadToken("is a tsumo: a self-drawn tile has no discarder marker")
    pairs = _read_tiles(value)
    if len(pairs) != 1:
        raise _BadToken(f"should name exactly one winning tile, like {key}:5p")
    ((tile, red),) = pairs
    return ("win_tile", tile), ("win_red", red), ("tsumo", key == "tsumo"), ("discarder", source)


def _wind(field: str) -> Callable[[str], tuple[tuple[str, str]]]:
    def read(value: str) -> tuple[tuple[str, str]]:
        value = value.upper()  # winds are case-insensitive: round:e
        if value not in T.SEATS:
            raise _BadToken("needs a wind: E, S, W or N")
        return ((field, value),)

    return read


def _count(field: str) -> Callable[[str], tuple[tuple[str, int]]]:
    def read(value: str) -> tuple[tuple[str, int]]:
        if not value or not _DIGIT_CHARS.issuperset(value):
            raise _BadToken("needs a whole number (0 or more)")
        if len(value) > 4 or int(value) > MAX_COUNT:
            raise _BadToken(f"is too many: at most {MAX_COUNT}")
        return ((field, int(value)),)

    return read


def _indicators(field: str) -> Callable[[str], tuple[tuple[str, tuple[int, ...]], ...]]:
    """dora: or ura: as the indicators in the order written (the first is the original, the
    others came with kans: the report lists them so) and, sorted, which of them are red.

    Which copy of a five is the red one is not kept: `dora:5m,0m` is `dora:0m,5m`, both
    written (and reported) with the red copy first, as it scores the same."""

    def read(value: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
        pairs = _read_tiles(value.replace(",", ""))
        if len(pairs) > MAX_INDICATORS:
            raise _BadToken(f"has {len(pairs)} indicators: at most {MAX_INDICATORS}")
        reds = [t for t, r in pairs if r]
        reds.sort()
        return ((field, tuple([t for t, _ in pairs])), (f"{field}_reds", tuple(reds)))

    return read


def _kita(value: str) -> tuple[tuple[str, int]]:
    """Norths set aside (北抜き): 0 to 4, there being four."""
    if not value or not _DIGIT_CHARS.issuperset(value):
        raise _BadToken("needs a whole number of Norths set aside, 0 to 4")
    if len(value) > 1 or int(value) > MAX_KITA:
        raise _BadToken(f"is too many: at most {MAX_KITA} Norths can be set aside (there are four)")
    return (("kita", int(value)),)


def _riichi_by(value: str) -> tuple[tuple[str, tuple[str, ...]]]:
    """The other players who declared riichi this round: their sticks are on the table."""
    try:
        return (("riichi_by", T.seat_winds(value, "S,W (E S W N)")),)
    except ValueError as why:
        raise _BadToken(str(why)) from None


def _discards(value: str) -> tuple[tuple[str, tuple[int, ...]]]:
    """The player's own discards, in order (furiten for `waits`)."""
    return (("discards", _tile_ids(value)),)


def _rules(value: str) -> tuple[tuple[str, str]]:
    value = value.lower()  # ruleset names are case-insensitive
    if not _RULES_NAME.fullmatch(value):
        raise _BadToken("needs a ruleset name, like rules:webtile")
    return (("rules", value),)


def _option(value: str) -> tuple[str, str]:
    name, eq, val = value.partition("=")
    if not eq or not name or not val:
        raise _BadToken("needs NAME=VALUE, like opt:kiriage_mangan=on")
    return name, val


# every context key but opt: (and flowers:, read with the holding) -> its WinContext fields
_CONTEXT_READERS: dict[str, Callable[[str], tuple[tuple[str, Any], ...]]] = {
    "round": _wind("round_wind"),
    "seat": _wind("seat_wind"),
    "breach": _wind("breach"),
    "dora": _indicators("dora"),
    "ura": _indicators("ura"),
    "honba": _count("honba"),
    "sticks": _count("sticks"),
    "discards": _discards,
    "rules": _rules,
    "kita": _kita,
    "riichi-by": _riichi_by,
}


# -- the line: tokens in order, each checked against the ones before it -----------------------


def parse_line(line: str, require_win: bool = True) -> Hand:
    """The whole line as a Hand; raises NotationError naming the token and its column.

    `require_win` False reads a hand still waiting (no win token), as `waits` does.
    The winner's tokens are read here, in one loop; those after a ' / ' by _read_others.
    """
    if len(line) > MAX_LINE:
        raise NotationError(f"the line is longer than {MAX_LINE:,} characters", MAX_LINE + 1)
    body = line.partition("#")[0]
    words = body.split()  # str.split's blanks are the regex \s
    if not words:
        raise NotationError("the line holds no hand")
    marks = words if body.isascii() else [w.translate(_FULL_WIDTH) for w in words]  # '／'
    cut = marks.index("/") if "/" in marks else len(words)
    # written with single spaces, as most lines are: a column is a sum of lengths
    single_spaced = body == " ".join(words)
    ctx = dict(_CONTEXT_DEFAULTS)  # the WinContext's fields, its own at the end
    columns: dict[str, int] = {}  # Hand.columns; a key already in it is a repeat
    flags: set[str] | None = None
    options: dict[str, str] | None = None
    tiles: _Tiles | None = None
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = ()
    concealed_at = flowers_at = 0
    at = 1  # the column of the next token after one space
    try:
        for text in words[:cut] if cut < len(words) else words:
            column = at if single_spaced else body.find(text, at - 1) + 1
            at = column + len(text) + 1
            kind, key, value, why = _token(text)
            if kind is CONTEXT:
                if key in columns:
                    raise _BadToken(f"repeats {key}: (first at column {columns[key]})")
                columns[key] = column
                if why:
                    raise _BadToken(why)
                ctx.update(value)
            elif kind is WIN:
                if "win" in columns:
                    raise _BadToken(
                        f"is a second win token (the first is at column {columns['win']})"
                    )
                columns["win"] = column
                if why:
                    raise _BadToken(why)
                ctx.update(value)
            elif kind is TILES:
                if why:
                    raise _BadToken(why)
                if tiles is None:  # most lines: one tile group
                    tiles, concealed_at = value, column
                else:
                    tiles = _more_tiles(tiles, value)
            elif kind is MELD:
                if why:
                    raise _BadToken(why)
                melds += (_meld(value, column),)
            elif kind is FLAG:
                if not key:
                    raise _BadToken(_unknown(text, _after(body, column - 1 + len(text))))
                if flags is None:
                    flags = set()
                flags.add(key)
                columns.setdefault(key, column)
            elif kind is OPTION:
                first = columns.setdefault(key, column)
                if why:
                    raise _BadToken(why)
                if options is None:
                    options = {}
                name, setting = value
                if options.get(name, setting) != setting:  # the same value again is no news
                    raise _BadToken(
                        f"sets {name} a second time, to another value (the first, "
                        f"'{options[name]}', is at column {first})"
                    )
                options[name] = setting
            elif kind is FLOWERS:
                if flowers_at:
                    raise _BadToken(f"repeats flowers: (first at column {flowers_at})")
                flowers_at = column
                if why:
                    raise _BadToken(why)
                flowers += value
            else:
                raise _BadToken(_unknown_key(text))
    except _BadToken as why:
        raise _Token(text, column).fail(str(why)) from None
    # the tokens after ' / ' start at least one blank after the winner's last one
    others = _read_others(body, words[cut:], at - 1) if cut < len(words) else ()
    if "win" not in columns and not (flags and "draw" in flags) and require_win:
        raise NotationError("the line has no win token: add tsumo:<tile> or ron:<tile>")
    if flags:
        ctx["flags"] = frozenset(flags)
    if ctx["riichi_by"]:
        _check_riichi_by(ctx, flags or set(), columns["riichi-by"], words)
    if options:  # by name: each sets one option (a repeat agrees), in any order
        ctx["options"] = tuple(sorted(options.items()))
    if concealed_at:
        columns["concealed"] = concealed_at
    holding = _holding(tiles, melds, flowers, False)
    win = from_fields(WinContext, ctx)
    return from_fields(
        Hand,
        {
            "holding": holding,
            "ctx": win,
            "others": _by_seat(others) if others else (),
            "text": line,
            "columns": MappingProxyType(columns),
            "all_winner_tiles": winner_tiles(holding, win),
        },
    )


def _check_riichi_by(ctx: dict[str, Any], flags: set[str], column: int, words: list[str]) -> None:
    """riichi-by: names other players, and no more sticks than the table holds."""
    text = next((w for w in words if w.lower().startswith("riichi-by:")), "riichi-by:")
    tok = _Token(text, column)
    if ctx["seat_wind"] in ctx["riichi_by"]:
        raise tok.fail(
            f"names the winner's own seat {ctx['seat_wind']}: the winner's riichi "
            "is the riichi flag"
        )
    own = 0 if flags.isdisjoint(DECLARED_RIICHI) else 1
    if len(ctx["riichi_by"]) + own > ctx["sticks"]:
        raise tok.fail(
            f"names {len(ctx['riichi_by']) + own} riichi stick(s) on the table "
            f"but sticks: says {ctx['sticks']}"
        )


_Tiles = tuple[tuple[int, ...], tuple[int, ...]]  # (sorted tile ids, sorted red fives)


def _more_tiles(tiles: _Tiles | None, more: _Tiles) -> _Tiles:
    """The concealed tiles so far with one more tile group token."""
    if tiles is None:
        return more
    return tuple(sorted(tiles[0] + more[0])), tuple(sorted(tiles[1] + more[1]))


def _holding(
    tiles: _Tiles | None, melds: tuple[Meld, ...], flowers: tuple[int, ...], riichi: bool
) -> Holding:
    """One player's holding. Flowers are held, not laid out in an order: they are sorted,
    so `flowers:2f1f` and `flowers:1f2f` are one hand (the report shows them sorted too)."""
    concealed, reds = tiles or ((), ())
    return from_fields(
        Holding,
        {
            "concealed": concealed,
            "concealed_reds": reds,
            "melds": melds,
            "flowers": tuple(sorted(flowers)) if flowers else (),
            "riichi": riichi,
        },
    )


class _Other:
    """Another player's tokens after ' / SEAT:': tiles, melds, flowers: and riichi."""

    __slots__ = ("seat", "tiles", "melds", "flowers", "riichi")

    def __init__(self, seat: str):
        self.seat = seat
        self.tiles: _Tiles | None = None
        self.melds: tuple[Meld, ...] = ()
        self.flowers: tuple[int, ...] = ()
        self.riichi = False

    def read(self, text: str, column: int, following: str | None) -> None:
        kind, key, value, why = _token(text)
        if kind is TILES or kind is MELD or kind is FLOWERS:
            if why:
                raise _BadToken(why)
            if kind is TILES:
                self.tiles = _more_tiles(self.tiles, value)
            elif kind is MELD:
                self.melds += (_meld(value, column),)
            else:
                self.flowers += value
        elif kind is FLAG:
            if not key:
                raise _BadToken(_unknown(text, following))
            if key != "riichi":
                raise _BadToken(
                    "is a flag of the winner; another player's holding takes only "
                    "tiles, melds, flowers: and riichi"
                )
            self.riichi = True
        else:
            raise _BadToken("belongs to the winner's part of the line, before ' / '")

    def holding(self) -> Holding:
        return _holding(self.tiles, self.melds, self.flowers, self.riichi)


def _read_others(body: str, words: list[str], end: int) -> list[_Other]:
    """The players after ' / ': each 'SEAT:' and that player's tokens; `end` is where in
    `body` to look for the first of them."""
    out: list[_Other] = []
    expect_seat = False
    try:
        for i, text in enumerate(words):
            column = body.find(text, end) + 1
            end = column + len(text) - 1
            mark = text.translate(_FULL_WIDTH).upper()  # 'e:', 'Ｅ：' and '／' too
            if mark == "/":
                expect_seat = True
            elif expect_seat:
                mark = T.KANJI_WINDS.get(mark[:1], mark[:1]) + mark[1:]  # '東:'
                if len(mark) != 2 or mark[1] != ":" or mark[0] not in T.WIND_LETTERS:
                    raise _BadToken("should name the next player's seat after ' / ', like 'E:'")
                out.append(_Other(mark[0]))
                expect_seat = False
            else:
                out[-1].read(text, column, words[i + 1] if i + 1 < len(words) else None)
    except _BadToken as why:
        raise _Token(text, column).fail(str(why)) from None
    if expect_seat:
        raise NotationError(
            "' / ' must be followed by a seat and that player's tiles, like '/ E: 123m'",
            column,
            "/",
        )
    return out


def _by_seat(others: list[_Other]) -> tuple[tuple[str, Holding], ...]:
    """The holdings after ' / ', by seat in the order written; each seat once."""
    out: dict[str, Holding] = {}
    for other in others:
        if other.seat in out:
            raise NotationError(f"seat {other.seat} is given twice after ' / '")
        out[other.seat] = other.holding()
    return tuple(out.items())


def tile_group_at(line: str, tile: int) -> tuple[str, int] | None:
    """The first concealed tile group of the winner's part of `line` that holds `tile`, as
    (its text as written, its 1-based column); for an error naming the group."""
    body = line.partition("#")[0]
    at = 0
    for text in body.split():
        column = body.find(text, at) + 1
        at = column + len(text) - 1
        if text.translate(_FULL_WIDTH) == "/":
            return None
        kind, _, value, why = _token(text)
        if kind is TILES and not why and tile in value[0]:
            return text, column
    return None


def _after(body: str, end: int) -> str | None:
    """The token after the one that ends at `end` in `body`, if any (for a hint)."""
    rest = body[end:].split(None, 1)
    return rest[0] if rest else None


def _meld(shape: tuple[str, tuple[int, ...], int, str | None], column: int) -> Meld:
    kind, tiles, reds, source = shape
    return from_fields(
        Meld, {"kind": kind, "tiles": tiles, "reds": reds, "source": source, "column": column}
    )


def _unknown(text: str, following: str | None) -> str:
    """Why a token without a colon that is no flag is wrong, with the likely fix."""
    from ..base.suggest import token_hint

    return "is not a tile group, meld, win, context token or flag" + token_hint(
        text, following, FLAGS, KEYS, WIN_KEYS
    )


def _unknown_key(text: str) -> str:
    """Why a token with an unknown key is wrong, with the nearest key."""
    from ..base.suggest import key_hint

    return f"is not a meld, win or context token (known: {' '.join(KEYS)})" + key_hint(text, KEYS)
