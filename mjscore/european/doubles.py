"""Doubles (docs/rules/european.md §6) as predicates: how many times each applies to one
player's holding.

Who gets a double (every player or the winner only), what it is worth and
which doubles it supersedes is ruleset data; a predicate only says whether
(and how often) the condition holds. Doubles that are riichi patterns (one
suit, the last tile, robbing a kong, a replacement tile) are their predicates
from yaku/shapes.py.
"""

from __future__ import annotations

from ..base import tiles as T
from ..core.facts import HandFacts
from ..yaku import shapes as S
from ..yaku.registry import double
from .points import all_pungs


@double("dragon_set")
def dragon_set(f: HandFacts) -> int:
    """Each pung or kong of dragons."""
    return sum(1 for t in f.triplets if t in T.DRAGONS)


def _wind_set(key: str, role: str, doc: str) -> None:
    """One wind role (seat, dominant, round): a double per pung or kong of that wind.

    A wind filling several roles counts for each, or only for its first role
    (seat, then dominant, then round) when wind_roles_cumulative is off.
    """

    def check(f: HandFacts) -> int:
        n = 0
        for t in f.triplets:
            roles = f.roles(t)
            if not f.options["wind_roles_cumulative"]:
                roles = roles[:1]
            n += role in roles
        return n

    check.__doc__ = doc
    double(key)(check)


_wind_set("seat_wind_set", "seat", "Each pung or kong of the player's own (seat) wind.")
_wind_set("dominant_wind_set", "dominant", "Each pung or kong of the dominant (breach) wind.")
_wind_set("round_wind_set", "round", "Each pung or kong of the round wind.")


double("honours_one_suit")(S.half_one_suit)  # judged only on a holding written in full


@double("own_flower")
def own_flower(f: HandFacts) -> int:
    """The player's own flower or own season."""
    return int(any(f.own_flowers()))


@double("own_flower_and_season")
def own_flower_and_season(f: HandFacts) -> int:
    """Both the player's own flower and own season."""
    return int(all(f.own_flowers()))


@double("bouquet")
def bouquet(f: HandFacts) -> int:
    """All four plants, or all four seasons: with bouquet_doubles 4 (S4) counted once,
    whichever or both; with 1-3 (S5, S7, S11, S18) once per bouquet."""
    held = set(f.flowers)
    plants = set(range(T.FLOWER_BASE, T.FLOWER_BASE + 4))
    seasons = set(range(T.FLOWER_BASE + 4, T.FLOWER_BASE + 8))
    n = int(plants <= held) + int(seasons <= held)
    return min(n, 1) if f.options["bouquet_doubles"] == 4 else n


double("no_chow")(all_pungs)  # the points row's predicate: four pungs or kongs and a pair


@double("concealed")
def concealed(f: HandFacts) -> int:
    """Nothing claimed, the winning tile included (or, by option, except the winning tile)."""
    by_discard_ok = f.options["concealed_allows_discard_win"]
    return int(f.winner and f.closed and (f.tsumo or by_discard_ok))


@double("honours_only")
def honours_only(f: HandFacts) -> int:
    """Only winds and dragons."""
    return int(bool(f.tiles) and not f.suits)


double("pure_suit")(S.pure_one_suit)


@double("terminals_honours")
def terminals_honours(f: HandFacts) -> int:
    """Only terminals (1 and 9) and honours."""
    return int(bool(f.tiles) and all(T.is_terminal_or_honor(t) for t in f.tiles))


def _flag(key: str, flags: frozenset[str], doc: str) -> None:
    """A double that a flag of the winner's line states directly."""

    def check(f: HandFacts) -> int:
        return int(bool(f.flags & flags))

    check.__doc__ = doc
    double(key)(check)


double("last_wall_tile")(S.haitei)
double("robbing_kong")(S.chankan)
_flag("main_appelante", frozenset({"riichi"}), "Mah-Jong after declaring main appelante.")
_flag(
    "first_deal",
    frozenset({"tenhou", "chiihou", "renhou"}),
    "Mah-Jong on the first deal (tenhou, chiihou or renhou).",
)
double("replacement_win")(S.rinshan)
