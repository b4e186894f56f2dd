"""Scoring lines for the command line, without typer: the fast path and typer share it.

This module owns the exit-code policy, the same for every command: `Tally.exit_code`
gives 0 or 1 for the lines; `guarded` turns every usage problem and every output that
cannot be written into 2, a stop signal into 128 + its number (SIGINT 130, SIGHUP 129,
SIGTERM 143), a reader that left into 141, and any crash into one line on stderr.
Nothing else calls sys.exit.
"""

from __future__ import annotations

import io
import itertools
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, BinaryIO, NamedTuple, TextIO

from ..base.defaults import DEFAULT_RULESET
from ..base.errors import ExitCode, MjscoreError
from ..base.lines import MAX_LINE, is_blank
from .lines import ANALYSE, reporters_of
from .stops import STOP, ClosedPipe, OutputError, Stopped

if TYPE_CHECKING:
    from ..core.result import ScoreResult
    from ..engine.setting import HouseRules

PROGRESS_MIN_LINES = 200
CLOSED_PIPE = 141  # 128 + SIGPIPE, what a shell shows for a writer whose reader left


DISPLAY_FLAGS: dict[str, Any] = {}  # --color / --tiles / --lang as given: over the config


class UsageProblem(Exception):
    """A usage error found by mjscore itself (exit 2): one line on stderr."""


# -- the exit-code policy -------------------------------------------------------------------


class Tally:
    """Counts scored and failed lines; the one place that turns them into an exit code."""

    def __init__(self) -> None:
        self.scored = 0
        self.failed = 0
        self.stopped = False  # the input could not be read to its end

    def add(self, result: ScoreResult) -> None:
        if result.ok and result.error is None:
            self.scored += 1
        else:
            self.failed += 1

    @property
    def exit_code(self) -> int:
        return int(ExitCode.NOT_ALL_SCORED if self.failed or self.stopped else ExitCode.OK)


# -- inputs ---------------------------------------------------------------------------------


MAX_LINE_BYTES = 4 * (MAX_LINE + 1)  # the most a line can take in UTF-8 before it is too long
MAX_SKIP = 64 << 20  # an over-long line is skipped to its end, but not beyond this many bytes


class InputStopped(Exception):
    """The input cannot be read on: the lines before it are scored and written, then this
    is one line on stderr and the run ends with exit status 1."""


class EndlessLine(InputStopped):
    """A line with no end within MAX_SKIP bytes (`--file /dev/zero`): reading stops."""


def read_lines(path: str, keep_comments: bool = False) -> Iterator[tuple[int, str]]:
    """(line number, text) of every hand line, read as it goes; `-` is stdin.

    UTF-8, with a leading BOM dropped and undecodable bytes as U+FFFD (the line is then a
    notation error, the run goes on). A line ends at `\\n`, with or without `\\r`; a stray
    `\\r` inside a line is a blank, so line numbers are those of `wc -l` and editors. A
    line longer than MAX_LINE comes back cut to MAX_LINE + 1 characters (its error says
    so) and the rest of it is skipped; a line with no end within MAX_SKIP bytes stops the
    reading with EndlessLine, and a failing read (EIO) with InputStopped. `keep_comments`
    also gives the comment-only lines (`mjscore game` reads its `# game` lines).
    """
    if path == "-":
        if sys.stdin is None:  # fd 0 closed (`<&-`)
            raise UsageProblem("cannot read standard input: it is closed")
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:  # a text stream (tests): its lines, the same way
            yield from _numbered(
                (line.encode("utf-8", "surrogateescape") for line in sys.stdin), keep_comments
            )
            return
        yield from _numbered(_read_or_stop(_byte_lines(buffer), "standard input"), keep_comments)
        return
    try:
        f = open(path, "rb")  # noqa: SIM115 - closed below, after the last line
    except OSError as exc:
        raise UsageProblem(f"cannot read {text_arg(path)}: {exc.strerror or exc}") from None
    with f:
        yield from _numbered(_read_or_stop(_byte_lines(f), text_arg(path)), keep_comments)


