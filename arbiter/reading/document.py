"""Reading a hand log (SPEC §2): bytes -> JSON -> schema -> seated players, the whole
document at once.

Every way a log can fail to be read raises a ``LogError`` that says where (a JSON
Pointer and the event index) and why:

- ``LogReadError``: unreadable file, larger than ``MAX_LOG_BYTES``, not UTF-8, not JSON,
  nested deeper than ``MAX_DEPTH``, a duplicate key, NaN/Infinity, a number that is not
  finite or out of range, a lone surrogate.
- ``LogSchemaError``: the JSON breaks ``log.schema.json`` (a count of cards larger than
  any pack among it), an event names a player who is not seated, or an event contradicts
  itself (``cards`` and ``count`` disagree).

A sound log is parsed by the plain C parser and vouched for in one pass (`sound.py`);
anything else is parsed again with hooks and checked one check at a time, so that what
is wrong is said exactly. The returned document is the log as written, except that
integral numbers written as floats where the schema wants an integer (``"stake": 3.0``)
become ints.
"""

from __future__ import annotations

import json
import math
import os
import re
from typing import Any, cast

from arbiter.errors import LogReadError, LogSchemaError
from arbiter.escapes import has_lone_surrogate
from arbiter.events import MAX_NUMBER
from arbiter.reading.exact import schema_error
from arbiter.reading.limits import (
    INT_DIGITS,
    TOO_DEEP,
    TOO_LONG_INT,
    NotUTF8,
    duplicate_key,
    encoding_hint,
    may_hold_surrogate,
    nul_byte,
    read_source,
    utf8_text,
)
from arbiter.reading.messages import clip, describe, json_pointer, label, place, show, subject
from arbiter.reading.schema import NAME_FIELDS
from arbiter.reading.sound import sound, sound_log
from arbiter.seats import POOL


