"""The same hand under `riichi` (Tenhou) and `webtile`: one case per difference WEB TILE makes.

Each expectation was worked out by hand from the rules (riichi.md, shiragiku.md
§4-5 and seed 002): base = fu x 2^(han+2), a ron pays 4 x base (dealer 6 x),
rounded up to 100. `yaku` maps each yaku key to its han; `error` names the kind
of a line that does not score.
"""

from __future__ import annotations

from typing import Any

import pytest

import mjscore

CASES: list[tuple[str, str, dict[str, dict[str, Any]]]] = [
    (
        "tsumo on a pinfu shape: Tenhou keeps pinfu (20 fu); WEB TILE drops it (22 -> 30 fu)",
        "123m456p789s23s77p tsumo:4s",
        {
            "riichi": {"han": 2, "fu": 20, "value": 1500, "yaku": {"pinfu": 1, "menzen_tsumo": 1}},
            "webtile": {"han": 1, "fu": 30, "value": 1100, "yaku": {"menzen_tsumo": 1}},
        },
    ),
    (
        "seven pairs: 25 fu in Tenhou, 30 fu in WEB TILE",
        "1133m2288p4466s7z ron:7z=",
        {
            "riichi": {"han": 2, "fu": 25, "value": 1600, "yaku": {"chiitoitsu": 2}},
            "webtile": {"han": 2, "fu": 30, "value": 2000, "yaku": {"chiitoitsu": 2}},
        },
    ),
    (
        "honroutou + seven pairs: 4 han at 25 fu (6400) or at 30 fu (7700)",
        "11m99m11p99p11s9s55z ron:9s=",
        {
            "riichi": {"han": 4, "fu": 25, "value": 6400},
            "webtile": {"han": 4, "fu": 30, "value": 7700},
        },
    ),
    (
        "shousangen: 2 han + two dragon sets in Tenhou; 4 han that include them in WEB TILE",
        "666z77z234m99p pon:555z- ron:9p=",
        {
            "riichi": {
                "han": 4,
                "fu": 40,
                "value": 8000,
                "yaku": {"shousangen": 2, "haku": 1, "hatsu": 1},
            },
            "webtile": {"han": 4, "fu": 40, "value": 8000, "yaku": {"shousangen": 4}},
        },
    ),
    (
        "three identical runs: iipeikou in Tenhou, 一色三順 (2 han) in WEB TILE",
        "22333444m567p99s ron:2m=",
        {
            "riichi": {"han": 2, "fu": 30, "value": 2000, "yaku": {"pinfu": 1, "iipeikou": 1}},
            "webtile": {
                "han": 3,
                "fu": 30,
                "value": 3900,
                "yaku": {"pinfu": 1, "isshoku_sanjun": 2},
            },
        },
    ),
    (
        "222 333 444m: Tenhou has sanankou; WEB TILE adds 三連刻 (2 han) and reaches mangan",
        "222333444m678p5s ron:5s=",
        {
            "riichi": {"han": 3, "fu": 50, "value": 6400, "yaku": {"sanankou": 2, "tanyao": 1}},
            "webtile": {
                "han": 5,
                "fu": 50,
                "value": 8000,
                "yaku": {"sanankou": 2, "sanrenkou": 2, "tanyao": 1},
            },
        },
    ),
    (
        "the discard after a kan replacement: 槓振和 is a WEB TILE yaku and flag",
        "123m456p77p789s13s ron:2s= kanburi",
        {
            "riichi": {"error": "context"},
            "webtile": {"han": 1, "fu": 40, "value": 1300, "yaku": {"kanburi": 1}},
        },
    ),
    (
        "open riichi: 公開立直 adds a han in WEB TILE; Tenhou has no such flag",
        "123m456p77p789s13s ron:2s= open-riichi",
        {
            "riichi": {"error": "context"},
            "webtile": {"han": 2, "fu": 40, "value": 2600, "yaku": {"riichi": 1, "open_riichi": 1}},
        },
    ),
    (
        "two red 5p: Tenhou's set has one, WEB TILE's has two",
        "234m067p22s56s chi:406p ron:4s=",
        {
            "riichi": {"error": "invalid_hand"},
            "webtile": {"han": 3, "fu": 30, "value": 3900, "yaku": {"tanyao": 1, "aka_dora": 2}},
        },
    ),
    (
        "renhou: off in Tenhou (no yaku left); baiman by itself in WEB TILE",
        "123m456p789s13s77p ron:2s= renhou",
        {
            "riichi": {"error": "no_yaku"},
            "webtile": {"han": 8, "fu": None, "value": 16000, "yaku": {"renhou": 8}},
        },
    ),
    (
        "three yakuman: they add up in Tenhou, WEB TILE pays one",
        "111z222z333z555z4z ron:4z=",
        {"riichi": {"value": 96000, "yakuman": 3}, "webtile": {"value": 32000, "yakuman": 1}},
    ),
    (
        "two ura indicators: Tenhou counts kan ura dora, WEB TILE only the first indicator",
        "123m456p77p789s13s ron:2s= riichi ura:8s,1m",
        {
            "riichi": {"han": 3, "fu": 40, "value": 5200, "yaku": {"riichi": 1, "ura_dora": 2}},
            "webtile": {"error": "context"},
        },
    ),
    (
        "5 honba: WEB TILE needs 2 han, so riichi alone does not win",
        "123m456p77p789s13s ron:2s= riichi honba:5",
        {
            "riichi": {"han": 1, "value": 1300, "net": {"S": 2800, "N": -2800}},
            "webtile": {"error": "no_yaku"},
        },
    ),
    (
        "thirteen unrelated tiles: not a hand in Tenhou, 十三不搭 (mangan) in WEB TILE",
        "147m258p369s1234z tsumo:1z first-turn",
        {
            "riichi": {"error": "context"},
            "webtile": {"han": 5, "fu": None, "value": 8000, "yaku": {"shiisan_puutaa": 5}},
        },
    ),
    (
        "the same tiles without the first-turn flag: Tenhou cannot read them",
        "147m258p369s1234z tsumo:1z",
        {"riichi": {"error": "not_a_win"}, "webtile": {"error": "no_yaku"}},
    ),
    (
        "nagashi: a flag only WEB TILE knows (幺九振切, mangan)",
        "123m456p789s1234z tsumo:5z nagashi",
        {
            "riichi": {"error": "context"},
            "webtile": {"han": 5, "value": 8000, "yaku": {"nagashi": 5}},
        },
    ),
    (
        "seven pairs of pins in a row: 大車輪 is a WEB TILE yakuman, sanbaiman in Tenhou",
        "2233445566778p ron:8p=",
        {
            "riichi": {
                "han": 11,
                "value": 24000,
                "yaku": {"ryanpeikou": 3, "pinfu": 1, "tanyao": 1, "chinitsu": 6},
            },
            "webtile": {"value": 32000, "yakuman": 1, "yaku": {"daisharin": 13}},
        },
    ),
    (
        "双竜争珠 (5 han) makes an open hand with no Tenhou yaku a mangan",
        "123m456m23s99p chi:456s ron:1s=",
        {
            "riichi": {"error": "no_yaku"},
            "webtile": {"han": 5, "value": 8000, "yaku": {"shanron_shanchu": 5}},
        },
    ),
    (
        "一筒摸月 replaces haitei: 1 han in Tenhou, 5 in WEB TILE",
        "23p789s123m55s chi:456p tsumo:1p haitei",
        {
            "riichi": {"han": 1, "fu": 30, "value": 1100, "yaku": {"haitei": 1}},
            "webtile": {"han": 5, "value": 8000, "yaku": {"iiton_moyue": 5}},
        },
    ),
    (
        "a hand both score alike: pinfu ron is 1000 under either",
        "123m456p789s23s77p ron:4s=",
        {
            "riichi": {"han": 1, "fu": 30, "value": 1000, "yaku": {"pinfu": 1}},
            "webtile": {"han": 1, "fu": 30, "value": 1000, "yaku": {"pinfu": 1}},
        },
    ),
]


