"""The text notation: every log written as text reads back to the identical JSON, the
grammar covers every event and field of the schema, errors say the line, the column and
what was expected, and `arbiter check` and `arbiter convert` read text logs."""

from __future__ import annotations

import codecs
import json
import re

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.bulk import gather
from arbiter.checker import check_bytes, check_file
from arbiter.cli import cli, main
from arbiter.notation import (
    FORMS,
    NotationError,
    form_lines,
    is_text_log,
    parse_text,
    read_any_log,
    read_text_log,
    write_text,
)
from arbiter.notation.grammar import PRONOUN_WORDS, Opt, synonym_lines
from arbiter.reading import LOG_SCHEMA, read_log_bytes
from arbiter.reading.schema import is_name
from arbiter.resources import cases_dir
from arbiter.seats import POOL
from arbiter.simulator import simulate_log
from tests.conftest import REPO, case_files, in_process, json_log_from_text, ruling

CASES = case_files()
TEXT_CASES = sorted((cases_dir() / "text").glob("*.hand"))
HEAD = "players Ann Bob Cat Dan; limit 20; ante 1\n"


def canonical(document: dict) -> str:
    """JSON compared exactly: `true` is not `1`, nor `1.0` `1`; key order aside."""
    return json.dumps(document, sort_keys=True, ensure_ascii=False)


def valid(document: dict) -> dict:
    return read_log_bytes(json.dumps(document).encode(), "x.json")


def round_trip(document: dict) -> dict:
    return read_text_log(write_text(document).encode("utf-8"), "x.hand")


def run(*args: str, input: str | bytes | None = None):
    return CliRunner().invoke(cli, list(args), input=input)


# --- the round trip ------------------------------------------------------------------


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_every_case_converts_to_text_and_back_to_identical_json(path):
    case = read_log_bytes(path.read_bytes(), str(path))
    text = write_text(case)
    assert canonical(read_text_log(text.encode(), "case.hand")) == canonical(case)
    assert write_text(read_text_log(text.encode(), "case.hand")) == text  # and writing is stable


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 100_000))
def test_simulated_logs_round_trip(seed):
    log, _ = simulate_log(seed, None, 6, 0.3)
    log = valid(log)
    assert canonical(round_trip(log)) == canonical(log)


_UNPRINTABLE = [chr(c) for c in [*range(0x20), *range(0x7F, 0xA0)]]
NAMES = st.one_of(
    st.sampled_from(["Ann", "O'Brien", "Mary-Ann", "Zoë", "Mary Ann", "2nd", "Kd", "10d", "Jo", "not", "dealer",
                     "card", "dealt", "face", "discards", "undo", "players", "limit", "ante", "meta", "status",
                     "#1", "a;b", "--", '"q"', "x\\y", "in side", "St.", "-x"]),
    st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters=_UNPRINTABLE), min_size=1, max_size=6),
).filter(lambda name: name != POOL and is_name(name))  # the pool's name is no player's; no space at an end
CARD = st.sampled_from([r + s for r in [*"23456789TJQKA", "10"] for s in "cdhs"] + ["Jo"])
CARDS = st.lists(CARD, max_size=6)
COUNT = st.integers(0, 60)
AMOUNT = st.integers(1, 60)
NOTE = st.text(max_size=12)
JSON_VALUE = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53) + 1, 2**53 - 1) | st.floats(-1e15, 1e15) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@st.composite
def events(draw, players: list[str]) -> dict:
    """One event of any type, with any mix of its optional fields and a note."""
    player = st.sampled_from(players)
    kind = draw(st.sampled_from([form.type for form in FORMS]))
    shapes = {
        "draw_for_deal": ({"player": player, "card": CARD}, {}),
        "deal": ({"dealer": player}, {}),
        "shuffle": ({"player": player}, {"face_up": st.booleans(), "below_table": st.booleans()}),
        "cut": ({"player": player}, {}), "speak": ({"player": player}, {}), "lift": ({"player": player}, {}),
        "pass": ({"player": player}, {}), "divulge": ({"player": player}, {}),
        "take_back": ({"player": player}, {}), "ask_dealer": ({"player": player}, {}),
        "ante": ({"player": player, "amount": AMOUNT}, {}),
        "straddle": ({"player": player, "amount": AMOUNT}, {}),
        "card": ({"to": player}, {"card": CARD, "exposed": st.booleans()}),
        "dealt": ({"hands": st.dictionaries(player, COUNT | CARDS, max_size=4)}, {}),
        "face_up_in_pack": ({}, {"card": CARD}),
        "point_out": ({"player": player, "issue": st.sampled_from(["uncut", "wrong_count", "excess", "short"])},
                      {"about": player}),
        "open": ({"player": player, "stake": COUNT}, {"cards": CARDS}),
        "play": ({"player": player, "stake": COUNT}, {}),
        "demand": ({"player": player, "count": COUNT}, {}),
        "collect_discards": ({}, {"cards": CARDS}),
        "dispute": ({"player": player, "claims": COUNT, "dealer_says": COUNT},
                    {"unable": st.lists(player, max_size=3),
                     "testimony": st.dictionaries(player, COUNT, max_size=3)}),
        "dealer_answer": ({"count": COUNT}, {}),
        "dealer_tells": ({"about": player}, {}),
        "demand_show": ({"player": player, "stake": COUNT}, {}),
        "show": ({"player": player, "cards": CARDS}, {"original": CARDS}),
        "win": ({"player": player}, {"amount": AMOUNT}),
        "add_counters": ({"player": player, "amount": AMOUNT}, {}),
    }
    if kind in ("discard", "give"):
        cards = draw(CARDS)
        event = {"type": kind, ("player" if kind == "discard" else "to"): draw(player), "count": len(cards)}
        if draw(st.booleans()):
            event["cards"] = cards
        if kind == "give" and draw(st.booleans()):
            event["exposed"] = draw(st.integers(0, len(cards)))
    else:
        required, optional = shapes[kind]
        event = draw(st.fixed_dictionaries({"type": st.just(kind), **required}, optional=optional))
    if draw(st.booleans()):
        event["note"] = draw(NOTE)
    return event


