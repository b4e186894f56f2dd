"""European rules beyond the case file: settlement on bare scores (the published
vectors TV9, TV10, TV13), settlement properties, the ruleset's options and data,
the record keys and the human report. Hand-by-hand scores live in
tests/cases/european.cases.
"""

from __future__ import annotations

import io
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjscore
from mjscore.base.errors import RulesetError
from mjscore.core.notation import format_line, parse_line
from mjscore.scoring.payments import net_of
from mjscore.scoring.settlement import DOUBLE_PAYMENT, DOUBLE_SCORE, Terms, settle
from mjscore.yaku import registry

SEATS = ("E", "S", "W", "N")
ROOT = Path(__file__).resolve().parent.parent
TV12 = (
    "13m777m55s pon:111p pon:333z ron:2m- seat:W round:E breach:S / E: pon:777z 222p "
    "/ S: pon:222z 999s flowers:2f / N: 444m"
)


def _score(line: str, **options: str):
    return mjscore.score(line, rules="european", options=options or None)


def _pays(payments) -> Counter:
    return Counter((p.payer, p.payee, p.amount) for p in payments)


# -- settlement on bare scores (§12.2) -----------------------------------------------------


def test_tv9_published_four_winds_chinese_classical_mode_a():
    scores = {"E": 2, "S": 46, "W": 12, "N": 192}
    pays = settle(scores, "N", Terms())
    assert _pays(pays) == Counter(
        {
            ("E", "N", 384): 1,
            ("S", "N", 192): 1,
            ("W", "N", 192): 1,
            ("E", "S", 88): 1,
            ("E", "W", 20): 1,
            ("W", "S", 34): 1,
        }
    )
    net = net_of(pays)
    assert net == {"E": -492, "S": -70, "W": -206, "N": 768}
    assert [2000 + net[s] for s in SEATS] == [1508, 1930, 1794, 2768]  # as printed


def test_tv9_mode_b_doubles_easts_score_before_comparing():
    pays = settle({"E": 2, "S": 46, "W": 12, "N": 192}, "N", Terms(mode=DOUBLE_SCORE))
    losers = {(p.payer, p.payee, p.amount) for p in pays if p.payee != "N"}
    assert losers == {("E", "S", 42), ("E", "W", 8), ("W", "S", 34)}
    assert net_of(pays) == {"E": -434, "S": -116, "W": -218, "N": 768}


def test_tv10_published_loser_rows_with_a_winner_of_100():
    pays = settle({"E": 0, "S": 40, "W": 20, "N": 100}, "N", Terms())
    losers = {(p.payer, p.payee, p.amount) for p in pays if p.payee != "N"}
    assert losers == {("E", "S", 80), ("E", "W", 40), ("W", "S", 20)}
    net = net_of(pays)
    assert [2000 + net[s] for s in SEATS] == [1680, 2000, 1920, 2400]


def test_tv13_simple_system_east_wins():
    pays = settle({"E": 100, "S": 0, "W": 0, "N": 0}, "E", Terms(advanced=False))
    assert _pays(pays) == Counter({("S", "E", 200): 1, ("W", "E", 200): 1, ("N", "E", 200): 1})
    assert net_of(pays)["E"] == 600


def test_ties_pay_nothing_and_a_draw_settles_only_by_option():
    assert settle({"E": 8, "S": 8, "W": 8, "N": 8}, None, Terms(settle_on_draw=True)) == []
    assert settle({"E": 8, "S": 0, "W": 0, "N": 0}, None, Terms()) == []
    assert (
        settle({"E": 8, "S": 0, "W": 0, "N": 0}, None, Terms(settle_on_draw=True, advanced=False))
        == []
    )


scores_st = st.fixed_dictionaries({s: st.integers(0, 6000) for s in SEATS})
terms_st = st.builds(
    Terms,
    advanced=st.booleans(),
    mode=st.sampled_from([DOUBLE_PAYMENT, DOUBLE_SCORE]),
    settle_on_draw=st.booleans(),
    winner_refund=st.booleans(),
)