def _differences(record: dict[str, Any], want: dict[str, Any]) -> list[str]:
    if "error" in want:
        got = record["error"]["kind"] if record["error"] else "a scored win"
        return [] if got == want["error"] else [f"error: expected {want['error']}, got {got}"]
    if not record["ok"]:
        return [f"expected a scored win, got {record['error']}"]
    bad = []
    for key in ("han", "fu", "value", "yakuman"):
        if key in want and record[key] != want[key]:
            bad.append(f"{key}: expected {want[key]}, got {record[key]}")
    if "yaku" in want:
        got = {y["key"]: y["han"] for y in record["yaku"]}
        if got != want["yaku"]:
            bad.append(f"yaku: expected {want['yaku']}, got {got}")
    if "net" in want:
        got = {s: v for s, v in record["net"].items() if v}
        if got != want["net"]:
            bad.append(f"net: expected {want['net']}, got {got}")
    return bad


@pytest.mark.parametrize("line, expected", [(c[1], c[2]) for c in CASES], ids=[c[0] for c in CASES])
def test_same_hand_under_both_rulesets(line: str, expected: dict[str, dict[str, Any]]) -> None:
    problems = {
        rules: _differences(mjscore.score(line, rules=rules).to_dict(), want)
        for rules, want in expected.items()
    }
    assert not any(problems.values()), f"{line}\n{problems}"


def test_every_case_shows_a_difference_but_one():
    """The table is about differences: only the control hand may score alike in both."""
    alike = [c[0] for c in CASES if c[2]["riichi"] == c[2]["webtile"]]
    assert len(alike) == 1 and "alike" in alike[0]
