"""What every command shares (issue 21, the second ten minutes): `-o FILE` wherever a
command writes output, `import DIR` / `check DIR`, and a `--help` that keeps every name,
value and ruleset whole at 40 and 80 columns."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from mjscore.cli.commands import app
from mjscore.rulesets import ruleset_names

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT / "tests" / "data" / "logs"


def mj(*args: str, columns: int = 80, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": str(columns), "NO_COLOR": "1", "TERM": "dumb"}
    env.pop("MJSCORE_CONFIG", None)
    return subprocess.run(
        [sys.executable, "-m", "mjscore", *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


COMMAND = typer.main.get_command(app)  # typer's click group (typer vendors its click)
COMMANDS = sorted(COMMAND.commands)
WRITING = {  # a command that writes output, and arguments it runs on
    "score": ["234m406p22s56s", "chi:678s", "ron:4s"],
    "waits": ["234m406p22s56s", "chi:678s"],
    "import": [str(LOGS / "mjlog" / "double-ron.mjlog")],
    "check": [str(LOGS / "mjlog" / "double-ron.mjlog")],
    "table": [],
    "rules": ["riichi"],
    "yaku": [],
    "schema": [],
    "notation": [],
    "boo-result": ["4000/2000/1200/800"],
    "game": [str(ROOT / "examples" / "game.txt")],
    "stats": [str(LOGS / "mjlog" / "double-ron.mjlog")],
}


def test_every_writing_command_is_listed():
    assert set(WRITING) == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(WRITING))
def test_output_file_holds_what_stdout_would(command, tmp_path):
    target = tmp_path / "out.txt"
    to_stdout = mj(command, *WRITING[command])
    to_file = mj(command, *WRITING[command], "-o", str(target))
    assert to_file.returncode == to_stdout.returncode and to_file.stdout == ""
    assert target.read_text(encoding="utf-8") == to_stdout.stdout
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left


def test_a_failed_run_leaves_the_old_output_untouched(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    done = mj("table", "--rules", "nosuch", "-o", str(target))
    assert done.returncode == 2 and target.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


@pytest.fixture
def record_tree(tmp_path: Path) -> Path:
    """Records two levels deep, a gzip one, a file that is no record and a hidden one."""
    top = tmp_path / "games"
    (top / "b-later").mkdir(parents=True)
    (top / ".hidden").mkdir()
    shutil.copy(LOGS / "mjlog" / "double-ron.mjlog", top / "b-later" / "z.mjlog")
    shutil.copy(LOGS / "mjlog" / "double-ron.gz.mjlog", top / "a.gz.mjlog")
    shutil.copy(LOGS / "mjlog" / "double-ron.mjlog", top / ".hidden" / "x.mjlog")
    (top / "README.txt").write_text("not a game record\n")
    return top


def test_import_a_directory_reads_its_records_sorted_and_recursive(record_tree):
    files = [str(record_tree / "a.gz.mjlog"), str(record_tree / "b-later" / "z.mjlog")]
    by_dir = mj("import", str(record_tree), "-F", "jsonl")
    by_files = mj("import", *files, "-F", "jsonl")
    assert by_dir.returncode == 0 and by_dir.stdout == by_files.stdout and by_dir.stdout
    assert by_dir.stderr == by_files.stderr
    checked = mj("check", str(record_tree))
    assert checked.stdout == mj("check", *files).stdout


def test_an_unreadable_record_in_a_directory_is_its_problem_alone(record_tree):
    bad = record_tree / "b-later" / "broken.mjlog"
    bad.write_bytes(b"\x1f\x8b\x08not really gzip")
    done = mj("import", str(record_tree))
    assert done.returncode == 1
    assert "broken.mjlog" in done.stderr and "# z E4-0" in done.stdout
    assert (
        len(done.stdout.splitlines())
        == len(mj("import", str(record_tree / "a.gz.mjlog")).stdout.splitlines()) * 2
    )


def test_a_directory_without_records_says_so(tmp_path):
    (tmp_path / "notes.txt").write_text("hello\n")
    done = mj("import", str(tmp_path))
    assert done.returncode == 1 and "no game record in the directory" in done.stderr


def _typed(command) -> set[str]:
    """What a user types that the help of `command` names: every option and each value
    of a metavar that lists them (`text|json`)."""
    words: set[str] = set()
    for param in command.params:
        if param.param_type_name == "option":
            words.update(param.opts + param.secondary_opts)
            metavar = param.metavar or ""
            if "|" in metavar:
                words.update(metavar.split("|"))
    return words


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_keeps_every_name_whole(command, columns):
    args = [command, "--help"] if command else ["--help"]
    done = mj(*args, columns=columns)
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "…" not in text
    tokens = set(re.findall(r"[\w$./:=\[\],-]+", text))
    target = COMMAND.commands[command] if command else COMMAND
    missing = {
        w
        for w in _typed(target)
        if w not in tokens and not any(w in t.split("|") or t.startswith(w + ",") for t in tokens)
    }
    assert not missing, (command, columns, missing)
    wide = mj(*args, columns=120).stdout.split()  # once: the names a wide help shows
    named = [n for n in ruleset_names() if n in wide]
    assert all(n in text.split() for n in named), (command, columns)
