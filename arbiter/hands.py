"""The value of the hands at Draw Poker, by Peel's laws 65-76 (1891).

Cards are ints, ``rank * 4 + suit`` (the encoding of ``arbiter.cards``, repeated here
so that this module stands alone): rank 0..12 is 2, 3, ..., 9, T, J, Q, K, A and suit
0..3 is clubs, diamonds, hearts, spades; 52 is the joker.

``evaluate`` turns five such cards into a ``HandValue``, a plain int: the higher of two
values is the better hand under the same ``HandRules``, and equal values are hands
"identical in value" that share the pool (L76). Values made under different rules are
not comparable.

The order of the hands (L65) and Peel's tie rules:

* sequence flush, by its highest card (L66); equal ones tie, since L66, read
  literally (L77), gives hearts no precedence among sequence flushes;
* fours, by the four alone (L67); the fifth card is "of no value" (p. 38);
* full, by the threes alone (L68);
* flush: with ``hearts_break_ties``, a flush in hearts beats any other flush; flushes
  of one kind then go by the highest card not tied by an equal card in the other hand
  (L69);
* sequence, by its highest card; of sequences of the same ranks, with
  ``hearts_break_ties``, the one whose highest card is a heart wins (L70, read as
  SPEC §3 item 16 reads it: a sequence that is not a flush cannot be all hearts);
* threes, by the threes alone (L72);
* two pairs, by the higher pair, then the lower; and no further: the fifth card is
  "of no value" (p. 39), so equal two pairs tie and share (L73, L76, read literally
  per L77);
* a pair, by the pair, then the highest untied card (L74);
* no pair, by the highest untied card (L75).

The ace is high (D7), except in sequences: with ``ace_in_sequences="low"`` it only
begins one (L71): A-2-3-4-5 is the lowest sequence, 9-T-J-Q-K the highest, and
T-J-Q-K-A none. ``"low_or_high"`` is the American reading of L71's footnote: the ace
may also end a sequence after the king, T-J-Q-K-A being the highest; K-A-2-3-4 is
never a sequence.

Hands the laws do not list are said in data, as a ``HandShape`` each (``shape_from_data``
reads one as a rule file or a house file writes it, law 81): how many of the five cards
make it, and what those cards are: in sequence (``step`` ranks apart: 1 a sequence, 2
alternate cards), all of one suit, in groups of a rank, of which ranks, one of each of
some sets of ranks. They count only where a house puts them into ``hand_order``; absent
from it they count for nothing and the hand is valued by what else it is. A hand is worth
the highest class in ``hand_order`` it makes. Two hands of one declared class compare by
the cards that make it (a sequence by its highest card; cards in groups by the larger
group, then the rank; other cards by the highest untied card), then, unless the shape
says not, by the other cards, highest first. The ace follows ``ace_in_sequences`` in a
declared sequence as in Peel's; no hearts rule applies to them. Peel's own two are in
rules/hands/L65.yaml:

* the blaze, five court cards (p. 41), which "takes precedence of two pairs, but is
  beaten by triplets": every card a king, queen or knave. Peel's tie rule, "fixed by the
  highest card, a hand containing ace or aces being best", can never meet an ace (court
  cards are the king, queen and knave, as both of his definitions say): it is the highest
  untied card, so K-K-Q-Q-J beats K-K-Q-J-J;
* the skip sequence (p. 44), "a sequence of alternate cards--two, four, six, eight, ten":
  five cards in sequence two ranks apart, above triplets and beaten by an ordinary
  sequence; A-3-5-7-9 always, 6-8-T-Q-A only with ``"low_or_high"``; equal skips tie. A
  skip in one suit is no separate hand: it is a flush or a skip, whichever ``hand_order``
  puts higher.

Peel's hands are five cards. A house may deal another number (``HandRules.cards``, the
rule files' ``cards_per_hand``, law 81): a larger hand is worth the best five of its cards,
as in the games where more are held than count; a smaller one is worth what its cards make,
four of a rank fours, two pairs two pairs, and so on, while the hands that need five cards
(a sequence, a flush, a full, a declared hand of five) cannot be made; hands of one
class compare as above, by the cards they hold.

The joker (p. 41), when ``rules.joker`` is true, "may be given any value" by its
holder: it names whichever card, not already in the hand, makes the best hand (so
there are no five of a kind, which Peel never lists). "The joker is a higher card
than the actual card whose name it takes": a hand holding the joker beats any hand
that Peel's rules would otherwise hold equal to it, and only such a hand. The joker's
edge is the last tie-break, after every comparison above, hearts included; two hands
both holding a joker (impossible in one pack) are compared without it. Peel's
example, the joker with the king, queen, knave and ten of hearts called the ace of
hearts "and so claim a sequence flush", still makes a sequence flush where the ace
may not end a sequence: the joker is then the nine of hearts. A house may make other
cards wild the same way (``rules.wild``: deuces wild): each names a card not in the hand,
together the best they can make, declared hands included; only the joker has the edge.

Speed: the value of every multiset of five ranks is tabulated once per rule set
(6,175 entries), keyed by the sum of ``5 ** rank`` over the cards, which is unique
because no rank occurs five times. Evaluating a hand is then a few table look-ups;
only flushes and sequences look at suits, and only hands with a wild card search. A declared hand
made by the suits of some of the cards (a four-flush, a bobtail) cannot be tabulated by
ranks, nor can a house's wild cards: under rules that hold one, every hand takes the
checked path, its value kept once worked out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from itertools import combinations, permutations
from typing import Any, NamedTuple

__all__ = [
    "CLASS_NAMES",
    "DEFAULT_HAND_ORDER",
    "DEFAULT_RULES",
    "HandRules",
    "HandShape",
    "HandValue",
    "check_minimum",
    "compare",
    "equal_but_for_the_joker",
    "evaluate",
    "hand_class",
    "meets_minimum",
    "shape_from_data",
    "winners",
]

HandValue = int
"""A hand's worth: higher is better, equal is a tie (L76); see ``evaluate``."""

