"""The replay state: what the table looks like after each event.

Three layers, each reset at its own boundary: the `Session` (the whole log: whose deal
is next, the jack-pot series, the pool carried over), the `Game` (from a new deal to
the pool paid: stakes, who is still in, the say, the draw, the betting) and the `Deal`
(from taking up the pack to the deal finished or void: cards, cut, who spoke).

Each field is declared once, in its class's `__init__`: a compiled build makes these
constructors native, where a dataclass's `__init__` stays interpreted; and a dataclass is
made when its module loads, which one log pays for (docs/speed.md).
"""

from __future__ import annotations

from typing import Any, Collection, Container, Final, Iterable, NewType, Sequence

from arbiter.cards import JOKER
from arbiter.events import Event

PhaseName = NewType("PhaseName", str)
OutcomeName = NewType("OutcomeName", str)


class Phases:
    """Where a game stands; the rules' `{phase: NAME}` names one of these (`Phase.SAY`).

    Set on the one instance, `Phase`, rather than on a class or an `Enum`: CPython 3.11
    keeps a cache for an instance's attribute where the look-up is made, but none for a
    class's, and it finds an Enum's member through its metaclass's `__getattr__`; the
    replay asks about the phase several times an event (docs/speed.md). `PhaseName`
    keeps a phase apart from any other string for mypy."""

    def __init__(self) -> None:
        self.BEFORE_DEAL: Final = PhaseName("before_deal")
        self.DEALING: Final = PhaseName("dealing")
        self.SAY: Final = PhaseName("say")
        self.DRAW: Final = PhaseName("draw")
        self.BETTING: Final = PhaseName("betting")
        self.SHOW: Final = PhaseName("show")
        self.OVER: Final = PhaseName("over")


Phase: Final = Phases()

# Every phase, in the order a game goes through them: what a rule's `{phase: NAME}` and a
# `round_acts` setting may name (the grammar refuses any other); a test holds it to `Phase`.
PHASES: Final = (Phase.BEFORE_DEAL, Phase.DEALING, Phase.SAY, Phase.DRAW, Phase.BETTING, Phase.SHOW, Phase.OVER)


class Outcomes:
    """How the pool of a game went: what a ledger's win cites and the report's words rest
    on. Set on the one instance, `Outcome`, as the phases are on `Phase`."""

    def __init__(self) -> None:
        self.UNOPENED: Final = OutcomeName("unopened")
        self.UNCALLED: Final = OutcomeName("uncalled")
        self.SHOW: Final = OutcomeName("show")
        self.SHARED: Final = OutcomeName("shared")
        self.SHOW_FOR_SUM: Final = OutcomeName("show_for_sum")
        self.WIN_RECORDED: Final = OutcomeName("win_recorded")
        self.NOT_CLAIMED: Final = OutcomeName("not_claimed")
        self.CUT_OFF: Final = OutcomeName("cut_off")  # the next deal came before the pool was taken
        self.NO_HAND: Final = OutcomeName("no_hand")  # no hand shown can win (foul, or not to be valued): none takes it


Outcome: Final = Outcomes()


