"""Score an imported win and hold the result against the record's own verdict.

The comparison is what `mjscore check` reports: net per seat, the hand's value,
and han/fu where the record states them (a yakuman compares as a yakuman).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..base.frozen import value_class
from ..base.tiles import WIND_LETTERS
from ..rulesets import DEFAULT_RULESET
from .model import Win

if TYPE_CHECKING:
    from ..core.result import ScoreResult


@value_class
class Checked:
    """One win, our result, and what differs (empty: they agree)."""

    win: Win
    result: ScoreResult
    differences: tuple[str, ...]

    @property
    def agree(self) -> bool:
        return not self.differences

    def to_dict(self) -> dict[str, Any]:
        r = self.result
        ours = {
            "ok": r.ok,
            "error": r.error.to_dict() if r.error else None,
            "net": dict(r.net),
            "value": r.value if r.ok else None,
            "han": r.han,
            "fu": r.fu,
            "yakuman": r.yakuman,
            "yaku": [y.key for y in r.yaku],
        }
        return {
            **self.win.to_dict(),
            "agree": self.agree,
            "differences": list(self.differences),
            "mjscore": ours,
        }


def compare(win: Win, result: ScoreResult) -> tuple[str, ...]:
    """The fields where mjscore and the record disagree."""
    rec = win.record
    if not result.ok:
        kind = result.error.kind if result.error else "error"
        return (f"not scored ({kind})",)
    diffs = []
    if any(result.net.get(s, 0) != rec.net.get(s, 0) for s in WIND_LETTERS):
        diffs.append("net")
    if rec.value is not None and result.value != rec.value:
        diffs.append("value")
    if rec.yakuman != bool(result.yakuman and result.han is None):
        if rec.yakuman or not result.yakuman:
            diffs.append("yakuman")
    elif not rec.yakuman:
        if rec.han is not None and result.han != rec.han:
            diffs.append("han")
        if rec.fu is not None and result.fu != rec.fu:
            diffs.append("fu")
    if rec.yaku_keys:
        theirs = _yaku_of(rec.yaku, rec.yakuman)
        ours = _yaku_of(
            [(y.key, y.han) for y in result.yaku], rec.yakuman, fold="dragons" in theirs
        )
        if ours != theirs:
            diffs.append("yaku")
    return tuple(diffs)


DRAGONS = ("haku", "hatsu", "chun")


def _yaku_of(
    yaku: Iterable[tuple[str, int | None]], yakuman: bool, fold: bool = False
) -> dict[str, int | None]:
    """Yaku by key with their han, as `check` compares them: of a yakuman hand the yakuman
    only (their worth is compared by the value), otherwise every yaku and dora count but
    those worth nothing (a riichi's ura dora of 0). `fold` adds the three dragons up as
    `dragons`, for a record that counts them together (mjai's `sangenpai`)."""
    if yakuman:
        return {k: None for k, h in yaku if h is None or h >= 13}
    out: dict[str, int | None] = {}
    for k, h in yaku:
        if not h:
            continue
        if fold and k in DRAGONS:
            k, h = "dragons", (out.get("dragons") or 0) + h
        out[k] = h
    return out


def check_win(win: Win) -> Checked:
    """The win scored as `mjscore score` scores its line (a not-a-win says what it waits
    on), held against the record: the hand the reader built is scored as it is (its line
    reads back to it), a win made of a line only is read first."""
    from ..analysis import with_hint
    from ..engine.loop import score_hand, score_line

    hand = getattr(win, "hand", None)  # the value a reader built; else the win's line
    try:
        result = with_hint(score_line(win.line) if hand is None else score_hand(hand))
    except Exception as exc:  # a scorer crash is this win's disagreement, not the run's end
        from ..base.errors import MjscoreError
        from ..core.result import ScoreResult

        err = MjscoreError(f"internal error: {type(exc).__name__}: {exc}")
        result = ScoreResult(line=1, input=win.line, rules=DEFAULT_RULESET, options={}, error=err)
    return Checked(win, result, compare(win, result))


def _net(net: Mapping[str, int], seats: str = WIND_LETTERS) -> str:
    return " ".join(f"{s}{net.get(s, 0):+d}" for s in seats)


def describe(c: Checked) -> str:
    """The disagreement for people: the line, then the record and mjscore side by side."""
    w, r, rec = c.win, c.result, c.win.record
    src = w.source
    seats = "".join(s for s in WIND_LETTERS if s in rec.net)  # ESW at a table of three
    yaku = ", ".join(f"{n} {h}" if h is not None else str(n) for n, h in rec.yaku)
    if r.ok:
        han = "yakuman" if r.han is None else f"{r.han} han {r.fu} fu"
        keys = ", ".join(y.key for y in r.yaku)
        ours = f"net {_net(r.net, seats)}  value {r.value}  {han}  ({keys})"
    else:
        ours = f"not scored: {r.error}"
    rec_han = "yakuman" if rec.yakuman else f"{rec.han} han {rec.fu if rec.fu else '?'} fu"
    return (
        f"disagree: {src.file} {src.game} {src.round}-{src.honba}: "
        f"{', '.join(c.differences)}\n"
        f"  line     {w.line}\n"
        f"  record   net {_net(rec.net, seats)}  value {'?' if rec.value is None else rec.value}"
        f"  {rec_han}  ({yaku})\n"
        f"  mjscore  {ours}" + _yaku_rows(c)
    )


def _yaku_rows(c: Checked) -> str:
    """Both sides' yaku with their han, one row each, the record's on the left: where
    the sides differ in a yaku, the rows show which one."""
    theirs = [f"{n} {h}" if h is not None else str(n) for n, h in c.win.record.yaku]
    ours = (
        [f"{y.key} {'yakuman' if y.yakuman else y.han}" for y in c.result.yaku]
        if c.result.ok
        else []
    )
    if not theirs and not ours:
        return ""
    width = max([len("record"), *(len(t) for t in theirs)])
    rows = [f"  {'record':<{width}}  mjscore"]
    for i in range(max(len(theirs), len(ours))):
        left = theirs[i] if i < len(theirs) else ""
        right = ours[i] if i < len(ours) else ""
        rows.append(f"  {left:<{width}}  {right}".rstrip())
    return "\n" + "\n".join(rows)
