"""The log schema (`log.schema.json`), loaded once and validated two ways: by jsonschema-rs
(Rust), fast, whose verdict only lets a sound log through, and by `jsonschema`, exact,
whose errors say where and why. A log the fast one refuses is always judged again by the
exact one, so that every message comes from the same place (`messages.py`).
"""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Any, Callable, Final, Mapping, NamedTuple, cast

from arbiter.reading.limits import check_depth
from arbiter.resources import schema_file

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

# Not importlib.resources, which one log would pay to import (docs/speed.md).
with open(schema_file("log"), encoding="utf-8") as _schema:
    LOG_SCHEMA: dict[str, Any] = json.load(_schema)
DEFS: dict[str, Any] = LOG_SCHEMA["$defs"]
# The log schema without its definitions, which each reader inlines (`_inliner`).
_DOCUMENT: dict[str, Any] = {k: v for k, v in LOG_SCHEMA.items() if k != "$defs"}
EVENT_TYPES: tuple[str, ...] = tuple(DEFS["event"]["properties"]["type"]["enum"])
# Event fields that name a player (win's player is a `player` too).
NAME_FIELDS: Final = ("player", "to", "dealer", "about")

Valid = Callable[[Any], bool]


class Exact(NamedTuple):
    document: Draft202012Validator  # each event checked only for a known `type`
    event: Draft202012Validator  # what `document` asks of one event: an object with a known `type`
    events: Mapping[object, Draft202012Validator]  # event type -> its validator (looked up by what a log holds)
    names: dict[int, str]  # id() of an inlined $defs entry -> its name


