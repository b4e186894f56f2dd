"""The `mjscore` command line: one typer app, its sub-commands and their help.

This is the only argument parser: the console script, `python -m mjscore` and
the tests all come through `run`. The work is done in `runner`, and everything
a command needs beyond typer (the core, the rulesets, rich for the rich report)
is imported inside the command that uses it, so that start-up pays only for
typer and what the one command draws. Annotations are evaluated here, once, at import
(no `from __future__ import annotations`): typer reads every command's signature at each
start, and string annotations would be compiled and evaluated again there.
"""

import os
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer

from ..base.errors import ExitCode
from ..report import DEFAULT_FORMAT, FORMATS
from ..rulesets import DEFAULT_RULESET
from .helptext import HelpCommand, HelpGroup
from .runner import guard_streams, guarded, say, score_command

app = typer.Typer(
    name="mjscore",
    cls=HelpGroup,
    rich_markup_mode=None,  # rich's help panels cut names with `…`: helptext lays it out
    help="Score mahjong hands written as one line of text (`mjscore notation` for the grammar).",
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _complete_rules(incomplete: str) -> list[str]:
    from ..rulesets import ruleset_names

    return [n for n in ruleset_names() if n.startswith(incomplete.lower())]


def _complete_format(incomplete: str, ctx: typer.Context | None = None) -> list[str]:
    """The formats of the command being completed (ctx.info_name; score's without one)."""
    from ..report import formats_of

    command = ctx.info_name if ctx is not None and ctx.info_name else "score"
    return [f for f in formats_of(command) if f.startswith(incomplete)]


def _values(*values: str) -> Callable[[str], list[str]]:
    """Completion of an option that takes one of `values`."""
    return lambda incomplete: [v for v in values if v.lower().startswith(incomplete.lower())]


def _complete_schema(incomplete: str) -> list[str]:
    from ..schemas import SCHEMAS

    return [n for n in SCHEMAS if n.startswith(incomplete.lower())]


def _complete_opt(incomplete: str) -> list[str]:
    from ..engine.catalog import load_ruleset
    from ..rulesets import ruleset_names

    names = {f"{o}=" for r in map(load_ruleset, ruleset_names()) for o in r.options}
    names |= {f"{r}.{o}=" for r in ruleset_names() for o in load_ruleset(r).options}
    return sorted(n for n in names if n.startswith(incomplete))


def _version(value: bool) -> None:
    if value:
        from .. import __version__
        from .native import core_words

        print(f"mjscore {__version__} ({core_words()})")
        raise typer.Exit(0)


@app.callback()
def main_options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", callback=_version, is_eager=True
        ),
    ] = False,
    color: Annotated[
        str | None,
        typer.Option(
            "--color",
            "--colour",
            metavar="auto|always|never",
            help="Colour: auto (a terminal, honouring NO_COLOR and FORCE_COLOR), always, never; "
            "default: the config's, else auto. Like --tiles, also after the command.",
            show_default=False,
            autocompletion=_values("auto", "always", "never"),
        ),
    ] = None,
    tiles: Annotated[
        bool | None,
        typer.Option(
            "--tiles/--no-tiles",
            help="Draw the Unicode tile glyphs (default: the config's, "
            "else when the output can encode them).",
            show_default=False,
        ),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="en|ja",
            help="Language of the report and the listings (machine formats and error messages "
            "stay as they are); default: the config's, else the locale's (LANG=ja_JP... "
            "gives ja), else en. Also after the command.",
            show_default=False,
            autocompletion=_values("en", "ja"),
        ),
    ] = None,
) -> None:
    """Score mahjong hands written as one line of text (`mjscore notation` for the grammar)."""
    from ..report.lang import check_lang
    from ..report.settings import COLORS, configure
    from .runner import DISPLAY_FLAGS, UsageProblem

    if color is not None and color not in COLORS:
        raise UsageProblem(f"--color takes auto, always or never, not '{color}'")
    if lang is not None:
        try:
            check_lang(lang)
        except ValueError as exc:
            raise UsageProblem(str(exc)) from None
    configure(color=color, tiles=tiles, lang=lang)
    DISPLAY_FLAGS.update(
        {k: v for k, v in (("color", color), ("tiles", tiles), ("lang", lang)) if v is not None}
    )


