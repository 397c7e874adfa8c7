"""Planted irregularities of the deal and the ante (laws 1-22, D2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arbiter.cards import JOKER, card_str
from arbiter.simulator import deal
from arbiter.simulator.game import CARDS_PER_HAND, Game, Jackpot
from arbiter.simulator.plant import Act, Plant

if TYPE_CHECKING:
    from arbiter.simulator.session import Session


def others(game: Game, *besides: str) -> list[str]:
    return [p for p in game.players if p not in besides]


def deal_by_cards(game: Game, receivers: list[str], before: dict[int, Any] | None = None,
                  exposed_at: int | None = None) -> list[int]:
    """Deal card by card to `receivers` in that order; `before[i]` is called (with the game)
    before the i-th card. The event index of each card."""
    before = before or {}
    at = []
    for i, player in enumerate(receivers):
        if i in before:
            before[i](game)
        card = game.pack.draw()[0]
        game.hands[player].append(card)
        exposed = i == exposed_at
        named = card_str(card) if game.records_cards or exposed else None
        if exposed:
            game.named.add(card)
        at.append(game.emit("card", to=player, card=named, exposed=True if exposed else None))
    if at:
        game.first_card_at = at[0]
        game.finished_at = at[-1]
    return at


class _DealtByAnother(Plant):
    """A game dealt by another than the player whose deal it is; the law that says whose
    it is names the finding."""

    kind: str  # each kind names its law

    def dealer(self, session: Session, due: str, number: int) -> str | None:
        self.wrong = session.rng.choice([p for p in session.seats.players if p != due])
        self.due = due
        return self.wrong

    def deal_event(self, game: Game, at: int, redeal: bool) -> None:
        if not redeal:
            game.expect(self.kind, self.wrong, at, what=self.what())

    def what(self) -> str:
        raise NotImplementedError


class WrongFirstDealer(_DealtByAnother):
    """L2: after the draw for the deal, another than the lowest deals the first game."""

    kind = "L2"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return number == 1 and session.drew_for_deal

    def what(self) -> str:
        return f"{self.wrong} dealt the first game; {self.due} drew lowest"


class WrongDealer(_DealtByAnother):
    """L18: a later game dealt by another than the player to the last dealer's left."""

    kind = "L18"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return number > 1 and len(session.seats) > 2

    def what(self) -> str:
        return f"{self.wrong} dealt out of turn; it was {self.due}'s deal"


class DealerDidNotShuffle(Plant):
    """L4: the dealer deals without shuffling (another may have shuffled)."""

    kind = "L4-shuffle"

    def shuffle_and_cut(self, game: Game) -> bool:
        if game.rng.random() < 0.5:
            game.emit("shuffle", player=game.rng.choice(others(game, game.dealer)))
        game.emit("cut", player=game.seats.right_of(game.dealer))
        return True

    def before_say(self, game: Game) -> None:
        game.expect("L4", game.dealer, game.first_card_at, what=f"{game.dealer} dealt without shuffling")


class WrongCutter(Plant):
    """L4: the pack is cut by another than the dealer's right-hand player."""

    kind = "L4-cut"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return len(session.seats) > 2

    def shuffle_and_cut(self, game: Game) -> bool:
        cutter = game.rng.choice(others(game, game.seats.right_of(game.dealer)))
        game.emit("shuffle", player=game.dealer)
        at = game.emit("cut", player=cutter)
        game.expect("L4", cutter, at, what=f"{cutter} cut the pack, not the dealer's right-hand player")
        return True


class BadShuffle(Plant):
    """L5: a shuffle face up or below the table."""

    kind = "L5"

    def shuffle_and_cut(self, game: Game) -> bool:
        rng = game.rng
        shuffler = game.dealer if rng.random() < 0.6 else rng.choice(others(game, game.dealer))
        how = rng.choice([{"face_up": True}, {"below_table": True}, {"face_up": True, "below_table": True}])
        at = game.emit("shuffle", player=shuffler, **how)
        game.expect("L5", shuffler, at, what=f"{shuffler} shuffled {' and '.join(k.replace('_', ' ') for k in how)}")
        game.emit("shuffle", player=game.dealer)
        game.emit("cut", player=game.seats.right_of(game.dealer))
        return True


