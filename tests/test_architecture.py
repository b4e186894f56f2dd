"""The import graph: no circle, and each layer imports only the layers under it.

Every import counts, at module level or inside a function (a lazy import is still an
arrow), and so does `import_module("...")` of a constant name; imports under
`if TYPE_CHECKING:` do not, as they never run. The layers, bottom up: base (imports
nothing of mjscore); the core (base, core, yaku, scoring, european, mcr, rulesets),
which scores and knows neither the face (the command line, the reporters, typer, rich)
nor the analysis nor the record readers; the analysis, which uses the core but not the
face; then records, report and cli.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "mjscore"

CORE = (
    "mjscore.base",
    "mjscore.core",
    "mjscore.yaku",
    "mjscore.scoring",
    "mjscore.european",
    "mjscore.mcr",
    "mjscore.rulesets",
)
NOT_FOR_THE_CORE = (
    "mjscore.cli",
    "mjscore.report",
    "mjscore.analysis",
    "mjscore.records",
    "typer",
    "rich",
    "click",
)
NOT_FOR_THE_ANALYSIS = (
    "mjscore.cli",
    "mjscore.report",
    "mjscore.records",
    "typer",
    "rich",
    "click",
)

# No arrow is let through: an exception would be named here, with the reason it exists.
ALLOWED_BACK_EDGES: set[tuple[str, str]] = set()


# -- the graph ------------------------------------------------------------------------------


def modules_of(root: Path) -> dict[str, tuple[Path, bool]]:
    """Every module of the package at `root`: dotted name -> (file, is a package)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        out[".".join(parts)] = (path, is_package)
    return out


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The dotted name a relative import (`level` dots, then `name`) means in `module`."""
    if not level:
        return name or ""
    base = module.split(".")
    if not is_package:
        base.pop()
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of the tree but those under `if TYPE_CHECKING:` (its `else` is kept)."""
    out: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return out


def imports_of(module: str, path: Path, is_package: bool, known: set[str]) -> set[str]:
    """What `module` imports when it runs: modules of the package by their own name (a
    name imported from a package is that package's submodule when there is one), other
    packages by their top-level name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names: set[str] = set()
    for node in _runtime_nodes(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, is_package, node.level, node.module)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                names.add(sub if sub in known else base)
        elif isinstance(node, ast.Call) and _called(node) == "import_module" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                text = first.value
                dots = len(text) - len(text.lstrip("."))
                names.add(_absolute(module, is_package, dots, text[dots:] or None))
    return {_owner(name, known) for name in names if name} - {module}


def _called(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _owner(name: str, known: set[str]) -> str:
    """A package module by its name; anything else by its top-level package (`rich`)."""
    return name if name in known else name.split(".")[0]


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    modules = modules_of(root)
    known = set(modules)
    return {
        name: imports_of(name, path, is_package, known)
        for name, (path, is_package) in modules.items()
    }


def circles(
    graph: dict[str, set[str]], allowed: set[tuple[str, str]] = frozenset()
) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), over the
    arrows between the graph's own modules, less the `allowed` ones."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in graph or (v, w) in allowed:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph) + 100))
    try:
        for v in sorted(graph):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return found


def _within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def arrows_into(
    graph: dict[str, set[str]], sources: tuple[str, ...], targets: tuple[str, ...]
) -> list[str]:
    """`a -> b` for every import from a module under `sources` of one under `targets`."""
    return [
        f"{a} -> {b}"
        for a in sorted(graph)
        if _within(a, sources)
        for b in sorted(graph[a])
        if _within(b, targets)
    ]


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph()


# -- the package ----------------------------------------------------------------------------


def test_the_import_graph_has_no_circle(graph):
    found = circles(graph, ALLOWED_BACK_EDGES)
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_every_allowed_back_edge_still_exists(graph):
    """An exception that no longer holds is removed: the check is then exact."""
    stale = [f"{a} -> {b}" for a, b in ALLOWED_BACK_EDGES if b not in graph.get(a, ())]
    assert not stale, f"remove from ALLOWED_BACK_EDGES: {stale}"


def test_base_imports_nothing_of_the_project(graph):
    assert arrows_into(graph, ("mjscore.base",), ("mjscore",)) == []


def test_the_core_imports_neither_the_face_nor_the_analysis(graph):
    assert arrows_into(graph, CORE, NOT_FOR_THE_CORE) == []


def test_the_core_does_not_import_the_package_face(graph):
    """`mjscore` itself (score, waits, shanten) is the library's face, above the core."""
    assert [a for a in sorted(graph) if _within(a, CORE) and "mjscore" in graph[a]] == []