def listing_lang() -> Any:
    """The listings (rules, yaku, table, notation) take no --config: without --lang, the
    default config file's `lang` (when it has one and reads) goes over the locale's. The
    config (runner.default_config), for its `format`."""
    from .runner import DISPLAY_FLAGS, default_config

    config = default_config()
    if "lang" in DISPLAY_FLAGS or config.lang is None:
        return config
    from ..report.settings import configure

    configure(lang=config.lang)
    return config


def _format_option(command: str, more: str = "") -> Any:
    """The --format option of `command`: its formats, the first its default."""
    from ..report import formats_of

    known = formats_of(command)
    return typer.Option(
        "--format",
        "-F",
        metavar="|".join(known),
        help=f"Output format{more}; default: the config's (one of these), else {known[0]}.",
        show_default=False,
        autocompletion=lambda incomplete: [f for f in known if f.startswith(incomplete)],
    )


# -- commands -------------------------------------------------------------------------------


# The options of the line-by-line commands (score, waits), declared once.
FileOption = Annotated[
    list[str] | None,
    typer.Option(
        "--file",
        "-f",
        metavar="PATH",
        help="Every line of a file ('-' for stdin); blank and # lines are skipped. Repeatable, "
        "and the arguments after it are files too (--file *.txt), read in order.",
        show_default=False,
    ),
]
RulesOption = Annotated[
    str | None,
    typer.Option(
        "--rules",
        "-r",
        metavar="NAME",
        help="Ruleset (a rules: token in a line wins); default: the config's, else "
        f"{DEFAULT_RULESET}.",
        show_default=False,
        autocompletion=_complete_rules,
    ),
]
OptOption = Annotated[
    list[str] | None,
    typer.Option(
        "--opt",
        metavar="[RULESET.]NAME=VALUE",
        help="A house rule: the option for every ruleset that has it and takes the value, "
        "or for RULESET only; repeatable. A line's opt: token wins.",
        show_default=False,
        autocompletion=_complete_opt,
    ),
]
FormatOption = Annotated[
    str | None,
    typer.Option(
        "--format",
        "-F",
        metavar="|".join(FORMATS),
        help=f"Output format; default: the config's, else {DEFAULT_FORMAT}.",
        show_default=False,
        autocompletion=_complete_format,
    ),
]
JobsOption = Annotated[
    str,
    typer.Option(
        "--jobs",
        "-j",
        metavar="N",
        help="Processes for a long file in a machine format (0 = every core from "
        "2,000 lines on, 1 = one process; at most one a core).",
    ),
]
OutputOption = Annotated[
    str | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE",
        help="Write the output to FILE ('-' = stdout), whole or not at all (a failed run "
        "leaves no file, an old one untouched and its mode kept); a FIFO or a device is "
        "written as it comes.",
        show_default=False,
    ),
]
ConfigOption = Annotated[
    str | None,
    typer.Option(
        "--config",
        metavar="PATH",
        help="Config file of house rules (TOML: rules, format, options, options.RULESET); "
        "default: $MJSCORE_CONFIG, else config.toml in $XDG_CONFIG_HOME/mjscore.",
        show_default=False,
    ),
]
QuietOption = Annotated[
    bool, typer.Option("--quiet", "-q", help="No summary line at the end of a file run, no notes.")
]
ExplainOption = Annotated[
    bool,
    typer.Option(
        "--explain",
        help="Why: every reading with its value and why the winner was chosen, the yaku one "
        "condition kept out, and for a line that is not a win the nearest changes that make "
        "it one (docs/explain.md).",
    ),
]


def _complete_compare(incomplete: str) -> list[str]:
    from ..rulesets import ruleset_names

    head, _, last = incomplete.rpartition(",")
    names = ["presets", *ruleset_names()] if not head else ruleset_names()
    return [f"{head},{n}" if head else n for n in names if n.startswith(last.lower())]