class UncutDealStands(Plant):
    """L9 (a ruling): the pack is not cut and no one says so before the deal is finished."""

    kind = "L9"

    def shuffle_and_cut(self, game: Game) -> bool:
        game.emit("shuffle", player=game.dealer)
        return True

    def before_say(self, game: Game) -> None:
        game.expect("L9", game.dealer, game.finished_at, "ruling", what="the deal from an uncut pack stands")
        if game.rng.random() < 0.4:
            game.emit("point_out", player=game.rng.choice(others(game, game.dealer)), issue="uncut")


class Misdeal(Plant):
    """A misdeal: the deal is void, and the same dealer deals again with no new ante
    (SPEC §3.7); now and then another player deals again, which the misdeal's law reports."""

    law = ""

    def __init__(self) -> None:
        super().__init__()
        self.void = False
        self.wrong_redealer: str | None = None

    def deal_event(self, game: Game, at: int, redeal: bool) -> None:
        if redeal and self.wrong_redealer:
            game.expect(self.law, self.wrong_redealer, at,
                        what=f"{self.wrong_redealer} dealt again after the misdeal, not the dealer")

    def misdeal(self, game: Game) -> str:
        self.void = True
        if game.rng.random() < 0.25 and len(game.players) > 2:
            self.wrong_redealer = game.rng.choice(others(game, game.dealer))
            game.dealer = self.wrong_redealer
        return deal.MISDEAL


class UncutPointedOut(Misdeal):
    """L8: the pack was not cut, and a player says so while the cards are dealt."""

    kind = law = "L8"

    def shuffle_and_cut(self, game: Game) -> bool:
        if self.void:
            return False
        game.emit("shuffle", player=game.dealer)
        return True

    def deal_cards(self, game: Game) -> str | None:
        if self.void:
            return None
        order = game.deal_order()
        stop = game.rng.randint(1, len(order) - 1)
        deal_by_cards(game, order[:stop])
        at = game.emit("point_out", player=game.rng.choice(others(game, game.dealer)), issue="uncut")
        game.expect("L8", game.dealer, at, what="the pack was not cut, pointed out during the deal: a misdeal")
        return self.misdeal(game)


class FaceUpInPack(Misdeal):
    """L10: a card is found face up in the pack during the deal."""

    kind = law = "L10"

    def deal_cards(self, game: Game) -> str | None:
        if self.void:
            return None
        order = game.deal_order()
        stop = game.rng.randint(1, len(order) - 1)
        deal_by_cards(game, order[:stop])
        at = game.emit("face_up_in_pack", card=card_str(game.pack.peek(1)[0]))
        game.expect("L10", game.dealer, at, what="a card found face up in the pack: a misdeal")
        return self.misdeal(game)


class WrongCountPointedOut(Misdeal):
    """L12: a hand of four or six cards is announced before its holder raises it."""

    kind = law = "L12"

    def deal_cards(self, game: Game) -> str | None:
        if self.void:
            return None
        holder = game.rng.choice(game.players)
        wrong_deal(game, holder)
        announcer = game.rng.choice(game.players)
        at = game.emit("point_out", player=announcer, issue="wrong_count",
                       about=holder if announcer != holder or game.rng.random() < 0.5 else None)
        game.expect("L12", game.dealer, at, what=f"{holder}'s hand of {len(game.hands[holder])} cards "
                                                 f"announced before it was raised: a misdeal")
        return self.misdeal(game)


def wrong_deal(game: Game, holder: str) -> None:
    """A `dealt` deal in which `holder` has four or six cards."""
    order = game.deal_order()
    if game.rng.random() < 0.5:
        order.remove(holder)
    else:
        order.append(holder)
    cards = game.pack.draw(len(order))
    for player, card in zip(order, cards):
        game.hands[player].append(card)
    game.first_card_at = game.emit("dealt", hands=game.dealt_hands())
    game.finished_at = game.first_card_at


