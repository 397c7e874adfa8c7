"""The acts of the say and of the betting after the draw: raising the cards, opening,
playing and passing, stakes in turn and out of it, the turns that pass without an act,
the say closed, the betting opened and closed, a show demanded for a sum."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arbiter.cards import parse_card
from arbiter.engine import turns
from arbiter.engine.acts import showing
from arbiter.engine.acts.raising import nothing_drawn, raise_hand, raised_a_foul_hand
from arbiter.events import Event
from arbiter.rulebook.vocabulary.facts import act_possible
from arbiter.rulebook.vocabulary.predicates import cards_due, has_drawn
from arbiter.seats import POOL
from arbiter.state import Game, Outcome, Phase, Round

if TYPE_CHECKING:
    from arbiter.engine.compiled import Setting
    from arbiter.engine.judge import Judge

BETTING_ACTS: Final = frozenset({"open", "play", "pass", "demand_show"})
# The acts that pay what the dealer owes of the draw once the betting has begun (the cards given, the pack made up
# for them: reading 11): they belong to the draw, no later moment, and a bettor's turn waiting behind them stays.
DRAW_DEBTS: Final = frozenset({"give", "collect_discards", "shuffle", "cut"})


def on_lift(r: Judge, event: Event) -> None:
    r.require_game("lift")
    player = event["player"]
    held = r.decide("lift", player)
    r.act(held + ([] if nothing_drawn(r, player) else raise_hand(r, player)))


def open_say(r: Judge) -> None:
    game = r.board.playing
    order = r.board.required("say_order")
    game.phase = Phase.SAY
    game.say = Round(seating_round(r, order))
    game.say_staked = False
    # A stake made before the cards were dealt is an act out of turn, held as early until its turn.
    game.preceding = game.first_to_meet()
    close_say_if_over(r, game)  # every turn one who staked all he has (A5): the say is over as it begins


def seating_round(r: Judge, order: Setting) -> list[str]:
    """A round's order of seats, from the setting's `first` to its `last`."""
    first = r.board.first_named(order, "the order in force names no player to begin this round")
    last = order.named["last"](r.board)
    ring = r.board.seating.round_from(first)
    return ring[: ring.index(last) + 1] if last in ring else ring


def on_open(r: Judge, event: Event) -> None:
    betting_act(r, event)


def on_play(r: Judge, event: Event) -> None:
    betting_act(r, event)


def on_pass(r: Judge, event: Event) -> None:
    betting_act(r, event)


def betting_act(r: Judge, event: Event) -> None:
    game = r.board.playing
    player, kind = event["player"], event["type"]
    if game.phase == Phase.BEFORE_DEAL:
        say_before_the_deal(r, player, kind, event)
        return
    # one given no card of his draw yet: his pass throws in his hand, and his stake while the draw goes on is no
    # bet to begin the betting (a make-good, or D4's)
    none_drawn = (kind == "pass" or game.phase == Phase.DRAW) and nothing_drawn(r, player)
    begins = game.phase == Phase.DRAW and player in game.still_in and not none_drawn \
        and betting_begins(r, player, event)
    # a make-good while others still draw raises no drawn card (reading 10); a bet that begins the betting does,
    # and so does a pass (reading 11: his first pass after his draw); once the pool is taken, an act changes
    # nothing (item 25): it raises no hand either
    making_good = game.phase == Phase.DRAW and not begins and kind != "pass" and has_drawn(r.board, player)
    raised = [] if making_good or none_drawn or game.resolved else raise_hand(r, player)
    if raised_a_foul_hand(r, player, raised):  # his hand foul before his bet: it begins nothing
        if kind != "pass":
            late_stake(r, player, event["stake"])
        return
    if begins:
        end_the_draw(r)
    if game.phase == Phase.BETTING:
        game.bettors.add(player)
    in_turn = take_turns_to(r, player, passing=kind == "pass")
    spent = player in game.all_in  # all he has staked before this act: nothing he does now is a stake to come
    held = r.decide(kind, player)
    taking_part = act_possible(r.board, kind, player)
    opens = False
    left = kind == "pass" and player in game.still_in  # his pass leaves the game (one already out leaves nothing)
    if kind == "pass":
        if left:
            r.board.retire(player)
    elif not taking_part:
        late_stake(r, player, event["stake"])
    else:
        opens = game.opener is None and (kind == "open" or (in_turn and game.phase == Phase.SAY))
        if opens:
            game.opener = player  # the first stake in turn opens the game, recorded as a play too (L25)
            game.opening_early = not in_turn
            if "cards" in event and kind == "open":  # a later `open`, even the opener's, is a play (L33)
                game.opener_cards = [parse_card(c) for c in event["cards"]]
        record_stake(r, player, event["stake"], in_turn)
    r.act(held)
    if in_turn and taking_part and kind != "pass" and game.phase == Phase.BETTING and player in game.still_in:
        note_equalling(game, player)  # as it stands after the rulings: a club's may have given part back (a raise)
    if kind != "pass" and taking_part and game.shows_only(player):
        if opens:  # all he has, short of the stake to meet, is a show for that sum (A5, L61): it opens nothing;
            withhold_opening(game, player)  # one who opened before stays the opener (item 24)
        if game.phase == Phase.SAY:
            after_act(r, player, in_turn, staked=False, raises=False)
            return
    if taking_part or (kind == "pass" and not game.resolved):
        after_act(r, player, in_turn, staked=kind != "pass", spent=spent, left=left)


def round_may_end(r: Judge) -> None:
    """A player left the say, the draw or the betting (he passed, or his hand was found
    foul): one left takes the pool (L58), and with him gone the say or the betting may be
    over, whether he acted in turn or not. One who leaves the show, his hand found foul by
    whatever act raised it, may leave the hands due all in (L59), as a pass there does."""
    game = r.board.playing
    if game.phase == Phase.SHOW:
        showing.close_show_if_done(r)
        return
    if game.resolved or one_left(r):
        return
    if game.phase == Phase.SAY:
        close_say_if_over(r, game)
    elif game.phase == Phase.BETTING:
        close_betting_if_done(r, game.last_stood or game.dealer)


def say_before_the_deal(r: Judge, player: str, kind: str, event: Event) -> None:
    """A say before the cards are dealt (in a new game, or between a misdeal and the new
    deal) is a say out of turn: a stake stands as the player's stake and is held as
    early, so that in the say of the deal to come his turn is judged by it, as for any
    act out of turn; a pass is a statement of intent and changes nothing. One who retired
    in the deal a misdeal made void stays out: his stake is one when none can come."""
    game = r.board.playing
    held = r.decide(kind, player)
    if kind != "pass" and player not in game.still_in:
        late_stake(r, player, event["stake"])  # one retired before the misdeal stays out (L27, L63): reading 25
    elif kind != "pass":
        if kind == "open" and game.opener is None:
            game.opener = player
        if kind == "demand_show":
            stake_for_a_show(r, player, event["stake"])
        else:
            r.stake(player, event["stake"], "stake")
        turns.hold_early(game, player)
    r.act(held)
    if game.shows_only(player):  # all he has short of the stake: a show for that sum opens nothing (A5, L61)
        withhold_opening(game, player)


def withhold_opening(game: Game, player: str) -> None:
    """A stake of all he has short of the stake he must meet opens nothing: it is a show
    for that sum (A5, L61)."""
    if game.opener == player:
        game.opener, game.opener_cards = None, None


def stake_for_a_show(r: Judge, player: str, stake: int) -> None:
    """A show demanded for a sum (L60): his sum raises no one, the others' stakes deciding
    when the betting ends (L61), and the sum shown for is his stake as it now stands (less
    than asked where he had not the counters for it, table stakes, A5; his old stake where
    he asked for less, L55)."""
    game = r.board.playing
    r.stake(player, stake, "stake", raises=False)
    game.shows_for_sum(player, game.stakes[player], r.board.seating.players, demanded=True)


def late_stake(r: Judge, player: str, stake: int) -> None:
    """A stake when none can come (a player out, the betting closed, the pool taken):
    it stands, its counters go to the pool until it is taken (where no one opened it, or
    the opener could not claim it, it stays and carries on: reading 25), and nothing else
    changes."""
    game = r.board.playing
    before = max(game.stakes[player], game.late.get(player, 0))
    if stake > before and not game.pool_taken():
        game.late[player] = stake
        r.board.pay(player, POOL, stake - before, "stake", cited_as="late_stake")


def record_stake(r: Judge, player: str, stake: int, in_turn: bool) -> None:
    """A stake recorded; in the betting, one that adds to his stake, in turn or not, ends
    his stand (D5: he has staked); one made in turn may be a stand, and one that meets the
    preceding stake in turn may be the one that makes the stakes equal (an early stake
    does so only when its turn comes: `pass_turn`), as made: all he has short of it does
    not (A5)."""
    game = r.board.playing
    before = game.stakes[player]
    r.stake(player, stake, "stake")
    if game.phase == Phase.BETTING:
        if stake > before:
            if not in_turn and player in game.stood:  # his raise counts from his turn, made after his stand (SPEC 24)
                game.raised_from_stand[player] = before
            elif in_turn:
                game.raised_from_stand.pop(player, None)
            game.stood.discard(player)
            game.early_stands.discard(player)
        elif in_turn and stake == before == game.preceding:
            game.stood.add(player)
            game.last_stood = player
        elif not in_turn and stake == before:
            game.early_stands.add(player)
        if in_turn:
            note_equalling(game, player)


def note_equalling(game: Game, player: str) -> None:
    """His stake in the betting, counting now: one that meets the preceding stake may be
    the one that makes the stakes equal, where the hands are shown from his left (L59); a
    raise makes them unequal, and where the betting closes on it (the others showing for
    a sum), no stake made them equal: the hands are due from the seat the betting begins
    at (L59's reading). All he has short of it (A5) changes neither."""
    if game.stakes[player] >= game.preceding:
        game.last_to_equal = player if game.stakes[player] == game.preceding else None


def take_turns_to(r: Judge, player: str, passing: bool = False) -> bool:
    """Is this player's act in turn? If he may act in turn only once the turns of early
    actors before him pass, they pass now, before his act is judged. An early actor's own
    turn, where it may pass without an act, passes unless he raises (reading 24): his pass
    then comes after it, out of turn, unless his turn passing ends the say or the betting
    (his pass is then at his turn to draw, or at the show). One whose early stake is short
    of the stake he must meet makes good or passes at his turn (item 24): either is in turn."""
    chain = r.board.turns.chain()
    if player not in chain:
        return False
    game = r.board.playing
    upto = chain[: chain.index(player) + 1]
    own_passes = (passing and player in game.early and turns.optional(game, player, game.phase == Phase.BETTING)
                  and not turns.short_at_turn(game, upto) and not turns.ends_when_passed(game, upto))
    for passed in upto if own_passes else upto[:-1]:
        pass_turn(r, passed)
    if not own_passes:  # his turn has come with the others' passing, before his act is judged
        turn_comes(r, player)
    return not own_passes


def turn_comes(r: Judge, player: str) -> None:
    """An early actor's turn has come: his early stake counts from now, as the last
    increase (SPEC 24), and is judged now, once (the `turn_comes` moment: D1), at the
    event that brought his turn, whatever he does there (SPEC §4: where the law could
    first be applied)."""
    game = r.board.playing
    if player in game.early and player not in game.come:
        game.come.add(player)
        r.act(r.decide("turn_comes", player))
        # one who stood: where his early stake, as the rulings leave it, raises no one at his turn (short, a call, or a
        # club's rule gave back the raise), he has not raised at it, and is one who stood till his turn passes (a
        # club's rule may judge a raise he makes at it); all of it given back, he stands as he stood
        stood_at = game.raised_from_stand.pop(player, None)
        if stood_at == game.stakes[player]:
            game.stood.add(player)
        elif stood_at is not None and game.stakes[player] <= game.preceding:
            game.raised_from_stand[player] = stood_at
        game.opening_early = game.opening_early and player != game.opener
        if game.phase == Phase.SAY and player in game.still_in and not game.shows_only(player):  # a show for a
            if game.opener is None:  # sum opens nothing and raises no one (L61)
                game.opener = player  # his early stake, counting from his turn, is the first in turn: it opens (L25)
            # it is the preceding stake from now, whatever he then does (a show for its sum, a pass), as made in turn
            game.preceding = max(game.preceding, game.stakes[player])


def early_turn_comes(r: Judge) -> None:
    """After an event: where the one whose turn it now is acted early, his turn has come."""
    game = r.board.playing
    if game.phase in (Phase.SAY, Phase.BETTING) and (chain := r.board.turns.chain()):
        turn_comes(r, chain[0])


def pass_turn(r: Judge, player: str) -> None:
    """An early actor's turn passes without an act: it has come (`turn_comes`, where his
    early stake was judged), and his stake counts as made at his turn. So does the say of
    one who staked all he has before it (A5)."""
    game = r.board.playing
    if player not in game.early:  # one who staked all he has before the say: a show for it, which opens nothing (L61)
        turns.take_say_turn(game, player, staked=False, raises=False)
        return
    turn_comes(r, player)
    if game.phase == Phase.BETTING:
        note_equalling(game, player)
        if player in game.early_stands and game.stakes[player] == game.preceding:  # his stand, made early (D5)
            game.stood.add(player)
            game.last_stood = player
    game.early_stands.discard(player)
    game.raised_from_stand.pop(player, None)
    turns.take_turn(game, r.board.seating, player)


def after_act(r: Judge, player: str, in_turn: bool, staked: bool, raises: bool = True, spent: bool = False,
              left: bool = False) -> None:
    """The turn after a say or a bet: it moves on from one who acted in turn, and stays
    where it was for one who acted out of turn (his stake is held as early; not where he
    had `spent` all he has before, A5: he takes no further part, and no turn of his is to
    come). A say that `raises` no one (a show for a sum) leaves the preceding stake as it was.
    At the show, a pass by which the player `left` the game may leave one player, who takes
    the pool then (L59)."""
    game = r.board.playing
    if game.resolved or one_left(r):
        return
    if game.phase == Phase.SAY:
        if in_turn:
            turns.take_say_turn(game, player, staked, raises)
        elif player in game.still_in:
            turns.hold_early(game, player)
        pass_all_in_turns(r, game)
        if game.the_say().over(game.still_in):
            close_say(r, player)
    elif game.phase == Phase.BETTING:
        if in_turn:
            turns.take_bet_turn(game, r.board.seating, player)
            close_betting_if_done(r, player)
        elif player in game.still_in and not game.shows_only(player) and not spent:  # all he has out of turn (A5)
            turns.hold_early(game, player)
    elif game.phase == Phase.SHOW:  # a pass at the show: the hands due may all be in, or one player left
        showing.close_show_if_done(r, by_pass=left)


def one_left(r: Judge) -> bool:
    """Is one player left in an opened game before the show, every other passed or foul?
    He takes the pool uncalled (L58), with no draw where it has not come (reading 10),
    whatever act left him alone: a pass, or a hand found foul in the draw or the betting.
    (At the show, the pool goes by the show: `showing.close_show_if_done`.)"""
    game = r.board.playing
    if game.resolved or len(game.still_in) != 1 or game.phase == Phase.SHOW:
        return False
    last = next(iter(game.still_in))
    if game.phase in (Phase.SAY, Phase.BETTING) and last in game.early or (
            game.phase == Phase.SAY and last in game.all_in and last not in game.the_say().done):
        pass_turn(r, last)  # the one turn left is his, and it passes: his early stake counts (D1 judges it), and
        # in the say opens the game where no one has (a show for a sum opens nothing: no one opened, L29)
    if not game.opener:
        return False
    showing.win_uncalled(r)
    return True


def settle_turns(r: Judge, event: Event) -> None:
    """Before an act that belongs to a later moment (a discard, a show …), the turns
    that may pass without an act pass: the say or the betting may end here. The dealer's
    debt of the draw paid in the betting (`DRAW_DEBTS`) is no such act. A show once
    the draw is over, where fewer than two players still bet, finds the betting ended
    before it began (`open_betting`)."""
    game = r.board.game
    if game is None:
        return
    if game.phase == Phase.DRAW:
        if event["type"] == "show" and game.the_draw().over(game.still_in) and \
                turns.betting_closes(game, game.highest_stake(), set()):
            open_betting(r)
        return
    if game.phase not in (Phase.SAY, Phase.BETTING):
        return
    betting = game.phase == Phase.BETTING
    if betting and event["type"] in DRAW_DEBTS:
        return
    if game.early or (game.all_in and not betting):  # only these turns may pass without an act
        pass_optional_turns(r, event, betting)
    if not betting:
        close_say_if_over(r, game)


def pass_optional_turns(r: Judge, event: Event, betting: bool) -> None:
    """The turns that may pass without an act pass, from the one in turn on, unless this
    act is a say or bet in the round: it is judged against the turn as it stands (if its
    player is in the chain, or a turn in it may not pass, nothing passes before it). One
    out of the game says or bets with no turn at all: his act changes nothing else (item
    25), and no turn passes for it."""
    game = r.board.playing
    chain = r.board.turns.chain()
    if event["type"] in BETTING_ACTS and (event["player"] not in game.still_in or event["player"] in chain or not all(
            turns.optional(game, p, betting) for p in chain)):
        return
    for player in chain:
        if not turns.optional(game, player, betting):
            break
        pass_turn(r, player)
        if betting and close_betting_if_done(r, player):
            break


def close_say_if_over(r: Judge, game: Game, cut_off: bool = False) -> None:
    """Where everyone still in has had his say, or the next deal has `cut_off` the say
    before anyone opened, the say closes after the last who said."""
    if not cut_off:
        pass_all_in_turns(r, game)
    say = game.say
    if cut_off or (say is not None and say.over(game.still_in)):
        close_say(r, say.done[-1] if say is not None and say.done else game.dealer)


def pass_all_in_turns(r: Judge, game: Game) -> None:
    """Where every turn left in the say is one who staked all he has (A5) or demanded a
    show for a sum (L60), early or not, each passes without an act: no act can come in
    them, and the say closes at the last act before them."""
    if not game.all_in:  # as a rule no one has (no table stakes, no show demanded): the turns are not worked out
        return
    chain = r.board.turns.chain()
    if chain and all(p in game.all_in for p in chain):
        for player in chain:
            pass_turn(r, player)


def close_say(r: Judge, last: str) -> None:
    game = r.board.playing
    game.early.clear()
    r.fire("say_closed", last)
    if not game.opener:
        game.phase = Phase.OVER
        game.resolved = True
        game.outcome = Outcome.UNOPENED
        showing.judge_recorded_wins(r)  # the laws give the pool to no one: a win recorded in the say is A3
        return
    if len(game.still_in) == 1:
        showing.win_uncalled(r)
        return
    game.phase = Phase.DRAW
    game.draw = draw_round(r)


def draw_round(r: Judge) -> Round:
    """The draw's order (the rules' `draw_order`), those who discarded before it began
    having had their turn, and those who forfeited it (a club's rule) never to have one."""
    order = seating_round(r, r.board.required("draw_order"))
    forfeited = r.board.playing.forfeited_draw
    return Round(order, [p for p in order if r.board.hand(p).discarded is not None or p in forfeited])


def betting_begins(r: Judge, player: str, event: Event) -> bool:
    """Does this act end the draw? Yes once all have drawn and been given what they are
    owed, or when a player who has had his draw bets other than to make good his stake
    (`end_the_draw`): while the dealer still owes the cards of the draw, the draw is not
    over (L35's reading), and a make-good there is no bet (D4)."""
    if not draw_goes_on(r):
        return True
    game = r.board.playing
    pending = game.the_draw().pending(game.still_in)
    if player in pending or event["type"] == "pass":
        return False
    return not (game.stakes[player] < game.highest_stake() and event.get("stake", 0) <= game.highest_stake())


def draw_goes_on(r: Judge) -> bool:
    """Is the draw still on? While a player still in is yet to take his turn, or the
    dealer still owes one the cards of his draw: it is over only once every player still
    in has had his turn and been given all he is owed (L35's reading)."""
    game = r.board.playing
    return not game.the_draw().over(game.still_in) or any(cards_due(r.board, drawer) for drawer in game.still_in)


def end_the_draw(r: Judge) -> None:
    """A bet ends the draw: the betting opens with it, and those yet to draw are passed
    over (L38); a dealer who gave himself cards with no discard is foul then (L47), and the
    bet that began the betting is a bet still, though it leaves its maker alone."""
    game = r.board.playing
    skipped = game.the_draw().pending(game.still_in)
    open_betting(r)
    for player in skipped:
        r.fire("draw_turn_passed", player)
        game.the_draw().take(player)


def open_betting(r: Judge) -> None:
    """The draw is over: the betting opens; where fewer than two players still bet (the
    rest have shown for a sum), their stakes met, no one can bet against another: it ends
    before it begins, and the hands are shown (L61)."""
    game = r.board.playing
    game.phase = Phase.BETTING
    game.bet_turn = r.board.turns.first_bettor()
    game.acted_since_raise = set()
    game.preceding = game.highest_stake()
    game.early = set()
    if turns.betting_closes(game, game.preceding, game.acted_since_raise):  # fewer than two bet, all met
        game.phase = Phase.SHOW
        game.bet_turn = None


def close_betting_if_done(r: Judge, last: str) -> bool:
    """The betting ends when the stakes are equal and every player still betting has
    acted since the last increase, or fewer than two still bet (`betting_closes`): the
    hands are shown. One left betting whose early stake meets the stake at his turn has no
    one to bet against: his turn passes now, and the betting with it (L61's reading)."""
    game = r.board.playing
    if game.early and len(lone := turns.active(game)) == 1 and (chain := r.board.turns.chain()) == list(lone) and \
            turns.closes_when_passed(game, chain):  # asked only where a stake was made early (rare)
        pass_turn(r, chain[0])
    if not turns.betting_closes(game, game.preceding, game.acted_since_raise):
        return False
    game.phase = Phase.SHOW
    game.bet_turn = None
    if game.stood >= turns.active(game):
        game.last_to_equal = last
    return True


def on_demand_show(r: Judge, event: Event) -> None:
    game = r.board.playing
    player = event["player"]
    if game.phase == Phase.BEFORE_DEAL or player in game.all_in:
        # before the cards: a say out of turn (L25), as a play would be; by one whose stake is already a show
        # for a sum: a stake like his play, which changes his sum in nothing (L61: no further part)
        betting_act(r, event)
        return
    # a show for a sum while others still draw, by one who has drawn, stands in for his make-good (A5, L60): it
    # raises no drawn card, as a make-good there does not (reading 10)
    drawing = game.phase == Phase.DRAW and draw_goes_on(r)
    late = drawing and has_drawn(r.board, player)
    if game.phase == Phase.DRAW and not drawing:
        open_betting(r)
    if not game.resolved and not late and raised_a_foul_hand(r, player, raise_hand(r, player)):
        late_stake(r, player, event["stake"])
        return
    in_turn = take_turns_to(r, player)
    held = r.decide("demand_show", player)
    if not act_possible(r.board, "demand_show", player):
        late_stake(r, player, event["stake"])
        r.act(held)
        return
    early = game.early_stake(player) if in_turn else None  # a stake made out of turn, his turn come
    stake_for_a_show(r, player, event["stake"])
    r.act(held)
    if game.phase == Phase.SAY:  # his say, a stake: the say goes on round, once (L61 in the say)
        after_act(r, player, in_turn, staked=False, raises=False)  # a show for a sum opens nothing
    elif game.phase == Phase.BETTING:
        if in_turn:
            if early is not None and early > game.preceding:  # his early bet counts from his turn, as the last
                game.preceding, game.acted_since_raise = early, {player}  # increase (item 24): the show for it
                # raises no one beyond it (L61)
            turns.take_bet_turn(game, r.board.seating, player, raises=False)
            close_betting_if_done(r, player)  # in turn alone: out of turn it moves no turn and closes nothing (item 24)
        game.early.discard(player)