_RANK_CHARS = "23456789TJQKA"
_ACE = 12
_HEARTS = 2
_JOKER = 52

#: Peel's hands (L65, plus "the card highest in value" of L75). Others are declared in
#: data (``HandShape``) and count only when a house puts them into ``hand_order``.
CLASS_NAMES: tuple[str, ...] = (
    "high_card",
    "pair",
    "two_pairs",
    "threes",
    "sequence",
    "flush",
    "full",
    "fours",
    "sequence_flush",
)

#: L65's order, highest first.
DEFAULT_HAND_ORDER: tuple[str, ...] = (
    "sequence_flush",
    "fours",
    "full",
    "flush",
    "sequence",
    "threes",
    "two_pairs",
    "pair",
    "high_card",
)

# A HandValue is (position << 21) | (tie-break << 1) | joker, where position is the
# class's place in hand_order counted from the bottom (so it decides first, and names the
# class: ``hand_class``), the tie-break (< 2**20) orders hands of one class, and the
# joker bit is the joker's edge. Every value stays below 2**30, a one-digit int for
# CPython.
_POSITION_SHIFT = 21
_HEART_BIT = 1 << 19  # above any tie-break made of ranks: 13**5 < 2**19
_NAME = "[a-z][a-z_]*"  # a declared hand's name, as hand_order writes it
MIN_CARDS, MAX_CARDS = 2, 7  # the hands a house may deal (cards_per_hand): two cards to seven


def _rank(text: object, where: str) -> int:
    """A rank as the data writes it: 2-9, T (or 10), J, Q, K, A."""
    written = str(text)
    if written == "10":
        written = "T"
    if written not in _RANK_CHARS or len(written) != 1:
        raise ValueError(f"{where}: {text!r} is no rank (2-9, T or 10, J, Q, K, A)")
    return _RANK_CHARS.index(written)


def _ranks(value: object, where: str) -> frozenset[int]:
    """One rank, or a list of ranks, as a set."""
    items = value if isinstance(value, list) else [value]
    if not items:
        raise ValueError(f"{where}: an empty list of ranks")
    return frozenset(_rank(item, f"{where}/{i}") for i, item in enumerate(items))


