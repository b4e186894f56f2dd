"""`mjscore table`: every ruleset's table, at every width, against the scoring code.

The numbers are checked against what mjscore scores for real hands and against the
payment functions, never against the table's own output; known published values
(riichi 3 han 30 fu = 3,900) are checked as such.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest

import mjscore
from mjscore import rulesets
from mjscore.engine.catalog import load_ruleset
from mjscore.rulesets import ruleset_names
from mjscore.scoring.payments import WinSide, hand_payments
from mjscore.scoring.points import base_points

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/, for cli_helpers.py
from cli_helpers import run  # noqa: E402

WIDTHS = (40, 60, 80, 120)
NUMBER = re.compile(r"\d[\d,]*")
WHOLE = re.compile(r"\d{1,3}(,\d{3})*")  # 2,00 or a lone 0 of a wrapped 2,000 fails


def table(capsys, monkeypatch, *args: str, columns: int = 80) -> str:
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, err = run("table", *args, capsys=capsys)
    assert code == 0 and err == "", err
    return out


def table_json(capsys, *args: str) -> dict:
    code, out, err = run("table", "--format", "json", *args, capsys=capsys)
    assert code == 0 and err == "", err
    return json.loads(out)


def cell(data: dict, **where: int) -> dict:
    [found] = [c for c in data["cells"] if all(c[k] == v for k, v in where.items())]
    return found


def tokens(text: str) -> set[str]:
    """The words of the text, a/b payments split in two."""
    return {t for word in text.split() for t in word.split("/")}


def han_fu_amounts(ruleset_name: str, han: int, fu: int, dealer: bool) -> tuple[int, list[int]]:
    """(ron, the tsumo payments) of han x fu, from the payment functions themselves."""
    ruleset = load_ruleset(ruleset_name)
    base, _ = base_points(han, fu, 0, ruleset.resolve_options(), ruleset.params)
    winner = "E" if dealer else "S"
    ron = hand_payments(base, WinSide(winner, False, "N", 0, 0), ruleset.params)
    tsumo = hand_payments(base, WinSide(winner, True, None, 0, 0), ruleset.params)
    return ron[0].amount, sorted(p.amount for p in tsumo)


@pytest.mark.parametrize("dealer", [False, True])
@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("name", ruleset_names())
def test_every_ruleset_has_a_table_that_fits_and_keeps_numbers_whole(
    name, columns, dealer, capsys, monkeypatch
):
    text = table(
        capsys, monkeypatch, "--rules", name, *(["--dealer"] if dealer else []), columns=columns
    )
    lines = text.splitlines()
    assert len(lines) > 10
    assert max(len(line) for line in lines) <= columns, [x for x in lines if len(x) > columns]
    printed = {n.rstrip(",") for n in NUMBER.findall(text)}
    assert all(WHOLE.fullmatch(n) for n in printed), sorted(printed)
    data = table_json(capsys, "--rules", name)
    who = "dealer" if dealer else "non_dealer"
    if data["scoring"] == "han_fu":
        assert re.search(r"^\S+\s+ron\s", text, re.M) or "  ron " in text
        for han in data["han"][:3]:
            ron, tsumo = han_fu_amounts(name, han, 40, dealer)
            assert f"{ron:,}" in tokens(text)
            assert {f"{t:,}" for t in tsumo} <= tokens(text)
            assert cell(data, han=han, fu=40)[who]["ron"] == ron
    elif data["scoring"] == "points_doubles":
        assert {f"{c['score']:,}" for c in data["cells"]} <= tokens(text)
    else:
        assert {str(c["ron"]["total"]) for c in data["cells"]} <= tokens(text)


def test_riichi_published_values(capsys, monkeypatch):
    data = table_json(capsys)
    three_thirty = cell(data, han=3, fu=30)["non_dealer"]
    assert three_thirty["ron"] == 3900
    assert three_thirty["tsumo"] == {"from_non_dealer": 1000, "from_dealer": 2000, "total": 4000}
    four_thirty = cell(data, han=4, fu=30)["dealer"]
    assert four_thirty["ron"] == 11600
    assert four_thirty["tsumo"] == {"from_each": 3900, "total": 11700}
    assert cell(data, han=1, fu=30)["non_dealer"]["tsumo"]["total"] == 1100  # 300/500
    assert cell(data, han=2, fu=25)["non_dealer"]["ron"] == 1600
    assert cell(data, han=2, fu=25)["non_dealer"]["tsumo"] is None  # seven pairs + tsumo: 3
    assert cell(data, han=1, fu=20)["non_dealer"]["tsumo"] is None  # pinfu + tsumo: 2
    assert cell(data, han=2, fu=20)["non_dealer"]["tsumo"]["total"] == 1500  # 400/700
    limits = {row["name"]: row for row in data["limits"]}
    assert limits["mangan"]["han"] == 5 and limits["mangan"]["non_dealer"]["ron"] == 8000
    assert limits["haneman"]["han_max"] == 7 and limits["haneman"]["dealer"]["ron"] == 18000
    assert limits["yakuman"]["dealer"]["tsumo"] == {"from_each": 16000, "total": 48000}
    text = table(capsys, monkeypatch)
    assert "3,900" in text and "1,000/2,000" in text
    assert re.search(r"^4\s+ron\s", text, re.M) and re.search(r"^\s+tsumo\s", text, re.M)
    dealer = table(capsys, monkeypatch, "--dealer")
    assert "11,600" in dealer and "3,900 all" in dealer


def test_the_table_agrees_with_scored_hands(capsys):
    data = table_json(capsys)
    for seat, who in (("S", "non_dealer"), ("E", "dealer")):
        ron = mjscore.score(f"234m456p678s23s55p ron:4s- riichi seat:{seat} round:E")
        assert (ron.han, ron.fu) == (3, 30)
        assert cell(data, han=3, fu=30)[who]["ron"] == ron.value
    tsumo = mjscore.score("234m456p678s23s55p tsumo:4s riichi seat:S round:E")
    assert (tsumo.han, tsumo.fu) == (4, 20)
    by_payer = {p.payer: p.amount for p in tsumo.payments}
    want = cell(data, han=4, fu=20)["non_dealer"]["tsumo"]
    assert want == {
        "from_non_dealer": by_payer["W"],
        "from_dealer": by_payer["E"],
        "total": tsumo.value,
    }


def test_kiriage_where_the_ruleset_has_it(capsys, monkeypatch):
    plain = table_json(capsys)
    kiriage = table_json(capsys, "--opt", "kiriage_mangan=on")
    assert cell(plain, han=4, fu=30)["non_dealer"]["ron"] == 7700
    for han, fu in ((4, 30), (3, 60)):
        assert cell(kiriage, han=han, fu=fu)["limit"] == "mangan"
        assert cell(kiriage, han=han, fu=fu)["non_dealer"]["ron"] == 8000
        assert cell(kiriage, han=han, fu=fu)["dealer"]["ron"] == 12000
    hand = "234m456p678s23s55p ron:4s- riichi seat:S round:E dora:1m"  # 4 han 30 fu
    assert mjscore.score(hand).value == 7700
    assert mjscore.score(hand, options={"kiriage_mangan": "on"}).value == 8000
    assert "7,700" not in table(capsys, monkeypatch, "--opt", "kiriage_mangan=on")
    assert "kiriage mangan: off" in table(capsys, monkeypatch)
    code, _, err = run("table", "--rules", "arushal", "--opt", "kiriage_mangan=on", capsys=capsys)
    assert code == 2 and "no option 'kiriage_mangan'" in err


def test_arushal_and_kansai_boo_have_their_own_point_systems(capsys, monkeypatch):
    arushal = table_json(capsys, "--rules", "arushal")
    assert arushal["han"][0] == 0  # no one-han minimum
    assert cell(arushal, han=0, fu=30)["non_dealer"]["tsumo"]["total"] == 120  # README
    open_pinfu = mjscore.score("23m567p99s chi:123s- chi:456s- ron:4m- rules:arushal")
    assert (open_pinfu.han, open_pinfu.fu) == (1, 20)
    assert cell(arushal, han=1, fu=20)["non_dealer"]["ron"] == open_pinfu.value == 160
    assert cell(arushal, han=0, fu=20)["non_dealer"]["ron"] is None  # 20 fu is pinfu
    limits = [row["name"] for row in arushal["limits"]]
    assert limits == ["mangan", "yakuman"]  # nothing above mangan, a yakuman paid as one
    mangan = arushal["limits"][0]
    assert (mangan["non_dealer"]["ron"], mangan["dealer"]["ron"]) == (2000, 3000)
    assert arushal["limits"][1]["paid_as"] == "mangan"
    boo = table_json(capsys, "--rules", "kansai-boo")
    assert boo["han"][0] == 1  # the field han
    for line, han in (("1122m3344p5566s7z ron:7z-", 3), ("1122m3344p5566s7z tsumo:7z", 4)):
        scored = mjscore.score(f"{line} rules:kansai-boo")
        assert (scored.han, scored.fu) == (han, 25)
        pay = cell(boo, han=han, fu=25)["non_dealer"]
        assert (pay["ron"] if "ron:" in line else pay["tsumo"]["total"]) == scored.value
    assert cell(boo, han=2, fu=25)["non_dealer"]["ron"] is None
    text = table(capsys, monkeypatch, "--rules", "kansai-boo")
    assert "each dora is paid" in text and "each honba adds 300" in text


def test_european_pays_points_with_east_double(capsys, monkeypatch):
    data = table_json(capsys, "--rules", "european")
    for seat, who in (("S", "non_dealer"), ("E", "dealer")):
        scored = mjscore.score(
            f"123m456m789p23s55p ron:4s- seat:{seat} round:E breach:E rules:european"
        )
        tally = scored.to_dict()
        pay = cell(data, points=tally["points"], doubles=tally["doubles"])
        assert pay["score"] == tally["score"] == 30
        by_payer = {p.payer: p.amount for p in scored.payments}
        if seat == "E":
            assert pay[who] == {"from_each": by_payer["S"], "total": scored.value}
        else:
            assert pay[who] == {
                "from_non_dealer": by_payer["W"],
                "from_dealer": by_payer["E"],
                "total": scored.value,
            }
    assert cell(data, points=40, doubles=5)["capped"]
    assert data["limit"]["non_dealer"] == {
        "from_non_dealer": 1000,
        "from_dealer": 2000,
        "total": 4000,
    }
    low = table_json(capsys, "--rules", "european", "--opt", "limit=500")
    assert low["limit"]["score"] == 500 and max(c["score"] for c in low["cells"]) == 500
    huge = table(
        capsys, monkeypatch, "--rules", "european", "--opt", "limit=1000000", columns=40
    )  # seven-digit scores: each column as wide as its own numbers
    assert max(len(line) for line in huge.splitlines()) <= 40 and "1,000,000/2,000,000" in huge
    text = table(capsys, monkeypatch, "--rules", "european")
    assert re.search(r"^\s+paid\s+20/40\s", text, re.M)
    assert "40 all" in table(capsys, monkeypatch, "--rules", "european", "--dealer")


def test_mcr_pays_eight_and_the_fan(capsys, monkeypatch):
    data = table_json(capsys, "--rules", "mcr")
    ron = mjscore.score(
        "34s 55z chi:123m chi:567p pon:888s ron:2s- seat:S round:E flowers:1f2g rules:mcr"
    )
    pay = cell(data, fan=ron.value)["ron"]
    by_reason = {p.reason: p.amount for p in ron.payments}
    assert (pay["from_discarder"], pay["from_each_other"]) == (by_reason["ron"], by_reason["base"])
    assert pay["total"] == sum(p.amount for p in ron.payments)
    tsumo = mjscore.score("147m258p369s 1234z tsumo:7z seat:S round:E rules:mcr")
    each = {p.amount for p in tsumo.payments}
    assert (
        {c["tsumo"]["from_each"] - c["fan"] for c in data["cells"]}
        == {a - tsumo.value for a in each}
        == {8}
    )
    text = table(capsys, monkeypatch, "--rules", "mcr", "--dealer")
    assert "no dealer in MCR" in text and "16 all = 48" in text


def test_a_ruleset_file_is_read_by_its_scheme_not_its_name(tmp_path, monkeypatch, capsys):
    for name in ruleset_names():
        shutil.copy(f"{rulesets.HERE}/{name}.toml", tmp_path)
    (tmp_path / "club.toml").write_text(
        'extends = "riichi"\ntitle = "Thursday club"\n[options.kiriage_mangan]\ndefault = true\n',
        encoding="utf-8",
    )
    (tmp_path / "parlour.toml").write_text(
        'extends = "european"\ntitle = "Parlour"\n[params]\neast_factor = 1\n', encoding="utf-8"
    )
    monkeypatch.setattr(rulesets, "HERE", str(tmp_path))
    club = table_json(capsys, "--rules", "club")
    assert cell(club, han=4, fu=30)["non_dealer"]["ron"] == 8000
    parlour = table_json(capsys, "--rules", "parlour")
    assert cell(parlour, points=20, doubles=0)["non_dealer"]["from_dealer"] == 20
    assert "Thursday club: non-dealer" in table(capsys, monkeypatch, "--rules", "club")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--opt", "kiriage"], "--opt takes NAME=VALUE"),
        (["--opt", "kiriage=on"], "did you mean 'kiriage_mangan'"),
        (["--opt", "kiriage_mangan=maybe"], "takes on or off"),
        (["--format", "xml"], "unknown format 'xml'"),
        (["--rules", "richi"], "unknown ruleset 'richi'"),
    ],
)
def test_bad_options_are_one_clear_message(args, said, capsys):
    code, out, err = run("table", *args, capsys=capsys)
    assert code == 2 and out == "" and said in err and "internal" not in err


def limit_rows(text: str, head: str) -> list[str]:
    """The names of the limit block's rows: the lines after the header `head` (its first
    word) down to the first blank line, each name up to the two-blank gap before a number."""
    lines = text.splitlines()
    [start] = [i for i, line in enumerate(lines) if line.split()[:1] == [head]]
    names = []
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        names.append(re.split(r"\s{2,}", line.strip())[0])
    return names


@pytest.mark.parametrize("lang, head", [("en", "limit"), ("ja", "役満・満貫")])
@pytest.mark.parametrize("name", ["riichi", "mahjongsoul", "mleague", "sanma", "webtile"])
def test_each_limit_row_has_a_name_of_its_own(name, lang, head, capsys, monkeypatch):
    """Issue 36: the 13+ han row is 数え役満 (counted yakuman), not a second 役満."""
    text = table(capsys, monkeypatch, "--lang", lang, "--rules", name)
    rows = limit_rows(text, head)
    assert len(rows) == len(set(rows)), rows
    counted = [row for row in table_json(capsys, "--rules", name)["limits"] if row["han"] == 13]
    assert len(counted) == (0 if name == "mleague" else 1)  # M.League: no counted yakuman
    if counted:
        assert ("数え役満" if lang == "ja" else "kazoe-yakuman") in rows
        assert (
            rows.index("数え役満" if lang == "ja" else "kazoe-yakuman")
            == rows.index("役満" if lang == "ja" else "yakuman") - 1
        )
