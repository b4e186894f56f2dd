"""The native core against the Python path, byte for byte (issue 32).

Every chunk of lines is scored twice through `parallel._score_chunk`, the function that
renders a file's records: with the native core and with MJSCORE_NATIVE=0. The records and
the stderr lines must be the same bytes, in every machine format, on every corpus of the
repository (the Tenhou oracle, the examples, the game records under tests/data, every
case file) and on seeded random lines of every ruleset of the riichi family under every
option, the hostile and fuzzed lines of test_hostile included. A difference is a bug in
one of the two. The tests also count what the core finished itself, so that a core that
hands every line back to Python cannot pass unnoticed.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from caseformat import parse_cases
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import hands, notation_line
from test_hostile import mutated

from mjscore.cli import native
from mjscore.cli.parallel import _score_chunk
from mjscore.engine.catalog import load_ruleset
from mjscore.engine.setting import HouseRules

pytestmark = pytest.mark.skipif(not native.available(), reason="the native core is not built")

TESTS = Path(__file__).parent
ROOT = TESTS.parent
FORMATS = ("jsonl", "json", "tsv")
FAMILY = (
    "riichi",
    "tenhou",
    "mahjongsoul",
    "mleague",
    "wrc",
    "ema",
    "webtile",
    "arushal",
    "kansai-boo",
    "sanma",
    "mahjongsoul-sanma",
)
SOURCE = "hands \u00e9t\u00e9.txt"  # the "file" key, escaped as the JSON formats write it


def numbered(lines: list[str]) -> list[tuple[int, str]]:
    return list(enumerate(lines, 1))


def both(
    monkeypatch: pytest.MonkeyPatch,
    chunk: list[tuple[int, str]],
    rules: str = "riichi",
    house: HouseRules | None = None,
    fmt: str = "jsonl",
    source: str | None = None,
) -> tuple[int, int]:
    """Score `chunk` natively and in Python; assert the same output; return how many lines
    the native core finished itself, and how many Python scored (the rest it reported)."""
    task = (chunk, rules, house, fmt, "score", source)
    monkeypatch.setenv("MJSCORE_NATIVE", "0")
    want = _score_chunk(task)
    monkeypatch.setenv("MJSCORE_NATIVE", "1")
    got = as_text(_score_chunk(task))
    if got != want:
        _explain(chunk, fmt, got, want)
    run = native.run_for(rules, house, fmt, "score")
    assert run is not None
    holes = sum(1 for part in run._parts(chunk, fmt, source) if not isinstance(part, bytes))
    return len(chunk) - holes, want[0]


def as_text(scored: tuple[int, int, Any, str]) -> tuple[int, int, str, str]:
    """A chunk's result with its records as text: the native core's UTF-8 bytes decoded
    (the same bytes on the output as the text encoded)."""
    a, b, rendered, errors = scored
    return a, b, rendered.decode("utf-8") if isinstance(rendered, bytes) else rendered, errors


def _explain(chunk: list[tuple[int, str]], fmt: str, got: Any, want: Any) -> None:
    """Fail naming the first line whose record differs."""
    assert got[:2] == want[:2], ("scored/failed", got[:2], want[:2])
    assert got[3] == want[3], ("stderr", got[3], want[3])
    sep = "\n" if fmt != "json" else ",\n  {"
    mine, theirs = got[2].split(sep), want[2].split(sep)
    for i, (a, b) in enumerate(zip(mine, theirs, strict=False)):
        if a != b:
            line = next((text for _, text in chunk if json.dumps(text)[1:-1] in b), "?")
            pytest.fail(f"record {i} differs ({fmt}) for line {line!r}:\nnative {a}\npython {b}")
    pytest.fail(f"{len(mine)} records against {len(theirs)}")


# -- corpora ------------------------------------------------------------------------------


def oracle_lines() -> list[str]:
    data = TESTS / "data" / "tenhou-houou.jsonl"
    return [json.loads(row)["line"] for row in data.read_text("utf-8").splitlines()]


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_oracle_is_scored_natively_and_the_same(monkeypatch, fmt):
    """The 1,405 real Tenhou wins: every one finished by the native core, every record the
    Python path's."""
    chunk = numbered(oracle_lines())
    assert len(chunk) == 1405
    assert both(monkeypatch, chunk, fmt=fmt, source=SOURCE) == (1405, 1405)


def _hand_file(path: Path) -> list[str]:
    return path.read_text("utf-8").splitlines()


