"""Issue 21: the MCR and European report faces and the listings, at 40 to 120 columns.

Every line fits the width; flowers are shown as written; the MCR total says what the
winner collects; `rules RULESET` shows one ruleset; a yakuman reads as yakuman.
"""

from __future__ import annotations

import json
import re

import pytest
from rich.cells import cell_len

import mjscore
from mjscore.cli.commands import run
from mjscore.engine.catalog import load_ruleset
from mjscore.rulesets import ruleset_names

WIDTHS = [40, 60, 80, 120]
MCR_RON = "34s 55z chi:123m chi:567p pon:888s ron:2s- seat:S round:E flowers:1f2g rules:mcr"
MCR_TSUMO = "147m258p369s 1234z tsumo:7z seat:S round:E rules:mcr"
EUROPEAN = (
    "13m777m55s pon:111p pon:333z ron:2m- seat:W round:E breach:S rules:european "
    "/ E: pon:777z 222p / S: pon:222z 999s flowers:1f2g / N: 444m"
)


@pytest.fixture(autouse=True)
def _own_settings(monkeypatch):
    """`--no-tiles` sets the run's settings; they are put back for the tests after these."""
    from mjscore.report.settings import settings

    for key, value in list(settings.items()):
        monkeypatch.setitem(settings, key, value)


def _out(capsys, monkeypatch, columns: int | None, *args: str) -> str:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", str(columns))
    code = run(["--no-tiles", *args])
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def _fits(text: str, columns: int) -> None:
    for line in text.splitlines():
        assert cell_len(line) <= columns, (columns, line)


@pytest.mark.parametrize("columns", WIDTHS)
def test_mcr_report_fits_and_says_what_the_winner_collects(capsys, monkeypatch, columns):
    ron = _out(capsys, monkeypatch, columns, "score", *MCR_RON.split())
    _fits(ron, columns)
    assert "flowers 1f2g" in ron and "12g" not in ron
    assert ron.splitlines()[0].startswith("MCR · Chinese Official")
    total = " ".join(ron.split("─")[-1].split("payments")[0].split())
    result = mjscore.score(MCR_RON)
    collected = sum(p.amount for p in result.payments)
    assert total == (
        f"{result.value} fan (8 + 2 flowers) 8+{result.value} from the "
        f"discarder, 8 from each other = {collected}"
    )
    tsumo = _out(capsys, monkeypatch, columns, "score", *MCR_TSUMO.split())
    _fits(tsumo, columns)
    result = mjscore.score(MCR_TSUMO)
    each = 8 + result.value
    assert f"{each} all = {3 * each}" in tsumo and "·" not in tsumo.split("─")[-1].split("\n")[1]


@pytest.mark.parametrize("columns", WIDTHS)
def test_european_report_fits_with_its_title_whole(capsys, monkeypatch, columns):
    text = _out(capsys, monkeypatch, columns, "score", *EUROPEAN.split())
    _fits(text, columns)
    title = load_ruleset("european").title
    head = " ".join(text.split("line 1")[0].split())
    assert head == title
    assert "flowers 1f2g" in text


@pytest.mark.parametrize("columns", WIDTHS)
def test_rules_listing_fits_with_every_name_whole(capsys, monkeypatch, columns):
    text = _out(capsys, monkeypatch, columns, "rules")
    _fits(text, columns)
    words = set(text.split())
    for name in ruleset_names():
        assert name in words
        for option in load_ruleset(name).options:
            assert option in words, (columns, option)


@pytest.mark.parametrize("columns", WIDTHS)
def test_yaku_listings_fit_with_keys_and_worth_whole(capsys, monkeypatch, columns):
    for name in ruleset_names():
        text = _out(capsys, monkeypatch, columns, "yaku", "--rules", name)
        _fits(text, columns)
        assert "…" not in text
        ruleset = load_ruleset(name)
        if ruleset.scoring == "points_doubles":
            keys = [*ruleset.params.rows, *ruleset.params.doubles, *ruleset.params.special]
        elif ruleset.scoring == "fan":
            continue  # test_ux checks the fan table key by key
        else:
            keys = list(ruleset.yaku)
        words = set(text.split())
        for key in keys:
            assert key in words, (columns, name, key)


def test_a_piped_listing_wraps_at_80_columns_without_columns(capsys, monkeypatch):
    for args in (["rules"], ["yaku"], ["yaku", "--rules", "european"]):
        text = _out(capsys, monkeypatch, None, *args)
        assert max(cell_len(line) for line in text.splitlines()) <= 80, args


def test_rules_shows_one_ruleset_by_argument_or_option(capsys, monkeypatch):
    whole = _out(capsys, monkeypatch, 120, "rules", "--full")
    for name in ruleset_names():
        by_argument = _out(capsys, monkeypatch, 120, "rules", name, "--full")
        assert by_argument == _out(
            capsys, monkeypatch, 120, "rules", "--rules", name.upper(), "--full"
        )
        assert by_argument.split()[0] == name and by_argument.strip() in whole
        for option in load_ruleset(name).options:
            assert option in by_argument.split()
    data = json.loads(_out(capsys, monkeypatch, 120, "rules", "european", "--format", "json"))
    assert [r["name"] for r in data] == ["european"]


def test_rules_refuses_an_unknown_or_a_second_ruleset(capsys):
    assert run(["rules", "nosuch"]) == 2
    assert "unknown ruleset 'nosuch'" in capsys.readouterr().err
    assert run(["rules", "mcr", "--rules", "riichi"]) == 2
    assert "'mcr'" in (err := capsys.readouterr().err) and "'riichi'" in err


def test_a_yakuman_reads_as_yakuman(capsys, monkeypatch):
    text = _out(capsys, monkeypatch, 120, "yaku")
    rows = {line.split()[0]: line for line in text.splitlines() if line.strip()}
    assert re.search(r"yakuman\s+–\s*$", rows["kokushi"])  # closed only
    assert re.search(r"yakuman\s+yakuman\s*$", rows["daisangen"])  # allowed open
    assert " 13 " not in rows["daisangen"]
    data = json.loads(_out(capsys, monkeypatch, None, "yaku", "--format", "json"))
    daisangen = next(y for y in data["yaku"] if y["key"] == "daisangen")
    assert (daisangen["han"], daisangen["yakuman"]) == (13, 1)  # the keys keep their meaning


def test_every_ruleset_is_named_in_the_notation_and_the_score_help(capsys, monkeypatch):
    notation = _out(capsys, monkeypatch, 120, "notation")
    lines = notation.splitlines()
    at = next(i for i, line in enumerate(lines) if "rules:" in line)
    grammar = " ".join(lines[at : at + 2])  # the list goes on to a second line
    helped = _out(capsys, monkeypatch, 120, "score", "--help").splitlines()
    at = next(i for i, line in enumerate(helped) if line.split()[:1] == ["rules"])
    listed = " ".join(helped[at : at + 2])
    for name in ruleset_names():
        assert name in re.split(r"[:| ]+", grammar), name
        assert name in listed.split(), name
