"""A JSON Schema turned into a Python predicate: valid or not, and nothing more.

Why: jsonschema-rs decides fastest, but importing it costs some 15 ms (its module
imports `email.utils`, `decimal`, `socket` …): more than replaying a log of a few games.
A process that checks one log (or its first few thousand events) decides with this
predicate instead, compiled from the same schema file, in well under a millisecond.

It knows the keywords the log schema uses; `compile_schema` raises `Unsupported` for
any other, so a schema that grows past it is noticed at once (a test compiles the
shipped one). Where Python's values leave the verdict in doubt (a float where an
integer is wanted, a value that is no plain JSON value, a list of mixed items that must
be unique) it raises `Doubt` rather than guess: the caller then takes the exact path,
whose messages say what is wrong, or that nothing is.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterator, Mapping

Predicate = Callable[[Any], bool]
# A keyword's test: the value and its Python type (one of _PLAIN) in, holds or not out.
_Test = Callable[[Any, type], bool]

_PLAIN = frozenset({dict, list, str, int, float, bool, type(None)})
_NUMBERS = (int, float)
_TYPES: Mapping[str, tuple[type, ...]] = {
    "object": (dict,), "array": (list,), "string": (str,), "boolean": (bool,), "null": (type(None),),
    "number": _NUMBERS, "integer": (int,),
}
_ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "title", "description", "default", "examples"})


class Unsupported(ValueError):
    """The schema uses a keyword (or a form of one) this compiler does not know."""


class Doubt(ValueError):
    """The value is one whose verdict Python's types leave open: let the exact path judge."""


def compile_schema(schema: Mapping[str, Any], defs: Mapping[str, Any] | None = None) -> Predicate:
    """The predicate of `schema`, its `#/$defs/…` references resolved in `defs` (by
    default its own `$defs`), each compiled once, when first referred to."""
    return _Compiler(schema.get("$defs", {}) if defs is None else defs).node(schema)


def compile_each(schemas: Mapping[str, Mapping[str, Any]], defs: Mapping[str, Any]) -> Mapping[str, Predicate]:
    """The predicate of each schema, all sharing `defs`: each compiled when it is first
    looked up (a log of a few games meets a third of the event types), each definition
    once."""
    return _Each(schemas, _Compiler(defs))


class _Each(Mapping[str, Predicate]):
    def __init__(self, schemas: Mapping[str, Mapping[str, Any]], compiler: _Compiler) -> None:
        self.schemas = schemas
        self.compiler = compiler
        self.compiled: dict[str, Predicate] = {}

    def __getitem__(self, name: str) -> Predicate:
        if name not in self.compiled:
            self.compiled[name] = self.compiler.node(self.schemas[name])
        return self.compiled[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.schemas)

    def __len__(self) -> int:
        return len(self.schemas)


