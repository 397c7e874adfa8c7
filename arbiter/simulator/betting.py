"""Betting after the draw (laws 52-61, D5, A1, A2): from the left of the ante (the dealer's
left in a jack-pot), each in turn stands, bets, calls, raises within the limit, passes or
demands a show for what he has, until the stakes are equal; then the hands are shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbiter.simulator import play
from arbiter.simulator.game import Game
from arbiter.simulator.showdown import show, uncalled


@dataclass
class Betting:
    """The round's bookkeeping, kept as the laws keep it."""

    acted: set[str] = field(default_factory=set)
    stood: set[str] = field(default_factory=set)
    last_to_equal: str | None = None
    last: str | None = None
    raises: int = 0


def next_bettor(game: Game, start: str, include_self: bool = False) -> str | None:
    ring = game.in_turn_from(start) if include_self else list(game.seats.going_left_from(start))
    return next((p for p in ring if p in game.still_in and p not in game.all_in), None)


def play_betting(game: Game) -> None:
    game.phase = "betting"
    state = Betting()
    turn = next_bettor(game, game.first_bettor(), include_self=True)
    while turn is not None and not game.resolved:
        player = game.plant.bet_actor(game, turn, state) or turn
        act = game.plant.bet_act(game, player, state) or choose(game, player, state)
        at = perform(game, player, act, state)
        game.plant.after_bet_act(game, player, act, at)
        if game.resolved:
            return
        if len(game.still_in) == 1 and not game.all_in:
            uncalled(game, next(iter(game.still_in)), at)
            return
        turn = next_bettor(game, player)
        active = game.active()
        highest = game.highest()
        if set(active) <= state.acted and all(game.stakes[p] == highest for p in active):
            if state.stood >= set(active):
                state.last_to_equal = player
            break
    if not game.resolved:
        show(game, game.seats.left_of(state.last_to_equal or state.last))


def choose(game: Game, player: str, state: Betting) -> tuple:
    rng = game.rng
    highest = game.highest()
    to_call = highest - game.stakes[player]
    kind, increase = play.bet_after_draw(rng, game.hands[player], to_call, game.limit,
                                         game.ante_amount(), state.raises)
    if kind == "stand":
        return ("play", game.stakes[player])
    if kind == "raise":
        return ("play", highest + increase)
    if kind == "show_for" and to_call >= 2 and len(game.active()) >= 2:
        return ("demand_show", rng.randint(game.stakes[player] + 1, highest - 1))
    if kind in ("call", "show_for"):
        return ("play", highest)
    return ("pass",)


def perform(game: Game, player: str, act: tuple, state: Betting) -> int:
    """Record one act of the betting, keeping the turn's bookkeeping as law 53 does."""
    kind = act[0]
    game.bettors.add(player)
    state.last = player
    if kind == "pass":
        at = game.emit("pass", player=player)
        game.retire(player)
        return at
    stake = act[1]
    before = game.highest()
    if kind == "demand_show":
        at = game.emit("demand_show", player=player, stake=stake)
        game.all_in[player] = {"stake": stake, "in_game": set(game.still_in),
                               "out": set(game.players) - game.still_in}
        game.set_stake(player, stake)
        state.acted.add(player)
        return at
    at = game.emit("play", player=player, stake=stake)
    if stake > game.stakes[player]:
        state.stood.discard(player)
    if stake > before:
        state.acted = {player}
        state.raises += 1
    else:
        state.acted.add(player)
        if stake == game.stakes[player] == before:
            state.stood.add(player)
    game.set_stake(player, stake)
    if stake >= before:
        state.last_to_equal = player
    return at