class Hand:
    """One player's cards in the current deal: counted always, named where the log names them."""

    def __init__(self) -> None:
        self.count: int = 0
        self.cards: list[int | None] = []
        self.original: list[int | None] = []
        self.lifted: bool = False
        self.discarded: int | None = None
        self.demanded: int | None = None
        self.given: int = 0
        self.supplied: bool = False
        # cards the dealer owes beyond those given (exposed, short), by the law that owes them, the first owed first:
        # `arbiter next` names each law's share, as the findings do
        self.owed_by: dict[str, int] = {}
        self.unreplaced: int = 0  # of those owed, the cards exposed in giving (L40): they count as given
        self.exposed_back: int = 0  # cards exposed in giving him, back in the pack and not to be given him (L40)
        self.ruled_short: bool = False  # a ruling has made good what he was short of the number asked (L43, L46)
        self.excess: int = 0  # cards given in excess, to be taken back, and the law that says so
        self.excess_law: str | None = None
        self.drawn_lifted: bool = False
        self.awaits_pack: int = 0  # cards still to come from the discards made up: the pack ran out in his give (L41)
        # his named cards a discard that named none may have thrown, and how many of them it threw: which, not known
        self.maybe_thrown: set[int] = set()
        self.thrown_unnamed: int = 0
        self.surely_thrown: int = 0  # of those, how many it must have thrown: more than his unnamed cards
        self.came_back: set[int] = set()  # of those, the ones a give named to him since: thrown, and not kept

    def draw_to_come(self) -> bool:
        """Has he discarded and been given nothing yet (his draw is still to come)?"""
        return bool(self.discarded) and not self.supplied

    @property
    def owed(self) -> int:
        """All the cards the dealer owes him beyond those given."""
        return sum(self.owed_by.values())

    def owe(self, law: str, count: int) -> None:
        """A law owes him more cards."""
        if count > 0:
            self.owed_by[law] = self.owed_by.get(law, 0) + count

    def pay(self, count: int) -> None:
        """Cards given pay what is owed, the first debt first."""
        for law in list(self.owed_by):
            paid = min(count, self.owed_by[law])
            count -= paid
            self.owed_by[law] -= paid
            if not self.owed_by[law]:
                del self.owed_by[law]

    def owe_at_most(self, most: int) -> None:
        """What is owed is no more than `most`: a ruling on the demand owes no more than it
        lacks, and what it takes over of the debts before it goes from the first of them;
        the cards exposed still to replace are among those owed, no more of them than are."""
        self.pay(max(self.owed - most, 0))
        self.unreplaced = min(self.unreplaced, self.owed)


# Who holds a card's first copy once it is discarded (`Deal.in_play`).
DISCARDS: Final = "discards"


