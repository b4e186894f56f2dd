"""The lean entry: a machine-format `score` run read without typer (cli/lean.py).

Whatever the entry, the output, the messages and the exit code are typer's: each command
line here runs through `python -m mjscore` (the lean entry first) and through typer's
entry alone, and the bytes must be the same. What the lean parser does not read whole
goes to typer.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def mj(*args: str, entry: str = "-m") -> subprocess.CompletedProcess:
    """Run mjscore: `python -m mjscore` (the lean entry first), or typer's entry alone."""
    env = {k: v for k, v in os.environ.items() if k not in ("MJSCORE_DEBUG", "COLUMNS")}
    env["NO_COLOR"] = "1"
    if entry == "-m":
        cmd = [sys.executable, "-m", "mjscore", *args]
    else:
        code = "import sys; from mjscore.cli.commands import main; main()"
        cmd = [sys.executable, "-c", code, *args]
    return subprocess.run(cmd, capture_output=True, cwd=ROOT, env=env, timeout=300)


LEAN_LINES = [
    ("score", "--file", "examples/hands.txt", "--format", "jsonl"),
    ("score", "-f", "examples/hands.txt", "-F", "tsv", "-q"),
    ("score", "--format=json", "--file=examples/hands.txt", "--jobs=1", "--rules", "WebTile"),
    ("score", "-F", "jsonl", "234m406p22s56s", "chi:678s", "ron:4s=", "--opt", "kiriage_mangan=on"),
    ("score", "-F", "jsonl", "--file", "examples/hands.txt", "234m"),
    ("score", "-F", "jsonl", "--file", "no/such/file.txt"),
    ("score", "-F", "jsonl", "--rules", "nosuch", "123m"),
    ("score", "-F", "jsonl", "--opt", "nosuch=1", "123m"),
    ("score", "-F", "jsonl", "--jobs", "x", "123m"),
    ("score", "-F", "jsonl", "-o", "/no/such/dir/out.jsonl", "123m"),
    ("score", "-F", "jsonl", "--config", "/no/such/config.toml", "123m"),
    ("score", "-F", "jsonl", "bad", "tokens"),
    ("score", "-F", "jsonl"),
    ("score", "-F", "jsonl", "--file"),
    ("score", "-F", "jsonl", "-q", "-q", "123m"),
    ("score", "-F", "rich", "123m"),
    ("score", "--help"),
]


@pytest.mark.slow
@pytest.mark.parametrize("args", LEAN_LINES, ids=lambda a: " ".join(a))
def test_the_lean_entry_says_what_typer_says(args):
    """A machine-format score run is read without typer when the lean parser reads it
    whole; either way the output, the messages and the exit code are typer's."""
    lean, typer = mj(*args), mj(*args, entry="typer")
    assert (lean.returncode, lean.stdout, lean.stderr) == (
        typer.returncode,
        typer.stdout,
        typer.stderr,
    )


def test_the_lean_parser_reads_only_what_it_reads_whole():
    from mjscore.cli.lean import read_args

    got = read_args(["score", "-f", "x", "--format=jsonl", "--opt", "a=1", "--opt=b=2", "-q", "-"])
    assert got == {
        "tokens": ["-"],
        "opt": ["a=1", "b=2"],
        "file": "x",
        "fmt": "jsonl",
        "quiet": True,
    }
    for args in (
        ["score", "--format", "rich", "123m"],  # a format for people: rich, typer's
        ["score", "-F", "jsonl", "--no-tiles", "123m"],  # a global flag
        ["score", "-F", "jsonl", "-fx"],  # a value joined to a short option
        ["score", "-F", "jsonl", "-F", "tsv"],  # given twice
        ["score", "-F", "jsonl", "--", "123m"],
        ["score", "-F", "jsonl", "--file", "--quiet"],
        ["score", "-F", "jsonl", "--file"],
        ["waits", "-F", "jsonl", "123m"],
        ["--lang", "ja", "score", "-F", "jsonl", "123m"],
        ["score", "-F", "jsonl", "-h"],
    ):
        assert read_args(args) is None, args


# -- the prepared file run: a shipped ruleset's setting without the engine ------------------

