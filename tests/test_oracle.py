"""Every one of 1,405 real Tenhou Houou-room wins must score exactly as Tenhou scored it.

The data (tests/data/tenhou-houou.jsonl) is Tenhou's own verdict per win: han,
fu, value, each seat's score change (honba and deposits included) and the
liable seat. Han and fu are not compared for yakuman, as Tenhou reports none.
"""

from __future__ import annotations

import json
from pathlib import Path

import mjscore

DATA = Path(__file__).parent / "data" / "tenhou-houou.jsonl"


def _mismatches(record: dict) -> list[str]:
    want = record["expect"]
    got = mjscore.score(record["line"]).to_dict()
    if not got["ok"]:
        return [f"not scored: {got['error']}"]
    bad = []
    if not want["yakuman"] and want["limit"] != "kazoe yakuman":
        bad += [f"{k} {got[k]} != {want[k]}" for k in ("han", "fu") if got[k] != want[k]]
    if got["value"] != want["points"]:
        bad.append(f"value {got['value']} != {want['points']}")
    net = {k: v for k, v in got["net"].items() if v}
    if net != {k: v for k, v in want["net"].items() if v}:
        bad.append(f"net {net} != {want['net']}")
    if (got["liability"] or {}).get("seat") != want["liable"]:
        bad.append(f"liable {got['liability']} != {want['liable']}")
    return bad


def test_every_tenhou_win_agrees():
    records = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 1405
    failures = [(r["line"], m) for r in records if (m := _mismatches(r))]
    assert not failures, f"{len(failures)} disagree with Tenhou; first: {failures[:5]}"


def test_oracle_covers_the_hard_parts():
    """The oracle is only useful if it holds limits, yakuman and a liability case."""
    records = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    limits = {r["expect"]["limit"] for r in records}
    assert {"mangan", "haneman", "baiman", "sanbaiman", "yakuman"} <= limits
    assert any(r["expect"]["liable"] for r in records)
