"""Planted irregularities of the draw (laws 1, 35-51, D4) and the rulings it brings about
(L38, L41, L42, L43, L46, L50)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.simulator import play
from arbiter.simulator.draw import collect_discards, demand, discard, draw_turn, give, make_good
from arbiter.simulator.game import Game, Jackpot
from arbiter.simulator.plant import Act, Plant

if TYPE_CHECKING:
    from arbiter.simulator.betting import Betting
    from arbiter.simulator.session import Session


def others_in(game: Game, *besides: str) -> list[str]:
    return [p for p in game.players if p in game.still_in and p not in besides]


class DrawPlant(Plant):
    """A plant made at one player's turn to draw: `turn` does that turn, or returns False."""

    #: plant at a turn with this chance; otherwise wait for a later turn
    eagerness = 0.5
    dealer_turn: bool | None = False  # True: only the dealer's turn; None: anyone's

    def draw_turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        if self.planted:
            return False
        if self.dealer_turn is not None and (player == game.dealer) != self.dealer_turn:
            return False
        if game.rng.random() > self.eagerness and len(pending) > 2:
            return False
        return self.turn(game, player, pending, done)

    def turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        return False

    def begin(self, game: Game, player: str, done: list[str], least: int = 1,
              room: int = 0) -> list[int] | None:
        """Make good and choose at least `least` discards, or None: the pack is too short
        (nothing recorded; `handled` False), or the player passed (`handled` True)."""
        self.handled = False
        thrown = play.discards(game.rng, game.hands[player])
        if len(thrown) < least:
            thrown = sorted(game.hands[player], key=lambda c: c >> 2)[:least]
        if len(game.pack) < len(thrown) + room:
            return None
        if not make_good(game, player):
            done.append(player)
            self.handled = True
            return None
        self.planted = True
        return thrown


class DrawnOutOfTurn(DrawPlant):
    """L35 and L38: a later player (often the dealer) discards while one or two players
    before him are still to draw: his L35 at that discard, and an L38 ruling there for
    each player he passed over, who has forfeited his draw (SPEC §3.10). In the L35
    variant the first passed over then discards all the same: L35 again, and it changes
    nothing (he keeps his hand; no cards are given him)."""

    kind = "L35"
    dealer_turn = None
    late = True

    def turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        if len(pending) < 3:
            return False
        reach = game.rng.choice([1, 2, 2, len(pending) - 1])
        jumper, passed = pending[reach], pending[:reach]
        if any(game.stakes[p] != game.highest() for p in passed):
            return False
        thrown = play.discards(game.rng, game.hands[jumper])
        if len(game.pack) < len(thrown):
            return False
        if game.stakes[jumper] < game.highest():
            game.emit("play", player=jumper, stake=game.highest())
            game.set_stake(jumper, game.highest())
        self.planted = True
        at = discard(game, jumper, thrown)
        game.expect("L35", jumper, at, what=f"{jumper} discarded ahead of {', '.join(passed)}")
        for skipped in passed:
            game.expect("L38", skipped, at, "ruling", what=f"{jumper} drew before {skipped}, who forfeits his draw")
        done.extend([*passed, jumper])
        if thrown:
            demand(game, jumper, len(thrown))
            give(game, jumper, len(thrown))
        if self.late:
            late = play.discards(game.rng, game.hands[player]) or game.hands[player][:1]
            at = game.emit("discard", player=player, count=len(late), cards=game.recorded(late))
            game.expect("L35", player, at, what=f"{player} discarded after forfeiting his draw: it changes nothing")
        return True


class PassedOverInDraw(DrawnOutOfTurn):
    kind = "L38"
    late = False


