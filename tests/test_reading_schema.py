"""The compiled validator (jsonschema-rs) agrees with the published schema (jsonschema).

The fast one only decides that a log is valid; a log it refuses is checked again by
`jsonschema` for the message. So the two must agree on every case, and on logs broken
in every way the schema forbids.
"""

from __future__ import annotations

import copy
import json

import pytest
from jsonschema import Draft202012Validator

from arbiter.reading import LOG_SCHEMA
from arbiter.reading.schema import _fast_validator
from tests.conftest import case_files, load_case

FAST = _fast_validator()
SLOW = Draft202012Validator(LOG_SCHEMA)
CASES = case_files()

pytestmark = pytest.mark.skipif(FAST is None, reason="jsonschema-rs is not installed")


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_agree_on_every_case(path):
    log = load_case(path)
    assert FAST(log) is True
    assert SLOW.is_valid(log)


def mutations(log: dict):
    events = log["events"]
    yield "unknown type", lambda d: d["events"].append({"type": "flop"})
    yield "unknown field", lambda d: d["events"][0].update(extra=1)
    yield "missing field", lambda d: d["events"].append({"type": "play", "player": d["table"]["players"][0]})
    yield "negative stake", lambda d: d["events"].append({"type": "play", "player": "x", "stake": -1})
    yield "fractional amount", lambda d: d["events"].append({"type": "ante", "player": "x", "amount": 1.5})
    yield "boolean amount", lambda d: d["events"].append({"type": "ante", "player": "x", "amount": True})
    yield "zero amount", lambda d: d["events"].append({"type": "ante", "player": "x", "amount": 0})
    for card in ("1x", "Zz", "ah", "Ah\n", "11h", "", "JO"):
        yield f"bad card {card!r}", lambda d, c=card: d["events"].append({"type": "card", "to": "x", "card": c})
    for card in ("Ah", "10d", "Td", "Jo"):
        yield f"good card {card!r}", lambda d, c=card: d["events"].append({"type": "card", "to": "x", "card": c})
    # Python's `$` matches before a final newline, JSON Schema's (and jsonschema-rs's) only at the end
    for name in ("Ann\n", "\nAnn", "A\x00", "A\x1f", "A\x7f", "A\x85", "A\x9f", "Ann\n\n"):
        yield f"bad name {name!r}", lambda d, n=name: d["table"]["players"].__setitem__(0, n)
        yield f"bad name {name!r} in an event", lambda d, n=name: d["events"].append({"type": "card", "to": n})
    for name in ("A\xa0", "Ann Lee", "Zoë", "A\u2028B"):
        yield f"good name {name!r}", lambda d, n=name: d["table"]["players"].__setitem__(0, n)
    yield "wrong format", lambda d: d.update(format="poker")
    yield "wrong version", lambda d: d.update(version=2)
    yield "one player", lambda d: d["table"].update(players=["Ann"])
    yield "eleven players", lambda d: d["table"].update(players=[f"P{i}" for i in range(11)])
    yield "duplicate players", lambda d: d["table"].update(players=["Ann", "Ann"])
    yield "zero limit", lambda d: d["table"].update(limit=0)
    yield "extra top-level key", lambda d: d.update(extra=1)
    yield "bad issue", lambda d: d["events"].append({"type": "point_out", "player": "x", "issue": "late"})
    yield "meta is free", lambda d: d.update(meta={"anything": [1, {"x": None}]})
    yield "note on an event", lambda d: d["events"][0].update(note="a remark") if events else None


@pytest.mark.parametrize("name, mutate", list(mutations(load_case(CASES[0]))))
def test_agree_on_broken_logs(name, mutate):
    log = copy.deepcopy(load_case(CASES[0]))
    mutate(log)
    log = json.loads(json.dumps(log))
    assert FAST(log) == SLOW.is_valid(log), name
