"""What each trick of the speed layer gains today, against the plain construct it replaces.

usage: python tests/bench/bench_speed_layer.py [--runs R] [--only NAME ...]

Each row times the trick and its plain replacement on the same work, interleaved, and
prints the gain as a share of the time it is part of (one hand from the shell for the
start-up tricks; a hand of the 1,405 Tenhou wins of tests/data/tenhou-houou.jsonl,
scored and written as JSON Lines in one pass, for the per-hand tricks):

  classes   @value_class against dataclass(frozen=True, slots=True): defining the
            classes a one-hand run defines, and building an instance
  results   the NamedTuple results against frozen slotted dataclasses: building one,
            and the instances a hand builds
  record    record_text against the encoder on to_dict() (cold: a file read once)
  exit      os._exit at the end of main against a normal interpreter exit
  lazy      the imports inside functions against importing every module they name
            up front (the closure of mjscore.cli.commands), and the import_module
            dispatch of the output formats against importing every format
  caches    each functools cache switched off alone (a pass-through), per hand

Not a pytest test: numbers depend on the machine, so they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parents[2]
DATA = HERE.parents[1] / "data" / "tenhou-houou.jsonl"
HAND = ["score", "234m406p22s56s", "chi:678s", "ron:4s=", "--format", "jsonl"]


def env_with_pyc(tmp: str, **extra: str) -> dict[str, str]:
    """A bytecode cache, as a pip install has (see bench_score.pyc_env)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pyc")
    env.update(extra)
    return env


def interleaved(
    cmds: dict[str, list[str]], runs: int, envs: dict[str, dict[str, str]]
) -> dict[str, float]:
    """Median wall clock of each command, one run of each in turn, after a warm-up."""
    times: dict[str, list[float]] = {k: [] for k in cmds}
    for i in range(runs + 1):
        for name, cmd in cmds.items():
            t = time.perf_counter()
            done = subprocess.run(
                cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=envs[name]
            )
            dt = time.perf_counter() - t
            if done.returncode != 0:
                raise SystemExit(f"{name} failed: {done.stderr.decode()[-800:]}")
            if i:
                times[name].append(dt)
    return {k: statistics.median(v) for k, v in times.items()}


def in_process(code: str, env: dict[str, str]) -> dict:
    """Run `code` in a fresh interpreter; it prints one JSON object, returned here."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    if done.returncode != 0:
        raise SystemExit(done.stderr[-2000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def pct(gain: float, whole: float) -> str:
    return f"{100 * gain / whole:+.1f} %"


# -- start-up tricks -------------------------------------------------------------------------

RUN_MAIN = """
import sys
{pre}
from mjscore.cli.commands import main
sys.argv = ["mjscore", *{args!r}]
main()
"""


def startup_rows(runs: int, tmp: str) -> dict[str, float]:
    env = env_with_pyc(tmp)
    closure, formats = eager_imports()
    cmds = {
        "as is": [sys.executable, "-c", RUN_MAIN.format(pre="", args=HAND)],
        "normal exit": [sys.executable, "-c", RUN_MAIN.format(pre="", args=HAND)],
        "every import up front": [
            sys.executable,
            "-c",
            RUN_MAIN.format(pre="\n".join(f"import {m}" for m in closure), args=HAND),
        ],
        "every format up front": [
            sys.executable,
            "-c",
            RUN_MAIN.format(pre="\n".join(f"import {m}" for m in formats), args=HAND),
        ],
    }
    envs = {k: env for k in cmds}
    envs["normal exit"] = {**env, "MJSCORE_DEBUG": "1"}
    t = interleaved(cmds, runs, envs)
    base = t["as is"]
    print(f"one hand from the shell, jsonl (median of {runs}): {base * 1e3:.1f} ms")
    print(
        f"  exit    os._exit vs a normal exit: {(t['normal exit'] - base) * 1e3:+.1f} ms "
        f"({pct(t['normal exit'] - base, base)})"
    )
    print(
        f"  lazy    imports inside functions vs the {len(closure)} modules they name "
        f"imported up front: {(t['every import up front'] - base) * 1e3:+.1f} ms "
        f"({pct(t['every import up front'] - base, base)})"
    )
    print(
        f"  lazy    import_module dispatch vs every output format imported: "
        f"{(t['every format up front'] - base) * 1e3:+.1f} ms "
        f"({pct(t['every format up front'] - base, base)})"
    )
    return t


def eager_imports() -> tuple[list[str], list[str]]:
    """Every module reachable from mjscore.cli.commands when each import, inside a
    function or not, is followed (third-party ones included), and every output format."""
    pkg = ROOT / "mjscore"
    edges: dict[str, set[str]] = {}
    for path in pkg.rglob("*.py"):
        rel = path.relative_to(ROOT).with_suffix("")
        name = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        base = name if rel.name == "__init__" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = base.split(".")
                    anchor = ".".join(parts[: len(parts) - node.level + 1])
                    mod = f"{anchor}.{node.module}" if node.module else anchor
                else:
                    mod = node.module or ""
                found.add(mod)
                for a in node.names:  # `from . import x` may name a module
                    if (
                        (pkg.parent / (mod + "." + a.name).replace(".", "/"))
                        .with_suffix(".py")
                        .exists()
                    ):
                        found.add(f"{mod}.{a.name}")
        edges[name] = {m for m in found if m and m != "__future__"}
    seen: set[str] = set()
    todo = ["mjscore.cli.commands"]
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        todo.extend(edges.get(m, ()))
    skip = {"typing_extensions", "mypy", "pytest"}
    closure = sorted(
        m
        for m in seen
        if m.split(".")[0] not in skip and (m in edges or not m.startswith("mjscore"))
    )
    formats = sorted(m for m in edges if m.startswith("mjscore.report."))
    return closure, formats


# -- value classes ------------------------------------------------------------------------------

CLASSES = """
import json, sys, time, dataclasses
sys.path.insert(0, {root!r})
from mjscore.base import frozen
made = []
real = frozen._make
def counting(c, *a):
    made.append((c.__name__, len(getattr(c, "__annotations__", {{}}))))
    return real(c, *a)
