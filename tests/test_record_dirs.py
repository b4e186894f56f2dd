"""`import DIR` and `check DIR` (issue 29): a folder that cannot be read is said, not passed
over; `check` streams, each game's records written as the game ends, so that a stop keeps
every finished game."""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from cli_helpers import run

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "tests" / "data" / "logs"
MJLOG = LOGS / "mjlog" / "double-ron.mjlog"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """a/x.mjlog, b/ (to be made unreadable) holding y.mjlog, c/z.mjlog."""
    top = tmp_path / "games"
    for sub in ("a", "b", "c"):
        (top / sub).mkdir(parents=True)
        shutil.copy(MJLOG, top / sub / f"{sub}.mjlog")
    return top


def _unlistable(monkeypatch, folder: Path) -> None:
    """`folder` cannot be listed (as chmod 000 does for anyone but root)."""
    real = os.scandir

    def scandir(path=".", *args):
        if os.fspath(path) == os.fspath(folder):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path, *args)

    monkeypatch.setattr(os, "scandir", scandir)


@pytest.mark.parametrize("command", ["import", "check", "stats"])
def test_an_unreadable_folder_is_said_and_the_others_are_read(capsys, monkeypatch, tree, command):
    code, whole, _ = run(command, "-F", "jsonl", str(tree), capsys=capsys)
    assert code == 0
    _unlistable(monkeypatch, tree / "b")
    code, out, err = run(command, "-F", "jsonl", str(tree), capsys=capsys)
    assert code == 1
    assert f"{tree / 'b'}: cannot read the folder: Permission denied" in err
    if command == "stats":  # the figures of the games read: two of the three
        assert '"games": 3' in whole and '"games": 2' in out and '"games": 3' not in out
        return
    assert "a.mjlog" in out and "c.mjlog" in out and "b.mjlog" not in out


def test_an_unreadable_top_folder_is_said(capsys, monkeypatch, tree):
    _unlistable(monkeypatch, tree)
    code, out, err = run("import", str(tree), capsys=capsys)
    assert code == 1 and out == ""
    assert f"{tree}: cannot read the folder: Permission denied" in err


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any folder")
def test_a_folder_without_read_permission(tree):
    (tree / "b").chmod(0)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "mjscore", "check", str(tree)],
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        (tree / "b").chmod(0o755)
    assert done.returncode == 1 and "cannot read the folder" in done.stderr


# -- check streams: a game's records as the game ends ------------------------------------------


def test_check_of_a_folder_writes_each_game_before_reading_the_next(monkeypatch, tree):
    import io

    from mjscore.cli import records as cli_records

    out, err = io.StringIO(), io.StringIO()
    seen: dict[str, str] = {}
    real = cli_records.read_hands

    def read_hands(path, *args, **kwargs):
        named = kwargs.get("name") or path  # the file, or the stream opened from it
        seen[Path(os.fspath(named)).name] = out.getvalue()  # what was written before it
        yield from real(path, *args, **kwargs)

    monkeypatch.setattr(cli_records, "read_hands", read_hands)
    code = cli_records.check_command([str(tree)], "jsonl", out=out, err=err)
    assert code == 0 and list(seen) == ["a.mjlog", "b.mjlog", "c.mjlog"]
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    per_game = records.index(next(r for r in records if "game" in r)) + 1
    assert per_game > 1 and len(records) == 3 * per_game + 1  # wins and game, 3 times; summary
    for n, name in enumerate(["a.mjlog", "b.mjlog", "c.mjlog"]):
        before = [json.loads(line) for line in seen[name].splitlines()]
        assert before == records[: n * per_game]  # every game before it, whole


GAME6 = LOGS / "tenhou6" / "2010102910gm-00a9-0000-cdb9804c.json"


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32", reason="POSIX")
def test_a_stopped_check_keeps_every_game_finished_before_the_stop(tmp_path):
    lines = GAME6.read_text(encoding="utf-8").splitlines()
    second = json.loads(lines[0])
    second["title"] = ["another game", ""]
    proc = subprocess.Popen(
        [sys.executable, "-m", "mjscore", "check", "-F", "jsonl", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    try:
        assert proc.stdin is not None and proc.stdout is not None
        # the first game whole, then the first round of the next: the first game has ended
        proc.stdin.write(("\n".join(lines) + "\n" + json.dumps(second) + "\n").encode())
        proc.stdin.flush()
        lines_out: queue.SimpleQueue = queue.SimpleQueue()
        stdout = proc.stdout
        threading.Thread(target=lambda: [lines_out.put(x) for x in stdout], daemon=True).start()
        got = []
        while not got or "game" not in got[-1]:  # the first game's records, as it ends
            got.append(json.loads(lines_out.get(timeout=60)))
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
        time.sleep(0.2)  # the reader thread takes what was left in the pipe
        assert proc.stderr is not None
        err = proc.stderr.read()
    finally:
        proc.kill()
    assert proc.returncode == 128 + signal.SIGTERM, err
    rest = []
    while not lines_out.empty():
        rest.append(json.loads(lines_out.get()))
    records = got + rest
    games = [r for r in records if "game" in r]
    assert len(games) == 1 and games[0]["game"]["rounds"] == len(lines)
    assert not any("summary" in r for r in records)  # stopped: no count of a run not done
    assert sum("agree" in r for r in records) >= 1
