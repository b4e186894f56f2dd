"""`mjscore stats` of an archive against `mjscore import` of the same files (issue 34).

usage: python tests/bench/bench_stats.py [--games N] [--repeat K]

The archive is a temporary directory of N games (default 1,000): the real records of
tests/data/logs (every format: Tenhou mjlog and tenhou.net/6, Mahjong Soul, mjai), copied
round after round until they hold N games. Timed, each the best of K (default 3) runs,
interleaved, wall clock with start-up:

  a. `mjscore import DIR -q`: every record read, its lines written;
  b. `mjscore stats DIR -q --format jsonl --jobs 1`: every record read, every game
     followed by the ledger, every win scored, the figures counted, in one process;
  c. `mjscore stats DIR -q --format jsonl`: the same on every core (the default).

The target: b / a at most 1.2. Not a pytest test: numbers depend on the machine (and on
what else runs on it), so they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parent))

from bench_score import mjscore_command, pyc_env  # noqa: E402

LOGS = HERE.parents[1] / "data" / "logs"


def record_files() -> list[tuple[Path, int]]:
    """Every record file of tests/data/logs with its number of games."""
    from mjscore.records import detect_format, read_hands
    from mjscore.records.draws import GameStart
    from mjscore.records.reading import RecordReader

    out = []
    for path in sorted(p for p in LOGS.rglob("*") if p.is_file()):
        with path.open("rb") as f:
            if detect_format(RecordReader(f).head()) == "unknown":
                continue
        games = sum(isinstance(i, GameStart) for i in read_hands(path, games=True))
        if games:
            out.append((path, games))
    return out


def archive(target: Path, games: int) -> tuple[int, int]:
    """`games` games (at least) in `target`, copied from tests/data/logs: (files, games)."""
    found = record_files()
    files = held = 0
    while held < games:
        for path, n in found:
            copy = target / f"{files:05d}-{path.name}"
            shutil.copyfile(path, copy)
            files += 1
            held += n
            if held >= games:
                break
    return files, held


def timed(cmd: list[str], out: Path, env: dict[str, str]) -> tuple[float, float, int]:
    """Wall and CPU seconds (user and system, the process's and its workers') of `cmd`,
    its stdout to `out`, and its exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with out.open("w") as sink:
        t = time.perf_counter()
        code = subprocess.run(cmd, stdout=sink, stderr=subprocess.DEVNULL, env=env).returncode
        wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, code


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games in the archive (1,000)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each; the best counts (3)")
    args = ap.parse_args()
    prog = mjscore_command()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "archive"
        folder.mkdir()
        files, games = archive(folder, args.games)
        env = pyc_env(str(Path(tmp) / "pyc"))
        out = Path(tmp) / "out"
        commands = {
            "a": [*prog, "import", str(folder), "-q"],
            "b": [*prog, "stats", str(folder), "-q", "--format", "jsonl", "--jobs", "1"],
            "c": [*prog, "stats", str(folder), "-q", "--format", "jsonl"],
        }
        for command in commands.values():  # warm: bytecode, the file cache
            timed(command, out, env)
        walls: dict[str, list[float]] = {k: [] for k in commands}
        cpus: dict[str, list[float]] = {k: [] for k in commands}
        for _ in range(args.repeat):
            for key, command in commands.items():
                wall, cpu, code = timed(command, out, env)
                if code not in (0, 1):
                    print(f"{' '.join(command)} failed: exit {code}")
                    return 1
                walls[key].append(wall)
                cpus[key].append(cpu)
    a, b, c = (min(walls[k]) for k in "abc")
    ca, cb, cc = (min(cpus[k]) for k in "abc")
    print(f"{games:,} games in {files:,} record files, best of {args.repeat}")
    print("                                           wall s  ratio    cpu s  ratio")
    rows = (
        ("a. mjscore import DIR", a, ca),
        ("b. mjscore stats DIR --jobs 1", b, cb),
        ("c. mjscore stats DIR (every core)", c, cc),
    )
    for label, wall, cpu in rows:
        print(f"  {label:<36} {wall:8.3f}  {wall / a:5.2f}  {cpu:8.3f}  {cpu / ca:5.2f}")
    print(f"python {sys.version.split()[0]}; {time.strftime('%Y-%m-%d')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
