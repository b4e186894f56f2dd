"""Three-player riichi (sanma): the rulesets `sanma` (Tenhou) and `mahjongsoul-sanma`.

Each test comes from a published rule (riichi.wiki "Sanma" and "Mahjong Soul", the
Tenhou rules) or from what the real three-player records show (tsumo loss, honba of 200 a
counter: ron +200, tsumo +100 from each of the two payers). The values are worked out here
from the rule, never copied from mjscore's output.
"""

from __future__ import annotations

import pytest

import mjscore
from mjscore.base import tiles as T
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


@pytest.mark.parametrize(
    "token, why",
    [("kita:5", "at most 4"), ("kita:x", "0 to 4"), ("kita:", "0 to 4"), ("kita:12", "at most 4")],
)
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


@pytest.mark.parametrize(
    "text, token, kind",
    [
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
    ],
)
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


@pytest.mark.parametrize(
    "seat, marker, payer",
    [
        ("S", "-", "E"),
        ("S", "+", "W"),
        ("E", "-", "W"),
        ("E", "+", "S"),
        ("W", "-", "S"),
        ("W", "+", "E"),
    ],
)
def test_left_and_right_go_round_a_table_of_three(seat, marker, payer):
    r = score(f"{ITTSU} ron:9p{marker} seat:{seat} riichi")
    assert r.ok, r.error
    assert [p.payer for p in r.payments] == [payer]
    assert tuple(r.net) == THREE


# -- payments: tsumo loss (ツモ損) and honba of 200 ----------------------------------------------

# riichi + menzen tsumo + ittsu (4 han, 30 fu: 999p concealed triplet 8, tsumo 2); kita:1
# adds a dora: 5 han, mangan (base 2,000)
MANGAN = f"{ITTSU} tsumo:9p riichi kita:1"


def by_payer(r: mjscore.ScoreResult, reason: str = "tsumo") -> dict[str, int]:
    return {p.payer: p.amount for p in r.payments if p.reason == reason}


@pytest.mark.parametrize("rules", SANMA)
def test_a_non_dealer_tsumo_mangan_is_4000_and_2000_nobody_paying_north(rules):
    r = score(f"{MANGAN} seat:S", rules)
    assert r.ok, r.error
    assert r.limit == "mangan" and r.han == 5
    assert by_payer(r) == {"E": 4000, "W": 2000}
    assert r.value == 6000 and r.net == {"E": -4000, "S": 6000, "W": -2000}


@pytest.mark.parametrize("rules", SANMA)
def test_a_dealer_tsumo_mangan_is_4000_all_from_two(rules):
    r = score(f"{MANGAN} seat:E", rules)
    assert by_payer(r) == {"S": 4000, "W": 4000} and r.value == 8000