class HandShape(NamedTuple):
    """A hand the laws do not list, said in data: how many of the five cards make it
    (``cards``), and what those cards are. Each part left out asks nothing. (A named
    tuple, not a dataclass: this module is imported by every check, and a dataclass costs
    its start a millisecond or two.)"""

    name: str
    cards: int = 5
    step: int = 0  # in sequence, this many ranks apart (1: a sequence, 2: alternate cards); 0: no sequence
    suited: bool = False  # all of one suit
    groups: tuple[int, ...] = ()  # how many of each rank, the larger first: (2, 2) two pairs, (1,) * 5 no pair
    ranks: frozenset[int] = frozenset(range(13))  # every card one of these ranks
    one_of_each: tuple[frozenset[int], ...] = ()  # one card of each of these sets of ranks
    odd_cards_decide: bool = True  # equal made cards: the other cards decide, highest first
    words: str = ""  # what a ruling calls it: "a big bobtail"

    @property
    def by_suits(self) -> bool:
        """Made by the suits of some of the cards, not all five: no table of ranks holds it."""
        return self.suited and self.cards < 5


_SHAPE_KEYS = ("cards", "sequence", "step", "suited", "groups", "ranks", "one_of_each", "odd_cards_decide", "words",
               "description")


def shape_from_data(name: str, data: Mapping[str, Any]) -> HandShape:
    """A declared hand as a rule file or a house file writes it, e.g. a big bobtail,
    ``{cards: 4, sequence: true, suited: true}``; ValueError("FIELD: why") where it is
    not one the evaluator can make."""
    import re  # only when a hand is declared

    if not re.fullmatch(_NAME, name) or name in CLASS_NAMES:
        raise ValueError(f"{name}: a new hand's name is lower-case words joined by _, and none of Peel's "
                         f"({', '.join(CLASS_NAMES)})")
    if not isinstance(data, Mapping):
        raise ValueError(f"{name}: a hand is a mapping of what makes it ({', '.join(_SHAPE_KEYS)})")
    for key in data:
        if key not in _SHAPE_KEYS:
            raise ValueError(f"{name}/{key}: unknown; a hand says {', '.join(_SHAPE_KEYS)}")
    cards = data.get("cards", 5)
    if type(cards) is not int or not 2 <= cards <= 5:
        raise ValueError(f"{name}/cards: how many of the five cards make it, 2 to 5, not {cards!r}")
    for key in ("sequence", "suited", "odd_cards_decide"):
        if key in data and not isinstance(data[key], bool):
            raise ValueError(f"{name}/{key}: true or false, not {data[key]!r}")
    step = data.get("step", 1 if data.get("sequence") else 0)
    if "step" in data and (not data.get("sequence") or type(step) is not int or not 1 <= step <= 3):
        raise ValueError(f"{name}/step: with `sequence: true`, how many ranks apart its cards are (1 to 3)")
    groups = data.get("groups", [])
    if not isinstance(groups, list) or any(type(g) is not int or g < 1 for g in groups) or (
            groups and sum(groups) != cards):
        raise ValueError(f"{name}/groups: how many cards of each rank, adding up to {cards} (e.g. [2, 2, 1])")
    if groups and max(groups) > 4:
        raise ValueError(f"{name}/groups: no rank has more than four cards")
    each = data.get("one_of_each", [])
    if not isinstance(each, list) or (each and len(each) != cards):
        raise ValueError(f"{name}/one_of_each: a rank, or a list of ranks, for each of the {cards} cards")
    words = data.get("words", name.replace("_", " "))
    if not isinstance(words, str) or not words.strip():
        raise ValueError(f"{name}/words: what a ruling calls the hand, e.g. \"a {name.replace('_', ' ')}\"")
    made = ("sequence", "suited", "groups", "ranks", "one_of_each")
    if not any(data.get(key) for key in made):
        raise ValueError(f"{name}: says nothing of what makes it ({', '.join(made)}): every hand would")
    return HandShape(
        name=name, cards=cards, step=step, suited=bool(data.get("suited")),
        groups=tuple(sorted(groups, reverse=True)),
        ranks=_ranks(data["ranks"], f"{name}/ranks") if "ranks" in data else frozenset(range(13)),
        one_of_each=tuple(_ranks(item, f"{name}/one_of_each/{i}") for i, item in enumerate(each)),
        odd_cards_decide=data.get("odd_cards_decide", True), words=words)


