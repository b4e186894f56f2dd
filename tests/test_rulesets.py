"""The ruleset loader rejects anything unknown at load time, and options parse strictly."""

from __future__ import annotations

import pytest

import mjscore
from mjscore import rulesets
from mjscore.base.errors import RulesetError
from mjscore.engine import catalog


@pytest.fixture
def fake_files(monkeypatch):
    """Serve ruleset files from a dict instead of the package."""
    files: dict[str, dict] = {}

    def read(name):
        if name not in files:
            raise RulesetError(f"unknown ruleset '{name}'")
        return files[name]

    monkeypatch.setattr(rulesets, "_read", read)
    catalog.load_ruleset.cache_clear()
    yield files
    catalog.load_ruleset.cache_clear()


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
    fake_files["base"] = {
        "title": "b",
        "flags": ["riichi"],
        "yaku": {
            "tanyao": {"name": "Tanyao", "han": 1, "han_open": 1},
            "pinfu": {"name": "Pinfu", "han": 1},
        },
        "options": {"open_tanyao": {"kind": "bool", "default": True}},
    }
    fake_files["child"] = {
        "extends": "base",
        "title": "c",
        "flags": ["ippatsu"],
        "yaku": {"tanyao": {"han_open": 0}, "pinfu": False},
        "options": {"open_tanyao": {"default": False}},
    }
    child = catalog.load_ruleset("child")
    assert child.title == "c"
    assert child.yaku["tanyao"].han == 1 and child.yaku["tanyao"].han_open == 0
    assert "pinfu" not in child.yaku
    assert child.options["open_tanyao"].default is False
    assert child.flags == {"riichi", "ippatsu"}


def test_extends_cycle_is_rejected(fake_files):
    fake_files["a"] = {"extends": "b"}
    fake_files["b"] = {"extends": "a"}
    with pytest.raises(RulesetError, match="cycle: a -> b -> a"):
        catalog.load_ruleset("a")


def test_unknown_yaku_key_is_rejected(fake_files):
    fake_files["x"] = {"yaku": {"tanyaoo": {"name": "typo", "han": 1}}}
    with pytest.raises(RulesetError, match="yaku 'tanyaoo' has no predicate"):
        catalog.load_ruleset("x")


def test_unknown_option_field_is_rejected(fake_files):
    fake_files["x"] = {"options": {"o": {"kind": "bool", "default": True, "defualt": 1}}}
    with pytest.raises(RulesetError, match="options.o: unknown key 'defualt'"):
        catalog.load_ruleset("x")


def test_bad_default_is_rejected(fake_files):
    fake_files["x"] = {"options": {"o": {"kind": "int", "default": 5, "choices": [1, 2]}}}
    with pytest.raises(RulesetError, match="takes one of 1, 2"):
        catalog.load_ruleset("x")


@pytest.mark.parametrize(
    "name, text, value",
    [
        ("kiriage_mangan", "on", True),
        ("kiriage_mangan", "OFF", False),
        ("kiriage_mangan", "true", True),
        ("red_fives", "4", 4),
        ("renhou", "baiman", "baiman"),
        ("pao", "daisangen,suukantsu", frozenset({"daisangen", "suukantsu"})),
        ("pao", "none", frozenset()),
    ],
)
def test_option_values_parse(name, text, value):
    rs = mjscore.load_ruleset("riichi")
    assert rs.resolve_options({name: text})[name] == value


@pytest.mark.parametrize(
    "name, text, words",
    [
        ("kiriage", "on", "no option 'kiriage'"),
        ("kiriage_mangan", "maybe", "takes on or off"),
        ("red_fives", "2", "takes one of 0, 3, 4"),
        ("red_fives", "many", "takes a number"),
        ("renhou", "double", "takes one of off, mangan"),
        ("pao", "chombo", "unknown value chombo"),
    ],
)
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
    # the record names the ruleset the line asked for; one that does not exist has no options
    assert (r.rules, dict(r.options)) == ("nope", {})


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


# -- typed files: an unknown key or a wrong type names the file and the key ---------------


@pytest.mark.parametrize("name", mjscore.ruleset_names())
def test_every_shipped_ruleset_loads_with_typed_params(name):
    from mjscore.rulesets.params import Params

    rs = mjscore.load_ruleset(name)
    assert isinstance(rs.params, Params)
    values = rs.resolve_options()
    assert set(rs.options) <= set(values)
    with pytest.raises(AttributeError):
        rs.params.min_han = 5  # frozen
    with pytest.raises(TypeError):
        rs.params.shape_options["x"] = "y"  # nested tables are read-only too


