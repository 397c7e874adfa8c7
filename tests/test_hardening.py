"""Hardening (issue 4, item 4): arbiter is steady on any input.

- Every log gives `ok`, `irregular` or `invalid`, never a traceback (property tests over
  random event sequences and over mutated shipped cases).
- Every ledger of a log that is not `invalid` balances: what players lose the pool and
  the other players receive, every movement is positive, the pool is never overdrawn.
- The same log always gives the same report: twice in a row, from a shallow or a deep
  stack, and under another hash seed (another process).
- Every report, `invalid` ones too, matches the report schema.
- One bad log never stops or slows the others: nasty files (huge, deeply nested, not
  UTF-8, NaN, a symlink loop, a named pipe, a file that vanishes, a path that does not
  exist …) each get a clear `invalid` report, the rest of the run is checked, exit 2.

The last tests hold the engine to the same: a broken show is an irregularity (L1), not
an unreadable log, and the verdict does not depend on the hash seed.
"""

from __future__ import annotations

import copy
import io
import json
import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import arbiter.reading.exact
from arbiter import check_log
from arbiter.bulk import Unreadable, check_many, gather
from arbiter.checker import check_bytes
from arbiter.cli import main
from arbiter.reading import MAX_DEPTH, MAX_LOG_BYTES
from arbiter.reading.schema import DEFS
from arbiter.resources import schema_path
from tests.conftest import ARBITER, REPO, case_files, in_process, load_case, ruling

STATUSES = {"ok", "irregular", "invalid"}
CASES = case_files()
CASE_LOGS = [load_case(p) for p in CASES]
GOOD = next(p for p in CASES if load_case(p)["meta"]["expect"]["status"] == "ok")
IRREGULAR = next(p for p in CASES if load_case(p)["meta"]["expect"]["status"] == "irregular")
AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0

_REPORT_SCHEMA = json.loads(schema_path("report").read_text(encoding="utf-8"))
REPORT = Draft202012Validator({"$defs": _REPORT_SCHEMA["$defs"], "$ref": "#/$defs/report"})
RUN = Draft202012Validator(_REPORT_SCHEMA)

# The property tests together take a few seconds; ARBITER_HARDENING_EXAMPLES=5000 searches harder.
EXAMPLES = int(os.environ.get("ARBITER_HARDENING_EXAMPLES", "100"))
PROPERTY = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ------------------------------------------------------------------ what "steady" means


def assert_balanced(report: dict, players: list[str]) -> None:
    """Counters are conserved over the ledger's order (SPEC §4)."""
    pool = 0
    net = {name: 0 for name in players}
    for line in report["ledger"]:
        amount = line["amount"]
        assert type(amount) is int and amount > 0, line
        assert line["from"] != line["to"], line
        for end in ("from", "to"):
            assert line[end] == "pool" or line[end] in net, line
        pool += amount * (line["to"] == "pool") - amount * (line["from"] == "pool")
        assert pool >= 0, f"the pool is overdrawn at {line}"
        if line["from"] != "pool":
            net[line["from"]] -= amount
        if line["to"] != "pool":
            net[line["to"]] += amount
    assert report["net"] == net, "net is not what the ledger says"
    assert sum(report["net"].values()) + pool == 0


def assert_steady(report: dict, log=None) -> None:
    """One of the three statuses, with what goes with it; a balanced ledger unless invalid."""
    assert report["status"] in STATUSES, report["status"]
    if report["status"] == "invalid":
        error = report["error"]
        assert isinstance(error["message"], str) and error["message"].strip()
        assert isinstance(error["path"], str)
        assert error["event"] is None or (type(error["event"]) is int and error["event"] >= 0)
        assert report["findings"] == [] and report["ledger"] == [] and report["games"] == []
        return
    assert report["error"] is None
    irregular = any(f["severity"] == "irregularity" for f in report["findings"])
    assert report["status"] == ("irregular" if irregular else "ok")
    assert_balanced(report, list(log["table"]["players"]) if log else list(report["net"]))


def checked_as_a_file(log) -> dict:
    """The report `arbiter check` gives for this log (a `file` name, as the schema wants)."""
    return check_bytes(json.dumps(log).encode("utf-8"), "fuzz.json")


# ------------------------------------------------------------------ strategies (SPEC §2)

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "10", "J", "Q", "K", "A")
CARD = st.one_of(st.builds(str.__add__, st.sampled_from(RANKS), st.sampled_from("cdhs")), st.just("Jo"))
ISSUES = ("uncut", "wrong_count", "excess", "short")


def _event(kind: str, required: dict, optional: dict | None = None):
    return st.fixed_dictionaries({"type": st.just(kind), **required}, optional=optional or {})


def _with_cards(kind: str, who_field: str, who, n: int, exposed: bool):
    optional = {"cards": st.lists(CARD, min_size=n, max_size=n)}
    if exposed:
        optional["exposed"] = st.integers(0, n)
    return _event(kind, {who_field: who, "count": st.just(n)}, optional)


def events(players: list[str]):
    """Any one event of SPEC §2's table, with plausible fields, at this table."""
    who = st.sampled_from(players)
    count, stake, amount, flag = st.integers(0, 7), st.integers(0, 40), st.integers(1, 12), st.booleans()
    return st.one_of(
        _event("draw_for_deal", {"player": who, "card": CARD}),
        _event("deal", {"dealer": who}),
        _event("shuffle", {"player": who}, {"face_up": flag, "below_table": flag}),
        _event("cut", {"player": who}),
        _event("ante", {"player": who, "amount": amount}),
        _event("straddle", {"player": who, "amount": amount}),
        _event("card", {"to": who}, {"card": CARD, "exposed": flag}),
        _event("dealt", {"hands": st.dictionaries(who, count | st.lists(CARD, max_size=7), max_size=len(players))}),
        _event("face_up_in_pack", {}, {"card": CARD}),
        _event("speak", {"player": who}),
        _event("point_out", {"player": who, "issue": st.sampled_from(ISSUES)}, {"about": who}),
        _event("lift", {"player": who}),
        _event("open", {"player": who, "stake": stake}, {"cards": st.lists(CARD, min_size=5, max_size=5)}),
        _event("play", {"player": who, "stake": stake}),
        _event("pass", {"player": who}),
        _event("divulge", {"player": who}),
        _event("take_back", {"player": who}),
        st.integers(0, 5).flatmap(lambda n: _with_cards("discard", "player", who, n, exposed=False)),
        _event("demand", {"player": who, "count": count}),
        st.integers(0, 5).flatmap(lambda n: _with_cards("give", "to", who, n, exposed=True)),
        _event("collect_discards", {}, {"cards": st.lists(CARD, max_size=6)}),
        _event("dispute", {"player": who, "claims": count, "dealer_says": count},
               {"unable": st.lists(who, max_size=3), "testimony": st.dictionaries(who, count, max_size=3)}),
        _event("ask_dealer", {"player": who}),
        _event("dealer_answer", {"count": count}),
        _event("dealer_tells", {"about": who}),
        _event("demand_show", {"player": who, "stake": stake}),
        _event("show", {"player": who, "cards": st.lists(CARD, min_size=4, max_size=6)},
               {"original": st.lists(CARD, min_size=5, max_size=5)}),
        _event("win", {"player": who}, {"amount": st.integers(1, 60)}),
    )


