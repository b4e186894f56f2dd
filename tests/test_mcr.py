"""The MCR fan engine (mjscore.mcr): worked examples, combination principles, options.

The 89 worked examples of rules/mcr.md (copied to tests/data/mcr-examples.jsonl, each
checked with pymahjonggb 1.4.0) must reproduce fan for fan. The other tests are
computed by hand from the spec sections they name.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/, for mcr_lines.py

from mcr_lines import parse  # noqa: E402

from mjscore.mcr import (  # noqa: E402
    DEFAULTS,
    FANS,
    OPTIONS,
    McrHand,
    McrInputError,
    Meld,
    NotAWinningHand,
    payments,
    readings,
    score,
)

EXAMPLES = [
    json.loads(x)
    for x in (Path(__file__).parent / "data" / "mcr-examples.jsonl").read_text().splitlines()
]


def fans_of(line: str, **options) -> Counter:
    """{fan key: count} of a hand line."""
    return Counter({f.key: f.count for f in score(parse(line), options).fans})


def total_of(line: str, **options) -> int:
    return score(parse(line), options).total


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"E{i}" for i in range(1, len(EXAMPLES) + 1)])
def test_worked_example(example):
    result = score(parse(example["line"]))
    got = Counter()
    for f in result.fans:
        got[(f.points, f.name)] += f.count
    assert got == Counter((p, n) for p, n in example["fans"])
    assert result.total == example["total"]
    assert result.qualifies == (result.total - result.flower_points >= 8)


def test_all_89_examples_present():
    assert len(EXAMPLES) == 89


# --- the fan table ----------------------------------------------------------------------


def test_fan_table_has_81_fans_and_the_mixed_kong_extra():
    keys = [f.key for f in FANS]
    assert len(keys) == 82 == len(set(keys))
    assert {f.key for f in FANS if f.points == 5} == {"concealed_kong_and_melded_kong"}
    for f in FANS:
        assert f.key == re.sub(r"[^a-z]+", "_", f.name.lower()).strip("_")
        assert all(k in keys for k, _ in f.implies), f.key


# --- combination principles (spec section 3) -----------------------------------------


def test_non_repeat_full_flush_hides_one_voided_suit_and_no_honors():
    fans = fans_of("12345678m 99m 333m ron:9m seat:E round:E")  # E10
    assert fans["full_flush"] == 1 and not fans["one_voided_suit"] and not fans["no_honors"]


def test_non_repeat_four_concealed_pungs_self_drawn_scores_self_drawn_not_fully_concealed():
    fans = fans_of("111m 555p 777s 999s 5m tsumo:5m seat:E round:E")  # E37
    assert fans["self_drawn"] == 1 and not fans["fully_concealed_hand"]
    assert not fans["all_pungs"] and not fans["three_concealed_pungs"]


def test_account_once_four_chows_score_at_most_three_pair_fans():
    fans = fans_of("234567s 234567p 9m ron:9m seat:S round:E")  # E6: 2 MDC + 2 SS possible
    assert fans["mixed_double_chow"] + fans["short_straight"] == 3
    assert fans["mixed_double_chow"] == 2  # a Short Straight goes first


def test_account_once_three_chows_score_at_most_two_pair_fans():
    fans = fans_of("123m 123m 123p 555s 9s ron:9s seat:E round:E")  # E7
    assert fans["pure_double_chow"] == 1 and fans["mixed_double_chow"] == 1


def test_non_identical_one_chow_makes_a_fan_with_only_one_twin():
    fans = fans_of("234s 223344567p 9m ron:9m seat:S round:E")  # E5
    got = (fans["pure_double_chow"], fans["mixed_double_chow"], fans["short_straight"])
    assert got == (1, 1, 1)


def test_three_chow_fan_lets_the_fourth_chow_add_one_pair_fan():
    fans = fans_of("123234345s 345m 9p ron:9p seat:E round:E")  # E11
    assert fans["pure_shifted_chows"] == 1 and fans["mixed_double_chow"] == 1
    assert not fans["short_straight"] and not fans["pure_double_chow"]


def test_non_separation_and_highest_total_pungs_beat_identical_chows():
    result = score(parse("123123123p 678s 5m ron:5m seat:E round:E"))  # E17
    keys = {f.key for f in result.fans}
    assert "pure_shifted_pungs" in keys and "pure_triple_chow" not in keys
    assert [g.kind for g in result.decomposition.groups].count("pung") == 3
    assert result.total == 45


def test_highest_total_seven_pairs_beats_four_chows():
    result = score(parse("123m 123m 123p 123p 5s ron:5s seat:E round:E"))  # E86
    assert result.decomposition.shape == "seven_pairs" and result.total == 25


def test_winning_tile_completing_a_pung_on_a_discard_makes_it_melded():
    assert fans_of("111m 555p 777s 99s 55m ron:5m seat:E round:E")["three_concealed_pungs"] == 1
    assert fans_of("111m 555p 777s 99s 55m tsumo:5m seat:E round:E")["four_concealed_pungs"] == 1


def test_pung_of_terminals_or_honors_and_wind_fans():
    fans = fans_of("111z 222z 345m 678p 9s ron:9s seat:W round:E")  # E83
    assert fans["prevalent_wind"] == 1 and fans["pung_of_terminals_or_honors"] == 1
    fans = fans_of("123m 789p 99s 11z 789s ron:1z seat:E round:E")  # E84: seat = prevalent
    assert fans["prevalent_wind"] == fans["seat_wind"] == 1
    assert not fans["pung_of_terminals_or_honors"]


def test_chicken_hand_only_when_nothing_else_and_flowers_do_not_cancel_it():
    assert fans_of(
        "34s 55z chi:123m chi:567p pon:888s ron:2s seat:S round:E flowers:1f2f"
    ) == Counter(chicken_hand=1, flower_tiles=2)


def test_minimum_ignores_flowers():
    r = score(parse("34s 55z chi:123m chi:567p pon:888s tsumo:2s seat:S round:E flowers:1f2f3f"))
    assert (r.fan_points, r.flower_points, r.total, r.qualifies) == (1, 3, 4, False)
    r = score(parse("123m 789p 99s 11z 789s ron:1z seat:E round:E flowers:1f2f3f4f"))  # E85
    assert (r.fan_points, r.total, r.qualifies) == (11, 15, True)


def test_wait_fans_need_one_winning_tile_and_prefer_edge_then_closed():
    assert not fans_of("111m 555p 777s 999s 2m tsumo:2m seat:E round:E")["single_wait"]  # E38
    assert fans_of("4556m 111p 777s 999s ron:5m seat:E round:E")["closed_wait"] == 1  # E88
    assert fans_of("1233m 111p 777s 999s ron:3m seat:E round:E")["edge_wait"] == 1  # E89


# --- flags (spec section 5) ----------------------------------------------------------


def test_last_tile_set_from_own_melds_and_cleared_by_own_copy():
    assert fans_of("46s 99m pon:555s pon:111z chi:123m ron:5s seat:E round:E")["last_tile"] == 1
    assert fans_of("123m 456p 46s 777z 99m ron:5s seat:E round:E last-tile")["last_tile"] == 1
    assert not fans_of("123m 456p 55s 777z 99m ron:5s seat:E round:E last-tile")["last_tile"]


def test_impossible_kong_flags_are_dropped_like_pymahjonggb():
    assert not fans_of("123m 456p 46s 777z 99m tsumo:5s seat:E round:E rinshan")[
        "out_with_replacement_tile"
    ]  # no kong declared
    assert not fans_of("123m 456p 456s 77z 99m ron:7z seat:E round:E chankan")[
        "robbing_the_kong"
    ]  # the winner holds a copy


def test_contradictory_flags_are_errors():
    with pytest.raises(McrInputError):
        score(parse("123m 456p 46s 777z 99m ron:5s seat:E round:E haitei"))
    with pytest.raises(McrInputError):
        score(parse("123m 456p 46s 777z 99m tsumo:5s seat:E round:E chankan"))


# --- options (spec section 7) --------------------------------------------------------

E30 = "123m 456p 9s ankan:7777s ankan:2222z ron:9s seat:E round:E"
E31 = "123m 456p 9s ankan:7777s kan:2222z ron:9s seat:E round:E"
E35 = "99p 55m kan:1111z ankan:2222p ankan:3333s ron:5m seat:E round:E"


def test_option_defaults_are_the_pymahjonggb_ones():
    assert {o.name: o.default for o in OPTIONS} == DEFAULTS
    assert all(o.default == o.choices[0] for o in OPTIONS)


def test_option_two_concealed_kongs_value():
    assert total_of(E30) == 10 and total_of(E30, two_concealed_kongs=8) == 12


def test_option_concealed_and_melded_kong():
    assert total_of(E31) == 7
    assert total_of(E31, concealed_and_melded_kong=6) == 8
    fans = fans_of(E31, concealed_and_melded_kong=3)
    assert fans["concealed_kong"] == fans["melded_kong"] == 1
    assert total_of(E31, concealed_and_melded_kong=3) == 5


def test_option_kong_fans_beside_three_kongs():
    assert total_of(E35) == 44
    fans = fans_of(E35, kong_fans_beside_three_kongs=True)
    assert fans["two_concealed_kongs"] == 1 and not fans["two_concealed_pungs"]
    assert total_of(E35, kong_fans_beside_three_kongs=True) == 48


def test_option_seven_pairs_tile_hog_with_all_green():
    line = "2233446688s 666z ron:6z seat:E round:E"  # E59
    assert total_of(line) == 114
    assert total_of(line, seven_pairs_tile_hog_all_green_terminals=False) == 112


def test_option_lesser_honors_all_types():
    line = "147m 258p 36s 13567z ron:2z seat:E round:E"  # E62
    assert total_of(line) == 12 and total_of(line, lesser_honors_all_types=True) == 18


def test_option_knitted_straight_edge_closed():
    line = "147m 258p 369s 79m 55z ron:8m seat:S round:E"  # E66
    assert total_of(line) == 15 and total_of(line, knitted_straight_edge_closed=False) == 14


def test_option_nine_gates_terminal_pungs():
    line = "1112345678999m ron:5m seat:E round:E"  # E53
    assert total_of(line) == 91 and total_of(line, nine_gates_terminal_pungs="all") == 90


def test_option_all_terminals_pung_fans():
    assert total_of("111m 999m 111p 9p pon:111s ron:9p seat:E round:E") == 97  # E42
    assert (
        total_of(
            "111m 999m 111p 9p pon:111s ron:9p seat:E round:E", all_terminals_pung_fans="strict"
        )
        == 81
    )
    line = "111m 999m 111p 999p 9s ron:9s seat:E round:E"
    assert total_of(line) == 129
    assert fans_of(line, all_terminals_pung_fans="keep")["double_pung"] == 2


def test_option_strict_98_one_voided_suit():
    line = "555666777z 123m 5p ron:5p seat:E round:E"
    assert fans_of(line)["one_voided_suit"] == 1
    assert not fans_of(line, strict_98_one_voided_suit=True)["one_voided_suit"]


def test_option_seven_pairs_tile_fans():
    line = "1122334455667z ron:7z seat:E round:E"  # E45
    assert total_of(line) == 88 and total_of(line, seven_pairs_tile_fans=False) == 24


def test_option_fully_concealed_special_shapes():
    line = "111m 555p 777s 999s 5m tsumo:5m seat:E round:E"  # E37
    fans = fans_of(line, fully_concealed_special_shapes=True)
    assert fans["fully_concealed_hand"] == 1 and not fans["self_drawn"]
    assert total_of(line) == 69 and total_of(line, fully_concealed_special_shapes=True) == 72


def test_option_last_tile_draw_with_replacement():
    line = "123m 456p 46s 99m ankan:7777z tsumo:5s seat:E round:E rinshan haitei"  # E82
    assert total_of(line) == 26 and total_of(line, last_tile_draw_with_replacement=False) == 18


def test_option_knitted_straight_all_chows():
    line = "147m 258p 369s 234m 5p ron:5p seat:E round:E"  # E87
    assert total_of(line) == 17 and total_of(line, knitted_straight_all_chows=False) == 15


def test_unknown_option_or_value_is_an_error():
    with pytest.raises(ValueError, match="unknown MCR option"):
        total_of(E30, two_kongs=8)
    with pytest.raises(ValueError, match="takes"):
        total_of(E30, two_concealed_kongs=7)


# --- shapes and input ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "shape"),
    [
        ("19m19p19s1234567z ron:1z seat:E round:E", "thirteen_orphans"),
        ("147m 258p 369s 1357z ron:6z seat:E round:E", "honors_and_knitted"),
        ("147m 258p 1234567z tsumo:3s seat:E round:E", "honors_and_knitted"),
        ("147m 258p 369s 1z 666z ron:1z seat:E round:E", "knitted_straight"),
        ("147m 258p 369s 5z chi:789m ron:5z seat:E round:E", "knitted_straight"),
        ("11335577m 2288p 5m ron:5m seat:E round:E", "seven_pairs"),
        ("1122335577889m tsumo:9m seat:E round:E", "regular"),
    ],
)
def test_decomposition_shape(line, shape):
    d = score(parse(line)).decomposition
    assert d.shape == shape
    assert sum(len(g.tiles) for g in d.groups) == 14 + sum(g.kind == "kong" for g in d.groups)


def test_knitted_straight_groups():
    d = score(parse("147m 258p 369s 5z chi:789m ron:5z seat:E round:E")).decomposition
    assert [g.kind for g in d.groups] == ["knitted", "chow", "pair"]
    assert d.groups[1].concealed is False


def test_not_a_winning_hand():
    with pytest.raises(NotAWinningHand):
        score(parse("123m 456p 789s 1234z ron:5z seat:E round:E"))


@pytest.mark.parametrize(
    "hand",
    [
        McrHand(concealed=(0,) * 5 + (1,) * 8, win_tile=2),  # five 1m
        McrHand(concealed=(0, 1, 2), win_tile=3),  # too few tiles
        McrHand(concealed=(0,) * 10, win_tile=3, melds=(Meld("chi", (4, 6, 7)),)),  # bad chow
        McrHand(concealed=(0,) * 10, win_tile=3, melds=(Meld("chi", (7, 8, 9)),)),  # across suits
    ],
)
def test_bad_input(hand):
    with pytest.raises(McrInputError):
        score(hand)


# --- payments (spec 4.2) -------------------------------------------------------------


def test_payments_on_a_discard():
    p = payments(15, winner="E", tsumo=False, discarder="N")  # E85
    assert (p.ron, p.base, p.tsumo) == (23, 8, 0)
    assert p.by_seat == {"E": 39, "S": -8, "W": -8, "N": -23}
    assert payments(15, winner="E", tsumo=False).by_seat == {}


def test_payments_on_a_self_draw():
    p = payments(91, winner="S", tsumo=True)  # E55
    assert p.tsumo == 99 and p.by_seat == {"E": -99, "W": -99, "N": -99, "S": 297}
    assert sum(p.by_seat.values()) == 0


def test_readings_lists_every_shape_unscored():
    shapes = [d.shape for d in readings(parse("123m 123m 123p 123p 5s ron:5s seat:E round:E"))]
    assert shapes == ["seven_pairs", "regular"]
    assert len(readings(parse("123123123p 678s 5m ron:5m seat:E round:E"))) == 2
    assert readings(parse("123m 456p 789s 1234z ron:5z seat:E round:E")) == []


# --- an honour's internal code has a rank too: it never passes for a number (spec 2.6) --


def test_three_suited_terminal_chows_need_a_pair_of_fives_not_red():
    red = "7z chi:789m chi:123s chi:789s chi:123m ron:7z+ seat:S round:N"
    assert "three_suited_terminal_chows" not in fans_of(red)
    assert total_of(red) == 14  # Melded Hand, Outside Hand, 2 x MDC, TTC, One Voided Suit
    assert fans_of(red.replace("7z", "5p"))["three_suited_terminal_chows"] == 1


def test_pure_terminal_chows_need_a_pair_of_fives_not_red():
    red = "7z chi:123m chi:123m chi:789m chi:789m ron:7z seat:S round:N"
    assert "pure_terminal_chows" not in fans_of(red)
    assert fans_of(red.replace("7z", "5m"))["pure_terminal_chows"] == 1


def test_all_five_and_seven_shifted_pairs_are_not_made_by_honours():
    assert "all_five" not in fans_of("345m 456p 555s 7z chi:456s ron:7z seat:E round:E")
    assert fans_of("345m 456p 555s 5p chi:456s ron:5p seat:E round:E")["all_five"] == 1
    winds = fans_of("7788s99s1122334z ron:4z seat:E round:E")  # ids run on into the winds
    assert winds["seven_pairs"] == 1 and "seven_shifted_pairs" not in winds


def test_an_honour_pung_is_no_rank_beside_suited_pungs():
    nines = fans_of("777s888s999s111z5z ron:5z seat:N round:N")  # East's code reads as 1
    assert nines["pure_shifted_pungs"] == 1 and "four_pure_shifted_pungs" not in nines
    winds = fans_of("999s111222z5z pon:333z ron:5z seat:N round:N")
    assert winds["big_three_winds"] == 1 and "pure_shifted_pungs" not in winds
    assert "mixed_shifted_pungs" not in fans_of("999m 222p 333s 111z 5z ron:5z seat:S round:S")
