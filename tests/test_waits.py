"""`mjscore waits` and `mjscore.shanten` end to end: against `mahjong`, brute force and `score`.

The tile engine has its own tests (test_shanten.py); here the parsed hand goes
through the library and the command: shanten against `mahjong`'s Shanten, every
wait list against brute force (the 34 tiles through `mjscore.score`), every
wait's value against `mjscore score` of the completed line, furiten, dead waits,
a tile held four times, the discard choice, and the `score` hint.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest
from mahjong.shanten import Shanten as Oracle

import mjscore
from mjscore.analysis.ukeire import counts_of
from mjscore.analysis.waits import win_record
from mjscore.base import tiles as T
from mjscore.cli.commands import run

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/, for strategies.py

from strategies import sample_hands  # noqa: E402

WIN = re.compile(r"\s(?:ron|tsumo):\S+")


def waiting_lines(n: int) -> list[str]:
    """Ready 13-tile lines: generated winning hands with the win token taken out."""
    return [WIN.sub("", h.line) for h in sample_hands(n)]


def random_lines(n: int, seed: int = 9) -> list[str]:
    """Closed hands of 13 or 14 tiles drawn from a wall, as hand lines."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    out = []
    for i in range(n):
        picked = sorted(rng.sample(wall, 13 + i % 2))
        out.append("".join(T.name(t) for t in picked))
    return out


# -- shanten ---------------------------------------------------------------------------------


def test_shanten_agrees_with_mahjong_on_random_hands():
    oracle = Oracle()
    for line in random_lines(600):
        counts = counts_of(mjscore.parse(line, require_win=False).holding.concealed)
        assert mjscore.shanten(line) == oracle.calculate_shanten(list(counts)), line


@pytest.mark.slow
def test_shanten_of_open_and_ready_hands_agrees_with_mahjong():
    oracle = Oracle()
    for line in waiting_lines(150):
        hand = mjscore.parse(line, require_win=False)
        counts = list(counts_of(hand.holding.concealed))
        expected = oracle.calculate_shanten(
            counts, use_chiitoitsu=not hand.holding.melds, use_kokushi=not hand.holding.melds
        )
        assert mjscore.shanten(hand) == expected == 0, line


def test_shanten_follows_the_ruleset_shapes():
    pairs = "11223344m55667p"
    assert mjscore.shanten(pairs, rules="riichi") == 0
    assert mjscore.waits(pairs + "1z", rules="arushal").shanten_by_shape["seven_pairs"] is None
    r = mjscore.waits(pairs + "1z rules:arushal opt:chiitoitsu=on")
    assert r.shanten_by_shape["seven_pairs"] == 0  # 14 tiles: after the best discard
    webtile = mjscore.waits("147m258p369s1234z rules:webtile")
    assert webtile.shanten_by_shape["thirteen_unrelated"] == 0 and webtile.waits


# -- waits against brute force and against `score` ------------------------------------------


def brute_force(line: str) -> list[int]:
    """Every tile whose tsumo makes a complete hand under `mjscore.score` (not held four)."""
    hand = mjscore.parse(line, require_win=False).with_context(flags=frozenset())
    held = counts_of([*hand.holding.concealed, *(t for m in hand.holding.melds for t in m.tiles)])
    out = []
    for t in range(34):
        if held[t] >= 4:
            continue
        # Where the plain fives are all held, the last copy is the red one: try it too.
        names = [T.name(t)] + (
            [T.name(t).replace("5", "0")] if T.name(t) in ("5m", "5p", "5s") else []
        )
        for name in names:
            r = mjscore.score(hand.with_win(name, tsumo=True))
            if r.ok or r.error.kind == "no_yaku":
                out.append(t)
                break
    return out


def strip_indicators(line: str) -> str:
    """The line without indicators and table counters (a riichi line read as European)."""
    return re.sub(r"\s(?:dora|ura|honba|sticks):\S+", "", line)


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["riichi", "webtile", "european"])
def test_each_wait_list_equals_brute_force(rules):
    lines = waiting_lines(60 if rules == "riichi" else 25)
    lines += random_lines(30, seed=3)[::2]  # 13-tile ones: mostly not ready
    for line in lines:
        line = strip_indicators(line) + f" rules:{rules}"
        r = mjscore.waits(line)
        if not r.ok:  # a line of one ruleset that another cannot read
            continue
        assert [w.tile for w in r.waits] == [T.name(t) for t in brute_force(line)], line


def comparable(result):
    """The wait's value keys; an error by kind and words (its column is of another text)."""
    d = win_record(result)
    if not result.ok:
        d["error"] = (result.error.kind, result.error.message)
    return d


