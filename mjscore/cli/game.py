"""`mjscore game`, without typer: read the lines, follow each game, write the ledger.

Exit codes: 0 when every game could be followed (a record that stops mid-game is a
note, not a failure), 1 when a line could not be scored or does not fit the game (the
other games are still written), 2 for a usage error.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from typing import Any, TextIO

from ..base.errors import ExitCode

UMA_PRESETS = {"5-10": (10, 5, -5, -10), "10-20": (20, 10, -10, -20), "10-30": (30, 10, -10, -30)}
_NUMBER = re.compile(r"[+-]?[0-9]{1,6}(\.[0-9])?")


def _uma(text: str, usage: Any) -> tuple[float, ...]:
    """`10-20` (a club's name for +20/+10/-10/-20) or the values: `15,5,-5,-15`."""
    if text in UMA_PRESETS:
        return UMA_PRESETS[text]
    parts = text.split(",")
    if len(parts) < 3 or not all(_NUMBER.fullmatch(p.strip()) for p in parts):
        raise usage(
            f"--uma takes 5-10, 10-20, 10-30 or values first to last such as "
            f"15,5,-5,-15, not '{text}'"
        )
    values = tuple(float(p) if "." in p else int(p) for p in parts)
    if abs(sum(values)) > 1e-9:
        raise usage(f"--uma values add up to {sum(values)}, not 0")
    return values


def _width() -> int:
    """The width of a report: COLUMNS (made sane by the command line), else a terminal's
    own, else PIPE_WIDTH, as every report's console takes it (report.console)."""
    from ..report.console import PIPE_WIDTH

    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if sys.stdout is not None and sys.stdout.isatty():
        return shutil.get_terminal_size((PIPE_WIDTH, 24)).columns
    return PIPE_WIDTH


_COLUMN = re.compile(r"(not scored: )?column ([0-9]+): ")


def located(path: str, game: str, p: Any) -> str:
    """A problem of a line as editors and CI annotators read it: `FILE:LINE:COL: message`
    (`-` for stdin), the game named after the place; a problem of the whole game as is."""
    label = "" if p.kind == "error" else "note: "
    if not p.line:
        return f"{label}{p.message}"
    m = _COLUMN.match(p.message)
    place = f"{path}:{p.line}:{m.group(2)}" if m else f"{path}:{p.line}"
    message = (m.group(1) or "") + p.message[m.end() :] if m else p.message
    return f"{place}: {label}" + (f"game {game}: " if game else "") + message


def game_command(
    path: str,
    rules: str | None,
    fmt: str | None,
    start: int | None,
    back: int | None,
    uma: str | None,
    length: str | None,
    opts: list[str],
    quiet: bool = False,
    out: TextIO | None = None,
    config: str | None = None,
    chart: bool = True,
) -> int:
    """Follow every game of the input and write each as it ends (report.game.GameWriter).

    `rules` and `fmt` None: the config file's (its format where `game` has it), else
    DEFAULT_RULESET and rich; `--opt` and the config's options are the run's house rules, checked
    as `score` checks them (a bad one is a usage error). A stop signal ends the run after
    the last whole game written (a JSON array closed); an input that cannot be read on
    ends the game it is in there, which is written, then the run (exit 1)."""
    from ..engine.catalog import load_ruleset
    from ..ledger import games
    from ..report import game as report
    from .runner import (
        STOP,
        InputStopped,
        UsageProblem,
        house_rules,
        read_lines,
        say,
        stdin_hint,
        text_arg,
    )

    out = out or sys.stdout
    house, name, fmt = house_rules(
        config, [text_arg(o) for o in opts], rules and text_arg(rules).lower(), fmt, report.FORMATS
    )
    ruleset = load_ruleset(name)
    settings: dict[str, Any] = {}
    if start is not None:
        settings["start_points"] = start
    if back is not None:
        settings["return_points"] = back
    if uma is not None:
        values = _uma(uma, UsageProblem)
        if len(values) == 3 and len(ruleset.seats) == 4:
            raise UsageProblem("--uma has 3 values for a table of 4")
        if len(values) == 4 and len(ruleset.seats) == 3:
            values = (values[0], 0, values[3])  # a club's 10-20 at three players: +20/0/-20
        settings["uma"] = values
    if length is not None:
        if length not in ("east", "south", "single"):
            raise UsageProblem(f"--length takes east, south or single, not '{length}'")
        settings["game_length"] = length
    stopped: list[InputStopped] = []

    if path == "-":
        stdin_hint()

    def lines() -> Any:
        try:
            yield from read_lines(path, keep_comments=True)
        except InputStopped as exc:  # the game so far is closed and written, then said
            stopped.append(exc)

    shown = "-" if path == "-" else text_arg(path)
    writer = report.GameWriter(fmt, out, _width(), chart)
    with STOP.writing():
        writer.start()
    failed, count = False, 0
    try:
        for g in games(lines(), rules=ruleset.name, options=house or None, settings=settings):
            count += 1
            for p in g.problems:
                failed = failed or p.kind == "error"
                if p.kind == "error" or not quiet:
                    say(located(shown, g.game, p))
            with STOP.writing():
                writer.emit(g)
    except BaseException:  # a stop signal: the games written so far stay whole
        with STOP.writing():
            writer.close()
        raise
    with STOP.writing():
        writer.close()
    for exc in stopped:
        say(str(exc))
        failed = True
    if not count and not stopped:
        say("no game: the input holds no hand line and no drawn-round line")
        failed = True
    return int(ExitCode.NOT_ALL_SCORED if failed else ExitCode.OK)