def read_log_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and check the hand log at ``path`` (``-`` is the caller's business)."""
    return read_log_bytes(read_source(path), os.fspath(path))


def read_log_bytes(data: bytes, name: str) -> dict[str, Any]:
    """Decode, parse and check a hand log; ``name`` (a path, or ``-``) goes on the error."""
    try:
        return read_text(decode(data))
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
        raise LogReadError(f"{subject(log, path)} is out of range: a number of more than {INT_DIGITS} digits "
                           "cannot be read", json_pointer(path), file="<log>") from None
    except (TypeError, RecursionError) as exc:
        raise LogReadError(f"not a JSON document: {type(exc).__name__}: {exc}", file="<log>") from None
    return read_log_bytes(text.encode("utf-8"), "<log>")


def _first_huge_int(doc: object) -> list[str | int] | None:
    """The path of the first int, in document order, too long to write; None if
    there is none (each container is visited once: the document may be circular)."""
    stack: list[tuple[object, list[str | int]]] = [(doc, [])]
    seen: set[int] = set()
    while stack:
        value, path = stack.pop()
        if type(value) is int and abs(value) >= TOO_LONG_INT:  # json cannot write it (in meta a shorter one stands)
            return path
        if not isinstance(value, (dict, list)) or id(value) in seen:
            continue
        seen.add(id(value))
        children = list(value.items()) if isinstance(value, dict) else list(enumerate(value))
        stack.extend((child, [*path, key]) for key, child in reversed(children))
    return None


class _Bad:
    """Put by the parser where the log holds something unreadable; found by ``_walk``."""

    def __init__(self, problem: str, key: str | None = None, number: float | int | None = None,
                 holding: dict[str, Any] | None = None) -> None:
        self.problem = problem  # a predicate: "<subject> is not a finite number (NaN)"
        self.key = key  # the duplicated key, for a duplicate
        self.number = number  # a number out of the range the replay reads: free to stand in `meta`
        self.holding = holding  # for a duplicate, the mapping as first written, to name it


def decode(data: bytes) -> str:
    """The log's text; raises for bytes that are not UTF-8, or no text at all."""
    try:
        text = utf8_text(data)
    except NotUTF8 as exc:
        line = data.count(b"\n", 0, exc.offset) + 1
        raise LogReadError(f"not UTF-8: {exc} (line {line}) cannot be decoded{encoding_hint(data)}") from None
    if (nul := nul_byte(data)) is not None:  # UTF-16 without its mark decodes, and no JSON holds one
        raise LogReadError(f"not valid JSON: {nul}")
    if not text.strip():
        raise LogReadError("not valid JSON: the file is empty" + (" but for white space" if text else ""))
    return text


def read_text(text: str) -> dict[str, Any]:
    """A log's text read: the plain parse and one pass when they vouch for it (nearly
    always), else the exact path, which says what is wrong."""
    keys = key_count(text)
    doc = _parse_plain(text) if keys is not None else None
    if doc is not None and sound(doc, keys):
        return doc
    del doc  # not held while the exact parse builds another (a long log's is hundreds of MB)
    return _read_exactly(text)


def _parse_plain(text: str) -> object:
    """The document by the C parser without hooks (a Python call per object and per
    number made the hooked parse four times slower), or None when the text could hold
    what only the hooked parse can tell: a NaN or an infinity, a lone surrogate escape,
    a number too long to convert, nesting too deep."""
    if needs_hooks(text):
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def needs_hooks(text: str) -> bool:
    """The text could hold a NaN, an infinity or a lone surrogate escape: only the hooked
    parse tells them (the plain one takes them as they are)."""
    return "NaN" in text or "Infinity" in text or may_hold_surrogate(text)


def key_count(text: str) -> int | None:
    """How many keys the text can hold at most: a key's closing quote is followed by a
    colon, and elsewhere a quote followed by a colon is an escaped one, inside a string.
    If the parsed document holds as many keys, none was a duplicate (the C parser keeps
    the last of two). None when white space stands between a quote and a colon (rare;
    the hooked parse decides)."""
    if SPACED_KEY.search(text):
        return None
    return text.count('":')


SPACED_KEY = re.compile(r'"[ \t\n\r]+:')


def _read_exactly(text: str) -> dict[str, Any]:
    """The hooked parse and every check one by one: slower, and exact about what is wrong
    and where (the first problem in document order; tests/test_reading.py pins the words)."""
    found: list[_Bad] = []

    def bad(problem: str, key: str | None = None) -> _Bad:
        found.append(marker := _Bad(problem, key))
        return marker

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any] | _Bad:
        obj = dict(items)
        if len(obj) == len(items):
            return obj
        dup = duplicate_key(items)
        named: dict[str, Any] = {}  # as first written: the event is named by what came first
        for k, v in items:
            named.setdefault(k, v)
        found.append(marker := _Bad(f"has a duplicate key {dup!r}", dup, holding=named))
        return marker

    def number(text: str, value: float | int | None) -> float | int | _Bad:
        if type(value) is float and not math.isfinite(value):  # an int of any size is finite, and no float
            return bad(f"is not a finite number ({clip(text)})")
        if value is None or abs(value) > MAX_NUMBER:  # beyond the bound, it may stand in `meta`; not beyond reading
            bound = f"a number of more than {INT_DIGITS} digits cannot be read" if value is None \
                else f"numbers must lie within ±{MAX_NUMBER}"
            found.append(marker := _Bad(f"is out of range ({clip(text)}); {bound}", number=value))
            return marker
        return value

    decoder = json.JSONDecoder(
        object_pairs_hook=pairs,
        parse_float=lambda s: number(s, float(s)),
        # More digits than MAX_NUMBER has are out of range (but may stand in `meta`); int()
        # is spared more than it reads (4300 digits).
        parse_int=lambda s: number(s, int(s) if len(s.lstrip("-")) <= INT_DIGITS else None),
        parse_constant=lambda s: bad(f"is not a finite number ({s})"),
    )
    try:
        doc: object = decoder.decode(text)
    except json.JSONDecodeError as exc:
        where = f"at line {exc.lineno}, column {exc.colno}"  # "Unterminated string starting at" says "at" itself
        raise LogReadError(f"not valid JSON: {exc.msg.removesuffix(' at')} {where}") from None
    except RecursionError:
        raise LogReadError(TOO_DEEP) from None

    if found or may_hold_surrogate(text):
        _walk(doc)
    error = schema_error(doc)
    if error is not None:
        raise LogSchemaError(*describe(doc, error))
    log = cast("dict[str, Any]", doc)  # the schema holds a log to an object
    _normalise_numbers(log)
    _check_events(log)
    return log


