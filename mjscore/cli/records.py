"""`mjscore import` and `mjscore check`, without typer (cli.py only forwards to these).

Kept here so the typer module gains one small block: the reading, the output
formats and the exit codes of the record commands live together.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from ..base.errors import ExitCode
from ..records import read_hands
from ..records.draws import RecordItem
from ..records.model import Problem, Win


class FileEnd:
    """Said after each record file's items (`_items(..., ends=True)`): its last game ended."""


FILE_END = FileEnd()


def _items(
    paths: list[str],
    rules: RecordRules | None = None,
    ends: bool = False,
    unopened: list[str] | None = None,
) -> Iterator[RecordItem | FileEnd]:
    """Every record item of every file in order; `-` is stdin (read as a byte stream, so
    gzip works and the 64 MB bound holds there too); a directory is the record files
    under it (`record_files`). `rules` are those of records that name none (mjai). With
    `ends`, FILE_END after each file. A file that cannot be opened is a problem of that
    file alone, and its name goes into `unopened`: the command then exits 2, as every
    command does for an input file it cannot read."""
    import os

    ruleset, options = rules if rules is not None else (None, None)

    def read(source, name=None):
        return read_hands(source, name=name, games=True, rules=ruleset, options=options)

    end = [FILE_END] if ends else []
    unopened = unopened if unopened is not None else []

    def opened(file: Any) -> Iterator[RecordItem]:
        try:
            stream = open(file, "rb")  # noqa: SIM115 - closed below, the reader is lazy
        except OSError as exc:
            from ..records.reading import display_name

            unopened.append(display_name(file))
            yield Problem("error", display_name(file), "", f"cannot read: {exc.strerror or exc}")
            return
        with stream:
            yield from read(stream, file)

    for path in paths:
        if path == "-":
            from .runner import stdin_hint

            stdin_hint()
            stream = getattr(sys.stdin, "buffer", None)
            yield from read(stream if stream is not None else sys.stdin.read().encode(), "-")
            yield from end
        elif os.path.isdir(path):
            found = False
            for file in record_files(os.fspath(path)):
                if isinstance(file, Problem):  # a folder that cannot be read: said, not passed
                    found = True
                    yield file
                    continue
                found = True
                yield from opened(file)
                yield from end
            if not found:
                from ..records.reading import display_name

                yield Problem(
                    "error",
                    display_name(path),
                    "",
                    "no game record in the directory (nor under it)",
                )
        else:
            yield from opened(path)
            yield from end


RecordRules = tuple[str | None, dict[str, str] | None]


def record_rules(rules: str | None, opts: list[str] | None) -> RecordRules:
    """`--rules` and `--opt NAME=VALUE` of `import` and `check`: the ruleset (and its
    options) of records that carry none, checked against the ruleset (UsageProblem)."""
    from ..base.errors import MjscoreError
    from ..engine.catalog import load_ruleset
    from .config import ConfigError, options_for
    from .runner import UsageProblem

    name = (rules or _records_default()).lower()
    try:
        ruleset = load_ruleset(name)
    except MjscoreError as exc:
        raise UsageProblem(f"--rules: {exc}") from None
    try:
        options = options_for(ruleset, opts or [])
    except ConfigError as exc:
        raise UsageProblem(str(exc)) from None
    return (name if rules else None), options


def _records_default() -> str:
    """The ruleset of records that name none: the one Tenhou's are held against."""
    from ..engine.catalog import ruleset_for_records

    return ruleset_for_records("tenhou", 4)


def record_files(directory: str) -> Iterator[str | Problem]:
    """The game records under `directory`, every level, in sorted path order: the files
    whose first bytes a record format recognises (what `import FILE` reads), gzip or not.
    Hidden files and directories are passed over, symbolic links to directories not
    followed (no loop); a file that cannot be opened comes too, so that its reading
    says so, for it alone, and a folder that cannot be listed is a Problem in its place."""
    import os
    import stat

    from ..records import RecordError, detect_format
    from ..records.reading import RecordReader, display_name

    unlisted: list[OSError] = []
    for top, dirs, files in _walk(directory, unlisted):
        for exc in unlisted:
            yield Problem(
                "error",
                display_name(exc.filename or top),
                "",
                f"cannot read the folder: {exc.strerror or exc}; the records in it are not read",
            )
        unlisted.clear()
        if top is None:
            continue
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.startswith("."):
                continue
            file = os.path.join(top, name)
            try:
                if not stat.S_ISREG(os.stat(file).st_mode):  # a pipe would wait forever
                    continue
                with open(file, "rb") as f:
                    known = detect_format(RecordReader(f).head()) != "unknown"
            except (OSError, RecordError):  # unreadable, a broken gzip: its problem, read
                known = True
            if known:
                yield file


