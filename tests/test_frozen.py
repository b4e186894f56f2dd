"""mjscore.frozen: value classes with the behaviour of a frozen, slotted dataclass."""

from __future__ import annotations

import copy
import pickle
from typing import ClassVar

import pytest

from mjscore.base.frozen import FrozenError, field, fields, from_fields, replace, value_class


@value_class
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = field(default_factory=tuple)
    note: str = field(default="", compare=False)
    KIND: ClassVar[str] = "point"


@value_class
class Labelled(Point):
    label: str = "p"


@value_class(frozen=False)
class Counter:
    n: int
    twice: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.twice = 2 * self.n


def test_init_defaults_and_factories() -> None:
    p = Point(1)
    assert (p.x, p.y, p.tags, p.note) == (1, 0, (), "")
    assert Point(1, 2, ("a",), note="n").tags == ("a",)
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, z=3)  # type: ignore[call-arg]


def test_equality_and_hash_by_compared_fields() -> None:
    assert Point(1, 2) == Point(1, 2, note="other")
    assert hash(Point(1, 2)) == hash(Point(1, 2, note="other"))
    assert Point(1, 2) != Point(2, 1)
    assert Point(1) != Labelled(1)  # another class is never equal
    assert Point(1) != (1, 0, ())
    assert len({Point(1), Point(1), Point(2)}) == 2


@value_class
class One:
    n: int


@value_class
class Nothing:
    note: str = field(default="", compare=False)


def test_equality_and_hash_with_one_or_no_compared_field() -> None:
    """A value of one compared field (HouseRules) hashes and compares too: its key is a
    plain function, which the class must not bind as a method (found by the native core's
    bridge, which keys its runs on the house rules)."""
    assert One(1) == One(1) and One(1) != One(2)
    assert hash(One(1)) == hash(One(1))
    assert len({One(1), One(1), One(2)}) == 2
    assert Nothing("a") == Nothing("b") and hash(Nothing("a")) == hash(Nothing("b"))


def test_frozen() -> None:
    p = Point(1)
    with pytest.raises(FrozenError):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del p.y  # type: ignore[misc]
    with pytest.raises(AttributeError):
        p.other = 1  # type: ignore[attr-defined]
    assert not hasattr(p, "__dict__")


def test_fields_replace_match_args() -> None:
    assert [f.name for f in fields(Point)] == ["x", "y", "tags", "note"]
    assert fields(Point(1)) == fields(Point)
    assert Point.__match_args__ == ("x", "y", "tags", "note")
    assert replace(Point(1, 2), y=5) == Point(1, 5)
    assert Point.KIND == "point"


def test_inheritance_adds_fields_after_the_base() -> None:
    q = Labelled(1, 2, label="q")
    assert [f.name for f in fields(Labelled)] == ["x", "y", "tags", "note", "label"]
    assert (q.x, q.y, q.label) == (1, 2, "q")
    assert isinstance(q, Point)


def test_mutable_record_and_post_init() -> None:
    c = Counter(3)
    assert c.twice == 6
    c.n = 4
    assert c.n == 4
    assert Counter.__hash__ is None
    with pytest.raises(TypeError):
        Counter(1, 2)  # type: ignore[call-arg]  # `twice` is not an argument


def test_pickle_and_copy() -> None:
    p = Labelled(1, 2, ("t",), "n", "q")
    for again in (pickle.loads(pickle.dumps(p)), copy.copy(p), copy.deepcopy(p)):
        assert again == p and again.note == "n"
    c = pickle.loads(pickle.dumps(Counter(2)))
    assert (c.n, c.twice) == (2, 4)


def test_required_after_default_is_refused() -> None:
    with pytest.raises(TypeError, match="follows"):

        @value_class
        class Bad:
            a: int = 0
            b: int


def test_repr_shows_fields_but_those_left_out() -> None:
    @value_class
    class Shown:
        a: int
        b: str = field(default="x", repr=False)

    assert repr(Shown(1)) == "test_repr_shows_fields_but_those_left_out.<locals>.Shown(a=1)"
    assert repr(Point(1)) == "Point(x=1, y=0, tags=(), note='')"


@value_class(slots=False)
class Loose:
    a: int
    b: str = "x"


def test_a_class_without_slots_keeps_its_dict() -> None:
    v = Loose(1)
    assert v.__dict__ == {"a": 1, "b": "x"}
    assert v == Loose(1, "x") and hash(v) == hash(Loose(1))
    with pytest.raises(FrozenError):
        v.a = 2  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(v)) == v
    assert repr(v) == "Loose(a=1, b='x')"


def test_a_dict_backed_value_is_given_its_fields_and_copied_from_them() -> None:
    v = from_fields(Loose, {"a": 1, "b": "y"})
    assert v == Loose(1, "y") and hash(v) == hash(Loose(1, "y"))
    assert replace(v, b="z") == Loose(1, "z") and v.b == "y"
    with pytest.raises(TypeError, match="Loose has no field c"):
        replace(v, c=3)
    with pytest.raises(TypeError):
        replace(Point(1), z=3)  # the slotted way: through __init__
    assert replace(Counter(2), n=5).twice == 10  # __post_init__ runs again
