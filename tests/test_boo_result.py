"""The Kansai Boo game result (Shiragiku spec §3.8): マルＡ / Ｂ / Ｃ from four final scores."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from mjscore.cli import commands as cli
from mjscore.scoring.boo_game import BooResultError, boo_result, parse_scores

# The game-result table of §3.8 (all [CODE]): scores from the first dealer on
# (players E S W N by their first-hand seat), the option, and the game points.
TABLE = [
    ("maru-a", (4020, 1900, 1200, 880), None, "normal", "マルＡ", "E", (27, -10, -10, -10)),
    ("maru-b", (2600, 2300, 1800, 1300), None, "normal", "マルＢ", "E", (7, 0, -5, -5)),
    ("maru-c", (2600, 2300, 2100, 1000), None, "normal", "マルＣ", "E", (0, 0, 0, -3)),
    ("nobody-sank", (2000, 2000, 2000, 2000), None, "normal", "nobody sank", "E", (-3, 0, 0, 0)),
    ("tie-for-top", (2500, 2500, 1500, 1500), None, "normal", "マルＢ", "E", (7, 0, -5, -5)),
    ("yakuman-maru-a", (2600, 2400, 1500, 1500), "S", "maru-a", "マルＡ", "S", (-10, 27, -10, -10)),
    (
        "yakuman-double",
        (2600, 2400, 1500, 1500),
        "S",
        "double-maru-a",
        "ダブルマルＡ",
        "S",
        (-20, 57, -20, -20),
    ),
]


@pytest.mark.parametrize(
    "scores, winner, option, name, top, points",
    [row[1:] for row in TABLE],
    ids=[row[0] for row in TABLE],
)
def test_the_spec_table(scores, winner, option, name, top, points):
    r = boo_result(scores, winner, option)
    assert (r.name, r.top) == (name, top)
    assert tuple(r.points[p] for p in "ESWN") == points
    assert sum(points) == -3  # only the table fee leaves the players


def test_a_tie_for_top_goes_to_the_player_nearer_the_first_dealer():
    assert boo_result((1500, 2500, 2500, 1500)).top == "S"
    assert boo_result((1500, 1500, 2500, 2500)).top == "W"
    assert boo_result((2500, 1500, 1500, 2500)).top == "E"


def test_exactly_the_start_is_not_sunk():
    r = boo_result((2000, 2000, 2100, 1900))
    assert r.sunk == ("N",) and r.name == "マルＣ" and r.top == "W"
    assert r.points == {"E": 0, "S": 0, "W": 0, "N": -3}


def test_a_bust_player_below_zero_still_counts_once():
    r = boo_result((4300, 2000, 2000, -300))
    assert r.name == "マルＣ" and r.points["N"] == -3


def test_a_yakuman_under_the_normal_option_settles_by_the_scores():
    r = boo_result((2600, 2400, 1500, 1500), yakuman_winner="S", yakuman_result="normal")
    assert (r.name, r.top, r.yakuman) == ("マルＢ", "E", False)


@pytest.mark.parametrize(
    "scores, words",
    [
        ((2000, 2000, 2000), "four scores, not 3"),
        ((2000, 2000, 2000, 2100), "add up to 8,100"),
    ],
)
def test_scores_that_cannot_end_a_game_are_refused(scores, words):
    with pytest.raises(BooResultError, match=words):
        boo_result(scores)


def test_bad_yakuman_arguments_are_refused():
    with pytest.raises(BooResultError, match="player E, S, W or N"):
        boo_result((2000,) * 4, yakuman_winner="X", yakuman_result="maru-a")
    with pytest.raises(BooResultError, match="yakuman_result is normal"):
        boo_result((2000,) * 4, yakuman_winner="E", yakuman_result="triple")


def test_scores_parse_as_arguments_or_one_slashed_token():
    assert parse_scores(["4020", "1900", "1200", "880"]) == [4020, 1900, 1200, 880]
    assert parse_scores(["4,020/1,900/1,200/880"]) == [4020, 1900, 1200, 880]
    assert parse_scores(["4300 / 2000 / 2000 / -300"]) == [4300, 2000, 2000, -300]
    with pytest.raises(BooResultError, match="'abc' is not a score"):
        parse_scores(["abc"])


def test_the_reason_names_who_pays_what():
    text = boo_result((2600, 2300, 1800, 1300)).reason()
    assert "マルＢ" in text and "(W, N) pay the top player E 5 each" in text
    assert "table fee 3" in text


def test_the_command_prints_each_player(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")  # the sentence on one line (it wraps at 80)
    assert cli.run(["boo-result", "4020", "1900", "1200", "880"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("マルＡ")
    assert lines[1].split() == ["E", "4,020", "+27", "top"]
    assert lines[4].split() == ["N", "880", "-10", "sunk"]


def test_the_command_takes_the_yakuman_option_and_json(capsys):
    args = [
        "boo-result",
        "2600/2400/1500/1500",
        "--yakuman",
        "s",
        "--yakuman-result",
        "double-maru-a",
        "--format",
        "json",
    ]
    assert cli.run(args) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["result"] == "ダブルマルＡ" and rec["top"] == "S" and rec["yakuman"] is True
    assert rec["points"] == {"E": -20, "S": 57, "W": -20, "N": -20}


def test_the_command_defaults_to_the_ruleset_option(capsys):
    assert cli.run(["boo-result", "2600", "2400", "1500", "1500", "--yakuman", "S"]) == 0
    assert capsys.readouterr().out.startswith("マルＢ")  # yakuman_result=normal


@pytest.mark.parametrize(
    "args, words",
    [
        (["1", "2", "3"], "four scores"),
        (["2600", "2400", "1500", "1500", "--yakuman-result", "bogus"], "takes one of normal"),
        (["2600", "2400", "1500", "1500", "--format", "xml"], "unknown format"),
    ],
)
def test_usage_errors_exit_2_with_one_line(args, words):
    out = subprocess.run(
        [sys.executable, "-m", "mjscore", "boo-result", *args], capture_output=True, text=True
    )
    assert out.returncode == 2
    assert words in out.stderr and len(out.stderr.splitlines()) == 1


# -- negative scores and Japanese (issue 36) --------------------------------------------------


def _boo(*args: str, columns: int = 80) -> subprocess.CompletedProcess[str]:
    import os

    env = {**os.environ, "COLUMNS": str(columns)}
    env.pop("LANG", None)
    return subprocess.run(
        [sys.executable, "-m", "mjscore", "boo-result", *args],
        capture_output=True,
        text=True,
        env=env,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["4500", "2000", "1600", "-100"],
        ["4500", "2000", "1600", "-100", "--format", "json"],
        ["--", "4500", "2000", "1600", "-100"],
        ["4500/2000/1600/-100"],
        ["-100", "4500", "2000", "1600"],
    ],
)
def test_a_negative_score_is_a_score_not_an_option(args):
    """A player can end a Boo game below zero (the game ends at 0 or fewer, §3.8): -100 is
    typed as it is. 4,500 + 2,000 + 1,600 - 100 = 8,000; W and N sank (§3.8: マルＢ, the top
    +7, each sunk player -5, the one at exactly 2,000 nothing)."""
    done = _boo(*args)
    assert done.returncode == 0, done.stderr
    if "json" in args:
        rec = json.loads(done.stdout)
        assert rec["result"] == "マルＢ" and rec["scores"]["N"] == -100
        assert rec["points"] == {"E": 7, "S": 0, "W": -5, "N": -5}
    elif args[0] == "-100":
        assert done.stdout.splitlines()[1].split() == ["E", "-100", "-5", "sunk"]
    else:
        assert done.stdout.startswith("マルＢ")
        assert done.stdout.splitlines()[4].split() == ["N", "-100", "-5", "sunk"]


@pytest.mark.parametrize("word", ["--yakumna", "-x", "-1x"])
def test_a_word_with_a_dash_that_is_no_number_is_still_refused(word):
    done = _boo("4500", "2000", "1600", "1900", word)
    assert done.returncode == 2 and done.stdout == ""
    assert f"No such option: {word}" in done.stderr and len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    "args, first, rows",
    [
        (
            ["4020", "1900", "1200", "880"],
            "マルＡ：原点2000未満の3人（南、西、北）がトップの東に10ずつ払い、東は場代3を払う",
            [["東", "4020", "+27", "トップ"], ["南", "1900", "-10", "沈み"]],
        ),
        (
            ["2000", "2000", "2000", "2000"],
            "原点2000未満なし：トップの東が場代3だけを払う",
            [["東", "2000", "-3", "トップ"], ["南", "2000", "0"]],
        ),
        (
            ["2600", "2400", "1500", "1500", "--yakuman", "S", "--yakuman-result", "maru-a"],
            "マルＡ：南が役満を和了し、ほかの各家から10ずつ取り、場代3を払う",
            [["東", "2600", "-10", "支払い"], ["南", "2400", "+27", "トップ"]],
        ),
    ],
)
@pytest.mark.parametrize("where", ["after", "before"])
def test_lang_ja_gives_the_result_in_japanese(args, first, rows, where):
    """The Shiragiku rule book's words: 原点 (the start), 沈み (sunk), トップ, 場代 (the
    table fee); the seats in kanji and the scores without commas, as the score report."""
    lang = ["--lang", "ja"]
    cmd = [*args, *lang] if where == "after" else args
    done = (
        _boo(*cmd, columns=120)
        if where == "after"
        else subprocess.run(
            [sys.executable, "-m", "mjscore", *lang, "boo-result", *args],
            capture_output=True,
            text=True,
        )
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == first
    assert [line.split() for line in lines[1:3]] == rows
    assert not re.search(r"[A-Za-z]", done.stdout)


@pytest.mark.parametrize("columns", [40, 60, 80, 120])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_result_fits_the_terminal(columns, lang):
    from rich.cells import cell_len

    done = _boo("--lang", lang, "4020", "1900", "1200", "880", columns=columns)
    assert done.returncode == 0, done.stderr
    assert all(cell_len(line) <= columns for line in done.stdout.splitlines()), done.stdout
    words = "".join(done.stdout.splitlines()[: -4 or None])
    assert ("東に10ずつ払い" if lang == "ja" else "pay the top player E 10 each") in (
        words if lang == "ja" else " ".join(done.stdout.split())
    )
