"""Chinese Official (MCR, 国标麻将) scoring: 81 fans, combination principles, best reading.

Self-contained on purpose: plain value classes in (`McrHand`, `Meld`), plain value classes
out (`McrResult`, `McrPayments`), so the ruleset, notation and output layers are wired to
it (`mjscore/scoring/fan.py`) without this package knowing about them. Only tile ids
(`mjscore.tiles`: 0-8 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-33 E S W N White Green Red) and,
for the knitted shanten, the core's regular-shape table are shared. Spec: docs/rules/mcr.md,
1998 values and pymahjonggb 1.4.0 behaviour by default.

    hand = McrHand(concealed=(...13 - 3 * melds tile ids...), win_tile=27,
                   melds=(Meld("pon", (5, 5, 5)),),  # chi | pon | kan | ankan
                   tsumo=False, seat="E", round="E", flowers=2,
                   last_tile=False, rinshan=False, chankan=False, haitei=False, houtei=False)
    result = score(hand, {"two_concealed_kongs": 8})   # options: OPTIONS / DEFAULTS

`McrResult`: `fans` (`FanScore(key, name, name_zh, points, count)`, table order, Flower
Tiles last; `points` is for one occurrence), `fan_points` (without flowers: what the
8-point minimum is tested on), `flower_points`, `total` (what is paid), `qualifies`
(`fan_points >= MINIMUM`) and `decomposition` (the reading that scored best:
`Decomposition(shape, groups)`, shape regular, seven_pairs, thirteen_orphans,
honors_and_knitted or knitted_straight; `Group(kind, tiles, concealed)` with kind chow,
pung, kong, pair, knitted or tiles). `FANS` is the whole table (key, name, name_zh,
points, implies). `McrInputError` (a ValueError) is a malformed hand; its subclass
`NotAWinningHand` tiles that form no winning shape. Flags the tiles make impossible are
normalised as pymahjonggb does (spec section 5). `readings(hand)` lists every winning
reading without scoring (empty when the hand is not complete); `weighed(hand, options)`
scores every reading `score` weighs, and says which one it chooses. `payments(V, winner, tsumo,
discarder)`: ron 8 + V from the discarder and 8 from the others, or 8 + V from each on a
tsumo. Each `Option(name, default, choices, doc, section7_row)` is one row of the spec's
section 7; the ruleset file mjscore/rulesets/mcr.toml offers them all.

Module map: fans.py (the table as data), options.py, hand.py, codes.py (internal tile
codes, the reference calculator's order), context.py (a hand counted once, flags
normalised), shapes.py (readings, per-suit splits cached), waits.py (the unique-wait
test), groups.py (chow-chow and pung-pung fans, account-once), kongs.py, tilefans.py,
regular.py / special.py (raw fans per reading / special shape), combine.py (the
non-repeat principle), score.py (best reading, tie-break, flowers), payments.py,
shanten.py (the MCR-only shanten keys for `mjscore waits`).
"""

from .fans import FANS, Fan
from .hand import McrHand, McrInputError, Meld
from .options import DEFAULTS, OPTIONS, Option
from .payments import McrPayments, payments
from .result import MINIMUM, Decomposition, FanScore, Group, McrResult
from .score import NotAWinningHand, readings, score, weighed

__all__ = [
    "DEFAULTS",
    "FANS",
    "MINIMUM",
    "OPTIONS",
    "Decomposition",
    "Fan",
    "FanScore",
    "Group",
    "McrHand",
    "McrInputError",
    "McrPayments",
    "McrResult",
    "Meld",
    "NotAWinningHand",
    "Option",
    "payments",
    "readings",
    "score",
    "weighed",
]
