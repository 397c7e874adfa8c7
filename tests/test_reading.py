"""Reading a hand log: the errors, the log schema, and the report schema."""

from __future__ import annotations

import codecs
import copy
import json
import pickle
from importlib.resources import files

import pytest
from jsonschema import Draft202012Validator

from arbiter.errors import (
    ArbiterError,
    HouseRulesError,
    LogError,
    LogReadError,
    LogSchemaError,
    ReplayError,
    RuleFileError,
    UnknownRuleError,
)
from arbiter.reading import EVENT_TYPES, LOG_SCHEMA, json_pointer, read_log_bytes, read_log_file

TABLE = {"players": ["Ann", "Bob", "Cat", "Dan"], "limit": 20, "ante": 1}
MINIMAL = {
    "format": "peel-draw-poker-log",
    "version": 1,
    "table": TABLE,
    "events": [
        {"type": "deal", "dealer": "Ann"},
        {"type": "shuffle", "player": "Ann"},
        {"type": "cut", "player": "Dan"},
        {"type": "ante", "player": "Bob", "amount": 1},
    ],
}

# One event of every type, each with all its optional fields.
EVERY_EVENT = [
    {"type": "draw_for_deal", "player": "Ann", "card": "2c"},
    {"type": "deal", "dealer": "Ann", "note": "first game"},
    {"type": "shuffle", "player": "Ann", "face_up": False, "below_table": False},
    {"type": "cut", "player": "Dan"},
    {"type": "ante", "player": "Bob", "amount": 1},
    {"type": "straddle", "player": "Cat", "amount": 2},
    {"type": "card", "to": "Bob", "card": "Ah", "exposed": True},
    {"type": "card", "to": "Cat"},
    {"type": "dealt", "hands": {"Ann": 5, "Bob": ["Ah", "Kd", "Qs", "Jc", "10d"], "Cat": [], "Dan": 0}},
    {"type": "face_up_in_pack", "card": "7s"},
    {"type": "face_up_in_pack"},
    {"type": "speak", "player": "Dan"},
    {"type": "point_out", "player": "Cat", "issue": "wrong_count", "about": "Bob"},
    {"type": "lift", "player": "Bob"},
    {"type": "open", "player": "Dan", "stake": 4, "cards": ["Jh", "Js", "2c", "3d", "4h"]},
    {"type": "play", "player": "Ann", "stake": 4},
    {"type": "pass", "player": "Bob"},
    {"type": "divulge", "player": "Bob"},
    {"type": "take_back", "player": "Bob"},
    {"type": "discard", "player": "Dan", "count": 3, "cards": ["2c", "3d", "4h"]},
    {"type": "discard", "player": "Ann", "count": 0},
    {"type": "demand", "player": "Dan", "count": 3},
    {"type": "give", "to": "Dan", "count": 3, "cards": ["5c", "6d", "Td"], "exposed": 1},
    {"type": "collect_discards", "cards": ["2c", "3d"]},
    {"type": "dispute", "player": "Dan", "claims": 3, "dealer_says": 2, "unable": ["Bob"], "testimony": {"Cat": 3}},
    {"type": "ask_dealer", "player": "Dan"},
    {"type": "dealer_answer", "count": 1},
    {"type": "dealer_tells", "about": "Dan"},
    {"type": "demand_show", "player": "Ann", "stake": 6},
    {"type": "show", "player": "Dan", "cards": ["Jh", "Js", "5c", "6d", "Td"], "original": ["Jh", "Js", "2c", "3d", "4h"]},
    {"type": "card", "to": "Ann", "card": "Jo"},
    {"type": "win", "player": "Dan", "amount": 10},
    {"type": "add_counters", "player": "Dan", "amount": 20},
]


def log(*events, **top) -> dict:
    """A copy of the minimal log with these events (if any) and top-level fields."""
    doc = copy.deepcopy(MINIMAL)
    if events:
        doc["events"] = list(events)
    doc.update(copy.deepcopy(top))
    return doc


def read(doc) -> dict:
    data = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    return read_log_bytes(data, "t.json")


def fails(doc, cls: type[LogError]) -> LogError:
    with pytest.raises(cls) as info:
        read(doc)
    assert type(info.value) is cls
    return info.value


def raw(events: str) -> bytes:
    """A log whose events are given as JSON text."""
    head = '{"format": "peel-draw-poker-log", "version": 1, "table": %s, "events": [%s]}'
    return (head % (json.dumps(TABLE), events)).encode()


# ------------------------------------------------------------------ valid logs


def test_minimal_log_reads_as_written() -> None:
    assert read(MINIMAL) == MINIMAL