class Deal:
    """From taking up the pack to the deal finished (or declared void)."""

    def __init__(self, *, number: int, began: int, dealer: str, redeal: bool, hands: dict[str, Hand],
                 pack_remaining: int) -> None:
        self.number: int = number
        self.began: int = began  # the index of its `deal` event
        self.dealer: str = dealer
        self.shufflers: list[str] = []  # who shuffled, in turn
        self.cut_by: str | None = None
        self.cards_dealt: int = 0
        self.finished: bool = False
        self.dealing_over: bool = False  # an event not of the dealing has come since the first card (reading 4)
        self.whole: bool = False  # recorded as a whole deal made in proper order (`dealt`): no hand is still to come
        self.misdealt: bool = False
        self.redeal: bool = redeal
        self.last_to: str | None = None
        self.passed_over: list[str] = []  # passed over by a card out of order, his card yet to be made good (L7)
        self.spoke: list[str] = []
        self.hands: dict[str, Hand] = hands
        self.pack_remaining: int = pack_remaining
        self.in_play: dict[int, str] = {}  # each card in play: who holds its first copy (DISCARDS once discarded)
        self.discarded_by: dict[int, str] = {}  # each first copy among the discards: whose discard it was
        self.copies: dict[int, set[str]] = {}  # who came by a second copy while the first was in play (L1)
        self.copies_back: dict[int, int] = {}  # second copies gathered into the pack made up (L41): judged as they came
        self.exposed_to: dict[int, set[str]] = {}  # each card named exposed in giving, back in the pack: to whom (L40)
        self.uncollected: int = 0
        self.remaking: set[str] = set()  # what the pack made up from the discards still needs: shuffle, cut
        self.made_up: bool = False  # the discards have been made up into the pack (L41)
        self.jokers_back: int = 0  # jokers judged (L1) gone into the pack made up from the discards, to come again
        # the cards of hands whose discard named none, gathered into the pack made up (L41) or still held, which not
        # known: each card's holder, and how many of his the pack made up may still hold
        self.gathered_unsure: dict[int, str] = {}
        self.unsure_left: dict[str, int] = {}
        # the cards each hand is owed for the deal to be finished (the rules' `deal_complete`), read as the first
        # card comes, not at every card: None where no law in force says, and the deal ends at the first other act
        self.owed: int | None = None

    def pack_for(self, player: str) -> int:
        """The cards the pack holds that may be given a player: none exposed to him, which
        went back to the pack and are not to be given him (L40), while there are discards to
        make up the pack from (L41); where there are none, whatever it holds."""
        if not self.uncollected:
            return self.pack_remaining
        return max(self.pack_remaining - self.hands[player].exposed_back, 0)

    def gives_back_exposed(self, player: str, cards: list[int]) -> bool:
        """Do the cards given him face down name one exposed to him in this draw, back in
        the pack and not to be given him (L40), where the pack held others to give him, or
        discards remained to make it up from (L41)? Not where the give took every other card
        the pack held for him besides: the rest could only be of those."""
        exposed = sum(player in self.exposed_to.get(card, ()) for card in cards)
        others = self.pack_remaining - self.hands[player].exposed_back  # the cards he may be given
        return exposed > 0 and (self.uncollected > 0 or others > len(cards) - exposed)

    def take_from_pack(self, player: str, count: int, exposed: int, named: Sequence[Collection[str]] = ()) -> None:
        """A give of `count` cards face down to a player, and `exposed` more back to the pack,
        exposed to him. Which cards the pack gave, where the log names them, it says (`named`:
        for each, whom it was exposed to, none, one or more); the rest are held to be those
        that leave every give after it lawful where any could be (cards exposed to others
        first, then the rest, his own last: only those break law 40)."""
        if not exposed and not any(hand.exposed_back for hand in self.hands.values()):  # the common give
            self.pack_remaining -= count
            return
        for owners in named:
            for owner in owners:
                self.hands[owner].exposed_back -= min(self.hands[owner].exposed_back, 1)
        # the cards left that were exposed to no one: a card named exposed to two is counted by each
        twice = sum(len(owners) - 1 for owners in self.exposed_to.values() if len(owners) > 1)
        plain = self.pack_remaining - len(named) - sum(hand.exposed_back for hand in self.hands.values()) + twice
        take = count - len(named)
        for other, hand in self.hands.items():
            if other != player and take and hand.exposed_back:
                given = min(take, hand.exposed_back)
                hand.exposed_back -= given
                take -= given
        own = self.hands[player]
        own.exposed_back -= min(max(take - plain, 0), own.exposed_back)
        own.exposed_back += exposed
        self.pack_remaining -= count

    def receive(self, card: int, holder: str) -> None:
        """A card comes into a hand. Where its first copy is still in play (his own hand
        too), his is a second copy (L1, judged as it comes): the first stays its holder's, so
        that his own card is not seen again when he shows it, and the second cannot be valued.
        One of a hand's that may have gone into the pack made up comes out of it: once as many
        have as that hand threw, the rest are his still."""
        if self.gathered_unsure and (owner := self.gathered_unsure.pop(card, None)) is not None:
            self.unsure_left[owner] -= 1
            if self.unsure_left[owner] <= 0:
                for kept in [c for c, o in self.gathered_unsure.items() if o == owner]:
                    self.in_play.setdefault(kept, self.gathered_unsure.pop(kept))
        if self.exposed_to or self.jokers_back:  # a card exposed, or a joker judged, back in the pack (rare)
            self.exposed_to.pop(card, None)
            if card == JOKER and self.jokers_back:  # a joker judged before it was gathered, come out again
                self.jokers_back -= 1
        if card in self.in_play:
            self.copies.setdefault(card, set()).add(holder)
            if self.copies_back.get(card):  # a copy gathered into the pack made up, judged as it first came
                self.copies_back[card] -= 1
        else:
            self.in_play[card] = holder

    def holder_for_discard(self, card: int, player: str) -> str:
        """Who holds the first copy of a card he names in his discard: his own discards
        (taken back, L37, and named again) are his, and a card not yet in play is his."""
        holder = self.in_play.get(card, player)
        return player if holder == DISCARDS and self.discarded_by.get(card) == player else holder

    def discard(self, card: int, player: str) -> None:
        """A card he names in his discard: his own (or first named now) goes to the discards
        as his; a second copy, whose first another holds or discarded, leaves that first copy
        where it is (L1, judged as it is named), as a second copy dealt or given does; his
        own second copy thrown goes to the discards, to be gathered with them unjudged."""
        if self.holder_for_discard(card, player) == player:
            self.in_play[card] = DISCARDS
            self.discarded_by[card] = player
        else:  # a second copy, his own or first named now: it goes to the discards, judged
            copied = self.copies.setdefault(card, set())
            copied.discard(player)
            copied.add(DISCARDS)

    def collect_discards(self, named: list[int]) -> None:
        """The discards made up into the pack (L41): no card among them is in play. A hand
        whose discard named none of its cards may have thrown any of them: those the
        gathering names are in the pack; of the others, the pack may hold as many as he
        threw less those (`gathered_unsure`), which one not known. A second copy or a joker
        judged (L1) as it came, or here, may come out of the pack made up once unjudged
        (`copies_back`, `jokers_back`): one bad card, one finding."""
        # second copies the gathering names (of a card a hand holds, or named twice), judged there
        named_again = {card: named.count(card) - (self.holder_at_collection(card) == DISCARDS) for card in set(named)}
        jokers = max(named.count(JOKER), self.jokers_thrown())  # each judged, here or as it came
        unsure = {card: holder for card, holder in self.in_play.items()
                  if holder != DISCARDS and self.holder_at_collection(card) == DISCARDS}
        for holder in set(unsure.values()):
            self.unsure_left[holder] = self.hands[holder].thrown_unnamed - sum(unsure.get(c) == holder for c in named)
        self.gathered_unsure.update((card, holder) for card, holder in unsure.items()
                                    if card not in named and self.unsure_left[holder] > 0)
        self.in_play = {card: holder for card, holder in self.in_play.items()
                        if self.holder_at_collection(card) != DISCARDS or (card in unsure and card not in named
                                                                         and self.unsure_left[holder] <= 0)}
        self.discarded_by = {}
        for card, copied in self.copies.items():  # each second copy thrown may come out of the pack again unjudged
            if DISCARDS in copied:
                copied.discard(DISCARDS)
                named_again[card] = max(named_again.get(card, 0), 1)
        for card, again in named_again.items():
            if again > 0:
                self.copies_back[card] = self.copies_back.get(card, 0) + again
        self.jokers_back += jokers  # each may come out again, unjudged

    def jokers_thrown(self) -> int:
        """The jokers known among the discards not yet gathered: the first, thrown, and a
        second thrown by one who came by it (`copies`)."""
        first = JOKER in self.in_play and self.holder_at_collection(JOKER) == DISCARDS
        return first + (DISCARDS in self.copies.get(JOKER, ()))

    def expose(self, cards: list[int], player: str) -> int:
        """Cards named exposed in giving him go back to the pack, not to be given him (L40);
        a second copy among them, judged as it came, may come out of it again unjudged. How
        many of them were exposed to him already: one card back in the pack, not two."""
        again = 0
        for card in cards:  # one the pack may give again unjudged already goes back as it came: no more of them
            exposed_to = self.exposed_to.setdefault(card, set())
            again += player in exposed_to
            exposed_to.add(player)
            if card in self.in_play and not self.copies_back.get(card):
                self.copies_back[card] = 1
            if card == JOKER and not self.jokers_back:  # a joker the house does not admit, judged as it came
                self.jokers_back = 1
        return again

    def holder_at_collection(self, card: int) -> str:
        """Who holds a card when the discards are gathered: its holder, where his hand is
        known to have it still; else the discards. A hand whose discard named none of the
        cards it threw is not known to have kept any one of those it held then (L1 needs a
        first copy still in play, not one a model chose); a card given him after, it has."""
        holder = self.in_play.get(card, DISCARDS)
        return DISCARDS if holder == DISCARDS or card in self.hands[holder].maybe_thrown else holder

    def holds_a_copy(self, player: str, cards: list[int]) -> bool:
        """Does this player hold a second copy of one of these cards?"""
        return any(player in self.copies.get(card, ()) for card in cards)

    def started(self) -> bool:
        return self.cards_dealt > 0