def test_each_wait_is_worth_what_score_says_of_the_completed_line():
    for line in waiting_lines(80):
        r = mjscore.waits(line)
        assert r.ok and r.waits, line
        for w in r.waits:
            ron = mjscore.score(w.line)
            assert comparable(w.ron) == comparable(ron), w.line
            tsumo_line = w.line.replace(f"ron:{w.tile}", f"tsumo:{w.tile}")
            tsumo = mjscore.score(tsumo_line)
            assert (w.tsumo.ok, w.tsumo.value) == (tsumo.ok, tsumo.value), tsumo_line
            if tsumo.ok:
                assert w.tsumo.han == tsumo.han and w.tsumo.fu == tsumo.fu


def test_a_ready_hand_record():
    d = mjscore.waits("234m406p22s56s chi:678s seat:S dora:1s").to_dict()
    assert d["ok"] and d["tiles"] == 13 and d["shanten"] == 0
    assert d["shanten_by_shape"] == {"regular": 0, "seven_pairs": None, "thirteen_orphans": None}
    four, seven = d["waits"]
    assert (four["tile"], four["remaining"]) == ("4s", 4)
    assert (seven["tile"], seven["remaining"]) == ("7s", 3)
    assert four["ron"] == {
        "ok": True,
        "yaku": ["tanyao", "dora", "aka_dora"],
        "han": 4,
        "fu": 30,
        "limit": None,
        "yakuman": 0,
        "value": 7700,
        "payments": four["ron"]["payments"],
    }
    assert four["tsumo"]["value"] == 7900
    completed = "234m406p22s56s chi:678s ron:4s seat:S dora:1s"
    assert mjscore.parse(four["line"]) == mjscore.parse(completed)
    assert d["ukeire"] == [] and d["discards"] == []


def test_a_hand_not_ready_gives_shanten_and_ukeire():
    r = mjscore.waits("12m58p369s1234z5z5z")
    assert (r.shanten, r.waits, r.discards) == (5, (), ())
    assert r.ukeire and all(0 < t.remaining <= 4 for t in r.ukeire)
    assert {"tile": "9m", "remaining": 4} in r.to_dict()["ukeire"]


def test_furiten_wait_cannot_win_by_ron():
    r = mjscore.waits("123m456p789s1122z discards:3m1z")
    one, two = r.waits
    assert one.furiten and not one.ron.ok and one.ron.error.kind == "context"
    assert "furiten" in one.ron.error.message and one.tsumo.ok
    assert not two.furiten and two.ron.ok


def test_discards_token_reads_and_writes_back():
    hand = mjscore.parse("123m456p789s1122z discards:3m9p1z", require_win=False)
    assert hand.ctx.discards == (2, 17, 27)
    assert mjscore.parse(str(hand), require_win=False) == hand


def test_dead_wait_is_listed_with_none_remaining():
    r = mjscore.waits("123m456p789s1122z dora:1z,1z")
    assert [(w.tile, w.remaining) for w in r.waits] == [("1z", 0), ("2z", 2)]
    assert not r.waits[0].ron.ok  # a fifth 1z cannot be drawn: the score says why


def test_a_tile_held_four_times_is_no_wait():
    r = mjscore.waits("1111m23m456p789s1z")  # 1m 4m for 23m, 1z tanki; 1m is all held
    assert [w.tile for w in r.waits] == ["1z"]
    r = mjscore.waits("23m456p789s11z kan:1111m")
    assert [w.tile for w in r.waits] == ["4m"]
    r = mjscore.waits("23m456p789s11z pon:111m")  # three in a pon: the fourth still wins
    assert [w.tile for w in r.waits] == ["1m", "4m"]
    # ready by count, yet every wait is held four times: no wait at all
    r = mjscore.waits("1m456p789s pon:111m pon:222z")
    assert r.shanten == 0 and r.waits == ()


def test_fourteen_tiles_choose_the_discard():
    r = mjscore.waits("123m456p789s1122z5z")
    assert r.tiles == 14 and r.shanten == 0
    best = r.discards[0]
    assert best.tile == "5z" and best.shanten == 0
    assert [w.tile for w in best.waits] == ["1z", "2z"]
    keys = [(d.shanten, -d.ukeire, -d.best_value) for d in r.discards]
    assert keys == sorted(keys)
    assert len(r.discards) == len(
        set(mjscore.parse("123m456p789s1122z5z", require_win=False).holding.concealed)
    )


