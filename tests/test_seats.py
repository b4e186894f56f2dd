"""Seats as a count: the players and their seats come from the ruleset (`params.players`).

Each test here writes a ruleset with `players = 3` that extends a shipped one (into a copy
of the ruleset directory, the `ruleset_dir` fixture), and checks that its results, its
payments and every report have the seats E, S and W and no N, and that a line naming
N as a seat, a round, a discarder or the player a meld came from is refused, naming the
token. No three-player rule is scored here (a tsumo is paid by the two others as the
four-player rule pays it, which is tsumo loss): those belong to the three-player rulesets
(tests/test_sanma.py). A riichi table of three has no 2m-8m, so the riichi lines here hold
none; at three, the left of E is W and the right of W is E, and nobody sits across.
"""

from __future__ import annotations

import io
import json

import pytest

import mjscore
from mjscore.base.errors import RulesetError
from mjscore.base.tiles import SEATS
from mjscore.report import make_reporter
from mjscore.report.tsv import HEADER
from mjscore.rulesets.params import PARAM_FIELDS
from mjscore.schemas import record_schema
from mjscore.scoring.payments import WinSide, hand_payments, hand_value

THREE = ("E", "S", "W")


def _three(directory, parent: str, name: str = "", more: str = "") -> str:
    """A ruleset `three-PARENT` that is PARENT with three players (and the `more` params)."""
    name = name or f"three-{parent}"
    (directory / f"{name}.toml").write_text(
        f'extends = "{parent}"\ntitle = "{parent}, three players (test)"\n\n'
        f"[params]\nplayers = 3\n{more}",
        encoding="utf-8",
    )
    return name


@pytest.fixture
def riichi3(ruleset_dir) -> str:
    """riichi at a table of three as sanma plays it: 108 tiles (no 2m-8m), no chi."""
    absent = ", ".join(f'"{d}m"' for d in range(2, 9))
    return _three(ruleset_dir, "riichi", more=f"absent_tiles = [{absent}]\nchi = false\n")


def _score(text: str, rules: str) -> mjscore.ScoreResult:
    return mjscore.score(text, rules=rules)


def _rendered(fmt: str, result) -> str:
    out, err = io.StringIO(), io.StringIO()
    reporter = make_reporter(fmt, out, err)
    reporter.emit(result)
    reporter.close()
    return out.getvalue()


# -- the parameter and the property ---------------------------------------------------------


def test_players_is_a_declared_param_with_its_type_default_and_meaning():
    spec = PARAM_FIELDS["players"]
    assert spec.default == 4
    assert "players" in spec.metadata["doc"]


@pytest.mark.parametrize("rules", mjscore.ruleset_names())
def test_every_shipped_ruleset_seats_four_but_the_three_player_ones(rules):
    three = rules in ("sanma", "mahjongsoul-sanma")
    assert mjscore.load_ruleset(rules).seats == (THREE if three else SEATS)


def test_a_ruleset_with_three_players_has_the_seats_e_s_w(riichi3):
    ruleset = mjscore.load_ruleset(riichi3)
    assert ruleset.params.players == 3
    assert ruleset.seats == THREE
    assert mjscore.load_ruleset("riichi").seats == SEATS  # the parent keeps its four


@pytest.mark.parametrize("value", ["3", 5, 2, True])
def test_players_other_than_three_or_four_is_refused_at_load_naming_the_key(ruleset_dir, value):
    text = json.dumps(value) if not isinstance(value, bool) else "true"
    (ruleset_dir / "bad-players.toml").write_text(
        f'extends = "riichi"\n[params]\nplayers = {text}\n', encoding="utf-8"
    )
    with pytest.raises(RulesetError, match=r"params\.players"):
        mjscore.load_ruleset("bad-players")


# -- payments and the net --------------------------------------------------------------------


