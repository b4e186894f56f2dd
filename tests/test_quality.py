"""Project-wide checks: the scoring core stays a plain library, and the code stays lint-clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_scoring_never_imports_rich_or_typer():
    code = (
        "import sys, mjscore\n"
        "for name in mjscore.ruleset_names():\n"
        "    mjscore.load_ruleset(name)\n"
        "r = mjscore.score('234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s')\n"
        "assert r.ok, r.error\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'typer', 'click'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == ""


def test_ruff_is_clean():
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "mjscore", "tests"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_nothing_reads_the_shared_folder():
    """The project stands alone: no code or test may reach into ../shared."""
    hits = [
        str(p.relative_to(ROOT))
        for folder in ("mjscore", "tests")
        for p in (ROOT / folder).rglob("*.py")
        if "../shared" in p.read_text(encoding="utf-8") and p.name != "test_quality.py"
    ]
    assert hits == []
