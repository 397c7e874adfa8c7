"""The value of the hands: Peel's laws 65-76, D7, L30's minimum, the house hands,
the joker, bad input, and a brute-force cross-check against a slow reference ranker."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from arbiter.cards import JOKER, parse_cards
from arbiter.hands import (
    DEFAULT_HAND_ORDER,
    DEFAULT_RULES,
    HandRules,
    compare,
    evaluate,
    hand_class,
    meets_minimum,
    shape_from_data,
    winners,
)
from arbiter.rulebook.loader import load_rulebook

AMERICAN = HandRules(ace_in_sequences="low_or_high")
NO_HEARTS = HandRules(hearts_break_ties=False)
JOKER_RULES = HandRules(joker=True)


def cards(text: str) -> tuple[int, ...]:
    return parse_cards(text.split())


def value(text: str, rules: HandRules = DEFAULT_RULES) -> int:
    return evaluate(cards(text), rules)


def kind(text: str, rules: HandRules = DEFAULT_RULES) -> str:
    return hand_class(value(text, rules), rules)


def cmp(a: str, b: str, rules: HandRules = DEFAULT_RULES) -> int:
    result = compare(cards(a), cards(b), rules)
    assert compare(cards(b), cards(a), rules) == -result  # antisymmetric
    return result


# Peel's blaze and skip sequence, as rules/hands/L65.yaml says them in data
DECLARED = {name: shape_from_data(name, data) for name, data in load_rulebook().hands.items()}


def inserted(name: str, above: str, rules: HandRules = DEFAULT_RULES, **changes: Any) -> HandRules:
    """``rules`` with a house hand put just above ``above`` in the order (and ``changes``)."""
    order = list(rules.hand_order)
    order.insert(order.index(above), name)
    return replace(rules, hand_order=tuple(order), shapes=(*rules.shapes, DECLARED[name]), **changes)


BLAZE = inserted("blaze", above="two_pairs")   # Peel p. 41: above two pairs, below threes
SKIP = inserted("skip_sequence", above="threes")  # p. 44: above threes, below a sequence


# --- L65: the order of the hands -------------------------------------------------

L65_EXAMPLES = [  # lowest first
    ("high_card", "Ah Kd 9c 7s 2h"),
    ("pair", "2c 2d 3h 4s 6c"),
    ("two_pairs", "3c 3d 2h 2s 4c"),
    ("threes", "2c 2d 2h 3s 4c"),
    ("sequence", "Ac 2d 3h 4s 5c"),
    ("flush", "2c 3c 4c 5c 7c"),
    ("full", "2c 2d 2h 3s 3c"),
    ("fours", "2c 2d 2h 2s 3c"),
    ("sequence_flush", "Ac 2c 3c 4c 5c"),
]


def test_L65_order_of_hands() -> None:
    values = [value(text) for _, text in L65_EXAMPLES]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert [hand_class(v) for v in values] == [name for name, _ in L65_EXAMPLES]
    assert DEFAULT_RULES.hand_order == DEFAULT_HAND_ORDER


def test_L65_each_hand_beats_the_best_of_the_hand_below() -> None:
    best_of = {  # the best hand of each class, lowest class first
        "high_card": "Ah Kd Qc Js 9h",
        "pair": "Ah Ad Kc Qs Jh",
        "two_pairs": "Ah Ad Kc Ks Qh",
        "threes": "Ah Ad Ac Ks Qh",
        "sequence": "9h Td Jc Qs Kh",
        "flush": "Ah Kh Qh Jh 9h",
        "full": "Ah Ad Ac Ks Kh",
        "fours": "Ah Ad Ac As Kh",
    }
    worst_of = dict(L65_EXAMPLES)
    order = [name for name, _ in L65_EXAMPLES]
    for lower, higher in zip(order, order[1:]):
        assert cmp(worst_of[higher], best_of[lower]) == 1, (higher, lower)


def test_L65_reordered_hand_order_is_honoured() -> None:
    """A house may reorder Peel's hands (L81): here a flush above a full."""
    order = list(DEFAULT_HAND_ORDER)
    order.remove("flush")
    order.insert(order.index("full"), "flush")
    rules = HandRules(hand_order=tuple(order))
    assert cmp("2c 3c 4c 5c 7c", "Ah Ad Ac Ks Kh", rules) == 1
    assert cmp("2c 3c 4c 5c 7c", "Ah Ad Ac Ks Kh") == -1


# --- L66: sequence flushes ---------------------------------------------------------

def test_L66_sequence_flushes_by_highest_card_ace_lowest() -> None:
    assert cmp("2s 3s 4s 5s 6s", "Ac 2c 3c 4c 5c") == 1
    assert cmp("9d Td Jd Qd Kd", "8s 9s Ts Js Qs") == 1
    assert kind("Ac 2c 3c 4c 5c") == "sequence_flush"


def test_L66_equal_sequence_flushes_tie_even_in_hearts() -> None:
    """L66 gives hearts no precedence among sequence flushes (read literally, L77)."""
    assert cmp("5h 6h 7h 8h 9h", "5s 6s 7s 8s 9s") == 0


# --- L67: fours --------------------------------------------------------------------

def test_L67_fours_by_the_four() -> None:
    assert cmp("Ac Ad Ah As 2c", "Kc Kd Kh Ks Qc") == 1
    assert cmp("3c 3d 3h 3s 2c", "2c 2d 2h 2s Ac") == 1


