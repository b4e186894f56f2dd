"""Run every case of every `tests/cases/*.cases` file (format: tests/caseformat.py).

Each case is one test, named `<file>:<line>` after its hand line, so a failure
points straight at the case to read.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from caseformat import Case, CaseFileError, check, describe, parse_cases

import mjscore

CASES_DIR = Path(__file__).parent / "cases"
CASE_FILES = sorted(CASES_DIR.glob("*.cases"))


def _all_cases() -> list[Case]:
    cases: list[Case] = []
    for path in CASE_FILES:
        cases += parse_cases(path)
    return cases


ALL_CASES = _all_cases()


@pytest.mark.parametrize("case", ALL_CASES, ids=[c.id for c in ALL_CASES])
def test_case(case: Case) -> None:
    rec = mjscore.score(
        case.hand, rules=case.rules or "riichi", options=case.options or None
    ).to_dict()
    problems = check(case, rec)
    assert not problems, (
        f"{case.id}: {case.hand}"
        + (f" | {case.options}" if case.options else "")
        + "\n"
        + "\n".join(problems)
        + "\n-- scored as:\n"
        + describe(rec)
    )


def test_case_files_exist() -> None:
    assert CASE_FILES, f"no case files in {CASES_DIR}"


def test_case_ids_are_unique() -> None:
    ids = [c.id for c in ALL_CASES]
    assert len(ids) == len(set(ids))


def test_parser_rejects_a_hand_without_expectation(tmp_path: Path) -> None:
    bad = tmp_path / "bad.cases"
    bad.write_text("123m456p789s1199s ron:9s\n123m456p789s1199s ron:1s\n  => han 1\n")
    with pytest.raises(CaseFileError, match="bad.cases:1"):
        parse_cases(bad)


def test_parser_reads_settings_and_fields(tmp_path: Path) -> None:
    f = tmp_path / "ok.cases"
    f.write_text(
        "# title\n"
        "234m456p34m88s chi:678s ron:5m   | opt:open_tanyao=off rules:riichi  # c\n"
        "  => error no_yaku  # why\n"
        "234m456p34m88s chi:678s ron:5m\n"
        "  => han 1, yaku tanyao*1\n  => net S+1000\n"
    )
    a, b = parse_cases(f)
    assert (a.line, a.hand, a.options, a.rules) == (
        2,
        "234m456p34m88s chi:678s ron:5m",
        {"open_tanyao": "off"},
        "riichi",
    )
    assert [(e.name, e.args) for e in a.expects] == [("error", ("no_yaku",))]
    assert [(e.name, e.args) for e in b.expects] == [
        ("han", ("1",)),
        ("yaku", ("tanyao*1",)),
        ("net", ("S+1000",)),
    ]
    assert b.id == "ok.cases:4"