def _read_or_stop(lines: Iterator[bytes], name: str) -> Iterator[bytes]:
    """The lines of a stream; a read that fails part way is InputStopped, not a crash."""
    try:
        yield from lines
    except OSError as exc:
        raise InputStopped(f"cannot read {name} on: {exc.strerror or exc}") from None


def _byte_lines(stream: BinaryIO) -> Iterator[bytes]:
    """The raw lines of a stream, none longer than MAX_LINE_BYTES (the rest is skipped)."""
    while line := stream.readline(MAX_LINE_BYTES):
        if len(line) == MAX_LINE_BYTES and not line.endswith(b"\n"):
            skipped = 0
            while (rest := stream.readline(1 << 16)) and not rest.endswith(b"\n"):
                skipped += len(rest)
                if skipped > MAX_SKIP:
                    yield line  # its record says it is too long; then reading stops
                    raise EndlessLine(
                        f"a line has no end within {MAX_SKIP >> 20} MB: not a file of hand lines"
                    )
        yield line


def _numbered(lines: Iterable[bytes], keep_comments: bool = False) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(lines, 1):
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        line = raw.rstrip(b"\n")
        if line.endswith(b"\r"):
            line = line[:-1]
        text = line.decode("utf-8", "replace").replace("\r", " ")
        if len(text) > MAX_LINE:
            text = text[: MAX_LINE + 1]
        if not is_blank(text) or (keep_comments and text.strip()):
            yield number, text


def count_lines(path: str) -> int | None:
    """The lines of a regular file (a first pass in blocks, so memory stays small);
    None for anything else (a pipe, a device), which is then read once, as it comes."""
    import os
    import stat

    try:
        with open(path, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return None
            total, last = 0, b"\n"
            while block := f.read(1 << 20):
                total += block.count(b"\n")
                last = block[-1:]
            return total + (last != b"\n")
    except OSError as exc:
        raise UsageProblem(f"cannot read {text_arg(path)}: {exc.strerror or exc}") from None


def text_arg(arg: str) -> str:
    """A command-line argument as text: bytes that were not UTF-8 become U+FFFD."""
    return arg.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _stdin_is_terminal() -> bool:
    """True when stdin is a terminal, closed or absent: then nothing is waiting to be read,
    and a run with no hand is a usage error rather than a wait for typing."""
    try:
        return sys.stdin is None or sys.stdin.closed or sys.stdin.isatty()
    except (OSError, ValueError):
        return True


STDIN_HINT = "reading standard input: end it with Ctrl-D on a line of its own"


def stdin_hint() -> None:
    """One line on stderr when a command is about to read standard input from a terminal
    (`mjscore score -` typed by hand): what it waits for and how to end it. A pipe or a
    file gets none."""
    try:
        typed = sys.stdin is not None and not sys.stdin.closed and sys.stdin.isatty()
    except (OSError, ValueError):
        typed = False
    if typed:
        say(STDIN_HINT)


def checked_format(fmt: str | None, formats: Iterable[str]) -> str:
    """`fmt` under its one name (`rich` is `text`) when it is one of the command's
    `formats`, else the usage error every command gives (report.formats_of: the
    vocabulary; the old names are read, never offered)."""
    from ..report import canonical_format

    known = tuple(formats)
    name = canonical_format(fmt) if fmt is not None else None
    if name is None or name not in known:
        raise UsageProblem(f"unknown format '{fmt}' (choose from {', '.join(known)})")
    return name


def chosen_format(flag: str | None, config_format: str | None, formats: Iterable[str]) -> str:
    """The format of a run, the same way for every command: `--format` (one of the
    command's `formats`, else a usage error), else the config file's `format` where the
    command has it (a format of another command is no error here: `format = "jsonl"`
    leaves `rules` as it is), else the command's own default, the first of `formats`."""
    from ..report import canonical_format

    known = tuple(formats)
    if flag is not None:
        return checked_format(flag, known)
    if config_format is not None and canonical_format(config_format) in known:
        return canonical_format(config_format)
    return known[0]


def default_config() -> Any:
    """The config file of a command that takes no --config (the listings, import, check,
    stats): $MJSCORE_CONFIG, else the default file; one that cannot be used is no config
    here (`score` says what is wrong with it)."""
    from .config import Config, ConfigError, config_path, load_config

    try:
        return load_config(*config_path(None))
    except ConfigError:
        return Config()


def house_rules(
    config_flag: str | None,
    pairs: list[str],
    rules: str | None,
    fmt: str | None,
    formats: Iterable[str],
) -> tuple[HouseRules, str, str]:
    """(the house rules, the ruleset, the format) of a run: the flags over the config file
    over the defaults; the format one of `formats` (`chosen_format`). Everything is
    checked now: a typo is a usage error."""
    from .config import ConfigError, config_path, house_rules, load_config

    try:
        config = load_config(*config_path(config_flag))
        house = house_rules(config, pairs)
    except ConfigError as exc:
        raise UsageProblem(str(exc)) from None
    from ..report.settings import configure

    configure(
        color=DISPLAY_FLAGS.get("color", config.color),
        tiles=DISPLAY_FLAGS.get("tiles", config.tiles),
        lang=DISPLAY_FLAGS.get("lang", config.lang),
    )

    # a flag given empty (`--rules ''`) is a name to check, not one left out
    rules = rules if rules is not None else config.rules or DEFAULT_RULESET
    return house, rules, chosen_format(fmt, config.format, formats)


def want_progress(
    total: int, err: TextIO, out: TextIO, least: int = PROGRESS_MIN_LINES, shown: bool = False
) -> bool:
    """A bar for long runs (more than `least` steps), when stderr is a terminal and stdout
    is not (results scroll), or is (`shown`: the results come at the end)."""

    def tty(stream: TextIO) -> bool:
        return bool(getattr(stream, "isatty", lambda: False)())

    return total > least and tty(err) and (shown or not tty(out))


@contextmanager
def progress_bar(
    total: int | None,
    label: str = "scoring",
    least: int = PROGRESS_MIN_LINES,
    at_end: bool = False,
) -> Iterator[Callable[..., None]]:
    """A tick function (steps done, 1 by default); it moves a rich bar on stderr when
    `want_progress` says so (`label` before it; more than `least` steps). A run that
    writes only at its end (`at_end`) has its bar on a terminal stdout too."""
    if total is None or not want_progress(total, sys.stderr, sys.stdout, least, at_end):
        yield lambda n=1: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True, redirect_stdout=False) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n=1: bar.advance(task, n)