def test_L67_the_fifth_card_of_fours_is_of_no_value() -> None:
    assert cmp("Kc Kd Kh Ks 2c", "Kc Kd Kh Ks Ac") == 0


def test_L67_equal_fours_with_the_joker_go_to_the_joker() -> None:
    assert kind("Jo Kc Kd Kh 2c", JOKER_RULES) == "fours"
    assert cmp("Jo Kc Kd Kh 2c", "Kc Kd Kh Ks Ac", JOKER_RULES) == 1


# --- L68: full hands ---------------------------------------------------------------

def test_L68_full_by_the_threes_only() -> None:
    assert cmp("Tc Td Th 4s 4c", "9c 9d 9h Ks Kc") == 1  # Peel's own example, p. 39
    assert cmp("Tc Td Th 4s 4c", "Tc Td Ts Ks Kc") == 0  # the pair counts for nothing


# --- L69: flushes -------------------------------------------------------------------

def test_L69_a_flush_in_hearts_beats_any_other_flush() -> None:
    assert cmp("2h 3h 4h 5h 7h", "Ac Kc Qc Jc 9c") == 1
    assert cmp("2h 3h 4h 5h 7h", "As Ks Qs Js 9s") == 1


def test_L69_flushes_by_highest_untied_card() -> None:
    assert cmp("Ac Kc 9c 5c 3c", "Ad Kd 9d 5d 2d") == 1
    assert cmp("Ac 7c 6c 5c 3c", "Kd Qd Jd 9d 8d") == 1
    assert cmp("Ac Kc 9c 5c 3c", "Ad Kd 9d 5d 3d") == 0


def test_L69_two_heart_flushes_compare_their_cards() -> None:
    assert cmp("Ah 9h 7h 5h 3h", "Kh Qh Jh 9h 7h") == 1


def test_L69_without_hearts_breaking_ties_flushes_go_by_cards_only() -> None:
    assert cmp("2h 3h 4h 5h 7h", "Ac Kc Qc Jc 9c", NO_HEARTS) == -1
    assert cmp("Ah Kh 9h 5h 3h", "Ad Kd 9d 5d 3d", NO_HEARTS) == 0
    assert cmp("Ah Kh 9h 5h 3h", "Ad Kd 9d 5d 3d") == 1


# --- L70: sequences -----------------------------------------------------------------

def test_L70_sequences_by_highest_card_ace_lowest() -> None:
    assert cmp("2c 3d 4h 5s 6c", "Ac 2d 3h 4s 5c") == 1
    assert cmp("9c Td Jh Qs Kc", "8c 9d Th Js Qc") == 1


def test_L70_of_equal_sequences_the_one_whose_highest_card_is_a_heart_wins() -> None:
    assert cmp("5c 6d 7s 8c 9h", "5h 6h 7h 8h 9s") == 1  # hearts elsewhere count for nothing
    assert cmp("Ac 2d 3s 4c 5h", "Ah 2c 3d 4s 5d") == 1  # the ace is not the highest card
    assert cmp("5c 6d 7s 8c 9d", "5h 6h 7h 8h 9s") == 0


def test_L70_without_hearts_breaking_ties_equal_sequences_tie() -> None:
    assert cmp("5c 6d 7s 8c 9h", "5h 6h 7h 8h 9s", NO_HEARTS) == 0
    assert cmp("5c 6d 7s 8c 9h", "4h 5h 6h 7h 8s", NO_HEARTS) == 1


# --- L71 and D7: the ace ------------------------------------------------------------

def test_L71_the_ace_only_begins_a_sequence() -> None:
    assert kind("Ac 2d 3h 4s 5c") == "sequence"
    assert kind("Tc Jd Qh Ks Ac") == "high_card"   # not after a king
    assert kind("Kc Ad 2h 3s 4c") == "high_card"   # nor between a king and a two
    assert kind("Th Jh Qh Kh Ah") == "flush"
    assert cmp("Th Jh Qh Kh Ah", "9c Tc Jc Qc Kc") == -1


def test_D7_ace_high_except_in_sequences() -> None:
    assert cmp("Ac Ad 2h 3s 4c", "Kc Kd Qh Js 9c") == 1
    assert cmp("Ac 2d 3h 4s 7c", "Kc Qd Jh 9s 8c") == 1
    assert cmp("Ac 2d 3h 4s 5c", "2c 3d 4h 5s 6c") == -1   # A-5 the lowest sequence
    assert cmp("9c Td Jh Qs Kc", "8c 9d Th Js Qc") == 1    # 9-K the highest


def test_american_reading_ace_also_ends_a_sequence() -> None:
    assert kind("Tc Jd Qh Ks Ac", AMERICAN) == "sequence"
    assert cmp("Tc Jd Qh Ks Ac", "9c Td Jh Qs Kc", AMERICAN) == 1
    assert cmp("Th Jh Qh Kh Ah", "9c Tc Jc Qc Kc", AMERICAN) == 1
    assert kind("Ac 2d 3h 4s 5c", AMERICAN) == "sequence"
    assert cmp("Ac 2d 3h 4s 5c", "2c 3d 4h 5s 6c", AMERICAN) == -1   # still the lowest
    assert kind("Kc Ad 2h 3s 4c", AMERICAN) == "high_card"           # never round the corner
    assert kind("Qc Kd Ah 2s 3c", AMERICAN) == "high_card"


