"""The log schema read into checks of plain values: what lets the sound pass (`sound.py`)
vouch for a log with no schema library loaded. A check only vouches, and is stricter than
JSON Schema where the two could differ (3.0 is no integer here, nor `true` a 1, nor is a
name sound that is not seated); a log it refuses is judged by `jsonschema`, exactly
(`exact.py`), so no verdict or message depends on it. A part of the schema in a keyword
it does not know never vouches: a log that holds it goes the exact way.

Each event type is read into a `Plan`: the fields it may hold and those it must, checked
as sets of keys at once; the name and the integer it must hold (a `play`'s player and
stake), looked at without a loop, as nearly every event is; a check of each other field,
for those it holds.
"""

from __future__ import annotations

import re
from typing import AbstractSet, Any, Callable, Final

from arbiter.escapes import has_lone_surrogate
from arbiter.events import MAX_NUMBER
from arbiter.reading.schema import DEFS, HEAD_SCHEMA

# A value, and the names seated, to the verdict "sound".
Check = Callable[[Any, AbstractSet[str]], bool]

# The keywords that only say what a part is for.
_ANNOTATIONS: Final = frozenset({"description", "title", "$schema", "$id", "$comment", "examples", "default"})
_KEYWORDS: Final = _ANNOTATIONS | {
    "type", "const", "enum", "minimum", "maximum", "minLength", "pattern", "items", "minItems", "maxItems",
    "uniqueItems", "required", "properties", "additionalProperties", "propertyNames", "oneOf"}
# A name the table seats is one the head's check found to be a `name`: in an event, a
# name is sound if seated, which the replay asks anyway.
_NAME: Final = DEFS["name"]


class UnknownKeyword(Exception):
    """A part of the schema this reader cannot check: it never vouches for it."""


