"""The manual, written from the program itself so that it cannot drift from it.

    python -m mjscore.cli.manual [DIR]          # write DIR/commands.md, mjscore.1, library.md
    python -m mjscore.cli.manual --check [DIR]  # exit 1, naming the page, where one differs

`commands.md` and the man page `mjscore.1` come from the command line's own help (the
typer app of `commands`: each command's synopsis, text, arguments and options, as
`--help` prints them), `library.md`'s reference from the docstrings and field comments of
the library's public functions and types. DIR is `docs` by default; tests/test_docs.py
fails when a page is not what this writes now.
"""

from __future__ import annotations

import inspect
import re
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# -- what the pages say that no help text holds: one place, both pages -------------------

EXIT_STATUS = [
    (
        "0",
        "Done: every line scored (`score`) or read (`waits`, `import`), every win and game "
        "agreed (`check`), every game followed (`game`, a game that stops before its end "
        "included); a listing, the help or the version written.",
    ),
    (
        "1",
        "Some line was not a scored win or could not be read (`score`, `waits`), a record "
        "had an error (`import`, `check`), a win or a game disagreed (`check`), a line does "
        "not fit its game (`game`), or the input stopped (a line with no end within 64 MB, a "
        "read error). The other lines are still written. The listings never exit 1.",
    ),
    (
        "2",
        "A usage error (an unknown flag, ruleset, option or format; a file that cannot be "
        "opened; a bad config file), or an output that cannot be written (a full disk, a "
        "closed stdout).",
    ),
    (
        "129, 130, 143",
        "Stopped by SIGHUP, SIGINT (Ctrl-C) or SIGTERM: 128 + the signal's number. Every "
        "record written is whole and a JSON array is closed.",
    ),
    ("141", "The reader of stdout left (`| head`): quietly, 128 + SIGPIPE."),
]

ENVIRONMENT = [
    ("MJSCORE_CONFIG", "The config file, when `--config` names none."),
    (
        "XDG_CONFIG_HOME",
        "The config file is `$XDG_CONFIG_HOME/mjscore/config.toml` (default "
        "`~/.config/mjscore/config.toml`) when neither `--config` nor `MJSCORE_CONFIG` "
        "names one.",
    ),
    ("MJSCORE_RULES_PATH", "Directories of more ruleset TOML files, searched by name."),
    (
        "LC_ALL, LC_MESSAGES, LANG",
        "A locale starting with `ja` makes `--lang ja` the default (after the config's).",
    ),
    ("NO_COLOR, FORCE_COLOR", "With `--color auto`: no colour, or colour off a terminal."),
    (
        "COLUMNS",
        "The width of the reports and the help (a terminal's own width otherwise, 80 off "
        "one); a number is clamped to 20-1000.",
    ),
]

SEE_ALSO = (
    "`mjscore notation` prints the hand notation; the documentation is in `docs/` of the "
    "source: tutorial.md (the first ten minutes), notation.md, commands.md (this page), "
    "output.md (the records), rulesets.md."
)


# -- the commands, read from the typer app -----------------------------------------------


@dataclass(frozen=True)
class Param:
    names: str  # as --help shows them: "-f, --file PATH"
    help: str


@dataclass(frozen=True)
class Block:
    """A paragraph of a command's text: prose, or lines kept as written (click's \\b)."""

    text: str
    verbatim: tuple[str, ...] = ()


@dataclass(frozen=True)
class Command:
    name: str  # "" for the program itself
    usage: str
    summary: str
    blocks: tuple[Block, ...]
    params: tuple[Param, ...]
    path: str = "mjscore"

    @property
    def title(self) -> str:
        return f"{self.path} {self.name}".strip()


def help_blocks(text: str) -> list[Block]:
    """A click help text as paragraphs: a paragraph starting with \\b keeps its lines (a
    first line ending with ':' over indented ones is its heading), any other is prose."""
    text = inspect.cleandoc(text.split("\f", 1)[0])
    out: list[Block] = []
    for para in re.split(r"\n\s*\n", text):
        if not para.strip():
            continue
        if para.startswith("\b"):
            lines = para[1:].strip("\n").splitlines()
            if len(lines) > 1 and lines[0].rstrip().endswith(":") and lines[1][:1].isspace():
                out.append(
                    Block(
                        lines[0].strip(), tuple(textwrap.dedent("\n".join(lines[1:])).splitlines())
                    )
                )
            else:
                out.append(Block("", tuple(lines)))
        else:
            out.append(Block(" ".join(line.strip() for line in para.splitlines())))
    return out


