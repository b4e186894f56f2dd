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
