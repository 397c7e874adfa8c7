"""Judging the acts of a log: the checks an act sets off decided on the board as it stands,
their findings drafted, their effects applied; and the few things every act needs of the
board first (a game in play, a hand, a stake put in).

The acts (arbiter/engine/acts/) record the physical game and ask the judge; the replay
(replay.py) drives the events through them. The judge knows neither: every judgement
comes from the compiled rule book.
"""

from __future__ import annotations

from typing import Any, Callable, Final

from arbiter.engine.board import Board
from arbiter.engine.compiled import CompiledCheck, CompiledRules, each_round
from arbiter.events import Event
from arbiter.findings import Finding, GameAccount
from arbiter.rulebook.vocabulary.effects import paid_within_stack
from arbiter.seats import POOL
from arbiter.state import Game, Hand, Phase

# Acts that need a deal in progress: after a misdeal, only a new `deal` brings one. Any
# other act between a misdeal and the new deal is what a table can do then (a word to the
# dealer, a stake, a card turned up in the gathered pack): judged, never `invalid`.
DEALING_CARDS: Final = frozenset({"card", "dealt"})
# An act, or a club's rule, that needs a game before the first deal is refused in these words.
NO_DEAL: Final = "no deal has begun: a deal event must come first"


class Decision:
    """A check that held: its finding as drafted on the state before the event, the actor
    it held for, its effects' operands and the rules it is the exception to, evaluated
    then too (for a `for_each` check, with its player as `each`)."""

    def __init__(self, check: CompiledCheck, finding: Finding, actor: str | None, arguments: list[Any],
                 excepted: list[str]) -> None:
        self.check = check
        self.finding = finding
        self.actor = actor
        self.arguments = arguments
        self.excepted = excepted


