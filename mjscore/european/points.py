"""Points (docs/rules/european.md §4): what every player's sets, pairs and flowers are
worth, and the winner's rows.

The set and pair values are a table in the ruleset (`[params.points]`); the
winner's rows (Mah-Jong, four chows, ...) are predicates registered here with
their points in `[params.rows]`.
"""

from __future__ import annotations

from ..base import tiles as T
from ..core.decompose import KAN
from ..core.facts import HandFacts
from ..core.phrases import phrase
from ..core.result import ScoreItem
from ..yaku.registry import ROWS, enabled, row


def set_items(f: HandFacts) -> list[ScoreItem]:
    """Each pung and kong: simple or major, exposed or concealed (chows score nothing)."""
    table = f.params.points
    out = []
    for g in f.pungs:
        kind = "kong" if g.kind == KAN else "pung"
        grade = "major" if T.is_terminal_or_honor(g.tile) else "simple"
        points = table[f"{kind}_{grade}"][1 if g.concealed else 0]
        state = "concealed" if g.concealed else "exposed"
        name = phrase("item", f"{state}_{kind}", tiles=T.group_text(g.tiles))
        out.append(ScoreItem(f"{kind}_{grade}", name, points))
    return out


def pair_roles(f: HandFacts, tile: int, exposed: bool) -> list[tuple[str, int]]:
    """(role, points) for a pair: seat and dominant wind always, round wind and dragons
    only when the winning discard did not complete it."""
    table = f.params.points
    out = [
        (r, table[f"pair_{r}"] if r != "round" else table["pair_round"][0 if exposed else 1])
        for r in f.roles(tile)
    ]
    if tile in T.DRAGONS:
        out.append(("dragon", table["pair_dragon"][0 if exposed else 1]))
    return out


def pair_items(f: HandFacts) -> list[ScoreItem]:
    """Pairs of value; a pair with several wind roles scores each (or its best one)."""
    out = []
    for pair in f.pairs:
        roles = [(r, p) for r, p in pair_roles(f, pair.tile, pair.exposed) if p]
        if not roles:
            continue
        if not f.options["pair_roles_cumulative"]:
            roles = [max(roles, key=lambda rp: rp[1])]
        name = phrase(
            "item",
            "pair",
            tiles=T.group_text((pair.tile, pair.tile)),
            roles=tuple(r for r, _ in roles),
        )
        out.append(ScoreItem("pair", name, sum(p for _, p in roles)))
    return out


def flower_name(tile: int, flower_map: str) -> str:
    """Plum ... Winter (seed: own flowers go by plant and season), or the printed number."""
    k = tile - T.FLOWER_BASE
    if flower_map == "by_printed_number":
        return f"{('plant', 'season')[k // 4]} {k % 4 + 1}"
    return T.FLOWER_NAMES[k]


def flower_items(f: HandFacts) -> list[ScoreItem]:
    """Every flower and season held, whoever holds it."""
    if not f.flowers:
        return []
    each = f.params.points["flower"]
    names = tuple(flower_name(t, f.options["flower_map"]) for t in sorted(f.flowers))
    return [
        ScoreItem(
            "flowers",
            phrase("item", "flowers", tiles=T.group_text(f.flowers), names=names),
            each * len(f.flowers),
            times=len(f.flowers),
        )
    ]


def held_items(f: HandFacts) -> list[ScoreItem]:
    """What any player's holding scores: sets, pairs, flowers."""
    return set_items(f) + pair_items(f) + flower_items(f)


@row("mahjong")
def mahjong(f: HandFacts) -> int:
    """Going Mah-Jong."""
    return int(f.winner)


@row("four_chows")
def four_chows(f: HandFacts) -> int:
    """Four chows and a pair."""
    return int(f.standard and len(f.runs) == 4)


@row("self_drawn")
def self_drawn(f: HandFacts) -> int:
    """The winning tile came from the wall."""
    return int(f.tsumo)


@row("all_pungs")
def all_pungs(f: HandFacts) -> int:
    """Four pungs or kongs and a pair."""
    return int(f.standard and not f.runs)


@row("discard_win")
def discard_win(f: HandFacts) -> int:
    """Mah-Jong on a claimed (discarded) tile."""
    return int(f.winner and not f.tsumo)


@row("plum_blossom")
def plum_blossom(f: HandFacts) -> int:
    """Winning with 5 circles drawn as a replacement tile (cueillir la fleur de prunier)."""
    return int(
        f.line is not None and "rinshan" in f.flags and f.line.ctx.win_tile == T.tile_from(5, "p")
    )


@row("chicken")
def chicken(f: HandFacts) -> int:
    """A winning hand with no points besides the 20 for Mah-Jong: its sets, pairs and
    flowers score nothing, and no other winner row (four chows, self-drawn, ...) applies."""
    if not f.winner or held_items(f):
        return 0
    others = (
        k
        for k, entry in f.params.rows.items()
        if k not in ("mahjong", "chicken") and enabled(entry, f.options)
    )
    return int(not any(ROWS[k](f) for k in others))
