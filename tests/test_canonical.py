"""`str(hand)` is the canonical hand line: `parse(str(h)) == h` and `str` is a fixed point,
for every line the parser accepts, and two lines that mean the same hand parse equal.

The lines come from the notation's grammar (strategies.notation_lines: every token kind,
shuffled, spaced and cased as the notation allows), from every case file and from the
examples; the case lines are also scored from their canonical text under their rulesets.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from caseformat import parse_cases
from hypothesis import HealthCheck, Phase, given, settings
from strategies import NotationLine, notation_lines

import mjscore
from mjscore.base.errors import NotationError
from mjscore.core.hand import Hand
from mjscore.core.notation import is_blank

ROOT = Path(__file__).parent.parent
CASES = [
    case
    for path in sorted((ROOT / "tests" / "cases").glob("*.cases"))
    for case in parse_cases(path)
]
EXAMPLES = [
    line
    for line in (ROOT / "examples" / "hands.txt").read_text(encoding="utf-8").splitlines()
    if not is_blank(line)
]


def assert_canonical(text: str, require_win: bool = True) -> Hand:
    hand = mjscore.parse(text, require_win=require_win)
    line = str(hand)
    again = mjscore.parse(line, require_win=require_win)
    assert again == hand, f"{text!r} -> {line!r} parses to another hand"
    assert hash(again) == hash(hand)
    assert str(again) == line, f"{line!r} is not a fixed point: {str(again)!r}"
    return hand


@pytest.mark.slow
@settings(
    max_examples=2000,
    derandomize=True,
    database=None,
    deadline=None,
    phases=[Phase.generate],
    suppress_health_check=[HealthCheck.too_slow],
)
@given(notation_lines())
def test_every_line_of_the_grammar_has_a_canonical_text(line: NotationLine) -> None:
    assert_canonical(line.text, line.require_win)  # the grammar's lines all parse


@pytest.mark.parametrize(
    "same, other",
    [
        (
            "123m456p789s1122z tsumo:2z flowers:2f1f rules:european",
            "123m456p789s1122z tsumo:2z flowers:1f2f rules:european",
        ),
        (
            "123m456p789s1122z tsumo:2z flowers:3g,1f,2g rules:mcr",
            "123m456p789s1122z tsumo:2z flowers:1f23g rules:mcr",
        ),
        (
            "13m777m55s ron:2m / E: 222p flowers:4f,1g flowers:2f",
            "13m777m55s ron:2m / E: 222p flowers:2f4f1g",
        ),
        ("123m456p789s1122z ron:2z dora:5m,0p,0m", "123m456p789s1122z ron:2z dora:0m,0p,5m"),
        (
            "123m456p789s1122z ron:2z dora:50m ura:5s0s0p",
            "123m456p789s1122z ron:2z dora:05m ura:0s5s0p",
        ),
        ("123m456p789s1122z ron:2z opt:b=1 opt:a=2", "123m456p789s1122z ron:2z opt:a=2 opt:b=1"),
    ],
)
def test_two_spellings_of_one_hand_parse_equal(same: str, other: str) -> None:
    a, b = assert_canonical(same), assert_canonical(other)
    assert a == b and hash(a) == hash(b) and str(a) == str(b)


@pytest.mark.parametrize(
    "one, another",
    [
        # the first indicator is the original one, later ones came with kans: an order
        ("123m456p789s1122z ron:2z dora:1s,5z", "123m456p789s1122z ron:2z dora:5z,1s"),
        # melds stay in call order (liability depends on it)
        ("1122z ron:2z pon:111m pon:999p", "1122z ron:2z pon:999p pon:111m"),
        # a chi's marker, as written, is shown by the report ("from N")
        ("1122z ron:2z chi:123m", "1122z ron:2z chi:123m-"),
    ],
)
def test_what_the_line_orders_or_shows_stays_apart(one: str, another: str) -> None:
    assert assert_canonical(one) != assert_canonical(another)


def test_the_report_shows_the_indicators_in_the_order_written() -> None:
    from mjscore.report.rich_report import context_pieces

    shown = " ".join(
        p.plain for p in context_pieces(mjscore.parse("123m456p789s1122z ron:2z dora:5z,0m,5m,1s"))
    )
    assert "dora 6z, 6m, 6m, 2s (indicators 5z, 0m, 5m, 1s)" in shown


@pytest.mark.parametrize("text", EXAMPLES)
def test_every_example_has_a_canonical_text(text: str) -> None:
    assert_canonical(text)


def _comparable(record: dict) -> dict:
    """A record without what depends on the spelling of its line: the text, and columns
    in an error message."""
    out = {k: v for k, v in record.items() if k != "input"}
    if out.get("error"):
        out["error"] = out["error"]["kind"]
    return out


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_every_case_line_has_a_canonical_text_that_scores_the_same(case) -> None:
    try:
        hand = mjscore.parse(case.hand)
    except NotationError:
        return  # a case of a line the notation refuses: there is no hand to write
    assert_canonical(case.hand)
    rules, options = case.rules or "riichi", case.options or None
    by_line = mjscore.score(case.hand, rules=rules, options=options).to_dict()
    by_canonical = mjscore.score(str(hand), rules=rules, options=options).to_dict()
    assert _comparable(by_canonical) == _comparable(by_line)


@pytest.mark.parametrize(
    "line, first",
    [
        ("123m456p789s1122z ron:2z opt:zz=1 opt:aa=2", "zz"),
        ("123m456p789s1122z ron:2z opt:aa=2 opt:zz=1", "aa"),
    ],
)
def test_opt_tokens_held_by_name_still_report_the_first_bad_one(line: str, first: str) -> None:
    error = mjscore.score(line).to_dict()["error"]
    assert f"no option '{first}'" in error["message"] and error["column"] == 26
