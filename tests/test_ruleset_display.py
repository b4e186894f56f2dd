"""Display data lives in the ruleset files: the Japanese title, whose spellings of the yaku
the Japanese report uses, which platform's records a ruleset scores; inherited through
`extends` (but `records_of`). So no code outside mjscore/rulesets/ names a ruleset, but the
one default (rulesets.DEFAULT_RULESET), and a club's ruleset that only extends another is
reported as that one is.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from cli_helpers import run

import mjscore
from mjscore.engine import catalog
from mjscore.records.rules import GameRules
from mjscore.report import words_ja
from mjscore.rulesets import DEFAULT_RULESET, RULES_PATH_VAR, YAKU_SPELLINGS, ruleset_names

PACKAGE = Path(mjscore.__file__).parent

# South's triplet of South (round East): the seat wind, which Tenhou spells 自風 南
# (tenhou.net/6's yaku table) and riichi.toml names 自風牌.
SEAT_WIND = "123m456p789s22z33s ron:2z+ round:E seat:S"


@pytest.fixture
def club(monkeypatch, tmp_path):
    """A club's own ruleset, `extends = "tenhou"` and nothing else of display."""
    (tmp_path / "ourclub.toml").write_text(
        'extends = "tenhou"\ntitle = "Our club · Tenhou rules"\n', encoding="utf-8"
    )
    monkeypatch.setenv(RULES_PATH_VAR, str(tmp_path))
    catalog.load_ruleset.cache_clear()
    yield "ourclub"
    catalog.load_ruleset.cache_clear()


def _japanese(rules: str, capsys, *tokens: str) -> str:
    code, out, err = run(
        "--lang", "ja", "--no-tiles", "score", "--rules", rules, *tokens, capsys=capsys
    )
    assert code == 0, err
    return out


def test_a_club_ruleset_that_extends_tenhou_reports_in_japanese_as_tenhou_does(club, capsys):
    ours = _japanese(club, capsys, *SEAT_WIND.split())
    tenhou = _japanese("tenhou", capsys, *SEAT_WIND.split())
    assert ours == tenhou
    assert "自風 南" in ours and "天鳳 · tenhou.net 段位戦ルール" in ours


def test_the_yaku_listing_of_a_club_ruleset_is_tenhou_s(club, capsys):
    def listing(rules: str) -> str:
        code, out, err = run("--lang", "ja", "yaku", "--rules", rules, capsys=capsys)
        assert code == 0, err
        return out

    assert listing(club) == listing("tenhou")


def test_display_keys_are_inherited_and_records_of_is_not():
    tenhou, sanma = mjscore.load_ruleset("tenhou"), mjscore.load_ruleset("sanma")
    mleague = mjscore.load_ruleset("mleague")
    assert mleague.yaku_spellings == "tenhou"  # riichi's, inherited
    assert mjscore.load_ruleset("mahjongsoul-sanma").yaku_spellings == "mahjongsoul"
    assert mjscore.load_ruleset("webtile").yaku_spellings == "own"
    assert (tenhou.records_of, sanma.records_of, mleague.records_of) == ("tenhou", "tenhou", "")


def test_every_ruleset_has_a_japanese_title_and_known_spellings():
    for name in ruleset_names():
        ruleset = mjscore.load_ruleset(name)
        assert ruleset.title_ja, name
        assert ruleset.yaku_spellings in YAKU_SPELLINGS
    assert set(words_ja.SPELLINGS) == set(YAKU_SPELLINGS) - {"own"}


def test_the_records_of_a_platform_are_held_against_its_ruleset():
    """Tenhou's four- and three-player games, Mahjong Soul's (as `records_of` says)."""
    assert [
        GameRules({}, players=n, platform=p).ruleset
        for p in ("tenhou", "mahjongsoul")
        for n in (4, 3)
    ] == ["tenhou", "sanma", "mahjongsoul", "mahjongsoul-sanma"]


# -- no ruleset name in the code --------------------------------------------------------------

# Names that are words of other vocabularies too: flags (riichi, tenhou), platforms
# (tenhou, mahjongsoul), a liability rule (arushal). They count where they name a ruleset:
# compared with a ruleset's name, passed as `rules=`, or loaded.
_AMBIGUOUS = {"riichi", "tenhou", "mahjongsoul", "arushal"}
_RULESET_WORDS = ("rules", "ruleset", "ruleset_name")


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _names_a_ruleset(node: ast.AST) -> bool:
    """A variable or attribute that holds a ruleset or its name (`r.rules`, `ruleset.name`)."""
    if isinstance(node, ast.Name):
        return node.id in _RULESET_WORDS
    if isinstance(node, ast.Attribute):
        return node.attr in ("rules", "ruleset") or (
            node.attr == "name" and "ruleset" in ast.unparse(node.value)
        )
    return False


def ruleset_names_in(path: Path, names: set[str]) -> list[str]:
    """`file:line: name` for every place a module names a ruleset in code."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    plain = names - _AMBIGUOUS
    found = []
    for node in ast.walk(tree):
        hits: list[ast.Constant] = []
        if isinstance(node, ast.Constant) and id(node) not in skip and node.value in plain:
            hits.append(node)
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_names_a_ruleset(s) for s in sides):
                hits += [s for s in sides if isinstance(s, ast.Constant) and s.value in names]
        if isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg in _RULESET_WORDS and isinstance(kw.value, ast.Constant):
                    hits += [kw.value] if kw.value.value in names else []
            func = ast.unparse(node.func)
            if func.endswith(("load_ruleset", "read_ruleset")):
                hits += [a for a in node.args if isinstance(a, ast.Constant) and a.value in names]
        found += [f"{path.name}:{h.lineno}: {h.value}" for h in hits]
    return sorted(set(found))


def test_no_code_outside_the_rulesets_names_a_ruleset():
    names = set(ruleset_names())
    assert DEFAULT_RULESET in names
    found = [
        f"{path.relative_to(PACKAGE)}: {hit}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if "rulesets" not in path.relative_to(PACKAGE).parts
        # the rulesets' own settings, written from them by a generator a test holds to them
        and path.name != "native_settings.py"
        for hit in ruleset_names_in(path, names - {DEFAULT_RULESET})
    ]
    assert found == []


def test_the_scan_finds_a_ruleset_name_where_code_tests_it(tmp_path):
    code = (
        '"""Docstrings may say mcr."""\n'
        'def f(r):\n    """Or sanma."""\n'
        '    if r.rules == "tenhou":\n        return load_ruleset("kansai-boo")\n'
        '    if "tenhou" in r.flags:\n        return score(x, rules="mahjongsoul")\n'
        '    return {"european": 1}\n'
    )
    path = tmp_path / "probe.py"
    path.write_text(code, encoding="utf-8")
    assert sorted(h.split(": ")[1] for h in ruleset_names_in(path, set(ruleset_names()))) == [
        "european",
        "kansai-boo",
        "mahjongsoul",
        "tenhou",
    ]
