"""Value classes that are cheap to define: `@value_class` in place of a slotted dataclass.

`dataclass(frozen=True, slots=True)` compiles its methods one `exec` at a time and then
builds the class a second time for its slots. A hand scored from the shell defines
some thirty-five value classes before it scores, so their cost is part of every
start-up (README, "The speed layer", has the figures).
`value_class` makes the same class (`__slots__`, an `__init__` with the defaults, `__eq__`,
`__hash__`, a frozen `__setattr__`, `__repr__`, pickling, `__match_args__`) with one
compiled function, `__init__`, and the rest shared by every class (equality and the hash
read a per-class `operator.attrgetter` of the compared fields), in much less time.
Instances cost the same to build and read.

What it keeps of dataclasses: fields are the class's annotations in order, after those
of a `@value_class` base; a default is a class attribute or a `field(...)` (a factory, a field
left out of `__init__` or of comparisons, metadata); `fields(...)` and `replace(...)`.
A class with `slots=False` may also be given all its fields at once (`from_fields`).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()  # no default: the field must be given


class FrozenError(AttributeError):
    """A field of a frozen value was assigned or deleted."""


class Field:
    """One field: its name, its default or factory, and how the class treats it."""

    __slots__ = ("name", "default", "factory", "init", "compare", "repr", "metadata")

    def __init__(
        self,
        default: Any = MISSING,
        factory: Callable[[], Any] | None = None,
        init: bool = True,
        compare: bool = True,
        repr: bool = True,
        metadata: dict[str, Any] | None = None,
    ):
        self.name = ""
        self.default, self.factory = default, factory
        self.init, self.compare, self.repr = init, compare, repr
        self.metadata = metadata or {}

    @property
    def required(self) -> bool:
        return self.default is MISSING and self.factory is None

    def __repr__(self) -> str:
        return f"Field({self.name!r})"


def field(
    *,
    default: Any = MISSING,
    default_factory: Callable[[], Any] | None = None,
    init: bool = True,
    compare: bool = True,
    repr: bool = True,
    metadata: dict[str, Any] | None = None,
) -> Any:
    """A field's declaration beyond a plain default, as `dataclasses.field` takes it."""
    return Field(default, default_factory, init, compare, repr, metadata)


def fields(of: Any) -> tuple[Field, ...]:
    """The fields of a value class or of a value, in order."""
    found: tuple[Field, ...] = type.__getattribute__(
        of if isinstance(of, type) else type(of), "__value_fields__"
    )
    return found


def from_fields(cls: type[T], values: dict[str, Any]) -> T:
    """A value of `cls`, a value class with `slots=False`, whose fields are the dict
    `values`, every one of them: the dict becomes the value's own, in one step.

    A parser that has a value's fields in a dict already skips the generated `__init__`,
    which sets them one by one (object.__setattr__ for each). Equality, hashing,
    repr and `replace` read the fields as ever. The caller keeps no reference to the dict.
    """
    value = object.__new__(cls)
    object.__setattr__(value, "__dict__", values)
    return value


def replace(obj: T, **changes: Any) -> T:
    """A copy of `obj` with some fields changed (the others as they are).

    A value whose fields are all its `__dict__` and all given to `__init__`, with no
    `__post_init__` to run, is copied from that dict (`from_fields`): what-ifs such as
    `Hand.with_win` make one for every tile a hand waits on."""
    cls = type(obj)
    if type.__getattribute__(cls, "__value_copies_dict__"):  # set on every value class
        unknown = changes.keys() - obj.__dict__.keys()
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
        return from_fields(cls, {**obj.__dict__, **changes})
    given = {f.name: getattr(obj, f.name) for f in fields(obj) if f.init}
    given.update(changes)
    return cls(**given)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def value_class(cls: type[T] | None = None, *, frozen: bool = True, slots: bool = True) -> Any:
    """Make `cls` a value class: frozen (the default) or, with `frozen=False`, a record
    whose fields may change (no hash then, as for a dataclass). `slots=False` keeps the
    instances' `__dict__` (a parser may then hand a value all its fields at once)."""

    def make(c: type[T]) -> type[T]:
        return _make(c, frozen, slots)

    return make if cls is None else make(cls)


def _declared(cls: type) -> list[Field]:
    """The fields of `cls`: a base's first, then its own annotations (ClassVar skipped)."""
    out: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        for f in base.__dict__.get("__value_fields__", ()):
            out[f.name] = f
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
            continue
        given = cls.__dict__.get(name, MISSING)
        f = given if isinstance(given, Field) else Field(given)
        f.name = name
        out[name] = f
    return list(out.values())


