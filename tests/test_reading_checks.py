"""The checks the sound pass reads from the schema (`reading/checks.py`) never vouch for a
log the published schema (jsonschema) refuses, and vouch for every case.

They only decide that a log is sound; a log they refuse is checked again by `jsonschema`
for the message. Where the two readings could differ they are the stricter: an integral
float for an integer (3.0, valid in JSON Schema) or a name the table does not seat is not
vouched for, and goes the exact way, which makes the float an int, or names the player.
"""

from __future__ import annotations

import copy
import json

import pytest
from jsonschema import Draft202012Validator

from arbiter.reading import LOG_SCHEMA
from arbiter.reading.checks import UnknownKeyword, compile_check, plan
from arbiter.reading.schema import EVENT_TYPES
from arbiter.reading.sound import sound
from tests.conftest import case_files, load_case

SLOW = Draft202012Validator(LOG_SCHEMA)
CASES = case_files()


def vouched(log: dict) -> bool:
    return sound(log, None)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_agree_on_every_case(path):
    log = load_case(path)
    assert vouched(log) is True
    assert SLOW.is_valid(log)


def _renamed(log: dict, name: str) -> None:
    """The first player called `name` wherever the log names him."""
    old = log["table"]["players"][0]
    log["table"]["players"][0] = name
    for event in log["events"]:
        for field, value in list(event.items()):
            if value == old:
                event[field] = name
            elif isinstance(value, dict) and old in value:
                value[name] = value.pop(old)
            elif isinstance(value, list) and old in value:
                value[value.index(old)] = name


def mutations(log: dict):
    """Each change, named "good …" where the log stays valid. The events added name a seated
    player, so that what is checked is the change, not the name."""
    events = log["events"]
    p = log["table"]["players"][0]
    yield "unknown type", lambda d: d["events"].append({"type": "flop"})
    yield "unknown field", lambda d: d["events"][0].update(extra=1)
    yield "missing field", lambda d: d["events"].append({"type": "play", "player": p})
    yield "negative stake", lambda d: d["events"].append({"type": "play", "player": p, "stake": -1})
    yield "fractional amount", lambda d: d["events"].append({"type": "ante", "player": p, "amount": 1.5})
    yield "boolean amount", lambda d: d["events"].append({"type": "ante", "player": p, "amount": True})
    yield "zero amount", lambda d: d["events"].append({"type": "ante", "player": p, "amount": 0})
    for card in ("1x", "Zz", "ah", "Ah\n", "11h", "", "JO"):
        yield f"bad card {card!r}", lambda d, c=card: d["events"].append({"type": "card", "to": p, "card": c})
    for card in ("Ah", "10d", "Td", "Jo"):
        yield f"good card {card!r}", lambda d, c=card: d["events"].append({"type": "card", "to": p, "card": c})
    # Python's `$` matches before a final newline: the schema's patterns end `$(?!\n)`, and both readers use `re`
    # a name beginning or ending with a space: two seats that print alike ("Ann" and "Ann ")
    for name in ("Ann\n", "\nAnn", "A\x00", "A\x1f", "A\x7f", "A\x85", "A\x9f", "Ann\n\n", "Ann ", " Ann", " ", "A\xa0",
                 "\ufeffAnn"):  # U+FEFF: a space to the schema's ECMA-262 `\s`, not to Python's
        yield f"bad name {name!r}", lambda d, n=name: d["table"]["players"].__setitem__(0, n)
        yield f"bad name {name!r} in an event", lambda d, n=name: d["events"].append({"type": "card", "to": n})
    for name in ("A\xa0B", "Ann Lee", "Zoë", "A\u2028B", "A"):
        yield f"good name {name!r}", lambda d, n=name: _renamed(d, n)
    # Values no set can hold where the checks look one up: refused, never an internal error.
    yield "a list for a name", lambda d: d["table"]["players"].__setitem__(0, [p])
    yield "a list for a name in an event", lambda d: d["events"].append({"type": "play", "player": [p], "stake": 1})
    yield "a map for a type", lambda d: d["events"].append({"type": {"play": 1}, "player": p, "stake": 1})
    yield "a list for a card", lambda d: d["events"].append({"type": "card", "to": p, "card": ["Ah"]})
    yield "wrong format", lambda d: d.update(format="poker")
    yield "wrong version", lambda d: d.update(version=2)
    yield "one player", lambda d: d["table"].update(players=["Ann"])
    yield "eleven players", lambda d: d["table"].update(players=[f"P{i}" for i in range(11)])
    yield "duplicate players", lambda d: d["table"].update(players=["Ann", "Ann"])
    yield "zero limit", lambda d: d["table"].update(limit=0)
    yield "extra top-level key", lambda d: d.update(extra=1)
    yield "bad issue", lambda d: d["events"].append({"type": "point_out", "player": p, "issue": "late"})
    yield "integral float stake (valid, not vouched: made an int the exact way)", \
        lambda d: d["events"].append({"type": "play", "player": p, "stake": 2.0})
    yield "unseated name (valid, not vouched: named the exact way)", \
        lambda d: d["events"].append({"type": "play", "player": "Nobody", "stake": 2})
    yield "good meta is free", lambda d: d.update(meta={"anything": [1, {"x": None}]})
    yield "good note on an event", lambda d: d["events"][0].update(note="a remark") if events else None


@pytest.mark.parametrize("name, mutate", list(mutations(load_case(CASES[0]))))
def test_never_vouch_for_a_broken_log(name, mutate):
    log = copy.deepcopy(load_case(CASES[0]))
    mutate(log)
    log = json.loads(json.dumps(log))
    valid = SLOW.is_valid(log)
    assert valid or not vouched(log), name
    assert valid == name.startswith(("good", "integral", "unseated")), name
    if name.startswith("good"):
        assert vouched(log), name


def test_every_event_type_is_read_into_a_plan():
    """No type of event goes the exact way for want of a check."""
    for kind in EVENT_TYPES:
        for parsed in (True, False):
            found = plan(kind, parsed)
            assert found is not None, kind
            assert found.name is None or found.name in found.required, kind  # looked at without asking
            assert found.number is None or found.number in found.required, kind


@pytest.mark.parametrize("node", [
    {"type": "string", "format": "email"},  # a keyword these checks do not know
    {"type": "number"},
    {"type": ["string", "null"]},
    {"items": {"type": "string"}},  # an array's keyword where no type says it is one
    {"enum": [1, 2]},
])
def test_a_part_of_the_schema_the_checks_cannot_read_is_never_vouched_for(node):
    with pytest.raises(UnknownKeyword):
        compile_check(node)


def test_a_keyword_of_one_type_in_a_node_of_none_is_read_as_that_type():
    """Stricter than JSON Schema, which lets a value of another type through: a key (in
    `propertyNames`) is a string anyway."""
    check = compile_check({"minLength": 1}, seated=False)
    assert check("a", frozenset()) and not check("", frozenset()) and not check(3, frozenset())