class LineInput(NamedTuple):
    """One input of a run: its lines, their count when known beforehand (a regular file),
    its name in records and error lines (`source`) and in the summary (`summary_of`, None
    for none)."""

    lines: Iterable[tuple[int, str]]
    total: int | None = None
    source: str | None = None
    summary_of: str | None = None


def run_lines(
    lines: Iterable[tuple[int, str]],
    rules: str,
    options: HouseRules | None,
    fmt: str,
    total: int | None = None,
    jobs: int = 0,
    command: str = "score",
    summary_of: str | None = None,
    source: str | None = None,
) -> int:
    """Score every line of one input (`run_inputs`); the tally's exit code."""
    return run_inputs(
        [LineInput(lines, total, source, summary_of)], rules, options, fmt, jobs, command
    )


def run_inputs(
    inputs: list[LineInput],
    rules: str,
    options: HouseRules | None,
    fmt: str,
    jobs: int = 0,
    command: str = "score",
) -> int:
    """Score every line of every input, in order, into one reporter of `fmt` (one JSON
    array, one TSV header), as it goes; the exit code of all the lines.

    A long file (`total` known) in a machine format is scored on every core
    (`jobs` 0 = automatic, 1 = one process); the output is the same either way.
    A stop signal (Ctrl-C, SIGTERM, SIGHUP) ends the run after the last whole record; an
    input that cannot be read on (InputStopped) is said and the next input is read (exit
    1). Either way the output is finished (a JSON array is closed). Each input with a
    `summary_of` (a file run: its name, `-` for stdin) gets one summary line on stderr at
    the end (`summary_line`), and a run of several one more, of them all; `source` (the
    same, quiet or not) goes into every record and error line of its input.
    """
    totals = [i.total for i in inputs]
    known = None if None in totals else sum(t or 0 for t in totals)
    tallies: list[Tally] = []
    writer = STOP
    with progress_bar(known) as tick:
        # made inside the bar: while it runs, sys.stderr is rich's proxy that prints above it
        with writer.writing():
            reporter = reporters_of(command).make_reporter(
                fmt, sys.stdout, sys.stderr, stream=known is None
            )
        try:
            for given in inputs:
                tally = Tally()
                tallies.append(tally)
                try:
                    _score_input(given, tally, reporter, rules, options, fmt, jobs, command, tick)
                except InputStopped as exc:  # the lines read before it are written above
                    tally.stopped = True  # exit 1, not a hand: the summary counts lines read
                    say(str(exc))
        except (KeyboardInterrupt, Stopped):
            with writer.writing():
                reporter.close()  # the records so far, whole; a JSON array closed
            raise
        with writer.writing():
            reporter.close()
    whole = Tally()
    for given, tally in zip(inputs, tallies, strict=True):
        whole.scored += tally.scored
        whole.failed += tally.failed
        whole.stopped = whole.stopped or tally.stopped
        if given.summary_of is not None:
            say(summary_line(given.summary_of, tally, command))
    summed = [i for i in inputs if i.summary_of is not None]
    if len(summed) > 1:
        say(summary_line(f"{len(summed)} files", whole, command, named=True))
    return whole.exit_code


