"""Reading a hand log (SPEC §2): bytes -> JSON -> schema -> seated players.

Every way a log can fail to be read raises a ``LogError`` that says where (a JSON
Pointer and the event index) and why:

- ``LogReadError``: unreadable file, larger than ``MAX_LOG_BYTES``, not UTF-8, not JSON,
  nested deeper than ``MAX_DEPTH``, a duplicate key, NaN/Infinity, a number that is not
  finite or out of range, a lone surrogate.
- ``LogSchemaError``: the JSON breaks ``log.schema.json``, an event names a player who
  is not seated, an event contradicts itself (``cards`` and ``count`` disagree), or a
  count of cards is larger than any pack (``MAX_CARDS``).

The returned document is the log as written, except that integral numbers written as
floats where the schema wants an integer (``"stake": 3.0``) become ints.
"""

from __future__ import annotations

import codecs
import functools
import json
import math
import os
import re
import stat
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Generator,
    Iterable,
    Iterator,
    Mapping,
    NamedTuple,
    Protocol,
    TypeGuard,
    cast,
)

from arbiter.errors import LogReadError, LogSchemaError
from arbiter.resources import schema_file
from arbiter.seats import POOL

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

__all__ = [
    "LOG_SCHEMA", "EVENT_TYPES", "MAX_LOG_BYTES", "MAX_DEPTH", "MAX_CARDS", "STREAM_ABOVE_BYTES", "LazyEvents",
    "read_log_bytes", "read_log_lazily", "read_log_file", "read_source", "read_stream", "sound_log", "json_pointer",
]

# Not importlib.resources: 5 ms to import.
with open(schema_file("log"), encoding="utf-8") as _schema:
    LOG_SCHEMA: dict[str, Any] = json.load(_schema)
_DEFS: dict[str, Any] = LOG_SCHEMA["$defs"]
EVENT_TYPES: tuple[str, ...] = tuple(_DEFS["event"]["properties"]["type"]["enum"])

# Numbers beyond what a double holds exactly are no counts of counters or cards.
_MAX_NUMBER = 2**53 - 1
# A log larger than this is not read: a runaway file (or /dev/zero) must not take the
# machine's memory from the other logs of a run. A million events take some 60 MB, and
# (read as they come, `STREAM_ABOVE_BYTES`) under 300 MB of memory to check.
MAX_LOG_BYTES = 256 * 1024 * 1024
# A hand log nests 5 levels deep, its `meta` a few more. Deeper is refused at a fixed
# depth, so the verdict does not depend on how deep the caller's stack happens to be.
MAX_DEPTH = 100
# No pack holds more cards than this (Peel's has 52, 53 with the joker): a larger count
# in one event is no number of cards, and is refused before the replay tries to deal it.
MAX_CARDS = 1000
_TOO_DEEP = f"not readable: the JSON is nested too deeply (more than {MAX_DEPTH} levels)"
# The fields of each event type that are numbers of cards (of hands and testimony, the values).
_CARD_COUNTS = {
    "dealt": ("hands",), "discard": ("count",), "demand": ("count",), "give": ("count", "exposed"),
    "dealer_answer": ("count",), "dispute": ("claims", "dealer_says", "testimony"),
}
_LONE_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # a cheap test before _walk
# Event fields that name a player (win's player is a `player` too).
_NAME_FIELDS = ("player", "to", "dealer", "about")
# How a value's kind is described, for the $defs whose structure does not say it.
_PHRASES = {
    "name": "a player's name (a non-empty string without control characters)",
    "card": "a card (rank 2-9, T or 10, J, Q, K or A, then suit c, d, h or s, e.g. 'Ah', "
    "'Td', '10d'; or 'Jo')",
}
_PLURALS = {"card": "cards", "name": "player names", "event": "events"}


class _Compiled(NamedTuple):
    document: Draft202012Validator  # each event checked only for a known `type`
    event: Draft202012Validator  # what `document` asks of one event: an object with a known `type`
    events: Mapping[object, Draft202012Validator]  # event type -> its validator (looked up by what a log holds)
    names: dict[int, str]  # id() of an inlined $defs entry -> its name


