"""Declared types hold: HandFacts declares every attribute it is given, and the mypy
baseline checker (tests/tools/mypy_check.py, run by .ci/run) judges mypy's report right."""

from __future__ import annotations

import sys
from pathlib import Path

from facts_samples import riichi_facts

import mjscore
from mjscore.core.facts import HandFacts, LineFacts, TileFacts

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "tools"))

import mypy_check  # noqa: E402

DECLARED = set(HandFacts.__annotations__)


def _undeclared(facts: HandFacts) -> set[str]:
    """Attributes a built HandFacts holds that its class body does not declare (cached
    properties are declared by their definitions)."""
    return {k for k in vars(facts) if k not in DECLARED and not hasattr(HandFacts, k)}


def test_the_line_share_is_declared_on_handfacts():
    """`__dict__.update` copies the TypedDicts' keys in: every one is a declared field."""
    assert set(TileFacts.__annotations__) <= set(LineFacts.__annotations__)
    assert set(LineFacts.__annotations__) - DECLARED == set()


def test_a_riichi_reading_sets_only_declared_fields():
    for line, facts in riichi_facts():
        assert _undeclared(facts) == set(), line
        # every declared field without a class default is set
        unset = {k for k in DECLARED if not hasattr(facts, k)}
        assert unset == set(), (line, unset)


def test_a_european_player_sets_only_declared_fields():
    from mjscore.european.facts import Table, loser_facts, winner_facts

    rs = mjscore.load_ruleset("european")
    line = mjscore.parse(
        "111z234s55z66z kan:8888p ron:6z round:S breach:S seat:E "
        "rules:european / S: 111m5z pon:222p"
    )
    table = Table.of(line, rs.params, {k: spec.default for k, spec in rs.options.items()})
    for facts in (
        loser_facts("S", line.others_by_seat["S"], table),
        winner_facts(line, None, table),
    ):
        assert _undeclared(facts) == set()
        assert {k for k in DECLARED if not hasattr(facts, k)} == set()


# -- the baseline checker ----------------------------------------------------------------

MYPY_OUTPUT = """\
mjscore/report/waits.py:63: error: Incompatible types in assignment  [assignment]
mjscore/report/waits.py:63: note: a note is not an error
mjscore/cli/config.py:65:12: error: Item "None" has no attribute "get"  [union-attr]
mjscore/core/facts.py:10: error: "HandFacts" has no attribute "tiles"  [attr-defined]
mjscore/analysis/waits.py:5: error: Something without a code
Found 4 errors in 4 files (checked 98 source files)
"""


def test_mypy_errors_are_normalised_without_line_numbers():
    assert mypy_check.normalised(MYPY_OUTPUT) == [
        "mjscore/report/waits.py:assignment:Incompatible types in assignment",
        'mjscore/cli/config.py:union-attr:Item "None" has no attribute "get"',
        'mjscore/core/facts.py:attr-defined:"HandFacts" has no attribute "tiles"',
        "mjscore/analysis/waits.py:misc:Something without a code",
    ]


def test_the_core_packages_are_the_issues_seven():
    assert mypy_check.is_core("mjscore/core/facts.py:x:y")
    assert mypy_check.is_core("mjscore/rulesets/__init__.py:x:y")
    assert not mypy_check.is_core("mjscore/report/waits.py:x:y")
    assert not mypy_check.is_core("mjscore/__init__.py:x:y")
    assert not mypy_check.is_core("mjscore/analysis/waits.py:x:y")


def test_the_checker_fails_on_core_errors_new_errors_and_fixed_entries():
    errors = [
        "mjscore/report/a.py:c:m",
        "mjscore/report/a.py:c:m",
        "mjscore/cli/b.py:c:n",
        "mjscore/core/x.py:c:o",
    ]
    baseline = ["mjscore/report/a.py:c:m", "mjscore/gone.py:c:p"]
    core, new, fixed = mypy_check.compare(errors, baseline)
    assert core == ["mjscore/core/x.py:c:o"]
    assert new == ["mjscore/cli/b.py:c:n", "mjscore/report/a.py:c:m"]  # the second copy is new
    assert fixed == ["mjscore/gone.py:c:p"]
    assert mypy_check.compare(errors[:2], errors[:2]) == ([], [], [])


def test_the_baseline_lists_no_core_error_and_is_well_formed():
    entries = mypy_check.read_baseline(mypy_check.BASELINE.read_text(encoding="utf-8"))
    assert entries == sorted(entries)
    assert [e for e in entries if mypy_check.is_core(e)] == []
    for e in entries:
        file, code, message = e.split(":", 2)
        assert (ROOT / file).is_file() and code and message, e