def test_tsumo_loss_off_splits_north_share_between_the_two_payers():
    # North would pay 2,000 of a non-dealer mangan (4,000 from a dealer's): half each
    r = score(f"{MANGAN} seat:S", tsumo_loss="off")
    assert by_payer(r) == {"E": 5000, "W": 3000} and r.value == 8000
    r = score(f"{MANGAN} seat:E", tsumo_loss="off")
    assert by_payer(r) == {"S": 6000, "W": 6000} and r.value == 12000
    # haku + menzen tsumo, 30 fu (5z triplet by tsumo 8, tsumo 2): base 480, North's 480
    # split, each share rounded up once
    r = score("123p456p789s11s55z tsumo:5z seat:S", tsumo_loss="off")
    assert r.han == 2 and r.fu == 30
    base = 30 * 2**4
    up = lambda x: -(-x // 100) * 100  # noqa: E731
    assert by_payer(r) == {"E": up(2 * base + base // 2), "W": up(base + base // 2)}


def test_a_ron_is_paid_in_full_as_at_four():
    four = mjscore.score("123p456p789s11s55z ron:5z- seat:S", rules="tenhou")
    r = score("123p456p789s11s55z ron:5z- seat:S")
    assert r.value == four.value and by_payer(r, "ron") == {"E": four.value}


@pytest.mark.parametrize("rules", SANMA)
def test_honba_is_200_on_a_ron_and_100_from_each_of_the_two_payers_on_a_tsumo(rules):
    ron = score(f"{ITTSU} ron:9p+ seat:S riichi honba:3", rules)
    assert by_payer(ron, "honba") == {"W": 600}
    tsumo = score(f"{MANGAN} seat:S honba:3", rules)
    assert by_payer(tsumo, "honba") == {"E": 300, "W": 300}
    assert tsumo.net["S"] == 6000 + 600


# -- dora: kita, the North indicator, ura, and the 1m/9m wrap ----------------------------------


def test_each_kita_is_a_dora_but_not_a_yaku():
    r = score(f"{ITTSU} ron:9p- riichi kita:2")
    assert yaku(r)["kita"] == 2 and "dora" not in yaku(r)
    bare = score("123p456p789s11s44z ron:4z- kita:1 seat:W", "sanma")
    assert not bare.ok and bare.error.kind == "no_yaku"  # kita alone do not win


def test_a_north_indicator_counts_each_kita_again_and_so_does_ura_after_riichi():
    r = score(f"{ITTSU} ron:9p- riichi kita:2 dora:3z ura:3z")
    assert yaku(r) == {"riichi": 1, "ittsu": 2, "dora": 2, "ura_dora": 2, "kita": 2}
    two = score(f"{ITTSU} ron:9p- riichi kita:2 dora:3z,3z ura:3z")
    assert yaku(two)["dora"] == 4
    no_riichi = score(f"{ITTSU} ron:9p- kita:2 dora:3z ura:3z")
    assert "ura_dora" not in yaku(no_riichi) and yaku(no_riichi)["dora"] == 2


def test_a_1m_indicator_points_to_9m_and_9m_to_1m():
    hand = "99m11p123s456s789s"  # pair 99m, 11p: ittsu in souzu
    assert yaku(score(f"{hand} ron:1p- riichi dora:1m"))["dora"] == 2
    assert "dora" not in yaku(score(f"{hand} ron:1p- riichi dora:5p"))
    assert yaku(score("11m99p123s456s789s ron:9p- riichi dora:9m"))["dora"] == 2
    assert yaku(score(f"{hand} ron:1p- riichi dora:8p ura:1m"))["ura_dora"] == 2
    # at four the same indicator points to 2m
    assert "dora" not in yaku(mjscore.score(f"{hand} ron:1p- riichi dora:1m", rules="tenhou"))


def test_the_report_names_the_dora_of_a_1m_indicator_9m():
    from mjscore.report.rich_report import context_pieces

    hand = parse_line(f"{ITTSU} ron:9p- riichi dora:1m kita:2")
    absent = mjscore.load_ruleset("sanma").params.absent_tiles
    words = " ".join(t.plain for t in context_pieces(hand, absent))
    assert "dora 9m (indicator 1m)" in words and "kita 2" in words


# -- rinshan after a kita; North is nobody's wind ----------------------------------------------


@pytest.mark.parametrize("rules", SANMA)
def test_rinshan_after_a_kita_with_or_without_a_kan(rules):
    r = score(f"{ITTSU} tsumo:9p seat:S kita:1 rinshan", rules)
    assert yaku(r)["rinshan"] == 1
    kan = score("11m99p123s456s ankan:7777z tsumo:9p seat:S kita:1 rinshan", rules)
    assert yaku(kan)["rinshan"] == 1
    bare = score(f"{ITTSU} tsumo:9p seat:S rinshan", rules)
    assert not bare.ok and bare.error.kind == "context"
    assert bare.error.column == f"{ITTSU} tsumo:9p seat:S rinshan".index("rinshan") + 1


def test_north_is_nobodys_wind_no_yakuhai_and_a_pair_of_it_is_0_fu():
    for seat in THREE:
        r = score(f"123p456p78s11s pon:444z+ ron:9s- seat:{seat}")
        assert not r.ok and r.error.kind == "no_yaku"
    assert score("123p456p78s11s pon:555z+ ron:9s- seat:S").ok  # a dragon is yakuhai
    r = score("123p456p789s12s44z ron:3s- riichi seat:S")  # 44z pair, kanchan
    assert r.ok and r.fu == 40  # 20 + closed ron 10 + kanchan 2 = 32 -> 40, no pair fu
    assert not any("4z" in item.reason for item in r.fu_items)
    assert [
        item.reason
        for item in score("123p456p789s12s33z ron:3s- riichi seat:W").fu_items
        if "3z" in item.reason
    ]  # West is W's wind: its pair has fu


# -- Mahjong Soul's own: 13-sided kokushi, kokushi robbing a concealed kan, ron on a kita -------


def test_a_13_sided_kokushi_is_a_double_yakuman_on_mahjong_soul_only():
    line = "19m19p19s1234567z ron:1m- seat:S"
    assert score(line, "mahjongsoul-sanma").yakuman == 2
    assert score(line, "mahjongsoul-sanma").value == 64000
    assert score(line, "sanma").yakuman == 1 and score(line, "sanma").value == 32000


def test_kokushi_robs_a_concealed_kan_on_mahjong_soul_not_on_tenhou():
    line = "19m19p19s1123567z ron:4z- chankan-ankan"
    assert score(line, "mahjongsoul-sanma").value == 32000
    refused = score(line, "sanma")
    assert not refused.ok and refused.error.kind == "context"
    assert refused.error.column == line.index("chankan-ankan") + 1
    assert "kokushi_ankan_chankan" in refused.error.message
    assert score(line, "sanma", kokushi_ankan_chankan="on").ok


def test_only_kokushi_robs_a_concealed_kan_at_four_players_too():
    assert mjscore.score("19m19p19s1123567z ron:4z- chankan-ankan", rules="mahjongsoul").ok
    assert not mjscore.score("19m19p19s1123567z ron:4z- chankan-ankan", rules="tenhou").ok
    other = mjscore.score("123m456p789s23s11z ron:1s- chankan-ankan", rules="mahjongsoul")
    assert not other.ok and other.error.kind == "not_a_win"


@pytest.mark.parametrize("rules", SANMA)
def test_a_ron_on_a_north_set_aside_scores_without_chankan(rules):
    r = score("123p456p789s111z4z ron:4z- kita-ron seat:S riichi ippatsu", rules)
    assert r.ok, r.error
    assert "chankan" not in yaku(r) and yaku(r)["ippatsu"] == 1
    assert by_payer(r, "ron") == {"E": r.value}
    wrong = score("123p456p789s111z4s ron:4s- kita-ron", rules)
    assert not wrong.ok and wrong.error.kind == "context" and "4z" in wrong.error.message
    four = mjscore.score("123p456p789s111z4z ron:4z- kita-ron", rules="tenhou")
    assert not four.ok and four.error.kind == "context"  # a flag of three players only


# -- liability round a table of three ----------------------------------------------------------


@pytest.mark.parametrize("rules", SANMA)
def test_the_feeder_of_the_third_dragon_pays_a_tsumo_alone(rules):
    # E wins; the red dragon came from the left of E, who at three is W
    r = score("111p2s pon:555z+ pon:666z+ pon:777z- tsumo:2s seat:E", rules)
    assert r.ok, r.error
    assert r.liability is not None and r.liability.seat == "W"
    assert {p.payer for p in r.payments} == {"W"} and r.net["W"] == -48000
    half = score("111p2s pon:555z+ pon:666z+ pon:777z- ron:2s+ seat:E", rules)
    assert by_payer(half, "liability") == {"W": 24000} and by_payer(half, "ron") == {"S": 24000}


# -- every format at a table of three ------------------------------------------------------------

REPORTED = (
    "11m99p123s456s789s tsumo:9p seat:S riichi kita:2 dora:1m,3z honba:1 sticks:1",
    "111p2s pon:555z+ pon:666z+ pon:777z- ron:2s+ seat:E",
)


def _rendered(fmt: str, results) -> str:
    import io

    from mjscore.report import make_reporter

    out, err = io.StringIO(), io.StringIO()
    reporter = make_reporter(fmt, out, err)
    for r in results:
        reporter.emit(r)
    reporter.close()
    return out.getvalue()


@pytest.mark.parametrize("width", (40, 60, 80, 120))
def test_the_report_shows_three_seats_and_the_kita_whole_at_every_width(width, monkeypatch):
    import re

    from rich.cells import cell_len

    from mjscore.report.rich_report import number

    for name in ("LINES", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", str(width))
    results = [score(line) for line in REPORTED]
    assert all(r.ok for r in results), [r.error for r in results]
    out = _rendered("rich", results)
    assert "…" not in out and all(cell_len(line) <= width for line in out.splitlines())
    tokens = re.findall(r"[+-]?\d[\d,]*", out)
    for r in results:
        for n in [number(p.amount) for p in r.payments] + [number(r.value)]:
            assert n in tokens, (width, n)
    nets = [line for line in out.splitlines() if line.startswith("net")]
    assert len(nets) == 2
    for line in nets:  # the net flows on: its seats are E, S, W and never N
        assert " N " not in f"{line} "
    seats = re.findall(
        r"\b([ESWN]) [+-]?\d",
        "\n".join(ln for ln in out.splitlines() if ln.startswith(("net", " " * 10))),
    )
    assert set(seats) == set(THREE)
    assert "kita 2" in out and "9m" in out  # the 1m indicator's dora is 9m


def test_json_jsonl_and_tsv_carry_three_seats_and_the_kita_count():
    import json

    from mjscore.report.tsv import HEADER

    results = [score(line) for line in REPORTED]
    records = [json.loads(x) for x in _rendered("jsonl", results).splitlines()]
    assert [rec["kita"] for rec in records] == [2, 0]
    assert all(list(rec["net"]) == list(THREE) for rec in records)
    assert json.loads(_rendered("json", results)) == records
    rows = _rendered("tsv", results).splitlines()
    assert tuple(rows[0].split("\t")) == HEADER
    for row in rows[1:]:
        cells = dict(zip(HEADER, row.split("\t"), strict=True))
        assert cells["net_N"] == "" and all(cells[f"net_{s}"] for s in THREE)


def test_the_record_fits_the_schema_with_its_kita():
    import json

    jsonschema = pytest.importorskip("jsonschema")
    from mjscore.schemas import record_schema

    validator = jsonschema.Draft202012Validator(record_schema())
    for r in [score(line) for line in REPORTED] + [score("11m99p123s456s789s tsumo:5m")]:
        rec = json.loads(_rendered("jsonl", [r]))
        assert not list(validator.iter_errors(rec)), rec


def test_waits_offer_no_2m_to_8m():
    from mjscore.analysis.waits import waits_line

    w = waits_line("19m99p123s456s789s", rules="sanma")  # 1m and 9m alone: 2m-8m would help
    assert w.ok
    d = w.to_dict()
    tiles = {t["tile"] for t in d["ukeire"]}
    assert tiles and not tiles & {f"{n}m" for n in range(2, 9)}
    four = waits_line("19m99p123s456s789s", rules="tenhou").to_dict()
    assert {t["tile"] for t in four["ukeire"]} & {"2m", "3m", "7m", "8m"}
    ready = waits_line("11m99p123s456s789s kita:1", rules="sanma").to_dict()
    assert {x["tile"] for x in ready["waits"]} == {"1m", "9p"}


def test_the_table_names_three_players_and_pays_as_the_scorer():
    from mjscore.scoring.tables import han_fu_pay

    ruleset = mjscore.load_ruleset("sanma")
    options = ruleset.resolve_options()
    assert han_fu_pay(2000, False, ruleset, options)["tsumo"] == {
        "from_non_dealer": 2000,
        "from_dealer": 4000,
        "total": 6000,
    }
    assert han_fu_pay(2000, True, ruleset, options)["tsumo"] == {"from_each": 4000, "total": 8000}
    off = ruleset.resolve_options({"tsumo_loss": "off"})
    assert han_fu_pay(2000, False, ruleset, off)["tsumo"]["total"] == 8000


# -- the set a table plays is the ruleset's data: absent_tiles, chi, kita -----------------------


def test_an_indicator_before_absent_tiles_points_past_them():
    """1m points to 9m where 2m-8m are absent (sanma); 8p to 1p where 9p is; 9m to 1m and
    the honours' cycles as always."""
    absent = frozenset(range(1, 8))
    assert T.name(T.dora_after(T.tile_of("1m"), absent)) == "9m"
    assert T.name(T.dora_after(T.tile_of("9m"), absent)) == "1m"
    assert T.name(T.dora_after(T.tile_of("8p"), frozenset({T.tile_of("9p")}))) == "1p"
    assert T.name(T.dora_after(T.tile_of("4z"))) == "1z"
    assert T.name(T.dora_after(T.tile_of("1m"))) == "2m"


def test_absent_tiles_are_a_parameter_any_ruleset_may_set(ruleset_dir):
    """A four-player table without 2p and 3p (a made-up set): a hand holding them is refused
    naming the tile, and a 1p indicator points to 4p."""
    (ruleset_dir / "nodots.toml").write_text(
        'extends = "riichi"\ntitle = "no 2p 3p"\n[params]\nabsent_tiles = ["2p", "3p"]\n',
        encoding="utf-8",
    )
    r = mjscore.score("123p456m789s11z22z ron:2z", rules="nodots")
    assert r.error.kind == "invalid_hand"
    assert r.error.message == (
        "'123p456m789s11z22z' has 2p: ruleset nodots plays four players with 128 tiles: "
        "there are no 2p, 3p (only 1p, 4p, 5p, 6p, 7p, 8p and 9p of dots)"
    )
    ok = mjscore.score("456p456m789s11z22z ron:2z dora:1p", rules="nodots")
    assert ok.ok and {y.key: y.han for y in ok.yaku}.get("dora") == 1  # 4p (one, in 456p)


def test_a_chi_and_a_kita_are_what_the_ruleset_allows(ruleset_dir):
    (ruleset_dir / "nochi.toml").write_text(
        'extends = "riichi"\ntitle = "no chi"\n[params]\nchi = false\n', encoding="utf-8"
    )
    r = mjscore.score("123p456p55z5p chi:123s tsumo:5p", rules="nochi")
    assert r.error.kind == "context" and "no chi: a run can only be concealed" in r.error.message
    kita = mjscore.score("123p456p77p789s13s tsumo:2s kita:1", rules="tenhou")
    assert kita.error.kind == "context"
    assert kita.error.message.endswith(
        "only with three players; ruleset tenhou has four (add rules:sanma or "
        "rules:mahjongsoul-sanma)"
    )
