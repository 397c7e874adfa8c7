"""The board (the state of play at the table) as the vocabulary's words see it: what a
word's meaning may read, and what an effect may do. The engine's `Board` is one such
board; the words know it only by this class, so that they sit with the rule book, below
the engine that drives a replay."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Callable, Final, Mapping, Protocol

from arbiter.events import Event
from arbiter.findings import EffectRecord, EvidenceRecord
from arbiter.hands import HandRules
from arbiter.seats import Seating
from arbiter.state import Game, Hand, OutcomeName, Session

# The rounds with a turn to ask about: what a rule's `{out_of_turn: ROUND}` may name (the
# grammar refuses any other), each answered by `BoardView.turn_of`.
ROUNDS: Final = ("deal", "straddle", "say", "draw", "bet", "show")


class InForce(Protocol):
    """A procedure setting in force: its value (`{first: {left_of: dealer}}` …) and the law that sets it."""

    @property
    def rule(self) -> str: ...

    @property
    def value(self) -> Mapping[str, Any]: ...

    @property
    def named(self) -> Mapping[str, Callable[[Any], Any]]:
        """The persons and numbers it names (`first`, `last`, `cards_each` …), compiled with it."""


class BoardView(ABC):
    """The state of a replay, the event being judged and the persons a check is about.

    A base class, not a protocol: the engine's `Board` derives from it, so that a compiled
    build reads the board's attributes where they lie, not by name (a third of a replay's
    reads by name went)."""

    seating: Seating
    session: Session
    # the game in play, None until a deal begins one (a game begins with its first deal): a word asks whether a deal
    # has begun, and reads a player's hand (`playing.deal.hands`), where they lie, not through a method of the board
    game: Game | None
    parameters: Mapping[str, Any]
    hand_rules: HandRules
    limit: int
    table_ante: int
    event: Event
    k: int  # the index of the event being judged (an act held for the deal is judged as of its own)
    parsed_cards: list[int]  # the cards the event names
    actor: str | None  # the player the check is about (the event's, or the moment's)
    each: str | None  # the player a `for_each` check is at
    candidate: str | None  # the person a chain is considering
    expected_dealer: str | None
    last_asker: str | None  # at the dealer's answer: whose question it is for
    answer_owed: bool  # was that question one he had to answer (the asker had drawn, and L50 did not excuse him)?
    paying_how: OutcomeName | None  # while the pool is paid: how it was won
    evidence: EvidenceRecord | None  # the last law 46 evidence taken
    cut_short: list[tuple[str, int, int]]  # a ruling's payments table stakes cut to the payer's counters (A5)
    round_acts: dict[str, frozenset[str]]  # the phases each act is accepted in by the rounds with no condition
    conditional_acts: frozenset[str]  # the acts a round with a condition names (`accepting_phases`)

    playing: Game  # the game in play, set when a deal begins one (`Board.begin`); absent before the first deal

    @abstractmethod
    def chain(self) -> list[str]:
        """Who may act in turn now in the say or the betting (engine/turns.py)."""

    @abstractmethod
    def turn_of(self, round_name: str) -> str | None:
        """Whose turn it is in a round, one of `ROUNDS`."""

    @abstractmethod
    def stake_to_meet(self, player: str) -> int:
        """The stake this player must meet at the turn he acts at: where his own turn may
        pass without an act (an early stake), the turn at which he acts is a later one."""

    @abstractmethod
    def straddlers(self) -> list[str]:
        """Who may straddle in turn now."""

    @abstractmethod
    def deal_due(self) -> list[str]:
        """Who may be given the next card of the deal in turn."""

    @abstractmethod
    def stack_of(self, player: str) -> int | None:
        """The counters a player has on the table, where the log gives the stacks."""

    @abstractmethod
    def within_stack(self, player: str, amount: int) -> int:
        """What of `amount` a player can pay: under table stakes no more than his stack (A5)."""

    @abstractmethod
    def hand(self, player: str) -> Hand:
        """The player's cards in the current deal."""

    @abstractmethod
    def setting(self, name: str, match: Mapping[str, Any] | None = None) -> InForce | None:
        """The procedure setting in force (`say_order` …)."""

    @abstractmethod
    def in_force(self, place: str) -> bool:
        """Does a rule in force name this place of the code (its `implemented_by`)? A house
        may switch the rule off."""

    @abstractmethod
    def required(self, name: str) -> InForce:
        """A setting the game cannot go on without (refusing the log where none is in force)."""

    @abstractmethod
    def setting_person(self, name: str) -> tuple[str | None, str | None]:
        """The person a setting in force names (`cut_by: {right_of: dealer}`), and its law."""

    @abstractmethod
    def accepting_phases(self, kind: str) -> frozenset[str]:
        """The phases a round with a condition accepts this act in now (`round_acts`)."""

    @abstractmethod
    def refused(self, missing: str, path: str | None = None) -> Exception:
        """The error that stops a log this event makes impossible to replay."""

    def first_named(self, order: InForce, refusal: str) -> str:
        """The player an order in force names first; where he is not there (a club's order
        `{first: opener}` before anyone opened), the log cannot go on, and `refusal` says why."""
        first = order.named["first"](self)
        if first not in self.seating:
            raise self.refused(refusal)
        return str(first)

    @abstractmethod
    def pay(self, payer: str, payee: str, amount: int, what: str, rule: str | None = None) -> int:
        """Move counters, citing the rule; the amount paid (under table stakes, no more than the payer has)."""

    @abstractmethod
    def return_stake(self, player: str, amount: int, what: str, rule: str) -> int:
        """Give counters back out of the pool, lowering the player's stake; the amount given."""

    @abstractmethod
    def retire(self, player: str) -> None:
        """The player leaves the game."""

    @abstractmethod
    def find_witness(self, spec: Any) -> EffectRecord:
        """Walk law 46's chain of witnesses (the compiled `find_witness` operands)."""

    @abstractmethod
    def follow(self, target: str) -> list[EffectRecord]:
        """Apply another law's effects, or an exception's to it."""
