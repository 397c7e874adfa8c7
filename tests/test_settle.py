"""`arbiter settle`: the night's nets and the fewest payments that settle them (issue 24, item 1).

Every settlement is checked against the reports `arbiter check` makes of the same logs:
paying each payment, and paying each pool's keeper, must bring every player's net to
zero, in whole positive counters, in at most one payment fewer than the parties.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
from collections import Counter
from decimal import Decimal
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.checker import check_file
from arbiter.json_lines import to_json
from arbiter.resources import cases_dir
from arbiter.seats import POOL
from arbiter.settle import EXACT_UP_TO, settle
from arbiter.simulator import simulate_log
from tests.conftest import ARBITER, REPO, in_process
from tests.evening_support import json_of, write_night


def settled(*args: str) -> tuple[int, dict, str]:
    return json_of("settle", *args)


def reports_of(paths) -> list[dict]:
    return [check_file(path) for path in paths]


def assert_settles(document: dict, reports: list[dict]) -> None:
    """The settlement pays every net of the reports, and every pool they left, exactly."""
    nets: Counter[str] = Counter()
    for report in reports:
        nets.update(report["net"])
    assert document["nets"] == {name: nets[name] for name in document["nets"]}
    assert set(document["nets"]) == set(nets)
    owed = Counter(document["nets"])
    for payment in document["payments"]:
        assert type(payment["amount"]) is int and payment["amount"] > 0 and payment["from"] != payment["to"]
        owed[payment["from"]] += payment["amount"]
        owed[payment["to"]] -= payment["amount"]
    left = [report for report in reports if report["status"] != "invalid" and sum(report["net"].values())]
    assert [(pool["file"], pool["amount"]) for pool in document["left_over"]] == \
        [(report["file"], -sum(report["net"].values())) for report in left]
    for pool, report in zip(document["left_over"], left):
        assert pool["game"] == report["games"][-1]["game"]
        assert sum(line["amount"] for line in pool["paid_by"]) == pool["amount"]
        for line in pool["paid_by"]:
            assert line["amount"] > 0
            owed[line["from"]] += line["amount"]
    assert not +owed and not -owed, owed
    parties = sum(1 for net in document["nets"].values() if net) + len(document["left_over"])
    lines = len(document["payments"]) + sum(len(pool["paid_by"]) for pool in document["left_over"])
    assert lines <= max(parties - 1, 0)


def test_every_shipped_case_settles_alone_and_all_together():
    """All together but cases/text, whose logs are cases kept again as text: with them
    the nights are refused, each kept twice."""
    cases = sorted(str(path) for path in cases_dir().rglob("*") if path.suffix in (".json", ".hand"))
    apart = [case for case in cases if Path(case).parent.name != "text"]
    reports = reports_of(apart)
    code, together, _ = settled(*apart)
    assert code == 0
    assert_settles(together, reports)
    assert any(pool["why"] == "unfinished" for pool in together["left_over"])
    for case in cases:
        assert_settles(settled(case)[1], reports_of([case]))
    code, _, err = in_process("settle", *cases)
    assert code == 2 and "holds the same log as" in err


def test_a_jackpot_carried_past_the_last_game_is_named_not_shared(tmp_path):
    """A session whose last game nobody opened: its antes stay in the pool for a jack-pot."""
    for seed in range(200):
        log, _ = simulate_log(seed, 3, 2, 0.0)
        (tmp_path / "night.json").write_text(to_json(log), encoding="utf-8")
        report = check_file(tmp_path / "night.json")
        if report["games"][-1]["next"]["jackpot"] and sum(report["net"].values()):
            break
    else:
        pytest.fail("no simulated session ends before a jack-pot")
    _, document, _ = settled(str(tmp_path / "night.json"))
    assert_settles(document, [report])
    [pool] = document["left_over"]
    assert pool["why"] == "jackpot" and "jack-pot" in pool["words"]
    ledger = report["ledger"]
    assert pool["amount"] == sum(line["amount"] for line in ledger if line["to"] == POOL) - \
        sum(line["amount"] for line in ledger if line["from"] == POOL)


@pytest.mark.parametrize("seed", range(6))
def test_simulated_nights_of_several_tables_settle(tmp_path, seed):
    paths = [write_night(tmp_path, f"tables/t{n}.json", 100 * seed + n, 2 + (seed + n) % 9) for n in range(3)]
    code, document, _ = settled(str(tmp_path / "tables"))  # a folder, gathered as check gathers it
    assert code == 0
    assert [log["file"] for log in document["logs"]] == paths
    assert_settles(document, reports_of(paths))


def test_an_invalid_log_is_named_and_left_out_and_the_rest_settled(tmp_path):
    good = [write_night(tmp_path, f"n{n}.json", 7 + n, 4) for n in range(2)]
    bad = tmp_path / "torn.json"
    bad.write_text('{"format": "peel-draw-poker-log", "version": 1, "table": {"players": ["Ann"]}}', encoding="utf-8")
    code, document, err = settled(good[0], str(bad), good[1])
    assert code == 2
    assert err.count("\n") == 1 and "torn.json" in err and "Traceback" not in err
    assert [log["status"] == "invalid" for log in document["logs"]] == [False, True, False]
    assert document["logs"][1]["error"]["message"]
    assert_settles(document, reports_of(good))
    code, table, err = in_process("settle", good[0], str(bad), good[1])
    assert code == 2 and "1 log left out, invalid" in table


def test_the_text_notation_settles_as_its_json_twin():
    for hand in sorted((cases_dir() / "text").glob("*.hand")):
        twin = cases_dir() / f"{hand.stem}.json"
        assert settled(str(hand))[1]["payments"] == settled(str(twin))[1]["payments"]


@pytest.mark.parametrize("value", ["0.0000001", "0.00000010", "0.0000000001"])
def test_a_small_value_is_written_in_plain_figures_as_the_schema_has_it(value):
    """`--value 0.0000001` came back as "1E-7", which the settle schema's money pattern refuses."""
    import jsonschema

    from arbiter.resources import schema_path

    _, document, _ = settled(str(cases_dir() / "l13-foul-hand-lifted.json"), "--value", value)
    assert document["money"]["value"] == value
    jsonschema.validate(document, json.loads(schema_path("settle").read_text(encoding="utf-8")))


