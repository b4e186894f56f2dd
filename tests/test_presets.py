"""The rule presets (tenhou, mahjongsoul, mleague, wrc, ema) against Tenhou, rule by rule.

Each test scores one hand line under a preset and under Tenhou; the expected values
are worked out by hand from the rule quoted in the comment (sources: the preset's
TOML file and the README's "Rule presets" table).
"""

from __future__ import annotations

import pytest
from cli_helpers import run

import mjscore
from mjscore.engine.catalog import load_ruleset
from mjscore.rulesets import ruleset_names

PRESETS = ("tenhou", "mahjongsoul", "mleague", "wrc", "ema")

# riichi pinfu tanyao + 1 dora (indicator 6p: 7p) = 4 han 30 fu, non-dealer ron
FOUR_THIRTY = "234m567p234s67s88p ron:8s riichi dora:6p"
# riichi ippatsu pinfu tanyao iipeikou chinitsu = 10 han, + 2 dora (indicator 1m: 2m) = 13
THIRTEEN_HAN = "2233445556677m ron:8m riichi ippatsu dora:1m"
# daisangen + tsuuiisou, concealed, ron on a shanpon (no suuankou): two yakuman
TWO_YAKUMAN = "5556667771122z ron:2z"
# the same two yakuman, the third dragon fed by S (pon:666z= for seat N): S is liable
PAO_TWO = "111z2z pon:555z+ pon:777z= pon:666z= seat:N"


def value(line: str, rules: str) -> int:
    r = mjscore.score(line, rules=rules)
    assert r.ok, f"{rules}: {line}: {r.error}"
    return r.value


def net(line: str, rules: str) -> dict[str, int]:
    r = mjscore.score(line, rules=rules)
    assert r.ok, f"{rules}: {line}: {r.error}"
    return {seat: n for seat, n in r.net.items() if n}


def test_tenhou_is_riichi_under_its_name() -> None:
    """riichi.toml holds Tenhou's rules; `tenhou` extends it and changes nothing."""
    assert load_ruleset("tenhou").resolve_options() == load_ruleset("riichi").resolve_options()
    for line in (FOUR_THIRTY, THIRTEEN_HAN, TWO_YAKUMAN, PAO_TWO + " tsumo:2z"):
        assert (
            mjscore.score(line, rules="tenhou").to_dict() | {"rules": "riichi"}
            == mjscore.score(line, rules="riichi").to_dict()
        )


# -- kiriage mangan ---------------------------------------------------------------------


def test_kiriage_mleague_and_wrc() -> None:
    # M-League "7700は切り上げ"; WRC rounds 4-30 to mangan ([EMA-ANN] names "4-30 is not
    # rounded" as EMA's difference from WRC). 4 han 30 fu non-dealer ron: 30 x 2^6 x 4 =
    # 7,680 -> 7,700 (Tenhou); rounded up to mangan: 8,000.
    assert value(FOUR_THIRTY, "tenhou") == 7700
    assert value(FOUR_THIRTY, "mleague") == 8000
    assert value(FOUR_THIRTY.replace("dora:6p", "dora:6p"), "wrc") == 8000
    # EMA: "4-30 is not rounded to mangan payment"
    assert value(FOUR_THIRTY, "ema") == 7700


# -- red fives --------------------------------------------------------------------------


def test_no_red_fives_in_wrc_and_ema() -> None:
    # WRC 2022: red fives only as an optional variant; EMA: "Red fives have been removed".
    # Tenhou counts 0p as a dora: riichi pinfu tanyao + red = 4 han 30 fu = 7,700.
    red = "234m067p234s67s88p ron:8s riichi"
    assert value(red, "tenhou") == 7700
    for rules in ("wrc", "ema"):
        r = mjscore.score(red, rules=rules)
        assert not r.ok and "no red fives" in r.error.message
        # the same hand written with a plain 5p: 3 han 30 fu = 30 x 2^5 x 4 = 3,840 -> 3,900
        assert value(red.replace("067p", "567p"), rules) == 3900


# -- counted yakuman --------------------------------------------------------------------


def test_thirteen_han_is_sanbaiman_outside_tenhou_and_mahjong_soul() -> None:
    # EMA: "A hand with 13+ fan is scored as a sanbaiman, not a yakuman"; M-League
    # "capped to sanbaiman"; WRC 2022 caps 13+ han at sanbaiman. Non-dealer ron:
    # sanbaiman 6,000 x 4 = 24,000; Tenhou's counted yakuman 8,000 x 4 = 32,000.
    r = mjscore.score(THIRTEEN_HAN, rules="tenhou")
    assert (r.han, r.limit, r.value) == (13, "kazoe-yakuman", 32000)
    assert value(THIRTEEN_HAN, "mahjongsoul") == 32000
    for rules in ("ema", "mleague", "wrc"):
        r = mjscore.score(THIRTEEN_HAN, rules=rules)
        assert (r.han, r.limit, r.value) == (13, "sanbaiman", 24000), rules


