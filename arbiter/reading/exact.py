"""The log schema read by `jsonschema`: exact, and slow to load and to run. It judges only
a log the sound pass (`sound.py`) does not vouch for, and says what is wrong with it and
where: the one error to report, which `messages.py` puts in words.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Callable, Mapping, NamedTuple, cast

from arbiter.reading.limits import check_depth
from arbiter.reading.schema import DEFS, DOCUMENT, EVENT_TYPES
from arbiter.reading.sound import vouched_event, vouched_head

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError


class Validators(NamedTuple):
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
def validators() -> Validators:
    """The log schema, compiled once by `jsonschema`. The shipped schema picks an event's
    subschema by if/then on its `type`; here Python makes that choice, and every $ref is
    inlined (each $defs entry once, shared): the same verdicts, some ten times faster."""
    from jsonschema import Draft202012Validator

    inline, inlined = _inliner({**DEFS, "event": {k: v for k, v in DEFS["event"].items() if k != "allOf"}})
    document = inline(DOCUMENT)
    events: Mapping[object, Draft202012Validator] = {
        t: Draft202012Validator(inline({"$ref": f"#/$defs/{t}_event"})) for t in EVENT_TYPES}
    names = {id(schema): name for name, schema in inlined.items()}
    event = Draft202012Validator(document["properties"]["events"]["items"])
    return Validators(Draft202012Validator(document), event, events, names)


def schema_error(doc: object) -> ValidationError | None:
    """The one error to report of a document that breaks the schema (`messages.describe`
    puts it in words); None for a valid log. Raises LogReadError for a document nested
    deeper than `MAX_DEPTH`, before `jsonschema` and the messages, which recurse. What
    the sound pass vouches for (the head, each event) is not asked again."""
    errors: list[ValidationError] = []
    if vouched_head(doc):
        # A log object, whose `meta` is the one place it may nest as it likes.
        log = cast("dict[str, Any]", doc)
        check_depth(log.get("meta"), 2)
        errors = _first_event_errors(log["events"], set(log["table"]["players"]))
    else:
        check_depth(doc)
        compiled = validators()
        events = doc.get("events") if isinstance(doc, dict) else None
        # Everything but the events first: any error there comes before any event's (_rank).
        head = {**doc, "events": []} if isinstance(doc, dict) and isinstance(events, list) else doc
        if not compiled.document.is_valid(head):
            errors = list(compiled.document.iter_errors(head))
        if not errors and isinstance(events, list):  # a valid head: a log object, seating a list of names
            errors = _first_event_errors(events, set(cast("dict[str, Any]", doc)["table"]["players"]))
    if not errors:
        return None
    error = min(errors, key=_rank)
    while error.validator in ("oneOf", "anyOf"):  # a list of cards with one bad card, …
        deeper = [e for e in error.context if len(e.absolute_path) > len(error.absolute_path)]
        if not deeper:
            break
        error = min(deeper, key=_rank)
    return error


def _first_event_errors(events: list[Any], seated: set[str]) -> list[ValidationError]:
    """The schema errors of the first event that has any (those are the ones _rank puts
    first), relative to the log; the events after it are not looked at, nor those the
    sound pass vouches for."""
    for k, event in enumerate(events):
        if vouched_event(event, seated):
            continue
        check_depth(event, 3)
        compiled = validators()
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
