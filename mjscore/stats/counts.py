"""The tallies of `mjscore stats`: counts only, added game by game and merged file by file.

Nothing here keeps a game: a player's figures are sums and counts, the hands' figures are
counters keyed by yaku, han, fu and limit, and the result after each game is a `Trend` of
at most `Trend.CAP` points however many games there are. Two tallies merge by adding, in
the order of the files, so that a run on several processes gives the same figures as one.
Rates and averages are derived when asked for (`PlayerCounts.figures`), never stored.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

PLACES = 4  # placements are counted first to fourth (a table of three leaves fourth at 0)


class Trend:
    """A player's result after each game (the running total), kept to at most CAP points:
    when it would hold more, every second point goes and the step between the games kept
    doubles. The last game is always known (`count`, `total`)."""

    CAP = 240

    __slots__ = ("count", "total", "step", "points")

    def __init__(self) -> None:
        self.count = 0  # games added
        self.total = 0.0  # the running total after the last of them
        self.step = 1  # a point every `step` games
        self.points: list[tuple[int, float]] = []  # (games so far, running total)

    def add(self, result: float) -> None:
        self.count += 1
        self.total = round(self.total + result, 1) + 0.0
        if self.count % self.step == 0:
            self.points.append((self.count, self.total))
            self._thin()

    def merge(self, other: Trend) -> None:
        """`other`'s games after this one's: its points moved by this one's count and total."""
        count, total = self.count, self.total
        for n, t in other.points:
            if (count + n) % self.step == 0:
                self.points.append((count + n, round(total + t, 1) + 0.0))
        self.count += other.count
        self.total = round(total + other.total, 1) + 0.0
        self._thin()

    def _thin(self) -> None:
        while len(self.points) > self.CAP:
            self.step *= 2
            self.points = [p for p in self.points if p[0] % self.step == 0]

    def series(self) -> list[tuple[int, float]]:
        """The points to draw: every kept one, and the last game's."""
        if self.count and (not self.points or self.points[-1][0] != self.count):
            return [*self.points, (self.count, self.total)]
        return list(self.points)


# The counts of one player, in the order the machine records give them (docs/stats.md
# defines each one).
COUNTS = (
    "games",
    "ended",
    "rounds",
    "wins",
    "tsumo",
    "dama",
    "win_value",
    "han",
    "han_wins",
    "yakuman",
    "turns",
    "turn_wins",
    "deal_ins",
    "deal_in_value",
    "riichi",
    "calls",
    "play_rounds",
    "draws",
    "exhaustive",
    "ready",
)