class DealerPassedOver(DrawPlant):
    """L38 (a ruling): the betting begins before the dealer has drawn; he keeps his hand."""

    kind = "L38-dealer"
    dealer_turn = True
    eagerness = 1.0

    def __init__(self) -> None:
        super().__init__()
        self.armed = False

    def turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        if game.stakes[player] != game.highest() or len(game.active()) < 2:
            return False
        first = next(p for p in game.in_turn_from(game.first_bettor()) if p in game.still_in)
        if first == game.dealer:
            return False
        self.planted = self.armed = True
        done.append(player)
        return True

    def bet_act(self, game: Game, player: str, state: Betting) -> Act | None:
        if not self.armed:
            return None
        self.armed = False
        self.at_next = True
        return ("play", game.stakes[player])

    def after_bet_act(self, game: Game, player: str, act: Act, at: int) -> None:
        if getattr(self, "at_next", False):
            self.at_next = False
            game.expect("L38", game.dealer, at, "ruling",
                        what=f"the betting began before {game.dealer}, the dealer, had drawn")


class DrewWithoutMakingGood(DrawPlant):
    """L36: a player short of the highest stake discards before making it good; he makes
    it good after his cards are given. (A raise in the say makes such a player likely.)"""

    kind = "L36"
    dealer_turn = None
    eagerness = 1.0

    def say_act(self, game: Game, player: str) -> Act | None:
        if self.planted or not game.opener or getattr(self, "raised", False):
            return None
        from arbiter.simulator.say import choose
        act = choose(game, player)
        if act[0] == "play":
            self.raised = True
            return ("play", game.highest() + play.raise_by(game.rng, game.ante_amount(), game.limit))
        return None

    def turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        if game.stakes[player] >= game.highest() or len(pending) < 2:
            return False
        thrown = play.discards(game.rng, game.hands[player])
        if len(game.pack) < len(thrown):
            return False
        self.planted = True
        at = discard(game, player, thrown)
        game.expect("L36", player, at, what=f"{player} discarded without making good his stake")
        done.append(player)
        if thrown:
            demand(game, player, len(thrown))
            give(game, player, len(thrown))
        game.emit("play", player=player, stake=game.highest())
        game.set_stake(player, game.highest())
        game.drawn_lifted.add(player)  # a bet after the draw raises the drawn cards
        return True


class RaisedInDraw(DrawPlant):
    """D4: at his turn to draw a player raises the stake; the others make good to it."""

    kind = "D4"
    dealer_turn = None

    def turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        if game.stakes[player] != game.highest():
            return False
        self.planted = True
        stake = game.highest() + play.raise_by(game.rng, game.ante_amount(), game.limit)
        at = game.emit("play", player=player, stake=stake)
        game.set_stake(player, stake)
        game.expect("D4", player, at, what=f"{player} raised to {stake} at his turn to draw")
        draw_turn(game, player, game.draw_order(), done)
        return True


class DiscardsTakenBack(DrawPlant):
    """L37: a player takes back his discards; the discard stands."""

    kind = "L37"
    dealer_turn = None

    def turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        thrown = self.begin(game, player, done)
        if thrown is None:
            return self.handled
        discard(game, player, thrown)
        done.append(player)
        at = game.emit("take_back", player=player)
        game.expect("L37", player, at, what=f"{player} took back his discards")
        demand(game, player, len(thrown))
        give(game, player, len(thrown))
        return True


class CardExposedInDraw(DrawPlant):
    """L40: the dealer exposes a card in giving; it goes back to the pack and he gives
    another."""

    kind = "L40"

    def turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        thrown = self.begin(game, player, done, room=1)
        if thrown is None:
            return self.handled
        discard(game, player, thrown)
        done.append(player)
        count = len(thrown)
        demand(game, player, count)
        cards = game.pack.draw(count)
        at = game.emit("give", to=player, count=count, exposed=1, cards=game.recorded(cards))
        game.expect("L40", game.dealer, at, what=f"{game.dealer} exposed a card giving {player} his draw")
        game.hands[player].extend(cards[:-1])
        game.pack.put_bottom(cards[-1:])
        give(game, player, 1)
        game.given[player] = count
        return True


