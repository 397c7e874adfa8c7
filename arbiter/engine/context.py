"""The words of the vocabulary, answered from the replay state.

`ReplayContext` is what a rule's condition sees: persons (`dealer`, `ante_player` …),
numbers (`highest_stake`, `limit` …), facts (`deal_finished`, `jackpot` …), functions
(`stake_of`, `left_of` …) and predicates (`in_game`, `pointed_out` …). Each word is
general: many rules use it, and none of them is a law.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from arbiter import hands
from arbiter.cards import JOKER, parse_card
from arbiter.engine import turns
from arbiter.engine.compiled import CompiledRules
from arbiter.engine.expressions import Binding, shared_value
from arbiter.engine.ledger import Ledger
from arbiter.engine.state import Game, Hand, Outcome, Session
from arbiter.errors import ReplayError
from arbiter.rulebook.vocabulary import DEFINES
from arbiter.seats import Seating

STAKES = frozenset({"open", "play", "demand_show"})


class ReplayContext:
    """The replay state seen through the vocabulary (rules/README.md)."""

    seating: Seating
    session: Session
    parameters: Mapping[str, Any]
    limit: int
    table_ante: int
    event: Mapping[str, Any]
    actor: str | None
    candidate: str | None
    hand_rules: hands.HandRules
    rules: CompiledRules
    ledger: Ledger
    parsed_cards: list[int]  # the cards the event names
    last_asker: str | None  # the last to ask the dealer what he drew
    expected_dealer: str | None
    witness: str | None  # law 46's witness, once found
    each: str | None  # the player a `for_each` check is at
    paying_how: Outcome | None  # while the pool is paid: how it was won
    game: Game | None  # the game in play (the session's last), kept as an attribute: it is read at every turn

    k: int  # the index of the event being replayed
    pronouns: Mapping[str, str] | None  # the log's `table.pronouns`, for the summaries' words

    @property
    def playing(self) -> Game:
        """The game in play, where the log must have begun one."""
        if self.game is None:
            raise self.refused("no deal has begun: a deal event must come first")
        return self.game

    def refused(self, missing: str, path: str | None = None) -> ReplayError:
        """A log this event makes impossible to replay, said in plain words: the event's
        index, its type, the player, and what is missing."""
        event = self.event
        who = event.get("player") or event.get("to") or event.get("dealer")
        act = f"{event.get('type', 'event')} by {who}" if who else event.get("type", "event")
        return ReplayError(f"event {self.k} ({act}): {missing}", self.k, path)

    def setting(self, name: str, **match: Any) -> dict[str, Any] | None:
        found = self.rules.setting(name, self, match or None)
        return dict(found.value, _rule=found.rule) if found else None

    def required(self, name: str) -> dict[str, Any]:
        """A procedure setting the game cannot go on without (the order of the say, of the
        draw …): a house file that switches off every law defining it stops the replay."""
        found = self.setting(name)
        if found is None:
            raise self.refused(f"no law in force sets {DEFINES[name]} (a house file switched it off)")
        return found

    def setting_person(self, name: str, required: bool = False) -> tuple[str | None, str | None]:
        """The person a setting such as `ante_by: {left_of: dealer}` names, and its rule."""
        found = self.rules.setting(name, self)
        if found is None:
            if required:
                self.required(name)
            return None, None
        return self.person(found.value), found.rule

    def person(self, spec: Any) -> Any:
        """A person (or number) named by a setting: `{left_of: dealer}`, `ante_player` …"""
        return shared_value(spec, BINDING)(self) if spec is not None else None

    # --- the Context protocol -------------------------------------------------
    def word(self, name: str) -> Any:
        return WORDS[name](self)

    def apply(self, function: str, argument: Any) -> Any:
        return FUNCTIONS[function](self, argument)

    def test(self, predicate: str, argument: Any) -> bool:
        return bool(PREDICATES[predicate](self, argument))

    def param(self, name: str) -> Any:
        return self.parameters[name]

    # --- helpers --------------------------------------------------------------
    def _in_deal(self) -> bool:
        return bool(self.game and self.playing.deals)

    def _hand(self, player: str) -> Hand:
        return self.playing.deal.hands[player]

    def _ante(self) -> int:
        game = self.game
        if game is None or game.jackpot or game.ante is None:
            return self.table_ante
        return game.ante

    def _expected_straddle(self) -> int:
        straddles = self.playing.straddles
        first: int = self.parameters["first_straddle_multiple_of_ante"]
        more: int = self.parameters["straddle_increase_antes"]
        return straddles[-1][1] + more * self._ante() if straddles else first * self._ante()

    def _opening_base(self) -> int | None:
        setting = self.setting("opening_base")
        return self.person(setting["value"]) if setting else None

    def _all_stood(self) -> bool:
        game = self.playing
        active = {p for p in game.still_in if p not in game.all_in}
        return bool(active) and active <= game.stood

    def _pack_cannot_supply(self) -> bool:
        deal = self.playing.deal
        owed = sum(max((h.demanded if h.demanded is not None else h.discarded) - h.given, 0) + h.owed
                   for h in deal.hands.values() if h.discarded is not None)
        return deal.pack_remaining < owed

    def _demanded_by(self, player: str) -> int | None:
        hand = self._hand(player)
        return hand.demanded if hand.demanded is not None else hand.discarded

    def _refundable_of(self, player: str) -> int:
        game = self.playing
        if game.jackpot:
            return game.antes_paid.get(player, 0)
        if player == game.ante_staker and game.ante is not None:
            own = [amount for who, amount in game.straddles if who == player]
            return own[-1] if own else game.ante
        own = [amount for who, amount in game.straddles if who == player]
        return own[-1] if own else 0

    def _hand_of(self, player: str) -> str | None:
        cards = self.playing.shown.get(player)
        if not cards or len(cards) != self.parameters["cards_per_hand"]:
            return None
        try:
            return hands.hand_class(hands.evaluate(cards, self.hand_rules))
        except ValueError:
            return None

    def _lifted(self, player: str) -> bool:
        hand = self._hand(player)
        return hand.drawn_lifted if self._has_drawn(player) else hand.lifted

    def _has_drawn(self, player: str) -> bool:
        return self._hand(player).discarded is not None or player in self.playing.forfeited_draw

    def _out_of_turn(self, round_name: str) -> bool:
        if round_name in ("say", "bet"):
            return self.actor not in self.turn_chain()
        if round_name == "straddle":
            return self.actor not in self.straddle_turns()
        return self.actor != self.turn_of(round_name)

    def straddle_turns(self) -> list[str]:
        """Who may straddle in turn now, by the rules' `straddle_order`: its first player
        (No. 1, left of the ante), whose refusal ends the straddling; after a straddle, any
        player from the last straddler's left up to the order's last (the dealer). Those a
        straddle passes over may not straddle afterwards."""
        order = self.setting("straddle_order")
        if order is None:
            return []
        game = self.playing
        if not game.straddles:
            first = self.person(order["first"])
            return [first] if first else []
        last, due = self.person(order.get("last")), []
        straddler = game.straddles[-1][0]
        if straddler == last:
            return []
        for player in self.seating.going_left_from(straddler):
            due.append(player)
            if player == last:
                break
        return due

    def first_bettor(self) -> str | None:
        """Who bets first after the draw, by the rules' `bet_order`."""
        first = self.person(self.required("bet_order")["first"])
        return turns.next_bettor(self.playing, self.seating, first, include_self=True)

    def show_due(self) -> list[str]:
        """The hands still due at the show, in the order the rules' `show_order` sets."""
        game = self.playing
        order = self.setting("show_order")  # without it, in the order the players are seated
        first = self.person(order["first"]) if order else None
        ring = self.seating.round_from(first or self.seating.players[0])
        return [p for p in ring if p in game.still_in and p not in game.shown]

    def turn_chain(self) -> list[str]:
        """Who may act in turn now in the say or the betting (engine/turns.py)."""
        game = self.game
        if game is None:
            return []
        if game.phase == "say":
            return turns.say_chain(game)
        if game.phase == "betting":
            return turns.bet_chain(game, self.seating)
        return []

    def turn_of(self, round_name: str) -> str | None:
        """Whose turn it is in a round: `deal`, `straddle`, `say`, `draw`, `bet`."""
        game = self.playing
        if round_name == "say":
            return game.say.next(game.still_in) if game.say else None
        if round_name == "draw":
            return game.draw.next(game.still_in) if game.draw else None
        if round_name == "bet":
            return turns.bet_pointer(game, self.seating)
        if round_name == "deal":
            deal = game.deal
            if deal.last_to is None:
                order = self.setting("deal_order")
                return self.person(order["first"]) if order else None
            return self.seating.left_of(deal.last_to)
        if round_name == "show":
            due = self.show_due()
            return due[0] if due else None
        if round_name == "straddle":
            due = self.straddle_turns()
            return due[0] if due else None
        raise ValueError(f"unknown round {round_name!r}")

    def original_hand(self, player: str) -> list[int] | None:
        """His hand before the draw: shown as `original`, named when opening, or dealt."""
        game = self.playing
        if player in game.originals:
            return game.originals[player]
        if player == game.opener and game.opener_cards:
            return game.opener_cards
        if self.event.get("type") == "open" and self.event.get("player") == player and self.event.get("cards"):
            return [parse_card(c) for c in self.event["cards"]]
        dealt = self._hand(player).original
        known = [card for card in dealt if card is not None]
        if len(known) == len(dealt) == self.parameters["cards_per_hand"]:
            return known
        return None

    def _hand_known(self, player: str) -> bool:
        return player is not None and self.original_hand(player) is not None

    def _hand_at_least(self, args: Mapping[str, Any]) -> bool:
        cards = self.original_hand(args["player"])
        minimum = args["minimum"]
        if cards is None or minimum is None:
            return True
        try:
            return hands.meets_minimum(cards, minimum, self.hand_rules)
        except ValueError:
            return False

    def _card_not_in_pack(self) -> bool:
        """A joker the house does not admit; at a show, not one already judged when it
        was dealt to the player showing it (one bad card, one finding)."""
        if self.parameters.get("joker") or JOKER not in self.parsed_cards:
            return False
        held_by = self.playing.deal.in_play.get(JOKER) if self.game and self.playing.deal else None
        return not (self.event.get("type") == "show" and held_by == self.actor)

    def _card_seen_twice(self) -> bool:
        if not self._in_deal():
            return False
        holders = self.playing.deal.in_play
        own = self.actor if self.event.get("type") == "show" else None
        cards = [c for c in self.parsed_cards if c != JOKER]
        return any(holders.get(c, own) != own for c in cards) or len(set(cards)) != len(cards)

    def act_possible(self, kind: str, player: str | None) -> bool:
        """Can this act come now? Only where a round in force accepts it (the rules'
        `round_acts`); a stake only from a player still in. An act no setting names
        belongs to no round and can always come."""
        game = self.game
        phases = self.rules.accepting_phases(kind, self)
        if phases is None:
            return True
        return game is not None and game.phase in phases and (kind not in STAKES or player in game.still_in)

    def _dealer_answer_wrong(self) -> bool:
        game = self.playing
        asker = self.last_asker
        if asker is None or asker in game.need_not_answer or game.dealer_drew is None:
            return False
        return self.event.get("count") != game.dealer_drew


