"""Planted irregularities: the base of every plant and the hooks the stages call.

A plant changes one game at the stage its law governs and records, through
`Game.expect`, each finding arbiter must then report: the law, the player, the event.
The stages call the hooks below; a hook that returns a true value has taken over that
step. The game then goes on as the laws say it must (a foul hand is out, a misdeal is
dealt again by the same dealer with no new ante, an act out of turn stands).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from arbiter.simulator.betting import Betting
    from arbiter.simulator.game import Game, Jackpot
    from arbiter.simulator.session import Session

# An act of the say or the betting, as the stages choose and record it: its kind first,
# then what that kind carries: ("pass",), ("play", stake), ("open", stake[, stated hand]),
# ("demand_show", stake). The tail differs by kind, so it is typed loosely.
Act: TypeAlias = tuple[str, *tuple[Any, ...]]


class Plant:
    """No irregularity: every hook lets the stage play by the laws."""

    kind: str | None = None

    def __init__(self) -> None:
        self.planted = False

    # --- static choice ---------------------------------------------------------------
    @classmethod
    def possible(cls, session: "Session", number: int, jackpot: Jackpot | None) -> bool:
        return True

    # --- the hooks ---------------------------------------------------------------------
    def dealer(self, session: "Session", due: str, number: int) -> str | None:
        """Someone other than `due` deals this game."""
        return None

    def deal_event(self, game: "Game", at: int, redeal: bool) -> None:
        return None

    def shuffle_and_cut(self, game: "Game") -> bool:
        return False

    def ante(self, game: "Game") -> bool:
        return False

    def jackpot_antes(self, game: "Game") -> bool:
        return False

    def straddles(self, game: "Game") -> bool:
        return False

    def deal_cards(self, game: "Game") -> str | None:
        """None: deal as usual; "dealt": the plant dealt; "misdeal": the deal is void."""
        return None

    def before_say(self, game: "Game") -> None:
        return None

    def say_actor(self, game: "Game", chain: list[str], pending: list[str]) -> str | None:
        """Someone acts in the say instead of one of `chain`, those who may say in turn now."""
        return None

    def say_act(self, game: "Game", player: str) -> Act | None:
        return None

    def after_say_act(self, game: "Game", player: str, act: Act, at: int) -> None:
        return None

    def draw_turn(self, game: "Game", player: str, pending: list[str], done: list[str]) -> bool:
        return False

    def discards(self, game: "Game", player: str) -> list[int] | None:
        return None

    def pack_short(self, game: "Game", player: str) -> bool:
        return False

    def after_draw(self, game: "Game") -> None:
        return None

    def bet_actor(self, game: "Game", chain: list[str], state: "Betting") -> str | None:
        """Someone bets instead of one of `chain`, those who may bet in turn now."""
        return None

    def bet_act(self, game: "Game", player: str, state: "Betting") -> Act | None:
        return None

    def after_bet_act(self, game: "Game", player: str, act: Act, at: int) -> None:
        return None

    def betting_closed(self, game: "Game", state: "Betting") -> None:
        """The betting has closed; the hands are not yet shown."""
        return None

    def game_over(self, game: "Game") -> None:
        """The game is over (the pool taken, or the game unopened)."""
        return None

    def shown_cards(self, game: "Game", player: str) -> list[int] | None:
        return None

    def win(self, game: "Game", player: str, amount: int) -> bool:
        return False

