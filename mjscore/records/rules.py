"""What a record says about how its game was played, as riichi options and notes.

A record names its rules: mjlog in the lobby bits of `<GO type="...">`, tenhou.net/6
in its `rule` object. The rules mjscore has an option for become `opt:` tokens; any
other rule is named in a note, and the game's wins carry it (`Win.rules`) so that
`mjscore check` reports a difference there apart from a disagreement.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ..base.frozen import value_class

# Tenhou's lobby bits, the meanings dnovikoff/tenhou's tbase/lobby.go gives them
# (FlagOnline, FlagNoAkkas, FlagNoKuitan, FlagHanchan, Flag3Man, FlagDan1, FlagFast,
# FlagDan2); no bit from 0x100 up is a standard lobby rule.
ONLINE, NO_AKA, NO_KUITAN, HANCHAN, SANMA, DAN1, FAST, DAN2 = (1 << b for b in range(8))
KNOWN_BITS = 0xFF
GO_TYPE_MAX = 0xFFFF

# tenhou.net/6 `rule` keys read here; `disp` is a lobby name such as 鳳南喰赤 or 三般東喰赤速.
KNOWN_KEYS = {"disp", "aka", "aka51", "aka52", "aka53"}
_LOBBY = re.compile(r"[三四]?[般上特鳳若銀琥孔]?[東南]喰?赤?速?")


# Mahjong Soul's rooms (銅の間, 銀の間, 金の間, 玉の間, 王座の間; 之间 in Chinese), friendly and
# tournament games (友人戦, 大会戦), as a record converted to tenhou.net/6 names them in
# `rule.disp` or `title` (Equim-chan/tensoul convert.js writes the room name there, or
# "Friendly"/"Tournament" and "... Room" in English); Tenhou's lobby names never do.
_MAHJONG_SOUL = (
    "の間",
    "之间",
    "之間",
    "友人戦",
    "大会戦",
    "雀魂",
    "mahjong soul",
    "majsoul",
    "mahjongsoul",
    "friendly",
    "tournament",
    " room",
)


@value_class
class GameRules:
    """The options for every line of a game, the rules outside mjscore, three-player,
    and the ruleset of the platform the game was played on."""

    options: dict[str, str]
    unknown: tuple[str, ...] = ()
    players: int = 4
    platform: str = "tenhou"  # tenhou | mahjongsoul

    @property
    def ruleset(self) -> str:
        """The ruleset a line names (`rules:`): the record is held against the rules of the
        site where it was played, at its number of players (a ruleset's `records_of`)."""
        return _ruleset_for(self.platform, self.players)


@lru_cache(maxsize=8)
def _ruleset_for(platform: str, players: int) -> str:
    from ..engine.catalog import ruleset_for_records

    return ruleset_for_records(platform, players)


@lru_cache(maxsize=16)
def records_of(ruleset: str) -> str:
    """The platform whose records the ruleset scores (its file's `records_of`); "" for
    none, or a ruleset that is not installed."""
    from ..base.errors import RulesetError
    from ..engine.catalog import load_ruleset

    try:
        return load_ruleset(ruleset).records_of
    except RulesetError:
        return ""


@lru_cache(maxsize=16)
def multiple_ron_rule(ruleset: str) -> str:
    """The ruleset's `multiple_ron` option (double, all, head_bump); `double`, Tenhou's,
    for a ruleset that is not installed."""
    from ..base.errors import RulesetError
    from ..engine.catalog import load_ruleset

    try:
        return str(load_ruleset(ruleset).resolve_options().get("multiple_ron", "double"))
    except RulesetError:
        return "double"


def platform_of(rule: Any, title: Any) -> str:
    """`mahjongsoul` for a record whose `rule.disp` or `title` names a Mahjong Soul room,
    else `tenhou` (the format's own platform)."""
    texts = [rule.get("disp")] if isinstance(rule, dict) else []
    texts += title[:2] if isinstance(title, list) else [title]
    for text in texts:
        if isinstance(text, str) and any(m in text.lower() for m in _MAHJONG_SOUL):
            return "mahjongsoul"
    return "tenhou"


def from_go_type(flags: int) -> GameRules:
    """The rules of an mjlog `<GO type>`."""
    options = {}
    if flags & NO_AKA:
        options["red_fives"] = "0"
    if flags & NO_KUITAN:
        options["open_tanyao"] = "off"
    unknown: tuple[str, ...] = ()
    if flags & ~KNOWN_BITS:
        unknown = (
            f"GO type {flags} (0x{flags:04x}) has lobby bits 0x{flags & ~KNOWN_BITS:04x} "
            "outside Tenhou's standard lobby rules (a chip or custom-rule lobby)",
        )
    return GameRules(options, unknown, 3 if flags & SANMA else 4)


RED_FIVES: dict[tuple[int, ...], str] = {(0, 0, 0): "0", (1, 1, 1): "3", (1, 2, 1): "4"}
# Three players (no 5m): Tenhou writes 1-1-1, a converted Mahjong Soul game 0-1-1; both
# are the sanma rulesets' default two red fives, 0p and 0s.
RED_FIVES_SANMA: dict[tuple[int, ...], str] = {(0, 0, 0): "0", (1, 1, 1): "2", (0, 1, 1): "2"}
DEFAULT_RED_FIVES = {4: "3", 3: "2"}


def from_tenhou6(rule: Any, names: Any, title: Any = None) -> GameRules:
    """The rules of a tenhou.net/6 game from its `rule` object, `name` list and `title`.

    A Mahjong Soul room (`platform_of`) always plays open tanyao, whatever its name
    shows; red fives come from the aka51-53 counts as for Tenhou."""
    platform = platform_of(rule, title)
    rule = rule if isinstance(rule, dict) else {}
    disp = rule.get("disp", "")
    disp = disp if isinstance(disp, str) else ""
    players = 3 if "三" in disp or (isinstance(names, list) and len(names) == 3) else 4
    if isinstance(names, list) and len(names) > 4:
        players = len(names)
    if players not in DEFAULT_RED_FIVES:  # five names or more: not a game mjscore reads
        return GameRules({}, (), players, platform)
    options: dict[str, str] = {}
    unknown: list[str] = []
    reds = [rule.get(k) for k in ("aka51", "aka52", "aka53")]
    if any(r is not None for r in reds):
        counts = tuple(r if isinstance(r, int) and not isinstance(r, bool) else -1 for r in reds)
        red_fives = (RED_FIVES_SANMA if players == 3 else RED_FIVES).get(counts)
        if red_fives is None:
            plays = "0, 1-1-1 or 0-1-1" if players == 3 else "0, 1-1-1 or 1-2-1"
            unknown.append(f"red fives aka51/aka52/aka53 = {counts} (mjscore plays {plays})")
        elif red_fives != DEFAULT_RED_FIVES[players]:
            options["red_fives"] = red_fives
    elif rule.get("aka", 1) in (0, False):
        options["red_fives"] = "0"
    if platform == "mahjongsoul":
        pass
    elif disp and _LOBBY.fullmatch(disp.strip()):
        if "喰" not in disp:
            options["open_tanyao"] = "off"
    elif disp:
        unknown.append(f"rules '{disp[:40]}' are not a Tenhou lobby's")
    extra = sorted(str(k)[:20] for k in rule if k not in KNOWN_KEYS)
    if extra:
        unknown.append(f"rule entries {', '.join(extra[:5])} are not read by mjscore")
    return GameRules(options, tuple(unknown), players, platform)


# -- the room a game was played in ------------------------------------------------------------

# Tenhou's lobbies by the rank bits of `<GO type>` (DAN1, DAN2 as dnovikoff/tenhou's
# tbase/lobby.go names them) and by the letter a tenhou.net/6 `rule.disp` writes (鳳南喰赤);
# Mahjong Soul's ranked rooms (銅の間 .. 王座の間) by their name in a converted record's
# `rule.disp` (三銀の間赤) and by a record's `head.config.meta.mode_id`: SAPikachu/
# amae-koromo `src/data/types/gameMode.ts` gives the south games (金 9, 玉 12, 王座 16; three
# players 22, 24, 26), each room's east game is one less, and bronze and silver come before
# (2-3 and 5-6; three players 17-18 and 19-20).
TENHOU_ROOMS = {(0, 0): "一般", (1, 0): "上級", (0, 1): "特上", (1, 1): "鳳凰"}
_DISP_ROOMS = {"般": "一般", "上": "上級", "特": "特上", "鳳": "鳳凰"}
MAJSOUL_ROOMS = ("銅", "銀", "金", "玉", "王座")
_MODE_ROOMS = {
    mode: room
    for base, three in ((2, 17), (5, 19), (8, 21), (11, 23), (15, 25))
    for room in [MAJSOUL_ROOMS[[2, 5, 8, 11, 15].index(base)]]
    for mode in (base, base + 1, three, three + 1)
}
# the names `--room` takes beside the rooms' own
ROOM_ALIASES = {
    "ippan": "一般",
    "joukyuu": "上級",
    "tokujou": "特上",
    "houou": "鳳凰",
    "bronze": "銅",
    "silver": "銀",
    "gold": "金",
    "jade": "玉",
    "throne": "王座",
}
ROOMS = (*TENHOU_ROOMS.values(), *MAJSOUL_ROOMS)


def room_of_go_type(flags: int) -> str:
    """The Tenhou lobby of an mjlog `<GO type>`."""
    return TENHOU_ROOMS[(bool(flags & DAN1), bool(flags & DAN2))]


def room_of_disp(disp: str) -> str:
    """The room a tenhou.net/6 `rule.disp` names (`鳳南喰赤`, `三銀の間赤`), or ""."""
    for room in MAJSOUL_ROOMS:
        if f"{room}の間" in disp or f"{room}之间" in disp:
            return room
    lobby = _LOBBY.fullmatch(disp.strip()) if disp else None
    letter = disp.strip().lstrip("三四")[:1] if lobby else ""
    return _DISP_ROOMS.get(letter, "一般" if lobby and letter in "東南" else "")


def room_of_mode(mode_id: Any) -> str:
    """The Mahjong Soul room of a record's `mode_id`, or "" (a friendly or event game)."""
    return _MODE_ROOMS.get(mode_id, "") if isinstance(mode_id, int) else ""


def room_named(text: str) -> str | None:
    """The room `--room` names (its own name or an alias, any case), or None."""
    if text in ROOMS:
        return text
    return ROOM_ALIASES.get(text.strip().lower())


# -- the game's own numbers, by room and date ----------------------------------------------

_LOG_ID = re.compile(r"([0-9]{10})gm-([0-9a-f]{4})-")
# Before June 2010 Tenhou played on when the all-last dealer was ready and first at a draw;
# it stops there since (and stops on the dealer's win at any date). The records of
# terralian/fastmaj (tests/data/logs/fastmaj) show both: 2009082713gm-00e1 (E4-0),
# 2009082815gm-00e1, 2010030412gm-00e1 and 2010060106gm-00a9 (S4-0) play on after the
# dealer's ready hand, 2010060800gm-0061 ends at E4-0 on it (its owari is on that draw).
# The change lies between those two dates; the later one is taken.
TENPAI_YAME_FROM = "2010060800"
# In 2009 the 一般 and 上級 rooms (lobby bits without DAN2, 0x80) settled with uma 5-10,
# not 10-20: the owari of fastmaj's 2009071823gm-0041 (41,100 -> +41: 41 - 30 + 20 oka +
# 10) and of 2009072917gm-0061, 2009072918gm-0061 and 2009073112gm-0061 show it, while
# the 鳳凰 room (0xe1) of the same weeks and the 上級 games of 2010 (2010060416gm-0061)
# have 10-20.
UMA_5_10_BEFORE = "2010000000"
UMA_5_10 = (10, 5, -5, -10)


def tenhou_game_params(log_id: str, go_type: int | None = None) -> dict[str, Any]:
    """What a Tenhou game's own numbers were, where they differ from today's rules
    (`tenhou`, `sanma`): from its log id (`2009071823gm-0041-0000-ff3a2214`: the hour it
    was played, its lobby bits) and its `<GO type>`. Keys: `uma`, `tenpai_yame`."""
    m = _LOG_ID.search(log_id)
    if m is None:
        return {}
    when = m.group(1)
    flags = go_type if go_type is not None else int(m.group(2), 16)
    out: dict[str, Any] = {}
    if when < TENPAI_YAME_FROM:
        out["tenpai_yame"] = False
    if when < UMA_5_10_BEFORE and not flags & DAN2 and not flags & SANMA:
        out["uma"] = UMA_5_10
    return out