def order_problem(order: Sequence[str]) -> str | None:
    """What is wrong with an order of hands as an order, whatever hands it names: one
    listed twice, or one of Peel's nine left out; None if nothing."""
    repeated = sorted({name for name in order if order.count(name) > 1})
    if repeated:
        return f"{repeated} listed more than once"
    missing = [name for name in DEFAULT_HAND_ORDER if name not in order]
    return f"Peel's hand(s) {missing} missing" if missing else None


@dataclass(frozen=True)
class HandRules:
    """The parameters of the hands (SPEC §1), validated on construction.

    ``hand_order`` lists classes highest first; a list is accepted and stored as a
    tuple, since rules are hashed to share their tables. It must hold Peel's nine
    classes, each once, in any order a house chooses, and may add the hands ``shapes``
    declares: a hand missing from it would leave some hands with no value. Only the
    shapes the order names are kept (sorted by name), so that rules that value hands
    alike are equal, and hashed alike (`dataclasses.replace` gives one with some changed,
    validated again).
    """

    ace_in_sequences: str = "low"
    hearts_break_ties: bool = True
    hand_order: tuple[str, ...] = DEFAULT_HAND_ORDER
    joker: bool = False
    two_pairs_odd_card_decides: bool = False
    shapes: tuple[HandShape, ...] = ()
    wild: frozenset[int] = frozenset()  # cards a house makes wild, as Peel's joker is (deuces: 0, 1, 2, 3)
    cards: int = 5  # how many a hand holds (cards_per_hand): Peel's five, or a house's

    def __post_init__(self) -> None:
        self._validate()

    def _validate(self) -> None:
        if self.ace_in_sequences not in ("low", "low_or_high"):
            raise ValueError(
                f"ace_in_sequences must be 'low' or 'low_or_high', "
                f"not {self.ace_in_sequences!r}"
            )
        if type(self.cards) is not int or not MIN_CARDS <= self.cards <= MAX_CARDS:
            raise ValueError(f"a hand holds {MIN_CARDS} to {MAX_CARDS} cards, not {self.cards!r}")
        for name in ("hearts_break_ties", "joker", "two_pairs_odd_card_decides"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false, not {getattr(self, name)!r}")
        object.__setattr__(self, "wild", frozenset(self.wild))  # frozen: set once, here
        if any(type(card) is not int or not 0 <= card < _JOKER for card in self.wild):
            raise ValueError(f"wild cards are cards of the pack (ints 0..{_JOKER - 1}), not {sorted(self.wild)!r}")
        if isinstance(self.hand_order, str):
            raise ValueError(f"hand_order must be a list of hand names, not {self.hand_order!r}")
        try:
            order = tuple(self.hand_order)
        except TypeError:
            raise ValueError(
                f"hand_order must be a list of hand names, not {self.hand_order!r}"
            ) from None
        object.__setattr__(self, "hand_order", order)  # frozen: set once, here
        declared = {shape.name: shape for shape in self.shapes}
        unknown = [name for name in order if not isinstance(name, str) or name not in (*CLASS_NAMES, *declared)]
        if unknown:
            raise ValueError(
                f"hand_order: unknown hand(s) {unknown}; known: those declared ({', '.join(declared) or 'none'}) "
                f"and Peel's {', '.join(CLASS_NAMES)}"
            )
        problem = order_problem(order)
        if problem:
            raise ValueError(f"hand_order: {problem}")
        object.__setattr__(self, "shapes", tuple(declared[name] for name in sorted(declared) if name in order))

    @cached_property
    def by_suits(self) -> bool:
        """Does some hand in the order depend on the suits of some of the cards?"""
        return any(shape.by_suits for shape in self.shapes)

    @cached_property
    def of_five(self) -> "HandRules":
        """These rules for the five cards a larger hand is worth the best of."""
        return replace(self, cards=5) if self.cards != 5 else self

    @cached_property
    def natural(self) -> "HandRules":
        """These rules with no card wild: what the cards a wild card names are worth."""
        return replace(self, wild=frozenset()) if self.wild else self

    @cached_property
    def _rank_table(self) -> dict[int, int | tuple[int, ...]]:
        """The look-up table of ``evaluate``, filled as hands are met, shared by equal rules.

        ``cached_property`` writes the instance ``__dict__``, and later reads cost one
        dict look-up.
        """
        table = _TABLES.get(self)
        if table is None:
            table = _TABLES[self] = _RankTable(self)
        return table


DEFAULT_RULES = HandRules()

# The tables of every rule set met so far: a handful at most (the defaults, a house's).
_TABLES: dict[HandRules, dict[int, int | tuple[int, ...]]] = {}

# Each card's share of the table key: 5 ** rank. The joker's share is too big for any
# key in the table, so a joker hand misses it and takes the slow path.
_RANK_KEY: dict[int, int] = {card: 5 ** (card >> 2) for card in range(52)}
_RANK_KEY[_JOKER] = 5**14


def _lex(ranks: Sequence[int]) -> int:
    """Ranks (already highest first) as one int that orders like the sequence."""
    value = 0
    for rank in ranks:
        value = value * 13 + rank
    return value


def _run_top(ranks: frozenset[int], count: int, step: int, ace_high: bool) -> int | None:
    """The highest card of a run of ``count`` distinct ranks ``step`` apart, or None.

    The ace may begin a run (as the rank below the 2) and, with ``ace_high``, end
    one after the king; it never turns the corner (K-A-2). For a sequence ``step``
    is 1, for a skip sequence 2.
    """
    if len(ranks) != count:
        return None
    if _ACE in ranks:
        low = frozenset(-1 if rank == _ACE else rank for rank in ranks)
        if max(low) - min(low) == (count - 1) * step and all(
            (rank - min(low)) % step == 0 for rank in low
        ):
            return max(low)
        if not ace_high:
            return None
    if max(ranks) - min(ranks) == (count - 1) * step and all(
        (rank - min(ranks)) % step == 0 for rank in ranks
    ):
        return max(ranks)
    return None


def _one_of_each(made: Sequence[int], sets: tuple[frozenset[int], ...]) -> bool:
    """Can each set of ranks take a card of its own among ``made``?"""
    return any(all(rank in wanted for rank, wanted in zip(order, sets)) for order in permutations(made))


def _shape_tie(shape: HandShape, ranks: tuple[int, ...], suits: tuple[int, ...], ace_high: bool) -> int | None:
    """The tie-break of the best way the cards (``ranks`` and ``suits``, in step) make
    ``shape``, or None where they do not make it (see the module's docstring)."""
    best = None
    for chosen in combinations(range(len(ranks)), shape.cards):
        made = [ranks[i] for i in chosen]
        if shape.suited and len({suits[i] for i in chosen}) != 1:
            continue
        if not shape.ranks.issuperset(made) or (shape.one_of_each and not _one_of_each(made, shape.one_of_each)):
            continue
        counts = Counter(made)
        if shape.groups and tuple(sorted(counts.values(), reverse=True)) != shape.groups:
            continue
        if shape.step:
            top = _run_top(frozenset(made), shape.cards, shape.step, ace_high)
            if top is None:
                continue
            key = [top]
        elif shape.groups:
            key = sorted(made, key=lambda rank: (counts[rank], rank), reverse=True)
        else:
            key = sorted(made, reverse=True)
        if shape.odd_cards_decide:
            key += sorted((ranks[i] for i in range(len(ranks)) if i not in chosen), reverse=True)
        tie = _lex(key)
        best = tie if best is None else max(best, tie)
    return best


def _value(ranks: tuple[int, ...], suited: bool, heart: bool, top_heart: bool,
           rules: HandRules, suits: tuple[int, ...] | None = None) -> HandValue:
    """The value of a joker-free hand from its ranks and the few suit facts that count.

    ``suited``: all five cards of one suit; ``heart``: that suit is hearts;
    ``top_heart``: the highest card is a heart (needed for sequences, L70); ``suits``:
    the cards' own suits, in step with ``ranks``, where the rules hold a hand made by the
    suits of some of them (without, those hands are not looked for). The hand is worth
    the highest in ``hand_order`` of what it is: one of Peel's nine classes, which never
    overlap, or a hand the house declares. Used to build the tables, so clarity matters
    more than speed here.
    """
    order = rules.hand_order
    hearts = rules.hearts_break_ties
    ace_high = rules.ace_in_sequences == "low_or_high"
    desc = tuple(sorted(ranks, reverse=True))
    counts = Counter(ranks)
    # ranks grouped by how many of each, the larger group (then higher rank) first
    groups = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)

    candidates: list[tuple[str, int]] = []
    sequence_top = _run_top(frozenset(ranks), 5, 1, ace_high)
    # by the larger groups, so that a hand of fewer than five cards (a house's) is what its
    # cards make: four of a rank fours, two pairs two pairs; a full, a flush, a sequence need five
    if shape[0] == 4:
        candidates.append(("fours", groups[0]))
    elif shape[:2] == [3, 2]:
        candidates.append(("full", groups[0]))
    elif shape[0] == 3:
        candidates.append(("threes", groups[0]))
    elif shape[:2] == [2, 2]:
        odd_card = groups[2] if rules.two_pairs_odd_card_decides and len(groups) > 2 else 0
        candidates.append(("two_pairs", (groups[0] * 13 + groups[1]) * 13 + odd_card))
    elif shape[0] == 2:
        candidates.append(("pair", groups[0] * 13**3 + _lex(groups[1:])))
    elif suited and sequence_top is not None:
        candidates.append(("sequence_flush", sequence_top))
    elif suited:
        candidates.append(("flush", (_HEART_BIT if hearts and heart else 0) | _lex(desc)))
    elif sequence_top is not None:
        candidates.append(("sequence", sequence_top * 2 + (hearts and top_heart)))
    else:
        candidates.append(("high_card", _lex(desc)))

    # Without the cards' suits, those of a hand in one suit, or of one in no single suit
    # (no declared hand looked for here needs more: those made by some cards' suits are not)
    seen = suits or ((0,) * 5 if suited else (0, 1, 2, 3, 0))
    for declared in rules.shapes:
        if declared.by_suits and suits is None:
            continue
        tie = _shape_tie(declared, ranks, seen, ace_high)
        if tie is not None:
            candidates.append((declared.name, tie))
    return max(_encode(name, tie_break, order) for name, tie_break in candidates)


