"""The show and the pool: hands shown, a win recorded or uncalled, the best hand found
by the laws' order, the pool paid to the winners (shared where equal), and a claim to
the pool held until the show it waits for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from arbiter import hands
from arbiter.cards import parse_card
from arbiter.engine.acts.raising import raise_hand, raised_a_foul_hand
from arbiter.engine.showdown import share_pool
from arbiter.events import Event
from arbiter.rulebook.vocabulary.facts import act_possible
from arbiter.rulebook.vocabulary.functions import refundable_of
from arbiter.rulebook.vocabulary.predicates import card_seen_twice, hand_known, has_drawn
from arbiter.seats import POOL, WON
from arbiter.state import Game, Outcome, OutcomeName, Phase

if TYPE_CHECKING:
    from arbiter.engine.judge import Judge

# A rule in force that names this place makes a jack-pot opener's claim wait for his show.
OPENER_SHOWS = "engine/acts/showing.py:settle_pending_claim"


def on_show(r: Judge, event: Event) -> None:
    game = r.board.playing
    player = event["player"]
    held = r.decide("show", player)
    # a show that first raises a foul hand drawn is that raising (L48, reading 11): one finding
    if player in game.still_in and has_drawn(r.board, player) and raised_a_foul_hand(
            r, player, raise_hand(r, player)):
        close_show_if_done(r)  # he retires: the hands due may all be in
        return
    if "original" in event:  # his opening hand known, though the show come out of time (law 33)
        game.originals[player] = [parse_card(c) for c in event["original"]]
    cards = list(r.board.parsed_cards[: len(event["cards"])])
    if player in game.shown:  # a player shows his hand once: other cards shown after it do not compete,
        keep_in_play(game, player, cards)  # but they were seen: a later copy is seen again (L1)
        r.act(held)
        if player == game.opener and "original" in event:  # the opening hand his claim waited for (L33)
            settle_pending_claim(r)
        return
    if not act_possible(r.board, "show", player):
        hand = game.deal.hands[player]
        if "original" not in event and not hand.discarded and not hand.given:  # no card drawn: the hand dealt him
            game.originals[player] = cards
        r.act(held)
        return
    game.shown[player] = cards
    if card_seen_twice(r.board) or game.deal.holds_a_copy(player, cards):  # L1: his hand cannot be valued
        game.unvalued.add(player)
    keep_in_play(game, player, cards)
    r.act(held)
    if not close_show_if_done(r) and player == game.opener:
        settle_pending_claim(r)


def keep_in_play(game: Game, player: str, cards: list[int]) -> None:
    """Shown, a card is in his hand: a later copy is seen again (L1)."""
    for card in cards:
        game.deal.in_play.setdefault(card, player)


def on_win(r: Judge, event: Event) -> None:
    """A recorded win is only checked (A3). The pool is taken when an uncalled bet wins or
    the last hand due at the show is shown, not at a win recorded before (reading 25): such
    a win is judged then; so is one recorded while a jack-pot opener's claim waits for his
    show (reading 47)."""
    game = r.board.playing
    game.said_won.add(event["player"])
    if game.pending_claim is not None or (
            not game.resolved and (game.phase != Phase.SHOW or not all_shown(game))):
        game.recorded_wins.append((r.board.k, event))
        return
    take_at_the_end(r)
    r.act(r.decide("win", event["player"]))


def close_show_if_done(r: Judge, by_pass: bool = False) -> bool:
    """Has the last hand due at the show been shown, or its holder passed? Then the pool is
    taken (L59): by the best hand shown, or by the one player left where the others passed
    at the show. Where a hand shown foul (L64) left him the only other player, he claims
    the pool with a hand shown, as the best other hand: his show is still due; where a pass
    (`by_pass`) left him, he takes it then, shown or not. Where no hand shown can win, no
    one takes the pool and it stays for the next game. True if the game ended now."""
    game = r.board.playing
    if game.resolved or game.phase != Phase.SHOW:
        return False
    if not game.still_in:
        if not a_foul_hand_shown(r):
            return False
        no_hand_wins(r)
    elif all_shown(game):
        resolve_show(r)
    elif len(game.still_in) == 1 and (by_pass or not a_foul_hand_shown(r)):  # the others passed at the show
        pay_winners(r, list(game.still_in), Outcome.SHOW)
    else:
        return False
    return True


def a_foul_hand_shown(r: Judge) -> bool:
    """Was a hand of other than the hand's number of cards shown in this game (L64)?"""
    per_hand = r.board.parameters["cards_per_hand"]
    return any(len(cards) != per_hand for cards in r.board.playing.shown.values())


