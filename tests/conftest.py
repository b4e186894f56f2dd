"""Shared fixtures."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mjscore import rulesets
from mjscore.engine import catalog


@pytest.fixture
def ruleset_dir(monkeypatch, tmp_path) -> Path:
    """A copy of the shipped ruleset files that the loader reads instead of the package's:
    edit or add files in it, then load them by name."""
    for f in Path(rulesets.HERE).glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    monkeypatch.setattr(rulesets, "HERE", str(tmp_path))
    catalog.load_ruleset.cache_clear()
    yield tmp_path
    catalog.load_ruleset.cache_clear()


@pytest.fixture(autouse=True)
def no_user_config(monkeypatch, tmp_path_factory) -> None:
    """No test reads (or writes) the real ~/.config: the config file is looked up in an empty
    directory unless a test sets MJSCORE_CONFIG or passes --config."""
    monkeypatch.delenv("MJSCORE_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("xdg-config")))


@pytest.fixture(autouse=True)
def own_settings():
    """A run sets the language and the display settings (`--lang`, `--tiles`); each test
    gets them back as they were, so that a Japanese run never leaks into the next test."""
    from mjscore.report.settings import settings

    saved = dict(settings)
    yield
    settings.clear()
    settings.update(saved)