def read_commands() -> list[Command]:
    """The program and each of its commands, in the order `mjscore --help` lists them."""
    import typer
    from typer import _click as click

    from .commands import app

    group: Any = typer.main.get_command(app)  # a click Group: the app has commands
    root = click.Context(group, info_name="mjscore", **group.context_settings)
    commands = [_command(group, root, "")]
    for name in group.list_commands(root):
        cmd = group.get_command(root, name)
        if cmd is not None and not cmd.hidden:
            commands.append(_command(cmd, click.Context(cmd, info_name=name, parent=root), name))
    return commands


def _command(cmd: Any, ctx: Any, name: str) -> Command:
    blocks = help_blocks(cmd.help or "")
    summary = blocks[0].text if blocks and not blocks[0].verbatim else ""
    params = []
    for p in cmd.get_params(ctx):
        record = p.get_help_record(ctx)
        if record is not None:
            params.append(Param(record[0], " ".join(record[1].split())))
    pieces = " ".join(cmd.collect_usage_pieces(ctx))
    usage = f"mjscore {name} {pieces}".replace("  ", " ") if name else f"mjscore {pieces}"
    return Command(name, usage, summary, tuple(blocks[1:] if summary else blocks), tuple(params))


# -- Markdown ------------------------------------------------------------------------------

GENERATED = (
    "<!-- Written by `python -m mjscore.cli.manual` from {source}: edit that, then run it. -->"
)


def md_cell(text: str) -> str:
    """Text in a Markdown table cell: | escaped (in code spans too, as GitHub reads them),
    and < > * so that they stay characters."""
    text = text.replace("|", "\\|")
    parts = text.split("`")
    for i in range(0, len(parts), 2):  # outside code spans
        parts[i] = parts[i].replace("<", "&lt;").replace(">", "&gt;").replace("*", "\\*")
    return "`".join(parts)


def md_code(text: str) -> str:
    """Text in a code span in a table cell: only | escaped."""
    return text.replace("|", "\\|")


def md_text(text: str) -> str:
    return md_cell(text).replace("\\|", "|")


def anchor(title: str) -> str:
    """The anchor GitHub gives a heading."""
    return "#" + re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


def commands_md(commands: list[Command]) -> str:
    program, subs = commands[0], commands[1:]
    out = [
        "# Every command",
        "",
        GENERATED.format(source="each command's own help (mjscore/cli/commands.py)"),
        "",
        "Each command's synopsis, text, arguments and options, as its `--help` says them;",
        "the same page as a man page is [mjscore.1](mjscore.1) (`man ./docs/mjscore.1`).",
        "",
        f"`{program.usage}`",
        "",
        md_text(program.summary),
        "",
        "| command | what it does |",
        "|---|---|",
    ]
    out += [f"| [`{c.name}`]({anchor(c.title)}) | {md_cell(c.summary)} |" for c in subs]
    out += ["", "## Options of the program", ""]
    out += _md_blocks(program.blocks)
    out += _md_params(program.params)
    for c in subs:
        out += ["", f"## {c.title}", "", f"`{c.usage}`", "", md_text(c.summary), ""]
        out += _md_blocks(c.blocks)
        out += _md_params(c.params)
    out += ["", "## Exit status", "", "| code | meaning |", "|---|---|"]
    out += [f"| {code} | {md_cell(text)} |" for code, text in EXIT_STATUS]
    out += ["", "## Environment", "", "| variable | meaning |", "|---|---|"]
    out += [f"| `{name}` | {md_cell(text)} |" for name, text in ENVIRONMENT]
    out += ["", "## See also", "", md_text(SEE_ALSO), ""]
    return "\n".join(_squeeze(out))


def _md_blocks(blocks: tuple[Block, ...]) -> list[str]:
    out: list[str] = []
    for b in blocks:
        if b.verbatim:
            if b.text:
                out += [md_text(b.text), ""]
            out += ["```", *b.verbatim, "```", ""]
        else:
            out += [md_text(b.text), ""]
    return out


def _md_params(params: tuple[Param, ...]) -> list[str]:
    if not params:
        return []
    out = ["| argument or option | meaning |", "|---|---|"]
    out += [f"| `{md_code(p.names)}` | {md_cell(p.help)} |" for p in params]
    return out + [""]


def _squeeze(lines: list[str]) -> list[str]:
    """No two blank lines in a row, none at the end."""
    out: list[str] = []
    for line in lines:
        if line == "" and (not out or out[-1] == ""):
            continue
        out.append(line)
    while out and out[-1] == "":
        out.pop()
    return out


# -- roff (the man page) ---------------------------------------------------------------------