def _score_input(
    given: LineInput,
    tally: Tally,
    reporter: Any,
    rules: str,
    options: HouseRules | None,
    fmt: str,
    jobs: int,
    command: str,
    tick: Callable[..., None],
) -> None:
    """Score one input's lines into `reporter`, counting them in `tally`."""
    from contextlib import closing

    from ..report import FORMATS
    from .lines import with_source
    from .native import run_for
    from .parallel import scored_in_chunks, scored_in_parallel, workers_for

    analyse = ANALYSE[command]
    native = run_for(rules, options, fmt, command)
    lines, total, source = given.lines, given.total, given.source
    workers = (
        workers_for(total, fmt, jobs, native is not None and native.scores_the_run())
        if total is not None
        else 1
    )
    # a file in a machine format: records rendered and written a chunk at a time, as the
    # workers do (a stream is written record by record, for the reader at the other end)
    chunked = total is not None and FORMATS[fmt].machine
    writer = STOP
    if workers > 1 or chunked:
        done = (
            scored_in_parallel(lines, rules, options, fmt, workers, command, source)
            if workers > 1
            else scored_in_chunks(lines, rules, options, fmt, command, source)
        )
        with closing(done) as chunks:
            for scored, failed, rendered, errors in chunks:
                tally.scored += scored
                tally.failed += failed
                with writer.writing():
                    reporter.emit_chunk(rendered, errors)
                tick(scored + failed)
        return
    for number, text in lines:
        record = native.one(number, text, fmt, source) if native is not None else None
        if isinstance(record, bytes):  # the native core's record, for a stream
            tally.scored += 1
            with writer.writing():
                reporter.emit_rendered(record, None)
            tick()
            continue
        result = with_source(record or analyse(text, rules, options, number), source)
        tally.add(result)
        with writer.writing():
            reporter.emit(result)
        tick()


# what a file run did to each line, by command: `score` scores it, `waits` reads it
DONE_WORDS = {"score": ("scored", "not scored"), "waits": ("read", "not read")}


def summary_line(source: str, tally: Tally, command: str = "score", named: bool = False) -> str:
    """The last word of a file run: `hands.txt: 10 hands: 9 scored, 1 not scored` (`waits`:
    `9 read, 1 not read`), or `hands.txt: no hand in the file` for a file of blank and
    comment lines only; `named`: `source` is already words (`3 files`, the last line of a
    run of several)."""
    done, not_done = DONE_WORDS.get(command, DONE_WORDS["score"])
    name = source if named else "standard input" if source == "-" else text_arg(source)
    hands = tally.scored + tally.failed
    if not hands:
        where = "them" if named else "the input" if source == "-" else "the file"
        return f"{name}: no hand in {where}"
    counts = f"{tally.scored:,} {done}"
    if tally.failed:
        counts += f", {tally.failed:,} {not_done}"
    read = " read before the input stopped" if tally.stopped else ""
    return f"{name}: {hands:,} hand{'s' if hands != 1 else ''}{read}: {counts}"


