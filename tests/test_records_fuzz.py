"""Issue 29: records with odd players and every rule a record can state, fuzzed.

An mjlog's `<GO type>` lobby bits (every bit, alone and at random, out of range) and its
`<UN>` names (five and more), a tenhou.net/6 game's `rule` object (every key this reader
knows and keys it does not, with values of every JSON type) and its `name` list (none to
eight, of any type): each game ends as its own problems in words, or as wins mjscore
reads back; never an exception, and the files after it are still read. Bounded in time:
the long campaign is `slow`.
"""

from __future__ import annotations

import io
import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

import mjscore
from mjscore.cli.records import check_command, import_command
from mjscore.records import Problem, Win, read_hands
from mjscore.records.rules import GO_TYPE_MAX, KNOWN_KEYS

LOGS = Path(__file__).resolve().parent / "data" / "logs"
MJLOG = (LOGS / "mjlog" / "double-ron.mjlog").read_text(encoding="utf-8")
SANMA_MJLOG = (LOGS / "sanma" / "dnovikoff__sanma2.mjlog").read_text(encoding="utf-8")
GAME6 = json.loads(
    (LOGS / "tenhou6" / "2010102910gm-00a9-0000-cdb9804c.json")
    .read_text(encoding="utf-8")
    .splitlines()[0]
)
PYTHON_WORDS = ("Error", "Traceback", "object is not", "index out of range", "NoneType", "[")
REFUSED = ("notation", "invalid_hand", "context", "ruleset")
SECONDS_A_FILE = 5  # far beyond any real record: a slow read is a failure

# values of every JSON type, and the numbers a count may be
VALUES: list[Any] = [
    0,
    1,
    2,
    3,
    -1,
    10**11,
    True,
    False,
    None,
    1.5,
    "1",
    "",
    "鳳南喰赤",
    [],
    [1],
    {},
    {"a": 1},
]
RULE_KEYS = sorted(KNOWN_KEYS) + ["chip", "uma", "oka", "time", "rate", "赤", "", "0"]
DISPS = [
    "鳳南喰赤",
    "三鳳南喰赤",
    "般東喰赤速",
    "上南",
    "特東喰",
    "若南赤",
    "Friendly",
    "金の間",
    "x" * 80,
]


def read(data: bytes, name: str) -> list[Any]:
    """Every item of the record, read within the time bound."""
    start = time.monotonic()
    found = list(read_hands(data, name=name, games=True))
    assert time.monotonic() - start < SECONDS_A_FILE, name
    return found


def assert_clean(found: list[Any], what: object) -> None:
    """Wins read back in mjscore; problems are words for a person (no Python in them)."""
    for item in found:
        if isinstance(item, Win):
            assert item.hand is not None and mjscore.parse(item.line) == item.hand, item.line
            r = mjscore.score(item.line)
            assert r.error is None or r.error.kind not in REFUSED, (what, item.line, r.error)
        elif isinstance(item, Problem):
            assert not any(w in item.message for w in PYTHON_WORDS), (what, item.message)
            assert "internal error" not in item.message, (what, item.message)


def mjlog_with(go: str | None, names: dict[str, str] | None, base: str = MJLOG) -> bytes:
    """The record with its `<GO type>` and `<UN>` names replaced (None: as they are)."""
    text = base
    if go is not None:
        text = re.sub(r'<GO type="[^"]*"', f'<GO type="{go}"', text, count=1)
    if names is not None:
        attrs = " ".join(f'{k}="{v}"' for k, v in names.items())
        text = re.sub(r"<UN [^>]*>", f"<UN {attrs} />", text, count=1)
    return text.encode("utf-8")


def tenhou6_with(rule: Any, names: Any, title: Any = None) -> bytes:
    game = dict(GAME6)
    game["rule"], game["name"] = rule, names
    if title is not None:
        game["title"] = title
    return json.dumps(game, ensure_ascii=False).encode("utf-8")


# -- every key and bit alone -----------------------------------------------------------------------


@pytest.mark.parametrize("bit", [*range(16), None], ids=lambda b: f"bit{b}")
@pytest.mark.parametrize("base", ["four", "three"])
def test_every_go_bit_alone(bit, base):
    text = MJLOG if base == "four" else SANMA_MJLOG
    go = str(0 if bit is None else 1 << bit)
    found = read(mjlog_with(go, None, text), f"bit-{bit}.mjlog")
    assert_clean(found, (base, bit))
    assert found


