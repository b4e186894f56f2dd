"""`mjscore stats` for people (the rich format): a block a player, then the hands.

Each player: the games and rounds, the placements with a bar each (the share of games
ended in that place), then one row a figure (its count, its rate and what it is a rate
of), and a chart of the result after each game. Then the hands re-scored: yaku, han, fu
and limits, each with its count and share of the wins. Every line fits the width it is
drawn for, from 40 columns: a figure's parts wrap as whole units, a name after its
numbers, and no number or name is cut. Colour (a place's bar, the chart) on a terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TextIO

from ...base.text import safe
from ..chart import Line, bar, cells, line_chart, pad, write_lines
from . import LIMITS, players_in_order

if TYPE_CHECKING:
    from ...stats import HandCounts, PlayerCounts, Summary

PLACE_NAMES = ("1st", "2nd", "3rd", "4th")
LABEL_W = 11  # the figures' labels, then their values
BAR_MAX = 30
CHART_STEPS = "o"  # the mark of the result chart's one line


def _number(n: float) -> str:
    from ..lang import number

    return number(int(n)) if float(n).is_integer() else f"{n:,.1f}"


def _percent(x: float | None) -> str:
    return "-" if x is None else f"{x * 100:.1f}%"


def _signed(x: float) -> str:
    """As Tenhou shows a result: `+50.5`, `-14.0`, `0.0`."""
    return f"{x:+,.1f}" if x else "0.0"


def _units(label: str, units: list[str], width: int) -> list[str]:
    """A figure's row: its label, then its units two blanks apart, wrapped as whole units
    under the first (no unit is ever split)."""
    indent = " " * (2 + LABEL_W)
    lines: list[str] = []
    line = "  " + pad(label, LABEL_W)
    first = True
    for unit in units:
        trial = line + ("" if first else " · ") + unit
        if not first and cells(trial) > width:
            lines.append(line)
            line = indent + unit
        else:
            line = trial
        first = False
    return [*lines, line]


def _words(text: str, width: int, indent: str = "", first: str | None = None) -> list[str]:
    """Words to lines of `width` columns at most, a word never split: the first line
    after `first` (default: `indent`), the others after `indent`."""
    out: list[str] = []
    line, fresh = indent if first is None else first, True
    for word in text.split(" "):
        trial = line + word if fresh else f"{line} {word}"
        if not fresh and cells(trial) > width:
            out.append(line)
            line = indent + word
        else:
            line = trial
        fresh = False
    return [*out, line]


def player_lines(name: str, c: PlayerCounts, width: int, chart: bool = True) -> list[Line]:
    f = c.figures()
    head = f"{safe(name)} · {_plural(c.games, 'game')} · {_plural(c.rounds, 'round')}"
    lines = [Line(text) for text in _words(head, width)]
    if c.ended != c.games:
        lines += [Line(t) for t in _words(f"{_number(c.ended)} ended by their rules", width, "  ")]
    lines += _placements(c, width)
    rows: list[tuple[str, list[str]]] = []
    if c.ended:
        rows.append(("result", [_signed(c.result), f"{_signed(f['average_result'] or 0)} a game"]))
    rows.append(("wins", [_number(c.wins), f"{_percent(f['win_rate'])} of rounds"]))
    if c.wins:
        rows.append(
            (
                "",
                [
                    f"tsumo {_number(c.tsumo)} ({_percent(f['tsumo_rate'])})",
                    f"dama {_number(c.dama)} ({_percent(f['dama_rate'])})",
                ],
            )
        )
        value = [f"average {_number(f['average_win'] or 0)}"]
        if f["average_han"] is not None:
            value.append(f"{f['average_han']:.2f} han")
        if c.yakuman:
            value.append(f"yakuman {_number(c.yakuman)}")
        if f["average_turn"] is not None:
            value.append(f"turn {f['average_turn']:.2f}")
        rows.append(("", value))
    deal = [_number(c.deal_ins), f"{_percent(f['deal_in_rate'])} of rounds"]
    if c.deal_ins:
        deal.append(f"average {_number(f['average_deal_in'] or 0)}")
    rows.append(("deal-ins", deal))
    rows.append(("riichi", [_number(c.riichi), f"{_percent(f['riichi_rate'])} of rounds"]))
    if c.play_rounds:
        rows.append(("calls", [_number(c.calls), f"{_percent(f['call_rate'])} of rounds"]))
    rows.append(("draws", [_number(c.draws), f"{_percent(f['draw_rate'])} of rounds"]))
    if c.exhaustive:
        rows.append(
            (
                "",
                [
                    f"exhaustive {_number(c.exhaustive)} ({_percent(f['exhaustive_rate'])})",
                    f"ready {_number(c.ready)} ({_percent(f['ready_rate'])})",
                ],
            )
        )
    for label, units in rows:
        lines += [Line(t) for t in _units(label, units, width)]
    if chart and c.trend.count:
        lines.append(Line(""))
        points = c.trend.series()
        lines += line_chart(
            [(0.0,), *((t,) for _, t in points)],
            ["", *(f"game {n}" for n, _ in points)],
            width - 2,
            "  result after each game",
            _signed,
            "start",
            marks=CHART_STEPS,
        )
    return lines


def _placements(c: PlayerCounts, width: int) -> list[Line]:
    """A row a place: its count, its share of the games ended and a bar of that share."""
    if not c.ended:
        return []
    places = c.seats or len(c.placements)
    count_w = max(cells(_number(n)) for n in c.placements)
    out = []
    for i in range(places):
        share = c.placements[i] / c.ended
        text = f"  {PLACE_NAMES[i]}  {pad(_number(c.placements[i]), count_w, True)}"
        text += f"  {pad(_percent(share), 6, True)}  "
        room = min(BAR_MAX, width - cells(text))
        drawn = bar(share, room) if room > 0 else ""
        out.append(Line(text + drawn, [(len(text), len(text) + len(drawn), i)] if drawn else []))
    average = c.figures()["average_placement"]
    out += [Line(t) for t in _units("", [f"average placement {average:.2f}"], width)]
    return out


def hand_lines(hands: HandCounts, width: int) -> list[Line]:
    """The hands re-scored: the counts, then yaku, han, fu and limits with their shares."""
    head = f"hands re-scored: {_number(hands.wins)} wins, {_number(hands.scored)} scored"
    texts = _words(head, width)
    if hands.not_scored:
        texts += _words(f"{_number(hands.not_scored)} not scored (not a win, no yaku)", width, "  ")
    if hands.compared:
        said = (
            f"{_number(hands.differ)} of {_number(hands.compared)} differ from their record's "
            "verdict (mjscore check names them)"
        )
        texts += _words(said, width, "  ")
        if hands.rules:
            texts += _words(
                f"{_number(hands.rules)} more differ by rules mjscore has no option for",
                width,
                "  ",
            )
    whole = hands.scored
    rows_of: list[tuple[str, list[tuple[str, int]]]] = [
        (
            "yaku",
            [
                (_yaku_name(hands, k), n)
                for k, n in sorted(hands.yaku.items(), key=lambda kv: (-kv[1], kv[0]))
            ],
        ),
        ("han", [(f"{h} han", n) for h, n in sorted(hands.han.items())]),
        ("fu", [(f"{fu} fu", n) for fu, n in sorted(hands.fu.items())]),
        (
            "limits",
            [
                (limit, hands.limit[limit])
                for limit in sorted(hands.limit, key=lambda x: (LIMITS.index(x), x))
            ]
            if all(x in LIMITS for x in hands.limit)
            else sorted(hands.limit.items()),
        ),
    ]
    for title, rows in rows_of:
        if not rows:
            continue
        texts.append("")
        count_w = max([cells(_number(n)) for _, n in rows] + [cells("wins")])
        texts.append(f"  {pad('wins', count_w, True)}   share  {title}")
        for label, n in rows:
            count = pad(_number(n), count_w, True)
            numbers = f"  {count}  {pad(_percent(_of(n, whole)), 6, True)}  "
            texts += _words(label, width, " " * cells(numbers), numbers)
    return [Line(t) for t in texts]


def _yaku_name(hands: HandCounts, key: str) -> str:
    """A yaku's name, with its key where another yaku of the archive has the same name
    (the red fives of two rulesets)."""
    name = hands.names.get(key, (key, ""))[0]
    same = sum(
        1 for other, names in hands.names.items() if names[0] == name and other in hands.yaku
    )
    return safe(f"{name} ({key})" if same > 1 else name)


def _plural(n: int, word: str) -> str:
    return f"{_number(n)} {word}{'' if n == 1 else 's'}"


def _of(count: int, whole: int) -> float | None:
    return count / whole if whole else None


def text_lines(
    summary: Summary, width: int, chosen: tuple[str, ...] = (), chart: bool = True
) -> list[Line]:
    players = players_in_order(summary, chosen)
    if summary.games or players or summary.skipped or summary.broken:
        head = f"mjscore stats: {_plural(summary.games, 'game')} · "
        head += _plural(len(players), "player")
    else:  # a hand file: no game
        head = f"mjscore stats: {_plural(summary.hands.wins, 'hand')}"
    if summary.skipped:
        head += f" · {_number(summary.skipped)} left out by the filters"
    if summary.broken:
        head += f" · {_number(summary.broken)} not followed (an error)"
    lines = [Line(t) for t in _words(head, width)]
    for name in chosen:
        if name not in summary.players:
            lines += [Line(t) for t in _words(f"no game of {safe(name)}", width, "  ")]
    for name in players:
        lines.append(Line(""))
        lines += player_lines(name, summary.players[name], width, chart)
    if summary.hands.wins or not players:
        lines.append(Line(""))
        lines += hand_lines(summary.hands, width)
    return lines


def write(
    summary: Summary,
    out: TextIO,
    width: int = 100,
    chosen: tuple[str, ...] = (),
    chart: bool = True,
    **_: Any,
) -> None:
    from ..console import console

    write_lines(text_lines(summary, max(40, width), chosen, chart), out, console(out))
