"""Every command stays contained (issue 19): one exit-code policy for output failures,
stop signals that end a run as Ctrl-C does, a stopped input that keeps what was read,
hostile config files, odd COLUMNS and file names that are not UTF-8.

The CLI tests run the real program in a subprocess, each bounded in time, so they check
what a shell, a batch scheduler or a supervisor sees.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mjscore.cli.parallel import CHUNK, SERIAL_CHUNK, scored_in_chunks, scored_in_parallel
from mjscore.cli.runner import MAX_SKIP, EndlessLine
from mjscore.report.settings import MAX_COLUMNS, MIN_COLUMNS, sane_columns

ROOT = Path(__file__).resolve().parents[1]
GOOD = "234m406p22s56s chi:678s ron:4s round:E seat:S dora:1s"
RECORD = "tests/data/logs/mjlog/double-ron.mjlog"  # every win agrees: no stderr of its own
POSIX = pytest.mark.skipif(os.name != "posix", reason="POSIX file descriptors and signals")

# Every command, with arguments that make it write to stdout and succeed.
COMMANDS = {
    "score": ["score", *GOOD.split()],
    "score-file": ["score", "--file", "examples/hands.txt", "-F", "jsonl"],
    "waits": ["waits", "234m406p22s56s", "chi:678s"],
    "import": ["import", RECORD],
    "check": ["check", RECORD],
    "rules": ["rules"],
    "yaku": ["yaku"],
    "table": ["table"],
    "schema": ["schema"],
    "notation": ["notation"],
    "boo-result": ["boo-result", "4020/1900/1200/880"],
    "version": ["--version"],
    "help": ["--help"],
    "score-help": ["score", "--help"],
}


def env(**extra: str) -> dict[str, str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("FORCE_COLOR", "COLUMNS", "MJSCORE_DEBUG", "TERM", "MJSCORE_CONFIG")
    }
    return {**clean, "NO_COLOR": "1", **extra}


def mj(
    *args: str | bytes, stdin: bytes | None = None, timeout: float = 60, **kw
) -> subprocess.CompletedProcess[bytes]:
    kw.setdefault("stdout", subprocess.PIPE)
    kw.setdefault("env", env())
    return subprocess.run(
        [sys.executable, "-m", "mjscore", *args],
        input=stdin,
        stderr=subprocess.PIPE,
        timeout=timeout,
        cwd=ROOT,
        **kw,
    )


def no_crash(stderr: bytes) -> None:
    assert b"Traceback" not in stderr and b"internal error" not in stderr, stderr


# -- output failures: exit 2 and one line, whatever the command -------------------------------


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("name", COMMANDS)
def test_a_full_disk_is_exit_2_and_one_line_for_every_command(name):
    with open("/dev/full", "wb") as full:
        proc = mj(*COMMANDS[name], stdout=full)
    no_crash(proc.stderr)
    assert proc.stderr.decode().splitlines() == [
        "mjscore: cannot write the output: No space left on device"
    ], name
    assert proc.returncode == 2, name


MIXED = {  # the second line of each fails
    "score": f"{GOOD}\n123m\n123m456p789s11z22z tsumo:2z\n",
    "waits": "234m406p22s56s chi:678s\n12m\n123m456p789s1122z\n",
}


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize(
    "command, fmt",
    [
        ("score", "jsonl"),
        ("waits", "rich"),
        *(
            pytest.param(c, f, marks=pytest.mark.slow)
            for c in ("score", "waits")
            for f in ("rich", "jsonl", "json", "tsv")
            if (c, f) not in (("score", "jsonl"), ("waits", "rich"))
        ),
    ],
)
def test_stderr_on_a_full_device_loses_messages_never_records(tmp_path, command, fmt):
    """Issue 29: the messages (an error line, the summary) cannot be written; the records
    all are, and the exit status is the lines' own."""
    hands = tmp_path / "hands.txt"
    hands.write_text(MIXED[command])
    args = [command, "--file", str(hands), "-F", fmt]
    with open(os.devnull, "wb") as null:
        wanted = subprocess.run(
            [sys.executable, "-m", "mjscore", *args],
            stdout=subprocess.PIPE,
            stderr=null,
            env=env(),
            cwd=ROOT,
            timeout=60,
        )
    with open("/dev/full", "wb") as full:
        got = subprocess.run(
            [sys.executable, "-m", "mjscore", *args],
            stdout=subprocess.PIPE,
            stderr=full,
            env=env(),
            cwd=ROOT,
            timeout=60,
        )
    assert got.returncode == wanted.returncode == 1
    assert got.stdout == wanted.stdout and got.stdout