def roff(text: str) -> str:
    """Text for a roff line: backslashes escaped, `code` in bold, the hyphens of options
    and code as minus signs (copied from the page, they still type), no control at the
    start."""
    parts = text.replace("\\", "\\e").split("`")
    for i, part in enumerate(parts):
        if i % 2:
            parts[i] = "\\fB" + part.replace("-", "\\-") + "\\fR"
        else:
            parts[i] = re.sub(r"(?<![\w])-[\w-]*", lambda m: m.group().replace("-", "\\-"), part)
    text = "".join(parts)
    return "\\&" + text if text[:1] in (".", "'") else text


def roff_code(line: str) -> str:
    line = line.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + line if line[:1] in (".", "'") else line


def man_page(commands: list[Command], version: str) -> str:
    program, subs = commands[0], commands[1:]
    out = [
        ".\\\" Written by `python -m mjscore.cli.manual` from the command line's own help.",
        f'.TH MJSCORE 1 "" "mjscore {version}" "User Commands"',
        ".nh",
        ".ad l",
        ".SH NAME",
        "mjscore \\- " + roff(program.summary[:1].lower() + program.summary[1:].rstrip(".")),
        ".SH SYNOPSIS",
        ".nf",
        roff_code(program.usage),
        *[roff_code(c.usage) for c in subs],
        ".fi",
        ".SH DESCRIPTION",
        roff(program.summary),
        *_roff_blocks(program.blocks),
        ".SH OPTIONS",
        *_roff_params(program.params),
        ".SH COMMANDS",
    ]
    for c in subs:
        out += [f".SS {c.name}", ".nf", roff_code(c.usage), ".fi", ".PP", roff(c.summary)]
        out += _roff_blocks(c.blocks)
        out += _roff_params(c.params)
    out += [".SH EXIT STATUS"]
    for code, text in EXIT_STATUS:
        out += [".TP", f"\\fB{code}\\fR", roff(text)]
    out += [".SH ENVIRONMENT"]
    for name, text in ENVIRONMENT:
        out += [".TP", f"\\fB{name}\\fR", roff(text)]
    out += [".SH SEE ALSO", roff(SEE_ALSO), ""]
    return "\n".join(out)


def _roff_blocks(blocks: tuple[Block, ...]) -> list[str]:
    out: list[str] = []
    for b in blocks:
        out.append(".PP")
        if b.text:
            out.append(roff(b.text))
        if b.verbatim:
            out += [".RS 4", ".nf", *map(roff_code, b.verbatim), ".fi", ".RE"]
    return out


def _roff_params(params: tuple[Param, ...]) -> list[str]:
    out: list[str] = []
    for p in params:
        out += [".TP", "\\fB" + roff_code(p.names) + "\\fR", roff(p.help)]
    return out


# -- the library ---------------------------------------------------------------------------


# The public types a caller meets, each with the members the page shows: the names that
# are the library's promise (the fields are in each class's docstring).
TYPES: list[tuple[str, str, tuple[str, ...]]] = [
    (
        "mjscore.core.hand",
        "Hand",
        (
            "has_win",
            "with_win",
            "without_win",
            "with_flags",
            "without_flags",
            "with_dora",
            "with_context",
            "with_concealed",
            "red_tiles",
        ),
    ),
    (
        "mjscore.core.result",
        "ScoreResult",
        (
            "ok",
            "label",
            "winner",
            "win",
            "discarder",
            "yaku",
            "han",
            "fu",
            "fu_items",
            "limit",
            "yakuman",
            "value",
            "payments",
            "net",
            "liability",
            "reading",
            "notes",
            "score",
            "to_dict",
        ),
    ),
    ("mjscore.analysis.waits", "WaitsResult", ("ok", "label", "complete_win", "to_dict")),
    ("mjscore.ledger.game", "Game", ("ok", "raw", "to_dict")),
    ("mjscore.rulesets", "Ruleset", ("seats", "resolve_options")),
]
# Functions beyond `mjscore.__all__` that the pages name.
MORE_FUNCTIONS = [
    ("mjscore.records", "read_hands"),
    ("mjscore.records", "iter_wins"),
    ("mjscore.ledger", "games"),
]


@dataclass(frozen=True)
class Doc:
    title: str
    signature: str
    doc: str
    members: tuple[tuple[str, str], ...] = ()  # name, doc


def read_library() -> tuple[list[Doc], list[Doc]]:
    """The public functions (mjscore.__all__, then MORE_FUNCTIONS) and TYPES, as Docs."""
    import importlib

    import mjscore

    functions = [_function(f"mjscore.{n}", getattr(mjscore, n)) for n in mjscore.__all__]
    for module, name in MORE_FUNCTIONS:
        functions.append(
            _function(f"{module}.{name}", getattr(importlib.import_module(module), name))
        )
    types = []
    for module, name, members in TYPES:
        cls = getattr(importlib.import_module(module), name)
        types.append(
            Doc(
                f"{module}.{name}",
                "",
                _doc(cls, f"{module}.{name}"),
                tuple(_member(cls, m, f"{module}.{name}") for m in members),
            )
        )
    return functions, types


