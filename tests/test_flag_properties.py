"""Random flag sets on random hands (tests/strategies.py): every line is either rejected
with kind `context` or scored consistently, and dropping a flag never raises the value."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/, for strategies.py

from strategies import hands  # noqa: E402

import mjscore  # noqa: E402
from mjscore.core import notation  # noqa: E402
from mjscore.engine.catalog import load_ruleset  # noqa: E402
from mjscore.engine.validate import FLAG_RULES, line_words  # noqa: E402

RULES = ("riichi", "webtile")
# nagashi is no flag that adds to a win: the line is scored at the exhaustive draw instead
LEFT_OUT = {"nagashi"}


# the generator builds Tenhou's set (one red five per suit); WEB TILE's default has two 0p
OPTIONS = {"riichi": None, "webtile": {"red_fives": "3"}}


def _score(line: str, rules: str):
    r = mjscore.score(line, rules=rules, options=OPTIONS[rules])
    return r, (None if r.ok else r.to_dict()["error"]["kind"])


def _broken_rows(line: str, rules: str) -> list:
    hand = notation.parse_line(line)
    words = line_words(hand)
    return [row for row in FLAG_RULES if row.holds_in(load_ruleset(rules)) and row.broken_by(words)]


@pytest.mark.slow
@settings(
    max_examples=300,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(hands(), st.sampled_from(RULES), st.data())
def test_random_flags_are_rejected_or_scored_consistently(gen, rules, data):
    pool = sorted(load_ruleset(rules).flags - LEFT_OUT)
    extra = data.draw(st.sets(st.sampled_from(pool), max_size=4), label="extra flags")
    flags = tuple(sorted(set(gen.flags) | extra))
    line = dataclasses.replace(gen, flags=flags, token_order=()).line
    r, kind = _score(line, rules)
    broken = _broken_rows(line, rules)
    # the tiles are valid (the generator's), so only a flag can make them impossible:
    # chankan (or chankan-ankan) on a copy in sight (checked with the tiles, before the flags)
    copies = kind == "invalid_hand" and not {"chankan", "chankan-ankan"}.isdisjoint(flags)
    if broken:  # a row of the table says the line cannot happen: never a score
        assert kind == "context" or copies, (line, broken[0].message, kind)
        return
    if not r.ok:  # else a complete hand may simply be worth nothing
        assert kind in ("context", "no_yaku") or copies, (line, r.error)
        return
    assert r.value > 0
    assert sum(r.net.values()) == sum(p.amount for p in r.payments if p.payer == "table")
    for f in flags:
        fewer = dataclasses.replace(
            gen, flags=tuple(x for x in flags if x != f), token_order=()
        ).line
        r2, _ = _score(fewer, rules)
        if r2.ok:
            assert r2.value <= r.value, (line, f, r.value, r2.value)