def _imported_lines() -> list[str]:
    """The hand lines `mjscore import` writes for every game record under tests/data."""
    from mjscore.cli.records import import_command

    out = io.StringIO()
    import_command([str(TESTS / "data" / "logs")], out=out, err=io.StringIO(), quiet=True)
    return out.getvalue().splitlines()


def corpus_chunks() -> list[tuple[str, list[tuple[int, str]]]]:
    """(name, numbered lines) of every corpus, blank and comment lines kept out as the
    reader keeps them out."""
    from mjscore.core.notation import is_blank

    sources = {
        "examples/hands.txt": _hand_file(ROOT / "examples" / "hands.txt"),
        "examples/game.txt": _hand_file(ROOT / "examples" / "game.txt"),
        "mcr-examples": [
            json.loads(row)["line"]
            for row in (TESTS / "data" / "mcr-examples.jsonl").read_text("utf-8").splitlines()
        ],
        "tests/data/logs": _imported_lines(),
    }
    return [
        (name, [(n, text) for n, text in enumerate(lines, 1) if not is_blank(text)])
        for name, lines in sources.items()
    ]


CORPORA = corpus_chunks()


@pytest.mark.parametrize("rules", FAMILY)
@pytest.mark.parametrize("name", [name for name, _ in CORPORA])
def test_every_corpus_under_every_ruleset_of_the_family(monkeypatch, name, rules):
    chunk = dict(CORPORA)[name]
    for fmt in FORMATS:
        both(monkeypatch, chunk, rules=rules, fmt=fmt, source=SOURCE)


def test_the_corpora_are_mostly_native(monkeypatch):
    """Under riichi the wins of the game records and of the example game are finished
    natively; the drawn rounds (and the errors, and other families' lines) are Python's."""
    from mjscore.core.drawn import is_drawn_line

    for name in ("tests/data/logs", "examples/game.txt"):
        chunk = dict(CORPORA)[name]
        wins = [(n, text) for n, text in chunk if not is_drawn_line(text)]
        done, scored = both(monkeypatch, wins)
        assert done == scored, name


CASE_FILES = sorted((TESTS / "cases").glob("*.cases"))


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.name)
def test_every_case_file(monkeypatch, path):
    """Each case line under its runner settings: rules: after ' | ' is the run's ruleset
    (--rules), opt: after it the house rules (--opt) of the ruleset the line is scored
    under (its own rules: token's, else the run's)."""
    from mjscore.cli.lines import asked_rules

    cases = parse_cases(path)
    groups: dict[tuple[str, str, tuple[tuple[str, Any], ...]], list[tuple[int, str]]] = {}
    for case in cases:
        rules = case.rules or "riichi"
        options = tuple(sorted((case.options or {}).items()))
        key = (rules, asked_rules(case.hand, rules), options)
        groups.setdefault(key, []).append((case.line, case.hand))
    for (rules, target, options), chunk in groups.items():
        house = HouseRules(((load_ruleset(target).name, options),)) if options else None
        for fmt in FORMATS:
            both(monkeypatch, chunk, rules=rules, house=house, fmt=fmt)


# -- random lines of every ruleset under every option -----------------------------------------


def option_tokens(rng: random.Random, rules: str) -> list[tuple[str, str]]:
    """Some of a ruleset's options, each with a value it takes (or now and then not)."""
    out = []
    options = load_ruleset(rules).options
    for name in rng.sample(sorted(options), rng.randint(0, min(4, len(options)))):
        spec = options[name]
        if spec.kind == "bool":
            value = rng.choice(["on", "off"])
        elif spec.kind == "set":
            picked = rng.sample(list(spec.choices), rng.randint(0, len(spec.choices)))
            value = ",".join(picked) or "none"
        elif spec.choices:
            value = str(rng.choice(spec.choices))
        else:
            value = str(rng.randint(0, 8))
        if rng.random() < 0.03:
            value = "bogus"
        out.append((name, value))
    return out


def family_line(rng: random.Random, line: str, rules: str) -> str:
    """A generated riichi line made a line of `rules`: its flags, its table, its tokens."""
    ruleset = load_ruleset(rules)
    words = line.split()
    if not ruleset.params.dora:  # Arushal: no dora, ura or red fives
        words = [w for w in words if not w.startswith(("dora:", "ura:"))]
        words = [w.replace("0", "5") if not w.startswith(("honba", "sticks")) else w for w in words]
    if not ruleset.params.deposits:
        words = [w for w in words if not w.startswith("sticks:")]
    flags = sorted(ruleset.flags)
    if flags and rng.random() < 0.3:
        words.append(rng.choice(flags))
    words += [f"opt:{k}={v}" for k, v in option_tokens(rng, rules) if rng.random() < 0.5]
    if rng.random() < 0.5:
        words.append(f"rules:{rules}")
    return " ".join(words)


