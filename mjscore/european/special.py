"""Special (limit) hands (docs/rules/european.md §8): French and German, as predicates
with fixed values in data.

A predicate sees the winner under one reading (or, with `reading` None, the
tile content alone, which is how the irregular 14-tile shapes are found).
Hands that are sets and a pair ask for a standard reading; the rest count
tiles. One predicate serves a French and a German hand that are the same
(nine gates, thirteen orphans); related hands come from one factory. A hand
with the shape of a riichi yakuman is that yakuman's predicate (yaku/shapes.py):
nine gates, thirteen orphans, all green, all honours, all terminals, four kongs,
four winds, three dragons, and the first-deal and last-tile wins.
"""

from __future__ import annotations

from ..base import tiles as T
from ..core.decompose import SEVEN_PAIRS
from ..core.facts import HandFacts
from ..yaku import shapes as S
from ..yaku.registry import special

_SUIT_LETTERS = {"m": T.MAN, "p": T.PIN, "s": T.SOU}


def _suit_ranks(f: HandFacts, suit: int) -> list[int]:
    """How many of ranks 1-9 of `suit` the hand holds."""
    return f.counts[suit * 9 : suit * 9 + 9]


def _no_melds(f: HandFacts) -> bool:
    return f.line is not None and not f.line.holding.melds


_complete = S.winning_shape


@special("petit_serpent")
def petit_serpent(f: HandFacts) -> int:
    """1-9 of one suit, one each of the four winds, and one dragon; nothing claimed."""
    winds = [f.counts[w] for w in T.WINDS]
    dragons = sum(f.counts[d] for d in T.DRAGONS)
    return int(
        _no_melds(f)
        and len(f.tiles) == 14
        and winds == [1, 1, 1, 1]
        and dragons == 1
        and any(_suit_ranks(f, s) == [1] * 9 for s in range(3))
    )


@special("grand_serpent")
def grand_serpent(f: HandFacts) -> int:
    """Chows 123, 456 and 789 of one suit, a pung of one honour and a pair of another."""
    runs = sorted(f.runs)
    return int(
        f.standard
        and len(runs) == 3
        and T.suit(runs[0]) == T.suit(runs[2])
        and [T.rank(t) for t in runs] == [1, 4, 7]
        and len(f.pungs) == 1
        and f.triplets[0] >= 27
        and f.pair is not None
        and f.pair >= 27
    )


special("treize_lanternes")(S.thirteen_orphans)
special("dreizehn_waisen")(S.thirteen_orphans)
special("main_pleine")(S.nine_gates)
special("neunlaternen")(S.nine_gates)


@special("grande_main_verte")
def grande_main_verte(f: HandFacts) -> int:
    """Pungs of 2, 4 and 6 bamboo and of green dragons, and a pair of 8 bamboo."""
    want = sorted([T.tile_from(2, "s"), T.tile_from(4, "s"), T.tile_from(6, "s"), T.GREEN])
    return int(f.standard and sorted(f.triplets) == want and f.pair == T.tile_from(8, "s"))


@special("quadruple_bonheur")
def quadruple_bonheur(f: HandFacts) -> int:
    """A pung or kong of each wind and a pair of dragons."""
    return int(S.four_winds(f) and f.pair in T.DRAGONS)


@special("quadruple_bonheur_any_pair")
def quadruple_bonheur_any_pair(f: HandFacts) -> int:
    """A pung or kong of each wind and a pair that is not a dragon."""
    return int(S.four_winds(f) and f.pair not in T.DRAGONS)


def _quadruples(f: HandFacts, honours: tuple[int, ...]) -> tuple[list[int], int | None]:
    """(quadruple tiles, pair tile) when the 14 tiles are three of `honours` x 4 and a pair."""
    if len(f.tiles) != 14:
        return [], None
    quads = [t for t in honours if f.counts[t] == 4]
    pairs = [t for t in range(T.N_TILES) if f.counts[t] == 2]
    if len(quads) != 3 or len(pairs) != 1:
        return [], None
    return quads, pairs[0]


def _quads_concealed(f: HandFacts, quads: list[int]) -> bool:
    """No quadruple claimed: no open kong, and the winning discard did not complete one."""
    assert f.line is not None
    ctx = f.line.ctx
    return f.closed and (ctx.tsumo or ctx.win_tile not in quads)


