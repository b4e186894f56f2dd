"""Issue 10: did-you-mean, case-insensitive tokens, --version, colour modes, plain tiles."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import mjscore
from mjscore.cli.commands import run

ROOT = Path(__file__).resolve().parent.parent
OPEN = "234m406p22s56s chi:678s"


def _error(line: str) -> str:
    result = mjscore.score(line)
    assert result.error is not None
    return result.error.message


@pytest.mark.parametrize(
    ("line", "fix"),
    [
        ("234m406p22s56s richi ron:4s", "did you mean 'riichi'?"),
        (f"{OPEN} ron4s", "did you mean 'ron:4s'?"),
        (f"{OPEN} tsumo 4s", "did you mean 'tsumo:4s'?"),
    ],
)
def test_an_unknown_token_gets_the_nearest_fix(line, fix):
    assert fix in _error(line)


@pytest.mark.parametrize(
    ("token", "fix"),
    [
        ("seat=S", "seat:S"),  # the value kept, not `seat:`
        ("round=S", "round:S"),
        ("dora=1s", "dora:1s"),
        ("dealer", "seat:E"),  # docs/notation.md: East is the dealer
        ("Dealer", "seat:E"),
        ("dealer:yes", "seat:E"),
        ("oya", "seat:E"),
    ],
)
def test_a_context_said_another_way_gets_the_token_that_says_it(token, fix):
    """Issue 36: the hint is a token that reads, and means what the user wrote."""
    message = _error(f"{OPEN} ron:4s {token}")
    assert f"did you mean '{fix}'?" in message
    fixed = mjscore.score(f"{OPEN} ron:4s {fix}")
    assert fixed.ok and fixed.error is None


def test_the_dealer_hint_scores_the_dealer_s_hand():
    # 4 han 30 fu on a ron: 7,700 for a non-dealer, 11,600 for the dealer (the score table)
    assert mjscore.score(f"{OPEN} ron:4s seat:E dora:1s").value == 11600
    assert "(the dealer is the East seat)" in _error(f"{OPEN} ron:4s dealer dora:1s")


def test_an_unknown_ruleset_gets_the_nearest_name(capsys):
    assert run(["score", "--rules", "riichii", OPEN, "ron:4s"]) == 2
    assert "did you mean 'riichi'?" in capsys.readouterr().err


def test_an_unknown_option_gets_the_nearest_name(capsys):
    assert run(["score", "--opt", "kiriage=on", OPEN, "ron:4s"]) == 2
    assert "did you mean 'kiriage_mangan'?" in capsys.readouterr().err


def test_a_long_option_list_shrinks_to_three_and_a_pointer(capsys):
    assert run(["score", "--opt", "european.winer_refund=on", OPEN, "ron:4s"]) == 2
    err = capsys.readouterr().err
    assert "did you mean 'winner_refund'?" in err and "see mjscore rules" in err
    assert len(err) < 250


def test_winds_flags_and_ruleset_names_are_case_insensitive(capsys):
    lower = mjscore.score(f"{OPEN} ron:4s round:e seat:s")
    assert lower.ok and lower.value == mjscore.score(f"{OPEN} ron:4s round:E seat:S").value
    assert mjscore.score("123m456p789s5577z tsumo:7z RIICHI").ok
    assert run(["score", "--rules", "RIICHI", "--format", "tsv", OPEN, "ron:4s"]) == 0
    capsys.readouterr()


def test_version(capsys, monkeypatch):
    """--version says which core scores a file of hands (docs/native.md)."""
    from mjscore.cli import native

    core = "native core" if native.available() else "Python core: the native core is not built"
    monkeypatch.setenv("MJSCORE_NATIVE", "1")  # the suite also runs with the core off
    assert run(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"mjscore {mjscore.__version__} ({core})"
    monkeypatch.setenv("MJSCORE_NATIVE", "0")
    assert run(["--version"]) == 0
    off = "MJSCORE_NATIVE=0" if native.available() else "the native core is not built"
    assert capsys.readouterr().out.strip() == f"mjscore {mjscore.__version__} (Python core: {off})"


def _rich(args: list[str], env: dict[str, str] | None = None) -> str:
    full = {**os.environ, **(env or {})}
    for name in ("NO_COLOR", "FORCE_COLOR"):
        if env is None or name not in env:
            full.pop(name, None)
    done = subprocess.run(
        [sys.executable, "-m", "mjscore", *args, "score", OPEN, "ron:4s"],
        capture_output=True,
        env=full,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.decode("utf-8")


def test_colour_modes():
    assert "\x1b[" not in _rich([])  # auto, a pipe: plain
    assert "\x1b[" in _rich(["--color", "always"])
    assert "\x1b[" in _rich(["--color", "always"], {"NO_COLOR": "1"})
    assert "\x1b[" in _rich([], {"FORCE_COLOR": "1"})
    assert "\x1b[" not in _rich(["--color", "never"], {"FORCE_COLOR": "1"})


def test_tiles_can_be_turned_off_and_fall_back_to_mpsz():
    utf8 = {"PYTHONIOENCODING": "utf-8"}
    assert "\U0001f013" in _rich([], utf8)
    assert "\U0001f013" not in _rich(["--no-tiles"], utf8)
    plain = _rich([], {"PYTHONIOENCODING": "cp1252"})
    assert "\U0001f013" not in plain and "ron 4s" in plain


def test_tiles_wanted_follows_the_encoding():
    from mjscore.report.console import can_encode

    assert can_encode("utf-8") and not can_encode("cp1252")
    assert io.StringIO()  # keep io imported for the reader


# -- listings keep names whole; closed pipes; table and notation ------------------------------


def _cli(args: list[str], columns: int | None = None) -> str:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    env.pop("NO_COLOR", None)
    if columns:
        env["COLUMNS"] = str(columns)
    done = subprocess.run(
        [sys.executable, "-m", "mjscore", *args], capture_output=True, env=env, cwd=ROOT, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.decode("utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("columns", [40, 60, 80, 120])
def test_rules_and_yaku_keep_option_names_and_keys_whole(columns):
    from mjscore.engine.catalog import load_ruleset
    from mjscore.rulesets import ruleset_names

    rules = _cli(["rules"], columns)
    words = set(rules.split())
    for name in ruleset_names():
        for option in load_ruleset(name).options:
            assert option in words, (columns, option)
    for name in ("riichi", "european"):
        text = _cli(["yaku", "--rules", name], columns)
        assert "…" not in text
        words = set(text.split())
        ruleset = load_ruleset(name)
        keys = (
            list(ruleset.yaku)
            if ruleset.scoring != "points_doubles"
            else [*ruleset.params.rows, *ruleset.params.doubles, *ruleset.params.special]
        )
        for key in keys:
            assert key in words, (columns, name, key)
    from mjscore.mcr import FANS  # the fan table fits the width like the others

    text = _cli(["yaku", "--rules", "mcr"], columns)
    assert "…" not in text
    lines = text.splitlines()
    for fan in FANS:
        assert fan.key in set(text.split()), (columns, fan.key)
        row = next(i for i, line in enumerate(lines) if fan.key in line.split())
        block = [lines[row]]  # a stacked row carries its fields indented below the key
        for line in lines[row + 1 :]:
            if not line.startswith(" "):
                break
            block.append(line)
        assert str(fan.points) in " ".join(block).split(), (columns, fan.key)
    assert max(len(line) for line in lines) <= max(columns, 80), columns


@pytest.mark.slow
@pytest.mark.parametrize(
    "command",
    [
        "rules",
        "yaku",
        "yaku --rules european",
        "table",
        "notation",
        "waits 234m406p22s56s chi:678s",
        "score 234m406p22s56s chi:678s ron:4s",
    ],
)
def test_a_closed_pipe_ends_quietly_without_the_bad_hand_status(command):
    script = (
        f"set -o pipefail; {sys.executable} -m mjscore {command} | head -c 1 "
        ">/dev/null; echo status=$?"
    )
    for _ in range(3):
        done = subprocess.run(
            ["bash", "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60
        )
        assert done.stdout.strip() in ("status=0", "status=141"), (command, done.stdout)
        assert done.stderr == ""


def test_table_is_computed_from_the_scoring_code():
    text = _cli(["table"])
    assert "1,000" in text and "300/500" in text and "2,000/3,900" in text
    assert ["yakuman", "32,000", "8,000/16,000"] in [line.split() for line in text.splitlines()]
    dealer = _cli(["table", "--dealer"])
    assert "2,600 all" in dealer
    assert ["yakuman", "48,000", "16,000", "all"] in [line.split() for line in dealer.splitlines()]


def test_notation_command_prints_the_grammar_shipped_in_the_package():
    text = _cli(["notation"])
    assert "ron:4s=" in text and "riichi" in text and "opt:NAME=VALUE" in text


def test_score_help_shows_examples_and_the_notation_in_brief():
    text = _cli(["score", "--help"], 120)
    assert text.count("mjscore score ") >= 3 and "tsumo:4s" in text


def test_completion_offers_rulesets_formats_and_options():
    from mjscore.cli.commands import _complete_format, _complete_opt, _complete_rules

    assert _complete_rules("we") == ["webtile"]
    assert _complete_format("js") == ["json", "jsonl"]
    assert "kiriage_mangan=" in _complete_opt("kiri")


def test_the_winning_tile_written_twice_gets_a_hint():
    assert "winning tile 4s also written among the concealed tiles" in _error(
        "234m406p22s456s chi:678s ron:4s"
    )


@pytest.mark.parametrize(
    "line",
    [
        "123m456p789s5577z tsumo:7z breach:E",
        "123m456p789s5577z tsumo:7z flowers:1f",
        "123m456p789s5577z tsumo:7z draw",
    ],
)
def test_a_european_token_under_riichi_points_to_rules_european(line):
    assert "add rules:european" in _error(line)
    assert (
        "add rules:european"
        not in (
            mjscore.score(line + " rules:european").error or type("E", (), {"message": ""})
        ).message
    )


@pytest.mark.parametrize("columns", [40, 60, 80])
def test_waits_report_keeps_keys_and_numbers_whole(columns):
    text = _cli(["waits", "234m406p22s56s789s"], columns)
    words = set(text.split())
    assert {"Pinfu,", "Menzen", "2,000", "700/1,300"} <= words
