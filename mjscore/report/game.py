"""`mjscore game` output: a game's ledger as a report for people, JSON Lines, JSON or TSV.

Written a game at a time (`GameWriter`), as the ledger closes each one: a run that is
stopped keeps every game before the stop, and a JSON array is closed.

The report keeps every number and name whole at any width from 40 columns: the
players named (P1.. in seating order from the first dealer, then their names), one row
per round in a table whose columns never break (the round's words above its row where
they do not fit beside it; below about 70 columns a row of changes and a row of totals),
a chart of every player's points after each round (`--no-chart` leaves it out), then
the standings with the result's parts (raw points, uma, oka). Names, game names and
messages come from the input: each goes through `safe` where it is written.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TextIO

from ..base.text import safe
from . import COMMAND_FORMATS, tsv_cell
from .chart import Line as _Line
from .chart import cells, line_chart, write_lines
from .chart import pad as _pad

if TYPE_CHECKING:
    from ..ledger import Game, Round, WinValue

FORMATS = COMMAND_FORMATS["game"]
TSV_HEADER = (
    "type",
    "game",
    "round",
    "honba",
    "sticks",
    "result",
    "changes",
    "scores",
    "placement",
    "uma_result",
    "player_1",
    "player_2",
    "player_3",
    "player_4",
)
# one encoder for every record (json.dumps builds one a call); the records hold no cycle
_ENCODE = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
_KEEP = "\u00a0"  # a blank _wrap never breaks at (`供託 1本`): written as a blank


def _signed(n: int) -> str:
    from .lang import number

    return number(n, sign=True)


def _points(n: int) -> str:
    from .lang import number

    return number(n)


def _result_text(x: float) -> str:
    """As Tenhou shows it: `+50.5`, `-14.0`, `0.0`."""
    return f"{x:+.1f}" if x else "0.0"


# -- the words of a round ----------------------------------------------------------------------


def _tags(g: Game) -> list[str]:
    return [f"P{i + 1}" for i in range(len(g.players))]


def _value_words(w: WinValue, rules: str) -> str:
    """A win's value as the table names it: `mangan 8,000`, `30 fu 2 han 2,000`,
    `yakuman 32,000` (Japanese: `満貫 8000`, `30符2飜 2000`)."""
    from .lang import japanese

    amount = _points(w.value)
    if japanese():
        from .words_ja import score_words

        said = score_words(w.han, w.fu, w.limit, w.yakuman, rules)
        return f"{said}{_KEEP}{amount}" if said else amount
    if w.yakuman:
        said = "yakuman" if w.yakuman == 1 else f"{w.yakuman}× yakuman"
    elif w.limit:
        said = w.limit
    elif w.han is not None and w.fu is not None:
        said = f"{w.fu}{_KEEP}fu {w.han}{_KEEP}han"
    elif w.han is not None:
        said = f"{w.han}{_KEEP}han"
    else:
        return amount
    return f"{said} {amount}".replace(" ", _KEEP)


def _total(r: Round, reason: str) -> int:
    """What the round's `reason` brought in (the positive side of its parts)."""
    return sum(p.amount for p in r.parts if p.reason == reason and p.amount > 0)


def _extras(g: Game, r: Round) -> list[str]:
    """Every change of the round that is not the hand itself: the honba and the sticks
    taken, the noten payments, the riichi sticks put down."""
    from .lang import japanese

    p, ja = _tags(g), japanese()
    out = []
    for reason, en, jp in (
        ("honba", "honba", "積み棒"),
        ("deposits", "sticks", "供託"),
        ("noten", "noten", "不聴罰符"),
    ):
        amount = _total(r, reason)
        if amount:
            out.append(f"{jp if ja else en}{_KEEP}{_signed(amount)}")
    riichi = [p[x.player] for x in r.parts if x.reason == "riichi"]
    if riichi:
        out.append(("立直" if ja else "riichi") + _KEEP + _KEEP.join(riichi))
    return out


