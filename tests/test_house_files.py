"""The shipped house files (`rules/house/`) and their cases (`cases/house/`).

Each case under `cases/house/` is a log played under one shipped house file, named in
`meta.house`. It carries two results worked out by hand: `meta.expect`, the result
under that house file, and `meta.expect_without_house`, the result by Peel's laws alone.
Both are compared as `tests/test_cases.py` compares the top-level cases, so each house
file is shown to change the outcome of a real log exactly as its rule says.
"""

from __future__ import annotations

import os
import re

import pytest
import yaml

import arbiter
from arbiter.checker import check_file
from arbiter.cli import main
from arbiter.errors import HouseRulesError
from arbiter.resources import cases_dir
from arbiter.rulebook.house import apply_house, read_house, shipped_house_files
from arbiter.rulebook.loader import load_rulebook
from arbiter.seats import POOL
from tests.conftest import load_case, pools_balance

HOUSE_CASES = sorted((cases_dir() / "house").glob("*.json"))
SHIPPED = shipped_house_files()
EXPECTED_HOUSES = {"blaze", "joker", "skip-straight", "american-ace", "knaves-always", "exposed-at-the-say",
                   "misdeal-costs-an-ante", "no-jackpots",
                   # a club's whole agreement (issue 22)
                   "no-straddling", "limit-doubled-after-the-draw", "no-check-raise", "misdeal-costs-a-chip-to-each",
                   "jacks-to-open", "progressive-openers", "table-stakes", "big-bobtail"}


def _house_rulebook(rulebook, name: str):
    return apply_house(rulebook, read_house(name))


def _finding_key(finding: dict) -> tuple:
    return (finding["id"], finding["severity"], finding["event"], finding["player"])


def assert_report_matches(report: dict, expect: dict) -> None:
    """The comparison of `cases/README.md`: status, findings, effects given, net, games."""
    assert report["error"] is None, report["error"]
    got = [_finding_key(f) for f in report["findings"]]
    assert got == [_finding_key(f) for f in expect["findings"]], \
        "\n".join(f"{f['id']} event {f['event']}: {f['summary']}" for f in report["findings"])
    for wanted, finding in zip(expect["findings"], report["findings"]):
        if "effects" in wanted:
            assert finding["effects"] == wanted["effects"], f"effects of {finding['id']} at event {finding['event']}"
    assert report["status"] == expect["status"]
    assert report["net"] == expect["net"]
    assert len(report["games"]) == len(expect["games"])
    for wanted, game in zip(expect["games"], report["games"]):
        for key, value in wanted.items():
            assert game[key] == value, f"game {game['game']}: {key}"


def test_the_shipped_house_files_ship_and_read_cleanly(rulebook):
    assert set(SHIPPED) == EXPECTED_HOUSES
    for name, path in SHIPPED.items():
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert raw["name"] == name
        assert len(raw["description"]) > 80, "a description quotes Peel or says what departs from him"
        applied = _house_rulebook(rulebook, name)
        assert applied.house["name"] == name
        changes_rules = set(applied.rules) != set(rulebook.rules) or applied.house.get("disable")
        assert applied.parameters != rulebook.parameters or changes_rules, f"{name} changes nothing"


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_what_a_house_file_quotes_from_a_law_is_that_laws_words(rulebook, name):
    """Law 81 was once quoted with words Peel never wrote: a quotation is checked against the text."""
    description = " ".join(yaml.safe_load(SHIPPED[name].read_text(encoding="utf-8"))["description"].split())
    for law, quoted in re.findall(r'Law (\d+)[^"]*"([^"]+)"', description):
        words = " ".join(rulebook.rules[f"L{law}"].text.split())
        assert quoted.rstrip(".") in words, f"{name}: law {law} does not say {quoted!r}"


