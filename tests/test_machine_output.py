"""Issue 11: records that scripts can key on, house rules for whole files, JSON listings.

Everything runs in-process (`cli.run`) or on the library; config files live in
tmp_path and the config lookup is pointed at them through the environment (the
autouse fixture in conftest keeps the real ~/.config out of every test).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import mjscore
from mjscore.core.result import PAYMENT_REASONS
from mjscore.report import tsv_cell
from mjscore.schemas import PATH as SCHEMA_PATH
from mjscore.schemas import record_schema

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/, for cli_helpers.py
from cli_helpers import run  # noqa: E402

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples" / "hands.txt"
TENHOU = Path(__file__).parent / "data" / "tenhou-houou.jsonl"
TANYAO = "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s honba:1"


def jsonl(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def record(line: str, rules: str = "riichi", **options: str) -> dict:
    return json.loads(
        json.dumps(
            mjscore.score(line, rules=rules, options=options or None).to_dict(), default=sorted
        )
    )


# -- the schema ------------------------------------------------------------------------------


def _hand_lines() -> list[str]:
    lines = [
        ln
        for ln in EXAMPLES.read_text(encoding="utf-8").splitlines()
        if ln.strip() and not ln.lstrip().startswith("#")
    ]
    lines += [json.loads(ln)["line"] for ln in TENHOU.read_text(encoding="utf-8").splitlines()]
    return lines


@pytest.mark.slow
@pytest.mark.parametrize("rules", mjscore.ruleset_names())
def test_every_record_of_the_examples_and_the_tenhou_sample_fits_the_schema(rules):
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(record_schema())
    seen_ok = seen_failed = 0
    for number, line in enumerate(_hand_lines(), 1):
        rec = json.loads(
            json.dumps(
                mjscore.score(line, rules=rules, line_no=number).to_dict(),
                ensure_ascii=False,
                default=sorted,
            )
        )
        errors = sorted(validator.iter_errors(rec), key=lambda e: list(e.path))
        assert not errors, (
            f"{rules} line {number} {line!r}: {errors[0].message} at {list(errors[0].path)}"
        )
        seen_ok += rec["ok"]
        seen_failed += not rec["ok"]
    assert seen_ok + seen_failed == len(_hand_lines()) and seen_ok


def test_the_schema_is_valid_and_shipped_in_the_package():
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(record_schema())
    assert Path(SCHEMA_PATH).parent.parent == Path(mjscore.__file__).parent
    payment = record_schema()["$defs"]["payment"]["properties"]["reason"]["enum"]
    assert tuple(payment) == PAYMENT_REASONS


def test_the_schema_command_prints_it(capsys):
    code, out, _ = run("schema", capsys=capsys)
    assert code == 0 and json.loads(out) == record_schema()


def test_the_schema_rejects_a_failed_line_with_a_value():
    jsonschema = pytest.importorskip("jsonschema")
    rec = record("234m406p22s pon:55p ron:4s")
    jsonschema.validate(rec, record_schema())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**rec, "value": 0}, record_schema())


# -- payment reasons ---------------------------------------------------------------------------


def _reasons(rec: dict) -> list[tuple]:
    return [(p["reason"], p.get("count"), p["label"]) for p in rec["payments"]]


def test_riichi_reasons_are_keys_with_count_and_label():
    rec = record("123m456p789s55z77z tsumo:7z riichi seat:E dora:6z sticks:2 honba:2")
    assert _reasons(rec) == [("tsumo", None, "tsumo")] * 3 + [("honba", 2, "honba ×2")] * 3 + [
        ("deposits", 2, "riichi deposits ×2")
    ]
    assert rec["payments"][-1]["from"] == "table"
    honba = [p for p in rec["payments"] if p["reason"] == "honba"]
    assert sum(p["amount"] for p in honba) == 600


def test_liability_is_a_key_and_the_half_is_in_the_label():
    rec = record("111m9p pon:777z= pon:666z+ pon:555z- ron:9p= round:E seat:S")
    assert _reasons(rec) == [("liability", None, "liability (half)"), ("ron", None, "ron")]


def test_kansai_boo_extras_are_dora_and_bonus():
    rec = record("123m567p345s67s99s ron:8s= dora:7s honba:1 rules:kansai-boo", closed_bonus="on")
    assert _reasons(rec) == [
        ("ron", None, "ron"),
        ("honba", 1, "honba ×1"),
        ("dora", 1, "dora ×1"),
        ("bonus", None, "closed hand bonus"),
    ]


def test_european_reasons_are_mahjong_settlement_and_refund():
    line = (
        "13m777m55s pon:111p pon:333z ron:2m- seat:W round:E breach:S rules:european "
        "/ E: pon:777z 222p / S: pon:222z 999s flowers:2f / N: 444m"
    )
    rec = record(line, winner_refund="on")
    reasons = {p["reason"] for p in rec["payments"]}
    assert reasons == {"mahjong", "settlement", "refund"}
    labels = {p["reason"]: p["label"] for p in rec["payments"]}
    assert labels["mahjong"].startswith("Mah-Jong") and labels["settlement"].startswith(
        "settlement "
    )
    assert all("count" not in p for p in rec["payments"])


def test_every_reason_made_is_in_the_table():
    lines = [json.loads(ln)["line"] for ln in TENHOU.read_text(encoding="utf-8").splitlines()]
    made = {p["reason"] for ln in lines[:300] for p in record(ln)["payments"]}
    assert made <= set(PAYMENT_REASONS) and {"ron", "tsumo", "honba", "deposits"} <= made


def test_the_rich_report_shows_the_label(capsys):
    code, out, _ = run("score", *TANYAO.split(), capsys=capsys)
    assert code == 0 and "honba ×1" in out


# -- yaku name_ja --------------------------------------------------------------------------------


def test_yaku_carry_their_japanese_name():
    rec = record(TANYAO)
    assert [(y["key"], y.get("name_ja")) for y in rec["yaku"]] == [
        ("tanyao", "断幺九"),
        ("dora", "ドラ"),
        ("aka_dora", "赤ドラ"),
    ]


def test_a_yaku_without_a_japanese_name_has_no_name_ja():
    rec = record("111z234s55z66z kan:8888p ron:6z round:S breach:S seat:E rules:european")
    assert rec["ok"] and all("name_ja" not in y for y in rec["yaku"])


# -- failed lines ------------------------------------------------------------------------------


def test_a_failed_line_reports_the_ruleset_and_options_it_asked_for():
    rec = record("234m406p22s pon:55p ron:4s rules:webtile opt:kiriage_mangan=on")
    assert rec["ok"] is False and rec["error"]["kind"] == "notation"
    assert rec["rules"] == "webtile" and rec["options"]["kiriage_mangan"] is True
    assert (rec["value"], rec["han"], rec["fu"], rec["payments"], rec["net"]) == (
        None,
        None,
        None,
        [],
        {},
    )


def test_a_line_that_does_not_validate_reports_its_own_ruleset():
    rec = record("234m406p22s56s chi:678s ron:4s rules:european")
    assert rec["ok"] is False and rec["rules"] == "european"
    assert "advanced_settlement" in rec["options"] and rec["value"] is None


def test_a_bad_opt_token_keeps_the_ruleset_and_the_options_that_read():
    rec = record("123m456p789s1122z ron:1z= rules:webtile opt:kiriage_mangan=on opt:red_fives=99")
    assert rec["error"]["kind"] == "ruleset"
    assert rec["rules"] == "webtile" and rec["options"]["kiriage_mangan"] is True
    assert (
        rec["options"]["red_fives"] == mjscore.load_ruleset("webtile").options["red_fives"].default
    )


def test_an_unknown_ruleset_is_named_with_no_options():
    rec = record("123m456p789s1122z ron:1z= rules:nope")
    assert (rec["rules"], rec["options"], rec["error"]["kind"]) == ("nope", {}, "ruleset")


def test_the_error_message_does_not_repeat_the_column(capsys):
    rec = record("234m406p22s pon:55p ron:4s")
    assert rec["error"]["column"] == 13
    assert rec["error"]["message"] == "'pon:55p' is not a pon: a pon has three equal tiles"
    code, _, err = run(
        "score", "234m406p22s", "pon:55p", "ron:4s", "--format", "jsonl", capsys=capsys
    )
    assert code == 1 and err.startswith("line 1: column 13: ")  # stderr still says where


# -- TSV ---------------------------------------------------------------------------------------


def test_tsv_header_is_snake_case(capsys):
    _, out, _ = run("score", *TANYAO.split(), "--format", "tsv", capsys=capsys)
    header = out.splitlines()[0].split("\t")
    assert header[8:12] == ["net_E", "net_S", "net_W", "net_N"]
    assert all(" " not in name for name in header)


def test_a_tab_or_newline_inside_a_tsv_field_becomes_a_space():
    assert tsv_cell("a\tb\nc\r\nd") == "a b c  d"
    assert tsv_cell("two  spaces") == "two  spaces"


# -- house rules: --opt --------------------------------------------------------------------------


def test_an_opt_applies_to_every_ruleset_that_has_it(capsys):
    code, out, err = run(
        "score",
        "--file",
        str(EXAMPLES),
        "--format",
        "jsonl",
        "--opt",
        "kiriage_mangan=on",
        capsys=capsys,
    )
    assert code == 0, err
    recs = jsonl(out)
    assert all(r["ok"] for r in recs)
    riichi = [r for r in recs if "kiriage_mangan" in r["options"]]
    assert riichi and all(r["options"]["kiriage_mangan"] is True for r in riichi)
    assert recs[0]["limit"] == "mangan" and recs[0]["value"] == 8000
    assert any(r["rules"] == "european" for r in recs)


def test_an_opt_no_ruleset_has_is_a_usage_error(capsys):
    code, _, err = run("score", *TANYAO.split(), "--opt", "no_such=on", capsys=capsys)
    assert code == 2 and "no ruleset has an option 'no_such'" in err


def test_an_opt_for_one_ruleset(capsys):
    code, out, _ = run(
        "score",
        "--file",
        str(EXAMPLES),
        "--format",
        "jsonl",
        "--opt",
        "webtile.kiriage_mangan=on",
        capsys=capsys,
    )
    assert code == 0
    recs = jsonl(out)
    assert {
        r["rules"]: r["options"].get("kiriage_mangan")
        for r in recs
        if r["rules"] in ("riichi", "webtile")
    } == {"riichi": False, "webtile": True}


@pytest.mark.parametrize(
    ("opt", "says"),
    [
        ("nope.kiriage_mangan=on", "unknown ruleset 'nope'"),
        ("european.kiriage_mangan=on", "ruleset european has no option 'kiriage_mangan'"),
        ("riichi.kiriage_mangan=maybe", "on or off"),
        ("kiriage_mangan=maybe", "on or off"),
        ("kiriage_mangan", "NAME=VALUE"),
    ],
)
def test_bad_opts_are_usage_errors(capsys, opt, says):
    code, _, err = run("score", *TANYAO.split(), "--opt", opt, capsys=capsys)
    assert code == 2 and says in err and len(err.splitlines()) == 1


# -- house rules: the config file ------------------------------------------------------------------

CLUB = """\
# the Thursday club
rules = "riichi"
format = "jsonl"

