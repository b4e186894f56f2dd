"""`score --compare`: one hand under the riichi presets, each difference named with the
option behind it, the values worked out by hand (the rules are quoted in
tests/test_presets.py and the presets' TOML files), and each ruleset's record checked
against `score --rules R` of the same line.
"""

from __future__ import annotations

import json

import pytest
from cli_helpers import run

from mjscore.analysis.compare import compare_line, compared_rules, presets

PRESETS = ["tenhou", "ema", "mahjongsoul", "mleague", "wrc"]

# riichi pinfu tanyao + 1 dora (indicator 6p: 7p) = 4 han 30 fu, non-dealer ron:
# 30 x 2^6 x 4 = 7,680 -> 7,700; with kiriage_mangan, mangan 8,000 (M-League, WRC)
KIRIAGE = "234m567p234s67s88p ron:8s riichi dora:6p"
# the same with a red 0p for the dora: WRC and EMA play without red fives
RED_FIVE = "234m067p234s67s88p ron:8s riichi"
# kokushi on the thirteen-sided wait: a double yakuman in Mahjong Soul only, 64,000
DOUBLE_YAKUMAN = "19m19p19s1234567z ron:1m"
# open, tanyao only: kuitan is on in every preset; a house rule turns it off in one
OPEN_TANYAO = "234m567p2345s chi:678s- ron:5s="
# riichi ippatsu pinfu tanyao iipeikou chinitsu = 10 han + 2 dora (indicator 1m) = 13:
# counted yakuman 32,000 where kazoe_yakuman is on, sanbaiman 24,000 where it is off
KAZOE = "2233445556677m ron:8m riichi ippatsu dora:1m"
# renhou (a ron before the first draw) with the seat wind South: 1 han 40 fu 1,300 where
# it is off; WRC and EMA: a mangan (5 han) added: 6 han, haneman 12,000
RENHOU = "123m456p789s11z22z ron:2z= renhou seat:S"
# daisangen + tsuuiisou (two yakuman), the third dragon fed by S (pon:666z= for seat N):
# Tenhou (pao_share=whole): S pays the whole 64,000 tsumo. Mahjong Soul (liable_only): S
# pays the daisangen's 32,000, and the tsuuiisou's 32,000 is a tsumo of the non-dealer N:
# the dealer E 16,000, S and W 8,000 each. EMA, without stacking: one yakuman, 32,000.
PAO = "111z2z pon:555z+ pon:777z= pon:666z= seat:N tsumo:2z"
# four kans, the fourth fed by W (kan:4444m+ for seat S), ron from N: M-League's pao
# includes suukantsu: W and the discarder N pay half each
SUUKANTSU = "1z kan:1111m+ kan:2222p= kan:3333s- kan:4444m+ ron:1z="


def differs(line: str, *opts: str) -> dict[str, list[tuple]]:
    """ruleset -> [(what, yaku, value, reference, option names)] of `--compare presets`."""
    args = ["score", line, "--compare", "presets", "--format", "jsonl"]
    for o in opts:
        args += ["--opt", o]
    records = [json.loads(x) for x in _out(*args).splitlines()]
    assert [r["rules"] for r in records] == PRESETS
    return {
        r["rules"]: [
            (
                d["what"],
                d.get("yaku"),
                d["value"],
                d["reference"],
                [o["name"] for o in d["options"]],
            )
            for d in r["differs"]
        ]
        for r in records
    }


_CAPSYS: list = []


def _out(*args: str) -> str:
    _, out, _ = run(*args, capsys=_CAPSYS[0])
    return out


@pytest.fixture(autouse=True)
def _capsys(capsys):
    _CAPSYS[:] = [capsys]
    yield


def test_presets_from_the_data() -> None:
    assert presets() == PRESETS
    assert compared_rules("presets") == PRESETS
    assert compared_rules("mcr, Riichi,mcr") == ["mcr", "riichi"]


def test_kiriage() -> None:
    kiriage = [
        ("value", None, 8000, 7700, ["kiriage_mangan"]),
        ("limit", None, "mangan", None, ["kiriage_mangan"]),
    ]
    assert differs(KIRIAGE) == {
        "tenhou": [],
        "ema": [],
        "mahjongsoul": [],
        "mleague": kiriage,
        "wrc": kiriage,
    }


def test_red_fives() -> None:
    # a 0p is a red dora: 4 han 30 fu as KIRIAGE; WRC and EMA (red_fives 0) refuse the line
    no_red = [("ok", None, False, True, ["red_fives"])]
    kiriage = [
        ("value", None, 8000, 7700, ["kiriage_mangan"]),
        ("limit", None, "mangan", None, ["kiriage_mangan"]),
    ]
    assert differs(RED_FIVE) == {
        "tenhou": [],
        "ema": no_red,
        "mahjongsoul": [],
        "mleague": kiriage,
        "wrc": no_red,
    }


def test_double_yakuman() -> None:
    option = ["double_yakuman"]
    assert differs(DOUBLE_YAKUMAN) == {
        "tenhou": [],
        "ema": [],
        "mahjongsoul": [
            ("value", None, 64000, 32000, option),
            ("yakuman", None, 2, 1, option),
            ("yaku", "kokushi_13", 26, 13, option),
        ],
        "mleague": [],
        "wrc": [],
    }


def test_open_tanyao() -> None:
    # tanyao 1 han 30 fu (open: 20 + pair wait 2 -> 30): 1,000; without kuitan, no yaku
    assert differs(OPEN_TANYAO, "wrc.open_tanyao=off") == {
        "tenhou": [],
        "ema": [],
        "mahjongsoul": [],
        "mleague": [],
        "wrc": [("ok", None, False, True, ["open_tanyao"])],
    }