ORACLE = ROOT / "tests" / "data" / "tenhou-houou.jsonl"


def oracle_lines(count: int) -> list[str]:
    import json

    rows = ORACLE.read_text("utf-8").splitlines()[:count]
    return [json.loads(row)["line"] for row in rows]


# Lines the core finishes and lines that come back to the Python path, of every kind
MIXED = [
    *oracle_lines(40),
    "# a comment line, then a blank one",
    "",
    "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s rules:TENHOU",  # prepared
    "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s opt:kiriage_mangan=on",
    "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s rules:sanma",  # invalid: 2s..8s
    "123m bad",  # a notation error and its hint
    "123m456p789s1122z",  # not a win: what it waits on
    "123m456p789s11z22z ron:2z rules:nosuch",  # an unknown ruleset on the line
    "111z234s55z66z kan:8888p ron:6z round:S breach:S seat:E rules:european",
    "2345678m11122z ron:1z rules:mcr",
    "draw:exhaustive tenpai:E round:E",
    "２３４ｍ４０６ｐ２２ｓ５６ｓ　ｃｈｉ：６７８ｓ　ｒｏｎ：４ｓ",  # full-width: Python's
    "234m406p22s56s chi:678s ron:4s # a comment in any script: 東",
    "1" * 10_050,  # too long
    *oracle_lines(3),
]
MIXED_BYTES = ("\n".join(MIXED) + "\n").encode() + b"12\xffm bad bytes\n" + b"123m\r\n"


def mj_in(
    *args: str,
    entry: str = "-m",
    stdin: bytes = b"",
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess:
    """`mj` with standard input and more of the environment."""
    full = {k: v for k, v in os.environ.items() if k not in ("MJSCORE_DEBUG", "COLUMNS")}
    full.update(NO_COLOR="1", **(env or {}))
    if entry == "-m":
        cmd = [sys.executable, "-m", "mjscore", *args]
    else:
        code = "import sys; from mjscore.cli.commands import main; main()"
        cmd = [sys.executable, "-c", code, *args]
    return subprocess.run(cmd, input=stdin, capture_output=True, cwd=ROOT, env=full, timeout=300)


def same_either_way(*args: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> Any:
    """Run through both entries; assert the same stdout, stderr and exit code; the run."""
    lean = mj_in(*args, stdin=stdin, env=env)
    typer = mj_in(*args, entry="typer", stdin=stdin, env=env)
    assert lean.returncode == typer.returncode, (args, lean.stderr, typer.stderr)
    assert lean.stderr == typer.stderr, args
    assert lean.stdout == typer.stdout, args
    return lean


@pytest.fixture(scope="module")
def mixed_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("prepared") / "hands été.txt"
    path.write_bytes(MIXED_BYTES)
    return path


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["jsonl", "json", "tsv"])
@pytest.mark.parametrize("how", ["--file F", "--file -", "-"])
@pytest.mark.parametrize("rules", [None, "tenhou", "Mahjongsoul-Sanma", "mcr"])
def test_a_prepared_file_run_says_what_typer_says(mixed_file, fmt, how, rules):
    """Lines the core finishes and lines that come back, from a file and from stdin, in
    every format, under the default ruleset, a preset, a three-player ruleset and a ruleset
    of another family: the same bytes and exit code through both entries."""
    given = {"--file F": ["--file", str(mixed_file)], "--file -": ["--file", "-"], "-": ["-"]}
    args = ["score", *given[how], "-F", fmt, *(["--rules", rules] if rules else [])]
    stdin = b"" if how == "--file F" else MIXED_BYTES
    run = same_either_way(*args, stdin=stdin)
    assert run.returncode == 1 and run.stdout
    assert b"hands: " in run.stderr.splitlines()[-1]  # the summary, last


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ("--jobs", "1"),
        ("--jobs", "0", "-q"),
        ("--quiet",),
        ("--jobs", "2"),  # workers: not the prepared run, the same bytes
        ("--rules", "nosuch"),  # an unknown ruleset: the usage error, before any line
        ("--rules", ""),
    ],
    ids=" ".join,
)
def test_a_prepared_run_s_other_flags_say_what_typer_says(mixed_file, args):
    same_either_way("score", "--file", str(mixed_file), "-F", "jsonl", *args)


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["jsonl", "json", "tsv"])
def test_empty_missing_and_unreadable_inputs_say_what_typer_says(tmp_path, fmt):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    blank = tmp_path / "blank.txt"
    blank.write_bytes(b"\n# only a comment\n\n")
    for path in (empty, blank, tmp_path / "missing.txt", tmp_path):  # a directory last
        same_either_way("score", "--file", str(path), "-F", fmt)
    same_either_way("score", "--file", "-", "-F", fmt, stdin=b"")
    same_either_way("score", "-", "-F", fmt, stdin=b"\n\n")


