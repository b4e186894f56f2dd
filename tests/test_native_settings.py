"""The prepared settings (mjscore/cli/native_settings.py) are the Python path's own.

A file run of a shipped ruleset sends the native core its setting from that file, made
beforehand by tests/tools/native_settings.py from `cli.native.payload` (docs/native.md).
A ruleset file, a yaku or a record's words changed without writing it again would give
that run another setting than the Python path's: this test regenerates it and fails until
the shipped file is the one generated.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mjscore.cli import native
from mjscore.cli.native_settings import SETTINGS
from mjscore.rulesets import HERE, _toml_names

TOOL = Path(__file__).parent / "tools" / "native_settings.py"
sys.path.insert(0, str(TOOL.parent))

from native_settings import COMMAND, TARGET, settings, source  # noqa: E402


@pytest.fixture(autouse=True)
def shipped_files_only(monkeypatch):
    monkeypatch.delenv("MJSCORE_RULES_PATH", raising=False)


def test_the_shipped_file_is_the_one_the_generator_writes():
    if TARGET.read_text("utf-8") != source():
        pytest.fail(f"{TARGET.name} is out of date: run `{COMMAND}` and commit what it writes")


def test_it_holds_every_shipped_ruleset_as_the_python_path_resolves_it():
    assert sorted(SETTINGS) == sorted(_toml_names(HERE))
    assert settings() == SETTINGS
    assert {name for name, setting in SETTINGS.items() if setting is None} == {"european", "mcr"}


@pytest.mark.skipif(not native.available(), reason="the native core is not built")
@pytest.mark.parametrize("name", sorted(n for n, s in SETTINGS.items() if s is not None))
def test_the_core_takes_every_prepared_setting(name):
    """A setting the core refused would leave its lines to Python unnoticed."""
    core = native.NativeRun(name, None).core
    assert core.add_setting(None, [], SETTINGS[name]) is True


def test_a_ruleset_file_changed_without_writing_it_again_fails(ruleset_dir):
    """What the check above catches: a yaku's name edited in riichi.toml changes the
    generated text, and with it the setting of every ruleset that extends riichi."""
    from mjscore.engine.setting import _resolved

    path = ruleset_dir / "riichi.toml"
    text = path.read_text("utf-8")
    path.write_text(text.replace('name = "Tanyao"', 'name = "All simples"', 1), "utf-8")
    _resolved.cache_clear()
    try:
        changed = settings()
    finally:
        _resolved.cache_clear()
    assert changed.keys() == SETTINGS.keys()
    differs = sorted(name for name in SETTINGS if changed[name] != SETTINGS[name])
    assert "riichi" in differs and "tenhou" in differs and "mcr" not in differs


def test_the_check_says_which_command_writes_it(tmp_path, monkeypatch):
    """`--check` on a stale file names the command that writes it again."""
    stale = tmp_path / "native_settings.py"
    stale.write_text("SETTINGS = {}\n", "utf-8")
    code = (
        f"import sys; sys.path.insert(0, {str(TOOL.parent)!r}); import native_settings as t; "
        f"from pathlib import Path; t.TARGET = Path({str(stale)!r}); "
        f"t.ROOT = Path({str(tmp_path)!r}); sys.argv = ['x', '--check']; sys.exit(t.main())"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stdout == f"native_settings.py is out of date: run `{COMMAND}`\n"
    assert stale.read_text("utf-8") == "SETTINGS = {}\n"  # --check writes nothing
