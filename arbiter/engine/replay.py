"""Replaying a hand log event by event: the record of what happened, and the laws applied.

For each event: the moments it brings about are raised (the deal finished, a hand first
raised …), the checks of the rule book that the event or moment triggers are decided on
the state *before* it, the event is recorded (cards moved, counters staked), and then
the effects of the checks that held are applied. The Python here records the physical
game (who holds what, who staked what, whose turn it is by the orders the rules
define); every judgement comes from `rules/`.
"""

from __future__ import annotations

from typing import Any, Callable, Final, Iterable, Mapping

from arbiter.cards import card_str, parse_card
from arbiter.engine.acts import betting, dealing, drawing, showing
from arbiter.engine.board import BINDING, Board
from arbiter.engine.compiled import CompiledCheck, CompiledRules, compiled_rules, each_round
from arbiter.events import Event
from arbiter.findings import Finding, GameAccount
from arbiter.rulebook.model import Rulebook
from arbiter.rulebook.vocabulary.grammar import EVENT_TYPES
from arbiter.rulebook.vocabulary.predicates import phase_now
from arbiter.seats import POOL
from arbiter.state import Game, Hand

DEALING_EVENTS: Final = frozenset({"card", "speak", "point_out", "face_up_in_pack"})
# Acts that need a deal in progress: after a misdeal, only a new `deal` brings one. Any
# other act between a misdeal and the new deal is what a table can do then (a word to the
# dealer, a stake, a card turned up in the gathered pack): judged, never `invalid`.
DEALING_CARDS: Final = frozenset({"card", "dealt"})
# An act, or a club's rule, that needs a game before the first deal is refused in these words.
NO_DEAL: Final = "no deal has begun: a deal event must come first"
# Acts that leave the turn to say or bet where it is: they belong to no round.
TURNLESS_EVENTS: Final = DEALING_EVENTS | {"lift", "divulge", "take_back", "ask_dealer", "dealer_answer",
                                           "dealer_tells"}


class Decision:
    """A check that held: its finding as drafted on the state before the event, the actor
    it held for, and its effects' operands, evaluated then too."""

    def __init__(self, check: CompiledCheck, finding: Finding, actor: str | None, arguments: list[Any]) -> None:
        self.check = check
        self.finding = finding
        self.actor = actor
        self.arguments = arguments


