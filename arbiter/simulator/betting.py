"""Betting after the draw (laws 52-61, D5, A1, A2): from the left of the ante (the dealer's
left in a jack-pot), each in turn stands, bets, calls, raises within the limit, passes or
demands a show for what he has, until every player still betting has acted since the last
increase and the stakes are equal; then the hands are shown.

The turn is kept as SPEC §3.15 and §3.24 read laws 53-57: a bet out of turn stands but
does not move the turn; the bettor's stake is held as his *early* stake until the turn
reaches him, and the players he jumped bet in their turn against the preceding stake made
in turn. At his turn, an early stake that meets the preceding one lets his turn pass
without an act (the next player acts) unless he acts again; from then it counts as the
last increase where it is one. A short early stake must be made good at his turn. The
simulator keeps this bookkeeping itself, apart from the engine, so that its truth is an
independent reading.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from arbiter.simulator import play
from arbiter.simulator.game import Game
from arbiter.simulator.showdown import show, uncalled

if TYPE_CHECKING:
    from arbiter.simulator.plant import Act


@dataclass
class Betting:
    """The round's bookkeeping, kept as the laws keep it: whose turn it is (`pointer`), the
    preceding stake made in turn, who has acted since the last increase, the early stakes
    of those who bet out of turn and whose turn has not come, and who stood."""

    pointer: str | None = None
    preceding: int = 0
    acted: set[str] = field(default_factory=set)
    early: dict[str, int] = field(default_factory=dict)
    stood: set[str] = field(default_factory=set)
    last_to_equal: str | None = None
    raises: int = 0
    closed: bool = False
    #: the betting closed only when the last turns passed without an act (at the show)
    closed_silently: bool = False

    def optional(self, player: str) -> bool:
        """May his turn pass without an act? Yes if he bet early a stake meeting the preceding one."""
        early = self.early.get(player)
        return early is not None and early >= self.preceding

    def to_meet(self, game: Game, player: str) -> int | None:
        """The stake he must meet acting in turn now (L60 measures a show for a sum by it):
        the preceding stake made in turn, raised by the early stakes of the turns that pass
        before his; None where his turn is not in the chain, or his own may pass (he acts
        at a later turn)."""
        preceding = self.preceding
        for turn in self.chain(game)[0]:
            if turn == player:
                return None if self.optional(player) else preceding
            preceding = max(preceding, self.early.get(turn, preceding))
        return None

    def chain(self, game: Game) -> tuple[list[str], bool]:
        """Who may bet in turn now: the one whose turn it is and, while he is an early
        bettor whose turn may pass, the next after him. True beside it when the turns of
        the whole chain passing without an act would close the betting."""
        chain: list[str] = []
        player = self.pointer
        if player is not None and player not in game.active():
            player = next_bettor(game, player)
        preceding, acted = self.preceding, set(self.acted)
        while player is not None and player not in chain:
            chain.append(player)
            early = self.early.get(player)
            if early is None or early < preceding:
                return chain, False
            preceding, acted = (early, {player}) if early > preceding else (preceding, acted | {player})
            if closes(game, preceding, acted):
                return chain, True
            player = next_bettor(game, player)
        return chain, False

    def take_turn(self, game: Game, player: str) -> None:
        """His turn is taken, by an act or without one: his stake counts from now (the last
        increase, where it is one), and the turn moves on."""
        self.early.pop(player, None)
        stake = game.stakes[player]
        if player in game.active() and stake > self.preceding:
            self.preceding = stake
            self.acted = {player}
        else:
            self.acted.add(player)
        self.pointer = next_bettor(game, player)

    def close_if_done(self, game: Game, last: str) -> None:
        if not self.closed and closes(game, self.preceding, self.acted):
            self.closed = True
            if self.stood >= set(game.active()):
                self.last_to_equal = last

    def pass_silently(self, game: Game, chain: list[str]) -> None:
        """The turns of the chain pass without an act (the next event is the show)."""
        for player in chain:
            self.take_turn(game, player)
            self.close_if_done(game, player)
        self.closed_silently = self.closed


def next_bettor(game: Game, start: str, include_self: bool = False) -> str | None:
    ring = game.in_turn_from(start) if include_self else list(game.seats.going_left_from(start))
    return next((p for p in ring if p in game.still_in and p not in game.all_in), None)


def closes(game: Game, preceding: int, acted: set[str]) -> bool:
    """All stakes of those still betting equal the last increase, and every one of them
    has acted since it, or fewer than two are left betting (no one to bet against: the
    others passed or showed for a sum, L61)."""
    active = game.active()
    return all(game.stakes[p] == preceding for p in active) and (set(active) <= acted or len(active) < 2)


def play_betting(game: Game) -> None:
    game.phase = "betting"
    state = Betting(pointer=next_bettor(game, game.first_bettor(), include_self=True), preceding=game.highest())
    while not game.resolved and not state.closed:
        chain, closing = state.chain(game)
        if not chain:
            break
        player = game.plant.bet_actor(game, chain, state) or in_turn_actor(game, chain, closing, state)
        if player is None:
            state.pass_silently(game, chain)
            break
        planted = game.plant.bet_act(game, player, state)
        if planted is None and player in game.unshowable:  # a hand that cannot be valued is thrown in, unshown
            planted = ("pass",)
        act = planted or choose(game, player, state)
        if not planted and act == ("pass",) and player in chain and state.optional(player):
            # at his turn an early bettor raises or lets it pass: a pass would come after it (reading 24)
            for passed in chain[: chain.index(player) + 1]:
                state.take_turn(game, passed)
                state.close_if_done(game, passed)
            continue
        at = perform(game, player, act, state, chain)
        game.plant.after_bet_act(game, player, act, at)
        if game.resolved:
            return
        if len(game.still_in) == 1 and not game.all_in:
            uncalled(game, next(iter(game.still_in)), at)
            return
        if player in chain:
            state.close_if_done(game, player)  # a short stake's retirement may close it
    if game.resolved:
        return
    game.plant.betting_closed(game, state)
    if not game.resolved:
        # from the left of the one whose stake made them equal; where none did, from the seat the betting began at
        show(game, game.seats.left_of(state.last_to_equal) if state.last_to_equal else game.first_bettor())


def in_turn_actor(game: Game, chain: list[str], closing: bool, state: Betting) -> str | None:
    """Who acts in turn: an early bettor whose turn may pass acts again now and then, else
    his turn passes and the next acts. None: the chain's turns all pass, closing the betting."""
    for player in chain:
        if not state.optional(player) or game.rng.random() < 0.25:
            return player
    return None if closing else chain[-1]


