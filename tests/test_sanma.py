"""Three-player riichi (sanma): the rulesets `sanma` (Tenhou) and `mahjongsoul-sanma`.

Each test comes from a published rule (riichi.wiki "Sanma" and "Mahjong Soul", the
Tenhou rules) or from what the real three-player records show (tsumo loss, honba of 200 a
counter: ron +200, tsumo +100 from each of the two payers). The values are worked out here
from the rule, never copied from mjscore's output.
"""

from __future__ import annotations

import pytest

import mjscore
from mjscore.core.notation import parse_line

SANMA = ("sanma", "mahjongsoul-sanma")
THREE = ("E", "S", "W")
# riichi + ittsu (9s tanki-free: 123s456s789s), pair 11m, 99p: a shanpon on 1m/9p, no dora
ITTSU = "11m99p123s456s789s"


def score(text: str, rules: str = "sanma", **opts: str) -> mjscore.ScoreResult:
    return mjscore.score(text, rules=rules, options=opts or None)


def yaku(r: mjscore.ScoreResult) -> dict[str, int]:
    return {y.key: y.han for y in r.yaku}


# -- the notation ---------------------------------------------------------------------------


def test_kita_is_read_into_the_hand_and_written_back():
    hand = parse_line(f"{ITTSU} tsumo:9p kita:3 seat:E")
    assert hand.ctx.kita == 3
    assert "kita:3" in str(hand).split()
    assert parse_line(str(hand)) == hand
    assert parse_line(f"{ITTSU} tsumo:9p").ctx.kita == 0
    assert "kita" not in str(parse_line(f"{ITTSU} tsumo:9p kita:0"))


@pytest.mark.parametrize("token, why", [("kita:5", "at most 4"), ("kita:x", "0 to 4"),
                                        ("kita:", "0 to 4"), ("kita:12", "at most 4")])
def test_a_bad_kita_count_names_its_column(token, why):
    text = f"{ITTSU} tsumo:9p {token}"
    r = score(text)
    assert not r.ok and r.error.kind == "notation"
    assert r.error.column == text.index(token) + 1 and why in r.error.message


# -- the rulesets ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", SANMA)
def test_each_ruleset_loads_with_three_seats_and_its_platform_as_parent(rules):
    ruleset = mjscore.load_ruleset(rules)
    assert ruleset.seats == THREE and ruleset.params.players == 3
    assert ruleset.extends == {"sanma": "tenhou", "mahjongsoul-sanma": "mahjongsoul"}[rules]
    assert ruleset.params.honba_ron == 200 and ruleset.params.honba_tsumo == 100
    assert "kita-ron" in ruleset.flags and "chankan-ankan" in ruleset.flags
    options = ruleset.resolve_options()
    assert options["tsumo_loss"] is True and options["red_fives"] == 2
    assert options["kiriage_mangan"] is False and options["kazoe_yakuman"] is True


# -- validation: each refused token is named with its column ------------------------------------


@pytest.mark.parametrize("text, token, kind", [
    ("11m99p123s456s78s 9s tsumo:9p", "78s", None),  # control: the tiles are fine
    ("11m99p123s456s789s tsumo:5m", "tsumo:5m", "invalid_hand"),
    ("19m99p123s456s789s 2m tsumo:9p", "2m", "invalid_hand"),
    ("11m99p123s456s pon:333m tsumo:9p", "pon:333m", "invalid_hand"),
    ("11m99p123s456s chi:789s tsumo:9p", "chi:789s", "context"),
    ("11m99p123s456s789s tsumo:9p dora:4m", "dora:4m", "invalid_hand"),
    ("11m99p123s456s789s tsumo:9p dora:1m ura:8m riichi", "ura:8m", "invalid_hand"),
    ("11m99p123s456s789s tsumo:9p seat:N", "seat:N", "context"),
    ("11m99p123s456s789s tsumo:9p round:N", "round:N", "context"),
    ("11m99p123s456s789s ron:9p=", "ron:9p=", "context"),
    ("11m99p123s456s pon:777z= tsumo:9p", "pon:777z=", "context"),
    ("11m99p123s456s789s tsumo:9p dora:4z,4z,4z kita:2", "kita:2", "invalid_hand"),
])
@pytest.mark.parametrize("rules", SANMA)
def test_what_a_three_player_table_lacks_is_refused_naming_the_token(text, token, kind, rules):
    r = score(text, rules)
    if kind is None:
        assert r.ok, r.error
        return
    assert not r.ok, text
    assert r.error.kind == kind, r.error
    assert r.error.column == text.index(token) + 1, r.error


def test_a_fifth_north_counts_those_set_aside():
    r = score("11m99p123s456s789s tsumo:9p dora:4z kita:4")
    assert not r.ok and "Norths set aside" in r.error.message
    assert score("11m99p123s456s789s tsumo:9p kita:4 riichi").ok


def test_kita_under_a_four_player_ruleset_is_refused():
    text = "123m456p789s1122z tsumo:1z kita:1"
    r = score(text, "riichi")
    assert not r.ok and r.error.kind == "context"
    assert r.error.column == text.index("kita:1") + 1 and "three players" in r.error.message


# -- the seats of a table of three -------------------------------------------------------------


@pytest.mark.parametrize("seat, marker, payer", [
    ("S", "-", "E"), ("S", "+", "W"), ("E", "-", "W"), ("E", "+", "S"),
    ("W", "-", "S"), ("W", "+", "E")])
def test_left_and_right_go_round_a_table_of_three(seat, marker, payer):
    r = score(f"{ITTSU} ron:9p{marker} seat:{seat} riichi")
    assert r.ok, r.error
    assert [p.payer for p in r.payments] == [payer]
    assert tuple(r.net) == THREE