@app.command()
def score(
    tokens: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="TOKEN...",
            help="One hand line as arguments, e.g. 234m406p22s56s chi:678s ron:4s",
            show_default=False,
        ),
    ] = None,
    file: FileOption = None,
    rules: RulesOption = None,
    opt: OptOption = None,
    fmt: FormatOption = None,
    jobs: JobsOption = "0",
    config: ConfigOption = None,
    quiet: QuietOption = False,
    output: OutputOption = None,
    explain: ExplainOption = False,
    compare: Annotated[
        str | None,
        typer.Option(
            "--compare",
            metavar="RULES,RULES,...|presets",
            help="The same hand under each ruleset, side by side, with what differs and the "
            "options behind it; `presets`: the riichi presets (docs/explain.md).",
            show_default=False,
            autocompletion=_complete_compare,
        ),
    ] = None,
) -> int:
    """Score one hand given as arguments, or every hand line of a file.

    \b
    Examples:
      mjscore score 234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s
      mjscore score --file examples/hands.txt --format jsonl
      mjscore score 22233344m567p88s tsumo:4m riichi --explain

    \b
    Notation (all of it: mjscore notation):
      tiles    234m406p22s56s  (suits m p s z; 0 = a red five)
      melds    chi:678s pon:555z- kan:1111m= ankan:9999p  (- = + : source)
      win      ron:4s= or tsumo:4s
      context  round:E seat:S dora:1s honba:1 sticks:2 rules:NAME opt:NAME=VALUE
      rules    riichi tenhou mahjongsoul sanma mahjongsoul-sanma mleague wrc ema
               webtile arushal kansai-boo european mcr  (mjscore rules)
      flags    riichi ippatsu haitei rinshan chankan ...
    """
    command = "explain" if explain else "score"
    if compare is not None:
        from ..analysis.compare import compared_rules
        from .runner import UsageProblem, text_arg

        if explain:
            raise UsageProblem("--compare and --explain go one at a time")
        if rules is not None:
            raise UsageProblem("--compare names the rulesets: leave out --rules")
        names = compared_rules(text_arg(compare))
        if len(names) < 2:
            raise UsageProblem(
                f"--compare takes two rulesets or more (or presets), not '{text_arg(compare)}'"
            )
        rules, command = ",".join(names), "compare"
    return score_command(
        tokens,
        file,
        rules and rules.lower(),
        opt,
        fmt,
        jobs,
        config,
        command=command,
        quiet=quiet,
        output=output,
    )


@app.command()
def waits(
    tokens: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="TOKEN...",
            help="One hand line without a win token, e.g. 234m406p22s56s chi:678s",
            show_default=False,
        ),
    ] = None,
    file: FileOption = None,
    rules: RulesOption = None,
    opt: OptOption = None,
    fmt: FormatOption = None,
    jobs: JobsOption = "0",
    config: ConfigOption = None,
    quiet: QuietOption = False,
    output: OutputOption = None,
    explain: ExplainOption = False,
) -> int:
    """What a hand waits on and what each win pays (13 tiles), or what to discard (14).

    \b
    Examples:
      mjscore waits 234m406p22s56s chi:678s
      mjscore waits 1112345678999p --rules tenhou
      mjscore waits 123m456p789s1122z5z --format jsonl
    """
    return score_command(
        tokens,
        file,
        rules and rules.lower(),
        opt,
        fmt,
        jobs,
        config,
        command="waits-explain" if explain else "waits",
        quiet=quiet,
        output=output,
    )


def _written(output: str | None, action: Callable[[], int]) -> int:
    """`action`'s output to stdout, or to the file `output` as `score -o` writes it: whole
    or not at all (runner.output_file)."""
    if output is None:
        return action()
    from .runner import output_file

    with output_file(output):
        return action()


def _text_out(text: str) -> int:
    sys.stdout.write(text)
    return int(ExitCode.OK)


def _listing_format(fmt: str | None, command: str, config: Any) -> str:
    """A listing's format: --format, else the config file's where the listing has it."""
    from ..report import formats_of
    from .runner import chosen_format

    return chosen_format(fmt, config.format, formats_of(command))


# A listing's ruleset: an argument (`yaku mcr`) or, as the other commands name it, --rules;
# both may be given when they name the same ruleset (one_ruleset).
ListedRulesOption = Annotated[
    str | None,
    typer.Option(
        "--rules",
        "-r",
        metavar="NAME",
        help="The same as the RULESET argument; both at once must name the same ruleset "
        "(else a usage error, exit 2).",
        show_default=False,
        autocompletion=_complete_rules,
    ),
]


