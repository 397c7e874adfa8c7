"""The acts of the draw: discards, demands, the cards given, the discards collected, a
dispute over the number demanded (law 46), a question to the dealer and his answer, a
hand divulged or taken back, and counters added to a stack between games."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.events import Event, face_down
from arbiter.rulebook.vocabulary.facts import act_possible, discards_left, draw_ended, pack_suffices
from arbiter.rulebook.vocabulary.functions import demanded_by
from arbiter.rulebook.vocabulary.numbers import dealer_drew
from arbiter.rulebook.vocabulary.predicates import has_drawn
from arbiter.state import Phase
from arbiter.words import plural

if TYPE_CHECKING:
    from arbiter.engine.judge import Judge


def on_discard(r: Judge, event: Event) -> None:
    game = r.board.playing
    player, count = event["player"], event["count"]
    hand = game.deal.hands[player]
    # no time to draw (L35), whatever the count: before the draw or after it (no one holds his cards yet, or after a
    # misdeal), by one who has drawn (his discards taken back, L37, are held to be among the discards) or left
    no_time = not act_possible(r.board, "discard", player) or has_drawn(r.board, player) or draw_ended(r.board) \
        or player not in game.still_in
    if count > hand.count and not game.deal.misdealt and not no_time:
        raise r.board.refused(f"{player} cannot discard {plural(count, 'card')}, "
                                 f"holding {plural(hand.count, 'card')}", f"/events/{r.board.k}/count")
    held = r.decide("discard", player)
    if no_time:
        r.act(held)  # it stands as an irregularity and changes nothing else: his draw, had, forfeited or left, was one
        return
    skipped: list[str] = []
    if game.phase == Phase.DRAW and player in game.still_in and player not in game.the_draw().done:
        pending = game.the_draw().pending(game.still_in)
        skipped = pending[: pending.index(player)] if player in pending else []
    first = hand.discarded is None
    # cards given him before his discard count towards it; a give all exposed (L40) gave him none, and so owes all
    early = first and hand.supplied
    hand.discarded = (hand.discarded or 0) + count
    if early:
        hand.supplied = hand.given >= hand.discarded  # else the dealer owes him the rest
    hand.count -= count
    if not r.board.parsed_cards and count:  # any of his named cards may be among those thrown, as many as he threw
        named = {card for card in hand.cards if card is not None}
        hand.maybe_thrown |= named
        hand.thrown_unnamed += min(count, len(named))
        unnamed = hand.count + count - len(named)  # of the cards he held: those he may have thrown first
        hand.surely_thrown += min(len(named), max(count - unnamed, 0))
    for card in r.board.parsed_cards:
        if card in hand.cards:
            hand.cards.remove(card)
        game.deal.discard(card, player)
    while len(hand.cards) > hand.count:
        hand.cards.remove(None) if None in hand.cards else hand.cards.pop()
    game.deal.uncollected += count
    if game.draw is not None:
        game.draw.take(player)
    r.act(held)
    for passed_over in skipped:  # the turn to draw moves past them: they forfeit their draw
        r.fire("draw_turn_passed", passed_over)
        game.the_draw().take(passed_over)  # unless a rule's forfeit_draw has moved it already
    if first and hand.demanded is not None:  # asked for before he discarded: judged now (L44, L45)
        demand_known(r, player)
    if early and hand.supplied:  # given his discard's number or more before it: his draw judged now (L47)
        r.fire("supplied", player)


def on_demand(r: Judge, event: Event) -> None:
    hand = r.require_hand(event["player"])
    held = r.decide("demand", event["player"])
    if not act_possible(r.board, "demand", event["player"]) or draw_ended(r.board):
        r.act(held)
        return
    hand.demanded = event["count"]
    r.act(held)
    demand_known(r, event["player"])


def demand_known(r: Judge, player: str) -> None:
    hand, demanded = r.board.hand(player), demanded_by(r.board, player)
    if demanded is not None:  # each card owed once: a ruling on the demand assumed before owes no more than it lacks,
        # and takes over what the pack run out owed (L41); cards exposed are owed again whatever was asked (L40: up to
        # the discard, which law 44 lets the dealer give)
        hand.owe_at_most(max(demanded - hand.given, hand.unreplaced))
        hand.awaits_pack = min(hand.awaits_pack, max(demanded - hand.given - hand.owed, 0))
    r.fire("demand_known", player)
    if hand.supplied:
        r.fire("demand_settled", player)


def on_give(r: Judge, event: Event) -> None:
    game = r.board.playing
    player = event["to"]
    hand = game.deal.hands[player]
    held = r.decide("give", player)
    game.taking_back.clear()  # he gives again: what a ruling had him take back (L42) is back on the pack
    # once the dealer has drawn, a give to another stands as an irregularity and changes
    # nothing else; one to the dealer himself is more of his own draw (L47, item 12)
    own_draw = player == game.dealer and player in game.still_in
    if not act_possible(r.board, "give", player) or (draw_ended(r.board) and not own_draw) \
            or player in game.forfeited_draw or player not in game.still_in:
        if player == game.dealer and player in game.foul and game.dealer_drew is not None and game.phase == Phase.DRAW:
            kept, owed = face_down(event), hand.owed  # the cards of his foul draw he took (L49 asks them all): they
            hand.pay(kept)  # pay what he was owed first (L40), then the rest of a give the pack ran out in (L41)
            hand.awaits_pack = max(hand.awaits_pack - (kept - (owed - hand.owed)), 0)
            game.dealer_drew += kept
        r.act(held)
        return
    exposed = event.get("exposed") or 0
    kept = face_down(event)
    if hand.count + kept > r.board.parameters["pack_size"]:
        pack = r.board.parameters["pack_size"]
        raise r.board.refused(f"{player} would hold more cards than the pack of {pack} holds")
    hand.count += kept
    hand.given += kept
    hand.supplied = True
    hand.pay(event["count"])  # a card exposed in this give is owed again by L40's finding
    if hand.given == hand.discarded:  # he has his discard: all is well (L44), whatever a ruling owed of a wrong demand
        hand.owed_by.clear()
    hand.unreplaced = max(hand.unreplaced - event["count"], 0)
    kept_cards = r.board.parsed_cards[:kept] if r.board.parsed_cards else []
    owners = [game.deal.exposed_to.get(card, ()) for card in kept_cards]  # before they are given: whom exposed to
    hand.cards.extend(kept_cards + [None] * (kept - len(kept_cards)))
    for card in kept_cards:
        game.deal.receive(card, player)
    if hand.maybe_thrown:  # his own thrown card given him again, from the pack made up (L41), came back: not kept
        hand.came_back.update(card for card in kept_cards if card in hand.maybe_thrown)
    again = game.deal.expose(r.board.parsed_cards[kept:], player) if exposed else 0
    game.deal.take_from_pack(player, kept, exposed - again, owners)
    game.deal.remaking.clear()  # the pack is dealt from as it stands (L41 says whether it was made up fully)
    if player == game.dealer:
        game.dealer_drew = hand.given
    r.act(held)
    # what the pack cannot supply (cards exposed aside, owed by L40) comes from the discards made up: of his discard,
    # which is due whatever he asked (L44: given it, all is well, item 11); of his demand where he asked before he
    # discarded
    due = hand.discarded if hand.discarded is not None else demanded_by(r.board, player) or 0
    short = due - hand.given - hand.owed
    ran_out = hand.awaits_pack or game.deal.pack_for(player) < short + hand.owed  # in this give, or an earlier one
    hand.awaits_pack = short if short > 0 and ran_out else 0
    r.fire("supplied", player)
    if hand.demanded is not None:
        r.fire("demand_settled", player)


def on_collect_discards(r: Judge, event: Event) -> None:
    game = r.require_game("collect_discards")
    held = r.decide("collect_discards", game.dealer)
    if not act_possible(r.board, "collect_discards", game.dealer) or draw_ended(r.board) or pack_suffices(r.board) \
            or not discards_left(r.board):
        # it changes nothing: no draw can come, or the pack has not run short and is dealt from as it is, or
        # every discard has been made up into it already
        r.act(held)
        return
    game.deal.pack_remaining += game.deal.uncollected
    game.deal.uncollected = 0
    game.taking_back.clear()
    game.deal.collect_discards(r.board.parsed_cards)
    game.deal.made_up = True
    game.deal.remaking = {"shuffle", "cut"}  # the pack made up is shuffled and cut before it is dealt from
    r.act(held)


def on_dispute(r: Judge, event: Event) -> None:
    """The number demanded is known once law 46's evidence is taken; a dispute the rules
    take no evidence on (the dealer's own, over his own draw) settles nothing."""
    r.require_hand(event["player"])
    before = r.board.evidence
    r.act(r.decide("dispute", event["player"]))
    if r.board.evidence is not before:
        demand_known(r, event["player"])


def on_ask_dealer(r: Judge, event: Event) -> None:
    """A question to the dealer waits for its answer: owed one where the asker has drawn
    (not passed over) and no ruling (L50) excuses the dealer now."""
    game = r.board.playing
    player = event["player"]
    r.act(r.decide("ask_dealer", player))
    if player == game.dealer:  # the law gives the question to a player who asks the dealer: his own is none
        return
    if player in game.told:  # asked again, the same question (reading 14): the answer given answers it
        return
    owed = has_drawn(r.board, player) and player not in game.forfeited_draw and player not in game.need_not_answer
    game.questions.append((player, owed))


def on_dealer_answer(r: Judge, event: Event) -> None:
    """The answer is for the first question still waiting that he had to answer, else for
    the first waiting (L49 judges only the former), and for every question its asker has
    waiting; with none waiting, a second answer to the question last answered, which he
    had to answer truly as the first."""
    game = r.board.playing
    waiting = game.questions
    at = next((i for i, (_, owed) in enumerate(waiting) if owed), 0)
    if waiting:  # one answer answers every question its asker has waiting: asked again, it is the same question
        game.answered = waiting[at]
        game.questions = [question for question in waiting if question[0] != game.answered[0]]
        if dealer_drew(r.board) is not None:  # an answer with a count to be true to
            game.told.add(game.answered[0])
    if game.answered is not None:
        r.board.last_asker, r.board.answer_owed = game.answered
    r.act(r.decide("dealer_answer", game.dealer))
    r.board.last_asker, r.board.answer_owed = None, False


def on_dealer_tells(r: Judge, event: Event) -> None:
    game = r.board.playing
    r.act(r.decide("dealer_tells", game.dealer))


def on_divulge(r: Judge, event: Event) -> None:
    r.require_game("divulge")
    r.act(r.decide("divulge", event["player"]))


def on_add_counters(r: Judge, event: Event) -> None:
    """Counters a player brings to the table: they join his stack, or, under table stakes
    while a game is in play, they are the next game's (A5)."""
    board = r.board
    if board.ledger.stacks is None:
        raise board.refused("counters are added to a stack, and the log gives none (table.stacks)")
    player, amount = event["player"], event["amount"]
    held = r.decide("add_counters", player)
    if board.parameters["table_stakes"] and board.game is not None and board.game.phase != Phase.OVER:
        board.held_over[player] = board.held_over.get(player, 0) + amount
    else:
        board.ledger.add(player, amount)
    r.act(held)


def on_take_back(r: Judge, event: Event) -> None:
    r.require_game("take_back")
    r.act(r.decide("take_back", event["player"]))