@pytest.mark.parametrize(
    "name, parameter, value",
    [("blaze", "hand_order", "blaze"), ("skip-straight", "hand_order", "skip_sequence"),
     ("joker", "joker", True), ("american-ace", "ace_in_sequences", "low_or_high"),
     ("knaves-always", "jackpot_openers", ["JJ"])],
)
def test_each_house_file_sets_what_its_rule_needs(rulebook, name, parameter, value):
    parameters = _house_rulebook(rulebook, name).parameters
    if parameter == "hand_order":
        order = parameters["hand_order"]
        # Peel: the blaze "takes precedence of two pairs, but is beaten by triplets" (p. 41);
        # the skip "takes precedence of triplets. It is beaten by an ordinary sequence" (p. 44).
        above, below = {"blaze": ("threes", "two_pairs"), "skip_sequence": ("sequence", "threes")}[value]
        assert order.index(above) + 1 == order.index(value) == order.index(below) - 1
    else:
        assert parameters[parameter] == value
    if name == "joker":
        assert parameters["pack_size"] == 53


def test_every_house_file_has_a_case_and_every_case_a_house_file():
    houses = [load_case(path)["meta"]["house"] for path in HOUSE_CASES]
    assert set(houses) == set(SHIPPED)


@pytest.mark.parametrize("path", HOUSE_CASES, ids=[p.stem for p in HOUSE_CASES])
def test_house_case_replays_to_its_expected_result_under_its_house(path, rulebook):
    case = load_case(path)
    report = check_file(path, _house_rulebook(rulebook, case["meta"]["house"]))
    assert_report_matches(report, case["meta"]["expect"])
    assert report["house_rules"]["name"] == case["meta"]["house"]
    pools_balance(report)  # a club rule that gives counters back out of the pool lowers the pool too


@pytest.mark.parametrize(
    "path",
    HOUSE_CASES,
    ids=[p.stem for p in HOUSE_CASES],
)
def test_house_case_replays_to_its_expected_result_by_the_laws_alone(path, rulebook):
    case = load_case(path)
    report = check_file(path, rulebook)
    assert_report_matches(report, case["meta"]["expect_without_house"])
    assert "house_rules" not in report


@pytest.mark.parametrize("path", HOUSE_CASES, ids=[p.stem for p in HOUSE_CASES])
def test_the_house_file_changes_the_outcome_as_worked_out_by_hand(path, rulebook):
    """Same log, with and without the house file: the nets differ, and each side is the one
    worked out by hand. A file that changes how hands are valued or opened changes the
    winners; a club rule that fines a player (law 81) changes only who pays what; a house
    that only allows more (the limit doubled after the draw) changes only what is an
    irregularity: the rulings differ, the money does not."""
    case = load_case(path)
    meta = case["meta"]
    with_house = check_file(path, _house_rulebook(rulebook, meta["house"]))
    by_the_laws = check_file(path, rulebook)
    winners = [[g["winners"] for g in report["games"]] for report in (with_house, by_the_laws)]
    findings = [[(f["id"], f["event"]) for f in report["findings"]] for report in (with_house, by_the_laws)]
    assert winners[0] != winners[1] or read_house(meta["house"]).get("rules") or findings[0] != findings[1]
    assert winners == [[g["winners"] for g in meta[key]["games"]] for key in ("expect", "expect_without_house")]
    assert with_house["net"] == meta["expect"]["net"] and by_the_laws["net"] == meta["expect_without_house"]["net"]
    assert with_house["net"] != by_the_laws["net"] or findings[0] != findings[1]


@pytest.mark.parametrize("path", HOUSE_CASES, ids=[p.stem for p in HOUSE_CASES])
def test_every_house_case_ledger_balances(path, rulebook):
    report = check_file(path, _house_rulebook(rulebook, load_case(path)["meta"]["house"]))
    pool = sum(e["amount"] for e in report["ledger"] if e["to"] == POOL) - sum(
        e["amount"] for e in report["ledger"] if e["from"] == POOL)
    assert pool >= 0 and sum(report["net"].values()) + pool == 0