def _encode(name: str, tie_break: int, order: tuple[str, ...]) -> HandValue:
    """Pack a class and a tie-break into a HandValue (see the layout above)."""
    position = len(order) - 1 - order.index(name)
    return (position << _POSITION_SHIFT) | (tie_break << 1)


class _RankTable(dict[int, int | tuple[int, ...]]):
    """Multisets of five ranks -> what ``evaluate`` needs to value them, each entry
    worked out the first time a hand with those ranks is met: a single hand costs
    microseconds, not the tens of milliseconds of all 6,175 entries at once, and a bulk
    run fills the table as it goes.

    A multiset with a repeated rank can be neither flush nor sequence: its entry is the
    value. Five distinct ranks get a tuple (plain, flush, heart flush), and when the
    plain hand is a sequence whose hearts matter (L70), also the heart of its highest
    rank and the value when that card is held. A key that is no five ranks (the joker's
    share is 5**14) raises KeyError, which sends ``evaluate`` down its checked path; so
    does every key under rules whose hands some cards' suits make (``by_suits``).
    """

    def __init__(self, rules: HandRules) -> None:
        super().__init__()
        self.rules = rules

    def __missing__(self, key: int) -> int | tuple[int, ...]:
        if self.rules.by_suits or self.rules.wild:
            raise KeyError(key)
        ranks = _ranks_of(key)
        entry = self[key] = _entry(ranks, self.rules)
        return entry