def _source(fs: list[Field], post: bool) -> str:
    """`__init__`, as Python to compile (`post`: it calls __post_init__). Equality and the
    hash are shared functions over the class's key, an operator.attrgetter."""
    args, body = ["self"], []
    seen_default = False
    for f in fs:
        if f.init:
            if f.required:
                if seen_default:
                    raise TypeError(f"field '{f.name}' without a default follows one with it")
                args.append(f.name)
            else:
                seen_default = True
                args.append(f"{f.name}=_d_{f.name}")
            given = (
                f"(_f_{f.name}() if {f.name} is _FACTORY else {f.name})" if f.factory else f.name
            )
        else:
            given = f"_f_{f.name}()" if f.factory else f"_d_{f.name}"
            if f.required:
                given = None  # set by __post_init__
        if given is not None:
            body.append(f"    _set(self, {f.name!r}, {given})")
    if post:
        body.append("    self.__post_init__()")
    return "\n".join([f"def __init__({', '.join(args)}):", *body, "    pass"]) + "\n"


class _Factory:
    """The __init__ default of a field with a factory; shown as dataclasses show it, so a
    signature (the library's manual) reads the same from run to run."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()
_MADE = (
    "__init__",
    "__eq__",
    "__hash__",
    "__getstate__",
    "__setstate__",
    "__repr__",
    "__setattr__",
    "__delattr__",
    "__value_fields__",
    "__value_key__",
    "__match_args__",
    "__value_copies_dict__",
)


def _make(cls: type[T], frozen: bool, slots: bool) -> type[T]:
    fs = _declared(cls)
    names = {f.name for f in fs}
    scope: dict[str, Any] = {"_set": object.__setattr__, "_FACTORY": _FACTORY}
    for f in fs:
        scope[f"_d_{f.name}"] = _FACTORY if f.factory else f.default
        if f.factory:
            scope[f"_f_{f.name}"] = f.factory
    post = hasattr(cls, "__post_init__")
    exec(_source(fs, post), scope)  # noqa: S102 - our own generated methods, as dataclasses do
    own = [n for n in cls.__dict__.get("__annotations__", {}) if n in names]
    namespace = {
        k: v
        for k, v in cls.__dict__.items()
        if k not in names and k not in ("__dict__", "__weakref__")
    }
    namespace["__slots__"] = tuple(
        n for n in own if not any(n in getattr(b, "__slots__", ()) for b in cls.__mro__[1:])
    )
    namespace["__init__"], namespace["__eq__"] = scope["__init__"], _eq
    # static: a one-field key is a plain function, which a class would bind as a method
    namespace["__value_key__"] = staticmethod(_key_of([f.name for f in fs if f.compare]))
    namespace["__getstate__"], namespace["__setstate__"] = _getstate, _setstate
    if "__repr__" not in cls.__dict__:
        namespace["__repr__"] = _repr
    namespace["__hash__"] = _hash if frozen else None
    if frozen:
        namespace["__setattr__"] = _frozen_setattr
        namespace["__delattr__"] = _frozen_delattr
    namespace["__value_fields__"] = tuple(fs)
    namespace["__match_args__"] = tuple(f.name for f in fs if f.init)
    namespace["__value_copies_dict__"] = not slots and not post and all(f.init for f in fs)
    if slots:  # a class's slots are fixed when it is made: make it again, with them
        meta: Callable[..., type[T]] = type(cls)  # a metaclass makes instances of it
        made = meta(cls.__name__, cls.__bases__, namespace)
        made.__qualname__ = cls.__qualname__
    else:  # the class as it is, with the methods: a default stays a class attribute
        made = cls
        for f in fs:
            if isinstance(cls.__dict__.get(f.name), Field):
                if f.default is MISSING:
                    delattr(cls, f.name)
                else:
                    setattr(cls, f.name, f.default)
        for name in _MADE:
            if name in namespace:
                setattr(cls, name, namespace[name])
    scope["__init__"].__qualname__ = f"{cls.__qualname__}.__init__"
    return made


def _key_of(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The compared fields of a value as one tuple (attrgetter builds it in C)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda value: (one(value),)
    return lambda value: ()


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        key = self.__value_key__
        return key(self) == key(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__value_key__(self))


def _repr(self: Any) -> str:
    """`Name(field=value, ...)`, read when called: one function for every class."""
    shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)
    return f"{type(self).__qualname__}({shown})"


def _getstate(self: Any) -> tuple[Any, ...]:
    """Pickling and copying: the field values in order (slots have no __dict__)."""
    return tuple(getattr(self, f.name) for f in fields(self))


def _setstate(self: Any, state: tuple[Any, ...]) -> None:
    for f, item in zip(fields(self), state, strict=True):
        object.__setattr__(self, f.name, item)


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenError(f"cannot assign to field '{name}' of a frozen {type(self).__name__}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenError(f"cannot delete field '{name}' of a frozen {type(self).__name__}")