def test_a_dealt_joker_is_l1_without_the_joker_house_and_nothing_with_it(rulebook):
    path = cases_dir() / "l01-joker-dealt.json"
    assert [f["id"] for f in check_file(path, rulebook)["findings"]] == ["L1"]
    with_joker = check_file(path, _house_rulebook(rulebook, "joker"))
    assert with_joker["findings"] == [] and with_joker["status"] == "ok"


@pytest.mark.parametrize("after, returned", [
    ([("Cat", 5), ("Dan", 2), ("Ann", 2), ("Bob", 2), ("Cat", 8)], 6),   # given back whole at his turn: he stands
    ([("Dan", 5), ("Cat", 15), ("Ann", 10), ("Bob", None), ("Cat", 30)], 20),   # counted a call of Ann's 10
    ([("Dan", 5), ("Cat", 8), ("Ann", 12), ("Bob", None), ("Cat", 14)], 2),   # short of Ann's 12: he raised no one
])
def test_no_check_raise_a_stander_whose_early_raise_was_counted_a_call_may_not_raise_at_that_turn(
        after, returned, rulebook):
    """Cat stood; his raise out of turn, judged at his turn, is counted a call (H1). His
    raise again at that same turn was taken as a lawful raise, `next` offering it: a
    check-raise in two steps; so was one at the turn his early stake fell short at. It counts
    as a call too, and `next` offers him no raise."""
    case = load_case(cases_dir() / "house" / "no-check-raise-a-raise-out-of-turn-after-a-stand-is-judged-at-his-turn.json")
    log = {key: case[key] for key in ("format", "version", "table")}
    log["events"] = case["events"][:18] + [{"type": "pass", "player": p} if stake is None else
                                           {"type": "play", "player": p, "stake": stake} for p, stake in after]
    house = _house_rulebook(rulebook, "no-check-raise")
    last = arbiter.check_log(log, house)["findings"][-1]
    assert (last["id"], last["event"], last["effects"]) == (
        "H1", 22, [{"type": "return_stake", "player": "Cat", "amount": returned}]), last
    log["events"].pop()
    answer = arbiter.next_acts(log, house)
    assert not [a for a in answer["acts"] + answer["others"] if a.get("player", answer["player"]) == "Cat"
                and a["type"] == "play" and a["maximum"] > a["minimum"]], answer   # a call at most


@pytest.mark.parametrize("path", HOUSE_CASES, ids=[p.stem for p in HOUSE_CASES])
def test_house_files_are_usable_by_name_on_the_command_line(path, capsys):
    house = load_case(path)["meta"]["house"]
    expect = load_case(path)["meta"]["expect"]
    with pytest.raises(SystemExit) as exited:
        main(["check", str(path), "--house", house, "--quiet"])
    assert exited.value.code == (0 if expect["status"] == "ok" else 1)
    assert f"house rules: {house}" in capsys.readouterr().out