def _setting_of(rng: random.Random, rules: str) -> HouseRules | None:
    picked = option_tokens(rng, rules)
    if not picked or rng.random() < 0.5:
        return None
    return HouseRules(((load_ruleset(rules).name, tuple(picked)),))


def random_lines_check(rules: str, four: list, three: list, seed: int) -> None:
    """The generated hands as lines of `rules` with random options: the same bytes in every
    format, and every line Python scores finished by the core itself."""
    rng = random.Random(seed)
    players = load_ruleset(rules).params.players
    generated = three if players == 3 else four
    lines = [family_line(rng, hand.line, rules) for hand in generated]
    house = _setting_of(rng, rules)
    with pytest.MonkeyPatch.context() as monkeypatch:
        for fmt in FORMATS:
            done, scored = both(monkeypatch, numbered(lines), rules=rules, house=house, fmt=fmt)
            assert done == scored, (rules, house, lines)


RANDOM_LINES = (
    st.lists(hands(), min_size=3, max_size=8),
    st.lists(hands(three=True), min_size=3, max_size=8),
    st.integers(0, 2**32 - 1),
)


@pytest.mark.parametrize("rules", FAMILY)
@settings(
    max_examples=6,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(*RANDOM_LINES)
def test_random_lines_of_every_ruleset_and_option(rules, four, three, seed):
    random_lines_check(rules, four, three, seed)


@pytest.mark.slow
@pytest.mark.parametrize("rules", FAMILY)
@settings(
    max_examples=int(os.environ.get("MJSCORE_NATIVE_EXAMPLES", "100")),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(*RANDOM_LINES)
def test_many_random_lines_of_every_ruleset_and_option(rules, four, three, seed):
    """The long run of the test above (MJSCORE_NATIVE_EXAMPLES sets how many a ruleset)."""
    random_lines_check(rules, four, three, seed + 1)


def test_random_hands_are_mostly_native(monkeypatch):
    """Every generated riichi hand that scores is finished by the core, not handed back."""
    from strategies import sample_hands

    lines = [hand.line for hand in sample_hands(300)]
    done, scored = both(monkeypatch, numbered(lines))
    assert done == scored > 250  # the others have no yaku: Python says so


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(st.lists(st.integers(0, 2**32 - 1), min_size=5, max_size=20), st.sampled_from(FAMILY))
def test_lines_from_the_grammar(seeds, rules):
    """Lines of every token kind in every spelling (mostly errors): Python writes them."""
    lines = [notation_line(random.Random(seed)).text for seed in seeds]
    with pytest.MonkeyPatch.context() as monkeypatch:
        both(monkeypatch, numbered(lines), rules=rules, fmt="jsonl", source=SOURCE)


# -- hostile input ---------------------------------------------------------------------------


@pytest.mark.slow
@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(st.lists(mutated(), min_size=1, max_size=12))
def test_hostile_and_fuzzed_lines(lines):
    """test_hostile's mutated lines (odd digits, controls, separators, repeats)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        for fmt in FORMATS:
            both(monkeypatch, numbered(lines), fmt=fmt, source=SOURCE)


HOSTILE = [
    "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s # \x1b[31mred\u2028 \x85\ufeff",
    "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s #",
    "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s #  a\tb  ",
    "234m406p22s56s\x1cchi:678s\x1dron:4s=\x1eround:E\x1fseat:S",
    "234m406p22s56s chi:678s ron:4s= \x00",
    "234m406p22s56s chi:678s ron:4s= honba:0000",
    "234m406p22s56s chi:678s ron:4s= honba:00001",
    "２３４m406p22s56s chi:678s ron:4s=",
    "234m406p22s56s chi:678s ron:4s= round:東",
    "draw:exhaustive tenpai:E",
    "DRAW:exhaustive",
    "9" * 10_001 + "m ron:1m",
    "123m456p789s1122z ron:2z " + "riichi " * 2000,
    "234m406p22s56s chi:678s ron:4s= / E: 123m",
    "\ud800 234m406p22s56s chi:678s ron:4s=",
]


@pytest.mark.parametrize("fmt", FORMATS)
def test_hostile_lines(monkeypatch, fmt):
    both(monkeypatch, numbered(HOSTILE), fmt=fmt, source="a\x1bb\u2028.txt")


# -- the boundary ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", FAMILY)
def test_every_ruleset_of_the_family_is_native(rules):
    """Each ruleset's setting is taken by the core, under its defaults and under options
    (a setting the core refused would leave its lines to Python unnoticed)."""
    from mjscore.engine.setting import _resolved

    rng = random.Random(rules)
    core = native.NativeRun(rules, None).core
    for n in range(30):
        options = tuple(sorted((k, v) for k, v in option_tokens(rng, rules) if v != "bogus"))
        ruleset, values, shown = _resolved(rules, (), None, options if n else (), None)
        assert core.add_setting(None, [], native.payload(ruleset, values, shown)) is True
    assert core.add_setting(None, [], None) is False  # a setting whose lines are Python's


def test_other_families_stay_python():
    for rules in ("european", "mcr"):
        from mjscore.engine.setting import _resolved

        ruleset, values, shown = _resolved(rules, (), None, (), None)
        assert native.payload(ruleset, values, shown) is None


def test_a_panic_is_that_line_internal_error(monkeypatch):
    """A panic in the core becomes that line's internal-error record, the lines around it
    are scored, and nothing is printed by Rust."""
    monkeypatch.setenv("MJSCORE_NATIVE", "1")  # the suite also runs with the core off
    lines = oracle_lines()[:3]
    run = native.run_for("riichi", None, "jsonl", "score")
    assert run is not None
    run.core.panic_on(lines[1])
    try:
        task = (numbered(lines), "riichi", None, "jsonl", "score", None)
        scored, failed, text, errors = as_text(_score_chunk(task))
    finally:
        run.core.panic_on(None)
    records = [json.loads(r) for r in text.splitlines()]
    assert (scored, failed) == (2, 1)
    assert [r["ok"] for r in records] == [True, False, True]
    error = records[1]["error"]
    assert error["kind"] == "internal" and "native core" in error["message"]
    assert errors.startswith("line 2: internal error: native core:")


def test_off_means_python(monkeypatch):
    monkeypatch.setenv("MJSCORE_NATIVE", "0")
    assert native.run_for("riichi", None, "jsonl", "score") is None
    assert native.core_words() == "Python core: MJSCORE_NATIVE=0"
    monkeypatch.setenv("MJSCORE_NATIVE", "1")
    assert native.core_words() == "native core"
    assert native.run_for("riichi", None, "rich", "score") is None
    assert native.run_for("riichi", None, "jsonl", "waits") is None


# -- the command line: the same bytes, and the same with or without typer ---------------------


def mj(
    *args: str, env: dict[str, str] | None = None, entry: str = "-m"
) -> subprocess.CompletedProcess:
    """Run mjscore: `python -m mjscore` (the lean entry first), or typer's entry alone."""
    full = {k: v for k, v in os.environ.items() if k not in ("MJSCORE_DEBUG", "COLUMNS")}
    full.update(env or {})
    if entry == "-m":
        cmd = [sys.executable, "-m", "mjscore", *args]
    else:
        code = "import sys; from mjscore.cli.commands import main; main()"
        cmd = [sys.executable, "-c", code, *args]
    return subprocess.run(cmd, capture_output=True, cwd=ROOT, env=full, timeout=300)


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_command_line_is_the_same_with_and_without_the_core(tmp_path, fmt, jobs):
    hands = tmp_path / "hands.txt"
    lines = oracle_lines() + HOSTILE[:5] + [text for _, text in dict(CORPORA)["tests/data/logs"]]
    hands.write_text("\n".join(lines * 2) + "\n", encoding="utf-8", errors="surrogatepass")
    args = ("score", "--file", str(hands), "--format", fmt, "--jobs", jobs)
    on, off = mj(*args), mj(*args, env={"MJSCORE_NATIVE": "0"})
    assert (on.returncode, on.stdout, on.stderr) == (off.returncode, off.stdout, off.stderr)


def test_automatic_jobs_is_one_process_with_the_native_core():
    """A native line costs less than its trip to a worker and back: --jobs 0 (automatic)
    scores a riichi file in one process; --jobs N still asks for N."""
    from mjscore.cli.parallel import PARALLEL_MIN_LINES, workers_for

    assert workers_for(100_000, "jsonl", 0, native=True) == 1
    assert workers_for(100_000, "jsonl", 2, native=True) == 2
    assert workers_for(PARALLEL_MIN_LINES, "jsonl", 0, native=False) >= 1
    run = native.NativeRun("riichi", None)
    assert run.scores_the_run() is True
    assert native.NativeRun("european", None).scores_the_run() is False
