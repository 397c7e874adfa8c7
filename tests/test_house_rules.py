"""House rules change outcomes as their parameters say, without touching Python."""

from __future__ import annotations

import pytest

from arbiter import check_log
from arbiter.rulebook.house import apply_house
from tests.conftest import REPO, load_case


def _with(rulebook, **parameters):
    return apply_house(rulebook, {"parameters": parameters, "_file": "test-house.yaml"})


def test_equal_two_pairs_share_by_the_laws_but_the_odd_card_decides_by_house_rule(rulebook):
    log = load_case(REPO / "cases" / "l73-equal-two-pairs-share.json")
    assert check_log(log, rulebook)["games"][0]["winners"] == ["Cat", "Dan"]
    house = check_log(log, _with(rulebook, two_pairs_odd_card_decides=True))
    assert house["games"][0]["winners"] == ["Cat"], "Cat's ace beats Dan's deuce"
    assert house["net"]["Cat"] == house["games"][0]["pool"] - 4


def test_switching_a_law_off_silences_its_findings(rulebook):
    log = load_case(REPO / "cases" / "l15-speaks-to-dealer.json")
    assert "L15" in {f["id"] for f in check_log(log, rulebook)["findings"]}
    off = apply_house(rulebook, {"disable": ["L15"], "_file": "h.yaml"})
    assert "L15" not in {f["id"] for f in check_log(log, off)["findings"]}


@pytest.mark.parametrize("openers, expected", [(["JJ", "QQ", "KK"], "QQ"), (["JJ"], "JJ")])
def test_the_jackpot_series_is_a_parameter(rulebook, openers, expected):
    log = load_case(REPO / "cases" / "l31-second-jackpot-queens-to-open.json")
    games = check_log(log, _with(rulebook, jackpot_openers=openers))["games"]
    assert games[2]["jackpot"]["openers"] == expected