@pytest.mark.parametrize("names", [0, 1, 3, 4, 5, 6, 8])
def test_mjlog_names_of_any_number(names):
    attrs = {f"n{i}": f"P{i}%E3%81%82" for i in range(names)}
    found = read(mjlog_with(None, attrs), "names.mjlog")
    assert_clean(found, names)


@pytest.mark.parametrize("key", RULE_KEYS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_rule_key_alone_with_every_value(key, players):
    names = [f"p{i}" for i in range(players)]
    for value in VALUES:
        found = read(tenhou6_with({key: value}, names), f"{key}.json")
        assert_clean(found, (key, value, players))
        if players > 4:
            assert any(isinstance(p, Problem) and f"{players} players" in p.message for p in found)


# -- at random, then the next file -----------------------------------------------------------------


def _random_rule(rng: random.Random) -> Any:
    if rng.random() < 0.05:
        return rng.choice(VALUES)  # not an object at all
    rule: dict[str, Any] = {}
    for key in rng.sample(RULE_KEYS, rng.randint(0, len(RULE_KEYS))):
        pool = DISPS + VALUES if key == "disp" else VALUES
        rule[key] = rng.choice(pool)
    for key in ("aka51", "aka52", "aka53"):  # the red-five counts, together more often
        if rng.random() < 0.3:
            rule[key] = rng.choice([0, 1, 2, 1, 1])
    return rule


def _random_names(rng: random.Random) -> Any:
    if rng.random() < 0.05:
        return rng.choice(VALUES)
    return [
        rng.choice([f"名{i}", "", None, 7, ["x"], "\x1b]0;t\x07"]) for i in range(rng.randint(0, 8))
    ]


def _random_go(rng: random.Random) -> str:
    return rng.choice(
        [
            str(rng.randrange(0, GO_TYPE_MAX + 1)),
            str(rng.choice([0, 1, 9, 0x10, 0x19, 0xA9, 0xB9, 0xE1, 0xFF])),
            str(GO_TYPE_MAX + rng.randint(1, 10**6)),
            "-1",
            "0x19",
            "",
            "１６９",
        ]
    )


def _random_mjlog_names(rng: random.Random) -> dict[str, str]:
    return {
        f"n{i}": rng.choice(["A", "%E5%90%8D", "%1B%5B2J", "", "%ZZ"])
        for i in range(rng.randint(0, 6))
    }


def campaign(seed: int, cases: int) -> list[tuple[str, bytes]]:
    """`cases` records (name, bytes), half mjlog, half tenhou.net/6, from `seed`."""
    rng = random.Random(seed)
    out = []
    for n in range(cases):
        if n % 2:
            base = MJLOG if rng.random() < 0.7 else SANMA_MJLOG
            data = mjlog_with(_random_go(rng), _random_mjlog_names(rng), base)
            out.append((f"f{n:04d}.mjlog", data))
        else:
            title = rng.choice([None, ["", ""], "金の間", [1, 2], ["\u202e", "x"]])
            out.append(
                (f"f{n:04d}.json", tenhou6_with(_random_rule(rng), _random_names(rng), title))
            )
    return out


def _run_over(records: list[tuple[str, bytes]], tmp_path: Path) -> None:
    """Each record read clean; import and check of all of them, then a good record: the
    good record's lines and wins come whole at the end."""
    for name, data in records:
        assert_clean(read(data, name), name)
    folder = tmp_path / "records"
    folder.mkdir()
    for name, data in records:
        (folder / name).write_bytes(data)
    good = LOGS / "mjlog" / "double-ron.mjlog"
    out, err = io.StringIO(), io.StringIO()
    import_command([str(folder), str(good)], out=out, err=err)
    alone, _ = io.StringIO(), io.StringIO()
    import_command([str(good)], out=alone, err=io.StringIO())
    assert out.getvalue().endswith(alone.getvalue()), err.getvalue()[-500:]
    assert "internal error" not in err.getvalue() and "Traceback" not in err.getvalue()
    out, err = io.StringIO(), io.StringIO()
    check_command([str(folder), str(good)], "jsonl", out=out, err=err)
    last = json.loads(out.getvalue().splitlines()[-1])
    assert "summary" in last and "internal error" not in err.getvalue()


def test_a_short_campaign(tmp_path):
    _run_over(campaign(29, 40), tmp_path)


@pytest.mark.slow
def test_the_long_campaign(tmp_path):
    start = time.monotonic()
    _run_over(campaign(2029, 600), tmp_path)
    assert time.monotonic() - start < 600
