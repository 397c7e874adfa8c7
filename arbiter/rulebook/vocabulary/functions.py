"""The functions a rule may apply to a person (`left_of: dealer`, `stake_of: actor` …)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable, Final

from arbiter.events import MAX_STAKE
from arbiter.rulebook.vocabulary.board import BoardView
from arbiter.rulebook.vocabulary.registry import Words
from arbiter.state import Hand

PERSON_FUNCTIONS: Final[Words[Callable[[BoardView, Any], Any]]] = Words(
    "function of a person", value="person", takes="person")
NUMBER_FUNCTIONS: Final[Words[Callable[[BoardView, Any], Any]]] = Words(
    "function giving a number", value="whole", takes="person")


def demanded_by(t: BoardView, player: str) -> int | None:
    """The cards he asked for: his demand, or else as many as he discarded."""
    hand = t.playing.deal.hands[player]
    return hand.demanded if hand.demanded is not None else hand.discarded


def ante_bound(t: BoardView) -> int:
    """The most an ante may be: law 19's fraction of the limit, reckoned exactly (0.29 of
    100 is 29); no bound where a house switches law 19 off."""
    if not t.in_force(ANTE_BOUND):
        return MAX_STAKE
    return math.floor(t.limit * Fraction(str(t.parameters["max_ante_fraction_of_limit"])))


ANTE_BOUND: Final = "rulebook/vocabulary/functions.py:ante_bound"  # law 19's place in the code


def ante_owed(t: BoardView) -> int:
    """The ante owed: the table's, no more than law 19's bound where an ante is within it (a
    limit of 1 allows none: the table's all the same, as an ante is due, L20)."""
    most = ante_bound(t)
    return min(t.table_ante, most) if most >= 1 else t.table_ante


def refundable_of(t: BoardView, player: str) -> int:
    """What a refund gives back to a player: where every player antes, what he paid, no
    more than the ante he owed (L20: more stays in the pool), in a jack-pot no more than
    one sum equal to the table's ante (a second payment, or one of another sum, is no
    jack-pot ante of his: L30); else his ante or his last straddle."""
    game = t.playing
    if game.every_ante:
        return min(game.antes_paid.get(player, 0), t.table_ante if game.jackpot else ante_owed(t))
    own = [amount for who, amount in game.straddles if who == player]
    if player == game.ante_staker and game.ante is not None:
        return own[-1] if own else game.ante
    return own[-1] if own else 0


def dealt_share_of(t: BoardView, player: str) -> int:
    """What a hand holds in a deal made in order: while the cards come one at a time, a
    hand short of the cards it will have is not short yet (L12's reading), only one short
    of what its turns have brought it so far. A deal recorded whole (`dealt`) has made
    every hand."""
    per_hand: int = t.parameters["cards_per_hand"]
    deal = t.playing.deal
    if deal.finished or deal.whole:
        return per_hand
    first = t.first_named(t.required("deal_order"), "the order of the deal in force names no player to be dealt first")
    order = [p for p in t.seating.round_from(first) if p in deal.hands]
    turns, extra = divmod(deal.cards_dealt, len(order))
    return min(per_hand, turns + (player in order[:extra]))


def owed_to(hand: Hand) -> int:
    """The cards the dealer owes him: by a ruling, and the rest of a give the pack ran out in."""
    return hand.owed + hand.awaits_pack


def given_or_owed(hand: Hand) -> int:
    """The cards of his demand given him, or owed him by a ruling."""
    return hand.given + hand.owed


def due_to(hand: Hand) -> int:
    """His discard until he is given it, less cards given him before; then those owed, and
    the rest of a give the pack ran out in, or the rest of what he asked (of his discard)
    while he has not raised what he was given: a give in parts (`draw_ended`)."""
    if not hand.supplied:
        return (hand.discarded or 0) - hand.given
    return max(hand.owed + hand.awaits_pack, rest_asked(hand))


def asked_of(hand: Hand) -> int:
    """What he asked for, of his discard: more is the wrong number, which law 44 lets the
    dealer not give (given his discard, all is well)."""
    return min(hand.discarded or 0, hand.demanded if hand.demanded is not None else hand.discarded or 0)


def rest_asked(hand: Hand) -> int:
    """What he asked for (of his discard) and has not been given, while he has not raised
    what he was given: the rest of a give in parts, which the draw waits for (`draw_ended`)."""
    return 0 if hand.drawn_lifted else max(asked_of(hand) - hand.given, 0)


PERSON_FUNCTIONS.add("left_of", "the player to the left of {0}", lambda t, p: t.seating.left_of(p))
PERSON_FUNCTIONS.add("right_of", "the player to the right of {0}", lambda t, p: t.seating.right_of(p))

add = NUMBER_FUNCTIONS.add
add("stake_of", "{0}'s stake", lambda t, p: t.playing.stakes.get(p, 0))
add("hand_size_of", "the number of cards held by {0}", lambda t, p: t.playing.deal.hands[p].count)
add("discard_of", "the number of cards {0} had discarded before this event",
    lambda t, p: t.playing.deal.hands[p].discarded)
add("demanded_by", "the number of cards {0} demanded", demanded_by,
    note="his demand, or the number the evidence settled; else his discard")
add("dealt_share_of", "the number of cards the order of the deal gives {0} by now", dealt_share_of,
    reads=("cards_per_hand",),
    note=("a hand, once the deal is finished or recorded whole (`dealt`); while cards come one at a time, his "
          "turns' share of those dealt"))
add("given_to", "the number of cards given to {0}", lambda t, p: t.playing.deal.hands[p].given,
    note="exposed ones excepted")
add("pack_for", "the number of cards the pack holds that may be given {0}", lambda t, p: t.playing.deal.pack_for(p),
    note="those exposed to him excepted (L40), while there are discards to make up the pack from (L41)")
add("owed_to", "the number of cards the dealer owes {0}", lambda t, p: owed_to(t.playing.deal.hands[p]),
    note=("for cards exposed in giving (L40), a deficiency ruled (L43), or the rest of a give the pack ran out in "
          "(L41), until given"))
add("deficiency_of", "the number of cards {0} demanded and is neither given nor owed by a ruling",
    lambda t, p: (demanded_by(t, p) or 0) - given_or_owed(t.playing.deal.hands[p]),
    note=("the cards law 43 makes good: owed for cards exposed (L40) or a deficiency ruled (L43) are owed "
          "already; the rest of a give the pack ran out in (L41) is not, until a ruling makes it good"))
add("due_to", "the number of cards the dealer is to give {0} now",
    lambda t, p: due_to(t.playing.deal.hands[p]),
    note="his discard until he is given it (law 39; less cards given him before he discarded), then those "
         "owed (L40, L43), the rest of a give the pack ran out in (L41), or the rest of what he asked (of his "
         "discard) while he has not raised the cards given: a give in parts")
add("unreplaced_for", "the number of cards exposed in giving to {0} not yet replaced",
    lambda t, p: t.playing.deal.hands[p].unreplaced,
    note="owed by law 40 until replaced: law 45 judges the number given once there are none")
add("ante_paid_by", "what {0} has paid as antes in this game", lambda t, p: t.playing.antes_paid.get(p, 0),
    note="where every player antes: all he paid, past the ante he owed too")
add("refundable_of", "{0}'s ante or straddle", refundable_of,
    note="in this game; where every player antes (a jack-pot), his ante")
add("stack_of", "the counters {0} has on the table",
    lambda t, p: t.stack_of(p),
    note="his stack, where the log gives the players' counters (`table.stacks`); else unknown")
add("count_of", "how many {0}", lambda t, items: len(items), takes="list",
    note="e.g. `{count_of: event.cards}`")
