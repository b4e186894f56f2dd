"""The bridge to the native core (native/, the Rust crate built as `mjscore._native`).

A machine-format `score` run sends its lines to the native core a chunk at a time and
gets the chunk's record text back. The core scores the lines of the riichi family it can
finish; every other line (a notation error and its hint, a hand that is not a win, a
ruleset of another family, a form the core leaves to Python) comes back as a hole that
this module fills with the Python path's record, so every message is written once, in
Python, and the output is byte for byte the Python path's (tests/test_native.py).

The setting of a line (its ruleset under its options, as `engine.setting` resolves it)
crosses once: the first line that needs one comes back asking for it, and this module
sends it, or says that its lines are Python's. `MJSCORE_NATIVE=0` turns the core off.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.setting import HouseRules
    from ..rulesets import Ruleset

MACHINE = frozenset(("jsonl", "json", "tsv"))
OFF_VARIABLE = "MJSCORE_NATIVE"


@cache
def _module() -> Any:
    """The extension module mjscore._native, loaded when first asked for (a run for people
    never loads it); None when this installation was built without Rust."""
    try:
        from .. import _native  # type: ignore[attr-defined]
    except ImportError:  # pip install on a machine without cargo
        return None
    return _native


def available() -> bool:
    """Whether the native core is built into this installation."""
    return _module() is not None


def enabled() -> bool:
    """Whether lines go through the native core: built, and not turned off."""
    return os.environ.get(OFF_VARIABLE, "1") != "0" and available()


def core_words() -> str:
    """Which core scores a file of hands, as `mjscore --version` says it."""
    if enabled():
        return "native core"
    if not available():
        return "Python core: the native core is not built"
    return f"Python core: {OFF_VARIABLE}=0"


def run_for(rules: str, house: HouseRules | None, fmt: str, command: str) -> NativeRun | None:
    """The native run of a run's ruleset and house rules, or None when its lines are
    Python's (another command, a format for people, the core off or not built)."""
    if command != "score" or fmt not in MACHINE or not enabled():
        return None
    key = (rules, house or None)
    run = _RUNS.get(key)
    if run is None:
        run = _RUNS[key] = NativeRun(rules, house or None)
    return run


_RUNS: dict[tuple[str, Any], NativeRun] = {}

Analyse = Callable[[str, str, Any, int], Any]


