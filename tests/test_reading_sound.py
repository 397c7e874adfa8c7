"""The lean read path (issue 12, item 3): the plain C parser and one pass over the events
decide a sound log; anything else goes the exact way, so that a log that fails gets the
very words it got before (tests/test_reading.py pins them)."""

from __future__ import annotations

import copy
import json
import tracemalloc

import pytest

import arbiter.checker
import arbiter.reading.document
from arbiter import check_log
from arbiter.errors import LogError
from arbiter.reading import read_log_bytes, read_source, sound_log
from arbiter.reading.document import _read_exactly
from tests.conftest import case_files, load_case
from tests.test_reading_checks import mutations

CASES = case_files()
BASE = load_case(CASES[0])

def outcome(read, text: str):
    """What a reader makes of a text: the document, or the error's words and place."""
    try:
        return read(text)
    except LogError as error:
        return (type(error).__name__, error.message, error.path)


def agree(text: str):
    fast = outcome(lambda t: read_log_bytes(t.encode("utf-8"), "x"), text)
    exact = outcome(_read_exactly, text)
    assert fast == exact
    return fast


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_every_case_is_read_the_fast_way_to_the_same_document(path):
    text = path.read_text(encoding="utf-8")
    assert sound_log(json.loads(text))
    assert agree(text) == json.loads(text)


@pytest.mark.parametrize("name, mutate", list(mutations(BASE)))
def test_the_two_ways_agree_on_broken_logs(name, mutate):
    log = copy.deepcopy(BASE)
    mutate(log)
    agree(json.dumps(log))
    agree(json.dumps(log, indent=1))


def _text(meta: str = "{}", stake: str = "2", note: str = '"a"') -> str:
    players = '["Ann", "Bob"]'
    return ('{"format": "peel-draw-poker-log", "version": 1, '
            f'"table": {{"players": {players}, "limit": 10, "ante": 1}}, "meta": {meta}, '
            f'"events": [{{"type": "deal", "dealer": "Ann", "note": {note}}}, '
            f'{{"type": "play", "player": "Bob", "stake": {stake}}}]}}')


@pytest.mark.parametrize("text, problem", [
    (_text(meta='{"a": 1, "a": 2}'), "duplicate key 'a'"),
    (_text(meta='{"a" : 1, "a" : 2}'), "duplicate key 'a'"),
    (_text(meta='{"a": 1, "b": {"c": 1, "c": 2}}'), "duplicate key 'c'"),
    (_text(note='"he said \\":\\" twice"', meta='{"a": 1, "a": 2}'), "duplicate key 'a'"),
    (_text(meta='{"x": NaN}'), "not a finite number (NaN)"),
    (_text(meta='{"x": 1e400}'), "not a finite number (1e400)"),
    (_text(stake="9007199254740992"), "out of range"),
    (_text(stake="1" * 5000), "out of range"),
    (_text(stake="1" * 400), "out of range"),  # an int too large for a float, read: no overflow
    (_text(note='"\\ud800"'), "lone surrogate"),
    (_text(meta="[" * 120 + "]" * 120), "nested too deeply"),
])
def test_what_only_the_exact_way_can_tell_is_told_in_its_words(text, problem):
    result = agree(text)
    assert isinstance(result, tuple) and problem in result[1]


def test_a_log_built_in_python_with_an_int_too_long_to_write_is_refused_in_words():
    """A log given as data (`check_log(dict)`) is read as its JSON text would be: an int of
    more digits than can be written is refused where it stands, never an internal error;
    one of 400 digits in `meta` stands."""
    log = copy.deepcopy(BASE)
    log["meta"] = {"n": 10**5000}
    report = check_log(log)
    assert report["status"] == "invalid" and report["error"]["path"] == "/meta/n"
    assert "digits cannot be read" in report["error"]["message"]  # not the replay's bound, which `meta` is spared
    log["meta"] = {"n": 10**400}
    assert check_log(log)["status"] != "invalid"


def test_a_number_in_meta_too_long_to_read_is_refused_for_its_digits_not_the_replays_bound():
    """`meta` is spared the replay's bound (±2**53), not the digits Python reads (4300):
    the refusal names that limit, the one the number broke."""
    result = agree(_text(meta='{"x": ' + "9" * 5000 + "}"))
    assert isinstance(result, tuple) and "digits cannot be read" in result[1] and "must lie within" not in result[1]