@st.composite
def logs(draw) -> dict:
    players = draw(st.lists(NAMES, min_size=2, max_size=6, unique=True))
    log = {"format": "peel-draw-poker-log", "version": 1,
           "table": {"players": players, "limit": draw(AMOUNT), "ante": draw(AMOUNT)},
           "events": draw(st.lists(events(players), max_size=12))}
    if draw(st.booleans()):
        log["meta"] = draw(st.dictionaries(st.text(max_size=6), JSON_VALUE, max_size=4))
    if draw(st.booleans()):
        log["table"]["stacks"] = {name: draw(st.integers(0, 500)) for name in players}
    if draw(st.booleans()):  # any of them, none at all included
        log["table"]["pronouns"] = draw(st.dictionaries(st.sampled_from(players), st.sampled_from(PRONOUN_WORDS)))
    return log


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(log=logs())
def test_any_valid_log_round_trips(log):
    """Odd names (reserved words, spaces, quotes, `#`, `;`), notes with new lines and control
    characters, flags set false, empty lists and maps, any `meta`: all come back the same."""
    log = valid(log)
    text = write_text(log)
    assert canonical(read_text_log(text.encode("utf-8"), "x.hand")) == canonical(log)


def test_a_table_naming_no_pronoun_round_trips():
    """`"pronouns": {}` is valid JSON; its text is the word alone, and reads back as `{}`."""
    log = valid({"format": "peel-draw-poker-log", "version": 1, "events": [{"type": "deal", "dealer": "Ann"}],
                 "table": {"players": ["Ann", "Bob"], "limit": 20, "ante": 1, "pronouns": {}}})
    text = write_text(log)
    assert text.splitlines()[0] == "players Ann Bob; limit 20; ante 1; pronouns"
    assert canonical(read_text_log(text.encode(), "x.hand")) == canonical(log)


@pytest.mark.parametrize("path", TEXT_CASES, ids=[p.stem for p in TEXT_CASES])
def test_each_text_case_reads_as_its_json_case_exactly(path):
    twin = cases_dir() / f"{path.stem}.json"
    assert twin.exists(), f"{path.name} renders no case"
    text_log = read_text_log(path.read_bytes(), str(path))
    assert canonical(text_log) == canonical(read_log_bytes(twin.read_bytes(), str(twin)))
    assert ruling(check_file(path)) == ruling(check_file(twin))


def test_the_text_cases_include_whole_games():
    assert sum(p.name.startswith("game-") for p in TEXT_CASES) >= 4


# --- the grammar ---------------------------------------------------------------------


def test_every_event_type_and_field_of_the_schema_has_its_words():
    defs = LOG_SCHEMA["$defs"]
    types = defs["event"]["properties"]["type"]["enum"]
    assert sorted(form.type for form in FORMS) == sorted(types)
    for form in FORMS:
        fields = {form.subject} - {None}
        for part in form.parts:
            fields.add(part.field)
        schema_fields = set(defs[f"{form.type}_event"]["properties"]) - {"type", "note"}
        assert fields == schema_fields, form.type
        required = set(defs[f"{form.type}_event"]["required"]) - {"type"}
        optional = {p.field for p in form.parts if isinstance(p, Opt)}
        assert optional == schema_fields - required, form.type