def test_an_unknown_house_name_is_one_line_and_exit_2(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["check", str(HOUSE_CASES[0]), "--house", "no-such-house"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "no-such-house" in err and "blaze" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("data, says", [
    ([], "a house-rules file is a mapping"),  # was an AttributeError ('list' object has no attribute 'get')
    ({"parameter": {"opening_multiple_of_ante": 3}}, "'parameter' was unexpected"),  # was passed over unseen
])
def test_apply_house_holds_a_callers_own_data_to_the_files_schema(data, says):
    with pytest.raises(HouseRulesError, match=says):
        apply_house(load_rulebook(), data)


@pytest.mark.parametrize("hand, said", [
    ({"ranks": ["Z"]}, "hands/x_hand/ranks/0: 'Z' is none of 2-9, T or 10, J, Q, K, A"),
    ({"ranks": [1]}, "hands/x_hand/ranks/0: 1 is none of 2-9, T or 10, J, Q, K, A"),
    ({"one_of_each": ["K", "Z", "Q"]}, "hands/x_hand/one_of_each/1: 'Z' is none of 2-9, T or 10, J, Q, K, A"),
    ({"one_of_each": ["K", [], "Q"]}, "one_of_each/1: an empty list: name one or more of 2-9, T or 10, J, Q, K, A"),
])
def test_a_rank_no_hand_has_is_said_with_the_ranks_there_are(hand, said):
    """It said "['Z'] is not valid under any of the given schemas", which names no rank."""
    with pytest.raises(HouseRulesError, match=re.escape(said)):
        apply_house(load_rulebook(), {"hands": {"x_hand": {"cards": 3, "groups": [3], **hand}}})


@pytest.mark.parametrize("data, said", [
    (b"\xff\xfep\x00", "not UTF-8: byte 0xff at offset 0 (line 1)"),  # UTF-16
    (b"parameters:\n  x: caf\xe9\n", "not UTF-8: byte 0xe9 at offset 20 (line 2)"),  # Latin-1
])
def test_a_house_file_not_in_utf_8_names_the_byte_and_where(tmp_path, data, said):
    """It said "not UTF-8: byte 0": an offset read as a byte's value, a NUL."""
    from arbiter.errors import HouseRulesError
    from arbiter.rulebook.house import read_house

    path = tmp_path / "club.yaml"
    path.write_bytes(data)
    with pytest.raises(HouseRulesError, match=re.escape(said)):
        read_house(str(path))


@pytest.mark.parametrize("number", ["9" * 5000, "0x" + "f" * 5000, "0" + "7" * 6000, "0b" + "1" * 20000,
                                    "1" + ":59" * 3000])
def test_a_number_too_long_to_read_in_any_of_yamls_ways_is_refused_where_written(tmp_path, number):
    """An int of YAML's bases (0x, 0o, 0b, 1:30) past Python's 4,300 digits was read, then
    ended the command in an internal error when it was written out; the decimal one was said
    with a line found by searching the text, and a date of no day (2026-02-30) as one too."""
    path = tmp_path / "club.yaml"
    path.write_text(f"name: club\nparameters: {{opening_multiple_of_ante: {number}}}\n", encoding="utf-8")
    with pytest.raises(HouseRulesError, match=r"line 2, column 40: a number of more digits than can be read"):
        read_house(str(path))


@pytest.mark.parametrize("date", ["2026-02-03", "2026-02-30"])
def test_a_date_in_a_house_file_is_its_words(tmp_path, date, rulebook):
    """YAML reads 2026-02-03 as a date, which the file's schema quoted as Python writes it
    (datetime.date(2026, 2, 3)), and 2026-02-30 as no date at all, said to be a number too long."""
    path = tmp_path / "club.yaml"
    path.write_text(f"name: {date}\n", encoding="utf-8")
    assert read_house(str(path))["name"] == date
    path.write_text(f"name: club\nparameters: {{opening_multiple_of_ante: {date}}}\n", encoding="utf-8")
    with pytest.raises(HouseRulesError, match=f"'{date}' is not allowed"):
        apply_house(rulebook, read_house(str(path)))


def test_a_house_file_named_in_bytes_not_utf_8_is_named_with_each_as_xnn(tmp_path):
    """An error about the file itself (not there, too large) named it `\\udcff`, Python's
    stand-in, where every other line names such a byte `\\xff` (docs/robustness.md)."""
    path = os.path.join(os.fsencode(tmp_path), b"club\xff.yaml")
    with pytest.raises(HouseRulesError) as missing:
        read_house(os.fsdecode(path))
    with open(path, "wb") as handle:
        handle.write(b"#" * 70_000)
    with pytest.raises(HouseRulesError) as large:
        read_house(os.fsdecode(path))
    for error in (missing, large):
        assert "club\\xff.yaml: " in str(error.value) and "\\udc" not in str(error.value)