def test_every_event_type_with_its_optional_fields() -> None:
    assert {e["type"] for e in EVERY_EVENT} == set(EVENT_TYPES)
    doc = log(*EVERY_EVENT, meta={"title": "all", "expect": {"status": "ok"}})
    assert read(doc) == doc


def test_empty_events_and_meta_are_allowed() -> None:
    doc = log(meta={"anything": [1, {"deep": None}]})
    doc["events"] = []
    assert read(doc)["events"] == []


@pytest.mark.parametrize("card", ["10d", "Td", "Jo", "Ah", "2c", "9s"])
def test_cards_accepted(card: str) -> None:
    read(log({"type": "card", "to": "Ann", "card": card}))


def test_utf8_bom_is_tolerated() -> None:
    assert read(b"\xef\xbb\xbf" + json.dumps(MINIMAL).encode()) == MINIMAL


def test_unicode_names() -> None:
    doc = log({"type": "deal", "dealer": "Zoë"}, table={"players": ["Zoë", "Łukasz"], "limit": 10, "ante": 1})
    assert read(doc)["table"]["players"] == ["Zoë", "Łukasz"]


def test_integral_floats_become_ints() -> None:
    doc = read(raw('{"type": "ante", "player": "Bob", "amount": 1.0}, '
                   '{"type": "dealt", "hands": {"Ann": 5.0}}'))
    amount, count = doc["events"][0]["amount"], doc["events"][1]["hands"]["Ann"]
    assert (amount, count) == (1, 5)
    assert type(amount) is int and type(count) is int


# ------------------------------------------------------------------ reading errors


def test_bad_json() -> None:
    err = fails(b'{"format": "peel-draw-poker-log",\n "version": 1,,}', LogReadError)
    assert err.message.startswith("not valid JSON:")
    assert "line 2" in err.message
    assert (err.path, err.event) == ("", None)
    cut = fails(b'{"format": "peel-draw-poker-log", "version": 1, "table": {"players": ["Ann', LogReadError)
    assert cut.message == "not valid JSON: Unterminated string starting at line 1, column 71"  # "at" once


def test_empty_file() -> None:
    assert "empty" in fails(b"  \n", LogReadError).message


@pytest.mark.parametrize("mark", [b"", codecs.BOM_UTF8])
def test_not_utf8(mark: bytes) -> None:
    """The byte and its offset are the file's, a byte-order mark counted (the decoder counts
    after it: it named the byte three places before)."""
    data = mark + b'{"format": "peel-draw-poker-log",\n "x": "caf\xe9"}'
    err = fails(data, LogReadError)
    assert err.message == f"not UTF-8: byte 0xe9 at offset {data.index(0xE9)} (line 2) cannot be decoded"
    assert (err.path, err.event) == ("", None)


def test_utf16_gets_a_hint() -> None:
    err = fails(json.dumps(MINIMAL).encode("utf-16"), LogReadError)
    assert "UTF-16" in err.message


@pytest.mark.parametrize("data, said", [
    # without its byte-order mark UTF-16 decodes as UTF-8, and its NULs were "Expecting property name …"
    (json.dumps(MINIMAL).encode("utf-16-le"), "not valid JSON: a NUL byte at offset 1 (line 1) (it looks like "
                                              "UTF-16: save it as UTF-8)"),
    (json.dumps(MINIMAL).encode("utf-16-be"), "not valid JSON: a NUL byte at offset 0 (line 1) (it looks like "
                                              "UTF-16: save it as UTF-8)"),
    (b'{"format":\n\0}', "not valid JSON: a NUL byte at offset 11 (line 2)"),  # was "Expecting value"
], ids=["utf-16-le", "utf-16-be", "nul"])
def test_a_nul_byte_is_named_with_the_hint_of_utf16_where_it_looks_like_it(data: bytes, said: str) -> None:
    assert fails(data, LogReadError).message == said


def test_an_empty_name_is_said_to_be_empty() -> None:
    """`table.house` is a string of one character or more: "" is said empty, not "not a string"."""
    err = fails(b'{"format": "peel-draw-poker-log", "version": 1, "table": {"players": ["Ann", "Bob"], '
                b'"limit": 10, "ante": 1, "house": ""}, "events": []}', LogSchemaError)
    assert (err.message, err.path) == ("table: 'house' must not be empty", "/table/house")


def test_duplicate_top_level_key() -> None:
    err = fails(b'{"format": "peel-draw-poker-log", "version": 1, "version": 1}', LogReadError)
    assert "duplicate key 'version'" in err.message
    assert (err.path, err.event) == ("/version", None)


