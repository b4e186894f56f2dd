"""The ledger holds each round to what a table can do (issues 29 and 30).

Every figure is worked out by hand in the test: Tenhou's rules (1,000 a riichi stick,
300 a honba on ron, 100 from each payer on tsumo, the dealer repeats on a win or when
ready at a draw).
"""

from __future__ import annotations

import json

import pytest

import mjscore
from mjscore.ledger import games, read_header
from tests.cli_helpers import run

WIN_S = "123m456p789s1122z ron:1z- round:E seat:S"  # 40 fu 1 han: 1,300 off East


def _errors(g) -> list[str]:
    return [str(p) for p in g.problems if p.kind == "error"]


# -- a line of another table ----------------------------------------------------------------


def test_a_four_player_line_in_a_three_player_game_is_that_lines_error():
    # the bug: tuple.index crashed the whole input; now line 2 is the second game's error
    lines = [
        "# game one",
        "draw:exhaustive tenpai:E round:E",
        "# game two",
        "19m456p789s11z222z ron:1z- round:E seat:S rules:tenhou",
    ]
    found = list(games(lines, rules="sanma"))
    assert found[0].ok and found[0].rounds[0].changes == (2000, -1000, -1000)
    assert _errors(found[1]) == [
        "line 4: column 43: rules:tenhou plays a table of 4, but this game (sanma) is at a "
        "table of 3: a line of each game's size"
    ]


def test_a_three_player_line_in_a_four_player_game_and_seat_n_at_three():
    g = mjscore.game(["19m456p789s11z222z ron:1z- round:E seat:S rules:sanma"])
    assert "rules:sanma plays a table of 3" in _errors(g)[0]
    g = mjscore.game(["draw:exhaustive round:E sticks:1 riichi-by:N"], rules="sanma")
    assert _errors(g) == ["line 1: column 34: seat N is not at a table of 3"]
    g = mjscore.game(["draw:exhaustive round:E tenpai:N"], rules="sanma")
    assert _errors(g) == ["line 1: column 25: seat N is not at a table of 3"]


def test_game_over_four_player_lines_with_rules_sanma_writes_the_other_games(capsys):
    stdin = "# game a\ndraw:exhaustive tenpai:E round:E\n# game b\n" + WIN_S.replace(
        "seat:S", "seat:N"
    )
    code, out, err = run("game", "--rules", "sanma", "-F", "jsonl", "-", capsys=capsys, stdin=stdin)
    records = [json.loads(x) for x in out.splitlines()]
    assert code == 1 and "internal error" not in err
    assert [r["game"] for r in records if r["type"] == "game"] == ["a", "b"]
    assert "-:4:" in err and "seat:N is not at a table of 3" in err


# -- rounds that cannot have happened ----------------------------------------------------------


@pytest.mark.parametrize(
    ("second", "message"),
    [
        # the same player wins twice on one discard
        ("123m456p789s1122z ron:1z- round:E seat:S", "seat:S wins a second time"),
        # West off South (its left), South's own discard
        ("123m456p789s1122z ron:1z- round:E seat:W", "rons off two discarders"),
        ("123m456p789s1122z tsumo:1z round:E seat:W", "a tsumo and a ron in one round"),
    ],
)
def test_impossible_second_wins_of_a_round_are_errors(second, message):
    g = mjscore.game([f"{WIN_S}  # g E1-0", f"{second}  # g E1-0"])
    assert g.rounds == () and message in _errors(g)[0] and "line 2" in _errors(g)[0]


def test_two_tsumo_wins_and_three_rons_under_double_ron_are_errors():
    tsumo = "123m456p789s1122z tsumo:1z round:E seat:{}  # g E1-0"
    g = mjscore.game([tsumo.format("S"), tsumo.format("W")])
    assert "two tsumo wins in one round" in _errors(g)[0]
    # South, West and North all ron East's discard: Tenhou (double) makes it a draw
    rons = [
        "123m456p789s1122z ron:1z- round:E seat:S  # g E1-0",
        "123m456p789s1122z ron:1z= round:E seat:W  # g E1-0",
        "123m456p789s1122z ron:1z+ round:E seat:N  # g E1-0",
    ]
    g = mjscore.game(rons, rules="tenhou")
    assert _errors(g) == [
        "line 3: 3 rons on one discard, but multiple_ron=double allows 2 "
        "(three rons are a draw: draw:triple-ron)"
    ]
    # Mahjong Soul (all) pays all three: 1,300 x 3 from East
    g = mjscore.game(rons, rules="mahjongsoul")
    assert g.ok and g.rounds[0].changes == (-3900, 1300, 1300, 1300)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "draw:four-riichi round:E",
            "column 1: draw:four-riichi needs all four players in riichi this round",
        ),
        (
            "draw:exhaustive round:E sticks:1 riichi-by:S",
            "column 34: riichi-by: names S in riichi but not ready",
        ),
        (
            "draw:nagashi nagashi:S tenpai:E round:E sticks:1 riichi-by:W",
            "column 50: riichi-by: names W in riichi but not ready",
        ),
    ],
)
def test_contradictory_drawn_rounds_are_errors_with_their_column(line, message):
    g = mjscore.game([line])
    assert g.rounds == () and message in _errors(g)[0]


