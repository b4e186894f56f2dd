"""The webtile ruleset file against seed 002's own table, and what `mjscore yaku` shows of it.

The case file (tests/cases/webtile.cases) scores hands; these tests check the
data: every 1-6 han yaku of the seed with its value closed and open (▲ closed
only, △ one han less when open), the options with the defaults the spec gives,
and the table a user reads.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import mjscore

# seed 002, in its order: japanese name -> (han closed, han open or None for ▲)
SEED_002 = {
    "門前摸和": (1, None),
    "平和": (1, None),
    "一盃口": (1, None),
    "立直": (1, None),
    "公開立直": (1, None),
    "断幺九": (1, 1),
    "海底摸月": (1, 1),
    "河底撈魚": (1, 1),
    "嶺上開花": (1, 1),
    "槓振和": (1, 1),
    "二重立直": (2, None),
    "七対子": (2, None),
    "一気通貫": (2, 1),
    "三色同順": (2, 1),
    "混全帯幺": (2, 1),
    "一色三順": (2, 1),
    "対々和": (2, 2),
    "三暗刻": (2, 2),
    "三色同刻": (2, 2),
    "三槓子": (2, 2),
    "混老頭": (2, 2),
    "三連刻": (2, 2),
    "両盃口": (3, None),
    "純全帯幺": (3, 2),
    "混一色": (3, 2),
    "小三元": (4, 4),
    "花槓": (5, 5),
    "一筒摸月": (5, 5),
    "五筒開花": (5, 5),
    "双竜争珠": (5, 5),
    "五門斎": (5, 5),
    "清一色": (6, 5),
}
YAKUHAI = ("haku", "hatsu", "chun", "seat_wind", "round_wind")  # 翻牌, one per set


@pytest.fixture(scope="module")
def webtile():
    return mjscore.load_ruleset("webtile")


def test_it_extends_riichi(webtile):
    assert webtile.extends == "riichi"
    assert mjscore.load_ruleset("riichi").yaku["shousangen"].han == 2  # riichi untouched


@pytest.mark.parametrize("japanese, values", SEED_002.items(), ids=list(SEED_002))
def test_every_seed_yaku_has_its_value(webtile, japanese, values):
    found = [s for s in webtile.yaku.values() if s.japanese == japanese]
    assert len(found) == 1, f"{japanese}: {[s.key for s in found]}"
    spec = found[0]
    assert (spec.han, spec.han_open) == values
    assert spec.yakuman == 0


def test_yakuhai_is_one_han_open_or_closed(webtile):
    for key in YAKUHAI:
        spec = webtile.yaku[key]
        assert spec.japanese.startswith("翻牌") and (spec.han, spec.han_open) == (1, 1)


def test_every_entry_is_described(webtile):
    bare = [k for k, s in webtile.yaku.items() if not (s.name and s.japanese and s.reading)]
    assert bare == []
    undocumented = [k for k, s in webtile.options.items() if not s.help]
    assert undocumented == []


def test_limit_yaku_stand_alone(webtile):
    alone = {k: webtile.yaku[k].han for k, s in webtile.yaku.items() if s.alone}
    assert alone == {"nagashi": 5, "shiisan_puutaa": 5, "renhou": 8}


@pytest.mark.parametrize(
    "name, default",
    [
        ("tsumo_pinfu", False),
        ("flowers", False),
        ("chankan", True),
        ("chiitoitsu_fu", 30),
        ("red_fives", 4),
        ("yakuman_stacking", False),
        ("two_player", False),
        ("two_han_minimum_honba", 5),
        ("shiisan_puutaa", True),
        ("renhou", "baiman"),
        ("banryoku", True),
        ("benikujaku", True),
        ("daisharin", True),
        ("hyakumangoku", False),
        ("isshoku_yonjun", True),
        ("suurenkou", True),
        ("fuukasetsugetsu", True),
        ("paarenchan", True),
    ],
)
def test_option_defaults(webtile, name, default):
    assert webtile.options[name].default == default


def test_optional_yakuman_each_have_their_option(webtile):
    optional = {k for k, s in webtile.yaku.items() if s.optional and s.yakuman}
    assert optional == {
        "banryoku",
        "benikujaku",
        "daisharin",
        "hyakumangoku",
        "isshoku_yonjun",
        "suurenkou",
        "fuukasetsugetsu",
        "paarenchan",
    }
    assert all(webtile.yaku[k].by_option == k for k in optional)


def test_yaku_command_shows_japanese_readings_and_optional_ones():
    out = subprocess.run(
        [sys.executable, "-m", "mjscore", "yaku", "--rules", "webtile"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "COLUMNS": "250"},
    ).stdout  # one row a line
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.strip()}
    assert rows["isshoku_sanjun"][-4:] == ["一色三順", "イーソウサンシュン", "2", "1"]
    assert rows["shousangen"][-2:] == ["4", "4"]
    assert rows["open_riichi"][-2:] == ["1", "–"]
    assert rows["daisharin"][-1] == "optional"
    assert "百万石" in rows["hyakumangoku"]