class _Compiler:
    def __init__(self, defs: Mapping[str, Any]) -> None:
        self.defs = defs
        self.compiled: dict[str, Predicate | None] = {}

    def ref(self, pointer: object) -> Predicate:
        if not isinstance(pointer, str) or not pointer.startswith("#/$defs/"):
            raise Unsupported(f"$ref {pointer!r}: only #/$defs/NAME is known")
        name = pointer.removeprefix("#/$defs/")
        if name not in self.defs:
            raise Unsupported(f"$ref {pointer!r}: no such definition")
        if name not in self.compiled:
            self.compiled[name] = None  # being compiled: a reference to it from inside waits for it
            self.compiled[name] = self.node(self.defs[name])
        done = self.compiled[name]
        return done if done is not None else (lambda value: self._late(name)(value))

    def _late(self, name: str) -> Predicate:
        done = self.compiled[name]
        assert done is not None  # compiled by the time a value is checked
        return done

    def node(self, schema: object) -> Predicate:
        if schema is True or schema is False:
            verdict = schema
            return lambda value: _plain(value) is not None and verdict
        if not isinstance(schema, Mapping):
            raise Unsupported(f"a schema must be an object or a boolean, not {schema!r}")
        made = (self.keyword(key, schema[key], schema) for key in schema if key not in _ANNOTATIONS)
        tests = [test for test in made if test is not None]

        def check(value: Any) -> bool:
            kind = _plain(value)
            return all(test(value, kind) for test in tests)
        return check

    def keyword(self, key: str, arg: Any, schema: Mapping[str, Any]) -> _Test | None:
        """The test of one keyword; None for one that only serves another (`then`)."""
        if key == "$ref":
            target = self.ref(arg)
            return lambda value, kind: target(value)
        if key == "type":
            kinds = tuple(t for name in ([arg] if isinstance(arg, str) else arg) for t in _type(name))
            return lambda value, kind: kind in kinds or _integral_float(value, kind, kinds)
        if key in ("const", "enum"):
            allowed = [arg] if key == "const" else list(arg)
            if not all(type(a) in (str, int, bool, type(None)) for a in allowed):
                raise Unsupported(f"{key} {arg!r}: only strings, integers, booleans and null are known")
            return lambda value, kind: any(_equal(value, kind, a) for a in allowed)
        if key == "required":
            names = tuple(arg)
            return lambda value, kind: kind is not dict or all(name in value for name in names)
        if key == "properties":
            properties = {name: self.node(sub) for name, sub in arg.items()}
            return lambda value, kind: kind is not dict or all(
                test(value[name]) for name, test in properties.items() if name in value)
        if key == "additionalProperties":
            known = frozenset(schema.get("properties", ()))
            if "patternProperties" in schema:
                raise Unsupported("patternProperties")
            extra = self.node(arg)
            return lambda value, kind: kind is not dict or all(
                extra(item) for name, item in value.items() if _key(name) not in known)
        if key == "propertyNames":
            names_test = self.node(arg)
            return lambda value, kind: kind is not dict or all(names_test(_key(name)) for name in value)
        if key == "items":
            if not isinstance(arg, (Mapping, bool)):
                raise Unsupported("items as a list (prefixItems in 2020-12)")
            item_test = self.node(arg)
            return lambda value, kind: kind is not list or all(item_test(item) for item in value)
        if key in ("minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"):
            return _size(key, arg)
        if key == "uniqueItems":
            return (lambda value, kind: kind is not list or _unique(value)) if arg else None
        if key == "pattern":
            search = re.compile(arg).search
            return lambda value, kind: kind is not str or search(value) is not None
        if key == "minimum":
            return lambda value, kind: kind not in _NUMBERS or value >= arg
        if key == "maximum":
            return lambda value, kind: kind not in _NUMBERS or value <= arg
        if key == "if":
            condition = self.node(arg)
            then = self.node(schema.get("then", True))
            otherwise = self.node(schema.get("else", True))
            return lambda value, kind: then(value) if condition(value) else otherwise(value)
        if key in ("then", "else", "$defs"):
            return None  # judged with their `if` (alone, they have no effect); reached by $ref
        if key in ("allOf", "anyOf", "oneOf"):
            branches = [self.node(sub) for sub in arg]
            if key == "allOf":
                return lambda value, kind: all(branch(value) for branch in branches)
            if key == "anyOf":
                return lambda value, kind: any(branch(value) for branch in branches)
            return lambda value, kind: sum(branch(value) for branch in branches) == 1
        if key == "not":
            negated = self.node(arg)
            return lambda value, kind: not negated(value)
        raise Unsupported(f"the keyword {key!r}")


def _type(name: str) -> tuple[type, ...]:
    if name not in _TYPES:
        raise Unsupported(f"type {name!r}")
    return _TYPES[name]


def _plain(value: Any) -> type:
    """The value's Python type, if it is one JSON has; else the verdict is in doubt."""
    kind = type(value)
    if kind not in _PLAIN:
        raise Doubt(f"not a plain JSON value: {kind.__name__}")
    return kind


def _integral_float(value: Any, kind: type, kinds: tuple[type, ...]) -> bool:
    """JSON Schema counts 3.0 as an integer; the exact path makes an int of it and judges."""
    if kind is float and int in kinds and float not in kinds and value.is_integer():
        raise Doubt("a float where an integer is wanted")
    return False


def _equal(value: Any, kind: type, expected: str | int | bool | None) -> bool:
    """JSON equality with a scalar: 1 equals 1.0, but never True (a bool is no number)."""
    if type(expected) is int and kind in _NUMBERS:
        return bool(value == expected)
    return kind is type(expected) and bool(value == expected)


def _key(name: object) -> str:
    if type(name) is not str:
        raise Doubt("an object key that is not a string")
    return name


def _unique(items: list[Any]) -> bool:
    if all(type(item) is str for item in items):
        return len(set(items)) == len(items)
    raise Doubt("uniqueness of items other than strings")


def _size(key: str, bound: int) -> _Test:
    kind_of = list if key.endswith("Items") else str if key.endswith("Length") else dict
    if key.startswith("min"):
        return lambda value, kind: kind is not kind_of or len(value) >= bound
    return lambda value, kind: kind is not kind_of or len(value) <= bound