def score_command(
    tokens: list[str] | None,
    file: str | list[str] | None,
    rules: str | None,
    opt: list[str] | None,
    fmt: str | None,
    jobs: str | int = 0,
    config: str | None = None,
    command: str = "score",
    quiet: bool = False,
    output: str | None = None,
) -> int:
    """`mjscore score` (or `waits`): one hand given as arguments, or every line of the
    files (`--file` repeated, `-` stdin) in order, to stdout or to the file `output`.

    `rules` and `fmt` None: the config file's, else DEFAULT_RULESET and rich. A file run ends with
    a summary line on stderr unless `quiet`."""
    if output is None:
        return _scored(tokens, file, rules, opt, fmt, jobs, config, command, quiet)
    with output_file(output):
        return _scored(tokens, file, rules, opt, fmt, jobs, config, command, quiet)


@contextmanager
def output_file(path: str) -> Iterator[None]:
    """sys.stdout into the file `path` names (`-o PATH`) for the run; `-` is stdout itself.

    A regular file (or a new one) is written whole or not at all: into a temporary file
    beside it, renamed over it when the run ends (every line scored or not), so a run that
    fails (a usage error, a stop signal, a crash) leaves neither the file nor the temporary
    one, and an old file untouched. An old file keeps its mode (and its owner, where the
    system lets us); a new one gets the umask's, as a shell's `>` gives it. A symbolic link
    is written through: the file it names is replaced, the link stays. Anything else (a
    FIFO, a device such as /dev/null, /dev/stdout) is written as it comes, never replaced;
    a directory is refused."""
    if path == "-":
        yield
        return
    import os
    import stat

    shown = text_arg(path)
    target, magic = _link_target(path)
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise UsageProblem(f"cannot write {shown}: {exc.strerror or exc}") from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise UsageProblem(f"cannot write {shown}: it is a directory")
    if magic or (st is not None and not stat.S_ISREG(st.st_mode)):
        with _written_through(path, shown):
            yield
        return
    with _replaced_whole(target, shown, st):
        yield


def _link_target(path: str) -> tuple[str, bool]:
    """(the path a chain of symbolic links ends at, whether it passes through /proc).

    A link into /proc (`/dev/stdout`, `/dev/fd/1`) names an open file of this process, not
    a place in a directory: it is written through, never replaced (a `>>` log stays one)."""
    import os

    current = os.path.abspath(path)
    for _ in range(40):  # the kernel's own limit on a chain of links
        parent = os.path.realpath(os.path.dirname(current))
        if parent == "/proc" or parent.startswith("/proc/"):
            return current, True
        current = os.path.join(parent, os.path.basename(current))
        if not os.path.islink(current):
            return current, False
        try:
            current = os.path.join(parent, os.readlink(current))
        except OSError:
            return current, True  # written through: its own open says what is wrong
    return os.path.abspath(path), True  # a loop: the open says ELOOP


@contextmanager
def _written_through(path: str, shown: str) -> Iterator[None]:
    """sys.stdout into a FIFO, a device or a /proc link, opened to append: nothing is
    truncated that another descriptor holds (`-o /dev/stdout >> log` keeps the log)."""
    try:
        out = _text_out(path, "a", shown)
    except OSError as exc:
        raise UsageProblem(f"cannot write {shown}: {exc.strerror or exc}") from None
    saved = sys.stdout
    try:
        with out:
            sys.stdout = out
            yield
            sys.stdout = saved
            try:
                out.flush()
            except OSError as exc:
                raise OutputError(f"cannot write {shown}: {exc.strerror or exc}") from None
    finally:
        sys.stdout = saved