class FoulHandLifted(Plant):
    """L13 (with L14's refund): a hand of four or six cards raised before anyone says so."""

    kind = "L13"

    def deal_cards(self, game: Game) -> str | None:
        self.holder = game.rng.choice(game.players)
        wrong_deal(game, self.holder)
        return "dealt"

    def before_say(self, game: Game) -> None:
        lift_foul(game, self.holder, payer=game.dealer)


def lift_foul(game: Game, holder: str, payer: str | None, law16: bool = False) -> None:
    """The holder of a wrong number raises his hand: foul (L13); his ante or straddle is
    refunded by the dealer (L14), or by the player who spoke to the dealer (L16)."""
    at = game.emit("lift", player=holder)
    game.lifted.add(holder)
    refund = game.refundable(holder)
    what = f"{holder} raised a hand of {len(game.hands[holder])} cards: foul"
    if payer is not None and payer != holder and refund > 0:
        game.transfer(payer, holder, refund)
        what += f"; {payer} refunds {refund}" + (" (L16)" if law16 else " (L14)")
    game.expect("L13", holder, at, what=what)
    game.make_foul(holder)


class SpeakerPaysRefund(Plant):
    """L15, L7, L13 and L16: a player speaks to the dealer, who, distracted, passes a
    player over in the deal; that player raises his four cards (foul), and the speaker
    refunds his ante."""

    kind = "L16"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return len(session.seats) > 2

    def deal_cards(self, game: Game) -> str | None:
        rng = game.rng
        receivers = game.deal_receivers()
        self.holder = rng.choice(receivers[:-1])
        self.speaker = rng.choice(others(game, game.dealer, self.holder))
        rounds = rng.randint(1, CARDS_PER_HAND - 1)
        skip = rounds * len(receivers) + receivers.index(self.holder)
        order = game.deal_order()
        del order[skip]
        speak_at = rng.randint(1, skip)

        def speak(game: Game) -> None:
            at = game.emit("speak", player=self.speaker)
            game.expect("L15", self.speaker, at, what=f"{self.speaker} spoke to the dealer during the deal")

        cards = deal_by_cards(game, order, {speak_at: speak})
        game.expect("L7", game.dealer, cards[skip],
                    what=f"{game.dealer} passed {self.holder} over in the deal")
        return "dealt"

    def before_say(self, game: Game) -> None:
        lift_foul(game, self.holder, payer=self.speaker, law16=True)


class SpeaksToDealer(Plant):
    """L15: a player speaks to the dealer while he deals."""

    kind = "L15"

    def deal_cards(self, game: Game) -> str | None:
        order = game.deal_order()
        speaker = game.rng.choice(others(game, game.dealer))

        def speak(game: Game) -> None:
            at = game.emit("speak", player=speaker)
            game.expect("L15", speaker, at, what=f"{speaker} spoke to the dealer during the deal")

        deal_by_cards(game, order, {game.rng.randint(1, len(order) - 1): speak})
        return "dealt"


class DealOutOfOrder(Plant):
    """L7: the dealer gives the first card to himself, then goes round."""

    kind = "L7"

    def deal_cards(self, game: Game) -> str | None:
        order = game.in_turn_from(game.dealer) * CARDS_PER_HAND
        cards = deal_by_cards(game, order)
        game.expect("L7", game.dealer, cards[0], what=f"{game.dealer} dealt the first card to himself")
        return "dealt"


class CardExposedInDeal(Plant):
    """L11: the dealer exposes a card in dealing; it stays with its player."""

    kind = "L11"

    def deal_cards(self, game: Game) -> str | None:
        order = game.deal_order()
        i = game.rng.randrange(len(order))
        cards = deal_by_cards(game, order, exposed_at=i)
        game.expect("L11", game.dealer, cards[i], what=f"{game.dealer} exposed {order[i]}'s card in dealing")
        return "dealt"