def test_money_beside_counters_is_exact():
    case = str(cases_dir() / "game-betting-six-players-straddle-jackpot-shared-pool.json")
    _, document, _ = settled(case, "--value", "0.1", "--currency", "GBP")
    assert document["money"]["currency"] == "GBP" and document["money"]["value"] == "0.1"
    for payment in document["payments"]:
        assert Decimal(payment["money"]) == Decimal(payment["amount"]) / 10  # 0.1 three times is 0.3, not 0.30000000000000004
    for name, net in document["nets"].items():
        assert Decimal(document["money"]["nets"][name]) == Decimal(net) / 10
    code, table, _ = in_process("settle", case, "--value", "0.25", "--currency", "GBP")
    first = document["payments"][0]
    assert f"{first['from']} pays {first['to']} {first['amount']} (GBP {Decimal(first['amount']) / 4:.2f})" in table


@pytest.mark.parametrize("args, message", [
    (["--value", "abc"], "not a value for a counter"),
    (["--value", "1e3"], "not a value for a counter"),
    (["--value", ".5"], "a positive number in digits, a point between them, at most 12 each side"),
    (["--value", "0"], "not a value for a counter"),
    (["--value", "0.25", "--currency", "pounds"], "not a currency code"),
    (["--currency", "GBP"], "--currency goes with --value"),
    (["--alias", "Bob"], "NAME=OTHER"),
    (["--alias", "Bob=Robert", "--alias", "Ann=Robert"], "Robert is already Bob"),
    (["--alias", "pool=Bob"], "a player cannot be called 'pool'"),
    (["--alias", "Bob=pool"], "a player cannot be called 'pool'"),
])
def test_usage_errors_are_one_line_and_exit_2(args, message):
    code, out, err = in_process("settle", str(cases_dir() / "l13-foul-hand-lifted.json"), *args)
    assert code == 2 and message in err.strip().splitlines()[-1] and "Traceback" not in err


