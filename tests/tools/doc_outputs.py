"""Write into the documentation what each command it shows prints now.

    python tests/tools/doc_outputs.py [PAGE ...]      # default: README.md and docs/**/*.md

Each session block's output (the lines under a `$ mjscore ...` line, tests/docpages.py)
is replaced by what the command prints, run as tests/test_docs.py runs it. Pages show
real output: after changing a report, run this and read the diff.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import docpages  # noqa: E402


def rewrite(page: Path) -> int:
    """Rewrite `page`'s session outputs; the number of commands whose output changed."""
    sessions = [s for s in docpages.shown(page) if s.output is not None]
    if not sessions:
        return 0
    text = page.read_text(encoding="utf-8")
    lines = text.splitlines()
    changed = 0
    with tempfile.TemporaryDirectory() as scratch:
        where = Path(scratch)
        env = docpages.sandbox(where)
        new: dict[int, list[str]] = {}
        for s in sessions:
            done = docpages.run(s.command, where, env)
            out = docpages.printed(done)
            if not docpages.fine(done, shows_output=True):
                print(
                    f"{s.where}: {s.command}: exit {done.returncode}\n{done.stderr}",
                    file=sys.stderr,
                )
            if out != docpages.normal(s.output or ""):
                changed += 1
            new[s.span[0]] = out.splitlines() if out else []
    for s in reversed(sessions):
        start, end = s.span
        lines[start:end] = new[start]
    page.write_text("\n".join(lines) + ("\n" if text.endswith("\n") else ""), encoding="utf-8")
    return changed


def main(argv: list[str]) -> int:
    chosen = [Path(a).resolve() for a in argv] or docpages.pages()
    for page in chosen:
        changed = rewrite(page)
        if changed:
            print(f"{page.relative_to(docpages.ROOT)}: {changed} output(s) rewritten")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
