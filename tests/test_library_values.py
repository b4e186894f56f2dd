"""A result as a library user meets it: a short repr and a str() that is the call."""

import mjscore

TANYAO = "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s"


def test_str_is_the_call_players_say():
    assert str(mjscore.score(TANYAO)) == "4 han 30 fu · ron 7,700"
    assert str(mjscore.score("123m456p789s11z22z tsumo:2z seat:E")) == "1 han 40 fu · 700 all"
    # a non-dealer tsumo, each non-dealer then the dealer: South's double-wind triplet
    # (seat and round) is 2 han, menzen tsumo 1; 20 + 8 (concealed honour triplet) + 2 = 30 fu
    assert (
        str(mjscore.score("123m456p789s11z22z tsumo:2z seat:S round:S"))
        == "3 han 30 fu · 1,000/2,000"
    )
    assert str(mjscore.score("111m999m111p999p1z ron:1z")) == "yakuman · ron 32,000"
    assert str(mjscore.score("22m345678p345s66z tsumo:6z rules:mcr seat:S")) == "8 fan · 16 all"


def test_a_limit_is_named_after_the_han_and_fu():
    said = str(mjscore.score("234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s,3m"))
    assert said.startswith("5 han 30 fu mangan") and said.endswith("ron 8,000")


def test_european_says_points_doubles_and_score():
    result = mjscore.score("111z234s55z66z kan:8888p ron:6z round:S breach:S seat:E rules:european")
    assert result.ok
    assert " points " in str(result) and " doubles = " in str(result)


def test_repr_is_short_and_names_the_ruleset_line_and_call_or_error():
    assert repr(mjscore.score(TANYAO)) == "<ScoreResult riichi line 1: 4 han 30 fu · ron 7,700>"
    failed = mjscore.score("123m ron:2z")
    assert repr(failed) == "<ScoreResult riichi line 1: invalid_hand error>"
    assert str(failed) == str(failed.error)
    assert len(repr(mjscore.score(TANYAO))) < 100


def test_the_report_and_str_say_the_same_call():
    from mjscore.report.rich_report import call

    result = mjscore.score(TANYAO)
    assert str(result).endswith(call(result))
