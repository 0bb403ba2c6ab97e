"""Plain records: classes with `__slots__` and a hand-written `__init__`, given value semantics here.

Why not `@dataclass`: it writes each class's methods as source text and compiles it with `exec`
when the class is made, about a millisecond per class at start-up on a slow machine, and a run
makes some fifty records on its way to checking one skill. A record spells out its `__init__`
(plain attribute stores: as fast as a dataclass's, faster than a frozen one's) and gets from here
what the dataclass gave it:

- `Record`: `==` and `repr` over its fields, as a dataclass's (unhashable, like a mutable one's);
- `FrozenRecord`: a hash over the fields too, for the records that were frozen (their attributes
  are declared `Final`, so the type checker keeps them unchanged);
- `replace(record, **changes)`: a copy made by the class's own `__init__`, as `dataclasses.replace`;
  `fields(record)`: the names of its fields.

A record's fields are its `__slots__`, its bases' first; slots named in the class keyword
`internal` (a memo, an index) are left out of `==`, the hash, `repr` and `replace`, and are
not parameters of `__init__`; so is a `__dict__` slot (for `functools.cached_property`).
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

R = TypeVar("R", bound="Record")


class Record:
    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, internal: tuple[str, ...] = (), **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("__slots__", ())
        cls._fields = (*cls._fields, *(name for name in own if name not in internal and not name.startswith("__")))

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self._fields])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({fields})"


class FrozenRecord(Record):
    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._values())


def fields(record: Record | type[Record]) -> tuple[str, ...]:
    """The names of a record's fields, in order (as `dataclasses.fields` gives them)."""
    return record._fields


def replace(record: R, /, **changes: Any) -> R:
    """A copy of `record` with `changes`, made by its class's `__init__` (an unknown name is a TypeError)."""
    fields = {name: getattr(record, name) for name in record._fields}
    fields.update(changes)
    make: Any = type(record)
    copy: R = make(**fields)
    return copy
