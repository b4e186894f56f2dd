"""The waits report tells each win's truth: its own yaku by name, the tsumo as the table
says it, MCR in fans, a complete hand said complete, the player's discards seen."""

import os
import subprocess
import sys

import pytest

from mjscore.analysis.waits import waits_line
from mjscore.report.waits import _yaku, win_text


def _report(line: str, width: int, *args: str) -> str:
    env = {**os.environ, "COLUMNS": str(width)}
    out = subprocess.run(
        [sys.executable, "-m", "mjscore", "waits", line, *args],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    assert all(len(row) <= width for row in out.splitlines())
    return out


@pytest.mark.parametrize("width", [40, 60, 80, 120])
def test_pinfu_ron_and_tsumo_have_their_own_yaku(width):
    words = _report("123m456p789s23s22m", width).split()
    assert "menzen_tsumo" not in words
    assert "400/700" in words and "1,000" in words and "1,500" not in words
    wait = waits_line("123m456p789s23s22m").waits[0]
    assert _yaku(wait) == "ron: Pinfu; tsumo: Menzen tsumo, Pinfu"
    assert (win_text(wait.ron), win_text(wait.tsumo)) == ("1,000 1h30f", "400/700 2h20f")


@pytest.mark.parametrize("width", [40, 60, 80, 120])
def test_mcr_in_fans_and_the_minimum(width):
    words = _report("123m456p789s23s22m", width, "-r", "mcr").split()
    assert "NonehNonef" not in " ".join(words) and "fan" in words
    assert "8-point" in _report("234m567p23s22m chi:789s", width, "-r", "mcr").split()
    wait = waits_line("234m567p23s22m chi:789s", "mcr").waits[0]
    assert win_text(wait.ron) == "below the 8-point minimum"


@pytest.mark.parametrize("width", [40, 60, 80, 120])
def test_complete_hand_says_so(width):
    text = " ".join(_report("123m456p789s234s55z", width).split())
    assert "complete" in text and "shanten -1" not in text


@pytest.mark.parametrize("width", [40, 60, 80, 120])
def test_best_column_dropped_when_nothing_is_ready(width):
    out = _report("13579m2468p1357s5z", width)
    assert "Best" not in out and "Unseen" in out


def test_own_discards_are_seen_on_13_tiles():
    wait = waits_line("123m456p789s23s55z discards:1s").waits[0]
    assert (wait.remaining, wait.furiten) == (3, True)
