"""Scoring schemes: han/fu for the riichi family, points/doubles for European rules, fan for
Chinese Official; each registered by name.

A ruleset names its scheme (`scoring = "han_fu"`); `SCHEMES` maps that name to the
function that scores a line, as "module:function", imported when first asked for, so a
han/fu run never imports the others. A new scheme is one module and one `register_scheme`.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from ..base.errors import RulesetError

SCHEMES: dict[str, str] = {
    "han_fu": "mjscore.scoring.han_fu:score_han_fu",
    "points_doubles": "mjscore.scoring.points_doubles:score_points_doubles",
    "fan": "mjscore.scoring.fan:score_fan",
}
_RESOLVED: dict[str, Callable[..., Any]] = {}


def register_scheme(name: str, target: str) -> None:
    """Add (or replace) the scheme `name`, scored by `target` ("package.module:function",
    called with the line, the ruleset and the option values, returning a Verdict)."""
    module, sep, function = target.partition(":")
    if not sep or not module or not function:
        raise RulesetError(f"scheme '{name}': '{target}' is not 'module:function'")
    SCHEMES[name] = target
    _RESOLVED.pop(name, None)


def scheme(name: str) -> Callable[..., Any]:
    """The function of the scheme `name`, imported on first use."""
    found = _RESOLVED.get(name)
    if found is None:
        target = SCHEMES.get(name)
        if target is None:
            raise RulesetError(f"unknown scoring strategy '{name}'")
        module, _, function = target.partition(":")
        try:
            found = getattr(import_module(module), function)
        except (ImportError, AttributeError) as exc:
            raise RulesetError(f"scheme '{name}': cannot load {target} ({exc})") from None
        _RESOLVED[name] = found
    return found
