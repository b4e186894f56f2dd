"""Mutated Mahjong Soul records and mjai logs: never an exception, never a line `score`
refuses, in bounded time (issue 19's promises for the new readers).

Each case takes a good record (a real one cut to its first rounds, or one written by
hand), changes one value anywhere in it (a number to a huge or negative one, a tile to
another or to nonsense, a list emptied, a key dropped, an event repeated) and reads it
through `read_hands`. Seeded: a failure names its seed.
"""

from __future__ import annotations

import copy
import json
import random
import time
from typing import Any

import pytest
from records_builder import majsoul_record, mjai_log
from test_records_majsoul import CHANKAN, PAO, RANKED
from test_records_mjai import SANMA, TENHOU

from mjscore.core.notation import parse_line
from mjscore.records import Problem, Win, read_hands
from mjscore.records.guard import refusal

ODD = [
    None,
    True,
    -1,
    0,
    3,
    99,
    2**40,
    10**15,
    "x",
    "",
    "5mr",
    "0m",
    "?",
    "P",
    "9z",
    [],
    {},
    [0, 1],
]


def _nodes(value: Any, out: list[tuple[Any, Any]]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            out.append((value, k))
            _nodes(v, out)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.append((value, i))
            _nodes(v, out)


def mutate(doc: Any, rng: random.Random) -> Any:
    doc = copy.deepcopy(doc)
    nodes: list[tuple[Any, Any]] = []
    _nodes(doc, nodes)
    parent, key = rng.choice(nodes)
    what = rng.random()
    if what < 0.15:
        del parent[key]
    elif what < 0.25 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif what < 0.4 and isinstance(parent[key], str) and len(parent[key]) <= 3:
        parent[key] = rng.choice(["1m", "9p", "5s", "0p", "7z", "E", "C", "5pr", "N"])
    elif what < 0.5 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] += rng.choice([-1, 1, 1000, -100000])
    else:
        parent[key] = rng.choice(ODD)
    return doc


def majsoul_cases() -> list[Any]:
    real = json.loads(RANKED.read_text("utf-8"))
    real.pop("data", None)
    cut = next(i for i, r in enumerate(real["records"]) if r["__type"] == "RecordHule")
    real["records"] = real["records"][: cut + 40]  # the first round and a bit of the next
    return [
        real,
        json.loads(majsoul_record(PAO)),
        json.loads(majsoul_record(CHANKAN, actions=True)),
    ]


def mjai_cases() -> list[list[Any]]:
    return [
        [json.loads(line) for line in TENHOU.read_bytes().splitlines()],
        [json.loads(line) for line in SANMA.read_bytes().splitlines()],
        [json.loads(line) for line in mjai_log(PAO).splitlines()],
    ]


def read_all(data: bytes) -> None:
    for item in read_hands(data, name="fuzz", games=True):
        if isinstance(item, Win):
            # the hand is one mjscore accepts, and its line reads back to it
            assert item.hand is not None and refusal(item.hand) is None, item.line
            assert parse_line(item.line) == item.hand, item.line
        elif isinstance(item, Problem):
            assert isinstance(str(item), str)


def run(count: int, seed: int, budget: float) -> int:
    rng = random.Random(seed)
    began = time.perf_counter()
    done = 0
    for n in range(count):
        for doc in majsoul_cases() if n == 0 else cases_ms:
            data = json.dumps(mutate(doc, rng), ensure_ascii=False).encode()
            read_all(data)
        for log in mjai_cases() if n == 0 else cases_mj:
            mutated = mutate(log, rng)
            data = b"".join(json.dumps(e).encode() + b"\n" for e in mutated)
            read_all(data)
        done += 1
        assert time.perf_counter() - began < budget, f"{done} rounds of mutations took too long"
    return done


cases_ms = majsoul_cases()
cases_mj = mjai_cases()


@pytest.mark.parametrize("seed", [1, 2])
def test_mutated_records_read_without_an_exception_or_a_refused_line(seed):
    assert run(60, seed, budget=60.0) == 60


@pytest.mark.slow
def test_many_mutated_records(seed=7):
    assert run(1500, seed, budget=600.0) == 1500