class WrongDemand(DrawPlant):
    """L44: a player asks for more or fewer cards than he discarded; the dealer gives him
    his discard. The L45 variant: the dealer gives what he asked: a foul hand."""

    kind = "L44"
    foul = False
    bets_after = False
    fouled: str | None = None  # the player left with a foul hand, until he has bet once more

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return not cls.foul or len(session.seats) > 2

    def turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        if self.foul and len(game.still_in) < 3:
            return False
        thrown = self.begin(game, player, done, room=1)
        if thrown is None:
            return self.handled
        count = len(thrown)
        asked = count + 1 if count < 5 and (count == 1 or game.rng.random() < 0.5) else count - 1
        discard(game, player, thrown)
        done.append(player)
        at = game.emit("demand", player=player, count=asked)
        game.expect("L44", player, at, what=f"{player} discarded {count} and asked for {asked}")
        if not self.foul:
            give(game, player, count)
            return True
        at = give(game, player, asked)
        game.expect("L45", player, at, what=f"the dealer gave {player} the {asked} he asked for: a foul hand")
        game.make_foul(player)
        self.fouled = player
        return True

    def after_bet_act(self, game: Game, player: str, act: Act, at: int) -> None:
        if game.resolved or (len(game.still_in) == 1 and not game.all_in):
            return
        if self.bets_after and self.fouled and player != self.fouled:
            foul, self.fouled = self.fouled, None
            at = game.emit("play", player=foul, stake=game.highest())
            game.late_stake(foul, game.highest())
            game.expect("L63", foul, at, what=f"{foul} bet with a foul hand: the stake is lost")


class WrongNumberGiven(WrongDemand):
    kind = "L45"
    foul = True


class FoulHandBets(WrongDemand):
    kind = "L63"
    foul = True
    bets_after = True


class Dispute(DrawPlant):
    """L46 (a ruling): a player and the dealer dispute the number he asked for; the witness
    the law names decides. If the witness says he asked for other than his discard, L44;
    and if the dealer gives that number, L45."""

    kind = "L46"

    def turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        rng = game.rng
        variant = rng.choice(["confirms", "confirms", "nobody", "wrong", "wrong-given"])
        if variant == "wrong-given" and len(game.still_in) < 3:
            variant = "wrong"
        thrown = self.begin(game, player, done, room=1)
        if thrown is None:
            return self.handled
        count = len(thrown)
        says = count + 1 if count < 5 and (count == 1 or rng.random() < 0.5) else count - 1
        discard(game, player, thrown)
        done.append(player)
        chain = witnesses(game, player)
        if variant == "nobody":
            unable = [p for p in chain]
        else:
            unable = chain[: rng.randint(0, min(2, len(chain) - 1))] if chain else []
        witness = next((p for p in chain if p not in unable), None)
        testimony = None
        settled = count
        if witness is not None:
            settled = says if variant.startswith("wrong") else count
            testimony = {witness: settled}
        at = game.emit("dispute", player=player, claims=count, dealer_says=says,
                       unable=unable or None, testimony=testimony)
        game.expect("L46", player, at, "ruling",
                    what=f"{player} and the dealer dispute the number asked; "
                         + (f"{witness} says {settled}" if witness else "no one can say"))
        if settled != count:
            game.expect("L44", player, at, what=f"the evidence has {player} asking for {settled}, not {count}")
        if variant == "wrong-given":
            at = give(game, player, settled)
            game.expect("L45", player, at, what=f"the dealer gave {player} the {settled} settled: a foul hand")
            game.make_foul(player)
        else:
            give(game, player, count)
        return True


def witnesses(game: Game, disputant: str) -> list[str]:
    """L46's order: the dealer's left, the dealer's right, then round from the disputant's
    left; never the dealer nor the disputant; each once."""
    seats = game.seats
    chain: list[str] = []
    for person in [seats.left_of(game.dealer), seats.right_of(game.dealer), *seats.going_left_from(disputant)]:
        if person not in chain and person not in (game.dealer, disputant):
            chain.append(person)
    return chain


class DealerDrawsWrongly(DrawPlant):
    """L47: the dealer gives himself other than his discard: his hand is foul."""

    kind = "L47"
    dealer_turn = True
    eagerness = 1.0

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return len(session.seats) > 2

    def turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        if len(game.still_in) < 3:
            return False
        thrown = self.begin(game, player, done, least=0, room=1)
        if thrown is None:
            return self.handled
        count = len(thrown)
        drawn = count + 1 if count < 5 and (count == 0 or game.rng.random() < 0.5) else count - 1
        discard(game, player, thrown)
        done.append(player)
        at = give(game, player, drawn)
        game.expect("L47", player, at, what=f"the dealer discarded {count} and drew {drawn}: a foul hand")
        game.make_foul(player)
        return True