@contextmanager
def _replaced_whole(target: str, shown: str, old: Any) -> Iterator[None]:
    """sys.stdout into a temporary file beside the regular file `target`, renamed over it
    at the end with the old file's mode and owner, or the umask's mode for a new one."""
    import contextlib
    import os
    import tempfile

    directory, name = os.path.split(target)
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise UsageProblem(f"cannot write {shown}: {exc.strerror or exc}") from None
    saved = sys.stdout
    done = False
    try:
        with _text_out(fd, "w", shown) as out:
            _take_mode(fd, old)
            sys.stdout = out
            yield
            sys.stdout = saved
            try:
                out.flush()
                os.fsync(out.fileno())
            except OSError as exc:
                raise OutputError(f"cannot write {shown}: {exc.strerror or exc}") from None
        try:
            os.replace(temp, target)
        except OSError as exc:
            raise UsageProblem(f"cannot write {shown}: {exc.strerror or exc}") from None
        done = True
    finally:
        sys.stdout = saved
        if not done:
            with contextlib.suppress(OSError):
                os.unlink(temp)


def _take_mode(fd: int, old: Any) -> None:
    """The temporary file gets the old file's mode and owner, or a new file's mode under
    the umask (mkstemp makes it 0600 whatever the umask says)."""
    import contextlib
    import os
    import stat

    if old is None:
        umask = os.umask(0o022)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        return
    made = os.fstat(fd)
    if (made.st_uid, made.st_gid) != (old.st_uid, old.st_gid) and hasattr(os, "fchown"):
        with contextlib.suppress(OSError):  # only root may give a file away
            os.fchown(fd, old.st_uid, old.st_gid)
    os.fchmod(fd, stat.S_IMODE(old.st_mode))


def _scored(
    tokens: list[str] | None,
    file: str | list[str] | None,
    rules: str | None,
    opt: list[str] | None,
    fmt: str | None,
    jobs: str | int,
    config: str | None,
    command: str,
    quiet: bool = False,
) -> int:
    """The work of `score_command`, into whatever sys.stdout is."""
    from ..engine.catalog import load_ruleset
    from .lines import rules_of

    files = [file] if isinstance(file, str) else list(file or [])
    if files and tokens:  # `--file *.txt`: the shell's other names are files too
        files, tokens = files + _more_files(tokens), None
    tokens = [text_arg(t) for t in tokens] if tokens else tokens
    rules, fmt = (text_arg(a) if a is not None else None for a in (rules, fmt))
    # `file` stays as given: a name that is not UTF-8 still opens (messages use text_arg)
    options, rules, fmt = house_rules(
        config, [text_arg(o) for o in opt or []], rules, fmt, reporters_of(command).FORMATS
    )
    if tokens == ["-"] and not files:  # `mjscore score -`: the lines of stdin
        tokens, files = None, ["-"]
    piped = not tokens and not files and not _stdin_is_terminal()
    if piped:  # `cat hands.txt | mjscore score`
        files = ["-"]
    if not tokens and not files:
        raise UsageProblem("no hand given: pass the hand's tokens, or --file PATH ('-' = stdin)")
    if files.count("-") > 1:
        raise UsageProblem("--file - given twice: standard input is read once")
    if not (str(jobs).isascii() and str(jobs).isdigit() and len(str(jobs)) <= 4):
        raise UsageProblem(f"--jobs takes a number of processes (0 = automatic), not '{jobs}'")
    _say_capped(int(jobs), quiet)
    for name in rules_of(command, rules):  # an unknown ruleset: a usage error, before any line
        load_ruleset(name)
    return run_input(tokens, files, rules, options, fmt, jobs, command, quiet, piped)


def _more_files(args: list[str]) -> list[str]:
    """The arguments after `--file a.txt` when every one names a file (`--file *.txt`, as
    the shell expands it), else the usage error of a hand given twice."""
    import os

    for arg in args:
        if arg != "-" and not os.path.lexists(arg):
            raise UsageProblem(
                f"give a hand as arguments or --file, not both ('{text_arg(arg)}' is no file)"
            )
    return list(args)