class DuplicateInDeal(Plant):
    """L1: a card of one hand turns up in another's too (a card from another pack); the
    second of the two to be dealt it, whose copy is the one seen again and cannot be
    valued, throws his hand in at his say. Only at tables of five or fewer, where the pack
    never runs short: gathered into a new pack, the copies could meet."""

    kind = "L1-deal"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return session.records_cards and len(session.seats) <= 5

    def deal_cards(self, game: Game) -> str | None:
        rng = game.rng
        order = game.deal_order()
        cards = game.pack.draw(len(order))
        for player, card in zip(order, cards):
            game.hands[player].append(card)
        first, second = rng.sample(list(game.players), 2)
        copy = rng.choice(game.hands[first])
        game.hands[second][rng.randrange(CARDS_PER_HAND)] = copy
        at = game.emit("dealt", hands=game.dealt_hands())
        game.first_card_at = game.finished_at = at
        game.expect("L1", game.dealer, at, what=f"{card_str(copy)} dealt to both {first} and {second}")
        receivers = game.deal_receivers()  # the deal goes round a card at a time: round, then seat
        self.thrower = max(first, second, key=lambda p: (game.hands[p].index(copy), receivers.index(p)))
        game.unshowable.add(self.thrower)
        return "dealt"

    def say_act(self, game: Game, player: str) -> Act | None:
        """The one dealt the second copy throws his hand in: the card is seen twice only
        in the deal."""
        return ("pass",) if player == self.thrower else None


class JokerDealt(Plant):
    """L1: a joker in the pack is dealt; its holder throws his hand in at his say."""

    kind = "L1-joker"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return session.records_cards

    def deal_cards(self, game: Game) -> str | None:
        rng = game.rng
        order = game.deal_order()
        cards = game.pack.draw(len(order))
        for player, card in zip(order, cards):
            game.hands[player].append(card)
        self.holder = rng.choice(game.players)
        game.hands[self.holder][rng.randrange(CARDS_PER_HAND)] = JOKER
        at = game.emit("dealt", hands=game.dealt_hands())
        game.first_card_at = game.finished_at = at
        game.expect("L1", game.dealer, at, what=f"a joker dealt to {self.holder}")
        return "dealt"

    def say_act(self, game: Game, player: str) -> Act | None:
        return ("pass",) if player == self.holder else None


