"""Planted irregularities of the say, the betting and the show (laws 25-33, 53-64, D1, D5, A3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.cards import JOKER
from arbiter.hands import meets_minimum, winners
from arbiter.simulator import betting, play, say
from arbiter.simulator.game import Game, Jackpot
from arbiter.simulator.plant import Act, Plant

if TYPE_CHECKING:
    from arbiter.simulator.betting import Betting
    from arbiter.simulator.session import Session


def holds_minimum(game: Game, player: str) -> bool:
    minimum = game.minimum()
    cards = game.hands[player]
    return minimum is None or (JOKER not in cards and len(cards) == 5 and meets_minimum(cards, minimum))


class ActOnce(Plant):
    """A plant made by one act; `after` records the finding at the act's event."""

    law = ""

    def __init__(self) -> None:
        super().__init__()
        self.actor: str | None = None
        self.recorded = False

    def record(self, game: Game, at: int, what: str) -> None:
        if not self.recorded:
            self.recorded = True
            game.expect(self.law, self.actor, at, what=what)

    def after_say_act(self, game: Game, player: str, act: Act, at: int) -> None:
        if self.planted and player == self.actor and not self.recorded:
            self.record(game, at, self.what(game, act))

    def after_bet_act(self, game: Game, player: str, act: Act, at: int) -> None:
        self.after_say_act(game, player, act, at)

    def what(self, game: Game, act: Act) -> str:
        return f"{self.actor}: {act[0]} {act[1] if len(act) > 1 else ''}".strip()


class SayOutOfTurn(ActOnce):
    """L25: a player says before his turn; his act stands (L55) and the turn does not move:
    the players he jumped say in their turn, with no finding (SPEC §3.24). In the
    `L25-jumped` variant a jumped player plays no more than the stake made in turn before
    him (at least the opening minimum), below the early stake: he makes good at the draw."""

    kind = law = "L25"
    low_jumped = False

    def say_actor(self, game: Game, chain: list[str], pending: list[str]) -> str | None:
        later = [p for p in pending if p not in chain]
        if self.planted or not later or game.rng.random() < 0.4:
            return None
        self.planted = True
        self.actor = game.rng.choice(later)
        self.turn = chain[0]
        self.jumped = pending[: pending.index(self.actor)]
        return self.actor

    def say_act(self, game: Game, player: str) -> Act | None:
        if not self.low_jumped or not self.planted or player not in self.jumped or not game.opener:
            return None
        least = max(game.say_round.preceding, 2 * game.opening_base(), game.stakes[player])
        return ("play", least) if least < game.highest() else None

    def what(self, game: Game, act: Act) -> str:
        return f"{self.actor} said out of turn ({act[0]}); it was {self.turn}'s say"


class SayOutOfTurnJumpedLow(SayOutOfTurn):
    kind = "L25-jumped"
    low_jumped = True


class ShortOpening(ActOnce):
    """L25: the opener stakes less than double the ante (or the last straddle, D3)."""

    kind = "L25-open"
    law = "L25"

    def say_act(self, game: Game, player: str) -> Act | None:
        if self.planted or game.opener or not holds_minimum(game, player):
            return None
        least = max(1, game.stakes[player])
        most = 2 * game.opening_base() - 1
        if least > most:
            return None
        self.planted = True
        self.actor = player
        return ("open", game.rng.randint(least, most))

    def what(self, game: Game, act: Act) -> str:
        return f"{self.actor} opened for {act[1]}, less than double {game.opening_base()}"


class ShortPlay(ActOnce):
    """L26: after the opening a player stakes less than the highest stake; he makes good
    at the draw."""

    kind = law = "L26"

    def say_act(self, game: Game, player: str) -> Act | None:
        if self.planted or not game.opener:
            return None
        least = max(1, game.stakes[player])
        most = game.say_round.preceding - 1
        if least > most:
            return None
        self.planted = True
        self.actor = player
        return ("play", game.rng.randint(least, most))

    def what(self, game: Game, act: Act) -> str:
        return f"{self.actor} played {act[1]}, less than the preceding stake"