def _how(g: Game, r: Round) -> str:
    """Who won off whom and for how much, or the draw, then the other changes and the
    sticks left: `P4 ron P3 mangan 8,000 · honba +300`, `draw; ready P1 P3 · 1 on table`."""
    from .lang import japanese

    p = _tags(g)
    if japanese():
        said = _how_ja(g, r, p)
    elif r.result == "win":
        values = {w.winner: w for w in r.wins}
        wins = []
        for i, w in enumerate(r.winners):
            loser = r.losers[min(i, len(r.losers) - 1)] if r.losers else None
            won = f"{p[w]} ron {p[loser]}" if loser is not None else f"{p[w]} tsumo"
            if w in values:
                won += " " + _value_words(values[w], g.rules)
            wins.append(won)
        said = ", ".join(wins)
    elif r.result == "abort":
        said = f"abort: {r.detail}"
    else:
        ready = " ".join(p[t] for t in r.tenpai) or "none"
        if r.result == "nagashi":
            amount = _total(r, "nagashi")
            said = f"nagashi {' '.join(p[w] for w in r.winners)} {_signed(amount)}; ready {ready}"
        else:
            said = f"draw; ready {ready}"
    return " · ".join([said, *_extras(g, r)]) + _sticks(r.sticks)


def _how_ja(g: Game, r: Round, p: list[str]) -> str:
    """The round as Tenhou's and Mahjong Soul's result screens say it: `P4 ロン (放銃 P3)
    満貫 8000`, `P2 ツモ`, `流局 (聴牌 P1 P3)`, `流し満貫 P1`, `途中流局 九種九牌`."""
    from .words_ja import ABORTIVE_DRAW, ALL_READY, DRAW_KINDS, NONE_READY

    values = {w.winner: w for w in r.wins}

    def worth(w: int) -> str:
        return f" {_value_words(values[w], g.rules)}" if w in values else ""

    if r.result == "win":
        if not r.losers:
            return "、".join(f"{p[w]} ツモ{worth(w)}" for w in r.winners)
        losers = [r.losers[min(i, len(r.losers) - 1)] for i in range(len(r.winners))]
        if len(set(losers)) == 1 and len(r.winners) > 1:  # one discard, two rons (ダブロン)
            return "、".join(f"{p[w]} ロン{worth(w)}" for w in r.winners) + (
                f" (放銃{_KEEP}{p[losers[0]]})"
            )
        return "、".join(
            f"{p[w]} ロン (放銃{_KEEP}{p[x]}){worth(w)}"
            for w, x in zip(r.winners, losers, strict=True)
        )
    if r.result == "abort":
        return f"{ABORTIVE_DRAW} {DRAW_KINDS.get(r.detail, r.detail)}"
    if len(r.tenpai) == len(g.players):
        ready = ALL_READY
    elif r.tenpai:
        ready = "聴牌 " + " ".join(p[t] for t in r.tenpai)
    else:
        ready = NONE_READY
    if r.result == "nagashi":
        said = f"{DRAW_KINDS['nagashi']} {' '.join(p[w] for w in r.winners)}"
        return f"{said} (聴牌 {' '.join(p[t] for t in r.tenpai)})" if r.tenpai else said
    if not _keeps(g.rules, "tenpai"):  # European, Chinese Official: nobody is ready
        return DRAW_KINDS["exhaustive"]
    return f"{DRAW_KINDS['exhaustive']} ({ready})"


def _keeps(rules: str, what: str) -> bool:
    """Whether the game's ruleset keeps honba counters (`honba`) or ready hands at a draw
    (`tenpai`: the riichi family)."""
    from ..base.errors import MjscoreError
    from ..engine.catalog import load_ruleset

    try:
        ruleset = load_ruleset(rules)
    except MjscoreError:  # a ruleset the ledger has already reported
        return True
    return ruleset.params.honba if what == "honba" else ruleset.scoring == "han_fu"


def _place(g: Game, r: Round) -> str:
    from .lang import japanese

    if not japanese():
        return f"{r.round}-{r.honba}"
    from .words_ja import round_words

    return round_words(r.round, r.honba if _keeps(g.rules, "honba") else None)


def _sticks(n: int) -> str:
    from .lang import japanese

    if not n:
        return ""
    return f" ·{_KEEP}供託{_KEEP}{n}本" if japanese() else f" · {n}{_KEEP}on{_KEEP}table"