class NativeRun:
    """The native core of one ruleset and its house rules, and the settings sent to it."""

    def __init__(self, rules: str, house: HouseRules | None) -> None:
        self.rules, self.house = rules, house
        self.core = _module().Core()
        self.native_run: bool | None = None  # scores_the_run, once known

    def scores_the_run(self) -> bool:
        """Whether the core scores the run's own setting (the lines without rules:/opt:
        tokens): its ruleset is of the riichi family and its options resolve."""
        if self.native_run is None:
            self.native_run = self.send_setting(None, [])
        return self.native_run

    def send_setting(self, line_rules: str | None, line_options: list[tuple[str, str]]) -> bool:
        """Resolve the setting of lines with these `rules:` and `opt:` tokens and send it
        (None: its lines are Python's: an error to report, or a ruleset of another family);
        whether the core scores that setting."""
        from ..base.errors import MjscoreError
        from ..engine.setting import _resolved

        try:
            ruleset, values, shown = _resolved(
                self.rules, (), line_rules, tuple(line_options), self.house
            )
        except (MjscoreError, TypeError, AttributeError):
            return bool(self.core.add_setting(line_rules, line_options, None))
        return bool(
            self.core.add_setting(line_rules, line_options, payload(ruleset, values, shown))
        )

    def score_chunk(
        self,
        chunk: list[tuple[int, str]],
        fmt: str,
        source: str | None,
        analyse: Analyse,
        render: Callable[[Any], str],
        join: str,
    ) -> tuple[int, int, str | bytes, str]:
        """(lines scored, lines failed, the rendered records, the stderr lines) of a chunk,
        as parallel._score_chunk gives them; the records as UTF-8 bytes (the core's text,
        written as it is: report.write_rendered), or as text when a record of Python's
        cannot be UTF-8."""
        from ..report import error_line
        from .lines import with_source

        records: list[bytes | str] = []
        errors: list[str] = []
        failed = 0
        for part in self._parts(chunk, fmt, source):
            if isinstance(part, bytes):
                records.append(part)
                continue
            number, text, why = part
            result = with_source(
                analyse(text, self.rules, self.house, number)
                if why is None
                else _internal(text, self.rules, number, why),
                source,
            )
            records.append(render(result))
            if not (result.ok and result.error is None):
                failed += 1
                errors.append(error_line(result) + "\n")
        return len(chunk) - failed, failed, _joined(records, join), "".join(errors)

    def one(self, number: int, text: str, fmt: str, source: str | None) -> bytes | Any | None:
        """One line as a stream scores it: its rendered record (bytes), the internal-error
        result of a line whose scoring panicked, or None: a line for the Python path."""
        (part,) = self._parts([(number, text)], fmt, source)
        if isinstance(part, bytes):
            return part
        _, _, why = part
        return None if why is None else _internal(text, self.rules, number, why)

    def _parts(
        self, chunk: list[tuple[int, str]], fmt: str, source: str | None
    ) -> list[bytes | tuple[int, str, str | None]]:
        """The chunk's text in parts: runs of native records, and (number, text, panic
        words or None) for each line whose record Python writes. Lines whose setting
        the core asks for are scored again once it has been sent."""
        parts = self.core.score(chunk, fmt, source)
        asked = {
            (rules, tuple(options))
            for part in parts
            if not isinstance(part, bytes) and part[1] == "setting"
            for rules, options in (part[2],)
        }
        if asked:
            for rules, options in sorted(asked, key=repr):
                self.send_setting(rules, list(options))
            parts = self.core.score(chunk, fmt, source)
        out: list[bytes | tuple[int, str, str | None]] = []
        for part in parts:
            if isinstance(part, bytes):
                out.append(part)
                continue
            index, why, detail = part
            number, text = chunk[index]
            out.append((number, text, detail if why == "panic" else None))
        return out


def _joined(records: list[bytes | str], join: str) -> bytes | str:
    """The chunk's records joined: UTF-8 bytes, or text when one of Python's records holds
    what UTF-8 cannot (a lone surrogate), for the text stream to say so as it would."""
    try:
        encoded = [r if isinstance(r, bytes) else r.encode("utf-8") for r in records]
    except UnicodeEncodeError:
        return join.join(r if isinstance(r, str) else r.decode("utf-8") for r in records)
    return join.encode("utf-8").join(encoded)


def _internal(text: str, rules: str, number: int, words: str) -> Any:
    """The record of a line whose scoring panicked in the native core: an internal error
    of that line, as the Python path writes one for a crash (lines.score_one)."""
    from ..core.result import ScoreResult
    from .lines import InternalError, asked_rules

    error = InternalError(f"internal error: native core: {words}")
    return ScoreResult(
        line=number, input=text, rules=asked_rules(text, rules), options={}, error=error
    )