def _ruleset_argument(default: str) -> object:
    return typer.Argument(
        metavar="[RULESET]",
        help=f"The ruleset (default: {default}).",
        show_default=False,
        autocompletion=_complete_rules,
    )


def one_ruleset(name: str | None, by_option: str | None) -> str | None:
    """The ruleset named by a listing's argument or its --rules (lower case), None for
    neither; two different names are a usage error."""
    from .runner import UsageProblem

    if name is not None and by_option is not None and name.lower() != by_option.lower():
        raise UsageProblem(f"two rulesets named: '{name}' and --rules '{by_option}' (give one)")
    chosen = name if name is not None else by_option
    return chosen.lower() if chosen is not None else None


@app.command()
def rules(
    name: Annotated[str | None, _ruleset_argument("every ruleset, each in detail")] = None,
    by_option: ListedRulesOption = None,
    fmt: Annotated[str | None, _format_option("rules")] = None,
    full: Annotated[
        bool,
        typer.Option(
            "--full",
            help="A preset's every option and game value, not only what it changes from "
            "the ruleset it extends (json is always full).",
        ),
    ] = False,
    output: OutputOption = None,
) -> int:
    """List the rulesets with their options, defaults and accepted values; a preset as
    what it changes from the ruleset it extends (--full: all of it).

    \b
    Examples:
      mjscore rules
      mjscore rules tenhou
      mjscore rules mcr --format json
    """
    return _written(output, lambda: _rules(one_ruleset(name, by_option), fmt, full))


def _rules(chosen: str | None, fmt: str | None, full: bool = False) -> int:
    from ..engine.catalog import load_ruleset
    from ..rulesets import ruleset_names

    config = listing_lang()
    if chosen == "":  # `rules ''`: a name to check, as `yaku --rules ''` does
        load_ruleset("")
    rulesets = [load_ruleset(chosen)] if chosen else [load_ruleset(n) for n in ruleset_names()]
    fmt = _listing_format(fmt, "rules", config)
    if fmt == "json":
        from ..report.listing_json import ruleset_json, write_json

        write_json([ruleset_json(r) for r in rulesets], sys.stdout)
        return int(ExitCode.OK)
    from ..report.listing import write_rules

    write_rules(rulesets, sys.stdout, full=full)
    return int(ExitCode.OK)


@app.command()
def yaku(
    name: Annotated[str | None, _ruleset_argument(DEFAULT_RULESET)] = None,
    rules: ListedRulesOption = None,
    fmt: Annotated[str | None, _format_option("yaku")] = None,
    output: OutputOption = None,
) -> int:
    """Show a ruleset's yaku table: names, han closed and open, yakuman, optional ones.

    \b
    Examples:
      mjscore yaku
      mjscore yaku mcr
      mjscore --lang ja yaku tenhou --format json
    """
    chosen = one_ruleset(name, rules)
    return _written(output, lambda: _yaku(DEFAULT_RULESET if chosen is None else chosen, fmt))


def _yaku(rules: str, fmt: str | None) -> int:
    from ..engine.catalog import load_ruleset

    config = listing_lang()
    ruleset = load_ruleset(rules)
    if _listing_format(fmt, "yaku", config) == "json":
        from ..report.listing_json import write_json, yaku_json

        write_json(yaku_json(ruleset), sys.stdout)
        return int(ExitCode.OK)
    from ..report.listing import write_yaku

    write_yaku(ruleset, sys.stdout)
    return int(ExitCode.OK)


@app.command()
def notation(output: OutputOption = None) -> int:
    """Print the hand notation: tiles, melds, win, context tokens, flags, examples.

    \b
    Examples:
      mjscore notation
      mjscore --lang ja notation
    """
    from importlib.resources import files

    listing_lang()
    from ..report.lang import japanese

    name = "notation_ja.txt" if japanese() else "notation.txt"
    text = files("mjscore.docs").joinpath(name).read_text("utf-8")
    import shutil

    from .helptext import fit

    text = fit(text, shutil.get_terminal_size().columns)
    return _written(output, lambda: _text_out(text))