def test_the_example_of_the_issue_reads_as_meant():
    text = """players Ann Bob Cat Dan; limit 20; ante 1
Ann deals; Ann shuffles; Dan cuts; Bob antes 1
dealt
Cat opens 2; Dan plays 2; Ann passes; Bob plays 2
Bob discards 3 (2c 7d 4s); Bob asks 3; Bob gets 3 (Kd Kc 3h)
"""
    log = read_text_log(text.encode(), "x.hand")
    assert log["table"] == {"players": ["Ann", "Bob", "Cat", "Dan"], "limit": 20, "ante": 1}
    assert log["events"] == [
        {"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"}, {"type": "cut", "player": "Dan"},
        {"type": "ante", "player": "Bob", "amount": 1}, {"type": "dealt", "hands": {}},
        {"type": "open", "player": "Cat", "stake": 2}, {"type": "play", "player": "Dan", "stake": 2},
        {"type": "pass", "player": "Ann"}, {"type": "play", "player": "Bob", "stake": 2},
        {"type": "discard", "player": "Bob", "count": 3, "cards": ["2c", "7d", "4s"]},
        {"type": "demand", "player": "Bob", "count": 3},
        {"type": "give", "to": "Bob", "count": 3, "cards": ["Kd", "Kc", "3h"]},
    ]


def test_every_form_in_words():
    text = HEAD + """# every event type, each optional part given
Ann draws for deal 2c
Ann deals; Ann shuffles not face up below table; Dan cuts; Bob antes 1; Cat straddles 2
card to Bob 10d exposed; card to Cat
dealt Bob (Ah Kd 3c 4s), Cat 5, Dan ()
face up in pack Jo; face up in pack
Dan speaks; Dan points out wrong count about Bob; Bob points out short
Bob lifts; Cat opens 4 (Ah Ad 2c 3c 4c); Dan plays 4; Ann passes; Ann divulges; Ann takes back
Bob discards 2 (Ah Kd); Bob asks 3; Bob gets 2 (Qs Qh) exposed 1; discards collected (Ah Kd); discards collected
Bob claims 3 dealer says 2 unable (Cat Dan) testimony (Cat 3, Dan 2)
Cat asks dealer; dealer answers 2; dealer tells about Bob
Dan demands show 3; Cat shows (Ah Ad 2c 3c 4c) original (Ah Ad 2c 3c 4c); Cat wins 9; Dan wins
Dan adds 20
"""
    parsed = parse_text(text)
    events = parsed.log["events"]
    assert {e["type"] for e in events} == {form.type for form in FORMS}
    assert events[2] == {"type": "shuffle", "player": "Ann", "face_up": False, "below_table": True}
    assert events[6] == {"type": "card", "to": "Bob", "card": "10d", "exposed": True}
    assert events[8] == {"type": "dealt", "hands": {"Bob": ["Ah", "Kd", "3c", "4s"], "Cat": 5, "Dan": []}}
    assert events[12] == {"type": "point_out", "player": "Dan", "issue": "wrong_count", "about": "Bob"}
    assert {"type": "give", "to": "Bob", "count": 2, "cards": ["Qs", "Qh"], "exposed": 1} in events
    assert {"type": "dispute", "player": "Bob", "claims": 3, "dealer_says": 2, "unable": ["Cat", "Dan"],
            "testimony": {"Cat": 3, "Dan": 2}} in events
    assert events[-2] == {"type": "win", "player": "Dan"}
    assert events[-1] == {"type": "add_counters", "player": "Dan", "amount": 20}
    assert parsed.event_lines[0] == 3 and parsed.event_lines[-1] == 14


def test_notes_comments_and_blank_lines():
    text = HEAD + """
# a comment; with a semicolon -- and dashes
Ann deals   # a comment after an event
Bob antes 1 -- he antes; # this is the note, to the end of the line
Cat passes -- "a quoted note\\nover two lines"; Dan passes -- ""
"""
    events = read_text_log(text.encode(), "x.hand")["events"]
    assert events == [
        {"type": "deal", "dealer": "Ann"},
        {"type": "ante", "player": "Bob", "amount": 1, "note": "he antes; # this is the note, to the end of the line"},
        {"type": "pass", "player": "Cat", "note": "a quoted note\nover two lines"},
        {"type": "pass", "player": "Dan", "note": ""},
    ]


def test_meta_may_span_lines_and_quoted_names_hold_anything():
    text = 'meta {\n  "title": "x",\n  "n": [1, 2.5]\n}\nplayers "Mary Ann" dealer "#1"; limit 20; ante 1\n' \
           '"Mary Ann" deals; "dealer" plays 2\n'
    log = read_text_log(text.encode(), "x.hand")
    assert log["meta"] == {"title": "x", "n": [1, 2.5]}
    assert log["table"]["players"] == ["Mary Ann", "dealer", "#1"]
    assert log["events"] == [{"type": "deal", "dealer": "Mary Ann"}, {"type": "play", "player": "dealer", "stake": 2}]


