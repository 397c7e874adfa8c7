"""Plain records: equality, a readable repr and a changed copy, from a class's `__slots__`.

The classes built at every start of `arbiter check` (the rule book's, the engine's,
the findings) are plain classes with `__slots__` on this base, not dataclasses:
`dataclasses` imports `inspect` and builds each class by compiling source, some 8 ms of
a one-log check (docs/speed.md). A record compares and shows its fields in the order of
its slots; it is never hashed, as its fields may be mutable.
"""

from __future__ import annotations

from typing import Any, Self


class Record:
    """The base of a record: subclasses declare `__slots__` and an `__init__`."""

    __slots__: tuple[str, ...] = ()
    __hash__ = None  # type: ignore[assignment]  # compared by value, never a key

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and all(
            getattr(self, name) == getattr(other, name) for name in self.__slots__)

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed (as `dataclasses.replace`)."""
        unknown = set(changes) - set(self.__slots__)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        copy = object.__new__(type(self))
        for name in self.__slots__:
            object.__setattr__(copy, name, changes.get(name, getattr(self, name)))
        return copy