# -- the report ---------------------------------------------------------------------------------


def _plain(lines: list[str]) -> list[_Line]:
    return [_Line(t) for t in lines]


def text(games: list[Game], width: int, chart: bool = True) -> str:
    """The report of some games as plain text (no colour)."""
    out: list[str] = []
    for g in games:
        if out:
            out.append("")
        out += [line.text for line in game_lines(g, width, chart)]
    return "\n".join(out) + "\n" if out else ""


def game_lines(g: Game, width: int, chart: bool = True) -> list[_Line]:
    """One game's report, line by line, none wider than `width` (from 40)."""
    from .lang import japanese

    ja = japanese()
    name = safe(g.game or "-")
    if ja:
        head = _wrap(f"対局 {name}", width) + _wrap(
            f"ルール {g.rules} · 開始 {_points(g.start[0])}点", width
        )
    else:
        head = _wrap(f"game {name}", width) + _wrap(
            f"rules {g.rules} · start {_points(g.start[0])}", width
        )
    lines = _plain(head)
    for i, player in enumerate(g.players):
        tag = f"  P{i + 1}"
        lines.append(_Line(f"{tag}  {safe(player)}", [(2, len(tag), i)]))
    lines.append(_Line(""))
    lines += _plain(_table(g, width))
    if chart and g.rounds:
        lines.append(_Line(""))
        lines += _chart(g, width)
    lines.append(_Line(""))
    lines += _plain(_standings(g, width))
    for problem in g.problems:
        if problem.kind == "error":  # error messages stay English, whatever the language
            lines += _plain(_wrap(f"error: {safe(str(problem))}", width))
    return lines


def _table(g: Game, width: int) -> list[str]:
    """A row per round: its place, its words and each player's change and total. Where the
    words do not fit beside the numbers they go on a line of their own above the row;
    where a change and its total do not fit side by side, they are two rows."""
    from .lang import japanese

    ja = japanese()
    n = len(g.players)
    hows = [safe(_how(g, r)) for r in g.rounds]
    places = [_place(g, r) for r in g.rounds]
    place_w = max([cells(p) for p in places] + [cells("局" if ja else "round")]) + 2
    pairs = [
        f"{_signed(c)} {_points(s)}"
        for r in g.rounds
        for c, s in zip(r.changes, r.scores, strict=True)
    ]
    pair_w = max([cells(x) for x in pairs] + [cells(_points(s)) for s in g.start]) + 2
    head_p = [_pad(f"P{i + 1}", pair_w, right=True) for i in range(n)]
    lines: list[str] = []
    if place_w + n * pair_w <= width:
        how_w = min(max([cells(h) for h in hows] + [0]) + 2, width - place_w - n * pair_w)
        how_w = how_w if how_w >= 12 else 0
        how_head = _pad("内容" if ja else "how", how_w) if how_w else ""
        lines.append((_pad("局" if ja else "round", place_w) + how_head + "".join(head_p)).rstrip())
        lines.append(
            _pad("開始" if ja else "start", place_w + how_w)
            + "".join(_pad(_points(s), pair_w, right=True) for s in g.start)
        )
        for r, place, how in zip(g.rounds, places, hows, strict=True):
            numbers = "".join(
                _pad(f"{_signed(c)} {_points(s)}", pair_w, right=True)
                for c, s in zip(r.changes, r.scores, strict=True)
            )
            if how_w and cells(how) <= how_w - 1:
                lines.append(_pad(place, place_w) + _pad(how.replace(_KEEP, " "), how_w) + numbers)
            else:
                lines += _wrap(f"{_pad(place, place_w)}{how}", width)
                lines.append(" " * (place_w + how_w) + numbers)
        return lines
    # narrow: the words, then a row of changes and a row of totals under the players
    cell_w = max(cells(x) for r in g.rounds for x in map(_signed, r.changes)) if g.rounds else 0
    cell_w = max([cell_w, *(cells(_points(s)) for r in g.rounds for s in r.scores)]) + 1
    cell_w = max(cell_w, *(cells(_points(s)) + 1 for s in g.start))
    indent = max(0, min(6, width - n * cell_w))
    if indent + n * cell_w > width:  # wider numbers than any game has: a line a player
        return _blocks(g, places, hows, width)
    lines.append(" " * indent + "".join(_pad(f"P{i + 1}", cell_w, right=True) for i in range(n)))
    start = _pad("開始" if ja else "start", indent)
    lines.append(
        (start if cells(start) <= indent else " " * indent)
        + "".join(_pad(_points(s), cell_w, right=True) for s in g.start)
    )
    for r, place, how in zip(g.rounds, places, hows, strict=True):
        lines += _wrap(f"{place}  {how}", width)
        lines.append(
            " " * indent + "".join(_pad(_signed(c), cell_w, right=True) for c in r.changes)
        )
        lines.append(" " * indent + "".join(_pad(_points(s), cell_w, right=True) for s in r.scores))
    return lines


