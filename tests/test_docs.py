"""The README's commands and the example file work as written, so the documentation cannot rot.

Every `mjscore ...` line of a README code block runs (as `python -m mjscore`, comments
cut) and must exit 0; the two quick-start commands are the ones `.ci/run` runs and
that a new user types.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```[a-z]*\n(.*?)```", README, flags=re.S)
COMMANDS = [
    line.split("  #")[0].strip()
    for block in BLOCKS
    for line in block.splitlines()
    if line.startswith("mjscore ")
]


def run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "mjscore", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
    )


def test_the_readme_shows_commands():
    assert len(COMMANDS) >= 10


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
def test_every_readme_command_runs(command):
    if " | " in command:  # a pipeline: each `mjscore` of it, through the shell
        words = list(shlex.shlex(command, posix=True, punctuation_chars="|"))
        tools = {w for w, before in zip(words[1:], words, strict=False) if before == "|"}
        tools -= {"mjscore"}
        missing = sorted(t for t in tools if shutil.which(t) is None)
        if missing:
            pytest.skip(f"{', '.join(missing)} not installed")
        mjscore = f"{shlex.quote(sys.executable)} -m mjscore"
        script = "set -o pipefail; " + re.sub(r"(^|\| )mjscore ", rf"\1{mjscore} ", command)
        env = {**os.environ, "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
        done = subprocess.run(
            ["bash", "-c", script],
            cwd=ROOT,
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            timeout=60,
        )
    else:
        done = run(shlex.split(command)[1:])
    assert done.returncode == 0, f"{command}\n{done.stderr}"
    assert done.stdout.strip()
    assert "Traceback" not in done.stderr


def test_the_piped_readme_command_reads_stdin():
    hands = (ROOT / "examples" / "hands.txt").read_text(encoding="utf-8")
    done = run(["score", "--file", "-", "--format", "tsv"], stdin=hands)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 1 + sum(
        1 for line in hands.splitlines() if line.strip() and not line.lstrip().startswith("#")
    )


def test_quick_start_has_exactly_two_commands_and_ci_runs_the_second():
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [
        line
        for block in re.findall(r"```\n(.*?)```", quick, flags=re.S)
        for line in block.strip().splitlines()
    ]
    assert len(commands) == 2
    install_and_score, test = commands
    assert "examples/hands.txt" in install_and_score and "pip install ." in install_and_score
    assert "pytest" in test and "[test]" in test
    assert test in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_every_example_line_scores():
    done = run(["score", "--file", "examples/hands.txt", "--format", "jsonl"])
    assert done.returncode == 0, done.stderr
    assert {'"ok": true'} == {line[line.index('"ok"') :][:10] for line in done.stdout.splitlines()}


def test_the_readme_says_how_to_reach_the_installed_command():
    after = README.split("## Quick start", 1)[1]
    assert "source .venv/bin/activate" in after and "pipx install" in after


def test_every_file_a_readme_command_names_exists():
    for command in COMMANDS:
        for word in shlex.split(command.replace("|", " ")):
            if "/" in word and not word.startswith("-") and "." in word.rsplit("/", 1)[-1]:
                assert list(ROOT.glob(word)), (command, word)
