"""The facts a rule's condition may name (`deal_finished`, `jackpot` …): each true or false of the board."""

from __future__ import annotations

from typing import Callable, Final

from arbiter.rulebook.vocabulary.board import BoardView
from arbiter.rulebook.vocabulary.functions import rest_asked
from arbiter.rulebook.vocabulary.numbers import dealer_drew, stake_made
from arbiter.rulebook.vocabulary.predicates import cards_due
from arbiter.rulebook.vocabulary.registry import Words
from arbiter.state import Outcome, Phase

FACTS: Final[Words[Callable[[BoardView], bool]]] = Words("fact", value="fact")
add = FACTS.add

STAKES: Final = frozenset({"open", "play", "demand_show"})


def act_possible(t: BoardView, kind: str, player: str | None) -> bool:
    """Can this act come now? Only where a round in force accepts it (the rules'
    `round_acts`); a stake only from a player still in. An act no setting names
    belongs to no round and can always come."""
    phases = t.round_acts.get(kind)
    if phases is None:
        return True
    game = t.game
    if game is None or (game.phase not in phases and not (
            kind in t.conditional_acts and game.phase in t.accepting_phases(kind))):
        return False
    return kind not in STAKES or player in game.still_in


def all_stood(t: BoardView) -> bool:
    game = t.playing
    active = {p for p in game.still_in if p not in game.all_in}
    return bool(active) and active <= game.stood


def draw_ended(t: BoardView) -> bool:
    """Every player still in has had his turn to draw, the dealer last, and been given all
    he is owed, the pack running out in his give included (L41), and all he asked for
    (of his discard: given it, all is well, L44), or raised what he was given: no give can
    come now (turns.md: the draw ends when the dealer has drawn). A give of fewer may be
    followed by the rest before he raises them, the last drawer's as any other's: a give
    in parts."""
    game = t.game
    if game is None or game.phase != Phase.DRAW or game.draw is None or not game.draw.over(game.still_in):
        return False
    hands = game.deal.hands
    return all(hands[p].owed == 0 == hands[p].awaits_pack and (hands[p].supplied or not hands[p].discarded)
               and not rest_asked(hands[p])
               for p in game.still_in)


def dealer_answer_wrong(t: BoardView) -> bool:
    """Did the dealer answer a count other than the cards he drew (`dealer_drew`: none
    where he stood pat or lost his draw)? Before he has drawn there is no count to answer."""
    if t.last_asker is None:
        return False
    drew = dealer_drew(t)
    return drew is not None and t.event.get("count") != drew


add("answer_owed", "the dealer had to answer the question", lambda t: t.answer_owed,
    note="asked by one who had drawn, not passed over, and whom no ruling (`need_not_answer`, L50) excused")
add("deal_finished", "the deal is finished", lambda t: t.game is not None and t.playing.deal.finished)
add("deal_in_play", "a deal is in play: its dealer has taken up the pack, and it is neither finished nor void",
    lambda t: t.game is not None and t.k > t.playing.deal.began and not t.playing.deal.finished
    and not t.playing.deal.misdealt,
    note="from the event after its `deal`, the first card not waited for; an act recorded before the deal and "
         "judged at it is not in it")
add("void_deal_dealt", "a deal of this game declared void had its first card dealt",
    lambda t: t.game is not None and t.playing.void_deal_dealt(),
    note="where none had (a misdeal before the first card), the new deal's first card is the game's: what is "
         "due by it (the ante, the jack-pot's payments, the straddles in turn) is judged there")
add("dealing_begun", "the first card of the deal has been dealt",
    lambda t: t.game is not None and t.playing.deal.started())


def stakes_all(t: BoardView) -> bool:
    """Under table stakes, is the stake all he has (A5)?"""
    if not t.parameters["table_stakes"] or t.actor is None or t.game is None:
        return False
    stack = t.stack_of(t.actor)
    return stack is not None and stake_made(t) - t.playing.stakes.get(t.actor, 0) >= stack


add("stakes_all", "under table stakes the stake is all he has", stakes_all,
    note="a show for that sum (A5) where it falls short of the stake he must meet (`all_in_short`)")
add("all_in_short", "under table stakes the stake is all he has, short of the stake he must meet",
    lambda t: stakes_all(t) and stake_made(t) < t.playing.stake_to_meet(),
    note="a show for that sum, which opens nothing (A5, law 61)")
add("dealing_over", "the dealing is over: since its first card an event has come other than a card, a word to "
    "the dealer, a point made or a card found face up", lambda t: t.game is not None and t.playing.deal.dealing_over,
    note="reading 4's end of the deal; a card after it is no longer part of the dealing, as one straight after the "
         "last is")
add("game_in_play", "a game is in play", lambda t: bool(t.game and (t.game.phase != Phase.OVER or t.game.claiming)),
    note="from its deal until its pool is taken (or it ends unopened)")
add("jackpot", "the game is a jack-pot", lambda t: bool(t.game and t.game.jackpot))
add("every_player_antes", "every player antes in this game", lambda t: bool(t.game and t.game.every_ante),
    reads=("ante_from_every_player",),
    note="the `ante_by` setting in force when the game began names every player: a jack-pot (L30), or a house's "
         "`ante_from_every_player` (L20)")
add("straddled", "the ante has been straddled", lambda t: bool(t.game and t.game.straddles))
add("ante_staked", "the ante has been staked", lambda t: bool(t.game and t.game.ante is not None))
add("cut_done", "the pack has been cut", lambda t: t.game is not None and t.playing.deal.cut_by is not None)
add("dealer_shuffled", "the dealer has shuffled",
    lambda t: t.game is not None and t.playing.dealer in t.playing.deal.shufflers)