def test_a_four_riichi_draw_with_four_sticks_is_followed():
    # four sticks to the table, nobody pays, East deals again with them on the table
    g = mjscore.game(["draw:four-riichi round:E riichi-by:E,S,W,N", "draw:exhaustive round:E"])
    assert g.ok
    assert g.rounds[0].changes == (-1000,) * 4 and g.rounds[0].sticks == 4
    assert (g.rounds[1].round, g.rounds[1].honba, g.rounds[1].sticks) == ("E1", 1, 4)
    g3 = mjscore.game(["draw:four-riichi round:E riichi-by:E,S,W"], rules="sanma")
    assert "a table of three has no four-riichi draw" in _errors(g3)[0]


# -- hand-typed games ------------------------------------------------------------------------


def test_a_hand_typed_game_leaves_honba_and_sticks_to_the_ledger():
    g = mjscore.game(
        [
            # E1-0: East alone ready and in riichi: +3,000 - 1,000; 1 stick stays
            "draw:exhaustive tenpai:E round:E riichi-by:E",
            # E1-1: South in riichi wins off East: riichi + round wind 40 fu 2 han 2,600,
            # + 300 honba + the 2 sticks (East's and its own) - its own 1,000
            "123m456p789s1122z ron:1z- round:E seat:S riichi",
            # E2-0: West (player 3 now) tsumo: menzen tsumo + round wind, 30 fu (20 + 2
            # tsumo + 8 the concealed 1z) 2 han: 500/1,000 (the dealer, player 1, 1,000)
            "123m456p789s1122z tsumo:1z round:E seat:W",
        ]
    )
    assert g.ok, g.problems
    assert [(r.round, r.honba, r.sticks) for r in g.rounds] == [
        ("E1", 0, 1),
        ("E1", 1, 0),
        ("E2", 0, 0),
    ]
    assert g.rounds[0].changes == (2000, -1000, -1000, -1000)
    assert g.rounds[1].changes == (-2900, 2600 + 300 + 2000 - 1000, 0, 0)
    assert g.rounds[2].changes == (-500, -1000, -500, 2000)
    # the parts name every change that is not the hand: riichi, honba, the sticks taken
    assert set(g.rounds[1].parts) == {
        mjscore.ledger.Part(0, "win", -2600),
        mjscore.ledger.Part(1, "win", 2600),
        mjscore.ledger.Part(0, "honba", -300),
        mjscore.ledger.Part(1, "honba", 300),
        mjscore.ledger.Part(1, "deposits", 2000),
        mjscore.ledger.Part(1, "riichi", -1000),
    }
    assert g.rounds[1].wins == (mjscore.ledger.WinValue(1, 0, 2600, 2, 40, None, 0, "ron 2,600"),)


def test_a_written_honba_or_sticks_is_still_held_to_the_table():
    g = mjscore.game(["draw:exhaustive tenpai:E round:E", WIN_S + " honba:0"])
    assert _errors(g) == [
        "line 2: column 42: honba:0 but the game stands at E1-1: expected honba:1"
    ]


def test_a_hand_typed_double_ron_gives_the_deposits_to_the_winner_next_to_the_discarder():
    # East riichi and ready at E1-0 (1 stick); E1-1: West and South ron East's discard:
    # South (next after East) takes the honba and the stick; West 1,300 alone
    g = mjscore.game(
        [
            "draw:exhaustive tenpai:E round:E riichi-by:E",
            "123m456p789s1122z ron:1z= round:E seat:W  # g E1-1",
            "123m456p789s1122z ron:1z- round:E seat:S  # g E1-1",
        ]
    )
    assert g.ok, g.problems
    assert g.rounds[1].changes == (-1300 - 1300 - 300, 1300 + 300 + 1000, 1300, 0)


