"""Read a hand line (NOTATION.md) into a Hand, with the column of every error.

Only the shape of the text is checked here; whether the tiles can exist
(counts, fifth copies) and whether flags fit the ruleset is `validate`'s job.
"""

from __future__ import annotations

import re
from functools import lru_cache
from types import MappingProxyType

from . import tiles as T
from .errors import NotationError
from .hand import ANKAN, CHI, KAKAN, KAN, MELD_KINDS, PON, Hand, Holding, Meld, WinContext

FLAGS = frozenset((
    "riichi", "double-riichi", "open-riichi", "ippatsu", "haitei", "houtei", "rinshan",
    "chankan", "kanburi", "tenhou", "chiihou", "renhou", "first-turn",
    "draw",  # an exhaustive draw: no win token, nobody won (European settlement)
    "nagashi", "paarenchan",  # WEB TILE's 幺九振切 and 八連荘 (docs/webtile.md)
    "last-tile",  # Chinese Official's 和绝张: the last copy of the winning tile (rules/mcr.md)
))
CONTEXT_KEYS = ("round", "seat", "breach", "dora", "ura", "honba", "sticks", "flowers",
                "rules", "opt", "discards")
_TOKEN = re.compile(r"\S+")
_GROUP = re.compile(r"([0-9]+)([a-z])")  # ASCII digits only: '１' or '²' is no tile number
_DIGIT_CHARS = frozenset("0123456789")
MAX_LINE = 10_000  # characters in a hand line; a longer one is an error, the file goes on
MAX_COUNT = 500  # honba and sticks: far above any real table, far below a huge number
MAX_INDICATORS = 10  # dora or ura indicators: five each in a real game
_MARKERS = "-=+"
_MELD_SIZE = {CHI: 3, PON: 3, KAN: 4, ANKAN: 4, KAKAN: 4}
_MELD_WORDS = {CHI: "a chi is three consecutive tiles of one suit",
               PON: "a pon has three equal tiles", KAN: "a kan has four equal tiles",
               ANKAN: "a kan has four equal tiles", KAKAN: "a kan has four equal tiles"}




class _Token:
    __slots__ = ("text", "column")

    def __init__(self, text: str, column: int):
        self.text, self.column = text, column

    def fail(self, why: str, column: int | None = None) -> NotationError:
        shown = self.text if len(self.text) <= 60 else self.text[:50] + "..."  # a huge token
        return NotationError(f"'{shown}' {why}", column or self.column, self.text)


class _BadTiles(ValueError):
    """Why a tile text cannot be read; the caller names the token and its column."""


def parse_tiles(text: str, tok: _Token, letters: str = "mpsz",
                commas: bool = False) -> tuple[tuple[int, bool], ...]:
    """mpsz groups -> ((tile id, is red), ...); errors name the token and say what was wanted."""
    body = text.replace(",", "") if commas else text
    try:
        return _tiles(body, letters) if len(body) <= 32 else _read_tiles(body, letters)
    except _BadTiles as why:
        raise tok.fail(str(why)) from None


@lru_cache(maxsize=16384)  # win tiles, melds and indicators repeat line after line; short
def _tiles(body: str, letters: str) -> tuple[tuple[int, bool], ...]:  # texts only: bounded
    return _read_tiles(body, letters)


def _read_tiles(body: str, letters: str) -> tuple[tuple[int, bool], ...]:
    if not body:
        raise _BadTiles("has no tiles after the colon")
    out: list[tuple[int, bool]] = []
    pos = 0
    while (m := _GROUP.match(body, pos)) is not None:  # anchored: linear in the text
        digits, letter = m.group(1), m.group(2)
        if letter not in letters:
            raise _BadTiles(f"has a tile of suit '{letter}': expected one of "
                            f"{', '.join(letters)}")
        known = _DIGITS[letter]
        for d in digits:
            hit = known.get(d)
            out.append(hit if hit is not None else _one_tile(int(d), letter))
        pos = m.end()
    if pos != len(body):
        rest = body[pos:]
        if rest.isascii() and rest.isdigit():
            raise _BadTiles(f"has digits '{rest}' without a suit letter (m, p, s, z)")
        raise _BadTiles(f"is not a tile group: expected digits followed by one of {letters}")
    return tuple(out)


