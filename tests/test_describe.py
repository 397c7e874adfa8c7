"""The machine form in words: every rule reads as sentences, with no identifier left over."""

from __future__ import annotations

import re

import pytest

from arbiter.rulebook.describe import Describer
from arbiter.rulebook.vocabulary.grammar import check_rule_vocabulary

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\bTrue\b|\bFalse\b|\bNone\b")


def test_every_rule_reads_without_identifiers(rulebook):
    describer = Describer(rulebook.parameters)
    leftovers = {}
    for rule in rulebook.in_order():
        for sentence in describer.rule(rule):
            found = IDENTIFIER.findall(sentence)
            if found:
                leftovers[rule.id] = (found, sentence)
    assert not leftovers


def test_the_words_of_l12_l17_and_l19(rulebook):
    describer = Describer(rulebook.parameters)
    l12 = " ".join(describer.rule(rulebook.get("L12")))
    assert ("the number of cards held by the player it is about (or, if none, the player) is not the number of "
            "cards the order of the deal gives the player it is about (or, if none, the player) by now") in l12
    assert describer.rule(rulebook.get("L17")) == ["When the deal is finished: as soon as each player has 5 cards."]
    assert "the ante or straddle made is more than the limit × 0.5" in describer.rule(rulebook.get("L19"))[0]


def test_a_membership_names_the_one_and_the_many_in_their_places(rulebook):
    """`{in: [P, LIST]}` in a check's condition (L2's unsettled tie) reads with each operand
    where it belongs, not both run together as the first."""
    describer = Describer(rulebook.parameters)
    l2 = " ".join(describer.rule(rulebook.get("L2")))
    assert "not (the player who deals is among those tied for the lowest card)" in l2


def test_a_parameter_reads_as_the_value_in_force(rulebook):
    house = Describer({**rulebook.parameters, "cards_per_hand": 6})
    assert house.rule(rulebook.get("L17")) == ["When the deal is finished: as soon as each player has 6 cards."]


@pytest.mark.parametrize(("defines", "message"), [
    ({"deal_complete": {"cards_everywhere": 5}}, "unknown setting key 'cards_everywhere'"),
    ({"share_odd_counters": {"from": "someone_new"}}, "unknown value 'someone_new'"),
])
def test_a_setting_without_a_phrase_is_refused(defines, message):
    with pytest.raises(ValueError, match=message):
        check_rule_vocabulary({"defines": defines})


def test_an_event_field_without_a_phrase_is_refused():
    data = {"checks": [{"when": {"on": ["open"], "if": {"gt": ["event.colour", 1]}}, "then": []}]}
    with pytest.raises(ValueError, match="unknown value 'event.colour'"):
        check_rule_vocabulary(data)


@pytest.mark.parametrize("effect, words", [
    ({"need_not_answer": {"left_of": "opener"}}, "the dealer need not answer the player to the left of the opener"),
    ({"foul_hand": {"right_of": "dealer"}}, "the hand of the player to the right of the dealer is foul"),
])
def test_a_persons_effect_written_as_a_function_of_a_value_reads_as_that_value(rulebook, effect, words):
    """`need_not_answer: {left_of: opener}` is one value, not a mapping of operands: it read
    as one (`{left_of}`), and `arbiter law` ended in an internal error (IndexError)."""
    assert words in Describer(rulebook.parameters).effect(effect)