def test_undo_takes_back_the_last_line_of_events_whole():
    text = HEAD + "Ann deals\nBob antes 1; Cat straddles 2\nundo  # takes back line 3\n# a comment\nundo\n" \
                  "Ann deals\nBob antes 1\n"
    parsed = parse_text(text)
    assert parsed.log["events"] == [{"type": "deal", "dealer": "Ann"}, {"type": "ante", "player": "Bob", "amount": 1}]
    assert parsed.event_lines == [7, 8]
    assert parsed.standing == [(7, 0), (8, 1)]


@pytest.mark.parametrize("data, line, column, wanted", [
    ("players Ann Bob; limit 20; ante 1\n".encode("utf-16"), 1, 1, "not UTF-8: byte 0xff cannot be decoded (it "
                                                                 "looks like UTF-16: save it as UTF-8)"),
    ("players Ann Bob; limit 20; ante 1\n".encode("utf-16-le"), 1, 2, "not a text log: a NUL byte (it looks like "
                                                                      "UTF-16: save it as UTF-8)"),
    (b'players Ann Bob; limit 20; ante 1\nmeta {\0}\n', 2, 7, "not a text log: a NUL byte"),  # was a JSON error
], ids=["utf-16", "utf-16-le", "nul"])
def test_bytes_no_text_log_holds_are_said_with_the_hint_of_utf16(data: bytes, line: int, column: int, wanted: str):
    with pytest.raises(NotationError) as raised:
        read_text_log(data, "bad.hand")
    assert (raised.value.line, raised.value.column, raised.value.detail) == (line, column, wanted)


