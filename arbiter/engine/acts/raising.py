"""Raising the cards: the first time a player raises his dealt cards, or after his draw
the cards drawn, by a `lift` or by the act that counts as one; a hand found foul then
retires him before that act is judged."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.rulebook.vocabulary.predicates import has_drawn

if TYPE_CHECKING:
    from arbiter.engine.judge import Decision, Judge


def raise_hand(r: Judge, player: str) -> list[Decision]:
    """A player first raises his dealt cards, or (after his draw) the cards drawn: the
    `raise_hand` moment's checks, decided now on the state before the act that raises
    them, and applied before that act is judged (`raised_a_foul_hand`)."""
    deal = r.board.playing.deal
    if not deal.started():  # before the first card no hand is dealt him: there is nothing to raise
        return []
    hand = deal.hands[player]
    drawn = has_drawn(r.board, player)
    if (hand.drawn_lifted if drawn else hand.lifted):
        return []
    held = r.decide("raise_hand", player)
    if drawn:
        hand.drawn_lifted = True
    else:
        hand.lifted = True
    return held


def nothing_drawn(r: Judge, player: str) -> bool:
    """Has he discarded and been given no card of his draw yet? He then has no "cards
    drawn" to raise (L48): a lift or a pass raises nothing. Cards given him before his
    discard are cards drawn."""
    hand = r.board.playing.deal.hands.get(player)
    return hand is not None and hand.draw_to_come() and not hand.given


def raised_a_foul_hand(r: Judge, player: str, raised: list[Decision]) -> bool:
    """Apply what raising the hand decided, before the act that raised it is judged: a
    hand found foul then retires its holder first, as a `lift` recorded before the act
    would (reading 5). The act is that raising, one finding: his stake stands as one made
    out of the game (it is forfeit in the pool) and changes nothing else."""
    if not raised:  # most acts raise nothing new
        return False
    was_in = player in r.board.playing.still_in
    r.act(raised)
    return was_in and player not in r.board.playing.still_in