@pytest.mark.slow
def test_a_config_file_or_a_rules_path_says_what_typer_says(mixed_file, tmp_path):
    """A config file (named or found) or MJSCORE_RULES_PATH can change the setting: such a
    run is runner.score_command's, with the same bytes through both entries."""
    xdg = tmp_path / "xdg"
    (xdg / "mjscore").mkdir(parents=True)
    (xdg / "mjscore" / "config.toml").write_text(
        'rules = "tenhou"\n[options]\nkiriage_mangan = true\n'
    )
    named = tmp_path / "named.toml"
    named.write_text('rules = "webtile"\n')
    rules_dir = tmp_path / "rules"
    rules_dir.mkdir()
    (rules_dir / "house.toml").write_text('extends = "riichi"\n[params]\n')
    (rules_dir / "tenhou.toml").write_text('extends = "riichi"\n')  # a shipped name again
    args = ("score", "--file", str(mixed_file), "-F", "jsonl")
    for env in (
        {"XDG_CONFIG_HOME": str(xdg)},
        {"MJSCORE_CONFIG": str(named)},
        {"MJSCORE_CONFIG": str(tmp_path / "missing.toml")},
        {"MJSCORE_RULES_PATH": str(rules_dir)},
    ):
        same_either_way(*args, env=env)
    same_either_way(*args, "--config", str(named))
    same_either_way(*args, "--opt", "kiriage_mangan=on")


IMPORTED = """
import atexit, sys
atexit.register(lambda: print(" ".join(sorted(sys.modules)), file=sys.stderr))
from mjscore.cli import main
main()
"""


