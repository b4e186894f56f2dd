"""What a game record says beyond its wins: the game's start, its drawn rounds, the
scores after each round and its end (`owari`), for `mjscore game` and `mjscore check`.

The two readers call these functions where a round or a game starts and ends; the
drawn round is written as the drawn-round line of docs/notation.md, so that `import
| game` follows the whole game. Kept apart from the readers' replay of the wins.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

from ..base.frozen import value_class
from ..core.drawn import DrawnRound
from .checks import numbers
from .model import WINDS, Problem, RecordError, RoundPlay, Source, Win
from .replay import Replay
from .rules import HANCHAN, records_of, room_of_disp, room_of_go_type, tenhou_game_params

# mjlog RYUUKYOKU `type` -> the draw's kind (no type: the wall ran out)
MJLOG_DRAWS = {
    "": "exhaustive",
    "nm": "nagashi",
    "yao9": "nine-terminals",
    "reach4": "four-riichi",
    "ron3": "triple-ron",
    "kan4": "four-kans",
    "kaze4": "four-winds",
}
# tenhou.net/6 result names -> the draw's kind
TENHOU6_DRAWS = {
    "流局": "exhaustive",
    "全員聴牌": "exhaustive",
    "全員不聴": "exhaustive",
    "流し満貫": "nagashi",
    "九種九牌": "nine-terminals",
    "四家立直": "four-riichi",
    "三家和了": "triple-ron",
    "四槓散了": "four-kans",
    "四風連打": "four-winds",
}
POINTS_CAP = 100_000  # in hundreds, a score of a record


@value_class
class GameStart:
    """A game begins: its players in seating order from the first dealer, its length."""

    file: str
    game: str
    players: tuple[str, ...]
    length: str  # "south" | "east"
    rules: str = ""  # the platform's ruleset, as the game's lines name it
    rounding: str = ""  # "exact" where the record's results have decimals
    # the game's own settings where the record states them (a Mahjong Soul room's start
    # and return points, uma...): (`start`, `30000`), as the `# game` line writes them
    settings: tuple[tuple[str, str], ...] = ()
    room: str = ""  # the lobby or room, where the record says (rules.ROOMS)

    def header_value(self) -> Any:
        """The ledger's Header of this game (`ledger.header_of`): what `header()`, written
        and read back, says."""
        from ..ledger import header_of

        return header_of(
            self.game,
            self.players,
            self.rules or None,
            self.length,
            self.rounding or None,
            self.settings,
        )

    def header(self) -> str:
        from ..ledger import header_line

        return header_line(
            self.game,
            self.players,
            self.rules or None,
            length=self.length,
            rounding=self.rounding or None,
            settings=self.settings,
        )


@value_class
class Drawn:
    """A drawn round as its drawn-round line."""

    line: str
    source: Source
    kind: str

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "source": self.source.to_dict(), "draw": self.kind}


@value_class
class RoundScores:
    """The record's own points per player (seating order) before and after a round
    (after each win of a double ron)."""

    source: Source
    start: tuple[int, ...]
    after: tuple[int, ...]


@value_class
class GameEnd:
    """The record's final points and results (mjlog `owari`)."""

    file: str
    game: str
    points: tuple[int, ...]
    results: tuple[float, ...]


def mjlog_start(
    file: str,
    game: str,
    names: dict[str, str],
    go_type: int,
    seats: int = 4,
    rules: str = "",
    text: str = "",
) -> GameStart:
    """The game's start; its own numbers from its log id and type (rules.tenhou_game_params)
    and its result's rounding from the `owari` further on in `text`."""
    players = tuple(unquote(names.get(f"n{p}", "")) or WINDS[p] for p in range(seats))
    params = tenhou_game_params(game, go_type)
    return GameStart(
        file,
        game,
        players,
        "south" if go_type & HANCHAN else "east",
        rules,
        "exact" if _tenths(_OWARI.findall(text)[-1:]) else "",
        tenhou_settings(params),
        room_of_go_type(go_type),
    )