def payload(ruleset: Ruleset, values: dict[str, Any], shown: Any) -> dict[str, Any] | None:
    """What the native core scores one setting with: the ruleset's params, the option
    values, the yaku rows and fu items of scoring.han_fu's Setting, the rows of
    FLAG_RULES that hold, and the record's "rules" and "options" as the JSON formats
    write them. None for a ruleset outside the riichi family (its lines are Python's)."""
    if ruleset.scoring != "han_fu" or ruleset.family != "riichi":
        return None
    from ..engine.validate import FLAG_RULES, NEEDS, _red_fives_allowed
    from ..report.record_text import _setting
    from ..scoring.han_fu import _BONUS_NAMES, _rows, setting_for

    p = ruleset.params
    setting = setting_for(ruleset, values)
    allowed = _red_fives_allowed(ruleset, values)
    fu = setting.fu
    result = values["yakuman_result"]
    words = None
    if result != "normal":
        from ..scoring.boo_game import BY_YAKUMAN

        words = BY_YAKUMAN[result]
    return {
        "name": ruleset.name,
        "players": p.players,
        "flags": sorted(ruleset.flags),
        "flag_rules": [
            (rule.flag, rule.relation == NEEDS, list(rule.words))
            for rule in FLAG_RULES
            if rule.holds_in(ruleset)
        ],
        "dora": p.dora,
        "ura": p.ura,
        "dora_indicators": p.dora_indicators,
        "ura_indicators": p.ura_indicators,
        "red_allowed": [allowed.get(five, 0) for five in (4, 13, 22)],
        "red_option": "red_fives" in ruleset.options,
        "chiihou_by_ron": p.chiihou_by_ron,
        "quad_hands": p.quad_hands,
        "round_winds": p.round_winds,
        "honba": p.honba,
        "deposits": p.deposits,
        "min_han": p.min_han,
        "han_offset": p.han_offset,
        "limits": list(p.limits),
        "mangan_base": p.mangan_base,
        "yakuman_as_mangan": p.yakuman_as_mangan,
        "dealer_ron": p.dealer_ron,
        "nondealer_ron": p.nondealer_ron,
        "payment_unit": p.payment_unit,
        "honba_ron": p.honba_ron,
        "honba_tsumo": p.honba_tsumo,
        "deposit": p.deposit,
        "dora_payments": p.dora_payments,
        "dora_extra_ron": p.dora_extra_ron,
        "dora_extra_tsumo": p.dora_extra_tsumo,
        "closed_bonus_ron": p.closed_bonus_ron,
        "closed_bonus_tsumo": p.closed_bonus_tsumo,
        "liability": p.liability,
        "pao_honba_ron": p.pao_honba_ron,
        "extra_shapes": sorted(p.extra_shapes),
        "shape_options": [
            (shape, option, bool(values[option])) for shape, option in p.shape_options.items()
        ],
        "two_han_minimum_honba": values["two_han_minimum_honba"],
        "two_player": values["two_player"],
        "tsumo_loss": values["tsumo_loss"],
        "kiriage_mangan": values["kiriage_mangan"],
        "kazoe_yakuman": values["kazoe_yakuman"],
        "pao": sorted(values.get("pao", ())),
        "pao_share": values.get("pao_share", "whole"),
        "renhou": values.get("renhou", "off"),
        "open_dora_needs_yaku": values["open_dora_needs_yaku"],
        "closed_bonus": values["closed_bonus"],
        "yakuman_result": result,
        "yakuman_result_words": words,
        "kokushi_ankan_chankan": values.get("kokushi_ankan_chankan", False),
        "tsumo_pinfu": values["tsumo_pinfu"],
        "open_tanyao": values["open_tanyao"],
        "closed": [_row(row) for row in _rows(ruleset, values, True)],
        "open": [_row(row) for row in _rows(ruleset, values, False)],
        "kept": sorted(setting.kept),
        "stacking": setting.stacking,
        "fu": {
            "seven_pairs": _item(fu.seven_pairs),
            "pinfu_tsumo_fu": fu.pinfu_tsumo_fu,
            "pinfu_tsumo": _item(fu.pinfu_tsumo[0]) if fu.pinfu_tsumo else None,
            "closed_ron": _item(fu.closed_ron),
            "tsumo": _item(fu.tsumo),
            **{wait: _item(item) for wait, item in fu.waits.items()},
            "value_pair": fu.value_pair,
            "double_wind_pair": fu.double_wind_pair,
            "raised_to": fu.raised_to,
            "raised": _item(fu.raised) if fu.raised else None,
        },
        "field": (tuple(setting.field[0][:4]) if setting.field else None),
        "bonus": [
            (key, name, japanese)
            for key, (name, japanese) in _BONUS_NAMES.items()
            if key != "flower_dora"
        ],
        "head": (_setting(ruleset.name, shown, None), _setting(ruleset.name, shown, 2)),
    }


def _item(item: Any) -> tuple[str, int]:
    """A fu item the setting fixes, as (its words, its fu): its key is the core's own."""
    return str(item.reason), item.fu


def _row(row: Any) -> tuple[Any, ...]:
    """One yaku row of han_fu as the core reads it."""
    m = row.match
    fu = _item(row.fu) if row.fu is not None else None
    return (
        row.order,
        row.key,
        m.name,
        m.han,
        m.japanese,
        m.yakuman,
        row.alone,
        list(row.supersedes),
        fu,
    )
