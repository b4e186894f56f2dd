"""The flag table (validate.FLAG_RULES): one example line for every row and every word it names.

Each example must break its row (the row's `broken_by` names the word) and be rejected
as a `context` error, never scored. The property test over random flag sets is in
tests/test_flag_properties.py.
"""

from __future__ import annotations

import pytest

import mjscore
from mjscore.core import notation
from mjscore.engine.catalog import load_ruleset
from mjscore.engine.validate import EXCLUDES, FLAG_RULES, LINE_WORDS, NEEDS, line_words
from mjscore.rulesets import ruleset_names

CLOSED = "123456m789p3477s"  # pinfu shape, waits on 2s/5s
KAN = "456m789p3477s ankan:1111z"  # a concealed kan
CHI = "234m456p34m88s chi:678s"  # an open hand, waits on 2m/5m
# the line each first-turn win is written on, before the flag under test is added
SANMA = "19m19p19s1123567z"  # a three-player kokushi (no 2m-8m) waiting on 4z alone
FIRST = {
    "tenhou": f"{CLOSED} tsumo:5s seat:E tenhou",
    "chiihou": f"{CLOSED} tsumo:5s chiihou",
    "renhou": f"{CLOSED} ron:2s- renhou",
}
DECLARED = ("riichi", "double-riichi", "open-riichi")


def _rules(*flags: str) -> str:
    """riichi when it knows every flag, else webtile."""
    return "riichi" if set(flags) <= load_ruleset("riichi").flags else "webtile"


# (flag, word) -> (line, ruleset)
EXAMPLES: dict[tuple[str, str], tuple[str, str]] = {
    ("haitei", "tsumo"): (f"{CLOSED} ron:2s haitei", "riichi"),
    ("rinshan", "tsumo"): (f"{KAN} ron:2s rinshan", "riichi"),
    ("tenhou", "tsumo"): (f"{CLOSED} ron:2s- seat:E tenhou", "riichi"),
    ("nagashi", "tsumo"): ("123m456p789s1234z ron:5z nagashi", "webtile"),
    ("chiihou", "tsumo"): (f"{CLOSED} ron:2s- chiihou", "riichi"),
    ("houtei", "ron"): (f"{CLOSED} tsumo:5s houtei", "riichi"),
    ("chankan", "ron"): (f"{CLOSED} tsumo:5s chankan", "riichi"),
    ("renhou", "ron"): (f"{CLOSED} tsumo:5s renhou", "riichi"),
    ("kanburi", "ron"): (f"{CLOSED} tsumo:5s kanburi", "webtile"),
    ("chankan-ankan", "ron"): (f"{CLOSED} tsumo:5s chankan-ankan", "riichi"),
    ("kita-ron", "ron"): (f"{SANMA} tsumo:4z kita-ron", "sanma"),
    **{
        ("chankan-ankan", w): (f"{CLOSED} ron:2s chankan-ankan {w}", _rules(w))
        for w in ("houtei", "chankan", "kanburi")
    },
    **{
        ("kita-ron", w): (f"{SANMA} ron:4z- kita-ron {w}", "sanma")
        for w in ("houtei", "chankan", "chankan-ankan", "kanburi")
    },
    ("haitei", "rinshan"): (f"{KAN} tsumo:5s haitei rinshan", "riichi"),
    ("houtei", "chankan"): (f"{CLOSED} ron:2s houtei chankan", "riichi"),
    ("chankan", "kanburi"): (f"{CLOSED} ron:2s chankan kanburi", "webtile"),
    ("tenhou", "chiihou"): (f"{CLOSED} tsumo:5s seat:E tenhou chiihou", "riichi"),
    ("riichi", "double-riichi"): (f"{CLOSED} ron:2s riichi double-riichi", "riichi"),
    ("riichi", "open-riichi"): (f"{CLOSED} ron:2s riichi open-riichi", "webtile"),
    ("double-riichi", "open-riichi"): (f"{CLOSED} ron:2s double-riichi open-riichi", "webtile"),
    **{(f, "open-meld"): (f"{CHI} ron:5m {f}", _rules(f)) for f in DECLARED},
    ("ippatsu", "declared"): (f"{CLOSED} ron:2s ippatsu", "riichi"),
    ("ippatsu", "rinshan"): (
        "234m567p55s78s ankan:2222p tsumo:9s riichi ippatsu rinshan",
        "riichi",
    ),
    ("rinshan", "kan"): (f"{CLOSED} tsumo:5s rinshan", "riichi"),
    ("tenhou", "meld"): (f"{KAN} tsumo:5s seat:E tenhou", "riichi"),
    ("chiihou", "meld"): (f"{KAN} tsumo:5s chiihou", "riichi"),
    ("renhou", "meld"): (f"{KAN} ron:2s- renhou", "riichi"),
    ("tenhou", "kita"): (f"{SANMA} tsumo:4z seat:E kita:1 tenhou", "sanma"),
    ("chiihou", "kita"): (f"{SANMA} tsumo:4z kita:1 chiihou", "sanma"),
    ("renhou", "kita"): (f"{SANMA} ron:4z- kita:1 renhou", "sanma"),
    **{
        (f, w): (f"{FIRST[f]} {w}", _rules(f, w))
        for f in FIRST
        for w in (
            "riichi",
            "double-riichi",
            "open-riichi",
            "ippatsu",
            "haitei",
            "houtei",
            "chankan",
            "kanburi",
        )
    },
    ("tenhou", "dealer"): (f"{CLOSED} tsumo:5s tenhou", "riichi"),
    ("chiihou", "dealer"): (f"{CLOSED} tsumo:5s seat:E chiihou", "riichi"),
    ("renhou", "dealer"): (f"{CLOSED} ron:2s- seat:E renhou", "riichi"),
    **{
        ("first-turn", w): (f"147m258p369s1234z tsumo:1z first-turn {w}", "webtile")
        for w in DECLARED
    },
}