def _ranks_of(key: int) -> tuple[int, ...]:
    """The five ranks a table key stands for (its base-5 digits count each rank)."""
    ranks: list[int] = []
    rank = 0
    while key and rank < 13:
        key, count = divmod(key, 5)
        ranks.extend([rank] * count)
        rank += 1
    if key or len(ranks) != 5 or max(Counter(ranks).values()) > 4:
        raise KeyError(key)
    return tuple(ranks)


def _entry(ranks: tuple[int, ...], rules: HandRules) -> int | tuple[int, ...]:
    if len(set(ranks)) < 5:
        return _value(ranks, False, False, False, rules)
    plain = _value(ranks, False, False, False, rules)
    entry: tuple[int, ...] = (
        plain,
        _value(ranks, True, False, False, rules),
        _value(ranks, True, True, False, rules),
    )
    with_top_heart = _value(ranks, False, False, True, rules)
    if with_top_heart != plain:
        top = _run_top(frozenset(ranks), 5, 1, rules.ace_in_sequences == "low_or_high")
        assert top is not None  # only a sequence's value depends on its top card
        entry += (top * 4 + _HEARTS, with_top_heart)
    return entry


def evaluate(cards: Sequence[int], rules: HandRules = DEFAULT_RULES) -> HandValue:
    """The value of a hand of ``rules.cards`` cards (five, Peel's) under ``rules``; higher
    is better.

    ``ValueError`` for another number of cards, a duplicate card, something that is not
    a card int, or the joker when ``rules.joker`` is false.
    """
    if rules.cards != 5:
        return _evaluate_checked(cards, rules)
    # The fast path: any failure, and the joker, fall through to the checked path.
    try:
        a, b, c, d, e = cards
        entry = rules._rank_table[
            _RANK_KEY[a] + _RANK_KEY[b] + _RANK_KEY[c] + _RANK_KEY[d] + _RANK_KEY[e]
        ]
        if isinstance(entry, int):
            # A repeated rank may hide a repeated card; and a float equal to a card
            # gets through the dict look-ups, but not through ``|``.
            if len({a, b, c, d, e}) == 5 and (a | b | c | d | e) >= 0:
                return entry
        else:
            suit = a & 3
            if b & 3 == suit and c & 3 == suit and d & 3 == suit and e & 3 == suit:
                return entry[2] if suit == _HEARTS else entry[1]
            if len(entry) == 3 or entry[3] not in (a, b, c, d, e):
                return entry[0]
            return entry[4]
    except (TypeError, ValueError, KeyError):
        pass
    return _evaluate_checked(cards, rules)


