"""Test-side adapters for MCR: a hand line to `McrHand`, and `McrHand` to pymahjonggb.

Deliberately tiny (a few regexes): the real notation layer is wired in separately.
"""

from __future__ import annotations

import re

from mjscore.base.tiles import tile_from
from mjscore.mcr import McrHand, Meld

_GROUP = re.compile(r"(\d+)([mpsz])")
_FLAGS = {
    "last-tile": "last_tile",
    "rinshan": "rinshan",
    "chankan": "chankan",
    "haitei": "haitei",
    "houtei": "houtei",
}


def tiles(text: str) -> list[int]:
    return [tile_from(int(d), suit) for digits, suit in _GROUP.findall(text) for d in digits]


def parse(line: str) -> McrHand:
    concealed: list[int] = []
    melds: list[Meld] = []
    kw: dict = {}
    for tok in line.split("#")[0].split():
        head, _, rest = tok.partition(":")
        if head in ("chi", "pon", "kan", "ankan") and rest:
            melds.append(Meld(head, tuple(tiles(rest.rstrip("-=+")))))
        elif head in ("ron", "tsumo") and rest:
            kw["win_tile"] = tiles(rest.rstrip("-=+"))[0]
            kw["tsumo"] = head == "tsumo"
        elif head == "seat":
            kw["seat"] = rest
        elif head == "round":
            kw["round"] = rest
        elif head == "flowers":
            kw["flowers"] = len(re.findall(r"\d", rest))
        elif tok in _FLAGS:
            kw[_FLAGS[tok]] = True
        elif re.fullmatch(r"(\d+[mpsz])+", tok):
            concealed += tiles(tok)
        else:
            raise ValueError(f"bad token {tok!r}")
    return McrHand(concealed=tuple(concealed), melds=tuple(melds), **kw)


# pymahjonggb tile names; its J1/J2/J3 are Red/Green/White
_GB = (
    [f"W{r}" for r in range(1, 10)]
    + [f"B{r}" for r in range(1, 10)]
    + [f"T{r}" for r in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
)


def gb_args(h: McrHand) -> dict:
    """Keyword arguments for MahjongGB.MahjongFanCalculator."""
    packs = []
    for m in h.melds:
        t = sorted(m.tiles)
        if m.kind == "chi":
            packs.append(("CHI", _GB[t[1]], 1))
        elif m.kind == "pon":
            packs.append(("PENG", _GB[t[0]], 1))
        else:
            packs.append(("GANG", _GB[t[0]], 1 if m.kind == "kan" else 0))
    return dict(
        pack=tuple(packs),
        hand=tuple(_GB[t] for t in h.concealed),
        winTile=_GB[h.win_tile],
        flowerCount=h.flowers,
        isSelfDrawn=h.tsumo,
        is4thTile=h.last_tile,
        isAboutKong=h.rinshan or h.chankan,
        isWallLast=h.haitei or h.houtei,
        seatWind="ESWN".index(h.seat),
        prevalentWind="ESWN".index(h.round),
    )