def _log(players: list[str], limit: int, ante: int, evs: list) -> dict:
    return {"format": "peel-draw-poker-log", "version": 1,
            "table": {"players": list(players), "limit": limit, "ante": ante}, "events": evs}


def _prelude(players: list[str], dealer: int, ante: int) -> list[dict]:
    """A proper start of a deal: deal, shuffle, cut on the right, ante on the left, dealt."""
    d = players[dealer]
    return [{"type": "deal", "dealer": d}, {"type": "shuffle", "player": d},
            {"type": "cut", "player": players[dealer - 1]},
            {"type": "ante", "player": players[(dealer + 1) % len(players)], "amount": ante},
            {"type": "dealt", "hands": {}}]


@st.composite
def random_logs(draw):
    """(a) A small table (2-6 players) and a random sequence of events, often after a
    proper start of a deal so that the replay gets somewhere."""
    players = draw(st.permutations(NAMES).map(list))[: draw(st.integers(2, 6))]
    ante = draw(st.integers(1, 5))
    start = draw(st.sampled_from(["none", "deal", "prelude"]))
    dealer = draw(st.integers(0, len(players) - 1))
    evs = {"none": [], "deal": [{"type": "deal", "dealer": players[dealer]}],
           "prelude": _prelude(players, dealer, ante)}[start]
    evs = evs + draw(st.lists(events(players), min_size=1, max_size=40))
    return _log(players, draw(st.integers(1, 40)), ante, evs)


PACK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


@st.composite
def played_games(draw):
    """One to three games played more or less by the book (a sketch, not a case): the
    deal, the say, the draw, the betting, the show, a win. Mutations make them wrong."""
    players = draw(st.permutations(NAMES).map(list))[: draw(st.integers(2, 6))]
    ante = draw(st.integers(1, 3))
    evs: list[dict] = []
    for _ in range(draw(st.integers(1, 3))):
        dealer = draw(st.integers(0, len(players) - 1))
        pack = list(draw(st.permutations(PACK)))
        evs += _prelude(players, dealer, ante)[:-1]
        order = players[dealer + 1:] + players[: dealer + 1]
        hands = {p: [pack.pop() for _ in range(5)] for p in order}
        evs.append({"type": "dealt", "hands": copy.deepcopy(hands)})
        say = order[1:] + order[:1]
        stake, opened = 2 * ante, False
        for p in say:
            act = draw(st.sampled_from(["pass", "play", "raise"]))
            if act == "pass":
                evs.append({"type": "pass", "player": p})
                continue
            stake += draw(st.integers(1, 4)) if act == "raise" else 0
            evs.append({"type": "play" if opened else "open", "player": p, "stake": stake})
            opened = True
        for p in say:  # the draw: up to three cards each, from the 52 a six-handed game leaves 22
            n = draw(st.integers(0, 3))
            thrown, hands[p] = hands[p][:n], hands[p][n:]
            evs.append({"type": "discard", "player": p, "count": n, "cards": thrown})
            drawn = [pack.pop() for _ in range(n)]
            hands[p] += drawn
            evs.append({"type": "give", "to": p, "count": n, "cards": drawn})
        for p in say:
            if draw(st.booleans()):
                evs.append({"type": "play", "player": p, "stake": stake + draw(st.integers(0, 2))})
        for p in say:
            evs.append({"type": "show", "player": p, "cards": hands[p]})
        evs.append({"type": "win", "player": draw(st.sampled_from(players))})
    return _log(players, draw(st.integers(2 * ante, 30)), ante, evs)


_NUMBER_FIELDS = {"stake": 0, "count": 0, "claims": 0, "dealer_says": 0, "amount": 1}
_NAME_FIELDS = ("player", "to", "dealer", "about")


def _tweak(draw, event: dict, players: list[str]) -> None:
    """Change an event's stakes, counts, names or cards (its shape stays)."""
    for key in list(event):
        if key in _NUMBER_FIELDS and draw(st.booleans()):
            event[key] = draw(st.integers(_NUMBER_FIELDS[key], 40))
        elif key in _NAME_FIELDS and draw(st.booleans()):
            event[key] = draw(st.sampled_from(players))
        elif key == "card" and draw(st.booleans()):
            event[key] = draw(CARD)
        elif key in ("cards", "original") and draw(st.booleans()):
            event[key] = draw(st.lists(CARD, min_size=len(event[key]), max_size=len(event[key])))
    if "cards" in event and "count" in event and event["type"] in ("give", "discard"):
        event["count"] = len(event["cards"])  # keep the log self-consistent: reach the replay
    if "count" in event and event.get("exposed", 0) > event["count"]:  # a `card` has a bool, no count
        event["exposed"] = event["count"]


