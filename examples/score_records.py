"""Score a folder of Tenhou game records in parallel and compare every win with its verdict.

    python examples/score_records.py FOLDER [--workers N]   # concurrent.futures
    python examples/score_records.py FOLDER --dask          # Dask bag: mjscore[dask]

The unit of work is one record file: `mjscore.records.read_hands` yields its wins
and `mjscore.score` scores each line. Both runners map that one function over the
files and add up the results; the distribution is the executor's or Dask's (a
Dask bag runs the same code on a cluster when a distributed Client is set up).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import mjscore
from mjscore.records import Win, read_hands

PATTERNS = ("*.mjlog", "*.xml", "*.json", "*.jsonl", "*.gz")


def score_file(path: str) -> dict:
    """One file: how many wins, how many agree with the record, and the rest by name."""
    wins = agree = 0
    problems: list[str] = []
    disagreements: list[str] = []
    for item in read_hands(path):
        if not isinstance(item, Win):
            if item.kind == "error":
                problems.append(str(item))
            continue
        wins += 1
        r = mjscore.score(item.line)
        rec = item.record
        same = (
            r.ok
            and r.net == rec.net
            and r.value == rec.value
            and (rec.han is None or r.han == rec.han)
        )
        if same:
            agree += 1
        else:
            disagreements.append(f"{item.source.game} {item.source.round}: {item.line}")
    return {
        "file": path,
        "wins": wins,
        "agree": agree,
        "problems": problems,
        "disagreements": disagreements,
    }


def with_futures(paths: list[str], workers: int | None = None) -> list[dict]:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(score_file, paths, chunksize=8))


def with_dask(paths: list[str]) -> list[dict]:
    import dask.bag as db  # the optional extra: pip install 'mjscore[dask]'

    return db.from_sequence(paths, partition_size=8).map(score_file).compute()


def record_files(folder: str) -> list[str]:
    root = Path(folder)
    return sorted({str(p) for pattern in PATTERNS for p in root.rglob(pattern) if p.is_file()})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--dask", action="store_true", help="run over a Dask bag")
    args = parser.parse_args(argv)
    paths = record_files(args.folder)
    start = time.perf_counter()
    results = with_dask(paths) if args.dask else with_futures(paths, args.workers)
    seconds = time.perf_counter() - start
    wins = sum(r["wins"] for r in results)
    agree = sum(r["agree"] for r in results)
    for r in results:
        for line in r["problems"] + r["disagreements"]:
            print(line, file=sys.stderr)
    print(f"{len(paths)} files, agree {agree}/{wins}, {seconds:.2f} s")
    return 0 if agree == wins and not any(r["problems"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
