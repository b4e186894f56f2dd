"""The documentation says what the program does, so that it cannot rot.

- Every command line README.md and docs/**/*.md show runs (tests/docpages.py says how),
  and where a page shows the output, the program prints exactly that now
  (`python tests/tools/doc_outputs.py` writes it there).
- The pages written from the program (docs/commands.md, docs/mjscore.1, docs/library.md's
  reference) are what `python -m mjscore.cli.manual` writes now.
- Every `>>>` example of a page runs as a doctest.
- The README is a front page: at most 250 lines, the two quick-start commands `.ci/run`
  runs, an example of every command; no page but the developers' one points into
  tests/, and every link and file a page names exists.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import docpages
import pytest

from mjscore.cli import manual

ROOT = docpages.ROOT
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGES = docpages.pages()
SHOWN = {page: docpages.shown(page) for page in PAGES}
# the developers' pages, which name the test files and benchmarks they run
DEVELOPERS = (ROOT / "docs" / "development.md", ROOT / "docs" / "native.md")


def rel(page: Path) -> str:
    return str(page.relative_to(ROOT))


def run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "mjscore", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
    )


# -- the commands the pages show -----------------------------------------------------------


def test_the_pages_show_commands_and_their_output():
    shown = [s for page in PAGES for s in SHOWN[page]]
    assert len(shown) >= 60
    assert sum(s.output is not None for s in shown) >= 25


def test_a_session_block_is_read_as_commands_and_their_output(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "text\n\n```\n$ mjscore score 1m \\\n  ron:1m\nout 1\n\nout 2\n$ echo x | mjscore rules\n"
        "```\n\n```toml\nmjscore = 1\n```\n\n```\nmjscore yaku   # a list\n"
        "234m406p22s56s ron:4s\ncat f | mjscore score -\n```\n\n"
        "<!-- not run: the output depends on the build -->\n```\n$ mjscore --version\n```\n",
        encoding="utf-8",
    )
    got = [(s.line, s.command, s.output) for s in docpages.shown(page)]
    assert got == [
        (4, "mjscore score 1m  ron:1m", "out 1\n\nout 2"),
        (9, "echo x | mjscore rules", ""),
        (17, "mjscore yaku   # a list", None),
        (19, "cat f | mjscore score -", None),
    ]


def _missing_tools(command: str) -> list[str]:
    words = list(shlex.shlex(command, posix=True, punctuation_chars="|"))
    tools = {w for w, before in zip(words[1:], words, strict=False) if before == "|"}
    return sorted(t for t in tools - {"mjscore"} if shutil.which(t) is None)


@pytest.mark.slow
@pytest.mark.parametrize("page", [p for p in PAGES if SHOWN[p]], ids=rel)
def test_every_command_a_page_shows_prints_what_it_shows(page, tmp_path):
    env = docpages.sandbox(tmp_path)
    wrong = []
    for s in SHOWN[page]:
        missing = _missing_tools(s.command)
        if missing:
            continue  # a tool the machine lacks (jq): the command cannot run here
        done = docpages.run(s.command, tmp_path, env)
        if not docpages.fine(done, shows_output=s.output is not None):
            wrong.append(f"{s.where}: {s.command}: exit {done.returncode}\n{done.stderr}")
        elif s.output is not None and docpages.printed(done) != docpages.normal(s.output):
            wrong.append(
                f"{s.where}: {s.command}: the page shows\n{docpages.normal(s.output)}\n"
                f"-- and the program prints\n{docpages.printed(done)}"
            )
    assert not wrong, (
        "\n\n".join(wrong) + "\n\n(after a deliberate change: python tests/tools/doc_outputs.py)"
    )


def test_every_example_of_the_python_blocks_runs(monkeypatch):
    """A page's blocks are one session, in the library's namespace (as its docstrings'
    examples run), from the top of the checkout."""
    import mjscore

    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    examples = 0
    for page in PAGES:
        lines = page.read_text(encoding="utf-8").splitlines()
        session = {**vars(mjscore), "mjscore": mjscore}
        for info, start, end in docpages.blocks(lines):
            body = "\n".join(lines[start:end])
            if info not in ("python", "pycon", "py") or ">>>" not in body:
                continue
            test = parser.get_doctest(body, session, rel(page), rel(page), start)
            examples += len(test.examples)
            runner.run(test, clear_globs=False)
    assert examples >= 10
    assert runner.failures == 0, "a page's >>> example gives other output (see above)"


# -- pages written from the program ----------------------------------------------------------


@pytest.mark.parametrize("path", sorted(manual.pages(ROOT / "docs")), ids=rel)
def test_the_written_pages_are_what_the_program_writes_now(path):
    assert path.exists(), f"{rel(path)} is missing: python -m mjscore.cli.manual"
    want = manual.pages(ROOT / "docs")[path]
    assert path.read_text(encoding="utf-8") == want, (
        f"{rel(path)} is not what the program says now: python -m mjscore.cli.manual"
    )


def test_the_command_reference_has_every_command_with_its_options():
    page = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    for command in manual.read_commands()[1:]:
        assert f"## mjscore {command.name}\n" in page
        for param in command.params:
            assert manual.md_code(param.names) in page


def test_a_help_text_becomes_prose_and_kept_lines():
    blocks = manual.help_blocks(
        "First line\n    goes on.\n\n    \b\n    Examples:\n      mjscore a\n      mjscore b\n"
    )
    assert blocks == [
        manual.Block("First line goes on."),
        manual.Block("Examples:", ("mjscore a", "mjscore b")),
    ]


def test_roff_keeps_a_hyphen_of_an_option_a_minus_and_a_dot_at_the_start_text():
    assert manual.roff("use --no-tiles, non-dealer") == "use \\-\\-no\\-tiles, non-dealer"
    assert manual.roff("`a-b` and \\") == "\\fBa\\-b\\fR and \\e"
    assert manual.roff(".x") == "\\&.x"


# -- the front page --------------------------------------------------------------------------


def test_the_readme_is_a_front_page():
    assert len(README.splitlines()) <= 250


def test_the_readme_shows_an_example_of_every_command():
    lines = [s.command for s in SHOWN[ROOT / "README.md"]]
    for command in manual.read_commands()[1:]:
        assert any(f"mjscore {command.name} " in f"{line} " for line in lines), command.name


def test_the_readme_links_every_page():
    for page in PAGES[1:]:
        if page.parent == ROOT / "docs":
            assert f"(docs/{page.name})" in README, f"README.md does not link {rel(page)}"


def test_quick_start_has_exactly_two_commands_and_ci_runs_the_second():
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [
        line
        for block in re.findall(r"```\n(.*?)```", quick, flags=re.S)
        for line in block.strip().splitlines()
    ]
    assert len(commands) == 2
    install_and_score, test = commands
    assert "examples/hands.txt" in install_and_score and "pip install ." in install_and_score
    assert "pytest" in test and "[test]" in test
    assert test in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "-m 'not slow'" in quick and "minutes" in quick  # how long, and the fast tier


def test_the_readme_says_how_to_reach_the_installed_command():
    after = README.split("## Quick start", 1)[1]
    assert "source .venv/bin/activate" in after and "pipx install" in after


# -- what the pages point at -----------------------------------------------------------------

LINK = re.compile(r"\]\(([^)#\s]*)(?:#([^)\s]*))?\)")


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives the headings of `page`: lower case, no punctuation but
    - and _, blanks as -, a repeat with -1, -2..."""
    text = re.sub(r"(?ms)^```.*?^```", "", page.read_text(encoding="utf-8"))
    found: set[str] = set()
    for heading in re.findall(r"^#+\s+(.*?)\s*$", text, flags=re.M):
        base = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        name, n = base, 0
        while name in found:
            n += 1
            name = f"{base}-{n}"
        found.add(name)
    return found


