"""Registries, not names: what generic code reads comes from a table or a ruleset file.

A ruleset that `extends` another, written to a user rules directory (MJSCORE_RULES_PATH),
keeps its parent's flag rules exactly; a scheme, an output format and a record format
are each found by their registration; the "add rules:X" hint asks the installed rulesets.
"""

from __future__ import annotations

import io
import itertools
import os
import subprocess
import sys

import pytest

import mjscore
from mjscore.base.errors import RulesetError
from mjscore.engine.catalog import load_ruleset
from mjscore.rulesets import RULES_PATH_VAR

CLOSED = "123456m789p3477s"  # pinfu shape, waits on 2s/5s
KAN = "456m789p3477s ankan:1111z"
CHI = "234m456p34m88s chi:678s"
BASES = (
    f"{CLOSED} ron:2s-",
    f"{CLOSED} tsumo:5s seat:E",
    f"{CLOSED} tsumo:5s",
    f"{KAN} tsumo:5s",
    f"{CHI} ron:5m=",
)


@pytest.fixture
def rules_dir(tmp_path, monkeypatch):
    """A user rules directory on MJSCORE_RULES_PATH, the ruleset cache emptied around it."""
    monkeypatch.setenv(RULES_PATH_VAR, str(tmp_path))
    load_ruleset.cache_clear()
    yield tmp_path
    load_ruleset.cache_clear()


def _write(folder, name: str, text: str) -> None:
    (folder / f"{name}.toml").write_text(text, encoding="utf-8")


def _answer(line: str, rules: str, parent: str) -> tuple:
    """What a line scores to, the ruleset's own name written as its parent's."""
    r = mjscore.score(line, rules=rules)
    if r.ok:
        return True, r.value, r.han, r.fu
    err = r.error
    return False, err.kind, err.message.replace(rules, parent), err.column, err.token


@pytest.mark.parametrize("parent", ["riichi", "webtile", "european"])
def test_a_ruleset_extending_another_keeps_its_flag_rules_exactly(rules_dir, parent):
    _write(rules_dir, f"my-{parent}", f'extends = "{parent}"\ntitle = "mine"\n')
    child = load_ruleset(f"my-{parent}")
    assert child.family == load_ruleset(parent).family
    flags = sorted(load_ruleset(parent).flags)
    lines = [
        f"{base} {' '.join(chosen)}"
        for base in BASES
        for size in (1, 2)
        for chosen in itertools.combinations(flags, size)
    ]
    lines += [
        f"{CLOSED} tsumo:5s seat:E tenhou riichi",
        f"{CLOSED} ron:2s- chiihou",
        f"{CLOSED} tsumo:5s chiihou ippatsu",
        "147m258p369s1234z tsumo:1z first-turn riichi",
    ]
    refused = 0
    for line in lines:
        mine, theirs = _answer(line, f"my-{parent}", parent), _answer(line, parent, parent)
        assert mine == theirs, line
        refused += mine[1] == "context"
    assert refused > 10  # the lines reach the flag rules, not only the scoring


def test_tenhou_riichi_is_refused_under_a_child_of_riichi_as_under_riichi(rules_dir):
    _write(rules_dir, "house", 'extends = "riichi"\ntitle = "House · our table"\n')
    line = f"{CLOSED} tsumo:5s seat:E tenhou riichi"
    for rules in ("riichi", "house"):
        error = mjscore.score(line, rules=rules).error
        assert error.kind == "context"
        assert error.message == (
            "'tenhou' is a win before the first discard: 'riichi' cannot have happened before it"
        )


def test_a_ruleset_of_the_path_is_listed_and_named_on_the_command_line(rules_dir):
    _write(rules_dir, "house", 'extends = "riichi"\ntitle = "House · our table"\n')
    assert "house" in mjscore.ruleset_names()
    env = {**os.environ, RULES_PATH_VAR: str(rules_dir), "COLUMNS": "80"}
    run = [sys.executable, "-m", "mjscore", "score", f"{CLOSED}", "ron:2s", "--format", "jsonl"]
    mine = subprocess.run([*run, "--rules", "house"], capture_output=True, text=True, env=env)
    theirs = subprocess.run([*run, "--rules", "riichi"], capture_output=True, text=True, env=env)
    assert mine.returncode == theirs.returncode == 0, mine.stderr
    assert '"rules": "house"' in mine.stdout
    assert (
        mine.stdout.replace('"house"', '"riichi"').replace(
            '"House · our table"', '"riichi · Tenhou rules"'
        )
        == theirs.stdout
    )


