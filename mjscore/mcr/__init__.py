"""Chinese Official (MCR, 国标麻将) scoring: 81 fans, combination principles, best reading.

Self-contained on purpose: plain dataclasses in (`McrHand`, `Meld`), plain dataclasses
out (`McrResult`, `McrPayments`), so the ruleset, notation and output layers can be
wired to it without this package knowing about them. See docs-mcr-api.md.
"""

from .fans import FANS, Fan
from .hand import McrHand, McrInputError, Meld
from .options import DEFAULTS, OPTIONS, Option
from .payments import McrPayments, payments
from .result import MINIMUM, Decomposition, FanScore, Group, McrResult
from .score import NotAWinningHand, readings, score

__all__ = [
    "DEFAULTS", "FANS", "MINIMUM", "OPTIONS", "Decomposition", "Fan", "FanScore", "Group",
    "McrHand", "McrInputError", "McrPayments", "McrResult", "Meld", "NotAWinningHand", "Option",
    "payments", "readings", "score",
]