@app.command()
def table(
    name: Annotated[str | None, _ruleset_argument(DEFAULT_RULESET)] = None,
    dealer: Annotated[bool, typer.Option("--dealer", help="The dealer's points.")] = False,
    rules: ListedRulesOption = None,
    opt: Annotated[
        list[str] | None,
        typer.Option(
            "--opt",
            metavar="NAME=VALUE",
            help="An option of the ruleset (kiriage_mangan=on, limit=500); repeatable.",
            show_default=False,
            autocompletion=_complete_opt,
        ),
    ] = None,
    fmt: Annotated[
        str | None,
        _format_option("table", " (json lists every cell for the dealer and the non-dealer)"),
    ] = None,
    output: OutputOption = None,
) -> int:
    """What a hand pays under a ruleset: han x fu (riichi family), points x doubles
    (European) or fan (MCR), ron and tsumo, with the limits.

    \b
    Examples:
      mjscore table
      mjscore table mcr
      mjscore table tenhou --dealer --opt kiriage_mangan=on
    """
    chosen = one_ruleset(name, rules)
    rules_name = DEFAULT_RULESET if chosen is None else chosen
    return _written(output, lambda: _table(dealer, rules_name, opt, fmt))


def _table(dealer: bool, rules: str, opt: list[str] | None, fmt: str | None) -> int:
    from ..engine.catalog import load_ruleset
    from .config import ConfigError, options_for
    from .runner import UsageProblem, text_arg

    config = listing_lang()
    fmt = _listing_format(fmt, "table", config)
    ruleset = load_ruleset(rules)
    try:
        chosen = options_for(ruleset, map(text_arg, opt or []))
    except ConfigError as exc:
        raise UsageProblem(str(exc)) from None
    options = ruleset.resolve_options(chosen)
    if fmt == "json":
        from ..report.listing_json import table_json, write_json

        write_json(table_json(ruleset, options), sys.stdout)
        return int(ExitCode.OK)
    from ..report.table import write_table

    write_table(ruleset, dealer, sys.stdout, options)
    return int(ExitCode.OK)


@app.command()
def schema(
    name: Annotated[
        str,
        typer.Argument(
            metavar="[RECORD]",
            help="Whose records: score (also waits, import --format jsonl), game or stats.",
            autocompletion=_complete_schema,
        ),
    ] = "score",
    output: OutputOption = None,
) -> int:
    """Print the JSON Schema of a command's records (--format json / jsonl).

    \b
    Examples:
      mjscore schema
      mjscore schema game
      mjscore schema stats -o stats.schema.json
    """
    from ..schemas import SCHEMAS, schema_text
    from .runner import UsageProblem, text_arg

    if name.lower() not in SCHEMAS:
        raise UsageProblem(f"no schema named '{text_arg(name)}' (one of {', '.join(SCHEMAS)})")
    text = schema_text(name.lower())
    return _written(output, lambda: _text_out(text))


# A final score may be negative (-100): an argument, not an unknown option; _boo_result
# still refuses a word that starts with a dash and is no number.
@app.command("boo-result", context_settings={"ignore_unknown_options": True})
def boo_result(
    scores: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="SCORE...",
            help="The four final scores from the first dealer (起家) on, or one "
            "'4020/1900/1200/880'; a negative score as it is (-100).",
            show_default=False,
        ),
    ] = None,
    yakuman: Annotated[
        str | None,
        typer.Option(
            "--yakuman",
            metavar="E|S|W|N",
            help="The player (by first-hand seat) whose yakuman ended the game.",
            show_default=False,
            autocompletion=_values("E", "S", "W", "N"),
        ),
    ] = None,
    yakuman_result: Annotated[
        str | None,
        typer.Option(
            "--yakuman-result",
            metavar="normal|maru-a|double-maru-a",
            help="kansai-boo option yakuman_result (default: the ruleset's).",
            show_default=False,
            autocompletion=_values("normal", "maru-a", "double-maru-a"),
        ),
    ] = None,
    fmt: Annotated[str | None, _format_option("boo-result")] = None,
    output: OutputOption = None,
) -> int:
    """Kansai Boo game result (マルＡ / Ｂ / Ｃ) in game points, from the four final scores.

    \b
    Examples:
      mjscore boo-result 4020 1900 1200 880
      mjscore boo-result 4020/1900/1200/880 --yakuman E --format json
    """
    return _written(output, lambda: _boo_result(scores, yakuman, yakuman_result, fmt))


