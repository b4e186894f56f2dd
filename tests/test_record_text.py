"""`record_text` writes a record from cached pieces; `to_dict()` stays its one definition.

Every line of the repository's corpora (the examples, the Tenhou sample, the MCR
examples and every case file) is scored under every ruleset, and the pieced text
must be the encoder's text of `to_dict()`, byte for byte, on one line (JSON Lines)
and indented (the JSON array). Generated hands and hand-made results add what the
corpora lack: hostile text, a verdict with an error, results a caller built.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from caseformat import parse_cases
from hypothesis import given, settings
from hypothesis import strategies as st

import mjscore
from mjscore.base.errors import NoYaku
from mjscore.base.values import FrozenMap
from mjscore.core.result import FuItem, HanFu, Liability, Payment, ScoreResult, Verdict, YakuMatch
from mjscore.report import json_safe
from mjscore.report.record_text import encoder, record_text

TESTS = Path(__file__).parent
ROOT = TESTS.parent
LAYOUTS = [None, 2]


def _corpus() -> list[tuple[str, dict[str, str] | None]]:
    """(line, options) of every corpus line the repository holds."""
    lines = [
        ln
        for ln in (ROOT / "examples" / "hands.txt").read_text("utf-8").splitlines()
        if ln.strip() and not ln.lstrip().startswith("#")
    ]
    for name in ("tenhou-houou.jsonl", "mcr-examples.jsonl"):
        lines += [
            json.loads(ln)["line"] for ln in (TESTS / "data" / name).read_text("utf-8").splitlines()
        ]
    corpus: list[tuple[str, dict[str, str] | None]] = [(line, None) for line in lines]
    for path in sorted((TESTS / "cases").glob("*.cases")):
        corpus += [(case.hand, case.options or None) for case in parse_cases(path)]
    return corpus


CORPUS = _corpus()


def same_text(result: ScoreResult) -> None:
    for indent in LAYOUTS:
        assert record_text(result, indent) == json_safe(encoder(indent)(result.to_dict())), (
            result.input,
            indent,
        )


@pytest.mark.slow
@pytest.mark.parametrize("rules", mjscore.ruleset_names())
def test_every_corpus_line_under_every_ruleset(rules):
    for number, (line, options) in enumerate(CORPUS, 1):
        same_text(mjscore.score(line, rules=rules, options=options, line_no=number))


@pytest.mark.slow
def test_the_corpus_holds_every_kind_of_record():
    """What the comparison above covers: each scheme, errors, liability, notes, extras."""
    seen = set()
    for rules in mjscore.ruleset_names():
        for line, options in CORPUS[::3] + CORPUS[-600:]:
            r = mjscore.score(line, rules=rules, options=options)
            seen.add(type(r.score).__name__ if r.ok else r.error.kind)
            seen |= {"liability"} if r.liability else set()
            seen |= {"notes"} if r.notes else set()
    assert {
        "HanFu",
        "PointsDoubles",
        "Fans",
        "notation",
        "no_yaku",
        "not_a_win",
        "context",
        "invalid_hand",
        "ruleset",
        "liability",
        "notes",
    } <= seen


TOKENS = [
    "123m",
    "456p",
    "789s",
    "11z",
    "55z",
    "ron:9s",
    "tsumo:1s",
    "ron:5z+",
    "riichi",
    "dora:1m",
    "pon:555z",
    "opt:red_fives=0",
    "opt:pao=none",
    "rules:mcr",
    "rules:x",
    "\x85",
    "\u2028",
    "\u2029",
    "\x1b[2J",
    '"q"',
    "\\",
    "é中",
    "\t",
]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(TOKENS) | st.text(max_size=4), max_size=12).map(" ".join),
    st.sampled_from(["riichi", "european", "mcr", "nope"]),
)
def test_any_text_under_any_ruleset(text, rules):
    same_text(mjscore.score(text, rules=rules))


def test_house_rules_and_options_a_caller_gives():
    line = "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s opt:red_fives=0"
    for options in (
        None,
        {"kiriage_mangan": "on"},
        {"pao": frozenset({"daisangen"})},
        {"red_fives": 2, "pao": ["daisuushii"]},
        {"nonsense": 1},
    ):
        same_text(mjscore.score(line, options=options))


def test_results_a_caller_builds():
    """Lists instead of tuples, plain dict options, an error beside a verdict, a liability,
    a bool where a number goes: encoded whole where a piece would not be exact."""
    verdict = Verdict(
        HanFu(13, None, (FuItem("base", 20),), "yakuman", 1),
        32000,
        [Payment("E", "S", 16000, "liability", label="half")],
        {"E": -16000},
        winner="S",
        win="ron",
        yaku=(YakuMatch("daisangen", "Daisangen", 13),),
        liability=Liability("E", ("daisangen",), "E fed the third dragon"),
        notes=("a note\u2028with a break",),
    )
    for options in ({"pao": ["daisangen"]}, FrozenMap({"pao": ["daisangen"]})):
        same_text(ScoreResult(7, "x\ty", "riichi", options, verdict))
        same_text(ScoreResult(7, "x", "riichi", options, verdict._replace(payments=())))
        same_text(ScoreResult(7, "x", "riichi", options, verdict, error=NoYaku("n")))
        same_text(
            ScoreResult(True, "x", "riichi", options, verdict._replace(value=False, payments=()))
        )


def test_a_setting_is_cached_only_where_its_key_is_exact():
    """A FrozenMap of True is not one of 1, nor are two orders one, so a setting's cached
    options stay exact; any other mapping (a dict, equal to all of these) is not cached."""
    maps = [
        FrozenMap({"x": 1, "y": 2}),
        FrozenMap({"x": True, "y": 2}),
        FrozenMap({"y": 2, "x": 1}),
        {"y": 2, "x": True},
    ]
    assert maps[0] != maps[1] and maps[0] != maps[2] and maps[0] == {"x": 1, "y": 2}
    for options in maps:
        same_text(ScoreResult(1, "a", "riichi", options))


def test_frozen_map_is_a_read_only_mapping_that_keeps_its_order():
    m = FrozenMap({"b": 2, "a": [1]})
    assert list(m) == ["b", "a"] and m["a"] == [1] and len(m) == 2 and dict(m) == {"b": 2, "a": [1]}
    assert m == FrozenMap({"b": 2, "a": [1]}) and hash(m) == hash(FrozenMap(dict(m)))
    assert m != FrozenMap({"a": [1], "b": 2})  # the order makes the record's text
    assert m == {"a": [1], "b": 2}  # as a dict compares
    with pytest.raises(TypeError):
        m["c"] = 3  # type: ignore[index]


def test_engine_results_share_one_options_value_per_setting():
    a = mjscore.score("123m456p789s1199s ron:9s riichi")
    b = mjscore.score("123m456p789s1199s ron:1s riichi")
    assert isinstance(a.options, FrozenMap) and a.options is b.options