def _walk(doc: object) -> None:
    """Raise for the first unreadable value in document order (iteratively: the
    document may be nested as deeply as the parser allowed)."""
    stack: list[tuple[object, tuple[str | int, ...]]] = [(doc, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, _Bad) and value.number is not None and path[:1] == ("meta",) and len(path) > 1:
            _holder(doc, path)[path[-1]] = value.number  # type: ignore[index]  # free-form, ignored by the replay
            continue
        if isinstance(value, _Bad):
            where = path + (value.key,) if value.key is not None else path
            if value.holding is not None and path:  # named as what it is: "event 5 (open by Cat)"
                _holder(doc, path)[path[-1]] = value.holding  # type: ignore[index]
            raise LogReadError(f"{subject(doc, path)} {value.problem}", json_pointer(where))
        if isinstance(value, str) and has_lone_surrogate(value):
            raise LogReadError(f"{subject(doc, path)} contains a lone surrogate escape", json_pointer(path))
        if isinstance(value, dict):
            for k in reversed(list(value)):
                if has_lone_surrogate(k):
                    raise LogReadError(f"{subject(doc, path)} has a key with a lone surrogate escape",
                                       json_pointer(path))
                stack.append((value[k], path + (k,)))
        elif isinstance(value, list):
            stack.extend((v, path + (i,)) for i, v in reversed(list(enumerate(value))))


def _holder(doc: object, path: tuple[str | int, ...]) -> object:
    """The mapping or list that holds the value at `path`."""
    for step in path[:-1]:
        doc = doc[step]  # type: ignore[index]
    return doc


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
    stacks = doc["table"].get("stacks")
    if stacks is not None:  # every player's counters on the table, and no one else's
        for name in stacks:
            if name not in seated:
                raise LogSchemaError(f"table: 'stacks' names {show(name)}, who is not seated at the table "
                                     f"(players: {', '.join(map(clip, players))})",
                                     json_pointer(["table", "stacks", name]))
        missing = [name for name in players if name not in stacks]
        if missing:
            raise LogSchemaError(f"table: 'stacks' gives no counters for {show(missing[0])}: where given, it "
                                 "gives every player's", json_pointer(["table", "stacks"]))
    for name in doc["table"].get("pronouns") or {}:  # a name misspelt there would leave the player 'they'
        if name not in seated:
            raise LogSchemaError(f"table: 'pronouns' names {show(name)}, who is not seated at the table "
                                 f"(players: {', '.join(map(clip, players))})",
                                 json_pointer(["table", "pronouns", name]))

    def unseated(k: int, rel: list[str | int], name: str) -> LogSchemaError:
        head, _ = place(doc, ["events", k, *rel])
        return LogSchemaError(
            f"{head}: {label(rel[:1])} names {show(name)}, who is not seated at the table "
            f"(players: {', '.join(map(clip, players))})",
            json_pointer(["events", k, *rel]),
        )

    for k, event in enumerate(doc["events"]):
        for field in NAME_FIELDS:
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
        if event["type"] in ("give", "discard"):
            count, cards = event["count"], event.get("cards")
            head, _ = place(doc, ["events", k])
            if cards is not None and len(cards) != count:
                raise LogSchemaError(
                    f"{head}: 'cards' lists {len(cards)} card{'s' * (len(cards) != 1)} but 'count' is {count}",
                    json_pointer(["events", k, "cards"]),
                )
            if event.get("exposed", 0) > count:
                raise LogSchemaError(
                    f"{head}: 'exposed' is {event['exposed']} but 'count' is {count}",
                    json_pointer(["events", k, "exposed"]),
                )
