"""Run mypy on the package and hold it to its baseline: the core has no error at all, and
elsewhere no error that tests/mypy-baseline.txt does not list.

usage: python tests/tools/mypy_check.py [--write-baseline]

An error is compared without its line number (`file:code:message`), so that moving code
does not churn the baseline. A baseline entry that mypy no longer reports fails too:
the baseline may only shrink, and it shrinks by deleting the fixed entries (or by
`--write-baseline`, which refuses to add an error the old baseline did not have).
mypy reads its settings from pyproject.toml ([tool.mypy]): base/ and core/ are held to the
flags of --strict.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BASELINE = ROOT / "tests" / "mypy-baseline.txt"
CORE = (
    "base",
    "core",
    "yaku",
    "scoring",
    "european",
    "mcr",
    "rulesets",
    "engine",
)  # mjscore.<name>
_ERROR = re.compile(
    r"^(?P<file>[^:\s]+\.pyi?):\d+(?::\d+)?: error: (?P<message>.*?)"
    r"(?:  \[(?P<code>[a-z0-9-]+)\])?$"
)
HEADER = (
    "# mypy errors outside the core that are still to fix, one `file:code:message` a\n"
    "# line (no line numbers). It may only shrink: tests/tools/mypy_check.py fails on an\n"
    "# error not listed here, on any error in the core, and on an entry that is fixed.\n"
)


def normalised(output: str) -> list[str]:
    """mypy's error lines as `file:code:message`, notes and the summary left out."""
    out = []
    for line in output.splitlines():
        m = _ERROR.match(line.strip())
        if m:
            out.append(f"{m['file']}:{m['code'] or 'misc'}:{m['message']}")
    return out


def is_core(entry: str) -> bool:
    parts = entry.split(":", 1)[0].replace("\\", "/").split("/")
    return len(parts) > 2 and parts[0] == "mjscore" and parts[1] in CORE


def read_baseline(text: str) -> list[str]:
    return [s for s in (line.strip() for line in text.splitlines()) if s and not s.startswith("#")]


def compare(
    errors: Iterable[str], baseline: Iterable[str]
) -> tuple[list[str], list[str], list[str]]:
    """(core errors, new errors beyond the baseline, baseline entries no longer reported),
    each counted: two identical errors need two identical baseline lines."""
    found, allowed = Counter(errors), Counter(baseline)
    core = sorted(e for e in found.elements() if is_core(e))
    new = sorted((found - allowed).elements())
    new = [e for e in new if not is_core(e)]
    fixed = sorted((allowed - found).elements())
    return core, new, fixed


def run_mypy() -> str:
    """mypy's report on the package, from a fresh cache outside the repository."""
    with tempfile.TemporaryDirectory() as cache:
        done = subprocess.run(
            [sys.executable, "-m", "mypy", "--cache-dir", cache, "mjscore"],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
    if done.returncode not in (0, 1):  # 2: mypy itself failed (a bad setting, a crash)
        raise SystemExit(
            f"mypy_check: mypy failed (exit {done.returncode}):\n{done.stdout}{done.stderr}"
        )
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--write-baseline",
        action="store_true",
        help="rewrite the baseline with the errors mypy reports now (shrink only)",
    )
    args = ap.parse_args(argv)
    errors = normalised(run_mypy())
    baseline = read_baseline(BASELINE.read_text(encoding="utf-8")) if BASELINE.exists() else []
    core, new, fixed = compare(errors, baseline)
    if args.write_baseline and not new:
        kept = sorted(e for e in errors if not is_core(e))
        BASELINE.write_text(HEADER + "".join(f"{e}\n" for e in kept), encoding="utf-8")
        print(f"mypy_check: baseline rewritten, {len(kept)} entries ({len(fixed)} fixed)")
        baseline, fixed = kept, []
    for title, entries in (
        ("errors in the core (it must have none)", core),
        ("errors not in tests/mypy-baseline.txt", new),
        ("fixed: delete these lines from tests/mypy-baseline.txt", fixed),
    ):
        if entries:
            print(f"mypy_check: {len(entries)} {title}:", *entries, sep="\n  ")
    if core or new or fixed:
        return 1
    print(f"mypy_check: ok (core clean; {len(errors)} baseline errors elsewhere)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