def _doc(obj: Any, where: str) -> str:
    doc = obj.__doc__
    if not doc or not doc.strip():
        raise ValueError(f"{where} has no docstring: the library page is written from it")
    return inspect.cleandoc(doc)


def signature(fn: Callable[..., Any], skip_self: bool = False) -> str:
    """`(a: int, b: str = 'x') -> R` as the source writes it (annotations are strings here)."""
    sig = inspect.signature(fn)
    parts = []
    star_done = False
    for p in sig.parameters.values():
        if skip_self and p.name == "self":
            continue
        text = p.name
        if p.kind is p.VAR_POSITIONAL:
            text, star_done = "*" + text, True
        elif p.kind is p.VAR_KEYWORD:
            text = "**" + text
        elif p.kind is p.KEYWORD_ONLY and not star_done:
            parts.append("*")
            star_done = True
        if p.annotation is not p.empty:
            text += f": {_annotation(p.annotation)}"
        if p.default is not p.empty:
            text += f" = {p.default!r}" if p.annotation is not p.empty else f"={p.default!r}"
        parts.append(text)
    out = f"({', '.join(parts)})"
    if sig.return_annotation is not sig.empty:
        out += f" -> {_annotation(sig.return_annotation)}"
    return out


def _annotation(a: Any) -> str:
    return a if isinstance(a, str) else inspect.formatannotation(a).replace("typing.", "")


def _function(title: str, fn: Callable[..., Any]) -> Doc:
    return Doc(title, f"{title.rsplit('.', 1)[1]}{signature(fn)}", _doc(fn, title))


def _member(cls: type, name: str, where: str) -> tuple[str, str]:
    member = inspect.getattr_static(cls, name)
    target = member.fget if isinstance(member, property) else member
    label = name if isinstance(member, property) else f"{name}()"
    if not isinstance(member, property):
        label = name + signature(getattr(cls, name), skip_self=True)
    return label, _doc(target, f"{where}.{name}")


def library_md(functions: list[Doc], types: list[Doc]) -> str:
    out = [
        "## Reference",
        "",
        GENERATED.format(
            source="the docstrings and field comments of the library (mjscore/__init__.py "
            "and the types it returns)"
        ),
        "",
        "### Functions",
        "",
    ]
    for f in functions:
        out += [f"#### `{f.title}`", "", "```python", f.signature, "```", "", _md_doc(f.doc), ""]
    out += ["### Types", ""]
    for t in types:
        out += [f"#### `{t.title}`", "", _md_doc(t.doc), ""]
        if t.members:
            out += ["| member | what it gives |", "|---|---|"]
            out += [f"| `{md_code(n)}` | {md_cell(' '.join(d.split()))} |" for n, d in t.members]
            out += [""]
    return "\n".join(_squeeze(out))


def _md_doc(doc: str) -> str:
    """A docstring in Markdown: its interactive examples and indented lines as Python blocks."""
    out: list[str] = []
    for para in re.split(r"\n\s*\n", doc):
        lines = para.splitlines()
        if all(line.startswith("    ") or not line.strip() for line in lines):
            out += ["```pycon", *textwrap.dedent(para).splitlines(), "```"]
        else:
            out.append(md_text(" ".join(line.strip() for line in lines)))
        out.append("")
    return "\n".join(out).rstrip()


LIBRARY_MARK = "<!-- reference -->"


def library_page(page: str, functions: list[Doc], types: list[Doc]) -> str:
    """`page` (docs/library.md) with everything after its reference mark written anew."""
    head = page.split(LIBRARY_MARK, 1)[0]
    return f"{head}{LIBRARY_MARK}\n\n{library_md(functions, types)}\n"


# -- writing ---------------------------------------------------------------------------------


def pages(docs: Path) -> dict[Path, str]:
    """Every page this module writes, by path, as it would write it now."""
    from .. import __version__

    commands = read_commands()
    functions, types = read_library()
    library = docs / "library.md"
    current = library.read_text(encoding="utf-8") if library.exists() else LIBRARY_MARK
    return {
        docs / "commands.md": commands_md(commands) + "\n",
        docs / "mjscore.1": man_page(commands, __version__),
        library: library_page(current, functions, types),
    }


def main(argv: list[str]) -> int:
    check = "--check" in argv
    rest = [a for a in argv if a != "--check"]
    docs = Path(rest[0] if rest else "docs")
    stale = []
    for path, text in pages(docs).items():
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        stale.append(path)
        if not check:
            path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{path}: {'differs from the program' if check else 'written'}", file=sys.stderr)
    return 1 if check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