def choose(game: Game, player: str, state: Betting) -> Act:
    rng = game.rng
    highest = game.highest()
    to_call = highest - game.stakes[player]
    kind, increase = play.bet_after_draw(rng, game.hands[player], to_call, game.limit,
                                         game.ante_amount(), state.raises)
    if kind == "stand":
        return ("play", game.stakes[player])
    if kind == "raise":
        return ("play", highest + increase)
    meet = state.to_meet(game, player)  # an early stake whose turn has not come raises no one (item 24)
    if kind == "show_for" and meet is not None and meet - game.stakes[player] >= 2 and len(game.active()) >= 2:
        return ("demand_show", rng.randint(game.stakes[player] + 1, meet - 1))
    if kind in ("call", "show_for"):
        return ("play", highest)
    return ("pass",)


def perform(game: Game, player: str, act: Act, state: Betting, chain: list[str]) -> int:
    """Record one act of the betting and keep the turn as law 53 and SPEC §3.24 do: an act
    in turn takes the turns of the chain before it; one out of turn leaves the turn where
    it was, its stake held as an early stake."""
    kind = act[0]
    in_turn = player in chain
    game.bettors.add(player)
    if kind == "pass":
        at = game.emit("pass", player=player)
        game.retire(player)
    elif kind == "demand_show":
        at = game.emit("demand_show", player=player, stake=act[1])
        game.all_in[player] = {"stake": act[1], "in_game": set(game.still_in),
                               "out": set(game.players) - game.still_in}
        game.set_stake(player, act[1])
    else:
        at = stake(game, player, act[1], state, in_turn)
    if in_turn:
        for passed in chain[: chain.index(player) + 1]:
            state.take_turn(game, passed)
    elif kind == "play" and player in game.active():
        state.early[player] = game.stakes[player]
    if kind == "demand_show":
        state.early.pop(player, None)
        state.close_if_done(game, player)
    return at


def stake(game: Game, player: str, amount: int, state: Betting, in_turn: bool) -> int:
    """A `play`: who stood (in turn, keeping a stake that meets the preceding one), who made
    the stakes equal (the show begins at his left)."""
    before = game.highest()
    at = game.emit("play", player=player, stake=amount)
    if amount > game.stakes[player]:  # in turn or not, he has staked: he stands no more (D5)
        state.stood.discard(player)
    elif in_turn and amount == game.stakes[player] == state.preceding:
        state.stood.add(player)
    game.set_stake(player, amount)
    if amount > before:
        state.raises += 1
    if amount >= before:  # a call may make the stakes equal; a raise makes them unequal (L59's reading)
        state.last_to_equal = player if amount == before else None
    return at