# -- double yakuman patterns ------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "19m19p19s1234567z ron:1m",  # kokushi, 13-sided wait
        "111m333p555s777z2z ron:2z",  # suuankou, pair wait
        "1112345678999m ron:5m",  # junsei chuuren poutou (nine-sided wait)
        "444z5m pon:111z- pon:222z= pon:333z+ ron:5m=",  # daisuushii (ron by the feeder N)
    ],
)
def test_double_yakuman_patterns_in_mahjong_soul(line: str) -> None:
    # Mahjong Soul: kokushi 13-wait, suuankou tanki, junsei chuuren and daisuushii are
    # double yakuman (RiichiEnv default_mjsoul); Tenhou: single. Non-dealer ron:
    # 2 x 32,000 = 64,000 against 32,000.
    assert value(line, "tenhou") == 32000
    assert value(line, "mahjongsoul") == 64000
    for rules in ("mleague", "wrc", "ema"):  # none doubled there
        assert value(line, rules) == 32000, rules


def test_double_yakuman_one_pattern_and_the_old_switch() -> None:
    """The set option names single patterns; on/off (and True/False) still mean all/none."""
    kokushi, tanki = "19m19p19s1234567z ron:1m", "111m333p555s777z2z ron:2z"
    only = {"double_yakuman": "kokushi_13"}
    assert mjscore.score(kokushi, options=only).value == 64000
    assert mjscore.score(tanki, options=only).value == 32000
    for on in ("on", True):
        assert mjscore.score(tanki, options={"double_yakuman": on}).value == 64000
    for off in ("off", False):
        assert (
            mjscore.score(kokushi, rules="mahjongsoul", options={"double_yakuman": off}).value
            == 32000
        )
    bad = mjscore.score(kokushi, options={"double_yakuman": "kokushi"})
    assert not bad.ok and "kokushi_13" in bad.error.message


# -- yakuman stacking -------------------------------------------------------------------


def test_no_stacking_in_ema() -> None:
    # EMA 2016: "removal of accumulative and double yakuman". Daisangen + tsuuiisou,
    # non-dealer ron: one yakuman, 32,000; Tenhou stacks them: 64,000.
    assert value(TWO_YAKUMAN, "tenhou") == 64000
    assert value(TWO_YAKUMAN, "ema") == 32000
    assert mjscore.score(TWO_YAKUMAN, rules="ema").yakuman == 1
    assert value(TWO_YAKUMAN, "wrc") == 64000  # WRC 2022: "double or triple yakuman"


# -- double-wind pair -------------------------------------------------------------------


def test_double_wind_pair_is_two_fu_in_mleague_and_wrc() -> None:
    # M-League "Double-wind pair worths 2 fu"; WRC 2 fu. East dealer in the East round,
    # pair 11z, concealed 111m, riichi, ron: Tenhou 20 + 10 (closed ron) + 8 (111m) + 4 =
    # 42 -> 50 fu: 50 x 2^3 x 6 = 2,400; with 2 fu: 40 fu: 1,920 -> 2,000.
    line = "111m567p234s67s11z ron:8s seat:E round:E riichi"
    assert (mjscore.score(line, rules="tenhou").fu, value(line, "tenhou")) == (50, 2400)
    for rules in ("mleague", "wrc"):
        r = mjscore.score(line, rules=rules)
        assert (r.fu, r.value) == (40, 2000), rules


# -- renhou -----------------------------------------------------------------------------


def test_renhou_is_mangan_in_wrc_and_ema() -> None:
    # WRC: "Renhō is cumulative with other yaku and dora" and a mangan (5 han); EMA:
    # "Renho (Blessing of Man) is a mangan". Pinfu tanyao + renhou 5 = 7 han: haneman
    # 3,000 x 4 = 12,000. Tenhou has no renhou: pinfu tanyao 2 han 30 fu = 1,920 -> 2,000.
    line = "234m567p234s67s88p ron:8s renhou"
    assert value(line, "tenhou") == 2000
    for rules in ("wrc", "ema"):
        r = mjscore.score(line, rules=rules)
        assert (r.han, r.value) == (7, 12000), rules
        assert "renhou" in [y.key for y in r.yaku]


# -- liability (pao) --------------------------------------------------------------------


def test_composite_pao_mahjong_soul_against_tenhou() -> None:
    # Tenhou: "Pao player pays the full Tsumo amount including non-Pao Yakumans" and "The
    # total Ron amount is split 50/50" (RiichiEnv). Mahjong Soul: "Only the Pao-triggering
    # Yakuman portion is split 50/50. The non-Pao Yakuman portion is paid entirely by the
    # deal-in player"; on tsumo the rest is an ordinary tsumo.
    ron, tsumo = PAO_TWO + " ron:2z-", PAO_TWO + " tsumo:2z"
    assert net(ron, "tenhou") == {"N": 64000, "S": -32000, "W": -32000}
    assert net(ron, "mahjongsoul") == {"N": 64000, "S": -16000, "W": -48000}
    assert net(tsumo, "tenhou") == {"N": 64000, "S": -64000}
    # S: 32,000 for daisangen + 8,000 of the tsuuiisou tsumo; E (dealer) 16,000; W 8,000
    assert net(tsumo, "mahjongsoul") == {"N": 64000, "E": -16000, "S": -40000, "W": -8000}
    r = mjscore.score(ron, rules="mahjongsoul")
    assert r.liability is not None and "other yakuman" in r.liability.rule