def _cases():
    for i, rule in enumerate(FLAG_RULES):
        words = rule.words[:1] if rule.relation == NEEDS else rule.words
        for word in words:
            yield pytest.param(rule, word, id=f"{i}-{rule.flag}-{rule.relation}-{word}")


@pytest.mark.parametrize("rule, word", list(_cases()))
def test_every_row_rejects_its_example(rule, word):
    line, rules = EXAMPLES[rule.flag, word]
    assert rule.holds_in(load_ruleset(rules))
    hand = notation.parse_line(line)
    assert rule.broken_by(line_words(hand)) is not None, line
    result = mjscore.score(line, rules=rules)
    assert not result.ok, f"{line} scored {result.value}"
    assert result.to_dict()["error"]["kind"] == "context", result.error


def test_the_table_names_only_known_flags_and_facts():
    for rule in FLAG_RULES:
        assert rule.flag in notation.FLAGS
        assert rule.relation in (NEEDS, EXCLUDES)
        assert set(rule.words) <= notation.FLAGS | set(LINE_WORDS), rule
        families = {load_ruleset(name).family for name in ruleset_names()}
        assert rule.families is None or set(rule.families) <= families, rule


def test_every_ruleset_flag_is_a_notation_flag():
    for name in ruleset_names():
        assert load_ruleset(name).flags <= notation.FLAGS, name


def test_the_issue_lines_are_errors():
    for line in (
        "234m567p55s78s ankan:2222p tsumo:9s riichi ippatsu rinshan",
        f"{CLOSED} tsumo:5s seat:E tenhou riichi",
        f"{CLOSED} ron:2s riichi double-riichi",
    ):
        assert mjscore.score(line).to_dict()["error"]["kind"] == "context"
    webtile = "147m258p369s1234z tsumo:1z first-turn riichi"
    assert mjscore.score(webtile, rules="webtile").to_dict()["error"]["kind"] == "context"


def test_the_first_turn_rows_leave_european_alone():
    line = "234m567p345s79s11p ron:8s- renhou chankan seat:S round:E breach:W"
    assert mjscore.score(line, rules="european").ok


@pytest.mark.parametrize("name", ruleset_names())
def test_the_rows_compiled_per_flag_set_break_as_the_table_does(name):
    """validate reads FLAG_RULES through rows compiled once per ruleset and flag set: on
    every pair and triple of the ruleset's flags, the error is the first broken row of the
    table in its order, with its message and column, or there is none."""
    from itertools import combinations

    from mjscore.base.errors import ContextError
    from mjscore.engine.validate import _check_flag_rules

    ruleset = load_ruleset(name)
    known = sorted(ruleset.flags)
    for base in (
        f"{CLOSED} ron:2s-",
        f"{CLOSED} tsumo:5s seat:E",
        f"{KAN} tsumo:5s",
        f"{CHI} ron:5m=",
    ):
        for size in (1, 2, 3):
            for flags in combinations(known, size):
                hand = notation.parse_line(f"{base} {' '.join(flags)}")
                words = line_words(hand)
                first = next(
                    (
                        rule
                        for rule in FLAG_RULES
                        if rule.holds_in(ruleset) and rule.broken_by(words)
                    ),
                    None,
                )
                try:
                    _check_flag_rules(hand, ruleset)
                except ContextError as error:
                    assert first is not None, (base, flags, error)
                    word = first.broken_by(words)
                    meld = next((m.text() for m in hand.holding.melds if m.is_open), "")
                    assert error.message == first.message.format(
                        flag=first.flag, word=word, meld=meld
                    ), (base, flags, error)
                    later = max((first.flag, word), key=lambda w: hand.columns.get(w, -1))
                    assert (error.token, error.column) == (later, hand.columns[later])
                else:
                    assert first is None, (base, flags, first)


def test_seat_from_reads_a_table_and_fails_as_the_formula_does():
    from mjscore.base.tiles import WIND_LETTERS
    from mjscore.core.hand import SOURCE_OFFSET, seat_from

    for i, winner in enumerate(WIND_LETTERS):
        for marker, offset in SOURCE_OFFSET.items():
            assert seat_from(winner, marker) == WIND_LETTERS[(i + offset) % 4]
    with pytest.raises(KeyError):
        seat_from("E", "x")
    with pytest.raises(ValueError):
        seat_from("Q", "-")
