"""What may come next at the table (SPEC §3 item 28): who is to act, the acts he may make with their bounds,
what is owed and by whom, and what a ruling waits for.

It is read off a replay that has recorded the log so far (`Replay.step`, not yet `finish`), by the same model of
the turn the judgements use (`turns.py`) and the rules in force: the orders of the say, the draw and the
betting, the opening minimum's base, the limit, the jack-pot's openers. `arbiter next`, `arbiter table` and
`arbiter serve` say only what this answer says. It guides the table; it refuses nothing: an act outside it is
still recorded and judged by the laws.

The answer, as `arbiter schema next` describes it:

- `player`: whose turn it is (or null: anyone, as before the first deal);
- `phase`: the game's phase (`before_deal` before any game; once every player still in has drawn, `betting`, or
  `show` where no one is left to bet against or the early bettors' turns passing close the betting: the phase
  the act answered belongs to); `game`: its number, or null; `jackpot`: the jack-pot in play, or the one the
  next game is once a game is over (`{"number", "openers"}`), or null;
- `acts`: what he may do, each `{"type": EVENT TYPE, ...}` with the fields the event needs: a fixed number as its
  own field (`amount`, `count`, `to`), a range as `minimum` and `maximum` (of the stake, or of the cards discarded);
- `others`: acts others may make now instead (the dealer deals when no straddle comes; an early actor may act
  again at his turn; the winner's `win` recorded; the rest of a give in parts), each with its player;
- `owed`: `{"by", "to", "what", "cards" or "amount", "law"}`: cards the dealer owes (`give`: the discard, cards
  exposed, a deficiency; `return_excess`), the pack to be made up (`collect_discards`), antes due, and refunds and
  penalties ruled in this deal;
- `asks`: `{"of", "what", "law"}`: what a ruling waits for (the witness's `number` in a dispute over the cards
  demanded, `about` the disputant; the jack-pot opener's `opening hand`), and the dealer's answer to a question
  he must answer (`cards drawn`, `about` the asker).

Laws are named from the rules in force, never written here: the rule that defines a setting (the ante's, the
jack-pot ante's ledger rule), the rule a ledger line or an effect cites, or the rule whose `implemented_by`
names a function below.
"""

from __future__ import annotations

from typing import Any

from arbiter.engine import turns
from arbiter.engine.acts import betting, showing
from arbiter.engine.draw_debts import all_owed, first_from_the_pack, pack_holds_for, rests_of_gives, waiting_witnesses
from arbiter.engine.expressions import product
from arbiter.engine.replay import Replay
from arbiter.errors import ArbiterError
from arbiter.events import MAX_STAKE, Event
from arbiter.rulebook.house import HOUSE_AUTHORITY
from arbiter.rulebook.vocabulary.functions import ante_owed, demanded_by
from arbiter.rulebook.vocabulary.numbers import (
    dealer_drew,
    expected_straddle,
    limit_after_draw,
    opening_least,
    raise_limit,
)
from arbiter.rulebook.vocabulary.predicates import hand_known
from arbiter.seats import POOL
from arbiter.state import Game, Outcome, Phase, PhaseName

Act = dict[str, Any]
HERE = "engine/next_acts.py:"


