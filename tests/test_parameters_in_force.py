"""Every finding's summary names the value in force, the house's where a house file sets
it, never Peel's default (the reading of parameters in force)."""

from __future__ import annotations

from arbiter.checker import check_log
from arbiter.notation import parse_checked
from arbiter.resources import cases_dir
from arbiter.rulebook.house import apply_house
from arbiter.rulebook.loader import load_rulebook
from tests.conftest import load_case

ANTE_OF_SIX = {
    "format": "peel-draw-poker-log", "version": 1,
    "table": {"players": ["Ann", "Bob", "Cat"], "limit": 20, "ante": 6},
    "events": [{"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"},
               {"type": "cut", "player": "Cat"}, {"type": "ante", "player": "Bob", "amount": 6}],
}


def house(**parameters):
    return apply_house(load_rulebook(), {"parameters": parameters})


def summaries(report, rule_id):
    return [f["summary"] for f in report["findings"] if f["id"] == rule_id]


def test_the_ante_fraction_in_force_is_the_one_named():
    assert summaries(check_log(ANTE_OF_SIX), "L19") == []  # 6 is not more than one-half of 20
    quarter = summaries(check_log(ANTE_OF_SIX, house(max_ante_fraction_of_limit=0.25)), "L19")
    assert quarter == ["Bob staked an ante of 6, more than 0.25 of the limit of 20"]


def test_a_stake_exactly_at_the_house_fraction_is_not_more_than_it():
    """0.29 of a limit of 100 is 29, as a club reckons it; in binary floating point it is
    28.999…, and an ante of 29 was "more than 0.29 of the limit"."""
    table = {**ANTE_OF_SIX["table"], "limit": 100}
    at, over = ({**ANTE_OF_SIX, "table": {**table, "ante": amount},
                 "events": [*ANTE_OF_SIX["events"][:3], {"type": "ante", "player": "Bob", "amount": amount}]}
                for amount in (29, 30))
    rulebook = house(max_ante_fraction_of_limit=0.29)
    assert summaries(check_log(at, rulebook), "L19") == []
    assert summaries(check_log(over, rulebook), "L19") == ["Bob staked an ante of 30, more than 0.29 of the limit of 100"]


def test_a_house_fraction_is_named_as_the_house_wrote_it():
    """Not to six figures: 0.1234567 of 10,000,000 is 1,234,567, and an ante of 1,234,568
    is more than it; "more than 0.123457" would be false (0.123457 of it is 1,234,570)."""
    log = {**ANTE_OF_SIX, "table": {**ANTE_OF_SIX["table"], "limit": 10_000_000, "ante": 1_234_568},
           "events": [*ANTE_OF_SIX["events"][:3], {"type": "ante", "player": "Bob", "amount": 1_234_568}]}
    assert summaries(check_log(log, house(max_ante_fraction_of_limit=0.1234567)), "L19") == [
        "Bob staked an ante of 1234568, more than 0.1234567 of the limit of 10000000"]


def test_a_small_house_fraction_is_said_in_plain_figures():
    """0.000000003 was said "3e-09" in the finding, the story's house line and `law`."""
    log = {**ANTE_OF_SIX, "table": {**ANTE_OF_SIX["table"], "limit": 1_000_000_000, "ante": 4},
           "events": [*ANTE_OF_SIX["events"][:3], {"type": "ante", "player": "Bob", "amount": 4}]}
    rulebook = house(max_ante_fraction_of_limit=0.000000003)
    assert summaries(check_log(log, rulebook), "L19") == [
        "Bob staked an ante of 4, more than 0.000000003 of the limit of 1000000000"]
    from arbiter.render.lawbook import render_law
    from arbiter.render.story import house_line

    assert "max_ante_fraction_of_limit = 0.000000003" in house_line(check_log(log, rulebook))
    assert "e-09" not in render_law(rulebook.get("L19"), rulebook, "text")


def test_peels_one_half_reads_as_his_words():
    log = {**ANTE_OF_SIX, "table": {**ANTE_OF_SIX["table"], "limit": 10}}
    assert summaries(check_log(log), "L19") == ["Bob staked an ante of 6, more than one-half of the limit of 10"]


def test_the_false_openers_penalty_in_force_is_said_and_paid():
    log = load_case(cases_dir() / "l33-false-opener-penalty.json")
    for antes in (2, 3):
        report = check_log(log, house(false_opener_penalty_antes=antes))
        (finding,) = [f for f in report["findings"] if f["id"] == "L33"]
        assert f"pay {antes} antes into it" in finding["summary"]  # "they", the log giving no pronoun
        (penalty,) = [e for e in finding["effects"] if e["type"] == "penalty"]
        assert penalty["amount"] == antes * log["table"]["ante"]


def test_the_opening_multiple_in_force_is_said():
    log = load_case(cases_dir() / "l25-opening-below-double-ante.json")
    (summary,) = [s for s in summaries(check_log(log, house(opening_multiple_of_ante=3)), "L25")]
    assert "less than 3 times 1" in summary


def test_the_number_of_cards_in_force_is_said_where_the_openers_hand_is_not_known():
    """Six cards a hand: Cat's jack-pot opening names none of her six, and the ruling said
    "no five cards are recorded as that hand" (of a hand of six)."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Bob 6, Cat 6, Dan 6, Ann 6\nCat passes; Dan passes; Ann passes; Bob passes\n"
            "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1\n"
            "dealt Cat 6, Dan 6, Ann 6, Bob 6\nCat opens 2; Dan passes; Ann passes; Bob passes\n")
    log, _ = parse_checked(text, "six.hand")
    assert summaries(check_log(log, house(cards_per_hand=6)), "L33") == [
        "Cat opened the jack-pot and wins it: they must show their original hand before they claim the pool; "
        "no 6 cards are recorded as that hand, so no penalty is assumed"]