class Round:
    """A turn order (the say, the draw), who has had his turn in it, and who is still to
    have it: kept as turns are taken, since whose turn it is is asked at most events of
    the say and the draw."""

    def __init__(self, order: list[str], done: Iterable[str] = ()) -> None:
        self.order: list[str] = order
        self.done: list[str] = list(done)
        self.to_come: list[str] = [player for player in order if player not in self.done]  # in the round's order

    def take(self, player: str) -> None:
        """His turn is had (by his act, or passed over), once."""
        if player not in self.done:
            self.done.append(player)
            if player in self.to_come:  # a club's order may leave him out of the round
                self.to_come.remove(player)

    def pending(self, still_in: set[str]) -> list[str]:
        """All still to take their turn, in the round's order."""
        return [player for player in self.to_come if player in still_in]

    def next(self, still_in: set[str]) -> str | None:
        """The first still to take his turn; None once the round is over."""
        for player in self.to_come:
            if player in still_in:
                return player
        return None

    def over(self, still_in: set[str]) -> bool:
        """Has everyone still in taken his turn?"""
        return still_in.isdisjoint(self.to_come)

    def up_to(self, still_in: set[str], passing: Container[str]) -> list[str]:
        """Those still to take their turn, in the round's order, up to the first who is not
        among `passing` (the say's chain passes those who said early): mostly the first,
        so no list of them all."""
        found: list[str] = []
        for player in self.to_come:
            if player in still_in:
                found.append(player)
                if player not in passing:
                    break
        return found


