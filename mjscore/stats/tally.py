"""Counting an archive: games from record items or `# game` lines, each followed by the
`game` ledger, each win scored once (the ledger's own score of it), into a `Summary`.

A game is held as long as its lines come (a record file's game, a game of a line file),
then counted and dropped: the summary keeps counts only. The definitions of the figures
are docs/stats.md's; where a figure needs what only a record's events say (the calls of
players who did not win, the turn of a win), the rounds of line files are left out of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ..base.tiles import SEATS
from ..core.drawn import is_drawn_line
from ..ledger import Entry, Game, Header, game, games, read_header
from ..ledger.game import RIICHI_FLAGS
from ..records.check import check_win, compare
from ..records.draws import Drawn, GameStart
from ..records.model import Problem, RoundPlay, Win
from .counts import HandCounts, PlayerCounts

DRAWN = ("draw", "nagashi", "abort")  # a round's results that are draws
EXHAUSTIVE = ("draw", "nagashi")  # ... that ran to the end of the wall
LINES_KEPT = 1000  # the lines of one game kept to score those the ledger did not reach
PROBLEMS_KEPT = 1000  # the problems of one input said; the rest are counted


class Filters:
    """Which games and players count: `players` (names; none: every player), `rules` (the
    ruleset, and the three-player rules of its platform: `tenhou` keeps the `sanma` games
    too; games that name none are played by it), `room`, `length` (east, south), `seats`
    (3 or 4)."""

    __slots__ = ("players", "rules", "room", "length", "seats", "family")

    def __init__(
        self,
        players: Iterable[str] = (),
        rules: str | None = None,
        room: str | None = None,
        length: str | None = None,
        seats: int | None = None,
    ) -> None:
        self.players = frozenset(players)
        self.rules, self.room, self.length, self.seats = rules, room, length, seats
        self.family = _family(rules) if rules is not None else frozenset()

    def wants(self, name: str) -> bool:
        return not self.players or name in self.players

    def keeps(self, rules: str, length: str, seats: int, room: str = "") -> bool:
        """Whether a game of these rules, length, table size and room is counted."""
        return (
            (self.rules is None or rules in self.family)
            and (self.length is None or length == self.length)
            and (self.seats is None or seats == self.seats)
            and (self.room is None or room == self.room)
        )


def _family(rules: str) -> frozenset[str]:
    """A ruleset and, where it is the ruleset of a platform's four-player records, that
    platform's three-player one (its file's `records_of` and `three_players`: tenhou and
    sanma, mahjongsoul and mahjongsoul-sanma)."""
    from ..base.errors import RulesetError
    from ..engine.catalog import load_ruleset

    try:
        ruleset = load_ruleset(rules)
    except RulesetError:
        return frozenset({rules})
    if ruleset.records_of and ruleset.params.players == 4 and ruleset.three_players:
        return frozenset({rules, ruleset.three_players})
    return frozenset({rules})


class Summary:
    """The counts of some games and hands, and what was met while reading them."""

    __slots__ = (
        "players",
        "hands",
        "files",
        "games",
        "skipped",
        "broken",
        "problems",
        "unsaid",
        "errors",
    )

    def __init__(self) -> None:
        self.players: dict[str, PlayerCounts] = {}
        self.hands = HandCounts()
        self.files = 0  # inputs read
        self.games = 0  # games counted
        self.skipped = 0  # games the filters leave out
        self.broken = 0  # games the ledger could not follow to their end (an error)
        # what to say on stderr, in order: (kind, message), kind "error" or "note"
        self.problems: list[tuple[str, str]] = []
        self.unsaid = 0  # problems past PROBLEMS_KEPT: counted, not kept
        self.errors = 0  # problems of kind "error" (the run fails)

    @property
    def failed(self) -> bool:
        return self.errors > 0

    def problem(self, kind: str, message: str) -> None:
        """A problem to say on stderr (at most PROBLEMS_KEPT an input; the rest counted)."""
        self.errors += kind == "error"
        if len(self.problems) < PROBLEMS_KEPT:
            self.problems.append((kind, message))
        else:
            self.unsaid += 1

    def player(self, name: str) -> PlayerCounts:
        found = self.players.get(name)
        if found is None:
            found = self.players[name] = PlayerCounts()
        return found

    def merge(self, other: Summary) -> None:
        """`other`'s counts after this one's (its problems are the caller's to say)."""
        for name, counts in other.players.items():
            self.player(name).merge(counts)
        self.hands.merge(other.hands)
        self.files += other.files
        self.games += other.games
        self.skipped += other.skipped
        self.broken += other.broken


# -- one game ---------------------------------------------------------------------------------


def count_game(
    summary: Summary,
    g: Game,
    filters: Filters,
    results: dict[int, Any],
    plays: dict[tuple[str, int], RoundPlay] | None = None,
) -> None:
    """The players' figures of one game the ledger followed (`results`: each win line's
    ScoreResult, by input line; `plays`: each round's RoundPlay, where the record has them)."""
    names = g.players
    n = len(names)
    wanted = [p for p in range(n) if filters.wants(names[p])]
    if not wanted:
        return
    closed = {line: _dama(result) for line, result in results.items()}
    for p in wanted:
        c = summary.player(names[p])
        c.games += 1
        c.rounds += len(g.rounds)
        c.seats = max(c.seats, n)
        if g.ended:
            c.ended += 1
            c.placements[g.placement[p] - 1] += 1
            c.result = round(c.result + g.result[p], 1) + 0.0
            c.trend.add(g.result[p])
    for r in g.rounds:
        play = plays.get((r.round, r.honba)) if plays else None
        won = _winners(r, results, closed)
        for p in wanted:
            c = summary.players[names[p]]
            if play is not None:
                c.play_rounds += 1
                c.calls += play.calls[p] > 0
            if p in r.riichi:
                c.riichi += 1
            if p in r.losers:
                c.deal_ins += 1
                c.deal_in_value -= sum(
                    part.amount for part in r.parts if part.player == p and part.reason == "win"
                )
            if r.result in DRAWN:
                c.draws += 1
                if r.result in EXHAUSTIVE:
                    c.exhaustive += 1
                    c.ready += p in r.tenpai
            for w, dama in won:
                if w.winner != p:
                    continue
                c.wins += 1
                c.tsumo += w.loser is None
                c.dama += dama
                c.win_value += w.value
                if w.yakuman:
                    c.yakuman += 1
                elif w.han is not None:
                    c.han += w.han
                    c.han_wins += 1
                if play is not None:
                    c.turns += play.discards[p]
                    c.turn_wins += 1


def _winners(r: Any, results: dict[int, Any], closed: dict[int, bool]) -> list:
    """The round's wins (WinValue) with whether each was won closed without riichi (from
    the win's scored hand: `results` by input line, in the order of the round's lines)."""
    dama = [closed[line] for line in r.lines if line in closed and _won(results[line])]
    if len(dama) != len(r.wins):  # the lines are not all the ledger's own (cannot be)
        dama = [False] * len(r.wins)
    return list(zip(r.wins, dama, strict=True))


def _won(result: Any) -> bool:
    return result.verdict is not None and result.verdict.winner is not None


def _dama(result: Any) -> bool:
    """A win with a closed hand (no chi, pon or open kan) and no riichi."""
    hand = result.hand
    if hand is None:
        return False
    return not hand.ctx.flags & RIICHI_FLAGS and not any(m.is_open for m in hand.holding.melds)


def winner_of(source_round: str, seat_wind: str, n: int) -> int:
    """The player (seating order from the first dealer) who sits `seat_wind` in the round
    `source_round` (`E1`..) at a table of `n`."""
    dealer = (int(source_round[1:]) - 1) % n
    return (dealer + SEATS.index(seat_wind)) % n


# -- record files -----------------------------------------------------------------------------


def count_records(
    items: Iterable[Any], filters: Filters, summary: Summary, rules: str = "tenhou"
) -> None:
    """The games of a record file's items (`records.read_hands(..., games=True)`), each as
    soon as the next starts; `rules`: the ruleset of games that name none."""
    start: GameStart | None = None
    held: list[Any] = []
    for item in items:
        if isinstance(item, GameStart):
            if start is not None or held:
                _record_game(start, held, filters, summary, rules)
            start, held = item, []
        elif isinstance(item, Problem):
            summary.problem("error" if item.kind == "error" else "note", str(item))
        elif isinstance(item, (Win, Drawn, RoundPlay)):
            held.append(item)
    if start is not None or held:
        _record_game(start, held, filters, summary, rules)


def _record_game(
    start: GameStart | None, items: list[Any], filters: Filters, summary: Summary, rules: str
) -> None:
    """One record game: followed by the ledger, its players counted, and every win in the
    hands' figures (the ledger's score of it; where the ledger stopped at an error, the win
    scored alone as `check` scores it) and held against the record's verdict."""
    header = start.header_value() if start is not None else None
    played = (start.rules if start is not None else "") or rules
    n = len(start.players) if start is not None else 4
    length = start.length if start is not None else ""
    room = start.room if start is not None else ""
    if not filters.keeps(played, length, n, room):
        summary.skipped += 1
        return
    entries: list[Any] = [header] if header is not None else []
    wins: dict[int, Win] = {}
    plays: dict[tuple[str, int], RoundPlay] = {}
    for item in items:
        if isinstance(item, RoundPlay):
            plays[(item.source.round, item.source.honba)] = item
            continue
        s = item.source
        # a win as the value the reader built (no second parse), a drawn round as its line
        hand = item.hand if isinstance(item, Win) else None
        entries.append(Entry(hand if hand is not None else item.line, (s.game, s.round, s.honba)))
        if isinstance(item, Win):
            wins[len(entries)] = item
    results: dict[int, Any] = {}
    g = game(entries, rules=rules, on_win=results.__setitem__)
    _game_problems(summary, g, start.file if start is not None else "", numbered=False)
    if g.ok:
        summary.games += 1
        count_game(summary, g, filters, results, plays)
    else:
        summary.broken += 1
    for line, win in wins.items():
        result = results.get(line)
        if result is None:
            result = check_win(win).result
        if filters.players:
            who = _named_winner(g, win.source.round, result, n)
            if who is None or not filters.wants(who):
                continue
        summary.hands.add(result)
        _compared(summary, win, result)


def _named_winner(g: Game, round_: str, result: Any, n: int) -> str | None:
    hand = result.hand
    if hand is None or len(g.players) != n:
        return None
    return g.players[winner_of(round_, hand.ctx.seat_wind, n)]


def _compared(summary: Summary, win: Win, result: Any) -> None:
    hands = summary.hands
    hands.compared += 1
    if compare(win, result):
        if win.rules:
            hands.rules += 1
        else:
            hands.differ += 1


def _game_problems(summary: Summary, g: Game, where: str, numbered: bool = True) -> None:
    """The ledger's problems of a game, as `mjscore game` says them: `FILE:LINE: game NAME:
    message` (`numbered`: the input is lines, each problem names its own); a problem of
    the whole game names its game in its message."""
    for p in g.problems:
        place = f"{where}:{p.line}" if numbered and p.line else where
        named = f"game {g.game}: " if p.line and g.game else ""
        text = f"{named}{p.message}"
        summary.problem(p.kind, f"{place}: {text}" if place else text)


# -- files of lines ------------------------------------------------------------------------------


def count_lines(
    lines: Iterable[tuple[int, str]],
    filters: Filters,
    summary: Summary,
    name: str,
    rules: str = "riichi",
) -> None:
    """A file of lines: the games of a file whose first hand line follows a `# game` line
    (as `import` writes them), else the hands of a hand file (no players)."""
    lines = iter(lines)
    head: list[tuple[int, str]] = []
    is_games = False
    for number, text in lines:
        head.append((number, text))
        body, hash_, _ = text.partition("#")
        if body.strip():
            break
        if hash_ and read_header(text) is not None:
            is_games = True
            break
    source = _chain(head, lines)
    if is_games:
        _count_game_lines(source, filters, summary, name, rules)
    else:
        count_hands(source, summary, rules)


def _chain(head: list[tuple[int, str]], rest: Iterator[tuple[int, str]]) -> Iterator:
    yield from head
    yield from rest


def count_hands(lines: Iterable[tuple[int, str]], summary: Summary, rules: str = "riichi") -> None:
    """A hand file: each hand line scored under `rules` (a line may name its own), counted
    in the hands' figures; blank, comment and drawn-round lines are passed over."""
    from ..engine.loop import score_line

    for number, text in lines:
        body = text.partition("#")[0]
        if not body.strip() or is_drawn_line(body):
            continue
        summary.hands.add(score_line(text, rules=rules, line_no=number))


def _count_game_lines(
    lines: Iterable[tuple[int, str]], filters: Filters, summary: Summary, name: str, rules: str
) -> None:
    headers: list[Header] = []
    kept: list[list[tuple[int, str]]] = []  # each game's lines (its first LINES_KEPT)

    def watched() -> Iterator[tuple[int, str]]:
        for number, text in lines:
            body, hash_, _ = text.partition("#")
            if not body.strip():
                header = read_header(text) if hash_ else None
                if header is not None:
                    headers.append(header)
                    kept.append([])
            elif kept and len(kept[-1]) < LINES_KEPT:
                kept[-1].append((number, text))
            yield number, text

    results: dict[int, Any] = {}
    for g in games(watched(), rules=rules, on_win=results.__setitem__):
        header = headers.pop(0) if headers else Header("")
        own = kept.pop(0) if kept else []
        _game_problems(summary, g, name)
        n = len(g.players)
        length = header.length or _default_length(g.rules)
        if filters.keeps(g.rules, length, n):
            if g.ok:
                summary.games += 1
                count_game(summary, g, filters, results)
            else:
                summary.broken += 1
            _line_hands(summary, g, own, results, filters)
        else:
            summary.skipped += 1
        results.clear()


def _line_hands(
    summary: Summary,
    g: Game,
    own: list[tuple[int, str]],
    results: dict[int, Any],
    filters: Filters,
) -> None:
    """The wins of a game of lines: the ledger's scores, and where it stopped at an error,
    the win lines after it scored alone."""
    from ..engine.loop import score_line

    n = len(g.players)
    for number, text in own:
        if is_drawn_line(text.partition("#")[0]):
            continue
        result = results.get(number)
        if result is None:
            if g.ok:
                continue  # a line the ledger read but did not score as a win (a draw line)
            result = score_line(text.partition("#")[0], rules=g.rules, line_no=number)
        if result.verdict is not None and result.verdict.winner is None:
            continue  # a European washout line: no winner
        if filters.players:
            mark = _round_of(text)
            who = _named_winner(g, mark, result, n) if mark else None
            if who is None or not filters.wants(who):
                continue
        summary.hands.add(result)


def _round_of(text: str) -> str | None:
    from ..ledger import read_mark

    place = read_mark(text)
    return place[1] if place else None


def _default_length(rules: str) -> str:
    from ..engine.catalog import load_ruleset

    return str(load_ruleset(rules).params.game_length)
