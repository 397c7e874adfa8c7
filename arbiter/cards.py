"""The card model: how a card is written in a hand log and held in memory.

A card is held as a small int, ``rank * 4 + suit``:

* rank 0..12 stands for 2, 3, ..., 9, T, J, Q, K, A (``RANKS``);
* suit 0..3 stands for clubs, diamonds, hearts, spades (``SUITS``);
* the joker, which has neither rank nor suit, is ``JOKER`` (52).

An int keeps hands cheap to store, hash and rank (``arbiter.hands`` works on these
ints alone), and the order of the ints is the order of the ranks, ace high.

In a log a card is written rank then suit: ``Ah``, ``Td``, ``10d``, or ``Jo`` for the
joker (SPEC §2). The writing is case-sensitive on purpose: ranks are upper-case only
and suits lower-case only, so ``ah``, ``AH`` and ``jo`` are not cards. Without that
rule ``Jo`` and ``jo`` and ``JO``, or ``Jh`` and ``jh``, would all be spellings to
accept and to reject consistently in the JSON Schema and here; one spelling per card
(plus ``10`` for ``T``, which the SPEC names) keeps the two in step. ``card_str``
always gives the canonical spelling (``Td``, never ``10d``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

__all__ = [
    "CARD_PATTERN",
    "JOKER",
    "RANKS",
    "SUITS",
    "CardError",
    "card_str",
    "parse_card",
    "parse_cards",
    "rank_of",
    "suit_of",
]

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"
JOKER: Final = 52

#: A regular expression matching exactly the strings ``parse_card`` accepts, for a
#: JSON Schema ``pattern``. It is anchored because ``pattern`` searches; ``(?!\n)``
#: is there because Python's ``$`` (which the ``jsonschema`` package uses) also
#: matches before a final newline, so ``"Ah\n"`` would pass; in ECMA-262 it is a
#: no-op. Lookahead is in JSON Schema's recommended regex subset.
CARD_PATTERN: Final = r"^(?:(?:[2-9TJQKA]|10)[cdhs]|Jo)$(?!\n)"


class CardError(ValueError):
    """A string that is not a card, or an int that is not a card."""


def _build_names() -> tuple[dict[str, int], tuple[str, ...]]:
    """Every accepted spelling -> int, and every int -> its canonical spelling."""
    by_name: dict[str, int] = {}
    names: list[str] = []
    for rank, rank_char in enumerate(RANKS):
        for suit, suit_char in enumerate(SUITS):
            card = rank * 4 + suit
            by_name[rank_char + suit_char] = card
            names.append(rank_char + suit_char)
    for suit, suit_char in enumerate(SUITS):
        by_name["10" + suit_char] = RANKS.index("T") * 4 + suit
    by_name["Jo"] = JOKER
    names.append("Jo")
    return by_name, tuple(names)


_BY_NAME, _NAMES = _build_names()


def _not_a_card(s: object) -> str:
    """The message for a bad card: quote it and show what a card looks like."""
    return (
        f"not a card: {s!r} (expected a rank 2-9, T, J, Q, K, A or 10 followed by a "
        f"suit c, d, h or s, e.g. 'Ah', 'Td', '10d'; or 'Jo' for the joker)"
    )


def parse_card(s: str) -> int:
    """The int for one card string; ``CardError`` quoting ``s`` if it is not a card."""
    try:
        return _BY_NAME[s]
    except (KeyError, TypeError):  # TypeError: an unhashable non-string
        raise CardError(_not_a_card(s)) from None


def parse_cards(cards: Iterable[str]) -> tuple[int, ...]:
    """The ints for card strings, in order; ``CardError`` quoting the first bad one.

    A bare string is refused rather than read character by character, since
    ``parse_cards("AhKd")`` is almost certainly a mistake for ``["Ah", "Kd"]``.
    """
    if isinstance(cards, str):
        raise CardError(f"expected a list of card strings, not the string {cards!r}")
    try:
        return tuple(map(_BY_NAME.__getitem__, cards))
    except KeyError as exc:  # the dict names the key it missed: quote it
        raise CardError(_not_a_card(exc.args[0])) from None
    except TypeError:  # not iterable, or an unhashable element
        raise CardError(f"expected an iterable of card strings, got {cards!r}") from None


def _check(card: int) -> None:
    """Refuse anything that is not one of the 53 card ints (``bool`` included)."""
    if type(card) is not int or not 0 <= card <= JOKER:
        raise CardError(f"not a card: {card!r} (cards are ints 0..{JOKER})")


def card_str(card: int) -> str:
    """The canonical spelling of a card int: ``Td`` (never ``10d``), ``Jo``."""
    _check(card)
    return _NAMES[card]


def rank_of(card: int) -> int:
    """The rank 0..12 (2..A) of a card; the joker has none, so ``CardError``."""
    _check(card)
    if card == JOKER:
        raise CardError("the joker has no rank")
    return card >> 2


def suit_of(card: int) -> int:
    """The suit 0..3 (c, d, h, s) of a card; the joker has none, so ``CardError``."""
    _check(card)
    if card == JOKER:
        raise CardError("the joker has no suit")
    return card & 3