def _evaluate_checked(cards: Sequence[int], rules: HandRules) -> HandValue:
    """The slow path of ``evaluate``: say exactly what is wrong, or value a joker hand, a
    hand under rules whose hands some cards' suits make, or a house's hand of other than
    five cards."""
    hand = tuple(cards)
    if len(hand) != rules.cards:
        raise ValueError(f"a hand is exactly {rules.cards} cards, not {len(hand)}: {hand!r}")
    for card in hand:
        if type(card) is not int or not 0 <= card <= _JOKER:
            raise ValueError(f"not a card: {card!r} (cards are ints 0..{_JOKER})")
    if len(set(hand)) != len(hand):
        raise ValueError(f"duplicate card in hand {hand!r}")
    if _JOKER in hand and not rules.joker:
        raise ValueError("the joker is not in the pack under these rules")
    if rules.cards > 5:  # a house's larger hand is worth its best five cards
        return max(evaluate(five, rules.of_five) for five in combinations(hand, 5))
    wild = [card for card in hand if card == _JOKER or card in rules.wild]
    if wild:
        naturals = tuple(sorted(card for card in hand if card not in wild))
        return _wild_value(naturals, len(wild), _JOKER in wild, rules)
    if rules.wild:  # none of them held: the hand is valued as the cards are
        return evaluate(hand, rules.natural)
    assert rules.by_suits or rules.cards < 5, "the fast path values every valid hand of five without a wild card"
    return _suited_value(tuple(sorted(hand)), rules)


