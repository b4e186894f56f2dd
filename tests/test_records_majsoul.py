"""`mjscore import` / `check` / `game` on Mahjong Soul game records (records/majsoul.py).

The real records are in tests/data/logs/majsoul/ (README there); each win's verdict is
the record's own RecordHule, and each game's end its `head.result`. The small records
written here by hand (tests/records_builder.py) carry verdicts computed from the rules.
"""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

import pytest
from records_builder import majsoul_record

from mjscore.cli.records import check_command, import_command
from mjscore.engine.catalog import load_ruleset
from mjscore.ledger import games
from mjscore.records import Problem, Win, detect_format, read_hands
from mjscore.records.check import check_win
from mjscore.records.draws import Drawn, GameEnd, GameStart, RoundScores
from mjscore.records.majsoul import FAN_KEYS, FAN_OTHERS, room_rules

ROOT = Path(__file__).resolve().parent.parent
MAJSOUL = ROOT / "tests" / "data" / "logs" / "majsoul"
RANKED = MAJSOUL / "250918-8eb02a7e-670e-4f11-bc3f-4ec2edf71dc2.json"
RANKED_2 = MAJSOUL / "250913-638affa1-cee0-4aee-869b-69b9cb40c983.json"
CONTEST = MAJSOUL / "260326-1143641d-f06c-45f9-a969-67108b9ee693.json.gz"
RECORDS = {RANKED: 10, RANKED_2: 6, CONTEST: 15}  # wins in each


def items(source, **kw):
    return list(read_hands(source, games=True, **kw))