def run_input(
    tokens: list[str] | None,
    file: str | list[str] | None,
    rules: str,
    options: HouseRules | None,
    fmt: str,
    jobs: str | int = 0,
    command: str = "score",
    quiet: bool = False,
    piped: bool = False,
) -> int:
    """Score the hand given as `tokens`, or every line of each `file` in order (`-`:
    stdin, `piped` when no --file named it), once the run is checked: its ruleset known,
    its format the command's, its jobs a number. Every file is opened (and counted)
    before any line is scored: one that cannot be is a usage error (exit 2), as every
    command has it. The lean entry starts a file run here (cli/lean.py)."""
    if tokens:
        return run_lines([(1, " ".join(tokens))], rules, options, fmt, command=command)
    files = [file] if isinstance(file, str) else list(file or [])
    inputs = []
    for name in files:
        summary_of = None if quiet else name
        if name == "-":
            inputs.append(LineInput(_stdin_lines(piped), None, "-", summary_of))
        else:
            total = count_lines(name)  # a file that cannot be read: UsageProblem, now
            inputs.append(LineInput(read_lines(name), total, text_arg(name), summary_of))
    if piped:  # nothing piped (`< /dev/null`) is no hand given
        head = next(iter(inputs[0].lines), None)
        if head is None:
            raise UsageProblem(
                "no hand given: pass the hand's tokens, or --file PATH "
                "('-' = stdin); standard input was empty"
            )
        inputs[0] = inputs[0]._replace(lines=itertools.chain([head], inputs[0].lines))
    return run_inputs(inputs, rules, options, fmt, int(jobs), command)


def _stdin_lines(piped: bool) -> Iterator[tuple[int, str]]:
    """The lines of stdin, said first on a terminal (`stdin_hint`) when it is read."""
    if not piped:
        stdin_hint()
    yield from read_lines("-")


def _say_capped(jobs: int, quiet: bool) -> None:
    """A note when `--jobs` asks for more processes than there are cores (it is capped)."""
    from .parallel import capped_jobs

    capped = capped_jobs(jobs)
    if capped < jobs and not quiet:
        say(
            f"note: --jobs {jobs}: at most one process a core, so {capped} "
            f"(this machine has {capped} core{'s' if capped != 1 else ''})"
        )


def exit_now(code: int) -> None:
    """End the process with `code` once the output is written and flushed, with os._exit:
    tearing the interpreter down (every module, every cached value) takes longer than
    scoring one hand (README, "The speed layer"). Nothing mjscore does is left to exit
    handlers; with MJSCORE_DEBUG set (for profilers and coverage) it exits the ordinary way.
    """
    import contextlib
    import os

    if os.environ.get("MJSCORE_DEBUG"):
        sys.exit(code)
    for stream in (sys.stdout, sys.stderr):
        # a closed pipe or a full disk: `run` has said it all, and an unflushed rest is lost
        with contextlib.suppress(OSError, ValueError, AttributeError, OutputError):
            stream.flush()
    os._exit(code)


def say(message: str) -> None:
    """One line on stderr, `mjscore: ` first, control characters escaped."""
    from ..report import safe

    _to_stderr(f"mjscore: {safe(' '.join(str(message).split()))}\n")


def _to_stderr(text: str) -> None:
    """A message that cannot be written (fd 2 closed or full) is lost, not a second failure."""
    import contextlib

    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write(text)
            sys.stderr.flush()


def guarded(action: Callable[[], int]) -> int:
    """Run a command under the exit-code policy of this module: whatever goes wrong is one
    line on stderr (a stop signal none), never a traceback."""
    with STOP:
        try:
            return _answered(action)
        except Stopped as exc:  # a second signal while the first failure was being said
            return 128 + exc.signum