def test_a_user_file_cannot_take_a_shipped_name(rules_dir):
    _write(rules_dir, "riichi", 'extends = "riichi"\n')
    with pytest.raises(RulesetError, match="a ruleset named riichi is already in"):
        load_ruleset("riichi")


def test_a_family_is_declared_and_inherited(rules_dir):
    _write(rules_dir, "solo", 'title = "Solo"\nscoring = "han_fu"\n')
    _write(rules_dir, "solo-child", 'extends = "solo"\n')
    assert {load_ruleset(n).family for n in ("riichi", "webtile", "arushal", "kansai-boo")} == {
        "riichi"
    }
    assert load_ruleset("solo").family == load_ruleset("solo-child").family == "solo"


# -- the "add rules:X" hint asks the installed rulesets ---------------------------------


def test_the_hint_names_the_one_family_that_has_the_feature(rules_dir):
    line = f"{CLOSED} ron:2s paarenchan"  # webtile's flag: riichi's own family is not named
    assert "add rules:" not in mjscore.score(line).error.message
    _write(
        rules_dir,
        "house",
        'extends = "riichi"\nfamily = "house"\ntitle = "House · ours"\nflags = ["paarenchan"]\n',
    )
    message = mjscore.score(line).error.message
    assert message.endswith(
        "; add rules:house (or --rules house) to score it under the House rules"
    )
    last_tile = mjscore.score(f"{CLOSED} ron:2s last-tile").error.message
    assert last_tile.endswith("; add rules:mcr (or --rules mcr) to score it under the MCR rules")


def test_the_european_hint_is_worded_as_before():
    message = mjscore.score("123m456p789s5577z tsumo:7z breach:E").error.message
    assert message == (
        "'breach:' is a European token; ruleset riichi has no breach wind; add "
        "rules:european (or --rules european) to score it under the European "
        "rules"
    )


# -- schemes -----------------------------------------------------------------------------


def test_a_registered_scheme_scores_the_rulesets_that_name_it(rules_dir, monkeypatch):
    from mjscore import scoring

    monkeypatch.setitem(scoring.SCHEMES, "fake", "fake_scheme:score")
    monkeypatch.syspath_prepend(str(rules_dir))
    (rules_dir / "fake_scheme.py").write_text(
        "from mjscore.base.errors import NoYaku\n"
        "def score(line, ruleset, options):\n"
        "    raise NoYaku('the fake scheme scores nothing')\n",
        encoding="utf-8",
    )
    _write(rules_dir, "fake-rules", 'extends = "riichi"\nscoring = "fake"\n')
    result = mjscore.score(f"{CLOSED} ron:2s", rules="fake-rules")
    assert result.error.kind == "no_yaku" and "fake scheme" in result.error.message
    assert scoring.scheme("han_fu").__name__ == "score_han_fu"


def test_an_unregistered_scheme_is_refused_at_load(rules_dir):
    _write(rules_dir, "odd", 'extends = "riichi"\nscoring = "odd"\n')
    with pytest.raises(
        RulesetError, match="scoring must be one of 'han_fu', 'points_doubles', 'fan'"
    ):
        load_ruleset("odd")