class PlayerCounts:
    """One player's counts over the games counted (docs/stats.md)."""

    __slots__ = (*COUNTS, "placements", "result", "trend", "seats")

    def __init__(self) -> None:
        self.games = 0  # games counted (followed by the ledger, passing the filters)
        self.ended = 0  # ... that ended by their rules: their placement and result count
        self.rounds = 0
        self.wins = 0
        self.tsumo = 0
        self.dama = 0  # wins with a closed hand and no riichi
        self.win_value = 0  # the hands' values, honba and deposits apart
        self.han = 0  # the han of the wins scored in han (yakuman apart)
        self.han_wins = 0
        self.yakuman = 0
        self.turns = 0  # the winner's discards before each win the record shows
        self.turn_wins = 0
        self.deal_ins = 0  # rounds the player dealt in
        self.deal_in_value = 0  # what the player paid for those hands, honba apart
        self.riichi = 0  # rounds the player put a riichi stick down
        self.calls = 0  # rounds the player called a chi, pon or open kan
        self.play_rounds = 0  # rounds whose calls the record shows
        self.draws = 0  # rounds that ended in a draw
        self.exhaustive = 0  # ... at the end of the wall (nagashi mangan too)
        self.ready = 0  # ... with the player ready
        self.placements = [0] * PLACES
        self.result = 0.0  # the sum of the games' results (uma and oka in)
        self.trend = Trend()
        self.seats = 0  # the largest table the player sat at: the places it has

    def merge(self, other: PlayerCounts) -> None:
        for name in COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.placements = [a + b for a, b in zip(self.placements, other.placements, strict=True)]
        self.result = round(self.result + other.result, 1) + 0.0
        self.trend.merge(other.trend)
        self.seats = max(self.seats, other.seats)

    def counts(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: getattr(self, name) for name in COUNTS}
        out["placements"] = self.placements[: self.seats or PLACES]
        out["result"] = self.result
        return out

    def figures(self) -> dict[str, float | None]:
        """The rates and averages, each over what its definition counts (None where that
        is nothing: no game ended, no win, no round whose play the record shows...)."""

        def share(part: float, whole: float, digits: int = 4) -> float | None:
            return round(part / whole, digits) if whole else None

        placed = sum(self.placements)
        return {
            "average_placement": share(
                sum((i + 1) * n for i, n in enumerate(self.placements)), placed
            ),
            "average_result": share(self.result, self.ended, 2),
            "win_rate": share(self.wins, self.rounds),
            "tsumo_rate": share(self.tsumo, self.wins),
            "dama_rate": share(self.dama, self.wins),
            "average_win": share(self.win_value, self.wins, 1),
            "average_han": share(self.han, self.han_wins, 2),
            "average_turn": share(self.turns, self.turn_wins, 2),
            "deal_in_rate": share(self.deal_ins, self.rounds),
            "average_deal_in": share(self.deal_in_value, self.deal_ins, 1),
            "riichi_rate": share(self.riichi, self.rounds),
            "call_rate": share(self.calls, self.play_rounds),
            "draw_rate": share(self.draws, self.rounds),
            "exhaustive_rate": share(self.exhaustive, self.rounds),
            "ready_rate": share(self.ready, self.exhaustive),
        }


HAND_COUNTS = ("wins", "scored", "not_scored", "compared", "differ", "rules")


class HandCounts:
    """The wins re-scored: how often each yaku, han, fu and limit occurs in mjscore's own
    score of each hand, and how many scores differ from the record's verdict."""

    __slots__ = (*HAND_COUNTS, "yaku", "names", "han", "fu", "limit")

    def __init__(self) -> None:
        self.wins = 0  # wins seen
        self.scored = 0  # mjscore scored them (the figures below count these)
        self.not_scored = 0  # mjscore does not score them (not a win, no yaku, an error)
        self.compared = 0  # held against a record's verdict
        self.differ = 0  # ... and differ from it (`mjscore check` names them)
        self.rules = 0  # ... differ, in a game played by rules mjscore has no option for
        self.yaku: Counter[str] = Counter()  # yaku key: wins with it
        self.names: dict[str, tuple[str, str]] = {}  # yaku key: (name, Japanese name)
        self.han: Counter[int] = Counter()  # han: wins of that many (yakuman apart)
        self.fu: Counter[int] = Counter()
        self.limit: Counter[str] = Counter()  # mangan, haneman, ...: wins at that limit

    def add(self, result: Any) -> None:
        """One win as mjscore scored it (a ScoreResult)."""
        self.wins += 1
        if not result.ok:
            self.not_scored += 1
            return
        self.scored += 1
        for y in result.yaku:
            self.yaku[y.key] += 1
            if y.key not in self.names:
                self.names[y.key] = (y.name, y.japanese)
        score = result.score
        if score.han is not None and not score.yakuman:
            self.han[score.han] += 1
        if score.fu is not None and not score.yakuman:
            self.fu[score.fu] += 1
        if score.limit:
            self.limit[score.limit] += 1

    def merge(self, other: HandCounts) -> None:
        for name in HAND_COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.yaku.update(other.yaku)
        for key, names in other.names.items():
            self.names.setdefault(key, names)
        self.han.update(other.han)
        self.fu.update(other.fu)
        self.limit.update(other.limit)