@special("mandarin")
def mandarin(f: HandFacts) -> int:
    """Three winds four times each and a pair of the fourth wind (14 tiles)."""
    quads, pair = _quadruples(f, T.WINDS)
    if pair not in T.WINDS:
        return 0
    return int(not f.options["mandarin_quads_concealed"] or _quads_concealed(f, quads))


@special("imperial")
def imperial(f: HandFacts) -> int:
    """The three dragons four times each and a pair of winds (14 tiles)."""
    _, pair = _quadruples(f, T.DRAGONS)
    if pair not in T.WINDS:
        return 0
    return int(not f.options["imperial_own_wind_pair"] or pair == f.seat_wind)


special("himmlische_hand")(S.tenhou)  # East wins on the fourteen tiles dealt


@special("irdische_hand")
def irdische_hand(f: HandFacts) -> int:
    """A non-East player wins on East's first discard (flag renhou; the discarder, if
    written, must be East)."""
    assert f.line is not None
    return int(_complete(f) and "renhou" in f.flags and f.line.ctx.discarder_seat in (None, "E"))


special("alle_ehren")(S.all_honours)  # only winds and dragons, in any winning shape
special("vier_freuden")(S.four_winds)  # a pung or kong of each wind and any pair
special("drei_gelehrten")(S.three_dragons)  # a pung or kong of each dragon, a set, a pair
special("gruene_hand")(S.all_green)
special("vier_kan")(S.four_kans)


@special("zwillinge_himmel")
def zwillinge_himmel(f: HandFacts) -> int:
    """Seven distinct pairs of terminals and honours only."""
    return int(f.shape == SEVEN_PAIRS and set(f.tiles) <= T.TERMINALS_AND_HONORS)


@special("zwillinge_erde")
def zwillinge_erde(f: HandFacts) -> int:
    """Seven distinct pairs, not all terminals and honours."""
    return int(f.shape == SEVEN_PAIRS and not set(f.tiles) <= T.TERMINALS_AND_HONORS)


special("mondspiel")(S.haitei)  # Mah-Jong with the last tile of the live wall, any tile
special("kopf_schwanz")(S.all_terminals)  # only 1s and 9s


def _one_suit_ranks(f: HandFacts) -> tuple[list[int], int] | None:
    """(sorted pung ranks, pair rank) of a standard hand of four pungs all in one suit."""
    if not f.standard or f.runs or f.has_honors or len(f.suits) != 1 or f.pair is None:
        return None
    return sorted(T.rank(t) for t in f.triplets), T.rank(f.pair)


@special("schlange")
def schlange(f: HandFacts) -> int:
    """One suit: pungs of 1 3 5 7 and a pair of 9, or a pair of 1 and pungs of 3 5 7 9."""
    shape = _one_suit_ranks(f)
    return int(shape in (([1, 3, 5, 7], 9), ([3, 5, 7, 9], 1)))


@special("himmelsleiter")
def himmelsleiter(f: HandFacts) -> int:
    """Pungs of four consecutive ranks of one suit and a pair continuing the run at
    either end (222 333 444 555 66, or 11 222 333 444 555)."""
    shape = _one_suit_ranks(f)
    if shape is None:
        return 0
    ranks, pair = shape
    return int(
        ranks == list(range(ranks[0], ranks[0] + 4)) and pair in (ranks[0] - 1, ranks[3] + 1)
    )


def _jewel(key: str, dragon: int, letter: str, doc: str) -> None:
    """A dragon's jewel: a pung of that dragon, three pungs and the pair of its suit."""
    suit = _SUIT_LETTERS[letter]

    def check(f: HandFacts) -> int:
        others = [t for t in f.triplets if t != dragon]
        return int(
            f.standard
            and len(others) == 3
            and dragon in f.triplets
            and all(T.suit(t) == suit for t in others)
            and f.pair is not None
            and T.suit(f.pair) == suit
        )

    check.__doc__ = doc
    special(key)(check)


_jewel("gruene_jade", T.GREEN, "s", "A pung of green dragons, three bamboo pungs, a bamboo pair.")
_jewel(
    "rote_koralle", T.RED, "m", "A pung of red dragons, three character pungs, a character pair."
)
_jewel("weisser_opal", T.WHITE, "p", "A pung of white dragons, three circle pungs, a circle pair.")
