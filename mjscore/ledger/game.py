"""A whole game's ledger: round after round, every player's change and running total.

The lines are the hand lines and drawn-round lines of docs/notation.md; a game starts
at a `# game ID players:A,B,C,D` comment (as `mjscore import` writes it) or at the
start of the input. The ledger follows the table as the ruleset plays it: who deals
(the dealer repeats on a win or when ready at a draw), the honba, the deposits left on
the table, the end (the last round, sudden death, someone below zero), then the final
standings with uma and oka. Players are indexed in seating order from the first dealer
(player 0 is East in the first round), whatever the round's seat winds.

A line may leave out `honba:` and `sticks:`: the ledger knows both (a line that writes
one is held to it). A ron must name its discarder (`ron:1z+`): the ledger charges that
player. A line's comment `# GAME E4-1` (import's, `round_mark`) names its round: two win
lines of one round are a double ron. Without it, each line is a round of its own.
Nothing here prints; errors are `GameProblem`s in the ledger, never exceptions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import Any, NamedTuple
from urllib.parse import quote, unquote

from ..base.errors import MjscoreError
from ..base.frozen import replace
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
from ..core.notation import parse_line
from ..core.phrases import phrase
from ..core.result import ScoreResult, call_text
from ..engine.catalog import load_ruleset
from ..engine.loop import score_hand
from ..engine.setting import HouseRules, Rules, ruleset_of
from ..rulesets import DEFAULT_RULESET, Ruleset

GAME_MARK = re.compile(r"#\s*game\b(.*)$")
_PLACE = re.compile(r"#\s*(\S+)\s+([ESWN][1-4])-([0-9]{1,3})\s*$")
_BREAKS = re.compile(r"\r\n|\r|\n")  # a line ends here only, as `score --file` reads it
RESULTS = ("win", "draw", "nagashi", "abort")
ROUND_CAP = 200  # rounds in one game: far beyond any real game
LENGTHS = ("east", "south", "north", "single")
ROUNDINGS = ("exact", "tenhou")
RIICHI_FLAGS = frozenset(DECLARED_RIICHI)
FOUR_RIICHI = "four-riichi"


class GameProblem(NamedTuple):
    """A line the ledger could not follow (`error`) or a remark (`note`)."""

    kind: str  # "error" | "note"
    line: int  # 1-based input line (0: the game as a whole)
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message


class WinValue(NamedTuple):
    """One win of a round as the table calls it: who off whom, and the hand's value."""

    winner: int
    loser: int | None  # the discarder; None on a tsumo
    value: int  # the hand's value (a tsumo's total), honba and deposits apart
    han: int | None = None
    fu: int | None = None
    limit: str | None = None  # mangan, haneman, ... (None below a limit)
    yakuman: int = 0
    call: str = ""  # as the table says the payment: `ron 8,000`, `2,000/4,000`, `4,000 all`

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "from": self.loser,
            "value": self.value,
            "han": self.han,
            "fu": self.fu,
            "limit": self.limit,
            "yakuman": self.yakuman,
        }


class Part(NamedTuple):
    """One player's change in a round for one reason: `win` (the hand's payments,
    liability included), `honba`, `deposits` (the riichi sticks taken), `riichi` (a stick
    put down), `noten`, `nagashi`. A round's changes are the sum of its parts."""

    player: int
    reason: str
    amount: int

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "reason": self.reason, "amount": self.amount}


PART_REASONS = ("win", "honba", "deposits", "riichi", "noten", "nagashi")
_RANK = {reason: i for i, reason in enumerate(PART_REASONS)}  # the parts' order
_WIN, _RIICHI = _RANK["win"], _RANK["riichi"]
_RANK_OF = {"honba": _RANK["honba"], "deposits": _RANK["deposits"]}  # a payment's part


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
    wins: tuple[WinValue, ...] = ()  # each win's value, in the order of the lines
    parts: tuple[Part, ...] = ()  # each change by reason

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
            "wins": [w.to_dict() for w in self.wins],
            "parts": [p.to_dict() for p in self.parts],
        }


