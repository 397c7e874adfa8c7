"""Every kind of planted irregularity, by stage: the deal, the draw, the say and the betting,
and the acts when none can come; and the choice of one for a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.simulator import plants_deal, plants_draw, plants_late, plants_play
from arbiter.simulator.plant import Plant

if TYPE_CHECKING:
    from arbiter.simulator.game import Jackpot
    from arbiter.simulator.session import Session

KINDS = [*plants_deal.KINDS, *plants_draw.KINDS, *plants_play.KINDS, *plants_late.KINDS]


def choose_plant(session: Session, number: int, jackpot: Jackpot | None) -> Plant:
    """A plant of a kind chosen at random among those this game can carry."""
    kinds = [kind for kind in session.kinds or KINDS if kind.possible(session, number, jackpot)]
    return session.rng.choice(kinds)() if kinds else Plant()