class WrongNumberLifted(DrawPlant):
    """L48: the dealer gives one card too many or too few; the player raises the hand
    before anyone says so: foul. With L63: he then bets with it."""

    kind = "L48"
    bets_after = False
    fouled: str | None = None  # as in WrongDemand, whose after_bet_act this shares

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return len(session.seats) > 2

    def turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        if len(game.still_in) < 3:
            return False
        thrown = self.begin(game, player, done, room=1)
        if thrown is None:
            return self.handled
        count = len(thrown)
        given = count + 1 if count == 1 or game.rng.random() < 0.5 else count - 1
        discard(game, player, thrown)
        done.append(player)
        demand(game, player, count)
        give(game, player, given)
        at = game.emit("lift", player=player)
        game.drawn_lifted.add(player)
        game.expect("L48", player, at, what=f"{player} raised a drawn hand of {5 - count + given} cards: foul")
        game.make_foul(player)
        self.fouled = player
        return True

    after_bet_act = WrongDemand.after_bet_act


class FoulHandBetsAfterLift(WrongNumberLifted):
    kind = "L63-lift"
    bets_after = True


class ExcessPointedOut(DrawPlant):
    """L42 (a ruling): one card too many, pointed out before the player raises them: the
    dealer takes it back."""

    kind = "L42"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return True

    def turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        thrown = self.begin(game, player, done, room=1)
        if thrown is None:
            return self.handled
        count = len(thrown)
        discard(game, player, thrown)
        done.append(player)
        demand(game, player, count)
        give(game, player, count + 1)
        pointer = game.rng.choice(game.players)
        at = game.emit("point_out", player=pointer, issue="excess", about=player)
        game.expect("L42", player, at, "ruling", what=f"{player} was given one card too many: taken back")
        excess = game.hands[player].pop()
        game.pack.put_top([excess])
        game.given[player] = count
        return True


class ShortPointedOut(DrawPlant):
    """L43 (a ruling): one card too few, pointed out before the player raises them: the
    dealer makes it good."""

    kind = "L43"

    def turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        thrown = self.begin(game, player, done, least=2)
        if thrown is None:
            return self.handled
        count = len(thrown)
        discard(game, player, thrown)
        done.append(player)
        demand(game, player, count)
        give(game, player, count - 1)
        pointer = game.rng.choice(game.players)
        at = game.emit("point_out", player=pointer, issue="short", about=player)
        game.expect("L43", player, at, "ruling", what=f"{player} was given one card too few: made good")
        give(game, player, 1)
        return True


class DuplicateGiven(DrawPlant):
    """L1: the dealer gives himself, in his draw, a card of a hand thrown in (a player who
    passed holds it still; it is never shown, so the card is seen twice only here). His
    copy is the second: his hand cannot be valued, and he throws it in at the betting."""

    kind = "L1-give"
    dealer_turn = True
    eagerness = 1.0

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return session.records_cards

    def turn(self, game: Game, player: str, pending: list[str], done: list[str]) -> bool:
        holders = [p for p in game.players if p not in game.still_in and p not in game.foul
                   and p != player and len(game.hands[p]) == 5]
        if not holders:
            return False
        thrown = self.begin(game, player, done)
        if thrown is None:
            return self.handled
        count = len(thrown)
        holder = game.rng.choice(holders)
        copy = game.rng.choice(game.hands[holder])
        discard(game, player, thrown)
        done.append(player)
        cards = game.pack.draw(count - 1) + [copy]
        game.rng.shuffle(cards)
        at = give(game, player, count, cards)
        game.expect("L1", game.dealer, at, what=f"the dealer drew a card of {holder}'s passed hand")
        game.unshowable.add(player)
        return True