class Game(NamedTuple):
    """A game's ledger: the rounds, then the final standings.

    Its fields: `game` (its name), `rules`, `players` (names in seating order from the
    first dealer), `start` (the points each started with), `rounds` (each Round: its
    `round` such as E1, `honba`, `result`, `changes`, `scores` after it, `wins`,
    `parts`), `final` (the points after the last round), `placement` (1 = first),
    `result` (with uma and oka, as the platform shows it), `ended` and `end` (whether and
    why it ended), `leftover` (deposits left at the end), `problems` (each line's error or
    note), `uma` and `oka` (the result's parts). Every list is indexed by the players in
    seating order, not by the round's winds.
    """

    game: str  # the game's name ("" when the input has no `# game` line)
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
    named: bool = False  # the players are named (a game line's players:), not seats

    @property
    def ok(self) -> bool:
        """No line of the game was an error (notes, such as a game that stops, are not)."""
        return not any(p.kind == "error" for p in self.problems)

    @property
    def raw(self) -> tuple[float, ...]:
        """Each player's result less the uma and the oka (素点: the points against the
        return, as the ruleset rounds them)."""
        if len(self.uma) != len(self.players):
            return self.result
        return tuple(
            round(r - u - o, 1) + 0.0
            for r, u, o in zip(self.result, self.uma, self.oka, strict=True)
        )

    def to_dict(self) -> dict[str, Any]:
        """The game record of docs/output.md ("Game records"), as `game --format jsonl` ends
        a game."""
        out = {
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
        if len(self.uma) == len(self.players):
            out["uma"] = list(self.uma)
            out["oka"] = list(self.oka)
            out["raw"] = list(self.raw)
        return out


# -- the game header and the round marks ---------------------------------------------------


def header_line(
    game: str,
    players: Iterable[str] = (),
    rules: str | None = None,
    length: str | None = None,
    rounding: str | None = None,
    settings: Iterable[tuple[str, str]] = (),
) -> str:
    """The `# game` line that starts a game: names with a blank, comma, `%` or `#`
    percent-encoded, so that a name is one token; `settings` are the game's own
    (`start:30000`, `uma:15,5,-5,-15`: SETTINGS) where a record shows them."""
    parts = ["# game", encode(game)]
    names = list(players)
    if names:
        parts.append("players:" + ",".join(encode(n) for n in names))
    if rules:
        parts.append(f"rules:{rules}")
    if length:
        parts.append(f"length:{length}")
    if rounding:
        parts.append(f"rounding:{rounding}")
    parts += [f"{k}:{v}" for k, v in settings if k in SETTINGS]
    return " ".join(parts)


def round_mark(game: str, round_: str, honba: int) -> str:
    """The comment that names a line's round, `# GAME E4-1` (import writes it after each
    line): the game's name encoded as in the game line, so that any file name (blanks,
    `#`, control characters) reads back whole (`read_mark`)."""
    return f"# {encode(game)} {round_}-{honba}"


def read_mark(text: str) -> tuple[str, str, int] | None:
    """(game, round, honba) of a line's `# GAME E4-1` comment, or None."""
    _, hash_, comment = text.partition("#")
    return _mark(comment) if hash_ else None


def _mark(comment: str) -> tuple[str, str, int] | None:
    """(game, round, honba) of the comment after a line's first `#`, or None."""
    m = _PLACE.match("#" + comment)
    return (unquote(m.group(1)), m.group(2), int(m.group(3))) if m else None


_ESCAPED = {c: f"%{ord(c):02X}" for c in " ,%#\t\r\n"}


def encode(text: str) -> str:
    """A name as one token: blank, comma, `%`, `#` percent-encoded (read back by unquote);
    so is every character that is not printable (a record's name carrying ESC never
    reaches a terminal raw, a line break never splits the line)."""
    return (
        "".join(_ESCAPED.get(c) or (c if c.isprintable() else quote(c, safe="")) for c in text)
        or "-"
    )


_encode = encode  # the name it had


class Header(NamedTuple):
    game: str
    players: tuple[str, ...] = ()
    rules: str | None = None
    length: str | None = None
    rounding: str | None = None  # the result's rounding, where a record shows it
    problems: tuple[str, ...] = ()  # what is wrong with the line (`column N: ...`)
    # the game's own parameters where the line states them: (`uma`, (10, 5, -5, -10))
    settings: tuple[tuple[str, Any], ...] = ()


def read_header(text: str) -> Header | None:
    """A `# game ID key:value ...` line, or None for any other line. A key with a bad
    value is one of the header's `problems`, naming its column."""
    m = GAME_MARK.match(text.strip())
    if m is None:
        return None
    game = ""
    fields: dict[str, str] = {}
    problems: list[str] = []
    for word in re.finditer(r"\S+", text):
        w = word.group()
        if word.start() <= text.index("#") or w == "game" and not fields and not game:
            continue
        key, colon, value = w.partition(":")
        where = f"column {word.start() + 1}: '{w}'"
        if colon and key in HEADER_KEYS:
            if key in fields:
                problems.append(f"{where} repeats {key}:")
                continue
            fields[key] = value
            problem = _header_value(key, value)
            if problem:
                problems.append(f"{where} {problem}")
        elif not game:
            game = unquote(w)
    players = tuple(unquote(n) for n in fields["players"].split(",")) if "players" in fields else ()
    return Header(
        game,
        players,
        fields.get("rules"),
        fields.get("length") if fields.get("length") in LENGTHS else None,
        fields.get("rounding") if fields.get("rounding") in ROUNDINGS else None,
        tuple(problems),
        tuple(
            (SETTINGS[k].param, value)
            for k in SETTINGS
            if k in fields and (value := SETTINGS[k].read(fields[k])) is not None
        ),
    )


def header_of(
    game: str,
    players: Iterable[str] = (),
    rules: str | None = None,
    length: str | None = None,
    rounding: str | None = None,
    settings: Iterable[tuple[str, str]] = (),
) -> Header:
    """The Header that the game line `header_line(...)` of these values reads as, made
    from the values themselves (a record reader's game start: `mjscore stats`); a value
    the line would not take is one of its `problems`, as read_header says it."""
    given: dict[str, str] = {}
    problems: list[str] = []
    for key, value in settings:
        if key in SETTINGS and key in given:
            problems.append(f"'{key}:{value}' repeats {key}:")
        given.setdefault(key, value)
    fields = {"rules": rules or "", "length": length or "", "rounding": rounding or ""}
    problems[:0] = [
        f"'{key}:{value}' {problem}"
        for key, value in (*((k, v) for k, v in fields.items() if v), *given.items())
        if key in HEADER_KEYS and (problem := _header_value(key, value))
    ]
    return Header(
        game or "-",
        tuple(p or "-" for p in players),
        rules or None,
        length if length in LENGTHS else None,
        rounding if rounding in ROUNDINGS else None,
        tuple(problems),
        tuple(
            (SETTINGS[k].param, value)
            for k in SETTINGS
            if k in given and (value := SETTINGS[k].read(given[k])) is not None
        ),
    )


_UMA_VALUE = re.compile(r"[+-]?[0-9]{1,4}(\.[0-9])?")
_POINTS = re.compile(r"-?[0-9]{1,8}")


def _uma(text: str) -> tuple[float, ...] | None:
    parts = text.split(",")
    if len(parts) < 3 or not all(_UMA_VALUE.fullmatch(p) for p in parts):
        return None
    values = tuple(float(p) for p in parts)
    return values if abs(sum(values)) < 1e-9 else None


def _points(text: str) -> int | None:
    return int(text) if _POINTS.fullmatch(text) else None


def _on_off(text: str) -> bool | None:
    return {"on": True, "off": False}.get(text)


class Setting(NamedTuple):
    """A game setting a `# game` line may state beside its ruleset's: the ledger parameter
    it sets, how its value reads (None: it does not), and what a bad value is told."""

    param: str
    read: Callable[[str], Any]
    problem: str


# The game's own settings, where a record shows them: its room (a Mahjong Soul room's
# detail_rule), its year (Tenhou's uma of 2009, its all-last stop before June 2010) or
# its tournament. One table: the line writer, the reader and the checks use it.
SETTINGS: dict[str, Setting] = {
    "uma": Setting("uma", _uma, "needs the uma first to last, adding up to 0 (uma:20,10,-10,-20)"),
    "tenpai-yame": Setting(
        "tenpai_yame",
        _on_off,
        "takes on or off (the all-last dealer ready and first ends the game)",
    ),
    "start": Setting(
        "start_points", _points, "takes the points each player starts with (start:25000)"
    ),
    "return": Setting(
        "return_points", _points, "takes the points the result counts from (return:30000)"
    ),
    "goal": Setting(
        "goal_points", _points, "takes the points that end the game at all-last (goal:30000)"
    ),
    "bust": Setting("bust", _on_off, "takes on or off (a player below zero ends the game)"),
    "west": Setting("west_extension", _on_off, "takes on or off (the game goes on into West)"),
    "agari-yame": Setting(
        "agari_yame", _on_off, "takes on or off (the all-last dealer's win as first ends the game)"
    ),
}
HEADER_KEYS = ("players", "rules", "length", "rounding", *SETTINGS)


def _header_value(key: str, value: str) -> str:
    """What is wrong with a game line's `key:value` ("" when nothing)."""
    if key == "rules":
        if not value:
            return "names no ruleset (rules:NAME, such as rules:tenhou)"
        try:
            load_ruleset(value)
        except MjscoreError as exc:
            return str(getattr(exc, "message", exc))
    if key == "length" and value not in LENGTHS:
        return f"is not a game length ({', '.join(LENGTHS)})"
    if key == "rounding" and value not in ROUNDINGS:
        return f"is not a rounding of the result ({', '.join(ROUNDINGS)})"
    if key in SETTINGS and SETTINGS[key].read(value) is None:
        return SETTINGS[key].problem
    if key == "players" and not value:
        return "names no player (players:A,B,C,D)"
    return ""


# -- the ledger -----------------------------------------------------------------------------


class Entry(NamedTuple):
    """A line given as values, as a record reader has it: its text (or a parsed Hand or
    DrawnRound) and the round it belongs to, `(game, round, honba)`, as a `# GAME E1-0`
    comment marks a line (two win entries of one place are a double ron)."""

    text: Any
    place: tuple[str, str, int] | None = None


WinSeen = Callable[[int, ScoreResult], None]  # (the input line, the win's result)


class _Item(NamedTuple):
    line: int
    text: Any  # the line, or a parsed Hand or DrawnRound
    place: tuple[str, str, int] | None  # (game, round, honba) from the comment


class _HeaderAt(NamedTuple):
    line: int
    header: Header


def _items(lines: Iterable[Any]) -> Iterator[_Item | _HeaderAt]:
    number = 0
    for entry in lines:
        if isinstance(entry, Entry):
            number += 1
            yield _Item(number, entry.text, entry.place)
            continue
        if isinstance(entry, Header):
            number += 1
            yield _HeaderAt(number, entry)
            continue
        if isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], int):
            number = entry[0] - 1  # (line number, text), as a file reader gives them
            entry = entry[1]
        if not isinstance(entry, str):
            number += 1
            yield _Item(number, entry, None)  # a parsed Hand or DrawnRound (or a mistake)
            continue
        for text in _BREAKS.split(entry) if "\n" in entry or "\r" in entry else (entry,):
            number += 1
            body, hash_, comment = text.partition("#")
            if not body.strip():
                header = read_header(text) if hash_ else None  # a game line is a comment
                if header is not None:
                    yield _HeaderAt(number, header)
                continue
            yield _Item(number, text, _mark(comment) if comment else None)