def test_kazoe() -> None:
    sanbaiman = [
        ("value", None, 24000, 32000, ["kazoe_yakuman"]),
        ("limit", None, "sanbaiman", "kazoe-yakuman", ["kazoe_yakuman"]),
    ]
    assert differs(KAZOE) == {
        "tenhou": [],
        "ema": sanbaiman,
        "mahjongsoul": [],
        "mleague": sanbaiman,
        "wrc": sanbaiman,
    }


def test_renhou() -> None:
    mangan = [
        ("value", None, 12000, 1300, ["renhou"]),
        ("limit", None, "haneman", None, ["renhou"]),
        ("han", None, 6, 1, ["renhou"]),
        ("yaku", "renhou", 5, None, ["renhou"]),
    ]
    assert differs(RENHOU) == {
        "tenhou": [],
        "ema": mangan,
        "mahjongsoul": [],
        "mleague": [],
        "wrc": mangan,
    }


def test_pao() -> None:
    found = differs(PAO)
    assert found["ema"] == [
        ("value", None, 32000, 64000, ["yakuman_stacking"]),
        ("yakuman", None, 1, 2, ["yakuman_stacking"]),
    ]
    # Mahjong Soul: S pays the daisangen (32,000); the tsuuiisou's 32,000 is a tsumo:
    # the dealer E 16,000, S and W 8,000 each
    assert found["mahjongsoul"] == [
        (
            "payments",
            None,
            {"E": -16000, "S": -40000, "W": -8000, "N": 64000},
            {"E": 0, "S": -64000, "W": 0, "N": 64000},
            ["pao_share"],
        )
    ]
    assert found["tenhou"] == found["mleague"] == found["wrc"] == []
    suukantsu = differs(SUUKANTSU)
    assert suukantsu["mleague"] == [
        (
            "payments",
            None,
            {"E": 0, "S": 32000, "W": -16000, "N": -16000},
            {"E": 0, "S": 32000, "W": 0, "N": -32000},
            ["pao"],
        )
    ]
    assert [k for k, v in suukantsu.items() if v] == ["mleague"]


@pytest.mark.parametrize(
    "line", [KIRIAGE, RED_FIVE, DOUBLE_YAKUMAN, OPEN_TANYAO, KAZOE, RENHOU, PAO, SUUKANTSU]
)
def test_each_record_is_the_single_ruleset_record(line: str) -> None:
    records = [
        json.loads(x)
        for x in _out("score", line, "--compare", "presets", "-F", "jsonl").splitlines()
    ]
    for record in records:
        single = json.loads(
            _out(
                "score", line, "--rules", record.pop("rules_asked", record["rules"]), "-F", "jsonl"
            )
        )
        del record["differs"]
        assert record == single


def test_the_line_of_a_record_file_keeps_its_text_and_gives_way_to_the_compared_rules() -> None:
    c = compare_line(KIRIAGE + " rules:tenhou", ["tenhou", "mleague"])
    assert [r.rules for r in c.results] == ["tenhou", "mleague"]
    assert [r.value for r in c.results] == [7700, 8000]
    assert all(r.input == KIRIAGE + " rules:tenhou" for r in c.results)


def test_json_and_tsv_write_a_record_per_ruleset() -> None:
    array = json.loads(_out("score", KIRIAGE, "--compare", "tenhou,mleague", "-F", "json"))
    assert [(r["rules"], r["value"]) for r in array] == [("tenhou", 7700), ("mleague", 8000)]
    rows = [
        line.split("\t")
        for line in _out("score", KIRIAGE, "--compare", "tenhou,mleague", "-F", "tsv").splitlines()
    ]
    assert rows[0][-1] == "differs"
    assert rows[1][-1] == ""
    assert rows[2][-1] == "value(kiriage_mangan),limit(kiriage_mangan)"


def test_usage_errors() -> None:
    code, _, err = run("score", KIRIAGE, "--compare", "tenhou", capsys=_CAPSYS[0])
    assert code == 2 and "two rulesets or more" in err
    code, _, err = run("score", KIRIAGE, "--compare", "tenhou,nosuch", capsys=_CAPSYS[0])
    assert code == 2 and "unknown ruleset 'nosuch'" in err
    code, _, err = run(
        "score", KIRIAGE, "--compare", "presets", "--rules", "mcr", capsys=_CAPSYS[0]
    )
    assert code == 2 and "leave out --rules" in err
    code, _, err = run("score", KIRIAGE, "--compare", "presets", "--explain", capsys=_CAPSYS[0])
    assert code == 2


def test_a_ruleset_that_cannot_score_the_line_is_that_records_error() -> None:
    code, out, err = run(
        "score", RED_FIVE, "--compare", "tenhou,wrc", "-F", "jsonl", capsys=_CAPSYS[0]
    )
    assert code == 1
    tenhou, wrc = (json.loads(x) for x in out.splitlines())
    assert tenhou["ok"] and not wrc["ok"]
    assert err.strip().endswith("not scored under wrc")


def test_across_families() -> None:
    """riichi against MCR: no option in common, so no option is named."""
    c = compare_line("123m456p789s11z22z ron:2z= seat:S", ["riichi", "mcr"])
    assert all(not d.options for d in c.differs[1])
    assert {d.what for d in c.differs[1]} >= {"value"}


def test_records_fit_the_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from mjscore.schemas import record_schema

    validator = jsonschema.Draft202012Validator(record_schema())
    for line in (KIRIAGE, RED_FIVE, DOUBLE_YAKUMAN, RENHOU, PAO, "bad line"):
        for text in _out("score", line, "--compare", "presets", "-F", "jsonl").splitlines():
            validator.validate(json.loads(text))
