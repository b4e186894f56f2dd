"""A file run ends with one word on stderr (how many hands, how many scored), which
--quiet hides; a single hand as arguments has none; import and check --quiet drop notes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

TANYAO = "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s"
NOT_A_HAND = "123m ron:4s"


def mj(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mjscore", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def hands(tmp_path: Path) -> Path:
    path = tmp_path / "hands.txt"
    path.write_text(f"# two hands\n{TANYAO}\n\n{NOT_A_HAND}\n", "utf-8")
    return path


@pytest.mark.parametrize("fmt", ["rich", "jsonl", "json", "tsv"])
def test_a_file_run_ends_with_its_count(hands: Path, fmt: str):
    done = mj("score", "--file", str(hands), "--format", fmt)
    assert done.returncode == 1
    last = done.stderr.splitlines()[-1]
    assert last == f"mjscore: {hands}: 2 hands: 1 scored, 1 not scored"


def test_stdin_is_named_and_waits_counts_too():
    done = mj("waits", "--file", "-", "-F", "jsonl", stdin="234m406p22s56s chi:678s\n")
    assert done.returncode == 0
    assert done.stderr.splitlines()[-1] == "mjscore: standard input: 1 hand: 1 read"


@pytest.mark.parametrize("fmt", ["rich", "jsonl", "tsv"])
def test_waits_says_it_read_the_hands_not_that_it_scored_them(tmp_path: Path, fmt: str):
    """Issue 36: waits reads a hand (what it waits on), it does not score one: its summary
    says `read` as the exit status's words do (docs/commands.md)."""
    path = tmp_path / "waiting.txt"
    path.write_text("234m406p22s56s chi:678s\n123m456p789s11225z\nxx\n", "utf-8")
    done = mj("waits", "--file", str(path), "--format", fmt)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == f"mjscore: {path}: 3 hands: 2 read, 1 not read"


def test_quiet_hides_the_summary(hands: Path):
    loud = mj("score", "--file", str(hands), "-F", "jsonl")
    quiet = mj("score", "-q", "--file", str(hands), "-F", "jsonl")
    assert quiet.stdout == loud.stdout
    assert quiet.stderr.splitlines() == loud.stderr.splitlines()[:-1]
    assert "scored" not in quiet.stderr


def test_a_hand_as_arguments_has_no_summary():
    done = mj("score", *TANYAO.split())
    assert done.returncode == 0 and done.stderr == ""


def test_an_empty_file_says_so_and_succeeds(tmp_path: Path):
    path = tmp_path / "empty.txt"
    path.write_text("# only a comment\n\n", "utf-8")
    done = mj("score", "--file", str(path))
    assert (done.returncode, done.stdout) == (0, "")
    assert done.stderr == f"mjscore: {path}: no hand in the file\n"
    assert mj("score", "-q", "--file", str(path)).stderr == ""


def test_counts_have_thousands_separators():
    from mjscore.cli.runner import Tally, summary_line

    tally = Tally()
    tally.scored, tally.failed = 9998, 2
    assert summary_line("big.txt", tally) == "big.txt: 10,000 hands: 9,998 scored, 2 not scored"


def test_quiet_drops_notes_but_not_errors():
    import io

    from mjscore.cli.records import _problem
    from mjscore.records.model import Problem

    err = io.StringIO()
    _problem(Problem("note", "a.mjlog", "game 1", "skipped"), err, quiet=True)
    _problem(Problem("rules", "a.mjlog", "game 1", "no red fives"), err, quiet=True)
    assert err.getvalue() == ""
    _problem(Problem("note", "a.mjlog", "game 1", "skipped"), err)
    assert "note: a.mjlog: game 1: skipped" in err.getvalue()
    _problem(Problem("error", "a.mjlog", "game 2", "broken"), err, quiet=True)
    assert "broken" in err.getvalue()


def test_check_shows_both_sides_yaku_row_by_row(monkeypatch):
    import io

    from mjscore.cli.records import check_command
    from mjscore.engine import loop as engine

    real = engine.score_hand
    monkeypatch.setattr(engine, "score_hand", lambda hand: real(hand.without_flags("ippatsu")))
    out = io.StringIO()
    record = Path(__file__).parent / "data" / "logs" / "mjlog" / "double-ron.mjlog"
    assert check_command([str(record)], out=out, quiet=True) == 1
    text = out.getvalue()
    block = text.split("disagree: ")[1].splitlines()
    head = next(i for i, row in enumerate(block) if row.split() == ["record", "mjscore"])
    rows = block[head + 1 :]
    assert any("ippatsu" in row.lower() for row in rows)  # the record's, on the left
    assert all(row.startswith("  ") for row in rows if row and not row.startswith("agree"))
