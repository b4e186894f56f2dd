"""Help and listings at 40, 60, 80 and 120 columns: no line wider than the terminal, no
word cut (issue 36); the synopses, the examples, a ruleset as an argument, and completion.

A cut word is found by comparing with the same output laid out at 1,000 columns, where
nothing wraps: a word of the narrow output that is not a word there but a piece of one
(`--no-` of `--no-tiles`, `$XDG_CONF` of `$XDG_CONFIG_HOME/mjscore.`), or any `…`.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import unicodedata

import pytest
from cli_helpers import run

from mjscore.cli import commands, helptext, manual

WIDTHS = (40, 60, 80, 120)
COMMANDS = [c.name for c in manual.read_commands()[1:]]
LISTINGS = [
    ("notation",),
    ("--lang", "ja", "notation"),
    ("rules", "mcr"),
    ("rules", "tenhou"),
    ("yaku",),
    ("yaku", "mcr"),
    ("--lang", "ja", "yaku", "tenhou"),
    ("table",),
    ("table", "mcr"),
    ("table", "european"),
    ("--lang", "ja", "table"),
    ("boo-result", "4020", "1900", "1200", "880"),
    ("boo-result", "4020", "1900", "1200", "880", "--yakuman", "E"),
]
# Words break at blanks, and between the values of a list (a|b, a,b); a rule of box
# characters is no word.
SEPARATORS = re.compile(r"[\s|,│┃]+")
PUNCTUATION = "()[]{};:.'\"`"


def cells(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def words(text: str) -> set[str]:
    out = set()
    for word in SEPARATORS.split(text):
        word = word.strip(PUNCTUATION)
        if word and not set(word) <= set("─━═-\\"):
            out.add(word)
    return out


def cut_words(narrow: str, wide: str) -> list[str]:
    """The words of `narrow` that are pieces of a word of `wide` but not words of it."""
    whole = words(wide)
    ascii_words = [w for w in whole if w.isascii()]
    cut = [w for w in words(narrow) if "…" in w and "…" not in wide]
    for word in words(narrow) - whole:
        if word.isascii() and len(word) > 1 and any(word in w for w in ascii_words):
            cut.append(word)
    return sorted(cut)


def output(args: tuple[str, ...], columns: int, capsys, monkeypatch) -> str:
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, err = run(*args, capsys=capsys)
    assert code == 0, err
    return out


def assert_fits(args: tuple[str, ...], capsys, monkeypatch) -> None:
    wide = output(args, 1000, capsys, monkeypatch)
    for columns in WIDTHS:
        text = output(args, columns, capsys, monkeypatch)
        over = [line for line in text.splitlines() if cells(line) > columns]
        assert not over, f"{' '.join(args)} at {columns}: wider lines {over}"
        cut = cut_words(text, wide)
        assert not cut, f"{' '.join(args)} at {columns}: words cut {cut}"


def test_the_check_finds_a_cut_word_and_a_wide_line():
    wide = "Use --no-tiles for $XDG_CONFIG_HOME/mjscore. (normal|maru-a|double-maru-a)"
    assert cut_words("Use --no-\ntiles for $XDG_CONF\nIG_HOME/mjscore.", wide) == [
        "$XDG_CONF",
        "--no-",
        "IG_HOME/mjscore",
        "tiles",
    ]
    assert cut_words("(normal|maru-a|\ndouble-maru-a)", wide) == []  # between values
    assert cut_words("(normal|maru-a|double-…", wide) == ["double-…"]
    assert cells("マルＡ x") == 8


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_every_help_fits_every_width_without_a_cut_word(command, capsys, monkeypatch):
    assert_fits((command, "--help") if command else ("--help",), capsys, monkeypatch)


@pytest.mark.parametrize("args", LISTINGS, ids=" ".join)
def test_the_listings_fit_every_width_without_a_cut_word(args, capsys, monkeypatch):
    assert_fits(args, capsys, monkeypatch)


def test_a_long_example_goes_on_with_a_backslash_and_pastes_as_one_command(capsys, monkeypatch):
    text = output(("score", "--help"), 40, capsys, monkeypatch)
    example = "mjscore score 234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s"
    start = text.index("mjscore score 234m406p22s56s")
    lines = text[start:].splitlines()
    joined = ""
    for line in lines:
        joined += line.strip().removesuffix("\\").strip() + " "
        if not line.endswith("\\"):
            break
    assert joined.strip() == example
    assert len(lines[0]) <= 40 and lines[0].endswith(" \\")


def test_the_wrapping_breaks_between_words_and_values_only():
    assert helptext.wrap("aa bb cc", 5) == ["aa bb", "cc"]
    assert helptext.wrap("x normal|maru-a|double-maru-a", 16, "", "  ") == [
        "x normal|maru-a|",
        "  double-maru-a",
    ]
    assert helptext.wrap("--no-tiles-whatever", 5) == ["--no-tiles-whatever"]  # whole


# -- what the synopses say -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "synopsis"),
    [
        ("score", "mjscore score [OPTIONS] [TOKEN]..."),
        ("import", "mjscore import [OPTIONS] [FILE]..."),
        ("check", "mjscore check [OPTIONS] [FILE]..."),
        ("game", "mjscore game [OPTIONS] FILE"),
        ("yaku", "mjscore yaku [OPTIONS] [RULESET]"),
        ("table", "mjscore table [OPTIONS] [RULESET]"),
        ("schema", "mjscore schema [OPTIONS] [RECORD]"),
        ("boo-result", "mjscore boo-result [OPTIONS] [SCORE]..."),
    ],
)
def test_a_synopsis_says_what_the_command_takes(command, synopsis, capsys, monkeypatch):
    text = output((command, "--help"), 120, capsys, monkeypatch)
    assert text.splitlines()[0] == f"Usage: {synopsis}"


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_shows_two_or_three_examples(command):
    [cmd] = [c for c in manual.read_commands() if c.name == command]
    examples = [b for b in cmd.blocks if b.text.startswith("Example")]
    assert examples, command
    lines = [line for b in examples for line in b.verbatim]
    assert 2 <= len(lines) <= 3, lines
    assert all(f"mjscore {command}" in line or "--lang" in line for line in lines)


# -- a ruleset or a name as an argument ------------------------------------------------------


@pytest.mark.parametrize("command", ["yaku", "table"])
def test_a_ruleset_as_an_argument_is_the_same_as_rules(command, capsys, monkeypatch):
    by_argument = output((command, "mcr"), 80, capsys, monkeypatch)
    by_option = output((command, "--rules", "mcr"), 80, capsys, monkeypatch)
    assert by_argument == by_option
    assert "MCR" in by_argument and by_argument != output((command,), 80, capsys, monkeypatch)
    assert output((command, "MCR", "-r", "mcr"), 80, capsys, monkeypatch) == by_argument


@pytest.mark.parametrize("command", ["rules", "yaku", "table"])
def test_two_different_rulesets_are_a_usage_error(command, capsys):
    code, out, err = run(command, "mcr", "--rules", "tenhou", capsys=capsys)
    assert code == 2 and not out
    assert "'mcr'" in err and "'tenhou'" in err


def test_schema_prints_each_shipped_schema_by_name(capsys):
    from importlib.resources import files

    for name, file in [
        ("score", "record.schema.json"),
        ("game", "game.schema.json"),
        ("stats", "stats.schema.json"),
    ]:
        shipped = json.loads(files("mjscore.schemas").joinpath(file).read_text("utf-8"))
        code, out, _ = run("schema", name, capsys=capsys)
        assert code == 0 and json.loads(out) == shipped
    assert run("schema", capsys=capsys)[1] == run("schema", "score", capsys=capsys)[1]
    code, out, err = run("schema", "nope", capsys=capsys)
    assert code == 2 and not out and "nope" in err and "game" in err


# -- completion, through click's own protocol --------------------------------------------------


def complete(line: str) -> list[str]:
    """What bash completion offers for the last word of `line` (a trailing blank: a new
    word), as the script `--show-completion` installs asks it."""
    words = line.split(" ")
    env = {
        "_MJSCORE_COMPLETE": "complete_bash",
        "COMP_WORDS": line,
        "COMP_CWORD": str(len(words) - 1),
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(
        [sys.executable, "-c", "from mjscore.cli import main; main()"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.stdout.split()


@pytest.mark.slow
def test_completion_offers_every_value():
    from mjscore.report import formats_of
    from mjscore.rulesets import ruleset_names

    assert complete("mjscore --lang ") == ["en", "ja"]
    assert complete("mjscore --colour ") == ["auto", "always", "never"]
    assert complete("mjscore score --rules ") == list(ruleset_names())
    assert complete("mjscore yaku ") == list(ruleset_names())
    assert complete("mjscore schema ") == ["score", "game", "stats"]
    for command in ("score", "rules", "import", "check", "game"):
        assert complete(f"mjscore {command} --format ") == list(formats_of(command)), command
    assert complete("mjscore boo-result --yakuman-result d") == ["double-maru-a"]


@pytest.mark.slow
def test_completion_offers_the_programs_options_after_the_command():
    assert complete("mjscore score --lang ") == ["en", "ja"]
    assert complete("mjscore yaku mcr --color ") == ["auto", "always", "never"]
    assert {"--lang", "--color", "--colour", "--tiles", "--no-tiles"} <= set(
        complete("mjscore table -")
    )


def test_the_programs_options_after_the_command_are_the_ones_run_moves():
    assert set(helptext.AFTER_COMMAND) == {
        name.lstrip("-").removeprefix("no-").replace("colour", "color")
        for name in (*commands.GLOBAL_FLAGS, *commands.GLOBAL_VALUED)
    }
