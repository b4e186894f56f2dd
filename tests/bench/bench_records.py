"""Reading game records, per win: the Mahjong Soul and mjai readers against the Tenhou ones.

usage: python tests/bench/bench_records.py [--repeat K]

Each reader reads every record of its folder in tests/data/logs (`read_hands(...,
games=True)`: the replay, every hand validated and written, the draws and the
scores for `game`), in-process, the best of K (default 5) runs, the four formats
interleaved in each run so that all see the same machine. The figure is the time per
win; issue 33's acceptance is that the new readers cost no more per win than the
Tenhou ones (ratios <= 1). A win's cost depends on the game it ends (how many events
its round had: the mjlog folder is mostly one-round test situations, the generated mjai
games have many draws), so the time per event is printed beside it. Not a pytest
test: timings depend on the machine, so they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))

from mjscore.records import Win, read_hands  # noqa: E402

LOGS = ROOT / "tests" / "data" / "logs"
FORMATS = {
    "mjlog": [p for p in sorted((LOGS / "mjlog").iterdir()) if p.suffix == ".mjlog"],
    "tenhou6": sorted((LOGS / "tenhou6").glob("*.json")),
    "majsoul": sorted(p for p in (LOGS / "majsoul").iterdir() if p.name != "README.md"),
    "mjai": sorted(p for p in (LOGS / "mjai").iterdir() if p.name != "README.md"),
}
RULES = {"generated-3p-mjsoul-seed200.jsonl.gz": "mahjongsoul"}


def events(name: str, path: Path) -> int:
    """The events of a record as its format counts them (draws, discards, calls and
    results): the work a reader does is per event, a win's worth depends on the game."""
    import gzip
    import json

    raw = path.read_bytes()
    raw = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw
    if name == "mjlog":
        return raw.count(b"<") - 1
    if name == "mjai":
        return sum(1 for line in raw.splitlines() if line.strip())
    if name == "majsoul":
        doc = json.loads(raw)
        return len(doc.get("records") or doc.get("actions") or [])
    total = 0
    for line in raw.splitlines():
        game = json.loads(line)
        for rnd in game["log"]:
            total += 1 + sum(len(rnd[5 + 3 * p]) + len(rnd[6 + 3 * p]) for p in range(4))
    return total


def read(files: list[Path]) -> tuple[float, int]:
    began = time.perf_counter()
    wins = 0
    for path in files:
        for item in read_hands(path, games=True, rules=RULES.get(path.name)):
            wins += isinstance(item, Win)
    return time.perf_counter() - began, wins


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs of each; the best counts (5)")
    args = ap.parse_args()
    for files in FORMATS.values():  # warm: imports, rulesets, caches
        read(files)
    best = {name: float("inf") for name in FORMATS}
    wins = {}
    for _ in range(args.repeat):
        for name, files in FORMATS.items():
            seconds, count = read(files)
            best[name] = min(best[name], seconds)
            wins[name] = count
    per = {name: best[name] / max(wins[name], 1) for name in FORMATS}
    counts = {name: sum(events(name, p) for p in files) for name, files in FORMATS.items()}
    per_event = {name: best[name] / max(counts[name], 1) for name in FORMATS}
    print(
        f"{'format':8}  {'files':>5}  {'wins':>5}  {'events':>7}  {'best s':>8}  "
        f"{'ms/win':>7}  {'us/event':>8}"
    )
    for name in FORMATS:
        print(
            f"{name:8}  {len(FORMATS[name]):5}  {wins[name]:5}  {counts[name]:7}  "
            f"{best[name]:8.3f}  {1000 * per[name]:7.3f}  {1e6 * per_event[name]:8.2f}"
        )
    tenhou = max(per["mjlog"], per["tenhou6"])
    for name in ("majsoul", "mjai"):
        print(
            f"{name} / mjlog = {per[name] / per['mjlog']:.2f}   "
            f"{name} / tenhou6 = {per[name] / per['tenhou6']:.2f}   "
            f"{name} / the slower Tenhou reader = {per[name] / tenhou:.2f}   "
            f"per event: {per_event[name] / max(per_event['mjlog'], per_event['tenhou6']):.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
