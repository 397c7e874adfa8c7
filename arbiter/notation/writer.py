"""Writing a log in the text notation: whatever the schema admits, so that reading it back
gives the same document (names and notes that plain words cannot hold go in quotes)."""

from __future__ import annotations

import json
from typing import Any, Mapping

from arbiter.notation.grammar import (
    BARE_NAME,
    FORM_OF,
    NOTE_MARK,
    RESERVED,
    Card,
    Cards,
    Choice,
    Counts,
    Flag,
    Hands,
    Keyed,
    Name,
    Names,
    Number,
    Opt,
    Part,
)


def write_text(log: Mapping[str, Any]) -> str:
    """A valid log (as `read_log_bytes` returns it) in the text notation."""
    lines = []
    if "meta" in log:
        lines.append("meta " + _json_block(log["meta"]))
    lines.append(table_line(log["table"]))
    for event in log["events"]:
        if event["type"] == "deal":
            lines.append("")  # each deal begins a paragraph
        lines.append(event_line(event))
    return "\n".join(lines) + "\n"


def table_line(table: Mapping[str, Any]) -> str:
    """`players Ann Bob Cat Dan; limit 20; ante 1` (and `; house blaze`, `; pronouns Ann she, Bob he`,
    `; stacks Ann 50, Bob 40` if given)."""
    line = f"players {' '.join(map(name_text, table['players']))}; limit {table['limit']}; ante {table['ante']}"
    if "house" in table:
        line += f"; house {name_text(table['house'])}"
    for field in ("pronouns", "stacks"):
        if field in table:  # an empty one is the word alone, as the reader takes it
            each = ", ".join(f"{name_text(name)} {value}" for name, value in table[field].items())
            line += f"; {field} {each}".rstrip()
    return line


def event_line(event: Mapping[str, Any]) -> str:
    form = FORM_OF[event["type"]]
    words = [name_text(event[form.subject])] if form.subject else []
    words += form.words
    for part in form.parts:
        words += _part(part, event)
    line = " ".join(words)
    if "note" in event:
        line += f" {NOTE_MARK} {note_text(event['note'])}"
    return line


def name_text(name: str) -> str:
    """A name as written: bare when it is a plain word that begins no statement, else quoted."""
    if name not in RESERVED and BARE_NAME.fullmatch(name):
        return name
    return json.dumps(name, ensure_ascii=False)


def note_text(note: str) -> str:
    """A note runs to the end of the line; one that would not read back the same is quoted."""
    plain = (note and note == note.strip() and note.isprintable() and not note.startswith('"'))
    return note if plain else json.dumps(note, ensure_ascii=False)


def _json_block(value: Any, depth: int = 0) -> str:
    """JSON with the keys of the outer two objects one a line, the rest compact: `meta`
    (a case's title, description, expected result) reads down the page."""
    if not isinstance(value, dict) or not value or depth >= 2:
        return json.dumps(value, ensure_ascii=False)
    inner = "  " * (depth + 1)
    items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {_json_block(v, depth + 1)}" for k, v in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"


def _cards(cards: list[str]) -> str:
    return f"({' '.join(cards)})"


def _part(part: Part, event: Mapping[str, Any]) -> list[str]:
    match part:
        case Opt(part=inner):
            return _part(inner, event) if inner.field in event else []
        case Keyed(words=words, part=inner):
            return [*words, *_part(inner, event)]
    value = event[part.field]
    match part:
        case Number() | Card():
            return [str(value)]
        case Cards():
            return [_cards(value)]
        case Name():
            return [name_text(value)]
        case Names():
            return [f"({' '.join(map(name_text, value))})"]
        case Flag(words=words):
            return list(words) if value else ["not", *words]
        case Choice(choices=choices):
            return [next(words for words, choice in choices if choice == value)]
        case Hands():
            entries = [f"{name_text(p)} {_cards(v) if isinstance(v, list) else v}" for p, v in value.items()]
            return [", ".join(entries)] if entries else []
        case Counts():
            return ["(" + ", ".join(f"{name_text(p)} {n}" for p, n in value.items()) + ")"]
    raise TypeError(part)