def check(*paths: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = check_command(list(paths), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


# -- the real records -----------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(RECORDS), ids=lambda p: p.name[:12])
def test_check_agrees_on_every_win_and_the_game(path):
    """han, fu, limit, the yaku by fan id and every seat's change; the ledger's rounds
    and the final result (`head.result`)."""
    code, out, err = check(str(path))
    wins = RECORDS[path]
    assert out.splitlines()[0] == f"agree {wins}/{wins}", out
    assert out.splitlines()[1].startswith("games 1/1:") and "owari 1/1" in out
    assert code == 0


def test_the_yaku_are_compared_by_fan_id():
    """One fan id changed in the record: `check` names the yaku as the difference."""
    doc = json.loads(RANKED.read_text("utf-8"))
    hule = next(r for r in doc["records"] if r["__type"] == "RecordHule")
    assert hule["hules"][0]["fans"][0] == {"val": 1, "id": 1}  # menzen tsumo
    hule["hules"][0]["fans"][0]["id"] = 12  # tanyao instead
    found = [i for i in items(json.dumps(doc).encode()) if isinstance(i, Win)]
    assert check_win(found[0]).differences == ("yaku",)
    assert all(check_win(w).agree for w in found[1:])


def test_import_then_game_reproduces_every_round_and_the_result():
    """`mjscore import F | mjscore game -`: the contest game's own start (30,000), return
    (30,000) and uma (+15/+5/-5/-15) come with the `# game` line."""
    out = io.StringIO()
    assert import_command([str(CONTEST)], out=out, err=io.StringIO(), quiet=True) == 0
    header = out.getvalue().splitlines()[0]
    assert "start:30000" in header and "return:30000" in header and "uma:15,5,-5,-15" in header
    (game,) = games(out.getvalue().splitlines())
    # head.result: part_point_1 and total_point by seat
    assert game.final == (-6700, 66500, 45300, 14900)
    assert game.result == (-51.7, 51.5, 20.3, -20.1)


def test_gzip_and_plain_read_alike(tmp_path):
    plain = tmp_path / "contest.json"
    plain.write_bytes(gzip.decompress(CONTEST.read_bytes()))
    gz = [i.line for i in items(CONTEST) if isinstance(i, Win)]
    assert gz == [i.line for i in items(plain) if isinstance(i, Win)] and len(gz) == 15


def test_an_abortive_draw_is_its_drawn_line_and_the_next_round_its_scores():
    found = items(RANKED)
    (drawn,) = [i for i in found if isinstance(i, Drawn)]
    assert drawn.kind == "nine-terminals" and drawn.source.round == "S2"
    assert drawn.line.startswith("draw:nine-terminals round:S")
    scores = [i for i in found if isinstance(i, RoundScores) and i.source.round == "S2"]
    assert scores[0].after == scores[1].start  # the record's next round gives its scores


def test_the_game_start_names_the_players_by_seat_and_the_ruleset():
    start = next(i for i in items(RANKED) if isinstance(i, GameStart))
    assert start.players == ("Benoit", "空ーsora", "dg1", "闵行七小对")
    assert start.rules == "mahjongsoul" and start.length == "south" and start.settings == ()
    end = next(i for i in items(RANKED) if isinstance(i, GameEnd))
    assert end.points == (10100, 43400, 20900, 25600)
    assert end.results == (-29.9, 33.4, -9.1, 5.6)


def test_the_contest_rules_become_options_settings_and_a_note():
    found = items(CONTEST)
    line = next(i for i in found if isinstance(i, Win)).line
    for token in (
        "opt:red_fives=0",
        "opt:kiriage_mangan=on",
        "opt:multiple_ron=head_bump",
        "opt:double_yakuman=off",
        "opt:double_wind_pair_fu=2",
        "opt:kokushi_ankan_chankan=off",
        "opt:renhou=mangan",
    ):
        assert token in line
    (note,) = [i for i in found if isinstance(i, Problem)]
    assert note.kind == "rules" and "extended pao settings" in note.message


# -- the room's rules: every detail_rule field ------------------------------------------------

# (field, value) -> (options, settings, a note's words or None); a field left at the ranked
# rules' value changes nothing
DETAIL = [
    ("dora_count", 0, {"red_fives": "0"}, {}, None),
    ("dora_count", 3, {}, {}, None),
    ("dora_count", 4, {}, {}, "4 red fives"),
    ("shiduan", 0, {"open_tanyao": "off"}, {}, None),
    ("shiduan", 1, {}, {}, None),
    ("have_qieshangmanguan", True, {"kiriage_mangan": "on"}, {}, None),
    ("have_toutiao", True, {"multiple_ron": "head_bump"}, {}, None),
    ("have_sanjiahele", True, {"multiple_ron": "double"}, {}, None),
    ("disable_double_yakuman", 1, {"double_yakuman": "off"}, {}, None),
    ("disable_composite_yakuman", 1, {"yakuman_stacking": "off"}, {}, None),
    ("disable_multi_yukaman", True, {"yakuman_stacking": "off"}, {}, None),
    ("disable_leijiyiman", True, {"kazoe_yakuman": "off"}, {}, None),
    ("disable_angang_guoshi", 1, {"kokushi_ankan_chankan": "off"}, {}, None),
    ("disable_double_wind_four_fu", 1, {"double_wind_pair_fu": "2"}, {}, None),
    ("enable_renhe", 1, {"renhou": "mangan"}, {}, None),
    ("init_point", 30000, {}, {"start": "30000"}, None),
    ("jingsuanyuandian", 30000, {}, {"return": "30000"}, None),
    ("fandian", 35000, {}, {"goal": "35000"}, None),
    ("can_jifei", False, {}, {"bust": "off"}, None),
    ("have_nanruxiru", False, {}, {"west": "off"}, None),
    ("have_helezhongju", False, {}, {"agari-yame": "off"}, None),
    ("shunweima_2", 10, {}, {"uma": "10,10,-5,-15"}, None),  # the others: ranked
    ("tianbian_value", 100000, {}, {}, "points cap"),
    ("liqibang_value", 2000, {}, {}, "riichi deposit of 2000"),
    ("changbang_value", 500, {}, {}, "honba worth 500"),
    ("noting_fafu_1", 3000, {}, {}, "noten payments of 3000"),
    ("noting_fafu_2", 1000, {}, {}, "noten payments of 1000"),
    ("noting_fafu_3", 1000, {}, {}, "noten payments of 1000"),
    ("fanfu", 2, {}, {}, "minimum of 2 han"),
    ("have_yifa", False, {}, {}, "no ippatsu"),
    ("have_biao_dora", False, {}, {}, "no dora"),
    ("have_gang_biao_dora", False, {}, {}, "no kan dora"),
    ("have_li_dora", False, {}, {}, "no ura dora"),
    ("have_gang_li_dora", False, {}, {}, "no kan ura dora"),
    ("have_helelianzhuang", False, {}, {}, "no dealer repeat on a dealer's win"),
    ("have_tingpailianzhuang", False, {}, {}, "no dealer repeat when ready"),
    ("have_tingpaizhongju", True, {}, {}, "tenpai-yame"),
    ("enable_baopai_extend_settings", 1, {}, {}, "extended pao"),
    ("guyi_mode", 1, {}, {}, "ancient yaku"),
    ("dora3_mode", 1, {}, {}, "dora fever"),
    ("begin_open_mode", 1, {}, {}, "open starting hands"),
    ("jiuchao_mode", 1, {}, {}, "mirror battle"),
    ("muyu_mode", 1, {}, {}, "dragon's eye"),
    ("xuezhandaodi", 1, {}, {}, "shura battle"),
    ("huansanzhang", 1, {}, {}, "three-tile exchange"),
    ("chuanma", 1, {}, {}, "Sichuan"),
    ("reveal_discard", 1, {}, {}, "night battle"),
    ("field_spell_mode", 10101, {}, {}, "illusion legend"),
    ("zhanxing", 1, {}, {}, "astrology"),
    ("tianming_mode", 1, {}, {}, "fate battle"),
    ("yongchang_mode", 1, {}, {}, "chanting battle"),
    ("hunzhiyiji_mode", 1, {}, {}, "soul strike"),
    ("wanxiangxiuluo_mode", 1, {}, {}, "ten thousand changes"),
    ("beishuizhizhan_mode", 1, {}, {}, "last resort"),
    ("amusement_switches", [18], {}, {}, "amusement mode"),
    ("enable_shiti", 1, {}, {}, "enable_shiti"),
    ("a_new_field", 1, {}, {}, "a_new_field=1, which mjscore does not read"),
]
# read, and nothing to do: the record shows their effect event by event, or they are about
# the client (time, hints, the AI's level, shown hands)
NO_EFFECT = [
    "time_fixed",
    "time_add",
    "bianjietishi",
    "ai_level",
    "open_hand",
    "ming_dora_immediately_open",
    "have_sifenglianda",
    "have_sigangsanle",
    "have_sijializhi",
    "have_jiuzhongjiupai",
    "have_liujumanguan",
    "enable_nontsumo_liqi",
]


def rules_of(detail: dict, mode: int = 2):
    return room_rules({"mode": {"mode": mode, "detail_rule": detail}})


@pytest.mark.parametrize("field, value, options, settings, note", DETAIL, ids=lambda v: str(v))
def test_every_detail_rule_field_is_read(field, value, options, settings, note):
    room = rules_of({field: value})
    assert room.rules.options == options
    assert dict(room.settings) == settings
    if note is None:
        assert room.rules.unknown == ()
    else:
        (found,) = room.rules.unknown
        assert note in found


@pytest.mark.parametrize("field", NO_EFFECT)
def test_the_fields_without_effect_change_nothing(field):
    room = rules_of({field: True})
    assert (room.rules.options, room.settings, room.rules.unknown) == ({}, (), ())


def test_the_mode_gives_players_and_length():
    assert (rules_of({}, 1).rules.players, rules_of({}, 1).length) == (4, "east")
    assert (rules_of({}, 12).rules.players, rules_of({}, 12).length) == (3, "south")
    assert rules_of({}, 12).rules.ruleset == "mahjongsoul-sanma"
    assert rules_of({}, 4).length == "single"
    # three players: two red fives are the ranked rule, and tsumo loss can be switched off
    assert rules_of({"dora_count": 2, "have_zimosun": False}, 11).rules.options == {
        "tsumo_loss": "off"
    }
    assert rules_of({"shunweima_2": 0, "shunweima_3": -15}, 12).settings == (("uma", "15,0,-15"),)


def test_a_two_player_game_is_the_files_problem():
    record = majsoul_record([], players=4).replace(b'"mode": 2', b'"mode": 22')
    (start, *_) = found = items(record, name="two.json")
    assert isinstance(start, Problem) and "a game of 2 players" in start.message
    assert not [i for i in found if isinstance(i, Win)]


# -- the fan ids -------------------------------------------------------------------------------

# Mahjong Soul's fan table as published (Fat-pig-Cui/majsoul-replay-editor doc/0_字典.md,
# "役种一览"): id -> its name there, and the yaku of mjscore it is (None: mjscore has none)
FAN_TABLE = {
    1: ("门前清自摸和", "menzen_tsumo"),
    2: ("立直", "riichi"),
    3: ("枪杠", "chankan"),
    4: ("岭上开花", "rinshan"),
    5: ("海底摸月", "haitei"),
    6: ("河底捞鱼", "houtei"),
    7: ("役牌 白", "haku"),
    8: ("役牌 发", "hatsu"),
    9: ("役牌 中", "chun"),
    10: ("役牌:门风牌", "seat_wind"),
    11: ("役牌:场风牌", "round_wind"),
    12: ("断幺九", "tanyao"),
    13: ("一杯口", "iipeikou"),
    14: ("平和", "pinfu"),
    15: ("混全带幺九", "chanta"),
    16: ("一气通贯", "ittsu"),
    17: ("三色同顺", "sanshoku"),
    18: ("两立直", "double_riichi"),
    19: ("三色同刻", "sanshoku_doukou"),
    20: ("三杠子", "sankantsu"),
    21: ("对对和", "toitoi"),
    22: ("三暗刻", "sanankou"),
    23: ("小三元", "shousangen"),
    24: ("混老头", "honroutou"),
    25: ("七对子", "chiitoitsu"),
    26: ("纯全带幺九", "junchan"),
    27: ("混一色", "honitsu"),
    28: ("二杯口", "ryanpeikou"),
    29: ("清一色", "chinitsu"),
    30: ("一发", "ippatsu"),
    31: ("宝牌", "dora"),
    32: ("红宝牌", "aka_dora"),
    33: ("里宝牌", "ura_dora"),
    34: ("拔北宝牌", "kita"),
    35: ("天和", "tenhou"),
    36: ("地和", "chiihou"),
    37: ("大三元", "daisangen"),
    38: ("四暗刻", "suuankou"),
    39: ("字一色", "tsuuiisou"),
    40: ("绿一色", "ryuuiisou"),
    41: ("清老头", "chinroutou"),
    42: ("国士无双", "kokushi"),
    43: ("小四喜", "shousuushii"),
    44: ("四杠子", "suukantsu"),
    45: ("九莲宝灯", "chuuren"),
    46: ("八连庄", None),
    47: ("纯正九莲宝灯", "junsei_chuuren"),
    48: ("四暗刻单骑", "suuankou_tanki"),
    49: ("国士无双十三面", "kokushi_13"),
    50: ("大四喜", "daisuushii"),
    51: ("燕返", None),
    52: ("杠振", None),
    53: ("十二落抬", None),
    54: ("五门齐", None),
    55: ("三连刻", None),
    56: ("一色三同顺", None),
    57: ("一筒摸月", None),
    58: ("九筒捞鱼", None),
    59: ("人和", "renhou"),
    60: ("大车轮", None),
    61: ("大竹林", None),
    62: ("大数邻", None),
    63: ("石上三年", None),
    64: ("大七星", None),
    65: ("人和", "renhou"),
}
BONUS = {"dora", "aka_dora", "ura_dora", "kita"}  # counted, not yaku of the table


@pytest.mark.parametrize("fan", sorted(FAN_TABLE))
def test_every_fan_id_is_its_yaku(fan):
    name, key = FAN_TABLE[fan]
    assert FAN_KEYS.get(fan) == key, name
    if key is None:
        assert fan in FAN_OTHERS
    elif key not in BONUS:
        assert key in load_ruleset("mahjongsoul").yaku


def test_a_fan_mjscore_lacks_marks_the_win_as_a_rule_difference():
    doc = json.loads(RANKED.read_text("utf-8"))
    hule = next(r for r in doc["records"] if r["__type"] == "RecordHule")
    hule["hules"][0]["fans"].append({"id": 46, "val": 13})  # 八连庄
    win = next(i for i in items(json.dumps(doc).encode()) if isinstance(i, Win))
    assert any("八連荘" in r or "paarenchan" in r for r in win.rules)
    assert not win.record.yaku_keys  # yaku not compared: one of them is not mjscore's


# -- records written by hand -------------------------------------------------------------------

SCORES = [25000, 25000, 25000, 25000]


def start(tehais, dora="W", oya=0, kyoku=1, scores=SCORES, **kw):
    return {
        "type": "start_kyoku",
        "bakaze": "E",
        "dora_marker": dora,
        "kyoku": kyoku,
        "honba": 0,
        "kyotaku": 0,
        "oya": oya,
        "scores": scores,
        "tehais": tehais,
        **kw,
    }


def ev(kind, actor=None, pai=None, **kw):
    out = {"type": kind}
    if actor is not None:
        out["actor"] = actor
    if pai is not None:
        out["pai"] = pai
    return out | kw


def discard(actor, pai, tsumogiri=False):
    return ev("dahai", actor, pai, tsumogiri=tsumogiri)


# A pao: the dealer pons the three dragons, the third (C) off seat 3, and wins on seat 1's
# 4p: daisangen, 48,000; seat 3 is liable and pays half, the discarder the other half
# (riichi.wiki "Sekinin barai": on a ron from another player the two share the payment).
PAO = [
    start(
        [
            ["P", "P", "F", "F", "C", "C", "1m", "2m", "3m", "4p", "5p", "6p", "9p"],
            ["P", "4p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1p", "2p"],
            ["F", "1p", "2p", "3p", "4s", "5s", "6s", "7m", "8m", "9m", "2s", "3s", "9m"],
            ["C", "4m", "5m", "6m", "7p", "8p", "9p", "1s", "2s", "3s", "E", "E", "S"],
        ]
    ),
    ev("tsumo", 0, "9s"),
    discard(0, "9s", True),
    ev("tsumo", 1, "N"),
    discard(1, "P"),
    ev("pon", 0, "P", target=1, consumed=["P", "P"]),
    discard(0, "9p"),
    ev("tsumo", 1, "W"),
    discard(1, "W", True),
    ev("tsumo", 2, "N"),
    discard(2, "F"),
    ev("pon", 0, "F", target=2, consumed=["F", "F"]),
    discard(0, "6p"),
    ev("tsumo", 1, "S"),
    discard(1, "S", True),
    ev("tsumo", 2, "1m"),
    discard(2, "1m", True),
    ev("tsumo", 3, "N"),
    discard(3, "C"),
    ev("pon", 0, "C", target=3, consumed=["C", "C"]),
    discard(0, "5p"),
    ev("tsumo", 1, "W"),
    discard(1, "4p"),
    ev(
        "hora",
        0,
        "4p",
        target=1,
        deltas=[48000, -24000, 0, -24000],
        hule={
            "seat": 0,
            "zimo": False,
            "qinjia": True,
            "hand": ["1m", "2m", "3m", "4p"],
            "hu_tile": "4p",
            "yiman": True,
            "count": 1,
            "fu": 0,
            "fans": [{"id": 37, "val": 1}],
            "point_rong": 48000,
            "baopai": 4,
        },
        delta_scores=[48000, -24000, 0, -24000],
        scores=[73000, 1000, 25000, 1000],
    ),
]

# A chankan: the dealer pons 5s and adds the fourth; seat 2 robs it with 234m 234p 678m 55m
# 4s6s: tanyao and chankan, 2 han; 20 + 10 (closed ron) + 2 (kanchan) = 40 fu: 2,600.
CHANKAN = [
    start(
        [
            ["5s", "5s", "1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "E", "E"],
            ["5s", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "1s", "2s", "3s", "9m"],
            ["4s", "6s", "2m", "3m", "4m", "2p", "3p", "4p", "6m", "7m", "8m", "5m", "5m"],
            ["1p", "9p", "1s", "9s", "W", "N", "S", "S", "7s", "8s", "9s", "2s", "3s"],
        ],
        dora="9m",
    ),
    ev("tsumo", 0, "W"),
    discard(0, "W", True),
    ev("tsumo", 1, "N"),
    discard(1, "5s"),
    ev("pon", 0, "5s", target=1, consumed=["5s", "5s"]),
    discard(0, "1m"),
    ev("tsumo", 1, "N"),
    discard(1, "N", True),
    ev("tsumo", 2, "1s"),
    discard(2, "1s", True),
    ev("tsumo", 3, "9s"),
    discard(3, "9s", True),
    ev("tsumo", 0, "5s"),
    ev("kakan", 0, "5s", consumed=["5s", "5s", "5s"]),
    ev(
        "hora",
        2,
        "5s",
        target=0,
        deltas=[-2600, 0, 2600, 0],
        hule={
            "seat": 2,
            "zimo": False,
            "yiman": False,
            "count": 2,
            "fu": 40,
            "fans": [{"id": 3, "val": 1}, {"id": 12, "val": 1}],
            "point_rong": 2600,
        },
        delta_scores=[-2600, 0, 2600, 0],
        scores=[22400, 25000, 27600, 25000],
    ),
]


@pytest.mark.parametrize("actions", [False, True], ids=["records", "actions"])
def test_a_pao_ron_is_shared_by_the_liable_player_and_the_discarder(actions):
    found = items(majsoul_record(PAO, actions=actions), name="pao.json")
    (win,) = [i for i in found if isinstance(i, Win)]
    assert win.line.startswith("123m4p pon:555z+ pon:666z= pon:777z- ron:4p+")
    assert win.record.net == {"E": 48000, "S": -24000, "W": 0, "N": -24000}
    assert check_win(win).agree


@pytest.mark.parametrize("actions", [False, True], ids=["records", "actions"])
def test_a_chankan_robs_the_added_kan(actions):
    found = items(majsoul_record(CHANKAN, actions=actions), name="chankan.json")
    (win,) = [i for i in found if isinstance(i, Win)]
    assert "kakan" not in win.line and " chankan" in win.line
    assert (win.record.han, win.record.fu, win.record.value) == (2, 40, 2600)
    assert check_win(win).agree


def test_the_actions_form_reads_as_the_records_form():
    a = [i for i in items(majsoul_record(PAO, actions=True)) if isinstance(i, Win)]
    b = [i for i in items(majsoul_record(PAO)) if isinstance(i, Win)]
    assert [w.line for w in a] == [w.line for w in b]


def test_a_replayed_hand_that_differs_from_the_record_is_the_rounds_problem():
    bad = [dict(e) for e in PAO]
    bad[-1] = dict(bad[-1], hule=dict(bad[-1]["hule"], hand=["1m", "2m", "3m", "5p"]))
    found = items(majsoul_record(bad), name="bad.json")
    assert not [i for i in found if isinstance(i, Win)]
    (problem,) = [i for i in found if isinstance(i, Problem)]
    assert problem.kind == "error" and "differs from the hand the record shows" in problem.message


# -- which format, and the wrong kind ----------------------------------------------------------


def test_the_format_comes_from_the_content_not_the_name(tmp_path):
    assert detect_format(RANKED.read_bytes()) == "majsoul"
    assert detect_format(majsoul_record(PAO, actions=True)) == "majsoul"
    renamed = tmp_path / "game.mjlog"
    renamed.write_bytes(RANKED.read_bytes())
    assert len([i for i in items(renamed) if isinstance(i, Win)]) == 10


def test_a_record_without_its_rounds_says_what_it_expected():
    doc = json.loads(RANKED.read_text("utf-8"))
    del doc["records"]
    problems = [i for i in items(json.dumps(doc).encode(), name="x.json") if isinstance(i, Problem)]
    assert problems[-1].kind == "error"
    assert "no 'records' nor 'actions' list" in problems[-1].message
    text = [i for i in items(b"hello, not a record", name="t.txt") if isinstance(i, Problem)]
    assert "expected mjlog XML, Mahjong Soul JSON, mjai JSON Lines" in text[0].message


def test_three_players_a_kita_and_a_double_ron():
    """The real three-player round of tests/data/logs/mjai (a Mahjong Soul game) written
    back as Mahjong Soul's events: North set aside (RecordBaBei), then two rons on the
    second North; each RecordHule entry its own points, their sum the round's delta."""
    from test_records_mjai import SANMA

    events = [json.loads(line) for line in SANMA.read_bytes().splitlines()]
    events = events[: next(i for i, e in enumerate(events) if e["type"] == "end_kyoku")]
    horas = [e for e in events if e["type"] == "hora"]
    fans = [[(21, 2), (31, 3)], [(20, 2), (7, 1), (31, 5)]]  # 対々和, ドラ / 三槓子, 白, ドラ
    for e, f, points in zip(horas, fans, (12000, 16000), strict=True):
        e["hule"] = {
            "seat": e["actor"],
            "zimo": False,
            "yiman": False,
            "count": sum(v for _, v in f),
            "fans": [{"id": i, "val": v} for i, v in f],
            "point_rong": points,
        }
        e["delta_scores"] = [12000, 16000, -28000]
        e["scores"] = [47000, 51000, 7000]
    found = items(majsoul_record(events, players=3), name="sanma.json")
    first, second = [i for i in found if isinstance(i, Win)]
    assert "kita-ron" in first.line and "rules:mahjongsoul-sanma" in first.line
    assert first.record.net == {"E": 12000, "S": 0, "W": -12000}
    assert second.record.net == {"E": 0, "S": 16000, "W": -16000}
    assert check_win(first).agree and check_win(second).agree
    (scores,) = [i for i in found if isinstance(i, RoundScores)]
    assert scores.after == (47000, 51000, 7000)


def test_the_protobuf_bytes_beside_the_events_are_left_unparsed():
    from mjscore.records.majsoul import _without_buffer

    doc = (
        b'{"head": {"uuid": "x"}, "data": {"type": "Buffer", "data": [10, 21, 46]}, "records": []}'
    )
    assert json.loads(_without_buffer(doc)) == {"head": {"uuid": "x"}, "data": None, "records": []}
    odd = b'{"data": {"type": "Buffer", "data": [1, "x"]}}'
    assert _without_buffer(odd) == odd  # not a flat list of numbers: read as it is
