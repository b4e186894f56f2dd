"""Tiles as small integers, because scoring loops over count arrays millions of times.

Ids 0-8 are 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-33 the honours
(East, South, West, North, White, Green, Red). Flowers and seasons are
34-37 (f1-f4) and 38-41 (g1-g4). A red five is an ordinary five with a
separate "red" mark kept beside it, never a tile id of its own.
"""

from __future__ import annotations

SUITS = "mpsz"
MAN, PIN, SOU, HONOR = 0, 1, 2, 3
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
FLOWER_BASE = 34  # f1..f4 = 34..37, g1..g4 = 38..41
N_TILES = 34

SEATS = ("E", "S", "W", "N")  # the seat and round winds, in turn order; defined only here
WIND_LETTERS = "".join(SEATS)
FLOWER_NAMES = ("Plum", "Orchid", "Chrysanthemum", "Bamboo", "Spring", "Summer", "Autumn", "Winter")

TERMINALS_AND_HONORS = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))
TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
GREEN_TILES = frozenset((19, 20, 21, 23, 25, GREEN))  # 2 3 4 6 8 s and green dragon
FIVES = (4, 13, 22)


def seat_winds(value: str, example: str) -> tuple[str, ...]:
    """`S,W` (or `SW`, any case): seat winds, each once, in turn order E S W N; ValueError
    saying why otherwise, `example` the form to suggest (`riichi-by:` and `tenpai:` share it)."""
    letters = list(value.upper().replace(",", ""))
    if not letters or any(c not in SEATS for c in letters):
        raise ValueError(f"needs seat winds, like {example}")
    if len(set(letters)) != len(letters):
        raise ValueError("names a seat twice")
    return tuple(sorted(letters, key=SEATS.index))


def suit(tile: int) -> int:
    return tile // 9 if tile < 27 else HONOR


def rank(tile: int) -> int:
    """1-9 for suited tiles, 1-7 for honours (the z digit)."""
    return tile % 9 + 1 if tile < 27 else tile - 26


def is_honor(tile: int) -> bool:
    return tile >= 27


def is_terminal_or_honor(tile: int) -> bool:
    return tile in TERMINALS_AND_HONORS


def tile_from(digit: int, letter: str) -> int:
    """The tile id of one mpsz digit (0 = red five, reported as a five)."""
    if letter == "z":
        return 26 + digit
    if letter == "f":
        return FLOWER_BASE + digit - 1
    if letter == "g":
        return FLOWER_BASE + 4 + digit - 1
    return SUITS.index(letter) * 9 + (5 if digit == 0 else digit) - 1


def wind_tile(letter: str) -> int:
    return EAST + WIND_LETTERS.index(letter)


def dora_after(indicator: int, absent: frozenset[int] = frozenset()) -> int:
    """The dora a given indicator points at: 1-9 cycle, winds cycle, dragons cycle; a tile
    the set does not have is passed over (three players, no 2m-8m: 1m points to 9m)."""
    tile = _next(indicator)
    while tile in absent and tile != indicator:
        tile = _next(tile)
    return tile


def _next(tile: int) -> int:
    if tile < 27:
        return tile - 8 if tile % 9 == 8 else tile + 1
    if tile <= NORTH:
        return EAST if tile == NORTH else tile + 1
    return WHITE if tile == RED else tile + 1


def tile_of(text: str) -> int:
    """The tile of mpsz text `5m` (a red five `0m` is its five); ValueError for none."""
    ok = len(text) == 2 and (
        (text[1] in "mps" and text[0] in "0123456789") or (text[1] == "z" and text[0] in "1234567")
    )
    if not ok:
        raise ValueError(f"'{text}' is not one tile (5m, 7z)")
    return tile_from(int(text[0]), text[1])


def name(tile: int, red: bool = False) -> str:
    """mpsz text of one tile: 5m, 0p, 7z, 2f."""
    if tile >= FLOWER_BASE:
        k = tile - FLOWER_BASE
        return f"{k % 4 + 1}{'fg'[k // 4]}"
    if tile >= 27:
        return f"{tile - 26}z"
    return f"{0 if red else tile % 9 + 1}{SUITS[tile // 9]}"


def group_text(tiles: list[int] | tuple[int, ...], reds: int = 0) -> str:
    """Compact mpsz text of several tiles ("123m406p"); `reds` fives are shown red.

    `reds` is a count, so it is exact for a one-suit group (a meld, one suit of a hand);
    callers with several suits split them first (see hand._with_reds).
    """
    parts: list[str] = []
    letter = ""
    left_red = reds
    for t in sorted(tiles):
        text = _NAMES[t]
        if left_red and t in FIVES:
            text, left_red = "0" + text[1], left_red - 1
        if text[1] != letter:
            if letter:
                parts.append(letter)
            letter = text[1]
        parts.append(text[0])
    if letter:
        parts.append(letter)
    return "".join(parts)


def names_with_reds(tiles: tuple[int, ...], reds: tuple[int, ...]) -> list[str]:
    """mpsz of each tile in order, the listed red fives written 0 (dora indicators)."""
    left = list(reds)
    out = []
    for t in tiles:
        red = t in left
        if red:
            left.remove(t)
        out.append(name(t, red))
    return out


_NAMES = tuple(name(t) for t in range(FLOWER_BASE + 8))  # group_text runs per hand: a table


def unicode_tile(tile: int, red: bool = False) -> str:
    """The Unicode Mahjong Tiles code point for a tile (U+1F000 block)."""
    if tile >= FLOWER_BASE:
        return chr(
            (0x1F022, 0x1F023, 0x1F025, 0x1F024, 0x1F026, 0x1F027, 0x1F028, 0x1F029)[
                tile - FLOWER_BASE
            ]
        )
    if tile >= 27:
        return chr((0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)[tile - 27])
    base = (0x1F007, 0x1F019, 0x1F010)[tile // 9]
    return chr(base + tile % 9)


# -- input tables: the other ways a user may write a tile (docs/notation.md, "Other forms") --

# every glyph unicode_tile draws, back to its mpsz text: what the report shows can be typed
GLYPH_NAMES = {unicode_tile(t): name(t) for t in range(FLOWER_BASE + 8)}
KANJI_DIGITS = {k: str(d) for d, k in enumerate("一二三四五六七八九", 1)}
KANJI_SUITS = {"萬": "m", "万": "m", "筒": "p", "索": "s"}
KANJI_HONOURS = {k: name(EAST + i) for i, k in enumerate("東南西北白發中")} | {"発": "6z"}
KANJI_WINDS = dict(zip("東南西北", SEATS, strict=True))  # round:東 is round:E
RED_KANJI = "赤"  # 赤五萬 is the red five 0m
