"""The acts of the deal: the draw for the deal, a new deal and game, the shuffle and the
cut, the ante and the straddles, the cards dealt and a word or a card turned up while
they are dealt. Each `on_TYPE(judge, event)` records one event type and asks the judge
(judge.py) to decide the checks it sets off and to apply what they decide."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arbiter.cards import JOKER, parse_card
from arbiter.engine.acts import betting, ending
from arbiter.events import Event
from arbiter.rulebook.vocabulary.functions import refundable_of
from arbiter.rulebook.vocabulary.grammar import EVERY_PLAYER
from arbiter.seats import POOL
from arbiter.state import Deal, Game, Hand, Phase

if TYPE_CHECKING:
    from arbiter.engine.judge import Judge


def on_draw_for_deal(r: Judge, event: Event) -> None:
    session = r.board.session
    player = event["player"]
    held = r.decide("draw_for_deal", player)
    if session.games_begun:  # the deal passes to the left now: the draw stands as an irregularity, nothing else
        r.act(held)
        return
    card = r.board.parsed_cards[0] if r.board.parsed_cards else None
    value = None
    if card is not None and card != JOKER:  # the joker has no rank: it is no lowest card
        setting = r.board.setting("first_dealer")
        ace = setting.value.get("ace", "low") if setting else "low"
        value = draw_value(card, ace_low=ace == "low")
    session.drawn(player, value)
    r.act(held)


def on_deal(r: Judge, event: Event) -> None:
    dealer = event["dealer"]
    game = r.board.game
    if game is not None and game.deal.misdealt and not game.resolved:  # a new deal of the same game
        r.board.expected_dealer = game.redeal_by
        game.deal = new_deal(r, len(game.deals) + 1, dealer, redeal=True)
        game.deals.append(game.deal)
        game.dealer = dealer
        game.phase = Phase.BEFORE_DEAL
        hold_void_says(r, game)
        game.say = game.draw = None
        game.opener_cards = None  # the void deal's cards are no hands: the opener's are those dealt now
    else:
        if game is not None:
            ending.end_game(r, r.board.k - 1, next_deal=True)  # it went on to the event before this deal
        r.board.expected_dealer = due_dealer(r)
        new_game(r, dealer)
    r.act(r.decide("deal", dealer))


def hold_void_says(r: Judge, game: Game) -> None:
    """A stake said in a deal declared void stays in the pool, his stake (reading 7): in the
    new deal's say it is held as one made before the cards were dealt, so that his turn is
    judged by it and the say of the others goes on (reading 24). Only one who said in the
    void deal's say has a stake said: what is more than his ante or straddle (in a jack-pot
    the antes are no one's stake). An ante staked again is no say, in the void deal or the
    new one (it is turnless): its counters are his stake, and his say is still his to make."""
    said = game.say.done if game.say is not None else ()
    for player, stake in game.stakes.items():
        blind = 0 if game.every_ante else refundable_of(r.board, player)
        if stake > blind and player in game.still_in and player in said:
            game.early.add(player)


def new_deal(r: Judge, number: int, dealer: str, redeal: bool) -> Deal:
    return Deal(number=number, dealer=dealer, began=r.board.k, redeal=redeal,
                pack_remaining=r.board.parameters["pack_size"],
                hands={p: Hand() for p in r.board.seating.players})


def due_dealer(r: Judge) -> str | None:
    """Who should deal a new game (the rules' `next_dealer`, or for the first game the
    lowest card of the draw, where the rules' `first_dealer` has one drawn)."""
    session = r.board.session
    if session.games_begun:
        return session.next_dealer
    if not r.board.setting("first_dealer") or not (session.draw_round or session.draw_tied):
        return None
    tied = session.lowest_drawers()
    return tied[0] if len(tied) == 1 else None


def new_game(r: Judge, dealer: str) -> Game:
    session = r.board.session
    session.games_begun += 1
    game = Game(number=session.games_begun, dealer=dealer, jackpot=session.next_jackpot,
                deal=new_deal(r, 1, dealer, redeal=False))
    r.fired_moments.clear()  # a moment is fired once a deal, and this game's deals are all new
    r.board.begin(game)
    game.pool_start = session.carried
    game.stakes = {p: 0 for p in r.board.seating.players}
    game.still_in = set(r.board.seating.players)
    ante_by = r.board.required("ante_by")  # refuses the log where no law in force says who antes
    if ante_by.value.get("value") == EVERY_PLAYER:
        game.every_ante = True
    else:
        game.ante_player = ante_by.named["person"](r.board)
    return game


def on_shuffle(r: Judge, event: Event) -> None:
    game = r.board.playing
    held = r.decide("shuffle", event["player"])
    game.deal.shufflers.append(event["player"])
    game.deal.remaking.discard("shuffle")
    game.deal.cut_by = None  # shuffled after a cut, the pack is uncut again: the cut comes after the shuffle (L4)
    if game.deal.made_up and game.deal.pack_remaining:  # so is the pack made up of discards (L41), unless spent
        game.deal.remaking.add("cut")
    r.act(held)


def on_cut(r: Judge, event: Event) -> None:
    game = r.board.playing
    held = r.decide("cut", event["player"])
    game.deal.cut_by = event["player"]
    game.deal.remaking.discard("cut")
    r.act(held)


def on_ante(r: Judge, event: Event) -> None:
    game = r.board.playing
    player, amount = event["player"], event["amount"]
    held = r.decide("ante", player)
    if game.every_ante:  # no one's stake: every stake starts at 0
        game.antes_paid[player] = game.antes_paid.get(player, 0) + r.board.pay(player, POOL, amount, "ante")
    else:
        before = game.stakes[player]
        r.stake(player, before + amount, "ante", raises=game.ante is None)  # a second ante raises no one (L20)
        made = game.stakes[player] - before  # under table stakes no more than he had (A5), whatever he said
        if game.ante is None and made > 0:  # with nothing on the table he made none
            game.ante, game.ante_staker = made, player
    r.act(held)
    if say_not_begun(game):
        betting.open_say(r)  # an ante once the cards are out, before any say: the say follows it (reading 8)
    elif game.phase == Phase.SAY:  # all he has, staked in the say (A5): the turns left may all be such
        betting.close_say_if_over(r, game)


# Where a straddle can be the last straddle, which the say and the opening reckon from.
STRADDLING: Final = frozenset({Phase.BEFORE_DEAL, Phase.DEALING, Phase.SAY})


def on_straddle(r: Judge, event: Event) -> None:
    game = r.board.playing
    player, amount = event["player"], event["amount"]
    held = r.decide("straddle", player)
    # the last straddle as it is made (reading 8), where it can be one: where one player antes, before the game
    # is opened, by one still in it; else it stands as his stake and changes nothing else (readings 25, 56): it
    # raises no one, and the stake the others make good and bet over is as it was
    counts = (player in game.still_in and not game.every_ante and game.phase in STRADDLING
              and (game.phase != Phase.SAY or not game.opener))
    r.stake(player, max(amount, game.stakes[player]), "straddle", raises=counts)
    if counts:  # as made: under table stakes, what he had (A5)
        game.straddles.append((player, min(amount, game.stakes[player])))
    r.act(held)
    if counts and say_not_begun(game):
        betting.open_say(r)  # a straddle once the cards are out, before any say: the say follows it (reading 8)
    elif game.phase == Phase.SAY:
        if counts:  # the opening's least and most are reckoned on it
            game.preceding = max(game.preceding, game.first_to_meet())
        betting.close_say_if_over(r, game)  # all he has, staked in the say (A5): the turns left may all be such


def say_not_begun(game: Game) -> bool:
    """Are the cards out, with no one yet to have said (in turn or not)?"""
    return game.phase == Phase.SAY and not (game.the_say().done or game.early or game.opener)


def start_dealing(r: Judge) -> None:
    """The deal's first card: the moment is raised, the game is in the dealing, and the
    cards each hand is owed (`deal_complete`) are read once for the deal, not at each card
    that asks whether every hand is dealt."""
    game = r.board.playing
    if not game.deal.started():
        r.board.dealing = game.deal  # its dealing is under way: the next event not of the dealing ends it
        r.fire("first_card", game.dealer)
        if not game.deal.misdealt:
            game.phase = Phase.DEALING
        complete = r.board.setting("deal_complete")
        game.deal.owed = None if complete is None else complete.named["cards_each"](r.board)


def on_card(r: Judge, event: Event) -> None:
    r.require_game("card")
    start_dealing(r)
    held = r.decide("card", event["to"])
    follow_the_deal(r, event["to"])
    receive(r, event["to"], list(r.board.parsed_cards) or [None])
    r.act(held)
    if all_dealt(r):
        finish_deal(r)


def follow_the_deal(r: Judge, to: str) -> None:
    """Where the deal goes on from this card (L7's reading): a card to the next going left
    moves it on; one that makes good a card passed over leaves it where it was; one out of
    order moves it to its receiver, and those it passed over are owed their card."""
    deal = r.board.playing.deal
    following = r.board.turns.next_in_deal()
    if to in deal.passed_over:
        deal.passed_over.remove(to)
        if to != following:
            return
    elif to != following and following is not None:
        passed = r.board.seating.round_from(following)
        short = r.board.parameters["cards_per_hand"]
        deal.passed_over += [p for p in passed[:passed.index(to)] if deal.hands[p].count < short
                             and p not in deal.passed_over]
    deal.last_to = to


def on_dealt(r: Judge, event: Event) -> None:
    game = r.require_game("dealt")
    start_dealing(r)
    held = r.decide("dealt", game.dealer)
    per_hand = r.board.parameters["cards_per_hand"]
    dealt: list[tuple[str, list[int | None]]] = []
    for player in r.board.seating.round_from(r.board.seating.left_of(game.dealer)):
        given = event["hands"].get(player, per_hand if player not in event["hands"] else 0)
        cards: list[int | None] = [parse_card(c) for c in given] if isinstance(given, list) else [None] * given
        receive(r, player, cards, placed=False)
        if isinstance(given, list):  # only cards named come into play
            dealt.append((player, cards))
    # a deal made in proper order goes round a card at a time: the k-th cards named come out in the k-th round
    for k in range(max((len(cards) for _, cards in dealt), default=0)):
        for player, cards in dealt:
            if k < len(cards) and (card := cards[k]) is not None:
                game.deal.receive(card, player)
    game.deal.last_to = game.dealer
    game.deal.whole = True
    r.act(held)
    if all_dealt(r):
        finish_deal(r)


def receive(r: Judge, player: str, cards: list[int | None], placed: bool = True) -> None:
    """Cards come into a hand, and (`placed`) into play, in the order named. A joker named
    where the pack in use has none is a card not of it (L1), which may have taken an
    ordinary card's place or been held beside them: the deal may go past the pack by as
    many (the pack then held them beside its own, and its stub is none)."""
    deal = r.board.playing.deal
    hand = deal.hands[player]
    if deal.cards_dealt + len(cards) > (pack := r.board.parameters["pack_size"]) and (r.board.parameters["joker"] or (
            deal.cards_dealt + len(cards) > pack + cards.count(JOKER) + sum(
                held.original.count(JOKER) for held in deal.hands.values()))):
        raise r.board.refused(f"more cards dealt than the pack of {pack} holds")
    hand.count += len(cards)
    hand.cards += cards
    hand.original += cards
    deal.cards_dealt += len(cards)
    deal.pack_remaining -= len(cards)
    if deal.pack_remaining < 0:  # past the pack (jokers held beside it): its stub is none
        deal.pack_remaining = 0
    for card in cards if placed else ():
        if card is not None:
            deal.receive(card, player)


def all_dealt(r: Judge) -> bool:
    deal = r.board.playing.deal
    each = deal.owed
    if each is None:  # without it, the deal ends at the first other act
        return False
    if deal.cards_dealt < each * len(deal.hands):  # some hand is short: asked at every card, mostly so
        return False
    return all(hand.count >= each for hand in deal.hands.values())


def end_dealing(r: Judge) -> None:
    """An event not of the dealing has come while a deal's dealing is under way
    (`Board.dealing`, asked first by the replay): once the first card is dealt, the
    dealing is over, and the deal finished if it was not (reading 4)."""
    game = r.board.playing
    if game.deal.dealing_over or not game.deal.started():
        return
    r.board.dealing = None
    game.deal.dealing_over = True
    finish_deal(r)


def finish_deal(r: Judge) -> None:
    game = r.board.playing
    if game.deal.finished or game.deal.misdealt:
        return
    game.deal.finished = True
    r.fire("deal_finished", game.dealer)
    if not game.deal.misdealt:
        betting.open_say(r)


def on_face_up_in_pack(r: Judge, event: Event) -> None:
    r.require_game("face_up_in_pack")
    r.act(r.decide("face_up_in_pack", r.board.playing.dealer))


def on_speak(r: Judge, event: Event) -> None:
    game = r.board.playing
    held = r.decide("speak", event["player"])
    speaker = event["player"]  # the dealer speaking speaks to no dealer: he distracts no one (L15, L16)
    if r.dealing_in_progress() and speaker != game.dealer and speaker not in game.deal.spoke:
        game.deal.spoke.append(speaker)
    r.act(held)


def on_point_out(r: Judge, event: Event) -> None:
    r.act(r.decide("point_out", event["player"]))


def draw_value(card: int, ace_low: bool) -> int:
    """A card's value in the draw for the deal (law 2 has the ace lowest)."""
    rank = card // 4
    return (rank + 1) % 13 if ace_low else rank