def _walk(directory: str, unlisted: list[OSError]) -> Iterator[tuple[Any, list[str], list[str]]]:
    """os.walk of `directory`, and a last (None, [], []) so that a folder that could not
    be listed last is still said (os.walk tells it to `unlisted` and goes on)."""
    import os

    yield from os.walk(directory, onerror=unlisted.append)
    yield None, [], []


def _problem(p: Problem, err: TextIO, quiet: bool = False) -> None:
    """One stderr line, with control characters from the record escaped (report.safe);
    `quiet` drops the notes (a skipped win, a rule the record states), never an error."""
    from ..report import safe

    if quiet and p.kind != "error":
        return
    label = "note: " if p.kind in ("note", "rules") else ""
    print(f"mjscore: {label}{safe(str(p))}", file=err)


def _json_line(record: dict) -> str:
    """One JSON Lines record, with the line separators escaped as every record is."""
    from ..report import json_safe

    return json_safe(json.dumps(record, ensure_ascii=False)) + "\n"


def _usage(paths: list[str], fmt: str | None, command: str) -> str:
    """The run's format (--format, else the config's where the command has it, else the
    command's own) once the run is checked."""
    from ..report import formats_of
    from .runner import UsageProblem, chosen_format, default_config

    fmt = chosen_format(fmt, default_config().format, formats_of(command))
    if not paths:
        raise UsageProblem("no record given: pass one or more files ('-' = stdin)")
    return fmt


def import_command(
    paths: list[str],
    fmt: str | None = "lines",
    out: TextIO | None = None,
    err: TextIO | None = None,
    quiet: bool = False,
    ruleset: RecordRules | None = None,
) -> int:
    """One hand line per win (or one JSON object per win); problems on stderr. Written as
    read, each record whole (a stop signal waits for it), flushed at each game's end."""
    out, err = out or sys.stdout, err or sys.stderr
    fmt = _usage(paths, fmt, "import")
    from ..ledger import round_mark
    from ..records.draws import Drawn, GameStart
    from ..report import SafeWriter
    from .stops import STOP

    if fmt != "jsonl":  # hand lines and their comments for people too: escaped as written
        out = SafeWriter(out)  # type: ignore[assignment]

    failed = False
    unopened: list[str] = []
    for item in _items(paths, ruleset, unopened=unopened):
        with STOP.writing():
            if isinstance(item, Problem):
                failed = failed or item.kind == "error"
                _problem(item, err, quiet)
            elif isinstance(item, GameStart):
                out.flush()  # the game before it, for the reader at the other end
                if fmt != "jsonl":
                    out.write(item.header() + "\n")
            elif not isinstance(item, (Win, Drawn)):
                continue  # the record's own scores: `check` compares them
            elif fmt == "jsonl":
                out.write(_json_line(item.to_dict()))
            else:
                s = item.source
                out.write(f"{item.line}  {round_mark(s.game, s.round, s.honba)}\n")
    if unopened:
        return int(ExitCode.USAGE)
    return int(ExitCode.NOT_ALL_SCORED if failed else ExitCode.OK)


class _CheckTally:
    """What `check` has compared so far: wins, games and problems."""

    def __init__(self) -> None:
        self.agree = self.total = self.errors = self.skipped = self.rules = 0
        self.games: list[Any] = []  # GameCheck of every game ended (small values)


