"""Where a line's error is (`FILE:LINE:COL:`, the `file` key) and what names a line in its
report (its `# ...` label, the `label` key): issue 21's second ten minutes, items 1 and 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjscore.cli.parallel import CHUNK
from tests.cli_helpers import run

GOOD = "234m406p22s56s chi:678s ron:4s round:E seat:S dora:1s"
LABEL = "2010091009gm-00a9-0000-83af2648_tw_2 E1-0"
ROOT = Path(__file__).resolve().parents[1]


def mj(*args: str, stdin: str | None = None, columns: int = 80) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": str(columns), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mjscore", *args],
        input=stdin,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


@pytest.fixture
def hands(tmp_path: Path) -> Path:
    path = tmp_path / "hands.txt"
    path.write_text(
        f"# a comment line is no hand\n{GOOD} # {LABEL}\n"
        "123m pon:55p\n234m406p22s56s chi:678s ron:7z\n",
        encoding="utf-8",
    )
    return path


def test_error_lines_name_file_line_and_column(hands: Path, capsys):
    code, out, err = run("score", "-q", "--file", str(hands), "-F", "jsonl", capsys=capsys)
    assert code == 1
    lines = err.splitlines()
    assert lines[0] == f"{hands}:3:6: 'pon:55p' is not a pon: a pon has three equal tiles"
    assert lines[1].startswith(f"{hands}:4:")  # an error that names a column, or none
    records = [json.loads(r) for r in out.splitlines()]
    assert [r["file"] for r in records] == [str(hands)] * 3
    assert list(records[0])[:2] == ["file", "line"]


def test_stdin_is_dash_and_an_argument_hand_keeps_its_form(hands: Path, capsys):
    text = hands.read_text(encoding="utf-8")
    code, out, err = run("score", "-q", "--file", "-", "-F", "jsonl", stdin=text, capsys=capsys)
    assert err.splitlines()[0].startswith("-:3:6: 'pon:55p' is not a pon")
    assert {json.loads(r)["file"] for r in out.splitlines()} == {"-"}
    code, out, err = run("score", "123m", "pon:55p", "-F", "jsonl", capsys=capsys)
    assert err.splitlines()[0].startswith("line 1: column 6: 'pon:55p' is not a pon")
    assert "file" not in json.loads(out)


def test_the_rich_report_says_the_place_over_its_caret(hands: Path, capsys):
    code, out, err = run("score", "-q", "--file", str(hands), capsys=capsys)
    assert f"{hands}:3:6: 'pon:55p'" in err and "^^^^^^^" in err


def test_serial_and_parallel_runs_write_the_same_bytes(tmp_path: Path):
    path = tmp_path / "many.txt"
    body = [f"{GOOD} # game {n}" if n % 3 else "123m pon:55p" for n in range(2 * CHUNK + 11)]
    path.write_text("\n".join(body) + "\n", encoding="utf-8")
    for fmt in ("jsonl", "json", "tsv"):
        runs = [mj("score", "--file", str(path), "-F", fmt, "--jobs", jobs) for jobs in ("1", "2")]
        assert runs[0].stdout == runs[1].stdout and runs[0].stderr == runs[1].stderr
        assert f"{path}:4:6: 'pon:55p'" in runs[0].stderr
    record = json.loads(
        mj("score", "--file", str(path), "-F", "jsonl", "--jobs", "2").stdout.splitlines()[1]
    )
    assert record["file"] == str(path) and record["label"] == "game 1"


def test_a_label_heads_the_report_and_is_a_record_key(hands: Path, capsys):
    code, out, err = run("score", "-q", "--file", str(hands), "-F", "jsonl", capsys=capsys)
    records = [json.loads(r) for r in out.splitlines()]
    assert records[0]["label"] == LABEL and list(records[0])[2:4] == ["input", "label"]
    assert "label" not in records[1]  # a line without a comment has none
    for width in (40, 80, 120):
        done = mj("score", "--file", str(hands), columns=width)
        assert LABEL.split()[0] in done.stdout and "E1-0" in done.stdout
        assert "line 2" not in done.stdout
        widest = max(width, len(LABEL.split()[0]))  # a word wider than the page stays whole
        assert all(len(row) <= widest for row in done.stdout.splitlines())


def test_a_label_heads_the_waits_report():
    done = mj("waits", "--file", "-", stdin=f"234m406p22s56s chi:678s # {LABEL}\n")
    assert done.stdout.startswith(f"{LABEL}: 234m406p22s56s chi:678s  (riichi)")
    record = json.loads(
        mj(
            "waits", "--file", "-", "-F", "jsonl", stdin=f"234m406p22s56s chi:678s # {LABEL}\n"
        ).stdout
    )
    assert record["label"] == LABEL and record["file"] == "-"


def test_the_schema_names_file_and_label():
    schema = json.loads((ROOT / "mjscore" / "schemas" / "record.schema.json").read_text())
    assert {"file", "label"} <= set(schema["properties"])
    assert not {"file", "label"} & set(schema["required"])
