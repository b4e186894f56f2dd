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