def _boo_result(
    scores: list[str] | None, yakuman: str | None, yakuman_result: str | None, fmt: str | None
) -> int:
    import re

    from ..engine.catalog import families_with, load_ruleset
    from ..report import boo as report
    from ..scoring.boo_game import BooResultError, boo_result, parse_scores
    from .runner import UsageProblem, chosen_format, default_config

    fmt = chosen_format(fmt, default_config().format, report.FORMATS)  # boo-result
    for arg in scores or []:
        if arg.startswith("-") and not re.fullmatch(r"[-−][0-9][0-9,/−-]*", arg):
            raise UsageProblem(f"No such option: {arg} (see 'mjscore boo-result --help')")
    listing_lang()  # no --config: the default config file's lang, as the listings
    [(boo, _)] = families_with(lambda r: r.params.game_result == "boo")  # Kansai Boo
    spec = load_ruleset(boo).options["yakuman_result"]
    chosen = spec.parse(yakuman_result) if yakuman_result is not None else spec.default
    try:
        result = boo_result(parse_scores(scores or []), yakuman and yakuman.upper(), chosen)
    except BooResultError as exc:
        raise UsageProblem(str(exc)) from None
    from ..report.console import console

    print(report.render(result, fmt, max(console(sys.stdout).width, 40)))
    return int(ExitCode.OK)


@app.command("game")
def game(
    file: Annotated[
        str,
        typer.Argument(
            metavar="FILE",
            help="Hand lines and drawn-round lines, '# game' lines between "
            "games (as `mjscore import` writes them); '-' = stdin.",
        ),
    ],
    rules: RulesOption = None,
    opt: OptOption = None,
    fmt: Annotated[str | None, _format_option("game")] = None,
    start: Annotated[
        int | None,
        typer.Option(
            "--start",
            metavar="POINTS",
            help="Starting points (default: the ruleset's).",
            show_default=False,
        ),
    ] = None,
    back: Annotated[
        int | None,
        typer.Option(
            "--return",
            metavar="POINTS",
            help="Return points the result counts from (default: the ruleset's).",
            show_default=False,
        ),
    ] = None,
    uma: Annotated[
        str | None,
        typer.Option(
            "--uma",
            metavar="5-10|10-20|10-30|A,B,C,D",
            help="Uma by placement (default: the record's, else the ruleset's).",
            show_default=False,
            autocompletion=_values("5-10", "10-20", "10-30"),
        ),
    ] = None,
    length: Annotated[
        str | None,
        typer.Option(
            "--length",
            metavar="east|south",
            help="The game's length (default: the record's, else the ruleset's).",
            show_default=False,
            autocompletion=_values("east", "south"),
        ),
    ] = None,
    chart: Annotated[
        bool,
        typer.Option(
            "--chart/--no-chart", help="The chart of the points after each round (text format)."
        ),
    ] = True,
    config: ConfigOption = None,
    quiet: QuietOption = False,
    output: OutputOption = None,
) -> int:
    """A whole game's ledger: each round's changes and running totals, then the final
    points, placement and result with uma and oka (docs/games.md).

    \b
    Examples:
      mjscore game examples/night.txt
      mjscore import examples/records/mjai.jsonl | mjscore game -
      mjscore game examples/game.txt --format jsonl --uma 10-30
    """
    from .game import game_command

    return _written(
        output,
        lambda: game_command(
            file,
            rules,
            fmt.lower() if fmt else None,
            start,
            back,
            uma,
            length,
            opt or [],
            quiet=quiet,
            config=config,
            chart=chart,
        ),
    )


# -- game records: `import` and `check` (issue 14; the work is in mjscore.records) ---------


