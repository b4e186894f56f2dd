"""The `mjscore` command line: one typer app, its sub-commands and their help.

This is the only argument parser: the console script, `python -m mjscore` and
the tests all come through `run`. The work is done in `runner`, and everything
a command needs beyond typer (the core, the rulesets, rich for the rich report)
is imported inside the command that uses it, so that start-up pays only for
typer and what the one command draws.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from .errors import ExitCode
from .runner import guarded, say, score_command

app = typer.Typer(
    name="mjscore",
    help="Score mahjong hands written as one line of text (see NOTATION in the README).",
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


# -- commands -------------------------------------------------------------------------------


@app.command()
def score(
    tokens: Annotated[list[str] | None, typer.Argument(
        metavar="TOKEN", help="One hand line as arguments, e.g. 234m406p22s56s chi:678s ron:4s",
        show_default=False)] = None,
    file: Annotated[str | None, typer.Option(
        "--file", "-f", metavar="PATH",
        help="Score every line of a file ('-' for stdin); blank and # lines are skipped.",
        show_default=False)] = None,
    rules: Annotated[str, typer.Option(
        "--rules", "-r", metavar="NAME", help="Ruleset (a rules: token in a line wins).")
    ] = "riichi",
    opt: Annotated[list[str] | None, typer.Option(
        "--opt", "-o", metavar="NAME=VALUE", help="A ruleset option; repeatable.",
        show_default=False)] = None,
    fmt: Annotated[str, typer.Option(
        "--format", "-F", metavar="rich|json|jsonl|tsv", help="Output format.")] = "rich",
    jobs: Annotated[str, typer.Option(
        "--jobs", "-j", metavar="N",
        help="Processes for a long file in a machine format (0 = every core from "
             "2,000 lines on, 1 = one process).")] = "0",
) -> int:
    """Score one hand given as arguments, or every hand line of a file."""
    return score_command(tokens, file, rules, opt, fmt, jobs)


@app.command()
def rules() -> int:
    """List the rulesets with their options, defaults and accepted values."""
    from .report.listing import write_rules
    from .rulesets import load_ruleset, ruleset_names

    write_rules([load_ruleset(name) for name in ruleset_names()], sys.stdout)
    return int(ExitCode.OK)


@app.command()
def yaku(
    rules: Annotated[str, typer.Option("--rules", "-r", metavar="NAME", help="Ruleset.")
                     ] = "riichi",
) -> int:
    """Show a ruleset's yaku table: names, han closed and open, yakuman, optional ones."""
    from .report.listing import write_yaku
    from .rulesets import load_ruleset

    write_yaku(load_ruleset(rules), sys.stdout)
    return int(ExitCode.OK)


@app.command("boo-result")
def boo_result(
    scores: Annotated[list[str] | None, typer.Argument(
        metavar="SCORE", help="The four final scores from the first dealer (起家) on, or one "
        "'4020/1900/1200/880'; put -- before a negative score.", show_default=False)] = None,
    yakuman: Annotated[str | None, typer.Option(
        "--yakuman", metavar="E|S|W|N", help="The player (by first-hand seat) whose yakuman "
        "ended the game.", show_default=False)] = None,
    yakuman_result: Annotated[str | None, typer.Option(
        "--yakuman-result", metavar="normal|maru-a|double-maru-a",
        help="kansai-boo option yakuman_result (default: the ruleset's).",
        show_default=False)] = None,
    fmt: Annotated[str, typer.Option(
        "--format", "-F", metavar="text|json", help="Output format.")] = "text",
) -> int:
    """Kansai Boo game result (マルＡ / Ｂ / Ｃ) in game points, from the four final scores."""
    from .boo_result import BooResultError, boo_result, parse_scores
    from .rulesets import load_ruleset
    from .runner import UsageProblem

    if fmt not in ("text", "json"):
        raise UsageProblem(f"unknown format '{fmt}' (choose from text, json)")
    spec = load_ruleset("kansai-boo").options["yakuman_result"]
    chosen = spec.parse(yakuman_result) if yakuman_result is not None else spec.default
    try:
        result = boo_result(parse_scores(scores or []), yakuman and yakuman.upper(), chosen)
    except BooResultError as exc:
        raise UsageProblem(str(exc)) from None
    if fmt == "json":
        import json

        print(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        print(result.text())
    return int(ExitCode.OK)


# -- game records: `import` and `check` (issue 14; the work is in mjscore.records) ---------


@app.command("import")
def import_records(
    files: Annotated[list[str] | None, typer.Argument(
        metavar="FILE", help="Tenhou mjlog (plain or gzip) or tenhou.net/6 JSON; '-' = stdin.",
        show_default=False)] = None,
    fmt: Annotated[str, typer.Option(
        "--format", "-F", metavar="lines|jsonl", help="Output format.")] = "lines",
) -> int:
    """One hand line per win of game records, ready for `mjscore score --file -`."""
    from .records.commands import import_command

    return import_command(files or [], fmt)


@app.command("check")
def check_records(
    files: Annotated[list[str] | None, typer.Argument(
        metavar="FILE", help="Tenhou mjlog (plain or gzip) or tenhou.net/6 JSON; '-' = stdin.",
        show_default=False)] = None,
    fmt: Annotated[str, typer.Option(
        "--format", "-F", metavar="text|jsonl", help="Output format.")] = "text",
) -> int:
    """Score every win of game records and compare it with the record's verdict."""
    from .records.commands import check_command

    return check_command(files or [], fmt)


# -- entry point ----------------------------------------------------------------------------


def run(argv: list[str] | None = None) -> int:
    """Run the app on `argv` (default sys.argv[1:]) and return the exit code."""
    args = sys.argv[1:] if argv is None else list(argv)
    for stream in (sys.stdout, sys.stderr):  # UTF-8 out, whatever the locale says
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "encoding", "").lower() != "utf-8":
            reconfigure(encoding="utf-8", errors="replace")
    if not args:  # bare `mjscore`: the help, as a usage error
        app(args=["--help"], prog_name="mjscore", standalone_mode=False)
        return int(ExitCode.USAGE)

    def invoke() -> int:
        try:
            return int(app(args=args, prog_name="mjscore", standalone_mode=False) or 0)
        except typer.TyperException as exc:  # click's usage errors: bad flag, missing value
            ctx = getattr(exc, "ctx", None)
            where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            say(exc.format_message() + where)
            return int(getattr(exc, "exit_code", ExitCode.USAGE))
        except typer.Abort:
            return 130

    return guarded(invoke)


def main() -> None:
    """Console script `mjscore` and `python -m mjscore`."""
    sys.exit(run())


if __name__ == "__main__":
    main()