def modules_of_a_run(*args: str, stdin: bytes = b"") -> set[str]:
    """The modules a run through the lean entry imported (MJSCORE_DEBUG: it exits the
    ordinary way, so atexit says them)."""
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    env["MJSCORE_DEBUG"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", IMPORTED, *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    assert done.returncode in (0, 1), done.stderr
    return set(done.stderr.decode().splitlines()[-1].split())


HEAVY = ("typer", "rich", "tomllib", "mjscore.engine", "mjscore.rulesets", "mjscore.yaku")


def test_a_prepared_run_imports_neither_typer_nor_rich_nor_the_engine(tmp_path):
    from mjscore.cli import native

    if not native.enabled():
        pytest.skip("the native core is off or not built")
    hands = tmp_path / "hands.txt"
    hands.write_text("\n".join(oracle_lines(20) + MIXED[42:43]) + "\n", "utf-8")  # rules:TENHOU
    for fmt, rules in (("jsonl", ()), ("json", ("--rules", "Tenhou")), ("tsv", ("-r", "tenhou"))):
        modules = modules_of_a_run("score", "--file", str(hands), "-F", fmt, *rules)
        assert "mjscore._native" in modules
        assert not [m for m in modules if m.startswith(HEAVY)], fmt
    # a line that comes back imports the Python path, for it alone: never typer nor rich
    modules = modules_of_a_run("score", "-", "-F", "jsonl", stdin=b"123m bad\n")
    assert "mjscore.engine.loop" in modules
    assert not [m for m in modules if m.startswith(("typer", "rich"))]


def test_which_command_lines_take_the_prepared_run(monkeypatch, tmp_path):
    from mjscore.cli import native
    from mjscore.cli.lean import prepared_file_run, read_args

    monkeypatch.setenv("MJSCORE_NATIVE", "1")
    if not native.enabled():
        pytest.skip("the native core is not built")
    env = {"XDG_CONFIG_HOME": str(tmp_path)}

    def taken(*args: str, **more: str) -> Any:
        got = read_args(["score", "-F", "jsonl", *args])
        assert got is not None, args
        return prepared_file_run(got, {**env, **more})

    assert taken("--file", "x.txt") == ("riichi", "x.txt")
    assert taken("-f", "-", "-r", "WRC", "-q", "-j", "1") == ("wrc", "-")
    assert taken("-") == ("riichi", "-")
    assert taken("--file", "x", "--rules", "Kansai-Boo") == ("kansai-boo", "x")
    for args in (
        ("123m", "ron:1m"),  # a hand as arguments
        ("-", "--file", "x"),  # both: typer's usage error
        ("--file", "x", "--opt", "kiriage_mangan=on"),
        ("--file", "x", "--config", "c.toml"),
        ("--file", "x", "-o", "out.jsonl"),
        ("--file", "x", "--jobs", "2"),
        ("--file", "x", "--jobs", "01"),
        ("--file", "x", "--rules", "nosuch"),
        ("--file", "x", "--rules", ""),
        ("--file", "x", "--rules", "mcr"),  # another family: every line Python's, as before
        (),  # stdin piped or a usage error: score_command's to say
    ):
        assert taken(*args) is None, args
    assert taken("--file", "x", MJSCORE_CONFIG="c.toml") is None
    assert taken("--file", "x", MJSCORE_RULES_PATH=str(tmp_path)) is None
    (tmp_path / "mjscore").mkdir()
    (tmp_path / "mjscore" / "config.toml").write_text("")
    assert taken("--file", "x") is None  # a config file, even an empty one
    monkeypatch.setenv("MJSCORE_NATIVE", "0")
    assert prepared_file_run(read_args(["score", "-F", "jsonl", "-"]) or {}, env) is None


@pytest.mark.parametrize(
    "environ",
    [
        {"HOME": "/home/a"},
        {"HOME": "/home/a", "XDG_CONFIG_HOME": ""},
        {"HOME": "/home/a", "XDG_CONFIG_HOME": "/xdg"},
        {"HOME": "/home/a", "MJSCORE_CONFIG": ""},
        {"HOME": "/home/a", "MJSCORE_CONFIG": "/etc/mj.toml", "XDG_CONFIG_HOME": "/xdg"},
    ],
)
def test_the_lean_entry_looks_for_the_config_file_where_config_py_does(monkeypatch, environ):
    from mjscore.cli import lean
    from mjscore.cli.config import config_path

    monkeypatch.setenv("HOME", environ["HOME"])  # expanduser reads it
    monkeypatch.setattr(lean.os, "stat", lambda path: None)  # every file there
    path, _required = config_path(None, environ)
    assert lean.config_file(environ) == path


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("signame", ["SIGINT", "SIGTERM", "SIGHUP"])
@pytest.mark.parametrize("entry", ["-m", "typer"])
@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_a_stop_ends_a_prepared_stream_as_it_ends_typer_s(signame, entry, fmt):
    """A stream on stdin stopped half way: whole records (a JSON array closed), the
    signal's exit status and stderr, through either entry."""
    import json
    import signal
    import time

    signum = getattr(signal, signame)
    env = {k: v for k, v in os.environ.items() if k not in ("MJSCORE_DEBUG", "COLUMNS")}
    code = "import sys; from mjscore.cli.commands import main; main()"
    start = [sys.executable, "-m", "mjscore"] if entry == "-m" else [sys.executable, "-c", code]
    proc = subprocess.Popen(
        [*start, "score", "-", "-F", fmt],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(("\n".join(oracle_lines(50)) + "\n").encode())
    proc.stdin.flush()  # and kept open: the run waits for more
    first = os.read(proc.stdout.fileno(), 1 << 16)  # records are coming
    assert first
    proc.send_signal(signum)
    time.sleep(0.2)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signum
    assert err == (b"\n" if signum == signal.SIGINT else b"")
    text = (first + out).decode()
    records = json.loads(text) if fmt == "json" else [json.loads(r) for r in text.splitlines()]
    assert [r["line"] for r in records] == list(range(1, len(records) + 1))  # each whole
    assert 0 < len(records) <= 50
