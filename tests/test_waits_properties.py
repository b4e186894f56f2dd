"""`mjscore.waits` answers every hand it is given, under every ruleset, as `score` does.

Generated hands (open and closed, 13 and 14 tiles, built from sets and a pair so that many
are ready or complete, or drawn at random) go through `mjscore.waits` under each of the six
rulesets: the call never raises, and its record names the ruleset the line asked for.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjscore
from mjscore.base import tiles as T

pytestmark = pytest.mark.slow  # the fast tier: pytest -m "not slow"

RULESETS = ("riichi", "webtile", "arushal", "kansai-boo", "european", "mcr")
CALLS = ("chi", "pon", "kan", "ankan", "kakan")


def _set_tiles(kind: str, start: int) -> list[int]:
    if kind == "chi":
        return [start, start + 1, start + 2]
    return [start] * (3 if kind == "pon" else 4)  # kan, ankan, kakan


@st.composite
def hand_lines(draw) -> str:
    """A hand line without a win token: 13 or 14 tiles (melds counting three)."""
    used = [0] * 34
    size = draw(st.sampled_from((13, 14)))
    calls = draw(st.integers(0, 4))
    structured = draw(st.booleans())
    melds = []
    concealed: list[int] = []

    def take(tiles: list[int]) -> bool:
        if any(used[t] + tiles.count(t) > 4 for t in set(tiles)):
            return False
        for t in tiles:
            used[t] += 1
        return True

    for _ in range(calls):
        kind = draw(st.sampled_from(CALLS))
        start = draw(
            st.sampled_from([t for t in range(27) if t % 9 <= 6])
            if kind == "chi"
            else st.integers(0, 33)
        )
        tiles = _set_tiles(kind, start)
        if take(tiles):
            marker = "-" if kind == "kakan" else ""
            melds.append(f"{kind}:{''.join(T.name(t) for t in tiles)}{marker}")
    want = size - 3 * len(melds)
    if structured:  # sets and a pair, one tile short of complete when 13 are asked for
        for _ in range(4 - len(melds)):
            kind = draw(st.sampled_from(("chi", "chi", "pon")))
            start = draw(
                st.sampled_from([t for t in range(27) if t % 9 <= 6])
                if kind == "chi"
                else st.integers(0, 33)
            )
            tiles = _set_tiles(kind, start)
            if take(tiles):
                concealed += tiles
        pair = draw(st.integers(0, 33))
        if take([pair, pair]):
            concealed += [pair, pair]
        while len(concealed) > want:
            concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    while len(concealed) < want:
        t = draw(st.integers(0, 33))
        if take([t]):
            concealed.append(t)
    words = [
        "".join(T.name(t) for t in sorted(concealed)),
        *melds,
        draw(st.sampled_from(("", "seat:E", "seat:W"))),
    ]
    words += draw(
        st.lists(
            st.sampled_from(
                (
                    "round:S",
                    "riichi",
                    "dora:1m",
                    "discards:5z",
                    "last-tile",
                    "flowers:1f",
                    "breach:N",
                    "honba:1",
                    "rinshan",
                    "chankan",
                    "haitei",
                )
            ),
            max_size=3,
            unique=True,
        )
    )
    return " ".join(w for w in words if w)


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)
@given(line=hand_lines(), rules=st.sampled_from(RULESETS))
def test_waits_never_raises_and_names_the_ruleset(line, rules):
    r = mjscore.waits(line, rules=rules)
    assert r.rules == rules, (line, r.rules)
    assert r.to_dict()["rules"] == rules
    if r.ok:
        assert r.tiles in (13, 14)


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)
@given(line=hand_lines())
def test_a_line_rules_token_names_the_record(line):
    for rules in RULESETS:
        assert mjscore.waits(f"{line} rules:{rules}").rules == rules


# -- the hands that used to raise ---------------------------------------------------------


def test_an_mcr_hand_with_two_calls_that_is_ready_lists_its_waits():
    r = mjscore.waits("123m55p78s chi:234m chi:456p rules:mcr")
    assert r.ok and r.rules == "mcr" and r.shanten == 0
    assert [w.tile for w in r.waits] == ["6s", "9s"]
    assert r.shanten_by_shape["knitted_straight"] is None  # no MCR shape of its own is left


def test_an_mcr_hand_with_two_calls_and_fourteen_tiles_chooses_a_discard():
    r = mjscore.waits("123m55p789s chi:234m chi:456p rules:mcr")
    assert r.ok and r.tiles == 14 and r.shanten == -1
    assert r.discards[0].shanten == 0 and r.discards[0].waits


def test_the_command_answers_an_mcr_hand_with_two_calls(capsys):
    from mjscore.cli.commands import run

    assert run(["waits", "123m55p78s chi:234m chi:456p rules:mcr", "-F", "jsonl"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["rules"] == "mcr" and record["ok"]
    assert [w["tile"] for w in record["waits"]] == ["6s", "9s"]