# --- L72 to L75 ----------------------------------------------------------------------

def test_L72_threes_by_the_threes_only() -> None:
    assert cmp("4c 4d 4h 2s 3c", "3c 3d 3h As Kc") == 1
    assert cmp("4c 4d 4h 2s 3c", "4c 4d 4s As Kc") == 0


def test_L73_two_pairs_by_higher_then_lower_pair() -> None:
    assert cmp("Ac Ad 2h 2s 3c", "Kc Kd Qh Qs Jc") == 1
    assert cmp("Kc Kd 5h 5s 2c", "Kh Ks 4h 4s Ac") == 1


def test_L73_equal_two_pairs_tie_whatever_the_fifth_card() -> None:
    assert cmp("Kc Kd 5h 5s 2c", "Kh Ks 5c 5d Ac") == 0
    assert winners({"Ann": cards("Kc Kd 5h 5s 2c"), "Bob": cards("Kh Ks 5c 5d Ac")}) == [
        "Ann", "Bob"]


def test_L74_pairs_by_the_pair_then_the_highest_untied_card() -> None:
    assert cmp("Ac Ad 2h 3s 4c", "Kc Kd Qh Js 9c") == 1
    assert cmp("Tc Td Ah 3s 2c", "Th Ts Kh Qs Jc") == 1
    assert cmp("Tc Td Ah Ks 3c", "Th Ts Ac Kh 2c") == 1
    assert cmp("Tc Td Ah Ks 3c", "Th Ts Ac Kh 3d") == 0


def test_L75_no_pair_by_the_highest_untied_card() -> None:
    assert cmp("Ac 4d 3h 2s 6c", "Kc Qd Jh 9s 8c") == 1
    assert cmp("Ac Kd 9h 7s 3c", "Ad Kc 9s 7h 2c") == 1
    assert cmp("Ac Kd 9h 7s 3c", "Ad Kc 9s 7h 3d") == 0


# --- L76: sharing ------------------------------------------------------------------

def test_L76_hands_identical_in_value_share() -> None:
    hands = {
        "Ann": cards("Ac Kd 9h 7s 3c"),
        "Bob": cards("2c 2d 5h 7c 9s"),
        "Cat": cards("Ad Kc 9s 7h 3d"),
        "Dan": cards("2h 2s 5c 7d 9c"),
    }
    assert winners(hands) == ["Bob", "Dan"]
    assert winners({"Ann": cards("Ac Kd 9h 7s 3c"), "Bob": cards("2c 2d 5h 7c 9s")}) == ["Bob"]
    assert winners({}) == []


# --- L30: two knaves or better ----------------------------------------------------

def test_L30_two_knaves_or_better() -> None:
    assert meets_minimum(cards("Jc Jd 2h 3s 4c"), "JJ")
    assert meets_minimum(cards("Ac Ad 2h 3s 4c"), "JJ")
    assert not meets_minimum(cards("Tc Td Ah Ks Qc"), "JJ")
    assert meets_minimum(cards("3c 3d 2h 2s 4c"), "JJ")      # two pairs rank above it
    assert meets_minimum(cards("Ac 2d 3h 4s 5c"), "KK")      # so does the lowest sequence
    assert not meets_minimum(cards("Ac Kd Qh Js 9c"), "JJ")
    assert not meets_minimum(cards("Jc Jd Ah Ks Qc"), "QQ")
    assert meets_minimum(cards("Qc Qd 2h 3s 4c"), "QQ")
    assert not meets_minimum(cards("Qc Qd Ah Ks Jc"), "KK")
    assert meets_minimum(cards("Jo Jc 2h 3s 4c"), "JJ", JOKER_RULES)  # the joker makes a pair
    assert not meets_minimum(cards("Jo Jc 2h 3s 4c"), "QQ", JOKER_RULES)
    assert meets_minimum(cards("Jo Jc Jh 3s 4c"), "KK", JOKER_RULES)  # ... or threes


@pytest.mark.parametrize("bad", ["J", "JQ", "jj", "1010", "", "XX", 11])
def test_L30_minimum_must_be_a_pair(bad: object) -> None:
    with pytest.raises(ValueError):
        meets_minimum(cards("Jc Jd 2h 3s 4c"), bad)  # type: ignore[arg-type]


# --- the blaze (p. 41) ----------------------------------------------------------------

def test_blaze_ignored_unless_in_hand_order() -> None:
    assert kind("Kc Kd Qh Qs Jc") == "two_pairs"
    assert cmp("Kc Kd Qh Qs Jc", "Ac Ad 2h 2s 3c") == -1


def test_blaze_inserted_beats_two_pairs_and_loses_to_threes() -> None:
    assert kind("Kc Kd Qh Qs Jc", BLAZE) == "blaze"
    assert cmp("Qc Qd Jh Js Kc", "Ac Ad Kh Ks 2c", BLAZE) == 1
    assert cmp("Kc Kd Qh Qs Jc", "2c 2d 2h 3s 4c", BLAZE) == -1
    assert kind("Kc Kd Kh Qs Jc", BLAZE) == "threes"   # what else it is ranks higher
    assert kind("Kc Kd Kh Qs Qc", BLAZE) == "full"
    assert kind("Ac Kd Qh Js Jc", BLAZE) == "pair"     # the ace is no court card