[options]
kiriage_mangan = true

[options.kansai-boo]
closed_bonus = "on"
"""


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.toml"
    path.write_text(CLUB, encoding="utf-8")
    return path


def test_the_config_file_sets_rules_format_and_options(capsys, club):
    code, out, _ = run("score", "--config", str(club), *TANYAO.split(), capsys=capsys)
    assert code == 0
    (rec,) = jsonl(out)  # format from the config
    assert rec["options"]["kiriage_mangan"] is True and rec["value"] == 8000
    code, out, _ = run("score", "--config", str(club), "--file", str(EXAMPLES), capsys=capsys)
    boo = [r for r in jsonl(out) if r["rules"] == "kansai-boo"]
    assert boo and boo[0]["options"]["closed_bonus"] is True


def test_the_config_is_found_through_the_environment(capsys, club, tmp_path, monkeypatch):
    monkeypatch.setenv("MJSCORE_CONFIG", str(club))
    _, out, _ = run("score", *TANYAO.split(), capsys=capsys)
    assert jsonl(out)[0]["value"] == 8000
    monkeypatch.delenv("MJSCORE_CONFIG")
    xdg = tmp_path / "xdg"
    (xdg / "mjscore").mkdir(parents=True)
    (xdg / "mjscore" / "config.toml").write_text('format = "tsv"\n', encoding="utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(xdg))
    _, out, _ = run("score", *TANYAO.split(), capsys=capsys)
    assert out.startswith("line\tok\t")


def test_a_named_config_file_must_exist(capsys, tmp_path, monkeypatch):
    code, _, err = run(
        "score", "--config", str(tmp_path / "none.toml"), *TANYAO.split(), capsys=capsys
    )
    assert code == 2 and "none.toml" in err and "no such file" in err
    monkeypatch.setenv("MJSCORE_CONFIG", str(tmp_path / "gone.toml"))
    code, _, err = run("score", *TANYAO.split(), capsys=capsys)
    assert code == 2 and "gone.toml" in err


def test_precedence_line_then_flags_then_config_then_defaults(capsys, club):
    # config: kiriage on; the flag turns it off; the line's token turns it on again
    code, out, _ = run(
        "score",
        "--config",
        str(club),
        "--opt",
        "kiriage_mangan=off",
        "--rules",
        "riichi",
        "--format",
        "jsonl",
        *TANYAO.split(),
        capsys=capsys,
    )
    assert jsonl(out)[0]["options"]["kiriage_mangan"] is False
    _, out, _ = run(
        "score",
        "--config",
        str(club),
        "--opt",
        "kiriage_mangan=off",
        *TANYAO.split(),
        "opt:kiriage_mangan=on",
        capsys=capsys,
    )
    assert jsonl(out)[0]["options"]["kiriage_mangan"] is True
    # a flag for one ruleset beats the config's value for every ruleset
    _, out, _ = run(
        "score",
        "--config",
        str(club),
        "--opt",
        "riichi.kiriage_mangan=off",
        *TANYAO.split(),
        capsys=capsys,
    )
    assert jsonl(out)[0]["options"]["kiriage_mangan"] is False
    # --format and --rules beat the config's
    _, out, _ = run(
        "score",
        "--config",
        str(club),
        "--format",
        "tsv",
        "--rules",
        "webtile",
        *TANYAO.split(),
        capsys=capsys,
    )
    assert out.splitlines()[1].split("\t")[2] == "webtile"


def test_config_per_ruleset_table_beats_its_everywhere_value(capsys, tmp_path):
    path = tmp_path / "c.toml"
    path.write_text(
        "[options]\nkiriage_mangan = true\n[options.riichi]\nkiriage_mangan = false\n",
        encoding="utf-8",
    )
    _, out, _ = run(
        "score",
        "--config",
        str(path),
        "-F",
        "jsonl",
        *TANYAO.split(),
        "rules:webtile",
        capsys=capsys,
    )
    assert jsonl(out)[0]["options"]["kiriage_mangan"] is True
    _, out, _ = run("score", "--config", str(path), "-F", "jsonl", *TANYAO.split(), capsys=capsys)
    assert jsonl(out)[0]["options"]["kiriage_mangan"] is False


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("rules = [", "not valid TOML"),
        ("colour = true", "unknown key 'colour'"),
        ("rules = 3", "rules must be a ruleset name"),
        ('rules = "nope"', "unknown ruleset 'nope'"),
        ('format = "xml"', "format must be one of"),
        ("options = 3", "options must be a table"),
        ("[options]\nno_such = true", "options.no_such: no ruleset has an option 'no_such'"),
        # the first ruleset by name that has the option (ema, a preset, since issue 22)
        (
            '[options]\nkiriage_mangan = "maybe"',
            "options.kiriage_mangan (ema): option kiriage_mangan takes on or off",
        ),
        ('[options]\nred_fives = "three"', "takes a number"),
        ("[options.nope]\nx = 1", "options.nope: unknown ruleset 'nope'"),
        (
            "[options.european]\nkiriage_mangan = true",
            "options.european.kiriage_mangan: ruleset european has no option",
        ),
    ],
)
def test_a_bad_config_names_the_file_the_key_and_what_was_expected(capsys, tmp_path, text, says):
    path = tmp_path / "bad.toml"
    path.write_text(text + "\n", encoding="utf-8")
    code, out, err = run("score", "--config", str(path), *TANYAO.split(), capsys=capsys)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and str(path) in err and says in err, err


def test_a_set_option_from_the_config(capsys, tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[options.riichi]\npao = ["daisangen"]\n', encoding="utf-8")
    _, out, _ = run("score", "--config", str(path), "-F", "jsonl", *TANYAO.split(), capsys=capsys)
    assert jsonl(out)[0]["options"]["pao"] == ["daisangen"]


def test_house_rules_reach_the_parallel_workers(capsys, tmp_path, club):
    hands = tmp_path / "many.txt"
    hands.write_text((TANYAO + "\n") * 600, encoding="utf-8")
    _, out, _ = run(
        "score", "--config", str(club), "--file", str(hands), "--jobs", "2", capsys=capsys
    )
    values = {r["value"] for r in jsonl(out)}
    assert values == {8000}


# -- JSON listings -----------------------------------------------------------------------------


def test_rules_as_json(capsys):
    code, out, _ = run("rules", "--format", "json", capsys=capsys)
    assert code == 0
    data = json.loads(out)
    assert [r["name"] for r in data] == mjscore.ruleset_names()
    riichi = next(r for r in data if r["name"] == "riichi")
    kiriage = next(o for o in riichi["options"] if o["name"] == "kiriage_mangan")
    assert (kiriage["kind"], kiriage["default"]) == ("bool", False)
    pao = next(o for o in riichi["options"] if o["name"] == "pao")
    assert pao["kind"] == "set" and isinstance(pao["default"], list)


def test_yaku_as_json(capsys):
    code, out, _ = run("yaku", "--rules", "riichi", "--format", "json", capsys=capsys)
    assert code == 0
    data = json.loads(out)
    assert data["rules"] == "riichi" and data["scoring"] == "han_fu"
    tanyao = next(y for y in data["yaku"] if y["key"] == "tanyao")
    assert (tanyao["name_ja"], tanyao["han"], tanyao["han_open"]) == ("断幺九", 1, 1)
    riichi = next(y for y in data["yaku"] if y["key"] == "riichi")
    assert riichi["han_open"] is None
    code, out, _ = run("yaku", "--rules", "european", "--format", "json", capsys=capsys)
    data = json.loads(out)
    assert {"rows", "doubles", "special"} <= set(data) and data["rows"][0]["key"] == "mahjong"


def test_listings_refuse_an_unknown_format(capsys):
    code, _, err = run("yaku", "--format", "xml", capsys=capsys)
    assert code == 2 and "unknown format 'xml'" in err


def test_the_documented_club_config_is_a_working_config(capsys, tmp_path):
    import re

    readme = (ROOT / "docs" / "config.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```toml\n(.*?)```", readme, flags=re.S)
    path = tmp_path / "club.toml"
    path.write_text(block, encoding="utf-8")
    code, out, err = run("score", "--config", str(path), "--file", str(EXAMPLES), capsys=capsys)
    assert code == 0, err
    recs = jsonl(out)
    assert recs[0]["options"]["kiriage_mangan"] is True
    boo = next(r for r in recs if r["rules"] == "kansai-boo")
    assert boo["options"]["closed_bonus"] is True
    assert "mahjong" in {p["reason"] for r in recs for p in r["payments"]}


def test_the_config_lookup_order(monkeypatch, tmp_path):
    from mjscore.cli.config import config_path

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME")
    assert config_path(None) == (str(tmp_path / ".config" / "mjscore" / "config.toml"), False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "x"))
    assert config_path(None) == (str(tmp_path / "x" / "mjscore" / "config.toml"), False)
    monkeypatch.setenv("MJSCORE_CONFIG", "env.toml")
    assert config_path(None) == ("env.toml", True)
    assert config_path("flag.toml") == ("flag.toml", True)
