"""One grammar for every command (issue 36): one name for the human format, the config
file's `format` honoured wherever the command has that format, flags over the config."""

from __future__ import annotations

import json
import re

import pytest
from cli_helpers import run

from mjscore.cli import commands

RECORD = "examples/records/mjai.jsonl"
HAND = ["123m456p789s5577z", "tsumo:7z", "riichi"]

# every command that has a format, with the arguments it needs besides --format
ARGS = {
    "score": HAND,
    "waits": ["123m456p789s557z"],
    "game": ["examples/game.txt", "--no-chart"],
    "stats": [RECORD, "--no-chart"],
    "rules": ["tenhou"],
    "yaku": [],
    "table": [],
    "boo-result": ["4020/1900/1200/880"],
    "check": [RECORD],
    "import": [RECORD],
}
HUMAN = [c for c in ARGS if c != "import"]  # import writes hand lines: a machine format


def _format_metavar(command: str, capsys) -> str:
    code, out, err = run(command, "--help", capsys=capsys)
    assert code == 0, err
    found = re.search(r"--format\s+([a-z]+(?:\|[a-z]+)+)", out)
    assert found, out
    return found.group(1)


@pytest.mark.parametrize("command", HUMAN)
def test_every_command_calls_its_human_format_text_and_lists_no_other_name(command, capsys):
    names = _format_metavar(command, capsys).split("|")
    assert names[0] == "text"
    assert "rich" not in names and "lines" not in names


def test_import_has_no_human_format_its_hand_lines_are_a_machine_format(capsys):
    assert _format_metavar("import", capsys) == "lines|jsonl"
    code, out, err = run("import", RECORD, "--format", "text", capsys=capsys)
    assert code == 2 and "unknown format 'text' (choose from lines, jsonl)" in err


@pytest.mark.parametrize("command", HUMAN)
def test_the_old_name_rich_is_still_read_as_text_by_every_command(command, capsys):
    code, text, err = run(command, *ARGS[command], "--format", "text", capsys=capsys)
    assert code in (0, 1), err
    again, rich, err = run(command, *ARGS[command], "--format", "rich", capsys=capsys)
    assert (again, rich) == (code, text)
    assert "unknown format" not in err


def test_completion_offers_one_name_for_the_human_format():
    assert commands._complete_format("") == ["text", "json", "jsonl", "tsv"]
    assert commands._complete_format("r") == []


def _config(tmp_path, monkeypatch, text: str) -> str:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setenv("MJSCORE_CONFIG", str(path))
    return str(path)


def _machine(out: str) -> object:
    """The output read as JSON (a document) or JSON Lines (its first record)."""
    try:
        return json.loads(out)
    except json.JSONDecodeError:
        return json.loads(out.splitlines()[0])


@pytest.mark.parametrize("command", ARGS)
def test_the_config_files_format_is_every_commands_default(command, tmp_path, monkeypatch, capsys):
    fmt = "jsonl" if command in ("check", "import") else "json"
    _config(tmp_path, monkeypatch, f'format = "{fmt}"\n')
    code, out, err = run(command, *ARGS[command], capsys=capsys)
    assert code in (0, 1), err
    assert _machine(out) is not None
    # the flag wins over the config
    code, out, err = run(
        command,
        *ARGS[command],
        "--format",
        "lines" if command == "import" else "text",
        capsys=capsys,
    )
    with pytest.raises(json.JSONDecodeError):
        json.loads(out.splitlines()[0] if out.strip() else "x")


@pytest.mark.parametrize("command", ARGS)
def test_a_config_format_a_command_has_not_is_its_default_not_an_error(
    command, tmp_path, monkeypatch, capsys
):
    """`format = "tsv"` is for score; rules, check, import... keep their own default."""
    fmt = "lines" if command != "import" else "tsv"
    _config(tmp_path, monkeypatch, f'format = "{fmt}"\n')
    code, out, err = run(command, *ARGS[command], capsys=capsys)
    assert code in (0, 1) and "format" not in err, err
    _config(tmp_path, monkeypatch, "")
    plain = run(command, *ARGS[command], capsys=capsys)
    assert (code, out) == plain[:2]


def test_the_config_may_name_the_human_format_by_its_old_name(tmp_path, monkeypatch, capsys):
    config = _config(tmp_path, monkeypatch, 'format = "rich"\n')
    code, out, err = run("score", *HAND, "--config", config, capsys=capsys)
    assert code == 0 and "Riichi" in out, err


def test_a_config_format_no_command_has_is_an_error(tmp_path, monkeypatch, capsys):
    config = _config(tmp_path, monkeypatch, 'format = "xml"\n')
    code, out, err = run("score", *HAND, "--config", config, capsys=capsys)
    assert code == 2 and "format must be one of text, json, jsonl, tsv, lines" in err


# -- --file repeatable and taking several files ----------------------------------------

A_LINES = "123m456p789s5577z tsumo:7z riichi\n123m bad\n"  # 1 scored, 1 not (bad at column 6)
B_LINES = "# b\n234m406p22s56s chi:678s ron:4s= seat:S\n"  # 1 scored, on line 2


