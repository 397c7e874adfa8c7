"""The board (the state of play at the table) as the vocabulary's words see it: what a
word's meaning may read, and what an effect may do. The engine's `Board` is one such
board; the words know it only by this
protocol, so that they sit with the rule book, below the engine that drives a replay."""

from __future__ import annotations

from typing import Any, Mapping, Protocol

from arbiter.findings import EffectRecord, EvidenceRecord
from arbiter.hands import HandRules
from arbiter.seats import Seating
from arbiter.state import Game, Hand, Outcome, Session


class Pool(Protocol):
    """The counters staked and not yet paid out, and each player's stack where the log gives them."""

    pool: int
    stacks: dict[str, int] | None


class InForce(Protocol):
    """A procedure setting in force: its value (`{first: {left_of: dealer}}` …) and the law that sets it."""

    @property
    def rule(self) -> str: ...

    @property
    def value(self) -> Mapping[str, Any]: ...


class Turns(Protocol):
    """Whose turn it is (the engine's `engine/turns.py`)."""

    def chain(self) -> list[str]:
        """Who may act in turn now in the say or the betting."""

    def of(self, round_name: str) -> str | None:
        """Whose turn it is in a round: `deal`, `straddle`, `say`, `draw`, `bet`, `show`."""

    def straddlers(self) -> list[str]:
        """Who may straddle in turn now."""


class BoardView(Protocol):
    """The state of a replay, the event being judged and the persons a check is about."""

    seating: Seating
    session: Session
    game: Game | None
    parameters: Mapping[str, Any]
    hand_rules: HandRules
    limit: int
    table_ante: int
    event: Mapping[str, Any]
    parsed_cards: list[int]  # the cards the event names
    actor: str | None  # the player the check is about (the event's, or the moment's)
    each: str | None  # the player a `for_each` check is at
    candidate: str | None  # the person a chain is considering
    expected_dealer: str | None
    last_asker: str | None  # the last to ask the dealer what he drew
    paying_how: Outcome | None  # while the pool is paid: how it was won
    evidence: EvidenceRecord | None  # the last law 46 evidence taken

    @property
    def ledger(self) -> Pool:
        """The counters moved, and the pool."""

    @property
    def turns(self) -> Turns:
        """Whose turn it is."""

    playing: Game  # the game in play, where a deal has begun one (every word that reads it is asked then)

    def in_deal(self) -> bool:
        """Has a deal of the game in play begun?"""

    def hand(self, player: str) -> Hand:
        """The player's cards in the current deal."""

    def setting(self, name: str, **match: Any) -> InForce | None:
        """The procedure setting in force (`say_order` …)."""

    def required(self, name: str) -> InForce:
        """A setting the game cannot go on without (refusing the log where none is in force)."""

    def setting_person(self, name: str) -> tuple[str | None, str | None]:
        """The person a setting in force names (`cut_by: {right_of: dealer}`), and its law."""

    def person(self, spec: Any) -> Any:
        """A person or number a setting names (`{left_of: dealer}`)."""

    def accepting_phases(self, kind: str) -> frozenset[str] | None:
        """The phases some round in force accepts this act in (`round_acts`)."""

    def refused(self, missing: str, path: str | None = None) -> Exception:
        """The error that stops a log this event makes impossible to replay."""

    def pay(self, payer: str, payee: str, amount: int, what: str, rule: str | None = None) -> int:
        """Move counters, citing the rule; the amount paid (under table stakes, no more than the payer has)."""

    def return_stake(self, player: str, amount: int, what: str, rule: str) -> int:
        """Give counters back out of the pool, lowering the player's stake; the amount given."""

    def retire(self, player: str) -> None:
        """The player leaves the game."""

    def find_witness(self, spec: Any) -> EffectRecord:
        """Walk law 46's chain of witnesses (the compiled `find_witness` operands)."""

    def follow(self, target: str) -> list[EffectRecord]:
        """Apply another law's effects, or an exception's to it."""
