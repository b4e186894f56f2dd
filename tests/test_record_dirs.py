"""`import DIR` and `check DIR` (issue 29): a folder that cannot be read is said, not passed
over; `check` streams, each game's records written as the game ends, so that a stop keeps
every finished game."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
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


@pytest.mark.parametrize("command", ["import", "check"])
def test_an_unreadable_folder_is_said_and_the_others_are_read(capsys, monkeypatch, tree, command):
    code, whole, _ = run(command, "-F", "jsonl", str(tree), capsys=capsys)
    assert code == 0
    _unlistable(monkeypatch, tree / "b")
    code, out, err = run(command, "-F", "jsonl", str(tree), capsys=capsys)
    assert code == 1
    assert f"{tree / 'b'}: cannot read the folder: Permission denied" in err
    assert '"a.mjlog' in out or "a.mjlog" in out
    assert "c.mjlog" in out and "b.mjlog" not in out


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
