"""A whole game's ledger: round after round, every player's change and running total.

The lines are the hand lines and drawn-round lines of docs/notation.md; a game starts
at a `# game ID players:A,B,C,D` comment (as `mjscore import` writes it) or at the
start of the input. The ledger follows the table as the ruleset plays it: who deals
(the dealer repeats on a win or when ready at a draw), the honba, the deposits left on
the table, the end (the last round, sudden death, someone below zero), then the final
standings with uma and oka. Players are indexed in seating order from the first dealer
(player 0 is East in the first round), whatever the round's seat winds.

A line's comment `# GAME E4-1` (import's) names its round: two win lines of one round
are a double ron. Without it, each line is a round of its own. Nothing here prints;
errors are `GameProblem`s in the ledger, never exceptions.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple
from urllib.parse import quote, unquote

from ..base.errors import MjscoreError
from ..base.tiles import SEATS
from ..core.drawn import (
    ABORTIVE,
    EXHAUSTIVE,
    NAGASHI,
    DrawnRound,
    draw_payments,
    is_drawn_line,
    parse_drawn,
)
from ..core.hand import DECLARED_RIICHI, Hand
from ..core.phrases import phrase
from ..core.result import ScoreResult
from ..engine.catalog import load_ruleset
from ..rulesets import DEFAULT_RULESET, Ruleset

GAME_MARK = re.compile(r"#\s*game\b(.*)$")
_PLACE = re.compile(r"#\s*(\S+)\s+([ESWN][1-4])-([0-9]{1,3})\s*$")
RESULTS = ("win", "draw", "nagashi", "abort")
ROUND_CAP = 200  # rounds in one game: far beyond any real game


class GameProblem(NamedTuple):
    """A line the ledger could not follow (`error`) or a remark (`note`)."""

    kind: str  # "error" | "note"
    line: int  # 1-based input line (0: the game as a whole)
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message


class Round(NamedTuple):
    """One round: where it stood, how it ended, and the points after it."""

    round: str  # E1 .. W4
    honba: int
    sticks: int  # deposits on the table after the round
    result: str  # win | draw | nagashi | abort
    changes: tuple[int, ...]  # per player (seating order), deposits included
    scores: tuple[int, ...]  # per player after the round
    dealer: int  # the player who dealt
    winners: tuple[int, ...] = ()  # players who won (or made nagashi mangan)
    losers: tuple[int, ...] = ()  # the discarder(s) of a ron
    tenpai: tuple[int, ...] = ()  # ready players at a draw
    riichi: tuple[int, ...] = ()  # players who declared riichi (their 1,000 to the table)
    detail: str = ""  # the call (`7,700`, `2,000/4,000`) or the kind of draw
    lines: tuple[int, ...] = ()  # the input lines of the round
    game: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "round",
            "game": self.game,
            "round": self.round,
            "honba": self.honba,
            "sticks": self.sticks,
            "result": self.result,
            "changes": list(self.changes),
            "scores": list(self.scores),
            "dealer": self.dealer,
            "winners": list(self.winners),
            "losers": list(self.losers),
            "tenpai": list(self.tenpai),
            "riichi": list(self.riichi),
            "detail": self.detail,
            "lines": list(self.lines),
        }


class Game(NamedTuple):
    """A game's ledger: its rounds and its final standings."""

    game: str
    rules: str
    players: tuple[str, ...]
    start: tuple[int, ...]
    rounds: tuple[Round, ...]
    final: tuple[int, ...]  # points after the last round, leftover deposits given
    placement: tuple[int, ...]  # 1 = first
    result: tuple[float, ...]  # with uma and oka, as the platform shows it
    ended: bool  # the rules end the game after its last round
    end: str  # why it ended, or where it stops
    leftover: int  # deposits left on the table at the end (points)
    problems: tuple[GameProblem, ...] = ()
    # the result's parts for the report (素点 is the rest): not in the machine record
    uma: tuple[float, ...] = ()  # per player, ties split as the ruleset shares them
    oka: tuple[float, ...] = ()  # per player (the first's, or shared by tied firsts)

    @property
    def ok(self) -> bool:
        return not any(p.kind == "error" for p in self.problems)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "game",
            "game": self.game,
            "players": list(self.players),
            "final": list(self.final),
            "placement": list(self.placement),
            "result": list(self.result),
            "rules": self.rules,
            "rounds": len(self.rounds),
            "ended": self.ended,
            "end": self.end,
            "leftover": self.leftover,
            "problems": [str(p) for p in self.problems],
        }