NAMED = re.compile(r"(?<![\w/.-])((?:docs|examples|mjscore)/[\w./-]+\w)")


@pytest.mark.parametrize("page", PAGES, ids=rel)
def test_no_page_but_the_developers_points_into_tests(page):
    if page in DEVELOPERS:
        return
    text = page.read_text(encoding="utf-8")
    found = [m.group(0) for m in re.finditer(r"(?<![\w/.-])tests/[\w./*-]*", text)]
    assert not found, f"{rel(page)} points into tests/: {found}"


@pytest.mark.parametrize("page", PAGES, ids=rel)
def test_every_link_and_file_a_page_names_exists(page):
    text = page.read_text(encoding="utf-8")
    missing = []
    prose = re.sub(r"`[^`\n]*`", "", re.sub(r"(?ms)^```.*?^```", "", text))  # no code
    for target, anchor in LINK.findall(prose):
        if "://" in target or target.startswith("mailto:"):
            continue
        where = page.parent / target if target else page
        if not where.exists():
            missing.append(target)
        elif anchor and where.suffix == ".md" and anchor not in anchors(where):
            missing.append(f"{target}#{anchor}")
    for name in NAMED.findall(text):
        if not list(ROOT.glob(name)) and not (ROOT / name).exists():
            missing.append(name)
    assert not missing, f"{rel(page)} names what is not there: {missing}"


# -- the example file --------------------------------------------------------------------------


def test_the_piped_readme_command_reads_stdin():
    hands = (ROOT / "examples" / "hands.txt").read_text(encoding="utf-8")
    done = run(["score", "--file", "-", "--format", "tsv"], stdin=hands)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 1 + sum(
        1 for line in hands.splitlines() if line.strip() and not line.lstrip().startswith("#")
    )


def test_every_example_line_scores():
    done = run(["score", "--file", "examples/hands.txt", "--format", "jsonl"])
    assert done.returncode == 0, done.stderr
    assert {'"ok": true'} == {line[line.index('"ok"') :][:10] for line in done.stdout.splitlines()}


# -- what the program says of its own rules --------------------------------------------------


def test_tenhou_rounding_is_said_as_the_records_show_it():
    """Tenhou rounds each player's points to the thousand, 4 down and 5 up by their size,
    then takes the return: the owari of two real Tenhou games of terralian/fastmaj give
    37,500 second +18.0 (38 - 30 + 10; "5 down and 6 up" of the difference would give
    +17) and -16,500 fourth -67.0 (-17 - 30 - 20; the other way, -66)."""
    from mjscore.ledger.game import _result

    cfg = {
        "start_points": 25000,
        "return_points": 30000,
        "uma": [20, 10, -10, -20],
        "oka": True,
        "ties": "seat",
        "result_rounding": "tenhou",
    }
    assert _result([48400, 37500, 24100, -10000], [0, 1, 2, 3], cfg, 4) == [58, 18, -16, -60]
    assert _result([60000, 30000, 26500, -16500], [0, 1, 2, 3], cfg, 4)[3] == -67
    english = " ".join(run(["rules", "tenhou", "--full"]).stdout.split())
    assert "4 down and 5 up" in english and "6 up" not in english
    japanese = "".join(run(["--lang", "ja", "rules", "tenhou", "--full"]).stdout.split())
    assert "四捨五入" in japanese and "五捨六入" not in japanese


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed")
def test_the_man_page_is_clean_roff():
    done = subprocess.run(
        ["groff", "-k", "-man", "-Tutf8", "-ww", "-z", str(ROOT / "docs" / "mjscore.1")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and not done.stderr, done.stderr