class Judge:
    """The board of one log and the rule book that judges it; the findings so far and
    each finished game's account."""

    def __init__(self, board: Board, rules: CompiledRules) -> None:
        self.board = board
        self.rules = rules
        self.findings: list[Finding] = []
        self.games: list[GameAccount] = []
        self.fired_moments: set[tuple[str, int, str | None, str | None, int, int]] = set()

    def decide(self, trigger: str, actor: str | None) -> list[Decision]:
        """The checks `trigger` sets off that hold now, each with its finding drafted.

        A rule that is an exception to another silences that rule's check on the same
        trigger and player (D5 over L54), where its `exception_where` condition, if any,
        holds as well (A5 over D4): exceptions are explicit in the data.
        """
        triggered = self.rules.by_trigger.get(trigger)
        if triggered is None:
            return []
        board = self.board
        board.actor = actor
        held: list[Decision] = []
        game = board.game  # the phase of the moment, as `phase_now` reads it, with no call at each decision
        phase = game.phase if game else Phase.BEFORE_DEAL
        for check, condition in (triggered.moments.get(phase) or triggered.moment(phase)).asked(board):
            if check.for_each:
                players = each_round(board)
                if players is not None:
                    for each in players:
                        board.each = each
                        if condition(board):
                            held.append(self._draft(check))
                    board.each = None
                    continue
            if condition(board):
                held.append(self._draft(check))
        if len(held) < 2:
            return held
        silenced = {(target, d.finding.player) for d in held for target in d.excepted}
        return [d for d in held if (d.check.rule.id, d.finding.player) not in silenced]

    def _draft(self, check: CompiledCheck) -> Decision:
        game = self.board.game  # None for a check that holds before the first deal (the draw for it)
        player = check.player(self.board)
        finding = Finding(
            id=check.rule.id,
            severity=check.severity,
            game=game.number if game else None,
            deal=game.deal.number if game else None,
            event=self.board.k if self.board.k >= 0 else None,
            player=player if isinstance(player, str) and player != POOL else None,
            summary=check.summary(self.board),
        )
        arguments = [self.board.effect_arguments(name, arg) for name, arg in check.effects]
        excepted = [target for target, where in check.exceptions if where is None or where(self.board)]
        return Decision(check, finding, self.board.actor, arguments, excepted)

    def act(self, held: list[Decision]) -> None:
        """Apply what the checks decided, and report the findings. Most decisions hold
        nothing (some 1.3 an event): they return at once, with no loop begun."""
        if not held:
            return
        for decision in held:
            self.board.actor = decision.actor
            self.findings.append(decision.finding)
            for (name, _), values in zip(decision.check.effects, decision.arguments):
                decision.finding.effects.extend(self.board.apply_effect(name, values, decision.check.rule.id))
            if self.board.cut_short:  # the summary names the ruling's sum: say what table stakes let him pay
                decision.finding.summary += "".join(
                    f"; {paid_within_stack(payer, asked, paid, self.board.pronouns)}"
                    for payer, asked, paid in self.board.cut_short)
                self.board.cut_short.clear()

    def decide_earlier(self, k: int, event: Event, trigger: str, actor: str) -> None:
        """Decide and act now as of an earlier event `k` (a win recorded before the pool was
        taken, judged when it is)."""
        self.as_of(k, event, lambda: self.act(self.decide(trigger, actor)))

    def as_of(self, k: int, event: Event, apply: Callable[[], None]) -> None:
        """Apply now what an earlier event `k` comes to, judged only now (a win recorded
        before the pool was taken, a say before the first deal): its findings and payments
        cite that event, and the findings stay in the order of the events."""
        board = self.board
        now = board.k, board.event, board.parsed_cards
        board.k, board.event, board.parsed_cards = k, event, []
        try:
            apply()
        finally:
            board.k, board.event, board.parsed_cards = now
        self.findings.sort(key=lambda finding: -1 if finding.event is None else finding.event)

    def fire(self, trigger: str, actor: str | None) -> None:
        """Decide and act at once: for moments, which record nothing of their own. A
        moment raised again in the same deal (a second give) reports a law once."""
        game = self.board.game
        where = (game.number, game.deal.number) if game else (0, 0)
        fresh = []
        for decision in self.decide(trigger, actor):
            key = (decision.check.rule.id, decision.check.index, actor, decision.finding.player, *where)
            if key not in self.fired_moments:
                self.fired_moments.add(key)
                fresh.append(decision)
        self.act(fresh)

    def require_game(self, what: str) -> Game:
        game = self.board.game
        if game is None:
            raise self.board.refused(NO_DEAL)
        if game.deal.misdealt and what in DEALING_CARDS:
            raise self.board.refused("the deal was declared void (a misdeal): a new deal event must come first")
        return game

    def require_hand(self, player: str) -> Hand:
        return self.require_game(self.board.event["type"]).deal.hands[player]

    def dealing_in_progress(self) -> bool:
        game = self.board.game
        if game is None:
            return False
        deal = game.deal  # asked before most events: mostly of a deal finished
        return not deal.finished and not deal.misdealt and deal.started()

    # --- counters -----------------------------------------------------------------
    def stake(self, player: str, stake: int, what: str, raises: bool = True) -> None:
        """A player's whole stake becomes `stake`: he puts in the difference (never takes back);
        under table stakes no more than he has (A5). A stake that `raises` no one (a show
        demanded for a sum, L61) leaves the highest stake as it was; one that does counts his
        whole stake, what he put in before that raised no one (a straddle that could not be
        the last) included, and is kept with his stake before it, for a stake given back
        (`Board.return_stake`); one short of the stake to meet (all he has, A5) raises no one."""
        game = self.board.playing
        before = game.stakes[player]
        added = self.board.within_stack(player, stake - before)
        if added > 0:
            game.stakes[player] += added
            self.board.pay(player, POOL, added, what)
        now = game.stakes[player]
        if raises and (now >= game.highest or now >= game.stake_to_meet()):  # short of both (A5): no raise
            game.raises.setdefault(player, []).append((before, now))
            if now > game.highest:
                game.highest = now