class _ShownPath(os.PathLike):
    """A file name that is not UTF-8: it opens as given (os.fspath), and is shown and
    written into records as text, its odd bytes U+FFFD (str), so that JSON stays UTF-8."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __fspath__(self) -> str:
        return self.name

    def __str__(self) -> str:
        from .runner import text_arg

        return text_arg(self.name)


def _record_paths(files: list[str] | None) -> list:
    """The FILE arguments of `import` and `check`, each named in valid UTF-8."""
    from .runner import UsageProblem, text_arg

    if "-" in (files or []) and sys.stdin is None:  # fd 0 closed (`<&-`)
        raise UsageProblem("cannot read standard input: it is closed")
    return [f if f == "-" or text_arg(f) == f else _ShownPath(f) for f in files or []]


RecordFiles = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="FILE...",
        help="Game records, plain or gzip: Tenhou mjlog or tenhou.net/6 JSON, Mahjong Soul "
        "JSON, mjai JSON Lines (docs/records.md); a directory: the records under it; "
        "'-' = stdin.",
        show_default=False,
    ),
]


RecordRulesOption = Annotated[
    str | None,
    typer.Option(
        "--rules",
        "-r",
        metavar="NAME",
        help="Ruleset of records that name none (mjai logs); default: tenhou (sanma for "
        "three players). Other records play by their own.",
        show_default=False,
        autocompletion=_complete_rules,
    ),
]
RecordOptOption = Annotated[
    list[str] | None,
    typer.Option(
        "--opt",
        metavar="NAME=VALUE",
        help="An option of that ruleset for records that name no rules; repeatable.",
        show_default=False,
        autocompletion=_complete_opt,
    ),
]


@app.command("import")
def import_records(
    files: RecordFiles = None,
    fmt: Annotated[str | None, _format_option("import")] = None,
    rules: RecordRulesOption = None,
    opt: RecordOptOption = None,
    quiet: QuietOption = False,
    output: OutputOption = None,
) -> int:
    """One hand line per win of game records, ready for `mjscore score --file -`.

    \b
    Examples:
      mjscore import examples/records/mjai.jsonl
      mjscore import examples/records/ --format jsonl
      mjscore import examples/records/sanma.json | mjscore score --file -
    """
    from .records import import_command, record_rules

    paths = _record_paths(files)
    chosen = record_rules(rules, opt)
    return _written(output, lambda: import_command(paths, fmt, quiet=quiet, ruleset=chosen))


@app.command("check")
def check_records(
    files: RecordFiles = None,
    fmt: Annotated[str | None, _format_option("check")] = None,
    rules: RecordRulesOption = None,
    opt: RecordOptOption = None,
    quiet: QuietOption = False,
    output: OutputOption = None,
) -> int:
    """Score every win of game records and compare it with the record's verdict.

    \b
    Examples:
      mjscore check examples/records/
      mjscore check examples/records/sanma.json --format jsonl
    """
    from .records import check_command, record_rules

    paths = _record_paths(files)
    chosen = record_rules(rules, opt)
    return _written(output, lambda: check_command(paths, fmt, quiet=quiet, ruleset=chosen))


@app.command("stats")
def stats(
    files: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="FILE...",
            help="Game records (every format import reads), directories of them, files of "
            "lines (import's, a typed game, or plain hands); '-' = stdin.",
            show_default=False,
        ),
    ] = None,
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            "-p",
            metavar="NAME",
            help="Count this player only (repeatable); default: every player, a row each.",
            show_default=False,
        ),
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules",
            "-r",
            metavar="NAME",
            help="Count the games played under this ruleset (games that name none are "
            "played under it); default: every game.",
            show_default=False,
            autocompletion=_complete_rules,
        ),
    ] = None,
    room: Annotated[
        str | None,
        typer.Option(
            "--room",
            metavar="NAME",
            help="Count the games of this room or lobby (docs/stats.md).",
            show_default=False,
        ),
    ] = None,
    length: Annotated[
        str | None,
        typer.Option(
            "--length",
            metavar="east|south",
            help="Count the games of this length.",
            show_default=False,
            autocompletion=_values("east", "south"),
        ),
    ] = None,
    seats: Annotated[
        int | None,
        typer.Option(
            "--seats",
            metavar="3|4",
            help="Count the games of this many players.",
            show_default=False,
            autocompletion=_values("3", "4"),
        ),
    ] = None,
    fmt: Annotated[str | None, _format_option("stats")] = None,
    jobs: Annotated[
        str,
        typer.Option(
            "--jobs",
            "-j",
            metavar="N",
            help="Processes reading the files (0 = every core from 8 files on, 1 = one).",
        ),
    ] = "0",
    chart: Annotated[
        bool,
        typer.Option("--chart/--no-chart", help="The charts of the text report."),
    ] = True,
    quiet: QuietOption = False,
    output: OutputOption = None,
) -> int:
    """A player's or a club's archive in figures: placements, results, rates, and the
    yaku, han, fu and limits of every win re-scored (docs/stats.md).

    \b
    Examples:
      mjscore stats examples/records/
      mjscore stats examples/records/ --player POTDAY --format jsonl
      mjscore stats examples/hands.txt
    """
    from .stats import stats_command

    paths = _record_paths(files)
    return _written(
        output,
        lambda: stats_command(
            paths,
            player or [],
            rules,
            room,
            length.lower() if length else None,
            seats,
            fmt and fmt.lower(),
            jobs,
            quiet=quiet,
            chart=chart,
        ),
    )


# -- entry point ----------------------------------------------------------------------------


GLOBAL_FLAGS = ("--tiles", "--no-tiles")  # the app's options, taken anywhere on the line
GLOBAL_VALUED = ("--color", "--colour", "--lang")


def globals_first(args: list[str]) -> list[str]:
    """`args` with the app's own options moved before the command, so that
    `mjscore score ... --no-tiles` means `mjscore --no-tiles score ...`; nothing after
    `--` moves (it is an argument there)."""
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        if arg in GLOBAL_FLAGS or arg.partition("=")[0] in GLOBAL_VALUED and "=" in arg:
            front.append(arg)
        elif arg in GLOBAL_VALUED and i + 1 < len(args):
            front.extend(args[i : i + 2])
            i += 1
        else:
            rest.append(arg)
        i += 1
    return front + rest


# every command's help laid out by helptext, whatever the width (its docstring)
for _info in app.registered_commands:
    _info.cls = HelpCommand


def run(argv: list[str] | None = None) -> int:
    """Run the app on `argv` (default sys.argv[1:]) and return the exit code."""
    args = globals_first(sys.argv[1:] if argv is None else list(argv))
    from ..report.lang import lang_from_locale
    from ..report.settings import configure, sane_columns, settings
    from .runner import DISPLAY_FLAGS

    # each run from the defaults (tests run many); the language from the locale
    settings.update(color="auto", tiles=None, lang=lang_from_locale(os.environ))
    DISPLAY_FLAGS.clear()
    configure(encoding=getattr(sys.stdout, "encoding", None) or "utf-8")
    sane_columns(os.environ)  # every rich console reads it, the help too
    for stream in (sys.stdout, sys.stderr):  # UTF-8 out, whatever the locale says
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "encoding", "").lower() != "utf-8":
            reconfigure(encoding="utf-8", errors="replace")

    def invoke() -> int:
        if not args:  # bare `mjscore`: the help, as a usage error
            app(args=["--help"], prog_name="mjscore", standalone_mode=False)
            return int(ExitCode.USAGE)
        try:
            return int(app(args=args, prog_name="mjscore", standalone_mode=False) or 0)
        except typer.TyperException as exc:  # click's usage errors: bad flag, missing value
            ctx = getattr(exc, "ctx", None)
            where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            say(exc.format_message() + where)
            return int(getattr(exc, "exit_code", ExitCode.USAGE))
        except typer.Abort:
            return 130
        except SystemExit as exc:  # click turns a closed pipe into exit 1, "a bad hand"
            if isinstance(exc.__context__, BrokenPipeError):
                raise BrokenPipeError from None
            raise

    return guarded(invoke)


def main() -> None:
    """The typer entry of the console script (cli.main): run, then leave at once
    (runner.exit_now)."""
    from .runner import exit_now

    guard_streams()  # a failing write is OutputError, whichever command wrote
    exit_now(run())


if __name__ == "__main__":
    main()
