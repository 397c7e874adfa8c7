"""The one-pass verdict on a log that every check passes as it is: how a sound log is
read without the hooked parse and `jsonschema`, which only a log with something to say
about it needs. It answers "sound" or "look closer", nothing more: a log it does not vouch
for goes the exact way (`document.py`), which finds what is wrong, or that nothing is, so
the words of an error never depend on it.
"""

from __future__ import annotations

import math
from typing import Any, Final, TypeGuard

from arbiter.escapes import has_lone_surrogate
from arbiter.reading.limits import CARD_COUNTS, MAX_CARDS, MAX_DEPTH, MAX_NUMBER
from arbiter.reading.schema import DEFS, EVENT_TYPES, NAME_FIELDS, FastSchema, fast
from arbiter.seats import POOL

_SCALARS: Final = frozenset({str, int, float, bool, type(None)})


def sound_log(log: object) -> bool:
    """True when a log built in Python (`check_log(dict)`) passes every check as it is,
    with no JSON round trip; False when it must be read as JSON text to say what is wrong
    (or to make ints of the floats that stand for them)."""
    return sound(log, None, parsed=False)


def sound(doc: object, keys_in_text: int | None, parsed: bool = True) -> TypeGuard[dict[str, Any]]:
    """True when the document (as the plain parser gave it, or as a caller built it) is
    a log that every check passes as it is: plain JSON values, numbers in range, the
    schema, the names seated, the counts of cards, no float to make an int of. One pass
    over the events, each against its own type's subschema. False says only that the
    exact path must look (it finds what is wrong, or that nothing is).

    ``keys_in_text``: the most keys the text can hold (``document.key_count``); fewer in
    the document means a duplicate; None for a dict built in Python, which cannot hold one.
    ``parsed``: the document is the JSON parser's, so its values are plain JSON and its
    text was searched for lone surrogates already (a dict from a caller may hold anything)."""
    try:
        return _sound_or_raise(doc, keys_in_text, parsed)
    except (ValueError, TypeError, RecursionError):  # no JSON value: jsonschema-rs refuses to judge it
        return False


def _sound_or_raise(doc: object, keys_in_text: int | None, parsed: bool) -> bool:
    split = fast()
    if split is None or type(doc) is not dict or type(doc.get("events")) is not list:
        return False
    keys = sound_head(doc, split, parsed)
    if keys is None:
        return False
    seated = set(doc["table"]["players"])
    for event in doc["events"]:
        event_keys = sound_event(event, seated, split, parsed)
        if event_keys is None:
            return False
        keys += event_keys
    return keys_in_text is None or keys == keys_in_text


def sound_head(doc: dict[str, Any], split: FastSchema, parsed: bool) -> int | None:
    """How many keys the log holds outside its events, if all but the events' contents
    is sound (the events are not looked at); else None."""
    if type(doc.get("version")) is not int or not split.head(doc):
        return None
    table, meta = doc["table"], doc.get("meta")
    players = table["players"]
    if POOL in players or any(type(v) is not int or v > MAX_NUMBER for v in (table["limit"], table["ante"])):
        return None
    if not parsed and not all(type(p) is str and not has_lone_surrogate(p) for p in players):
        return None
    keys = len(doc) + len(table)
    stacks = table.get("stacks")
    if stacks is not None:  # every player's counters, and no one else's
        if stacks.keys() != set(players) or any(type(v) is not int or v > MAX_NUMBER for v in stacks.values()):
            return None
        keys += len(stacks)
    if meta is not None:
        meta_keys = _plain_meta(meta, parsed)
        if meta_keys is None:
            return None
        keys += meta_keys
    return keys


def sound_event(event: object, seated: set[str], split: FastSchema, parsed: bool) -> int | None:
    """How many keys one event holds, if every check passes it as it is (against its own
    type's subschema); else None. Of an event the JSON parser made (``parsed``), only what
    the schema leaves open is looked at (its type's `Plan`); a caller's is walked value by
    value."""
    if type(event) is not dict:
        return None
    kind = event.get("type")
    if type(kind) is not str:
        return None
    valid = split.events.get(kind) or split.event(kind)
    if valid is None or not valid(event):
        return None
    keys = len(event)
    plan = PLANS.get(kind)
    if parsed and plan is not None:
        name, number = plan.name, plan.number
        if name is not None and event[name] not in seated:
            return None
        if number is not None:  # the schema takes 3.0 for an integer: the exact path makes it one
            value = event[number]
            if type(value) is not int or value > plan.most:
                return None
        if plan.more and not _more_sound(event, plan, seated):
            return None
    else:
        counted = _walked(event, kind, seated, parsed)
        if counted is None:
            return None
        keys += counted
    if kind == "give" or kind == "discard":
        count, cards = event["count"], event.get("cards")
        if (cards is not None and len(cards) != count) or event.get("exposed", 0) > count:
            return None
    return keys