def test_duplicate_key_inside_an_event() -> None:
    err = fails(raw('{"type": "deal", "dealer": "Ann"}, {"type": "pass", "player": "Bob", "player": "Cat"}'), LogReadError)
    assert err.message == "event 1 (pass by Bob) has a duplicate key 'player'"  # named as first written (item 25)
    assert (err.path, err.event) == ("/events/1/player", 1)


def test_duplicate_key_inside_meta() -> None:
    data = json.dumps(MINIMAL)[:-1] + ', "meta": {"a": {"b": 1, "b": 2}}}'
    err = fails(data.encode(), LogReadError)
    assert (err.path, err.event) == ("/meta/a/b", None)


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e309", "-1e400"])
def test_non_finite_numbers(literal: str) -> None:
    err = fails(raw('{"type": "play", "player": "Ann", "stake": %s}' % literal), LogReadError)
    assert err.message == f"event 0 (play by Ann): 'stake' is not a finite number ({literal})"
    assert (err.path, err.event) == ("/events/0/stake", 0)


@pytest.mark.parametrize("literal", ["1e300", "9007199254740992", "-12345678901234567890", "1" + "0" * 5000])
def test_absurd_numbers(literal: str) -> None:
    err = fails(raw('{"type": "ante", "player": "Bob", "amount": %s}' % literal), LogReadError)
    assert "'amount' is out of range" in err.message
    assert (err.path, err.event) == ("/events/0/amount", 0)


def test_largest_exact_integer_is_read() -> None:
    doc = read(raw('{"type": "ante", "player": "Bob", "amount": 1}').replace(b'"events"', b'"meta": {"n": 9007199254740991}, "events"'))
    assert doc["meta"]["n"] == 2**53 - 1


def test_counters_are_bounded_where_they_are_read() -> None:
    assert read(raw('{"type": "ante", "player": "Bob", "amount": 1000000000}'))["events"][0]["amount"] == 10**9
    err = fails(raw('{"type": "ante", "player": "Bob", "amount": 1000000001}'), LogSchemaError)
    assert err.message == "event 0 (ante by Bob): 'amount' is out of bounds: at most 1,000,000,000, got 1000000001"
    assert err.path == "/events/0/amount"


def test_deep_nesting() -> None:
    err = fails(b"[" * 100_000 + b"]" * 100_000, LogReadError)
    assert "nested too deeply" in err.message
    assert (err.path, err.event) == ("", None)


def test_lone_surrogate_escape() -> None:
    err = fails(raw('{"type": "play", "player": "Ann", "stake": 2, "note": "x\\ud800"}'), LogReadError)
    assert "lone surrogate" in err.message
    assert err.path == "/events/0/note"


def test_paired_surrogate_escape_is_a_character() -> None:
    doc = read(raw('{"type": "play", "player": "Ann", "stake": 2, "note": "\\ud83c\\udca1"}'))
    assert doc["events"][0]["note"] == "\U0001f0a1"


def test_first_unreadable_value_in_document_order() -> None:
    err = fails(raw('{"type": "play", "player": "Ann", "stake": 1e999}, {"type": "pass", "player": "A", "player": "B"}'),
                LogReadError)
    assert err.path == "/events/0/stake"


def test_read_log_file(tmp_path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(MINIMAL), encoding="utf-8")
    assert read_log_file(path) == MINIMAL
    assert read_log_file(str(path)) == MINIMAL


def test_read_log_file_missing(tmp_path) -> None:
    missing = tmp_path / "nope.json"
    with pytest.raises(LogReadError) as info:
        read_log_file(missing)
    assert "cannot read" in info.value.message
    assert info.value.file == str(missing)
    assert str(info.value).startswith(str(missing) + ": ")


def test_error_carries_the_file_name() -> None:
    with pytest.raises(LogSchemaError) as info:
        read_log_bytes(json.dumps(log(version=2)).encode(), "cases/x.json")
    assert info.value.file == "cases/x.json"
    assert str(info.value) == "cases/x.json: 'version' must be 1, got 2"
    assert info.value.to_dict() == {"message": "'version' must be 1, got 2", "path": "/version", "event": None}


# ------------------------------------------------------------------ schema errors


def test_unknown_event_type() -> None:
    err = fails(log({"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"},
                    {"type": "cut", "player": "Dan"}, {"type": "flop"}), LogSchemaError)
    assert err.message == "event 3: unknown event type 'flop'"
    assert (err.path, err.event) == ("/events/3/type", 3)


def test_unknown_event_type_suggests_the_near_one() -> None:
    err = fails(log({"type": "dael", "dealer": "Ann"}), LogSchemaError)
    assert err.message == "event 0 (by 'Ann'): unknown event type 'dael' (did you mean 'deal'?)"


