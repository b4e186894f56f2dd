"""The docstring examples are tests: every module of the package whose docstrings hold
`>>>` examples runs them (from the repository's root, where the examples' files are)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "mjscore"


def _modules() -> list[str]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if ">>>" in path.read_text(encoding="utf-8"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out.append(".".join(parts))
    return out


MODULES = _modules()


def test_there_are_examples():
    assert "mjscore" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_of(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    module = importlib.import_module(name)
    failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert tried, f"{name}: no example ran"
    assert failed == 0, f"{name}: {failed} of {tried} examples failed (see the output above)"