def test_no_logs_found_is_a_usage_error(tmp_path):
    code, _, err = in_process("settle", str(tmp_path))
    assert code == 2 and "no hand logs found" in err


def test_a_log_given_twice_is_refused_rather_than_counted_twice(tmp_path):
    night = write_night(tmp_path, "night.json", 5, 3)
    code, out, err = in_process("settle", str(tmp_path), night)
    assert code == 2 and out == "" and f"{night} is given twice" in err
    link = tmp_path / "link.json"
    link.symlink_to(night)
    code, out, err = in_process("settle", night, str(link))
    assert code == 2 and f"{link} is {night} given again" in err  # both named


@pytest.mark.parametrize("command", ["settle", "season"])
def test_one_night_kept_twice_is_refused_rather_than_counted_twice(tmp_path, command):
    """A night kept as JSON and as text, or copied under another name, is the same log:
    refused, never counted twice (its meta told apart, a date, it is another's)."""
    night = write_night(tmp_path, "2026-02-05.json", 5, 3)
    code, text, _ = in_process("convert", "--to", "text", night)
    assert code == 0
    (tmp_path / "2026-02-05.hand").write_text(text, encoding="utf-8")
    code, out, err = in_process(command, str(tmp_path))
    assert code == 2 and out == "" and "holds the same log as" in err and "a night counts once" in err
    (tmp_path / "2026-02-05.hand").unlink()
    copy = tmp_path / "copy.json"
    copy.write_bytes(open(night, "rb").read())
    code, out, err = in_process(command, night, str(copy))
    assert code == 2 and f"{copy} holds the same log as {night}" in err
    tens = open(night, encoding="utf-8").read()
    copy.write_text(re.sub(r'"T([cdhs])"', r'"10\1"', tens), encoding="utf-8")  # the ten as `10` (SPEC §2)
    assert copy.read_text(encoding="utf-8") != tens  # the simulated night deals a ten
    code, out, err = in_process(command, night, str(copy))
    assert code == 2 and f"{copy} holds the same log as {night}" in err
    copy.write_bytes(open(night, "rb").read())
    dated = json.loads(copy.read_text(encoding="utf-8"))
    dated["meta"] = {**dated.get("meta", {}), "date": "2026-02-12"}
    copy.write_text(json.dumps(dated), encoding="utf-8")
    assert in_process(command, night, str(copy))[0] == 0


def test_bad_house_rules_are_one_line_and_exit_2():
    code, _, err = in_process("settle", str(cases_dir() / "l13-foul-hand-lifted.json"), "--house", "/no/such.yaml")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_aliases_merge_one_person_written_two_ways(tmp_path):
    first = write_night(tmp_path, "a.json", 21, 4)
    players = json.loads(open(first, encoding="utf-8").read())["table"]["players"]
    second = write_night(tmp_path, "b.json", 21, 4, rename={players[0]: "Robert"})
    _, apart, _ = settled(first, second)
    _, joined, _ = settled(first, second, "--alias", f"{players[0]}=Robert")
    assert "Robert" in apart["nets"] and "Robert" not in joined["nets"]
    assert joined["nets"][players[0]] == apart["nets"][players[0]] + apart["nets"]["Robert"]
    code, _, err = in_process("settle", first, "--alias", f"{players[0]}={players[1]}")
    assert code == 2 and "both sit at" in err
    _, spaced, _ = settled(first, second, "--alias", f" {players[0]} = Robert")  # spaces around the `=`
    assert spaced["nets"] == joined["nets"]
    code, _, err = in_process("settle", first, "--alias", f"{players[0]}=Robert\u00a0")  # no log could seat it
    assert code == 2 and "is not a player's name" in err, err