def all_shown(game: Game) -> bool:
    """Has every player still in shown his hand? Then the last hand due at the show is in."""
    return all(p in game.shown for p in game.still_in)


def take_at_the_end(r: Judge) -> None:
    """A game that ends at the show with hands still due (the next deal begins, or wins
    are recorded): the cards shown decide among those shown; where none is, the recorded
    wins are taken as the fact (reading 44), those naming players still in: two such
    divide the pool, as equal hands would, and one naming a player out of the game takes
    nothing (no law makes him the winner). Before the betting closed, the laws have given
    the pool to no one, and a recorded win does not: no one takes it (it carries into the
    next game, or the log ends with the game unfinished)."""
    game = r.board.playing
    if game.resolved or game.phase != Phase.SHOW:
        return
    if any(p in game.shown for p in game.still_in):
        resolve_show(r)
    elif len(game.still_in) == 1:  # the others' hands shown foul, his never shown: the only other player claims (L64)
        pay_winners(r, list(game.still_in), Outcome.SHOW)
    elif game.opener and (named := game.named_by_wins_recorded()):
        game.outcome = Outcome.WIN_RECORDED  # before the pool is shared: a demander named takes his sum (L60)
        pay_winners(r, named, Outcome.WIN_RECORDED)


def taken_by_no_one(r: Judge) -> None:
    """The next deal came before the betting closed: the laws gave the pool to no one, and
    it carries into the next game; a win recorded in the game named someone they did not
    make the winner (A3's reading)."""
    game = r.board.playing
    game.resolved, game.outcome = True, Outcome.CUT_OFF
    judge_recorded_wins(r)


def judge_recorded_wins(r: Judge) -> None:
    """The wins recorded before the pool was taken, judged now that it is, each as of its event."""
    game = r.board.playing
    recorded, game.recorded_wins = game.recorded_wins, []
    for k, event in recorded:
        r.decide_earlier(k, event, "win", event["player"])


def win_uncalled(r: Judge) -> None:
    pay_winners(r, sorted(r.board.playing.still_in), Outcome.UNCALLED)


def resolve_show(r: Judge) -> None:
    game = r.board.playing
    per_hand = r.board.parameters["cards_per_hand"]
    contenders = {}
    for player in r.board.seating.round_from(r.board.seating.left_of(game.dealer)):
        cards = game.shown.get(player)
        if player in game.still_in and cards and len(cards) == per_hand and player not in game.unvalued \
                and valued(r, cards):
            contenders[player] = cards
    if contenders:
        best = hands.winners(contenders, r.board.hand_rules)
        pay_winners(r, best, Outcome.SHARED if len(best) > 1 else Outcome.SHOW, contenders)
    else:  # every hand shown foul (L64) or not to be valued (L1)
        no_hand_wins(r)


def no_hand_wins(r: Judge) -> None:
    """No hand shown can win: no one takes the pool, and it stays for the next game (reading 20)."""
    game = r.board.playing
    game.resolved, game.outcome, game.phase = True, Outcome.NO_HAND, Phase.OVER
    judge_recorded_wins(r)


def valued(r: Judge, cards: list[int]) -> bool:
    """Can the hand be valued? Not with a card twice, or a joker the house does not admit (L1)."""
    try:
        hands.evaluate(cards, r.board.hand_rules)
    except ValueError:
        return False
    return True