class GivenBeyondThePack(Plant):
    """L41: the pack runs short and the dealer goes on giving without gathering the
    discards (he takes cards from them unseen); each such give is an irregularity. The
    players given such cards throw their hands in at the betting, unshown."""

    kind = "L41"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return len(session.seats) >= 7

    def pack_short(self, game: Game, player: str) -> bool:
        count = game.discarded[player] - game.given.get(player, 0)
        stub = game.pack.draw(len(game.pack))
        rest = []
        for _ in range(count - len(stub)):
            rest.append(game.discards.pop(game.rng.randrange(len(game.discards))))
        at = game.emit("give", to=player, count=count)
        game.hands[player].extend(stub + rest)
        if rest:
            game.unshowable.add(player)
        game.given[player] = game.given.get(player, 0) + count
        if player == game.dealer:
            game.dealer_drew = game.given[player]
        self.planted = True
        game.expect("L41", game.dealer, at, what=f"the dealer gave {player} {count} cards with "
                                                 f"{len(stub)} left in the pack")
        return True


class CollectedTooEarly(Plant):
    """L41: the pack runs short and the dealer gathers the discards at once, before the
    players yet to draw and he himself have discarded."""

    kind = "L41-early"

    @classmethod
    def possible(cls, session: Session, number: int, jackpot: Jackpot | None) -> bool:
        return len(session.seats) >= 7

    def pack_short(self, game: Game, player: str) -> bool:
        later = game.draw_order()
        later = later[later.index(player) + 1:]
        if self.planted or not any(p in game.still_in and p not in game.discarded for p in later):
            return False
        self.planted = True
        at = collect_discards(game)
        game.expect("L41", game.dealer, at, what="the discards gathered before all had discarded")
        give(game, player, game.discarded[player] - game.given.get(player, 0))
        return True


class AfterTheDraw(Plant):
    """Questions to the dealer after the draw (laws 49-51)."""

    def askers(self, game: Game) -> list[str]:
        return [p for p in game.draw_order() if p in game.still_in and p != game.dealer
                and p in game.discarded and p not in game.drawn_lifted]


class WrongAnswer(AfterTheDraw):
    """L49: the dealer answers wrongly how many cards he drew."""

    kind = "L49"

    def after_draw(self, game: Game) -> None:
        askers = self.askers(game)
        if not askers or game.dealer not in game.still_in or not game.dealer_drew:
            return
        self.planted = True
        asker = game.rng.choice(askers)
        game.emit("ask_dealer", player=asker)
        drew = game.dealer_drew
        wrong = game.rng.choice([n for n in range(0, 6) if n != drew])
        at = game.emit("dealer_answer", count=wrong)
        game.expect("L49", game.dealer, at, what=f"the dealer said he drew {wrong}; he drew {drew}")


class AskedTooLate(AfterTheDraw):
    """L50 (a ruling): a player asks the dealer after raising his drawn cards."""

    kind = "L50"

    def after_draw(self, game: Game) -> None:
        askers = self.askers(game)
        if not askers:
            return
        self.planted = True
        asker = game.rng.choice(askers)
        game.emit("lift", player=asker)
        game.drawn_lifted.add(asker)
        at = game.emit("ask_dealer", player=asker)
        game.expect("L50", asker, at, "ruling", what=f"{asker} asked after raising his cards: no answer due")
        if game.rng.random() < 0.5:
            game.emit("dealer_answer", count=game.rng.randint(0, 5))


class DealerTells(AfterTheDraw):
    """L51: the dealer tells how many cards another player drew."""

    kind = "L51"

    def after_draw(self, game: Game) -> None:
        drawn = [p for p in game.draw_order() if p in game.discarded and p != game.dealer]
        if not drawn:
            return
        self.planted = True
        about = game.rng.choice(drawn)
        at = game.emit("dealer_tells", about=about)
        game.expect("L51", game.dealer, at, what=f"the dealer told what {about} drew")


KINDS = [DrawnOutOfTurn, PassedOverInDraw, DealerPassedOver, DrewWithoutMakingGood, RaisedInDraw,
         DiscardsTakenBack, CardExposedInDraw, WrongDemand, WrongNumberGiven, FoulHandBets, Dispute,
         DealerDrawsWrongly, WrongNumberLifted, FoulHandBetsAfterLift, ExcessPointedOut, ShortPointedOut,
         DuplicateGiven, GivenBeyondThePack, CollectedTooEarly, WrongAnswer, AskedTooLate, DealerTells]