@pytest.mark.parametrize("text, line, column, wanted", [
    ("", 1, 1, "the table comes first: 'players', 'limit' and 'ante'"),
    # at the end of the last line, not on a line past the file's (it said line 3 of a file of two)
    ("# only a comment\n\n", 2, 1, "the table comes first: 'players', 'limit' and 'ante'"),
    (HEAD + "Ann deals\nBob plys 2\n", 3, 5, "expected what Bob does (adds, antes, asks, "),
    (HEAD + "Ann deals\nBob plys 2\n", 3, 5, "found 'plys' (did you mean 'plays'?)"),
    # a pronoun by its form, not by its letters: `She` and `her` were offered 'he'
    ("players Ann Bob; limit 10; ante 1; pronouns Bob She\n", 1, 49, "found 'She' (did you mean 'she'?)"),
    ("players Ann Bob; limit 10; ante 1; pronouns Bob her\n", 1, 49, "found 'her' (did you mean 'she'?)"),
    ("players Ann Bob; limit 10; ante 1; pronouns Bob theirs\n", 1, 49, "found 'theirs' (did you mean 'they'?)"),
    ("players Ann Bob; limit 10; ante 1; pronouns Ann her, Bob he\n", 1, 49, "found 'her,' (did you mean 'she'?)"),
    (HEAD + "Ann deals\nCarl plys 2\n", 3, 6, "found 'plys' (did you mean 'plays'?)"),  # a name: no word for it
    # a word mistyped anywhere is answered with the nearest word expected there (docs/notation.md)
    (HEAD + "Ann deals\nBob points out uncat\n", 3, 16, "found 'uncat' (did you mean 'uncut'?)"),
    (HEAD + "Ann deals\nBob asks dealr\n", 3, 10, "found 'dealr' (did you mean 'dealer'?)"),
    (HEAD + "Ann deals\nBob gets 2 expose 1\n", 3, 12, "found 'expose' (did you mean 'exposed'?)"),
    (HEAD + "Ann deals\nundoo\n", 3, 1, "found 'undoo' (did you mean 'undo'?)"),
    (HEAD + "Ann deals\ndiscard collected\n", 3, 1, "found 'discard' (did you mean 'discards collected'?)"),
    ("players Ann Bob; limt 20; ante 1\n", 1, 18, "(missing: limit); found 'limt' (did you mean 'limit'?)"),
    ("players Ann Bob; limt 20\nante 1\n", 1, 18, "(missing: limit, ante); found 'limt' (did you mean 'limit'?)"),
    (HEAD + "meat {}\n", 2, 1, "found 'meat' (did you mean 'meta'?)"),
    # a table word mistyped once the table is whole: named where it stands, never a player's verb looked for
    (HEAD + "limt 10\n", 2, 1, "found 'limt' (did you mean 'limit'?)"),
    (HEAD + "playrs Ann Bob\n", 2, 1, "found 'playrs' (did you mean 'players'?)"),
    (HEAD + "Ann deals; anet 2\n", 2, 12, "found 'anet' (did you mean 'ante'?)"),
    (HEAD + "Ann deals\ndeler answers 2\n", 3, 1, "found 'deler' (did you mean 'dealer answers'?)"),
    (HEAD + 'Ann deals\n"dealt" plys 2\n', 3, 9, "found 'plys' (did you mean 'plays'?)"),  # a name quoted
    ("players Ann Bob; limit 20\nant 1 # none; ante yet\n", 2, 1, "(missing: ante); found 'ant'"),
    ("players Ann Bob; limit 20\nAnn deals # no ante; ante forgotten\n", 2, 1, "(missing: ante)"),
    ("players Ann Bob; limit 20\nAnn deals -- x; ante 1\n", 2, 1, "(missing: ante)"),
    (HEAD + "Ann deals\ndealt Bob 5 Cat 5\n", 3, 13, "expected ',', a note ('-- …'), ';' or the end of the line"),
    ("players Ann Bob; limit 20; ante 1; stacks Ann 10 Bob 5\n", 1, 50,
     "expected ',', ';', a comment ('# …') or the end of the line, found 'Bob'"),
    (HEAD + "Ann deals\nBob plays\n", 3, 10, "expected a whole stake in counters, found the end of the line"),
    (HEAD + "Ann deals\nBob plays x2\n", 3, 11, "expected a whole stake in counters, found 'x2'"),
    (HEAD + "Ann deals; Bob plays x2; Cat passes\n", 2, 22, "expected a whole stake in counters, found 'x2'"),  # not 'x2;'
    (HEAD + "Ann deals; Bob plays ;Cat passes\n", 2, 22, "expected a whole stake in counters, found ';'"),  # not ';Cat'
    (HEAD + "Ann deals\nBob discards 3 (2c 7d 1x)\n", 3, 23, "expected a card (rank 2-9"),
    (HEAD + "Ann deals\nBob shuffles face down\n", 3, 19,
     "expected '[not] face up', '[not] below table', a note ('-- …'), ';' or the end of the line, found 'down'"),
    (HEAD + "Ann deals\nBob plays 2 3\n", 3, 13, "expected a note ('-- …'), ';' or the end of the line, found '3'"),
    # the first word of the phrase written right: the word after it is named, and mended
    (HEAD + "Ann deals\ndealer says 2\n", 3, 8, "expected 'dealer tells about' or 'dealer answers', found 'says'"),
    (HEAD + "Ann deals\ndealer answer 2\n", 3, 8, "found 'answer' (did you mean 'answers'?)"),
    (HEAD + "Ann deals\ncard Bob\n", 3, 6, "expected 'card to', found 'Bob'"),
    # a table word missing where the events begin, written after them: named where it is, on a line of its own
    # or after an event's `;`
    ("players Ann Bob; ante 1\nAnn deals\nlimit 20\n", 3, 1, "'limit' belongs before the first event"),
    ("players Ann Bob Cat Dan; limit 20\nAnn deals; Ann shuffles\nDan cuts; ante 1\n", 3, 11,
     "'ante' belongs before the first event"),
    # a phrase of several words begun right: its first word wrong named, and mended (the audit of round 45)
    (HEAD + "Ann deals\nAnn takes bak\n", 3, 11, "expected 'takes back', found 'bak' (did you mean 'back'?)"),
    (HEAD + "Ann deals\nBob demands\n", 3, 12, "expected 'demands show', found the end of the line"),
    (HEAD + "Ann deals\nBob points out wrong cont\n", 3, 22, "found 'cont' (did you mean 'count'?)"),
    (HEAD + "Ann deals\ncard to Bob Ah not exposd\n", 3, 20, "found 'exposd' (did you mean 'exposed'?)"),
    (HEAD + "Ann deals\nface up inn pack\n", 3, 9, "found 'inn' (did you mean 'in pack'?)"),
    (HEAD + "Ann deals\nAnn tkes back\n", 3, 5, "found 'tkes' (did you mean 'takes back'?)"),
    (HEAD + "Ann deals\nBob claims 3 dealer says 2 testimony (Cat 3 Dan 2)\n", 3, 45, "expected ',' or ')'"),
    (HEAD + "Ann deals\nBob claims 3 dealers 2\n", 3, 14, "expected 'dealer says'"),
    (HEAD + "Ann deals\nBob gets 3 (Kd Kc\n", 3, 18, "or ')', found the end of the line"),
    (HEAD + 'Ann deals\n"Bob plays 2\n', 3, 1, "the quoted string is not closed before the end of the line"),
    (HEAD + "Ann deals\nundo\nundo\n", 4, 1, "nothing to undo"),
    (HEAD + "Ann deals; undo\n", 2, 12, "'undo' stands alone on its line"),
    (HEAD + "Ann deals\nlimit 30\n", 3, 1, "'limit' belongs before the first event"),
    (HEAD + "ante 2\n", 2, 1, "'ante' is given twice"),
    ("players Ann Bob; limit 20; ante 1; stacks Ann 5, Bob 5, Ann 7\n", 1, 57, "Ann is named twice"),
    ("players Ann Bob; limit 20; ante 1; pronouns Ann she, Ann he\n", 1, 54, "Ann is named twice"),
    ('meta {"a": 1, "a": 2}\n' + HEAD, 1, 6, "the JSON object has a duplicate key 'a'"),
    ('meta {"a": NaN}\n' + HEAD, 1, 6, "NaN, which is no number JSON allows"),
    ("meta {\"a\": \n" + HEAD, 2, 1, "not valid JSON: Expecting value"),
    ('players Ann Bob; limit 20; ante 1\nmeta {"a": "abc', 2, 12, "not valid JSON: Unterminated string starting here"),
    ("players Ann Bob; limit 20\nAnn deals\n", 2, 1, "(missing: ante)"),
    # the schema's own checks, put back on the line and column
    (HEAD + "Ann deals\nBob discards 3 (2c 7d)\n", 3, 16, "event 1 (discard by Bob): 'cards' lists 2 cards but 'count' is 3"),
    (HEAD + "Ann deals\nEve plays 2\n", 3, 1, "'player' names 'Eve', who is not seated at the table"),
    (HEAD + "Ann deals\nBob antes 0\n", 3, 11, "'amount' must be a positive integer, got 0"),
    (HEAD + "Ann deals\nBob gets 3 (Kd Kc 3h) exposed 4\n", 3, 31, "'exposed' is 4 but 'count' is 3"),
    (HEAD + "Ann deals\ndealt Bob 4, Eve 5\n", 3, 14, "event 1 (dealt): 'hands' names 'Eve', who is not seated"),
    ("players Ann; limit 20; ante 1\n", 1, 9, "'players' must name 2 to 10 players, got 1"),
    ("players Ann Bob Ann; limit 20; ante 1\n", 1, 17, "names 'Ann' more than once"),
    ("players Ann Bob; limit 0; ante 1\n", 1, 24, "'limit' must be a positive integer, got 0"),
    (HEAD + "Ann deals\nBob plays 99999999999999999999\n", 3, 11, "a number out of bounds: 20 digits"),
])
def test_an_error_names_the_line_and_column_and_what_was_expected(text, line, column, wanted):
    with pytest.raises(NotationError) as raised:
        read_text_log(text.encode(), "bad.hand")
    error = raised.value
    assert (error.line, error.column) == (line, column), str(error)
    assert wanted in error.detail
    assert str(error).startswith(f"bad.hand: line {line}, column {column}: ")


