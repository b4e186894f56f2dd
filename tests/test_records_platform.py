"""`import` names the platform's ruleset on each line, and several rons on one discard
follow that ruleset's `multiple_ron` rule (issue 22).

The real double ron is tests/data/logs/mjlog/double-ron.mjlog, round E4-0: seat 3
deals in to seat 0 (7,700, the next to draw) and seat 2 (8,000); Tenhou's sc gives
seat 0 the two riichi sticks (+9,700) and seat 2 the bare 8,000 (上家取り).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import mjscore
from mjscore.records import Problem, Win, read_hands
from mjscore.records import mjlog as mjlog_reader
from mjscore.records.check import check_win
from mjscore.records.replay import multiple_ron
from mjscore.records.rules import from_tenhou6, platform_of

LOGS = Path(__file__).resolve().parent / "data" / "logs"
DOUBLE_RON = (LOGS / "mjlog" / "double-ron.mjlog").read_text()
# the first round object of a real tenhou.net/6 file that ends in a win
FIRST = next(
    line
    for line in (LOGS / "tenhou6" / "2010081709gm-00a9-0000-fe3371ad.json").read_text().splitlines()
    if "和了" in line
)


def items(text: str, name: str) -> list[Win | Problem]:
    return list(read_hands(text.encode(), name=name))


def wins(text: str, name: str) -> list[Win]:
    return [w for w in items(text, name) if isinstance(w, Win)]


def e4(found: list[Win]) -> list[Win]:
    return [w for w in found if w.source.round == "E4"]


# -- the platform's ruleset ---------------------------------------------------------------


def test_a_tenhou_record_writes_rules_tenhou() -> None:
    for w in wins(DOUBLE_RON, "double-ron.mjlog") + wins(FIRST, "first.json"):
        assert w.line.endswith(" rules:tenhou"), w.line
        assert check_win(w).result.rules == "tenhou"


def test_a_mahjong_soul_record_writes_rules_mahjongsoul() -> None:
    game = json.loads(FIRST)
    game["title"] = ["玉の間南", "2021/01/02"]  # as a converted Mahjong Soul log names it
    game["rule"] = {"disp": "玉の間南", "aka53": 1, "aka52": 1, "aka51": 1}
    found = items(json.dumps(game, ensure_ascii=False), "mjs.json")
    assert not [p for p in found if isinstance(p, Problem)]  # no "not a Tenhou lobby" note
    (w,) = [w for w in found if isinstance(w, Win)]
    # Mahjong Soul always plays open tanyao: a room name without 喰 does not turn it off
    assert w.line.endswith(" rules:mahjongsoul") and "open_tanyao" not in w.line
    checked = check_win(w)
    assert checked.result.rules == "mahjongsoul" and checked.agree


@pytest.mark.parametrize(
    ("rule", "title", "platform"),
    [
        ({"disp": "鳳南喰赤"}, ["", ""], "tenhou"),
        ({"disp": "三金の間赤"}, ["三金の間赤", ""], "mahjongsoul"),  # hidacow__kokushi13_withnuki
        ({"disp": "三鳳南喰赤"}, None, "tenhou"),
        ({}, ["金之间 · 四人南", ""], "mahjongsoul"),  # a Chinese room name in the title
        (
            {"disp": "3友人戦南喰赤"},
            ["3友人戦南喰赤: 12345", ""],
            "mahjongsoul",
        ),  # tensoul, friendly
        ({"disp": "Jade Room South Red Fives"}, None, "mahjongsoul"),  # tensoul in English
        ({"disp": "若南喰赤"}, None, "tenhou"),
    ],
)
def test_the_platform_is_read_from_the_room_name(rule, title, platform) -> None:
    assert platform_of(rule, title) == platform


def test_the_ruleset_follows_platform_and_players() -> None:
    assert from_tenhou6({"disp": "鳳南喰赤"}, ["a", "b", "c", "d"]).ruleset == "tenhou"
    assert from_tenhou6({"disp": "三鳳南喰赤"}, None).ruleset == "sanma"
    assert from_tenhou6({"disp": "玉の間南"}, ["a"] * 4).ruleset == "mahjongsoul"
    assert from_tenhou6({"disp": "三玉の間赤"}, None).ruleset == "mahjongsoul-sanma"


# -- several rons on one discard ----------------------------------------------------------


def test_the_real_double_ron_pays_the_deposits_to_the_next_in_turn() -> None:
    first, second = e4(wins(DOUBLE_RON, "double-ron.mjlog"))
    assert "seat:E" not in first.line  # seat 0 is the dealer's next: seat S of E4
    assert "ron:1m-" in first.line and "sticks:2" in first.line
    assert "ron:1m+" in second.line and "sticks" not in second.line and "honba" not in second.line
    assert first.record.net == {"E": -7700, "S": 9700, "W": 0, "N": 0}
    assert second.record.net == {"E": -8000, "S": 0, "W": 0, "N": 8000}
    assert check_win(first).agree and check_win(second).agree


def _agari(text: str) -> list[str]:
    """The two AGARI tags of the double ron, one after the other in the text."""
    pair = re.search(r"(<AGARI [^>]*/>)(<AGARI [^>]*/>)", text)
    assert pair is not None
    return [pair.group(1), pair.group(2)]


def test_the_deposits_go_by_turn_order_not_by_the_record_order() -> None:
    a, b = _agari(DOUBLE_RON)
    swapped = DOUBLE_RON.replace(a + b, b + a)
    assert swapped != DOUBLE_RON
    later, nearer = e4(wins(swapped, "swapped.mjlog"))
    assert "ron:1m+" in later.line and "sticks" not in later.line
    assert "ron:1m-" in nearer.line and "sticks:2" in nearer.line


def test_head_bump_scores_only_the_winner_next_in_turn(monkeypatch) -> None:
    monkeypatch.setattr(mjlog_reader, "multiple_ron_rule", lambda ruleset: "head_bump")
    found = items(DOUBLE_RON, "double-ron.mjlog")
    (only,) = e4([w for w in found if isinstance(w, Win)])
    assert "ron:1m-" in only.line and "sticks:2" in only.line
    (note,) = [p for p in found if isinstance(p, Problem) and "head bump" in p.message]
    assert note.kind == "note" and "E4" in note.where


def test_all_scores_every_winner_and_the_first_takes_the_deposits(monkeypatch) -> None:
    monkeypatch.setattr(mjlog_reader, "multiple_ron_rule", lambda ruleset: "all")
    first, second = e4(wins(DOUBLE_RON, "double-ron.mjlog"))
    assert "sticks:2" in first.line and "sticks" not in second.line


def test_three_rons_are_a_draw_under_double() -> None:
    a, b = _agari(DOUBLE_RON)
    third = re.sub(r'who="2"', 'who="1"', b)  # a third winner on the same discard
    triple = DOUBLE_RON.replace(a + b, a + b + third)
    found = items(triple, "triple.mjlog")
    assert not e4([w for w in found if isinstance(w, Win)])
    assert any(isinstance(p, Problem) and "三家和" in p.message for p in found)


@pytest.mark.parametrize(
    ("rule", "scored", "taker"), [("double", [2, 0], 0), ("all", [2, 0], 0), ("head_bump", [0], 0)]
)
def test_multiple_ron_by_rule(rule, scored, taker) -> None:
    # seat 3 deals in; seat 0 draws next, then 1, then 2
    got, took, _ = multiple_ron(rule, 3, [2, 0])
    assert (got, took) == (scored, taker)


def test_multiple_ron_in_three_player_turn_order() -> None:
    # three seats: after seat 1 come 2, then 0; a triple ron cannot happen with three players
    assert multiple_ron("double", 1, [0, 2], seats=3)[1] == 2
    assert multiple_ron("all", 0, [2, 1], seats=3)[1] == 1
    assert multiple_ron("head_bump", 2, [1, 0], seats=3)[:2] == ([0], 0)


def _tenhou6_double_ron() -> str:
    """A real tenhou.net/6 round (E2-1: seat 2 deals in to seat 1, one honba, one stick) with
    a second ron on the same discard added for seat 0, who sits nearer the discarder
    (after seat 2 come 3, then 0, then 1) but is listed second."""
    lines = (LOGS / "tenhou6" / "2010081709gm-00a9-0000-fe3371ad.json").read_text().splitlines()
    game = json.loads(lines[2])
    result = game["log"][0][16]
    assert result[0] == "和了" and result[2][:2] == [1, 2] and game["log"][0][0] == [1, 1, 1]
    result += [[1000, 0, -1000, 0], [0, 2, 0, "30符1飜1000点", "立直(1飜)"]]
    return json.dumps(game, ensure_ascii=False)


def test_tenhou6_several_rons_pay_the_deposits_to_the_winner_next_in_turn() -> None:
    listed_first, nearer = wins(_tenhou6_double_ron(), "double.json")
    assert "seat:E" in listed_first.line and "seat:N" in nearer.line  # seats 1 and 0 of E2
    assert "honba" not in listed_first.line and "sticks" not in listed_first.line
    assert "honba:1" in nearer.line and "sticks:" in nearer.line


def test_tenhou6_head_bump_writes_the_nearer_winner_only(monkeypatch) -> None:
    from mjscore.records import tenhou6

    monkeypatch.setattr(tenhou6, "multiple_ron_rule", lambda ruleset: "head_bump")
    found = items(_tenhou6_double_ron(), "double.json")
    (only,) = [w for w in found if isinstance(w, Win)]
    assert "seat:N" in only.line and "honba:1" in only.line
    assert any(isinstance(p, Problem) and "head bump" in p.message for p in found)


def test_kokushi_robbing_a_concealed_kan_scores_on_mahjong_soul_only() -> None:
    # Mahjong Soul lets kokushi rob a concealed kan (option kokushi_ankan_chankan); the
    # replay writes such a ron with the flag chankan-ankan, and Tenhou's rules refuse it
    from mjscore.records.mjlog import tile_of
    from mjscore.records.replay import Replay

    def robbed(ruleset: str) -> str:
        kokushi = [0, 32, 36, 68, 72, 104, 108, 112, 116, 120, 124, 128, 129]  # waits on 7z
        dealer = [132, 133, 134, 4, 8, 12, 20, 24, 40, 44, 48, 56, 60]
        replay = Replay(
            0,
            0,
            0,
            [dealer, kokushi, list(range(76, 89)), list(range(84, 97))],
            [100],
            tile_of(True),
            ruleset=ruleset,
        )
        replay.draw(0, 135)
        replay.ankan(0, [132, 133, 134, 135])
        return str(replay.win(1, 0, []))  # not written: Tenhou refuses it

    line = robbed("mahjongsoul")
    assert "ron:7z-" in line and "chankan-ankan" in line
    assert mjscore.score(line).value == 32000
    assert not mjscore.score(robbed("tenhou")).ok