# The vocabulary's words, functions and predicates, each a function of the context: the
# compiler binds a rule's condition straight to them (`BINDING`), so a check costs a call
# per word, not a lookup by name.
WORDS: dict[str, Callable[[ReplayContext], Any]] = {
    # persons
    "actor": lambda c: c.actor,
    "dealer": lambda c: c.playing.dealer if c.game else None,
    "ante_player": lambda c: c.playing.ante_player if c.game else None,
    "last_straddler": lambda c: c.playing.straddles[-1][0] if c.game and c.playing.straddles else None,
    "opener": lambda c: c.playing.opener if c.game else None,
    "speaker": lambda c: c.playing.deal.spoke[0] if c._in_deal() and c.playing.deal.spoke else None,
    "expected_dealer": lambda c: c.expected_dealer,
    "disputant": lambda c: c.event.get("player") if c.event.get("type") == "dispute" else c.actor,
    "witness": lambda c: c.witness,
    "candidate": lambda c: c.candidate,
    "pool": lambda c: "pool",
    "subject": lambda c: c.event.get("about") or c.event.get("player"),
    "last_to_equal": lambda c: c.playing.last_to_equal if c.game else None,
    "winners": lambda c: list(c.playing.winners) if c.game else [],
    "ante_staker": lambda c: (c.playing.ante_staker or c.playing.ante_player) if c.game else None,
    "each": lambda c: c.each,
    "last_to_stand": lambda c: c.playing.last_stood if c.game else None,
    "asker": lambda c: c.last_asker,
    "disputants": lambda c: [c.event.get("player"), c.playing.dealer] if c.game else [],
    "due_cutter": lambda c: c.setting_person("cut_by")[0],
    # numbers
    "limit": lambda c: c.limit,
    "table_ante": lambda c: c.table_ante,
    "ante": ReplayContext._ante,
    "last_straddle": lambda c: c.playing.straddles[-1][1] if c.game and c.playing.straddles else 0,
    "straddle_count": lambda c: len(c.playing.straddles) if c.game else 0,
    "expected_straddle": ReplayContext._expected_straddle,
    "highest_stake": lambda c: c.playing.highest_stake() if c.game else 0,
    "preceding_stake": lambda c: (c.playing.preceding if c.playing.phase in ("say", "betting") else c.playing.highest)
    if c.game else 0,
    "increase": lambda c: (c.event.get("stake") or 0) - c.playing.highest_stake(),
    "opening_base": ReplayContext._opening_base,
    "jackpot_number": lambda c: (c.playing.jackpot or {}).get("number", 0) if c.game else 0,
    "pool_total": lambda c: c.ledger.pool,
    "pack_remaining": lambda c: c.playing.deal.pack_remaining if c._in_deal() else None,
    "dealer_drew": lambda c: c.playing.dealer_drew if c.game else None,
    "jackpot_minimum": lambda c: (c.playing.jackpot or {}).get("openers") if c.game else None,
    # facts
    "deal_finished": lambda c: c._in_deal() and c.playing.deal.finished,
    "jackpot": lambda c: bool(c.game and c.playing.jackpot),
    "straddled": lambda c: bool(c.game and c.playing.straddles),
    "ante_staked": lambda c: bool(c.game and c.playing.ante is not None),
    "cut_done": lambda c: c._in_deal() and c.playing.deal.cut_by is not None,
    "dealer_shuffled": lambda c: c._in_deal() and any(
        s["player"] == c.playing.dealer for s in c.playing.deal.shuffles),
    "opened": lambda c: bool(c.game and c.playing.opener),
    "misdealt": lambda c: c._in_deal() and c.playing.deal.misdealt,
    "redeal": lambda c: c._in_deal() and c.playing.deal.redeal,
    "first_game": lambda c: c.session.games_begun <= 1,
    "pack_short": lambda c: c._in_deal() and (c.event.get("count") or 0) > c.playing.deal.pack_remaining,
    "collected_in_turn": lambda c: bool(c.game and c.playing.draw
                                      and not c.playing.draw.pending(c.playing.still_in)),
    "dealer_answer_wrong": ReplayContext._dealer_answer_wrong,
    "face_up": lambda c: bool(c.event.get("face_up")),
    "below_table": lambda c: bool(c.event.get("below_table")),
    "exposed": lambda c: bool(c.event.get("exposed")),
    "all_stood": ReplayContext._all_stood,
    "winner_decided": lambda c: bool(c.game and c.playing.resolved and c.playing.outcome
                                   not in (None, "unopened", "win_recorded")),
    "pack_cannot_supply": ReplayContext._pack_cannot_supply,
    "show_for_sum": lambda c: c.paying_how == "show_for_sum",
    "pool_shared": lambda c: c.paying_how == "shared",
    "act_possible": lambda c: c.act_possible(c.event.get("type", ""), c.actor),
    "pool_taken": lambda c: bool(c.game and c.playing.resolved and c.playing.outcome != "unopened"),
    "won_uncalled": lambda c: bool(c.game and c.playing.outcome == "uncalled"),
}

