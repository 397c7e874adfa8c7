"""Every kind of planted irregularity, by stage: the deal, the draw, the say and the betting,
and the acts when none can come."""

from arbiter.simulator import plants_deal, plants_draw, plants_late, plants_play

KINDS = [*plants_deal.KINDS, *plants_draw.KINDS, *plants_play.KINDS, *plants_late.KINDS]
