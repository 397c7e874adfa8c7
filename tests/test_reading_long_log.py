"""A long log is replayed as its events are read (issue 10, item 9): memory follows the
table, not the length of the log.

A JSON log larger than `reading.STREAM_ABOVE_BYTES` is checked event by event and
replayed from its bytes one event at a time. These tests force small logs through that
path (the threshold lowered to nothing) and hold it to the very reports of the normal
path: on every shipped case, and on broken logs, whose `invalid` errors must be the same
words at the same JSON Pointer. The slow test measures the memory of a million events.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from arbiter import reading
from arbiter.checker import check_bytes
from arbiter.reading import long_log
from tests.conftest import ARBITER, case_files, load_case
from tests.test_hardening import GOOD, assert_balanced, long_session

CASES = case_files()
BASE = next(p for p in CASES if p.name.startswith("game-betting"))


def both_ways(monkeypatch, data: bytes, name: str = "log.json") -> tuple[dict, dict]:
    """The report of the normal path, and of the streaming path forced on the same bytes."""
    whole = check_bytes(data, name)
    with monkeypatch.context() as patched:
        patched.setattr(reading, "STREAM_ABOVE_BYTES", 0)
        streamed = check_bytes(data, name)
    return whole, streamed


def is_streamed(data: bytes) -> bool:
    return isinstance(reading.read_log_lazily(data, "log.json")["events"], reading.LazyEvents)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_every_case_gets_the_same_report_when_streamed(monkeypatch, path):
    data = path.read_bytes()
    whole, streamed = both_ways(monkeypatch, data, str(path))
    assert streamed == whole
    if whole["status"] != "invalid":
        assert is_streamed(data)


def test_events_cut_by_a_chunk_are_read_whole(monkeypatch):
    """Chunks of 3 bytes cut events, keys, names and multi-byte characters (a BOM too)."""
    log = load_case(BASE)
    renamed = {name: name + "é€😀" for name in log["table"]["players"]}
    text = json.dumps(log, ensure_ascii=False, indent=1)
    for old, new in renamed.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    data = b"\xef\xbb\xbf" + text.encode("utf-8")
    monkeypatch.setattr(long_log, "_CHUNK_BYTES", 3)
    whole, streamed = both_ways(monkeypatch, data)
    original = check_bytes(BASE.read_bytes(), "log.json")
    assert streamed == whole and whole["status"] == original["status"]
    assert [(f["id"], f["event"]) for f in whole["findings"]] == [(f["id"], f["event"]) for f in original["findings"]]
    assert set(whole["net"]) == set(renamed.values())
    events = reading.read_log_lazily(data, "log.json")["events"]
    assert len(events) == len(log["events"]) and list(events) == list(events) == json.loads(text)["events"]


def _text(log: dict) -> str:
    return json.dumps(log)


def _broken() -> dict[str, bytes]:
    """Logs that the streaming path cannot vouch for, each wrong (or odd) in its own way."""
    log = load_case(BASE)
    last = len(log["events"]) - 1
    text, ante = _text(log), log["table"]["ante"]
    tail_event = json.dumps(log["events"][last])
    unseated = {**log, "events": [*log["events"][:5], {**log["events"][5], "player": "Nobody"}, *log["events"][6:]]}
    bad_type = {**log, "events": [*log["events"][:3], {"type": "flop"}, *log["events"][4:]]}
    return {
        "duplicate-key-in-the-last-event": text.replace(tail_event, tail_event[:-1] + ', "type": "x"}').encode(),
        "schema-error-then-a-read-error-later": _text(bad_type).replace(
            tail_event, tail_event[:-1] + ', "n": NaN}').encode(),
        "unknown-event-type": _text(bad_type).encode(),
        "unseated-player": _text(unseated).encode(),
        "cut-short": text[: len(text) * 2 // 3].encode(),
        "trailing-garbage": (text + " x").encode(),
        "not-utf-8": text.encode().replace(b'"events"', b'"ev\xffents"'),
        "events-not-a-list": _text({**log, "events": {"0": log["events"][0]}}).encode(),
        # Sound, but only the exact path reads them: the same report, not invalid.
        "events-before-the-table": _text({"events": log["events"], **log}).encode(),
        "white-space-before-colons": text.replace('": ', '" : ').encode(),
        "a-float-for-an-int": text.replace(f'"ante": {ante}', f'"ante": {ante}.0').encode(),
    }


BROKEN = _broken()


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_broken_log_gets_the_same_report_when_streamed(monkeypatch, name):
    data = BROKEN[name]
    whole, streamed = both_ways(monkeypatch, data)
    assert streamed == whole
    sound = name in ("events-before-the-table", "white-space-before-colons", "a-float-for-an-int")
    if sound:
        assert whole["findings"] == check_bytes(BASE.read_bytes(), "log.json")["findings"]
        assert whole["status"] != "invalid"
    else:
        assert whole["status"] == "invalid"
        assert whole["error"]["message"] and "\n" not in whole["error"]["message"]
        assert name in ("cut-short", "trailing-garbage", "not-utf-8") or whole["error"]["path"].startswith("/")


def test_the_first_problem_in_the_log_is_the_one_reported(monkeypatch):
    """A read error late in the log outranks a schema error early, on both paths."""
    _, streamed = both_ways(monkeypatch, BROKEN["schema-error-then-a-read-error-later"])
    assert streamed["error"]["message"].endswith("is not a finite number (NaN)")
    assert streamed["error"]["path"].startswith("/events/") and streamed["error"]["event"] > 3


def test_a_log_the_engine_refuses_midway_gets_the_same_report(monkeypatch):
    """An `invalid` found by the replay, events after it unread: the same on both paths."""
    log = load_case(BASE)
    middle = len(log["events"]) // 2
    dealt = {"type": "dealt", "hands": {log["table"]["players"][0]: 60}}  # more than the pack holds
    refused = {**log, "events": [*log["events"][:middle], dealt, *log["events"][middle:]]}
    whole, streamed = both_ways(monkeypatch, _text(refused).encode())
    assert streamed == whole and whole["status"] == "invalid"
    assert whole["error"]["event"] == middle


MEMORY_LIMIT_MB = 300
_PEAK = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
sys.stderr.buffer.write(done.stderr)
sys.stdout.buffer.write(done.stdout)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
sys.exit(done.returncode)
"""


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["jsonl", "json"])
def test_a_million_events_take_less_than_300_mb(tmp_path, fmt):
    """The peak resident memory of `arbiter check --format jsonl` (or `json`: the report
    waits in a temporary file for the summary, and is written back in pieces) on a million
    events (59 MB of JSON), measured in a process of its own (RUSAGE_CHILDREN keeps the
    largest child's)."""
    long = tmp_path / "long.json"
    long.write_text(json.dumps(long_session(1_000_000)))
    done = subprocess.run([sys.executable, "-c", _PEAK, *ARBITER, "check", str(long), str(GOOD),
                           "--format", fmt], capture_output=True, text=True, timeout=600)
    *lines, peak = done.stdout.splitlines()
    reports = [json.loads(line) for line in lines] if fmt == "jsonl" else json.loads("\n".join(lines))["reports"]
    assert done.returncode == 1, done.stderr
    assert [r["status"] for r in reports] == ["irregular", "ok"]
    assert_balanced(reports[0], long_session(1)["table"]["players"])
    assert int(peak) < MEMORY_LIMIT_MB, f"{peak} MB at peak for a million events"