@settings(max_examples=400, derandomize=True, database=None)
@given(scores_st, st.sampled_from([*SEATS, None]), terms_st)
def test_settlement_always_sums_to_zero_and_matches_the_pairwise_formula(scores, winner, terms):
    pays = settle(scores, winner, terms)
    net = net_of(pays)
    assert sum(net.values()) == 0
    assert all(p.amount > 0 and p.payer != p.payee for p in pays)
    # the seed's rule, written as a formula: each settling seat gets, from every other
    # settling seat, the difference of their (East-adjusted) scores
    eff = dict(scores)
    if terms.mode == DOUBLE_SCORE:
        eff["E"] *= 2
    settling = [s for s in SEATS if s != winner]
    if winner is None and not terms.settle_on_draw:
        settling = []
    if not terms.advanced:
        settling = []
    want = dict.fromkeys(SEATS, 0)
    for a in settling:
        for b in settling:
            if a != b:
                m = 2 if "E" in (a, b) and terms.mode == DOUBLE_PAYMENT else 1
                want[a] += m * (eff[a] - eff[b])
    if winner is not None:
        for s in SEATS:
            if s != winner:
                m = 2 if "E" in (s, winner) else 1
                want[s] -= m * scores[winner]
                want[winner] += m * scores[winner]
                if terms.advanced and terms.winner_refund and scores[s] > scores[winner]:
                    d = 2 * m * (scores[s] - scores[winner])
                    want[s] += d
                    want[winner] -= d
    assert net == want


# -- settlement properties on whole deal lines ----------------------------------------------

WINNER = "13m777m55s pon:111p pon:333z ron:2m- seat:W round:E breach:S"
WINNER_TILES = Counter({0: 2, 1: 1, 2: 1, 6: 3, 9: 3, 29: 3, 22: 2})  # 1m 2m 3m 7m 1p W 5s
FLOWERS = [f"{n}{k}" for k in "fg" for n in range(1, 5)]
TILE_NAMES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]


@st.composite
def deal_lines(draw) -> str:
    """The TV12 winner and three other holdings of pungs, kongs, pairs and flowers."""
    used = Counter(WINNER_TILES)
    flowers = draw(st.permutations(FLOWERS))
    segments = []
    for seat in ("E", "S", "N"):
        tokens, held = [], 0
        for _ in range(draw(st.integers(0, 4))):
            tile = draw(st.integers(0, 33))
            kind = draw(st.sampled_from(["conc", "pon", "kan", "ankan", "pair"]))
            size = {"conc": 3, "pon": 3, "kan": 4, "ankan": 4, "pair": 2}[kind]
            if used[tile] + size > 4 or held + min(size, 3) > 13:
                continue
            used[tile] += size
            held += min(size, 3)
            name = TILE_NAMES[tile]
            group = name[0] * size + name[1]
            tokens.append(group if kind in ("conc", "pair") else f"{kind}:{group}")
        n_flowers = draw(st.integers(0, 2))
        mine, flowers = flowers[:n_flowers], flowers[n_flowers:]
        if mine:
            tokens.append("flowers:" + "".join(mine))
        if draw(st.booleans()) and draw(st.booleans()):
            tokens.append("riichi")
        segments.append(f"/ {seat}: " + " ".join(tokens))
    return WINNER + " " + " ".join(segments)


@settings(max_examples=150, derandomize=True, database=None)
@given(deal_lines(), st.sampled_from([DOUBLE_PAYMENT, DOUBLE_SCORE]), st.booleans())
def test_generated_deals_settle_to_zero(line, mode, refund):
    r = _score(line, east_in_settlement=mode, winner_refund="on" if refund else "off")
    assert r.ok, (line, r.error)
    assert sum(r.net.values()) == 0
    assert net_of(r.payments) == r.net
    for seat, p in r.score.players.items():
        assert p.points == sum(i.value for i in p.points_items)
        assert p.doubles == sum(i.value for i in p.doubles_items)
        assert p.score == min(p.points * 2**p.doubles, 1000), seat
        if p.riichi and not p.winner:
            assert {i.key for i in p.points_items} <= {"flowers"}


# -- ruleset data and options --------------------------------------------------------------

SPEC_OPTIONS = {  # §10 (and §3, §8.1) with the defaults the spec gives
    "limit": 1000,
    "rounding": "none",
    "dominant_wind_enabled": True,
    "pair_roles_cumulative": True,
    "wind_roles_cumulative": True,
    "half_flush_scope": "all",
    "bouquet_doubles": 4,
    "own_flower_and_season_doubles": 2,
    "concealed_allows_discard_win": False,
    "flower_map": "seed",
    "german_limit_hands": True,
    "german_limit_multipliers": "flat",
    "special_hand_adds_bonus_tiles": False,
    "quadruple_bonheur_any_pair": False,
    "east_in_settlement": "double_payment",
    "advanced_settlement": True,
    "settle_on_draw": False,
    "winner_refund": False,
    "bonus_all_pungs_10": False,
    "bonus_chicken_10": False,
    "bonus_discard_win_10": False,
    "bonus_plum_blossom_100": False,
    "double_replacement_win": False,
    "double_terminals_honours": False,
    "riichi_loser_keeps_flower_doubles": True,
    "allow_three_quads_pair_generally": False,
    "mandarin_quads_concealed": False,
    "imperial_own_wind_pair": False,
}