def tenhou_settings(params: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """The `# game` settings of a Tenhou game's own numbers (rules.tenhou_game_params):
    its uma where it is not the ruleset's, `tenpai-yame:off` where it played on."""
    out = []
    if params.get("uma"):
        out.append(("uma", ",".join(_number(u) for u in params["uma"])))
    if params.get("tenpai_yame") is False:
        out.append(("tenpai-yame", "off"))
    return tuple(out)


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


_OWARI = re.compile(r'\sowari="([^"]{0,200})"')


def _tenths(owari: list[str]) -> bool:
    """Whether an `owari` gives a result with tenths (`67.2`): Tenhou's four-player
    records of 2023 and later do (`572,67.2,299,9.9,-70,-57.0,199,-20.1`), and then the
    result is not rounded to the thousand (tenhou.net/6 `sc` shows the same, tenhou6_start)."""
    for text in owari:
        for value in text.split(",")[1::2]:
            whole, dot, tenth = value.strip().partition(".")
            if dot and tenth.strip("0"):
                return True
    return False


def sc_after(attrs: dict[str, str], seats: int = 4) -> tuple[int, ...]:
    """An AGARI's or RYUUKYOKU's `sc` as points after it, per player (a table of three
    has four pairs, the empty seat's zero: left out)."""
    sc = numbers(attrs.get("sc", ""), "sc", -POINTS_CAP, POINTS_CAP, (8, 8))
    return tuple((sc[2 * p] + sc[2 * p + 1]) * 100 for p in range(seats))


def mjlog_end(file: str, game: str, attrs: dict[str, str], seats: int = 4) -> GameEnd | None:
    """The `owari` of the game's last tag, if the record has it (per seat of the table)."""
    if "owari" not in attrs:
        return None
    parts = attrs["owari"].split(",")
    if len(parts) != 8:
        raise RecordError(
            f"owari has {len(parts)} values (expected 8: points and result of each player)"
        )
    try:
        points = tuple(int(parts[2 * p]) * 100 for p in range(seats))
        results = tuple(float(parts[2 * p + 1]) for p in range(seats))
    except ValueError:
        raise RecordError(f"owari {attrs['owari'][:60]!r} is not numbers") from None
    return GameEnd(file, game, points, results)


def _winds(replay: Replay, players: list[int]) -> tuple[str, ...]:
    return tuple(sorted((replay.seat_wind(p) for p in players), key=WINDS.index))


def draw_line(replay: Replay, kind: str, tenpai: list[int], nagashi: list[int]) -> str:
    """The drawn-round line of a replayed round (DrawnRound's canonical line)."""
    if kind == "four-riichi":
        replay.accept_pending()
    return str(
        DrawnRound(
            kind,
            WINDS[(replay.kyoku // 4) % 4],
            replay.honba,
            replay.sticks,
            tenpai=_winds(replay, tenpai),
            nagashi=_winds(replay, nagashi),
            riichi_by=_winds(replay, [p for p in range(replay.seats) if replay.riichi[p]]),
            rules=replay.ruleset or None,
            options=tuple(replay.options.items()),
        )
    )


def mjlog_draw(replay: Replay, attrs: dict[str, str], source: Source) -> Drawn:
    """A RYUUKYOKU: its kind, the ready players (the hands it shows, hai0..hai3, at an
    exhaustive draw) and the nagashi players (those the sc pays)."""
    kind = MJLOG_DRAWS.get(attrs.get("type", ""))
    if kind is None:
        raise RecordError(
            f"RYUUKYOKU type={attrs['type'][:20]!r} is not a known draw "
            f"({', '.join(t for t in MJLOG_DRAWS if t)})"
        )
    seats = range(replay.seats)
    tenpai = [p for p in seats if f"hai{p}" in attrs] if kind in ("exhaustive", "nagashi") else []
    sc = numbers(attrs.get("sc", ""), "sc", -POINTS_CAP, POINTS_CAP, (8, 8))
    nagashi = [p for p in seats if sc[2 * p + 1] > 0] if kind == "nagashi" else []
    return Drawn(draw_line(replay, kind, tenpai, nagashi), source, kind)


def tenhou6_start(
    file: str, game: str, obj: dict[str, Any], seats: int = 4, rules: str = ""
) -> GameStart:
    names = obj.get("name")
    names = names if isinstance(names, list) else []
    players = tuple(
        n if isinstance(n, str) and n else WINDS[p]
        for p, n in enumerate((names + [""] * 4)[:seats])
    )
    rule = obj.get("rule")
    disp = rule.get("disp", "") if isinstance(rule, dict) else ""
    disp = disp if isinstance(disp, str) else ""
    length = "east" if "東" in disp else "south" if "南" in disp else _length_of(obj)
    # results with tenths (Tenhou's sanma records of 2024 give 70.7, those of 2021 -8):
    # the platform did not round them to the thousand, so the ledger does not either
    sc = obj.get("sc")
    exact = isinstance(sc, list) and any(
        isinstance(v, float) and not v.is_integer() for v in sc[1::2]
    )
    ref = obj.get("ref")
    tenhou = not rules or records_of(rules) != "mahjongsoul"  # a converted Mahjong Soul game: none
    params = tenhou_game_params(ref) if isinstance(ref, str) and tenhou else {}
    return GameStart(
        file,
        game,
        players,
        length,
        rules,
        "exact" if exact else "",
        tenhou_settings(params if seats == 4 else {k: v for k, v in params.items() if k != "uma"}),
        room_of_disp(disp),
    )


def _length_of(obj: dict[str, Any]) -> str:
    """The length of a game whose `rule.disp` does not say (a Mahjong Soul record converted
    to tenhou.net/6 names the room only: `三銀の間赤`): a game that ends (its final `sc`) in
    the East round with nobody below zero was an east game (hidacow/mjai-reviewer3p's
    `chankan` record ends at E3-0 on the dealer's win); else south, the longer."""
    log, sc = obj.get("log"), obj.get("sc")
    if not isinstance(log, list) or not log or not isinstance(sc, list):
        return "south"
    heads = [r[0][0] for r in log if isinstance(r, list) and r and isinstance(r[0], list) and r[0]]
    in_east = heads and all(isinstance(k, int) and 0 <= k < 4 for k in heads)
    points = [v for v in sc[0::2] if isinstance(v, (int, float))]
    return "east" if in_east and points and min(points) >= 0 else "south"


def tenhou6_end(file: str, game: str, obj: dict[str, Any], seats: int = 4) -> GameEnd | None:
    """The game's `sc`: final points (in points, not hundreds as in mjlog) and results."""
    sc = obj.get("sc")
    if (
        not isinstance(sc, list)
        or len(sc) != 8
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in sc)
    ):
        return None
    return GameEnd(
        file,
        game,
        tuple(int(sc[2 * p]) for p in range(seats)),
        tuple(float(sc[2 * p + 1]) for p in range(seats)),
    )


def tenhou6_draw(
    replay: Replay, result: list[Any], source: Source, after: tuple[int, int] | None = None
) -> Drawn:
    """A tenhou.net/6 draw: the ready players from the noten payments (all or none when
    the result says so), a nagashi's from the hands (shanten), its players from the
    payments.

    A Mahjong Soul record converted by tensoul (Equim-chan/tensoul) writes an all-ready
    draw as `流局` with no changes, as it writes an all-noten one; the next round's first
    entry (`after`: its round number and honba) tells them apart: the dealer stayed (the
    same round, honba + 1) only if ready, and then all were."""
    name = result[0]
    kind = TENHOU6_DRAWS.get(name)
    if kind is None:
        raise RecordError(f"the round's result {name[:20]!r} is not a known draw")
    deltas = result[1] if len(result) > 1 and isinstance(result[1], list) else [0] * 4
    tenpai: list[int] = []
    nagashi: list[int] = []
    seats = range(replay.seats)
    if name == "全員聴牌":
        tenpai = list(seats)
    elif name == "流局":
        tenpai = [p for p in seats if deltas[p] > 0]
        if not any(deltas) and after == (replay.kyoku, replay.honba + 1):
            tenpai = list(seats)
    elif kind == "nagashi":
        nagashi = [p for p in seats if deltas[p] > 0]
        tenpai = [p for p in seats if _ready(replay, p)]
    return Drawn(draw_line(replay, kind, tenpai, nagashi), source, kind)


def _ready(replay: Replay, p: int) -> bool:
    """Whether player p's hand at the draw waits on a tile (13 tiles, melds as three)."""
    from ..analysis.shanten import shanten_number

    counts = [0] * 34
    for tok in replay.hands[p]:
        t = replay.to_tile(tok)
        counts["mpsz".index(t.suit) * 9 + (5 if t.digit == 0 else t.digit) - 1] += 1
    try:
        return shanten_number(counts, len(replay.melds[p])) == 0
    except ValueError:
        return False


def tenhou6_scores(
    rnd: list[Any], replay: Replay, deltas: list[list[int]], source: Source
) -> RoundScores:
    """Scores before and after a tenhou.net/6 round: its start plus the point changes,
    less the riichi sticks (the changes leave them out)."""
    start = tuple(int(s) for s in rnd[1][: replay.seats])
    after = list(start)
    for d in deltas:
        after = [a + int(x) for a, x in zip(after, d[: replay.seats], strict=True)]
    after = [a - 1000 * bool(replay.riichi[p]) for p, a in enumerate(after)]
    return RoundScores(source, start, tuple(after))


# everything a record reader yields
RecordItem = Win | Problem | GameStart | Drawn | RoundScores | RoundPlay | GameEnd