class OverTheLimit(ActOnce):
    """D1: an increase over the highest stake of more than the limit (in the say or after
    the draw); it stands."""

    kind = law = "D1"

    def __init__(self) -> None:
        super().__init__()
        self.in_betting: bool | None = None

    def _over(self, game: Game) -> int:
        return game.highest() + game.limit + game.rng.randint(1, max(1, game.table_ante))

    def say_act(self, game: Game, player: str) -> Act | None:
        if self.in_betting is None:
            self.in_betting = game.rng.random() < 0.5
        if self.planted or self.in_betting:
            return None
        act = say.choose(game, player)
        if act[0] == "pass":
            return None
        self.planted = True
        self.actor = player
        return (act[0], max(self._over(game), 2 * game.opening_base()))

    def bet_act(self, game: Game, player: str, state: Betting) -> Act | None:
        if self.planted:
            return None
        act = betting.choose(game, player, state)
        if act[0] != "play" or act[1] <= game.highest():
            return None
        self.planted = True
        self.actor = player
        return ("play", self._over(game))

    def what(self, game: Game, act: Act) -> str:
        return f"{self.actor} raised by more than the limit of {game.limit}"


class PassedHandTakenBack(ActOnce):
    """L27: a player who passed takes his cards back."""

    kind = law = "L27"

    def after_say_act(self, game: Game, player: str, act: Act, at: int) -> None:
        if self.planted or act[0] != "pass" or game.rng.random() < 0.5:
            return
        self.planted = True
        self.actor = player
        self.record(game, game.emit("take_back", player=player), f"{player} took back the hand he passed")


class RetiredDivulges(ActOnce):
    """L28: a player who passed tells what his cards were."""

    kind = law = "L28"

    def after_say_act(self, game: Game, player: str, act: Act, at: int) -> None:
        if self.planted or act[0] != "pass" or game.rng.random() < 0.5:
            return
        self.planted = True
        self.actor = player
        self.record(game, game.emit("divulge", player=player), f"{player} told his cards after passing")


class FalseOpener(ActOnce):
    """L30: a jack-pot opened without the minimum; if the opener then wins, L33 (he cannot
    claim, pays a penalty, and the next game is the next jack-pot). Half the time the
    others all pass, so that he wins."""

    kind = "L30-open"
    law = "L30"

    def __init__(self) -> None:
        super().__init__()
        self.fold = False  # once planted: the others all pass, so that he wins

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return bool(jackpot)

    def say_act(self, game: Game, player: str) -> Act | None:
        if self.planted:
            if self.fold and player != self.actor:
                return ("pass",)
            return None
        if game.opener or holds_minimum(game, player) or JOKER in game.hands[player]:
            return None
        self.planted = True
        self.actor = player
        self.fold = game.rng.random() < 0.5
        stake = play.opening_stake(game.rng, game.opening_base(), game.highest(), game.limit)
        return ("open", stake, None if game.records_cards else game.hand_names(player))

    def what(self, game: Game, act: Act) -> str:
        return f"{self.actor} opened the jack-pot without {game.minimum()}"


class FalseOpenerStated(FalseOpener):
    """L30 (and L33): as FalseOpener, the deal recorded by counts only: the opener's hand
    is known from the hand he states when he opens (`open.cards`)."""

    kind = "L30-stated"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return bool(jackpot)

    def deal_cards(self, game: Game) -> str | None:
        game.records_cards = False
        return None


class ShowForSumInJackpot(Plant):
    """No irregularity: in a jack-pot a player facing a bet demands a show for what he has
    (L60), so that the pool is shared as L60's interpretation says."""

    kind = "L60-jackpot"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return bool(jackpot)

    def bet_act(self, game: Game, player: str, state: Betting) -> Act | None:
        own, meet = game.stakes[player], state.to_meet(game, player)
        if self.planted or meet is None or meet - own < 2 or len(game.active()) < 2:
            return None
        contenders = {p: game.hands[p] for p in game.players if p in game.still_in}
        if player not in winners(contenders):
            return None  # he is short of counters, not of cards: he holds the best hand
        self.planted = True
        return ("demand_show", game.rng.randint(own + 1, meet - 1))


class BetOutOfTurn(ActOnce):
    """L53: after the draw a player bets before his turn; the act stands and the turn does
    not move: the players he jumped bet in their turn, with no finding, against the
    preceding stake made in turn (SPEC §3.24). The early act is as he would have chosen;
    in the `L53-raise` variant it raises, and a jumped player sometimes stakes only the
    preceding stake; in the `L53-call` variant it meets the highest stake without raising."""

    kind = law = "L53"
    early: str | None = None  # "raise" or "call": the early act's kind

    def bet_actor(self, game: Game, chain: list[str], state: Betting) -> str | None:
        if self.planted:
            return None
        others = [p for p in game.active() if p not in chain]
        if not others or game.rng.random() < 0.4:
            return None
        self.planted = True
        self.actor = game.rng.choice(others)
        self.turn = chain[0]
        return self.actor

    def bet_act(self, game: Game, player: str, state: Betting) -> Act | None:
        highest = game.highest()
        if player == self.actor and not self.recorded:
            if self.early == "raise":
                return ("play", highest + play.raise_by(game.rng, game.ante_amount(), game.limit))
            if self.early == "call":
                return ("play", highest)
            return None
        jumped = self.actor in state.early and state.chain(game)[0][0] == player != self.actor
        if self.early == "raise" and jumped and state.preceding < highest and game.rng.random() < 0.5:
            return ("play", max(state.preceding, game.stakes[player]))
        return None

    def what(self, game: Game, act: Act) -> str:
        return f"{self.actor} bet out of turn ({act[0]}); it was {self.turn}'s turn"