@pytest.mark.parametrize("number", ["12345678901234567", "-9007199254740992", "1" * 40, "9" * 400, "1e300"])
def test_a_number_in_meta_out_of_the_replays_range_is_kept_as_written(number):
    """SPEC §2: `meta` is free-form, kept and ignored by the replay: the bound on a log's
    numbers (±2**53, docs/robustness.md) is for those the replay reads, both ways alike."""
    log = agree(_text(meta=f'{{"x": {number}}}'))
    assert isinstance(log, dict) and log["meta"]["x"] == json.loads(number)


@pytest.mark.parametrize("text", [
    _text(note='"he said \\":\\" twice"'),  # a quote and a colon inside a string: no duplicate
    _text(meta='{"a" : 1, "b" : 2}'),  # white space before the colon
    _text(stake="2.0"),  # an integral float: made an int
    _text(meta='{"x": 1.5e3, "y": [true, null, "z"]}'),
])
def test_sound_logs_written_unusually_are_read_alike(text):
    document = agree(text)
    assert isinstance(document, dict)
    assert type(document["events"][1]["stake"]) is int


def test_check_log_replays_a_sound_dict_without_writing_it_as_json(monkeypatch):
    def no_round_trip(*args, **kwargs):
        raise AssertionError("a sound log was written as JSON and read again")

    monkeypatch.setattr(arbiter.reading.document, "read_log_bytes", no_round_trip)
    for path in CASES:
        log = load_case(path)
        assert check_log(log)["status"] == log["meta"]["expect"]["status"], path.name


@pytest.mark.parametrize("change", [
    lambda log: log["events"][-1].update(note="\ud800"),  # a lone surrogate: invalid
    lambda log: log["events"].append(log["events"][-1] | {"amount": 1.0} if "amount" in log["events"][-1]
                                     else {"type": "speak", "player": log["table"]["players"][0]}),
    lambda log: log.update(version=1.0),  # an integral float: the same as 1
    lambda log: log["table"].update(players=tuple(log["table"]["players"])),  # a tuple: written as a list
    lambda log: log.update(meta={"x": float("nan")}),
    lambda log: log["table"].update(limit=2 ** 60),
])
def test_check_log_on_a_dict_that_is_not_plain_gives_the_report_of_its_json(change, tmp_path):
    log = copy.deepcopy(BASE)
    change(log)
    before = repr(log)
    report = check_log(log)
    assert repr(log) == before, "check_log changed its input"
    as_file = arbiter.checker.check_bytes(json.dumps(log).encode("utf-8"), "x")
    # the same report, but for the log's name: its JSON given as data, the file's bytes read
    assert {**report, "file": None, "provenance": None} == {**as_file, "file": None, "provenance": None}
    assert report["provenance"]["log_sha256"] == arbiter.checker.log_digest(log)


def test_a_small_file_is_read_without_a_buffer_of_the_largest_log(tmp_path):
    small = tmp_path / "small.json"
    small.write_bytes(CASES[0].read_bytes())
    tracemalloc.start()
    try:
        data = read_source(small)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert data == CASES[0].read_bytes()
    assert peak < 1 << 20, f"{peak:,} bytes to read {len(data):,}"


def test_a_pipe_is_read_whole_in_chunks(tmp_path):
    import os
    import threading

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    payload = b"x" * (3 << 20) + b"end"
    writer = threading.Thread(target=lambda: pipe.write_bytes(payload), daemon=True)
    writer.start()
    assert read_source(pipe) == payload
    writer.join(timeout=10)


# --------------------------------------------------------------- output and --jobs


def test_the_json_document_needs_no_pure_python_encoder(monkeypatch, capsys):
    import json.encoder

    from arbiter.cli import main

    def slow(*args, **kwargs):
        raise AssertionError("the pure-Python (indenting) JSON encoder was used")

    monkeypatch.setattr(json.encoder, "_make_iterencode", slow)
    with pytest.raises(SystemExit) as exited:
        main(["check", *map(str, CASES[:5]), "--format", "json"])
    document = json.loads(capsys.readouterr().out)
    assert exited.value.code in (0, 1)
    assert [r["file"] for r in document["reports"]] == [str(p) for p in CASES[:5]]
    assert document["summary"]["logs"] == 5


def test_workers_send_back_the_rendered_line_and_its_tally():
    from arbiter.bulk import Tally, check_many, check_rendered
    from arbiter.cli.checking import _RENDERS

    paths = [str(p) for p in CASES]
    options = {"ignore": [], "select": None}
    reports = list(check_many(paths, None, options, 1))
    for fmt in ("jsonl", "table"):
        serial = list(check_rendered(paths, None, options, 1, _RENDERS[fmt]))
        parallel = list(check_rendered(paths, None, options, 2, _RENDERS[fmt]))
        assert parallel == serial
    assert all(type(line) is str and type(tally) is Tally for line, tally in parallel)
    assert [json.loads(line) for line, _ in check_rendered(paths, None, options, 2, _RENDERS["jsonl"])] == reports
    assert [tally for _, tally in parallel] == [
        (r["status"], len(r["games"]), tuple(f["id"] for f in r["findings"])) for r in reports]


