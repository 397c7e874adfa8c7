"""House rules change outcomes as their parameters say, without touching Python."""

from __future__ import annotations

import re

import pytest

from arbiter import check_log
from arbiter.errors import HouseRulesError
from arbiter.notation import parse_checked
from arbiter.rulebook.house import apply_house, read_house
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


@pytest.mark.parametrize("act", ["Bob plays 8", "Bob demands show 8"])
def test_a_stake_of_all_he_has_says_so_in_its_effects_however_it_is_recorded(rulebook, act):
    """A5's machine form: `then: all_in: actor` for an open, a play or a show demanded beyond
    what he has; the demand settled him already, and the ruling still says so."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 30, Bob 6, Cat 30, Dan 30\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
            "Bob discards 0; Cat discards 0; Dan discards 0; Ann discards 0\n"
            f"Cat plays 2; Dan plays 8; Ann plays 8; {act}\n")
    log, _ = parse_checked(text, "x.hand")
    report = check_log(log, apply_house(rulebook, read_house("table-stakes")))
    (a5,) = [f for f in report["findings"] if f["id"] == "A5"]
    assert a5["effects"] == [{"type": "all_in", "player": "Bob"}]


@pytest.mark.parametrize("act", ["Cat opens 2", "Cat plays 2"])
def test_an_opening_of_all_he_has_short_of_the_minimum_asks_no_make_good(rulebook, act):
    """L25 with A5: in a jack-pot Cat, with 2 counters, antes 1 and opens with the 1 she has
    left, short of twice the ante: the stake stands, and the finding says she has nothing to
    make good with (A5: no make-good is asked of one who stakes all he has), not that she
    must make good at her turn to draw; by the laws alone, a stake of 1 says she must."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 20, Bob 20, Cat 2, Dan 20\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat passes; Dan passes; Ann passes; Bob passes\n"
            "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1\ndealt\n"
            f"{act}\n")
    log, _ = parse_checked(text, "x.hand")
    (short,) = [f for f in check_log(log, apply_house(rulebook, read_house("table-stakes")))["findings"]
                if f["id"] == "L25"]
    assert "all they have" in short["summary"] and "nothing to make good with" in short["summary"]
    log, _ = parse_checked(text.replace(act, act[:-1] + "1"), "x.hand")
    (short,) = [f for f in check_log(log, rulebook)["findings"] if f["id"] == "L25"]
    assert "must make good at their turn to draw" in short["summary"]


@pytest.mark.parametrize("data, said", [
    ({"_file": "x.yaml", "parameters": ["a"]}, "x.yaml: parameters: ['a'] is not of type 'object'"),
    ({"_file": "x.yaml", "disable": "L28"}, "x.yaml: disable: 'L28' is not of type 'array'"),
])
def test_a_callers_house_data_naming_its_file_is_held_to_the_schema(rulebook, data, said):
    """Data carrying a `_file` key was taken as `read_house` had read it: a list of
    parameters was an AttributeError, a string to disable read letter by letter ("unknown
    rule ID 'L'"). Only `read_house`'s own data goes unchecked; a caller's names its file."""
    with pytest.raises(HouseRulesError, match=re.escape(said)):
        apply_house(rulebook, data)


def test_a_copy_of_read_houses_data_changed_is_the_callers_own(rulebook):
    """A copy (copy.copy, copy.deepcopy) of `read_house`'s data kept its class: changed, a
    key mistyped went unread and the report named the shipped file's digest for rules it
    does not set. Unchanged, a copy is the file's data still."""
    import copy

    house = read_house("blaze")
    assert apply_house(rulebook, copy.deepcopy(house)).house_sha256 == house["_sha256"]
    changed = copy.deepcopy(house)
    changed["disabel"] = ["L28"]
    with pytest.raises(HouseRulesError, match="'disabel' was unexpected"):
        apply_house(rulebook, changed)
    changed = copy.copy(house)
    changed["parameters"] = {"ace_in_sequences": "low_or_high"}
    assert apply_house(rulebook, changed).house_sha256 is None