def test_unknown_event_type_names_the_player() -> None:
    """Item 25's words for a message: the event's index, its type and the player."""
    err = fails(log({"type": "deal", "dealer": "Ann"}, {"type": "bluff", "player": "Bob"}), LogSchemaError)
    assert err.message == "event 1 (by 'Bob'): unknown event type 'bluff'"


def test_missing_type_names_the_player() -> None:
    """Item 25's words for a message: with no type to name, the player is still named."""
    err = fails(log({"player": "Ann"}), LogSchemaError)
    assert err.message == "event 0 (by 'Ann'): missing required field 'type'"
    assert (err.path, err.event) == ("/events/0", 0)
    assert fails(log({"count": 3}), LogSchemaError).message == "event 0: missing required field 'type'"


def test_event_not_an_object() -> None:
    err = fails(log({"type": "deal", "dealer": "Ann"}, "deal"), LogSchemaError)
    assert err.message == "event 1 must be an object, got 'deal'"
    assert (err.path, err.event) == ("/events/1", 1)


def test_unknown_field() -> None:
    err = fails(log({"type": "play", "player": "Ann", "stake": 2, "amount": 2}), LogSchemaError)
    assert err.message.startswith("event 0 (play by Ann): unknown field 'amount'")
    assert "player, stake, note" in err.message
    assert (err.path, err.event) == ("/events/0/amount", 0)


def test_unknown_field_suggests_the_near_one() -> None:
    err = fails(log({"type": "ante", "player": "Bob", "amout": 1}), LogSchemaError)
    # the missing `amount` and the unknown `amout`: the missing field is named first
    assert err.message == "event 0 (ante by Bob): missing required field 'amount'"
    err = fails(log({"type": "give", "to": "Bob", "count": 1, "exposd": 1}), LogSchemaError)
    assert err.message == "event 0 (give to Bob): unknown field 'exposd' (did you mean 'exposed'?)"
    assert err.path == "/events/0/exposd"


def test_missing_required_field() -> None:
    err = fails(log({"type": "deal", "dealer": "Ann"}, {"type": "play", "player": "Ann"}), LogSchemaError)
    assert err.message == "event 1 (play by Ann): missing required field 'stake'"
    assert (err.path, err.event) == ("/events/1", 1)


def test_negative_stake() -> None:
    events = [{"type": "deal", "dealer": "Ann"}] * 3 + [{"type": "play", "player": "Bob", "stake": -2}]
    err = fails(log(*events), LogSchemaError)
    assert err.message == "event 3 (play by Bob): 'stake' must be a non-negative integer, got -2"
    assert (err.path, err.event) == ("/events/3/stake", 3)


@pytest.mark.parametrize(("amount", "shown"), [(2.5, "2.5"), (True, "true"), ("3", "'3'"), (0, "0"), (None, "null")])
def test_amount_must_be_a_positive_integer(amount, shown: str) -> None:
    err = fails(log({"type": "ante", "player": "Bob", "amount": amount}), LogSchemaError)
    assert err.message == f"event 0 (ante by Bob): 'amount' must be a positive integer, got {shown}"
    assert (err.path, err.event) == ("/events/0/amount", 0)


def test_count_may_be_zero_but_not_fractional() -> None:
    read(log({"type": "discard", "player": "Ann", "count": 0}))
    err = fails(log({"type": "discard", "player": "Ann", "count": 1.5}), LogSchemaError)
    assert err.message == "event 0 (discard by Ann): 'count' must be a non-negative integer, got 1.5"


@pytest.mark.parametrize("card", ["1x", "Zz", "ah", "AH", "1d", "11d", "T", "Jo ", "Ah\n", ""])
def test_bad_card(card: str) -> None:
    err = fails(log({"type": "card", "to": "Ann", "card": card}), LogSchemaError)
    assert err.message.startswith("event 0 (card to Ann): 'card' must be a card (")
    assert err.message.endswith(f"got {card!r}")
    assert (err.path, err.event) == ("/events/0/card", 0)


def test_bad_card_in_a_list() -> None:
    err = fails(log({"type": "show", "player": "Ann", "cards": ["Ah", "Kd", "1x"]}), LogSchemaError)
    assert err.message.startswith("event 0 (show by Ann): 'cards'[2] must be a card")
    assert err.path == "/events/0/cards/2"


def test_bad_card_in_dealt_hands() -> None:
    err = fails(log({"type": "dealt", "hands": {"Ann": 5, "Bob": ["Ah", "Zz"]}}), LogSchemaError)
    assert err.message.startswith("event 0 (dealt): 'hands'['Bob'][1] must be a card")
    assert err.path == "/events/0/hands/Bob/1"