FUNCTIONS: dict[str, Callable[[ReplayContext, Any], Any]] = {
    "left_of": lambda c, p: c.seating.left_of(p),
    "right_of": lambda c, p: c.seating.right_of(p),
    "stake_of": lambda c, p: c.playing.stakes.get(p, 0),
    "hand_size_of": lambda c, p: c._hand(p).count,
    "discard_of": lambda c, p: c._hand(p).discarded,
    "demanded_by": ReplayContext._demanded_by,
    "given_to": lambda c, p: c._hand(p).given,
    "refundable_of": ReplayContext._refundable_of,
    "hand_of": ReplayContext._hand_of,
    "count_of": lambda c, items: len(items),
}

PREDICATES: dict[str, Callable[[ReplayContext, Any], Any]] = {
    "is_set": lambda c, v: v is not None,
    "in": lambda c, args: args[0] in (args[1] or ()),
    "in_game": lambda c, p: p in c.playing.still_in,
    "foul": lambda c, p: p in c.playing.foul,
    "lifted": ReplayContext._lifted,
    "has_drawn": ReplayContext._has_drawn,
    "bet_after_draw": lambda c, p: p in c.playing.bettors,
    "pointed_out": lambda c, a: (a["issue"], a["about"]) in c.playing.deal.pointed_out,
    "spoke": lambda c, p: p in c.playing.deal.spoke,
    "phase": lambda c, name: c.playing.phase == name if c.game else name == "before_deal",
    "out_of_turn": ReplayContext._out_of_turn,
    "hand_known": ReplayContext._hand_known,
    "hand_at_least": ReplayContext._hand_at_least,
    "card_not_in_pack": lambda c, _: c._card_not_in_pack(),
    "card_seen_twice": lambda c, _: c._card_seen_twice(),
    "redeal_after": lambda c, rule: c._in_deal() and c.playing.deal.redeal and c.playing.misdeal_rule == rule,
    "stood": lambda c, p: p in c.playing.stood,
    "winner": lambda c, p: p in c.playing.winners,
}

BINDING = Binding(WORDS, FUNCTIONS, PREDICATES)