# (tile id, is red) of every valid digit of every suit letter: parsing is per line, so a table
_DIGITS = {letter: {str(d): (T.tile_from(d, letter), d == 0) for d in digits}
           for letter, digits in (("m", range(10)), ("p", range(10)), ("s", range(10)),
                                  ("z", range(1, 8)), ("f", range(1, 5)), ("g", range(1, 5)))}


def _one_tile(d: int, letter: str) -> tuple[int, bool]:
    if letter == "z" and not 1 <= d <= 7:
        raise _BadTiles(f"has {d}z: honours are 1z-7z (East South West North White Green Red)")
    if letter in "fg" and not 1 <= d <= 4:
        raise _BadTiles(f"has {d}{letter}: flowers and seasons are numbered 1-4")
    return T.tile_from(d, letter), d == 0


def _parse_meld(kind: str, body: str, tok: _Token) -> Meld:
    source = None
    if body and body[-1] in _MARKERS:
        body, source = body[:-1], body[-1]
    if kind == ANKAN and source:
        raise tok.fail("is a concealed kan: it takes no source marker")
    if kind == CHI and source not in (None, "-"):
        raise tok.fail("is a chi: a chi is always called from the left player (-)")
    pairs = parse_tiles(body, tok)
    ids = sorted(t for t, _ in pairs)
    reds = sum(r for _, r in pairs)
    size = _MELD_SIZE[kind]
    if len(ids) != size or not _meld_shape_ok(kind, ids):
        raise tok.fail(f"is not a {kind}: {_MELD_WORDS[kind]}")
    return Meld(kind=kind, tiles=tuple(ids), reds=reds, source=source, column=tok.column)


def _meld_shape_ok(kind: str, ids: list[int]) -> bool:
    if kind == CHI:
        return (ids[0] < 27 and T.suit(ids[0]) == T.suit(ids[2])
                and ids[1] == ids[0] + 1 and ids[2] == ids[0] + 2)
    return len(set(ids)) == 1


def _wind(value: str, tok: _Token) -> str:
    value = value.upper()  # winds are case-insensitive: round:e
    if value not in T.SEATS:
        raise tok.fail("needs a wind: E, S, W or N")
    return value


def _count(value: str, tok: _Token) -> int:
    if not value or not _DIGIT_CHARS.issuperset(value):
        raise tok.fail("needs a whole number (0 or more)")
    if len(value) > 4 or int(value) > MAX_COUNT:
        raise tok.fail(f"is too many: at most {MAX_COUNT}")
    return int(value)


class _Builder:
    """Collects one segment's tokens: the winner's, or another player's holding."""

    def __init__(self, seat: str | None):
        self.seat = seat
        self.concealed: list[int] = []
        self.reds: list[int] = []
        self.melds: list[Meld] = []
        self.flowers: list[int] = []
        self.riichi = False
        self.first_column: int | None = None

    def holding(self) -> Holding:
        return Holding(concealed=tuple(sorted(self.concealed)),
                       concealed_reds=tuple(sorted(self.reds)), melds=tuple(self.melds),
                       flowers=tuple(self.flowers), riichi=self.riichi)


def tokenize(line: str) -> list[_Token]:
    """Blank-separated tokens with 1-based columns; '#' starts a comment."""
    cut = line.find("#")
    body = line if cut < 0 else line[:cut]
    return [_Token(m.group(), m.start() + 1) for m in _TOKEN.finditer(body)]