@st.composite
def mutated_logs(draw):
    """(b) A shipped case or a played game, with events deleted, duplicated, swapped,
    inserted or changed, and the table's players, limit or ante changed."""
    base = draw(st.one_of(st.sampled_from(CASE_LOGS), played_games()))
    log = copy.deepcopy(base)
    log.pop("meta", None)
    evs, table = log["events"], log["table"]
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "tweak", "truncate",
                                   "players", "limit", "ante"]))
        k = draw(st.integers(0, max(len(evs) - 1, 0)))
        if op == "delete" and evs:
            del evs[k]
        elif op == "duplicate" and evs:
            evs.insert(k, copy.deepcopy(evs[k]))
        elif op == "swap" and len(evs) > 1:
            j = draw(st.integers(0, len(evs) - 1))
            evs[k], evs[j] = evs[j], evs[k]
        elif op == "insert":
            evs.insert(k, draw(events(table["players"])))
        elif op == "tweak" and evs:
            _tweak(draw, evs[k], table["players"])
        elif op == "truncate":
            del evs[k:]
        elif op == "players":
            players = table["players"]
            how = draw(st.sampled_from(["reorder", "drop", "add", "rename"]))
            if how == "reorder":
                table["players"] = draw(st.permutations(players).map(list))
            elif how == "drop" and len(players) > 2:
                players.pop(draw(st.integers(0, len(players) - 1)))
            elif how == "add" and len(players) < 10:
                players.insert(draw(st.integers(0, len(players))), "Zed")
            elif how == "rename":  # everywhere: a valid log under another name
                old = draw(st.sampled_from(players))
                log = json.loads(json.dumps(log).replace(json.dumps(old), '"Zed"'))
                evs, table = log["events"], log["table"]
        elif op == "limit":
            table["limit"] = draw(st.integers(1, 40))
        elif op == "ante":
            table["ante"] = draw(st.integers(1, 10))
    return log


# ------------------------------------------------------------------ 1. property tests


@PROPERTY
@given(random_logs())
def test_a_random_event_sequences_give_a_status_never_a_traceback(log):
    assert_steady(check_log(log), log)


@PROPERTY
@given(mutated_logs())
def test_b_mutated_cases_give_a_status_and_balanced_ledgers(log):
    assert_steady(check_log(log), log)


@PROPERTY
@given(st.one_of(random_logs(), mutated_logs()))
def test_c_the_same_log_gives_the_same_report(log):
    before = json.dumps(log, sort_keys=True)
    first, second = check_log(log), check_log(copy.deepcopy(log))
    assert first == second
    assert json.dumps(log, sort_keys=True) == before, "check_log changed its input"
    as_file = checked_as_a_file(log)
    assert ruling(as_file) == ruling(first), "the API and `arbiter check` disagree"


@PROPERTY
@given(st.one_of(random_logs(), mutated_logs()))
def test_d_every_report_matches_the_report_schema(log):
    report = checked_as_a_file(log)
    assert_steady(report, log)
    REPORT.validate(report)


def test_the_property_tests_reach_every_status():
    """The strategies are worth something only if they reach all three statuses."""
    seen: set[str] = set()

    @settings(max_examples=60, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.one_of(random_logs(), mutated_logs()))
    def collect(log):
        seen.add(check_log(log)["status"])

    collect()
    assert seen == STATUSES


# ------------------------------------------------------------------ determinism across processes


def _random_mutants(seed: int, count: int) -> list[dict]:
    """Mutated cases made with `random` (the same every run, unlike hypothesis)."""
    rng = random.Random(seed)
    logs = []
    for _ in range(count):
        log = copy.deepcopy(rng.choice(CASE_LOGS))
        log.pop("meta", None)
        evs = log["events"]
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(len(evs)) if evs else 0
            op = rng.choice(["delete", "duplicate", "swap", "stake"])
            if op == "delete" and evs:
                del evs[k]
            elif op == "duplicate" and evs:
                evs.insert(k, copy.deepcopy(evs[k]))
            elif op == "swap" and len(evs) > 1:
                j = rng.randrange(len(evs))
                evs[k], evs[j] = evs[j], evs[k]
            elif op == "stake":
                for e in evs:
                    if "stake" in e and rng.random() < 0.3:
                        e["stake"] = rng.randint(0, 30)
        logs.append(log)
    return logs


_REPORTS_SCRIPT = """
import hashlib, json, sys
from arbiter import check_log
logs = json.load(open(sys.argv[1]))
for log in logs:
    print(hashlib.sha256(json.dumps(check_log(log), sort_keys=True).encode()).hexdigest())
"""