class AnteOverHalfLimit(Plant):
    """L19: the ante is more than one-half the limit; it stands, and is this game's ante."""

    kind = "L19"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return not jackpot

    def ante(self, game: Game) -> bool:
        amount = game.rng.randint(game.limit // 2 + 1, game.limit)
        at = deal.stake_ante(game, amount=amount)
        game.expect("L19", game.ante_player, at, what=f"an ante of {amount}, over half the limit of {game.limit}")
        return True

    def straddles(self, game: Game) -> bool:
        return True


class AnteByWrongPlayer(Plant):
    """L20: another than the player to the dealer's left stakes the ante; the say follows him."""

    kind = "L20"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return not jackpot and len(session.seats) > 2

    def ante(self, game: Game) -> bool:
        self.staker = game.rng.choice(others(game, game.ante_due()))
        at = deal.stake_ante(game, player=self.staker)
        game.expect("L20", self.staker, at, what=f"{self.staker} staked the ante; it was {game.ante_player}'s")
        return True

    def straddles(self, game: Game) -> bool:
        """The straddles follow the ante actually staked (L21's interpretation)."""
        if game.rng.random() < 0.7:
            deal.straddles(game, chance=1.0)
        return True


class AnteStakerFoul(AnteByWrongPlayer):
    """L20 and L13: the player who staked the ante in another's place is dealt a foul hand;
    the dealer refunds him his ante (L14)."""

    kind = "L20-foul"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return not jackpot and len(session.seats) > 3

    def ante(self, game: Game) -> bool:
        self.staker = game.rng.choice(others(game, game.ante_due(), game.dealer))
        at = deal.stake_ante(game, player=self.staker)
        game.expect("L20", self.staker, at, what=f"{self.staker} staked the ante; it was {game.ante_player}'s")
        return True

    def straddles(self, game: Game) -> bool:
        return True

    def deal_cards(self, game: Game) -> str | None:
        wrong_deal(game, self.staker)
        return "dealt"

    def before_say(self, game: Game) -> None:
        lift_foul(game, self.staker, payer=game.dealer)


class AnteMissing(Plant):
    """L20: no ante before the first card."""

    kind = "L20-missing"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return not jackpot

    def ante(self, game: Game) -> bool:
        return True

    def straddles(self, game: Game) -> bool:
        return True

    def before_say(self, game: Game) -> None:
        game.expect("L20", game.ante_player, game.first_card_at, what=f"{game.ante_player} staked no ante")


class JackpotAnteUnpaid(Plant):
    """L30: a player has not paid into the jack-pot when the first card is dealt."""

    kind = "L30-ante"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return bool(jackpot)

    def jackpot_antes(self, game: Game) -> bool:
        self.unpaid = game.rng.choice(game.players)
        deal.jackpot_antes(game, skip=self.unpaid)
        return True

    def before_say(self, game: Game) -> None:
        game.expect("L30", self.unpaid, game.first_card_at, what=f"{self.unpaid} had not paid into the jack-pot")


class StraddleOutOfTurn(Plant):
    """L21: a player straddles who is not the player to the left of the ante."""

    kind = "L21"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return not jackpot and len(session.seats) > 2 and 4 * session.ante <= session.limit

    def straddles(self, game: Game) -> bool:
        turn = game.seats.left_of(game.ante_holder())
        who = game.rng.choice(others(game, turn, game.ante_holder()))
        at = deal.straddle(game, who, 2 * game.ante_amount())
        game.expect("L21", who, at, what=f"{who} straddled out of turn; {turn} had the first straddle")
        return True


class StraddleOverHalfLimit(Plant):
    """L22: the straddles go on past one-half the limit."""

    kind = "L22"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        if jackpot:
            return False
        k = session.limit // (2 * session.ante) + 1
        return max(k, 2) - 1 <= len(session.seats) - 1

    def straddles(self, game: Game) -> bool:
        ante = game.ante_amount()
        who = game.seats.left_of(game.ante_holder())
        amount = 2 * ante
        while True:
            at = deal.straddle(game, who, amount)
            if 2 * amount > game.limit:
                game.expect("L22", who, at, what=f"{who} straddled to {amount}, over half the limit")
                return True
            who = game.seats.left_of(who)
            amount += ante


class StraddleWrongAmount(Plant):
    """D2: the first straddle is not double the ante."""

    kind = "D2"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return not jackpot and session.limit // 2 > session.ante + 1

    def straddles(self, game: Game) -> bool:
        ante = game.ante_amount()
        choices = [a for a in range(ante + 1, game.limit // 2 + 1) if a != 2 * ante]
        amount = game.rng.choice(choices)
        who = game.seats.left_of(game.ante_holder())
        at = deal.straddle(game, who, amount)
        game.expect("D2", who, at, what=f"{who} straddled {amount}; the first straddle is {2 * ante}")
        return True


KINDS = [WrongFirstDealer, WrongDealer, DealerDidNotShuffle, WrongCutter, BadShuffle, UncutDealStands,
         UncutPointedOut, FaceUpInPack, WrongCountPointedOut, FoulHandLifted, SpeakerPaysRefund,
         SpeaksToDealer, DealOutOfOrder, CardExposedInDeal, DuplicateInDeal, JokerDealt,
         AnteOverHalfLimit, AnteByWrongPlayer, AnteStakerFoul, AnteMissing, JackpotAnteUnpaid, StraddleOutOfTurn,
         StraddleOverHalfLimit, StraddleWrongAmount]