class Prospect:
    """The answer for one replay, built part by part."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.board = replay.board
        self.rulebook = replay.rules.rulebook
        self.player: str | None = None
        self.acts: list[Act] = []
        self.others: list[Act] = []
        self.owed: list[dict[str, Any]] = []
        self.asks: list[dict[str, Any]] = []
        self.phase: PhaseName = Phase.BEFORE_DEAL  # the phase the answer is in
        self.unpaid_antes: dict[str, int] = {}  # each who owes this game an ante, and what he still owes
        self.club_rules = frozenset(rule.id for rule in self.rulebook.rules.values()
                                    if rule.authority == HOUSE_AUTHORITY and rule.checks)

    def answer(self) -> dict[str, Any]:
        game = self.board.game
        jackpot = None
        if game is None:
            self.first_deal()
            self.phase = Phase.BEFORE_DEAL
        else:
            self.phase = game.phase
            over = game.phase == Phase.OVER  # the jack-pot in play, or once the game is over the next game's
            jackpot = game.next_jackpot if over else game.jackpot
            settled = self.claim_as_it_stands(game)
            if settled is not None and over:  # his hand is known: what his claim comes to, should the log end here
                jackpot = settled.board.playing.next_jackpot
            self.owed.extend(self.ruled_payments(settled or self.replay))
            self.unpaid_antes = self.antes_owed(game)
            self.for_game(game, settled)
            self.questions_owed(game)
        return {"player": self.player, "phase": self.phase, "game": game.number if game else None, "jackpot": jackpot,
                "acts": self.acts, "others": self.others, "owed": self.owed, "asks": self.asks}

    def law(self, function: str) -> str | None:
        return rule.id if (rule := self.rulebook.implementing(HERE + function)) else None

    def in_force(self, function: str) -> bool:
        """Does a rule in force name this function of the answer? A house may switch it off."""
        return self.board.in_force(HERE + function)

    def to(self, player: str | None, *acts: Act) -> None:
        self.player = player
        self.acts.extend(acts)

    # --- before any game -----------------------------------------------------------------
    def first_deal(self) -> None:
        session = self.board.session
        if not (session.draw_round or session.draw_tied):
            self.to(None, {"type": "draw_for_deal"}, {"type": "deal"})
            return
        drawing = session.drawing()
        yet = session.yet_to_draw()
        if yet and len(drawing) > 1:  # one left of a tie (another drew again) draws no more
            self.to(yet[0], {"type": "draw_for_deal"})
            return
        lowest = session.lowest_drawers()
        self.to(lowest[0], {"type": "draw_for_deal"} if len(lowest) > 1 else {"type": "deal"})

    # --- a game ------------------------------------------------------------------------------
    def claim_as_it_stands(self, game: Game) -> Replay | None:
        """A jack-pot opener left alone whose hand the log already knows: his claim waits for
        his show (reading 47), and is settled by that hand if the log ends without it. The
        log is replayed to its end on a copy, so that the answer says what that settling
        gives: the next jack-pot, a penalty owed, who is paid."""
        if game.pending_claim is None or not hand_known(self.board, game.opener):
            return None
        trial = self.replayed()
        if trial is not None:
            trial.finish(trial.board.k + 1)
        return trial

    def replayed(self, *more: Event, face_down: str | None = None) -> Replay | None:
        """The log so far, with `more` acts after it, replayed on a copy (the engine's board is never touched
        to try an act), `face_down`'s cards in it not named; None where the replay refuses one of them, or the
        log's events are no list to copy (a long log's, read as they come)."""
        log = self.replay.log
        if not isinstance(log["events"], list):
            return None
        events = [*(log["events"] if face_down is None else unseen(face_down, log["events"])), *more]
        trial = Replay({**log, "events": events}, self.replay.rules)
        try:
            for k, each in enumerate(events):
                trial.step(k, each)
        except ArbiterError:
            return None
        return trial

    def questions_owed(self, game: Game) -> None:
        """A question to the dealer that he must answer (the asker had drawn and not raised
        his cards or bet) waits for his answer, however the play goes on meanwhile, from
        the time the dealer has drawn (before it an answer has no count to be true to, and
        L49 judges none); one he need not answer (L50) is asked nothing of him."""
        # the dealer's draw as L49 counts it (`dealer_drew`); one answer for each asker, however often he asked
        if dealer_drew(self.board) is not None and game.phase != Phase.OVER:
            askers = dict.fromkeys(asker for asker, owed in game.questions if owed)
            self.asks.extend({"of": game.dealer, "what": "cards drawn", "about": asker,
                              "law": self.law("Prospect.questions_owed")} for asker in askers)

    def for_game(self, game: Game, settled: Replay | None) -> None:
        if game.pending_claim is not None:  # a jack-pot opener left alone shows what he opened with
            if settled is None:  # the log names his hand nowhere: the ruling asks for it
                claim = self.rulebook.implementing(showing.OPENER_SHOWS)
                self.asks.append({"of": game.opener, "what": "opening hand", "law": claim.id if claim else None})
            self.to(game.opener, {"type": "show"})
            dealer, _ = self.board.setting_person("next_dealer")  # unshown, his claim is settled at the next deal
            self.others.append({"type": "deal", "dealer": dealer})
            paid = settled.board.playing.winners if settled is not None else game.pending_claim[0]
            self.others.extend({"type": "win", "player": p} for p in paid if p not in game.said_won)  # unshown
        elif game.resolved:
            dealer, _ = self.board.setting_person("next_dealer")
            if game.jackpot and game.opener and game.opener not in game.shown and (
                    game.opener in game.winners or game.outcome == Outcome.NOT_CLAIMED) and \
                    self.board.in_force(showing.OPENER_SHOWS):
                # a jack-pot's opener left alone shows his openers (L33), even where the log knows them
                self.to(game.opener, {"type": "show"})
                self.others.append({"type": "deal", "dealer": dealer})
            else:
                self.to(dealer, {"type": "deal"})
            self.others.extend({"type": "win", "player": p} for p in game.winners if p not in game.said_won)
        elif game.deal.misdealt:
            self.to(game.redeal_by, {"type": "deal"})
        elif game.phase == Phase.BEFORE_DEAL:
            self.before_the_deal(game)
        elif game.phase == Phase.DEALING:
            self.pack_holds_the_deal()
            self.to(game.dealer, {"type": "card", "to": self.board.turns.of("deal")})
        elif game.phase == Phase.SAY:
            self.say(game)
        elif game.phase == Phase.DRAW:
            self.the_draw(game)
        elif game.phase == Phase.BETTING:
            self.betting(game)
        elif game.phase == Phase.SHOW:
            self.the_show()
            if game.named_by_wins_recorded():
                # the next deal ends the game, the win recorded the fact where no hand shown decides (reading 44)
                self.others.append({"type": "deal", "dealer": self.board.setting_person("next_dealer")[0]})
            self.owed_first(game)

    def antes_owed(self, game: Game) -> dict[str, int]:
        """Those who owe this game an ante (in a jack-pot, each who has not paid; else the ante's
        player where none was staked), each `owed` until the next deal, paid or not by the first
        card (reading 55), while the game is undecided: once it is (the pool taken, or staying, or
        waiting for a jack-pot opener's show), an ante put up is the next game's, as the replay
        takes it; a new deal after a misdeal needs only the ante unpaid (reading 7)."""
        ante = self.ante_offered(game)
        if game.resolved:
            return {}
        if game.every_ante:  # one who paid short owes the rest (L30), but not all he had (the ante made, A5), nor
            seating = self.board.seating  # one retired with a foul hand (his ante is refunded him: L14)
            due = {p: ante - game.antes_paid.get(p, 0) for p in seating.round_from(seating.left_of(game.dealer))
                   if p not in game.all_in and p not in game.foul}
            law = self.ledger_law("ante")
        elif game.ante is None and game.ante_player is not None and game.ante_player not in game.foul:
            due = {game.ante_player: ante}
            _, law = self.board.setting_person("ante_by")
        else:
            return {}
        due = {p: self.board.within_stack(p, amount) for p, amount in due.items()}  # A5: no more than he has
        unpaid = {p: amount for p, amount in due.items() if amount > 0}
        self.owed.extend({"by": p, "to": "pool", "what": "ante", "amount": amount, "law": law}
                         for p, amount in unpaid.items())
        return unpaid

    def ante_offered(self, game: Game) -> int:
        """The ante offered and owed: in a jack-pot the table's (law 30), else the ante
        owed (`ante_owed`: at most what law 19 allows, where it is in force), every
        player's too where a house has each pay one."""
        return self.board.table_ante if game.jackpot else ante_owed(self.board)

    def before_the_deal(self, game: Game) -> None:
        deal = game.deal
        unpaid = self.unpaid_antes
        # What comes before the first card, in the usual order; the first is the turn, and
        # the others may come first (the ante before the shuffle, say): they are offered too.
        due: list[tuple[str, list[Act]]] = []
        if game.dealer not in deal.shufflers:
            due.append((game.dealer, [{"type": "shuffle"}]))
        cutter = self.board.setting_person("cut_by")[0]
        if deal.cut_by is None and cutter is not None:
            due.append((cutter, [{"type": "cut"}]))
        due.extend((player, [{"type": "ante", "amount": amount}]) for player, amount in unpaid.items())
        if not unpaid:  # the one whose turn it is, and later players in turn past him (L21)
            due.extend((straddler, [{"type": "straddle", "amount": expected_straddle(self.board)}])
                       for straddler in self.straddlers())
        self.pack_holds_the_deal()
        seating, each = self.board.seating, self.board.parameters["cards_per_hand"]
        hands = {p: each for p in seating.round_from(seating.left_of(game.dealer))}
        dealing: list[Act] = [{"type": "dealt", "hands": hands}, {"type": "card", "to": self.board.turns.of("deal")}]
        if all(acts[0]["type"] == "straddle" for _, acts in due):  # a straddle may be let go; the cut comes first (L4)
            due.append((game.dealer, dealing))
        (player, acts), *rest = due
        self.to(player, *acts)
        self.others.extend({**act, ("dealer" if act["type"] in ("dealt", "card") else "player"): who}
                           for who, more in rest for act in more)

    def pack_holds_the_deal(self) -> None:
        """A house's hand of more cards than the pack holds for this table (seven each to eight
        players): no deal can come, and the replay would refuse the card past it: none offered."""
        players, each = len(self.board.seating.players), self.board.parameters["cards_per_hand"]
        pack = self.board.parameters["pack_size"]
        if each * players > pack:
            raise self.board.refused(f"the pack of {pack} cannot deal {each} cards to each of {players} players")

    def straddlers(self) -> list[str]:
        """Who may straddle now, in turn (a player who lets his right go does not end it: a
        later one may still straddle, L21), where the straddle due is within what the laws allow."""
        bounded = self.in_force("Prospect.straddlers")  # the bound's rule, unless a house switched it off
        most = product([self.board.limit, self.board.parameters["max_straddle_fraction_of_limit"]])
        amount = expected_straddle(self.board)
        if (bounded and amount > most) or amount > MAX_STAKE:
            return []
        return [straddler for straddler in self.board.turns.straddlers()
                if self.board.within_stack(straddler, amount) == amount  # not more than he has at table stakes (A5)
                and not self.club_forbids({"type": "straddle", "player": straddler, "amount": amount})]

    # --- a club's own rules ---------------------------------------------------------------
    def club_forbids(self, event: Event) -> bool:
        """Would a club's own rule (law 81) find this act irregular? Its rules are checks, not bounds the turn model
        knows, so the act is tried on a copy of the log: replayed with it, does a club rule's irregularity fall on it,
        its actor's (not a ruling, nor another's finding the act brings about: an early actor's turn come)? The actor's
        cards are tried as the table sees them, face down: a hand the log knows to lack a club's openers is judged when
        it shows, not refused (as law 30's, reading 55), and the answer does not tell the table what he holds."""
        clubs = self.club_rules
        trial = self.replayed(event, face_down=event.get("player")) if clubs else None
        if trial is None:  # an act the replay refuses is no club rule's to forbid
            return False
        return any(f.event == trial.board.k and f.id in clubs and f.player == event.get("player")
                   and f.severity != "ruling" for f in trial.findings)

    def stakes_the_club_allows(self, player: str, kind: str, least: int, most: int) -> tuple[int, int] | None:
        """The stakes from `least` to `most` a club's rules allow, where they forbid some at
        one end: above a most (a stander may not raise) or below a least (a least opening of
        its own): the range left, or None where it allows neither end."""
        def forbids(stake: int) -> bool:
            return self.club_forbids({"type": kind, "player": player, "stake": stake})

        if not self.club_rules:
            return least, most
        low, high = forbids(least), forbids(most)
        if low and high:
            return None
        if high:  # forbidden from some stake on: the last it allows
            first, last = least, most
            while first < last:
                middle = (first + last + 1) // 2
                first, last = (first, middle - 1) if forbids(middle) else (middle, last)
            return least, first
        if low:  # forbidden up to some stake: the first it allows
            first, last = least, most
            while first < last:
                middle = (first + last) // 2
                first, last = (middle + 1, last) if forbids(middle) else (first, middle)
            return first, most
        return least, most

    # --- the say and the betting ------------------------------------------------------------
    def say(self, game: Game) -> None:
        chain = self.board.turns.chain()
        if not chain:
            return
        # where every turn left is an early sayer's, each passes without an act: the say is
        # over after them, and the draw comes next (their acts are offered beside it)
        over = turns.optional(game, chain[-1], betting=False) and len(game.still_in) > 1
        opening = opening_least(self.board)
        staked = game.say_staked
        for player, least in turns.minimums(game, chain):
            short = turns.short_of(game, player, least)
            opened = bool(game.opener) or staked  # after a stake in turn, one meets it (L26), or shows for a sum (L60)
            # the most: over the ante's or the last straddle's until a stake counts in turn, then over the highest
            most = self.most_for(game, player, least, game.highest_stake() if opened else game.highest_raised())
            if not staked:  # the first to stake in turn meets the opening minimum
                least = opening
            self.offer(game, player, "play" if opened else "open", least, most, short_show=opened,
                       must_act=not over and player == chain[-1], short=short)
            # an early sayer's turn passes before the next one's, his say a stake (turns.take_say_turn),
            # but for a show for a sum, which opens nothing (L61); so does the say of one all in before it (A5)
            staked = staked or (player in game.early and player in game.still_in and not game.shows_only(player))
        if over:
            self.draw_after_the_say(game)

    def draw_after_the_say(self, game: Game) -> None:
        """The draw, as it will open once the say's last turns pass (`close_say`)."""
        kept = game.phase, game.draw
        game.phase, game.draw = Phase.DRAW, betting.draw_round(self.replay)
        try:
            self.the_draw(game)
        finally:
            game.phase, game.draw = kept
        self.phase = Phase.DRAW

    def betting(self, game: Game) -> None:
        chain = self.board.turns.chain()
        # where the early bettors' turns all pass, the betting closes: none must act (each one's act again is a
        # raise), and the show comes next, as the draw after the say
        closes = bool(chain) and turns.closes_when_passed(game, chain)
        last = len(chain) - 1
        for k, (player, least) in enumerate(turns.minimums(game, chain)):
            if k < last and player == chain[last]:  # his turn comes round again: he acts at that one
                continue
            self.offer(game, player, "play", least, self.most_for(game, player, least, game.highest_stake()),
                       short_show=True, must_act=k == last and not closes)
        if closes:
            self.phase = Phase.SHOW
            self.to(self.first_to_show(game, chain[-1]), {"type": "show"}, {"type": "pass"})
        self.owed_first(game)

    def owed_first(self, game: Game) -> None:
        """Cards still owed from the draw come first (L39: the debt outlasts the turns to draw): the dealer is to
        act, and the turn of the bettor or the shower waits among the others, but for one still owed cards: his
        act would raise a hand short of them (L48), as `waiting_bet` has it."""
        turn, acts = self.player, self.acts
        self.player, self.acts = None, []
        owing = self.owing(game)
        if self.dealer_owes(game, owing, None):
            if turn not in {drawer for drawer, _, _ in owing}:
                self.others.extend({**act, "player": turn} for act in acts)
        else:
            self.to(turn, *acts)

    def first_to_show(self, game: Game, early: str) -> str | None:
        """Who shows first if the betting closes at this early bettor's turn (his stake made them equal)."""
        kept = game.last_to_equal, game.phase
        game.last_to_equal, game.phase = early, Phase.SHOW
        try:
            due = self.board.turns.show_due()
        finally:
            game.last_to_equal, game.phase = kept
        return due[0] if due else None

    def offer(self, game: Game, player: str, kind: str, least: int, most: int, short_show: bool,
              must_act: bool, short: bool = False) -> None:
        """A stake from `least` to `most` (under table stakes, no more than he has: A5, and no
        more than a club's own rule allows), or a pass; for the last of the chain (the one who
        must act), his acts; for an early actor before him, the act again his turn allows (his
        turn passes without one), or a pass where his early stake is `short` of the stake he
        must meet (item 24: he makes good or passes at his turn). One who cannot meet `least`
        may stake what he has for a show (L60)."""
        own = game.stakes[player]
        least, most = max(least, own), min(most, MAX_STAKE)  # no stake a log could not record (the log's bound)
        if not must_act and not short:  # his early stake meets the stake at his turn: his act again is a raise
            least = max(least, own + 1)
        means = self.means(player, own, max(least, most))
        # no stake at all where his own early stake already raises the stake he meets at his turn by more than
        # the limit (D1: `most_for`)
        allowed = self.stakes_the_club_allows(player, kind, least, means) if means >= least <= most else None
        acts: list[Act] = []
        if allowed and allowed[1]:
            acts.append({"type": kind, "minimum": allowed[0], "maximum": allowed[1]})
        # his bet raised: a show for what he has
        show = self.show_for_a_sum(own, least, means) if least > means or (short_show and 0 < own < least) else []
        if not must_act:
            if player in game.all_in:  # all he has: he can stake nothing more, and his turn passes (A5)
                acts = []
            if short:  # short at his turn, he makes good, passes or shows for what he has (item 24, L60)
                acts += [{"type": "pass"}, *(show if player not in game.all_in else [])]
            self.others.extend({**act, "player": player} for act in acts)
            return
        self.to(player, *acts, {"type": "pass"}, *show)

    def means(self, player: str, own: int, target: int) -> int:
        """The most his stake can come to towards `target`: all of it, but under table stakes
        no more than he has on the table (A5)."""
        return own + self.board.within_stack(player, target - own)

    def show_for_a_sum(self, own: int, least: int, means: int) -> list[Act]:
        """A show for what he has, short of the `least` stake to meet (L60), never for 0:
        where his counters are known and bind him (table stakes, A5), for all he has, and
        only if that falls short; else for any sum from his stake up, the arbiter not
        knowing his funds (L60's reading)."""
        if self.board.binding_stacks() is not None:
            return [{"type": "demand_show", "minimum": means, "maximum": means}] if 0 < means < least else []
        lowest = max(own, 1)
        return [{"type": "demand_show", "minimum": lowest, "maximum": min(least - 1, means)}] if lowest <= means else []

    def most_for(self, game: Game, player: str, preceding: int, highest: int) -> int:
        """The most this player may stake: the highest plus the limit; for one whose early
        stake, its turn to come, raises the `preceding` stake at that turn by more than the
        limit (D1), less than his own stake: no stake of his is within it, the act bringing
        his turn. Once his turn has come (the excess found then), what he adds is judged
        over the highest stake, his own included (D1's reading)."""
        if player in game.early and player not in game.come and (over := self.most(preceding)) < game.stakes[player]:
            return over
        return self.most(highest)

    def most(self, highest: int) -> int:
        """The most a stake may be: the highest stake it raises plus the limit (D1; after the
        draw, as the house may have multiplied it)."""
        if not self.in_force("Prospect.most"):  # a house switched the limit's rule off: no stake is too high
            return MAX_STAKE
        limit: int = raise_limit(self.board)  # the vocabulary's words are typed as giving anything
        return highest + limit

    # --- the draw -------------------------------------------------------------------------
    def the_draw(self, game: Game) -> None:
        """The dealer gives what he owes, in the order of the draw; where the pack cannot
        supply it, those still to draw discard first (law 41's order); else the next to draw.
        While a law 46 ruling waits for its witness, he is asked, and what is owed stays owed."""
        hands = game.deal.hands
        player = self.board.turns.of("draw")
        owing = self.owing(game)
        for drawer in game.the_draw().order:
            hand = hands[drawer]
            if drawer not in game.still_in or hand.discarded is None:
                continue
            # one who drew without making good may make good while others are still to draw or the dealer still
            # owes the cards of the draw (L36, D4); once all have drawn them, a stake is a bet (`betting_begins`)
            if (player is not None or owing) and game.stakes[drawer] < game.highest_stake() \
                    and drawer not in game.all_in:
                # under table stakes, one who has not the counters for it shows for what he has instead (A5, L60)
                own, highest = game.stakes[drawer], game.highest_stake()
                means = self.means(drawer, own, highest)
                late = [{"type": "play", "minimum": highest, "maximum": highest}] if means >= highest else \
                    self.show_for_a_sum(own, highest, means)
                self.others.extend({**act, "player": drawer} for act in late)
            if hand.draw_to_come() and hand.demanded is None:
                self.others.append({"type": "demand", "player": drawer, "count": hand.discarded})  # asked (L39)
        short = rests_of_gives(game, {drawer for drawer, _, _ in owing})
        # the rest is given from the pack as it stands, not from one made up and still to be shuffled or cut (L41)
        rests = [(to, rest) for to, rest in short if not game.deal.remaking and 0 < rest <= game.deal.pack_remaining]
        if self.dealer_owes(game, owing, player):
            # all have drawn: while the dealer gives what is owed (the cutter cuts the pack made up for it), the first
            # bet waits among the others (L39, reading 11); not while a witness is asked: it waits for the number
            if not any(ask["what"] == "number" for ask in self.asks):
                self.gives_beside(game, rests)
                if player is None and self.acts:
                    self.waiting_bet(game, {drawer for drawer, _, _ in owing} | {to for to, _ in short})
            return
        deal, stuck = game.deal, short[0][0] if short and not rests else None
        if player is None and stuck is not None and (deal.uncollected or deal.remaking and deal.pack_for(stuck)):
            # the pack holds none of the rest for him, or is not yet shuffled and cut: it is made up first (L41)
            self.cards_owed(game, stuck, 1)
            self.waiting_bet(game, {to for to, _ in short})
            return
        if player is None and rests:
            # all have drawn, and the draw is not over while a give in parts is unfinished (reading 10): the dealer
            # gives the rest first, the first bet waiting among the others, but not a bet by one still short, whose
            # act would raise a hand short of it (L48)
            (to, rest), *more = rests
            self.to(game.dealer, {"type": "give", "to": to, "count": rest})
            self.gives_beside(game, more)
            self.waiting_bet(game, {to for to, _ in short})
            return
        self.gives_beside(game, rests)
        if player is None:
            self.betting_begins(game)
        elif game.stakes[player] < game.highest_stake() and player not in game.all_in:  # first make good, or pass (D4)
            self.make_good(game, player)
        else:  # cards given him before his discard count towards it (L35): he keeps no more than a hand
            held = hands[player].count
            least = max(held - self.board.parameters["cards_per_hand"], 0)
            asked = hands[player].demanded  # a demand before his discard: a discard of another number is L44's
            if asked is not None and least <= asked <= held:
                least = held = asked
            self.to(player, {"type": "discard", "minimum": least, "maximum": held}, {"type": "pass"})

    def gives_beside(self, game: Game, gives: list[tuple[str, int]]) -> None:
        """The dealer's gives (to whom, how many) among the others."""
        self.others.extend({"type": "give", "dealer": game.dealer, "to": to, "count": count} for to, count in gives)

    def waiting_bet(self, game: Game, owed: set[str]) -> None:
        """The acts the betting will open with, among the others (the dealer to act first);
        none for a first bettor still owed cards: his act would raise a hand short of them."""
        turn, acts, phase = self.player, self.acts, self.phase
        self.player, self.acts = None, []
        self.betting_begins(game)
        if self.player is not None and self.player not in owed:
            self.others.extend({**act, "player": self.player} for act in self.acts)
        self.player, self.acts, self.phase = turn, acts, phase

    def owing(self, game: Game) -> list[tuple[str, int, str | None]]:
        """The cards the dealer owes each player still in who has discarded and not raised
        them, in the order of the draw, and the law that owes them; each debt is `owed`, and
        an excess to take back too. The debt outlasts the turns to draw (L39: the betting
        may have begun)."""
        owing: list[tuple[str, int, str | None]] = []
        if game.draw is None:
            return owing
        for drawer in game.draw.order:
            hand = game.deal.hands[drawer]
            if (back := game.taking_back.get(drawer)) and not hand.drawn_lifted and drawer in game.still_in:
                self.owed.append({"by": game.dealer, "to": drawer, "what": "return_excess", "cards": back,
                                  "law": hand.excess_law})
            if drawer not in game.still_in or hand.discarded is None or hand.drawn_lifted:
                continue
            if hand.draw_to_come():  # less any given him before he discarded, or dealt him since (L7: he keeps it)
                due = min(hand.discarded - hand.given, self.board.parameters["cards_per_hand"] - hand.count)
                owing += [(drawer, due, self.law("Prospect.cards_owed"))] if due > 0 else []
            elif hand.supplied:
                rest = hand.discarded - hand.given - hand.awaits_pack
                # the discard is owed where a card exposed (L40: not given) leaves him given nothing, or where
                # he asked for another number (L44: the discard is due), unless a ruling has made good what he is
                # short of the number asked (owed beyond the cards exposed); else that is owed only once pointed
                # out (L43, item 11); a ruling's make-good whose card was exposed is owed as the ruling said
                if hand.unreplaced and hand.owed <= hand.unreplaced and rest > hand.owed and not hand.ruled_short \
                        and (hand.given == 0 or demanded_by(self.board, drawer) != hand.discarded):
                    owing.append((drawer, rest, self.law("Prospect.cards_owed")))
                else:  # for cards exposed (L40), a deficiency ruled (L43): each law's share
                    owing.extend((drawer, count, law) for law, count in hand.owed_by.items())
                if hand.awaits_pack:  # the pack ran out in his give: the rest comes from the discards made up
                    owing.append((drawer, hand.awaits_pack, self.law("Prospect.pack_made_up")))
        for drawer, count, cited in owing:
            self.owed.append({"by": game.dealer, "to": drawer, "what": "give", "cards": count, "law": cited})
        return owing

    def dealer_owes(self, game: Game, owing: list[tuple[str, int, str | None]], to_draw: str | None) -> bool:
        """Is the dealer, or the witness a law 46 ruling waits for, to act before the next
        to draw (`to_draw`) or to bet? The dealer gives all he owes the first player owed whose
        ruling waits for nothing and whom something may supply (not so once every discard is made
        up and the pack holds none for him), unless the pack cannot supply it while others are
        still to draw (they discard first: law 41's order); else the witness is asked."""
        waiting = waiting_witnesses(self.replay, game)
        for witness, law, disputant in waiting:
            self.asks.append({"of": witness, "what": "number", "about": disputant, "law": law})
        owing = [(to, count, law) for to, count, law in owing if to not in {d for _, _, d in waiting} and (
            game.deal.uncollected or game.deal.pack_for(to) >= count or pack_holds_for(self.board, game, to))]
        first = owing[0][0] if owing else None
        if first is not None and (game.deal.pack_for(first) >= (due := all_owed(owing, first))
                                  or to_draw is None):
            self.cards_owed(game, first, due)  # all owed him, whatever law owes each card
            if game.deal.uncollected and not pack_holds_for(self.board, game, first):  # none of it his: made up
                self.gives_beside(game, first_from_the_pack(self.board, game, owing))  # for him, another's first
            return True
        if waiting:  # the witness is asked, and nothing else is offered (reading 55)
            self.others.clear()
            self.to(waiting[0][0])
            return True
        self.gives_beside(game, first_from_the_pack(self.board, game, owing))  # others discard first (L41)
        return False

    def make_good(self, game: Game, player: str) -> None:
        """At his turn to draw a player makes his stake the highest, or passes (D4), or, his
        stake raised, shows for a sum short of it (L60, L61), as in the betting; under table
        stakes one who has not the counters for the highest may only pass or show (A5)."""
        own, highest = game.stakes[player], game.highest_stake()
        means = self.means(player, own, highest)
        acts: list[Act] = [{"type": "play", "minimum": highest, "maximum": highest}] if means >= highest else []
        acts.append({"type": "pass"})
        if own > 0:
            acts += self.show_for_a_sum(own, highest, means)
        self.to(player, *acts)

    def cards_owed(self, game: Game, player: str, count: int) -> None:
        """The dealer gives a player the cards he owes him: the discard, or the cards exposed or
        short; where the pack cannot supply them, it is made up first (while discards remain to
        make it up from), or he gives what it holds (but cards exposed to him, and not where that
        is the wrong number he asked for) and the rest comes from the discards made up (L41: only
        more than remain is given out of order)."""
        if game.deal.pack_for(player) < count:
            if game.deal.uncollected:
                self.pack_made_up(game)
            if held := pack_holds_for(self.board, game, player):
                self.to(game.dealer, {"type": "give", "to": player, "count": held})
        elif "shuffle" in game.deal.remaking:
            self.to(game.dealer, {"type": "shuffle"})
        elif "cut" in game.deal.remaking and (cutter := self.board.setting_person("cut_by")[0]) is not None:
            self.to(cutter, {"type": "cut"})
        else:
            gives: list[Act] = [{"type": "give", "to": player, "count": count}]
            hand = game.deal.hands[player]
            if hand.discarded is not None and hand.given < hand.discarded != hand.given + count and \
                    hand.count + hand.discarded - hand.given <= self.board.parameters["cards_per_hand"]:
                # a wrong demand's deficiency misses the discard, which law 44 lets him give instead (filling his hand)
                gives.append({"type": "give", "to": player, "count": hand.discarded - hand.given})
            self.to(game.dealer, *gives)

    def pack_made_up(self, game: Game) -> None:
        """The pack cannot supply the cards owed: once all still to draw have discarded (the dealer
        last), the discards are gathered, shuffled and cut, and the players supplied from them."""
        self.owed.append({"by": game.dealer, "to": "pack", "what": "collect_discards",
                          "cards": game.deal.uncollected, "law": self.law("Prospect.pack_made_up")})
        self.to(game.dealer, {"type": "collect_discards"})

    def the_show(self) -> None:
        """The next hand due is shown, or its player passes and gives up his claim (L59)."""
        due = self.board.turns.show_due()
        if due:
            self.to(due[0], {"type": "show"}, {"type": "pass"})

    def betting_begins(self, game: Game) -> None:
        """The draw is over: the first bettor, as the betting will open; where fewer than two
        players still bet, none, and the hands are shown (`open_betting`). The answer is in
        the phase that comes next, the engine's draw ending with the first bet."""
        if turns.betting_closes(game, game.highest_stake(), set()):
            self.phase = Phase.SHOW
            self.the_show()
            return
        self.phase = Phase.BETTING
        first = self.board.turns.first_bettor()
        if first is not None:  # as any bettor: one who drew without making good may show for what he has (L60)
            least = max(game.highest_stake(), game.stakes[first])
            limited = self.in_force("Prospect.betting_begins")
            most = least + limit_after_draw(self.board) if limited else MAX_STAKE
            self.offer(game, first, "play", least, most, short_show=True, must_act=True)

    # --- what is owed ---------------------------------------------------------------------
    @staticmethod
    def ruled_payments(replay: Replay) -> list[dict[str, Any]]:
        """The refunds and penalties ruled in this deal: the table pays them by hand. One
        ruled at the deal's own `deal` (a club's fine for the misdeal before it) is paid as
        that deal begins, the next deal item 28 owes it until."""
        began = replay.board.playing.deal.began
        return [{"by": e.payer, "to": e.payee, "what": e.what, "amount": e.amount, "law": e.rule}
                for e in replay.board.ledger.movements()
                if e.event > began and e.what in ("refund", "penalty") and e.payer != POOL]

    def ledger_law(self, what: str) -> str | None:
        found = self.board.rules.ledger_setting(what, self.board)
        return found.rule if found else None


def unseen(player: str | None, events: list[Event]) -> list[Event]:
    """The events with the cards dealt to `player` not named, as the table sees them: his
    hand in `dealt`, the cards dealt him one by one, the hand his `open` stated."""
    seen: list[Event] = []
    for event in events:
        kind = event.get("type")
        if kind == "dealt" and player is not None and isinstance(cards := event["hands"].get(player), list):
            event = event.copy()
            event["hands"] = {**event["hands"], player: len(cards)}
        elif kind == "card" and event.get("to") == player and "card" in event:
            event = event.copy()
            del event["card"]
        elif kind == "open" and event.get("player") == player and "cards" in event:
            event = event.copy()
            del event["cards"]
        seen.append(event)
    return seen


def next_acts(replay: Replay) -> dict[str, Any]:
    """What may come next after the events the replay has recorded (SPEC §3 item 28)."""
    return Prospect(replay).answer()


__all__ = ["Prospect", "next_acts"]