def pay_winners(r: Judge, winners: list[str], how: OutcomeName, shown: Mapping[str, list[int]] | None = None) -> None:
    game = r.board.playing
    key = r.board.seating.order_key(r.board.seating.left_of(game.dealer))
    winners = sorted(winners, key=key)
    game.resolved = True
    game.winners = list(winners)
    game.phase = Phase.OVER if how == Outcome.UNCALLED else game.phase
    shown = shown or {}
    opener_paid = opener_claims(r, winners, shown)
    if opener_paid and (game.opener not in game.shown or not hand_known(r.board, game.opener)):
        game.pending_claim = (winners, how, dict(shown))  # he shows what he opened with first (reading 47)
        return
    claim(r, winners, how, shown, opener_paid)


def opener_claims(r: Judge, winners: list[str], shown: Mapping[str, list[int]]) -> bool:
    """Would the pool pay a jack-pot's opener: as a winner, or (after a show for a sum) the
    rest as the next best hand? Then law 33, where a house has not switched it off, asks for
    his opening hand first."""
    game = r.board.playing
    if not game.jackpot or game.opener is None or not r.board.in_force(OPENER_SHOWS):
        return False
    return game.opener in winners or (bool(game.all_in) and game.opener in shares_of(r, winners, shown))


def settle_pending_claim(r: Judge) -> None:
    """A jack-pot opener's claim waits for his hand to be shown (law 33): settle it now."""
    pending = r.board.playing.pending_claim
    if pending is not None:
        r.board.playing.pending_claim = None
        claim(r, *pending, opener_paid=True)  # a claim waits only for an opener the pool pays


def claim(r: Judge, winners: list[str], how: OutcomeName, shown: Mapping[str, list[int]], opener_paid: bool) -> None:
    """The pool is claimed: by the jack-pot's opener where it pays him (`opener_paid`,
    asked once, by `pay_winners`), else by the first winner."""
    game = r.board.playing
    key = r.board.seating.order_key(r.board.seating.left_of(game.dealer))
    # the moment the pool is about to be paid: a rule there may ask how it is won, the game still in play
    game.outcome, game.claiming = how, True
    game.by_sum = bool(game.all_in) and any(kind == Outcome.SHOW_FOR_SUM
                                            for _, kind in shares_of(r, winners, shown).values())
    r.fire("game_won", game.opener if opener_paid else winners[0])
    game.claiming = False
    if game.claim_blocked:
        game.outcome = Outcome.NOT_CLAIMED
        game.winners = []
    else:
        game.winners = sorted(pay_shares(r, winners, shown), key=key)
    game.phase = Phase.OVER
    judge_recorded_wins(r)


def pay_shares(r: Judge, winners: list[str], shown: Mapping[str, list[int]]) -> list[str]:
    """The pool paid out to the winners, each his share (L60, L76, A4); those paid."""
    game = r.board.playing
    shares = shares_of(r, winners, shown)
    for player, (amount, kind) in shares.items():
        r.board.paying_how = kind
        rule = r.board.ledger_rule("win")
        r.board.ledger.move(game.number, r.board.k, POOL, player, amount, rule, WON)
    r.board.paying_how = None
    return list(shares)


def shares_of(r: Judge, winners: list[str], shown: Mapping[str, list[int]]) -> dict[str, tuple[int, OutcomeName]]:
    """What the pool as it stands would pay each player, and how he wins it."""
    odd = r.board.setting("share_odd_counters")  # without it, in the order the players are seated
    named = odd.named["from"](r.board) if odd else None
    start = named if isinstance(named, str) and named in r.board.seating else r.board.seating.players[0]
    return share_pool(r.board.ledger.pool, winners, r.board.playing, shown, r.board.hand_rules,
                      r.board.seating.order_key(start), lambda p: refundable_of(r.board, p))