def test_dealt_hand_neither_count_nor_cards() -> None:
    err = fails(log({"type": "dealt", "hands": {"Bob": "five"}}), LogSchemaError)
    assert err.message == ("event 0 (dealt): 'hands'['Bob'] must be a non-negative integer or a list of cards, "
                           "got 'five'")
    assert err.path == "/events/0/hands/Bob"


def test_point_out_issue_enum() -> None:
    err = fails(log({"type": "point_out", "player": "Ann", "issue": "foul"}), LogSchemaError)
    assert err.message == ("event 0 (point_out by Ann): 'issue' must be one of 'uncut', 'wrong_count', 'excess', "
                           "'short', got 'foul'")


def test_flags_are_booleans() -> None:
    err = fails(log({"type": "shuffle", "player": "Ann", "face_up": 1}), LogSchemaError)
    assert err.message == "event 0 (shuffle by Ann): 'face_up' must be true or false, got 1"
    err = fails(log({"type": "card", "to": "Ann", "exposed": 1}), LogSchemaError)
    assert err.path == "/events/0/exposed"


def test_give_exposed_is_a_count() -> None:
    err = fails(log({"type": "give", "to": "Ann", "count": 2, "exposed": True}), LogSchemaError)
    assert err.message == "event 0 (give to Ann): 'exposed' must be a non-negative integer, got true"


@pytest.mark.parametrize(("field", "value", "message"), [
    ("format", "peel-poker", "'format' must be 'peel-draw-poker-log', got 'peel-poker'"),
    ("version", 2, "'version' must be 1, got 2"),
    ("version", "1", "'version' must be 1, got '1'"),
])
def test_wrong_format_or_version(field: str, value, message: str) -> None:
    err = fails(log(**{field: value}), LogSchemaError)
    assert err.message == message
    assert (err.path, err.event) == (f"/{field}", None)


def test_not_a_log_at_all() -> None:
    err = fails({"name": "package.json"}, LogSchemaError)
    assert err.message == "the log: missing required field 'format'"
    assert (err.path, err.event) == ("", None)
    err = fails([MINIMAL], LogSchemaError)
    assert err.message.startswith("the log must be an object, got [")


def test_unknown_top_level_field() -> None:
    err = fails(log(comment="x"), LogSchemaError)
    assert err.message.startswith("the log: unknown field 'comment'")
    assert err.path == "/comment"


@pytest.mark.parametrize("players", [["Ann"], [f"P{i}" for i in range(11)], []])
def test_two_to_ten_players(players: list) -> None:
    err = fails(log(table={"players": players, "limit": 20, "ante": 1}), LogSchemaError)
    assert err.message == f"table: 'players' must name 2 to 10 players, got {len(players)}"
    assert (err.path, err.event) == ("/table/players", None)


def test_ten_players_are_allowed() -> None:
    names = [f"P{i}" for i in range(10)]
    read(log({"type": "deal", "dealer": "P9"}, table={"players": names, "limit": 20, "ante": 1}))


def test_duplicate_player_names() -> None:
    err = fails(log(table={"players": ["Ann", "Bob", "Ann"], "limit": 20, "ante": 1}), LogSchemaError)
    assert err.message == "table: 'players' names 'Ann' more than once"
    assert (err.path, err.event) == ("/table/players/2", None)


@pytest.mark.parametrize("name", ["", "B\nb", "Bob\n", "\tBob", "B\x7fb", "B\x85b"])
def test_player_names_without_control_characters(name: str) -> None:
    err = fails(log(table={"players": ["Ann", name], "limit": 20, "ante": 1}), LogSchemaError)
    assert err.message.startswith("table: 'players'[1] must not be empty" if name == "" else
                                  "table: 'players'[1] must be a player's name")
    assert err.path == "/table/players/1"


@pytest.mark.parametrize("field", ["limit", "ante"])
def test_limit_and_ante_are_positive(field: str) -> None:
    table = dict(TABLE, **{field: 0})
    err = fails(log(table=table), LogSchemaError)
    assert err.message == f"table: '{field}' must be a positive integer, got 0"
    assert err.path == f"/table/{field}"


def test_table_missing_and_unknown_fields() -> None:
    err = fails(log(table={"players": ["Ann", "Bob"], "limit": 20}), LogSchemaError)
    assert (err.message, err.path) == ("table: missing required field 'ante'", "/table")
    err = fails(log(table=dict(TABLE, stakes="high")), LogSchemaError)
    assert err.message.startswith("table: unknown field 'stakes'")
    assert err.path == "/table/stakes"


def test_the_first_error_in_the_document_is_reported() -> None:
    err = fails(log({"type": "play", "player": "Ann", "stake": -1}, {"type": "flop"}), LogSchemaError)
    assert err.event == 0
    err = fails(log({"type": "flop"}, {"type": "play", "player": "Ann", "stake": -1}), LogSchemaError)
    assert err.event == 0 and "unknown event type" in err.message
    err = fails(log({"type": "flop"}, version=3), LogSchemaError)
    assert err.path == "/version"


