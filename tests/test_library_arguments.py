"""The library's entry points (`mjscore.score`, `waits`, `shanten`, `parse`, `game`) on
arguments of the wrong type or value (issue 29): each is what the function's docstring
promises, an error record (score, waits), a game's problem (game) or a clear TypeError or
MjscoreError (shanten, parse), never an AttributeError from deep inside."""

from __future__ import annotations

import pytest

import mjscore
from mjscore.base.errors import MjscoreError

GOOD = "234m406p22s56s chi:678s ron:4s round:E seat:S dora:1s"
IN_GAME = "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s"  # a game names the discarder
READY = "234m406p22s56s chi:678s"
BAD_OPTIONS = [{1: 2}, {None: "x"}, {("a",): 1}]


@pytest.mark.parametrize("options", BAD_OPTIONS, ids=repr)
def test_an_option_name_that_is_not_a_string_is_the_records_error(options):
    for result in (mjscore.score(GOOD, options=options), mjscore.waits(READY, options=options)):
        assert result.error is not None and "option names are strings" in result.error.message
        result.to_dict()  # a record still
    with pytest.raises(MjscoreError, match="option names are strings"):
        mjscore.shanten(READY, options=options)
    g = mjscore.game([IN_GAME], options=options)
    assert not g.ok and "option names are strings" in g.problems[0].message


@pytest.mark.parametrize("line_no", ["a", None, 0, -1, True, 1.5])
def test_a_line_number_that_is_not_one_is_the_records_error(line_no):
    for result in (
        mjscore.score(GOOD, line_no=line_no),
        mjscore.waits(READY, line_no=line_no),
        mjscore.score(mjscore.parse(GOOD), line_no=line_no),
    ):
        assert result.error is not None and "line_no must be a whole number" in str(result.error)
        record = result.to_dict()
        assert record["line"] == 1 and record["ok"] is False  # the schema's line: from 1
    assert mjscore.score(GOOD, line_no=7).line == 7


@pytest.mark.parametrize("hand", [None, 5, b"123m", ["123m"]], ids=repr)
def test_shanten_and_parse_of_what_is_not_a_hand_are_type_errors(hand):
    with pytest.raises(TypeError, match="shanten takes a hand line or a parsed Hand"):
        mjscore.shanten(hand)
    with pytest.raises(TypeError, match="parse takes a hand line"):
        mjscore.parse(hand)
    with pytest.raises(TypeError, match="require_win is True or False"):
        mjscore.parse(GOOD, require_win="no")


@pytest.mark.parametrize(
    "settings, words",
    [
        ({"start_points": "x"}, "settings start_points must be an integer"),
        ({"nope": 1}, "'nope' is not a game parameter"),
        ({1: 2}, "1 is not a game parameter"),
        ({"uma": 5}, "settings uma must be a list"),
        ({"uma": [10, -10, 0]}, "uma has 3 values for a table of 4"),
        ({"game_length": "west"}, "settings game_length must be one of"),
        ({"bust": "yes"}, "settings bust must be a boolean"),
        ("x", "settings must be a mapping"),
    ],
)
def test_a_bad_game_setting_is_the_games_error_and_no_line_is_read(settings, words):
    g = mjscore.game([IN_GAME], settings=settings)
    assert not g.ok and not g.rounds
    assert [p.kind for p in g.problems] == ["error"] and words in g.problems[0].message


def test_good_settings_are_taken():
    g = mjscore.game([IN_GAME], settings={"start_points": 30000, "uma": [20, 10, -10, -20]})
    assert g.start == (30000,) * 4 and g.rounds
    three = mjscore.game([], rules="sanma", settings={"uma": (15, 0, -15)})
    assert three.ok


@pytest.mark.parametrize("rules", [5, None, "nope", ""])
def test_a_bad_ruleset_is_the_games_error(rules):
    g = mjscore.game([IN_GAME], rules=rules)
    assert not g.ok and not g.rounds and g.problems[0].kind == "error"
