"""The card model: spellings, the int encoding, the schema pattern, bad input."""

from __future__ import annotations

import itertools
import re

import pytest

from arbiter.cards import (
    CARD_PATTERN,
    JOKER,
    RANKS,
    SUITS,
    CardError,
    card_str,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)


def test_encoding_is_rank_times_four_plus_suit() -> None:
    assert parse_card("2c") == 0
    assert parse_card("2d") == 1
    assert parse_card("2h") == 2
    assert parse_card("3c") == 4
    assert parse_card("As") == 51
    assert parse_card("Jo") == JOKER == 52
    for rank, rank_char in enumerate(RANKS):
        for suit, suit_char in enumerate(SUITS):
            card = parse_card(rank_char + suit_char)
            assert card == rank * 4 + suit
            assert (rank_of(card), suit_of(card)) == (rank, suit)


def test_ten_may_be_written_10_but_prints_as_T() -> None:
    for suit in SUITS:
        assert parse_card("10" + suit) == parse_card("T" + suit)
        assert card_str(parse_card("10" + suit)) == "T" + suit


def test_card_str_round_trips_all_53_cards() -> None:
    names = [card_str(card) for card in range(53)]
    assert len(set(names)) == 53
    assert names[-1] == "Jo"
    assert [parse_card(name) for name in names] == list(range(53))


@pytest.mark.parametrize(
    "bad", ["1x", "Zz", "11h", "ah", "AH", "aH", "jo", "JO", "Joker", "1h", "0s", "", " Ah",
            "Ah ", "A h", "T", "h", "10", "010h", "Ahh", "Ah\n", "\u0410h"]
)
def test_bad_strings_are_refused_quoting_the_string(bad: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(bad)
    assert repr(bad) in str(info.value)
    assert isinstance(info.value, ValueError)
    assert re.search(CARD_PATTERN, bad) is None


@pytest.mark.parametrize("bad", [None, 3, 3.0, ["Ah"], b"Ah"])
def test_non_strings_are_not_cards(bad: object) -> None:
    with pytest.raises(CardError):
        parse_card(bad)  # type: ignore[arg-type]


def test_pattern_accepts_exactly_what_parse_card_accepts() -> None:
    """Every string of up to three characters over a generous alphabet: the schema's
    pattern (searched, as JSON Schema does) and parse_card agree on each."""
    alphabet = "0123456789TJQKAtjqkaXocdhsCDHSO \n"
    accepted = 0
    for length in range(4):
        for chars in itertools.product(alphabet, repeat=length):
            s = "".join(chars)
            try:
                parse_card(s)
                parsed = True
            except CardError:
                parsed = False
            assert (re.search(CARD_PATTERN, s) is not None) == parsed, s
            accepted += parsed
    assert accepted == 52 + 4 + 1  # every card, the four 10s, the joker


def test_pattern_works_in_a_json_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator({"type": "string", "pattern": CARD_PATTERN})
    assert validator.is_valid("10d") and validator.is_valid("Jo") and validator.is_valid("Ah")
    for bad in ["1x", "Zz", "ah", "Ah\n", "xAh", "Ahx"]:
        assert not validator.is_valid(bad), bad


def test_parse_cards_keeps_order_and_returns_a_tuple() -> None:
    assert parse_cards(["Ah", "10d", "Jo", "2c"]) == (50, 33, 52, 0)
    assert parse_cards(iter(["Ks"])) == (47,)
    assert parse_cards([]) == ()


def test_parse_cards_quotes_the_bad_card() -> None:
    with pytest.raises(CardError, match="'1x'"):
        parse_cards(["Ah", "1x", "Kd"])


@pytest.mark.parametrize("bad", ["AhKd", 5, [["Ah"]]])
def test_parse_cards_refuses_what_is_not_a_list_of_strings(bad: object) -> None:
    with pytest.raises(CardError):
        parse_cards(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 53, 100, True, 2.0, "Ah", None])
def test_bad_ints_are_refused(bad: object) -> None:
    for function in (card_str, rank_of, suit_of):
        with pytest.raises(CardError):
            function(bad)  # type: ignore[arg-type]


def test_the_joker_has_no_rank_or_suit() -> None:
    with pytest.raises(CardError, match="joker"):
        rank_of(JOKER)
    with pytest.raises(CardError, match="joker"):
        suit_of(JOKER)