def _write(ruleset_dir, name: str, text: str) -> str:
    (ruleset_dir / f"{name}.toml").write_text(text, encoding="utf-8")
    return rf"{name}\.toml"


@pytest.mark.parametrize(
    "text, where",
    [
        ('extends = "riichi"\ntitel = "typo"\n', "unknown key 'titel'"),
        ('extends = "riichi"\n[params]\nmin_hann = 2\n', r"params: unknown key 'min_hann'"),
        (
            'extends = "riichi"\n[yaku.tanyao]\nhan_opn = 1\n',
            r"yaku\.tanyao: unknown key 'han_opn'",
        ),
        (
            'extends = "riichi"\n[options.red_fives]\ndefualt = 4\n',
            r"options\.red_fives: unknown key 'defualt'",
        ),
        (
            (
                'extends = "european"\n[params.doubles.no_chow]\n'
                'name = "x"\ndoubles = 1\nwhom = "all"\n'
            ),
            r"params\.doubles\.no_chow: unknown key 'whom'",
        ),
    ],
)
def test_an_unknown_key_names_the_file_and_the_key(ruleset_dir, text, where):
    file = _write(ruleset_dir, "typo", text)
    with pytest.raises(RulesetError, match=rf"{file}: {where}"):
        catalog.load_ruleset("typo")


def test_an_unknown_key_in_a_parent_names_the_parent(ruleset_dir):
    _write(ruleset_dir, "parent", 'extends = "riichi"\n[params]\nhonba_rn = 200\n')
    _write(ruleset_dir, "child", 'extends = "parent"\n')
    with pytest.raises(RulesetError, match=r"parent\.toml: params: unknown key 'honba_rn'"):
        catalog.load_ruleset("child")


@pytest.mark.parametrize(
    "text, where, expected",
    [
        ('extends = "riichi"\n[params]\nmin_han = "2"\n', r"params\.min_han", "an integer"),
        ('extends = "riichi"\n[params]\nhonba = 1\n', r"params\.honba", "a boolean"),
        ('extends = "riichi"\n[params]\nmin_han = true\n', r"params\.min_han", "an integer"),
        (
            'extends = "riichi"\n[params]\nliability = "all"\n',
            r"params\.liability",
            "one of 'none', 'pao', 'arushal'",
        ),
        (
            'extends = "riichi"\n[params]\nextra_shapes = "thirteen-unrelated"\n',
            r"params\.extra_shapes",
            "a list of strings",
        ),
        (
            'extends = "riichi"\n[params]\nlimits = [[13, 8000]]\n',
            r"params\.limits\[0\]",
            r"a list \[least han, base points, name\]",
        ),
        (
            'extends = "riichi"\n[params]\nred_five_layout = { "x" = [0, 1, 0] }\n',
            r"params\.red_five_layout key",
            "a number",
        ),
        ('extends = "riichi"\n[yaku.tanyao]\nhan = "1"\n', r"yaku\.tanyao\.han", "an integer"),
        ('extends = "riichi"\n[options.pao]\nhelp = 3\n', r"options\.pao\.help", "a string"),
        (
            'extends = "riichi"\n[options.red_fives]\nkind = "number"\n',
            r"options\.red_fives\.kind",
            "one of 'bool', 'int', 'choice', 'set'",
        ),
        ('extends = "riichi"\nflags = "riichi"\n', "flags", "a list of strings"),
        ('extends = "european"\n[params.points]\nflower = 4\n', r"params\.points", "missing key"),
    ],
)
def test_a_wrong_type_names_the_file_the_key_and_the_type(ruleset_dir, text, where, expected):
    file = _write(ruleset_dir, "typed", text)
    with pytest.raises(RulesetError, match=rf"{file}: {where}.*{expected}"):
        catalog.load_ruleset("typed")