def games(
    lines: Iterable[Any],
    rules: Rules = DEFAULT_RULESET,
    options: Any = None,
    settings: dict[str, Any] | None = None,
    on_win: WinSeen | None = None,
) -> Iterator[Game]:
    """Every game of the input, in order (a `# game` line, or a `Header`, starts the next
    one); each is given as soon as the next one starts or the input ends. The input:
    text lines, `(line number, text)` pairs, Hands, DrawnRounds, `Entry` values.
    `options`: a dict of option values for every line, or the run's HouseRules.
    `on_win(line, result)` sees each win the ledger scores, as it plays it (`stats`
    counts the yaku of each)."""
    if isinstance(lines, (str, bytes)) or not isinstance(lines, Iterable):
        raise TypeError(
            f"a game takes a text, lines or parsed hands, not {type(lines).__name__}"
            if not isinstance(lines, str)
            else "a game takes lines"
        )
    current: _Ledger | None = None
    for item in _items(lines):
        if isinstance(item, _HeaderAt):
            if current is not None:
                yield current.close()
            current = _Ledger(item.header, rules, options, settings, item.line, on_win)
            continue
        if current is None:
            current = _Ledger(Header(""), rules, options, settings, on_win=on_win)
        current.add(item)
    if current is not None:
        yield current.close()