def is_blank(line: str) -> bool:
    """Blank and comment-only lines are skipped in a file (a plain string test: every line
    of a file goes through it)."""
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def parse_line(line: str, require_win: bool = True) -> Hand:
    """The whole line as a Hand; raises NotationError naming the token and its column.

    `require_win` False reads a hand still waiting (no win token), as `waits` does.
    """
    if len(line) > MAX_LINE:
        raise NotationError(f"the line is longer than {MAX_LINE:,} characters", MAX_LINE + 1)
    toks = tokenize(line)
    if not toks:
        raise NotationError("the line holds no hand")
    ctx: dict = {}  # WinContext fields, frozen into one value at the end
    seen: dict[str, int] = {}
    flags: set[str] = set()
    winner = _Builder(None)
    current = winner
    others: dict[str, Holding] = {}
    other_builders: list[_Builder] = []
    columns: dict[str, int] = {}
    options: dict[str, str] = {}
    expect_seat = False
    for tok in toks:
        text = tok.text
        if text == "/":
            expect_seat = True
            continue
        if expect_seat:
            if len(text) != 2 or text[1] != ":" or text[0] not in T.WIND_LETTERS:
                raise tok.fail("should name the next player's seat after ' / ', like 'E:'")
            current = _Builder(text[0])
            other_builders.append(current)
            expect_seat = False
            continue
        if text[0] in _DIGIT_CHARS:
            for t, red in parse_tiles(text, tok):
                current.concealed.append(t)
                if red:
                    current.reds.append(t)
            if current.first_column is None:
                current.first_column = tok.column
            continue
        if ":" not in text:
            if text not in FLAGS and text.lower() in FLAGS:  # flags are case-insensitive
                text = text.lower()
            if text in FLAGS:
                if current is not winner:
                    if text != "riichi":
                        raise tok.fail("is a flag of the winner; another player's holding "
                                       "takes only tiles, melds, flowers: and riichi")
                    current.riichi = True
                else:
                    flags.add(text)
                    columns.setdefault(text, tok.column)
                continue
            from .suggest import token_hint

            after = toks[toks.index(tok) + 1].text if toks[-1] is not tok else None
            raise tok.fail("is not a tile group, meld, win, context token or flag"
                           + token_hint(text, after, FLAGS))
        key, _, value = text.partition(":")
        if key in MELD_KINDS:
            current.melds.append(_parse_meld(key, value, tok))
            continue
        if key == "flowers":
            if "flowers" in seen and current is winner:
                raise tok.fail(f"repeats flowers: (first at column {seen['flowers']})")
            current.flowers.extend(t for t, _ in parse_tiles(value, tok, "fg", commas=True))
            if current is winner:
                seen["flowers"] = tok.column
            continue
        if current is not winner:
            raise tok.fail("belongs to the winner's part of the line, before ' / '")
        if key in ("tsumo", "ron"):
            if "win" in seen:
                raise tok.fail(f"is a second win token (the first is at column {seen['win']})")
            seen["win"] = tok.column
            columns["win"] = tok.column
            source = None
            if value and value[-1] in _MARKERS:
                value, source = value[:-1], value[-1]
            if key == "tsumo" and source:
                raise tok.fail("is a tsumo: a self-drawn tile has no discarder marker")
            pairs = parse_tiles(value, tok)
            if len(pairs) != 1:
                raise tok.fail(f"should name exactly one winning tile, like {key}:5p")
            ctx["win_tile"], ctx["win_red"] = pairs[0]
            ctx["tsumo"] = key == "tsumo"
            ctx["discarder"] = source
            continue
        if key not in CONTEXT_KEYS:
            raise tok.fail("is not a meld, win or context token "
                           "(known: chi pon kan ankan kakan tsumo ron " + " ".join(CONTEXT_KEYS)
                           + ")")
        if key != "opt":
            if key in seen:
                raise tok.fail(f"repeats {key}: (first at column {seen[key]})")
            seen[key] = tok.column
        columns[key if key != "opt" else "opt:" + value.partition("=")[0]] = tok.column
        _context(ctx, options, key, value, tok)
    if expect_seat:
        raise NotationError("' / ' must be followed by a seat and that player's tiles, like "
                            "'/ E: 123m'", toks[-1].column, "/")
    if "win" not in seen and "draw" not in flags and require_win:
        raise NotationError("the line has no win token: add tsumo:<tile> or ron:<tile>")
    ctx["flags"] = frozenset(flags)
    if options:
        ctx["options"] = tuple(options.items())
    for b in other_builders:
        if b.seat in others:
            raise NotationError(f"seat {b.seat} is given twice after ' / '")
        others[b.seat] = b.holding()
    if winner.first_column is not None:
        columns["concealed"] = winner.first_column
    return Hand(winner.holding(), WinContext(**ctx), tuple(others.items()), line,
                MappingProxyType(columns))