def test_blaze_ties_by_highest_untied_card() -> None:
    assert cmp("Kc Kd Qh Qs Jc", "Kh Ks Qc Jd Jh", BLAZE) == 1
    assert cmp("Kc Kd Qh Qs Jc", "Qc Qd Jh Js Kh", BLAZE) == 1
    assert cmp("Kc Kd Qh Qs Jc", "Kh Ks Qc Qd Jh", BLAZE) == 0


def test_blaze_may_go_wherever_the_house_puts_it() -> None:
    rules = inserted("blaze", above="flush")
    assert cmp("Kc Kd Qh Qs Jc", "2h 3h 4h 5h 7h", rules) == 1
    assert cmp("Kc Kd Qh Qs Jc", "2c 2d 2h 3s 3c", rules) == -1


# --- the skip sequence (p. 44) ------------------------------------------------------

def test_skip_sequence_ignored_unless_in_hand_order() -> None:
    assert kind("2c 4d 6h 8s Tc") == "high_card"
    assert cmp("2c 4d 6h 8s Tc", "Ac Kd 2h 3s 5c") == -1


def test_skip_sequence_inserted_beats_threes_and_loses_to_a_sequence() -> None:
    assert kind("2c 4d 6h 8s Tc", SKIP) == "skip_sequence"
    assert cmp("2c 4d 6h 8s Tc", "Ac Ad Ah Ks Qc", SKIP) == 1
    assert cmp("5c 7d 9h Js Kc", "Ac 2d 3h 4s 5c", SKIP) == -1


def test_skip_sequence_by_highest_card_and_the_ace() -> None:
    assert kind("Ac 3d 5h 7s 9c", SKIP) == "skip_sequence"
    assert cmp("2c 4d 6h 8s Tc", "Ac 3d 5h 7s 9c", SKIP) == 1
    assert cmp("5c 7d 9h Js Kc", "4c 6d 8h Ts Qc", SKIP) == 1
    assert cmp("5c 7d 9h Js Kc", "5h 7h 9c Jd Kh", SKIP) == 0   # no hearts rule for skips
    assert kind("6c 8d Th Qs Ac", SKIP) == "high_card"           # the ace only begins it
    american = inserted("skip_sequence", above="threes", ace_in_sequences="low_or_high")
    assert kind("6c 8d Th Qs Ac", american) == "skip_sequence"
    assert cmp("6c 8d Th Qs Ac", "5c 7d 9h Js Kc", american) == 1
    assert kind("Qc Ad 3h 5s 7c", american) == "high_card"       # never round the corner


def test_skip_sequence_in_one_suit_is_a_flush_where_that_ranks_higher() -> None:
    assert kind("2c 4c 6c 8c Tc", SKIP) == "flush"
    above_flush = inserted("skip_sequence", above="flush")
    assert kind("2c 4c 6c 8c Tc", above_flush) == "skip_sequence"


# --- the joker (p. 41) -------------------------------------------------------------------

def test_joker_refused_unless_the_rules_admit_it() -> None:
    with pytest.raises(ValueError, match="joker"):
        value("Jo Ac Kd 5h 3s")


def test_joker_takes_the_value_that_makes_the_best_hand() -> None:
    # Peel's example: the joker with king, queen, knave and ten of hearts makes a
    # sequence flush (as the nine of hearts where the ace may not end a sequence)
    assert kind("Kh Qh Jh Th Jo", JOKER_RULES) == "sequence_flush"
    assert cmp("Kh Qh Jh Th Jo", "9c Tc Jc Qc Kc", JOKER_RULES) == 1
    american = HandRules(ace_in_sequences="low_or_high", joker=True)
    assert cmp("Kh Qh Jh Th Jo", "9c Tc Jc Qc Kc", american) == 1
    assert cmp("Kh Qh Jh Th Jo", "Tc Jc Qc Kc Ac", american) == 1  # as the ace of hearts
    assert kind("Jo 2c 7d 9h Ks", JOKER_RULES) == "pair"
    assert cmp("Jo 2c 7d 9h Ks", "Kc Kd 2d 3h 4s", JOKER_RULES) == 1
    assert kind("Jo Kc Kd 5h 5s", JOKER_RULES) == "full"
    assert kind("Jo 2h 5h 9h Kh", JOKER_RULES) == "flush"
    assert cmp("Jo 2c 5c 9c Kc", "Ad Kd 9d 5d 2d", JOKER_RULES) == 1  # as the ace of clubs
    assert cmp("Jo 2c 5c 9c Kc", "Ad Kd Td 5d 2d", JOKER_RULES) == -1
    assert cmp("Jo 2c 5c 9c Kc", "2h 3h 4h 5h 7h", JOKER_RULES) == -1  # no heart to name
    assert cmp("Jo 2h 5h 9h Kh", "Ad Kd Qd Jd 9d", JOKER_RULES) == 1


def test_joker_is_higher_than_the_card_whose_name_it_takes() -> None:
    assert cmp("Jo Kh Kd 7c 2s", "Ks Kh Kd 7c 2s", JOKER_RULES) == 1
    assert cmp("Jo 6c 7d 8s 9c", "5h 6c 7d 8s 9h", JOKER_RULES) == 1   # as the 9 of hearts
    assert cmp("Jo Ac Kd 9h 7s", "Ad Ac Kc 9s 7c", JOKER_RULES) == 1
    # the edge is the last tie-break: a better card elsewhere still wins
    assert cmp("Jo Ac Kd 9h 7s", "Ad Ac Kc 9s 8c", JOKER_RULES) == -1


