"""A schema error put in one line, with its JSON Pointer; and the words with which every
message of the reading names a place and quotes a value, so that a fault is said alike
whichever check found it (tests/test_reading.py pins the words).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Iterable, Mapping, cast

from arbiter.events import event_words
from arbiter.reading.exact import validators
from arbiter.reading.schema import EVENT_TYPES

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

# How a value's kind is described, for the $defs whose structure does not say it.
NAME_WORDS = ("a player's name (a non-empty string without control characters or characters that reorder the "
              "text after them, neither beginning nor ending with a space)")
_PHRASES = {
    "name": NAME_WORDS,
    "card": "a card (rank 2-9, T or 10, J, Q, K or A, then suit c, d, h or s, e.g. 'Ah', "
    "'Td', '10d'; or 'Jo')",
}
_PLURALS = {"card": "cards", "name": "player names", "event": "events"}
# Keyed by object: looked up by what a subschema holds, or None.
_MINIMUM_WORDS: Mapping[object, str] = {0: "a non-negative integer", 1: "a positive integer"}
_TYPE_WORDS: Mapping[object, str] = {"boolean": "true or false", "object": "an object", "string": "a string"}


def json_pointer(parts: Iterable[object]) -> str:
    """The JSON Pointer (RFC 6901) of a sequence of keys and indexes."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def describe(doc: object, error: ValidationError) -> tuple[str, str]:
    """The message and the JSON Pointer for a schema error."""
    path = list(error.absolute_path)
    where = subject(doc, path)
    # An error of a validation has all of these set; the log schema's subschemas are all
    # objects (its only `false` is additionalProperties'), so the one that failed is one.
    v, schema = error.validator, cast("Mapping[str, Any]", error.schema)
    instance: Any = error.instance  # the value that failed: any JSON value
    if "propertyNames" in error.schema_path:  # a key of `hands` or `testimony`
        message = f"{where} has a key that is not {_expected(schema)}: {show(instance)}"
        return message, json_pointer([*path, instance])
    if v == "enum" and len(path) == 3 and path[0] == "events" and path[2] == "type":
        guess = _did_you_mean(instance, EVENT_TYPES)
        event = cast("dict[str, Any]", doc)["events"][path[1]]
        message = f"{subject(doc, path[:2])}{_by(event)}: unknown event type {show(instance)}{guess}"
        return message, json_pointer(path)
    if v == "required":
        missing = next(f for f in cast("list[str]", error.validator_value) if f not in instance)
        if missing == "type" and len(path) == 2 and path[0] == "events":  # no type to name: the player, as
            where += _by(instance)                                         # every message says
        return f"{where}: missing required field {missing!r}", json_pointer(path)
    if v == "additionalProperties":
        known = list(schema.get("properties", {}))
        extra = [k for k in instance if k not in known]
        hint = _did_you_mean(extra[0], known) or f" (allowed: {', '.join(known)})"
        fields = "field" if len(extra) == 1 else "fields"
        message = f"{where}: unknown {fields} {', '.join(map(repr, extra))}{hint}"
        return message, json_pointer([*path, extra[0]])
    if v == "uniqueItems":
        second = next(i for i, x in enumerate(instance) if x in instance[:i])
        return f"{where} names {show(instance[second])} more than once", json_pointer([*path, second])
    if v in ("minItems", "maxItems") and path == ["table", "players"]:
        message = f"{where} must name {schema['minItems']} to {schema['maxItems']} players, got {len(instance)}"
    elif v == "minProperties" or (v == "minLength" and instance == ""):
        message = f"{where} must not be empty"
    elif v == "maximum":
        message = f"{where} is out of bounds: at most {schema['maximum']:,}, got {show(instance)}"
    else:
        message = f"{where} must be {_expected(schema, instance)}, got {show(instance)}"
    return message, json_pointer(path)


def _by(event: Any) -> str:
    """` (by 'Dan')`: the player an event of no known type names, if it names one."""
    who = next((event[k] for k in ("player", "dealer", "to") if isinstance(event.get(k), str)), None)
    return f" (by {show(who)})" if who is not None else ""


def place(doc: object, path: list[str | int]) -> tuple[str, list[str | int]]:
    """("event 3 (play)", the path within the event), ("table", …) or ("", path)."""
    if len(path) >= 2 and path[0] == "events" and isinstance(path[1], int):
        event = cast("dict[str, Any]", doc)["events"][path[1]]  # a path into its events: a log object
        kind = event.get("type") if isinstance(event, dict) else None
        named = event_words(path[1], event) if isinstance(kind, str) and kind in EVENT_TYPES else f"event {path[1]}"
        return named, path[2:]
    if path and path[0] == "table":
        return "table", path[1:]
    return "", path


def subject(doc: object, path: Iterable[str | int]) -> str:
    """How a message names the place: "event 3 (play): 'stake'", "table", "the log"."""
    head, rel = place(doc, list(path))
    if not rel:
        return head or "the log"
    return f"{head}: {label(rel)}" if head else label(rel)


def label(rel: list[str | int]) -> str:
    """'stake', 'cards'[2], 'hands'['Bob'][0]."""
    return repr(str(rel[0])) + "".join(f"[{p!r}]" for p in rel[1:])


def _expected(schema: Mapping[str, Any], instance: object = None) -> str:
    """What a (compiled) subschema asks for, in words; its bound where `instance` is past it."""
    names = validators().names
    if names.get(id(schema)) in _PHRASES:
        return _PHRASES[names[id(schema)]]
    if "const" in schema:
        return show(schema["const"])
    if "enum" in schema:
        return "one of " + ", ".join(map(show, schema["enum"]))
    if "oneOf" in schema:
        return " or ".join(_expected(choice, instance) for choice in schema["oneOf"])
    kind = schema.get("type")
    if kind == "integer":
        words = _MINIMUM_WORDS.get(schema.get("minimum"), "an integer")
        past = type(instance) is int and instance > schema.get("maximum", instance)
        return f"{words} of at most {schema['maximum']:,}" if past else words
    if kind == "array":
        item = names.get(id(schema.get("items")))
        return f"a list of {_PLURALS[item]}" if item in _PLURALS else "a list"
    return _TYPE_WORDS.get(kind, "valid")


def show(value: object) -> str:
    """A value as a message quotes it: clipped, so that one line stays one line of a
    reasonable length whatever a log holds."""
    if isinstance(value, str):
        return repr(clip(value))
    if isinstance(value, (dict, list, bool)) or value is None:
        return clip(json.dumps(value, ensure_ascii=False))
    return repr(value)


def clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _did_you_mean(word: object, choices: Iterable[str]) -> str:
    import difflib  # only a message with a suggestion needs it

    close = difflib.get_close_matches(word, choices, n=1) if isinstance(word, str) else []
    return f" (did you mean {close[0]!r}?)" if close else ""