frozen._make = counting
from mjscore.cli.commands import run
sys.argv = ["mjscore", *{args!r}]
import io, contextlib
with contextlib.redirect_stdout(io.StringIO()):
    run()
print(json.dumps(made))
"""

DEFINE = """
import time, sys, json
sys.path.insert(0, {root!r})
{imp}
src = {src!r}
import types
mod = types.ModuleType("bench"); sys.modules["bench"] = mod; mod.deco = deco
t = time.perf_counter()
exec(src, mod.__dict__)
dt = time.perf_counter() - t
print(json.dumps({{"s": dt}}))
"""


def class_source(n: int, nfields: int) -> str:
    out = ["from __future__ import annotations"]
    for i in range(n):
        body = [f"    f{j}: int" for j in range(nfields - 2)] + [
            "    g0: int = 0",
            "    g1: str = ''",
        ]
        out.append(f"@deco\nclass C{i}:\n" + "\n".join(body))
    return "\n".join(out)


def class_rows(runs: int, tmp: str, startup: float | None) -> None:
    env = env_with_pyc(tmp)
    made = in_process(CLASSES.format(root=str(ROOT), args=HAND), env)
    n = len(made)
    nfields = max(2, round(sum(k for _, k in made) / max(n, 1)))
    src = class_source(n, nfields)
    imps = {
        "value_class": "from mjscore.base.frozen import value_class as deco",
        "dataclass": "import dataclasses\ndeco = dataclasses.dataclass(frozen=True, slots=True)",
    }
    times: dict[str, list[float]] = {k: [] for k in imps}
    for _ in range(runs):
        for k, imp in imps.items():
            times[k].append(in_process(DEFINE.format(root=str(ROOT), imp=imp, src=src), env)["s"])
    vc, dc = (min(times[k]) for k in ("value_class", "dataclass"))
    gain = dc - vc
    print(
        f"  classes {n} value classes defined by a one-hand run ({nfields} fields on "
        f"average): @value_class {vc * 1e3:.1f} ms, dataclass {dc * 1e3:.1f} ms: "
        f"{gain * 1e3:+.1f} ms" + (f" ({pct(gain, startup)} of start-up)" if startup else "")
    )
    sys.path.insert(0, str(ROOT))
    from mjscore.base.frozen import value_class

    @value_class
    class V:
        a: int
        b: int
        c: str = ""

    @dataclasses.dataclass(frozen=True, slots=True)
    class D:
        a: int
        b: int
        c: str = ""

    for name, cls in (("value_class", V), ("dataclass", D)):
        t = min(_timeit(lambda cls=cls: cls(1, 2, c="x")) for _ in range(5))
        print(f"          building one ({name}): {t * 1e9:.0f} ns")


def _timeit(fn, n: int = 100_000) -> float:
    t = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t) / n


# -- per-hand tricks ---------------------------------------------------------------------------

CORPUS = """
import json, sys, time, functools
sys.path.insert(0, {root!r})
TARGET = {target!r}
made = []
if TARGET:
    real_lru = functools.lru_cache
    def passthrough(f):
        f.cache_clear = lambda: None
        f.cache_info = lambda: None
        f.__wrapped__ = f
        return f
    def pick(f, deco):
        name = f"{{f.__module__}}.{{f.__qualname__}}"
        made.append(name)
        return passthrough(f) if name == TARGET else deco(f)
    def lru_cache(*a, **k):
        if len(a) == 1 and callable(a[0]) and not k:
            return pick(a[0], real_lru(maxsize=128))
        return lambda f: pick(f, real_lru(*a, **k))
    functools.lru_cache = lru_cache
    functools.cache = lambda f: pick(f, real_lru(maxsize=None))
