"""The typed parameters of a ruleset: every `[params]` key, its type and its one default.

A ruleset file's `[params]` table is read into `Params`, a frozen value class;
an unknown key, or a value of the wrong type, is a RulesetError naming the
file and the key. Scoring code reads attributes (`ruleset.params.min_han`),
never a key with a default of its own.

A few parameters are *switches* (`SWITCHES`): a ruleset may instead offer one
as an option of the same name, whose default in the TOML option entry then
takes its place. The resolved options (`Ruleset.resolve_options`) hold every
switch, so code reads `options["tsumo_pinfu"]` whichever way the ruleset set it.

Nested tables are typed too: the European points table, rows, doubles and
special hands are frozen value classes in read-only mappings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from ..base import tiles as T
from ..base.errors import RulesetError
from ..base.frozen import MISSING, field, fields, value_class

_EMPTY: Mapping[Any, Any] = MappingProxyType({})

# (least han, base points, name): the riichi family's han-counted limits
LIMITS: tuple[tuple[int, int, str], ...] = (
    (13, 8000, "kazoe-yakuman"),
    (11, 6000, "sanbaiman"),
    (8, 4000, "baiman"),
    (6, 3000, "haneman"),
    (5, 2000, "mangan"),
)

LIABILITY = ("none", "pao", "arushal")


# -- value checks: each takes (value, where) and returns the typed value ------------------

Check = Callable[[Any, str], Any]


def _fail(where: str, expected: str, value: Any) -> RulesetError:
    return RulesetError(f"{where} must be {expected}, not {value!r} ({type(value).__name__})")


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, "a boolean (true or false)", value)
    return value


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, "an integer", value)
    return value


def _number(value: Any, where: str) -> int | float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _fail(where, "a number", value)
    return value


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise _fail(where, "a string", value)
    return value


def _one_of(*choices: str) -> Check:
    def check(value: Any, where: str) -> str:
        if value not in choices:
            raise _fail(where, "one of " + ", ".join(repr(c) for c in choices), value)
        return value

    return check


def _optional(check: Check) -> Check:
    def optional(value: Any, where: str) -> Any:
        return None if value is None else check(value, where)

    return optional


def _list_of(check: Check, length: int | None = None, what: str = "") -> Check:
    def listed(value: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple) or (length is not None and len(value) != length):
            raise _fail(where, what or "a list", value)
        return tuple(check(v, f"{where}[{i}]") for i, v in enumerate(value))

    return listed


def _mapping_of(check: Check, key: Callable[[str, str], Any] = lambda k, w: k) -> Check:
    def mapped(value: Any, where: str) -> Mapping[Any, Any]:
        if not isinstance(value, dict):
            raise _fail(where, "a table", value)
        return MappingProxyType({key(k, where): check(v, f"{where}.{k}") for k, v in value.items()})

    return mapped


def _int_key(key: str, where: str) -> int:
    try:
        return int(key)
    except ValueError:
        raise _fail(f"{where} key", "a number", key) from None


def _strs(value: Any, where: str) -> tuple[str, ...]:
    return _list_of(_str, what="a list of strings")(value, where)


def _pair(value: Any, where: str) -> tuple[int, int]:
    return _list_of(_int, 2, "a list of two integers [exposed, concealed]")(value, where)


def _limits(value: Any, where: str) -> tuple[tuple[int, int, str], ...]:
    def row(v: Any, w: str) -> tuple[int, int, str]:
        if not isinstance(v, list | tuple) or len(v) != 3:
            raise _fail(w, "a list [least han, base points, name]", v)
        return (_int(v[0], f"{w}[0]"), _int(v[1], f"{w}[1]"), _str(v[2], f"{w}[2]"))

    return _list_of(row, what="a list of [least han, base points, name]")(value, where)


def _tiles(value: Any, where: str) -> frozenset[int]:
    """A list of tiles in mpsz text (["2m", "3m"]): the tile ids."""
    out = set()
    for i, text in enumerate(_strs(value, where)):
        try:
            out.add(T.tile_of(text))
        except ValueError as exc:
            raise RulesetError(f"{where}[{i}]: {exc}") from None
    return frozenset(out)


def _players(value: Any, where: str) -> int:
    """3 or 4: the seats are the first `players` of E, S, W, N."""
    if _int(value, where) not in (3, 4):
        raise _fail(where, "3 or 4 (the players at the table)", value)
    return value


def _switch(default: Any, check: Check, doc: str) -> Any:
    """A parameter that a ruleset may offer as an option of the same name instead."""
    return field(default=default, metadata={"check": check, "doc": doc, "switch": True})


def _param(default: Any, check: Check, doc: str) -> Any:
    if isinstance(default, Mapping):  # read-only, so one shared default is safe
        return field(default_factory=lambda: default, metadata={"check": check, "doc": doc})
    return field(default=default, metadata={"check": check, "doc": doc})


def _table(cls: type, where: str, data: Any) -> Any:
    """Build a frozen entry from a TOML table: unknown or mistyped fields fail."""
    if not isinstance(data, dict):
        raise _fail(where, "a table", data)
    known = {f.name: f for f in fields(cls)}
    out = {}
    for key, value in data.items():
        if key not in known:
            raise RulesetError(f"{where}: unknown key '{key}' (known: {', '.join(known)})")
        out[key] = known[key].metadata["check"](value, f"{where}.{key}")
    missing = [f.name for f in fields(cls) if f.name not in out and f.default is MISSING]
    if missing:
        raise RulesetError(f"{where}: missing key(s) {', '.join(missing)}")
    return cls(**out)


# -- European tables ------------------------------------------------------------------------


def _name() -> Any:
    return field(metadata={"check": _str, "doc": "its name in a score"})


@value_class
class Row:
    """A winner's points row (`[params.rows.KEY]`)."""

    name: str = _name()
    points: int = field(default=0, metadata={"check": _int, "doc": "points it adds"})
    enabled_by: str = field(
        default="", metadata={"check": _str, "doc": "the option that switches it on"}
    )