def test_value_breaks_ukeire_ties_between_discards():
    r = mjscore.waits("234m234p2344s55z6z")  # 4s or 6z left: shanpon 5z/4s or tanki...
    ties: dict[tuple[int, int], list[int]] = {}
    for d in r.discards:
        ties.setdefault((d.shanten, d.ukeire), []).append(d.best_value)
    for values in ties.values():
        assert values == sorted(values, reverse=True)


def test_european_special_hands_are_waits():
    r = mjscore.waits("19m19p19s1234567z rules:european")
    assert len(r.waits) == 13 and all(w.tsumo.ok for w in r.waits)


def test_bad_lines_come_back_as_errors():
    assert mjscore.waits("123m456p789s1122z ron:1z").error.kind == "notation"
    assert mjscore.waits("123m456p789s112z").error.kind == "invalid_hand"
    assert mjscore.waits("1111m1m23456p789s").error.kind == "invalid_hand"


# -- the command -----------------------------------------------------------------------------


def test_command_formats_and_exit_codes(capsys, tmp_path):
    assert run(["waits", "123m456p789s1122z", "-F", "jsonl"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert [w["tile"] for w in record["waits"]] == ["1z", "2z"]
    assert run(["waits", "12m58p369s1234z5z5z"]) == 0  # not ready is an answer
    assert "not ready: shanten 5" in capsys.readouterr().out
    assert run(["waits", "123m456p789s1122z5z", "-F", "tsv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split("\t")[:8] == [
        "line",
        "tile",
        "remaining",
        "furiten",
        "ron_value",
        "tsumo_value",
        "shanten",
        "ukeire",
    ]
    assert rows[1].split("\t")[1] == "5z"
    assert run(["waits", "123m456p789s1122z ron:1z"]) == 1
    assert run(["waits", "123m456p789s1122z", "-F", "xml"]) == 2
    capsys.readouterr()
    path = tmp_path / "hands.txt"
    path.write_text("123m456p789s1122z\n# a comment\n12m58p369s1234z5z5z\n")
    assert run(["waits", "--file", str(path), "-F", "json"]) == 0
    assert [r["line"] for r in json.loads(capsys.readouterr().out)] == [1, 3]


def test_rich_report_fits_eighty_columns(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    for line in (
        "123m456p789s1122z discards:1z",
        "19m19p19s1234567z",
        "1112345678999m5z rules:european",
        "12m58p369s1234z5z5z",
    ):
        assert run(["waits", *line.split()]) == 0
        out = capsys.readouterr().out
        assert max(len(x) for x in out.splitlines()) <= 80, out


def test_a_narrow_report_keeps_each_field_of_a_stacked_wait_under_its_tile(capsys, monkeypatch):
    """At 40 columns the waits table becomes a block of lines a wait; each field line keeps
    its indent (the sentence wrapper used to re-flow the block as one paragraph)."""
    monkeypatch.setenv("COLUMNS", "40")
    assert run(["--no-tiles", "waits", *["234m406p22s56s", "chi:678s", "seat:S", "dora:1s"]]) == 0
    lines = capsys.readouterr().out.splitlines()
    fields = [x for x in lines if x.strip().startswith(("Left:", "Ron:", "Tsumo:", "Yaku:"))]
    assert len(fields) == 8, lines  # two waits (4s, 7s), four fields each
    assert all(x.startswith("    ") for x in fields), lines
    assert all(len(x) <= 40 for x in lines), lines


def test_a_japanese_list_of_yaku_breaks_between_names_never_in_one(capsys, monkeypatch):
    """赤ドラ is a kanji and a katakana run, where Japanese text may break; in the waits
    table's yaku cell (a list joined by 、) it stays whole at every width."""
    for columns in ("40", "50", "60", "80"):
        monkeypatch.setenv("COLUMNS", columns)
        hand = ["234m406p22s56s", "chi:678s", "seat:S", "dora:1s", "discards:7s"]
        assert run(["--lang", "ja", "--no-tiles", "waits", *hand]) == 0
        out = capsys.readouterr().out
        assert out.count("赤ドラ") == 2, (columns, out)  # one a wait: 4s and 7s
        assert all(len(x) <= int(columns) for x in out.splitlines() if x.isascii()), out


@pytest.mark.slow
def test_parallel_output_equals_serial(capsys, tmp_path):
    lines = random_lines(2100, seed=5)
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(lines) + "\n")
    assert run(["waits", "--file", str(path), "-F", "jsonl", "--jobs", "1"]) == 0
    serial = capsys.readouterr().out
    assert run(["waits", "--file", str(path), "-F", "jsonl", "--jobs", "3"]) == 0
    assert capsys.readouterr().out == serial
    assert serial.count("\n") == 2100


def test_score_on_a_waiting_line_says_what_it_waits_on():
    r = mjscore.score("123m456p789s1122z")
    assert r.error.kind == "not_a_win"
    assert "waits on 1z 2z" in r.error.message and "mjscore waits" in r.error.message
    r = mjscore.score("123m456p789s1123z ron:5z")
    assert r.error.kind == "not_a_win" and "without ron:5z, it is 1-shanten" in r.error.message
    r = mjscore.score("123m456p789s1122z5z")
    assert "14 tiles" in r.error.message


def test_score_of_a_parsed_waiting_hand_is_not_a_win_with_its_waits():
    hand = mjscore.parse("123m456p789s1122z", require_win=False)
    r = mjscore.score(hand)
    assert r.error.kind == "not_a_win" and r.error.message.count("waits on 1z 2z") == 1
    assert mjscore.score(hand.with_win("1z")).ok


def test_public_tiles_are_text_like_the_records():
    """Wait.tile, DiscardChoice.tile and the ukeire tiles are `4s` text, not tile ids."""
    ready = mjscore.waits("234m406p22s56s chi:678s")
    assert [w.tile for w in ready.waits] == ["4s", "7s"]
    assert [w.tile for w in ready.waits] == [w["tile"] for w in ready.to_dict()["waits"]]
    not_ready = mjscore.waits("123m456p789s1z2z3z4z")
    best = mjscore.waits("123m456p789s1z2z3z4z5z").discards[0]
    assert not_ready.ukeire
    assert all(isinstance(t.tile, str) for t in not_ready.ukeire)
    assert isinstance(best.tile, str) and best.tile == best.to_dict()["tile"]
    assert all(isinstance(t.tile, str) for t in best.ukeire_tiles)


def test_a_complete_hand_prints_its_call(capsys):
    from tests.cli_helpers import run

    r = mjscore.waits("234m567p234s55s678s")
    won = r.complete_win
    assert r.shanten == -1 and won is not None and won.ok
    assert won.value == max(
        w.tsumo.value for d in r.discards for w in d.waits if w.tile == d.tile and w.tsumo.ok
    )
    code, out, err = run("waits", "234m567p234s55s678s", capsys=capsys)
    assert f": {won}" in out and "complete" in out
    assert mjscore.waits("234m406p22s56s chi:678s").complete_win is None


def test_a_hand_the_set_cannot_hold_is_an_error_not_waits():
    """WEB TILE's set has two red 0p: three plain 5p cannot be held (score says so too)."""
    r = mjscore.waits("11555p55s ankan:8888p chi:345s round:E seat:N rules:webtile")
    assert not r.ok and "3 plain 5p" in r.error.message
    assert mjscore.waits("11055p55s ankan:8888p chi:345s round:E seat:N rules:webtile").ok


# -- ready is 聴牌, not 0向聴 (issue 36) -------------------------------------------------------


def _waits_report(capsys, lang: str, line: str) -> str:
    assert run(["--no-tiles", "--lang", lang, "waits", line]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    "lang, ready, other",
    [
        ("en", "14 tiles: ready after the best discard (regular 0,", "shanten 0"),
        ("ja", "14枚：最善の打牌で聴牌（一般形 0、", "0向聴"),
    ],
)
def test_a_discard_that_leaves_the_hand_ready_says_ready(capsys, lang, ready, other):
    # 123m456p789s 11z 22z 5z: 5z away leaves a shanpon on 1z and 2z (by hand)
    out = _waits_report(capsys, lang, "123m456p789s11225z")
    assert ready in " ".join(out.split("\n")) and other not in out


@pytest.mark.parametrize(
    "lang, said", [("en", "shanten 1 after the best discard"), ("ja", "最善の打牌で1向聴")]
)
def test_a_hand_one_from_ready_keeps_its_shanten(capsys, lang, said):
    assert said in _waits_report(capsys, lang, "123m456p789s11235z")


@pytest.mark.parametrize(
    "lang, ready, other",
    [
        ("en", "ready (regular 0), but no tile", "not ready"),
        ("ja", "聴牌（一般形 0）だが", "未聴牌"),
    ],
)
def test_a_hand_ready_on_nothing_is_ready_not_zero_shanten(capsys, lang, ready, other):
    # docs/waits.md: 1m234p567s789s pon:111m waits on a fifth 1m only
    out = _waits_report(capsys, lang, "1m234p567s789s pon:111m")
    assert ready in out.replace("\n", " ") and other not in out
    assert "0向聴" not in out and "shanten 0" not in out
