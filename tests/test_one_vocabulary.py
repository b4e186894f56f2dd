"""One list per concept at the command line: every command reads `--opt` with one parser
(NAME=VALUE or RULESET.NAME=VALUE, one message for a bad one) and checks `--format`
against one vocabulary (report.COMMAND_FORMATS, score's FORMATS) with one message."""

from __future__ import annotations

import pytest
from cli_helpers import run

from mjscore.report import COMMAND_FORMATS, FORMATS, formats_of

RECORD = "tests/data/logs/mjlog/double-ron.mjlog"

# each command with the arguments it needs besides --opt / --format
COMMANDS = {
    "score": ["123m456p789s11z22z", "ron:2z"],
    "table": [],
    "import": [RECORD],
    "check": [RECORD],
}


@pytest.mark.parametrize("command", COMMANDS)
def test_a_bad_opt_gets_one_message_from_every_command(command, capsys):
    code, out, err = run(command, *COMMANDS[command], "--opt", "kiriage", capsys=capsys)
    assert code == 2
    assert "--opt takes NAME=VALUE or RULESET.NAME=VALUE, not 'kiriage'" in err


@pytest.mark.parametrize("command", ["table", "import", "check"])
def test_an_unknown_option_is_named_the_same_way(command, capsys):
    code, out, err = run(command, *COMMANDS[command], "--opt", "kiriage=on", capsys=capsys)
    assert code == 2 and "has no option 'kiriage'; did you mean 'kiriage_mangan'?" in err


def test_a_ruleset_prefix_is_read_by_a_command_of_one_ruleset(capsys):
    """`--opt tenhou.kiriage_mangan=on` as score takes it: the table of tenhou with it."""
    code, plain, err = run("table", "--rules", "tenhou", capsys=capsys)
    code, kiriage, err = run(
        "table", "--rules", "tenhou", "--opt", "tenhou.kiriage_mangan=on", capsys=capsys
    )
    assert code == 0, err
    assert "kiriage mangan: 4 han 30 fu and 3 han 60 fu pay mangan" in kiriage
    assert plain != kiriage
    code, out, err = run("table", "--rules", "tenhou", "--opt", "mleague.x=1", capsys=capsys)
    assert code == 2 and "the ruleset here is tenhou" in err


@pytest.mark.parametrize(
    "command", ["score", "waits", "rules", "yaku", "table", "import", "check", "game"]
)
def test_every_command_checks_its_format_against_the_vocabulary(command, capsys):
    args = {"score": COMMANDS["score"], "waits": ["123m456p789s11z2z"], "game": [RECORD]}
    args |= {"import": [RECORD], "check": [RECORD]}
    code, out, err = run(command, *args.get(command, []), "--format", "xml", capsys=capsys)
    assert code == 2
    assert f"unknown format 'xml' (choose from {', '.join(formats_of(command))})" in err


def test_the_vocabulary_is_one_table():
    assert formats_of("score") == tuple(FORMATS) == formats_of("waits")
    assert formats_of("import") == ("lines", "jsonl") == COMMAND_FORMATS["import"]