def test_every_option_of_the_spec_with_its_default():
    rs = mjscore.load_ruleset("european")
    assert rs.scoring == "points_doubles"
    assert {k: spec.default for k, spec in rs.options.items()} == SPEC_OPTIONS
    assert all(spec.help for spec in rs.options.values())


def test_every_rule_in_the_ruleset_has_a_predicate_and_every_predicate_is_used():
    rs = mjscore.load_ruleset("european")
    for kind in ("rows", "doubles", "special"):
        table = registry.REGISTRY[kind]
        assert set(getattr(rs.params, kind)) == set(table), kind


@pytest.mark.parametrize(
    "header, added, message",
    [
        ("[params.doubles.no_such_double]", 'name = "x"\ndoubles = 1', "has no predicate"),
        ("[params.doubles.dragon_set]", 'enabled_by = "nope"', "unknown option 'nope'"),
        ("[params.special.mandarin]", 'colour = "red"', "unknown key 'colour'"),
        ("[params.doubles.own_flower_and_season]", 'who_option = "nope"', "unknown option 'nope'"),
        ("[params.doubles.bouquet]", 'supersedes = ["nope"]', "supersedes unknown 'nope'"),
        ("[params.rows.mahjong]", 'points = "20"', "points must be an integer"),
        ("[params.points]", "chow = 1", "unknown key 'chow'"),
    ],
)
def test_a_rule_without_predicate_or_with_an_unknown_option_is_rejected_at_load(
    ruleset_dir, header, added, message
):
    path = ruleset_dir / "european.toml"
    text = path.read_text(encoding="utf-8")
    if header in text:  # a key of its own: drop what the entry had for it
        key = added.split(" =")[0]
        lines = text.split("\n")
        start = lines.index(header)
        end = next(
            (i for i in range(start + 1, len(lines)) if lines[i].startswith("[")), len(lines)
        )
        lines[start + 1 : end] = [x for x in lines[start + 1 : end] if not x.startswith(f"{key} =")]
        text = "\n".join(lines).replace(header + "\n", f"{header}\n{added}\n", 1)
    else:
        text += f"\n{header}\n{added}\n"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError, match=message):
        mjscore.load_ruleset("european")


def test_who_is_all_or_winner(ruleset_dir):
    path = ruleset_dir / "european.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace(
            'name = "No chow"\ndoubles = 1\nwho = "winner"',
            'name = "No chow"\ndoubles = 1\nwho = "losers"',
        ),
        encoding="utf-8",
    )
    with pytest.raises(
        RulesetError,
        match=r"european\.toml: params\.doubles\.no_chow\.who "
        r"must be one of 'all', 'winner'",
    ):
        mjscore.load_ruleset("european")


def test_flower_map_names_the_flowers_by_plant_or_by_printed_number():
    line = "234m567p345s789s1p ron:1p seat:S round:E breach:W flowers:2f3g"
    seed = _score(line).to_dict()["points_items"]
    printed = _score(line, flower_map="by_printed_number").to_dict()["points_items"]
    assert [i["name"] for i in seed if i["key"] == "flowers"] == ["flowers 2f3g (Orchid, Autumn)"]
    assert [i["name"] for i in printed if i["key"] == "flowers"] == [
        "flowers 2f3g (plant 2, season 3)"
    ]
    # four chows 30 + two flowers 8; the orchid is S's own: 38 x 2, whatever the naming
    assert (
        _score(line).score.score == _score(line, flower_map="by_printed_number").score.score == 76
    )


def test_a_bad_limit_is_a_ruleset_error():
    r = _score("234m567p345s789s1p ron:1p", limit="0")
    assert not r.ok and r.error.kind == "ruleset"


def test_the_riichi_family_rejects_european_tokens():
    r = mjscore.score("111m234p567s789s2z draw seat:S")
    assert r.error.kind == "context" and "draw" in r.error.message
    r = mjscore.score(TV12)
    assert r.error.kind == "context"


# -- records and reports -------------------------------------------------------------------


