"""`score` and `waits` count a hand's tiles alike: a hand `score` takes is one `waits` reads.

Every hand line of the case files, the examples and the MCR examples is scored; when the
score gets past the tile count (a result, or an error of a later check), the same hand
without its win token (13 tiles, waiting) and with the winning tile among its tiles (14,
about to discard) must not be refused by `waits` as a hand it cannot read.
"""

from __future__ import annotations

import json
import re
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjscore
from mjscore.base import tiles as T
from mjscore.base.errors import MjscoreError

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/, for caseformat.py

from caseformat import parse_cases  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
WIN = re.compile(r"(?:^|\s)(ron|tsumo):([0-9][mpsz])[-=+]?(?=\s|$)")
REFUSED = ("notation", "invalid_hand")


def corpus() -> list[tuple[str, str, dict[str, str]]]:
    """(line, rules, options) of every hand line the repository's examples hold."""
    out = []
    for path in sorted((ROOT / "tests" / "cases").glob("*.cases")):
        out += [(c.hand, c.rules or "riichi", c.options) for c in parse_cases(path)]
    for text in (ROOT / "examples" / "hands.txt").read_text(encoding="utf-8").splitlines():
        line = text.split("#", 1)[0].strip()
        if line:
            out.append((line, "riichi", {}))
    for text in (ROOT / "tests" / "data" / "mcr-examples.jsonl").read_text().splitlines():
        out.append((json.loads(text)["line"], "mcr", {}))
    return out


def waiting_forms(line: str) -> tuple[str, str]:
    """The line without its win token, and with the winning tile drawn into the hand."""
    found = WIN.search(line)
    assert found is not None, line
    rest = (line[: found.start()] + line[found.end() :]).strip()
    return rest, f"{found.group(2)} {rest}"


@cache
def accepted() -> tuple[tuple[str, str, str, tuple[tuple[str, str], ...]], ...]:
    """(line, the ruleset it is scored under, the rules argument, options) of every corpus
    line whose score gets past the tile count: a result, or an error of a later check."""
    out = []
    for line, rules, options in corpus():
        if " / " in line or " draw" in f" {line}":
            continue  # several players, or nobody won: not one hand still waiting
        r = mjscore.score(line, rules=rules, options=options)
        if r.ok or r.error.kind not in (*REFUSED, "ruleset"):  # a ruleset error comes first
            out.append((line, r.rules, rules, tuple(options.items())))
    return tuple(out)


def test_the_corpus_is_large_and_mostly_accepted():
    assert len(accepted()) > 500


@pytest.mark.slow
@pytest.mark.parametrize(
    "ruleset", ["riichi", "webtile", "arushal", "kansai-boo", "european", "mcr"]
)
def test_waits_reads_every_hand_score_takes(ruleset):
    checked = 0
    for line, scored_as, rules, options in accepted():
        if scored_as != ruleset:
            continue
        waiting, drawn = waiting_forms(line)
        r = mjscore.waits(waiting, rules=rules, options=dict(options))
        assert r.rules == ruleset, waiting
        assert r.ok or r.error.kind not in REFUSED, (waiting, r.error.message)
        try:  # the 14 tiles through the same reading, without valuing every discard's waits
            mjscore.shanten(drawn, rules=rules, options=dict(options))
        except MjscoreError as exc:
            assert exc.kind not in REFUSED, (drawn, exc.message)
        checked += 1
    assert checked >= 20


QUADRUPLES = [
    ("kan:1111z kan:2222z kan:3333z 4z", "4z"),  # three declared kongs: 13 tiles
    ("1111z2222z kan:3333z 4z", "4z"),  # one declared, two held
    ("kan:5555z kan:6666z kan:7777z 1z", "1z"),  # the imperial hand
]


@pytest.mark.parametrize(("line", "wait"), QUADRUPLES)
def test_the_european_quadruple_hand_is_read_and_waits_on_its_pair(line, wait):
    line += " seat:E round:E breach:E rules:european"
    won = mjscore.score(line.replace(" seat:", f" tsumo:{wait} seat:", 1))
    assert won.ok, won.error
    r = mjscore.waits(line)
    assert r.ok, r.error.message
    assert r.tiles == 13 and r.shanten == 0 and r.shanten_by_shape["quadruples"] == 0
    assert [w.tile for w in r.waits] == [wait]
    assert r.waits[0].tsumo.value == won.value
    assert mjscore.shanten(line) == 0


def test_the_quadruple_hand_about_to_discard_keeps_the_pair_tile():
    r = mjscore.waits("kan:1111z kan:2222z kan:3333z 4z6z seat:E round:E breach:E rules:european")
    assert r.ok and r.tiles == 14 and r.shanten == 0
    best = r.discards[0]
    assert best.tile == "6z"
    assert [w.tile for w in best.waits] == ["4z"]


def test_a_quadruple_hand_not_yet_ready_counts_its_shanten_and_ukeire():
    r = mjscore.waits("1111z222z kan:3333z 4z5z rules:european")
    assert r.ok and r.shanten == 1 and r.shanten_by_shape["regular"] is None
    assert [t.tile for t in r.ukeire] == ["2z", "4z", "5z"]


def test_kongs_count_four_only_where_the_ruleset_has_quadruple_hands():
    r = mjscore.waits("kan:1111z kan:2222z kan:3333z 4z rules:riichi")
    assert r.error.kind == "invalid_hand" and "10 tiles" in r.error.message


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    kongs=st.lists(st.integers(0, 33), min_size=1, max_size=3, unique=True),
    size=st.sampled_from((13, 14)),
    data=st.data(),
)
def test_any_hand_of_declared_kongs_counting_four_is_answered(kongs, size, data):
    held = [t for t in range(34) if t not in kongs for _ in range(4)]
    rest = data.draw(st.permutations(held))[: size - 4 * len(kongs)]
    line = " ".join(
        [
            "".join(T.name(t) for t in sorted(rest)),
            *(f"kan:{T.name(t) * 4}" for t in kongs),
            "rules:european",
        ]
    )
    r = mjscore.waits(line)
    counted_three = len(rest) + 3 * len(kongs)  # one kong and ten tiles: an ordinary 13
    assert r.ok and r.tiles == (counted_three if counted_three in (13, 14) else size), line
    assert r.shanten == mjscore.shanten(line)