lines = [json.loads(x)["line"] for x in open({data!r}, encoding="utf-8")]
from mjscore.engine.loop import score_line
from mjscore.report.record_text import record_text, encoder
from mjscore.report import json_safe
def one_pass():
    t = time.perf_counter()
    for i, line in enumerate(lines, 1):
        record_text(score_line(line, line_no=i))
    return time.perf_counter() - t
cold = one_pass()
warm = min(one_pass() for _ in range(3))
results = [score_line(line, line_no=i) for i, line in enumerate(lines, 1)]
out = {{"cold": cold / len(lines), "warm": warm / len(lines), "made": made}}
if {record!r}:
    from mjscore.report import record_text as rt_module
    for f in ("_setting", "_score", "_settlement", "_items", "_item", "_liability", "_notes"):
        getattr(rt_module, f).cache_clear()
    enc = encoder(None)
    def timed(fn):
        t = time.perf_counter(); fn(); return time.perf_counter() - t
    rt_cold = timed(lambda: [record_text(r) for r in results])
    rt_warm = min(timed(lambda: [record_text(r) for r in results]) for _ in range(3))
    plain = min(timed(lambda: [json_safe(enc(r.to_dict())) for r in results]) for _ in range(3))
    same = all(record_text(r) == json_safe(enc(r.to_dict())) for r in results)
    out.update(rt_cold=rt_cold / len(lines), rt_warm=rt_warm / len(lines),
               plain=plain / len(lines), same=same)
print(json.dumps(out))
"""


def corpus(target: str, tmp: str, record: bool = False) -> dict:
    return in_process(
        CORPUS.format(root=str(ROOT), target=target, data=str(DATA), record=record),
        env_with_pyc(tmp),
    )


def record_rows(runs: int, tmp: str) -> None:
    got = [corpus("", tmp, record=True) for _ in range(runs)]
    cold = min(g["cold"] for g in got)
    rt_cold = min(g["rt_cold"] for g in got)
    rt_warm = min(g["rt_warm"] for g in got)
    plain = min(g["plain"] for g in got)
    print(
        f"a Tenhou hand scored and written as JSON Lines, one cold pass: {cold * 1e6:.1f} µs "
        f"(warm {min(g['warm'] for g in got) * 1e6:.1f} µs)"
    )
    print(
        f"  record  record_text {rt_cold * 1e6:.1f} µs cold / {rt_warm * 1e6:.1f} µs warm "
        f"vs the encoder on to_dict() {plain * 1e6:.1f} µs: {(plain - rt_cold) * 1e6:+.1f} µs "
        f"cold ({pct(plain - rt_cold, cold)} of a hand), {(plain - rt_warm) * 1e6:+.1f} warm"
        f"; equal: {all(g['same'] for g in got)}"
    )


RESULTS = """
import json, sys, time, dataclasses, typing
sys.path.insert(0, {root!r})
from mjscore.core import result as R
counts = {{}}
for name in dir(R):
    cls = getattr(R, name)
    if isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields") \\
            and cls.__module__ == R.__name__:
        real = cls.__new__
        def counting(c, *a, _real=real, _name=name, **k):
            counts[_name] = counts.get(_name, 0) + 1
            return _real(c, *a, **k)
        cls.__new__ = counting
lines = [json.loads(x)["line"] for x in open({data!r}, encoding="utf-8")]
from mjscore.engine.loop import score_line
for i, line in enumerate(lines, 1):
    score_line(line, line_no=i)
per_hand = sum(counts.values()) / len(lines)
P = R.Payment
D = dataclasses.make_dataclass("D", [(f, typing.Any) for f in P._fields], frozen=True, slots=True)
args = [None] * len(P._fields)
def timed(fn, n=200000):
    t = time.perf_counter()
    for _ in range(n): fn(*args)
    return (time.perf_counter() - t) / n