class BetOutOfTurnRaising(BetOutOfTurn):
    kind = "L53-raise"
    early = "raise"


class BetOutOfTurnCalling(BetOutOfTurn):
    kind = "L53-call"
    early = "call"


class ShortBet(ActOnce):
    """L54 (D5 for a player who stood): after the draw a player stakes less than the
    preceding stake: he retires, and his counters stay in the pool."""

    kind = "L54"

    def bet_act(self, game: Game, player: str, state: Betting) -> Act | None:
        if self.planted:
            return None
        own, preceding = game.stakes[player], state.preceding
        if own >= preceding:
            return None
        self.planted = True
        self.actor = player
        self.law = "D5" if player in state.stood else "L54"
        return ("play", game.rng.randint(own, preceding - 1))

    def after_bet_act(self, game: Game, player: str, act: Act, at: int) -> None:
        if self.planted and player == self.actor and not self.recorded:
            self.record(game, at, f"{player} staked {act[1]}, less than the preceding stake: he retires")
            game.retire(player)


class StanderStandsAgain(ShortBet):
    """D5: the first to bet stands; another bets; the stander stands again: he retires."""

    kind = law = "D5"

    def __init__(self) -> None:
        super().__init__()
        self.stander: str | None = None
        self.raised = False

    def bet_act(self, game: Game, player: str, state: Betting) -> Act | None:
        if self.planted:
            return None
        own, highest = game.stakes[player], game.highest()
        if self.stander is None:
            if own == highest and len(game.active()) >= 2:
                self.stander = player
                return ("play", own)
            return None
        if not self.raised and player != self.stander:
            self.raised = True
            return ("play", highest + play.raise_by(game.rng, game.ante_amount(), game.limit))
        if player == self.stander and own < highest and player in state.stood:
            self.planted = True
            self.actor = player
            return ("play", own)
        return None


class LowerStake(ActOnce):
    """L55: after the draw a player stakes less than his own stake; his stake stands."""

    kind = law = "L55"

    def bet_act(self, game: Game, player: str, state: Betting) -> Act | None:
        own = game.stakes[player]
        if self.planted or own != game.highest() or own < 1:
            return None
        self.planted = True
        self.actor = player
        self.own = own  # a stake is never recalled: his stake stays this
        return ("play", game.rng.randint(0, own - 1))

    def what(self, game: Game, act: Act) -> str:
        return f"{self.actor} staked {act[1]}, less than his stake of {self.own}"


class FoulHandShown(Plant):
    """L64: a player shows four cards at the show: a foul hand, which cannot win."""

    kind = "L64"

    def shown_cards(self, game: Game, player: str) -> list[int] | None:
        if self.planted or game.all_in:
            return None
        if not hasattr(self, "target"):
            choice = [p for p in game.players if p in game.still_in and not (game.jackpot and p == game.opener)]
            self.target = game.rng.choice(choice) if choice else None
        if player != self.target:
            return None
        self.planted = True
        cards = list(game.hands[player])
        del cards[game.rng.randrange(len(cards))]
        return cards


class WrongWinner(Plant):
    """A3: the log records the pool won by a player the laws do not make the winner."""

    kind = "A3"

    def win(self, game: Game, player: str, amount: int) -> bool:
        if self.planted:
            return False
        named = [p for p in game.players if p not in game.winners]
        if not named:
            return False
        self.planted = True
        other = game.rng.choice(named)
        at = game.emit("win", player=other)
        game.expect("A3", other, at, what=f"the log gives the pool to {other}; {player} won it")
        return True


KINDS = [
    SayOutOfTurn,
    SayOutOfTurnJumpedLow,
    ShortOpening,
    ShortPlay,
    OverTheLimit,
    PassedHandTakenBack,
    RetiredDivulges,
    FalseOpener,
    FalseOpenerStated,
    ShowForSumInJackpot,
    BetOutOfTurn,
    BetOutOfTurnRaising,
    BetOutOfTurnCalling,
    ShortBet,
    StanderStandsAgain,
    LowerStake,
    FoulHandShown,
    WrongWinner,
]
