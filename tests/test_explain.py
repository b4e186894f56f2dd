"""`score --explain` and `waits --explain`: the readings, the yaku one condition kept out,
the nearest changes and the minimum, each worked out by hand from the rules (the
comments give the arithmetic); then the engine held to the explanation: its chosen
reading is the verdict's on every corpus line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run

from mjscore.analysis.explain import (
    BELOW_MINIMUM,
    FIRST_FOUND,
    NO_YAKU,
    WIN,
    explain_hand,
    explain_line,
    explain_waits_line,
)
from mjscore.core.notation import parse_line
from mjscore.scoring.han_fu import ORDER_KEYS
from mjscore.yaku.registry import CONDITIONS, CONDITIONS_OF, PREDICATES

ROOT = Path(__file__).resolve().parent.parent

# 222m 333m 444m by tsumo on 4m: sanankou, or three 234m runs with pinfu (riichi.toml)
PINFU_SANANKOU = "22233344m567p88s tsumo:4m"
# two 234m and two 678p runs, or seven pairs; won on the 5s pair
RYANPEIKOU_CHIITOITSU = "223344m667788p5s ron:5s"
# 23345s + 4s: 23(4) two-sided, or 3(4)5 closed
KANCHAN_RYANMEN = "234m567p88p23345s ron:4s"
# open, and open tanyao off: no yaku
NO_YAKU_LINE = "234m567p2345s chi:678s- ron:5s= opt:open_tanyao=off"
# 22334455m 567p 88s does not take 3m: it waits on 2m 5m 8s
NOT_A_WIN = "22334455m567p88s ron:3m riichi"
# Chinese Official: 7 points of fans, one short of 8
MCR_UNDER_8 = "234m567p345s67s55p ron:8s= rules:mcr"


def summary(line: str) -> list[tuple]:
    x = explain_line(line).explanation
    assert x is not None
    return [(r.text, r.status, r.han, r.fu, r.value, r.chosen, r.decided_by) for r in x.readings]


# -- the readings and the ordering -----------------------------------------------------------


def test_the_ordering_is_the_engines_own() -> None:
    x = explain_line(PINFU_SANANKOU).explanation
    assert x is not None and x.ordering == ORDER_KEYS
    assert ORDER_KEYS == ("value", "yakuman", "han", "fu", "fu_before_rounding")


def test_pinfu_against_sanankou() -> None:
    # 222m 333m 444m 567p 88s: menzen tsumo 1 + tanyao 1 + sanankou 2 = 4 han; fu 20 +
    # tsumo 2 + three concealed simple triplets 3 x 4 = 34 -> 40: 40 x 2^6 = 2,560 over
    # 2,000: mangan, a non-dealer's tsumo 2,000/4,000 = 8,000.
    # 234m 234m 234m 567p 88s on the two-sided 23m: menzen tsumo, pinfu, iipeikou (two of
    # the three runs), tanyao = 4 han 20 fu: 1,280 -> 1,300/2,600 = 5,200, lower in value.
    assert summary(PINFU_SANANKOU) == [
        ("567p 222m 333m 444m 88s [shanpon]", WIN, 4, 40, 8000, True, None),
        ("234m 234m 234m 567p 88s [ryanmen]", WIN, 4, 20, 5200, False, "value"),
    ]
    x = explain_line(PINFU_SANANKOU).explanation
    assert x is not None
    assert [y.key for y in x.readings[1].items] == ["menzen_tsumo", "pinfu", "iipeikou", "tanyao"]


def test_two_iipeikou_against_seven_pairs() -> None:
    # 234m 234m 678p 678p 55s on the pair: ryanpeikou 3 + tanyao 1 = 4 han; fu 20 + closed
    # ron 10 + pair wait 2 = 32 -> 40: 40 x 2^6 = 2,560: mangan 8,000.
    # Seven pairs: chiitoitsu 2 + tanyao 1 = 3 han 25 fu: 25 x 2^5 x 4 = 3,200.
    assert summary(RYANPEIKOU_CHIITOITSU) == [
        ("234m 234m 678p 678p 55s [tanki]", WIN, 4, 40, 8000, True, None),
        ("22m 33m 44m 66p 77p 88p 55s [tanki]", WIN, 3, 25, 3200, False, "value"),
    ]


def test_kanchan_against_ryanmen() -> None:
    # Two-sided: pinfu 1 + tanyao 1 = 2 han 30 fu (closed ron 20 + 10): 30 x 2^4 x 4 =
    # 1,920 -> 2,000. Closed wait: tanyao 1 han, 20 + 10 + 2 = 32 -> 40 fu: 1,280 -> 1,300.
    assert summary(KANCHAN_RYANMEN) == [
        ("234m 567p 234s 345s 88p [ryanmen]", WIN, 2, 30, 2000, True, None),
        ("234m 567p 234s 345s 88p [kanchan]", WIN, 1, 40, 1300, False, "value"),
    ]
    x = explain_line(KANCHAN_RYANMEN).explanation
    assert x is not None
    kanchan = x.readings[1]
    assert ("pinfu", "two_sided_wait") in {(a.yaku.key, a.condition) for a in kanchan.almost}


def test_equal_value_decided_by_han_then_the_first_found() -> None:
    # 1122334455667s + 7s: 10 han (pinfu 1, ryanpeikou 3, chinitsu 6) two ways, 9 han
    # (tanki: no pinfu) and seven pairs with chinitsu (8 han): all baiman 16,000 by ron.
    rows = summary("1122334455667s ron:7s")
    assert [(r[2], r[4], r[6]) for r in rows] == [
        (10, 16000, None),
        (10, 16000, FIRST_FOUND),
        (9, 16000, "han"),
        (8, 16000, "han"),
    ]


def test_equal_fu_decided_by_fu_before_rounding() -> None:
    # Open (pon 777z): 20 + an open honour triplet 4 = 24 fu on the two-sided 78s, 26 on
    # the pair wait 9s: both 30 after rounding, 1 han (chun): 1,000; the pair wait keeps
    # more fu before rounding.
    rows = summary("123m456p78s99s pon:777z- ron:9s")
    assert [(r[0], r[3], r[4], r[6]) for r in rows] == [
        ("123m 456p 789s (777z) 99s [tanki]", 30, 1000, None),
        ("123m 456p 789s (777z) 99s [ryanmen]", 30, 1000, "fu_before_rounding"),
    ]


def test_the_chosen_reading_is_the_verdicts_on_every_corpus_line() -> None:
    """Every scored line of the examples and the case files: the explanation's first
    reading is chosen, and it is the verdict's reading, yaku and value."""
    from caseformat import parse_cases

    lines = [
        line
        for path in sorted((ROOT / "examples").glob("*.txt"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    for path in sorted((ROOT / "tests" / "cases").glob("*.cases")):
        for case in parse_cases(path):
            options = "".join(f" opt:{k}={v}" for k, v in case.options.items())
            lines.append(f"{case.hand} rules:{case.rules or path.stem}{options}")
    checked = 0
    for line in lines:
        e = explain_line(line)
        if not e.result.ok or e.explanation is None or not e.explanation.readings:
            continue
        first = e.explanation.readings[0]
        assert first.chosen and first.status == WIN, line
        assert sum(r.chosen for r in e.explanation.readings) == 1, line
        if e.result.reading is not None:  # else a European special hand, by its name
            assert first.text == e.result.reading, line
        else:
            assert first.text == e.result.yaku[-1].name, line
        assert [y.key for y in first.items] == [y.key for y in e.result.yaku], line
        if e.result.rules != "european":  # its value is what is paid; a reading's, its score
            assert first.value == e.result.value, line
        checked += 1
    assert checked > 300


# -- almost --------------------------------------------------------------------------------


def almost(line: str, reading: int = 0) -> set[tuple]:
    x = explain_line(line).explanation
    assert x is not None
    return {(a.yaku.key, a.condition, a.option) for a in x.readings[reading].almost}


def test_almost_by_the_declared_conditions() -> None:
    # a ron completes 333m: two concealed triplets, not three (sanankou), and no tsumo
    assert almost("22233m444p567s88s ron:3m") == {
        ("menzen_tsumo", "tsumo", ""),
        ("sanankou", "tsumo", ""),
    }
    # the pair is the white dragon: no pinfu (the pair would give fu)
    assert ("pinfu", "plain_pair", "") in almost("234m567p234s67s55z ron:8s")
    # a ron completes 666z: suuankou needs the tsumo (three concealed triplets stay)
    assert ("suuankou", "tsumo", "") in almost("111m333p555s77z66z ron:6z")
    # a single-wait kokushi: the thirteen-sided form needs the thirteen-sided wait; beside
    # a yakuman, no ordinary yaku is listed (menzen tsumo would not count)
    assert almost("19m19p19s1234577z ron:6z") == {("kokushi_13", "thirteen_sided_wait", "")}


def test_almost_by_the_ruleset_data() -> None:
    # iipeikou is closed only (han_open none in riichi.toml): the chi keeps it out
    assert ("iipeikou", "closed", "") in almost("223344m567p8s chi:678s- ron:8s")
    # open tanyao off: a closed hand, or the option, would count it
    assert almost(NO_YAKU_LINE) == {("tanyao", "closed", ""), ("tanyao", "option", "open_tanyao")}
    # renhou under renhou=off: the option's first value that counts it
    x = explain_line("123m456p789s11z22z ron:2z= renhou seat:S").explanation
    assert x is not None
    (renhou,) = [a for a in x.readings[0].almost if a.yaku.key == "renhou"]
    assert (renhou.condition, renhou.option, renhou.value, renhou.yaku.han) == (
        "option",
        "renhou",
        "mangan",
        5,
    )


def test_conditions_are_declared_from_the_vocabulary() -> None:
    for key, conditions in CONDITIONS_OF.items():
        assert key in PREDICATES
        for condition in conditions:
            assert condition.partition(":")[0] in CONDITIONS


# -- the nearest changes and the minimum -------------------------------------------------------


def nearest(line: str) -> list[tuple]:
    x = explain_line(line).explanation
    assert x is not None and x.nearest is not None
    return [(c.kind, c.tile, c.meld, c.result.value, c.gained, c.line) for c in x.nearest]


def test_a_no_yaku_line() -> None:
    x = explain_line(NO_YAKU_LINE).explanation
    assert x is not None
    assert [(r.status, r.value) for r in x.readings] == [(NO_YAKU, None)]
    # Closing the chi: 234m 567p 234s 678s 55s won on the pair: tanyao 1 han, 20 + closed
    # ron 10 + pair wait 2 = 32 -> 40 fu: 1,280 -> 1,300. Another wait, or a tsumo, stays
    # open and has no yaku; riichi needs a closed hand.
    assert nearest(NO_YAKU_LINE) == [
        (
            "closed_meld",
            None,
            "chi:678s-",
            1300,
            ("tanyao",),
            "234m567p2345678s ron:5s= round:E seat:S opt:open_tanyao=off",
        )
    ]


def test_a_not_a_win_line() -> None:
    x = explain_line(NOT_A_WIN).explanation
    assert x is not None and x.readings == ()
    # 2m: 222m 345m 345m; 5m: 234m 234m 555m; 8s: 234m 234m 55m 888s, each with 567p:
    # riichi + iipeikou + tanyao = 3 han; 20 + closed ron 10 + a simple triplet by ron 2
    # = 32 -> 40 fu: 40 x 2^5 x 4 = 5,120 -> 5,200.
    assert [(k, t, v, g) for k, t, _, v, g, _ in nearest(NOT_A_WIN)] == [
        ("wait", "2m", 5200, ("riichi", "iipeikou", "tanyao")),
        ("wait", "5m", 5200, ("riichi", "iipeikou", "tanyao")),
        ("wait", "8s", 5200, ("riichi", "iipeikou", "tanyao")),
    ]


def test_a_line_without_a_win_token_gets_its_waits_by_ron() -> None:
    x = explain_line("22334455m567p88s riichi").explanation
    assert x is not None
    assert [c.line for c in x.nearest or ()] == [
        "22334455m567p88s ron:2m round:E seat:S riichi",
        "22334455m567p88s ron:5m round:E seat:S riichi",
        "22334455m567p88s ron:8s round:E seat:S riichi",
    ]


def test_tsumo_and_riichi_make_a_closed_ron_a_win() -> None:
    # 234m 567p 234s 678s 55z, a dragon pair: no pinfu, no yaku by ron. A tsumo: menzen
    # tsumo 1 han, 20 + tsumo 2 + a dragon pair 2 = 24 -> 30 fu: 30 x 8 = 240 -> 300/500,
    # 1,100. Riichi: 1 han, 20 + 10 + 2 = 32 -> 40 fu: 1,280 -> 1,300.
    rows = nearest("234m567p234s67s55z ron:8s")
    assert [(k, v, g) for k, _, _, v, g, _ in rows] == [
        ("tsumo", 1100, ("menzen_tsumo",)),
        ("riichi", 1300, ("riichi",)),
    ]


def test_a_win_has_no_nearest() -> None:
    x = explain_line(PINFU_SANANKOU).explanation
    assert x is not None and x.nearest is None and x.minimum is None
    assert "nearest" not in explain_line(PINFU_SANANKOU).to_dict()


def test_mcr_under_eight() -> None:
    # 234m 567p 345s 678s 55p by ron: Concealed Hand 2, All Chows 2, All Simples 2, Short
    # Straight 1 (345s 678s) = 7 of the 8 a win needs.
    x = explain_line(MCR_UNDER_8).explanation
    assert x is not None and x.minimum is not None
    assert (x.minimum.unit, x.minimum.needed, x.minimum.have, x.minimum.short) == ("fan", 8, 7, 1)
    (reading,) = x.readings
    assert (reading.status, reading.fan, reading.value) == (BELOW_MINIMUM, 7, None)
    assert [y.key for y in reading.items] == [
        "concealed_hand",
        "all_chows",
        "all_simples",
        "short_straight",
    ]
    # A tsumo: Fully Concealed Hand 4 takes the place of Concealed Hand 2: 9 fan.
    tsumo = [c for c in x.nearest or () if c.kind == "tsumo"]
    assert [(c.result.value, c.gained) for c in tsumo] == [(9, ("fully_concealed_hand",))]


def test_too_few_han_has_a_minimum() -> None:
    # WEB TILE from 5 honba on (two_han_minimum_honba): 2 han from yaku; 4(5)6s closed
    # wait, tanyao alone gives 1
    x = explain_line("234m567p234s46s88p ron:5s honba:5 rules:webtile").explanation
    assert x is not None and x.minimum is not None
    assert (x.minimum.unit, x.minimum.needed, x.minimum.have) == ("han", 2, 1)


def test_explain_hand_takes_a_parsed_hand() -> None:
    e = explain_hand(parse_line(KANCHAN_RYANMEN))
    assert e.result.value == 2000 and e.explanation is not None
    assert len(e.explanation.readings) == 2


def test_a_notation_error_has_no_explanation() -> None:
    e = explain_line("bad line")
    assert e.explanation is None and e.error is not None
    assert "readings" not in e.to_dict()


# -- the records -------------------------------------------------------------------------------


def test_the_record_is_the_score_record_plus_the_explanation(capsys) -> None:
    code, out, _ = run("score", PINFU_SANANKOU, "--format", "jsonl", capsys=capsys)
    _, plain, _ = run("score", PINFU_SANANKOU, "--format", "jsonl", "--explain", capsys=capsys)
    assert code == 0
    record, explained = json.loads(out), json.loads(plain)
    assert {k: explained[k] for k in record} == record
    assert list(explained)[len(record) :] == ["ordering", "readings"]
    assert explained["readings"][0]["chosen"] is True
    assert explained["readings"][1]["decided_by"] == "value"


def test_records_fit_the_schema(capsys) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from mjscore.schemas import record_schema

    validator = jsonschema.Draft202012Validator(record_schema())
    lines = [PINFU_SANANKOU, NO_YAKU_LINE, NOT_A_WIN, MCR_UNDER_8, "bad line"]
    _, out, _ = run(
        "score", "-", "--format", "jsonl", "--explain", capsys=capsys, stdin="\n".join(lines)
    )
    records = [json.loads(x) for x in out.splitlines()]
    assert len(records) == len(lines)
    for record in records:
        validator.validate(record)
    assert [("nearest" in r, "minimum" in r) for r in records] == [
        (False, False),
        (True, False),
        (True, False),
        (True, True),
        (False, False),
    ]


def test_tsv_adds_readings_and_nearest(capsys) -> None:
    code, out, _ = run(
        "score",
        "-",
        "--format",
        "tsv",
        "--explain",
        capsys=capsys,
        stdin=f"{PINFU_SANANKOU}\n{NO_YAKU_LINE}\n",
    )
    assert code == 1
    header, first, second = out.splitlines()
    assert header.split("\t")[-2:] == ["readings", "nearest"]
    assert first.split("\t")[-2:] == ["8000,5200", ""]
    assert second.split("\t")[-2:] == ["no_yaku", "closed_meld chi:678s-=1300"]


# -- waits --explain --------------------------------------------------------------------------


def test_waits_explain_per_win() -> None:
    # 234m 567p 234s 6788s waits on 5s (567s 88s, two-sided) and 8s (678s 88s two-sided,
    # or 678s 8 + 8s... the pair wait 678s 88s with 8s on 88: 1 han 40 fu 1,300)
    e = explain_waits_line("234m567p234s6788s")
    ron = e.of("", "8s", "ron")
    assert ron is not None
    assert [(r.text, r.value, r.decided_by) for r in ron.readings] == [
        ("234m 567p 234s 678s 88s [ryanmen]", 2000, None),
        ("234m 567p 234s 678s 88s [tanki]", 1300, "value"),
    ]
    record = e.to_dict()
    assert record["ordering"] == list(ORDER_KEYS)
    assert record["waits"][1]["ron"]["readings"][1]["decided_by"] == "value"
    assert "nearest" not in record["waits"][1]["ron"]


def test_waits_explain_on_the_command_line(capsys) -> None:
    code, out, _ = run("waits", "234m567p234s6788s", "--explain", "--format", "tsv", capsys=capsys)
    assert code == 0
    rows = [line.split("\t") for line in out.splitlines()]
    assert rows[0][-2:] == ["ron_readings", "tsumo_readings"]
    # 8s by tsumo: pinfu tsumo 3 han 20 fu 700/1,300 = 2,700; on the pair: menzen tsumo +
    # tanyao 2 han, 20 + tsumo 2 + pair wait 2 = 24 -> 30 fu: 500/1,000 = 2,000
    assert rows[2][0:2] == ["1", "8s"] and rows[2][-2:] == ["2000,1300", "2700,2000"]


def test_explain_and_compare_runs_are_commands_of_their_own(capsys, monkeypatch) -> None:
    """`score --explain` and `--compare` go through the runner under their own command
    names, so that no path made for plain `score` (the native core's) ever takes them."""
    from mjscore.cli import runner

    seen = []

    def run_lines(lines, rules, options, fmt, *args, command="score", **kwargs):
        seen.append((command, rules))
        return 0

    monkeypatch.setattr(runner, "run_lines", run_lines)
    run("score", PINFU_SANANKOU, "--explain", "-F", "jsonl", capsys=capsys)
    run("score", PINFU_SANANKOU, "--compare", "presets", "-F", "jsonl", capsys=capsys)
    run("waits", "234m567p234s6788s", "--explain", "-F", "jsonl", capsys=capsys)
    run("score", PINFU_SANANKOU, "-F", "jsonl", capsys=capsys)
    assert seen == [
        ("explain", "riichi"),
        ("compare", "tenhou,ema,mahjongsoul,mleague,wrc"),
        ("waits-explain", "riichi"),
        ("score", "riichi"),
    ]


def test_each_nearest_line_scores_as_its_change_says() -> None:
    """Real Tenhou wins with their winning tile replaced at random (seeded): every nearest
    change's line, scored by itself, is a win of the value the change gives."""
    import random

    import mjscore

    rng = random.Random(5)
    data = ROOT / "tests" / "data" / "tenhou-houou.jsonl"
    lines = [json.loads(row)["line"] for row in data.read_text("utf-8").splitlines()]
    checked = 0
    for line in rng.sample(lines, 150):
        words = line.split()
        for i, word in enumerate(words):
            kind, colon, won = word.partition(":")
            if colon and kind in ("ron", "tsumo"):
                marker = won[-1] if won[-1] in "-=+" else ""
                words[i] = f"{kind}:{rng.choice('123456789')}{rng.choice('mps')}{marker}"
        x = explain_line(" ".join(words)).explanation
        for change in (x.nearest or ()) if x is not None else ():
            alone = mjscore.score(change.line)
            assert alone.ok and alone.value == change.result.value, change.line
            checked += 1
    assert checked > 100