@value_class
class Double:
    """A double (`[params.doubles.KEY]`)."""

    name: str = _name()
    doubles: int | None = field(
        default=None,
        metadata={"check": _int, "doc": "how many doubles (absent: by_option gives them)"},
    )
    by_option: str = field(
        default="",
        metadata={"check": _str, "doc": "an int option that gives the number of doubles"},
    )
    who: str = field(
        default="all",
        metadata={"check": _one_of("all", "winner"), "doc": "who scores it: all or winner"},
    )
    who_option: str = field(
        default="",
        metadata={"check": _str, "doc": "an option whose value (all|winner) replaces who"},
    )
    flower: bool = field(
        default=False,
        metadata={"check": _bool, "doc": "kept for a main appelante loser (a flower double)"},
    )
    supersedes: tuple[str, ...] = field(
        default=(),
        metadata={"check": _strs, "doc": "doubles of this table it drops when it applies"},
    )
    supersedes_at: int | None = field(
        default=None,
        metadata={"check": _int, "doc": "the by_option value at which it supersedes (absent: any)"},
    )
    enabled_by: str = field(
        default="", metadata={"check": _str, "doc": "the option that switches it on"}
    )


@value_class
class Special:
    """A special (limit) hand (`[params.special.KEY]`): a fixed value or limits."""

    name: str = _name()
    value: int | None = field(
        default=None, metadata={"check": _int, "doc": "fixed points (French hands)"}
    )
    limits: int | float | None = field(
        default=None, metadata={"check": _number, "doc": "a multiple of the limit (German hands)"}
    )
    sontag_limits: int | float | None = field(
        default=None,
        metadata={"check": _number, "doc": "the multiple under german_limit_multipliers=sontag"},
    )
    german: bool = field(
        default=False,
        metadata={"check": _bool, "doc": "counts only with option german_limit_hands"},
    )
    enabled_by: str = field(
        default="", metadata={"check": _str, "doc": "the option that switches it on"}
    )


# set and pair points of the European table: [exposed, concealed] pairs or one number
_POINTS: dict[str, Check] = {
    "pung_simple": _pair,
    "pung_major": _pair,
    "kong_simple": _pair,
    "kong_major": _pair,
    "pair_seat": _int,
    "pair_dominant": _int,
    "pair_round": _pair,
    "pair_dragon": _pair,
    "flower": _int,
}