def test_a_ron_is_paid_by_the_discarder_and_the_net_has_three_seats(riichi3):
    r = _score("123p456p77p789s13s ron:2s- riichi", riichi3)  # S wins, E (left of S) deals in
    assert r.ok, r.error
    assert tuple(r.net) == THREE
    assert [(p.payer, p.payee, p.reason) for p in r.payments] == [("E", "S", "ron")]
    assert r.net == {"E": -r.value, "S": r.value, "W": 0}


def test_a_tsumo_is_paid_by_each_of_the_two_others(riichi3):
    four = _score("123p456p77p789s13s tsumo:2s riichi", "riichi")
    r = _score("123p456p77p789s13s tsumo:2s riichi", riichi3)
    assert r.ok, r.error
    assert tuple(r.net) == THREE
    assert sorted(p.payer for p in r.payments) == ["E", "W"]
    by_payer = {p.payer: p.amount for p in r.payments}
    assert by_payer == {
        s: a for s, a in ((p.payer, p.amount) for p in four.payments) if s != "N"
    }  # each pays what he pays at four: no N, no more
    assert (
        r.value
        == sum(by_payer.values())
        == four.value - dict((p.payer, p.amount) for p in four.payments)["N"]
    )
    assert sum(r.net.values()) == 0


def test_a_dealer_tsumo_with_honba_is_paid_by_the_two_others(riichi3):
    r = _score("123p456p77p789s13s tsumo:2s seat:E honba:2", riichi3)
    assert r.ok, r.error
    tsumo = [(p.payer, p.amount) for p in r.payments if p.reason == "tsumo"]
    honba = [(p.payer, p.amount) for p in r.payments if p.reason == "honba"]
    assert [s for s, _ in tsumo] == ["S", "W"] and len({a for _, a in tsumo}) == 1
    assert honba == [("S", 200), ("W", 200)]
    assert r.net["E"] == sum(a for _, a in tsumo + honba) and set(r.net) == set(THREE)


@pytest.mark.parametrize("seats", [SEATS, THREE])
@pytest.mark.parametrize("winner", ["E", "S"])
def test_the_value_of_a_tsumo_is_what_its_payments_add_up_to(seats, winner):
    params = mjscore.load_ruleset("riichi").params
    for base in (240, 320, 480, 960, 2000, 8000):
        side = WinSide(winner, True, None, 0, 0, seats=seats)
        pays = hand_payments(base, side, params)
        assert sorted(p.payer for p in pays) == sorted(s for s in seats if s != winner)
        assert hand_value(base, side, params) == sum(p.amount for p in pays)


# -- seats the table does not have ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("123p456p77p789s13s tsumo:2s seat:N", "seat:N"),
        ("123p456p77p789s13s tsumo:2s seat:n", "seat:N"),
        ("123p456p77p789s13s tsumo:2s round:N", "round:N"),
        ("123p456p77p789s13s ron:2s= seat:E riichi", "ron:2s="),  # nobody sits across
        ("123p456p789s5p pon:777z= tsumo:5p seat:E", "pon:777z="),
        ("123p456p555z5p chi:123s tsumo:5p seat:E", "chi:123s"),  # no chi at three
    ],
)
def test_a_seat_beyond_the_table_is_refused_naming_the_token(riichi3, text, token):
    r = _score(text, riichi3)
    assert not r.ok and r.error.kind == "context"
    message = r.error.message
    assert f"'{token}'" in message and "3 players" in message and "E, S, W" in message
    assert text.lower().find(token.lower()) + 1 == r.error.column
    assert _score(text, "riichi").ok  # at four, the same line scores


def test_a_player_after_the_slash_beyond_the_table_is_refused(ruleset_dir):
    rules = _three(ruleset_dir, "european")
    r = _score("13m777m55s pon:111p pon:333z ron:2m- seat:W round:E / N: 444m", rules)
    assert not r.ok and r.error.kind == "context"
    assert "'N:'" in r.error.message and "there is no seat N" in r.error.message


