"""The Kansai Boo game result: from four final scores to マルＡ / Ｂ / Ｃ in game points.

Boo is not settled by the score itself but by how many players sank below the
start (2,000): each of them pays the top player 10, 5 or 3 game points for
three, two or one sunk players, and the top player pays a table fee of 3.
Exactly 2,000 is not sunk. A tie for the top goes to the player nearer the
first dealer (起家). With the option yakuman_result, a yakuman ends the game
at once and its winner takes 10 (マルＡ) or 20 (ダブルマルＡ) from each other
player, whatever the scores. Pure computation: the CLI does the printing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base.frozen import value_class
from ..base.tiles import SEATS

START = 2000
TABLE_FEE = 3
POINT_UNIT = 10  # every Arushal and Boo amount is a multiple of 10, so is every score
PLAYERS = SEATS  # each player by their seat in the first hand (E = 起家)
# sunk players -> (name, what each sunk player pays the top player)
BY_SUNK = {3: ("マルＡ", 10), 2: ("マルＢ", 5), 1: ("マルＣ", 3), 0: ("nobody sank", 0)}
# option yakuman_result -> (name, what every other player pays the yakuman winner)
BY_YAKUMAN = {"maru-a": ("マルＡ", 10), "double-maru-a": ("ダブルマルＡ", 20)}


class BooResultError(ValueError):
    """Scores that cannot end a Boo game (wrong count, or not summing to 4 x the start)."""


@value_class
class BooResult:
    name: str  # マルＡ, マルＢ, マルＣ, ダブルマルＡ, or "nobody sank"
    top: str  # the player who takes the result
    sunk: tuple[str, ...]  # players below the start (for a yakuman ending: every other)
    points: dict[str, int]  # game points per player, the table fee included
    scores: dict[str, int]
    each: int  # what each paying player pays the top player
    yakuman: bool = False  # ended by a yakuman under the option yakuman_result

    def reason(self) -> str:
        """The settlement in one sentence."""
        if self.yakuman:
            return (
                f"{self.name}: {self.top} won a yakuman and takes {self.each} from every other "
                f"player, less the table fee {TABLE_FEE}"
            )
        if not self.sunk:
            return (
                f"nobody is below {START:,}: the top player {self.top} only pays the table "
                f"fee {TABLE_FEE}"
            )
        who = ", ".join(self.sunk)
        pay = "pays" if len(self.sunk) == 1 else "pay"
        return (
            f"{self.name}: {len(self.sunk)} below {START:,} ({who}) {pay} the top player "
            f"{self.top} {self.each} each; {self.top} pays the table fee {TABLE_FEE}"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "result": self.name,
            "top": self.top,
            "sunk": list(self.sunk),
            "yakuman": self.yakuman,
            "scores": dict(self.scores),
            "points": dict(self.points),
            "reason": self.reason(),
        }


def _top(scores: Sequence[int]) -> int:
    """The leader, scanning from the first dealer: only a strictly higher score displaces."""
    best = 0
    for i, s in enumerate(scores):
        if s > scores[best]:
            best = i
    return best


def parse_scores(args: Sequence[str]) -> list[int]:
    """Scores as typed: separate arguments or one "4020/1900/1200/880", commas allowed."""
    out = []
    for arg in args:
        for part in arg.split("/"):
            text = part.strip().replace(",", "").replace("−", "-")
            try:
                out.append(int(text))
            except ValueError:
                raise BooResultError(f"'{part.strip()}' is not a score (a whole number)") from None
    return out


def boo_result(
    scores: Sequence[int], yakuman_winner: str | None = None, yakuman_result: str = "normal"
) -> BooResult:
    """The game result of four final scores, in seat order from the first dealer."""
    if len(scores) != 4:
        raise BooResultError(f"a Boo game has four players: give four scores, not {len(scores)}")
    if sum(scores) != 4 * START:
        raise BooResultError(
            f"the four scores add up to {sum(scores):,}, but a Boo game keeps "
            f"the {4 * START:,} it started with (4 x {START:,})"
        )
    odd = [s for s in scores if s % POINT_UNIT]
    if odd:
        raise BooResultError(
            f"{odd[0]:,} is not a Boo score: every payment is a multiple of "
            f"{POINT_UNIT}, so every score is too"
        )
    by_player = dict(zip(PLAYERS, scores, strict=True))
    if yakuman_winner is not None and yakuman_winner not in PLAYERS:
        raise BooResultError(f"the yakuman winner is a player E, S, W or N, not '{yakuman_winner}'")
    if yakuman_result not in ("normal", *BY_YAKUMAN):
        raise BooResultError(
            f"yakuman_result is normal, {', '.join(BY_YAKUMAN)}, not '{yakuman_result}'"
        )
    if yakuman_winner is not None and yakuman_result != "normal":
        name, each = BY_YAKUMAN[yakuman_result]
        others = tuple(p for p in PLAYERS if p != yakuman_winner)
        points = {p: 3 * each - TABLE_FEE if p == yakuman_winner else -each for p in PLAYERS}
        return BooResult(name, yakuman_winner, others, points, by_player, each, yakuman=True)
    top = PLAYERS[_top(scores)]
    sunk = tuple(p for p in PLAYERS if by_player[p] < START)
    name, each = BY_SUNK[len(sunk)]
    points = dict.fromkeys(PLAYERS, 0)
    for p in sunk:
        points[p] -= each
        points[top] += each
    points[top] -= TABLE_FEE
    return BooResult(name, top, sunk, points, by_player, each)
