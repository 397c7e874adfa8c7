"""The bounded fuzz run in CI (issue 10): logs, text notation and house files thrown at
the checker together. Whatever comes in, no exception escapes, no report is an internal
error, and every ledger that is not `invalid` balances (sum of nets + pool == 0, the pool
never overdrawn).

Each example takes a mutated shipped case (or a game played by a sketch of the rules,
`tests.test_hardening.mutated_logs`), writes it as JSON or in the text notation, may
change the text itself (any character put in, text cut out, the file cut short), and
checks it under a house file whose values are drawn from what the rule files declare
(or one that is refused, in one line). The run in CI is a few hundred examples in a few
seconds; `pytest -m slow tests/test_fuzz.py` runs the larger search that
`docs/robustness.md` describes.
"""

from __future__ import annotations

import json
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.checker import check_bytes, check_log
from arbiter.errors import HouseRulesError
from arbiter.hands import DEFAULT_HAND_ORDER
from arbiter.notation import write_text
from arbiter.resources import cases_dir
from arbiter.rulebook.house import apply_house
from arbiter.rulebook.loader import load_rulebook
from arbiter.rulebook.parameters import Parameter
from tests.test_hardening import assert_steady, mutated_logs

RULEBOOK = load_rulebook()
WHITE_SPACE = [chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()]
CI_EXAMPLES, SLOW_EXAMPLES = 200, 5000


def allowed_values(parameter: Parameter) -> st.SearchStrategy:
    """Any value the parameter's declaration allows (so the house file is taken)."""
    kind = parameter.type
    if kind == "whole_number":
        return st.integers(parameter.minimum, parameter.maximum)
    if kind == "fraction":
        return st.one_of(st.just(1), st.floats(min_value=0, max_value=1, exclude_min=True))
    if kind == "boolean":
        return st.booleans()
    if kind == "choice":
        return st.sampled_from(parameter.one_of)
    if kind == "pairs":
        return st.lists(st.sampled_from([r * 2 for r in "23456789TJQKA"]), min_size=1, max_size=5)
    if kind == "cards":  # wild cards: a few, each once
        return st.lists(st.sampled_from([r + s for r in "23456789TJQKA" for s in "cdhs"]), max_size=4, unique=True)
    assert kind == "hand_order", kind
    extras = sorted(RULEBOOK.hands)  # the hands declared in data (L65's blaze and skip sequence)
    return st.lists(st.sampled_from(extras), unique=True).flatmap(
        lambda added: st.permutations([*DEFAULT_HAND_ORDER, *added]))


def agreeing(parameters: dict) -> dict:
    """The parameters, with each that goes with a true-or-false one (`with`: the pack of 53
    with the joker) set to agree with it, where either is set (else the house is refused)."""
    for name, declared in RULEBOOK.declared.items():
        for flag, value in declared.with_on.items():
            if flag in parameters or name in parameters:
                parameters[name] = value if parameters.get(flag, RULEBOOK.parameters[flag]) else declared.default
    return parameters


HOUSES = st.fixed_dictionaries({}, optional={
    "parameters": st.sets(st.sampled_from(sorted(RULEBOOK.declared)), min_size=1, max_size=5).flatmap(
        lambda names: st.fixed_dictionaries({n: allowed_values(RULEBOOK.declared[n]) for n in sorted(names)})
    ).map(agreeing),
    "disable": st.lists(st.sampled_from(sorted(RULEBOOK.rules)), max_size=3, unique=True),
})


@st.composite
def inputs(draw, as_text: bool | None = None) -> tuple[bytes, str]:
    """A log's bytes and its name: JSON or the text notation (either, unless `as_text`
    says which), perhaps changed as text."""
    log = draw(mutated_logs())
    as_text = draw(st.booleans()) if as_text is None else as_text
    try:
        text = write_text(log) if as_text else json.dumps(log, ensure_ascii=False)
    except (KeyError, TypeError, ValueError):  # a log the writer cannot put in words is fuzzed as JSON
        text, as_text = json.dumps(log, ensure_ascii=False), False
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2, 3]))):  # the log as written, half of the time
        at = draw(st.integers(0, len(text)))
        change = draw(st.sampled_from(["insert", "delete", "cut"]))
        if change == "insert":
            text = text[:at] + draw(st.one_of(st.sampled_from(WHITE_SPACE), st.text(max_size=4))) + text[at:]
        elif change == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 12)):]
        else:
            text = text[:at]
    data = text.encode("utf-8", "surrogatepass")
    if data and draw(st.integers(0, 5)) == 0:
        data = data[: draw(st.integers(0, len(data)))]  # cut anywhere, in a character too
    return data, "fuzz.hand" if as_text else "fuzz.json"


def one_example(data: bytes, name: str, house: dict) -> None:
    try:
        rulebook = apply_house(RULEBOOK, {**house, "_file": "fuzz.yaml"})
    except HouseRulesError as error:  # the values are allowed: only switching off what the game needs is refused,
        # or a rule switched off whose parameter the house sets
        assert (error.field == "disable" and ("cannot be switched off" in error.message
                                              or "could never act; switch" in error.message)) or (
            error.field.startswith("parameters/") and "not both" in error.message), error
        return
    report = check_bytes(data, name, rulebook)
    assert "internal error" not in json.dumps(report["error"])
    assert_steady(report)


