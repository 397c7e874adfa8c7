"""The engine reads each event as the typed dict `Event` (`arbiter/events.py`): its fields
are the log format's, so that the two cannot drift apart, and every field a rule may name
(`event.stake`) is one of them."""

from __future__ import annotations

import json
import typing

from arbiter.engine.replay import NAMING_CARDS
from arbiter.events import MAX_STAKE, Event
from arbiter.resources import schema_path
from arbiter.rulebook.vocabulary.grammar import EVENT_FIELDS, EVENT_FLAGS


def schema_fields() -> dict[str, dict[str, typing.Any]]:
    schema = json.loads(schema_path("log").read_text(encoding="utf-8"))
    return {field: part for name, part in schema["$defs"].items() if name.endswith("_event")
            for field, part in part.get("properties", {}).items()}


def test_the_typed_event_has_the_fields_of_the_log_formats_events():
    assert set(typing.get_type_hints(Event)) == set(schema_fields())


def test_every_event_field_a_rule_may_name_is_a_field_of_the_typed_event():
    assert set(EVENT_FIELDS) | set(EVENT_FLAGS) <= set(typing.get_type_hints(Event))


def test_a_field_typed_as_a_count_is_an_integer_in_the_schema():
    """Where the typed event says int, the schema admits only integers (a count, an amount):
    the engine's arithmetic on them is sound."""
    hints = typing.get_type_hints(Event)
    defs = json.loads(schema_path("log").read_text(encoding="utf-8"))["$defs"]
    for field, part in schema_fields().items():
        if hints[field] is int:
            target = defs[part["$ref"].rsplit("/", 1)[1]] if "$ref" in part else part
            assert target.get("type") == "integer", field


def test_the_most_a_stake_may_be_is_the_log_schemas():
    defs = json.loads(schema_path("log").read_text(encoding="utf-8"))["$defs"]
    assert defs["stake"]["maximum"] == defs["amount"]["maximum"] == MAX_STAKE


def test_the_replay_looks_for_cards_in_the_events_of_every_type_that_may_name_them():
    """The replay parses an event's cards only for the types that may name any (`NAMING_CARDS`):
    those whose subschema holds a card, a list of cards or the hands dealt, and no other."""
    defs = json.loads(schema_path("log").read_text(encoding="utf-8"))["$defs"]
    naming = {name.removesuffix("_event") for name, part in defs.items() if name.endswith("_event")
              and {"card", "cards", "hands"} & set(part.get("properties", {}))}
    assert naming == NAMING_CARDS