def _blocks(g: Game, places: list[str], hows: list[str], width: int) -> list[str]:
    lines: list[str] = []
    for r, place, how in zip(g.rounds, places, hows, strict=True):
        lines += _wrap(f"{place}  {how}", width)
        for i, (c, s) in enumerate(zip(r.changes, r.scores, strict=True)):
            lines.append(
                f"  P{i + 1}  {_pad(_signed(c), 8, right=True)}  {_pad(_points(s), 9, right=True)}"
            )
    return lines


def _chart(g: Game, width: int) -> list[_Line]:
    """Each player's points after every round, as a line chart (chart.line_chart): the
    player's number (1-4) where its points stand, `*` where two meet; the scale on the
    left, the rounds along the bottom (the start, then each round; every k-th where they
    are more than the columns)."""
    from .lang import japanese

    n = len(g.players)
    title = (
        f"点数の推移 (数字は P1〜P{n})"
        if japanese()
        else f"points after each round (1-{n}: P1-P{n})"
    )
    return line_chart(
        [g.start, *(r.scores for r in g.rounds)],
        ["", *(r.round for r in g.rounds)],
        width,
        title,
        _points,
        "開始" if japanese() else "start",
    )


def _standings(g: Game, width: int) -> list[str]:
    """Place, player (and name), final points and the result, with its parts (raw points
    against the return, uma, oka) where the result counts uma: a table where it fits,
    else a block of lines a player."""
    from .lang import japanese

    ja = japanese()
    left = _points(g.leftover)
    if ja:
        from .words_ja import game_end

        end = "終了: " + game_end(g.end, _keeps(g.rules, "honba"))
        end += f"、供託 {left}点はトップへ" if g.leftover else ""
    else:
        end = f"end: {g.end}" + (f"; deposits left {left} to first" if g.leftover else "")
    lines = _wrap(safe(end), width)
    parts = len(g.uma) == len(g.players)
    oka = parts and any(g.oka)
    head = (
        (["順位", "家", "持ち点"] if ja else ["place", "player", "points"])
        + ((["素点", "ウマ"] if ja else ["raw", "uma"]) if parts else [])
        + ((["オカ"] if ja else ["oka"]) if oka else [])
        + (["結果"] if ja else ["result"])
    )
    raw = g.raw
    rows = []
    for p in sorted(range(len(g.players)), key=lambda i: g.placement[i]):
        who = f"P{p + 1}" + (f" {safe(g.players[p])}" if g.named else "")
        row = [f"{g.placement[p]}位" if ja else str(g.placement[p]), who, _points(g.final[p])]
        if parts:
            row += [_result_text(raw[p]), _result_text(g.uma[p])]
        if oka:
            row.append(_result_text(g.oka[p]) if g.oka[p] else "")
        row.append(_result_text(g.result[p]))
        rows.append(row)
    widths = [max(cells(r[i]) for r in [head, *rows]) for i in range(len(head))]
    if sum(widths) + 2 * (len(widths) - 1) <= width:
        for r in [head, *rows]:
            cols = [
                _pad(c, w, right=i >= 2) for i, (c, w) in enumerate(zip(r, widths, strict=True))
            ]
            lines.append("  ".join(cols).rstrip())
        return lines
    for r in rows:  # narrow: each player's line, the parts below
        lines += _wrap(f"{r[0]}  {r[1]}", width)
        units = [f"{head[2]} {r[2]}", f"{head[-1]} {r[-1]}"]
        units += [f"{h} {v}" for h, v in zip(head[3:-1], r[3:-1], strict=True) if v]
        lines += _wrap_units(units, width, indent="    ")
    return lines