def _reports_under_hash_seed(seed: str, logs_file: Path) -> list[str]:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run([sys.executable, "-c", _REPORTS_SCRIPT, str(logs_file)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300, check=True)
    return done.stdout.split()


def test_reports_do_not_depend_on_the_hash_seed(tmp_path):
    """Sets of names iterate in another order in another process: reports must not care."""
    logs = CASE_LOGS + _random_mutants(seed=4, count=150)
    logs_file = tmp_path / "logs.json"
    logs_file.write_text(json.dumps(logs))
    assert _reports_under_hash_seed("1", logs_file) == _reports_under_hash_seed("2", logs_file)


def _at_stack_depth(frames: int, fn, *args):
    return fn(*args) if frames <= 0 else _at_stack_depth(frames - 1, fn, *args)


@pytest.mark.parametrize("depth", [10, MAX_DEPTH - 2, MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, 150, 500, 900,
                                   950, 970, 980, 985, 990, 995, 1000, 5000, 100_000])
def test_deep_nesting_gives_one_report_whatever_the_callers_stack(depth):
    """A document nested near Python's recursion limit used to parse, then crash the
    schema check (and the whole run) with RecursionError; and whether it parsed at all
    depended on the caller's stack. Now a fixed limit decides, the same from anywhere."""
    reports = []
    for text in ("[" * depth + "]" * depth,
                 json.dumps({**CASE_LOGS[0], "meta": {"x": None}}).replace("null", "[" * depth + "]" * depth)):
        data = text.encode()
        shallow = check_bytes(data, "deep.json")
        deep = _at_stack_depth(600, check_bytes, data, "deep.json")
        assert shallow == deep
        REPORT.validate(shallow)
        reports.append(shallow)
    array, meta = reports
    assert array["status"] == "invalid"
    if depth + 2 > MAX_DEPTH:  # meta's value is two levels down
        assert meta["status"] == "invalid" and "nested too deeply" in meta["error"]["message"]
    else:
        assert meta["status"] != "invalid"


# ------------------------------------------------------------------ 2. nasty inputs through the CLI


def check(capsys, *args, jobs: int = 1) -> tuple[int, list[dict], dict]:
    """`arbiter check ARGS --format jsonl`: the exit code, the reports, the summary."""
    argv = ["check", *map(str, args), "--format", "jsonl"] + (["--jobs", str(jobs)] if jobs > 1 else [])
    with pytest.raises(SystemExit) as exited:
        main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    reports = [json.loads(line) for line in out.splitlines() if line.strip()]
    summary = json.loads(err.strip().splitlines()[-1])["summary"] if err.strip() else {}
    for report in reports:
        REPORT.validate(report)
        assert_steady(report)
    return exited.value.code, reports, summary


def by_file(reports: list[dict]) -> dict[str, dict]:
    return {Path(r["file"]).name: r for r in reports}


def _valid_text() -> str:
    return GOOD.read_text(encoding="utf-8")


def _raw_log(events_json: str, players: str = '["Ann", "Bob"]') -> bytes:
    return ('{"format": "peel-draw-poker-log", "version": 1, "table": {"players": %s, "limit": 10, '
            '"ante": 1}, "events": [%s]}' % (players, events_json)).encode()


NASTY = {
    "not-utf8.json": (b'{"format": "peel-draw-poker-log", "x": "caf\xe9"}', "not UTF-8"),
    "utf16.json": (_valid_text().encode("utf-16"), "UTF-16"),
    "empty.json": (b"", "empty"),
    "whitespace.json": (b" \n\t " * 1000, "empty"),
    "array.json": (b"[]", "must be an object"),
    "string.json": (b'"a log"', "must be an object"),
    "null.json": (b"null", "must be an object"),
    "truncated.json": (_valid_text().encode()[:-40], "not valid JSON"),
    "duplicate-key.json": (b'{"format": "peel-draw-poker-log", "format": "peel-draw-poker-log"}', "duplicate key"),
    "nan.json": (_raw_log('{"type": "deal", "dealer": "Ann"}, {"type": "play", "player": "Ann", "stake": NaN}'),
                 "not a finite number (NaN)"),
    "infinity.json": (_raw_log('{"type": "ante", "player": "Bob", "amount": Infinity}'),
                      "not a finite number (Infinity)"),
    "minus-infinity.json": (_raw_log('{"type": "ante", "player": "Bob", "amount": -Infinity}'),
                            "not a finite number (-Infinity)"),
    "1e309.json": (_raw_log('{"type": "ante", "player": "Bob", "amount": 1e309}'), "not a finite number (1e309)"),
    "huge-int.json": (_raw_log('{"type": "ante", "player": "Bob", "amount": %s}' % ("9" * 5000)), "out of range"),
    "control-name.json": (_raw_log("", '["Ann", "B\\u0007b"]'), "without control characters"),
    "newline-name.json": (_raw_log("", '["Ann\\n", "Bob"]'), "without control characters"),
    "nul-name.json": (_raw_log("", '["Ann", "\\u0000"]'), "without control characters"),
    "bidi-name.json": (_raw_log("", '["Ann", "Dan\\u202eevil"]'), "without control characters or characters that"),
    "isolate-name.json": (_raw_log("", '["\\u2067Ann", "Bob"]'), "without control characters or characters that"),
    "lone-surrogate.json": (_raw_log('{"type": "deal", "dealer": "Ann", "note": "\\ud800"}'), "lone surrogate"),
    "deep.json": (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "deep-objects.json": (b'{"a":' * 100_000 + b"1" + b"}" * 100_000, "nested too deeply"),
    "unseated.json": (_raw_log('{"type": "deal", "dealer": "Zed"}'), "not seated"),
    "count-bomb.json": (_raw_log('{"type": "deal", "dealer": "Ann"}, '
                                 '{"type": "dealt", "hands": {"Ann": 9007199254740991}}'), "of at most 1,000"),
    "give-bomb.json": (_raw_log('{"type": "deal", "dealer": "Ann"}, '
                                '{"type": "give", "to": "Ann", "count": 1000000000}'), "at most 1,000, got"),
}


def test_nasty_files_are_invalid_each_with_its_reason_and_the_rest_are_checked(tmp_path, capsys):
    for name, (content, _) in NASTY.items():
        (tmp_path / name).write_bytes(content)
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + GOOD.read_bytes())
    code, reports, summary = check(capsys, GOOD, *sorted(tmp_path.iterdir()), IRREGULAR)
    assert code == 2
    assert [r["file"] for r in reports] == [str(GOOD), *map(str, sorted(tmp_path.iterdir())), str(IRREGULAR)]
    found = by_file(reports)
    for name, (_, reason) in NASTY.items():
        report = found[name]
        assert report["status"] == "invalid", name
        assert reason.lower() in report["error"]["message"].lower(), (name, report["error"])
        assert "internal error" not in report["error"]["message"]
    assert found["bom.json"]["status"] == "ok"  # a UTF-8 BOM is tolerated
    assert reports[0]["status"] == "ok" and reports[-1]["status"] == "irregular"
    assert summary["invalid"] == len(NASTY) and summary["logs"] == len(NASTY) + 3


def test_the_same_nasty_files_with_jobs_give_the_same_reports(tmp_path, capsys):
    for name, (content, _) in NASTY.items():
        (tmp_path / name).write_bytes(content)
    paths = [GOOD, *sorted(tmp_path.iterdir()), IRREGULAR]
    one = check(capsys, *paths)
    two = check(capsys, *paths, jobs=2)
    assert one[:2] == two[:2]
    with pytest.raises(SystemExit):
        main(["check", *map(str, paths), "--format", "json", "--jobs", "2"])
    document = json.loads(capsys.readouterr().out)
    RUN.validate(document)
    assert document["reports"] == one[1]


def test_a_count_of_cards_is_read_up_to_the_limit_and_the_pack_bounds_the_deal():
    """The log schema holds a count of cards to 1,000, more than any pack: the schema a
    program validates a log by and the reading agree (a count of 5,000 passed the first
    and was refused by the second)."""
    MAX_CARDS = DEFS["count"]["maximum"]

    def dealt(count: int) -> bytes:
        return _raw_log('{"type": "deal", "dealer": "Ann"}, {"type": "dealt", "hands": {"Ann": %d}}' % count)

    assert check_bytes(dealt(5), "x.json")["status"] != "invalid"
    beyond_the_pack = check_bytes(dealt(MAX_CARDS), "x.json")
    assert beyond_the_pack["status"] == "invalid" and "pack" in beyond_the_pack["error"]["message"]
    refused = check_bytes(dealt(MAX_CARDS + 1), "x.json")
    assert refused["status"] == "invalid" and refused["error"]["path"] == "/events/1/hands/Ann"
    schema = json.loads(schema_path("log").read_text(encoding="utf-8"))
    assert Draft202012Validator(schema).is_valid(json.loads(dealt(MAX_CARDS)))
    assert not Draft202012Validator(schema).is_valid(json.loads(dealt(MAX_CARDS + 1)))


def test_a_path_that_does_not_exist_is_invalid_the_rest_checked_exit_2(tmp_path, capsys):
    missing = tmp_path / "no-such-log.json"
    code, reports, _ = check(capsys, GOOD, missing, IRREGULAR)
    assert code == 2
    assert [r["status"] for r in reports] == ["ok", "invalid", "irregular"]
    assert reports[1]["file"] == str(missing)
    assert "no such file" in reports[1]["error"]["message"].lower()


def test_only_missing_paths_still_report_each_and_exit_2(tmp_path, capsys):
    code, reports, _ = check(capsys, tmp_path / "a.json", tmp_path / "b.json")
    assert code == 2 and [r["status"] for r in reports] == ["invalid", "invalid"]


def test_an_empty_folder_alone_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as exited:
        main(["check", str(tmp_path)])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "no hand logs found" in err and "Traceback" not in err


def test_a_folder_with_symlink_loops_and_a_link_to_itself_does_not_hang(tmp_path):
    """Run as a process with a timeout: a walk that goes round would never end."""
    top = tmp_path / "logs"
    (top / "a" / "b").mkdir(parents=True)
    (top / "a" / "one.json").write_text(_valid_text())
    (top / "a" / "b" / "two.json").write_text(_valid_text())
    (top / "a" / "b" / "up").symlink_to("..")  # a folder linked into its own parent
    (top / "self").symlink_to(".")  # a folder linked into itself
    (top / "c").mkdir()
    (top / "c" / "to-a").symlink_to("../a")  # the same folder by two roads
    (top / "c" / "alias.json").symlink_to("../a/one.json")  # the same file by two names
    (top / "loop1.json").symlink_to("loop2.json")  # a loop of links
    (top / "loop2.json").symlink_to("loop1.json")
    (top / "knot").symlink_to("knot")  # a link to itself, not *.json
    (top / "broken.json").symlink_to("nowhere")
    done = subprocess.run([*ARBITER, "check", str(top), str(GOOD), "--format", "jsonl"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    reports = [json.loads(line) for line in done.stdout.splitlines()]
    names = [os.path.relpath(r["file"], top) if r["file"].startswith(str(top)) else r["file"] for r in reports]
    assert names == ["broken.json", "loop1.json", "loop2.json", "a/one.json", "a/b/two.json", str(GOOD)]
    statuses = {name: r["status"] for name, r in zip(names, reports)}
    assert statuses == {"broken.json": "invalid", "loop1.json": "invalid", "loop2.json": "invalid",
                        "a/one.json": "ok", "a/b/two.json": "ok", str(GOOD): "ok"}
    assert "symbolic links" in reports[1]["error"]["message"]


def test_a_folder_given_through_a_link_is_walked(tmp_path, capsys):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "one.json").write_text(_valid_text())
    (tmp_path / "link").symlink_to("real")
    (tmp_path / "outer").mkdir()
    (tmp_path / "outer" / "inner").symlink_to("../real")
    code, reports, _ = check(capsys, tmp_path / "link", tmp_path / "outer")
    assert code == 0
    assert [os.path.relpath(r["file"], tmp_path) for r in reports] == ["link/one.json", "outer/inner/one.json"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_in_a_folder_is_not_opened(tmp_path):
    """Opening a named pipe blocks until someone writes to it: the run would hang."""
    (tmp_path / "one.json").write_text(_valid_text())
    os.mkfifo(tmp_path / "pipe.json")
    done = subprocess.run([*ARBITER, "check", str(tmp_path), "--format", "jsonl"],
                          capture_output=True, text=True, timeout=60)
    reports = by_file([json.loads(line) for line in done.stdout.splitlines()])
    assert done.returncode == 2
    assert reports["pipe.json"]["status"] == "invalid"
    assert "named pipe" in reports["pipe.json"]["error"]["message"]
    assert reports["one.json"]["status"] == "ok"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_named_on_purpose_is_read(tmp_path, capsys):
    """`arbiter check <(zcat log.json.gz)`: a pipe given by name is read like a file."""
    pipe = tmp_path / "log.json"
    os.mkfifo(pipe)

    def write():
        with open(pipe, "wb") as fh:
            fh.write(GOOD.read_bytes())

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    code, reports, _ = check(capsys, pipe)
    writer.join(timeout=10)
    assert code == 0 and reports[0]["status"] == "ok"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("command", [["table"], ["serve", "--port", "0"]])
def test_the_table_does_not_resume_a_named_pipe(tmp_path, command):
    """The table appends to the log it resumes: a named pipe can never be one, and opening
    it blocked until a writer came (the run hung, with no word)."""
    pipe = tmp_path / "game.hand"
    os.mkfifo(pipe)
    done = subprocess.run([*ARBITER, *command, str(pipe)], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert "not a regular file (a named pipe): the table keeps its log in a file" in done.stderr


def test_a_file_that_vanishes_after_gathering_is_invalid_and_the_run_goes_on(tmp_path):
    for name in ("a.json", "b.json", "c.json"):
        (tmp_path / name).write_text(_valid_text())
    paths = list(gather([str(tmp_path)]))
    assert [Path(p).name for p in paths] == ["a.json", "b.json", "c.json"]
    os.remove(paths[1])
    for jobs in (1, 2):
        reports = list(check_many(paths, None, {"ignore": [], "select": None}, jobs))
        assert [r["status"] for r in reports] == ["ok", "invalid", "ok"]
        assert "no such file" in reports[1]["error"]["message"].lower()


def test_a_file_that_vanishes_during_a_cli_run(tmp_path, capsys, monkeypatch):
    """The same through `arbiter check`: the file goes between the listing and the reading."""
    import arbiter.bulk

    for name in ("a.json", "b.json"):
        (tmp_path / name).write_text(_valid_text())
    real_read = arbiter.bulk.read_source

    def read_source(path):
        if Path(path).name == "a.json":
            os.remove(path)
        return real_read(path)

    monkeypatch.setattr(arbiter.bulk, "read_source", read_source)
    code, reports, _ = check(capsys, tmp_path)
    assert code == 2 and [r["status"] for r in reports] == ["invalid", "ok"]


@pytest.mark.skipif(AS_ROOT, reason="root reads files whatever their mode")
def test_an_unreadable_file_and_folder_are_invalid_and_the_rest_are_checked(tmp_path, capsys):
    locked = tmp_path / "locked.json"
    locked.write_text(_valid_text())
    locked.chmod(0)
    shut = tmp_path / "shut"
    shut.mkdir()
    (shut / "x.json").write_text(_valid_text())
    shut.chmod(0)
    try:
        code, reports, _ = check(capsys, tmp_path, GOOD)
    finally:
        locked.chmod(0o644)
        shut.chmod(0o755)
    assert code == 2
    found = {Path(r["file"]).name: r for r in reports}
    assert "permission denied" in found["locked.json"]["error"]["message"].lower()
    assert "cannot read the folder" in found["shut"]["error"]["message"]
    assert found[GOOD.name]["status"] == "ok"


def test_permission_denied_simulated_even_as_root(tmp_path, capsys, monkeypatch):
    """The same as the test above where chmod cannot stop root: the denial is simulated."""
    import builtins

    import arbiter.reading.limits

    locked, shut = tmp_path / "locked.json", tmp_path / "shut"
    locked.write_text(_valid_text())
    shut.mkdir()
    (shut / "x.json").write_text(_valid_text())
    real_open, real_scandir = builtins.open, os.scandir

    def deny(path):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(arbiter.reading.limits, "open", lambda path, *a, **k: deny(path) if Path(path) == locked
                        else real_open(path, *a, **k), raising=False)
    monkeypatch.setattr(os, "scandir", lambda path=".": deny(path) if Path(path) == shut else real_scandir(path))
    code, reports, _ = check(capsys, tmp_path, GOOD)
    assert code == 2
    found = {Path(r["file"]).name: r for r in reports}
    assert list(found) == ["locked.json", "shut", GOOD.name]
    assert found["locked.json"]["error"]["message"] == "cannot read the file: Permission denied"
    assert found["shut"]["error"]["message"] == "cannot read the folder: Permission denied"
    assert found[GOOD.name]["status"] == "ok"


def test_a_file_larger_than_the_limit_is_refused_unread(tmp_path, capsys):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:  # sparse: nothing is written, nothing is read
        fh.truncate(MAX_LOG_BYTES + 1)
    code, reports, _ = check(capsys, big, GOOD)
    assert code == 2
    assert reports[0]["status"] == "invalid" and "too large" in reports[0]["error"]["message"]
    assert reports[1]["status"] == "ok"


def test_standard_input_is_named_dash_and_is_capped(monkeypatch, capsys):
    import arbiter.reading.limits

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(GOOD.read_bytes())))
    code, reports, _ = check(capsys, "-")
    assert code == 0 and reports[0]["file"] == "-" and reports[0]["status"] == "ok"
    monkeypatch.setattr(arbiter.reading.limits, "MAX_LOG_BYTES", 1000)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b" " * 5000)))
    code, reports, _ = check(capsys, "-")
    assert code == 2 and "too large" in reports[0]["error"]["message"]


