"""Internal tile codes: suit * 16 + rank, in the order pymahjonggb sorts tiles.

Characters, bamboo, dots, then E S W N Red Green White. The gap of 16 between suits
makes "same suit, three apart" a plain `a + 3 == b`, and sorting codes reproduces the
reference calculator's order, which decides ties between equally scoring readings and
which three chows form a three-chow fan first.
"""

from __future__ import annotations

MAN, SOU, PIN = 1, 2, 3
SIZE = 0x48
EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE = range(0x41, 0x48)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (RED, GREEN, WHITE)

# mjscore tile id (0-8 m, 9-17 p, 18-26 s, 27-33 E S W N White Green Red) -> code
CODE: tuple[int, ...] = (
    *(0x11 + r for r in range(9)),
    *(0x31 + r for r in range(9)),
    *(0x21 + r for r in range(9)),
    EAST,
    SOUTH,
    WEST,
    NORTH,
    WHITE,
    GREEN,
    RED,
)
TILE_ID: dict[int, int] = {c: i for i, c in enumerate(CODE)}
ALL_CODES: tuple[int, ...] = tuple(sorted(CODE))
SUITED_CODES: tuple[int, ...] = tuple(c for c in ALL_CODES if c < 0x40)
TERMINALS = frozenset(c for c in SUITED_CODES if c & 15 in (1, 9))
TERMINALS_OR_HONORS = TERMINALS | frozenset(WINDS + DRAGONS)
GREEN_TILES = frozenset((0x22, 0x23, 0x24, 0x26, 0x28, GREEN))
REVERSIBLE = frozenset(
    (0x31, 0x32, 0x33, 0x34, 0x35, 0x38, 0x39, 0x22, 0x24, 0x25, 0x26, 0x28, 0x29, WHITE)
)
WIND_LETTER_CODE = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}


def suit(code: int) -> int:
    return code >> 4


def rank(code: int) -> int:
    return code & 15


def is_suited(code: int) -> bool:
    return code < 0x40


def is_wind(code: int) -> bool:
    return EAST <= code <= NORTH


def is_dragon(code: int) -> bool:
    return code >= RED
