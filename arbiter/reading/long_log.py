"""A long log read event by event: checked as its events are parsed, one at a time, then
replayed from its bytes as they are parsed again, so that memory follows the table, not
the length of the log (docs/robustness.md, "Memory on a long log").
"""

from __future__ import annotations

import codecs
import json
import re
from typing import Any, Generator, Iterator

from arbiter.errors import LogReadError, LogSchemaError
from arbiter.reading.document import SPACED_KEY, decode, key_count, needs_hooks, read_text
from arbiter.reading.sound import PARSED, sound_event, sound_head


class LazyEvents:
    """A sound log's events, parsed one at a time as they are iterated (anew each time),
    from the log's bytes decoded a chunk at a time: the replay of a million events holds
    the bytes (which the caller holds anyway) and one event, not their text and a million
    dicts. Its length is known: the events were counted when they were checked."""

    def __init__(self, data: bytes, start: int, count: int) -> None:
        self._data, self._start, self._count = data, start, count  # start: the byte of its `[`

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[Any]:
        return _events_from(self._data, self._start)


def read_log_lazily(data: bytes, name: str) -> dict[str, Any]:
    """A hand log read as `read_log_bytes` reads it, but for its events: when every check
    passes the log as it is, they come as `LazyEvents`, checked one at a time. A log that
    this reading cannot vouch for (anything wrong with it, or what only the exact parse can
    judge: a NaN, a lone surrogate, white space before a colon, 3.0 for 3, the events
    before the table) is read whole by the exact path instead, so that the verdict and its
    words are the same whichever way a log is read (tests/test_reading_long_log.py holds them so)."""
    try:
        text = decode(data)
        surveyed = _survey(text)
        if surveyed is None:
            return read_text(text)
    except (LogReadError, LogSchemaError) as exc:
        exc.file = name
        raise
    head, events_at, count = surveyed
    start = len(text[:events_at].encode("utf-8")) + len(data) - len(data.removeprefix(_BOM))
    head["events"] = LazyEvents(data, start, count)
    return head


_BOM = "\ufeff".encode("utf-8")
# How many bytes of a long log are decoded at a time for its events.
_CHUNK_BYTES = 1 << 20


_WHITE = re.compile(r"[ \t\n\r]*")
_PLAIN = json.JSONDecoder()


def _skip_white(text: str, i: int) -> int:
    """The index of the first character from ``i`` on that is not JSON white space."""
    match = _WHITE.match(text, i)
    return match.end() if match else i


def _events_from(data: bytes, start: int) -> Iterator[Any]:
    """The events of a log that `_survey` found sound, its array's `[` at byte ``start``:
    the bytes decoded a chunk at a time, each event parsed as it is reached. An event cut
    by a chunk's end is parsed once the next is added: each is an object, and an object
    cut short never parses."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    text, i, pos = "", 0, start + 1

    def more(kept: str) -> str:
        nonlocal pos
        if pos >= len(data):  # cannot happen to a surveyed log: said rather than looped on
            raise ValueError("the events end before their array does")
        pos += _CHUNK_BYTES
        return kept + decoder.decode(data[pos - _CHUNK_BYTES:pos])

    while True:
        i = _skip_white(text, i)
        if i == len(text):
            text, i = more(""), 0
        elif text[i] == "]":
            return
        elif text[i] == ",":
            i += 1
        else:
            try:
                event, i = _PLAIN.raw_decode(text, i)
            except ValueError:  # the event goes on in the next chunk
                text, i = more(text[i:]), 0
                continue
            yield event


def _array_items(text: str, i: int) -> Generator[Any, None, int]:
    """The values of the JSON array whose `[` is at ``i``, each parsed by the C parser as
    it is reached; returns where the array ends. Raises ValueError where the text is no
    JSON array (RecursionError for one nested too deeply)."""
    skip, parse = _skip_white, _PLAIN.raw_decode
    i = skip(text, i + 1)
    if text.startswith("]", i):
        return i + 1
    while True:
        value, i = parse(text, i)
        yield value
        i = skip(text, i)
        if text.startswith(",", i):
            i = skip(text, i + 1)
        elif text.startswith("]", i):
            return i + 1
        else:
            raise ValueError("not a JSON array")


def _survey(text: str) -> tuple[dict[str, Any], int, int] | None:
    """When the log is sound as `sound.sound` would find its whole document (the same checks:
    the head's, then each event's against its own type's subschema, and as many keys as
    the text holds): all of it but its events, where its events' `[` stands in the text,
    and how many there are; else None. The events are checked as they are parsed, and
    dropped."""
    if needs_hooks(text) or SPACED_KEY.search(text):
        return None
    skip, parse = _skip_white, _PLAIN.raw_decode
    head: dict[str, Any] = {}
    events_at = count = event_keys = 0
    try:
        i = skip(text, 0)
        if not text.startswith("{", i):
            return None
        i = skip(text, i + 1)
        while True:
            key, i = parse(text, i)
            i = skip(text, i)
            if type(key) is not str or key in head or not text.startswith(":", i):
                return None
            i = skip(text, i + 1)
            if key == "events" and text.startswith("[", i):
                table = head.get("table")
                players = table.get("players") if type(table) is dict else None
                if type(players) is not list or not all(type(p) is str for p in players):
                    return None  # the events come before the table, or the table is not sound
                seated, events_at = set(players), i
                items = _array_items(text, i)
                while True:
                    try:
                        event = next(items)
                    except StopIteration as end:
                        i = end.value
                        break
                    keys = sound_event(event, seated, PARSED)
                    if keys is None:
                        return None
                    count += 1
                    event_keys += keys
                head[key] = []
            else:
                head[key], i = parse(text, i)
            i = skip(text, i)
            if text.startswith(",", i):
                i = skip(text, i + 1)
            elif text.startswith("}", i):
                break
            else:
                return None
    except (ValueError, RecursionError):
        return None
    if skip(text, i + 1) != len(text) or "events" not in head or type(head.get("table")) is not dict:
        return None
    head_keys = sound_head(head, PARSED)
    if head_keys is None or head_keys + event_keys != key_count(text):
        return None
    return head, events_at, count

