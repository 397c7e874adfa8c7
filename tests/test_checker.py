"""`check_log(log, ignore=..., select=...)` takes a rule ID, several in one string, or a
list; an ID not in the rule book is a ValueError, never passed over in silence."""

from __future__ import annotations

import pytest

from arbiter.checker import check_file, check_log
from arbiter.resources import cases_dir
from tests.conftest import load_case

FOUL = cases_dir() / "l13-foul-hand-lifted.json"  # one L13 finding


def ids(report: dict) -> list[str]:
    return sorted({f["id"] for f in report["findings"]})


def test_the_case_has_the_findings_the_tests_drop():
    assert ids(check_log(load_case(FOUL))) == ["L13"]


@pytest.mark.parametrize("ignore", ["L13", "l13", ["L13"], ("L13",), "L13,L15", ["L13", "L15"]])
def test_ignore_takes_a_string_or_a_list(ignore):
    report = check_log(load_case(FOUL), ignore=ignore)
    assert ids(report) == [] and report["status"] == "ok"


@pytest.mark.parametrize("select", ["L13", ["L13"], "L13,L15"])
def test_select_takes_a_string_or_a_list(select):
    assert ids(check_log(load_case(FOUL), select=select)) == ["L13"]
    assert ids(check_log(load_case(FOUL), select="L15")) == []


@pytest.mark.parametrize("option, value", [
    ("ignore", "L99"), ("ignore", ["L13", "X1"]), ("select", "L1,L0"), ("select", [13]), ("ignore", "99"),
])
def test_an_unknown_id_is_a_value_error(option, value):
    with pytest.raises(ValueError, match=f"^{option}: unknown rule ID"):
        check_log(load_case(FOUL), **{option: value})
    with pytest.raises(ValueError, match=f"^{option}: unknown rule ID"):
        check_file(FOUL, **{option: value})