class Game:
    """One game: from its first deal to the pool paid, carried over, or the log's end."""

    def __init__(self, *, number: int, dealer: str, jackpot: dict[str, Any] | None, deal: Deal) -> None:
        self.number: int = number
        self.dealer: str = dealer
        self.jackpot: dict[str, Any] | None = jackpot
        self.deal: Deal = deal  # the current deal: the last of `deals`
        self.deals: list[Deal] = [deal]  # never empty: a game begins with its first deal
        self.ante_player: str | None = None
        self.every_ante: bool = False  # every player antes (the `ante_by` setting in force names every player)
        self.ante: int | None = None
        self.ante_staker: str | None = None
        self.antes_paid: dict[str, int] = {}
        self.straddles: list[tuple[str, int]] = []
        self.stakes: dict[str, int] = {}
        self.still_in: set[str] = set()
        self.foul: set[str] = set()
        self.retired_under: dict[str, str] = {}  # who retired by a ruling's `retire`, and under which rule
        self.opener: str | None = None
        self.opening_early = False  # opened by a stake out of turn, its turn not yet come: a club judges it then
        self.opener_cards: list[int] | None = None
        self.phase: PhaseName = Phase.BEFORE_DEAL
        self.say: Round | None = None
        self.draw: Round | None = None
        self.forfeited_draw: set[str] = set()
        self.bet_turn: str | None = None
        self.bettors: set[str] = set()
        self.acted_since_raise: set[str] = set()
        self.preceding: int = 0  # the preceding in-turn stake: what a player must make good at his turn
        self.early: set[str] = set()  # who acted out of turn, his turn not yet taken: his stake is his early stake
        self.come: set[str] = set()  # of those, the ones whose turn has come: their early stake judged then (D1)
        self.late: dict[str, int] = {}  # stakes when none could come: counters in, nothing else
        self.stood: set[str] = set()
        self.last_stood: str | None = None
        self.early_stands: set[str] = set()  # stands made out of turn: stands once their turn passes (D5)
        self.raised_from_stand: dict[str, int] = {}  # stood (at this stake), raised out of turn: judged at his turn
        self.last_to_equal: str | None = None
        self.all_in: dict[str, dict[str, Any]] = {}
        self.shown: dict[str, list[int]] = {}
        self.unvalued: set[str] = set()  # who showed a card another held or showed (L1): his hand does not compete
        self.originals: dict[str, list[int]] = {}
        # the excess a ruling takes back from each (L42), the dealer to take it before he gives again or gathers: the
        # game's, not its deal's (a `Deal` of more attributes costs every event: docs/speed.md, the fifty-second round)
        self.taking_back: dict[str, int] = {}
        self.pool_start: int = 0
        self.paid_in: int = 0
        self.winners: list[str] = []
        self.resolved: bool = False
        self.outcome: OutcomeName | None = None
        self.claim_blocked: bool = False
        self.pending_claim: tuple[list[str], OutcomeName, dict[str, list[int]]] | None = None
        # the moment the pool is about to be paid (`game_won`): not yet taken, still in play; and whether it
        # is paid by a show for a sum (L60), which a rule there may ask
        self.claiming: bool = False
        self.by_sum: bool = False
        # wins recorded while hands were still due at the show: (event index, event), judged once the pool is taken
        self.recorded_wins: list[tuple[int, Event]] = []
        self.said_won: set[str] = set()  # every player a `win` names: one recorded is not offered again
        self.next_jackpot: dict[str, Any] | None = None
        self.dealer_drew: int | None = None
        self.redeal_by: str | None = None
        self.misdeal_rule: str | None = None
        self.need_not_answer: set[str] = set()
        self.questions: list[tuple[str, bool]] = []  # asked of the dealer, unanswered: who, and whether owed (L49)
        self.answered: tuple[str, bool] | None = None  # the question last answered: a second answer is to it
        self.told: set[str] = set()  # askers answered once the dealer had drawn: asked again, it is answered
        self.highest: int = 0  # the highest stake (lowered only where a stake is given back)
        self.raises: dict[str, list[tuple[int, int]]] = {}  # each one's stakes that raised: his stake before, after
        self.in_turn: dict[str, int] = {}  # each one's stake as his last turn in the say or the betting took it
        self.say_staked: bool = False  # a say taken in turn was a stake: the game is opened in turn

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

    def void_deal_dealt(self) -> bool:
        """Had a deal of this game declared void (a misdeal) had its first card dealt? The
        turn to straddle and the ante's time went by with it; a misdeal before the first
        card leaves them to the new deal."""
        return any(deal.misdealt and deal.started() for deal in self.deals)

    def highest_stake(self) -> int:
        return self.highest

    def named_by_wins_recorded(self) -> list[str]:
        """The players still in whom the wins recorded before the pool was taken name, each
        once, in the order written: the fact where no hand shown decides (reading 44); a win
        naming one out of the game ends nothing."""
        if not self.recorded_wins:  # nearly every game: asked at every game's end
            return []
        return [p for p in dict.fromkeys(event["player"] for _, event in self.recorded_wins) if p in self.still_in]

    def pool_taken(self) -> bool:
        """Has the pool been taken, paid to the laws' winners? Not while a jack-pot opener's
        claim waits for his show, nor where no one opened it or the opener could not claim
        it: it stays and carries on (reading 25)."""
        return self.resolved and bool(self.winners) and self.pending_claim is None and not self.claiming

    def highest_raised(self) -> int:
        """The highest stake a stake now raises (D1, SPEC 28): before the game is opened in
        the say, the ante's or the last straddle's (in a jack-pot 0), for a stake made out of
        turn counts only from its owner's turn (SPEC 24); else the highest stake so far."""
        return self.preceding if self.phase == Phase.SAY and not self.opener else self.highest

    def early_stake(self, player: str) -> int | None:
        """His early stake: his whole stake as it stands (what he put up after his act out
        of turn, an ante, is of it); None where he has no act out of turn to come."""
        return self.stakes[player] if player in self.early else None

    def early_increase(self, player: str) -> int:
        """What the early stake of `player`, its turn come, raises the preceding stake made in
        turn by (SPEC 24: it counts from his turn, as the last increase; the others' early
        stakes count from theirs); 0 where he has none."""
        return self.stakes[player] - self.preceding if player in self.early else 0

    def shows_for_sum(self, player: str, stake: int, players: Iterable[str], demanded: bool) -> None:
        """`player` is settled as one who demanded a show for `stake` (law 60), or staked all
        he has (A5: not `demanded`): with him, who was then in the game and who of `players`
        (the table's) was out of it."""
        self.all_in[player] = {"stake": stake, "in_game": set(self.still_in), "out": set(players) - self.still_in,
                               "demanded": demanded}

    def shows_only(self, player: str) -> bool:
        """Is his stake only a show for a sum, raising no one and opening nothing (L61)? So
        where he demanded one, or staked all he has short of the stake he must now meet
        (A5); all he has that meets it is a stake like any other, and may open or raise."""
        info = self.all_in.get(player)
        return info is not None and (info["demanded"] or self.stakes[player] < self.stake_to_meet())

    def first_to_meet(self) -> int:
        """The stake the first in turn in the say must meet: the ante's or the last
        straddle's (in a jack-pot none)."""
        return max([self.ante or 0, *(amount for _, amount in self.straddles)])

    def stake_to_meet(self) -> int:
        """The preceding stake made in turn, which a stake now must meet; before the cards
        the first in turn's, which a say out of turn then meets as it is made (reading 24)."""
        return self.first_to_meet() if self.phase == Phase.BEFORE_DEAL else self.preceding


