"""The import graph: floors that stack, and no circle.

The package is built in floors (docs: shared DESIGN.md, "Floors that stack"); each
package imports only packages of the floors below it, and a package of its own floor only
where SIDEWAYS names the pair. Every import counts: at module level or inside a function
(a lazy import is still an arrow), `import_module("...")` of a constant name, and an
import under `if TYPE_CHECKING:` too (a type names the floor it comes from). Bottom up:

    base, schemas, docs   tiles, values, errors, suggestions; the shipped data files
    rulesets, mcr         the ruleset files and their typed reader (plain data); the fan engine
    core                  the vocabulary: hand, notation, decomposition, facts, result
    yaku, european        the predicates and their registry
    scoring               the schemes, payments, liability, settlement, the payment tables
    engine                the catalog (a ruleset checked against the registries), the
                          setting, the validation, the loop
    analysis, ledger      waits and shanten; a whole game
    records               the record readers
    stats                 an archive's figures, counted from the readers and the ledger
    report                the reporters (words per language)
    cli, mjscore          the command line and the library's face (mjscore/__init__.py)
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "mjscore"

FLOORS: tuple[tuple[str, ...], ...] = (
    ("base", "schemas", "docs"),
    ("rulesets", "mcr"),
    ("core",),
    ("yaku", "european"),
    ("scoring",),
    ("engine",),
    ("analysis", "ledger"),
    ("records",),
    ("stats",),
    ("report",),
    ("cli", "", "__main__"),  # "": mjscore itself, the library's face
)
# Arrows between two packages of one floor, each with its reason.
SIDEWAYS: dict[tuple[str, str], str] = {
    ("european", "yaku"): "the European rows, doubles and special hands register in the "
    "one pattern registry and share its shape predicates",
    ("cli", ""): "the command line is a client of the library's face",
    ("__main__", "cli"): "python -m mjscore runs the command line",
}
FACE = ("typer", "rich", "click")  # only cli and report may import these

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


def _nodes(tree: ast.AST, types: bool = True) -> list[ast.AST]:
    """Every node of the tree; without `types`, but those under `if TYPE_CHECKING:` (its
    `else` is kept)."""
    out: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        if not types and isinstance(node, ast.If) and _is_type_checking(node.test):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return out


def imports_of(
    module: str, path: Path, is_package: bool, known: set[str], types: bool = True
) -> set[str]:
    """What `module` imports (with `types`, for type checking too): modules of the package
    by their own name (a name imported from a package is that package's submodule when
    there is one), other packages by their top-level name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names: set[str] = set()
    for node in _nodes(tree, types):
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


def import_graph(root: Path = PACKAGE, types: bool = True) -> dict[str, set[str]]:
    modules = modules_of(root)
    known = set(modules)
    return {
        name: imports_of(name, path, is_package, known, types)
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


def package_of(module: str, top: str = "mjscore") -> str | None:
    """The package of the floors a module belongs to ("" for the top package itself), or
    None for a module outside it (the standard library, typer)."""
    if module == top:
        return ""
    if not module.startswith(top + "."):
        return None
    return module.split(".")[1]


def floor_of(package: str, floors: tuple[tuple[str, ...], ...] = FLOORS) -> int:
    for height, names in enumerate(floors):
        if package in names:
            return height
    raise AssertionError(f"package {package!r} is on no floor: add it to FLOORS")


def upward_arrows(
    graph: dict[str, set[str]],
    floors: tuple[tuple[str, ...], ...] = FLOORS,
    sideways: dict[tuple[str, str], str] | None = None,
    top: str = "mjscore",
) -> list[str]:
    """`a -> b` for every import of a package above a's floor, or of its own floor that
    `sideways` does not name."""
    sideways = SIDEWAYS if sideways is None else sideways
    out = []
    for a in sorted(graph):
        pa = package_of(a, top)
        if pa is None:
            continue
        for b in sorted(graph[a]):
            pb = package_of(b, top)
            if pb is None or pb == pa:
                continue
            fa, fb = floor_of(pa, floors), floor_of(pb, floors)
            if fb > fa or (fb == fa and (pa, pb) not in sideways):
                out.append(f"{a} -> {b}")
    return out


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


def test_every_package_stands_on_a_floor(graph):
    packages = {package_of(m) for m in graph} - {None}
    for package in sorted(packages):
        floor_of(package)
    assert not [p for floor in FLOORS for p in floor if p not in packages], (
        "a floor names a package that is not there"
    )


def test_each_package_imports_only_the_floors_below(graph):
    assert upward_arrows(graph) == []


def test_every_sideways_arrow_still_exists(graph):
    """An exception that no longer holds is removed: the check is then exact."""
    used = {
        (package_of(a), package_of(b)) for a in graph for b in graph[a] if package_of(b) is not None
    }
    assert [pair for pair in SIDEWAYS if pair not in used] == []


def test_the_import_graph_has_no_circle(graph):
    found = circles(graph, ALLOWED_BACK_EDGES)
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_every_allowed_back_edge_still_exists(graph):
    stale = [f"{a} -> {b}" for a, b in ALLOWED_BACK_EDGES if b not in graph.get(a, ())]
    assert not stale, f"remove from ALLOWED_BACK_EDGES: {stale}"


def test_base_imports_nothing_of_the_project_but_base(graph):
    base = tuple(f"mjscore.{p}" for p in FLOORS[0])
    assert [
        arrow
        for arrow in arrows_into(graph, base, ("mjscore",))
        if not _within(arrow.split(" -> ")[1], ("mjscore.base",))
    ] == []


def test_only_the_face_imports_typer_and_rich(graph):
    """The core is a plain library: typer and rich are for the command line and the
    reporters alone."""
    allowed = ("mjscore.cli", "mjscore.report")
    assert [
        arrow
        for arrow in arrows_into(graph, ("mjscore",), FACE)
        if not _within(arrow.split(" -> ")[0], allowed)
    ] == []


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
    from mjscore.engine.loop import score_line
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
    from mjscore.engine.loop import NO_WIN_TOKEN, score_line

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
    graph = import_graph(root, types=False)
    assert graph["pkg.a"] == {"typing", "rich"}
    assert graph["pkg.b"] == {"typing", "pkg.a"}
    assert circles(graph) == []
    assert arrows_into(graph, ("pkg.a",), ("rich",)) == ["pkg.a -> rich"]
    typed = import_graph(root)  # a type names its floor: the arrow counts
    assert typed["pkg.a"] == {"typing", "pkg.b", "rich"}
    assert circles(typed) == [["pkg.a", "pkg.b"]]


def test_the_checker_finds_an_arrow_upwards_or_sideways(tmp_path):
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "low/__init__.py": "",
            "low/a.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..high.b import B\n"
            ),
            "mid/__init__.py": "from ..low import a\nfrom ..side import c\n",
            "side/__init__.py": "",
            "side/c.py": "",
            "high/__init__.py": "",
            "high/b.py": "from ..mid import x\n",
        },
    )
    graph = import_graph(root)
    floors = (("low",), ("mid", "side"), ("high", ""))
    assert upward_arrows(graph, floors, {}, top="pkg") == [
        "pkg.low.a -> pkg.high.b",
        "pkg.mid -> pkg.side.c",
    ]
    assert upward_arrows(graph, floors, {("mid", "side"): "why"}, top="pkg") == [
        "pkg.low.a -> pkg.high.b"
    ]