class Replay:
    """One log's replay: it records each event on its board, decides the checks the event
    sets off, applies what they decide, and keeps the findings and each game's account."""

    @staticmethod
    def compile(rulebook: Rulebook) -> CompiledRules:
        """The rule book compiled for replays: its conditions bound to the board's words,
        as closures built in memory (nothing is written, nothing generated)."""
        return compiled_rules(rulebook, BINDING)

    def __init__(self, log: Mapping[str, Any], rules: CompiledRules, trace: bool = False) -> None:
        self.board = Board(log["table"], rules)
        self.rules = rules
        self.events: Iterable[Event] = log["events"]
        self.findings: list[Finding] = []
        self.games: list[GameAccount] = []
        self.trace: list[dict[str, Any]] | None = [] if trace else None
        self.fired_moments: set[tuple[str, int, str | None, str | None, int, int]] = set()

    # --- driving -----------------------------------------------------------------
    def run(self) -> None:
        k = -1  # the events may be any iterable, read as they come (a long log's)
        for k, event in enumerate(self.events):
            self.step(k, event)
        self.finish(k + 1)

    def step(self, k: int, event: Event) -> None:
        """Record event `k` and apply what the laws decide of it. Between steps the board
        stands as the log so far leaves it: what may come next is asked of it then."""
        self.board.k = k
        self.board.event = event
        self.board.parsed_cards = event_cards(event)
        kind = event["type"]
        if kind not in DEALING_EVENTS and self.dealing_in_progress():
            dealing.finish_deal(self)
        if kind not in TURNLESS_EVENTS:
            betting.settle_turns(self, event)
        try:
            HANDLERS[kind](self, event)
        except AttributeError:
            # Before the first deal the board has no game in play (`playing`): an act that
            # needs one is refused first (`require_game`), but a club's rule may still ask
            # about the game then (a check on the draw for the deal): refused as before.
            if self.board.game is None:
                raise self.board.refused(NO_DEAL) from None
            raise
        if self.trace is not None:
            self.trace.append(self.snapshot())

    def finish(self, count: int) -> None:
        """The log ends after `count` events: the game in play is reported as it stands."""
        self.board.k = count - 1
        self.board.event = {}
        self.board.parsed_cards = []
        if self.board.game:
            self.end_game(self.board.k)

    def snapshot(self) -> dict[str, Any]:
        """The board after the current event, for those who tell the game (explain, HTML)."""
        game = self.board.game
        if game is None:
            return {"event": self.board.k, "game": None}
        seats = self.board.seating.round_from(self.board.seating.left_of(game.dealer))
        return {
            "event": self.board.k,
            "game": game.number,
            "deal": game.deal.number,
            "dealer": game.dealer,
            "jackpot": game.jackpot,
            "phase": game.phase,
            "pool": self.board.ledger.pool,
            "stakes": {p: game.stakes[p] for p in seats},
            "still_in": [p for p in seats if p in game.still_in],
            "foul": [p for p in seats if p in game.foul],
            "cards": {p: game.deal.hands[p].count for p in seats},
            "shown": {p: [card_str(c) for c in game.shown[p]] for p in seats if p in game.shown},
            "winners": list(game.winners),
        }

    def decide(self, trigger: str, actor: str | None) -> list[Decision]:
        """The checks `trigger` sets off that hold now, each with its finding drafted.

        A rule that is an exception to another silences that rule's check on the same
        trigger and player (D5 over L54): exceptions are explicit in the data.
        """
        triggered = self.rules.by_trigger.get(trigger)
        if triggered is None:
            return []
        board = self.board
        board.actor = actor
        held: list[Decision] = []
        phase = phase_now(board)
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
        silenced = {(target, d.finding.player) for d in held for target in d.check.rule.exception_to}
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
        return Decision(check, finding, self.board.actor, arguments)

    def act(self, held: list[Decision]) -> None:
        """Apply what the checks decided, and report the findings."""
        for decision in held:
            self.board.actor = decision.actor
            self.findings.append(decision.finding)
            for (name, _), values in zip(decision.check.effects, decision.arguments):
                decision.finding.effects.extend(self.board.apply_effect(name, values, decision.check.rule.id))

    def decide_earlier(self, k: int, event: Event, trigger: str, actor: str) -> None:
        """Decide and act now as of an earlier event `k` (a win recorded before the pool was
        taken, judged when it is): its findings cite that event, in the order of the events."""
        board = self.board
        now = board.k, board.event, board.parsed_cards
        board.k, board.event, board.parsed_cards = k, event, []
        held = self.decide(trigger, actor)
        board.k, board.event, board.parsed_cards = now
        if held:
            self.act(held)
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
    def stake(self, player: str, stake: int, what: str) -> None:
        """A player's whole stake becomes `stake`: he puts in the difference (never takes back);
        under table stakes no more than he has (A5)."""
        game = self.board.playing
        added = self.board.within_stack(player, stake - game.stakes[player])
        if added > 0:
            game.stakes[player] += added
            game.highest = max(game.highest, game.stakes[player])
            self.board.pay(player, POOL, added, what)

    # --- the end of a game ------------------------------------------------------------
    def end_game(self, last: int) -> None:
        """The game in play is over; `last` is its last event's index, which a claim it
        left pending (law 33) is settled at."""
        game = self.board.playing
        session = self.board.session
        if game.pending_claim is not None or (game.recorded_wins and not game.resolved):
            current, self.board.k = self.board.k, last
            if not game.resolved:  # a win recorded while hands were due, none shown after it
                showing.take_recorded_win(self, game.recorded_wins[0][1]["player"])
            showing.settle_pending_claim(self)
            self.board.k = current
        complete = game.resolved
        session.next_dealer, _ = self.board.setting_person("next_dealer")
        session.next_jackpot = game.next_jackpot if complete else None
        next_game = {"dealer": session.next_dealer, "jackpot": game.next_jackpot}
        session.carried = self.board.ledger.pool
        self.games.append(GameAccount(
            game=game.number, dealer=game.dealer, deals=len(game.deals), jackpot=game.jackpot,
            opened_by=game.opener, winners=list(game.winners), pool=game.pool_start + game.paid_in,
            complete=bool(complete), next=next_game if complete else None))
        self.stacks_after(self.games[-1])

    def stacks_after(self, account: GameAccount) -> None:
        """Where the log gives the players' stacks: each one's after the game (the counters he
        added during it, held over under table stakes, joined), and what anyone borrowed in it."""
        ledger = self.board.ledger
        if ledger.stacks is None:
            return
        for player, amount in self.board.held_over.items():
            ledger.add(player, amount)
        self.board.held_over.clear()
        account.stacks = {p: ledger.stacks[p] for p in self.board.seating.players}
        if ledger.borrowed:
            account.borrowed = {p: ledger.borrowed[p] for p in self.board.seating.players if p in ledger.borrowed}
            ledger.borrowed = {}



# Each event type's handler, looked up once: `on_TYPE(replay, event)` in the module of
# its part of the game (arbiter/engine/acts/).
HANDLERS: Final[Mapping[str, Callable[[Replay, Event], None]]] = {
    kind: next(getattr(part, "on_" + kind) for part in (dealing, betting, drawing, showing)
               if hasattr(part, "on_" + kind))
    for kind in EVENT_TYPES}


def event_cards(event: Event) -> list[int]:
    """The cards an event names, parsed (the schema has checked their spelling)."""
    if "card" in event and event["card"] is not None:
        return [parse_card(event["card"])]
    cards = event.get("cards")
    if cards:
        return [parse_card(c) for c in cards]
    if event.get("type") == "dealt":
        return [parse_card(c) for hand in event["hands"].values() if isinstance(hand, list) for c in hand]
    return []