# --------------------------------------------------------------- start-up


def test_an_installed_rule_book_is_trusted_without_hashing(tmp_path, monkeypatch):
    import shutil

    from arbiter.resources import rules_dir
    from arbiter.rulebook import loader

    installed = tmp_path / "data" / "rules"
    shutil.copytree(rules_dir(), installed)
    monkeypatch.setattr(loader, "INSTALLED_RULES", installed)
    real_hash = loader.source_hash

    def no_hashing(*args):
        raise AssertionError("an installed rule book was hashed")

    monkeypatch.setattr(loader, "source_hash", no_hashing)
    assert loader.load_compiled(installed)["rules"] == json.loads((installed / "compiled.json").read_text())["rules"]
    monkeypatch.setattr(loader, "source_hash", real_hash)
    checkout = tmp_path / "checkout"
    shutil.copytree(installed, checkout)
    target = checkout / "deal" / "L13.yaml"
    target.write_text(target.read_text().replace("a foul hand\n", "a foul hand (changed)\n", 1))
    changed = next(r for r in loader.load_compiled(checkout)["rules"] if r["id"] == "L13")
    assert changed["title"].endswith("(changed)"), "a checkout's rules are still hashed"
    (installed / "compiled.json").unlink()
    assert loader.load_compiled(installed)["rules"], "without its compiled form, an installed book is compiled"


def test_an_event_type_that_is_a_list_is_an_unknown_type_not_an_internal_error():
    from arbiter.checker import check_bytes

    log = {"format": "peel-draw-poker-log", "version": 1, "table": {"players": ["Ann", "Bob"], "limit": 10, "ante": 1},
           "events": [{"type": ["deal"]}]}
    report = check_bytes(json.dumps(log).encode(), "x.json")
    assert report["status"] == "invalid"
    assert report["error"]["message"].startswith("event 0: unknown event type") and report["error"]["path"] == "/events/0/type"


@pytest.mark.parametrize("event, field", [
    ('{"type": "ante", "player": "Bob", "amount": 1.0}', "amount"),
    ('{"type": "discard", "player": "Bob", "count": 3.0}', "count"),
    ('{"type": "give", "to": "Bob", "count": 2, "exposed": 1.0}', "exposed"),
    ('{"type": "dealer_answer", "count": 2.0}', "count"),
])
def test_an_integral_float_in_any_counted_field_is_made_an_int_as_the_exact_way_does(event, field):
    text = _text().replace('{"type": "play", "player": "Bob", "stake": 2}', event)
    document = agree(text)
    assert isinstance(document, dict) and type(document["events"][1][field]) is int


@pytest.mark.parametrize("event", [
    '{"type": "discard", "player": "Bob", "count": 1001}',  # more cards than any pack
    '{"type": "give", "to": "Bob", "count": 2, "exposed": 3}',  # more shown than given
    '{"type": "point_out", "player": "Bob", "issue": "wrong_count", "about": "Cy"}',  # no such player
])
def test_what_the_schema_leaves_open_in_an_event_is_judged_as_the_exact_way_does(event):
    text = _text().replace('{"type": "play", "player": "Bob", "stake": 2}', event)
    assert isinstance(agree(text), tuple)


@pytest.mark.parametrize("event", [
    {"type": "pass", "player": "Ann", "extra": 1},  # beside the required only
    {"type": "card", "to": "Ann", "card": "Ah", "extra": 1},  # beside a field the type allows
    {"type": "pass", "extra": "Ann"},  # the name missing, as many fields as the type requires
    {"type": "play", "player": "Ann", "extra": 5},  # the integer missing
    {"type": "dealt", "hand": {"Ann": 5}},  # a required field it does not read itself missing
])
def test_an_event_with_a_field_its_type_does_not_allow_or_without_one_it_requires_is_not_vouched_for(event):
    """The pass counts the fields an event holds against those it looked at (no set asked
    of its keys), and finds the required name and integer as it reads them."""
    from arbiter.reading.sound import vouched_event
    assert vouched_event({"type": "pass", "player": "Ann"}, {"Ann", "Bob"})
    assert not vouched_event(event, {"Ann", "Bob"})
