"""What a command does at a terminal and off one (issue 36): a hint on stderr before it
reads a terminal's standard input, none for a pipe or a file; reports sent to a pipe laid
out at COLUMNS when set, else 80, while a terminal keeps its own width. Each run is a
real process with a pseudo-terminal (the `pty` module), so that isatty is the kernel's."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from rich.cells import cell_len

from mjscore.cli.runner import STDIN_HINT

ROOT = Path(__file__).resolve().parent.parent
HAND = "123m456p789s5577z tsumo:7z riichi\n"
RECORD = "examples/records/mjai.jsonl"


def _env(**more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    env.update(NO_COLOR="1", PYTHONIOENCODING="utf-8", **more)
    return env


def _read_all(fd: int, proc: subprocess.Popen, timeout: float = 60) -> bytes:
    """Everything written to a pty's master until the process ends and the pty is drained."""
    out = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the slave side is closed
                break
            if not chunk:
                break
            out += chunk
        elif proc.poll() is not None:
            break
    return out


def _typed(args: list[str], typed: bytes) -> tuple[int, str, str]:
    """`mjscore ARGS` with a terminal as standard input, `typed` on it (then Ctrl-D);
    stdout and stderr are pipes."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mjscore", *args],
        stdin=slave,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=_env(),
    )
    os.close(slave)
    try:
        # Ctrl-D at the start of a line ends the input; a reader that asks again (a record
        # reader after its first bytes) gets the next ones
        os.write(master, typed + b"\x04" * 4)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
        os.close(master)
    return proc.returncode, out.decode("utf-8"), err.decode("utf-8")


GAME_LINES = (ROOT / "examples" / "game.txt").read_bytes()


@pytest.mark.parametrize(
    ("args", "typed"),
    [
        (["score", "-"], HAND.encode()),
        (["score", "--file", "-"], HAND.encode()),
        (["waits", "-"], b"123m456p789s5577z\n"),
        (["game", "-"], GAME_LINES[:2000].rsplit(b"\n", 1)[0] + b"\n"),
        (["import", "-"], b""),
        (["check", "-"], b""),
        (["stats", "-"], HAND.encode()),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else "",
)
def test_a_command_reading_a_terminal_says_so_on_stderr_first(args, typed):
    code, out, err = _typed(args, typed)
    first = err.splitlines()[0] if err else ""
    assert first == f"mjscore: {STDIN_HINT}", err
    assert "Ctrl-D" in first
    assert err.count(STDIN_HINT) == 1
    if args[0] == "score":
        assert code == 0 and "Riichi" in out, err


@pytest.mark.parametrize("command", ["score", "waits", "game", "import", "check", "stats"])
def test_no_hint_when_standard_input_is_a_pipe(command):
    done = subprocess.run(
        [sys.executable, "-m", "mjscore", command, "-"],
        input=HAND,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_env(),
        timeout=60,
    )
    assert STDIN_HINT not in done.stderr


def test_no_hint_for_a_hand_given_as_arguments_at_a_terminal():
    code, out, err = _typed(["score", *HAND.split()], b"")
    assert code == 0 and STDIN_HINT not in err


# -- the width of a report ---------------------------------------------------------------


def _widest(text: str) -> int:
    return max((cell_len(line) for line in text.splitlines()), default=0)


def _piped(args: list[str], **env: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "mjscore", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=_env(**env),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    "args", [["game", "examples/game.txt"], ["stats", "examples/records/", "--no-chart"]]
)
def test_a_report_sent_to_a_pipe_is_80_columns_wide_without_columns(args):
    out = _piped(args)
    assert 70 < _widest(out) <= 80


def test_a_report_sent_to_a_pipe_takes_columns_when_set():
    assert 80 < _widest(_piped(["game", "examples/game.txt"], COLUMNS="120")) <= 120
    assert _widest(_piped(["game", "examples/game.txt"], COLUMNS="60")) <= 60
    # not a positive number: as if unset
    assert 70 < _widest(_piped(["game", "examples/game.txt"], COLUMNS="-5")) <= 80


def test_a_terminal_keeps_its_own_width():
    """A terminal of 110 columns gets a report of more than 80, whatever a pipe gets."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 110, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "mjscore", "game", "examples/game.txt"],
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=_env(TERM="dumb"),
    )
    os.close(slave)
    try:
        out = _read_all(master, proc)
        proc.wait(timeout=60)
    finally:
        proc.kill()
        os.close(master)
    text = out.decode("utf-8", "replace").replace("\r\n", "\n")
    assert 80 < _widest(text) <= 110