@pytest.mark.parametrize("text", ["players Ann Bob; limit 20; limt 20\n", "players Ann Bob; ante 1; plyers Cat\n"])
def test_a_table_word_already_given_is_not_the_hint(text):
    """A table word is given once: writing it again is refused, so a word mistyped near it is
    not answered with it (`limt` after `limit 20`: no hint, the missing word named)."""
    with pytest.raises(NotationError) as raised:
        read_text_log(text.encode(), "bad.hand")
    assert "did you mean" not in raised.value.detail and "(missing: " in raised.value.detail


@pytest.mark.parametrize("depth", [99, 100, 500, 5000])
def test_a_meta_nested_past_a_logs_depth_is_an_error_at_its_line(depth: int):
    """A `meta` on line 2 nested 100 to 999 deep was read, then refused with the whole log
    as "line 1, column 1"; one deeper was said at its line. `meta` stands one level into
    the log, which nests 100 levels at most: 99 is read, as in a JSON log."""
    meta = '{"a": ' * depth + "1" + "}" * depth
    text = f"players Ann Bob; limit 2; ante 1\nmeta {meta}\nAnn deals\n"
    if depth == 99:
        assert read_text_log(text.encode(), "x.hand")["meta"]
        return
    with pytest.raises(NotationError, match=r"^x.hand: line 2, column 6: the JSON object is nested too deeply"):
        read_text_log(text.encode(), "x.hand")


@pytest.mark.parametrize("mark", [b"", codecs.BOM_UTF8])
def test_not_utf8_is_an_error_at_its_place(mark: bytes):
    """Columns are characters after a byte-order mark, the byte the file's (the decoder's
    offset, counted after the mark, named a byte three places before)."""
    with pytest.raises(NotationError, match=r"line 2, column 7: not UTF-8: byte 0xe9"):
        read_text_log(mark + b"players Ann Bob; limit 2; ante 1\nAnn de\xe9ls\n", "x.hand")


def test_a_windows_file_and_a_bom_read_the_same():
    text = HEAD + "Ann deals -- a note\n"
    assert read_text_log(("\ufeff" + text.replace("\n", "\r\n")).encode(), "x.hand") == read_text_log(
        text.encode(), "x.hand")


def test_the_docs_write_the_grammar_down():
    readme = (REPO / "docs" / "notation.md").read_text(encoding="utf-8")
    section = readme
    for line in form_lines():
        assert line in section, line