# -- the game header ------------------------------------------------------------------------


def header_line(
    game: str,
    players: Iterable[str] = (),
    rules: str | None = None,
    length: str | None = None,
    rounding: str | None = None,
) -> str:
    """The `# game` line that starts a game: names with a blank, comma, `%` or `#`
    percent-encoded, so that a name is one token."""
    parts = ["# game", _encode(game)]
    names = list(players)
    if names:
        parts.append("players:" + ",".join(_encode(n) for n in names))
    if rules:
        parts.append(f"rules:{rules}")
    if length:
        parts.append(f"length:{length}")
    if rounding:
        parts.append(f"rounding:{rounding}")
    return " ".join(parts)


_ESCAPED = {c: f"%{ord(c):02X}" for c in " ,%#\t\r\n"}


def _encode(text: str) -> str:
    """A name as one token: blank, comma, `%`, `#` percent-encoded (read back by unquote);
    so is a control character (a record's name carrying ESC never reaches a terminal raw)."""
    return (
        "".join(_ESCAPED.get(c) or (c if c.isprintable() else quote(c, safe="")) for c in text)
        or "-"
    )


class Header(NamedTuple):
    game: str
    players: tuple[str, ...] = ()
    rules: str | None = None
    length: str | None = None
    rounding: str | None = None  # the result's rounding, where a record shows it


def read_header(text: str) -> Header | None:
    """A `# game ID key:value ...` line, or None for any other line."""
    m = GAME_MARK.match(text.strip())
    if m is None:
        return None
    words = m.group(1).split()
    game, fields = "", {}
    for w in words:
        key, colon, value = w.partition(":")
        if colon and key in ("players", "rules", "length", "rounding"):
            fields[key] = value
        elif not game:
            game = unquote(w)
    players = tuple(unquote(n) for n in fields["players"].split(",")) if "players" in fields else ()
    return Header(game, players, fields.get("rules"), fields.get("length"), fields.get("rounding"))


# -- the ledger -----------------------------------------------------------------------------


class _Item(NamedTuple):
    line: int
    text: Any  # the line, or a parsed Hand or DrawnRound
    place: tuple[str, str, int] | None  # (game, round, honba) from the comment


def _items(lines: Iterable[Any]) -> Iterator[_Item | Header]:
    number = 0
    for entry in lines:
        if isinstance(entry, tuple):  # (line number, text), as a file reader gives them
            number = entry[0] - 1
            entry = entry[1]
        texts = entry.splitlines() or [""] if isinstance(entry, str) else [entry]
        for text in texts:
            number += 1
            if not isinstance(text, str):
                yield _Item(number, text, None)  # a parsed Hand or DrawnRound
                continue
            header = read_header(text)
            if header is not None:
                yield header
                continue
            body, _, comment = text.partition("#")
            if not body.strip():
                continue
            m = _PLACE.match("#" + comment) if comment else None
            place = (m.group(1), m.group(2), int(m.group(3))) if m else None
            yield _Item(number, text.rstrip("\r\n"), place)


def games(
    lines: Iterable[Any],
    rules: str = DEFAULT_RULESET,
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
) -> Iterator[Game]:
    """Every game of the input, in order (a `# game` line starts the next one)."""
    current: _Ledger | None = None
    for item in _items(lines):
        if isinstance(item, Header):
            if current is not None:
                yield current.close()
            current = _Ledger(item, rules, options, settings)
            continue
        if current is None:
            current = _Ledger(Header(""), rules, options, settings)
        current.add(item)
    if current is not None:
        yield current.close()


def game(
    lines: Iterable[Any] | str,
    rules: str = DEFAULT_RULESET,
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
) -> Game:
    """The ledger of one game (the first of the input)."""
    if isinstance(lines, str):
        lines = [lines]
    for found in games(lines, rules, options, settings):
        return found
    return _Ledger(Header(""), rules, options, settings).close()


