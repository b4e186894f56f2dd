"""The `mcr` ruleset through the one core: notation, validation, scoring, records, listings,
waits. The fan engine itself is tests/test_mcr.py and the differential test."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

import mjscore
from mjscore.engine.catalog import load_ruleset
from mjscore.mcr import DEFAULTS, OPTIONS
from mjscore.schemas import record_schema

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/, for cli_helpers.py
from cli_helpers import run  # noqa: E402

EXAMPLES = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "mcr-examples.jsonl").read_text().splitlines()
]
CHICKEN = "34s 55z chi:123m chi:567p pon:888s ron:2s- seat:S round:E flowers:1f2g"


def _flowers(example: dict) -> int:
    return sum(p for p, name in example["fans"] if name == "Flower Tiles")


def _check(example: dict, rec: dict) -> None:
    if example["total"] - _flowers(example) < 8:  # below the minimum: no_yaku
        assert not rec["ok"] and rec["error"]["kind"] == "no_yaku", rec
        return
    assert rec["ok"], rec["error"]
    got = Counter()
    for f in rec["fans"]:
        got[(f["fan"], f["name"])] += f["count"]
    assert got == Counter((p, n) for p, n in example["fans"])
    assert rec["fan"] == rec["value"] == example["total"]


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"E{i}" for i in range(1, len(EXAMPLES) + 1)])
def test_every_worked_example_through_mjscore_score(example):
    _check(example, mjscore.score(example["line"], rules="mcr").to_dict())


def test_every_worked_example_through_the_cli_in_one_file(capsys):
    text = "".join(e["line"] + "\n" for e in EXAMPLES)
    code, out, _ = run(
        "score", "--rules", "mcr", "--format", "jsonl", "--file", "-", stdin=text, capsys=capsys
    )
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == len(EXAMPLES) == 89
    for example, rec in zip(EXAMPLES, records, strict=True):
        _check(example, rec)
    assert code == 1  # the examples below 8 points are not scored wins


def test_a_rules_token_picks_mcr_in_a_riichi_run(capsys):
    code, out, _ = run("score", "--format", "jsonl", *f"{CHICKEN} rules:mcr".split(), capsys=capsys)
    rec = json.loads(out)
    assert code == 0 and rec["rules"] == "mcr" and rec["fan"] == 10


def test_the_record_of_a_discard_win_with_flowers():
    rec = mjscore.score(CHICKEN, rules="mcr").to_dict()
    assert rec["fans"] == [
        {"key": "chicken_hand", "name": "Chicken Hand", "name_zh": "无番和", "fan": 8, "count": 1},
        {"key": "flower_tiles", "name": "Flower Tiles", "name_zh": "花牌", "fan": 1, "count": 2},
    ]
    assert rec["han"] is None and rec["fu"] is None and rec["limit"] is None
    assert [(p["from"], p["to"], p["amount"], p["reason"]) for p in rec["payments"]] == [
        ("E", "S", 18, "ron"),
        ("W", "S", 8, "base"),
        ("N", "S", 8, "base"),
    ]
    assert rec["net"] == {"E": -18, "S": 34, "W": -8, "N": -8}
    assert [y["key"] for y in rec["yaku"]] == ["chicken_hand", "flower_tiles"]


def test_tsumo_payments_are_8_plus_the_fan_from_each():
    rec = mjscore.score(
        "123m 456p 46s 99m ankan:7777z tsumo:5s seat:E round:E rinshan", rules="mcr"
    ).to_dict()
    assert rec["ok"]
    v = rec["fan"]
    assert [(p["from"], p["amount"], p["reason"]) for p in rec["payments"]] == [
        (s, 8 + v, "tsumo") for s in "SWN"
    ]
    assert rec["net"]["E"] == 3 * (8 + v) and sum(rec["net"].values()) == 0


def test_a_ron_without_a_marker_has_an_unknown_discarder():
    rec = mjscore.score(CHICKEN.replace("ron:2s-", "ron:2s"), rules="mcr").to_dict()
    assert [(p["from"], p["amount"], p["reason"]) for p in rec["payments"]] == [(None, 18, "ron")]


def test_below_eight_points_is_no_yaku_and_flowers_do_not_help():
    r = mjscore.score(
        "34s 55z chi:123m chi:567p pon:888s tsumo:2s seat:S round:E flowers:1f2f3f4f1g2g3g",
        rules="mcr",
    )
    assert not r.ok and r.error.kind == "no_yaku"
    assert "at least 8" in r.error.message and "flowers 7 do not count" in r.error.message


def test_not_a_winning_shape_is_not_a_win():
    r = mjscore.score("135m 246p 79s 12345z ron:6z seat:S round:E", rules="mcr")
    assert not r.ok and r.error.kind == "not_a_win"


@pytest.mark.parametrize(
    "token,words",
    [
        ("riichi", "'riichi' is not a flag of ruleset mcr"),
        ("ippatsu", "'ippatsu' is not a flag of ruleset mcr"),
        ("tenhou", "'tenhou' is not a flag of ruleset mcr"),
        ("dora:1m", "ruleset mcr has no dora"),
        ("ura:1m", "ruleset mcr has no dora"),
        ("honba:1", "ruleset mcr has no honba"),
        ("sticks:1", "ruleset mcr has no riichi deposits"),
        ("breach:E", "ruleset mcr has no breach wind"),
    ],
)
def test_riichi_only_tokens_are_context_errors(token, words):
    r = mjscore.score(f"{CHICKEN} {token}", rules="mcr")
    assert not r.ok and r.error.kind == "context" and words in r.error.message
    assert r.error.column is not None


def test_red_fives_are_refused():
    r = mjscore.score("34s 55z chi:123m chi:406p pon:888s ron:2s seat:S round:E", rules="mcr")
    assert not r.ok and r.error.kind == "context" and "no red fives" in r.error.message


def test_last_tile_is_a_flag_and_a_replacement_on_the_last_tile_scores_both():
    rec = mjscore.score(
        "123m 456p 46s 99m ankan:7777z tsumo:5s seat:E round:E rinshan haitei", rules="mcr"
    ).to_dict()
    keys = {f["key"] for f in rec["fans"]}
    assert {"last_tile_draw", "out_with_replacement_tile"} <= keys
    assert not mjscore.score(
        "123m 456p 46s 99m ankan:7777z tsumo:5s seat:E rinshan haitei", rules="riichi"
    ).ok
    assert "last-tile" in load_ruleset("mcr").flags
    assert not mjscore.score(f"{CHICKEN} last-tile", rules="riichi").ok


def test_options_are_the_engines_with_its_defaults_and_a_line_can_set_one():
    ruleset = load_ruleset("mcr")
    assert list(ruleset.options) == [o.name for o in OPTIONS]
    assert {k: s.default for k, s in ruleset.options.items()} == DEFAULTS
    hand = "123m 5z 777p ankan:1111s ankan:2222s ron:5z seat:S round:E"  # two concealed kongs
    base = mjscore.score(hand, rules="mcr").to_dict()
    more = mjscore.score(f"{hand} opt:two_concealed_kongs=8", rules="mcr").to_dict()
    assert more["fan"] == base["fan"] + 2
    assert not mjscore.score(f"{hand} opt:two_concealed_kongs=7", rules="mcr").ok


def test_records_fit_the_schema():
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(record_schema())
    for example in EXAMPLES:
        rec = json.loads(
            json.dumps(mjscore.score(example["line"], rules="mcr").to_dict(), ensure_ascii=False)
        )
        errors = list(validator.iter_errors(rec))
        assert not errors, (example["line"], errors[0].message)
    with pytest.raises(jsonschema.ValidationError):
        rec = mjscore.score(CHICKEN, rules="mcr").to_dict()
        rec["fans"][0].pop("name_zh")
        jsonschema.validate(rec, record_schema())


def test_tsv_has_the_fan_total_in_the_han_column(capsys):
    code, out, _ = run("score", "--rules", "mcr", "-F", "tsv", *CHICKEN.split(), capsys=capsys)
    header, row = out.splitlines()
    cells = dict(zip(header.split("\t"), row.split("\t"), strict=True))
    assert code == 0 and cells["han"] == "10" and cells["value"] == "10"


def test_the_rich_report_shows_the_fans_with_chinese_names(capsys):
    code, out, _ = run("score", "--rules", "mcr", *CHICKEN.split(), capsys=capsys)
    assert code == 0
    assert "Chicken Hand" in out and "无番和" in out and "花牌" in out
    assert "10 fan" in out and "base 8" in out


def test_yaku_lists_the_fans_and_rules_lists_the_options(capsys):
    code, out, _ = run("yaku", "--rules", "mcr", capsys=capsys)
    assert code == 0 and "Big Four Winds" in out and "大四喜" in out and "88" in out
    code, out, _ = run("yaku", "--rules", "mcr", "--format", "json", capsys=capsys)
    fans = json.loads(out)["fans"]
    assert len(fans) == 82 and fans[0]["name_zh"] == "大四喜" and fans[0]["fan"] == 88
    code, out, _ = run("rules", capsys=capsys)
    assert code == 0 and "mcr" in out
    assert all(o.name in out for o in OPTIONS)


def test_waits_knows_the_knitted_shapes():
    w = mjscore.waits("147m258p36s123m55p seat:E round:E", rules="mcr").to_dict()
    assert w["shanten_by_shape"]["knitted_straight"] == 0
    assert [x["tile"] for x in w["waits"]] == ["9s"]
    assert w["waits"][0]["ron"]["ok"]
    w = mjscore.waits("147m258p369s1234z seat:E round:E", rules="mcr").to_dict()
    assert w["shanten_by_shape"]["honors_and_knitted"] == 0
    assert [x["tile"] for x in w["waits"]] == ["5z", "6z", "7z"]
    w = mjscore.waits("1111m2233p4455s6z seat:E round:E", rules="mcr").to_dict()
    assert w["shanten_by_shape"]["seven_pairs"] == 0  # a quad is two pairs in MCR
    assert [x["tile"] for x in w["waits"]] == ["6z"]
    assert mjscore.shanten("147m258p36s123m5p1z", rules="mcr") == 1


def test_a_fan_ruleset_with_a_yaku_table_is_refused(tmp_path, monkeypatch):
    from mjscore import rulesets
    from mjscore.engine import catalog

    (tmp_path / "fanbad.toml").write_text(
        'title = "x"\nscoring = "fan"\n[params]\ndora = true\n', encoding="utf-8"
    )
    monkeypatch.setattr(rulesets, "HERE", str(tmp_path))
    catalog.load_ruleset.cache_clear()
    try:
        with pytest.raises(mjscore.base.errors.RulesetError, match="has no dora"):
            catalog.load_ruleset("fanbad")
    finally:
        catalog.load_ruleset.cache_clear()