# -- the other schemes -----------------------------------------------------------------------


def test_a_european_settlement_settles_among_three(ruleset_dir):
    rules = _three(ruleset_dir, "european")
    text = (
        "13m777m55s pon:111p pon:333z ron:2m- seat:W round:E breach:S / E: pon:777z 222p "
        "/ S: pon:222z 999s flowers:2f"
    )
    r = _score(text, rules)
    assert r.ok, r.error
    assert tuple(r.net) == THREE and tuple(r.score.players) == THREE
    assert sum(r.net.values()) == 0
    assert {p.payer for p in r.payments} | {p.payee for p in r.payments} <= set(THREE)
    four = _score(text, "european")  # at four, N is a player who is not written
    assert "N" in four.net and set(four.score.players) == set(SEATS)


def test_a_european_draw_settles_the_three_hands(ruleset_dir):
    rules = _three(ruleset_dir, "european")
    r = _score("111m234p567s789s2z draw seat:S round:E breach:W", rules)
    assert r.ok, r.error
    assert any("settle the three hands" in n for n in r.notes)
    assert tuple(r.net) == THREE


def test_a_chinese_official_tsumo_is_paid_by_the_two_others(ruleset_dir):
    rules = _three(ruleset_dir, "mcr")
    text = "123m456m789m123p5p tsumo:5p"
    r = _score(text, rules)
    assert r.ok, r.error
    assert sorted(p.payer for p in r.payments) == ["E", "W"] and tuple(r.net) == THREE
    assert r.net["S"] == 2 * _score(text, "mcr").net["S"] // 3


# -- what the reports show -------------------------------------------------------------------


def test_the_record_has_three_seats_and_fits_the_schema(riichi3):
    jsonschema = pytest.importorskip("jsonschema")
    for text in ("123p456p77p789s13s ron:2s- riichi", "123p456p77p789s13s tsumo:2s"):
        rec = json.loads(_rendered("jsonl", _score(text, riichi3)))
        assert list(rec["net"]) == list(THREE)
        assert not list(jsonschema.Draft202012Validator(record_schema()).iter_errors(rec))


def test_the_four_seat_record_keeps_its_four_keys():
    rec = json.loads(_rendered("jsonl", _score("123p456p77p789s13s tsumo:2s", "riichi")))
    assert list(rec["net"]) == list(SEATS)


def test_tsv_keeps_its_columns_and_leaves_net_n_empty_at_three(riichi3):
    row = _rendered("tsv", _score("123p456p77p789s13s tsumo:2s riichi", riichi3))
    header, cells = row.splitlines()[0].split("\t"), row.splitlines()[1].split("\t")
    assert tuple(header) == HEADER
    net = dict(zip(header, cells, strict=True))
    assert net["net_N"] == "" and all(net[f"net_{s}"] for s in THREE)


def test_the_rich_report_shows_the_net_of_three_seats(riichi3):
    text = _rendered("rich", _score("123p456p77p789s13s tsumo:2s riichi", riichi3))
    net = next(line for line in text.splitlines() if line.startswith("net"))
    assert [piece.split()[0] for piece in net[3:].split("·")] == list(THREE)
    assert not any(
        " N " in f" {line} " for line in text.splitlines() if line.startswith(("net", "payments"))
    )


def test_the_rich_report_lists_three_players_of_a_settlement(ruleset_dir):
    rules = _three(ruleset_dir, "european")
    text = _rendered(
        "rich",
        _score(
            "13m777m55s pon:111p pon:333z ron:2m- seat:W round:E breach:S / E: pon:777z 222p", rules
        ),
    )
    start = text.splitlines().index(
        next(ln for ln in text.splitlines() if ln.startswith("players"))
    )
    rows = text.splitlines()[start + 2 : start + 5]
    assert [row.split()[0] for row in rows] == list(THREE)
    assert text.splitlines()[start + 5].strip() == ""
