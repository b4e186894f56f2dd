"""`-o PATH` (issues 29 and 36): written through what the path names, never replacing what
is not a regular file; a regular file written whole or not at all, keeping its mode; a new
one made with the umask's mode; `-o -` is stdout."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from cli_helpers import run

HAND = ["234m406p22s56s", "chi:678s", "ron:4s", "round:E", "seat:S", "dora:1s"]
ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX files and modes")


def expected(capsys, *args: str) -> str:
    code, out, err = run(*args, capsys=capsys)
    assert code == 0, err
    return out


def test_dash_is_standard_output_not_a_file_named_dash(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    want = expected(capsys, "score", *HAND, "-F", "jsonl")
    code, out, err = run("score", *HAND, "-F", "jsonl", "-o", "-", capsys=capsys)
    assert code == 0 and out == want and list(tmp_path.iterdir()) == []
    code, out, err = run("rules", "riichi", "-o", "-", capsys=capsys)
    assert code == 0 and "riichi" in out and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_a_new_file_gets_the_umasks_mode(capsys, tmp_path, umask):
    old = os.umask(umask)
    try:
        code, _, err = run("table", "-o", str(tmp_path / "t.txt"), capsys=capsys)
    finally:
        os.umask(old)
    assert code == 0, err
    assert stat.S_IMODE((tmp_path / "t.txt").stat().st_mode) == 0o666 & ~umask


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604, 0o755])
def test_an_old_file_keeps_its_mode(capsys, tmp_path, mode):
    target = tmp_path / "t.txt"
    target.write_text("old\n")
    target.chmod(mode)
    code, _, err = run("score", *HAND, "-o", str(target), capsys=capsys)
    assert code == 0 and target.read_text() != "old\n", err
    assert stat.S_IMODE(target.stat().st_mode) == mode


def test_a_symbolic_link_is_written_through_and_stays_a_link(capsys, tmp_path):
    want = expected(capsys, "score", *HAND, "-F", "jsonl")
    real = tmp_path / "real.jsonl"
    real.write_text("old\n")
    real.chmod(0o640)
    link = tmp_path / "link.jsonl"
    link.symlink_to(real.name)
    code, _, err = run("score", *HAND, "-F", "jsonl", "-o", str(link), capsys=capsys)
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == real.name
    assert real.read_text() == want and stat.S_IMODE(real.stat().st_mode) == 0o640
    # a failed run leaves the file the link names untouched, and no temporary
    code, _, _ = run("score", *HAND, "-F", "bogus", "-o", str(link), capsys=capsys)
    assert code == 2 and real.read_text() == want and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.jsonl", "real.jsonl"]


def test_a_dangling_link_makes_the_file_it_names(capsys, tmp_path):
    (tmp_path / "sub").mkdir()
    link = tmp_path / "link.txt"
    link.symlink_to(Path("sub") / "made.txt")
    code, _, err = run("rules", "riichi", "-o", str(link), capsys=capsys)
    assert code == 0, err
    assert link.is_symlink() and "riichi" in (tmp_path / "sub" / "made.txt").read_text()


def test_a_link_to_a_device_writes_to_the_device(capsys, tmp_path):
    link = tmp_path / "null"
    link.symlink_to("/dev/null")
    code, out, err = run("score", *HAND, "-o", str(link), capsys=capsys)
    assert code == 0 and out == "", err
    assert link.is_symlink() and os.readlink(link) == "/dev/null"
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_full_device_is_one_line_naming_it(capsys, tmp_path):
    link = tmp_path / "full"
    link.symlink_to("/dev/full")
    code, out, err = run("rules", "-o", str(link), capsys=capsys)
    assert code == 2 and out == "" and link.is_symlink()
    assert err.strip() == f"mjscore: cannot write {link}: No space left on device"


def test_a_fifo_is_written_through_and_stays_a_fifo(capsys, tmp_path):
    want = expected(capsys, "score", *HAND, "-F", "jsonl")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    code, out, err = run("score", *HAND, "-F", "jsonl", "-o", str(fifo), capsys=capsys)
    reader.join(timeout=30)
    assert code == 0 and out == "", err
    assert got == [want.encode()] and stat.S_ISFIFO(fifo.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_a_directory_is_refused_in_words(capsys, tmp_path):
    code, _, err = run("table", "-o", str(tmp_path), capsys=capsys)
    assert code == 2 and "is a directory" in err and tmp_path.is_dir()


@pytest.mark.skipif(not os.path.exists("/dev/stdout"), reason="no /dev/stdout")
def test_dev_stdout_writes_to_the_standard_output_and_keeps_an_appended_log(tmp_path):
    log = tmp_path / "log"
    log.write_text("old\n")
    with open(log, "a") as out:
        done = subprocess.run(
            [sys.executable, "-m", "mjscore", "score", *HAND, "-F", "jsonl", "-o", "/dev/stdout"],
            stdout=out,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            timeout=120,
        )
    assert done.returncode == 0, done.stderr
    text = log.read_text()
    assert text.startswith("old\n{") and text.count("\n") == 2
    assert os.path.islink("/dev/stdout")