def test_a_ron_in_a_game_names_its_discarder(capsys):
    g = mjscore.game(["123m456p789s1122z ron:1z round:E seat:S"])
    assert _errors(g) == [
        "line 1: column 19: a ron in a game names its discarder: add the marker of whose "
        "discard it was (ron:1z- the left player, = across, + the right)"
    ]
    code, _, err = run("game", "-", capsys=capsys, stdin="123m456p789s1122z ron:1z round:E\n")
    assert code == 1 and "-:1:19: a ron in a game names its discarder" in err


# -- the game line ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("# game g length:easy", "column 10: 'length:easy' is not a game length"),
        ("# game g rounding:up", "column 10: 'rounding:up' is not a rounding of the result"),
        ("# game g rules:", "column 10: 'rules:' names no ruleset"),
        ("# game g rules:nope", "column 10: 'rules:nope' unknown ruleset 'nope'"),
        ("# game g uma:1,2", "column 10: 'uma:1,2' needs the uma first to last"),
    ],
)
def test_a_bad_game_line_is_its_lines_error_with_the_column(header, message):
    g = mjscore.game([header, "draw:exhaustive round:E"])
    assert not g.ok and g.rounds == ()
    assert _errors(g)[0].startswith(f"line 1: {message}")


def test_a_game_line_sets_the_uma_and_the_all_last_rule():
    h = read_header("# game g uma:10,5,-5,-10 tenpai-yame:off")
    settings = dict(h.settings)
    assert settings == {"uma": (10, 5, -5, -10), "tenpai_yame": False} and not h.problems


def test_the_dealer_ready_and_first_in_all_last_stops_or_plays_on():
    # an east game where player 3 is alone ready at E1 (seat N), E2 (W) and, as the dealer,
    # at E4-3 (E3 all noten): 3 x 3,000 in, 34,000 and first, over the 30,000 goal. Tenhou
    # since June 2010 stops there; an older game (tenpai-yame:off, as import writes for
    # one) goes on to E4-4
    lines = [
        "draw:exhaustive round:E tenpai:N",
        "draw:exhaustive round:E tenpai:W",
        "draw:exhaustive round:E tenpai:none",
        "draw:exhaustive round:E tenpai:E",
    ]
    now = mjscore.game(["# game g length:east", *lines], rules="tenhou")
    assert now.ended and now.end == "the dealer stops in all-last as first"
    assert now.final == (22000, 22000, 22000, 34000) and now.rounds[-1].honba == 3
    old = mjscore.game(["# game g length:east tenpai-yame:off", *lines], rules="tenhou")
    assert not old.ended and "stops after E4-3" in old.end
    # a dealer's win stops it either way: 1z is the seat and the round wind (2 han) and
    # menzen tsumo, 30 fu 3 han: 2,000 all, + 400 (4 honba) from each
    win = "123m456p789s1122z tsumo:1z round:E seat:E"
    both = mjscore.game(["# game g length:east tenpai-yame:off", *lines, win], rules="tenhou")
    assert both.ended and both.rounds[-1].changes == (-2400, -2400, -2400, 7200)


def test_the_uma_5_10_of_a_2009_game():
    # fastmaj's 2009071823gm-0041 owari: 41,100 37,300 14,000 7,600 -> +41 +12 -21 -32:
    # 41 - 30 + 20 (oka) + 10 = 41, 37 - 30 + 5 = 12, 14 - 30 - 5 = -21, 8 - 30 - 10 = -32
    from mjscore.ledger.game import _result

    cfg = {
        "return_points": 30000,
        "start_points": 25000,
        "uma": (10, 5, -5, -10),
        "oka": True,
        "result_rounding": "tenhou",
        "ties": "seat",
    }
    final = [41100, 37300, 14000, 7600]
    assert _result(final, [0, 1, 2, 3], cfg, 4) == [41.0, 12.0, -21.0, -32.0]


# -- how lines are read ----------------------------------------------------------------------


def test_a_line_breaks_at_newlines_only_not_at_line_separators():
    # a U+2028 or a form feed inside a comment is part of the comment, not a new line
    g = mjscore.game("draw:exhaustive tenpai:E round:E  # a\u2028draw:exhaustive\x0cx\n" + WIN_S)
    assert g.ok and [r.lines for r in g.rounds] == [(1,), (2,)]


def test_the_library_takes_no_stranger_value():
    g = mjscore.game([None])
    assert _errors(g) == [
        "line 1: not a hand line: a NoneType (a game takes text lines, Hands and DrawnRounds)"
    ]
    with pytest.raises(TypeError, match="not int"):
        mjscore.game(5)