def test_a_han_fu_run_imports_no_other_scheme():
    code = (
        "import sys, mjscore; mjscore.score('123456m789p3477s ron:2s');"
        "print(sorted(m for m in sys.modules if m.startswith('mjscore.scoring.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert "han_fu" in out and "points_doubles" not in out and "scoring.fan" not in out


# -- output formats ----------------------------------------------------------------------

FAKE_FORMAT = """
from mjscore.report import LineReporter

JOIN = ""


def render(result):
    return f"{result.line}:{'ok' if result.error is None else 'error'}\\n"


class Reporter(LineReporter):
    header = "# fake\\n"
    render = staticmethod(render)
"""


@pytest.fixture
def fake_format(tmp_path, monkeypatch):
    """A machine format `fake`, one module outside the package and one registration."""
    from mjscore import report

    (tmp_path / "fake_format.py").write_text(FAKE_FORMAT, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    report.register_format(
        report.OutputFormat(
            "fake",
            "fake_format",
            machine=True,
            document=False,
            any_record=True,
            extension=".fake",
            help="a test format",
        )
    )
    yield tmp_path
    del report.FORMATS["fake"]


def test_a_registered_format_is_offered_checked_and_written(fake_format, capsys):
    from cli_helpers import run

    from mjscore.cli.commands import _complete_format
    from mjscore.cli.config import load_config
    from mjscore.report import waits

    assert _complete_format("fa") == ["fake"]
    assert "fake" in waits.FORMATS  # it renders any record, so `waits` offers it too
    config = fake_format / "config.toml"
    config.write_text('format = "fake"\n', encoding="utf-8")
    assert load_config(str(config), True).format == "fake"
    hands = fake_format / "hands.txt"
    hands.write_text(f"{CLOSED} ron:2s\n{CLOSED} ron:9s\n", encoding="utf-8")
    code, out, err = run(
        "score", "--file", str(hands), "--config", str(config), "--jobs", "1", capsys=capsys
    )
    assert out == "# fake\n1:ok\n2:error\n" and code == 1, err
    code, out, _ = run(
        "waits", "--file", str(hands), "--format", "fake", "--jobs", "1", capsys=capsys
    )
    assert out.startswith("# fake\n1:")


def test_the_format_table_drives_the_runner_and_the_help():
    from mjscore.cli.parallel import workers_for
    from mjscore.report import DEFAULT_FORMAT, FORMATS, waits

    assert DEFAULT_FORMAT in FORMATS
    for name, fmt in FORMATS.items():
        assert (workers_for(100_000, name, 2) > 1) == fmt.machine, name
        assert name in waits.FORMATS
    help_text = subprocess.run(
        [sys.executable, "-m", "mjscore", "score", "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    ).stdout
    assert "|".join(FORMATS) in help_text


def test_a_format_without_a_waits_reporter_is_not_offered_by_waits(monkeypatch):
    from mjscore import report
    from mjscore.report import waits

    monkeypatch.setitem(
        report.FORMATS,
        "scores-only",
        report.OutputFormat(
            "scores-only",
            "fake_format",
            machine=True,
            document=False,
            any_record=False,
            extension=".txt",
            help="score records only",
        ),
    )
    assert "scores-only" in report.FORMATS and "scores-only" not in waits.FORMATS


# -- record formats ----------------------------------------------------------------------


def test_a_registered_record_format_is_recognised_and_read(monkeypatch):
    from mjscore import records
    from mjscore.records import Problem, RecordFormat, detect_format, read_hands

    def read_lines(reader, file, game):
        for number, line in enumerate(reader.lines(), 1):
            yield Problem("note", file, f"line {number}", line.decode().strip())

    monkeypatch.setattr(records, "RECORD_FORMATS", list(records.RECORD_FORMATS))
    assert detect_format(b"#fake\nhello\n") == "unknown"
    records.register_record_format(
        RecordFormat("fake", "fake text", lambda head: head.startswith(b"#fake"), read_lines)
    )
    assert detect_format(b"  #fake\n") == "fake"
    assert detect_format(b"<mjloggm ver='2.3'>") == "mjlog"
    found = list(read_hands(io.BytesIO(b"#fake\nhello\n"), name="f.txt"))
    assert [(p.kind, p.where, p.message) for p in found] == [
        ("note", "line 1", "#fake"),
        ("note", "line 2", "hello"),
    ]
    unknown = list(read_hands(b"plain text", name="x"))
    assert unknown[0].message == (
        "not a game record (expected mjlog XML, Mahjong Soul JSON, mjai JSON Lines, "
        "tenhou.net/6 JSON or fake text)"
    )


# -- one implementation of each payment rule -------------------------------------------


@pytest.mark.parametrize("tsumo, discarder", [(True, None), (False, "W"), (False, None)])
def test_mcr_payment_lines_and_the_engine_payments_agree(tsumo, discarder):
    from mjscore.mcr import payments
    from mjscore.scoring.fan import fan_payments

    lines = fan_payments(13, "S", tsumo, discarder, ("E", "S", "W", "N"))
    engine = payments(13, "S", tsumo, discarder)
    net: dict[str, int] = {}
    for p in lines:
        assert p.amount == {"ron": engine.ron, "base": engine.base, "tsumo": engine.tsumo}[p.reason]
        if p.payer is not None:
            net[p.payer] = net.get(p.payer, 0) - p.amount
            net["S"] = net.get("S", 0) + p.amount
    assert net == engine.by_seat


def test_an_mcr_line_pays_as_before():
    r = mjscore.score(
        "123m 456p 46s 99m ankan:7777z tsumo:5s seat:E round:E rinshan haitei", rules="mcr"
    )
    assert [(p.payer, p.amount, p.reason, p.label) for p in r.payments] == [
        (s, 8 + r.value, "tsumo", f"tsumo 8 + {r.value}") for s in "SWN"
    ]