@functools.cache
def _compiled() -> _Compiled:
    """The log schema, compiled once. The shipped schema picks an event's subschema by
    if/then on its `type`; here Python makes that choice, and every $ref is inlined
    (each $defs entry once, shared): the same verdicts, some ten times faster."""
    from jsonschema import Draft202012Validator

    defs = {**_DEFS, "event": {k: v for k, v in _DEFS["event"].items() if k != "allOf"}}
    inlined: dict[str, dict[str, Any]] = {}

    def inline(node: object) -> Any:  # a JSON Schema node in, the same node inlined out
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

    document = inline({k: v for k, v in LOG_SCHEMA.items() if k != "$defs"})
    events: Mapping[object, Draft202012Validator] = {
        t: Draft202012Validator(inline({"$ref": f"#/$defs/{t}_event"})) for t in EVENT_TYPES}
    names = {id(schema): name for name, schema in inlined.items()}
    event = Draft202012Validator(document["properties"]["events"]["items"])
    return _Compiled(Draft202012Validator(document), event, events, names)


def read_log_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and check the hand log at ``path`` (``-`` is the caller's business)."""
    return read_log_bytes(read_source(path), os.fspath(path))


def read_source(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the file at ``path``: a regular file, or a pipe or device named on
    purpose (``<(zcat log.json.gz)``), never more than ``MAX_LOG_BYTES``. Raises
    ``LogReadError`` (with ``file`` set) when it cannot be read or is too large."""
    name = os.fspath(path)
    try:
        with open(path, "rb", buffering=0) as fh:
            status = os.fstat(fh.fileno())
            if not stat.S_ISREG(status.st_mode):
                return read_stream(fh)
            if status.st_size > MAX_LOG_BYTES:
                raise _too_large(f"{status.st_size:,} bytes")
            # One read of the size the file has (and a byte more, to see it end): no buffer
            # of the largest size a log may have. A file that grew meanwhile, or a short
            # read, reads on.
            data = fh.read(status.st_size + 1)
            if len(data) == status.st_size:
                return data
            if len(data) > MAX_LOG_BYTES:
                raise _too_large(f"more than {MAX_LOG_BYTES:,} bytes")
            return data + read_stream(fh, MAX_LOG_BYTES - len(data))
    except LogReadError as exc:
        exc.file = name
        raise
    except OSError as exc:
        raise LogReadError(f"cannot read the file: {exc.strerror or exc}", file=name) from None


_CHUNK = 1 << 20


class _Readable(Protocol):
    """What `read_stream` reads: a binary file, standard input's buffer, a pipe."""

    def read(self, size: int, /) -> bytes: ...


def read_stream(stream: _Readable, limit: int | None = None) -> bytes:
    """All of a binary stream (standard input, a pipe), never more than ``MAX_LOG_BYTES``
    (``limit`` more bytes, for the rest of a file begun). Read in chunks, so that a
    small log takes a small buffer."""
    limit = MAX_LOG_BYTES if limit is None else limit
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = stream.read(min(_CHUNK, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > limit:
        raise _too_large(f"more than {MAX_LOG_BYTES:,} bytes")
    return b"".join(chunks)


def _too_large(size: str) -> LogReadError:
    return LogReadError(f"too large to read: {size}; a hand log may hold at most "
                        f"{MAX_LOG_BYTES:,} bytes ({MAX_LOG_BYTES >> 20} MiB)")


def read_log_bytes(data: bytes, name: str) -> dict[str, Any]:
    """Decode, parse and check a hand log; ``name`` (a path, or ``-``) goes on the error."""
    try:
        return _read(data)
    except (LogReadError, LogSchemaError) as exc:
        exc.file = name
        raise


def read_built_log(log: object) -> dict[str, Any]:
    """A log built in Python (`check_log(dict)`): as it is when every check passes it,
    else written as JSON and read as a file is, so that what is wrong with it is said in
    the same words. Raises LogError; `log` itself is never changed."""
    if sound_log(log):
        return cast("dict[str, Any]", log)
    try:
        text = json.dumps(log)
    except ValueError as exc:  # an int with more digits than Python will write: out of range, and where
        path = _first_huge_int(log)
        if path is None:  # a circular document
            raise LogReadError(f"not a JSON document: ValueError: {exc}", file="<log>") from None
        raise LogReadError(f"{_subject(log, path)} is out of range (a number of more digits than can be read); "
                           f"numbers must lie within ±{_MAX_NUMBER}", json_pointer(path), file="<log>") from None
    except (TypeError, RecursionError) as exc:
        raise LogReadError(f"not a JSON document: {type(exc).__name__}: {exc}", file="<log>") from None
    return read_log_bytes(text.encode("utf-8"), "<log>")


def _first_huge_int(doc: object) -> list[str | int] | None:
    """The path of the first int, in document order, out of the numbers' range; None if
    there is none (each container is visited once: the document may be circular)."""
    stack: list[tuple[object, list[str | int]]] = [(doc, [])]
    seen: set[int] = set()
    while stack:
        value, path = stack.pop()
        if type(value) is int and abs(value) > _MAX_NUMBER:
            return path
        if not isinstance(value, (dict, list)) or id(value) in seen:
            continue
        seen.add(id(value))
        children = list(value.items()) if isinstance(value, dict) else list(enumerate(value))
        stack.extend((child, [*path, key]) for key, child in reversed(children))
    return None


def sound_log(log: object) -> bool:
    """True when a log built in Python (`check_log(dict)`) passes every check as it is,
    with no JSON round trip; False when it must be read as JSON text to say what is wrong
    (or to make ints of the floats that stand for them)."""
    return _sound(log, None, strings_checked=False)


def json_pointer(parts: Iterable[object]) -> str:
    """The JSON Pointer (RFC 6901) of a sequence of keys and indexes."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


# --------------------------------------------------------------------------- reading


class _Bad:
    """Put by the parser where the log holds something unreadable; found by ``_walk``."""

    __slots__ = ("problem", "key")

    def __init__(self, problem: str, key: str | None = None) -> None:
        self.problem = problem  # a predicate: "<subject> is not a finite number (NaN)"
        self.key = key  # the duplicated key, for a duplicate


def _read(data: bytes) -> dict[str, Any]:
    return _read_text(_decode(data))


def _decode(data: bytes) -> str:
    """The log's text; raises for bytes that are not UTF-8, or no text at all."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        hint = " (it looks like UTF-16: save it as UTF-8)" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise LogReadError(
            f"not UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start} (line {line}) "
            f"cannot be decoded{hint}"
        ) from None
    if not text.strip():
        raise LogReadError("not valid JSON: the file is empty" + (" but for white space" if text else ""))
    return text


def _read_text(text: str) -> dict[str, Any]:
    keys = _key_count(text)
    doc = _parse_plain(text) if keys is not None else None
    if doc is not None and _sound(doc, keys):
        return doc
    del doc  # not held while the exact parse builds another (a long log's is hundreds of MB)
    return _read_exactly(text)


def _parse_plain(text: str) -> object:
    """The document by the C parser without hooks (a Python call per object and per
    number made the hooked parse four times slower), or None when the text could hold
    what only the hooked parse can tell: a NaN or an infinity, a lone surrogate escape,
    a number too long to convert, nesting too deep."""
    if _needs_hooks(text):
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _needs_hooks(text: str) -> bool:
    """The text could hold a NaN, an infinity or a lone surrogate escape: only the hooked
    parse tells them (the plain one takes them as they are)."""
    return "NaN" in text or "Infinity" in text or _LONE_SURROGATE_ESCAPE.search(text) is not None


def _key_count(text: str) -> int | None:
    """How many keys the text can hold at most: a key's closing quote is followed by a
    colon, and elsewhere a quote followed by a colon is an escaped one, inside a string.
    If the parsed document holds as many keys, none was a duplicate (the C parser keeps
    the last of two). None when white space stands between a quote and a colon (rare;
    the hooked parse decides)."""
    if _SPACED_KEY.search(text):
        return None
    return text.count('":')


_SPACED_KEY = re.compile(r'"[ \t\n\r]+:')


def _read_exactly(text: str) -> dict[str, Any]:
    """The hooked parse and every check one by one: slower, and exact about what is wrong
    and where (the first problem in document order; tests/test_logfile.py pins the words)."""
    found: list[_Bad] = []

    def bad(problem: str, key: str | None = None) -> _Bad:
        found.append(marker := _Bad(problem, key))
        return marker

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any] | _Bad:
        obj = dict(items)
        if len(obj) == len(items):
            return obj
        first: dict[str, int] = {}  # key -> the index of its first appearance
        dup = next(k for i, (k, _) in enumerate(items) if first.setdefault(k, i) != i)
        return bad(f"has a duplicate key {dup!r}", dup)

    def number(text: str, value: float | int | None) -> float | int | _Bad:
        if value is not None and not math.isfinite(value):
            return bad(f"is not a finite number ({_clip(text)})")
        if value is None or abs(value) > _MAX_NUMBER:
            return bad(f"is out of range ({_clip(text)}); numbers must lie within ±{_MAX_NUMBER}")
        return value

    decoder = json.JSONDecoder(
        object_pairs_hook=pairs,
        parse_float=lambda s: number(s, float(s)),
        # More digits than _MAX_NUMBER has are out of range; int() is spared them (it
        # refuses more than 4300 digits anyway).
        parse_int=lambda s: number(s, int(s) if len(s.lstrip("-")) <= len(str(_MAX_NUMBER)) else None),
        parse_constant=lambda s: bad(f"is not a finite number ({s})"),
    )
    try:
        doc: object = decoder.decode(text)
    except json.JSONDecodeError as exc:
        raise LogReadError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise LogReadError(_TOO_DEEP) from None

    if found or _LONE_SURROGATE_ESCAPE.search(text):
        _walk(doc)
    _check_schema(doc)
    log = cast("dict[str, Any]", doc)  # the schema holds a log to an object
    _normalise_numbers(log)
    _check_events(log)
    return log


class _Fast(NamedTuple):
    head: Callable[[Any], bool]  # the log without its events' contents (events: a list)
    events: Mapping[str, Callable[[Any], bool]]  # event type -> its own subschema


# The schema split as `_compiled` splits it: the log without its events' contents, and
# each event type's own subschema (the published schema tries 28 if/then branches on each
# event, three times slower).
_HEAD_SCHEMA = {**LOG_SCHEMA, "properties": {**LOG_SCHEMA["properties"], "events": {"type": "array"}}}


@functools.cache
def _fast() -> _Fast | None:
    """The split schema compiled by jsonschema-rs (Rust). Its verdict only lets a sound
    log through; a log it refuses is checked again by `jsonschema`, whose errors say where
    and why. A test holds the two to the same verdicts on every case."""
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover - a platform without its wheel: the slow path is exact
        return None
    head = jsonschema_rs.validator_for(_HEAD_SCHEMA).is_valid
    events = {t: jsonschema_rs.validator_for({"$schema": LOG_SCHEMA["$schema"], "$defs": _DEFS,
                                              "$ref": f"#/$defs/{t}_event"}).is_valid for t in EVENT_TYPES}
    return _Fast(head, events)


@functools.cache
def _in_python() -> _Fast:
    """The split schema as Python predicates (`arbiter.schemas.verdict`): compiled in
    some 1.5 ms, where importing jsonschema-rs takes some 15; about 9 µs an event, where
    jsonschema-rs takes 0.6. A doubt is a ValueError, which `_sound` takes for "not sure":
    the exact path then judges."""
    from arbiter.schemas.verdict import compile_each, compile_schema

    events = compile_each({t: {"$ref": f"#/$defs/{t}_event"} for t in EVENT_TYPES}, _DEFS)
    return _Fast(compile_schema(_HEAD_SCHEMA), events)


_SCALARS = frozenset({str, int, float, bool, type(None)})
# A process checks its first events with the Python predicates (one log starts without
# importing jsonschema-rs), and once it has seen this many, jsonschema-rs (some 15 ms to
# import, 12 to compile the split schema) has paid for itself at some 8 µs an event saved.
SPLIT_AFTER_EVENTS = 4_000
_events_seen = [0]


def _split_validators(events: int) -> _Fast:
    """The validators for the next `events` events: in Python until this process has seen
    enough events to gain by jsonschema-rs (or where it is not installed)."""
    _events_seen[0] += events
    fast = _fast() if _events_seen[0] > SPLIT_AFTER_EVENTS else None
    return fast if fast is not None else _in_python()


def _sound(doc: object, keys_in_text: int | None, strings_checked: bool = True) -> TypeGuard[dict[str, Any]]:
    """True when the document (as the plain parser gave it, or as a caller built it) is
    a log that every check passes as it is: plain JSON values, numbers in range, the
    schema, the names seated, the counts of cards, no float to make an int of. One pass
    over the events, each against its own type's subschema. False says only that the
    exact path must look (it finds what is wrong, or that nothing is).

    ``keys_in_text``: the most keys the text can hold (``_key_count``); fewer in the
    document means a duplicate; None for a dict built in Python, which cannot hold one.
    ``strings_checked``: the text was searched for lone surrogates already (a dict from a
    caller was not)."""
    try:
        return _sound_or_raise(doc, keys_in_text, strings_checked)
    except (ValueError, TypeError, RecursionError):  # no JSON value, or the Python predicates in doubt
        return False


def _sound_or_raise(doc: object, keys_in_text: int | None, strings_checked: bool) -> bool:
    if type(doc) is not dict or type(doc.get("events")) is not list:
        return False
    split = _split_validators(len(doc["events"]))
    keys = _sound_head(doc, split, strings_checked)
    if keys is None:
        return False
    seated = set(doc["table"]["players"])
    validators = split.events
    for event in doc["events"]:
        event_keys = _sound_event(event, seated, validators, strings_checked)
        if event_keys is None:
            return False
        keys += event_keys
    return keys_in_text is None or keys == keys_in_text


def _sound_head(doc: dict[str, Any], split: _Fast, strings_checked: bool) -> int | None:
    """How many keys the log holds outside its events, if all but the events' contents
    is sound (the events are not looked at); else None."""
    if type(doc.get("version")) is not int or not split.head(doc):
        return None
    table, meta = doc["table"], doc.get("meta")
    players = table["players"]
    if POOL in players or any(type(v) is not int or v > _MAX_NUMBER for v in (table["limit"], table["ante"])):
        return None
    if not strings_checked and not all(type(p) is str and not _has_lone_surrogate(p) for p in players):
        return None
    keys = len(doc) + len(table)
    if meta is not None:
        meta_keys = _plain_meta(meta, strings_checked)
        if meta_keys is None:
            return None
        keys += meta_keys
    return keys


def _sound_event(event: object, seated: set[str], validators: Mapping[str, Callable[[Any], bool]],
                 strings_checked: bool) -> int | None:
    """How many keys one event holds, if every check passes it as it is (`validators`:
    each type's subschema); else None."""
    if type(event) is not dict:
        return None
    kind = event.get("type")
    if type(kind) is not str:
        return None
    valid = validators.get(kind)
    if valid is None or not valid(event):
        return None
    keys = len(event)
    card_counts = _CARD_COUNTS.get(kind, ())
    for field, value in event.items():
        kind_of = type(value)
        if kind_of is str:
            if field in _NAME_FIELDS and value not in seated:
                return None
            if field == "note" and not strings_checked and _has_lone_surrogate(value):
                return None
        elif kind_of is int:
            if abs(value) > MAX_CARDS and (abs(value) > _MAX_NUMBER or field in card_counts):
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
                elif type(count) is not list or any(type(card) is not str for card in count):
                    return None
        elif kind_of is not bool:  # a float (3.0 is made an int by the exact path), or no JSON value
            return None
    if kind == "give" or kind == "discard":
        count, cards = event["count"], event.get("cards")
        if (cards is not None and len(cards) != count) or event.get("exposed", 0) > count:
            return None
    return keys


def _plain_meta(meta: object, strings_checked: bool) -> int | None:
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
                if any(type(k) is not str or (not strings_checked and _has_lone_surrogate(k)) for k in value):
                    return None
                value = value.values()
            stack.extend((child, depth + 1) for child in value)
        elif kind not in _SCALARS:
            return None
        elif kind is int:
            if abs(value) > _MAX_NUMBER:  # compared as ints: a float of it may not exist
                return None
        elif kind is float:
            if not (math.isfinite(value) and abs(value) <= _MAX_NUMBER):
                return None
        elif kind is str and not strings_checked and _has_lone_surrogate(value):
            return None
    return keys


def _walk(doc: object) -> None:
    """Raise for the first unreadable value in document order (iteratively: the
    document may be nested as deeply as the parser allowed)."""
    stack: list[tuple[object, tuple[str | int, ...]]] = [(doc, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, _Bad):
            where = path + (value.key,) if value.key is not None else path
            raise LogReadError(f"{_subject(doc, path)} {value.problem}", json_pointer(where))
        if isinstance(value, str) and _has_lone_surrogate(value):
            raise LogReadError(f"{_subject(doc, path)} contains a lone surrogate escape", json_pointer(path))
        if isinstance(value, dict):
            for k in reversed(list(value)):
                if _has_lone_surrogate(k):
                    raise LogReadError(f"{_subject(doc, path)} has a key with a lone surrogate escape",
                                       json_pointer(path))
                stack.append((value[k], path + (k,)))
        elif isinstance(value, list):
            stack.extend((v, path + (i,)) for i, v in reversed(list(enumerate(value))))


def _check_depth(value: object, depth: int = 1) -> None:
    """Raise if ``value`` nests deeper than ``MAX_DEPTH`` (iteratively). The message and
    the empty path are those of a document too deep for the parser itself, so that a log
    gets the same report whichever of the two limits it meets."""
    stack: list[tuple[object, int]] = [(value, depth)]
    children: Iterable[object]
    while stack:
        value, depth = stack.pop()
        if type(value) is dict:
            children = value.values()
        elif type(value) is list:
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            raise LogReadError(_TOO_DEEP)
        stack.extend((child, depth + 1) for child in children if type(child) in (dict, list))


def _has_lone_surrogate(s: str) -> bool:
    """JSON's \\uD800-\\uDFFF escapes that form no pair leave a str that no output can
    encode; a raw one cannot get past strict UTF-8 decoding."""
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


# --------------------------------------------------------------------------- a long log, event by event

# A log larger than this is read event by event (`read_log_lazily`): its events are parsed
# twice, once to check them and once for the replay, and never held all at once (a million
# events parsed whole take a gigabyte). A smaller log is parsed whole, which is faster.
STREAM_ABOVE_BYTES = 8 * 1024 * 1024


class LazyEvents:
    """A sound log's events, parsed one at a time as they are iterated (anew each time),
    from the log's bytes decoded a chunk at a time: the replay of a million events holds
    the bytes (which the caller holds anyway) and one event, not their text and a million
    dicts. Its length is known: the events were counted when they were checked."""

    __slots__ = ("_data", "_start", "_count")

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
    words are the same whichever way a log is read (tests/test_big_logs.py holds them so)."""
    try:
        text = _decode(data)
        surveyed = _survey(text)
        if surveyed is None:
            return _read_text(text)
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
    skip, decode = _skip_white, _PLAIN.raw_decode
    i = skip(text, i + 1)
    if text.startswith("]", i):
        return i + 1
    while True:
        value, i = decode(text, i)
        yield value
        i = skip(text, i)
        if text.startswith(",", i):
            i = skip(text, i + 1)
        elif text.startswith("]", i):
            return i + 1
        else:
            raise ValueError("not a JSON array")


def _survey(text: str) -> tuple[dict[str, Any], int, int] | None:
    """When the log is sound as `_sound` would find its whole document (the same checks:
    the head's, then each event's against its own type's subschema, and as many keys as
    the text holds): all of it but its events, where its events' `[` stands in the text,
    and how many there are; else None. The events are checked as they are parsed, and
    dropped."""
    split = _fast()
    if split is None or _needs_hooks(text) or _SPACED_KEY.search(text):
        return None
    skip, decode = _skip_white, _PLAIN.raw_decode
    head: dict[str, Any] = {}
    events_at = count = event_keys = 0
    try:
        i = skip(text, 0)
        if not text.startswith("{", i):
            return None
        i = skip(text, i + 1)
        while True:
            key, i = decode(text, i)
            i = skip(text, i)
            if type(key) is not str or key in head or not text.startswith(":", i):
                return None
            i = skip(text, i + 1)
            if key == "events" and text.startswith("[", i):
                table = head.get("table")
                players = table.get("players") if type(table) is dict else None
                if type(players) is not list or not all(type(p) is str for p in players):
                    return None  # the events come before the table, or the table is not sound
                seated, validators, events_at = set(players), split.events, i
                items = _array_items(text, i)
                while True:
                    try:
                        event = next(items)
                    except StopIteration as end:
                        i = end.value
                        break
                    keys = _sound_event(event, seated, validators, True)
                    if keys is None:
                        return None
                    count += 1
                    event_keys += keys
                head[key] = []
            else:
                head[key], i = decode(text, i)
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
    head_keys = _sound_head(head, split, True)
    if head_keys is None or head_keys + event_keys != _key_count(text):
        return None
    return head, events_at, count


# --------------------------------------------------------------------------- the schema


@functools.cache
def _fast_validator() -> Callable[[Any], bool] | None:
    """The published schema compiled by jsonschema-rs (Rust): it decides valid logs some
    fifty times faster. Its verdict is only used to skip the slower checks of a valid log;
    a log it refuses is checked again by `jsonschema`, whose errors say where and why. A
    test holds the two to the same verdicts on every case."""
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover - a platform without its wheel: the slow path is exact
        return None
    return jsonschema_rs.validator_for(LOG_SCHEMA).is_valid


@functools.cache
def _fast_event_validator() -> Callable[[Any], bool] | None:
    """One event against the published schema, by jsonschema-rs: finds the first bad
    event of a long log without taking `jsonschema` through all the good ones."""
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover
        return None
    schema = {"$schema": LOG_SCHEMA["$schema"], "$defs": _DEFS, "$ref": "#/$defs/event"}
    return jsonschema_rs.validator_for(schema).is_valid


def _check_schema(doc: object) -> None:
    fast = _fast_validator()
    if fast is not None and fast(doc):
        # Valid, so a log object; `meta` the one place a valid log may nest as it likes.
        _check_depth(cast("dict[str, Any]", doc).get("meta"), 2)
        return
    _check_depth(doc)  # before `jsonschema` and the messages, which recurse
    compiled = _compiled()
    events = doc.get("events") if isinstance(doc, dict) else None
    # Everything but the events first: any error there comes before any event's (_rank).
    head = {**doc, "events": []} if isinstance(doc, dict) and isinstance(events, list) else doc
    errors = [] if compiled.document.is_valid(head) else list(compiled.document.iter_errors(head))
    if not errors and isinstance(events, list):
        errors = _first_event_errors(compiled, events)
    if not errors:
        return
    error = min(errors, key=_rank)
    while error.validator in ("oneOf", "anyOf"):  # a list of cards with one bad card, …
        deeper = [e for e in error.context if len(e.absolute_path) > len(error.absolute_path)]
        if not deeper:
            break
        error = min(deeper, key=_rank)
    raise LogSchemaError(*_describe(doc, error))


def _first_event_errors(compiled: _Compiled, events: list[Any]) -> list[ValidationError]:
    """The schema errors of the first event that has any (those are the ones _rank puts
    first), relative to the log; the events after it are not looked at."""
    fast = _fast_event_validator()
    for k, event in enumerate(events):
        if fast is not None and fast(event):
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


def _describe(doc: object, error: ValidationError) -> tuple[str, str]:
    """The message and the JSON Pointer for a schema error."""
    path = list(error.absolute_path)
    subject = _subject(doc, path)
    # An error of a validation has all of these set; the log schema's subschemas are all
    # objects (its only `false` is additionalProperties'), so the one that failed is one.
    v, schema = error.validator, cast("Mapping[str, Any]", error.schema)
    instance: Any = error.instance  # the value that failed: any JSON value
    if "propertyNames" in error.schema_path:  # a key of `hands` or `testimony`
        message = f"{subject} has a key that is not {_expected(schema)}: {_show(instance)}"
        return message, json_pointer([*path, instance])
    if v == "enum" and len(path) == 3 and path[0] == "events" and path[2] == "type":
        guess = _did_you_mean(instance, EVENT_TYPES)
        message = f"{_subject(doc, path[:2])}: unknown event type {_show(instance)}{guess}"
        return message, json_pointer(path)
    if v == "required":
        missing = next(f for f in cast("list[str]", error.validator_value) if f not in instance)
        return f"{subject}: missing required field {missing!r}", json_pointer(path)
    if v == "additionalProperties":
        known = list(schema.get("properties", {}))
        extra = [k for k in instance if k not in known]
        hint = _did_you_mean(extra[0], known) or f" (allowed: {', '.join(known)})"
        fields = "field" if len(extra) == 1 else "fields"
        message = f"{subject}: unknown {fields} {', '.join(map(repr, extra))}{hint}"
        return message, json_pointer([*path, extra[0]])
    if v == "uniqueItems":
        second = next(i for i, x in enumerate(instance) if x in instance[:i])
        return f"{subject} names {_show(instance[second])} more than once", json_pointer([*path, second])
    if v in ("minItems", "maxItems") and path == ["table", "players"]:
        message = f"{subject} must name {schema['minItems']} to {schema['maxItems']} players, got {len(instance)}"
    elif v == "minProperties":
        message = f"{subject} must not be empty"
    elif v == "maximum":
        message = f"{subject} is out of bounds: at most {schema['maximum']:,}, got {_show(instance)}"
    else:
        message = f"{subject} must be {_expected(schema)}, got {_show(instance)}"
    return message, json_pointer(path)


def _place(doc: object, path: list[str | int]) -> tuple[str, list[str | int]]:
    """("event 3 (play)", the path within the event), ("table", …) or ("", path)."""
    if len(path) >= 2 and path[0] == "events" and isinstance(path[1], int):
        event = cast("dict[str, Any]", doc)["events"][path[1]]  # a path into its events: a log object
        kind = event.get("type") if isinstance(event, dict) else None
        named = f" ({kind})" if isinstance(kind, str) and kind in EVENT_TYPES else ""
        return f"event {path[1]}{named}", path[2:]
    if path and path[0] == "table":
        return "table", path[1:]
    return "", path


def _subject(doc: object, path: Iterable[str | int]) -> str:
    """How a message names the place: "event 3 (play): 'stake'", "table", "the log"."""
    head, rel = _place(doc, list(path))
    if not rel:
        return head or "the log"
    return f"{head}: {_label(rel)}" if head else _label(rel)


def _label(rel: list[str | int]) -> str:
    """'stake', 'cards'[2], 'hands'['Bob'][0]."""
    return repr(str(rel[0])) + "".join(f"[{p!r}]" for p in rel[1:])


def _expected(schema: Mapping[str, Any]) -> str:
    """What a (compiled) subschema asks for, in words."""
    names = _compiled().names
    if names.get(id(schema)) in _PHRASES:
        return _PHRASES[names[id(schema)]]
    if "const" in schema:
        return _show(schema["const"])
    if "enum" in schema:
        return "one of " + ", ".join(map(_show, schema["enum"]))
    if "oneOf" in schema:
        return " or ".join(map(_expected, schema["oneOf"]))
    kind = schema.get("type")
    if kind == "integer":
        return _MINIMUM_WORDS.get(schema.get("minimum"), "an integer")
    if kind == "array":
        item = names.get(id(schema.get("items")))
        return f"a list of {_PLURALS[item]}" if item in _PLURALS else "a list"
    return _TYPE_WORDS.get(kind, "valid")


# Keyed by object: looked up by what a subschema holds, or None.
_MINIMUM_WORDS: Mapping[object, str] = {0: "a non-negative integer", 1: "a positive integer"}
_TYPE_WORDS: Mapping[object, str] = {"boolean": "true or false", "object": "an object", "string": "a string"}


def _show(value: object) -> str:
    if isinstance(value, str):
        return repr(_clip(value))
    if isinstance(value, (dict, list, bool)) or value is None:
        return _clip(json.dumps(value, ensure_ascii=False))
    return repr(value)


def _did_you_mean(word: object, choices: Iterable[str]) -> str:
    import difflib  # only a message with a suggestion needs it

    close = difflib.get_close_matches(word, choices, n=1) if isinstance(word, str) else []
    return f" (did you mean {close[0]!r}?)" if close else ""


# --------------------------------------------------------------------------- meaning


def _normalise_numbers(doc: dict[str, Any]) -> None:
    """The schema's integers admit 3.0 (JSON Schema's reading); hand on ints."""
    doc["version"] = int(doc["version"])
    for obj in [doc["table"], *doc["events"]]:
        for key, value in obj.items():
            if type(value) is float:
                obj[key] = int(value)
            elif isinstance(value, dict):  # dealt.hands, dispute.testimony
                for k, v in value.items():
                    if type(v) is float:
                        value[k] = int(v)


def _check_events(doc: dict[str, Any]) -> None:
    """What the schema cannot say: no player bears the pool's name (the ledger's
    ``from``/``to`` would not tell them apart, SPEC §4), every name is a seated
    player's, and an event's ``cards`` agree with its ``count``."""
    players = doc["table"]["players"]
    if POOL in players:
        raise LogSchemaError(
            f"table: 'players'[{players.index(POOL)}] is {POOL!r}, the name the report gives the pool: "
            f"a player cannot be called {POOL!r}",
            json_pointer(["table", "players", players.index(POOL)]),
        )
    seated = set(players)

    def unseated(k: int, rel: list[str | int], name: str) -> LogSchemaError:
        head, _ = _place(doc, ["events", k, *rel])
        return LogSchemaError(
            f"{head}: {_label(rel[:1])} names {_show(name)}, who is not seated at the table "
            f"(players: {', '.join(map(_clip, players))})",
            json_pointer(["events", k, *rel]),
        )

    for k, event in enumerate(doc["events"]):
        for field in _NAME_FIELDS:
            name = event.get(field)
            if name is not None and name not in seated:
                raise unseated(k, [field], name)
        for field in ("hands", "testimony"):
            for name in event.get(field, ()):
                if name not in seated:
                    raise unseated(k, [field, name], name)
        for i, name in enumerate(event.get("unable", ())):
            if name not in seated:
                raise unseated(k, ["unable", i], name)
        for field in _CARD_COUNTS.get(event["type"], ()):
            value = event.get(field)
            counts = value.items() if isinstance(value, dict) else [(None, value)]
            for key, count in counts:
                if type(count) is int and count > MAX_CARDS:
                    rel = [field] if key is None else [field, key]
                    head, _ = _place(doc, ["events", k])
                    raise LogSchemaError(
                        f"{head}: {_label(rel)} is {count} cards, more than any pack holds "
                        f"(at most {MAX_CARDS} are read)",
                        json_pointer(["events", k, *rel]),
                    )
        if event["type"] in ("give", "discard"):
            count, cards = event["count"], event.get("cards")
            if cards is not None and len(cards) != count:
                raise LogSchemaError(
                    f"event {k} ({event['type']}): 'cards' lists {len(cards)} card{'s' * (len(cards) != 1)} "
                    f"but 'count' is {count}",
                    json_pointer(["events", k, "cards"]),
                )
            if event.get("exposed", 0) > count:
                raise LogSchemaError(
                    f"event {k} (give): 'exposed' is {event['exposed']} but 'count' is {count}",
                    json_pointer(["events", k, "exposed"]),
                )
