"""The say before the draw (laws 23-28, 30, D1, D3, A1): once round, open, play or pass.

When no one opens, the pool stays and the next game is a jack-pot (L29, L31, L32);
when all but one pass after an opening, he takes the pool (L58; in a jack-pot, L33).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.simulator import play
from arbiter.simulator.game import Game, jackpot_of, unopened_law
from arbiter.simulator.showdown import uncalled

if TYPE_CHECKING:
    from arbiter.simulator.plant import Act


def lifts(game: Game) -> None:
    """Some players raise their cards from the table before their say."""
    for player in game.deal_receivers():
        if player in game.still_in and player not in game.lifted and game.rng.random() < 0.12:
            game.emit("lift", player=player)
            game.lifted.add(player)


class Say:
    """The say's turn (SPEC §3.9, §3.24): the order fixed when it opens, who has had his
    say, the preceding stake made in turn, and the early stakes of those who said out of
    turn. An act out of turn stands but does not move the turn; at his turn an early
    sayer's turn may pass without an act (his short stake is made good at the draw)."""

    def __init__(self, game: Game) -> None:
        self.order = game.say_order()
        self.done: list[str] = []
        self.early: dict[str, int] = {}
        self.preceding = game.highest()

    def pending(self, game: Game) -> list[str]:
        return [p for p in self.order if p not in self.done and p in game.still_in]

    def chain(self, game: Game) -> list[str]:
        """Who may say in turn now: the first yet to say, and past him while he said early."""
        chain: list[str] = []
        for player in self.pending(game):
            chain.append(player)
            if player not in self.early:
                break
        return chain

    def take_turn(self, game: Game, player: str) -> None:
        self.early.pop(player, None)
        self.done.append(player)
        if player in game.still_in:
            self.preceding = max(self.preceding, game.stakes[player])

    def after(self, game: Game, player: str, chain: list[str]) -> None:
        """The turn after an act: taken by one in the chain (the turns before his pass), or
        left where it was by one out of turn, whose stake is held as his early stake."""
        if player in chain:
            for passed in chain[: chain.index(player) + 1]:
                self.take_turn(game, passed)
        elif player in game.still_in:
            self.early[player] = game.stakes[player]


def play_say(game: Game) -> None:
    game.phase = "say"
    game.plant.before_say(game)
    if game.resolved:
        return
    lifts(game)
    turn = game.say_round = Say(game)
    last_at: int | None = None
    while not game.resolved:
        chain = turn.chain(game)
        if not chain:
            break
        actor = game.plant.say_actor(game, chain, turn.pending(game)) or in_turn_sayer(game, chain)
        if actor is None:  # the early sayers left: their turns pass without an act
            for player in chain:
                turn.take_turn(game, player)
            break
        planted = game.plant.say_act(game, actor)
        act = planted or choose(game, actor)
        if not planted and act == ("pass",) and actor in chain and actor in turn.early:
            # at his turn an early sayer raises or lets it pass: a pass would come after it (reading 24)
            for passed in chain[: chain.index(actor) + 1]:
                turn.take_turn(game, passed)
            continue
        last_at = perform(game, actor, act)
        turn.after(game, actor, chain)
        game.plant.after_say_act(game, actor, act, last_at)
        if game.opener and len(game.still_in) == 1:
            uncalled(game, next(iter(game.still_in)), last_at)
            return
    if game.resolved:
        return
    if not game.opener:
        game.expect(unopened_law(game.jackpot), None, last_at, "ruling", planted=False,
                    what="no one opened: the next game is a jack-pot")
        game.resolved = True
        game.next_jackpot = jackpot_of((game.jackpot["number"] if game.jackpot else 0) + 1)


def in_turn_sayer(game: Game, chain: list[str]) -> str | None:
    """The first in the chain who has not said early; an early sayer now and then says
    again. None when only early sayers are left: their turns pass and the say ends (so
    that the next act is a discard, only when no one has a stake to make good at the draw;
    else the last of them says again)."""
    for player in chain:
        if player not in game.say_round.early or game.rng.random() < 0.25:
            return player
    if any(game.stakes[p] < game.highest() for p in game.still_in):
        return chain[-1]
    return None


def choose(game: Game, player: str) -> Act:
    rng = game.rng
    cards = game.hands[player]
    if not game.opener:
        if play.wants_to_open(rng, cards, game.minimum()):
            return ("open", play.opening_stake(rng, game.opening_base(), game.highest(), game.limit))
        return ("pass",)
    highest = game.highest()
    invested = game.stakes[player] > 0
    if play.wants_to_play(rng, cards, invested, highest - game.stakes[player], game.limit):
        if play.wants_to_raise(rng, cards):
            return ("play", highest + play.raise_by(rng, game.ante_amount(), game.limit))
        return ("play", highest)
    return ("pass",)


def perform(game: Game, player: str, act: Act) -> int:
    """Record an act of the say: ('open', stake[, stated hand]), ('play', stake) or
    ('pass',). In a jack-pot the opener sometimes states his hand (often, when the log
    does not name the cards dealt)."""
    kind = act[0]
    if kind == "pass":
        at = game.emit("pass", player=player)
        game.retire(player)
    else:
        stake = act[1]
        cards = act[2] if len(act) > 2 else None
        if kind == "open" and game.jackpot and game.rng.random() < (0.3 if game.records_cards else 0.7):
            cards = game.hand_names(player)
        at = game.emit(kind, player=player, stake=stake, cards=cards)
        if kind == "open" and game.opener is None:
            game.opener = player
            game.opener_known = game.records_cards or cards is not None
        game.set_stake(player, stake)
    game.lifted.add(player)
    return at
