"""The ruleset loader rejects anything unknown at load time, and options parse strictly."""

from __future__ import annotations

import pytest

import mjscore
from mjscore import rulesets
from mjscore.errors import RulesetError


@pytest.fixture
def fake_files(monkeypatch):
    """Serve ruleset files from a dict instead of the package."""
    files: dict[str, dict] = {}

    def read(name):
        if name not in files:
            raise RulesetError(f"unknown ruleset '{name}'")
        return files[name]

    monkeypatch.setattr(rulesets, "_read", read)
    rulesets.load_ruleset.cache_clear()
    yield files
    rulesets.load_ruleset.cache_clear()


def test_riichi_is_listed_and_loads():
    assert "riichi" in mjscore.ruleset_names()
    rs = mjscore.load_ruleset("riichi")
    assert rs.scoring == "han_fu"
    assert rs.yaku["pinfu"].han_open is None  # closed only
    assert rs.yaku["chinitsu"].worth(False, {}, rs.options) == (5, 0)


def test_unknown_ruleset_names_the_known_ones():
    with pytest.raises(RulesetError, match="unknown ruleset 'nope'.*riichi"):
        mjscore.load_ruleset("nope")


def test_extends_overrides_only_what_differs(fake_files):
    fake_files["base"] = {"title": "b", "flags": ["riichi"],
                          "yaku": {"tanyao": {"name": "Tanyao", "han": 1, "han_open": 1},
                                   "pinfu": {"name": "Pinfu", "han": 1}},
                          "options": {"open_tanyao": {"kind": "bool", "default": True}}}
    fake_files["child"] = {"extends": "base", "title": "c", "flags": ["ippatsu"],
                           "yaku": {"tanyao": {"han_open": 0}, "pinfu": False},
                           "options": {"open_tanyao": {"default": False}}}
    child = rulesets.load_ruleset("child")
    assert child.title == "c"
    assert child.yaku["tanyao"].han == 1 and child.yaku["tanyao"].han_open == 0
    assert "pinfu" not in child.yaku
    assert child.options["open_tanyao"].default is False
    assert child.flags == {"riichi", "ippatsu"}


def test_extends_cycle_is_rejected(fake_files):
    fake_files["a"] = {"extends": "b"}
    fake_files["b"] = {"extends": "a"}
    with pytest.raises(RulesetError, match="cycle: a -> b -> a"):
        rulesets.load_ruleset("a")


def test_unknown_yaku_key_is_rejected(fake_files):
    fake_files["x"] = {"yaku": {"tanyaoo": {"name": "typo", "han": 1}}}
    with pytest.raises(RulesetError, match="yaku 'tanyaoo' has no predicate"):
        rulesets.load_ruleset("x")


def test_unknown_option_field_is_rejected(fake_files):
    fake_files["x"] = {"options": {"o": {"kind": "bool", "default": True, "defualt": 1}}}
    with pytest.raises(RulesetError, match="options.o: unknown key 'defualt'"):
        rulesets.load_ruleset("x")


def test_bad_default_is_rejected(fake_files):
    fake_files["x"] = {"options": {"o": {"kind": "int", "default": 5, "choices": [1, 2]}}}
    with pytest.raises(RulesetError, match="takes one of 1, 2"):
        rulesets.load_ruleset("x")


@pytest.mark.parametrize("name, text, value", [
    ("kiriage_mangan", "on", True), ("kiriage_mangan", "OFF", False),
    ("kiriage_mangan", "true", True), ("red_fives", "4", 4), ("renhou", "baiman", "baiman"),
    ("pao", "daisangen,suukantsu", frozenset({"daisangen", "suukantsu"})),
    ("pao", "none", frozenset()),
])
def test_option_values_parse(name, text, value):
    rs = mjscore.load_ruleset("riichi")
    assert rs.resolve_options({name: text})[name] == value


@pytest.mark.parametrize("name, text, words", [
    ("kiriage", "on", "no option 'kiriage'"),
    ("kiriage_mangan", "maybe", "takes on or off"),
    ("red_fives", "2", "takes one of 0, 3, 4"),
    ("red_fives", "many", "takes a number"),
    ("renhou", "double", "takes one of off, mangan"),
    ("pao", "chombo", "unknown value chombo"),
])
def test_bad_option_values_say_what_is_accepted(name, text, words):
    rs = mjscore.load_ruleset("riichi")
    with pytest.raises(RulesetError, match=words):
        rs.resolve_options({name: text})


def test_a_record_lists_every_option_of_its_ruleset():
    r = mjscore.score("123m456p789s1122z ron:1z= opt:kiriage_mangan=on")
    rs = mjscore.load_ruleset("riichi")
    assert set(r.options) == set(rs.options)
    assert r.options["kiriage_mangan"] is True
    assert r.options["pao"] == ["daisangen", "daisuushii"]


def test_bad_opt_token_in_a_line_points_at_it():
    r = mjscore.score("123m456p789s1122z ron:1z= opt:kiriage_mangan=maybe")
    assert not r.ok and r.error.kind == "ruleset" and r.error.column == 27


def test_bad_rules_token_in_a_line_points_at_it():
    r = mjscore.score("123m456p789s1122z ron:1z= rules:nope")
    assert not r.ok and r.error.kind == "ruleset" and r.error.column == 27
    assert r.options  # still every option of the default ruleset


def test_hand_value_is_what_the_hand_payments_add_up_to():
    """Readings are valued with `hand_value`; the record pays with `hand_payments`."""
    from mjscore.scoring.payments import WinSide, hand_payments, hand_value

    for name in ("riichi", "arushal", "kansai-boo", "webtile"):
        params = mjscore.load_ruleset(name).params
        for base in (30, 40, 240, 320, 480, 500, 1920, 2000, 8000):
            for winner in ("E", "S"):
                for tsumo in (False, True):
                    for sole in (None, "W"):
                        side = WinSide(winner, tsumo, None if tsumo else "N", 0, 0, sole)
                        paid = sum(p.amount for p in hand_payments(base, side, params))
                        assert hand_value(base, side, params) == paid, (name, base, side)