def test_suukantsu_pao_in_mleague() -> None:
    # M-League: "Sekinin barai: Applies to daisangen, daisuushi and suukantsu". The fourth
    # kan came from W (kan:3333s+ for seat S): under M-League W pays the whole 32,000 tsumo;
    # Tenhou has no suukantsu pao: E 16,000, W 8,000, N 8,000.
    line = "9m ankan:1111m ankan:7777z kan:2222p= kan:3333s+ tsumo:9m"
    assert net(line, "tenhou") == {"S": 32000, "E": -16000, "W": -8000, "N": -8000}
    assert net(line, "mleague") == {"S": 32000, "W": -32000}


def test_suukantsu_pao_only_for_a_fourth_daiminkan() -> None:
    # The suukantsu pao is for the player who lets a fourth kan be called: "三槓子 ... 生牌を
    # 切った結果その者に大明槓された場合が該当" (w.atwiki.jp/mahjlocal/pages/68.html, 責任払い).
    # A kakan's fourth tile is the winner's own draw and an ankan is nobody's discard: under
    # M-League these tsumo pay as usual, E 16,000, W 8,000, N 8,000.
    usual = {"S": 32000, "E": -16000, "W": -8000, "N": -8000}
    added = "9m ankan:1111m ankan:7777z kan:2222p= kakan:3333s+ tsumo:9m"
    assert net(added, "mleague") == usual
    assert mjscore.score(added, rules="mleague").liability is None
    concealed_last = "9m kan:1111m= ankan:7777z kan:2222p= ankan:3333s tsumo:9m"
    assert net(concealed_last, "mleague") == usual
    # the fourth kan a daiminkan from E (kan:3333s- for seat S, left): E pays all
    fed = "9m ankan:1111m kakan:7777z= kan:2222p= kan:3333s- tsumo:9m"
    assert net(fed, "mleague") == {"S": 32000, "E": -32000}


# -- kokushi robbing a concealed kan, multiple ron ----------------------------------------


def test_kokushi_chankan_is_accepted() -> None:
    # Mahjong Soul and WRC let kokushi rob a concealed kan; a hand line cannot say which
    # kind of kan was robbed, so a chankan kokushi ron scores under every preset
    # (robbing an added kan is legal everywhere): one yakuman, 32,000.
    line = "119m19p19s123456z ron:7z chankan"
    for rules in PRESETS:
        assert value(line, rules) == 32000
    on = {r for r in PRESETS if load_ruleset(r).resolve_options()["kokushi_ankan_chankan"]}
    assert on == {"mahjongsoul", "wrc"}


def test_multiple_ron_rule_per_preset() -> None:
    # Tenhou: double ron, a triple is a draw; Mahjong Soul and EMA: double and triple;
    # M-League ("Multiple ron: Atamahane") and WRC: head bump only.
    want = {
        "tenhou": "double",
        "mahjongsoul": "all",
        "mleague": "head_bump",
        "wrc": "head_bump",
        "ema": "all",
    }
    assert {r: load_ruleset(r).resolve_options()["multiple_ron"] for r in PRESETS} == want


# -- the registries: every command sees the presets -------------------------------------


def test_presets_are_installed_rulesets_of_the_riichi_family() -> None:
    for name in PRESETS:
        assert name in ruleset_names()
        ruleset = load_ruleset(name)
        assert ruleset.family == "riichi" and ruleset.extends == "riichi"


@pytest.mark.parametrize("name", PRESETS)
def test_presets_in_the_commands(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run("rules", capsys=capsys)
    assert code == 0 and name in out
    for command in ("yaku", "table"):
        code, out, err = run(command, "--rules", name, capsys=capsys)
        assert code == 0, err
    code, out, err = run(
        "score", FOUR_THIRTY, "--rules", name, "--opt", "kiriage_mangan=on", capsys=capsys
    )
    assert code == 0 and "8,000" in out.replace("8000", "8,000"), out + err


def test_presets_in_the_config_file(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    """A config file names a preset and overrides one of its options, as --opt X.NAME does."""
    config = tmp_path / "club.toml"
    config.write_text('rules = "mleague"\n[options.mleague]\nkiriage_mangan = false\n')
    code, out, err = run(
        "score", FOUR_THIRTY, "--config", str(config), "--format", "json", capsys=capsys
    )
    assert code == 0, err
    assert '"rules": "mleague"' in out and '"value": 7700' in out
    code, out, err = run(
        "score",
        FOUR_THIRTY,
        "--rules",
        "mleague",
        "--opt",
        "mleague.kiriage_mangan=off",
        "--format",
        "json",
        capsys=capsys,
    )
    assert code == 0 and '"value": 7700' in out, err