class _Ledger:
    """The table as it stands while the game's lines come, one round at a time."""

    def __init__(
        self,
        header: Header,
        rules: str,
        options: dict[str, Any] | None,
        settings: dict[str, Any] | None,
    ) -> None:
        self.header = header
        self.problems: list[GameProblem] = []
        name = header.rules or rules
        try:
            self.ruleset: Ruleset = load_ruleset(name)
        except MjscoreError as exc:
            self.problems.append(GameProblem("error", 0, str(exc)))
            self.ruleset = load_ruleset(rules)
        self.options = options
        p = self.ruleset.params
        self.cfg = {
            k: getattr(p, k)
            for k in (
                "start_points",
                "return_points",
                "goal_points",
                "uma",
                "oka",
                "result_rounding",
                "ties",
                "leftover_deposits",
                "game_length",
                "bust",
                "west_extension",
                "agari_yame",
                "renchan_on_abort",
                "noten_total",
                "deposit",
                "mangan_base",
                "game_result",
                "renchan",
            )
        }
        if not p.deposits:  # riichi is free (Kansai Boo): no stick goes to the table
            self.cfg["deposit"] = 0
        if header.length in ("east", "south", "north", "single"):
            self.cfg["game_length"] = header.length
        if header.rounding in ("exact", "tenhou"):
            self.cfg["result_rounding"] = header.rounding
        self.cfg.update(settings or {})
        self.seats = self.ruleset.seats
        self.n = len(self.seats)
        self.players = header.players if len(header.players) == self.n else self.seats
        if header.players and len(header.players) != self.n:
            self.problems.append(
                GameProblem(
                    "note",
                    0,
                    f"{len(header.players)} players named for a table of {self.n}: seats used",
                )
            )
        start = self.cfg["start_points"]
        self.start = tuple([start] * self.n)
        self.scores = list(self.start)
        self.kyoku, self.honba, self.table = 0, 0, 0
        self.rounds: list[Round] = []
        self.pending: list[_Item] = []
        self.ended, self.end = False, ""  # why it ended: a Phrase of core.phrases.GAME_END
        self.broken = False

    # -- reading ---------------------------------------------------------------------------

    def add(self, item: _Item) -> None:
        if self.pending and (item.place is None or item.place != self.pending[0].place):
            self._play(self.pending)
            self.pending = []
        self.pending.append(item)

    def close(self) -> Game:
        if self.pending:
            self._play(self.pending)
            self.pending = []
        return self._standings()

    # -- one round ---------------------------------------------------------------------------

    @property
    def round_name(self) -> str:
        return f"{SEATS[(self.kyoku // self.n) % 4]}{self.kyoku % self.n + 1}"

    def _player(self, wind: str, dealer: int) -> int:
        return (dealer + self.seats.index(wind)) % self.n

    def _fail(self, line: int, message: str) -> None:
        self.problems.append(GameProblem("error", line, message))
        self.broken = True

    def _play(self, items: list[_Item]) -> None:
        if self.broken:
            return
        first = items[0]
        if self.ended:
            self._fail(
                first.line,
                f"the game has ended ({self.end}); a new game starts with a '# game' line",
            )
            return
        if len(self.rounds) >= ROUND_CAP:
            self._fail(first.line, f"more than {ROUND_CAP} rounds in one game")
            return
        if (
            first.place is not None
            and first.place[1:] != (self.round_name, self.honba)
            and self.cfg["game_length"] != "single"
        ):
            self._fail(
                first.line,
                f"the line is marked {first.place[1]}-{first.place[2]} but "
                f"the game stands at {self.round_name}-{self.honba}",
            )
            return
        dealer = self.kyoku % self.n
        draws = [it for it in items if _is_draw(it)]
        if draws and len(items) > 1:
            self._fail(items[1].line, "a drawn round has one line")
            return
        if draws:
            self._draw(first, dealer)
        else:
            self._wins(items, dealer)

    def _score(self, item: _Item) -> ScoreResult:
        from ..core.notation import parse_line
        from ..engine.loop import score_hand

        if isinstance(item.text, Hand):
            return score_hand(item.text, self.ruleset.name, self.options, item.line)
        try:
            hand = parse_line(item.text)
        except MjscoreError as exc:
            return ScoreResult(item.line, item.text, self.ruleset.name, {}, error=exc)
        return score_hand(hand, self.ruleset.name, self.options, item.line)

    def _check_place(
        self, item: _Item, round_wind: str, honba: int, sticks: int, new_sticks: int
    ) -> bool:
        """The line's round wind, honba and sticks against the table; an error names the
        token (and its column when it is written) and what the game expects."""
        wind = SEATS[(self.kyoku // self.n) % 4]
        where = f"the game stands at {self.round_name}-{self.honba}"
        if round_wind != wind:
            self._fail(
                item.line, _at(item, "round", f"round:{round_wind} but {where} (round wind {wind})")
            )
            return False
        if honba != self.honba:
            self._fail(
                item.line,
                _at(item, "honba", f"honba:{honba} but {where}: expected honba:{self.honba}"),
            )
            return False
        if sticks != self.table + new_sticks:
            self._fail(
                item.line,
                _at(
                    item,
                    "sticks",
                    f"sticks:{sticks} but the table holds "
                    f"{self.table} and {new_sticks} riichi declared this "
                    f"round: expected sticks:{self.table + new_sticks}",
                ),
            )
            return False
        return True

    def _wins(self, items: list[_Item], dealer: int) -> None:
        changes = [0] * self.n
        riichi: set[int] = set()
        winners: list[int] = []
        losers: list[int] = []
        calls: list[str] = []
        took = drew = False
        for i, item in enumerate(items):
            result = self._score(item)
            if not result.ok:
                self._fail(item.line, f"not scored: {result.error}")
                return
            hand = result.hand
            if hand is None:
                self._fail(item.line, "a drawn-round line inside a round of wins")
                return
            ctx = hand.ctx
            beyond = [w for w in ctx.riichi_by if w not in self.seats]
            if beyond:
                self._fail(item.line, f"riichi-by: names seat {beyond[0]}, not at the table")
                return
            winner = self._player(ctx.seat_wind, dealer)
            if result.winner is None:  # a European draw line: nobody won
                drew = True
            own = set() if ctx.flags.isdisjoint(DECLARED_RIICHI) else {winner}
            by = {self._player(w, dealer) for w in ctx.riichi_by}
            new = (own | by) - riichi
            if ctx.sticks or ctx.honba or i == 0:
                if took:
                    self._fail(
                        item.line, "a second winner of the round takes the honba or deposits again"
                    )
                    return
                if not self._check_place(item, ctx.round_wind, ctx.honba, ctx.sticks, len(new)):
                    return
                took = took or bool(ctx.sticks)
            riichi |= new
            for wind, amount in result.net.items():
                changes[self._player(wind, dealer)] += amount
            if result.discarder and result.discarder in self.seats:
                losers.append(self._player(result.discarder, dealer))
            if result.winner is not None:
                winners.append(winner)
                calls.append(str(result).split(" · ")[-1])
        deposit = self.cfg["deposit"]
        for p in riichi:
            changes[p] -= deposit
        table_after = 0 if took else self.table + len(riichi)
        renchan = dealer in winners
        if self.cfg["renchan"] == "dealer_win":
            renchan = renchan or drew
        elif self.cfg["renchan"] == "never":
            renchan = False
        self._close_round(
            "draw" if drew and not winners else "win",
            changes,
            dealer,
            items,
            table_after,
            renchan,
            winners=tuple(winners),
            losers=tuple(losers),
            riichi=tuple(sorted(riichi)),
            detail=", ".join(calls),
            dealer_won=renchan,
        )

    def _draw(self, item: _Item, dealer: int) -> None:
        try:
            drawn = item.text if isinstance(item.text, DrawnRound) else parse_drawn(item.text)
        except MjscoreError as exc:
            self._fail(item.line, str(exc))
            return
        beyond = [
            s for s in (*drawn.tenpai, *drawn.nagashi, *drawn.riichi_by) if s not in self.seats
        ]
        if beyond:
            self._fail(item.line, f"seat {beyond[0]} is not at a table of {self.n}")
            return
        riichi = [self._player(w, dealer) for w in drawn.riichi_by]
        if not self._check_place(item, drawn.round_wind, drawn.honba, drawn.sticks, len(riichi)):
            return
        changes = [0] * self.n
        for a, b, amount, _ in draw_payments(
            drawn, self.seats, self.cfg["noten_total"], self.cfg["mangan_base"]
        ):
            changes[self._player(a, dealer)] -= amount
            changes[self._player(b, dealer)] += amount
        for p in riichi:
            changes[p] -= self.cfg["deposit"]
        tenpai = tuple(sorted(self._player(w, dealer) for w in drawn.tenpai))
        if drawn.kind in ABORTIVE:
            result, renchan = "abort", self.cfg["renchan_on_abort"]
        else:
            result = "nagashi" if drawn.kind == NAGASHI else "draw"
            renchan = dealer in tenpai or self.cfg["renchan"] == "dealer_win"
        if self.cfg["renchan"] == "never":
            renchan = False
        nagashi = tuple(sorted(self._player(w, dealer) for w in drawn.nagashi))
        self._close_round(
            result,
            changes,
            dealer,
            [item],
            self.table + len(riichi),
            renchan,
            winners=nagashi,
            tenpai=tenpai,
            riichi=tuple(sorted(riichi)),
            detail=drawn.kind,
            dealer_won=renchan and drawn.kind in (EXHAUSTIVE, NAGASHI),
        )

    def _close_round(
        self,
        result: str,
        changes: list[int],
        dealer: int,
        items: list[_Item],
        table_after: int,
        renchan: bool,
        dealer_won: bool = False,
        **more: Any,
    ) -> None:
        self.scores = [s + c for s, c in zip(self.scores, changes, strict=True)]
        self.rounds.append(
            Round(
                self.round_name,
                self.honba,
                table_after,
                result,
                tuple(changes),
                tuple(self.scores),
                dealer,
                lines=tuple(it.line for it in items),
                game=self.header.game,
                **more,
            )
        )
        self.table = table_after
        played = self.kyoku
        if self.cfg["game_length"] == "single":
            self.honba = 0
            return
        if renchan:
            self.honba += 1
        else:
            self.kyoku += 1
            self.honba = 0 if result == "win" else self.honba + 1
        if not self.ruleset.params.honba:  # no counters at this table (European, MCR)
            self.honba = 0
        self._maybe_end(played, renchan, dealer, dealer_won)

    def _maybe_end(self, played: int, renchan: bool, dealer: int, dealer_won: bool) -> None:
        cfg, n = self.cfg, self.n
        if cfg["bust"] and min(self.scores) < 0:
            self.ended, self.end = True, phrase("game_end", "below_zero")
            return
        last = {"east": n - 1, "south": 2 * n - 1}.get(cfg["game_length"], 4 * n - 1)
        if played < last:
            return
        goal = cfg["goal_points"] or cfg["return_points"] or cfg["start_points"]
        reached = not cfg["west_extension"] or max(self.scores) >= goal
        top = _order(self.scores)[0]
        if played >= last + n and not renchan:
            self.ended, self.end = True, phrase("game_end", "sudden_death_last")
        elif (
            played > last
            and max(self.scores) >= goal
            and cfg["west_extension"]
            and (not renchan or top == dealer)
        ):
            self.ended, self.end = True, phrase("game_end", "sudden_death_goal", goal=goal)
        elif renchan:
            if cfg["agari_yame"] and dealer_won and top == dealer and reached:
                self.ended, self.end = True, phrase("game_end", "agari_yame")
        elif reached and played == last:
            self.ended, self.end = True, phrase("game_end", "last_round")

    # -- the end ---------------------------------------------------------------------------

    def _standings(self) -> Game:
        cfg = self.cfg
        final = list(self.scores)
        leftover = self.table * cfg["deposit"]
        order = _order(final)
        if leftover and cfg["leftover_deposits"] == "first" and self.rounds:
            final[order[0]] += leftover
            order = _order(final)
        placement = [0] * self.n
        for place, p in enumerate(order, 1):
            placement[p] = place
        uma: tuple[float, ...] = ()
        oka: tuple[float, ...] = ()
        if cfg["game_result"] == "boo":
            result = self._boo(final)
        elif cfg["game_result"] == "total":  # European, Chinese Official: the points
            result = [float(x) for x in final]
        else:
            result = _result(final, order, cfg, self.n)
            parts = _bonuses(final, order, cfg, self.n)
            uma, oka = tuple(parts[0]), tuple(parts[1])
        if self.ended:
            end = self.end
        elif self.broken:
            end = phrase("game_end", "stopped_by_error")
        elif not self.rounds:
            end = phrase("game_end", "no_round")
        else:
            last = self.rounds[-1]
            end = phrase("game_end", "record_stops", round=last.round, honba=last.honba)
            self.problems.append(GameProblem("note", 0, f"game {self.header.game or '-'}: {end}"))
        return Game(
            self.header.game,
            self.ruleset.name,
            tuple(self.players),
            self.start,
            tuple(self.rounds),
            tuple(final),
            tuple(placement),
            tuple(result),
            self.ended,
            end,
            leftover,
            tuple(self.problems),
            uma,
            oka,
        )

    def _boo(self, final: list[int]) -> list[float]:
        """Kansai Boo's result in game points (`mjscore boo-result` of the final scores)."""
        from ..scoring.boo_game import PLAYERS, BooResultError, boo_result

        try:
            boo = boo_result(final)
        except BooResultError as exc:
            self.problems.append(GameProblem("error", 0, f"no Boo result: {exc}"))
            return [0.0] * self.n
        return [float(boo.points[p]) for p in PLAYERS]


def _at(item: _Item, key: str, message: str) -> str:
    """`column 41: ...` when the line writes the token `key:`, else the message alone."""
    text = item.text if isinstance(item.text, str) else ""
    body = text.partition("#")[0]
    at = next(
        (
            i
            for i in range(len(body))
            if body.startswith(f"{key}:", i) and (i == 0 or body[i - 1] == " ")
        ),
        -1,
    )
    return f"column {at + 1}: {message}" if at >= 0 else f"{message} (no {key}: token)"


def _is_draw(item: _Item) -> bool:
    return isinstance(item.text, DrawnRound) or (
        isinstance(item.text, str) and is_drawn_line(item.text)
    )


def _order(points: list[int]) -> list[int]:
    """Players best first; equal points: the one nearer the first dealer first."""
    return sorted(range(len(points)), key=lambda p: (-points[p], p))


def _bonuses(
    final: list[int], order: list[int], cfg: dict[str, Any], n: int
) -> tuple[list[float], list[float]]:
    """Each player's uma and oka (by place; tied players share their places' when the
    ruleset splits ties)."""
    start, ret = cfg["start_points"], cfg["return_points"] or cfg["start_points"]
    uma = [float(u) for u in cfg["uma"]] if len(cfg["uma"]) == n else [0.0] * n
    oka = [(ret - start) * n / 1000 if cfg["oka"] and i == 0 else 0.0 for i in range(n)]
    out_uma, out_oka = [0.0] * n, [0.0] * n
    if cfg["ties"] == "split":
        i = 0
        while i < n:
            j = i
            while j + 1 < n and final[order[j + 1]] == final[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out_uma[order[k]] = sum(uma[i : j + 1]) / (j - i + 1)
                out_oka[order[k]] = sum(oka[i : j + 1]) / (j - i + 1)
            i = j + 1
    else:
        for place, p in enumerate(order):
            out_uma[p], out_oka[p] = uma[place], oka[place]
    return out_uma, out_oka


def _result(final: list[int], order: list[int], cfg: dict[str, Any], n: int) -> list[float]:
    """(points - return) / 1000 + uma + oka for first, as the ruleset rounds it."""
    ret = cfg["return_points"] or cfg["start_points"]
    uma, oka = _bonuses(final, order, cfg, n)
    by_player = [u + o for u, o in zip(uma, oka, strict=True)]
    if cfg["result_rounding"] == "tenhou":
        out = [0.0] * n
        for p in order[1:]:
            # to the thousand, 4 down 5 up, on the points' size: 25,500 is 26 and -5,500
            # is -6 (a Tenhou sanma owari: -5,500 with 40,000 returned and uma -20: -66)
            thousands = (abs(final[p]) + 500) // 1000
            rounded = thousands if final[p] >= 0 else -thousands
            out[p] = float(rounded - ret // 1000 + by_player[p])
        out[order[0]] = -sum(out[p] for p in order[1:])
        return [round(x, 1) + 0.0 for x in out]
    return [round((final[p] - ret) / 1000 + by_player[p], 1) + 0.0 for p in range(n)]