@pytest.mark.parametrize(
    "text, message",
    [
        # a switch offered as an option keeps its type
        (
            'extends = "riichi"\n[options.kazoe_yakuman]\nkind = "int"\ndefault = 1\n',
            (
                "option 'kazoe_yakuman' takes the place of the parameter kazoe_yakuman, "
                "so its kind is bool"
            ),
        ),
        # what params name must exist
        (
            'extends = "riichi"\n[params]\nshape_options = { seven-pairs = "nope" }\n',
            "shape_options names 'nope', not a bool option",
        ),
        (
            'extends = "arushal"\n[params]\nkeep_by_option = { chiitoitsu = ["nope"] }\n',
            r"keep_by_option\.chiitoitsu names unknown yaku \['nope'\]",
        ),
        ('extends = "riichi"\n[params]\nliability = "none"\n', 'liability = "pao" goes with'),
        ('extends = "riichi"\n[options]\npao = false\n', 'liability = "pao" goes with'),
        ('extends = "riichi"\n[options.kiriage_mangan]\ndefault = "maybe"\n', "takes on or off"),
    ],
)
def test_what_a_ruleset_names_is_checked_at_load(ruleset_dir, text, message):
    _write(ruleset_dir, "named", text)
    with pytest.raises(RulesetError, match=message):
        catalog.load_ruleset("named")


def test_a_switch_is_a_parameter_or_an_option_never_both_read_with_a_default():
    """Code reads every switch from the resolved options: an option where the ruleset offers
    one (its TOML default), else the ruleset's parameter (its one default in Params)."""
    from mjscore.rulesets.params import SWITCHES, Params

    for name in mjscore.ruleset_names():
        rs = mjscore.load_ruleset(name)
        values = rs.resolve_options()
        assert set(values) >= SWITCHES, name
        for s in SWITCHES:
            want = rs.options[s].default if s in rs.options else getattr(rs.params, s)
            assert values[s] == want, (name, s)
        assert set(rs.options_json(values)) == set(rs.options)  # fixed switches not shown
    assert Params().tsumo_pinfu is True
    boo = mjscore.load_ruleset("kansai-boo")
    assert "tsumo_pinfu" not in boo.options and boo.resolve_options()["tsumo_pinfu"] is False
    assert mjscore.load_ruleset("webtile").resolve_options()["tsumo_pinfu"] is False


def test_honba_deposits_and_money_dora_are_explicit():
    riichi, boo, arushal = (mjscore.load_ruleset(n) for n in ("riichi", "kansai-boo", "arushal"))
    assert (riichi.params.honba, riichi.params.deposits, riichi.params.dora_payments) == (
        True,
        True,
        False,
    )
    assert (boo.params.honba, boo.params.deposits, boo.params.dora_payments) == (True, False, True)
    assert (arushal.params.honba, arushal.params.deposits) == (False, False)


def test_every_yaku_gate_is_a_fact_that_handfacts_sets():
    """Gates are named by HandFacts attributes: each must exist and be a bool on every reading,
    or the scorer would skip (or ask) a group of yaku wrongly."""
    from facts_samples import riichi_facts

    from mjscore.yaku.registry import GATE, GATES

    assert set(GATE.values()) <= GATES
    for line, facts in riichi_facts():
        for gate in GATES:
            assert isinstance(getattr(facts, gate), bool), (line, gate)


def test_a_yaku_applies_only_where_its_gate_and_its_flag_hold():
    """Gates and needed flags are shortcuts: on every reading of every case hand, a yaku
    that applies has its gate fact true and its flag on the line, so that skipping the
    yaku where they fail never changes a score."""
    from pathlib import Path

    from caseformat import parse_cases

    from mjscore.base.errors import MjscoreError
    from mjscore.core.facts import HandFacts, line_facts
    from mjscore.engine.setting import resolve
    from mjscore.scoring.han_fu import _legal_readings
    from mjscore.yaku.registry import GATE, NEEDS_FLAG, PREDICATES

    applied = set()
    for path in sorted((Path(__file__).parent / "cases").glob("*.cases")):
        for case in parse_cases(path):
            try:
                hand = mjscore.parse(case.hand)
                ruleset, options = resolve(hand, case.rules or "riichi", case.options or None)
                if ruleset.scoring != "han_fu" or not hand.has_win:
                    continue
                found = _legal_readings(hand, ruleset, options)
            except MjscoreError:
                continue
            shared = line_facts(hand)
            for reading in found:
                facts = HandFacts(hand, reading, options, shared)
                for key in ruleset.yaku.keys() & (GATE.keys() | NEEDS_FLAG.keys()):
                    if PREDICATES[key](facts):
                        applied.add(key)
                        if key in GATE:
                            assert getattr(facts, GATE[key]), (case.id, key, GATE[key])
                        if key in NEEDS_FLAG:
                            assert NEEDS_FLAG[key] in facts.flags, (case.id, key)
    # every gated yaku applies in some case, so each gate above was put to the test
    assert applied == GATE.keys() | NEEDS_FLAG.keys(), sorted(GATE.keys() - applied)