@POSIX
@pytest.mark.parametrize("name", COMMANDS)
def test_a_closed_stdout_is_exit_2_and_one_line_for_every_command(name):
    proc = mj(*COMMANDS[name], stdout=None, preexec_fn=lambda: os.close(1))
    no_crash(proc.stderr)
    assert proc.stderr.decode().splitlines() == [
        "mjscore: cannot write the output: standard output is closed"
    ], name
    assert proc.returncode == 2, name


@pytest.mark.slow
@POSIX
@pytest.mark.parametrize("name", COMMANDS)
def test_a_reader_gone_before_the_first_write_is_quietly_141_for_every_command(name):
    """`mjscore X | head -c0`, without the race: the pipe's reader is closed before mjscore
    starts. A reader that left is the 128 + SIGPIPE of the README, not an output failure."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = mj(*COMMANDS[name], stdout=write_end)
    finally:
        os.close(write_end)
    assert proc.stderr == b"", name
    assert proc.returncode == 141, name


@POSIX
def test_a_closed_stderr_keeps_error_lines_out_of_stdout():
    proc = mj("score", "-F", "jsonl", "123m", preexec_fn=lambda: os.close(2))
    assert proc.returncode == 1
    records = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert len(records) == 1 and records[0]["ok"] is False


@POSIX
@pytest.mark.parametrize("args", [["score", "--file", "-"], ["import", "-"]])
def test_a_closed_stdin_is_a_usage_error(args):
    proc = mj(*args, stdin=None, preexec_fn=lambda: os.close(0))
    no_crash(proc.stderr)
    assert proc.stderr.decode().splitlines() == [
        "mjscore: cannot read standard input: it is closed"
    ]
    assert proc.returncode == 2


# -- stop signals: SIGTERM and SIGHUP end a run as Ctrl-C does ---------------------------------


@pytest.fixture(scope="module")
def big_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("big") / "big.txt"
    hands = [
        line
        for line in (ROOT / "examples" / "hands.txt").read_text("utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    path.write_text("\n".join(hands[i % len(hands)] for i in range(200_000)) + "\n", "utf-8")
    return path


def session_members(sid: int) -> list[int]:
    """The processes still in session `sid` (mjscore's own and its workers), from /proc."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[3]) == sid and fields[0] != "Z":
            members.append(int(entry))
    return members


def stopped_run(
    path: Path, fmt: str, jobs: str, signum: int, to_group: bool, ignore_hup: bool = False
) -> tuple[subprocess.Popen, bytes, bytes]:
    """Start a run in its own session, send `signum` once output has appeared; (the
    process, all of stdout, stderr)."""

    def setup() -> None:
        if ignore_hup:
            signal.signal(signal.SIGHUP, signal.SIG_IGN)

    proc = subprocess.Popen(
        [sys.executable, "-m", "mjscore", "score", "--file", str(path), "-F", fmt, "--jobs", jobs],
        cwd=ROOT,
        env=env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=setup,
    )
    assert proc.stdout is not None
    first = os.read(proc.stdout.fileno(), 1 << 16)  # past start-up: records are coming
    assert first
    (os.killpg if to_group else os.kill)(proc.pid, signum)
    out, err = proc.communicate(timeout=60)
    return proc, first + out, err


def whole_records(out: bytes, fmt: str) -> list[dict]:
    if fmt == "json":
        return json.loads(out)  # the array is closed
    return [json.loads(line) for line in out.decode("utf-8").split("\n") if line]


@pytest.mark.slow
@POSIX
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="/proc to look for workers")
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
@pytest.mark.parametrize("to_group", [False, True], ids=["pid", "group"])
@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_sigterm_and_sighup_end_a_parallel_run_whole(big_file, signame, to_group, fmt):
    signum = getattr(signal, signame)
    proc, out, err = stopped_run(big_file, fmt, "2", signum, to_group)
    assert err == b"", err
    assert proc.returncode == 128 + signum  # as SIGINT is 130
    records = whole_records(out, fmt)
    assert 0 < len(records) < 200_000  # stopped in the middle, every record whole
    assert [r["line"] for r in records] == list(range(1, len(records) + 1))
    deadline = time.monotonic() + 5
    while session_members(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert session_members(proc.pid) == []  # no worker left behind


@pytest.mark.slow
@POSIX
def test_sigterm_ends_a_serial_run_whole(big_file):
    proc, out, err = stopped_run(big_file, "json", "1", signal.SIGTERM, to_group=False)
    assert (proc.returncode, err) == (128 + signal.SIGTERM, b"")
    assert 0 < len(whole_records(out, "json")) < 200_000


@pytest.mark.slow
@POSIX
def test_an_ignored_sighup_stays_ignored(big_file):
    """`nohup mjscore ...`: SIGHUP changes nothing, SIGTERM still stops the run."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mjscore",
            "score",
            "--file",
            str(big_file),
            "-F",
            "jsonl",
            "--jobs",
            "2",
        ],
        cwd=ROOT,
        env=env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),
    )
    assert proc.stdout is not None
    first = os.read(proc.stdout.fileno(), 1 << 16)
    os.killpg(proc.pid, signal.SIGHUP)
    time.sleep(0.3)
    assert proc.poll() is None  # still running
    os.killpg(proc.pid, signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert (proc.returncode, err) == (128 + signal.SIGTERM, b"")
    assert whole_records(first + out, "jsonl")


# -- an input that stops: every line read before it is scored and written --------------------


def lines_then_endless(count: int):
    for number in range(1, count + 1):
        yield number, GOOD
    raise EndlessLine("no end")


@pytest.mark.parametrize("scored_by", ["chunks", "parallel"])
def test_the_chunks_read_before_a_stopped_input_are_all_scored(scored_by):
    count = 3 * CHUNK + 7  # a partial chunk last, and more than one task a worker
    source = (
        scored_in_chunks(lines_then_endless(count), "riichi", None, "jsonl")
        if scored_by == "chunks"
        else scored_in_parallel(lines_then_endless(count), "riichi", None, "jsonl", 2)
    )
    done = 0
    with pytest.raises(EndlessLine):
        for scored, failed, _rendered, _errors in source:
            done += scored + failed
    assert done == count


@pytest.fixture(scope="module")
def endless_file(tmp_path_factory) -> tuple[Path, int]:
    """Lines of hands, then a last line with no end within MAX_SKIP bytes, kept sparse."""
    path = tmp_path_factory.mktemp("endless") / "endless.txt"
    count = 2 * CHUNK + SERIAL_CHUNK + 37  # partial chunks for --jobs 1 and --jobs 2
    with open(path, "wb") as f:
        f.write((GOOD + "\n").encode() * count)
        f.seek(MAX_SKIP + (1 << 20), os.SEEK_CUR)
        f.write(b"x")
    return path, count


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["jsonl", "json"])
def test_a_stopped_file_keeps_every_record_read_before_the_stop(endless_file, fmt):
    path, count = endless_file
    runs = {
        jobs: mj("score", "--file", str(path), "-F", fmt, "--jobs", jobs, timeout=120)
        for jobs in ("1", "2")
    }
    with open(path, "rb") as f:
        runs["stdin"] = mj("score", "--file", "-", "-F", fmt, stdin=f.read(), timeout=120)
    for how, proc in runs.items():
        no_crash(proc.stderr)
        assert proc.returncode == 1, how
        records = whole_records(proc.stdout, fmt)
        assert len(records) == count + 1, how  # the endless line's own "too long" record
        assert all(r["ok"] for r in records[:count]), how
        said = proc.stderr.decode().splitlines()
        # the stop, then the run's last word: the summary of what was read before it
        assert said[-2] == "mjscore: a line has no end within 64 MB: not a file of hand lines", how
        assert said[-1].endswith(" not scored"), how
    assert runs["1"].stdout == runs["2"].stdout
    named = json.dumps(str(path)).encode()  # each record names its file, `-` for stdin
    assert runs["1"].stdout.replace(named, b'"-"') == runs["stdin"].stdout


# -- a hostile config file is a config error --------------------------------------------------


HOSTILE_CONFIGS = {
    "not-utf8": (b'rules = "riichi"\n\xff = 1\n', "not UTF-8 text (line 2: byte 0xff)"),
    "deep-arrays": (
        b"x = " + b"[" * 100_000 + b"]" * 100_000 + b"\n",
        "arrays or tables nested too deeply",
    ),
    "deep-tables": (
        b"x = " + b"{a=" * 5000 + b"1" + b"}" * 5000 + b"\n",
        "arrays or tables nested too deeply",
    ),
    "many-digits": (
        b"[options]\nlimit = " + b"9" * 5000 + b"\n",
        "a number with too many digits (at most",
    ),
    "huge": (b"# " + b"x" * (2 << 20) + b"\n", "larger than 1 MB, not a config file"),
    "not-toml": (b"rules = \n", "not valid TOML"),
}


@pytest.mark.parametrize("name", HOSTILE_CONFIGS)
def test_a_hostile_config_file_is_a_config_error_naming_the_file(tmp_path, name):
    content, says = HOSTILE_CONFIGS[name]
    path = tmp_path / f"{name}.toml"
    path.write_bytes(content)
    proc = mj("score", "--config", str(path), *GOOD.split())
    no_crash(proc.stderr)
    lines = proc.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"mjscore: config file {path}: "), lines
    assert says in lines[0]
    assert proc.returncode == 2


def test_a_config_file_that_is_a_directory_is_a_config_error(tmp_path):
    proc = mj("score", "--config", str(tmp_path), *GOOD.split())
    assert proc.stderr.decode().splitlines() == [
        f"mjscore: config file {tmp_path}: cannot read it: Is a directory"
    ]
    assert proc.returncode == 2


@POSIX
@pytest.mark.parametrize("how", ["flag", "env"])
def test_a_config_from_a_pipe_is_read(how):
    """`--config <(echo ...)` and MJSCORE_CONFIG=<(...): a /dev/fd path, not a file."""
    read_end, write_end = os.pipe()
    os.write(write_end, b'format = "jsonl"\n')
    os.close(write_end)
    path = f"/dev/fd/{read_end}"
    try:
        args = ["--config", path] if how == "flag" else []
        proc = mj(
            "score",
            *args,
            *GOOD.split(),
            pass_fds=(read_end,),
            env=env(MJSCORE_CONFIG=path) if how == "env" else env(),
        )
    finally:
        os.close(read_end)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["ok"] is True  # the pipe's format, not rich


def test_a_missing_config_file_named_in_bytes_that_are_not_utf8(tmp_path):
    name = os.fsencode(tmp_path) + b"/\xff\x1b[2J.toml"
    proc = mj("score", b"--config", name, *GOOD.split())
    assert proc.stderr.decode("utf-8").splitlines() == [
        f"mjscore: config file {tmp_path}/\ufffd\\x1b[2J.toml: no such file"
    ]
    assert proc.returncode == 2


# -- COLUMNS ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("0", None),
        ("-5", None),
        ("abc", None),
        ("", None),
        ("  ", None),
        ("١٢٠", None),
        ("000", None),
        ("1", str(MIN_COLUMNS)),
        ("80", "80"),
        (" 120 ", "120"),
        ("0100", "100"),
        (str(10**9), str(MAX_COLUMNS)),
        ("9" * 5000, str(MAX_COLUMNS)),
    ],
)
def test_columns_is_a_width_rich_can_draw_in(given, kept):
    environ = {"COLUMNS": given}
    sane_columns(environ)
    assert environ.get("COLUMNS") == kept
    untouched: dict[str, str] = {}
    sane_columns(untouched)
    assert untouched == {}


@pytest.mark.slow
@pytest.mark.parametrize("columns", ["0", "-5", "abc", str(10**9)])
@pytest.mark.parametrize("args", [GOOD.split(), ["123m"]], ids=["report", "error"])
def test_odd_columns_leave_the_rich_outputs_whole(columns, args):
    proc = mj("score", *args, env=env(COLUMNS=columns))
    good = args != ["123m"]
    text = (proc.stdout if good else proc.stderr).decode("utf-8")
    assert proc.returncode == (0 if good else 1)
    assert ("ron" in text) if good else text.startswith("line 1: not a win")
    assert max(len(line) for line in text.splitlines()) <= MAX_COLUMNS
    for listing in (["rules"], ["--help"]):
        proc = mj(*listing, env=env(COLUMNS=columns))
        assert proc.returncode == 0 and proc.stdout.strip(), (listing, columns)
        assert max(len(line) for line in proc.stdout.decode().splitlines()) <= MAX_COLUMNS


# -- file names that are not UTF-8 ------------------------------------------------------------


def odd_name(directory: Path, suffix: str) -> bytes:
    return os.fsencode(directory) + b"/\xff\x1b[2J" + suffix.encode()


def test_a_file_named_in_bytes_that_are_not_utf8_opens(tmp_path):
    name = odd_name(tmp_path, ".txt")
    with open(name, "wb") as f:
        f.write((GOOD + "\n").encode())
    proc = mj("score", "--file", name, "-F", "jsonl")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["ok"] is True


def test_a_missing_file_named_in_bytes_that_are_not_utf8_is_shown_safely(tmp_path):
    proc = mj("score", "--file", odd_name(tmp_path, ".txt"))
    assert proc.stderr.decode("utf-8").splitlines() == [
        f"mjscore: cannot read {tmp_path}/\ufffd\\x1b[2J.txt: No such file or directory"
    ]
    assert b"\x1b" not in proc.stderr and b"\xff" not in proc.stderr
    assert proc.returncode == 2


@pytest.mark.parametrize("command", ["import", "check"])
def test_a_record_named_in_bytes_that_are_not_utf8_is_valid_utf8_json(tmp_path, command):
    name = odd_name(tmp_path, ".mjlog")
    with open(name, "wb") as f:
        f.write((ROOT / RECORD).read_bytes())
    proc = mj(command, "-F", "jsonl", name)
    assert proc.returncode == 0, proc.stderr
    records = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    wins = [r for r in records if "summary" not in r and "game" not in r]
    shown = f"{tmp_path}/\ufffd\x1b[2J.mjlog"
    assert wins and all(r["source"]["file"] == shown for r in wins)
    assert all(r["game"]["file"] == shown for r in records if "game" in r)
    missing = mj(command, odd_name(tmp_path, ".gone"))
    assert b"\x1b" not in missing.stderr and b"\xff" not in missing.stderr
    assert "\ufffd\\x1b[2J.gone: cannot read" in missing.stderr.decode("utf-8")


def test_a_line_the_core_cannot_answer_is_recorded_under_the_rules_it_asked_for(monkeypatch):
    """An internal failure's record names the line's own `rules:` token, not the run's."""
    from mjscore.cli import lines
    from mjscore.engine import loop as engine

    def boom(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(engine, "score_line", boom)
    result = lines.score_one("123m456p789s11z22z ron:2z rules:MCR", "riichi", None, 1)
    assert result.rules == "mcr" and result.error.kind == "internal"
    assert lines.score_one("123m ron:2z", "european", None, 1).rules == "european"
