"""Replaying a hand log event by event: the record of what happened, and the laws applied.

For each event: the moments it brings about are raised (the deal finished, a hand first
raised …), the checks of the rule book that the event or moment triggers are decided on
the state *before* it, the event is recorded (cards moved, counters staked), and then
the effects of the checks that held are applied. The Python here records the physical
game (who holds what, who staked what, whose turn it is by the orders the rules
define); every judgement comes from `rules/`.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Final, Iterable, Mapping

from arbiter.cards import card_str, parse_card
from arbiter.engine.acts import betting, dealing, drawing, ending, showing
from arbiter.engine.board import BINDING, Board
from arbiter.engine.compiled import CompiledRules, compiled_rules
from arbiter.engine.judge import NO_DEAL, Judge
from arbiter.engine.ledger import CountBeyond
from arbiter.events import DEALING_EVENTS, Event
from arbiter.rulebook.model import Rulebook
from arbiter.rulebook.vocabulary.grammar import EVENT_TYPES
from arbiter.rulebook.vocabulary.numbers import opening_least
from arbiter.state import Phase

# Acts a table may make before the log's first deal (the ante put up, a say out of turn, a card seen face up in the
# pack …): each is the game's that deal begins.
BEFORE_THE_DEAL: Final = frozenset({"ante", "straddle", "shuffle", "cut", "speak", "point_out", "face_up_in_pack",
                                    "open", "play", "pass", "demand_show"})
# What is done for a deal before it is taken up, once the last game is over (a stake then is the last game's, an act
# when none can come: reading 25), or after a misdeal (the pack alone: the new deal needs no new antes).
PACK_ACTS: Final = frozenset({"shuffle", "cut"})
FOR_THE_NEXT_DEAL: Final = PACK_ACTS | {"ante", "straddle"}
# The phases in which one who leaves (he passed, or his hand was found foul) may end the round: from the say to the
# close of the betting, where one player left in takes the pool, and the show, whose hands due may then all be in.
LEAVING_MAY_END: Final = frozenset({Phase.SAY, Phase.DRAW, Phase.BETTING, Phase.SHOW})
# Acts that leave the turn to say or bet where it is: they belong to no round (an ante paid late, a word, a
# point raised, counters added are no say or bet: an early sayer's turn does not pass at them).
TURNLESS_EVENTS: Final = DEALING_EVENTS | {"lift", "divulge", "take_back", "ask_dealer", "dealer_answer",
                                           "dealer_tells", "ante", "add_counters"}
# The types whose events may name cards (a `card`, `cards`, or the `hands` dealt), as the log's schema gives
# them (tests/test_events.py holds it): an event of another type names none, and its cards are not looked for
# (six events in ten: a pass, a play, an ante, a shuffle …), where each was asked for a card, a list and a deal.
NAMING_CARDS: Final = frozenset({"draw_for_deal", "card", "dealt", "face_up_in_pack", "open", "discard", "give",
                                 "collect_discards", "show"})

# A say made before any deal belongs to the game the next deal begins (reading 1): where no deal follows, it has
# none, and the log cannot be told (a deal after it would make it that game's say out of turn, L25).
SAID_BEFORE_ANY_DEAL: Final = "a say before any deal, and no deal follows: it belongs to no game"


class Replay(Judge):
    """One log's replay: it records each event on its board with the acts' handlers, which
    ask the judge (judge.py) what the laws decide of it."""

    @staticmethod
    def compile(rulebook: Rulebook) -> CompiledRules:
        """The rule book compiled for replays: its conditions bound to the board's words,
        as closures built in memory (nothing is written, nothing generated)."""
        return compiled_rules(rulebook, BINDING)

    def __init__(self, log: Mapping[str, Any], rules: CompiledRules, trace: bool = False) -> None:
        super().__init__(Board(log["table"], rules), rules)
        self.log = log  # what `next` tries an act on, where a club's own rule may forbid it
        self.events: Iterable[Event] = log["events"]
        self.trace: list[dict[str, Any]] | None = [] if trace else None

    # --- driving -----------------------------------------------------------------
    def run(self) -> None:
        k = -1  # the events may be any iterable, read as they come (a long log's)
        for k, event in enumerate(self.events):
            self.step(k, event)
        self.finish(k + 1)

    def step(self, k: int, event: Event) -> None:
        """Record event `k` and apply what the laws decide of it. Between steps the board
        stands as the log so far leaves it: what may come next is asked of it then."""
        try:
            self.board.k = k
            self.board.event = event
            kind = event["type"]
            self.board.parsed_cards = event_cards(event) if kind in NAMING_CARDS else []
            if self.board.dealing is not None and kind not in DEALING_EVENTS:
                dealing.end_dealing(self)  # the first event after the dealing ends it
            if kind not in TURNLESS_EVENTS:
                betting.settle_turns(self, event)
            before = self.board.game
            if (before is None and kind in BEFORE_THE_DEAL) or (kind in FOR_THE_NEXT_DEAL and before is not None and (
                    before.resolved or (kind in PACK_ACTS and before.deal.misdealt))):
                # once a game is over, the ante and straddles put up and the pack shuffled and cut are the next game's;
                # after a misdeal, the pack gathered is shuffled and cut for the new deal
                self.board.session.acts_before_deal.append((k, event))  # the next deal's: judged as of here, at it
                if self.trace is not None:
                    self.trace.append(self.snapshot())
                return
            playing = len(before.still_in) if before is not None else 0
            try:
                HANDLERS[kind](self, event)
            except AttributeError:
                # Before the first deal the board has no game in play (`playing`): an act that
                # needs one reads it first (a card or a whole deal asks `require_game`, which asks
                # more), and a club's rule may ask about the game then (a check on the draw for
                # the deal): each is refused here, in the words `require_game` would use. The
                # acts read it off the board with no call of their own (0.9 an event).
                if self.board.game is None:
                    raise self.board.refused(NO_DEAL) from None
                raise
            if kind == "deal" and self.board.session.acts_before_deal:
                self.take_acts_before_deal()
            game = self.board.game
            if game is not None and game.phase in LEAVING_MAY_END and (
                    len(game.still_in) == 1 or (game is before and len(game.still_in) < playing)):
                betting.round_may_end(self)  # the others passed, or a hand found foul left him alone or ended the round
            if game is not None and game.early and not game.resolved:
                betting.early_turn_comes(self)  # the turn this event brought may be one who acted early: it has come
            if self.trace is not None:
                self.trace.append(self.snapshot())
        except CountBeyond as exc:  # a count past what a report holds exactly: the log cannot be told
            raise self.board.refused(str(exc)) from None

    def take_acts_before_deal(self) -> None:
        """A deal has begun: the acts recorded before it (an ante put up, the pack shuffled, a
        say out of turn, reading 24) are its own, each judged now as of its own event."""
        waiting, self.board.session.acts_before_deal = self.board.session.acts_before_deal, []
        for k, event in waiting:
            self.as_of(k, event, partial(HANDLERS[event["type"]], self, event))

    def finish(self, count: int) -> None:
        """The log ends after `count` events: the game in play is reported as it stands. An
        act that waited for a deal that never came moved nothing (no game of its own began,
        and the last game's pool is not its to receive: reading 25): the ante put up and the
        pack made ready before the first deal are a game's beginning, which the deal may yet
        follow; a say before any deal had no game to be made in."""
        waiting = self.board.session.acts_before_deal
        said = next(((k, e) for k, e in waiting if e["type"] in betting.BETTING_ACTS), None)
        if said is not None and self.board.game is None:
            self.board.k, self.board.event = said
            raise self.board.refused(SAID_BEFORE_ANY_DEAL)
        waiting.clear()
        self.board.k = count - 1
        self.board.event = {}
        self.board.parsed_cards = []
        if self.board.game:
            try:
                ending.end_game(self, self.board.k)
            except CountBeyond as exc:
                raise self.board.refused(str(exc)) from None

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
            "opener": game.opener,
            "ante_staker": game.ante_staker,  # who staked this game's ante (none where every player antes)
            "preceding": game.preceding,  # the stake made in turn a stake now meets, and who staked out of turn
            # until a stake in turn opens the say, the least the first in turn must stake (law 25, SPEC 24)
            "least_to_open": opening_least(self.board) if game.phase == Phase.SAY and not game.say_staked else None,
            "early": [p for p in seats if p in game.early],  # with his turn not yet passed (SPEC 24)
            "pool": self.board.ledger.pool,
            "carried": game.pool_start,  # of it, what came in from the games before (a pool that stayed)
            "stakes": {p: game.stakes[p] for p in seats},
            "highest": game.highest_stake(),  # the stake to meet: one that raised no one is not of it (L20, L21)
            "paid_in": self.board.ledger.paid_in(game.number),  # beside the stakes: forfeits, penalties, antes
            "still_in": [p for p in seats if p in game.still_in],
            "foul": [p for p in seats if p in game.foul],
            "unvalued": [p for p in seats if p in game.unvalued],
            "all_in": [p for p in seats if p in game.all_in],
            "cards": {p: game.deal.hands[p].count for p in seats},
            "remaking": sorted(game.deal.remaking),  # a pack made up of the discards, still to shuffle and cut
            "shown": {p: [card_str(c) for c in game.shown[p]] for p in seats if p in game.shown},
            "winners": list(game.winners),
            "pool_taken": game.pool_taken(),  # not while a jack-pot opener's claim waits for his show (L33)
        }


# Each event type's handler, looked up once: `on_TYPE(judge, event)` in the module of
# its part of the game (arbiter/engine/acts/).
HANDLERS: Final[Mapping[str, Callable[[Judge, Event], None]]] = {
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
