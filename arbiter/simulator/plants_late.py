"""Planted acts when none can come (SPEC §3.25): a stake after the betting has closed or
after the pool is taken, a stake by a player who passed, a show before the betting has
closed, a discard after the draw has ended. Each is one finding under the law that closed
the round, and changes nothing else: a stake's counters go to the pool while there is one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.simulator.game import Game
from arbiter.simulator.plant import Act, Plant

if TYPE_CHECKING:
    from arbiter.simulator.betting import Betting


def late_stake(game: Game, player: str) -> tuple[str, int]:
    """A stake above his own (not a lowered stake, L55) and within the limit of the highest
    (not D1): a `play`, now and then a `demand_show`."""
    stake = game.rng.randint(game.stakes[player] + 1, game.highest() + game.limit)
    return ("demand_show" if game.rng.random() < 0.25 else "play"), stake


class LateStake(Plant):
    """A stake when no stake can come; `law` cites the law that closed the round."""

    law = ""

    def stake(self, game: Game, player: str, when: str) -> None:
        self.planted = True
        kind, amount = late_stake(game, player)
        at = game.emit(kind, player=player, stake=amount)
        game.expect(self.law, player, at, what=f"{player} staked {amount} {when}")
        game.late_stake(player, amount)


class StakeAfterClose(LateStake):
    """L59: the bets being equal, a player stakes before the hands are shown; his counters
    go to the pool (to whoever takes it) and the show goes on as the stakes stood."""

    kind = "L59-stake"
    law = "L59"

    def betting_closed(self, game: Game, state: Betting) -> None:
        if not state.closed_silently:  # else the stake would be read as the last turn's act
            self.stake(game, game.rng.choice(sorted(game.still_in)), "after the betting had closed")


class StakeAfterShow(LateStake):
    """L59: after the hands are shown and the pool taken, a player who showed stakes: no
    counters move."""

    kind = "L59-shown"
    law = "L59"

    def game_over(self, game: Game) -> None:
        if game.winners and not game.won_uncalled:
            self.stake(game, game.rng.choice(sorted(game.still_in)), "after the pool was taken")


class StakeAfterUncalled(LateStake):
    """L58: after his uncalled bet took the pool, the winner stakes again: no counters move."""

    kind = law = "L58"

    def game_over(self, game: Game) -> None:
        if game.winners and game.won_uncalled:
            self.stake(game, game.winners[0], "after his uncalled bet took the pool")


class StakeAfterPassing(LateStake):
    """L27: a player who passed stakes all the same; he stays out, his counters go to the
    pool (in an opened game that goes on: the pool is not yet taken)."""

    kind = "L27-stake"
    law = "L27"

    def after_say_act(self, game: Game, player: str, act: Act, at: int) -> None:
        if self.planted or act[0] != "pass" or not game.opener or len(game.still_in) < 2 \
                or game.rng.random() < 0.5:
            return
        self.stake(game, player, "after passing")

    def after_bet_act(self, game: Game, player: str, act: Act, at: int) -> None:
        self.after_say_act(game, player, act, at)


class BettingPlant(Plant):
    """An act planted before a bet, once the betting has begun (a bet has been made)."""

    def bet_act(self, game: Game, player: str, state: Betting) -> Act | None:
        if not self.planted and game.bettors and game.rng.random() < 0.5:
            self.planted = self.act(game, player)
        return None

    def act(self, game: Game, player: str) -> bool:
        """Plant the act beside `player`'s turn; False if it cannot come now."""
        raise NotImplementedError


class ShowBeforeClose(BettingPlant):
    """L59: a player shows his hand while the betting goes on: it changes nothing (his hand
    is not counted as shown), and he shows it again at the show."""

    kind = "L59-early-show"

    def act(self, game: Game, player: str) -> bool:
        if game.jackpot and player == game.opener:
            return False  # his original hand is judged at his show (L33): not here
        at = game.emit("show", player=player, cards=game.hand_names(player))
        game.expect("L59", player, at, what=f"{player} showed his hand before the betting closed")
        return True


class DiscardAfterDraw(BettingPlant):
    """L35: once the betting has begun a player discards, and now and then asks for cards
    and is given them: each act is L35 (the give the dealer's) and changes nothing. The
    give comes only while the pack could supply it, so that it is not also a give beyond
    the pack (L41)."""

    kind = "L35-late"

    def act(self, game: Game, player: str) -> bool:
        thrown = game.hands[player][: game.rng.randint(1, 3)]
        at = game.emit("discard", player=player, count=len(thrown), cards=game.recorded(thrown))
        game.expect("L35", player, at, what=f"{player} discarded after the draw had ended")
        if game.rng.random() < 0.5 and len(game.pack) >= len(thrown):
            at = game.emit("demand", player=player, count=len(thrown))
            game.expect("L35", player, at, what=f"{player} asked for cards after the draw had ended")
            at = game.emit("give", to=player, count=len(thrown))
            game.expect("L35", game.dealer, at, what=f"{game.dealer} gave {player} cards after the draw")
        return True


KINDS = [StakeAfterClose, StakeAfterShow, StakeAfterUncalled, StakeAfterPassing, ShowBeforeClose,
         DiscardAfterDraw]
