"""`mjscore game` on the command line: the formats, the names, the stops, the config,
and the same bytes whatever the run (issues 29 and 30)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mjscore.report.game import cells
from tests.cli_helpers import run

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "tests" / "data" / "logs"
NIGHT = ROOT / "examples" / "night.txt"
WIDTHS = (40, 60, 80, 120)


@pytest.fixture(autouse=True)
def _own_settings(monkeypatch):
    from mjscore.report.settings import settings

    for key, value in list(settings.items()):
        monkeypatch.setitem(settings, key, value)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "MJSCORE_CONFIG", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "80")


def _imported(capsys, path: Path) -> str:
    code, out, err = run("import", "-q", str(path), capsys=capsys)
    assert code == 0, err
    return out


def _two_games(capsys) -> str:
    """A four-player Tenhou game and a three-player one, as import writes them."""
    four = LOGS / "mjlog" / "2010091009gm-00a9-0000-83af2648_tw_2.mjlog"
    return _imported(capsys, four) + _imported(capsys, LOGS / "sanma" / "dnovikoff__sanma2.mjlog")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_english_report_snapshot_with_its_chart(capsys, monkeypatch, width):
    from tests.test_report import check_snapshot

    lines = _two_games(capsys)
    monkeypatch.setenv("COLUMNS", str(width))
    code, out, err = run("game", "-q", "-", capsys=capsys, stdin=lines)
    assert code == 0, err
    check_snapshot(f"game-en-{width}.txt", out)
    assert max(cells(line) for line in out.splitlines()) <= width
    for said in ("points after each round (1-4: P1-P4)", "(1-3: P1-P3)", "└"):
        assert said in out
    # the standings name each player, and give the result's parts (Tenhou's owari: P3 on
    # -24,200 is -24 thousand against 30: raw -54, uma -20, -74.0)
    flat = " ".join(out.split())
    assert "P3 ASAPIN -24,200 -54.0 -20.0 -74.0" in flat or (
        "P3 ASAPIN" in out and "raw -54.0" in flat and "uma -20.0" in flat
    )
    assert "P4 ＼(＾o＾)／★" in out and "P2 水＠氷" in out
    # each round's value and what else changed
    for said in ("P4 ron P3 40 fu 3 han 5,200", "honba +600", "noten +3,000", "riichi P2"):
        assert said in flat, said


def test_no_chart_leaves_the_chart_out(capsys):
    code, out, _ = run("game", "-q", "--no-chart", str(NIGHT), capsys=capsys)
    assert code == 0 and "points after each round" not in out and "└" not in out
    code, out, _ = run("game", "-q", str(NIGHT), capsys=capsys)
    assert "points after each round" in out


def test_the_hand_typed_night_plays_to_its_end(capsys):
    # no honba: or sticks: anywhere; E4-0: Aki (South) riichi tsumo, 30 fu 3 han 4,000
    # (1,000/2,000) with the stick on the table: 33,500, first over 30,000: the game ends
    code, out, err = run("game", "-F", "jsonl", str(NIGHT), capsys=capsys)
    assert code == 0, err
    end = json.loads(out.splitlines()[-1])
    assert end["ended"] and end["end"] == "the last round"
    assert end["players"] == ["Aki", "Ben", "Chi", "Dai"]
    assert end["final"] == [33500, 24100, 22400, 20000]
    assert end["result"] == [44.0, 4.0, -18.0, -30.0]


def test_names_are_in_every_format_and_escaped_where_written(capsys):
    # a name with a newline, a bidi override, a tab and ESC (percent-encoded in the line)
    stdin = (
        "# game g%09x players:A%0AB,C%E2%80%AED,E%09F,%1B[31mG\n"
        "123m456p789s1122z ron:1z- round:E seat:S\n"
    )
    code, out, _ = run("game", "-F", "tsv", "-", capsys=capsys, stdin=stdin)
    rows = [r.split("\t") for r in out.splitlines()]
    assert code == 0 and all(len(r) == len(rows[0]) for r in rows)
    assert rows[-1][-4:] == ["A B", "C\\u202eD", "E F", "\\x1b[31mG"]
    assert rows[1][1] == "g x"
    code, out, _ = run("game", "-", capsys=capsys, stdin=stdin)
    assert "\u202e" not in out and "\x1b" not in out and "A\nB" not in out
    assert "P2 C\\u202eD" in out and "P1 A\\x0aB" in out
    code, out, _ = run("game", "-F", "jsonl", "-", capsys=capsys, stdin=stdin)
    assert json.loads(out.splitlines()[-1])["players"] == ["A\nB", "C\u202eD", "E\tF", "\x1b[31mG"]


def test_a_bad_opt_is_a_usage_error_as_for_score(capsys):
    stdin = "123m456p789s1122z ron:1z- round:E seat:S\n"
    for bad in ("nope=1", "kiriage_mangan=maybe", "x"):
        code, _, err = run("game", "--opt", bad, "-", capsys=capsys, stdin=stdin)
        code2, _, err2 = run("score", "--opt", bad, *stdin.split(), capsys=capsys)
        assert code == code2 == 2 and err == err2, (bad, err, err2)
    code, out, _ = run(
        "game", "--opt", "multiple_ron=all", "-F", "jsonl", "-", capsys=capsys, stdin=stdin
    )
    assert code == 0


def test_the_config_gives_the_rules_and_the_format(capsys, monkeypatch, tmp_path):
    config = tmp_path / "c.toml"
    config.write_text('rules = "sanma"\nformat = "jsonl"\n', "utf-8")
    monkeypatch.setenv("MJSCORE_CONFIG", str(config))
    code, out, _ = run("game", "-", capsys=capsys, stdin="draw:exhaustive tenpai:E round:E\n")
    records = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and records[0]["changes"] == [2000, -1000, -1000]
    assert records[-1]["rules"] == "sanma"
    # the flags win
    code, out, _ = run("game", "-F", "tsv", "-", capsys=capsys, stdin="draw:exhaustive round:E\n")
    assert out.startswith("type\tgame")


def test_an_empty_json_run_is_an_empty_array(capsys):
    code, out, err = run("game", "-F", "json", "-", capsys=capsys, stdin="# just a comment\n")
    assert code == 1 and json.loads(out) == [] and "no game" in err


def _mjscore(*args: str, **kwargs) -> subprocess.Popen:
    env = {**os.environ, "COLUMNS": "80", "PYTHONHASHSEED": kwargs.pop("seed", "0")}
    return subprocess.Popen(
        [sys.executable, "-m", "mjscore", *args],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kwargs,
    )


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_keeps_every_finished_game_and_closes_the_json_array(signum):
    first = "# game one\ndraw:exhaustive tenpai:E round:E\n# game two\n"
    proc = _mjscore("game", "-F", "json", "-")
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(first.encode())
    proc.stdin.flush()  # game one ends at game two's line: written while the input waits
    deadline = time.monotonic() + 20
    seen = b""
    os.set_blocking(proc.stdout.fileno(), False)
    while b'"type": "game"' not in seen and time.monotonic() < deadline:
        seen += proc.stdout.read() or b""
        time.sleep(0.05)
    proc.send_signal(signum)
    os.set_blocking(proc.stdout.fileno(), True)
    rest, _ = proc.communicate(timeout=20)
    records = json.loads(seen + rest)
    assert proc.returncode == 128 + signum
    assert [r["game"] for r in records if r["type"] == "game"] == ["one"]


@pytest.mark.slow
def test_the_same_bytes_whatever_the_hash_seed_and_stdin_or_file(capsys, tmp_path):
    lines = _two_games(capsys) + NIGHT.read_text("utf-8")
    path = ROOT / "examples" / "night.txt"
    outputs = set()
    for fmt in ("rich", "jsonl", "tsv"):
        outputs.clear()
        for seed in ("0", "1", "12345"):
            for source in ("-", "file"):
                args = ["game", "-F", fmt, "-"] if source == "-" else ["game", "-F", fmt]
                if source == "file":
                    tmp = tmp_path / "game-input.txt"  # a run's own: suites may run side by side
                    tmp.write_text(lines, "utf-8")
                    args.append(str(tmp))
                proc = _mjscore(*args, seed=seed)
                out, err = proc.communicate(lines.encode() if source == "-" else b"", timeout=60)
                outputs.add(out)
                if source == "file":
                    tmp.unlink()
        assert len(outputs) == 1, fmt
    assert path.exists()
