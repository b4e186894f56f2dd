"""`--help` laid out for the terminal it is read in, from 20 columns up, never cutting a word.

click's own formatter lays help out at least 50 columns wide whatever the terminal, breaks a
word at its hyphens (`--no-` / `tiles`) or anywhere when it is too long, and keeps an
option's text in a column that leaves 8 characters a line at 40 columns; rich's help
panels cut an option's name or value with `…`. Here lines break only between words, or
after a `|` or `,` of a value list too long for any line; an option's text goes under its
name when the terminal is narrow; an example too long for a line goes on over the next,
ending with ` \\` so that it still pastes as one command. Nothing here knows a command.
"""

from __future__ import annotations

import copy
import re
import shutil
import unicodedata
from collections.abc import Sequence
from typing import Any

from typer import _click as click
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

WIDEST = 100  # wider help is harder to read, not more useful
TWO_COLUMNS = 70  # narrower than this, an option's text goes under its name
NAME_COLUMN = 30  # at most, as click has it
# The program's options that a command line takes after the command too (commands.run
# moves them to the front): completion offers them there as well.
AFTER_COMMAND = ("color", "tiles", "lang")


def cells(text: str) -> int:
    """Terminal columns of `text`: two for a wide (CJK) character."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


# the name of a `name    text` line: words with one blank between, then two blanks or more
HEAD = re.compile(r"\s*\S+(?: \S+)*?\s{2,}(?=\S)")


def _pieces(word: str, room: int) -> list[str]:
    """`word` whole if it fits in `room`, else cut after each `|` or `,` of a value list
    (the only places a word may break); a word with neither stays whole and overflows."""
    if cells(word) <= room:
        return [word]
    if not word.isascii():  # Japanese: a line may break beside a wide character
        return _wide_pieces(word)
    return re.findall(r"[^|,]*[|,]|[^|,]+$", word) or [word]


NO_START = set("、。，．）」』】〕・ーぁぃぅぇぉっゃゅょァィゥェォッャュョ：；！？)]},.:;!?")
NO_END = set("（「『【〔([{")


def _wide_pieces(word: str) -> list[str]:
    """`word` cut beside each wide character, never before closing punctuation or a small
    kana, never after an opening bracket; a run of ASCII stays whole."""
    out, piece = [], word[0]
    for a, b in zip(word, word[1:], strict=False):
        wide = cells(a) > 1 or cells(b) > 1
        if wide and b not in NO_START and a not in NO_END:
            out.append(piece)
            piece = ""
        piece += b
    return [*out, piece]


def wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    """`text`'s words in lines of at most `width` columns, the first starting with `first`,
    the others with `rest`."""
    lines: list[str] = []
    line, fresh = first, True
    for word in text.split():
        for i, piece in enumerate(_pieces(word, width - cells(rest))):
            glued = line + ("" if fresh or i else " ") + piece
            if fresh or cells(glued) <= width:
                line, fresh = glued, False
            else:
                lines.append(line)
                line = rest + piece
    lines.append(line)
    return lines


def wrap_kept(line: str, width: int) -> list[str]:
    """A line kept as written (click's \\b block) in lines of `width`: a command line goes
    on with ` \\` under itself; a `name    text` line goes on under its text."""
    if cells(line) <= width:
        return [line]
    indent = line[: len(line) - len(line.lstrip())]
    if line.lstrip().startswith("mjscore ") or " | mjscore " in line:
        parts = wrap(line.strip(), width - 2, indent, indent + "    ")
        return [p + " \\" for p in parts[:-1]] + parts[-1:]
    column = HEAD.match(line)
    head = column.group() if column and cells(column.group()) + 20 <= width else indent
    return wrap(
        line[len(head) :], width, head, " " * cells(head) if head != indent else indent + "    "
    )


class HelpFormatter(click.HelpFormatter):
    """click's help formatter at the terminal's width (COLUMNS), breaking only between
    words (module docstring)."""

    def __init__(
        self, indent_increment: int = 2, width: int | None = None, max_width: int | None = None
    ) -> None:
        columns = shutil.get_terminal_size().columns
        super().__init__(indent_increment, width=max(19, min(columns, WIDEST) - 1))

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        head = f"{'Usage: ' if prefix is None else prefix}{prog} "
        indent = " " * self.current_indent
        rest = " " * cells(head) if cells(head) + 20 <= self.width else indent + "    "
        self.write("\n".join(wrap(args, self.width, indent + head, rest)) + "\n")

    def write_text(self, text: str) -> None:
        indent = " " * self.current_indent
        out: list[str] = []
        for para in re.split(r"\n\s*\n", text.expandtabs()):
            lines = para.splitlines()
            if lines and lines[0].strip() == "\b":
                kept = [indent + line for line in _joined(lines[1:])]
                out.append("\n".join(p for line in kept for p in wrap_kept(line, self.width)))
            elif para.strip():
                out.append("\n".join(wrap(" ".join(lines), self.width, indent, indent)))
        self.write("\n\n".join(out) + "\n")

    def write_dl(
        self, rows: Sequence[tuple[str, str]], col_max: int = NAME_COLUMN, col_spacing: int = 2
    ) -> None:
        rows = list(rows)
        indent = " " * self.current_indent
        names = [cells(first) for first, _ in rows]
        column = min(max(names, default=0), col_max) + col_spacing
        two = self.width >= TWO_COLUMNS
        for first, second in rows:
            self.write("\n".join(wrap(first, self.width, indent, indent + "  ")))
            if not second:
                self.write("\n")
                continue
            if two and cells(first) <= column - col_spacing:
                hang = indent + " " * column
                self.write(" " * (column - cells(first)))
                text = wrap(second, self.width, hang, hang)
                text[0] = text[0][len(hang) :]
            else:
                self.write("\n")
                hang = indent + (" " * column if two else "    ")
                text = wrap(second, self.width, hang, hang)
            self.write("\n".join(text) + "\n")


def _joined(lines: list[str]) -> list[str]:
    """Kept lines with each line that goes on under the text of a `name    text` line (a
    deeper indent than that text's) put back at the end of it: wrap_kept breaks it anew."""
    out: list[str] = []
    column = 0
    for line in lines:
        depth = len(line) - len(line.lstrip())
        if out and column and line.strip() and depth >= column:
            out[-1] += ("" if out[-1].endswith(("|", ",")) else " ") + line.strip()
            continue
        head = HEAD.match(line)
        column = len(head.group()) if head else 0
        out.append(line)
    return out


def fit(text: str, width: int) -> str:
    """A text laid out in columns (the notation page) in lines of `width`: each line as a
    kept line of the help (wrap_kept), its goings-on joined first."""
    lines = [p for line in _joined(text.splitlines()) for p in wrap_kept(line, width)]
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


class HelpContext(click.Context):
    formatter_class = HelpFormatter


def usage_metavar(param: click.core.Parameter) -> str:
    """An argument in a synopsis: `FILE` (one, required), `[FILE]` (optional), `FILE...`
    or `[FILE]...` (many); typer writes a required one `{FILE}` and drops the dots."""
    name = (param.metavar or (param.name or "").upper()).strip("[]").removesuffix("...")
    name = name.removesuffix("]")
    many = "..." if param.nargs != 1 else ""
    return f"{name}{many}" if param.required else f"[{name}]{many}"


class HelpCommand(TyperCommand):
    """A command whose help is laid out by HelpFormatter, whose synopsis says what its
    arguments take, and whose completion offers the program's options after it too."""

    context_class = HelpContext

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        args = [p for p in self.get_params(ctx) if isinstance(p, TyperArgument)]
        return pieces + [usage_metavar(p) for p in args]

    def get_params(self, ctx: click.Context) -> list[click.core.Parameter]:
        return super().get_params(ctx) + _after_command(ctx)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[Any]:
        items = super().shell_complete(ctx, incomplete)
        if incomplete.startswith("-"):
            from typer._click.shell_completion import CompletionItem

            for param in _after_command(ctx):
                assert isinstance(param, TyperOption)
                items += [
                    CompletionItem(name, help=param.help)
                    for name in (*param.opts, *param.secondary_opts)
                    if name.startswith(incomplete)
                ]
        return items


def _after_command(ctx: click.Context) -> list[click.core.Parameter]:
    """The program's AFTER_COMMAND options as a command's own: hidden from its help,
    parsed (for completion) but never handed to it."""
    parent = ctx.parent.command if ctx.parent is not None else None
    out = []
    for param in parent.params if parent is not None else []:
        if param.name in AFTER_COMMAND:
            param = copy.copy(param)
            param.hidden, param.expose_value = True, False  # type: ignore[attr-defined]
            out.append(param)
    return out


class HelpGroup(TyperGroup):
    context_class = HelpContext

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands, each with its whole first sentence (click cuts it with `...`)."""
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, cmd.get_short_help_str(limit=1_000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)
