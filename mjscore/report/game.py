"""`mjscore game` output: a game's ledger as a table for people, JSON Lines, JSON or TSV.

The text report keeps every number and name whole at any width from 40 columns: a
table of one row per round where it fits (about 100 columns for four players), else
each round on a line of its own followed by one line per player. Players are named
P1.. (seating order from the first dealer) in the rows and by name in the legend,
since a name may be wide (Japanese names take two columns a character).
"""

from __future__ import annotations

import json
import unicodedata
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from ..ledger import Game, Round

FORMATS = ("rich", "json", "jsonl", "tsv")
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
)


def cells(text: str) -> int:
    """Terminal columns of a text (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int, right: bool = False) -> str:
    gap = " " * max(0, width - cells(text))
    return gap + text if right else text + gap


def _signed(n: int) -> str:
    from .lang import number

    return number(n, sign=True)


def _points(n: int) -> str:
    from .lang import number

    return number(n)


def _result_text(x: float) -> str:
    """As Tenhou shows it: `+50.5`, `-14.0`, `0.0`."""
    return f"{x:+.1f}" if x else "0.0"


def _how(g: Game, r: Round) -> str:
    """Who won off whom, or the draw: `P4 ron P3`, `P2 tsumo`, `draw: P1 P3 ready`."""
    from .lang import japanese

    p = [f"P{i + 1}" for i in range(len(g.players))]
    if japanese():
        return _how_ja(g, r, p)
    if r.result == "win":
        if r.losers:
            wins = [
                f"{p[w]} ron {p[r.losers[min(i, len(r.losers) - 1)]]}"
                for i, w in enumerate(r.winners)
            ]
            return ", ".join(wins)
        return ", ".join(f"{p[w]} tsumo" for w in r.winners)
    if r.result == "abort":
        return f"abort: {r.detail}"
    ready = " ".join(p[t] for t in r.tenpai) or "none"
    if r.result == "nagashi":
        return f"nagashi {' '.join(p[w] for w in r.winners)}; ready {ready}"
    return f"draw; ready {ready}"


def _how_ja(g: Game, r: Round, p: list[str]) -> str:
    """The round as Tenhou's and Mahjong Soul's result screens say it: `P4 ロン (放銃 P3)`,
    `P2 ツモ`, `流局 (聴牌 P1 P3)`, `流し満貫 P1`, `途中流局 九種九牌`."""
    from .words_ja import ABORTIVE_DRAW, ALL_READY, DRAW_KINDS, NONE_READY

    if r.result == "win":
        if not r.losers:
            return "、".join(f"{p[w]} ツモ" for w in r.winners)
        losers = [r.losers[min(i, len(r.losers) - 1)] for i in range(len(r.winners))]
        if len(set(losers)) == 1:  # one discard, one or more rons (ダブロン)
            return f"{' '.join(p[w] for w in r.winners)} ロン (放銃{_KEEP}{p[losers[0]]})"
        return "、".join(
            f"{p[w]} ロン (放銃{_KEEP}{p[x]})" for w, x in zip(r.winners, losers, strict=True)
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
    return f" ·{_KEEP}供託{_KEEP}{n}本" if japanese() else f" · {n} on table"


_KEEP = "\u00a0"  # a blank _wrap never breaks at (`供託 1本`): written as a blank


# column widths of the round table: place, how, each player (English, Japanese)
_COLUMNS = {"en": (7, 28, 18), "ja": (12, 26, 14)}


def text(games: list[Game], width: int) -> str:
    out: list[str] = []
    for g in games:
        if out:
            out.append("")
        out += _game_text(g, width)
    return "\n".join(out) + "\n" if out else ""


def _game_text(g: Game, width: int) -> list[str]:
    from .lang import japanese

    ja = japanese()
    n = len(g.players)
    if ja:
        lines = _wrap(f"対局 {g.game or '-'}", width) + _wrap(
            f"ルール {g.rules} · 開始 {_points(g.start[0])}点", width
        )
    else:
        lines = _wrap(f"game {g.game or '-'}", width) + [f"rules {g.rules} · start {g.start[0]:,}"]
    for i, name in enumerate(g.players):
        lines.append(f"  P{i + 1}  {name}")
    lines.append("")
    place_w, how_w, player_w = _COLUMNS["ja" if ja else "en"]
    wide = width >= place_w + how_w + n * player_w
    if ja and wide:  # room left over goes to long words (`流局 (聴牌 P2 P3) · 供託 1本`)
        longest = max((cells(_how(g, r) + _sticks(r.sticks)) + 2 for r in g.rounds), default=0)
        how_w = min(width - place_w - n * player_w, max(how_w, longest))
    if wide:
        head = (
            _pad("局" if ja else "round", place_w)
            + _pad("内容" if ja else "how", how_w)
            + "".join(_pad(f"P{i + 1}", player_w, right=True) for i in range(n))
        )
        lines.append(head.rstrip())
        lines.append(
            _pad("開始" if ja else "start", place_w + how_w)
            + "".join(_pad(_points(s), player_w, right=True) for s in g.start)
        )
    for r in g.rounds:
        place = _place(g, r)
        how = _how(g, r) + _sticks(r.sticks)
        if wide and cells(how) <= how_w - 1 and cells(place) <= place_w - 1:
            row = (
                _pad(place, place_w)
                + _pad(how.replace(_KEEP, " "), how_w)
                + "".join(
                    _pad(f"{_signed(c)} {_points(s)}", player_w, right=True)
                    for c, s in zip(r.changes, r.scores, strict=True)
                )
            )
            lines.append(row)
            continue
        lines += _wrap(f"{place}  {how}", width)
        for i, (c, s) in enumerate(zip(r.changes, r.scores, strict=True)):
            lines.append(
                f"  P{i + 1}  {_pad(_signed(c), 8, right=True)}  {_pad(_points(s), 9, right=True)}"
            )
    lines.append("")
    lines += _standings_ja(g, width) if ja else _standings(g, width)
    for problem in g.problems:
        if problem.kind == "error":  # error messages stay English, whatever the language
            lines += _wrap(f"error: {problem}", width)
    return lines


def _standings(g: Game, width: int) -> list[str]:
    lines = _wrap(
        f"end: {g.end}" + (f"; deposits left {g.leftover:,} to first" if g.leftover else ""), width
    )
    lines.append(f"{'place':<7}{'player':<8}{'points':>9}  {'result':>7}")
    for p in sorted(range(len(g.players)), key=lambda i: g.placement[i]):
        lines.append(
            f"{g.placement[p]:<7}{'P' + str(p + 1):<8}{g.final[p]:>9,}  "
            f"{_result_text(g.result[p]):>7}"
        )
    return lines


def _standings_ja(g: Game, width: int) -> list[str]:
    """順位, 持ち点 and 結果 as Tenhou's and Mahjong Soul's end screens show them, with the
    result's parts (素点 + ウマ + オカ = 結果) where the result counts uma; a table where it
    fits, else a block of lines a player."""
    from .words_ja import game_end

    left = f"、供託 {_points(g.leftover)}点はトップへ" if g.leftover else ""
    end = "終了: " + game_end(g.end, _keeps(g.rules, "honba")) + left
    lines = _wrap(end, width)
    parts = len(g.uma) == len(g.players)
    oka = parts and any(g.oka)
    head = (
        ["順位", "家", "持ち点"]
        + (["素点", "ウマ"] if parts else [])
        + (["オカ"] if oka else [])
        + ["結果"]
    )
    rows = []
    for p in sorted(range(len(g.players)), key=lambda i: g.placement[i]):
        row = [f"{g.placement[p]}位", f"P{p + 1}", _points(g.final[p])]
        if parts:
            raw = round(g.result[p] - g.uma[p] - g.oka[p], 1) + 0.0
            row += [_result_text(raw), _result_text(g.uma[p])]
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
        units = [f"{r[0]} {r[1]}", f"持ち点 {r[2]}", f"結果 {r[-1]}"]
        units += [f"{h} {v}" for h, v in zip(head[3:-1], r[3:-1], strict=True) if v]
        lines += _wrap_units(units[:3], width) + _wrap_units(units[3:], width, indent="    ")
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
            line = "  " + word
        else:
            line = trial
    return out + [line]


def records(games: list[Game]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for g in games:
        out += [r.to_dict() for r in g.rounds]
        out.append(g.to_dict())
    return out


def tsv(games: list[Game]) -> str:
    def clean(v: Any) -> str:
        return str(v).replace("\t", " ").replace("\n", " ")

    def joined(xs: Any) -> str:
        return ",".join(str(x) for x in xs)

    rows = ["\t".join(TSV_HEADER)]
    for g in games:
        for r in g.rounds:
            rows.append(
                "\t".join(
                    map(
                        clean,
                        (
                            "round",
                            g.game,
                            r.round,
                            r.honba,
                            r.sticks,
                            r.result,
                            joined(r.changes),
                            joined(r.scores),
                            "",
                            "",
                        ),
                    )
                )
            )
        rows.append(
            "\t".join(
                map(
                    clean,
                    (
                        "game",
                        g.game,
                        "",
                        "",
                        "",
                        "",
                        "",
                        joined(g.final),
                        joined(g.placement),
                        joined(g.result),
                    ),
                )
            )
        )
    return "\n".join(rows) + "\n"


def write(games: list[Game], fmt: str, out: TextIO, width: int = 100) -> None:
    """The whole output of `mjscore game` in `fmt` (one of FORMATS)."""
    from . import json_safe

    if fmt == "jsonl":
        for rec in records(games):
            out.write(json_safe(json.dumps(rec, ensure_ascii=False)) + "\n")
    elif fmt == "json":
        out.write(json_safe(json.dumps(records(games), ensure_ascii=False, indent=1)) + "\n")
    elif fmt == "tsv":
        out.write(tsv(games))
    else:  # names, game names and messages come from the input: no raw escape sequence
        from . import safe

        out.write("\n".join(safe(line) for line in text(games, width).split("\n")))