def _points(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise _fail(where, "a table", value)
    unknown = [k for k in value if k not in _POINTS]
    if unknown:
        raise RulesetError(f"{where}: unknown key '{unknown[0]}' (known: {', '.join(_POINTS)})")
    missing = [k for k in _POINTS if k not in value]
    if missing:
        raise RulesetError(f"{where}: missing key(s) {', '.join(missing)}")
    return MappingProxyType({k: check(value[k], f"{where}.{k}") for k, check in _POINTS.items()})


def _entries(cls: type) -> Check:
    def entries(value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, dict):
            raise _fail(where, "a table", value)
        return MappingProxyType({k: _table(cls, f"{where}.{k}", v) for k, v in value.items()})

    return entries


# -- the parameters -------------------------------------------------------------------------


@value_class
class Params:
    """Every parameter a ruleset's `[params]` may set, with its type and its one default."""

    # the table
    players: int = _param(
        4,
        _players,
        "the players at the table, seated E, S, W (and N with "
        "four); a seat, round or discarder beyond them is an "
        "error. Three is riichi's sanma: 108 tiles (no "
        "2m-8m), no chi, 1m indicates 9m, Norths set aside "
        "(kita:N)",
    )
    # tiles and tokens a hand line may have
    absent_tiles: frozenset[int] = _param(
        frozenset(),
        _tiles,
        "tiles the set does not have (three players: 2m-8m): never in a hand, a call, a "
        "win or an indicator, never waited on; an indicator before them points past them",
    )
    chi: bool = _param(True, _bool, "a run may be called (chi); off: only concealed runs")
    kita: bool = _param(False, _bool, "Norths are set aside for a dora each (北抜き, kita:N)")
    dora: bool = _param(
        False, _bool, "dora, ura dora and red fives exist (else such tokens are an error)"
    )
    ura: bool = _param(True, _bool, "ura dora exist (with dora)")
    dora_indicators: int | None = _param(
        None, _optional(_int), "at most this many dora indicators (no kan dora)"
    )
    ura_indicators: int | None = _param(None, _optional(_int), "at most this many ura indicators")
    red_five_layout: Mapping[int, tuple[int, ...]] = _param(
        _EMPTY,
        _mapping_of(_list_of(_int, 3, "a list [man, pin, sou]"), _int_key),
        "red fives per suit [m, p, s] for a red_fives count (default 0m 0p 0s, 4: two 0p)",
    )
    seasons: bool = _param(True, _bool, "flowers 5f-8f (the seasons) exist")
    flower_dora: bool = _param(False, _bool, "each flower is a dora (all four: the yaku 花槓)")
    chiihou_by_ron: bool = _param(False, _bool, "地和 is also a ron on the dealer's first discard")
    haitei_and_rinshan: bool = _param(
        False,
        _bool,
        "a kong replacement that is the last wall tile scores both haitei and rinshan (MCR)",
    )
    breach: bool = _param(False, _bool, "breach: names a dominant wind (European)")
    settlement: bool = _param(False, _bool, "the other players may follow ' / ' (European)")
    quad_hands: bool = _param(
        False, _bool, "14 tiles as three quadruples + a pair may use declared kongs"
    )
    # han, fu and base points (riichi family)
    round_winds: str = _param("ESWN", _str, "the round winds the game plays (round: token)")
    min_han: int = _param(1, _int, "a win needs this many han from yaku (dora excluded)")
    field_han: int = _param(0, _int, "han every win gets from the table (場の一翻)")
    fu_closed_ron: int = _param(10, _int, "fu for a closed hand won by ron")
    fu_tsumo: int = _param(2, _int, "fu for a tsumo")
    fu_wait: int = _param(2, _int, "fu for a closed, edge or pair wait")
    fu_value_pair: int = _param(2, _int, "fu for a pair of dragons or of a seat/round wind")
    open_pinfu_fu: int = _param(30, _int, "an open hand of 20 fu is raised to this")
    pinfu_tsumo_fu: int = _param(20, _int, "fu of a pinfu won by tsumo")
    han_offset: int = _param(2, _int, "base = fu x 2^(han + han_offset)")
    limits: tuple[tuple[int, int, str], ...] = _param(
        LIMITS, _limits, "han-counted limits [least han, base, name], best first"
    )
    mangan_base: int = _param(2000, _int, "base points of mangan, the lowest limit")
    yakuman_as_mangan: bool = _param(False, _bool, "every yakuman is paid as one mangan")
    # payments
    dealer_ron: int = _param(6, _int, "a dealer's ron pays base x this")
    nondealer_ron: int = _param(4, _int, "a non-dealer's ron pays base x this")
    payment_unit: int = _param(100, _int, "every payment rounds up to this")
    honba: bool = _param(False, _bool, "honba counters exist and are paid (honba: token)")
    honba_ron: int = _param(300, _int, "per honba, paid on ron")
    honba_tsumo: int = _param(100, _int, "per honba, from each payer on tsumo")
    deposits: bool = _param(False, _bool, "riichi deposits go to the winner (sticks: token)")
    deposit: int = _param(1000, _int, "points per riichi deposit")
    dora_payments: bool = _param(False, _bool, "dora are paid as money lines, never as han")
    dora_extra_ron: int = _param(0, _int, "per dora tile, paid on ron (dora_payments)")
    dora_extra_tsumo: int = _param(0, _int, "per dora tile, from each payer on tsumo")
    closed_bonus_ron: int = _param(0, _int, "closed-hand bonus on ron (option closed_bonus)")
    closed_bonus_tsumo: int = _param(0, _int, "closed-hand bonus from each payer on tsumo")
    liability: str = _param(
        "none",
        _one_of(*LIABILITY),
        "who is liable for a yakuman: pao (option pao), arushal or none",
    )
    pao_honba_ron: str = _param(
        "liable",
        _one_of("liable", "discarder"),
        "under liability, who pays the honba on a ron by someone else",
    )
    # winning shapes and yaku combinations
    extra_shapes: frozenset[str] = _param(
        frozenset(),
        lambda v, w: frozenset(_strs(v, w)),
        "winning shapes beyond the standard ones (decompose.py)",
    )
    shape_options: Mapping[str, str] = _param(
        _EMPTY, _mapping_of(_str), "shape -> the bool option that makes it a winning shape"
    )
    keep_by_option: Mapping[str, tuple[str, ...]] = _param(
        _EMPTY, _mapping_of(_strs), "bool option -> yaku it keeps from being superseded"
    )
    # switches: a ruleset may offer any of these as an option of the same name instead
    tsumo_pinfu: bool = _switch(True, _bool, "a closed pinfu may win by tsumo (摸八平和)")
    open_tanyao: bool = _switch(True, _bool, "tanyao counts in an open hand (kuitan)")
    yakuman_stacking: bool = _switch(True, _bool, "several yakuman in one hand add up")
    kazoe_yakuman: bool = _switch(True, _bool, "13 or more han make a counted yakuman")
    kiriage_mangan: bool = _switch(False, _bool, "30 fu 4 han and 60 fu 3 han are mangan")
    two_player: bool = _switch(False, _bool, "two players, E and S")
    two_han_minimum_honba: int = _switch(
        0, _int, "from this many honba a win needs 2 han (0: never)"
    )
    open_dora_needs_yaku: bool = _switch(
        False, _bool, "no dora payment for an open hand without yaku"
    )
    closed_bonus: bool = _switch(False, _bool, "a closed win gets closed_bonus_ron/_tsumo")
    yakuman_result: str = _switch(
        "normal", _str, "what a yakuman win does to the game (boo-result)"
    )
    red_fives: int = _switch(0, _int, "red fives in the set (with dora)")
    double_wind_pair_fu: int = _switch(4, _int, "fu for a pair of a wind both seat and round")
    chiitoitsu_fu: int = _switch(25, _int, "fu of seven pairs")
    flowers: bool = _switch(False, _bool, "the set has flowers and seasons (flowers: tokens)")
    tsumo_loss: bool = _switch(
        True,
        _bool,
        "three players: on a tsumo nobody pays the empty "
        "North seat's share (ツモ損); off: the two payers "
        "split it",
    )
    # the game (`mjscore game`): starting points, the end, the final result
    noten_total: int = _param(
        0,
        _int,
        "an exhaustive draw: the noten players pay this, shared "
        "by the ready ones (riichi: 3000; 0: no payments)",
    )
    start_points: int = _param(
        0, _int, "each player's points at the start (0: a running total of payments)"
    )
    return_points: int = _param(0, _int, "points the result counts from (返し; 0: the start)")
    goal_points: int = _param(
        0, _int, "the points that end sudden death and let all-last end (0: return_points)"
    )
    uma: tuple[int | float, ...] = _param(
        (), _list_of(_number), "game points by placement, first to last (empty: none)"
    )
    oka: bool = _param(
        False, _bool, "the first player also takes (return - start) x players / 1000 (オカ)"
    )
    result_rounding: str = _param(
        "exact",
        _one_of("exact", "tenhou"),
        "the result: exact (one decimal) or tenhou (each player's points "
        "rounded to the thousand, 4 down and 5 up by their size: 37,500 is 38, "
        "-16,500 is -17; then the difference to return_points, and the first "
        "player takes the rest)",
    )
    ties: str = _param(
        "seat",
        _one_of("seat", "split"),
        "equal points: seat (the one nearer the first dealer places higher) "
        "or split (they share the uma of their places)",
    )
    leftover_deposits: str = _param(
        "first",
        _one_of("first", "none"),
        "riichi deposits left at the end: to the first player, or none (nobody takes them)",
    )
    game_length: str = _param(
        "south",
        _one_of("east", "south", "north", "single"),
        "the last round: east (東風戦, E4), south (半荘, S4), north "
        "(all four winds, N4) or single (every line a round of its "
        "own, no dealer rotation)",
    )
    renchan: str = _param(
        "riichi",
        _one_of("riichi", "dealer_win", "never"),
        "the dealer repeats: riichi (on a win or ready at a draw), "
        "dealer_win (on a win or a draw) or never",
    )
    bust: bool = _param(False, _bool, "the game ends when a player's points go below zero (飛び)")
    west_extension: bool = _param(
        False,
        _bool,
        "after the last round, the game goes on "
        "(西入, sudden death) while nobody has return_points",
    )
    agari_yame: bool = _param(
        False,
        _bool,
        "the dealer of the last round who wins and is first ends the game (和了止め)",
    )
    tenpai_yame: bool = _param(
        False,
        _bool,
        "the dealer of the last round who is ready at the draw and first ends the game (聴牌止め)",
    )
    renchan_on_abort: bool = _param(True, _bool, "an abortive draw repeats the dealer")
    game_result: str = _param(
        "uma",
        _one_of("uma", "boo", "total"),
        "the final result: uma (and oka) by placement, boo (Kansai "
        "Boo's マルＡ/Ｂ/Ｃ in game points, scoring/boo_game.py) or "
        "total (the running total of the payments itself)",
    )
    # points and doubles (European)
    east_factor: int = _param(1, _int, "East pays and receives this many times")
    points: Mapping[str, Any] = _param(_EMPTY, _points, "set and pair points")
    rows: Mapping[str, Row] = _param(_EMPTY, _entries(Row), "the winner's points rows")
    doubles: Mapping[str, Double] = _param(_EMPTY, _entries(Double), "doubles")
    special: Mapping[str, Special] = _param(_EMPTY, _entries(Special), "special hands")


PARAM_FIELDS = {f.name: f for f in fields(Params)}
# The parameters of a whole game (`mjscore game`, the ledger), which `mjscore rules` lists
# in a section of their own: the start, the end, the final result.
GAME_PARAMS = (
    "start_points",
    "return_points",
    "goal_points",
    "uma",
    "oka",
    "noten_total",
    "game_length",
    "renchan",
    "renchan_on_abort",
    "bust",
    "west_extension",
    "agari_yame",
    "tenpai_yame",
    "ties",
    "leftover_deposits",
    "result_rounding",
    "game_result",
)


# What `mjscore.game(settings=...)` may set over a ruleset's parameters: the game's own,
# and the two the ledger reads beside them (a riichi stick, a mangan's base points).
GAME_SETTINGS = (*GAME_PARAMS, "deposit", "mangan_base")


def check_game_settings(settings: Any, seats: int) -> dict[str, Any]:
    """`settings` over a ruleset's game parameters, each known and checked as a ruleset
    file's value is, `uma` one value a seat; RulesetError in words naming the setting."""
    if not isinstance(settings, Mapping):
        raise RulesetError(
            f"settings must be a mapping of game parameter to value, not {type(settings).__name__}"
        )
    out = {}
    for key, value in settings.items():
        if not isinstance(key, str) or key not in GAME_SETTINGS:
            raise RulesetError(
                f"settings: {key!r} is not a game parameter (known: {', '.join(GAME_SETTINGS)})"
            )
        out[key] = PARAM_FIELDS[key].metadata["check"](value, f"settings {key}")
    if out.get("uma") and len(out["uma"]) != seats:
        raise RulesetError(
            f"settings uma has {len(out['uma'])} values for a table of {seats} (one a place)"
        )
    return out


def game_params(params: Params) -> dict[str, Any]:
    """A ruleset's game parameters, or {} when it declares none (each at its default: the
    ruleset scores hands, and a game under it is a bare running total)."""
    values = {name: getattr(params, name) for name in GAME_PARAMS}
    if all(v == PARAM_FIELDS[k].default for k, v in values.items()):
        return {}
    return values


SWITCHES = frozenset(f.name for f in fields(Params) if f.metadata.get("switch"))
_OPTION_KIND = {bool: "bool", int: "int", str: "choice"}


def switch_kind(name: str) -> str:
    """The option kind a switch must have when a ruleset offers it as an option."""
    return _OPTION_KIND[type(PARAM_FIELDS[name].default)]


def check_params(raw: Any, where: str) -> dict[str, Any]:
    """One file's `[params]`: every key known and of its type (typed values, by key)."""
    if not isinstance(raw, dict):
        raise _fail(where, "a table", raw)
    out = {}
    for key, value in raw.items():
        spec = PARAM_FIELDS.get(key)
        if spec is None:
            raise RulesetError(f"{where}: unknown key '{key}'")
        out[key] = spec.metadata["check"](value, f"{where}.{key}")
    return out