# --- reading either form: `arbiter check`, `arbiter convert` ------------------------------


def test_text_or_json_by_extension_or_content():
    assert is_text_log(b"{", "x.hand") and not is_text_log(b"players", "x.json")
    assert is_text_log(b"\xef\xbb\xbf  # a comment", "-") and is_text_log(b"\nplayers A B", "log.txt")
    assert not is_text_log(b' \n{"format"', "-") and not is_text_log(b"", "-") and not is_text_log(b"[]", "x")


def test_check_reads_a_text_log_to_the_same_report_as_its_json(tmp_path):
    case = cases_dir() / "l13-foul-hand-lifted.json"
    text = write_text(read_log_bytes(case.read_bytes(), str(case)))
    as_text = check_bytes(text.encode(), "foul.hand")
    assert as_text["status"] == "irregular" and as_text["findings"][0]["id"] == "L13"
    assert ruling(as_text) == ruling(check_file(case))
    assert check_bytes(text.encode(), "-") == {**as_text, "file": "-"}  # by content
    bad = check_bytes((HEAD + "Ann deals\nBob plys 2\n").encode(), "bad.hand")
    assert bad["status"] == "invalid" and bad["error"]["message"].startswith("line 3, column 5: expected what Bob")
    assert check_bytes(b"players Ann Bob", "x.json")["error"]["message"].startswith("not valid JSON")


def test_check_command_takes_hand_files_and_finds_them_in_folders(tmp_path):
    (tmp_path / "a.json").write_bytes((cases_dir() / "l13-foul-hand-lifted.json").read_bytes())
    (tmp_path / "b.hand").write_text(HEAD + "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\n")
    (tmp_path / "c.txt").write_text("not a log")
    assert [p.rsplit("/", 1)[-1] for p in gather([str(tmp_path)])] == ["a.json", "b.hand"]
    result = run("check", str(tmp_path), "--format", "json")
    reports = json.loads(result.output)["reports"]
    assert [r["status"] for r in reports] == ["irregular", "ok"]
    piped = run("check", "-", "--format", "json", input=HEAD + "Ann deals\n")
    assert piped.exit_code == 0 and json.loads(piped.output)["reports"][0]["status"] == "ok"


def test_convert_both_ways(tmp_path):
    case = cases_dir() / "l46-witness-left-of-dealer.json"
    to_text = run("convert", str(case), "--to", "text")
    assert to_text.exit_code == 0 and "players Ann Bob Cat Dan; limit 20; ante 1" in to_text.output
    hand = tmp_path / "x.hand"
    assert run("convert", str(case), "--to", "text", "-o", str(hand)).exit_code == 0
    assert hand.read_text(encoding="utf-8") == to_text.output
    back = run("convert", str(hand), "--to", "json")
    assert back.exit_code == 0
    assert canonical(json.loads(back.output)) == canonical(json.loads(case.read_text(encoding="utf-8")))
    again = run("convert", "-", "--to", "text", input=back.output)
    assert again.output == to_text.output


def run_main(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(list(args))
    out, err = capsys.readouterr()
    return exited.value.code, out, err


def test_convert_refuses_a_bad_log_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.hand"
    bad.write_text(HEAD + "Ann deals\nBob plays\n")
    code, out, err = run_main(capsys, "convert", str(bad), "--to", "json")
    assert code == 2 and out == ""
    assert re.fullmatch(r"arbiter: .*bad\.hand: line 3, column 10: expected a whole stake in counters, "
                        r"found the end of the line\n", err)
    code, _, err = run_main(capsys, "convert", str(tmp_path / "none.json"), "--to", "text")
    assert code == 2 and "cannot read the file" in err
    code, _, err = run_main(capsys, "convert", str(bad), "--to", "yaml")
    assert code == 2 and "'yaml' is not one of 'text', 'json'" in err


@pytest.mark.parametrize("command", ["check", "explain", "next"])
def test_house_rules_the_table_names_that_cannot_be_used_are_placed_at_their_line(tmp_path, capsys, command):
    """docs/notation.md: an error is reported at the line and column of the part concerned,
    in `check`, `explain` and `next` alike; a house name no file or shipped house answers
    to was said at `/table/house` only, and `explain` and `next` left out the file."""
    log = tmp_path / "club.hand"
    log.write_text("players Ann Bob Cat Dan; limit 20; ante 1\nhouse nosuchhouse\nAnn deals\n")
    code, out, err = run_main(capsys, command, str(log))
    assert code == 2
    said = out if command == "check" else err
    assert "line 2, column 7: the house rules the table names cannot be used: 'nosuchhouse'" in said
    assert command == "check" or err.startswith(f"arbiter: {log}: line 2, column 7:")


def test_any_log_reads_both_forms_alike():
    case = cases_dir() / "l33-false-opener-penalty.json"
    log = read_any_log(case.read_bytes(), str(case))
    assert read_any_log(write_text(log).encode(), "-") == log


# --- the words players say: synonyms ---------------------------------------------------

SAID = HEAD + """Ann deals; Ann shuffles; Dan cuts; Bob antes 1
dealt
Cat bets 2; Dan calls; Ann folds; Bob raises to 4; Cat calls; Dan folds
Bob discards 1; Bob asks 1; Bob gets 1; Cat discards 2; Cat asks 2; Cat gets 2
Bob checks; Cat bets 6; Bob calls
"""

CANONICAL = HEAD + """Ann deals; Ann shuffles; Dan cuts; Bob antes 1
dealt
Cat opens 2; Dan plays 2; Ann passes; Bob plays 4; Cat plays 4; Dan passes
Bob discards 1; Bob asks 1; Bob gets 1; Cat discards 2; Cat asks 2; Cat gets 2
Bob plays 4; Cat plays 6; Bob plays 6
"""


def test_the_words_players_say_read_as_the_same_events():
    assert read_text_log(SAID.encode(), "x.hand") == read_text_log(CANONICAL.encode(), "x.hand")


def test_convert_writes_the_canonical_verbs(tmp_path):
    said = tmp_path / "said.hand"
    said.write_text(SAID, encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(said), "--to", "text"])
    assert result.exit_code == 0, result.output
    for word in (" bets ", " calls", " folds", " raises to ", " checks"):
        assert word not in result.output
    assert "Cat opens 2" in result.output and "Bob plays 4\nCat plays 6\nBob plays 6" in result.output


