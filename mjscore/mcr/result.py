"""The plain-value output of the MCR scorer: fans, totals, the minimum, the reading."""

from __future__ import annotations

from ..base.frozen import value_class

MINIMUM = 8  # points a hand needs, flowers not counted (spec 4.1)


@value_class(slots=False)
class FanScore:
    """One scored fan: `points` for one occurrence, `count` occurrences."""

    key: str
    name: str
    name_zh: str
    points: int
    count: int

    @property
    def total(self) -> int:
        return self.points * self.count


@value_class(slots=False)
class Group:
    """One part of a reading, in mjscore tile ids.

    kind: chow, pung, kong, pair, knitted (the nine tiles of a knitted straight) or
    tiles (the loose tiles of Thirteen Orphans / Honors and Knitted Tiles).
    """

    kind: str
    tiles: tuple[int, ...]
    concealed: bool


@value_class(slots=False)
class Decomposition:
    """How the hand was read: shape is regular, seven_pairs, thirteen_orphans,
    honors_and_knitted or knitted_straight."""

    shape: str
    groups: tuple[Group, ...]


@value_class(slots=False)
class McrResult:
    """fans includes Flower Tiles; total = fan_points + flower_points."""

    fans: tuple[FanScore, ...]
    fan_points: int
    flower_points: int
    decomposition: Decomposition

    @property
    def total(self) -> int:
        return self.fan_points + self.flower_points

    @property
    def qualifies(self) -> bool:
        """The 8-point minimum, which flowers never help to reach."""
        return self.fan_points >= MINIMUM