def work(function, *args):
    """What `function(*args)` returns, and the work it took: the Python calls made
    (`sys.setprofile`), counted rather than timed, so that a machine under load cannot
    fail a test and a fast one cannot hide a slow path. The seconds are the benchmark's
    (`benchmarks/bench_long_logs.py`)."""
    count = 0

    def counted(frame, event, arg):
        nonlocal count
        count += event == "call"

    function(*args)  # once before counting: first-time imports and caches are no work of its own
    sys.setprofile(counted)
    try:
        result = function(*args)
    finally:
        sys.setprofile(None)
    return result, count


NO_LOGS = {"white-space": lambda size: b" " * size, "string": lambda size: b'"' + b"a" * size + b'"',
           "array": lambda size: b"[" + b"0," * (size // 2) + b"0]"}


@pytest.mark.parametrize("make", NO_LOGS.values(), ids=[f"5MB-{name}" for name in NO_LOGS])
def test_a_big_file_that_is_no_log_is_invalid_and_the_next_log_is_checked(tmp_path, capsys, make):
    big = tmp_path / "big.json"
    big.write_bytes(make(5 << 20))
    code, reports, _ = check(capsys, big, GOOD)
    assert code == 2 and [r["status"] for r in reports] == ["invalid", "ok"]
    assert len(reports[0]["error"]["message"]) < 500  # the message quotes, it does not copy


@pytest.mark.parametrize("make", NO_LOGS.values(), ids=list(NO_LOGS))
def test_refusing_a_file_that_is_no_log_takes_work_in_proportion_to_its_size_at_most(make):
    (small, small_work), (large, large_work) = (work(check_bytes, make(size), "big.json")
                                                for size in (50 << 10, 500 << 10))
    assert small["status"] == large["status"] == "invalid"
    assert large_work <= 11 * small_work, (small_work, large_work)  # ten times the bytes: ten times the work


@pytest.mark.slow
@pytest.mark.parametrize("content", [b" " * (50 << 20), b'"' + b"a" * (50 << 20) + b'"'],
                         ids=["50MB-of-white-space", "50MB-string"])
def test_a_50mb_file_that_is_no_log_is_invalid(tmp_path, content):
    big = tmp_path / "big.json"
    big.write_bytes(content)
    done = subprocess.run([*ARBITER, "check", str(big), str(GOOD), "--format", "jsonl"],
                          capture_output=True, text=True, timeout=120)
    reports = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 2 and [r["status"] for r in reports] == ["invalid", "ok"]


def long_session(n: int) -> dict:
    """A session of n events: a whole case's games over and over (irregular, but sound)."""
    base = load_case(next(p for p in CASES if p.name.startswith("game-betting")))
    events = (base["events"] * (n // len(base["events"]) + 1))[:n]
    return {**{k: base[k] for k in ("format", "version", "table")}, "events": events}


def test_a_long_log_takes_work_in_proportion_to_its_length():
    """Ten times the events, ten times the work (a step that looked back over the game so
    far would make it a hundred), and the long one's ledger balances."""
    (short, short_work), (long, long_work) = (work(check_bytes, json.dumps(long_session(n)).encode(), "long.json")
                                              for n in (500, 5_000))
    assert short["status"] == long["status"] == "irregular"
    assert 9 * short_work <= long_work <= 11 * short_work, (short_work, long_work)
    assert_balanced(long, long_session(1)["table"]["players"])


@pytest.mark.slow
def test_a_log_of_a_million_events(tmp_path):
    long = tmp_path / "long.json"
    long.write_text(json.dumps(long_session(1_000_000)))
    done = subprocess.run([*ARBITER, "check", str(long), str(GOOD), "--format", "jsonl"],
                          capture_output=True, text=True, timeout=600)  # a bound on a hang, not a figure
    reports = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1, done.stderr
    assert [r["status"] for r in reports] == ["irregular", "ok"]
    assert_balanced(reports[0], long_session(1)["table"]["players"])


class _CountedEvents:
    """The exact validator of one event (`jsonschema`), counting the events it is asked about."""

    def __init__(self, validator) -> None:
        self.validator = validator
        self.asked = 0

    def iter_errors(self, event):
        self.asked += 1
        return self.validator.iter_errors(event)


def test_a_long_log_that_is_bad_everywhere_has_only_its_first_bad_event_taken_through_jsonschema(monkeypatch):
    """Only the first bad event matters: the 49,999 after it are not taken through
    `jsonschema` one by one (that took minutes for a million)."""
    exact = arbiter.reading.exact.validators()
    table = {"players": ["Ann", "Bob"], "limit": 10, "ante": 1}
    late = [{"type": "speak", "player": "Ann"}] * 50_000 + [{"type": "play", "player": "Ann", "stake": -1}]
    for events, where in [([{"type": "flop"}] * 50_000, "/events/0/type"),
                          ([{"type": "deal", "dealer": "Ann", "extra": 1}] * 50_000, "/events/0/extra"),
                          ([{"type": "card", "to": "Ann", "card": "Zz"}] * 50_000, "/events/0/card"),
                          (late, "/events/50000/stake")]:
        counted = _CountedEvents(exact.event)
        monkeypatch.setattr(arbiter.reading.exact, "validators", lambda: exact._replace(event=counted))
        report = checked_as_a_file({"format": "peel-draw-poker-log", "version": 1, "table": table, "events": events})
        assert report["status"] == "invalid" and report["error"]["path"] == where
        assert counted.asked == 1


def test_an_internal_error_on_one_log_does_not_stop_the_others(tmp_path, capsys, monkeypatch):
    """A defect of arbiter met on one log is that log's `invalid` report (exit 2), not the
    end of the run; with --jobs too (the workers are forked with the defect)."""
    import arbiter.bulk

    for name in ("a.json", "b.json", "c.json"):
        (tmp_path / name).write_text(_valid_text())
    real = arbiter.bulk.checked_bytes

    def faulty(data, file, *args, **kwargs):
        if file.endswith("b.json"):
            raise ZeroDivisionError("a defect")
        return real(data, file, *args, **kwargs)

    monkeypatch.setattr(arbiter.bulk, "checked_bytes", faulty)
    for jobs in (1, 2):
        code, reports, _ = check(capsys, tmp_path, jobs=jobs)
        assert code == 2
        assert [r["status"] for r in reports] == ["ok", "invalid", "ok"]
        assert "internal error" in reports[1]["error"]["message"]
        assert "ZeroDivisionError" in reports[1]["error"]["message"]


_DYING_WORKER = """
import os, sys
import arbiter.bulk as bulk
from arbiter.cli import main
real = bulk.checked_bytes
def dying(data, file, *args, **kwargs):
    if file.endswith("c.json"):
        os._exit(9)  # as the out-of-memory killer, or a crash in a native library, would end it
    return real(data, file, *args, **kwargs)
bulk.checked_bytes = dying
main(sys.argv[1:])
"""


def test_a_worker_that_dies_does_not_hang_or_stop_the_run(tmp_path):
    """A multiprocessing.Pool waits for ever for the task of a worker that died."""
    names = [f"{letter}.json" for letter in "abcdefg"]
    for name in names:
        (tmp_path / name).write_text(_valid_text())
    done = subprocess.run([sys.executable, "-c", _DYING_WORKER, "check", str(tmp_path), "--format", "jsonl",
                           "--jobs", "2"], cwd=REPO, capture_output=True, text=True, timeout=120)
    reports = [json.loads(line) for line in done.stdout.splitlines()]
    assert [Path(r["file"]).name for r in reports] == names
    assert [r["status"] for r in reports] == ["ok", "ok", "invalid", "ok", "ok", "ok", "ok"]
    assert "died" in reports[2]["error"]["message"]
    assert done.returncode == 2


def test_unreadable_paths_travel_to_workers():
    import pickle

    path = Unreadable("x/pipe.json", "not a regular file (a named pipe): not read")
    again = pickle.loads(pickle.dumps(path))
    assert again == "x/pipe.json" and again.problem == path.problem and isinstance(again, Unreadable)


@pytest.mark.parametrize("log", [
    None, 42, "a log", [], {}, {"format": "peel-draw-poker-log"},
    {"format": "peel-draw-poker-log", "version": 1, "table": {"players": ["Ann", "Bob"], "limit": 1, "ante": 1},
     "events": [{"type": "deal", "dealer": b"Ann"}]},
    {"format": "peel-draw-poker-log", "version": 1, "table": {"players": ["Ann", "Bob"], "limit": float("nan"),
                                                               "ante": 1}, "events": []},
    {"format": "peel-draw-poker-log", "version": 1, "table": {"players": ["Ann", "Bob"], "limit": 10 ** 5000,
                                                               "ante": 1}, "events": []},
    {(1, 2): "a tuple for a key"},
    {"format": "peel-draw-poker-log", "version": 1, "table": {"players": {"Ann", "Bob"}, "limit": 1, "ante": 1},
     "events": []},
], ids=["None", "int", "str", "list", "empty", "format-only", "bytes", "nan", "10**5000", "tuple-key", "set"])
def test_check_log_takes_anything_python_gives_it(log):
    assert_steady(check_log(log))
    assert check_log(log)["status"] == "invalid"


def test_a_circular_log_is_invalid():
    log = {"format": "peel-draw-poker-log", "version": 1, "events": []}
    log["meta"] = log
    assert check_log(log)["status"] == "invalid"


# ------------------------------------------------------------------ the engine on broken shows and early acts


def test_check_log_reports_match_the_report_schema():
    for status in ("ok", "irregular", "invalid"):
        report = check_log(load_case(GOOD) if status == "ok" else load_case(IRREGULAR) if status == "irregular"
                           else [])
        assert report["status"] == status
        REPORT.validate(report)


def _shown(a: list[str], b: list[str]) -> dict:
    """Ann deals to Bob; both stand pat and stand; Bob shows `b`, Ann shows `a`."""
    return _log(["Ann", "Bob"], 10, 1, [
        {"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"}, {"type": "cut", "player": "Bob"},
        {"type": "ante", "player": "Bob", "amount": 1}, {"type": "dealt", "hands": {}},
        {"type": "open", "player": "Ann", "stake": 2}, {"type": "play", "player": "Bob", "stake": 2},
        {"type": "discard", "player": "Bob", "count": 0}, {"type": "discard", "player": "Ann", "count": 0},
        {"type": "play", "player": "Bob", "stake": 2}, {"type": "play", "player": "Ann", "stake": 2},
        {"type": "show", "player": "Bob", "cards": b}, {"type": "show", "player": "Ann", "cards": a}])


def test_a_shown_hand_with_a_card_twice_is_irregular_not_invalid():
    report = check_log(_shown(["Ah", "Kh", "2c", "3d", "4s"], ["Ks", "Ks", "2d", "3h", "5s"]))
    assert report["status"] == "irregular", report["error"]


def test_a_shown_hand_with_the_joker_is_irregular_not_invalid():
    report = check_log(_shown(["Ah", "Kh", "2c", "3d", "4s"], ["Jo", "Qs", "2d", "3h", "5s"]))
    assert report["status"] == "irregular", report["error"]


def test_the_report_on_a_broken_show_does_not_depend_on_the_hash_seed(tmp_path):
    logs_file = tmp_path / "logs.json"
    logs_file.write_text(json.dumps([_shown(["Ah", "Ah", "2c", "3d", "4s"], ["Ks", "Ks", "2d", "3h", "5s"])]))
    assert _reports_under_hash_seed("1", logs_file) == _reports_under_hash_seed("2", logs_file)


def test_a_demand_show_before_the_deal_says_what_is_wrong_with_the_log():
    log = _log(["Ann", "Bob", "Cat", "Dan"], 6, 1,
               [{"type": "deal", "dealer": "Ann"}, {"type": "demand_show", "player": "Bob", "stake": 24}])
    report = check_log(log)
    assert "no rule in force" not in (report["error"] or {}).get("message", "")


def test_check_log_on_a_deeply_nested_object_is_invalid_not_a_crash():
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    report = check_log({"format": "peel-draw-poker-log", "version": 1, "meta": {"x": deep}})
    assert report["status"] == "invalid"


def test_any_two_acts_a_log_begins_with_are_judged_or_refused_in_plain_words():
    """Before the first deal there is no game in play (`Board.playing` is set by the deal):
    every act that needs one is refused in words (`require_game`) before anything asks for
    it. Each kind of act the shipped cases hold, as the first two events of a log."""
    samples: dict[str, tuple[dict, dict]] = {}
    for path in case_files():
        log = load_case(path)
        for event in log["events"]:
            samples.setdefault(event["type"], (log, event))
    for first, (log, one) in sorted(samples.items()):
        for second, (_, two) in sorted(samples.items()):
            begun = {**log, "events": [one, two]}
            report = check_log(copy.deepcopy(begun))
            assert_steady(report, begun)
            assert "internal error" not in (report["error"] or {}).get("message", ""), (first, second)


def test_counts_past_what_a_report_holds_exactly_make_the_log_invalid_at_the_event(tmp_path):
    """Each amount within ±(2⁵³ − 1), their sums past it: a club's fine of the most a count
    may be, paid to each of three players, left Ann's net at -27021597764222973, which a
    reader of the JSON as doubles cannot hold (docs/robustness.md: no report holds such a
    count). The log is invalid at the event that moved it."""
    import yaml

    from arbiter.resources import rules_dir

    house = yaml.safe_load((rules_dir() / "house" / "misdeal-costs-a-chip-to-each.yaml").read_text(encoding="utf-8"))
    check = house["rules"][0]["checks"][0]
    check["then"][0]["penalty"]["amount"] = {"mul": [{"param": "misdeal_chips_to_each"}, 2**53 - 1]}
    path = tmp_path / "club.yaml"
    path.write_text(yaml.safe_dump(house), encoding="utf-8")
    case = REPO / "cases" / "house" / "misdeal-costs-its-dealer-a-chip-to-each.json"
    code, out, _ = in_process("check", str(case), "--house", str(path), "--format", "json")
    report = json.loads(out)["reports"][0]
    assert code == 2 and report["status"] == "invalid", report
    assert report["error"]["path"] == "/events/8" and "net would be" in report["error"]["message"], report["error"]