def test_joker_makes_no_five_of_a_kind() -> None:
    assert kind("Jo Ac Ad Ah As", JOKER_RULES) == "fours"
    assert cmp("Jo Ac Ad Ah As", "Ac Ad Ah As Kc", JOKER_RULES) == 1


def test_joker_rules_leave_hands_without_the_joker_alone() -> None:
    for _, text in L65_EXAMPLES:
        assert value(text, JOKER_RULES) == value(text)


# --- bad input and the rules themselves ---------------------------------------------------

@pytest.mark.parametrize(
    "bad",
    [(), (1, 2, 3, 4), (1, 2, 3, 4, 5, 6), (1, 1, 2, 3, 4), (0, 4, 8, 12, 12),
     (0, 1, 2, 3, 53), (0, 1, 2, 3, -1), (0, 1, 2, 3, 4.0), (0, 1, 2, 3, "Ah"),
     (0, 1, 2, 3, None), (JOKER, JOKER, 1, 2, 3)],
)
def test_bad_hands_are_refused(bad: Sequence[object]) -> None:
    for rules in (DEFAULT_RULES, JOKER_RULES):
        with pytest.raises(ValueError):
            evaluate(bad, rules)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            evaluate(list(bad), rules)  # type: ignore[arg-type]


def test_any_sequence_of_five_distinct_cards_will_do() -> None:
    assert evaluate([0, 5, 10, 15, 20]) == evaluate((20, 15, 10, 5, 0))


@pytest.mark.parametrize(
    "changes",
    [{"ace_in_sequences": "high"}, {"hearts_break_ties": "yes"}, {"joker": 1},
     {"hand_order": ("sequence_flush", "fours")},
     {"hand_order": DEFAULT_HAND_ORDER + ("five_of_a_kind",)},
     {"hand_order": DEFAULT_HAND_ORDER + ("blaze", "blaze")},
     {"hand_order": "sequence_flush"}],
)
def test_bad_rules_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        HandRules(**changes)  # type: ignore[arg-type]


def test_rules_accept_a_list_for_hand_order_and_are_hashable() -> None:
    rules = HandRules(hand_order=list(DEFAULT_HAND_ORDER))  # type: ignore[arg-type]
    assert rules == DEFAULT_RULES and hash(rules) == hash(DEFAULT_RULES)
    assert rules.hand_order == DEFAULT_HAND_ORDER


# --- the cross-check against a slow reference ranker --------------------------------------

RANK_CHARS = "23456789TJQKA"   # lowest first; the ace high outside sequences (D7)
# Peel's sequences, lowest first: A-5 up to 9-K (p. 38, L71); the American reading adds
# T-A. Skip sequences likewise, by alternate cards (p. 44).
SEQUENCES = ["A2345", "23456", "34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK"]
SKIPS = ["A3579", "2468T", "3579J", "468TQ", "579JK"]