def _more_sound(event: dict[str, Any], plan: Plan, seated: set[str]) -> bool:
    """The names and integers an event of the type may hold beside the name and the integer
    it must (a `point_out`'s `about`, a `give`'s `exposed`): each seated, or an int within its
    limit, where it is there."""
    for field in plan.names:
        if field in event and event[field] not in seated:
            return False
    for field, most in plan.numbers:
        if field in event and (type(event[field]) is not int or event[field] > most):
            return False
    return True


def _walked(event: dict[str, Any], kind: str, seated: set[str], parsed: bool) -> int | None:
    """Each value of an event looked at by its type: how many keys its maps hold (the hands
    dealt, the testimony), if all is sound; else None."""
    keys = 0
    card_counts = CARD_COUNTS.get(kind, ())
    for field, value in event.items():
        kind_of = type(value)
        if kind_of is str:
            if field in NAME_FIELDS and value not in seated:
                return None
            if field == "note" and not parsed and has_lone_surrogate(value):
                return None
        elif kind_of is int:
            if abs(value) > MAX_CARDS and (abs(value) > MAX_NUMBER or field in card_counts):
                return None
        elif kind_of is list:  # cards, original: checked by the schema; unable: names
            if any(type(item) is not str for item in value) or (
                    field == "unable" and not seated.issuperset(value)):
                return None
        elif kind_of is dict:  # hands, testimony: each player's count, or his cards
            keys += len(value)
            if not seated.issuperset(value):
                return None
            for count in value.values():
                if type(count) is int:
                    if count > MAX_CARDS:
                        return None
                elif type(count) is not list or (  # the schema has read each card of a parsed one as text
                        not parsed and any(type(card) is not str for card in count)):
                    return None
        elif kind_of is not bool:  # a float (3.0 is made an int by the exact path), or no JSON value
            return None
    return keys


class Plan:
    """What the schema leaves open in an event of one type whose values are plain JSON:
    that its names are seated, and that its integers are ints (the schema takes 3.0 for one)
    within their limits. A type with a map or a list of names has none: it is walked.

    Most types hold one name and at most one integer, each of which the schema requires
    (a `play`'s player and stake): those are looked at without a loop (`name`, `number`,
    its limit `most`), as nearly every event is; the rest, in `names` and `numbers`, only
    for a type that has any (`more`)."""

    def __init__(self, names: tuple[str, ...], numbers: tuple[tuple[str, int], ...], required: list[str]) -> None:
        needed = [field for field in names if field in required]
        self.name = needed[0] if needed else None
        self.names = tuple(field for field in names if field != self.name)
        counted = [(field, most) for field, most in numbers if field in required]
        self.number: str | None = counted[0][0] if counted else None
        self.most = counted[0][1] if counted else 0
        self.numbers = tuple(entry for entry in numbers if entry[0] != self.number)
        self.more = bool(self.names or self.numbers)


def _plan(kind: str) -> Plan | None:
    """An event type's plan, read from its subschema: each field a name, a number, or what
    the schema settles alone (a card, a flag, a note)."""
    fields = DEFS[f"{kind}_event"]["properties"]
    numbers: list[tuple[str, int]] = []
    for field, node in fields.items():
        ref = node.get("$ref")
        shape = DEFS[ref.removeprefix("#/$defs/")] if ref else node
        if shape.get("type") == "integer":
            numbers.append((field, MAX_CARDS if field in CARD_COUNTS.get(kind, ()) else MAX_NUMBER))
        elif not (shape.get("type") in ("string", "boolean") or shape is DEFS["cards"]
                  or all(type(v) is str for v in shape.get("enum", [shape.get("const")]))):
            return None  # a map (the hands dealt, the testimony) or a list of names
    return Plan(tuple(f for f in NAME_FIELDS if f in fields), tuple(numbers), DEFS[f"{kind}_event"].get("required", []))


PLANS: Final = {kind: plan for kind in EVENT_TYPES for plan in (_plan(kind),) if plan is not None}


def _plain_meta(meta: object, parsed: bool) -> int | None:
    """How many keys `meta` holds, if it is plain JSON within the limits (depth, numbers,
    strings); else None."""
    keys = 0
    # Any: each value is dispatched on its type held in `kind`, which mypy does not follow.
    stack: list[tuple[Any, int]] = [(meta, 2)]
    while stack:
        value, depth = stack.pop()
        kind = type(value)
        if kind is dict or kind is list:
            if depth > MAX_DEPTH:
                return None
            if kind is dict:
                keys += len(value)
                if any(type(k) is not str or (not parsed and has_lone_surrogate(k)) for k in value):
                    return None
                value = value.values()
            stack.extend((child, depth + 1) for child in value)
        elif kind not in _SCALARS:
            return None
        elif kind is int:
            if abs(value) > MAX_NUMBER:  # compared as ints: a float of it may not exist
                return None
        elif kind is float:
            if not (math.isfinite(value) and abs(value) <= MAX_NUMBER):
                return None
        elif kind is str and not parsed and has_lone_surrogate(value):
            return None
    return keys
