"""The library's face: its public types importable from `mjscore` at run time, and `rules=`
taking a Ruleset as well as a name (the catalog's own, or one a caller built)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import mjscore
from mjscore.base.frozen import replace

TANYAO = "234m406p22s56s chi:678s ron:4s= round:E seat:S"  # tanyao, one red five: 2 han 30 fu


def test_every_public_name_is_importable_at_run_time():
    for name in mjscore.__all__:
        assert getattr(mjscore, name) is not None, name
    from mjscore import Game, Hand, MjscoreError, NotationError, Ruleset, ScoreResult, WaitsResult

    assert issubclass(NotationError, MjscoreError)
    assert isinstance(mjscore.parse(TANYAO), Hand)
    assert isinstance(mjscore.score(TANYAO), ScoreResult)
    assert isinstance(mjscore.waits("123m456p789s1122z"), WaitsResult)
    assert isinstance(mjscore.game(["draw:exhaustive tenpai:E round:E"]), Game)
    assert isinstance(mjscore.load_ruleset("riichi"), Ruleset)
    with pytest.raises(AttributeError):
        mjscore.NoSuchThing  # noqa: B018


def test_importing_mjscore_imports_no_type_until_asked():
    code = "import sys, mjscore; print('mjscore.core.result' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_rules_takes_a_ruleset():
    tenhou = mjscore.load_ruleset("tenhou")
    by_value, by_name = mjscore.score(TANYAO, rules=tenhou), mjscore.score(TANYAO, rules="tenhou")
    assert by_value.to_dict() == by_name.to_dict()
    assert mjscore.waits("123m456p789s1122z", rules=tenhou).to_dict() == (
        mjscore.waits("123m456p789s1122z", rules="tenhou").to_dict()
    )
    assert mjscore.shanten("123m456p789s1122z", rules=tenhou) == 0


def test_a_ruleset_a_caller_built_scores_as_its_values_say():
    """Tanyao worth 2 han: 3 han 30 fu, 3,900 from a non-dealer's ron (30 x 2^5 x 4 =
    3,840, rounded up), where riichi's 1 han gives 2,000; the catalog's own is untouched."""
    riichi = mjscore.load_ruleset("riichi")
    tanyao = replace(riichi.yaku["tanyao"], han=2, han_open=2)
    ours = replace(riichi, name="ours", yaku={**riichi.yaku, "tanyao": tanyao})
    r = mjscore.score(TANYAO, rules=ours)
    assert r.ok and r.rules == "ours" and (r.han, r.fu, r.value) == (3, 30, 3900)
    assert mjscore.score(TANYAO, rules="riichi").value == 2000


def test_a_ruleset_a_caller_built_is_checked_against_the_registries():
    riichi = mjscore.load_ruleset("riichi")
    bad = replace(riichi, name="bad", flags=riichi.flags | {"no-such-flag"})
    r = mjscore.score(TANYAO, rules=bad)
    assert r.error.kind == "ruleset" and "no-such-flag" in r.error.message


def test_rules_of_another_type_is_an_error_result():
    r = mjscore.score(TANYAO, rules=3)  # type: ignore[arg-type]
    assert r.error.kind == "ruleset"
    assert r.error.message == "rules must be a ruleset name or a Ruleset, not int"
