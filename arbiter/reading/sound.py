"""The one-pass verdict on a log that every check passes as it is: how a sound log is
read without the hooked parse and `jsonschema`, which only a log with something to say
about it needs. It answers "sound" or "look closer", nothing more: a log it does not vouch
for goes the exact way (`document.py`), which finds what is wrong, or that nothing is, so
the words of an error never depend on it. Its checks are the schema's own, read from it
(`checks.py`), and the reading's limits.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any, Final, Iterable, TypeGuard, cast

from arbiter.escapes import has_lone_surrogate
from arbiter.reading.checks import Check, Plan, head_check, plan
from arbiter.reading.limits import MAX_DEPTH, TOO_LONG_INT
from arbiter.reading.schema import EVENT_TYPES
from arbiter.seats import POOL

_SCALARS: Final = frozenset({str, int, float, bool, type(None)})
_NO_NAMES: Final[frozenset[str]] = frozenset()  # the head names the players by their pattern


class Plans:
    """The checks of a log's head and of each event type, read from the schema when a log
    first holds one (a log of a few games meets a third of the types, and checking one log
    is mostly start-up). ``parsed``: for the JSON parser's values, whose strings were
    searched for lone surrogates already; else for a caller's, which may hold anything."""

    def __init__(self, parsed: bool) -> None:
        self.parsed = parsed
        self.head: Check | None = head_check(parsed)
        self.events: dict[object, Plan] = {}  # event type -> its plan, once `event` has met it

    def event(self, kind: object) -> Plan | None:
        """The plan of an event type (None for what is no type, or a type the checks
        cannot read: its events go the exact way)."""
        found = plan(kind, self.parsed) if isinstance(kind, str) and kind in EVENT_TYPES else None
        if found is not None:
            self.events[kind] = found
        return found


PARSED: Final = Plans(parsed=True)


@cache
def built() -> Plans:
    """The plans for a caller's dict, made when one is first checked: a command line never
    checks one, and its start does not pay for them."""
    return Plans(parsed=False)


def sound_log(log: object) -> bool:
    """True when a log built in Python (`check_log(dict)`) passes every check as it is,
    with no JSON round trip; False when it must be read as JSON text to say what is wrong
    (or to make ints of the floats that stand for them)."""
    return sound(log, None, built())


def sound(doc: object, keys_in_text: int | None, plans: Plans = PARSED) -> TypeGuard[dict[str, Any]]:
    """True when the document (as the plain parser gave it, or as a caller built it) is
    a log that every check passes as it is: plain JSON values, numbers in range, the
    schema, the names seated, the counts of cards, no float to make an int of. One pass
    over the events, each against its own type's subschema. False says only that the
    exact path must look (it finds what is wrong, or that nothing is).

    ``keys_in_text``: the most keys the text can hold (``document.key_count``); fewer in
    the document means a duplicate; None for a dict built in Python, which cannot hold one."""
    keys = sound_head(doc, plans)
    if keys is None:
        return False
    log = cast("dict[str, Any]", doc)  # sound_head found it a log
    event_keys = sound_events(log["events"], set(log["table"]["players"]), plans)
    if event_keys is None:
        return False
    return keys_in_text is None or keys + event_keys == keys_in_text


def sound_head(doc: object, plans: Plans) -> int | None:
    """How many keys the log holds outside its events, if all but the events' contents
    is sound (the events are not looked at); else None."""
    try:
        if plans.head is None or type(doc) is not dict or not plans.head(doc, _NO_NAMES):
            return None
    except TypeError:  # a list or a map where a name should be: no set can hold it
        return None
    table, meta = doc["table"], doc.get("meta")
    if POOL in table["players"]:
        return None
    keys = len(doc) + len(table) + sum(len(value) for value in table.values() if type(value) is dict)
    stacks, pronouns = table.get("stacks"), table.get("pronouns")
    if stacks is not None and stacks.keys() != set(table["players"]):  # every player's counters, no one else's
        return None
    if pronouns is not None and not pronouns.keys() <= set(table["players"]):  # only the seated are named
        return None
    if meta is not None:
        meta_keys = _plain_meta(meta, plans.parsed)
        if meta_keys is None:
            return None
        keys += meta_keys
    return keys


def sound_event(event: object, seated: set[str], plans: Plans) -> int | None:
    """How many keys one event holds, if every check passes it as it is (against its own
    type's subschema); else None."""
    return sound_events((event,), seated, plans)


def sound_events(events: Iterable[object], seated: set[str], plans: Plans) -> int | None:
    """How many keys the events hold in all, if every check passes each as it is (against
    its own type's subschema); else None. One loop over a log's events, with no call for
    each: the pass is made at every event of every log."""
    keys = 0
    known = plans.events
    try:
        for event in events:
            if type(event) is not dict:
                return None
            kind = event.get("type")
            found = known.get(kind) or plans.event(kind)
            if found is None or (found.unread and not found.unread <= event.keys()):
                return None  # the required name and integer are found below, as they are read
            held = len(event)
            name, number = found.name, found.number
            if name is not None and event[name] not in seated:
                return None
            if number is not None:
                value = event[number]
                if type(value) is not int or not found.least <= value <= found.most:
                    return None
            beside = held - found.settled  # the fields beside those looked at already
            if beside:
                for field, check in found.others:
                    if field in event:
                        if not check(event[field], seated):
                            return None
                        beside -= 1
                        if not beside:
                            break
                if beside:  # a field left over is none the type allows: counted, not asked of the keys as a set
                    return None
            if found.maps:
                for field in found.maps:
                    if field in event:
                        held += len(event[field])
            if found.counted:  # the cards listed, as many as counted, and no more of them shown
                count, cards = event["count"], event.get("cards")
                if (cards is not None and len(cards) != count) or event.get("exposed", 0) > count:
                    return None
            keys += held
    except TypeError:  # a list or a map where a name or the type should be: no set can hold it
        return None
    except KeyError:  # a required name or integer missing
        return None
    return keys


def vouched_head(doc: object) -> bool:
    """The document's head (all but its events' contents) is sound, as the JSON parser's."""
    return sound_head(doc, PARSED) is not None


def vouched_event(event: object, seated: set[str]) -> bool:
    """The event is sound, as the JSON parser's, its names among ``seated``."""
    return sound_event(event, seated, PARSED) is not None


def _plain_meta(meta: object, parsed: bool) -> int | None:
    """How many keys `meta` holds, if it is plain JSON within the limits (depth, finite
    numbers, strings); else None."""
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
        elif kind is int:  # any number, free-form (SPEC §2), that can be written out again
            if abs(value) >= TOO_LONG_INT:
                return None
        elif kind is float:
            if not math.isfinite(value):
                return None
        elif kind is str and not parsed and has_lone_surrogate(value):
            return None
    return keys
