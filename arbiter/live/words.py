"""The words players say at the table (`calls`, `raises 2`, `stands` …) read as the engine
has the game, not as the text notation reckons it from the words alone (SPEC §3 item 28:
`arbiter table` and `arbiter serve` say only what the engine's answer says).

A call is the play the answer offers the caller (the preceding in-turn stake for a player
jumped by an act out of turn; his own stake for an early actor offered only a raise), else
the highest stake; a stake made with a foul hand, or a
misdeal that was none, counts as the engine counts it. A stand is at the draw while the
player has not drawn and the draw goes on (one passed over stands pat, as the notation
reads it, and his words end no one's draw). The recorders write the events so read
(`Session.record`), so that the file means what the table said whoever reads it.
"""

from __future__ import annotations

import json
from typing import Any

from arbiter.engine.compiled import CompiledRules
from arbiter.engine.next_acts import next_acts
from arbiter.engine.replay import Replay
from arbiter.errors import LogError
from arbiter.notation.reckoning import Reckon, Reckoner, Reckoning
from arbiter.reading import read_log_bytes
from arbiter.state import Phase


class EngineReckoning:
    """The game in play after some events, as the engine replays them."""

    def __init__(self, replay: Replay) -> None:
        game = replay.board.game
        self.board = replay.board
        self.answer = next_acts(replay)
        self.game = game
        self.opened = game is not None and game.opener is not None
        self.every_ante = game is not None and game.every_ante  # a jack-pot, or a house's every-ante game

    def stake_of(self, player: str) -> int:
        return self.game.stakes.get(player, 0) if self.game else 0

    def call_of(self, player: str) -> int | None:
        """The play offered him; but to an early actor whose stake already meets the stake he
        must meet at his turn (offered only a raise: his turn passes without one, item 24),
        his own stake, kept. None before the opening (an open is no call), and to one under
        table stakes short of the stake, whose turn (or early act's turn, come again) offers a
        pass or a show for what he has: `calls` is refused, as `next` offers no play. One
        offered nothing else (out of his turn, or at his turn to show, the betting closed)
        calls the highest stake, as the notation reads it: an act outside the answer,
        recorded and judged."""
        offered = [act for act in self.answer["acts"] if act["type"] == "play" and self.answer["player"] == player]
        offered += [act for act in self.answer["others"] if act["type"] == "play" and act.get("player") == player]
        if offered and "minimum" in offered[0]:
            least: int = offered[0]["minimum"]
            own = self.stake_of(player)
            early = self.game is not None and player in self.game.early  # his own stake is none of a jumped one's
            return own if early and least > own >= self.board.stake_to_meet(player) else least
        shows = [act for act in self.answer["acts"] if act["type"] == "demand_show" and self.answer["player"] == player]
        shows += [act for act in self.answer["others"] if act["type"] == "demand_show" and act.get("player") == player]
        if not self.opened or shows:  # short of the stake, at his turn or at his early act's (item 24)
            return None
        return self.highest()

    def may_check(self, player: str) -> bool:
        """Is he offered a play (or, offered nothing, is the game opened)? As a call, so a
        check: before the opening the say is open or pass."""
        return self.call_of(player) is not None

    def highest(self) -> int | None:
        """The highest stake in the game so far, as the engine counts it; None if none."""
        return (self.game.highest_stake() if self.game else 0) or None

    def at_draw(self, player: str) -> bool | None:
        """By the answer's phase: the draw, where the say's last turns are still to pass
        (an early sayer's, which pass unless he raises), is the draw (`next` says so). In
        the say, one whose say is made (he passed, or staked, in turn or early) stands pat,
        as the notation reads it (the say goes round once: what he does next is at the
        draw); one whose say is to come has no stand. In the draw, one who has not drawn
        (passed over, L38, or passed: his words end no one's draw) stands pat while others
        still draw."""
        game, phase = self.game, self.answer["phase"]
        if game is None or phase in (Phase.BEFORE_DEAL, Phase.DEALING):
            return None
        if phase == Phase.SAY:  # his say made as the words show it: he passed (not retired with a foul hand), or
            said = (player not in game.still_in and player not in game.foul) or player in game.early \
                or player in game.the_say().done  # staked, in turn or early
            return True if said else None
        if phase != Phase.DRAW:
            return False
        hand = game.deal.hands.get(player)
        return hand is not None and hand.discarded is None \
            and (game.draw is None or bool(game.draw.pending(game.still_in)))


def reckon_by_engine(table: dict[str, Any], rules: CompiledRules, since: int) -> Reckon:
    """A `Reckon` that reads the words of the events from index `since` on (the line being
    recorded) by the engine, and earlier ones (lines already in the file, as `check` reads
    them) by the words alone. Where the events read so far cannot be replayed (the line
    will be refused), by the words alone too."""

    def reckon(events: list[dict[str, Any]], players: list[str]) -> Reckoner:
        if len(events) < since:
            return Reckoning(events, players)
        try:
            log = read_log_bytes(json.dumps({"format": "peel-draw-poker-log", "version": 1, "table": table,
                                             "events": events}).encode(), "the table")
            replay = Replay(log, rules)
            for k, event in enumerate(log["events"]):
                replay.step(k, event)
        except LogError:
            return Reckoning(events, players)
        return EngineReckoning(replay)

    return reckon