def _wrap_units(units: list[str], width: int, indent: str = "") -> list[str]:
    """Units (a label and its number) two blanks apart, none ever split across lines."""
    out: list[str] = []
    line = ""
    for unit in units:
        trial = f"{line}  {unit}" if line else indent + unit
        if line and cells(trial) > width:
            out.append(line)
            line = indent + unit
        else:
            line = trial
    return out + [line] if line else out


def _wrap(text: str, width: int) -> list[str]:
    """Words to lines of `width` columns at most; a number or a name is never cut, nor a
    label from its number where they are joined by _KEEP."""
    return [line.replace(_KEEP, " ") for line in _words_wrap(text, width)]


def _words_wrap(text: str, width: int) -> list[str]:
    out: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and cells(trial) > width:
            out.append(line)
            line = "    " + word
        else:
            line = trial
    return out + [line]


# -- the machine formats ---------------------------------------------------------------------


def records(games: list[Game]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for g in games:
        out += [r.to_dict() for r in g.rounds]
        out.append(g.to_dict())
    return out


def _tsv_rows(g: Game) -> list[str]:
    def joined(xs: Any) -> str:
        return ",".join(str(x) for x in xs)

    rows = []
    for r in g.rounds:
        cells_: tuple[Any, ...] = ("round", g.game, r.round, r.honba, r.sticks, r.result)
        cells_ += (joined(r.changes), joined(r.scores), "", "", "", "", "", "")
        rows.append("\t".join(map(tsv_cell, cells_)))
    names = [*g.players, "", "", "", ""][:4]
    end = ("game", g.game, "", "", "", "", "", joined(g.final), joined(g.placement))
    rows.append("\t".join(map(tsv_cell, (*end, joined(g.result), *names))))
    return rows


def tsv(games: list[Game]) -> str:
    rows = ["\t".join(TSV_HEADER)]
    for g in games:
        rows += _tsv_rows(g)
    return "\n".join(rows) + "\n"


class GameWriter:
    """The output of `mjscore game` in `fmt` (one of FORMATS), a game at a time: `emit`
    writes a game whole, `close` ends the output (a JSON array closed, even empty)."""

    def __init__(self, fmt: str, out: TextIO, width: int = 100, chart: bool = True) -> None:
        self.fmt, self.out, self.width, self.chart = fmt, out, width, chart
        self.count = 0  # games written
        self.items = 0  # JSON records written
        self.closed = False
        self._console: Any = None

    def start(self) -> None:
        if self.fmt == "tsv":
            self.out.write("\t".join(TSV_HEADER) + "\n")

    def emit(self, g: Game) -> None:
        from . import json_safe

        if self.fmt == "jsonl":
            self.out.write("".join(json_safe(_ENCODE(rec)) + "\n" for rec in records([g])))
        elif self.fmt == "json":
            for rec in records([g]):
                body = json.dumps(rec, ensure_ascii=False, indent=1).replace("\n", "\n ")
                self.out.write(("[\n " if not self.items else ",\n ") + json_safe(body))
                self.items += 1
        elif self.fmt == "tsv":
            self.out.write("\n".join(_tsv_rows(g)) + "\n")
        else:
            self._rich(g)
        self.count += 1
        self.out.flush()

    def _rich(self, g: Game) -> None:
        from .console import console

        if self._console is None:
            self._console = console(self.out)
        lines = game_lines(g, self.width, self.chart)
        if self.count:
            self.out.write("\n")
        write_lines(lines, self.out, self._console)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.fmt == "json":
            self.out.write("\n]\n" if self.items else "[]\n")
        self.out.flush()


def write(games: list[Game], fmt: str, out: TextIO, width: int = 100, chart: bool = True) -> None:
    """The whole output of `mjscore game` in `fmt` for games already followed."""
    writer = GameWriter(fmt, out, width, chart)
    writer.start()
    for g in games:
        writer.emit(g)
    writer.close()
