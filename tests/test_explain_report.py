"""The rich reports of `score --explain` and `score --compare` at 40 and 80 columns, in
English and Japanese: snapshots (tests/snapshots/explain-*.txt, compare-*.txt; the
facts in them are worked out in tests/test_explain.py and tests/test_compare.py), no
line wider than the page, no number or name cut; and the words tables hold every key
the analysis speaks in.
"""

from __future__ import annotations

import re

import pytest
from cli_helpers import run
from rich.cells import cell_len
from test_compare import KIRIAGE, PAO, RED_FIVE
from test_explain import (
    KANCHAN_RYANMEN,
    MCR_UNDER_8,
    NO_YAKU_LINE,
    NOT_A_WIN,
    PINFU_SANANKOU,
    RYANPEIKOU_CHIITOITSU,
)
from test_report import check_snapshot

from mjscore.analysis import compare, explain
from mjscore.mcr import MINIMUM
from mjscore.report.explain_words import EN
from mjscore.report.words_ja import EXPLAIN as JA
from mjscore.scoring import han_fu, points_doubles
from mjscore.yaku.registry import CONDITIONS

EXPLAINED = [
    PINFU_SANANKOU,
    RYANPEIKOU_CHIITOITSU,
    KANCHAN_RYANMEN,
    NO_YAKU_LINE,
    NOT_A_WIN,
    MCR_UNDER_8,
]
COMPARED = [KIRIAGE, RED_FIVE, PAO]


@pytest.fixture(autouse=True)
def _own_settings(monkeypatch):
    from mjscore.report.settings import settings

    for key, value in list(settings.items()):
        monkeypatch.setitem(settings, key, value)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "MJSCORE_CONFIG", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)


def _report(capsys, monkeypatch, lang: str, width: int, lines: list[str], *args: str) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    code, out, err = run(
        "--lang",
        lang,
        "--no-tiles",
        "score",
        "-",
        "-q",
        *args,
        capsys=capsys,
        stdin="\n".join(lines),
    )
    assert code == 1  # each file has a line that does not score
    assert err  # ... and says so on stderr
    return out


def _fits(out: str, width: int) -> None:
    assert "…" not in out
    for line in out.splitlines():
        assert cell_len(line) <= width, line


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [40, 80])
def test_explain_report(capsys, monkeypatch, lang: str, width: int) -> None:
    out = _report(capsys, monkeypatch, lang, width, EXPLAINED, "--explain")
    check_snapshot(f"explain-{lang}-{width}.txt", out)
    _fits(out, width)
    numbers = set(re.findall(r"\d[\d,]*", out))
    # each reading's value and each nearest change's, whole (tests/test_explain.py)
    expected = {"8,000", "5,200", "3,200", "2,000", "1,300"} if lang == "en" else {"8000", "5200"}
    assert expected <= numbers
    for line in EXPLAINED:  # every hand is there, its own line or its readings
        assert line.split()[0][:8] in out.replace(" ", "")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [40, 80])
def test_compare_report(capsys, monkeypatch, lang: str, width: int) -> None:
    out = _report(capsys, monkeypatch, lang, width, COMPARED, "--compare", "presets")
    check_snapshot(f"compare-{lang}-{width}.txt", out)
    _fits(out, width)
    for option in ("kiriage_mangan", "red_fives", "pao_share", "yakuman_stacking"):
        assert option in out
    for name in ("tenhou", "ema", "mahjongsoul", "mleague", "wrc"):
        assert re.search(rf"^{name}\b", out, re.M)


def test_the_words_tables_hold_every_key() -> None:
    assert EN.keys() == JA.keys()
    keys = {
        *(f"order.{k}" for k in han_fu.ORDER_KEYS),
        *(f"order.{k}" for k in points_doubles.ORDER_KEYS),
        f"order.{points_doubles.SPECIAL_FIRST}",
        "order.fan",
        f"order.{explain.TIE_BREAK}",
        *(f"below.{k}" for k in (explain.FIRST_FOUND, explain.TIE_BREAK)),
        f"below.{points_doubles.SPECIAL_FIRST}",
        *(f"status.{s}" for s in (explain.NO_YAKU, explain.TOO_FEW_HAN, explain.BELOW_MINIMUM)),
        *(f"condition.{c}" for c in CONDITIONS),
        *(f"change.{k}" for k in explain.CHANGES),
        *(f"facet.{f}" for f in compare.FACETS),
        "unit.han",
        "unit.fan",
    }
    assert keys <= EN.keys()
    assert MINIMUM == 8  # "under 8 fan" / "8番未満" name the minimum


def test_the_examples_of_docs_explain_md_are_what_mjscore_prints(capsys, monkeypatch) -> None:
    """Each `$ mjscore ...` block of docs/explain.md is that command's output at 80 columns."""
    import shlex
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "explain.md").read_text("utf-8")
    blocks = re.findall(r"```\n\$ mjscore (.*?)\n(.*?)```", page, flags=re.S)
    assert len(blocks) >= 4
    monkeypatch.setenv("COLUMNS", "80")
    for command, shown in blocks:
        _, out, _ = run(*shlex.split(command), capsys=capsys)
        assert out == shown, command


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [40, 80])
def test_waits_explain_fits(capsys, monkeypatch, lang: str, width: int) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    code, out, _ = run(
        "--lang", lang, "--no-tiles", "waits", "234m567p234s67s55z", "--explain", capsys=capsys
    )
    assert code == 0
    _fits(out, width)
    # by ron no yaku (the dragon pair: no pinfu): riichi, 1 han 40 fu, is the nearest
    assert ("with riichi" if lang == "en" else "立直をかける") in out
    assert ("tsumo instead of ron" if lang == "en" else "ロンではなくツモ") not in out