def test_record_keys_of_output_md():
    d = _score(TV12).to_dict()
    assert (d["points"], d["doubles"], d["score"], d["value"]) == (32, 1, 64, 256)
    assert d["han"] is None and d["fu"] is None and d["hand"] == "ordinary"
    assert set(d["players"]) == set(SEATS)
    s = d["players"]["S"]
    assert (s["points"], s["doubles"], s["score"]) == (16, 3, 128)
    assert [i["points"] for i in s["points_items"]] == [4, 8, 4]
    assert d["settlement"] == "advanced"


def test_a_draw_line_round_trips_through_the_notation():
    text = "111m234p567s789s2z draw riichi seat:S round:E breach:W / E: 555z999p"
    parsed = parse_line(text)
    assert parsed.ctx.win_tile == -1 and "draw" in parsed.ctx.flags
    again = parse_line(format_line(parsed))
    assert (again.holding, again.ctx, again.others) == (parsed.holding, parsed.ctx, parsed.others)


def test_the_rich_report_shows_every_player_and_the_settlement():
    from mjscore.report import make_reporter

    out, err = io.StringIO(), io.StringIO()
    reporter = make_reporter("rich", out, err)
    reporter.emit(_score(TV12))
    reporter.emit(_score("222444666s666z8s ron:8s"))
    reporter.close()
    text = out.getvalue()
    assert err.getvalue() == ""
    for fact in (
        "32 points · 1 double",
        "paid to W",
        "players (advanced settlement)",
        "999s pon:222z flowers 2f:",
        "concealed pung 999s 8",
        "Dominant wind pung or kong +1",
        "E → S",
        "224",
        "settlement S 128 − E 16 ×2 (East)",
        "S +284",
        "La grande main verte majeure (fixed value)",
        "also matched",
    ):
        assert " ".join(fact.split()) in " ".join(text.split()), fact  # wrapped at 80


def test_scoring_european_never_imports_rich():
    code = (
        "import sys, mjscore\n"
        f"r = mjscore.score({TV12!r}, rules='european')\n"
        "assert r.ok, r.error\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'typer')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == "[]"


def test_european_hands_with_a_riichi_shape_share_its_predicate():
    """One registry, one facts type: a European hand with the shape of a riichi
    yaku is the same predicate (yaku/shapes.py), registered under both keys."""
    from mjscore.yaku import shapes

    mjscore.load_ruleset("european")  # registers the European predicates
    reg = registry.REGISTRY
    shared = {
        ("special", "gruene_hand"): ("yaku", "ryuuiisou"),
        ("special", "alle_ehren"): ("yaku", "tsuuiisou"),
        ("special", "kopf_schwanz"): ("yaku", "chinroutou"),
        ("special", "vier_kan"): ("yaku", "suukantsu"),
        ("special", "vier_freuden"): ("yaku", "daisuushii"),
        ("special", "drei_gelehrten"): ("yaku", "daisangen"),
        ("special", "mondspiel"): ("yaku", "haitei"),
        ("special", "himmlische_hand"): ("yaku", "tenhou"),
        ("doubles", "last_wall_tile"): ("yaku", "haitei"),
        ("doubles", "robbing_kong"): ("yaku", "chankan"),
        ("doubles", "replacement_win"): ("yaku", "rinshan"),
        ("doubles", "pure_suit"): ("yaku", "chinitsu"),
        ("doubles", "honours_one_suit"): ("yaku", "honitsu"),
        ("doubles", "no_chow"): ("rows", "all_pungs"),
    }
    for (kind, key), (other_kind, other) in shared.items():
        assert reg[kind][key] is reg[other_kind][other], key
    for key in ("main_pleine", "neunlaternen"):
        assert reg["special"][key] is shapes.nine_gates
    for key in ("treize_lanternes", "dreizehn_waisen"):
        assert reg["special"][key] is shapes.thirteen_orphans


def test_every_player_is_read_through_the_one_facts_type():
    from mjscore.core.facts import HandFacts
    from mjscore.european.facts import Table, loser_facts, winner_facts

    rs = mjscore.load_ruleset("european")
    line = mjscore.parse(
        "111z234s55z66z kan:8888p ron:6z round:S breach:S seat:E "
        "rules:european / S: 111m5z pon:222p"
    )
    options = {k: spec.default for k, spec in rs.options.items()}
    table = Table.of(line, rs.params, options)
    loser = loser_facts("S", line.others_by_seat["S"], table)
    winner = winner_facts(line, None, table)
    assert isinstance(loser, HandFacts) and isinstance(winner, HandFacts)
    assert not loser.winner and not loser.complete and loser.triplets == [10, 0]  # 222p, 111m
    assert winner.winner and winner.seat_wind == 27 and winner.has_honors