def test_csv_parses_back_to_the_json():
    cases = [str(cases_dir() / name) for name in ("l13-foul-hand-lifted.json", "l46-witness-left-of-dealer.json",
                                                 "game-deal-six-players-misdeal-false-opener.json")]
    _, document, _ = settled(*cases, "--value", "0.5")
    code, out, _ = in_process("settle", *cases, "--value", "0.5", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    expected = [{"from": p["from"], "to": p["to"], "amount": str(p["amount"]), "money": p["money"], "log": "",
                 "game": ""} for p in document["payments"]]
    expected += [{"from": line["from"], "to": POOL, "amount": str(line["amount"]), "money": line["money"],
                  "log": pool["file"], "game": str(pool["game"])}
                 for pool in document["left_over"] for line in pool["paid_by"]]
    assert sorted(rows, key=str) == sorted(expected, key=str)


# The arithmetic alone: random nets of a table, and of several tables together.

nets_strategy = st.lists(st.integers(-500, 500), min_size=1, max_size=17).map(lambda values: [*values, -sum(values)])


@settings(max_examples=300, deadline=None)
@given(nets_strategy)
def test_payments_pay_every_net_exactly_in_at_most_players_less_one(values):
    nets = {f"P{n}": value for n, value in enumerate(values)}
    payments = settle(nets)
    owed = dict(nets)
    for payer, payee, amount in payments:
        assert type(amount) is int and amount > 0 and nets[payer] < 0 < nets[payee]
        owed[payer] += amount
        owed[payee] -= amount
    assert not any(owed.values())
    assert len(payments) <= max(len(nets) - 1, 0)
    assert len(payments) <= max(sum(1 for value in values if value) - 1, 0)


def _most_zero_groups(values: tuple[int, ...]) -> int:
    """By brute force: the most groups summing to zero that the values can be cut into."""
    if not values:
        return 0
    first, rest = values[0], values[1:]
    best = 0
    for size in range(len(rest) + 1):
        for others in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in others) == 0:
                left = tuple(value for i, value in enumerate(rest) if i not in others)
                best = max(best, 1 + _most_zero_groups(left))
    return best


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-9, 9).filter(bool), min_size=1, max_size=6).map(lambda v: [*v, -sum(v)]))
def test_up_to_the_exact_limit_the_payments_are_the_fewest(values):
    values = [value for value in values if value]
    assert len(values) <= EXACT_UP_TO
    assert len(settle(dict(enumerate(values)))) == len(values) - _most_zero_groups(tuple(values))


def test_balances_that_do_not_sum_to_zero_are_refused():
    with pytest.raises(ValueError, match="sum to zero"):
        settle({"Ann": 3, "Bob": -2})



def test_what_was_left_out_is_said_after_the_settlement_as_a_terminal_shows_it():
    """docs/evening.md shows the settlement, then the line naming the log left out; on a
    terminal (standard error and output in one) the line came first, written before the table."""
    done = subprocess.run([*ARBITER, "settle", "docs/examples/club/2026-01-08.json", "docs/examples/bad.hand"],
                          cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=60)
    lines = done.stdout.splitlines()
    assert done.returncode == 2 and lines[-1].startswith("arbiter: left out, invalid: docs/examples/bad.hand")
    assert lines[0].startswith("1 log, 6 games: the night's nets")


@pytest.mark.parametrize("command", ["settle", "season"])
def test_a_reader_gone_leaves_the_code_the_logs_and_a_full_disk_still_names_what_was_left_out(command, tmp_path):
    """docs/evening.md: exit 1 is never given; a reader that had gone made it click's 1.
    And the lines naming what was left out are said though the output fails (they come
    after it, and were lost with it)."""
    read, write = os.pipe()
    os.close(read)  # the reader gone before a word is written: every write is refused (EPIPE)
    done = subprocess.run([*ARBITER, command, "docs/examples/club/"], cwd=REPO, stdout=write,
                          stderr=subprocess.PIPE, text=True, timeout=60)
    os.close(write)
    assert (done.returncode, done.stderr) == (0, "")
    if not Path("/dev/full").exists():
        return
    with open("/dev/full", "w") as full:
        done = subprocess.run([*ARBITER, command, "docs/examples/club/2026-01-08.json", "docs/examples/bad.hand"],
                              cwd=REPO, stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    said = done.stderr.splitlines()
    assert done.returncode == 2 and said[0].startswith("arbiter: left out, invalid: docs/examples/bad.hand")
    assert said[-1] == "arbiter: cannot go on: No space left on device"