def check_command(
    paths: list[str],
    fmt: str | None = "text",
    out: TextIO | None = None,
    err: TextIO | None = None,
    quiet: bool = False,
    ruleset: RecordRules | None = None,
) -> int:
    """Score every win and compare it with its record; 0 only when all agree.

    A win of a game played by rules mjscore does not know (`Win.rules`) that differs
    is a rule difference, counted apart from the disagreements; a run that compared
    no win at all says so and is not a success either. Each game's running totals and
    end are held against the record's too (records/games.py).

    Streamed: each win's record is written as it is read, each game's when the game ends
    (the next game starts, or its file ends), every record whole; so a stop (a signal, an
    input that fails) keeps every game finished before it. One game's items are held at
    a time, whatever the number of files.
    """
    out, err = out or sys.stdout, err or sys.stderr
    fmt = _usage(paths, fmt, "check")
    from ..records.draws import Drawn, GameEnd, GameStart, RoundScores
    from ..report import SafeWriter

    if fmt == "text":  # names, yaku and file names from the records: escaped as written
        out = SafeWriter(out)  # type: ignore[assignment]
    tally = _CheckTally()
    game: list[Any] = []  # the items of the game being read
    unopened: list[str] = []
    for item in _items(paths, ruleset, ends=True, unopened=unopened):
        if game and isinstance(item, (GameStart, FileEnd)):
            _end_game(game, fmt, out, tally)
            game = []
        if isinstance(item, (Problem, Win)):
            _check_item(item, fmt, out, err, quiet, tally)
        if isinstance(item, (GameStart, Win, Drawn, RoundScores, GameEnd)):
            game.append(item)
    _end_game(game, fmt, out, tally)
    _check_summary(tally, fmt, out)
    games = _games_summary(tally.games)
    if unopened:
        return int(ExitCode.USAGE)
    ok = tally.total and tally.agree == tally.total and not tally.errors
    return int(ExitCode.OK if ok and games["agree"] == games["total"] else ExitCode.NOT_ALL_SCORED)


def _end_game(items: list[Any], fmt: str, out: TextIO, tally: _CheckTally) -> None:
    """A game's check (records/games.py) written, then the output flushed."""
    from ..records.games import check_games
    from .stops import STOP

    for game in check_games(items):
        tally.games.append(game)
        with STOP.writing():
            if fmt == "jsonl":
                out.write(_json_line({"game": game.to_dict()}))
            elif game.differences:
                out.write(f"disagree: game {game.game}: " + "; ".join(game.differences) + "\n")
    with STOP.writing():
        out.flush()


def _check_summary(tally: _CheckTally, fmt: str, out: TextIO) -> None:
    """The last record: the counts of wins and games (`agree N/M` for people)."""
    from .stops import STOP

    games = _games_summary(tally.games)
    agree, total, errors, skipped, rules = (
        tally.agree,
        tally.total,
        tally.errors,
        tally.skipped,
        tally.rules,
    )
    with STOP.writing():
        if fmt == "jsonl":
            out.write(
                json.dumps(
                    {
                        "summary": {
                            "agree": agree,
                            "total": total,
                            "errors": errors,
                            "rules": rules,
                            "skipped": skipped,
                            "games": games,
                        }
                    }
                )
                + "\n"
            )
            return
        tail = [f"{errors} record error{'s' if errors != 1 else ''}"] if errors else []
        if rules:
            tail.append(f"{rules} rule difference{'s' if rules != 1 else ''}")
        counts = f" ({', '.join(tail)})" if tail else ""
        out.write(f"agree {agree}/{total}{counts}\n")
        if tally.games:
            out.write(
                f"games {games['agree']}/{games['total']}: rounds {games['rounds_agree']}"
                f"/{games['rounds']}, owari {games['owari_agree']}/{games['owari']}, "
                f"{games['stopped']} stop before their end\n"
            )
        if not total:
            why = (
                f"{skipped} skipped (see the notes on stderr)"
                if skipped
                else "the records hold no win"
            )
            out.write(f"no win was checked: {why}\n")


def _games_summary(checks: list) -> dict[str, int]:
    return {
        "total": len(checks),
        "agree": sum(not c.differences for c in checks),
        "rounds": sum(c.rounds for c in checks),
        "rounds_agree": sum(c.agree for c in checks),
        "owari": sum(c.owari is not None for c in checks),
        "owari_agree": sum(bool(c.owari) for c in checks),
        "stopped": sum(c.stopped for c in checks),
    }


def _check_item(
    item: Problem | Win, fmt: str, out: TextIO, err: TextIO, quiet: bool, tally: _CheckTally
) -> None:
    """A problem said on stderr, or a win checked and its record written (the text of a
    disagreement, or every win's JSON Lines record)."""
    from ..records.check import check_win, describe
    from .stops import STOP

    if isinstance(item, Problem):
        tally.errors += item.kind == "error"
        tally.skipped += item.kind == "note"
        with STOP.writing():
            _problem(item, err, quiet)
        return
    checked = check_win(item)
    tally.total += 1
    tally.agree += checked.agree
    differs_by_rules = not checked.agree and bool(item.rules)
    tally.rules += differs_by_rules
    with STOP.writing():
        if fmt == "jsonl":
            out.write(_json_line(checked.to_dict()))
        elif not checked.agree:
            text = describe(checked)
            if differs_by_rules:
                text = text.replace("disagree: ", "rules: ", 1) + (
                    f"\n  rules    {'; '.join(item.rules)}"
                )
            out.write(text + "\n")