def test_stands_after_the_draw_keeps_the_players_stake():
    log = read_text_log((HEAD + "Ann deals; Bob antes 1; Cat opens 2; Dan plays 2\nCat discards 1; Dan discards 2\n"
                                "Cat stands\n").encode(), "x.hand")
    assert log["events"][-1] == {"type": "play", "player": "Cat", "stake": 2}


def test_a_call_with_nothing_to_call_is_a_clear_error():
    with pytest.raises(NotationError, match=r"line 3, column 5: nothing to call before the game is opened: open, or "
                                            r"pass"):
        read_text_log((HEAD + "Ann deals\nBob calls\n").encode(), "x.hand")


@pytest.mark.parametrize(("typed", "meant"), [("fold", "folds"), ("call", "calls"), ("bet", "bets"),
                                             ("raise", "raises"), ("stand", "stands"), ("draw", "draws"),
                                             ("chek", "checks"), ("pases", "passes")])
def test_a_wrong_verb_is_given_a_real_one(typed, meant):
    with pytest.raises(NotationError, match=re.escape(f"(did you mean {meant!r}?)")):
        read_text_log((HEAD + f"Ann deals\nBob {typed} 2\n").encode(), "x.hand")


def test_the_docs_list_the_synonyms():
    page = (REPO / "docs" / "notation.md").read_text(encoding="utf-8")
    for line in synonym_lines():
        assert line in page, line


def test_an_event_the_replay_cannot_take_is_placed_at_its_line_in_the_text(tmp_path):
    """A discard before any deal is read (the schema holds it) but cannot be replayed: in a
    text log the error is said at the line and column the event was written on, as the
    schema's are; its JSON twin's error keeps its path alone."""
    text = HEAD + "# nothing dealt yet\n\n  Ann discards 2\n"
    hand = tmp_path / "early.hand"
    hand.write_text(text, encoding="utf-8")
    error = check_file(hand)["error"]
    assert error["message"].startswith("line 4, column 3: event 0 (discard by Ann): no deal has begun")
    assert (error["path"], error["event"]) == ("/events/0", 0)
    twin = json_log_from_text(tmp_path / "early.json", text)
    assert check_file(twin)["error"]["message"].startswith("event 0 (discard by Ann): no deal has begun")
    for command in ("explain", "next"):
        code, _, err = in_process(command, str(hand))
        assert code == 2 and f"{hand}: line 4, column 3: event 0 (discard by Ann)" in err, command


def test_convert_and_rulebook_refuse_to_write_over_the_file_they_read(tmp_path):
    """`convert LOG -o LOG` wrote the text over the JSON it read (and `rulebook --house H
    -o H` the rule book over the house file, which no command could read again)."""
    log = tmp_path / "self.json"
    log.write_bytes((cases_dir() / "l13-foul-hand-lifted.json").read_bytes())
    house = tmp_path / "h.yaml"
    house.write_text("parameters: {cards_per_hand: 6}\n", encoding="utf-8")
    for args, path in ((["convert", "--to", "text", str(log), "-o", str(log)], log),
                       (["rulebook", "--house", str(house), "-o", str(house)], house)):
        before = path.read_bytes()
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 2 and f"is the file read ({path}): write to another file" in result.output
        assert path.read_bytes() == before
