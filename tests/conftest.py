"""Shared fixtures."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mjscore import rulesets


@pytest.fixture
def ruleset_dir(monkeypatch, tmp_path) -> Path:
    """A copy of the shipped ruleset files that the loader reads instead of the package's:
    edit or add files in it, then load them by name."""
    for f in Path(rulesets.HERE).glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    monkeypatch.setattr(rulesets, "HERE", str(tmp_path))
    rulesets.load_ruleset.cache_clear()
    yield tmp_path
    rulesets.load_ruleset.cache_clear()