@lru_cache(maxsize=1 << 16)
def _wild_value(naturals: tuple[int, ...], count: int, joker: bool, rules: HandRules) -> HandValue:
    """The best value `count` wild cards can make with the natural ones, each naming a card
    not already in the hand (so no five of a kind); with the joker among them, its edge
    (p. 41)."""
    natural = rules.natural
    free = [card for card in range(52) if card not in naturals]
    best = max(evaluate(naturals + named, natural) for named in combinations(free, count))
    return best | joker


@lru_cache(maxsize=1 << 16)
def _suited_value(hand: tuple[int, ...], rules: HandRules) -> HandValue:
    """The value of cards (no joker) under rules holding a hand some cards' suits make, or
    of a house's hand of fewer than five (a flush needs five)."""
    ranks = tuple(card >> 2 for card in hand)
    suits = tuple(card & 3 for card in hand)
    suited = len(hand) == 5 and len(set(suits)) == 1
    top = _run_top(frozenset(ranks), 5, 1, rules.ace_in_sequences == "low_or_high")
    top_heart = top is not None and top * 4 + _HEARTS in hand
    return _value(ranks, suited, suited and suits[0] == _HEARTS, top_heart, rules, suits)


def equal_but_for_the_joker(a: HandValue, b: HandValue) -> bool:
    """Do two hands differ by the joker's edge alone (p. 41), every other comparison equal?"""
    return a != b and a >> 1 == b >> 1


def hand_class(value: HandValue, rules: HandRules = DEFAULT_RULES) -> str:
    """The name of the hand a value made under ``rules`` stands for, e.g. ``"two_pairs"``."""
    order = rules.hand_order
    return order[len(order) - 1 - (value >> _POSITION_SHIFT)]


def compare(a_cards: Sequence[int], b_cards: Sequence[int],
            rules: HandRules = DEFAULT_RULES) -> int:
    """1 if the first hand is better, -1 if the second is, 0 if they are equal (L76)."""
    a = evaluate(a_cards, rules)
    b = evaluate(b_cards, rules)
    return (a > b) - (a < b)


def winners(hands: Mapping[str, Sequence[int]], rules: HandRules = DEFAULT_RULES) -> list[str]:
    """Every holder of the best hand, in the mapping's order: hands equal in value
    share (L76). No hands, no winners."""
    values = {holder: evaluate(cards, rules) for holder, cards in hands.items()}
    if not values:
        return []
    best = max(values.values())
    return [holder for holder, value in values.items() if value == best]


def check_minimum(minimum: object) -> str:
    """``minimum`` if it is a pair the evaluator knows, written like "JJ" or "AA" (the
    jack-pot openers, L30-L32); else a ValueError that says so."""
    if (
        not isinstance(minimum, str)
        or len(minimum) != 2
        or minimum[0] != minimum[1]
        or minimum[0] not in _RANK_CHARS
    ):
        raise ValueError(f"a minimum is a pair written like 'JJ' or 'AA', not {minimum!r}")
    return minimum


def meets_minimum(cards: Sequence[int], minimum: str, rules: HandRules = DEFAULT_RULES) -> bool:
    """Whether the hand ranks at least a pair of ``minimum``'s rank ("JJ", "QQ", ...).

    "Two knaves, or better" (L30) is read as ranking: any hand that would beat or tie
    the lowest possible pair of knaves qualifies, so two pairs of threes and deuces
    open a jack-pot, and so does anything else above a pair in ``hand_order``.
    """
    rank = _RANK_CHARS.index(check_minimum(minimum)[0])
    lowest_such_pair = _encode("pair", rank * 13**3, rules.hand_order)
    return evaluate(cards, rules) >= lowest_such_pair