def reference_key(hand: Sequence[int], rules: HandRules) -> tuple:
    """Peel's words, one by one, as a sortable key; slow and plain on purpose."""
    if JOKER in hand:
        others = [card for card in hand if card != JOKER]
        best = max(reference_key(others + [named], rules)
                   for named in range(52) if named not in others)
        return best[:-1] + (1,)   # the joker is higher than the card it names

    american = rules.ace_in_sequences == "low_or_high"
    hearts = rules.hearts_break_ties
    chars = sorted(RANK_CHARS[card // 4] for card in hand)
    values = sorted((card // 4 for card in hand), reverse=True)
    suits = {card % 4 for card in hand}
    flush = len(suits) == 1
    counts = sorted(((values.count(v), v) for v in set(values)), reverse=True)
    shape = [n for n, _ in counts]
    sequences = SEQUENCES + (["TJQKA"] if american else [])
    skips = SKIPS + (["68TQA"] if american else [])
    sequence = next((i for i, s in enumerate(sequences) if sorted(s) == chars), None)

    if flush and sequence is not None:
        natural = ("sequence_flush", (sequence,))
    elif shape == [4, 1]:
        natural = ("fours", (counts[0][1],))
    elif shape == [3, 2]:
        natural = ("full", (counts[0][1],))
    elif flush:
        natural = ("flush", (hearts and suits == {2}, *values))
    elif sequence is not None:
        top_char = sequences[sequence][-1]
        top_is_heart = any(RANK_CHARS[c // 4] == top_char and c % 4 == 2 for c in hand)
        natural = ("sequence", (sequence, hearts and top_is_heart))
    elif shape == [3, 1, 1]:
        natural = ("threes", (counts[0][1],))
    elif shape == [2, 2, 1]:
        natural = ("two_pairs", (counts[0][1], counts[1][1]))
    elif shape == [2, 1, 1, 1]:
        natural = ("pair", (counts[0][1], *[v for v in values if v != counts[0][1]]))
    else:
        natural = ("high_card", tuple(values))

    choices = [natural]
    if "blaze" in rules.hand_order and all(c in "JQK" for c in chars):
        choices.append(("blaze", tuple(values)))
    skip = next((i for i, s in enumerate(skips) if sorted(s) == chars), None)
    if "skip_sequence" in rules.hand_order and skip is not None:
        choices.append(("skip_sequence", (skip,)))
    order = rules.hand_order
    name, tie_break = min(choices, key=lambda choice: order.index(choice[0]))
    return (len(order) - order.index(name), name, tie_break, 0)


def reference_compare(a: Sequence[int], b: Sequence[int], rules: HandRules) -> int:
    ka = reference_key(a, rules)
    kb = reference_key(b, rules)
    assert ka[0] != kb[0] or ka[1] == kb[1]
    return (ka > kb) - (ka < kb)


def twin(rng: random.Random, hand: Sequence[int]) -> list[int]:
    """The same ranks with the suits permuted: a hand that ties, hearts apart."""
    suits = rng.sample(range(4), 4)
    return [card if card == JOKER else card - card % 4 + suits[card % 4] for card in hand]


def random_hand(rng: random.Random, joker: bool = False) -> list[int]:
    """A hand from one of several dealers, so rare hands and near-ties come often."""
    dealer = rng.randrange(6)
    if dealer == 0:      # a fair deal
        hand = rng.sample(range(52), 5)
    elif dealer == 1:    # few ranks: pairs, two pairs, threes, fulls, fours
        ranks = rng.sample(range(13), rng.choice([2, 3, 3, 4]))
        hand = rng.sample([r * 4 + s for r in ranks for s in range(4)], 5)
    elif dealer == 2:    # runs by ones or twos, round the corner too, often suited
        step, start = rng.choice([1, 2]), rng.randrange(13)
        suited = rng.random() < 0.3
        suits = [rng.randrange(4)] * 5 if suited else [rng.randrange(4) for _ in range(5)]
        hand = [((start + i * step) % 13) * 4 + suits[i] for i in range(5)]
    elif dealer == 3:    # flushes
        suit = rng.randrange(4)
        hand = [r * 4 + suit for r in rng.sample(range(13), 5)]
    elif dealer == 4:    # five different ranks, any suits: mostly no pair
        ranks = rng.sample(range(13), 5)
        hand = [r * 4 + rng.randrange(4) for r in ranks]
    else:                # court cards and aces
        hand = rng.sample([r * 4 + s for r in (9, 10, 11, 12) for s in range(4)], 5)
    if joker and rng.random() < 0.5:
        hand[rng.randrange(5)] = JOKER
    return hand


@pytest.mark.parametrize("hearts", [True, False])
@pytest.mark.parametrize("ace", ["low", "low_or_high"])
def test_cross_check_against_reference(ace: str, hearts: bool) -> None:
    rules = HandRules(ace_in_sequences=ace, hearts_break_ties=hearts)
    rng = random.Random(f"{ace}-{hearts}")
    outcomes = {-1: 0, 0: 0, 1: 0}
    classes = set()
    for _ in range(15_000):
        a = random_hand(rng)
        b = twin(rng, a) if rng.random() < 0.2 else random_hand(rng)
        expected = reference_compare(a, b, rules)
        assert compare(a, b, rules) == expected, (a, b)
        assert hand_class(evaluate(a, rules)) == reference_key(a, rules)[1], a
        outcomes[expected] += 1
        classes.add(hand_class(evaluate(a, rules)))
    assert min(outcomes.values()) > 500           # ties were tested, not only wins
    assert classes == set(DEFAULT_HAND_ORDER)     # every class came up


@pytest.mark.parametrize(
    "rules",
    [inserted("skip_sequence", above="threes", hearts_break_ties=False),
     inserted("blaze", above="two_pairs", rules=SKIP, ace_in_sequences="low_or_high"),
     inserted("blaze", above="fours", rules=inserted("skip_sequence", above="flush"))],
    ids=["skip", "skip+blaze-american", "high-house-hands"],
)
def test_cross_check_with_house_hands(rules: HandRules) -> None:
    rng = random.Random(str(rules.hand_order))
    for _ in range(5_000):
        a = random_hand(rng)
        b = twin(rng, a) if rng.random() < 0.2 else random_hand(rng)
        assert compare(a, b, rules) == reference_compare(a, b, rules), (a, b)


@pytest.mark.parametrize("ace", ["low", "low_or_high"])
def test_cross_check_with_the_joker(ace: str) -> None:
    rules = HandRules(ace_in_sequences=ace, joker=True,
                      hand_order=SKIP.hand_order if ace == "low" else DEFAULT_HAND_ORDER, shapes=SKIP.shapes)
    rng = random.Random(ace)
    for _ in range(1_500):
        a, b = random_hand(rng, joker=True), random_hand(rng, joker=True)
        if JOKER in a and JOKER in b:
            continue   # one joker in the pack
        assert compare(a, b, rules) == reference_compare(a, b, rules), (a, b)


# --- hands said in data (issue 22, item 4): a club's own, in its house file -----------------

CLUB = {name: shape_from_data(name, data) for name, data in {
    "big_bobtail": {"cards": 4, "sequence": True, "suited": True},
    "little_bobtail": {"cards": 3, "sequence": True, "suited": True},
    "four_flush": {"cards": 4, "suited": True},
    "big_cat": {"one_of_each": ["K", [9, "T", "J", "Q"], [9, "T", "J", "Q"], [9, "T", "J", "Q"], 8],
                "groups": [1, 1, 1, 1, 1]},
    "skeet": {"one_of_each": [2, [3, 4], 5, [6, 7, 8], 9]},
    "two_pairs_of_courts": {"cards": 4, "groups": [2, 2], "ranks": ["J", "Q", "K"], "odd_cards_decide": False},
}.items()}


def club(*placed: tuple[str, str], rules: HandRules = DEFAULT_RULES) -> HandRules:
    """``rules`` with each club hand put just above the hand named beside it."""
    for name, above in placed:
        order = list(rules.hand_order)
        order.insert(order.index(above), name)
        rules = replace(rules, hand_order=tuple(order), shapes=(*rules.shapes, CLUB[name]))
    return rules


def test_a_big_bobtail_is_four_of_a_sequence_flush() -> None:
    rules = club(("big_bobtail", "full"))
    assert kind("5h 6h 7h 8h Kc", rules) == "big_bobtail"
    assert kind("5h 6h 7h 9h Kc", rules) == "high_card"     # not in sequence
    assert kind("5h 6h 7h 8c Kc", rules) == "high_card"     # not of one suit
    assert kind("Ah 2h 3h 4h Kc", rules) == "big_bobtail"   # the ace begins it (L71)
    assert kind("Jh Qh Kh Ah 2c", rules) == "high_card"     # and does not end it, by Peel
    assert kind("Jh Qh Kh Ah 2c", club(("big_bobtail", "full"), rules=AMERICAN)) == "big_bobtail"
    assert cmp("5h 6h 7h 8h Kc", "Ac Ad Ah Ks Kh", rules) == 1   # above a full
    assert cmp("5h 6h 7h 8h Kc", "2c 2d 2h 2s 3c", rules) == -1  # below fours
    assert cmp("6h 7h 8h 9h 2c", "5s 6s 7s 8s Kc", rules) == 1   # by the highest card of the four
    assert cmp("5h 6h 7h 8h Kc", "5s 6s 7s 8s Qc", rules) == 1   # then by the other card
    assert kind("5h 6h 7h 8h 9h", rules) == "sequence_flush"     # a hand is worth its highest class


def test_a_four_flush_and_a_little_bobtail_rank_where_the_house_puts_them() -> None:
    rules = club(("four_flush", "pair"), ("little_bobtail", "threes"))
    assert kind("2c 5c 9c Jc Ad", rules) == "four_flush"
    assert kind("2c 3c 4c Jd Ad", rules) == "little_bobtail"
    assert kind("2c 3c 4c Jc Ad", rules) == "little_bobtail"     # a four-flush too, and higher as this
    assert cmp("2c 5c 9c Jc Ad", "Ah Ad Kc Qs Jh", rules) == 1   # above a pair
    assert cmp("2c 5c 9c Jc Ad", "3c 3d 2h 2s 4c", rules) == -1  # below two pairs
    assert cmp("2c 5c 9c Qc 3d", "2d 5d 9d Jd Ah", rules) == 1   # the four decide first
    assert cmp("2c 5c 9c Qc 3d", "2d 5d 9d Qd 4h", rules) == -1  # then the fifth card


def test_cats_and_skeets_are_said_by_their_ranks() -> None:
    rules = club(("big_cat", "sequence"), ("skeet", "sequence"))
    assert kind("Kc Qd Jh 9s 8c", rules) == "big_cat"
    assert kind("Kc Qd Qh 9s 8c", rules) == "pair"               # no two of a rank
    assert kind("Ac Qd Jh 9s 8c", rules) == "high_card"          # king high
    assert kind("2c 3d 5h 7s 9c", rules) == "skeet"
    assert kind("2c 3d 4h 5s 9c", rules) == "high_card"          # one between the five and the nine
    assert cmp("Kc Qd Jh Ts 8c", "Kd Qs Jc 9h 8d", rules) == 1


def test_a_hand_that_ignores_its_odd_cards_ties_on_what_makes_it() -> None:
    rules = club(("two_pairs_of_courts", "threes"))
    assert kind("Kc Kd Jh Js 2c", rules) == "two_pairs_of_courts"
    assert cmp("Kc Kd Jh Js 2c", "Kh Ks Jc Jd Ac", rules) == 0
    assert cmp("Kc Kd Qh Qs 2c", "Kh Ks Jc Jd Ac", rules) == 1


def test_hands_made_by_some_cards_suits_agree_with_a_reference() -> None:
    """The checked path (a four-flush, a bobtail) against the declared words, taken plainly."""
    rules = club(("big_bobtail", "full"), ("four_flush", "pair"))
    rng = random.Random("by-suits")

    def plain(hand: Sequence[int]) -> tuple:
        best = (hand_class(evaluate(hand)), 0)
        for drop in range(5):
            four = [card for i, card in enumerate(hand) if i != drop]
            if len({card % 4 for card in four}) == 1:
                ranks = sorted(card // 4 for card in four)
                low = sorted(-1 if r == 12 else r for r in ranks)
                high = 12 not in ranks and ranks == list(range(ranks[0], ranks[0] + 4))
                run = high or low == list(range(low[0], low[0] + 4))   # the ace only begins a run (L71)
                name = "big_bobtail" if run else "four_flush"
                best = max(best, (name, 0), key=lambda b: rules.hand_order[::-1].index(b[0]))
        return best[0]

    for _ in range(3_000):
        hand = random_hand(rng)
        assert hand_class(evaluate(hand, rules), rules) == plain(hand), hand


@pytest.mark.parametrize("name, data, message", [
    ("pair", {"suited": True}, "none of Peel's"),
    ("Big Bobtail", {"suited": True}, "lower-case words"),
    ("bobtail", {"cards": 6}, "bobtail/cards: how many of the five cards make it, 2 to 5"),
    ("bobtail", {"step": 2}, "bobtail/step: with `sequence: true`"),
    ("bobtail", {"groups": [2, 2]}, "adding up to 5"),
    ("bobtail", {"ranks": ["X"]}, "bobtail/ranks/0: 'X' is no rank"),
    ("bobtail", {"one_of_each": ["K"]}, "for each of the 5 cards"),
    ("bobtail", {"cards": 4}, "says nothing of what makes it"),
    ("bobtail", {"suit": True}, "bobtail/suit: unknown"),
])
def test_a_hand_the_evaluator_cannot_make_is_refused(name: str, data: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace("`", "`")):
        shape_from_data(name, data)


# --- wild cards (issue 22, item 4): a house's deuces, valued as Peel's joker is ----------------------
DEUCES = HandRules(wild=frozenset(cards("2c 2d 2h 2s")))


def test_a_wild_card_names_whatever_card_makes_the_best_hand() -> None:
    assert kind("2c 2d Ah Ad Kc", DEUCES) == "fours"            # two wild deuces name two aces
    assert kind("2c Ah Kh Qh Jh", DEUCES) == "flush"            # not ten to ace: the ace only begins one
    assert kind("2c 3c 4c 5c 7d", DEUCES) == "sequence"
    assert kind("2c 2d 2h 2s Ah", DEUCES) == "sequence_flush"   # no five of a kind: fours or better
    assert cmp("2c Kh Kd 7c 3s", "Ks Kc Kd 7h 3d", DEUCES) == 0  # only the joker beats the card it names
    assert kind("3c 3d 5h 7s 9c", DEUCES) == kind("3c 3d 5h 7s 9c") == "pair"   # no wild card held


def test_wild_cards_make_a_declared_hand_too() -> None:
    rules = replace(club(("big_bobtail", "full")), wild=DEUCES.wild)
    assert kind("2c 6h 7h 8h Kc", rules) == "big_bobtail"


@pytest.mark.parametrize("wild", [frozenset({52}), frozenset({-1}), frozenset({"2c"})])
def test_a_wild_card_is_a_card_of_the_pack(wild: frozenset) -> None:
    with pytest.raises(ValueError, match="wild cards are cards of the pack"):
        HandRules(wild=wild)


# --- a house's number of cards (cards_per_hand; L65's reading) ---------------------------------

FOUR = HandRules(cards=4)
SIX = HandRules(cards=6)


@pytest.mark.parametrize("hand, expected", [
    ("Qh Qd Qs Qc", "fours"), ("Qh Qd Qs 3d", "threes"), ("Ah Ad Kh Ks", "two_pairs"),
    ("Ah Ad 3h 2c", "pair"), ("2c 3c 4c 5c", "high_card"), ("9h Th Jh Qh", "high_card")])
def test_a_hand_of_four_is_what_its_cards_make_and_no_sequence_or_flush(hand, expected):
    assert kind(hand, FOUR) == expected


def test_hands_of_four_of_one_class_compare_by_the_cards_held():
    assert value("Ah Ad 3h 2c", FOUR) > value("Kh Kd Qh Jc", FOUR) > value("Kc Ks Qd Tc", FOUR)
    assert value("Ah Kd Qh Jc", FOUR) > value("Ah Kd Qh Tc", FOUR)
    assert value("Ah Kd Qh Jc", FOUR) == value("As Kc Qd Jh", FOUR)  # equal: they share (L76)


@pytest.mark.parametrize("hand, best_five", [
    ("Ah Ad Kh Ks 2d 2h", "Ah Ad Kh Ks 2d"), ("2c 3c 4c 5c 6c Ad", "2c 3c 4c 5c 6c"),
    ("Qh Qd Qs 3d 8d 8c", "Qh Qd Qs 8d 8c"), ("9h Th Jh Qh Kh Ah", "9h Th Jh Qh Kh")])
def test_a_hand_of_six_is_worth_its_best_five(hand, best_five):
    assert value(hand, SIX) == value(best_five)


def test_a_short_hand_with_a_wild_card_names_the_best_card_it_can():
    assert kind("Jo Ad 3h 2c", replace(FOUR, joker=True)) == "pair"
    assert kind("Jo Ad Ah 2c", replace(FOUR, joker=True)) == "threes"


@pytest.mark.parametrize("rules, hand", [(FOUR, "Ah Ad Kh Ks 2c"), (SIX, "Ah Ad Kh Ks 2c"), (DEFAULT_RULES, "Ah Ad Kh Ks")])
def test_a_hand_of_another_number_than_the_rules_deal_cannot_be_valued(rules, hand):
    with pytest.raises(ValueError, match=f"exactly {rules.cards} cards"):
        evaluate(cards(hand), rules)


@pytest.mark.parametrize("count", [1, 8, 5.0])
def test_a_hand_size_the_evaluator_cannot_value_is_refused(count):
    with pytest.raises(ValueError, match="2 to 7 cards"):
        HandRules(cards=count)