def _two_files(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(A_LINES, encoding="utf-8")
    b.write_text(B_LINES, encoding="utf-8")
    return str(a), str(b)


@pytest.mark.parametrize("how", ["repeated", "after one --file"])
def test_every_file_is_scored_in_order_into_one_output(how, tmp_path, capsys):
    a, b = _two_files(tmp_path)
    args = ["--file", a, "--file", b] if how == "repeated" else ["--file", a, b]
    code, out, err = run("score", *args, "--format", "json", capsys=capsys)
    records = json.loads(out)  # one array for the whole run
    assert [(r["file"], r["line"], r["ok"]) for r in records] == [
        (a, 1, True),
        (a, 2, False),
        (b, 2, True),
    ]
    assert code == 1
    assert f"{a}:2:6: " in err  # FILE:LINE:COL of the file the line is in
    lines = [ln for ln in err.splitlines() if ln.startswith("mjscore: ")]
    assert lines == [
        f"mjscore: {a}: 2 hands: 1 scored, 1 not scored",
        f"mjscore: {b}: 1 hand: 1 scored",
        "mjscore: 2 files: 3 hands: 2 scored, 1 not scored",
    ]


def test_several_files_and_stdin_in_tsv_have_one_header(tmp_path, capsys):
    a, b = _two_files(tmp_path)
    code, out, err = run(
        "score", "-f", b, "-f", "-", "-f", b, "-F", "tsv", "-q", stdin=B_LINES, capsys=capsys
    )
    assert code == 0, err
    rows = out.splitlines()
    assert rows[0].startswith("line\t") and sum(r.startswith("line\t") for r in rows) == 1
    assert len(rows) == 4
    assert err == ""  # -q: no summary, of each or of all


def test_waits_takes_several_files_too(tmp_path, capsys):
    a = tmp_path / "w.txt"
    a.write_text("123m456p789s5577z\n", encoding="utf-8")
    code, out, err = run("waits", "-f", str(a), "-f", str(a), "-F", "jsonl", capsys=capsys)
    assert code == 0, err
    assert len(out.splitlines()) == 2


def test_a_hand_after_file_is_still_refused(capsys):
    code, out, err = run("score", "--file", "examples/hands.txt", "123m", capsys=capsys)
    assert code == 2 and "not both ('123m' is no file)" in err
    assert out == ""


# -- one exit code for an input file that cannot be read --------------------------------

MISSING = "no-such-file.txt"


@pytest.mark.parametrize(
    "args",
    [
        ["score", "--file", MISSING],
        ["score", "--file", "examples/hands.txt", "--file", MISSING],
        ["waits", "--file", MISSING],
        ["game", MISSING],
        ["import", MISSING],
        ["import", RECORD, MISSING],
        ["check", MISSING],
        ["check", RECORD, MISSING],
        ["stats", MISSING],
        ["stats", RECORD, MISSING],
    ],
    ids=" ".join,
)
def test_a_missing_input_file_exits_2_from_every_command(args, tmp_path, capsys):
    """docs/commands.md's table: 2 for 'a file that cannot be opened'."""
    code, out, err = run(*args, capsys=capsys)
    assert code == 2, err
    assert f"{MISSING}: No such file or directory" in err.replace("cannot read: ", "")


@pytest.mark.parametrize("command", ["import", "check"])
def test_the_other_record_files_are_still_read(command, capsys):
    code, alone, err = run(command, RECORD, capsys=capsys)
    code, both, err = run(command, RECORD, MISSING, capsys=capsys)
    assert code == 2
    if command == "import":
        assert both == alone
    else:  # check counts the file it could not read among the record errors
        assert both == alone.replace("agree 9/9", "agree 9/9 (1 record error)")


# -- rules PRESET: what it changes from its base ---------------------------------------


def _toml(name: str) -> dict:
    import tomllib
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "mjscore" / "rulesets" / f"{name}.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _listed_options(out: str) -> list[str]:
    """The option names a `rules` listing shows (a table's first cell, or a stacked row)."""
    from mjscore.engine.catalog import load_ruleset

    every = set(load_ruleset("riichi").options) | set(load_ruleset("mleague").options)
    return [w for line in out.splitlines() if (w := (line.split() or [""])[0]) in every]


def test_a_preset_is_listed_as_what_its_file_changes(capsys):
    """mleague.toml sets five options and the game's values over riichi: those, no more."""
    data = _toml("mleague")
    assert data["extends"] == "riichi"
    code, out, err = run("rules", "mleague", capsys=capsys)
    assert code == 0, err
    assert sorted(_listed_options(out)) == sorted(data["options"])
    assert "what it changes from riichi" in out and "mjscore rules mleague --full" in out
    for param in ("uma", "ties", "result_rounding"):
        assert any(line.split()[:1] == [param] for line in out.splitlines()), param


def test_a_preset_that_changes_nothing_says_so(capsys):
    data = _toml("tenhou")
    assert "options" not in data and "params" not in data
    code, out, err = run("rules", "tenhou", capsys=capsys)
    assert code == 0 and _listed_options(out) == []
    assert "nothing: the options and game of riichi" in out


def test_the_base_and_full_listings_are_whole(capsys):
    from mjscore.engine.catalog import load_ruleset

    riichi = list(load_ruleset("riichi").options)
    code, out, err = run("rules", "riichi", capsys=capsys)
    assert _listed_options(out) == riichi
    code, full, err = run("rules", "mleague", "--full", capsys=capsys)
    assert set(_listed_options(full)) == set(riichi)
    code, out, err = run("rules", "mleague", "--format", "json", capsys=capsys)
    assert {o["name"] for o in json.loads(out)[0]["options"]} >= set(riichi)  # json: all


def test_every_preset_is_shorter_in_the_whole_listing(capsys):
    code, short, err = run("rules", capsys=capsys)
    code, full, err = run("rules", "--full", capsys=capsys)
    assert len(short.splitlines()) < 0.7 * len(full.splitlines())
    assert short.count("mjscore rules mleague --full") == 1