def test_note_must_be_a_string() -> None:
    err = fails(log({"type": "deal", "dealer": "Ann", "note": 5}), LogSchemaError)
    assert err.message == "event 0 (deal by Ann): 'note' must be a string, got 5"


# ------------------------------------------------------------------ players not seated


@pytest.mark.parametrize(("event", "path", "named"), [
    ({"type": "play", "player": "Eve", "stake": 2}, "/events/1/player", "play by Eve"),
    ({"type": "card", "to": "Eve"}, "/events/1/to", "card to Eve"),
    ({"type": "give", "to": "Eve", "count": 1}, "/events/1/to", "give to Eve"),
    ({"type": "deal", "dealer": "Eve"}, "/events/1/dealer", "deal by Eve"),
    ({"type": "point_out", "player": "Ann", "issue": "short", "about": "Eve"}, "/events/1/about", "point_out by Ann"),
    ({"type": "dealer_tells", "about": "Eve"}, "/events/1/about", "dealer_tells"),
    ({"type": "dealt", "hands": {"Ann": 5, "Eve": 5}}, "/events/1/hands/Eve", "dealt"),
    ({"type": "dispute", "player": "Ann", "claims": 1, "dealer_says": 2, "unable": ["Bob", "Eve"]}, "/events/1/unable/1",
     "dispute by Ann"),
    ({"type": "dispute", "player": "Ann", "claims": 1, "dealer_says": 2, "testimony": {"Eve": 1}},
     "/events/1/testimony/Eve", "dispute by Ann"),
    ({"type": "win", "player": "Eve"}, "/events/1/player", "win by Eve"),
])
def test_event_naming_a_player_not_seated(event: dict, path: str, named: str) -> None:
    """SPEC item 25: the message names the event's index, its type, the player and what is missing."""
    err = fails(log({"type": "deal", "dealer": "Ann"}, event), LogSchemaError)
    assert "'Eve', who is not seated at the table (players: Ann, Bob, Cat, Dan)" in err.message
    assert err.message.startswith(f"event 1 ({named}): '{path.split('/')[3]}' names 'Eve'")
    assert (err.path, err.event) == (path, 1)


def test_pronouns_for_a_player_not_seated_are_refused() -> None:
    """As for `stacks`: a name the table's `pronouns` gives that is no seated player's (a
    misspelling would leave the player named 'they') is an error at its place, by the fast
    reading and the exact one alike."""
    doc = log({"type": "deal", "dealer": "Ann"})
    doc["table"]["pronouns"] = {"Ann": "she", "Eve": "she"}
    err = fails(doc, LogSchemaError)
    assert "'pronouns' names 'Eve', who is not seated at the table" in err.message
    assert err.path == "/table/pronouns/Eve"


def test_names_are_matched_exactly() -> None:
    err = fails(log({"type": "deal", "dealer": "ann"}), LogSchemaError)
    assert err.path == "/events/0/dealer"


def test_pointer_escapes_slash_and_tilde() -> None:
    table = {"players": ["A/B", "C~D"], "limit": 10, "ante": 1}
    read(log({"type": "dealt", "hands": {"A/B": 5, "C~D": 5}}, table=table))
    err = fails(log({"type": "dealt", "hands": {"A/B": 5, "E~/F": 5}}, table=table), LogSchemaError)
    assert err.path == "/events/0/hands/E~0~1F"
    assert json_pointer(["events", 0, "a/b~c"]) == "/events/0/a~1b~0c"


# ------------------------------------------------------------------ events that contradict themselves


def test_cards_must_match_count() -> None:
    err = fails(log({"type": "give", "to": "Ann", "count": 3, "cards": ["Ah", "Kd"]}), LogSchemaError)
    assert err.message == "event 0 (give to Ann): 'cards' lists 2 cards but 'count' is 3"
    assert (err.path, err.event) == ("/events/0/cards", 0)
    err = fails(log({"type": "discard", "player": "Ann", "count": 0, "cards": ["Ah"]}), LogSchemaError)
    assert err.message == "event 0 (discard by Ann): 'cards' lists 1 card but 'count' is 0"


def test_exposed_cannot_exceed_count() -> None:
    read(log({"type": "give", "to": "Ann", "count": 2, "exposed": 2}))
    err = fails(log({"type": "give", "to": "Ann", "count": 2, "exposed": 3}), LogSchemaError)
    assert err.message == "event 0 (give to Ann): 'exposed' is 3 but 'count' is 2"
    assert err.path == "/events/0/exposed"