def _resolved(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        if len(node) > 1:
            raise UnknownKeyword("a $ref beside other keywords")
        node = DEFS[node["$ref"].removeprefix("#/$defs/")]
    return node


def compile_check(node: dict[str, Any], *, seated: bool = True, parsed: bool = True) -> Check:
    """The check of a value against `node`. ``seated``: a `name` is sound if seated
    (in an event), else by its pattern (in the table, which seats the names). ``parsed``:
    the value is the JSON parser's, whose strings were searched for lone surrogates; a
    caller's free text is searched here."""
    node = _resolved(node)
    if seated and node is _NAME:
        return lambda value, names: value in names
    unknown = node.keys() - _KEYWORDS
    if unknown:
        raise UnknownKeyword(", ".join(sorted(unknown)))
    checks: list[Check] = []
    if "const" in node:
        const = node["const"]
        kind = type(const)
        checks.append(lambda value, names: type(value) is kind and value == const)
    if "enum" in node:
        words = frozenset(node["enum"])
        if not all(type(word) is str for word in words):
            raise UnknownKeyword("an enum of other than strings")
        checks.append(lambda value, names: type(value) is str and value in words)
    checks.extend(_typed(node, seated, parsed))
    if "oneOf" in node:
        checks.append(_one_of(node["oneOf"], seated, parsed))
    if len(checks) == 1:
        return checks[0]
    every = tuple(checks)
    return lambda value, names: all(check(value, names) for check in every)


def _typed(node: dict[str, Any], seated: bool, parsed: bool) -> list[Check]:
    """The check of the node's `type` and the keywords that go with it. A keyword of one
    type in a node of no type is read as that type's: stricter than JSON Schema, which
    lets a value of another type through (a key is a string anyway)."""
    kind = node.get("type")
    if kind is None:
        kind = ("string" if node.keys() & _STRING_WORDS else "integer" if node.keys() & _NUMBER_WORDS else None)
        if kind is None:
            if node.keys() & {"items", "minItems", "maxItems", "uniqueItems", "required", "properties",
                              "additionalProperties", "propertyNames"}:
                raise UnknownKeyword("a keyword of an array or an object in a node of no type")
            return []
    if kind == "integer":
        low, high = node.get("minimum", -MAX_NUMBER), node.get("maximum", MAX_NUMBER)
        return [lambda value, names: type(value) is int and low <= value <= high]
    if kind == "boolean":
        return [lambda value, names: type(value) is bool]
    if kind == "string":
        return [_string(node, parsed)]
    if kind == "array":
        return [_array(node, seated, parsed)]
    if kind == "object":
        return [_object(node, seated, parsed)]
    raise UnknownKeyword(f"type {kind!r}")


_STRING_WORDS: Final = frozenset({"minLength", "pattern"})
_NUMBER_WORDS: Final = frozenset({"minimum", "maximum"})
# The Python type of a JSON value of each JSON Schema type, the one a check asks for
# (`type(value) is int`: a bool is no integer).
_PYTHON_TYPES: Final = {"integer": int, "string": str, "array": list, "object": dict, "boolean": bool}


def _one_of(choices: list[dict[str, Any]], seated: bool, parsed: bool) -> Check:
    """Exactly one of the choices holds. Where each is of a type of its own (a count, or a
    list of cards), a value can only be the one of its type: that one is asked alone."""
    checks = [compile_check(choice, seated=seated, parsed=parsed) for choice in choices]
    types = [_PYTHON_TYPES.get(_resolved(choice).get("type", "")) for choice in choices]
    if None not in types and len(set(types)) == len(types):
        by_type = dict(zip(types, checks))

        def typed(value: Any, names: AbstractSet[str]) -> bool:
            check = by_type.get(type(value))
            return check is not None and check(value, names)

        return typed
    return lambda value, names: sum(check(value, names) for check in checks) == 1


def _string(node: dict[str, Any], parsed: bool) -> Check:
    shortest = node.get("minLength", 0)
    pattern = node.get("pattern")
    if pattern is None:
        if parsed:
            return lambda value, names: type(value) is str and len(value) >= shortest
        return lambda value, names: type(value) is str and len(value) >= shortest and not has_lone_surrogate(value)
    search = re.compile(pattern).search  # as `jsonschema` searches it
    known = _sound_texts(pattern, shortest)

    def text(value: Any, names: AbstractSet[str]) -> bool:
        if value in known:
            return True
        sound = (type(value) is str and len(value) >= shortest and search(value) is not None
                 and not has_lone_surrogate(value))
        if sound and len(known) < _MOST_KNOWN:
            known.add(value)
        return sound

    return text


# The strings found sound of each part of the schema with a pattern, up to a bound: the
# texts a log holds under one (the cards) are a few, met again and again, and a look-up
# costs a tenth of the search. Free of lone surrogates: sound for a caller's values too.
_SOUND_TEXTS: Final[dict[tuple[str, int], set[str]]] = {}
_MOST_KNOWN: Final = 1024


def _sound_texts(pattern: str, shortest: int) -> set[str]:
    return _SOUND_TEXTS.setdefault((pattern, shortest), set())


def _texts_only(node: dict[str, Any]) -> set[str] | None:
    """The strings known to be sound under a node that asks nothing but a pattern (and a
    length) of a string: a list of them is sound if all are known. None for another node."""
    if node.get("type") != "string" or "pattern" not in node or node.keys() - _ANNOTATIONS - {
            "type", "pattern", "minLength"}:
        return None
    return _sound_texts(node["pattern"], node.get("minLength", 0))


def _array(node: dict[str, Any], seated: bool, parsed: bool) -> Check:
    item = compile_check(node["items"], seated=seated, parsed=parsed) if "items" in node else None
    items = _resolved(node["items"]) if "items" in node else None
    known = None if items is None or (seated and items is _NAME) else _texts_only(items)
    fewest, longest, unique = node.get("minItems", 0), node.get("maxItems", MAX_NUMBER), node.get("uniqueItems")

    def array(value: Any, names: AbstractSet[str]) -> bool:
        if type(value) is not list or not fewest <= len(value) <= longest:
            return False
        if item is not None and not (known is not None and known.issuperset(value)):
            for each in value:
                if not item(each, names):
                    return False
        # Items a set cannot hold raise TypeError, which the sound pass reads as "look closer".
        return not unique or len(set(value)) == len(value)

    return array


def _object(node: dict[str, Any], seated: bool, parsed: bool) -> Check:
    if parsed and node.keys().isdisjoint(("properties", "required", "additionalProperties", "propertyNames")):
        return lambda value, names: type(value) is dict  # any JSON object (`meta`)
    fields = {field: compile_check(shape, seated=seated, parsed=parsed)
              for field, shape in node.get("properties", {}).items()}
    required = frozenset(node.get("required", ()))
    other = node.get("additionalProperties", True)
    others = (None if other is False else
              compile_check(other, seated=seated, parsed=parsed) if other is not True else
              lambda value, names: True)
    keys = node.get("propertyNames")
    # Keys that are names are sound if seated: all asked at once.
    seated_keys = seated and keys is not None and _resolved(keys) is _NAME
    key = compile_check(keys, seated=seated, parsed=parsed) if keys is not None and not seated_keys else None

    def mapping(value: Any, names: AbstractSet[str]) -> bool:
        if type(value) is not dict or not required <= value.keys():
            return False
        if seated_keys and not value.keys() <= names:
            return False
        for field, each in value.items():
            if not seated_keys and (type(field) is not str or (not parsed and has_lone_surrogate(field))):
                return False
            if key is not None and not key(field, names):
                return False
            check = fields.get(field, others)
            if check is None or not check(each, names):
                return False
        return True

    return mapping


class Plan:
    """An event type's subschema, as the sound pass asks it of each event of the type."""

    def __init__(self, kind: str, parsed: bool) -> None:
        node = _resolved(DEFS[f"{kind}_event"])
        if node.get("type") != "object" or node.get("additionalProperties") is not False:
            raise UnknownKeyword("an event that may hold any field")
        shapes = {field: _resolved(shape) for field, shape in node["properties"].items()}
        if shapes.get("type") != {"const": kind}:  # the type's own name, which found the plan: not asked again
            raise UnknownKeyword("an event's type that is not its own name")
        # The fields it may hold are the type, the name, the integer and `others`: a field beside them is
        # found by counting those the event holds (`sound_event`), not by asking its keys of a set.
        self.required = frozenset(node.get("required", ()))
        self.name = next((field for field, shape in shapes.items() if field in self.required and shape is _NAME), None)
        self.number: str | None = None
        self.least = self.most = 0
        for field, shape in shapes.items():
            if field in self.required and shape.get("type") == "integer" and shape.keys() <= _INTEGER_ONLY:
                self.number = field
                self.least = shape.get("minimum", -MAX_NUMBER)
                self.most = shape.get("maximum", MAX_NUMBER)
                break
        self.others = tuple(
            (field, compile_check(shape, parsed=parsed))
            for field, shape in shapes.items() if field not in ("type", self.name, self.number))
        # How many fields an event may hold that are looked at without the loop of `others`:
        # the type, the name and the integer, which the type requires.
        self.settled = 1 + (self.name is not None) + (self.number is not None)
        # The fields the type requires beside those: the type, the name and the integer are read
        # as they are looked at, which finds them there (or not), so that only these are asked of
        # the event's keys (none, for most types: a set asked of a dict's keys is dear).
        self.unread = self.required - {"type", self.name, self.number}
        # Cards listed beside their count (a discard, a give): as many as counted.
        self.counted = "count" in shapes and "cards" in shapes
        # The maps of the players (the hands dealt, the testimony), whose keys are counted.
        self.maps = tuple(field for field, shape in shapes.items() if shape.get("type") == "object")
        if any(_holds_map(shapes[field]) for field in self.maps):
            raise UnknownKeyword("a map within a map, whose keys are not counted")


_INTEGER_ONLY: Final = _ANNOTATIONS | {"type", "minimum", "maximum"}


def _holds_map(node: dict[str, Any]) -> bool:
    parts = [node.get("additionalProperties"), *node.get("properties", {}).values()]
    shapes = [_resolved(part) for part in parts if isinstance(part, dict)]
    shapes += [_resolved(choice) for shape in shapes for choice in shape.get("oneOf", ())]
    return any(shape.get("type") == "object" for shape in shapes)


def plan(kind: str, parsed: bool) -> Plan | None:
    """The plan of an event type, or None where its subschema holds what this reader
    cannot check (its events then go the exact way)."""
    try:
        return Plan(kind, parsed)
    except UnknownKeyword:
        return None


def head_check(parsed: bool) -> Check | None:
    """The check of a log without its events' contents (its names by their pattern)."""
    try:
        return compile_check(HEAD_SCHEMA, seated=False, parsed=parsed)
    except UnknownKeyword:
        return None