add("opened", "the game has been opened", lambda t: bool(t.game and t.game.opener))
add("misdealt", "the deal has been declared a misdeal", lambda t: t.game is not None and t.playing.deal.misdealt)
add("redeal", "this deal follows a misdeal", lambda t: t.game is not None and t.playing.deal.redeal)
add("first_game", "this is the first game", lambda t: t.session.games_begun <= 1)
add("game_begun", "a game of the log has begun", lambda t: t.session.games_begun > 0,
    note="from the first `deal` on")
add("pack_short", "the pack has fewer cards than are given",
    lambda t: t.game is not None and (t.event.get("count") or 0) > t.playing.deal.pack_remaining,
    note="the give asks for more cards than remain in the pack")
add("collected_in_turn", "the discards were collected after all had discarded",
    lambda t: bool(t.game and t.game.draw and t.game.draw.over(t.game.still_in)),
    note="after every player still to draw has discarded")
add("dealer_answer_wrong", "the dealer's answer is wrong", dealer_answer_wrong)
add("draw_ended", "the draw has ended", draw_ended,
    note="every player still in has had his turn to draw and been given all he is owed; the betting has not begun")


def pack_suffices(t: BoardView) -> bool:
    """Does the pack hold every card still owed in the draw (each player still in who has
    discarded and not raised his cards: his discard less what he was given), none of them
    one exposed to the player it is owed (L40: it is not to be given him)?"""
    game = t.playing
    owed = {player: max(hand.discarded - hand.given, 0) for player, hand in game.deal.hands.items()
            if player in game.still_in and hand.discarded is not None and not hand.drawn_lifted}
    deal = game.deal  # cards exposed to him are not his to be given, discards left to make up the pack or none
    return deal.pack_remaining >= sum(owed.values()) and all(
        count <= deal.pack_remaining - deal.hands[player].exposed_back for player, count in owed.items())


def discards_left(t: BoardView) -> bool:
    """Do discards remain to be gathered into the pack made up (L41)? Once every one is in
    it, a gathering has nothing to make it up from again."""
    return t.playing.deal.uncollected > 0


add("discards_left", "discards remain to be collected",
    lambda t: t.game is not None and discards_left(t),
    note="a discard made and not yet gathered into the pack made up (L41)")
add("pack_suffices", "the pack holds every card still owed in the draw",
    lambda t: t.game is not None and pack_suffices(t),
    note=("to each player still in who has discarded and not raised his cards: his discard less what he was "
          "given, from cards not exposed to him (L40)"))
add("cards_owed", "the dealer still owes cards of the draw to a player still in",
    lambda t: t.game is not None and any(cards_due(t, player) for player in t.playing.still_in),
    note="`cards_due` of any player still in: the discards may still be made up for them (L39, L41)")
add("pack_unready", "the pack made up from the discards is not yet shuffled and cut",
    lambda t: t.game is not None and bool(t.playing.deal.remaking))
add("all_stood", "every player still in stood after the draw", all_stood)
add("winner_decided", "the laws have decided who takes the pool",
    lambda t: bool(t.game and t.game.resolved and t.game.outcome is not None),
    note="perhaps no one: where no one opened, or a false opener cannot claim; where no cards decide, the wins "
         "recorded for players still in")
add("show_for_sum", "the pool is paid by a show for a sum: a demander's share, or the remainder after it",
    lambda t: t.paying_how == Outcome.SHOW_FOR_SUM or (t.paying_how is None and bool(t.game and t.game.claiming
                                                                                      and t.game.by_sum)),
    note="while the pool is paid, this payment's way; at the moment it is about to be paid (`game_won`), whether "
         "a show for a sum pays any of it; the remainder is the next best hand's (L60), unless equal hands share it")
add("pool_shared", "equal best hands share the pool",
    lambda t: (t.paying_how or (t.game.outcome if t.game else None)) == Outcome.SHARED,
    note="while the pool is paid, this payment's way; from the moment it is about to be paid (`game_won`), "
         "how the laws decided it")
add("act_possible", "a round in force accepts this act now",
    lambda t: act_possible(t, t.event.get("type", ""), t.actor),
    note="by the `round_acts` settings; a stake only from a player still in")
add("pool_taken", "the pool of this game has been taken",
    lambda t: t.game is not None and t.game.pool_taken())
add("won_uncalled", "an uncalled bet took the pool", lambda t: bool(t.game and t.game.outcome == Outcome.UNCALLED))
add("left_alone", "one player is left in the game, every other having passed or retired",
    lambda t: t.game is not None and len(t.game.still_in) == 1,
    note="where his uncalled bet has not taken the pool: a jack-pot opener's claim waits for his show, or he "
         "could not claim it (law 33)")
add("raised_by_lift", "the cards are raised by a recorded lift",
    lambda t: t.event.get("type") == "lift",
    note="at the `raise_hand` moment: false where a say or a bet counts as raising the cards (no lift recorded)")
add("staked_in_turn", "a stake has been made in turn in this say",
    lambda t: bool(t.game and t.game.say_staked),
    note="until then the first to stake in turn, a jumped first speaker too, meets the opening minimum")
add("opening_early", "the game was opened by a stake out of turn whose turn has not yet come",
    lambda t: t.game is not None and t.playing.opening_early,
    note="an `open` out of turn: it counts at his turn (reading 24), where a club's rule may judge it")
add("number_unrecorded", "the witness's number is not recorded",
    lambda t: t.event.get("type") == "dispute" and t.evidence is not None and t.evidence.witness is not None
    and t.evidence.demanded is None,
    note="at a dispute over the cards demanded: the evidence decides, but the log does not say what it said")
