"""`mjscore check` for whole games: the ledger of the imported lines against the record.

The lines `import` writes for a game go through `mjscore.ledger` exactly as `import |
game` would; each round's points are then held against the record's (mjlog `sc`,
tenhou.net/6 the round's start and point changes) and the final points and results
against the record's end (`owari`). A record that stops mid-game is said to stop, not
to disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..base.frozen import value_class
from .draws import Drawn, GameEnd, GameStart, RoundScores
from .model import Win


@value_class
class GameCheck:
    """One game: rounds compared and agreeing, the end compared (None: the record has
    no end), and what differs, in words."""

    file: str
    game: str
    rounds: int
    agree: int
    owari: bool | None
    stopped: bool  # the record stops before the game's end
    differences: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "file": self.file,
            "rounds": self.rounds,
            "rounds_agree": self.agree,
            "owari": self.owari,
            "stopped": self.stopped,
            "differences": list(self.differences),
        }


def check_games(items: Iterable[Any]) -> list[GameCheck]:
    """Every game of the items `read_hands` yields, file by file (two files may hold
    games of the same name: a record and its conversion)."""
    by_file: dict[str, list[Any]] = {}
    for item in items:
        by_file.setdefault(_file_of(item), []).append(item)
    return [check for group in by_file.values() for check in _check_file(group)]


def _file_of(item: Any) -> str:
    source = getattr(item, "source", None)
    return str(getattr(source, "file", None) or getattr(item, "file", ""))


def _check_file(items: list[Any]) -> list[GameCheck]:
    """Every game of one record file's items."""
    from ..ledger import games, round_mark

    lines: list[str] = []
    scores: dict[tuple[str, str, int], RoundScores] = {}
    ends: dict[str, GameEnd] = {}
    files: dict[str, str] = {}
    for item in items:
        if isinstance(item, GameStart):
            lines.append(item.header())
            files[item.game] = item.file
        elif isinstance(item, (Win, Drawn)):
            s = item.source
            lines.append(f"{item.line}  {round_mark(s.game, s.round, s.honba)}")
        elif isinstance(item, RoundScores):
            s = item.source
            scores[(s.game, s.round, s.honba)] = item
        elif isinstance(item, GameEnd):
            ends[item.game] = item
    out = []
    for g in games(lines):
        out.append(_check(g, scores, ends.get(g.game), files.get(g.game, "")))
    return out


def _check(
    g: Any, scores: dict[tuple[str, str, int], RoundScores], end: GameEnd | None, file: str
) -> GameCheck:
    diffs = [f"ledger: {p}" for p in g.problems if p.kind == "error"]
    agree = compared = 0
    before = g.start
    for r in g.rounds:
        rec = scores.get((g.game, r.round, r.honba))
        if rec is None:
            before = r.scores
            continue
        compared += 1
        same = tuple(rec.after) == tuple(r.scores) and tuple(rec.start) == tuple(before)
        agree += same
        if not same:
            diffs.append(
                f"{r.round}-{r.honba}: record {list(rec.start)} -> "
                f"{list(rec.after)}, ledger {list(before)} -> {list(r.scores)}"
            )
        before = r.scores
    owari = None
    if end is not None:
        owari = tuple(end.points) == tuple(g.final) and all(
            abs(a - b) < 0.05 for a, b in zip(end.results, g.result, strict=True)
        )
        if not owari:
            diffs.append(
                f"owari: record {list(end.points)} {list(end.results)}, ledger "
                f"{list(g.final)} {list(g.result)}"
            )
        if not g.ended:
            diffs.append(f"the record ends the game, the ledger does not ({g.end})")
    return GameCheck(
        file, g.game, compared, agree, owari, end is None and not g.ended, tuple(diffs)
    )
