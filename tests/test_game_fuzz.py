"""Mutated games through the ledger and its report (issue 29): no input stops the run.

The seeds are real games as `mjscore import` writes them (four players and three, two
platforms) and the hand-typed night of examples/; each mutation drops, repeats or swaps
lines, changes a token's value, mixes in another ruleset's `rules:`, or puts odd
characters (line separators, bidi, controls) into a line. Whatever comes out, the
ledger gives games, never an exception; each round's parts add up to its changes and
its changes to its scores; the report stays within 40 columns and escapes what it
prints; the records fit the schema. Seeded, so a failure repeats; the long run is slow.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from mjscore.cli.records import import_command
from mjscore.ledger import games
from mjscore.report.game import cells, records, text

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "tests" / "data" / "logs"
SEEDS = (
    LOGS / "mjlog" / "2010091009gm-00a9-0000-83af2648_tw_2.mjlog",
    LOGS / "mjlog" / "double-ron.mjlog",
    LOGS / "sanma" / "dnovikoff__sanma2.mjlog",
    LOGS / "sanma" / "hidacow__chankan.json",
    LOGS / "fastmaj" / "2009082713gm-00e1-0000-8820f355&tw=3.mjlog",
)
RULESETS = ("riichi", "tenhou", "sanma", "mahjongsoul", "mahjongsoul-sanma", "mcr", "nope", "")
ODD = ("\u2028", "\x0c", "\x1b[2J", "\u202e", "\x85", "\x00", "#", " # g E1-0", "%", "\ufffd")
VALUES = ("0", "1", "-1", "99999", "E", "N", "x", "", "E,S,W,N", "1z", "5-10")


def _lines() -> list[str]:
    out = []
    for path in SEEDS:
        buf = io.StringIO()
        import_command([str(path)], out=buf, err=io.StringIO())
        out += buf.getvalue().splitlines()
    return out + (ROOT / "examples" / "night.txt").read_text("utf-8").splitlines()


BASE = _lines()


def _mutate(rng: random.Random, lines: list[str]) -> list[str]:
    lines = list(lines)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(7)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif kind == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3:  # a token's value changed
            words = lines[i].split(" ")
            k = rng.randrange(len(words))
            key = words[k].partition(":")[0]
            words[k] = f"{key}:{rng.choice(VALUES)}" if ":" in words[k] else rng.choice(VALUES)
            lines[i] = " ".join(words)
        elif kind == 4:  # another ruleset
            lines[i] = f"{lines[i].partition('#')[0]} rules:{rng.choice(RULESETS)}"
        elif kind == 5:  # odd characters anywhere
            at = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:at] + rng.choice(ODD) + lines[i][at:]
        else:  # a game line's keys
            lines.insert(
                i,
                f"# game g{rng.randrange(9)} players:{rng.choice(VALUES)} "
                f"length:{rng.choice(('east', 'south', 'x'))} rules:{rng.choice(RULESETS)}",
            )
        if not lines:
            lines = [rng.choice(BASE)]
    return lines


def _follow(lines: list[str]) -> None:
    found = list(games(lines, rules="riichi"))
    for g in found:
        for r in g.rounds:
            by_player = [0] * len(g.players)
            for part in r.parts:
                by_player[part.player] += part.amount
            assert by_player == list(r.changes), r
        before = g.start
        for r in g.rounds:
            assert [a + c for a, c in zip(before, r.changes, strict=True)] == list(r.scores)
            before = r.scores
        assert len(g.final) == len(g.result) == len(g.players) == len(g.placement)
    report = text(found, 40)
    assert "\x1b" not in report and "\u202e" not in report and "\u2028" not in report
    # within 40 columns, but for a name or a token longer than that alone on its line
    # (never cut: a user may have to type it)
    wide = [x for x in report.splitlines() if cells(x) > 40 and " " in x.strip()]
    assert wide == [], report
    for rec in records(found):
        json.dumps(rec)


@pytest.mark.parametrize("seed", range(60))
def test_mutated_games_never_stop_the_run(seed):
    rng = random.Random(seed)
    _follow(_mutate(rng, BASE))


def test_the_records_of_mutated_games_fit_the_schema():
    import jsonschema

    from mjscore.schemas import game_schema

    validator = jsonschema.Draft202012Validator(game_schema())
    for seed in range(20):
        found = list(games(_mutate(random.Random(1000 + seed), BASE)))
        for rec in records(found):
            validator.validate(json.loads(json.dumps(rec)))


@pytest.mark.slow
def test_many_mutated_games_never_stop_the_run():
    rng = random.Random(29)
    for _ in range(1500):
        _follow(_mutate(rng, BASE))