def _inliner(defs: Mapping[str, Any]) -> tuple[Callable[[object], Any], dict[str, Any]]:
    """A function giving a JSON Schema node with each `$ref` to `defs` replaced by the
    definition, inlined itself once and shared; and the definitions it inlined, by name.
    An inlined schema is validated, and compiled, without resolving a reference."""
    inlined: dict[str, Any] = {}

    def inline(node: object) -> Any:
        if isinstance(node, list):
            return [inline(x) for x in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            name = node["$ref"].removeprefix("#/$defs/")
            if name not in inlined:
                inlined[name] = inline(defs[name])
            return inlined[name]
        return {k: inline(v) for k, v in node.items()}

    return inline, inlined


@functools.cache
def exact() -> Exact:
    """The log schema, compiled once by `jsonschema`. The shipped schema picks an event's
    subschema by if/then on its `type`; here Python makes that choice, and every $ref is
    inlined (each $defs entry once, shared): the same verdicts, some ten times faster."""
    from jsonschema import Draft202012Validator

    inline, inlined = _inliner({**DEFS, "event": {k: v for k, v in DEFS["event"].items() if k != "allOf"}})
    document = inline(_DOCUMENT)
    events: Mapping[object, Draft202012Validator] = {
        t: Draft202012Validator(inline({"$ref": f"#/$defs/{t}_event"})) for t in EVENT_TYPES}
    names = {id(schema): name for name, schema in inlined.items()}
    event = Draft202012Validator(document["properties"]["events"]["items"])
    return Exact(Draft202012Validator(document), event, events, names)


# --------------------------------------------------------------------------- fast: jsonschema-rs


# Python's `$` also matches before a final newline, so the schema's patterns end `$(?!\n)`
# for `jsonschema`, which searches with `re`. JSON Schema's own `$` (ECMA-262), and that of
# jsonschema-rs's plain engine, is the end of the string only: there the guard is
# redundant, and it is a lookahead, which only the slower backtracking engine runs
# (docs/speed.md).
_NEWLINE_GUARD: Final = "$(?!\\n)"


def for_ecma(node: Any) -> Any:
    """The schema with each pattern's `$(?!\\n)` read as JSON Schema's own `$`."""
    if isinstance(node, list):
        return [for_ecma(item) for item in node]
    if not isinstance(node, dict):
        return node
    return {key: (value.removesuffix(_NEWLINE_GUARD) + "$"
                  if key == "pattern" and isinstance(value, str) and value.endswith(_NEWLINE_GUARD)
                  else for_ecma(value))
            for key, value in node.items()}


@functools.cache
def _rust_compiler() -> Callable[[dict[str, Any]], Valid] | None:
    """A compiler by jsonschema-rs of a part of the log schema (a node that may refer to
    its `$defs`), or None where it is not installed: then the exact path judges every log,
    in the same words. The part is compiled inlined, its patterns read by jsonschema-rs's
    plain regular expressions (`for_ecma`): an event type's subschema compiles much faster
    than beside the whole `$defs`, and a log of one game pays for a dozen (docs/speed.md)."""
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover - a platform without its wheel: the slow path is exact
        return None
    plain = jsonschema_rs.RegexOptions()
    inline = _inliner(DEFS)[0]

    def compile_part(node: dict[str, Any]) -> Valid:
        schema = {"$schema": LOG_SCHEMA["$schema"], **for_ecma(inline(node))}
        return jsonschema_rs.validator_for(schema, pattern_options=plain).is_valid

    return compile_part


def _of_definition(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


# The log without its events' contents (`events`: a list), as `exact` splits it.
_HEAD_SCHEMA = {**_DOCUMENT, "properties": {**LOG_SCHEMA["properties"], "events": {"type": "array"}}}


class FastSchema:
    """The schema split as `exact` splits it: the log without its events' contents, and
    each event type's own subschema (the published schema tries 28 if/then branches on
    each event, three times slower). Its verdict only lets a sound log through; a log it
    refuses is checked again by `jsonschema`. Tests hold the two to the same verdicts."""

    def __init__(self, rust: Callable[[dict[str, Any]], Valid]) -> None:
        self.head = rust(_HEAD_SCHEMA)
        self.events: dict[str, Valid] = {}  # event type -> its own subschema, once `event` has met it
        self._rust = rust

    def event(self, kind: str) -> Valid | None:
        """The validator of an event type, compiled when a log first holds one (a log of a
        few games meets a third of the types, and checking one log is mostly start-up);
        None for what is no event type."""
        if kind not in EVENT_TYPES:
            return None
        valid = self.events[kind] = self._rust(_of_definition(f"{kind}_event"))
        return valid


@functools.cache
def fast() -> FastSchema | None:
    """Made when a process first reads a log, not at import: importing jsonschema-rs is
    much of one log's start-up (its module imports `email.utils`, `decimal`, `socket`;
    docs/speed.md)."""
    rust = _rust_compiler()
    return None if rust is None else FastSchema(rust)


@functools.cache
def _fast_validator() -> Valid | None:
    """The published schema whole, by jsonschema-rs: some fifty times faster than
    `jsonschema` to find that a log the exact path reads (a float for an int, white space
    before a colon …) is valid after all."""
    rust = _rust_compiler()
    return None if rust is None else rust(_DOCUMENT)


@functools.cache
def _fast_event_validator() -> Valid | None:
    """One event against the published schema, by jsonschema-rs: finds the first bad
    event of a long log without taking `jsonschema` through all the good ones."""
    rust = _rust_compiler()
    return None if rust is None else rust(_of_definition("event"))


# --------------------------------------------------------------------------- exact: jsonschema


def schema_error(doc: object) -> ValidationError | None:
    """The one error to report of a document that breaks the schema (`messages.describe`
    puts it in words); None for a valid log. Raises LogReadError for a document nested
    deeper than `MAX_DEPTH`, before `jsonschema` and the messages, which recurse."""
    fast_valid = _fast_validator()
    if fast_valid is not None and fast_valid(doc):
        # Valid, so a log object; `meta` the one place a valid log may nest as it likes.
        check_depth(cast("dict[str, Any]", doc).get("meta"), 2)
        return None
    check_depth(doc)
    compiled = exact()
    events = doc.get("events") if isinstance(doc, dict) else None
    # Everything but the events first: any error there comes before any event's (_rank).
    head = {**doc, "events": []} if isinstance(doc, dict) and isinstance(events, list) else doc
    errors: list[ValidationError] = []
    if not compiled.document.is_valid(head):
        errors = list(compiled.document.iter_errors(head))
    if not errors and isinstance(events, list):
        errors = _first_event_errors(compiled, events)
    if not errors:
        return None
    error = min(errors, key=_rank)
    while error.validator in ("oneOf", "anyOf"):  # a list of cards with one bad card, …
        deeper = [e for e in error.context if len(e.absolute_path) > len(error.absolute_path)]
        if not deeper:
            break
        error = min(deeper, key=_rank)
    return error


def _first_event_errors(compiled: Exact, events: list[Any]) -> list[ValidationError]:
    """The schema errors of the first event that has any (those are the ones _rank puts
    first), relative to the log; the events after it are not looked at."""
    fast_valid = _fast_event_validator()
    for k, event in enumerate(events):
        if fast_valid is not None and fast_valid(event):
            continue
        errors = list(compiled.event.iter_errors(event))
        kind = event.get("type") if isinstance(event, dict) else None
        validator = compiled.events.get(kind) if isinstance(kind, str) else None  # a list is no type
        if validator is not None:
            errors.extend(validator.iter_errors(event))
        if errors:
            for error in errors:
                error.path.extendleft((k, "events"))  # relative to the event -> to the log
            return errors
    return []


# Keyed by object: looked up by any part of a path, or a validator that may be unset.
_TOP_ORDER: Mapping[object, int] = {"format": 1, "version": 2, "table": 3, "meta": 4, "events": 5}
_KIND_ORDER: Mapping[object, int] = {"required": 1, "additionalProperties": 2}


def _rank(error: ValidationError) -> tuple[int, int, int, int]:
    """Which error to report: the first place in the document (top level, format,
    version, table, meta, then events in order); within a place, an unknown event type,
    then a missing field, then an unknown one, then a bad value."""
    p = list(error.absolute_path)
    top = _TOP_ORDER.get(p[0], 6) if p else 0
    event = p[1] if len(p) > 1 and p[0] == "events" and isinstance(p[1], int) else -1
    kind = 0 if p[2:] == ["type"] else _KIND_ORDER.get(error.validator, 3)
    return (top, event, kind, len(p))
