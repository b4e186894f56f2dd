"""The command line end to end: exit codes, stdout and stderr, files and stdin.

Most tests run the real program in a subprocess (`python -m mjscore`), so what
they check is what a shell sees: the exit status, one line per error on stderr,
never a traceback. Expected values follow from the hands (see each docstring).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjscore.cli import commands as cli
from mjscore.cli import runner
from mjscore.core.notation import is_blank

TANYAO = "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s"
NO_YAKU = "123m456p78s11z chi:234s ron:9s"  # open, no tanyao (1m, 9s), the East pair is no yaku
BAD = "234m406p22s pon:55p ron:4s"  # column 13: a pon of two tiles
DAISANGEN = "111m9p pon:777z= pon:666z+ pon:555z- ron:9p="

HAND_FILE = f"""\
# hands from a session
{TANYAO}

{NO_YAKU}   # no yaku
   # an indented comment
{BAD}
{DAISANGEN}
"""


def mj(
    *args: str, stdin: str | None = None, columns: int | None = None
) -> subprocess.CompletedProcess[str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("FORCE_COLOR", "COLUMNS", "MJSCORE_DEBUG", "TERM")
    }
    env.update(NO_COLOR="1", PYTHONIOENCODING="utf-8")
    if columns:
        env["COLUMNS"] = str(columns)
    return subprocess.run(
        [sys.executable, "-m", "mjscore", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
    )


def records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def assert_one_clean_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# -- one hand -------------------------------------------------------------------------------


def test_one_hand_as_arguments_jsonl():
    """Open tanyao, dora 2s x2, red 5p: 4 han 30 fu = 7,700; N (across from S) pays."""
    done = mj("score", *TANYAO.split(), "--format", "jsonl")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    [rec] = records(done.stdout)
    assert rec["line"] == 1 and rec["input"] == TANYAO and rec["rules"] == "riichi"
    assert (rec["ok"], rec["winner"], rec["han"], rec["fu"], rec["value"]) == (
        True,
        "S",
        4,
        30,
        7700,
    )
    assert {y["key"]: y["han"] for y in rec["yaku"]} == {"tanyao": 1, "dora": 2, "aka_dora": 1}
    assert rec["payments"] == [
        {"from": "N", "to": "S", "amount": 7700, "reason": "ron", "key": "ron", "label": "ron"}
    ]
    assert rec["net"] == {"E": 0, "S": 7700, "W": 0, "N": -7700}


def test_one_hand_rich_report():
    done = mj("score", *TANYAO.split())
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "riichi · Tenhou rules" in out and "line 1" in out
    assert "ron 4s from N (across)" in out
    assert any(
        line.startswith("4 han 30 fu") and line.endswith("7,700") for line in out.splitlines()
    )
    assert "\x1b[" not in out  # a pipe: no colours


def test_a_hand_that_does_not_score_exits_1_with_its_reason():
    done = mj("score", *NO_YAKU.split(), "--format", "jsonl")
    assert done.returncode == 1
    assert assert_one_clean_line(done.stderr).startswith("line 1: no yaku:")
    [rec] = records(done.stdout)
    assert rec["ok"] is False and rec["error"]["kind"] == "no_yaku"


def test_a_notation_error_points_at_its_column():
    done = mj("score", *BAD.split())
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert lines[0].startswith("line 1: column 13: 'pon:55p' is not a pon")
    assert lines[1] == "  " + BAD
    assert lines[2] == "  " + " " * 12 + "^" * len("pon:55p")


def test_options_reach_the_record():
    done = mj(
        "score",
        *TANYAO.split(),
        "--opt",
        "kiriage_mangan=on",
        "--opt",
        "red_fives=4",
        "--format",
        "jsonl",
    )
    assert done.returncode == 0, done.stderr
    [rec] = records(done.stdout)
    assert rec["options"]["kiriage_mangan"] is True
    assert rec["options"]["red_fives"] == 4


# -- files and stdin ------------------------------------------------------------------------


@pytest.fixture
def hand_file(tmp_path: Path) -> Path:
    path = tmp_path / "hands.txt"
    path.write_text(HAND_FILE, encoding="utf-8")
    return path


def test_a_file_with_bad_lines_keeps_going(hand_file: Path):
    done = mj("score", "--quiet", "--file", str(hand_file), "--format", "jsonl")
    assert done.returncode == 1
    recs = records(done.stdout)
    assert [r["line"] for r in recs] == [2, 4, 6, 7]  # every hand line, numbered in the file
    assert [r["ok"] for r in recs] == [True, False, False, True]
    assert recs[0]["value"] == 7700
    assert recs[2]["error"]["column"] == 13
    assert recs[3]["yakuman"] == 1 and recs[3]["liability"]["seat"] == "E"
    err = done.stderr.splitlines()
    assert len(err) == 2 and "Traceback" not in done.stderr
    assert err[0].startswith(f"{hand_file}:4: no yaku:")  # FILE:LINE: where no column
    assert err[1].startswith(f"{hand_file}:6:13: 'pon:55p' is not a pon")
    assert all(r["file"] == str(hand_file) for r in recs)


def test_stdin_is_a_dash(hand_file: Path):
    done = mj("score", "-f", "-", "--format", "jsonl", stdin=hand_file.read_text())
    assert done.returncode == 1
    assert [r["line"] for r in records(done.stdout)] == [2, 4, 6, 7]


def test_a_file_of_good_hands_exits_0(tmp_path: Path):
    path = tmp_path / "good.txt"
    path.write_text(f"{TANYAO}\n\n# done\n{DAISANGEN}\n", encoding="utf-8")
    done = mj("score", "--file", str(path), "--format", "json")
    assert done.returncode == 0, done.stderr
    array = json.loads(done.stdout)
    assert [r["line"] for r in array] == [1, 4]
    assert [r["value"] for r in array] == [7700, 32000]


def test_tsv_header_and_rows(hand_file: Path):
    done = mj("score", "--file", str(hand_file), "--format", "tsv")
    assert done.returncode == 1
    rows = [line.split("\t") for line in done.stdout.splitlines()]
    assert rows[0] == [
        "line",
        "ok",
        "rules",
        "winner",
        "han",
        "fu",
        "limit",
        "value",
        "net_E",
        "net_S",
        "net_W",
        "net_N",
        "yaku",
        "error",
    ]
    assert [row[0] for row in rows[1:]] == ["2", "4", "6", "7"]
    assert rows[1][:8] == ["2", "true", "riichi", "S", "4", "30", "", "7700"]
    assert rows[1][8:12] == ["0", "7700", "0", "-7700"]
    assert rows[3][1] == "false" and rows[3][-1].startswith("column 13: 'pon:55p'")


def test_rich_file_report_writes_errors_to_stderr(hand_file: Path):
    done = mj("score", "--file", str(hand_file))
    assert done.returncode == 1
    assert "line 2" in done.stdout and "line 7" in done.stdout
    assert "line 6" not in done.stdout
    assert f"{hand_file}:6:13: " in done.stderr and "^^^^^^^" in done.stderr


def test_undecodable_bytes_are_a_bad_line_not_a_crash(tmp_path: Path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(TANYAO.encode() + b"\n123m\xe9 ron:1m\n")
    done = mj("score", "--file", str(path), "--format", "jsonl")
    assert done.returncode == 1
    recs = records(done.stdout)
    assert [r["ok"] for r in recs] == [True, False]
    assert done.stderr.startswith(f"{path}:2:1: ")


# -- usage errors: exit 2, one line, no traceback -------------------------------------------


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["score", "123m", "--rules", "nope"], "unknown ruleset 'nope'"),
        (["score", "123m", "--opt", "nope=1"], "no ruleset has an option 'nope'"),
        (["score", "123m", "--opt", "red_fives=7"], "red_fives"),
        (["score", "123m", "--opt", "kiriage_mangan=maybe"], "on or off"),
        (["score", "123m", "--opt", "red_fives"], "NAME=VALUE"),
        (["score", "123m", "--format", "xml"], "unknown format 'xml'"),
        (["score", "123m", "--file", "x.txt"], "not both"),
        (["score", "--file", "/nonexistent/hands.txt"], "cannot read /nonexistent/hands.txt"),
        (["score", "123m", "--bogus"], "--bogus"),
        (["yaku", "--rules", "nope"], "unknown ruleset 'nope'"),
        (["frobnicate"], "frobnicate"),
    ],
)
def test_usage_errors_exit_2_with_one_line(args, says):
    done = mj(*args)
    assert done.returncode == 2
    line = assert_one_clean_line(done.stderr)
    assert line.startswith("mjscore: ") and says in line
    assert done.stdout == ""


def test_no_hand_and_a_terminal_for_stdin_is_a_usage_error(monkeypatch):
    monkeypatch.setattr(runner, "_stdin_is_terminal", lambda: True)
    with pytest.raises(runner.UsageProblem, match="no hand given"):
        runner.score_command([], None, None, None, None)


@pytest.mark.parametrize("args", [["score"], ["score", "-"], ["waits"], ["waits", "-"]])
def test_piped_lines_are_read_when_no_hand_is_given_or_the_hand_is_a_dash(args):
    done = mj(*args, "--format", "jsonl", stdin="123m456p789s11z22z ron:2z\n123m\n")
    assert [r["line"] for r in records(done.stdout)] == [1, 2]
    assert done.returncode == 1  # the second line is not a hand


def test_an_empty_pipe_with_no_hand_says_so():
    done = mj("score", stdin="")
    assert done.returncode == 2 and "standard input was empty" in done.stderr


def test_bare_mjscore_shows_help_and_exits_2():
    done = mj()
    assert done.returncode == 2
    assert "score" in done.stdout and "rules" in done.stdout and "yaku" in done.stdout


def test_help_exits_0():
    done = mj("score", "--help")
    assert done.returncode == 0
    assert "--file" in done.stdout and "--opt" in done.stdout and "--format" in done.stdout


# -- rules and yaku -------------------------------------------------------------------------


def test_rules_lists_rulesets_with_options():
    done = mj("rules", columns=240)
    assert done.returncode == 0, done.stderr
    lines = [line.split() for line in done.stdout.splitlines()]
    assert ["riichi", "riichi", "·", "Tenhou", "rules"] in lines
    assert any(row[:3] == ["kiriage_mangan", "off", "on|off"] for row in lines)
    assert any(row[:3] == ["red_fives", "3", "0|3|4"] for row in lines)
    assert any(row[:2] == ["pao", "daisangen,daisuushii"] for row in lines)


def test_yaku_table_rows():
    done = mj("yaku", "--rules", "riichi", columns=240)
    assert done.returncode == 0, done.stderr
    rows = {line.split()[0]: line.split() for line in done.stdout.splitlines() if line.strip()}
    assert rows["tanyao"] == ["tanyao", "Tanyao", "断幺九", "タンヤオ", "1", "1"]
    assert rows["riichi"][-2:] == ["1", "–"]  # closed only
    assert rows["daisangen"][-2:] == ["yakuman", "yakuman"]  # a yakuman, allowed open
    assert rows["renhou"][-1] == "optional"


# -- in-process pieces ----------------------------------------------------------------------


def test_run_returns_the_exit_code(capsys):
    assert cli.run(["score", *TANYAO.split(), "--format", "tsv"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split("\t")[:8] == ["1", "true", "riichi", "S", "4", "30", "", "7700"]


def test_stdin_in_process(monkeypatch, capsys):
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(HAND_FILE.encode())))
    assert cli.run(["score", "--file", "-", "--format", "jsonl"]) == 1
    assert [r["line"] for r in records(capsys.readouterr().out)] == [2, 4, 6, 7]


def test_a_core_crash_stays_on_its_line(monkeypatch, capsys):
    from mjscore.engine import loop as engine

    real = engine.score_line

    def flaky(line, **kw):
        if "boom" in line:
            raise RuntimeError("kaboom")
        return real(line, **kw)

    monkeypatch.setattr(engine, "score_line", flaky)
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO(f"{TANYAO}\nboom\n{TANYAO}\n"))
    assert cli.run(["score", "-q", "-f", "-", "--format", "jsonl"]) == 1
    captured = capsys.readouterr()
    recs = records(captured.out)
    assert [r["ok"] for r in recs] == [True, False, True]
    assert recs[1]["error"]["kind"] == "internal"
    assert captured.err.strip() == "-:2: internal error: RuntimeError: kaboom"


def test_tally_owns_the_exit_code():
    from mjscore.base.errors import NoYaku
    from mjscore.core.result import HanFu, ScoreResult, Verdict

    tally = runner.Tally()
    assert tally.exit_code == 0
    won = Verdict(HanFu(1, 30), 1000, (), {})
    tally.add(ScoreResult(line=1, input="", rules="riichi", options={}, verdict=won))
    assert tally.exit_code == 0
    tally.add(ScoreResult(line=2, input="", rules="riichi", options={}, error=NoYaku("x")))
    assert tally.exit_code == 1


def test_progress_only_for_long_files_on_a_terminal():
    class Stream:
        def __init__(self, tty: bool):
            self.tty = tty

        def isatty(self) -> bool:
            return self.tty

    assert runner.want_progress(500, Stream(True), Stream(False))
    assert not runner.want_progress(50, Stream(True), Stream(False))
    assert not runner.want_progress(500, Stream(False), Stream(False))
    assert not runner.want_progress(500, Stream(True), Stream(True))


def test_hand_lines_skip_blanks_and_comments():
    assert not is_blank(TANYAO)
    assert is_blank("   ")
    assert is_blank("  # just a note")


# -- what gets imported ---------------------------------------------------------------------


def _modules_after(code: str) -> set[str]:
    probe = code + "\nimport sys; print(' '.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    return set(done.stdout.split())


def test_the_core_imports_neither_rich_nor_typer():
    mods = _modules_after(f"import mjscore; r = mjscore.score({TANYAO!r}); assert r.ok, r.error")
    assert not {m for m in mods if m.split(".")[0] in ("rich", "typer", "click", "pydantic")}


def _typer_requires_pydantic() -> bool:
    from importlib.metadata import requires

    return any(req.split(";")[0].strip().startswith("pydantic") for req in requires("typer") or [])


def test_machine_formats_skip_rich_console_and_pydantic():
    """rich's console only for the rich report; pydantic only when typer itself needs it
    (typer >= 0.29 coerces every non-flag parameter through pydantic: no public way round)."""
    mods = _modules_after(
        "import io, contextlib; from mjscore.cli.commands import run\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert run(['score', *{TANYAO!r}.split(), '--format', 'jsonl']) == 0"
    )
    assert "rich.console" not in mods
    if not _typer_requires_pydantic():
        assert not {m for m in mods if m.startswith("pydantic")}


def test_one_argument_parser_and_no_private_typer_attributes():
    """The console script and `python -m mjscore` both run the typer app in `cli`."""
    import re
    import tomllib

    root = Path(__file__).resolve().parents[1]
    scripts = tomllib.loads((root / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"mjscore": "mjscore.cli:main"}
    assert "from .cli import main" in (root / "mjscore" / "__main__.py").read_text()
    source = (root / "mjscore" / "cli" / "commands.py").read_text()
    assert not re.search(r"\b(typer|click)\._|\._runtime_param|\bfrom typer\._", source)


def test_yaku_table_of_a_points_and_doubles_ruleset_lists_its_scoring():
    """European rules have no yaku: the table shows points rows, doubles and special hands."""
    done = mj("yaku", "--rules", "european", columns=240)
    assert done.returncode == 0, done.stderr
    rows = {line.split()[0]: line for line in done.stdout.splitlines() if line.strip()}
    assert rows["mahjong"].split()[-1] == "20"
    assert "3" in rows["pure_suit"].split() and "winner" in rows["pure_suit"]
    assert rows["imperial"].split()[-1] == "6000"
    assert "german_limit_hands" in rows["himmlische_hand"]


# -- a long file on several cores writes exactly what one process writes --------------------


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["jsonl", "tsv", "json"])
def test_parallel_scoring_matches_serial(tmp_path, fmt):
    """600 lines (three chunks) with a bad line and a no-yaku line among good ones."""
    hands = [TANYAO, NO_YAKU, BAD, DAISANGEN] * 150
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(hands) + "\n", encoding="utf-8")
    serial = mj("score", "--file", str(path), "--format", fmt, "--jobs", "1")
    parallel = mj("score", "--file", str(path), "--format", fmt, "--jobs", "2")
    assert serial.returncode == parallel.returncode == 1
    assert serial.stdout == parallel.stdout
    assert serial.stderr == parallel.stderr
    # the bad and the no-yaku line of each group, then the run's summary line
    assert serial.stderr.count("\n") == 301
    assert serial.stderr.endswith(": 600 hands: 300 scored, 300 not scored\n")


def test_jobs_must_be_a_number():
    done = mj("score", *TANYAO.split(), "--jobs", "many")
    assert done.returncode == 2
    assert "--jobs takes a number" in assert_one_clean_line(done.stderr)


@pytest.mark.parametrize(
    ("token", "fix"),
    [("reach", "riichi"), ("rn:4s", "ron:4s"), ("tsmo:4s", "tsumo:4s"), ("dorra:1s", "dora:1s")],
)
def test_a_near_miss_gets_its_nearest_fix(token, fix):
    done = mj("score", "123m456p789s11z2z", token)
    assert done.returncode == 1 and f"did you mean '{fix}'?" in done.stderr


def test_keys_and_suits_are_read_in_any_case():
    upper = mj(
        "score",
        "234M406p22s56S",
        "CHI:678s",
        "Ron:4S=",
        "round:E",
        "seat:S",
        "DORA:1S",
        "--format",
        "jsonl",
    )
    lower = mj("score", *TANYAO.split(), "--format", "jsonl")
    assert upper.returncode == 0
    assert {k: v for k, v in records(upper.stdout)[0].items() if k != "input"} == {
        k: v for k, v in records(lower.stdout)[0].items() if k != "input"
    }