# ------------------------------------------------------------------ the schema itself


def test_log_schema_is_valid_2020_12() -> None:
    Draft202012Validator.check_schema(LOG_SCHEMA)
    assert LOG_SCHEMA["$id"].endswith("/log.schema.json")
    assert LOG_SCHEMA["title"] and LOG_SCHEMA["description"]


def test_schema_card_pattern_is_the_card_model_s() -> None:
    from arbiter.cards import CARD_PATTERN

    assert LOG_SCHEMA["$defs"]["card"]["pattern"] == CARD_PATTERN


def test_every_event_type_has_a_strict_definition() -> None:
    for kind in EVENT_TYPES:
        definition = LOG_SCHEMA["$defs"][f"{kind}_event"]
        assert definition["additionalProperties"] is False
        assert definition["properties"]["type"] == {"const": kind}
        assert "note" in definition["properties"] and "note" not in definition["required"]


# The fast path (arbiter/reading/) picks each event's subschema in Python; the shipped
# schema does it with if/then. Both must give the same verdict.
VERDICT_SAMPLES = [
    MINIMAL,
    log(*EVERY_EVENT),
    log({"type": "flop"}),
    log({"type": 3}),
    log({"player": "Ann"}),
    log(7),
    log({"type": "play", "player": "Ann", "stake": -2}),
    log({"type": "play", "player": "Ann", "stake": 2, "x": 1}),
    log({"type": "dealt", "hands": {"Ann": ["Ah", "Zz"]}}),
    log({"type": "dealt", "hands": {}}),
    log({"type": "dispute", "player": "Ann", "claims": 1, "dealer_says": 2, "testimony": {"": 1}}),
    log({"type": "card", "to": "Ann", "card": "Ah\n"}),
    log(table={"players": ["Ann", "Ann"], "limit": 1, "ante": 1}),
    log(meta=[]),
    {"format": "peel-draw-poker-log", "version": 1, "table": TABLE, "events": {}},
    [],
]


@pytest.mark.parametrize("doc", VERDICT_SAMPLES)
def test_fast_path_agrees_with_the_shipped_schema(doc) -> None:
    expected_valid = Draft202012Validator(LOG_SCHEMA).is_valid(doc)
    try:
        read(doc)
        valid = True
    except LogSchemaError as exc:
        valid = "not seated" in exc.message  # a check beyond the schema
    assert valid == expected_valid


# ------------------------------------------------------------------ the errors


def test_error_hierarchy() -> None:
    for cls in (LogReadError, LogSchemaError, ReplayError):
        assert issubclass(cls, LogError)
    for cls in (LogError, RuleFileError, HouseRulesError, UnknownRuleError):
        assert issubclass(cls, ArbiterError)
    assert issubclass(UnknownRuleError, KeyError)


def test_log_error_event_from_path() -> None:
    assert LogSchemaError("x", "/events/12/stake").event == 12
    assert LogSchemaError("x", "/events/12").event == 12
    assert LogSchemaError("x", "/table/ante").event is None
    assert LogSchemaError("x", "/events/1/hands/Bob", event=1).to_dict() == {
        "message": "x", "path": "/events/1/hands/Bob", "event": 1}


def test_replay_error() -> None:
    err = ReplayError("a discard before any deal", 4)
    assert (err.path, err.event, str(err)) == ("/events/4", 4, "a discard before any deal")
    assert ReplayError("a give to a player not seated", 7, "/events/7/to").path == "/events/7/to"


def test_file_errors_read_file_field_message() -> None:
    err = RuleFileError("rules/deal/L13.yaml", "checks/0/when/on", "unknown trigger 'lfit'")
    assert str(err) == "rules/deal/L13.yaml: checks/0/when/on: unknown trigger 'lfit'"
    assert (err.file, err.field, err.message) == ("rules/deal/L13.yaml", "checks/0/when/on", "unknown trigger 'lfit'")
    assert str(HouseRulesError("house.yaml", "", "not valid YAML")) == "house.yaml: not valid YAML"


def test_unknown_rule_error() -> None:
    err = UnknownRuleError("L99")
    assert str(err) == "unknown rule ID 'L99'" and err.rule_id == "L99"
    with pytest.raises(KeyError):
        raise err


@pytest.mark.parametrize("err", [
    LogReadError("not UTF-8", "", None, "a.json"),
    LogSchemaError("bad", "/events/3/stake"),
    ReplayError("no deal", 5),
    RuleFileError("rules/x.yaml", "id", "bad"),
    HouseRulesError("h.yaml", "parameters/x", "unknown parameter"),
    UnknownRuleError("L99", "no rule 'L99'"),
])
def test_errors_survive_pickling(err: ArbiterError) -> None:
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is type(err)
    assert str(back) == str(err)
    assert vars(back) == vars(err)