def _answered(action: Callable[[], int]) -> int:
    try:
        if sys.stdout is None:  # fd 1 closed (`>&-`): Python has no stdout at all
            raise OutputError("cannot write the output: standard output is closed")
        code = action()
        with STOP.writing():
            sys.stdout.flush()  # here, not at exit: a full output is reported, not ignored
        return code
    except UsageProblem as exc:
        say(str(exc))
        return int(ExitCode.USAGE)
    except MjscoreError as exc:  # unknown ruleset, unknown option, bad value
        say(exc.message)
        return int(ExitCode.USAGE)
    except (KeyboardInterrupt, Stopped) as exc:
        import signal

        signum = getattr(exc, "signum", signal.SIGINT)
        if signum == signal.SIGINT:
            _to_stderr("\n")  # after the ^C a terminal echoes
        return 128 + signum
    except (BrokenPipeError, ClosedPipe):  # `| head` has read enough: quietly
        _quiet_stdout()
        return CLOSED_PIPE
    except OutputError as exc:
        _quiet_stdout()
        say(str(exc))
        return int(ExitCode.USAGE)
    except OSError as exc:  # not the output (OutputError) and not a bug: the system said no
        import os

        name = f": {text_arg(os.fsdecode(exc.filename))}" if exc.filename else ""
        say(f"system error: {exc.strerror or exc}{name}")
        return int(ExitCode.USAGE)
    except Exception as exc:  # a bug: one line, not a traceback (MJSCORE_DEBUG=1 shows it)
        import os

        if os.environ.get("MJSCORE_DEBUG"):
            raise
        say(f"internal error: {type(exc).__name__}: {exc} (set MJSCORE_DEBUG=1 for details)")
        return int(ExitCode.NOT_ALL_SCORED)


def _quiet_stdout() -> None:
    """After `| head` closed the pipe: point stdout at devnull so the exit flush is silent."""
    import contextlib
    import os

    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


class _Stdout(io.FileIO):
    """File descriptor 1 under sys.stdout (or the file of `-o`): a write that fails is
    OutputError whoever wrote (typer's help, a listing, a reporter), so every command says
    it the same way; a reader that left stays BrokenPipeError (quietly 141)."""

    def __init__(self, file: Any, mode: str, closefd: bool = True, shown: str = "") -> None:
        super().__init__(file, mode, closefd=closefd)
        self.shown = shown or "the output"

    def write(self, data: Any, /) -> int:
        try:
            return super().write(data)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write {self.shown}: {exc.strerror or exc}") from None


def _text_out(file: Any, mode: str, shown: str) -> io.TextIOWrapper:
    """A UTF-8 text stream on `file` (a path or a descriptor) whose failing write is
    OutputError naming it."""
    return io.TextIOWrapper(
        io.BufferedWriter(_Stdout(file, mode, shown=shown)), encoding="utf-8", newline=""
    )


class _Stderr(io.FileIO):
    """File descriptor 2 under sys.stderr: a message that cannot be written (a full disk,
    a reader that left) is lost, never a failure of the run; stdout still gets every
    record."""

    def write(self, data: Any, /) -> int:
        try:
            return super().write(data)
        except OSError:
            return len(data)


def _guard_stderr() -> None:
    """Put `_Stderr` under the process's sys.stderr, keeping its encoding and buffering."""
    err = sys.stderr
    if err is not sys.__stderr__ or not isinstance(err, io.TextIOWrapper):
        return
    try:
        fd = err.fileno()
    except (OSError, ValueError):
        return
    sys.stderr = io.TextIOWrapper(
        io.BufferedWriter(_Stderr(fd, "w", closefd=False)),
        encoding=err.encoding,
        errors=err.errors,
        line_buffering=err.line_buffering,
        write_through=err.write_through,
    )


def guard_streams() -> None:
    """Put `_Stdout` under the process's sys.stdout, keeping its encoding and buffering,
    and `_Stderr` under sys.stderr; send messages nowhere when fd 2 is closed (else
    `print(file=None)` would put them into stdout). The console script does this once;
    tests that capture keep their own."""
    import os

    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the run
    else:
        _guard_stderr()
    out = sys.stdout
    if out is None or out is not sys.__stdout__ or not isinstance(out, io.TextIOWrapper):
        return
    try:
        fd = out.fileno()
    except (OSError, ValueError):
        return
    buffered = io.BufferedWriter(_Stdout(fd, "w", closefd=False))
    sys.stdout = io.TextIOWrapper(
        buffered,
        encoding=out.encoding,
        errors=out.errors,
        line_buffering=out.line_buffering,
        write_through=out.write_through,
    )
