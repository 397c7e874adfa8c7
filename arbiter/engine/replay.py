"""Replaying a hand log event by event: the record of what happened, and the laws applied.

For each event: the moments it brings about are raised (the deal finished, a hand first
raised …), the checks of the rule book that the event or moment triggers are decided on
the state *before* it, the event is recorded (cards moved, counters staked), and then
the effects of the checks that held are applied. The Python here records the physical
game (who holds what, who staked what, whose turn it is by the orders the rules
define); every judgement comes from `rules/`.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from arbiter import hands
from arbiter.cards import card_str, parse_card
from arbiter.engine import turns
from arbiter.engine.board import BINDING, Board
from arbiter.engine.compiled import CompiledCheck, CompiledRules, compiled_rules, each_round
from arbiter.engine.showdown import share_pool
from arbiter.findings import Finding
from arbiter.rulebook.model import Rulebook
from arbiter.rulebook.vocabulary.facts import act_possible
from arbiter.rulebook.vocabulary.functions import refundable_of
from arbiter.rulebook.vocabulary.grammar import EVENT_TYPES, EVERY_PLAYER
from arbiter.rulebook.vocabulary.predicates import hand_known, has_drawn
from arbiter.seats import POOL
from arbiter.state import Deal, Game, Hand, Outcome, Phase, Round
from arbiter.words import plural

DEALING_EVENTS = frozenset({"card", "speak", "point_out", "face_up_in_pack"})
# Acts that need a deal in progress: after a misdeal, only a new `deal` brings one. Any
# other act between a misdeal and the new deal is what a table can do then (a word to the
# dealer, a stake, a card turned up in the gathered pack): judged, never `invalid`.
DEALING_CARDS = frozenset({"card", "dealt"})
BETTING_ACTS = frozenset({"open", "play", "pass", "demand_show"})
# Acts that leave the turn to say or bet where it is: they belong to no round.
TURNLESS_EVENTS = DEALING_EVENTS | {"lift", "divulge", "take_back", "ask_dealer", "dealer_answer", "dealer_tells"}


class Decision:
    """A check that held: its finding as drafted on the state before the event, the actor
    it held for, and its effects' operands, evaluated then too."""

    __slots__ = ("check", "finding", "actor", "arguments")

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
        self.events = log["events"]
        self.findings: list[Finding] = []
        self.games_report: list[dict[str, Any]] = []
        self.trace: list[dict[str, Any]] | None = [] if trace else None
        self.fired_moments: set[tuple[str, int, str | None, str | None, int, int]] = set()

    # --- driving -----------------------------------------------------------------
    def run(self) -> None:
        k = -1  # the events may be any iterable, read as they come (a long log's)
        for k, event in enumerate(self.events):
            self.step(k, event)
        self.finish(k + 1)

    def step(self, k: int, event: Mapping[str, Any]) -> None:
        """Record event `k` and apply what the laws decide of it. Between steps the board
        stands as the log so far leaves it: what may come next is asked of it then."""
        self.board.k = k
        self.board.event = event
        self.board.parsed_cards = event_cards(event)
        kind = event["type"]
        if kind not in DEALING_EVENTS and self._dealing():
            self.finish_deal()
        if kind not in TURNLESS_EVENTS:
            self.settle_turns(event)
        HANDLERS[kind](self, event)
        if self.board.game:
            self.board.playing.last_event = k
        if self.trace is not None:
            self.trace.append(self.snapshot())

    def finish(self, count: int) -> None:
        """The log ends after `count` events: the game in play is reported as it stands."""
        self.board.k = count - 1
        self.board.event = {}
        self.board.parsed_cards = []
        if self.board.game:
            self.end_game()

    def snapshot(self) -> dict[str, Any]:
        """The board after the current event, for those who tell the game (explain, HTML)."""
        game = self.board.game
        if game is None:
            return {"event": self.board.k, "game": None}
        seats = self.board.seating.round_from(self.board.seating.left_of(game.dealer))
        return {
            "event": self.board.k,
            "game": game.number,
            "deal": game.deal.number if game.deal else None,
            "dealer": game.dealer,
            "jackpot": game.jackpot,
            "phase": game.phase,
            "pool": self.board.ledger.pool,
            "stakes": {p: game.stakes[p] for p in seats},
            "still_in": [p for p in seats if p in game.still_in],
            "foul": [p for p in seats if p in game.foul],
            "cards": {p: game.deal.hands[p].count for p in seats} if game.deal else {},
            "shown": {p: [card_str(c) for c in game.shown[p]] for p in seats if p in game.shown},
            "winners": list(game.winners),
        }

    def decide(self, trigger: str, actor: str | None) -> list[Decision]:
        """The checks `trigger` sets off that hold now, each with its finding drafted.

        A rule that is an exception to another silences that rule's check on the same
        trigger and player (D5 over L54): exceptions are explicit in the data.
        """
        board = self.board
        held = []
        for check in self.rules.by_trigger.get(trigger, ()):
            players = each_round(board) if check.for_each else None
            if players is not None:
                for each in players:
                    board.actor, board.each = actor, each
                    if check.condition(board):
                        held.append(self._draft(check))
                board.each = None
            else:
                board.actor = actor
                if check.condition(board):
                    held.append(self._draft(check))
        if len(held) < 2:
            return held
        silenced = {(target, d.finding.player) for d in held for target in d.check.rule.exception_to}
        return [d for d in held if (d.check.rule.id, d.finding.player) not in silenced]

    def _draft(self, check: CompiledCheck) -> Decision:
        game = self.board.playing
        player = check.player(self.board)
        finding = Finding(
            id=check.rule.id,
            severity=check.severity,
            game=game.number if game else None,
            deal=game.deal.number if game and game.deals else None,
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

    def fire(self, trigger: str, actor: str | None) -> None:
        """Decide and act at once: for moments, which record nothing of their own. A
        moment raised again in the same deal (a second give) reports a law once."""
        game = self.board.game
        where = (game.number, game.deal.number if game.deals else 0) if game else (0, 0)
        fresh = []
        for decision in self.decide(trigger, actor):
            key = (decision.check.rule.id, decision.check.index, actor, decision.finding.player, *where)
            if key not in self.fired_moments:
                self.fired_moments.add(key)
                fresh.append(decision)
        self.act(fresh)

    def require_game(self, what: str) -> Game:
        game = self.board.game
        if game is None or not game.deals:
            raise self.board.refused("no deal has begun: a deal event must come first")
        if game.deal.misdealt and what in DEALING_CARDS:
            raise self.board.refused("the deal was declared void (a misdeal): a new deal event must come first")
        return game

    def require_hand(self, player: str) -> Hand:
        return self.require_game(self.board.event["type"]).deal.hands[player]

    # --- the draw for the deal, the deal ---------------------------------------------
    def on_draw_for_deal(self, event: Mapping[str, Any]) -> None:
        if self.board.session.games_begun:
            raise self.board.refused("a draw for the first deal cannot come once the first game has begun")
        session = self.board.session
        player = event["player"]
        card = self.board.parsed_cards[0] if self.board.parsed_cards else None
        held = self.decide("draw_for_deal", player)
        if player in session.draw_round:
            tied = lowest_drawers(session.draw_round)
            session.draw_tied = tied
            session.draw_round = {}
        if card is not None:
            setting = self.board.setting("first_dealer")
            ace = setting.value.get("ace", "low") if setting else "low"
            session.draw_round[player] = draw_value(card, ace_low=ace == "low")
        self.act(held)

    def on_deal(self, event: Mapping[str, Any]) -> None:
        dealer = event["dealer"]
        game = self.board.game
        if game is not None and game.deal.misdealt and not game.resolved:  # a new deal of the same game
            self.board.expected_dealer = game.redeal_by
            game.deal = self.new_deal(len(game.deals) + 1, dealer, redeal=True)
            game.deals.append(game.deal)
            game.dealer = dealer
            game.phase = Phase.BEFORE_DEAL
            game.still_in = set(self.board.seating.players) - game.foul
            game.say = game.draw = None
        else:
            if game is not None:
                self.end_game()
            self.board.expected_dealer = self.due_dealer()
            self.new_game(dealer)
        self.act(self.decide("deal", dealer))

    def new_deal(self, number: int, dealer: str, redeal: bool) -> Deal:
        return Deal(number=number, dealer=dealer, began=self.board.k, redeal=redeal,
                    pack_remaining=self.board.parameters["pack_size"],
                    hands={p: Hand() for p in self.board.seating.players})

    def due_dealer(self) -> str | None:
        """Who should deal a new game (the rules' `next_dealer`, or for the first game the
        lowest card of the draw, where the rules' `first_dealer` has one drawn)."""
        session = self.board.session
        if session.games_begun:
            return session.next_dealer
        if not self.board.setting("first_dealer") or not (session.draw_round or session.draw_tied):
            return None
        tied = lowest_drawers(session.draw_round) if session.draw_round else session.draw_tied or []
        return tied[0] if len(tied) == 1 else None

    def new_game(self, dealer: str) -> Game:
        session = self.board.session
        session.games_begun += 1
        game = Game(number=session.games_begun, dealer=dealer, jackpot=session.next_jackpot,
                    deal=self.new_deal(1, dealer, redeal=False))
        self.fired_moments.clear()  # a moment is fired once a deal, and this game's deals are all new
        self.board.game = game
        game.pool_start = session.carried
        game.stakes = {p: 0 for p in self.board.seating.players}
        game.still_in = set(self.board.seating.players)
        ante_by = self.board.required("ante_by")  # refuses the log where no law in force says who antes
        if ante_by.value.get("value") == EVERY_PLAYER:
            game.every_ante = True
        else:
            game.ante_player = self.board.person(ante_by.value)
        return game

    def on_shuffle(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("shuffle")
        held = self.decide("shuffle", event["player"])
        game.deal.shuffles.append(dict(event))
        game.deal.remaking.discard("shuffle")
        self.act(held)

    def on_cut(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("cut")
        held = self.decide("cut", event["player"])
        game.deal.cut_by = event["player"]
        game.deal.remaking.discard("cut")
        self.act(held)

    def on_ante(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("ante")
        player, amount = event["player"], event["amount"]
        held = self.decide("ante", player)
        if game.every_ante:  # no one's stake: every stake starts at 0
            game.antes_paid[player] = game.antes_paid.get(player, 0) + self.board.pay(player, POOL, amount, "ante")
        else:
            if game.ante is None:
                game.ante, game.ante_staker = amount, player
            self.stake(player, game.stakes[player] + amount, "ante")
        self.act(held)

    def on_straddle(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("straddle")
        player, amount = event["player"], event["amount"]
        held = self.decide("straddle", player)
        game.straddles.append((player, amount))
        self.stake(player, max(amount, game.stakes[player]), "straddle")
        self.act(held)

    def _dealing(self) -> bool:
        game = self.board.game
        return bool(game and game.deals and game.deal.started() and not game.deal.finished
                    and not game.deal.misdealt)

    def start_dealing(self) -> None:
        game = self.board.playing
        if not game.deal.started():
            self.fire("first_card", game.dealer)
            if not game.deal.misdealt:
                game.phase = Phase.DEALING

    def on_card(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("card")
        self.start_dealing()
        held = self.decide("card", event["to"])
        self.receive(event["to"], list(self.board.parsed_cards) or [None])
        game.deal.last_to = event["to"]
        self.act(held)
        if self._all_dealt():
            self.finish_deal()

    def on_dealt(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("dealt")
        self.start_dealing()
        held = self.decide("dealt", game.dealer)
        per_hand = self.board.parameters["cards_per_hand"]
        for player in self.board.seating.round_from(self.board.seating.left_of(game.dealer)):
            given = event["hands"].get(player, per_hand if player not in event["hands"] else 0)
            cards: list[int | None] = [parse_card(c) for c in given] if isinstance(given, list) else [None] * given
            self.receive(player, cards)
        game.deal.last_to = game.dealer
        self.act(held)
        if self._all_dealt():
            self.finish_deal()

    def receive(self, player: str, cards: list[int | None]) -> None:
        deal = self.board.playing.deal
        hand = deal.hands[player]
        if deal.cards_dealt + len(cards) > self.board.parameters["pack_size"]:
            raise self.board.refused(f"more cards dealt than the pack of {self.board.parameters['pack_size']} holds")
        for card in cards:
            hand.count += 1
            hand.cards.append(card)
            hand.original.append(card)
            deal.cards_dealt += 1
            deal.pack_remaining -= 1
            if card is not None:
                deal.in_play[card] = player

    def _all_dealt(self) -> bool:
        complete = self.board.setting("deal_complete")  # without it, the deal ends at the first other act
        return complete is not None and all(
            h.count >= self.board.person(complete.value["cards_each"]) for h in self.board.playing.deal.hands.values())

    def finish_deal(self) -> None:
        game = self.board.playing
        if game.deal.finished or game.deal.misdealt:
            return
        game.deal.finished = True
        self.fire("deal_finished", game.dealer)
        if not game.deal.misdealt:
            self.open_say()

    def on_face_up_in_pack(self, event: Mapping[str, Any]) -> None:
        self.require_game("face_up_in_pack")
        self.act(self.decide("face_up_in_pack", self.board.playing.dealer))

    def on_speak(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("speak")
        held = self.decide("speak", event["player"])
        if self._dealing() and event["player"] not in game.deal.spoke:
            game.deal.spoke.append(event["player"])
        self.act(held)

    def on_point_out(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("point_out")
        held = self.decide("point_out", event["player"])
        game.deal.pointed_out.append((event["issue"], event.get("about") or event["player"]))
        self.act(held)

    # --- raising the cards, the say ------------------------------------------------
    def on_lift(self, event: Mapping[str, Any]) -> None:
        self.require_game("lift")
        held = self.decide("lift", event["player"])
        self.act(held + self.raise_hand(event["player"]))

    def raise_hand(self, player: str) -> list[Decision]:
        """A player first raises his dealt cards, or (after his draw) the cards drawn: the
        `raise_hand` moment's checks, decided now on the state before the act that raises
        them and applied with that act's own (a bet that raises a foul hand is one finding,
        the foul hand's, and the bet is recorded before the hand is found foul)."""
        hand = self.board.playing.deal.hands[player]
        drawn = has_drawn(self.board, player)
        if (hand.drawn_lifted if drawn else hand.lifted):
            return []
        held = self.decide("raise_hand", player)
        if drawn:
            hand.drawn_lifted = True
        else:
            hand.lifted = True
        return held

    def open_say(self) -> None:
        game = self.board.playing
        order = self.board.required("say_order")
        game.phase = Phase.SAY
        game.say = Round(self.seating_round(order.value))
        game.say_staked = False
        # What the first in turn must meet: the ante's or the last straddle's stake (in a
        # jack-pot none). A stake made before the cards were dealt is an act out of turn,
        # held as early until its turn.
        game.preceding = max([game.ante or 0, *(amount for _, amount in game.straddles)])

    def seating_round(self, order: Mapping[str, Any]) -> list[str]:
        """A round's order of seats, from the setting's `first` to its `last`."""
        first = self.board.person(order.get("first"))
        last = self.board.person(order.get("last"))
        if first not in self.board.seating:  # a club's order may name one who is not there (`{left_of: opener}`)
            raise self.board.refused("the order in force names no player to begin this round")
        ring = self.board.seating.round_from(first)
        return ring[: ring.index(last) + 1] if last in ring else ring

    def on_open(self, event: Mapping[str, Any]) -> None:
        self.betting_act(event)

    def on_play(self, event: Mapping[str, Any]) -> None:
        self.betting_act(event)

    def on_pass(self, event: Mapping[str, Any]) -> None:
        self.betting_act(event)

    def betting_act(self, event: Mapping[str, Any]) -> None:
        game = self.require_game(event["type"])
        player, kind = event["player"], event["type"]
        if game.phase == Phase.BEFORE_DEAL:
            self.say_before_the_deal(player, kind, event)
            return
        if game.phase == Phase.DRAW and player in game.still_in and self.betting_begins(player, event):
            self.open_betting()
        raised = self.raise_hand(player)
        if game.phase == Phase.BETTING:
            game.bettors.add(player)
        in_turn = self.take_turns_to(player)
        held = raised + self.decide(kind, player)
        taking_part = act_possible(self.board, kind, player)
        if kind == "pass":
            if player in game.still_in:
                self.board.retire(player, passed=True)
        elif not taking_part:
            self.late_stake(player, event["stake"])
        else:
            if "cards" in event and kind == "open":
                game.opener_cards = [parse_card(c) for c in event["cards"]]
            if kind == "open" and game.opener is None:
                game.opener = player
            self.record_stake(player, event["stake"], in_turn)
        self.act(held)
        if taking_part or (kind == "pass" and not game.resolved):
            self.after_act(player, in_turn, staked=kind != "pass")

    def say_before_the_deal(self, player: str, kind: str, event: Mapping[str, Any]) -> None:
        """A say before the cards are dealt (in a new game, or between a misdeal and the new
        deal) is a say out of turn: a stake stands as the player's stake and is held as
        early, so that in the say of the deal to come his turn is judged by it, as for any
        act out of turn; a pass is a statement of intent and changes nothing."""
        game = self.board.playing
        held = self.decide(kind, player)
        if kind != "pass" and player in game.still_in:
            if kind == "open" and game.opener is None:
                game.opener = player
            self.stake(player, event["stake"], "stake")
            game.early[player] = game.stakes[player]
        self.act(held)

    def late_stake(self, player: str, stake: int) -> None:
        """A stake when none can come (a player out, the betting closed, the pool taken):
        it stands, its counters go to the pool while there is one, and nothing else changes."""
        game = self.board.playing
        before = max(game.stakes[player], game.late.get(player, 0))
        if stake > before and not game.resolved:
            game.late[player] = stake
            self.board.pay(player, POOL, stake - before, "stake", cited_as="late_stake")

    def record_stake(self, player: str, stake: int, in_turn: bool) -> None:
        """A stake recorded; in the betting, one made in turn may be a stand, and one that
        meets the preceding stake in turn may be the one that makes the stakes equal (an
        early stake does so only when its turn comes: `pass_turn`)."""
        game = self.board.playing
        if game.phase == Phase.BETTING and in_turn:
            if stake > game.stakes[player]:
                game.stood.discard(player)
            elif stake == game.stakes[player] == game.preceding:
                game.stood.add(player)
                game.last_stood = player
            if stake >= game.preceding:
                game.last_to_equal = player
        self.stake(player, stake, "stake")

    def take_turns_to(self, player: str) -> bool:
        """Is this player's act in turn? If he may act in turn only once the turns of early
        actors before him pass, they pass now, before his act is judged."""
        chain = self.board.turns.chain()
        if player not in chain:
            return False
        for passed in chain[: chain.index(player)]:
            self.pass_turn(passed)
        return True

    def pass_turn(self, player: str) -> None:
        """An early actor's turn passes without an act: his early stake counts from now,
        and is judged now as a stake made at his turn would be (the `turn_passes` moment)."""
        game = self.board.playing
        self.act(self.decide("turn_passes", player))
        if game.phase == Phase.BETTING and game.stakes[player] >= game.preceding:
            game.last_to_equal = player
        turns.take_turn(game, self.board.seating, player)

    def after_act(self, player: str, in_turn: bool, staked: bool) -> None:
        """The turn after a say or a bet: it moves on from one who acted in turn, and stays
        where it was for one who acted out of turn (his stake is held as early)."""
        game = self.board.playing
        if game.resolved:
            return
        if len(game.still_in) == 1 and not game.all_in and game.opener:
            self.win_uncalled()
            return
        if game.phase == Phase.SAY:
            if in_turn:
                turns.take_say_turn(game, player, staked)
            elif player in game.still_in:
                game.early[player] = game.stakes[player]
            if not game.the_say().pending(game.still_in):
                self.close_say(player)
        elif game.phase == Phase.BETTING:
            if in_turn:
                turns.take_bet_turn(game, self.board.seating, player)
                self.close_betting_if_done(player)
            elif player in turns.active(game):
                game.early[player] = game.stakes[player]

    def settle_turns(self, event: Mapping[str, Any]) -> None:
        """Before an act that belongs to a later moment (a discard, a show …), the turns
        that may pass without an act pass: the say or the betting may end here."""
        game = self.board.game
        if game is None or game.phase not in (Phase.SAY, Phase.BETTING):
            return
        betting = game.phase == Phase.BETTING
        chain = self.board.turns.chain()
        if event["type"] in BETTING_ACTS and event["player"] in game.still_in and (
                event["player"] in chain or not all(turns.optional(game, p, betting) for p in chain)):
            return  # a say or bet in this round: judged against the turn as it stands
        for player in chain:
            if not turns.optional(game, player, betting):
                break
            self.pass_turn(player)
            if betting and self.close_betting_if_done(player):
                break
        if not betting and game.say and not game.say.pending(game.still_in):
            self.close_say(game.say.done[-1] if game.say.done else game.dealer)

    def close_say(self, last: str) -> None:
        game = self.board.playing
        game.early.clear()
        self.fire("say_closed", last)
        if not game.opener:
            game.phase = Phase.OVER
            game.resolved = True
            game.outcome = Outcome.UNOPENED
            return
        if len(game.still_in) == 1:
            self.win_uncalled()
            return
        game.phase = Phase.DRAW
        order = self.board.required("draw_order")
        game.draw = Round(self.seating_round(order.value))
        game.draw.done.extend(p for p in game.draw.order if self.board.hand(p).discarded is not None)

    # --- the draw -------------------------------------------------------------------
    def on_discard(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("discard")
        player, count = event["player"], event["count"]
        hand = game.deal.hands[player]
        if count > hand.count:
            raise self.board.refused(f"{player} cannot discard {plural(count, 'card')}, "
                                     f"holding {plural(hand.count, 'card')}", f"/events/{self.board.k}/count")
        held = self.decide("discard", player)
        if not act_possible(self.board, "discard", player) or player in game.forfeited_draw:
            self.act(held)  # it stands as an irregularity and changes nothing else
            return
        skipped: list[str] = []
        if game.phase == Phase.DRAW and player in game.still_in and player not in game.the_draw().done:
            pending = game.the_draw().pending(game.still_in)
            skipped = pending[: pending.index(player)] if player in pending else []
        hand.discarded = (hand.discarded or 0) + count
        hand.count -= count
        hand.discards.extend(self.board.parsed_cards)
        for card in self.board.parsed_cards:
            if card in hand.cards:
                hand.cards.remove(card)
            game.deal.in_play[card] = "discards"
        while len(hand.cards) > hand.count:
            hand.cards.remove(None) if None in hand.cards else hand.cards.pop()
        game.deal.uncollected += count
        if game.draw is not None and player not in game.the_draw().done:
            game.draw.done.append(player)
        self.act(held)
        for passed_over in skipped:  # the turn to draw moves past them: they forfeit their draw
            self.fire("draw_turn_passed", passed_over)
            game.the_draw().done.append(passed_over)

    def on_demand(self, event: Mapping[str, Any]) -> None:
        hand = self.require_hand(event["player"])
        held = self.decide("demand", event["player"])
        if not act_possible(self.board, "demand", event["player"]):
            self.act(held)
            return
        hand.demanded = event["count"]
        self.act(held)
        self.demand_known(event["player"])

    def demand_known(self, player: str) -> None:
        self.fire("demand_known", player)
        if self.board.hand(player).supplied:
            self.fire("demand_settled", player)

    def on_give(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("give")
        player = event["to"]
        hand = game.deal.hands[player]
        held = self.decide("give", player)
        if not act_possible(self.board, "give", player):
            self.act(held)
            return
        if hand.discarded is None:  # given cards without discarding: he discarded none
            hand.discarded = 0
            if game.draw is not None and player not in game.the_draw().done:
                game.draw.done.append(player)
        exposed = event.get("exposed") or 0
        kept = max(event["count"] - exposed, 0)
        if hand.count + kept > self.board.parameters["pack_size"]:
            pack = self.board.parameters["pack_size"]
            raise self.board.refused(f"{player} would hold more cards than the pack of {pack} holds")
        hand.count += kept
        hand.given += kept
        hand.supplied = True
        hand.owed = max(hand.owed - kept, 0)
        kept_cards = self.board.parsed_cards[:kept] if self.board.parsed_cards else []
        hand.cards.extend(kept_cards + [None] * (kept - len(kept_cards)))
        for card in kept_cards:
            game.deal.in_play[card] = player
        game.deal.pack_remaining -= kept
        if player == game.dealer:
            game.dealer_drew = hand.given
        self.act(held)
        self.fire("supplied", player)
        if hand.demanded is not None:
            self.fire("demand_settled", player)

    def on_collect_discards(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("collect_discards")
        held = self.decide("collect_discards", game.dealer)
        game.deal.pack_remaining += game.deal.uncollected
        game.deal.uncollected = 0
        game.deal.in_play = {c: h for c, h in game.deal.in_play.items() if h != "discards"}
        game.deal.remaking = {"shuffle", "cut"}  # the pack made up is shuffled and cut before it is dealt from
        self.act(held)

    def on_dispute(self, event: Mapping[str, Any]) -> None:
        self.require_hand(event["player"])
        self.act(self.decide("dispute", event["player"]))
        self.demand_known(event["player"])

    def on_ask_dealer(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("ask_dealer")
        held = self.decide("ask_dealer", event["player"])
        self.board.last_asker = event["player"]
        game.asked.add(event["player"])
        self.act(held)

    def on_dealer_answer(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("dealer_answer")
        self.act(self.decide("dealer_answer", game.dealer))
        self.board.last_asker = None

    def on_dealer_tells(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("dealer_tells")
        self.act(self.decide("dealer_tells", game.dealer))

    def on_divulge(self, event: Mapping[str, Any]) -> None:
        self.require_game("divulge")
        self.act(self.decide("divulge", event["player"]))

    def on_add_counters(self, event: Mapping[str, Any]) -> None:
        """Counters a player brings to the table: they join his stack, or, under table stakes
        while a game is in play, they are the next game's (A5)."""
        board = self.board
        if board.ledger.stacks is None:
            raise board.refused("counters are added to a stack, and the log gives none (table.stacks)")
        player, amount = event["player"], event["amount"]
        held = self.decide("add_counters", player)
        if board.parameters["table_stakes"] and board.game is not None and board.game.phase != Phase.OVER:
            board.held_over[player] = board.held_over.get(player, 0) + amount
        else:
            board.ledger.add(player, amount)
        self.act(held)

    def on_take_back(self, event: Mapping[str, Any]) -> None:
        self.require_game("take_back")
        self.act(self.decide("take_back", event["player"]))

    # --- betting after the draw -------------------------------------------------------
    def betting_begins(self, player: str, event: Mapping[str, Any]) -> bool:
        """Does this act end the draw? Yes once all have drawn, or when a player who has had
        his draw bets other than to make good his stake (those yet to draw are passed over)."""
        game = self.board.playing
        pending = game.the_draw().pending(game.still_in)
        if not pending:
            return True
        if player in pending or event["type"] == "pass":
            return False
        making_good = game.stakes[player] < game.highest_stake() and event.get("stake", 0) <= game.highest_stake()
        if making_good:
            return False
        for skipped in pending:
            self.fire("draw_turn_passed", skipped)
            game.the_draw().done.append(skipped)
        return True

    def open_betting(self) -> None:
        game = self.board.playing
        game.phase = Phase.BETTING
        game.bet_turn = self.board.turns.first_bettor()
        game.acted_since_raise = set()
        game.preceding = game.highest_stake()
        game.early = {}

    def close_betting_if_done(self, last: str) -> bool:
        """The betting ends when the stakes are equal and every player still betting has
        acted since the last increase: the hands are shown."""
        game = self.board.playing
        if not turns.betting_closes(game, game.preceding, game.acted_since_raise):
            return False
        game.phase = Phase.SHOW
        game.bet_turn = None
        if game.stood >= turns.active(game):
            game.last_to_equal = last
        return True

    def on_demand_show(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("demand_show")
        player = event["player"]
        if game.phase == Phase.DRAW and not game.the_draw().pending(game.still_in):
            self.open_betting()
        raised = self.raise_hand(player)
        in_turn = self.take_turns_to(player)
        held = raised + self.decide("demand_show", player)
        if not act_possible(self.board, "demand_show", player):
            self.late_stake(player, event["stake"])
            self.act(held)
            return
        in_game, out = set(game.still_in), set(self.board.seating.players) - game.still_in
        self.stake(player, event["stake"], "stake")
        # the sum shown for: his stake, or less where he had not the counters for it (table stakes, A5)
        game.all_in[player] = {"stake": min(event["stake"], game.stakes[player]), "in_game": in_game, "out": out}
        self.act(held)
        if game.phase == Phase.BETTING:
            if in_turn:
                turns.take_bet_turn(game, self.board.seating, player)
            game.early.pop(player, None)
            self.close_betting_if_done(player)

    # --- the show and the pool -------------------------------------------------------
    def on_show(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("show")
        player = event["player"]
        held = self.decide("show", player)
        if not act_possible(self.board, "show", player):
            self.act(held)
            return
        game.shown[player] = list(self.board.parsed_cards[: len(event["cards"])])
        if "original" in event:
            game.originals[player] = [parse_card(c) for c in event["original"]]
        self.act(held)
        contenders = game.still_in
        if not game.resolved and game.phase == Phase.SHOW and contenders and all(p in game.shown for p in contenders):
            self.resolve_show()
        elif player == game.opener:
            self.settle_pending_claim()

    def on_win(self, event: Mapping[str, Any]) -> None:
        game = self.require_game("win")
        self.settle_pending_claim()
        if not game.resolved:
            if game.phase == Phase.SHOW and any(p in game.shown for p in game.still_in):
                self.resolve_show()
            elif game.opener:
                self.pay_winners([event["player"]], Outcome.WIN_RECORDED)
        self.act(self.decide("win", event["player"]))

    def win_uncalled(self) -> None:
        self.pay_winners(sorted(self.board.playing.still_in), Outcome.UNCALLED)

    def resolve_show(self) -> None:
        game = self.board.playing
        per_hand = self.board.parameters["cards_per_hand"]
        contenders = {}
        for player in self.board.seating.round_from(self.board.seating.left_of(game.dealer)):
            cards = game.shown.get(player)
            if player in game.still_in and cards and len(cards) == per_hand and self._valued(cards):
                contenders[player] = cards
        if contenders:
            best = hands.winners(contenders, self.board.hand_rules)
            self.pay_winners(best, Outcome.SHARED if len(best) > 1 else Outcome.SHOW, contenders)

    def _valued(self, cards: list[int]) -> bool:
        """Can the hand be valued? Not with a card twice, or a joker the house does not admit (L1)."""
        try:
            hands.evaluate(cards, self.board.hand_rules)
        except ValueError:
            return False
        return True

    def pay_winners(self, winners: list[str], how: Outcome, shown: Mapping[str, list[int]] | None = None) -> None:
        game = self.board.playing
        key = self.board.seating.order_key(self.board.seating.left_of(game.dealer))
        winners = sorted(winners, key=key)
        game.resolved = True
        game.winners = list(winners)
        game.phase = Phase.OVER if how == Outcome.UNCALLED else game.phase
        if game.jackpot and game.opener in winners and not hand_known(self.board, game.opener):
            game.pending_claim = (winners, how, dict(shown or {}))
            return
        self.claim(winners, how, shown or {})

    def settle_pending_claim(self) -> None:
        """A jack-pot opener's claim waits for his hand to be shown (law 33): settle it now."""
        pending = self.board.playing.pending_claim
        if pending is not None:
            self.board.playing.pending_claim = None
            self.claim(*pending)

    def claim(self, winners: list[str], how: Outcome, shown: Mapping[str, list[int]]) -> None:
        game = self.board.playing
        key = self.board.seating.order_key(self.board.seating.left_of(game.dealer))
        self.fire("game_won", winners[0])
        if game.claim_blocked:
            game.outcome = Outcome.NOT_CLAIMED
            game.winners = []
            game.phase = Phase.OVER
            return
        game.outcome = how
        odd = self.board.setting("share_odd_counters")  # without it, in the order the players are seated
        named = self.board.person(odd.value["from"]) if odd else None
        start = named if isinstance(named, str) and named in self.board.seating else self.board.seating.players[0]
        shares = share_pool(self.board.ledger.pool, winners, game, shown, self.board.hand_rules,
                            self.board.seating.order_key(start), lambda p: refundable_of(self.board, p))
        for player, (amount, kind) in shares.items():
            self.board.paying_how = kind
            rule = self.board.ledger_rule("win")
            self.board.ledger.move(game.number, self.board.k, POOL, player, amount, rule, "win")
        self.board.paying_how = None
        game.winners = sorted(shares, key=key)
        game.phase = Phase.OVER

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
    def end_game(self) -> None:
        game = self.board.playing
        session = self.board.session
        if game.pending_claim is not None:
            current, self.board.k = self.board.k, game.last_event
            self.settle_pending_claim()
            self.board.k = current
        complete = game.resolved
        session.next_dealer, _ = self.board.setting_person("next_dealer")
        session.next_jackpot = game.next_jackpot if complete else None
        next_game = {"dealer": session.next_dealer, "jackpot": game.next_jackpot}
        session.carried = self.board.ledger.pool
        self.games_report.append({
            "game": game.number,
            "dealer": game.dealer,
            "deals": len(game.deals),
            "jackpot": game.jackpot,
            "opened_by": game.opener,
            "winners": list(game.winners),
            "pool": game.pool_start + game.paid_in,
            "complete": bool(complete),
            "next": next_game if complete else None,
            **self.stacks_after(),
        })

    def stacks_after(self) -> dict[str, Any]:
        """Where the log gives the players' stacks: each one's after the game (the counters he
        added during it, held over under table stakes, joined), and what anyone borrowed in it."""
        ledger = self.board.ledger
        if ledger.stacks is None:
            return {}
        for player, amount in self.board.held_over.items():
            ledger.add(player, amount)
        self.board.held_over.clear()
        after: dict[str, Any] = {"stacks": {p: ledger.stacks[p] for p in self.board.seating.players}}
        if ledger.borrowed:
            after["borrowed"] = {p: ledger.borrowed[p] for p in self.board.seating.players if p in ledger.borrowed}
            ledger.borrowed = {}
        return after



# Each event type's handler, looked up once: the replay calls `HANDLERS[type](replay, event)`.
HANDLERS: Mapping[str, Callable[[Replay, Mapping[str, Any]], None]] = {
    kind: getattr(Replay, "on_" + kind) for kind in EVENT_TYPES}

def event_cards(event: Mapping[str, Any]) -> list[int]:
    """The cards an event names, parsed (the schema has checked their spelling)."""
    if "card" in event and event["card"] is not None:
        return [parse_card(event["card"])]
    cards = event.get("cards")
    if cards:
        return [parse_card(c) for c in cards]
    if event.get("type") == "dealt":
        return [parse_card(c) for hand in event["hands"].values() if isinstance(hand, list) for c in hand]
    return []


def draw_value(card: int, ace_low: bool) -> int:
    """A card's value in the draw for the deal (law 2 has the ace lowest)."""
    rank = card // 4
    return (rank + 1) % 13 if ace_low else rank


def lowest_drawers(drawn: Mapping[str, int]) -> list[str]:
    low = min(drawn.values())
    return [p for p, value in drawn.items() if value == low]