def fuzz(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@fuzz(CI_EXAMPLES)
@given(inputs(), HOUSES)
def test_logs_text_and_house_files_together_never_break_the_checker(case, house):
    one_example(*case, house)


# The slow run (`pytest -m slow tests/test_fuzz.py`, about an hour on two cores): 100,000
# logs as JSON, 20,000 in the text notation, 5,000 house files (and as many club rules).
@pytest.mark.slow
@fuzz(100_000)
@given(inputs(as_text=False))
def test_a_hundred_thousand_logs(case):
    one_example(*case, {})


@pytest.mark.slow
@fuzz(20_000)
@given(inputs(as_text=True))
def test_twenty_thousand_text_files(case):
    one_example(*case, {})


@pytest.mark.slow
@fuzz(SLOW_EXAMPLES)
@given(inputs(), HOUSES)
def test_five_thousand_house_files(case, house):
    one_example(*case, house)


# --- numbers at and beyond the bounds, and club rules of the wrong kinds (issue 20) -----------
BOUNDARY_NUMBERS = st.sampled_from([0, 1, 10**9, 10**9 + 1, 2**53 - 1, 2**53, 2**63, 10**400, 10**5000, -1, -(10**400),
                                    1.5, 1e308, 0.1])
NUMBER_FIELDS = ("stake", "amount", "count", "claims", "dealer_says", "exposed")


@st.composite
def numbers_at_the_bounds(draw) -> tuple[dict, bool]:
    """A log with one number (of an event, the table or meta) set at or beyond its bound,
    and whether it is given to `check_log` as a dict (else as JSON or notation text)."""
    log = json.loads(json.dumps(draw(mutated_logs())))
    value = draw(BOUNDARY_NUMBERS)
    places = [(event, key) for event in log.get("events", []) if isinstance(event, dict) for key in NUMBER_FIELDS
              if key in event]
    places += [(log["table"], key) for key in ("limit", "ante") if isinstance(log.get("table"), dict)]
    places.append((log.setdefault("meta", {}) if isinstance(log.get("meta", {}), dict) else {}, "n"))
    target, key = draw(st.sampled_from(places))
    target[key] = value
    return log, draw(st.booleans())


def one_bounded_example(log: dict, as_dict: bool) -> None:
    if as_dict:
        report = check_log(log)
    else:
        sys.set_int_max_str_digits(0)  # to write the huge number into the text at all
        try:
            text = json.dumps(log)
        finally:
            sys.set_int_max_str_digits(4300)
        report = check_bytes(text.encode("utf-8"), "bounds.json")
    assert "internal error" not in json.dumps(report["error"])
    assert_steady(report)
    if report["status"] == "invalid":
        assert "\n" not in report["error"]["message"]


KINDS_OF_VALUE = st.sampled_from([0.5, float("nan"), float("inf"), True, "pool", "dealer", [1, 2], "uncut", "JJ",
                                  {"mul": ["ante", "pool"]}, {"add": ["limit", "actor"]},
                                  {"mul": ["limit", {"param": "max_ante_fraction_of_limit"}]},
                                  {"stake_of": "ante"}, {"left_of": 3}, None, 2, "ante"])
COMPARED = st.sampled_from(["eq", "ne", "lt", "le", "gt", "ge"])


@st.composite
def club_rules_of_any_kind(draw) -> dict:
    """A house file with one club rule whose condition and effect take values of any kind."""
    effect = draw(st.sampled_from(["penalty", "refund", "make_good", "foul_hand"]))
    operands = {"penalty": ("from", "to", "amount"), "refund": ("from", "to", "amount"),
                "make_good": ("player", "count")}.get(effect)
    then = {effect: {key: draw(KINDS_OF_VALUE) for key in operands} if operands else draw(KINDS_OF_VALUE)}
    condition = {draw(COMPARED): [draw(KINDS_OF_VALUE), draw(KINDS_OF_VALUE)]}
    rule = {"id": "H1", "section": "play", "title": "A club's rule", "authority": "house", "source": {},
            "text": "A club's rule.", "enforced_by": "finding", "severity": "irregularity", "parameters": {},
            "defines": {}, "interpretations": [], "cases": [],
            "checks": [{"when": {"on": [draw(st.sampled_from(["play", "open", "deal", "discard", "pass"]))],
                                 "if": condition}, "then": [then], "player": "actor", "summary": "{actor} broke it"}]}
    return {"rules": [rule]}


def one_club_example(house: dict, log_bytes: bytes) -> None:
    """Refused when read, in one line; or, if taken, every log checks without an internal
    error and every ledger amount is a whole number."""
    try:
        rulebook = apply_house(RULEBOOK, {**house, "_file": "club.yaml"})
    except HouseRulesError as error:
        assert "\n" not in str(error) and error.field.startswith("rules/0"), error
        return
    report = check_bytes(log_bytes, "club.json", rulebook)
    assert "internal error" not in json.dumps(report["error"])
    assert all(type(e["amount"]) is int for e in report["ledger"])
    assert_steady(report)


SHIPPED_GAME = (cases_dir() / "game-deal-six-players-misdeal-false-opener.json").read_bytes()


@fuzz(CI_EXAMPLES)
@given(numbers_at_the_bounds())
def test_numbers_at_and_beyond_the_bounds_are_read_or_refused_in_one_line(case):
    one_bounded_example(*case)


@fuzz(CI_EXAMPLES)
@given(club_rules_of_any_kind())
def test_club_rules_of_the_wrong_kinds_are_refused_before_play(house):
    one_club_example(house, SHIPPED_GAME)


@pytest.mark.slow
@fuzz(SLOW_EXAMPLES)
@given(numbers_at_the_bounds(), club_rules_of_any_kind())
def test_the_larger_run_of_bounds_and_club_rules(case, house):
    one_bounded_example(*case)
    one_club_example(house, SHIPPED_GAME)
