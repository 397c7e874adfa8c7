"""The replay state: what the table looks like after each event.

Three layers, each reset at its own boundary: the `Session` (the whole log: whose deal
is next, the jack-pot series, the pool carried over), the `Game` (from a new deal to
the pool paid: stakes, who is still in, the say, the draw, the betting) and the `Deal`
(from taking up the pack to the deal finished or void: cards, cut, who spoke).

Dataclasses with slots: read at every event, each field declared once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Iterable


class Phase(StrEnum):
    """Where a game stands; the rules' `{phase: NAME}` names one of these."""

    BEFORE_DEAL = "before_deal"
    DEALING = "dealing"
    SAY = "say"
    DRAW = "draw"
    BETTING = "betting"
    SHOW = "show"
    OVER = "over"


class Outcome(StrEnum):
    """How the pool of a game went: what a ledger's win cites and the report's words rest on."""

    UNOPENED = "unopened"
    UNCALLED = "uncalled"
    SHOW = "show"
    SHARED = "shared"
    SHOW_FOR_SUM = "show_for_sum"
    WIN_RECORDED = "win_recorded"
    NOT_CLAIMED = "not_claimed"


@dataclass(slots=True, kw_only=True)
class Hand:
    """One player's cards in the current deal: counted always, named where the log names them."""

    count: int = 0
    cards: list[int | None] = field(default_factory=list)
    original: list[int | None] = field(default_factory=list)
    lifted: bool = False
    discarded: int | None = None
    discards: list[int | None] = field(default_factory=list)
    demanded: int | None = None
    given: int = 0
    supplied: bool = False
    owed: int = 0  # cards the dealer owes beyond those given (exposed, short), and the law that says so
    owed_law: str | None = None
    excess: int = 0  # cards given in excess, to be taken back, and the law that says so
    excess_law: str | None = None
    drawn_lifted: bool = False


@dataclass(slots=True, kw_only=True)
class Deal:
    """From taking up the pack to the deal finished (or declared void)."""

    number: int
    began: int  # the index of its `deal` event
    dealer: str
    shuffles: list[dict[str, Any]] = field(default_factory=list)
    cut_by: str | None = None
    cards_dealt: int = 0
    finished: bool = False
    misdealt: bool = False
    redeal: bool
    last_to: str | None = None
    spoke: list[str] = field(default_factory=list)
    pointed_out: list[tuple[str, str]] = field(default_factory=list)
    hands: dict[str, Hand]
    pack_remaining: int
    in_play: dict[int, str] = field(default_factory=dict)
    uncollected: int = 0
    remaking: set[str] = field(default_factory=set)  # what the pack made up from the discards still needs: shuffle, cut

    def started(self) -> bool:
        return self.cards_dealt > 0


@dataclass(slots=True)
class Round:
    """A turn order (the say, the draw) and who has had his turn in it."""

    order: list[str]
    done: list[str] = field(default_factory=list)

    def pending(self, still_in: set[str]) -> list[str]:
        return [p for p in self.order if p not in self.done and p in still_in]

    def next(self, still_in: set[str]) -> str | None:
        pending = self.pending(still_in)
        return pending[0] if pending else None


@dataclass(slots=True, kw_only=True)
class Game:
    """One game: from its first deal to the pool paid, carried over, or the log's end."""

    number: int
    dealer: str
    jackpot: dict[str, Any] | None
    deal: Deal  # the current deal: the last of `deals`
    deals: list[Deal] = field(default_factory=list)
    ante_player: str | None = None
    every_ante: bool = False  # every player antes (the `ante_by` setting in force names every player)
    ante: int | None = None
    ante_staker: str | None = None
    antes_paid: dict[str, int] = field(default_factory=dict)
    straddles: list[tuple[str, int]] = field(default_factory=list)
    stakes: dict[str, int] = field(default_factory=dict)
    still_in: set[str] = field(default_factory=set)
    passed: set[str] = field(default_factory=set)
    foul: set[str] = field(default_factory=set)
    opener: str | None = None
    opener_cards: list[int] | None = None
    phase: Phase = Phase.BEFORE_DEAL
    say: Round | None = None
    draw: Round | None = None
    forfeited_draw: set[str] = field(default_factory=set)
    bet_turn: str | None = None
    bettors: set[str] = field(default_factory=set)
    acted_since_raise: set[str] = field(default_factory=set)
    preceding: int = 0  # the preceding in-turn stake: what a player must make good at his turn
    early: dict[str, int] = field(default_factory=dict)  # acts out of turn whose turn has not come: the stake left
    late: dict[str, int] = field(default_factory=dict)  # stakes when none could come: counters in, nothing else
    stood: set[str] = field(default_factory=set)
    last_stood: str | None = None
    last_to_equal: str | None = None
    all_in: dict[str, dict[str, Any]] = field(default_factory=dict)
    shown: dict[str, list[int]] = field(default_factory=dict)
    originals: dict[str, list[int]] = field(default_factory=dict)
    pool_start: int = 0
    paid_in: int = 0
    winners: list[str] = field(default_factory=list)
    resolved: bool = False
    outcome: Outcome | None = None
    claim_blocked: bool = False
    pending_claim: tuple[list[str], Outcome, dict[str, list[int]]] | None = None
    last_event: int = -1
    next_jackpot: dict[str, Any] | None = None
    dealer_drew: int | None = None
    redeal_by: str | None = None
    misdeal_rule: str | None = None
    asked: set[str] = field(default_factory=set)
    need_not_answer: set[str] = field(default_factory=set)
    highest: int = 0  # the highest stake (lowered only where a stake is given back)
    say_staked: bool = False  # a say taken in turn was a stake: the game is opened in turn

    def __post_init__(self) -> None:
        self.deals.append(self.deal)

    def the_say(self) -> Round:
        """The say, where the phase says it has begun (an invariant, not a check of the log)."""
        if self.say is None:
            raise RuntimeError("the say has not begun")
        return self.say

    def the_draw(self) -> Round:
        """The draw, where the phase says it has begun."""
        if self.draw is None:
            raise RuntimeError("the draw has not begun")
        return self.draw

    def highest_stake(self) -> int:
        return self.highest

    def shows_for_sum(self, player: str, stake: int, players: Iterable[str]) -> None:
        """`player` is settled as one who demanded a show for `stake` (law 60): with him, who
        was then in the game and who of `players` (the table's) was out of it."""
        self.all_in[player] = {"stake": stake, "in_game": set(self.still_in), "out": set(players) - self.still_in}


@dataclass(slots=True, kw_only=True)
class Session:
    """The whole log: the first dealer's draw, the rotation, the jack-pot series, the pool."""

    draw_round: dict[str, int] = field(default_factory=dict)
    draw_tied: list[str] | None = None
    # the count, not the games: a game over is in the report, and a long log's replay holds the table in play,
    # not its history
    games_begun: int = 0
    next_dealer: str | None = None
    next_jackpot: dict[str, Any] | None = None
    carried: int = 0


