"""Options where people type them (issue 21): the app's options after the command,
-o/--output written whole or not at all, tiles/color in the config, and a bare --opt
that reaches only the rulesets that take its value."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from mjscore.cli.commands import globals_first
from tests.cli_helpers import run

HAND = ["123m456p789s7z", "ankan:5555m", "tsumo:7z", "opt:red_fives=0"]
BARE = HAND[:3]  # needs red_fives=0 under riichi


def test_globals_move_before_the_command_but_not_past_dashdash():
    assert globals_first(["score", "1m", "--no-tiles", "--color", "never"]) == [
        "--no-tiles",
        "--color",
        "never",
        "score",
        "1m",
    ]
    assert globals_first(["score", "--color=always"]) == ["--color=always", "score"]
    assert globals_first(["boo-result", "--", "--tiles"]) == ["boo-result", "--", "--tiles"]


def test_no_tiles_after_the_command_is_accepted(capsys):
    code, out, err = run(
        "score", *BARE, "--opt", "red_fives=0", "--no-tiles", "--color", "never", capsys=capsys
    )
    assert code == 0, err
    assert max(out) < "\U0001f000"  # no tile glyphs (U+1F000 on) in the report


def test_bad_color_after_the_command_is_named(capsys):
    code, _, err = run("score", *HAND, "--color", "pink", capsys=capsys)
    assert code == 2 and "--color" in err and "pink" in err


def test_output_file_is_written_whole(tmp_path, capsys):
    target = tmp_path / "out.jsonl"
    code, out, err = run("score", *HAND, "-F", "jsonl", "-o", str(target), capsys=capsys)
    assert code == 0, err
    assert out == ""
    assert json.loads(target.read_text("utf-8"))["value"] > 0
    assert os.listdir(tmp_path) == ["out.jsonl"]


def test_a_failed_run_leaves_no_file_and_keeps_the_old_one(tmp_path, capsys):
    target = tmp_path / "out.jsonl"
    code, _, _ = run("score", *HAND, "-F", "bogus", "-o", str(target), capsys=capsys)
    assert code == 2 and os.listdir(tmp_path) == []
    target.write_text("old\n")
    code, _, _ = run("score", *HAND, "--opt", "nope=1", "-o", str(target), capsys=capsys)
    assert code == 2 and os.listdir(tmp_path) == ["out.jsonl"]
    assert target.read_text() == "old\n"


def test_output_into_a_missing_directory_is_a_usage_error(tmp_path, capsys):
    code, _, err = run("score", *HAND, "-o", str(tmp_path / "no" / "x"), capsys=capsys)
    assert code == 2 and "cannot write" in err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_signal_leaves_no_file_and_no_temporary(tmp_path):
    hands = tmp_path / "in" / "hands.txt"
    hands.parent.mkdir()
    hands.write_text(" ".join(HAND) + "\n")
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mjscore",
            "score",
            "--file",
            "-",
            "-F",
            "jsonl",
            "-o",
            str(out_dir / "x.jsonl"),
        ],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None
    proc.stdin.write(hands.read_text())
    proc.stdin.flush()  # stdin left open: the run waits for more lines
    deadline = time.monotonic() + 20
    while not os.listdir(out_dir) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert os.listdir(out_dir), "the temporary file never appeared"
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=20)
    assert proc.returncode == 128 + signal.SIGTERM
    assert os.listdir(out_dir) == []


def test_the_config_holds_tiles_and_color_and_the_flags_win(tmp_path, capsys):
    from mjscore.report.settings import settings

    config = tmp_path / "c.toml"
    config.write_text('color = "always"\ntiles = false\n')
    code, _, err = run("score", *HAND, "--config", str(config), capsys=capsys)
    assert code == 0, err
    assert (settings["color"], settings["tiles"]) == ("always", False)
    code, _, err = run(
        "score", *HAND, "--config", str(config), "--tiles", "--color", "never", capsys=capsys
    )
    assert code == 0, err
    assert (settings["color"], settings["tiles"]) == ("never", True)


@pytest.mark.parametrize("text, word", [('color = "pink"', "color"), ("tiles = 1", "tiles")])
def test_bad_tiles_or_color_in_the_config_is_named(tmp_path, capsys, text, word):
    config = tmp_path / "c.toml"
    config.write_text(text + "\n")
    code, _, err = run("score", *HAND, "--config", str(config), capsys=capsys)
    assert code == 2 and f"{word} must be" in err


def test_a_bare_opt_reaches_only_the_rulesets_that_take_it(capsys):
    code, out, err = run("score", *BARE, "--opt", "red_fives=0", "-F", "json", capsys=capsys)
    assert code == 0, err
    assert json.loads(out)[0]["options"]["red_fives"] == 0
    code, out, err = run(
        "score", *BARE, "rules:kansai-boo", "--opt", "red_fives=0", "-F", "json", capsys=capsys
    )
    assert code == 1
    assert "red_fives" in json.loads(out)[0]["error"]["message"]


def test_a_line_token_overrides_a_refused_house_value(capsys):
    code, _, err = run(
        "score",
        *BARE,
        "rules:kansai-boo",
        "opt:red_fives=4",
        "--opt",
        "red_fives=0",
        "-F",
        "json",
        capsys=capsys,
    )
    assert code in (0, 1) and "not '0'" not in err


def test_a_value_no_ruleset_takes_is_still_a_usage_error(capsys):
    code, _, err = run("score", *BARE, "--opt", "red_fives=9", capsys=capsys)
    assert code == 2 and "red_fives" in err and "9" in err


def test_the_config_options_follow_the_same_rule(tmp_path, capsys):
    config = tmp_path / "c.toml"
    config.write_text("[options]\nred_fives = 0\n")
    code, _, err = run("score", *BARE, "--config", str(config), capsys=capsys)
    assert code == 0, err
