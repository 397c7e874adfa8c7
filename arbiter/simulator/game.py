"""One game's state as the laws keep it: stakes, who is still in, the hands, the pool.

The stages of a game (`deal`, `say`, `draw`, `betting`, `showdown`) act on a `Game`;
the planted irregularity of the game (`plant`) is consulted at each stage.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypedDict

from arbiter.seats import Seating
from arbiter.simulator.deck import Pack, names
from arbiter.simulator.record import Record

if TYPE_CHECKING:
    from arbiter.simulator.plant import Plant
    from arbiter.simulator.say import Say
    from arbiter.simulator.session import Session

CARDS_PER_HAND = 5
PENALTY_ANTES = 2
JACKPOT_OPENERS = ("JJ", "QQ", "KK")


class Jackpot(TypedDict):
    """A jack-pot of a series: its number, and the pair or better that opens it."""

    number: int
    openers: str


def jackpot_of(number: int) -> Jackpot:
    """The k-th jack-pot of a series and its openers (D6: JJ, QQ, KK, then JJ again)."""
    return {"number": number, "openers": JACKPOT_OPENERS[(number - 1) % len(JACKPOT_OPENERS)]}


def unopened_law(jackpot: Jackpot | None) -> str:
    """The ruling when no one opens: L29 after an ordinary game, L31 after the first
    jack-pot of a series, L32 after a later one."""
    if not jackpot:
        return "L29"
    return "L31" if jackpot["number"] == 1 else "L32"


class Game:
    """The table during one game, kept as the laws say it goes."""

    def __init__(self, session: "Session", number: int, dealer: str,
                 jackpot: Jackpot | None, plant: "Plant") -> None:
        self.session = session
        self.rng: random.Random = session.rng
        self.record: Record = session.record
        self.seats: Seating = session.seats
        self.players: tuple[str, ...] = session.seats.players
        self.limit: int = session.limit
        self.table_ante: int = session.ante
        self.number = number
        self.dealer = dealer
        self.jackpot = jackpot
        self.plant = plant
        self.ante_player = None if jackpot else self.seats.left_of(dealer)
        self.ante_staker: str | None = None
        self.ante: int | None = None
        self.straddles: list[tuple[str, int]] = []
        self.stakes = {p: 0 for p in self.players}
        self.antes_paid: dict[str, int] = {}
        self.still_in = set(self.players)
        self.foul: set[str] = set()
        self.opener: str | None = None
        self.opener_known = False  # his original hand is in the log (dealt, stated or shown)
        self.claimants: set[str] = set()  # whom the pool paid where no show of the opener settled his claim
        self.unshowable: set[str] = set()  # holders of cards seen twice: they never show
        self.all_in: dict[str, dict[str, Any]] = {}
        self.hands: dict[str, list[int]] = {}
        self.original: dict[str, list[int]] = {}
        self._pack: Pack | None = None
        self.discards: list[int] = []
        self.discarded: dict[str, int] = {}
        self.given: dict[str, int] = {}
        self.lifted: set[str] = set()
        self.drawn_lifted: set[str] = set()
        self.bettors: set[str] = set()
        self.dealer_drew: int | None = None
        self.deals = 0
        self.card_mode = "dealt"
        #: face-down cards are written in the log (else only their number)
        self.records_cards: bool = session.records_cards
        #: face-down cards the log names all the same (exposed in the deal)
        self.named: set[int] = set()
        self.first_card_at: int | None = None
        self.finished_at: int | None = None
        self.resolved = False
        self.winners: list[str] = []
        self.next_jackpot: Jackpot | None = None
        self.phase = "before_deal"
        self._say: Say | None = None
        self.late: dict[str, int] = {}  # stakes when none could come (SPEC §3.25)
        self.won_uncalled = False

    @property
    def pack(self) -> Pack:
        """The pack in play: the deal shuffles it, the draw may gather the discards into it."""
        if self._pack is None:
            raise RuntimeError("the pack is used before the deal shuffled it")
        return self._pack

    @pack.setter
    def pack(self, pack: Pack) -> None:
        self._pack = pack

    @property
    def say_round(self) -> Say:
        """The say's turn, once the say opens."""
        if self._say is None:
            raise RuntimeError("the say's turn is read before the say opened")
        return self._say

    @say_round.setter
    def say_round(self, say: Say) -> None:
        self._say = say

    def ante_holder(self) -> str:
        """Who staked this game's ante (straddles and the say count from his left)."""
        if self.ante_staker is None:
            raise RuntimeError("no ante is staked yet")
        return self.ante_staker

    def ante_due(self) -> str:
        """Whose ante it is (the dealer's left); a jack-pot has none, every player antes."""
        if self.ante_player is None:
            raise RuntimeError("a jack-pot has no player whose ante it is")
        return self.ante_player

    # --- the record ---------------------------------------------------------------------
    def emit(self, type_: str, **fields: Any) -> int:
        return self.record.emit(type_, **fields)

    def expect(self, law: str, player: str | None, event: int | None, severity: str = "irregularity",
               what: str = "", planted: bool = True) -> None:
        self.record.expect(law, player, event, severity=severity, game=self.number,
                           planted=self.plant.kind if planted else None, what=what)

    # --- counters -----------------------------------------------------------------------
    def set_stake(self, player: str, stake: int) -> None:
        """A player's whole stake becomes `stake` (never less: a bet cannot be recalled)."""
        if stake > self.stakes[player]:
            self.pay_in(stake - self.stakes[player], player)
            self.stakes[player] = stake

    def late_stake(self, player: str, stake: int) -> None:
        """A stake when none can come (SPEC §3.25): its counters go to the pool while the
        pool is not taken, and it changes nothing else (not his stake, not the betting)."""
        before = max(self.stakes[player], self.late.get(player, 0))
        if stake > before and not self.resolved:
            self.late[player] = stake
            self.pay_in(stake - before, player)

    def pay_in(self, amount: int, payer: str) -> None:
        self.session.pool += amount
        self.session.net[payer] -= amount

    def transfer(self, payer: str, payee: str, amount: int) -> None:
        """Counters from one player to another (a refund, law 14 or 16)."""
        self.session.net[payer] -= amount
        self.session.net[payee] += amount

    def highest(self) -> int:
        return max(self.stakes.values())

    def ante_amount(self) -> int:
        """This game's ante as staked (the table's in a jack-pot, or when none was staked)."""
        return self.ante if (self.ante is not None and not self.jackpot) else self.table_ante

    def opening_base(self) -> int:
        """What the opener doubles: the ante, or the last straddle (D3)."""
        return self.straddles[-1][1] if self.straddles else self.ante_amount()

    def minimum(self) -> str | None:
        return self.jackpot["openers"] if self.jackpot else None

    def refundable(self, player: str) -> int:
        """His ante or straddle in this game; in a jack-pot, his jack-pot ante (L14, L60)."""
        if self.jackpot:
            return self.antes_paid.get(player, 0)
        own = [amount for who, amount in self.straddles if who == player]
        if own:
            return own[-1]
        if player == self.ante_staker and self.ante is not None:
            return self.ante
        return 0

    # --- players ------------------------------------------------------------------------
    def retire(self, player: str) -> None:
        self.still_in.discard(player)

    def make_foul(self, player: str) -> None:
        self.foul.add(player)
        self.retire(player)

    def in_turn_from(self, first: str) -> list[str]:
        return self.seats.round_from(first)

    def active(self) -> list[str]:
        """Players still in who have not demanded a show for a sum, in seat order."""
        return [p for p in self.players if p in self.still_in and p not in self.all_in]

    def hand_names(self, player: str) -> list[str]:
        return names(self.hands[player])

    def recorded(self, cards: list[int]) -> list[str] | None:
        """Face-down cards as the log writes them: named, or (counts only) not at all, unless
        one of them is a card the log has named (an exposed card): then all are named, so
        that where that card goes stays known (thrown, then given again after law 41)."""
        return names(cards) if self.records_cards or self.named.intersection(cards) else None

    def dealt_hands(self) -> dict[str, Any]:
        """The `hands` of a `dealt` event: each hand's cards, or its number of cards."""
        return {p: names(self.hands[p]) if self.records_cards else len(self.hands[p])
                for p in self.deal_receivers()}

    def say_order(self) -> list[str]:
        """L23, L24, A1: from the left of the ante (or last straddler), ending with him;
        in a jack-pot from the dealer's left, ending with the dealer."""
        if self.jackpot:
            last = self.dealer
        elif self.straddles:
            last = self.straddles[-1][0]
        else:
            last = self.ante_staker or self.ante_due()
        return self.in_turn_from(self.seats.left_of(last))

    def draw_order(self) -> list[str]:
        return self.in_turn_from(self.seats.left_of(self.dealer))

    def first_bettor(self) -> str:
        """L53 and A1: the player to the left of the ante as staked, whoever staked it
        (reading 8); the dealer's left in a jack-pot."""
        if self.jackpot:
            return self.seats.left_of(self.dealer)
        return self.seats.left_of(self.ante_staker or self.ante_due())

    def deal_receivers(self) -> list[str]:
        """The order of the deal: from the dealer's left, the dealer last (L7)."""
        return self.in_turn_from(self.seats.left_of(self.dealer))

    def deal_order(self) -> list[str]:
        return self.deal_receivers() * CARDS_PER_HAND
