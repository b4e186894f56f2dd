"""Small game records written by hand for the tests of the Mahjong Soul and mjai readers.

A round is written once as mjai events (`start_kyoku`, `tsumo`, `dahai`, calls, `hora`
...) and turned into either format: `mjai_log` (JSON Lines) or `majsoul_record` (a
Mahjong Soul `RecordGame` with a `records` list or the newer `actions` list). The
verdicts (deltas, fans, han, fu, points) are given by each test, computed from the
rules by hand, never by mjscore.
"""

from __future__ import annotations

import json
from typing import Any

HONOURS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}


def ms_tile(pai: str) -> str:
    """An mjai tile as Mahjong Soul writes it: `5mr` -> `0m`, `P` -> `5z`."""
    if pai in HONOURS:
        return HONOURS[pai]
    if pai.endswith("r"):
        return "0" + pai[1]
    return pai


def mjai_log(events: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events).encode()


def majsoul_record(
    events: list[dict[str, Any]],
    *,
    players: int = 4,
    detail_rule: dict[str, Any] | None = None,
    actions: bool = False,
    result: list[tuple[int, int]] | None = None,
) -> bytes:
    """The events as a Mahjong Soul record; each `hora` must carry a `hule` (the
    RecordHule entry's verdict fields) and the round's `delta_scores` and `scores`, each
    `ryukyoku` a `majsoul` dict (the RecordNoTile or RecordLiuJu to write)."""
    records: list[dict[str, Any]] = []
    riichi = False
    dealer = 0
    first = False
    doras: list[str] = []
    horas: list[dict[str, Any]] = []

    def flush() -> None:
        if horas:
            records.append(
                {
                    "__type": "RecordHule",
                    "hules": [h["hule"] for h in horas],
                    "delta_scores": horas[-1]["delta_scores"],
                    "scores": horas[-1]["scores"],
                }
            )
            horas.clear()

    for e in events:
        kind = e["type"]
        if kind != "hora":
            flush()
        if kind == "dora":  # Mahjong Soul: the whole list, on the event that turned it over
            doras.append(ms_tile(e["dora_marker"]))
            records[-1]["doras"] = list(doras)
            continue
        if kind == "start_kyoku":
            dealer = e["oya"]
            doras = [ms_tile(e["dora_marker"])]
            tiles = {f"tiles{p}": [ms_tile(t) for t in e["tehais"][p]] for p in range(players)}
            first = True  # the dealer's first draw is dealt with the hand (fourteen tiles)
            records.append(
                {
                    "__type": "RecordNewRound",
                    "chang": "ESWN".index(e["bakaze"]),
                    "ju": e["kyoku"] - 1,
                    "ben": e.get("honba", 0),
                    "liqibang": e.get("kyotaku", 0),
                    "scores": e["scores"],
                    "doras": [ms_tile(e["dora_marker"])],
                    **tiles,
                }
            )
        elif kind == "tsumo":
            if first:
                first = False
                records[-1][f"tiles{dealer}"].append(ms_tile(e["pai"]))
                continue
            records.append(
                {
                    "__type": "RecordDealTile",
                    "seat": e["actor"],
                    "tile": ms_tile(e["pai"]),
                    "doras": [ms_tile(d) for d in e.get("doras", [])],
                }
            )
        elif kind == "reach":
            riichi = True
        elif kind == "dahai":
            records.append(
                {
                    "__type": "RecordDiscardTile",
                    "seat": e["actor"],
                    "tile": ms_tile(e["pai"]),
                    "is_liqi": riichi,
                    "moqie": e.get("tsumogiri", False),
                }
            )
            riichi = False
        elif kind in ("chi", "pon", "daiminkan"):
            tiles = [ms_tile(t) for t in e["consumed"]] + [ms_tile(e["pai"])]
            froms = [e["actor"]] * len(e["consumed"]) + [e["target"]]
            records.append(
                {
                    "__type": "RecordChiPengGang",
                    "seat": e["actor"],
                    "type": {"chi": 0, "pon": 1, "daiminkan": 2}[kind],
                    "tiles": tiles,
                    "froms": froms,
                }
            )
        elif kind in ("kakan", "ankan"):
            tile = e.get("pai") or e["consumed"][0]
            records.append(
                {
                    "__type": "RecordAnGangAddGang",
                    "seat": e["actor"],
                    "type": 2 if kind == "kakan" else 3,
                    "tiles": ms_tile(tile),
                    "doras": [ms_tile(d) for d in e.get("doras", [])],
                }
            )
        elif kind in ("kita", "nukidora"):
            records.append({"__type": "RecordBaBei", "seat": e["actor"]})
        elif kind == "hora":
            horas.append(e)
        elif kind == "ryukyoku":
            records.append(e["majsoul"])
    flush()
    head: dict[str, Any] = {
        "uuid": "test-game",
        "config": {
            "category": 1,
            "mode": {"mode": 2 if players == 4 else 12, "detail_rule": detail_rule or {}},
        },
        "accounts": [{"seat": p, "nickname": f"P{p}"} for p in range(players)],
    }
    if result is not None:
        head["result"] = {
            "players": [
                {"seat": p, "part_point_1": points, "total_point": total}
                for p, (points, total) in enumerate(result)
            ]
        }
    body: dict[str, Any]
    if actions:
        body = {
            "data": {
                "version": 210715,
                "actions": [
                    {"type": 1, "result": {"name": ".lq." + r.pop("__type"), "data": r}}
                    for r in records
                ]
                + [{"type": 2, "user_input": {"seat": 0}}],
            }
        }
    else:
        body = {"records": records}
    return json.dumps({"head": head, **body}, ensure_ascii=False).encode()
