"""Hostile input and I/O stay contained (issue 13): odd digits, huge numbers, long lines,
encodings, escape sequences, signals, closed and full outputs, memory.

Every point of the issue has a test here; the CLI ones run the real program in a
subprocess, so they check what a shell sees. The fuzz test at the end feeds mutated
lines through the library and the command line.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjscore
from mjscore.cli.parallel import CHUNK, scored_in_parallel
from mjscore.core.notation import MAX_COUNT, MAX_INDICATORS, MAX_LINE, parse_line
from mjscore.report import safe

ROOT = Path(__file__).resolve().parents[1]
GOOD = "234m406p22s56s chi:678s ron:4s round:E seat:S dora:1s"
KINDS = {"notation", "invalid_hand", "context", "not_a_win", "no_yaku", "ruleset"}


def mj(
    *args: str, stdin: bytes | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[bytes]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("FORCE_COLOR", "COLUMNS", "MJSCORE_DEBUG", "TERM")
    }
    env.update(NO_COLOR="1")
    return subprocess.run(
        [sys.executable, "-m", "mjscore", *args],
        input=stdin,
        capture_output=True,
        env=env,
        timeout=timeout,
        cwd=ROOT,
    )


def jsonl(out: bytes) -> list[dict]:
    return [json.loads(line) for line in out.decode("utf-8").split("\n") if line]


def error_of(text: str, **kw) -> dict:
    result = mjscore.score(text, **kw)
    assert not result.ok and result.error is not None
    return result.error.to_dict()


# -- numbers: ASCII digits only, bounded counts ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        f"{GOOD} honba:²",
        f"{GOOD} sticks:١",
        "𝟘23m456p789s11z22z ron:2z",
        "23m456p789s11z22z ron:2z dora:𝟘m",
    ],
)
def test_only_ascii_digits_are_digits(text):
    """'²' passes str.isdigit() but not int(); mathematical and other scripts' digits are no
    tile numbers: each is a notation error with its column, never a crash. (Full-width
    digits are read as ASCII: tests/test_input_forms.py.)"""
    error = error_of(text)
    assert error["kind"] == "notation"
    assert error["column"] is not None


def test_counts_are_bounded_with_their_column():
    col = len(GOOD) + 2
    assert mjscore.score(f"{GOOD} honba:{MAX_COUNT}").ok
    for token in (f"honba:{MAX_COUNT + 1}", "sticks:" + "9" * 4300, "honba:" + "9" * 5000):
        error = error_of(f"{GOOD} {token}")
        assert (error["kind"], error["column"]) == ("notation", col), token
    dora = "dora:" + "1s" * (MAX_INDICATORS + 1)
    assert error_of(f"{GOOD.replace(' dora:1s', '')} {dora}")["kind"] == "notation"


def test_option_numbers_are_bounded_and_ascii():
    euro = "234m406p22s56s chi:678s ron:4s round:E seat:S rules:european"
    for value in ("10000000", "１０", "1_000", "-5"):
        error = error_of(f"{euro} opt:limit={value}")
        assert error["kind"] == "ruleset" and error["column"] == len(euro) + 2, value


@pytest.mark.parametrize(
    "options",
    [
        {"limit": None},
        {"limit": math.nan},
        {"limit": 10**100},
        {"limit": "inf"},
        {"limit": True},
        {"rounding": 3},
        {"rounding": None},
        [("limit", 5)],
        "limit=5",
    ],
)
def test_library_options_are_checked_into_the_result(options):
    result = mjscore.score("234m406p22s56s chi:678s ron:4s rules:european", options=options)
    assert not result.ok and result.error.kind == "ruleset"


def test_library_riichi_options_are_checked():
    for options in (
        {"kiriage_mangan": None},
        {"red_fives": 1.5},
        {"red_fives": "３"},
        {"open_tanyao": math.nan},
    ):
        result = mjscore.score(GOOD, options=options)
        assert result.error is not None and result.error.kind == "ruleset", options
    assert mjscore.score(GOOD, options={"red_fives": 3, "kiriage_mangan": "on"}).ok


@pytest.mark.parametrize(
    "rules", ["../rulesets/riichi", "/etc/passwd", "riichi.toml", "Riichi", None, 3, ["riichi"]]
)
def test_ruleset_names_are_names_not_paths(rules):
    result = mjscore.score(GOOD, rules=rules)
    assert result.error is not None and result.error.kind == "ruleset"
    assert mjscore.score(mjscore.parse(GOOD), rules=rules).error.kind == "ruleset"


def test_cli_rejects_a_ruleset_path():
    proc = mj("score", "--rules", "../rulesets/riichi", *GOOD.split())
    assert proc.returncode == 2
    assert b"not a ruleset name" in proc.stderr and b"Traceback" not in proc.stderr


# -- time: linear tokenizer, bounded lines ---------------------------------------------------


def test_long_digit_runs_are_linear():
    """A run of digits without a suit letter was quadratic (32,000 digits took 12 s)."""
    for n in (MAX_LINE, 200_000):
        start = time.perf_counter()
        error = error_of("1" * n) if n <= MAX_LINE else None
        if n > MAX_LINE:
            from mjscore.core.notation import _Token, parse_tiles

            with pytest.raises(mjscore.base.errors.NotationError):
                parse_tiles("1" * n, _Token("x", 1))
        assert time.perf_counter() - start < 1.0, n
        if error:
            assert "without a suit letter" in error["message"]


def test_a_line_past_the_bound_is_an_error_and_the_file_goes_on(tmp_path):
    path = tmp_path / "long.txt"
    path.write_bytes(
        b"1" * (2**20) + b"\n" + b"x" * (MAX_LINE + 5) + b"m\n" + GOOD.encode() + b"\n"
    )
    start = time.perf_counter()
    proc = mj("score", "--file", str(path), "-F", "jsonl")
    assert time.perf_counter() - start < 20
    recs = jsonl(proc.stdout)
    assert [r["line"] for r in recs] == [1, 2, 3]
    assert recs[0]["error"]["column"] == MAX_LINE + 1
    assert "longer than" in recs[1]["error"]["message"] and recs[2]["ok"]
    assert error_of("9" * (MAX_LINE + 1))["column"] == MAX_LINE + 1


def test_dev_zero_ends_with_an_error():
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    proc = mj("score", "--file", "/dev/zero", "-F", "jsonl", timeout=60)
    assert proc.returncode == 1
    assert len(jsonl(proc.stdout)) == 1
    assert b"no end" in proc.stderr and b"Traceback" not in proc.stderr
    assert b"MemoryError" not in proc.stderr


# -- a record per line, always; --jobs N the same as --jobs 1 ---------------------------------


HOSTILE = [
    GOOD,
    f"{GOOD} honba:" + "9" * 4300,
    "1" * 3000,
    "honba:²",
    "\x1b[2J 123m",
    "123m\u2028 ron:4s",
    "１２３m",
    "234m406p22s56s pon:55p ron:4s",
    "\u0085",
    f"{GOOD} rules:nope",
    f"{GOOD} opt:red_fives=9",
]


@pytest.mark.slow
def test_jobs_two_is_byte_identical_and_json_is_complete(tmp_path):
    path = tmp_path / "h.txt"
    lines = [HOSTILE[i % len(HOSTILE)] for i in range(2 * CHUNK + 37)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for fmt in ("jsonl", "json", "tsv"):
        one = mj("score", "--file", str(path), "-F", fmt, "--jobs", "1")
        two = mj("score", "--file", str(path), "-F", fmt, "--jobs", "2")
        assert (one.stdout, one.stderr, one.returncode) == (
            two.stdout,
            two.stderr,
            two.returncode,
        ), fmt
        assert b"Traceback" not in one.stderr and b"internal" not in one.stderr
    records = json.loads(
        one.stdout if fmt == "json" else mj("score", "--file", str(path), "-F", "json").stdout
    )
    assert len(records) == len(lines) - lines.count("\u0085")  # NEL alone: a blank line
    assert json.loads(mj("score", "--file", "/dev/null", "-F", "json").stdout) == []


def test_parallel_input_is_read_in_bounded_chunks():
    """The workers get the lines as they need them: after the first chunk comes back,
    only a few chunks have been read, not the whole (endless) input."""
    taken = 0

    def lines():
        nonlocal taken
        n = 0
        while True:
            n += 1
            taken += 1
            yield n, GOOD

    chunks = scored_in_parallel(lines(), "riichi", {}, "jsonl", 2)
    first = next(chunks)
    chunks.close()
    assert first[0] == CHUNK
    assert taken <= 10 * CHUNK


# -- text: UTF-8, BOM, line ends, separators, bad bytes --------------------------------------


def test_bom_crlf_and_stray_cr_same_from_file_and_stdin(tmp_path):
    data = (
        b"\xef\xbb\xbf"
        + GOOD.encode()
        + b"\r\n"
        + b"234m406p\r22s56s chi:678s ron:4s\n"
        + b"# comment\r\n"
        + GOOD.encode()
    )
    path = tmp_path / "h.txt"
    path.write_bytes(data)
    from_file = mj("score", "--file", str(path), "-F", "jsonl")
    from_stdin = mj("score", "--file", "-", "-F", "jsonl", stdin=data)
    # the same records but for the file each names (`-` for stdin)
    assert (
        from_file.stdout.replace(b'{"file": ' + json.dumps(str(path)).encode(), b'{"file": "-"')
        == from_stdin.stdout
    )
    recs = jsonl(from_file.stdout)
    assert [r["line"] for r in recs] == [1, 2, 4]  # as `wc -l` and editors count
    assert recs[0]["input"] == GOOD and recs[0]["ok"]
    assert recs[1]["input"] == "234m406p 22s56s chi:678s ron:4s" and recs[1]["ok"]


@pytest.mark.parametrize("fmt", ["jsonl", "json"])
def test_json_escapes_line_separators(fmt):
    proc = mj("score", "-F", fmt, "123m\u2028\u2029\x85", "ron:4s")
    out = proc.stdout.decode("utf-8")
    assert "\u2028" not in out and "\u2029" not in out and "\x85" not in out
    assert "\\u2028" in out and "\\u0085" in out
    if fmt == "jsonl":
        assert len(out.splitlines()) == 1  # str.splitlines splits at U+2028
        assert json.loads(out)["input"] == "123m\u2028\u2029\x85 ron:4s"


def test_undecodable_bytes_become_replacement_characters_in_arguments_and_files(tmp_path):
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "mjscore",
            "score",
            "-F",
            "jsonl",
            os.fsdecode(b"123m\xff\xfe"),
            "ron:4s",
        ],
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )
    out = proc.stdout.decode("utf-8")  # strict: the output is UTF-8
    assert json.loads(out)["input"] == "123m\ufffd\ufffd ron:4s"
    path = tmp_path / "bad.txt"
    path.write_bytes(b"123m\xc3 ron:4s\n" + GOOD.encode() + b"\n")
    proc = mj("score", "--file", str(path), "-F", "jsonl")
    recs = jsonl(proc.stdout)
    assert recs[0]["input"] == "123m\ufffd ron:4s" and recs[1]["ok"]


# -- safe terminal ---------------------------------------------------------------------------


def test_control_characters_are_escaped_in_every_human_output():
    line = b"123m\x1b[2J\x1b]0;title\x07 ron:4s\n"
    for fmt in ("rich", "tsv", "jsonl"):
        proc = mj("score", "--file", "-", "-F", fmt, stdin=line)
        human = proc.stderr if fmt != "tsv" else proc.stdout + proc.stderr
        assert b"\x1b" not in human and b"\x07" not in human, fmt
        assert b"\\x1b[2J" in human, fmt
    assert safe("a\x1bb\x9bc\td") == "a\\x1bb\\x9bc\td"


def test_the_caret_stays_under_an_escaped_token():
    proc = mj("score", "-q", "--file", "-", stdin=b"123m ron:4s \x1bx\n")
    lines = proc.stderr.decode().splitlines()
    shown, under = lines[-2], lines[-1]
    assert shown[under.index("^") :].startswith("\\x1bx")
    assert under.count("^") == len("\\x1bx")


# -- signals, pipes, full outputs ------------------------------------------------------------


@pytest.fixture(scope="module")
def long_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("long") / "long.txt"
    hands = [
        line
        for line in (ROOT / "examples" / "hands.txt").read_text("utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    path.write_text("\n".join(hands[i % len(hands)] for i in range(60_000)) + "\n", "utf-8")
    return path


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "killpg"), reason="POSIX process groups")
@pytest.mark.parametrize("fmt", ["jsonl", "json"])
def test_ctrl_c_ends_a_parallel_run_with_130_and_whole_records(long_file, fmt):
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mjscore",
            "score",
            "--file",
            str(long_file),
            "-F",
            fmt,
            "--jobs",
            "2",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    time.sleep(2.0)  # past start-up, well before the end
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err
    recs = json.loads(out) if fmt == "json" else jsonl(out)
    assert 0 < len(recs) < 60_000  # stopped in the middle, every record whole
    assert [r["line"] for r in recs] == list(range(1, len(recs) + 1))


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_closed_pipe_ends_quietly(long_file, jobs):
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mjscore",
            "score",
            "--file",
            str(long_file),
            "-F",
            "jsonl",
            "--jobs",
            jobs,
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read() if proc.stderr else b""
    proc.wait(timeout=60)
    assert err == b""
    assert proc.returncode == 141  # 128 + SIGPIPE, as a shell shows it: not "a bad hand"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize(
    "args",
    [["--file", "examples/hands.txt", "-F", "jsonl"], ["-F", "json", *GOOD.split()], GOOD.split()],
)
def test_a_full_output_is_one_clear_line(args):
    with open("/dev/full", "wb") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "mjscore", "score", *args],
            cwd=ROOT,
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    assert proc.returncode == 2
    lines = proc.stderr.decode().strip().splitlines()
    assert lines == ["mjscore: cannot write the output: No space left on device"]


# -- fuzz: mutated lines through the library and the command line -----------------------------


SEEDS = [
    GOOD,
    "111m9p pon:777z= pon:666z+ pon:555z- ron:9p=",
    "234m406p22s56s pon:55p ron:4s",
    "1m9m1p9p1s9s1z2z3z4z5z6z7z tsumo:7z riichi",
    "123m456p789s11z22z ron:2z honba:3 sticks:2 dora:4m ura:1z,2z opt:red_fives=3",
    "123m456p789s11z22z ron:2z / E: 123m riichi rules:european flowers:1f",
]
ODD = [
    "²",
    "１",
    "𝟘",
    "\x1b",
    "\r",
    "\x00",
    "\u2028",
    "\x85",
    "\ufeff",
    "\ufffd",
    ":",
    "/",
    "=",
    ",",
    "#",
    " ",
    "9" * 40,
    "honba:",
    "opt:",
    "rules:",
    "dora:",
    "\t",
    "é",
]


@st.composite
def mutated(draw) -> str:
    line = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(line)))
        how = draw(st.sampled_from(["insert", "delete", "repeat"]))
        if how == "insert":
            bit = draw(st.sampled_from(ODD) | st.text(max_size=3))
            line = line[:at] + bit + line[at:]
        elif how == "delete":
            line = line[:at] + line[at + draw(st.integers(1, 5)) :]
        else:
            line = line[:at] + line[at : at + 3] * draw(st.integers(2, 50)) + line[at:]
    return line


@pytest.mark.slow
@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(st.lists(mutated(), min_size=1, max_size=8))
def test_fuzz_library(lines):
    for line in lines:
        result = mjscore.score(line)
        assert result.error is None or result.error.kind in KINDS, result.error
        json.dumps(result.to_dict())  # every record can be written
        with contextlib.suppress(mjscore.base.errors.MjscoreError):
            parse_line(line)


@pytest.mark.slow
def test_fuzz_command_line(tmp_path):
    """Many mutated lines in one file: one record per hand line, in order, the same with
    --jobs 2, no `internal` kind and no traceback."""
    lines: list[str] = []

    @settings(
        max_examples=600,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(mutated())
    def collect(line):
        lines.append(line)

    collect()
    data = "\n".join(lines).encode("utf-8", "surrogatepass") + b"\n"
    path = tmp_path / "fuzz.txt"
    path.write_bytes(data)
    one = mj("score", "--file", str(path), "-F", "jsonl", "--jobs", "1")
    two = mj("score", "--file", str(path), "-F", "jsonl", "--jobs", "2")
    assert one.stdout == two.stdout and one.stderr == two.stderr
    assert b"Traceback" not in one.stderr and b"internal" not in one.stderr
    recs = jsonl(one.stdout)
    # the expected hand lines: what the reader sees, counted as `wc -l` counts
    raw = data.split(b"\n")[:-1]
    expected = []
    for n, b in enumerate(raw, 1):
        text = b.decode("utf-8", "replace")
        text = (text[:-1] if text.endswith("\r") else text).replace("\r", " ")
        if n == 1 and text.startswith("\ufeff"):
            text = text[1:]
        if text.strip() and not text.strip().startswith("#"):
            expected.append(n)
    assert [r["line"] for r in recs] == expected
    assert all(r["error"] is None or r["error"]["kind"] in KINDS for r in recs)
    tsv = mj("score", "--file", str(path), "-F", "tsv")
    assert len(tsv.stdout.split(b"\n")) == len(expected) + 2  # header, rows, final newline
    assert b"\x1b" not in tsv.stdout + tsv.stderr
