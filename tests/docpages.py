"""The command lines the documentation shows, and how they are run.

A page (README.md, docs/**/*.md) shows a command in a fenced block, in one of two ways:

- a session: every line starting with `$ ` is a command, and the lines below it, up to
  the next `$ ` line or the end of the block, are what it prints (stdout, then stderr),
  exactly;
- a list: a block without `$ ` lines, in which every line that starts with `mjscore ` or
  pipes into `| mjscore ` is a command whose output the page does not show.

A block whose fence follows a `<!-- not run: REASON -->` line is shown, never run (its
output depends on the machine, such as whether the native core was built).

Every command runs through bash (so pipelines, quotes and `# comments` mean what they
mean in a shell) with `mjscore` on the PATH, in a scratch copy of `examples/`, at
COLUMNS=80 with NO_COLOR, an English locale and no config file, so that what a page
shows is what any machine prints. tests/test_docs.py runs them; tests/tools/doc_outputs.py
writes each session's output into its page from what the program prints now.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHELL_BLOCKS = {"", "text", "console", "sh", "shell", "bash"}  # a block's info string
FENCE = re.compile(r"^(```+|~~~+)\s*([\w+-]*)")
PROMPT = "$ "
NOT_RUN = re.compile(r"^<!-- not run: .+ -->$")


def pages() -> list[Path]:
    """Every page of the documentation: the README, then docs/ in path order."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@dataclass(frozen=True)
class Shown:
    """One command a page shows: where, what, and the output it shows (None: none shown)."""

    page: Path
    line: int  # 1-based line of the command in the page
    command: str
    output: str | None
    span: tuple[int, int] = (0, 0)  # 0-based [start, end) of the output's lines in the page

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(lines: list[str]) -> list[tuple[str, int, int]]:
    """Each fenced block as (info string, first line inside, end line), 0-based."""
    found: list[tuple[str, int, int]] = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info = m.group(1), m.group(2).lower()
        j = i + 1
        while j < len(lines) and not lines[j].startswith(fence[0] * len(fence)):
            j += 1
        before = next((line for line in reversed(lines[:i]) if line.strip()), "")
        if NOT_RUN.match(before):
            info = "not run"
        found.append((info, i + 1, j))
        i = j + 1
    return found


def is_command(line: str) -> bool:
    return line.startswith("mjscore ") or line == "mjscore" or "| mjscore " in line


def shown(page: Path) -> list[Shown]:
    """The commands `page` shows, in page order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Shown] = []
    for info, start, end in blocks(lines):
        if info not in SHELL_BLOCKS:
            continue
        body = lines[start:end]
        if any(line.startswith(PROMPT) for line in body):
            prompts = [start + k for k, line in enumerate(body) if line.startswith(PROMPT)]
            for n, at in enumerate(prompts):
                stop = prompts[n + 1] if n + 1 < len(prompts) else end
                command = lines[at][len(PROMPT) :]
                first = at + 1
                while command.endswith("\\") and first < stop:  # a continued line
                    command = command[:-1] + " " + lines[first].strip()
                    first += 1
                output = "\n".join(lines[first:stop])
                found.append(Shown(page, at + 1, command, output, (first, stop)))
        else:
            found.extend(
                Shown(page, start + k + 1, line.strip(), None)
                for k, line in enumerate(body)
                if is_command(line.strip())
            )
    return found


def normal(text: str) -> str:
    """Output as a page can hold it: no trailing blanks on a line, no blank lines at the
    end (editors and markdown strip both)."""
    return "\n".join(line.rstrip() for line in text.rstrip().splitlines())


def sandbox(where: Path) -> dict[str, str]:
    """A scratch directory holding a copy of examples/ and a `mjscore` on the PATH that
    runs this checkout; returns the environment to run the pages' commands in."""
    shutil.copytree(ROOT / "examples", where / "examples")
    bin_dir = where / ".bin"
    bin_dir.mkdir()
    shim = bin_dir / "mjscore"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m mjscore "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    (where / ".config").mkdir()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "MJSCORE_CONFIG", "FORCE_COLOR")
    }
    env.update(
        PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
        PYTHONPATH=str(ROOT),
        COLUMNS="80",
        NO_COLOR="1",
        LANG="C.UTF-8",
        PYTHONIOENCODING="utf-8",
        XDG_CONFIG_HOME=str(where / ".config"),
        HOME=str(where),
    )
    env.pop("LINES", None)
    return env


def run(command: str, where: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`command` through bash, pipelines failing as their first failing part does."""
    return subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        cwd=where,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=300,
    )


def printed(done: subprocess.CompletedProcess[str]) -> str:
    """What a terminal shows of a run: its stdout, then its stderr."""
    return normal(done.stdout + done.stderr)


def fine(done: subprocess.CompletedProcess[str], shows_output: bool) -> bool:
    """A run a page may show: it succeeded, or the page shows the message that says why
    not, or a reader of its pipe left early (`| head`: 141, 128 + SIGPIPE)."""
    if "Traceback" in done.stderr:
        return False
    return done.returncode in (0, 141) or (shows_output and bool(done.stderr.strip()))