nt = min(timed(lambda *a: P(*a)) for _ in range(5))
dc = min(timed(lambda *a: D(*a)) for _ in range(5))
print(json.dumps({{"per_hand": per_hand, "counts": counts, "nt": nt, "dc": dc,
                  "fields": len(P._fields)}}))
"""


def result_classes_source(kind: str, shapes: list[int]) -> str:
    out = ["from typing import NamedTuple, Any", "import dataclasses"]
    for i, n in enumerate(shapes):
        head = (
            f"class R{i}(NamedTuple):"
            if kind == "namedtuple"
            else f"@dataclasses.dataclass(frozen=True, slots=True)\nclass R{i}:"
        )
        out.append(head + "".join(f"\n    f{j}: Any = None" for j in range(n)))
    return "\n".join(out)


def result_rows(tmp: str, hand: float | None) -> None:
    got = in_process(RESULTS.format(root=str(ROOT), data=str(DATA)), env_with_pyc(tmp))
    sys.path.insert(0, str(ROOT))
    from mjscore.core import result as R

    shapes = [
        len(c._fields)
        for c in vars(R).values()
        if isinstance(c, type)
        and issubclass(c, tuple)
        and hasattr(c, "_fields")
        and c.__module__ == R.__name__
    ]
    env = env_with_pyc(tmp)
    define = {
        k: min(
            in_process(
                DEFINE.format(
                    root=str(ROOT), imp="deco = None", src=result_classes_source(k, shapes)
                ),
                env,
            )["s"]
            for _ in range(5)
        )
        for k in ("namedtuple", "dataclass")
    }
    print(
        f"  results defining the {len(shapes)} result classes: NamedTuple "
        f"{define['namedtuple'] * 1e3:.1f} ms, frozen slotted dataclass "
        f"{define['dataclass'] * 1e3:.1f} ms: "
        f"{(define['dataclass'] - define['namedtuple']) * 1e3:+.1f} ms of start-up"
    )
    gain = got["per_hand"] * (got["dc"] - got["nt"])
    print(
        f"  results {got['per_hand']:.1f} result NamedTuples built per hand; one "
        f"{got['fields']}-field Payment {got['nt'] * 1e9:.0f} ns, as a frozen slotted "
        f"dataclass {got['dc'] * 1e9:.0f} ns: {gain * 1e6:+.2f} µs a hand"
        + (f" ({pct(gain, hand)})" if hand else "")
    )


def cache_rows(runs: int, tmp: str) -> None:
    names = [n for n in corpus("none", tmp)["made"] if n.startswith("mjscore.")]
    got: dict[str, list[dict]] = {n: [] for n in ["none", *names]}
    for _ in range(runs):  # rounds, each config once a round: the machine drifts alike
        for name in got:
            got[name].append(corpus(name, tmp))
    cold = min(g["cold"] for g in got["none"])
    warm = min(g["warm"] for g in got["none"])
    print(
        f"  caches  {len(names)} functools caches of mjscore on the score path; each off "
        f"alone, best of {runs} (all on: cold pass {cold * 1e6:.1f} µs, warm "
        f"{warm * 1e6:.1f} µs a hand):"
    )
    rows = []
    for name in names:
        c = min(g["cold"] for g in got[name]) - cold
        w = min(g["warm"] for g in got[name]) - warm
        rows.append((c, w, name))
    for c, w, name in sorted(rows, reverse=True):
        print(
            f"          {name:52s} cold {c * 1e6:+6.1f} µs ({pct(c, cold)}), "
            f"warm {w * 1e6:+6.1f} µs ({pct(w, warm)})"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9, help="runs of each start-up command (9)")
    ap.add_argument(
        "--only",
        nargs="*",
        default=[],
        help="classes results record exit lazy caches (default: all)",
    )
    args = ap.parse_args()
    want = set(args.only) or {"classes", "results", "record", "exit", "lazy", "caches"}
    with tempfile.TemporaryDirectory() as tmp:
        startup = None
        if want & {"exit", "lazy"}:
            startup = startup_rows(args.runs, tmp)["as is"]
        if "classes" in want:
            class_rows(5, tmp, startup)
        hand = None
        if "record" in want:
            record_rows(3, tmp)
        if "results" in want or "caches" in want:
            hand = corpus("", tmp)["cold"]
        if "results" in want:
            result_rows(tmp, hand)
        if "caches" in want:
            cache_rows(4, tmp)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