def test_the_ledger_imports_only_the_core(graph):
    """`mjscore.game` is a library value: the ledger reads lines and rulesets, never the
    face, the record readers or the analysis (records/games.py imports it, not back)."""
    assert arrows_into(graph, ("mjscore.ledger",), NOT_FOR_THE_CORE) == []
    assert arrows_into(graph, CORE, ("mjscore.ledger",)) == []


def test_the_analysis_imports_neither_the_face_nor_the_records(graph):
    assert arrows_into(graph, ("mjscore.analysis",), NOT_FOR_THE_ANALYSIS) == []


def test_scoring_a_hand_loads_no_face():
    """The library call loads neither the command line nor the reporters (nor typer and
    rich), and a win does not load the waits analysis: its hint is only for a non-win."""
    code = (
        "import sys, mjscore\n"
        "r = mjscore.score('123m456p789s11z22z ron:2z')\n"
        "assert r.ok, r.error\n"
        "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('typer', 'rich', 'click') or m.startswith(('mjscore.cli', 'mjscore.report', "
        "'mjscore.analysis.')))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.split() == []


# -- the not-a-win hint: the engine scores, the callers say what the hand waits on --------


NOT_A_WIN = "123m456p789s1123z ron:5z"
HINT = "without ron:5z, it is 1-shanten"


def test_the_engine_gives_no_hint_and_every_caller_adds_it():
    from types import SimpleNamespace

    import mjscore
    from mjscore.cli.lines import score_one
    from mjscore.core.engine import score_line
    from mjscore.records.check import check_win

    bare = score_line(NOT_A_WIN)
    assert bare.error.kind == "not_a_win" and "shanten" not in bare.error.message
    for result in (
        mjscore.score(NOT_A_WIN),
        score_one(NOT_A_WIN, "riichi", None, 1),
        check_win(SimpleNamespace(line=NOT_A_WIN, record=None)).result,
    ):
        assert result.error.kind == "not_a_win"
        assert (
            result.error.message == f"{bare.error.message}; {HINT}, not ready "
            "(`mjscore waits` lists the tiles that help)"
        )


def test_a_line_without_a_win_token_is_not_a_win_with_its_waits():
    import mjscore
    from mjscore.core.engine import NO_WIN_TOKEN, score_line

    assert score_line("123m456p789s1122z").error.message == NO_WIN_TOKEN
    assert mjscore.score("123m456p789s1122z").error.message == (
        f"{NO_WIN_TOKEN}; it waits on 1z 2z (`mjscore waits` gives each win's value)"
    )
    assert mjscore.score("11111m456p789s112z").error.message == (  # no hint: a fifth 1m
        f"{NO_WIN_TOKEN}; see `mjscore waits`"
    )


# -- the checker itself, on a package made for it --------------------------------------------


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "pkg"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_checker_sees_lazy_imports_submodules_and_import_module(tmp_path):
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "low/__init__.py": "",
            "low/a.py": "def f():\n    from ..high import b\n",  # a function's import: an arrow
            "high/__init__.py": "",
            "high/b.py": "from importlib import import_module\nimport_module('pkg.low.c')\n",
            "low/c.py": "from . import a\n",
        },
    )
    graph = import_graph(root)
    assert graph["pkg.low.a"] == {"pkg.high.b"}  # `from pkg.high import b`: the submodule
    assert graph["pkg.high.b"] == {"importlib", "pkg.low.c"}
    assert circles(graph) == [["pkg.high.b", "pkg.low.a", "pkg.low.c"]]
    assert circles(graph, {("pkg.low.c", "pkg.low.a")}) == []


def test_the_checker_skips_type_checking_blocks_only(tmp_path):
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from .b import B\nelse:\n    import rich\n"
            ),
            "b.py": (
                "import typing\nif typing.TYPE_CHECKING:\n    from . import a\nfrom .a import x\n"
            ),
        },
    )
    graph = import_graph(root)
    assert graph["pkg.a"] == {"typing", "rich"}
    assert graph["pkg.b"] == {"typing", "pkg.a"}
    assert circles(graph) == []
    assert arrows_into(graph, ("pkg.a",), ("rich",)) == ["pkg.a -> rich"]