# ------------------------------------------------------------------ the report schema


def report_schema() -> dict:
    return json.loads(files("arbiter.schemas").joinpath("report.schema.json").read_text("utf-8"))


SPEC_REPORT = {
    "file": "cases/l13-foul-hand-lifted.json",
    "status": "irregular",
    "error": None,
    "findings": [
        {"id": "L13", "severity": "irregularity", "game": 1, "deal": 1, "event": 24,
         "player": "Bob", "summary": "Bob lifted a hand of four cards: a foul hand",
         "effects": [{"type": "foul_hand", "player": "Bob"},
                     {"type": "refund", "from": "Ann", "to": "Bob", "amount": 1}]},
    ],
    "ledger": [{"game": 1, "event": 3, "from": "Bob", "to": "pool", "amount": 1,
                "rule": "L20", "what": "ante"}],
    "games": [{"game": 1, "dealer": "Ann", "deals": 1, "jackpot": None,
               "opened_by": "Cat", "winners": ["Cat"], "pool": 3, "complete": True,
               "next": {"dealer": "Bob", "jackpot": None}}],
    "net": {"Ann": -1, "Bob": 0, "Cat": 1, "Dan": 0},
}
INVALID_REPORT = {
    "file": "bad.json", "status": "invalid",
    "error": {"message": "event 3 (play by Bob): 'stake' must be a non-negative integer, got -2",
              "path": "/events/3/stake", "event": 3},
    "findings": [], "ledger": [], "games": [], "net": {},
}


def report_errors(*reports: dict) -> list:
    output = {"summary": {"logs": len(reports)}, "reports": list(reports)}
    return list(Draft202012Validator(report_schema()).iter_errors(output))


def test_report_schema_is_valid_2020_12() -> None:
    schema = report_schema()
    Draft202012Validator.check_schema(schema)
    assert schema["$id"].endswith("/report.schema.json")
    assert "report" in schema["$defs"]


def test_report_schema_accepts_the_spec_example() -> None:
    assert report_errors(SPEC_REPORT) == []
    assert report_errors(SPEC_REPORT, INVALID_REPORT) == []


def test_report_schema_accepts_a_real_log_error() -> None:
    with pytest.raises(LogError) as info:
        read(log({"type": "play", "player": "Ann", "stake": -2}))
    assert report_errors(dict(INVALID_REPORT, error=info.value.to_dict())) == []


def test_report_schema_allows_added_fields_and_effects() -> None:
    report = copy.deepcopy(SPEC_REPORT)
    report["duration_ms"] = 3
    report["findings"][0]["rule_title"] = "A foul hand"
    report["findings"][0]["effects"].append({"type": "owe_cards", "player": "Bob", "count": 1, "why": "exposed"})
    report["findings"][0]["effects"].append({"type": "something_new", "x": 1})
    evidence = {"type": "evidence", "witness": "Cat", "demanded": 2,
                "considered": [{"player": "Bob", "passed_over_because": "dealer"},
                               {"player": "Cat", "passed_over_because": None}]}
    report["findings"].append(dict(SPEC_REPORT["findings"][0], id="L46", severity="ruling", effects=[evidence]))
    report["games"][0]["jackpot"] = {"number": 2, "openers": "QQ"}
    assert report_errors(report) == []


def _broken(change) -> dict:
    report = copy.deepcopy(SPEC_REPORT)
    change(report)
    return report


@pytest.mark.parametrize("change", [
    lambda r: r.update(status="fine"),
    lambda r: r.update(status="invalid"),  # invalid needs an error
    lambda r: r.update(error=INVALID_REPORT["error"]),  # irregular has no error
    lambda r: r.update(status="ok"),  # ok has no irregularity
    lambda r: r["findings"][0].update(severity="warning"),
    lambda r: r["findings"][0].update(id="X1"),
    lambda r: r["findings"][0].update(player=3),
    lambda r: r["findings"][0]["effects"][1].pop("amount"),
    lambda r: r["findings"][0]["effects"][0].pop("player"),
    lambda r: r["ledger"][0].update(what="bet"),
    lambda r: r["ledger"][0].update(amount=0),
    lambda r: r["games"][0].update(complete=False),  # then next must be null
    lambda r: r["games"][0].update(jackpot={"number": 1}),
    lambda r: r["net"].update(Ann=-1.5),
    lambda r: r.pop("net"),
])
def test_report_schema_rejects(change) -> None:
    assert report_errors(_broken(change)) != []


def test_report_schema_incomplete_game() -> None:
    report = _broken(lambda r: r["games"][0].update(complete=False, next=None))
    assert report_errors(report) == []