class Session:
    """The whole log: the first dealer's draw, the rotation, the jack-pot series, the pool."""

    def __init__(self, players: Sequence[str]) -> None:
        """`players`: those seated, who each draw in the first round of the draw for the deal."""
        self.players = players
        self.draw_round: dict[str, int] = {}
        self.draw_tied: list[str] | None = None
        # the count, not the games: a game over is in the report, and a long log's replay holds the table in
        # play, not its history
        self.games_begun = 0
        self.next_dealer: str | None = None
        self.next_jackpot: dict[str, Any] | None = None
        self.carried = 0
        # acts recorded before the first deal (an ante, a say), judged at it as of their own events (reading 24)
        self.acts_before_deal: list[tuple[int, Event]] = []

    def drawn(self, player: str, value: int | None) -> None:
        """A card drawn for the first deal (law 2): once a round is over (each seated player
        has drawn in the first, each of the tied in a round again), one of those tied for
        the lowest card who draws again starts a new round among them, and only they draw in
        it: a card drawn by anyone else, or again by one not tied, counts for nothing; so
        does a second card of his in a round not over (each draws once in it)."""
        if player in self.draw_round:
            tied = self.lowest_drawers()
            if len(tied) < 2 or player not in tied or self.yet_to_draw():
                return  # no tie, not his, or its round not over: his second card counts for nothing
            self.draw_tied = tied
            self.draw_round = {}
        if value is not None and (self.draw_tied is None or player in self.draw_tied):
            self.draw_round[player] = value

    def drawing(self) -> Sequence[str]:
        """Those who draw in this round of the draw for the deal: every seated player in the
        first, the tied in a round again."""
        return self.draw_tied or self.players

    def yet_to_draw(self) -> list[str]:
        """Those of this round who have not drawn in it: while any has, the round is not over."""
        return [p for p in self.drawing() if p not in self.draw_round]

    def lowest_drawers(self) -> list[str]:
        """Those who drew the lowest card: in this round of the draw, or, before any card
        of it is drawn, those tied in the last. A round is decided only once each who draws
        in it has drawn: until then, whoever is yet to draw may still draw the lowest card,
        and is among those the deal is unsettled between."""
        if not self.draw_round:
            return list(self.draw_tied or [])
        low = min(self.draw_round.values())
        return [p for p, value in self.draw_round.items() if value == low] + self.yet_to_draw()