def game(
    lines: Iterable[Any] | str,
    rules: Rules = DEFAULT_RULESET,
    options: Any = None,
    settings: dict[str, Any] | None = None,
    on_win: WinSeen | None = None,
) -> Game:
    """The ledger of one game (the first of the input)."""
    if isinstance(lines, str):
        lines = [lines]
    for found in games(lines, rules, options, settings, on_win):
        return found
    return _Ledger(Header(""), rules, options, settings).close()


class _Line(NamedTuple):
    """A win line read for the ledger: the item, its hand, the tokens it writes."""

    item: _Item
    hand: Hand
    honba: bool  # the line writes honba:
    sticks: bool  # the line writes sticks:


class _Ledger:
    """The table as it stands while the game's lines come, one round at a time."""

    def __init__(
        self,
        header: Header,
        rules: Rules,
        options: Any,
        settings: dict[str, Any] | None,
        line: int = 0,
        on_win: WinSeen | None = None,
    ) -> None:
        self.header = header
        self.on_win = on_win
        self.problems: list[GameProblem] = []
        self.broken = False
        for problem in header.problems:
            self._fail(line, problem)
        try:
            self.ruleset: Ruleset = ruleset_of(header.rules or rules)
        except MjscoreError:  # the header's problem, said above with its column
            self.ruleset = ruleset_of(rules)
        self.house = options if isinstance(options, HouseRules) else None
        self.options = None if self.house is not None else options
        self.cfg = dict(_game_params(self.ruleset.name))
        if header.length:
            self.cfg["game_length"] = header.length
        if header.rounding:
            self.cfg["result_rounding"] = header.rounding
        self.cfg.update(header.settings)
        self.cfg.update(settings or {})
        self.seats = self.ruleset.seats
        self.n = len(self.seats)
        self.seat_at = {wind: i for i, wind in enumerate(self.seats)}
        named = len(header.players) == self.n
        self.named = named
        self.players = header.players if named else self.seats
        if header.players and not named:
            self.problems.append(
                GameProblem(
                    "note",
                    line,
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
        self.multiple_ron: str | None = None  # the ruleset's rule, once a round needs it

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
        return _round_label(self.kyoku, self.n)

    def _player(self, wind: str, dealer: int) -> int:
        return (dealer + self.seat_at[wind]) % self.n

    def _players(self, dealer: int) -> dict[str, int]:
        """Each seat wind's player in a round that `dealer` deals."""
        n = self.n
        return {wind: (dealer + i) % n for wind, i in self.seat_at.items()}

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
        for item in items:
            if not isinstance(item.text, (str, Hand, DrawnRound)):
                self._fail(
                    item.line,
                    f"not a hand line: a {type(item.text).__name__} "
                    "(a game takes text lines, Hands and DrawnRounds)",
                )
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

    def _check_table(self, item: _Item, rules: str | None, what: str) -> bool:
        """A line of another ruleset must play at a table of the game's size."""
        if not rules or rules == self.ruleset.name:
            return True
        try:
            seats = load_ruleset(rules).seats
        except MjscoreError:
            return True  # the scorer says what is wrong with the name, with its column
        if len(seats) != self.n:
            self._fail(
                item.line,
                _at(
                    item,
                    "rules",
                    f"rules:{rules} plays a table of {len(seats)}, but this game "
                    f"({self.ruleset.name}) is at a table of {self.n}: {what}",
                ),
            )
            return False
        return True

    def _read(self, item: _Item) -> _Line | None:
        """The win line's hand, read leniently about the deposits: a line that leaves out
        `sticks:` but names `riichi-by:` is read with room for them (the ledger fills them
        in, `_fill`)."""
        if isinstance(item.text, Hand):
            return _Line(item, item.text, True, True)
        text: str = item.text
        body = text.partition("#")[0]
        low = body.lower()
        honba, sticks = _writes(body, "honba", low), _writes(body, "sticks", low)
        try:
            if sticks or not _writes(body, "riichi-by", low):
                hand = parse_line(body)
            else:  # room for every stick: the real count is set once the round is known
                hand = parse_line(f"{body} sticks:{self.table + self.n}")
                columns = {k: v for k, v in hand.columns.items() if k != "sticks"}
                hand = replace(hand, text=body, columns=type(hand.columns)(columns))
        except MjscoreError as exc:
            self._fail(item.line, f"not scored: {_located(exc)}")
            return None
        return _Line(item, hand, honba, sticks)

    def _score(self, line: _Line) -> ScoreResult:
        return score_hand(line.hand, self.ruleset, self.options, line.item.line, house=self.house)

    def _check_place(
        self, item: _Item, round_wind: str, honba: int | None, sticks: int | None, new_sticks: int
    ) -> bool:
        """The line's round wind, and the honba and sticks it writes (None: left out, the
        ledger's own), against the table; an error names the token (and its column when
        it is written) and what the game expects."""
        wind = SEATS[(self.kyoku // self.n) % 4]
        expected = self.table + new_sticks
        if round_wind == wind and honba in (None, self.honba) and sticks in (None, expected):
            return True  # the usual line: no message to build
        where = f"the game stands at {self.round_name}-{self.honba}"
        if round_wind != wind:
            self._fail(
                item.line, _at(item, "round", f"round:{round_wind} but {where} (round wind {wind})")
            )
            return False
        if honba is not None and honba != self.honba:
            self._fail(
                item.line,
                _at(item, "honba", f"honba:{honba} but {where}: expected honba:{self.honba}"),
            )
            return False
        if sticks is not None and sticks != self.table + new_sticks:
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
        lines: list[_Line] = []
        for item in items:
            line = self._read(item)
            if line is None:
                return
            if not self._check_table(item, line.hand.ctx.rules, "a line of each game's size"):
                return
            lines.append(line)
        if not self._check_round(lines, dealer):
            return
        player = self._players(dealer)
        riichi: set[int] = set()
        for line in lines:
            ctx = line.hand.ctx
            if ctx.flags & RIICHI_FLAGS:
                riichi.add(player[ctx.seat_wind])
            riichi.update(player[w] for w in ctx.riichi_by)
        taker = self._taker(lines, dealer)
        if taker is None:
            return
        staked = len(riichi) if self.ruleset.params.deposits else 0  # sticks put down
        changes = [0] * self.n
        parts: dict[tuple[int, int], int] = {}  # (reason's rank, player): amount
        winners: list[int] = []
        losers: list[int] = []
        calls: list[str] = []
        values: list[WinValue] = []
        drew = False
        for i, line in enumerate(lines):
            ctx = line.hand.ctx
            takes = i == taker
            honba = ctx.honba if line.honba and takes else None
            sticks = ctx.sticks if line.sticks and takes else None
            if not self._check_place(line.item, ctx.round_wind, honba, sticks, staked):
                return
            honba, sticks = (self.honba, self.table + staked) if takes else (0, 0)
            if (ctx.honba, ctx.sticks) != (honba, sticks):  # left out: the ledger's own
                hand = replace(line.hand, ctx=replace(ctx, honba=honba, sticks=sticks))
                line = line._replace(hand=hand)
            result = self._score(line)
            verdict = result.verdict
            if verdict is None or not result.ok or result.hand is None:
                self._fail(line.item.line, f"not scored: {result.error}")
                return
            if self.on_win is not None:
                self.on_win(line.item.line, result)
            winner = player[ctx.seat_wind]
            if verdict.winner is None:  # a European draw line: nobody won
                drew = True
            for pay in verdict.payments:
                rank = _RANK_OF.get(pay.reason, _WIN)
                if pay.payer in player:
                    key = (rank, player[pay.payer])
                    parts[key] = parts.get(key, 0) - pay.amount
                key = (rank, player[pay.payee])
                parts[key] = parts.get(key, 0) + pay.amount
            for wind, amount in verdict.net.items():
                changes[player[wind]] += amount
            loser = None
            if verdict.discarder and verdict.discarder in player:
                loser = player[verdict.discarder]
                losers.append(loser)
            if verdict.winner is not None:
                winners.append(winner)
                value = _value(winner, loser, result)
                values.append(value)
                calls.append(value.call or f"{value.value:,}")
        deposit = self.cfg["deposit"]
        for p in riichi:
            changes[p] -= deposit
            if deposit:
                parts[(_RIICHI, p)] = parts.get((_RIICHI, p), 0) - deposit
        table_after = 0 if winners else self.table + staked
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
            stops=renchan and bool(winners) and self.cfg["agari_yame"],
            wins=tuple(values),
            parts=_parts(parts, changes),
        )

    def _check_round(self, lines: list[_Line], dealer: int) -> bool:
        """The wins of one round can have happened together: one tsumo, or rons on one
        discard by different players, as many as the ruleset's multiple_ron allows; and
        every ron names its discarder."""
        winners: dict[int, int] = {}
        discarders: dict[int, int] = {}
        tsumo = 0
        for line in lines:
            ctx, item = line.hand.ctx, line.item
            if ctx.seat_wind not in self.seats:
                self._fail(
                    item.line,
                    _at(item, "seat", f"seat:{ctx.seat_wind} is not at a table of {self.n}"),
                )
                return False
            beyond = [w for w in ctx.riichi_by if w not in self.seats]
            if beyond:
                self._fail(
                    item.line,
                    _at(item, "riichi-by", f"riichi-by: names seat {beyond[0]}, not at the table"),
                )
                return False
            if ctx.win_tile < 0:
                continue  # a European draw line
            who = self._player(ctx.seat_wind, dealer)
            if who in winners:
                self._fail(
                    item.line,
                    f"seat:{ctx.seat_wind} wins a second time in one round "
                    f"(first on line {winners[who]})",
                )
                return False
            winners[who] = item.line
            if ctx.tsumo:
                tsumo += 1
                continue
            seat = ctx.discarder_at(self.n)
            if seat is None:
                self._fail(
                    item.line,
                    _at(
                        item,
                        "ron",
                        "a ron in a game names its discarder: add the marker of whose "
                        "discard it was (ron:1z- the left player, = across, + the right)",
                    ),
                )
                return False
            discarders[self._player(seat, dealer)] = item.line
        if tsumo and (tsumo > 1 or discarders):
            self._fail(
                lines[1].item.line,
                "two tsumo wins in one round"
                if tsumo > 1
                else "a tsumo and a ron in one round (only rons on one discard share a round)",
            )
            return False
        if len(discarders) > 1:
            self._fail(
                lines[-1].item.line,
                "rons off two discarders in one round (rons share a round only on one discard)",
            )
            return False
        rons = len(lines) - tsumo
        if self.multiple_ron is None:
            self.multiple_ron = _multiple_ron(
                self.ruleset,
                self.house.for_ruleset(self.ruleset.name) if self.house else self.options,
            )
        rule = self.multiple_ron
        most = {"head_bump": 1, "double": 2}.get(rule, self.n - 1)
        if rons > most:
            self._fail(
                lines[most].item.line,
                f"{rons} rons on one discard, but multiple_ron={rule} allows {most}"
                + (" (three rons are a draw: draw:triple-ron)" if rule == "double" else ""),
            )
            return False
        return True

    def _taker(self, lines: list[_Line], dealer: int) -> int | None:
        """The line that takes the honba and the deposits: the one that writes them, else
        the winner nearest the discarder in turn order (上家取り, as `mjscore import`
        writes a double ron); two lines that write them are an error."""
        writing = [i for i, line in enumerate(lines) if line.honba or line.sticks]
        taking = [i for i in writing if lines[i].hand.ctx.honba or lines[i].hand.ctx.sticks]
        if len(taking) > 1:
            self._fail(
                lines[taking[1]].item.line,
                "a second winner of the round takes the honba or deposits again",
            )
            return None
        if taking or writing:
            return (taking or writing)[0]
        if len(lines) == 1:
            return 0
        ctx = lines[0].hand.ctx
        seat = ctx.discarder_at(self.n)
        if seat is None:
            return 0
        discarder = self._player(seat, dealer)
        return min(
            range(len(lines)),
            key=lambda i: (self._player(lines[i].hand.ctx.seat_wind, dealer) - discarder) % self.n,
        )

    def _draw(self, item: _Item, dealer: int) -> None:
        try:
            drawn = item.text if isinstance(item.text, DrawnRound) else self._read_drawn(item.text)
        except MjscoreError as exc:
            self._fail(item.line, _located(exc))
            return
        if not self._check_table(item, drawn.rules, "a line of each game's size"):
            return
        for key, seats in (
            ("tenpai", drawn.tenpai),
            ("nagashi", drawn.nagashi),
            ("riichi-by", drawn.riichi_by),
        ):
            beyond = [s for s in seats if s not in self.seats]
            if beyond:
                self._fail(
                    item.line, _at(item, key, f"seat {beyond[0]} is not at a table of {self.n}")
                )
                return
        if not self._check_draw(item, drawn):
            return
        riichi = [self._player(w, dealer) for w in drawn.riichi_by]
        text = item.text if isinstance(item.text, str) else ""
        body = text.partition("#")[0]
        low = body.lower()
        written = isinstance(item.text, DrawnRound)
        honba = drawn.honba if written or _writes(body, "honba", low) else None
        sticks = drawn.sticks if written or _writes(body, "sticks", low) else None
        staked = len(riichi) if self.ruleset.params.deposits else 0
        if not self._check_place(item, drawn.round_wind, honba, sticks, staked):
            return
        changes = [0] * self.n
        parts: dict[tuple[int, int], int] = {}  # (reason's rank, player): amount
        for a, b, amount, reason in draw_payments(
            drawn, self.seats, self.cfg["noten_total"], self.cfg["mangan_base"]
        ):
            pa, pb = self._player(a, dealer), self._player(b, dealer)
            rank = _RANK[reason]
            changes[pa] -= amount
            changes[pb] += amount
            parts[(rank, pa)] = parts.get((rank, pa), 0) - amount
            parts[(rank, pb)] = parts.get((rank, pb), 0) + amount
        for p in riichi:
            changes[p] -= self.cfg["deposit"]
            if self.cfg["deposit"]:
                parts[(_RIICHI, p)] = parts.get((_RIICHI, p), 0) - self.cfg["deposit"]
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
            self.table + staked,
            renchan,
            winners=nagashi,
            tenpai=tenpai,
            riichi=tuple(sorted(riichi)),
            detail=drawn.kind,
            stops=renchan
            and drawn.kind in (EXHAUSTIVE, NAGASHI)
            and dealer in tenpai
            and self.cfg["tenpai_yame"],
            parts=_parts(parts, changes),
        )

    def _read_drawn(self, text: str) -> DrawnRound:
        """A drawn-round line, `sticks:` left out read with room for its riichi (as `_read`)."""
        body = text.partition("#")[0]
        low = body.lower()
        writes_sticks = _writes(body, "sticks", low)
        if writes_sticks or not _writes(body, "riichi-by", low):
            drawn = parse_drawn(text)
        else:
            drawn = replace(parse_drawn(f"{body} sticks:{self.table + self.n}"), text=text)
        staked = len(drawn.riichi_by) if self.ruleset.params.deposits else 0
        sticks = drawn.sticks if writes_sticks else self.table + staked
        honba = drawn.honba if _writes(body, "honba", low) else self.honba
        if (honba, sticks) == (drawn.honba, drawn.sticks):
            return drawn
        return replace(drawn, honba=honba, sticks=sticks)

    def _check_draw(self, item: _Item, drawn: DrawnRound) -> bool:
        """A drawn round that cannot have happened: a four-riichi draw without four
        players in riichi, a player in riichi not ready at the end of the wall."""
        if drawn.kind == FOUR_RIICHI and len(set(drawn.riichi_by)) != 4:
            self._fail(
                item.line,
                _at(
                    item,
                    "draw",
                    "draw:four-riichi needs all four players in riichi this round "
                    f"(riichi-by:E,S,W,N), not {len(set(drawn.riichi_by))}"
                    + (" (a table of three has no four-riichi draw)" if self.n == 3 else ""),
                ),
            )
            return False
        if (
            drawn.kind in (EXHAUSTIVE, NAGASHI)
            and self.ruleset.scoring == "han_fu"
            and not set(drawn.riichi_by) <= set(drawn.tenpai)
        ):
            noten = [s for s in drawn.riichi_by if s not in drawn.tenpai]
            self._fail(
                item.line,
                _at(
                    item,
                    "riichi-by",
                    f"riichi-by: names {','.join(noten)} in riichi but not ready (tenpai:): "
                    "a player in riichi is ready at the end of the wall",
                ),
            )
            return False
        return True

    def _close_round(
        self,
        result: str,
        changes: list[int],
        dealer: int,
        items: list[_Item],
        table_after: int,
        renchan: bool,
        stops: bool = False,
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
        self._maybe_end(played, renchan, dealer, stops)

    def _maybe_end(self, played: int, renchan: bool, dealer: int, stops: bool) -> None:
        """`stops`: the dealer repeats on what may end all-last (a win under agari_yame,
        a ready hand under tenpai_yame)."""
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
            if stops and top == dealer and reached:
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
            self.named,
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


def _value(winner: int, loser: int | None, result: ScoreResult) -> WinValue:
    """A win's value as the round report says it (the call as the table says it)."""
    verdict = result.verdict
    if verdict is None:  # the ledger takes only results with a verdict
        return WinValue(winner, loser, 0)
    score = verdict.score
    call = call_text(verdict.payments, verdict.value)
    return WinValue(
        winner,
        loser,
        verdict.value or 0,
        score.han,
        score.fu,
        score.limit,
        score.yakuman or 0,
        call or "",
    )


def _parts(parts: dict[tuple[int, int], int], changes: list[int]) -> tuple[Part, ...]:
    """The round's parts, keyed (reason's rank, player), in that order, none of 0; where
    the payments do not add up to the changes (a ruleset whose payments are not
    itemised), the rest is the win's."""
    rest = list(changes)
    for (_, p), amount in parts.items():
        rest[p] -= amount
    for p, amount in enumerate(rest):
        if amount:
            parts[(_WIN, p)] = parts.get((_WIN, p), 0) + amount
    return tuple(
        Part(p, PART_REASONS[rank], amount) for (rank, p), amount in sorted(parts.items()) if amount
    )


def _multiple_ron(ruleset: Ruleset, options: Any) -> str:
    try:
        return str(ruleset.resolve_options(options).get("multiple_ron", "all"))
    except MjscoreError:
        return str(ruleset.resolve_options().get("multiple_ron", "all"))


def _writes(body: str, key: str, low: str | None = None) -> bool:
    """Whether a line's body writes the token `key:` (in any case); `low`: the body
    lowered, where the caller asks for several keys."""
    low = body.lower() if low is None else low
    at = low.find(f"{key}:")
    while at >= 0:
        if at == 0 or low[at - 1].isspace():
            return True
        at = low.find(f"{key}:", at + 1)
    return False


def _located(exc: MjscoreError) -> str:
    """A notation error as `column N: message`, as the scorer's results say it."""
    column = getattr(exc, "column", None)
    message = getattr(exc, "message", str(exc))
    return (
        f"column {column}: {message}" if column and not str(exc).startswith("column") else str(exc)
    )


def _at(item: _Item, key: str, message: str) -> str:
    """`column 41: ...` when the line writes the token `key:`, else the message alone."""
    text = item.text if isinstance(item.text, str) else ""
    body = text.partition("#")[0]
    low = body.lower()
    at = next(
        (
            i
            for i in range(len(low))
            if low.startswith(f"{key}:", i) and (i == 0 or low[i - 1].isspace())
        ),
        -1,
    )
    return f"column {at + 1}: {message}" if at >= 0 else f"{message} (no {key}: token)"


def _is_draw(item: _Item) -> bool:
    return isinstance(item.text, DrawnRound) or (
        isinstance(item.text, str) and is_drawn_line(item.text)
    )


_PARAMS = (
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
    "tenpai_yame",
    "renchan_on_abort",
    "noten_total",
    "deposit",
    "mangan_base",
    "game_result",
    "renchan",
)


@lru_cache(maxsize=32)
def _game_params(name: str) -> dict[str, Any]:
    """The game's numbers the ruleset `name` plays by (a game copies them: its line may
    change some), read once a ruleset."""
    p = load_ruleset(name).params
    params = {k: getattr(p, k) for k in _PARAMS}
    if not p.deposits:  # riichi is free (Kansai Boo): no stick goes to the table
        params["deposit"] = 0
    return params


@lru_cache(maxsize=64)
def _round_label(kyoku: int, n: int) -> str:
    """The round `kyoku` (0 = E1) at a table of `n`: `E1` .. `N4`."""
    return f"{SEATS[(kyoku // n) % 4]}{kyoku % n + 1}"


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