def _context(ctx: dict, options: dict[str, str], key: str, value: str, tok: _Token) -> None:
    """One context token into `ctx` (WinContext fields) or `options` (opt: tokens)."""
    if key == "round":
        ctx["round_wind"] = _wind(value, tok)
    elif key == "seat":
        ctx["seat_wind"] = _wind(value, tok)
    elif key == "breach":
        ctx["breach"] = _wind(value, tok)
    elif key in ("dora", "ura"):
        pairs = parse_tiles(value, tok, commas=True)
        if len(pairs) > MAX_INDICATORS:
            raise tok.fail(f"has {len(pairs)} indicators: at most {MAX_INDICATORS}")
        ctx[key] = tuple(t for t, _ in pairs)
        ctx[f"{key}_reds"] = tuple(t for t, r in pairs if r)
    elif key in ("honba", "sticks"):
        ctx[key] = _count(value, tok)
    elif key == "discards":  # the player's own discards, in order (furiten for `waits`)
        ctx["discards"] = tuple(t for t, _ in parse_tiles(value, tok, commas=True))
    elif key == "rules":
        value = value.lower()  # ruleset names are case-insensitive
        if not re.fullmatch(r"[a-z][a-z0-9-]*", value):
            raise tok.fail("needs a ruleset name, like rules:webtile")
        ctx["rules"] = value
    elif key == "opt":
        name, eq, val = value.partition("=")
        if not eq or not name or not val:
            raise tok.fail("needs NAME=VALUE, like opt:kiriage_mangan=on")
        options[name] = val


def _holding_tokens(h: Holding) -> list[str]:
    out = []
    if h.concealed:
        out.append(T.group_text(h.concealed, 0) if not h.concealed_reds
                   else _with_reds(h.concealed, h.concealed_reds))
    out.extend(m.text() for m in h.melds)
    if h.flowers:
        out.append("flowers:" + T.group_text(h.flowers))
    return out


def _with_reds(tiles: tuple[int, ...], reds: tuple[int, ...]) -> str:
    """Concealed tiles with their red fives, whatever suits the reds are in."""
    by_suit: dict[int, int] = {}
    for r in reds:
        by_suit[T.suit(r)] = by_suit.get(T.suit(r), 0) + 1
    parts = []
    for s in range(4):
        group = tuple(t for t in tiles if T.suit(t) == s)
        if group:
            parts.append(T.group_text(group, by_suit.get(s, 0)))
    return "".join(parts)


def format_line(line: Hand) -> str:
    """The normalised text of a parsed line: parse(format_line(parse(x))) == parse(x)."""
    ctx = line.ctx
    out = _holding_tokens(line.holding)
    if ctx.win_tile >= 0:  # a draw line has no win token
        win = T.name(ctx.win_tile, ctx.win_red)
        out.append(f"{'tsumo' if ctx.tsumo else 'ron'}:{win}{ctx.discarder or ''}")
    out += [f"round:{ctx.round_wind}", f"seat:{ctx.seat_wind}"]
    if ctx.breach:
        out.append(f"breach:{ctx.breach}")
    for key in ("dora", "ura"):
        inds = getattr(ctx, key)
        if inds:
            names = T.names_with_reds(inds, getattr(ctx, f"{key}_reds"))
            out.append(f"{key}:{','.join(names)}")
    if ctx.honba:
        out.append(f"honba:{ctx.honba}")
    if ctx.sticks:
        out.append(f"sticks:{ctx.sticks}")
    if ctx.discards:
        out.append("discards:" + "".join(T.name(t) for t in ctx.discards))
    out += sorted(ctx.flags)
    if ctx.rules:
        out.append(f"rules:{ctx.rules}")
    out += [f"opt:{k}={v}" for k, v in ctx.options]
    for seat, h in line.others:
        out += ["/", f"{seat}:", *_holding_tokens(h)]
        if h.riichi:
            out.append("riichi")
    return " ".join(out)
