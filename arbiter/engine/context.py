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
from arbiter.engine.state import Game, Hand, Session
from arbiter.seats import Seating


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

    def __init__(self) -> None:
        self._words: dict[str, Callable[[], Any]] = {
            # persons
            "actor": lambda: self.actor,
            "dealer": lambda: self.game.dealer if self.session.game else None,
            "ante_player": lambda: self.game.ante_player if self.session.game else None,
            "last_straddler": lambda: self.game.straddles[-1][0] if self.session.game and self.game.straddles else None,
            "opener": lambda: self.game.opener if self.session.game else None,
            "speaker": lambda: self.game.deal.spoke[0] if self._in_deal() and self.game.deal.spoke else None,
            "expected_dealer": lambda: self.expected_dealer,
            "disputant": lambda: self.event.get("player") if self.event.get("type") == "dispute" else self.actor,
            "witness": lambda: self.witness,
            "candidate": lambda: self.candidate,
            "pool": lambda: "pool",
            "subject": lambda: self.event.get("about") or self.event.get("player"),
            "last_to_equal": lambda: self.game.last_to_equal if self.session.game else None,
            "winners": lambda: list(self.game.winners) if self.session.game else [],
            "ante_staker": lambda: (self.game.ante_staker or self.game.ante_player) if self.session.game else None,
            "each": lambda: self.each,
            "last_to_stand": lambda: self.game.last_stood if self.session.game else None,
            "asker": lambda: self.last_asker,
            "disputants": lambda: [self.event.get("player"), self.game.dealer] if self.session.game else [],
            # numbers
            "limit": lambda: self.limit,
            "table_ante": lambda: self.table_ante,
            "ante": self._ante,
            "last_straddle": lambda: self.game.straddles[-1][1] if self.session.game and self.game.straddles else 0,
            "straddle_count": lambda: len(self.game.straddles) if self.session.game else 0,
            "expected_straddle": self._expected_straddle,
            "highest_stake": lambda: self.game.highest_stake() if self.session.game else 0,
            "preceding_stake": lambda: self.game.highest_stake() if self.session.game else 0,
            "increase": lambda: (self.event.get("stake") or 0) - self.game.highest_stake(),
            "opening_base": self._opening_base,
            "jackpot_number": lambda: (self.game.jackpot or {}).get("number", 0) if self.session.game else 0,
            "pool_total": lambda: self.ledger.pool,
            "pack_remaining": lambda: self.game.deal.pack_remaining if self._in_deal() else None,
            "dealer_drew": lambda: self.game.dealer_drew if self.session.game else None,
            "jackpot_minimum": lambda: (self.game.jackpot or {}).get("openers") if self.session.game else None,
            # facts
            "deal_finished": lambda: self._in_deal() and self.game.deal.finished,
            "jackpot": lambda: bool(self.session.game and self.game.jackpot),
            "straddled": lambda: bool(self.session.game and self.game.straddles),
            "ante_staked": lambda: bool(self.session.game and self.game.ante is not None),
            "cut_done": lambda: self._in_deal() and self.game.deal.cut_by is not None,
            "dealer_shuffled": lambda: self._in_deal() and any(
                s["player"] == self.game.dealer for s in self.game.deal.shuffles),
            "opened": lambda: bool(self.session.game and self.game.opener),
            "misdealt": lambda: self._in_deal() and self.game.deal.misdealt,
            "redeal": lambda: self._in_deal() and self.game.deal.redeal,
            "first_game": lambda: len(self.session.games) <= 1,
            "pack_short": lambda: self._in_deal() and (self.event.get("count") or 0) > self.game.deal.pack_remaining,
            "collected_in_turn": lambda: bool(self.session.game and self.game.draw
                                              and not self.game.draw.pending(self.game.still_in)),
            "dealer_answer_wrong": self._dealer_answer_wrong,
            "face_up": lambda: bool(self.event.get("face_up")),
            "below_table": lambda: bool(self.event.get("below_table")),
            "exposed": lambda: bool(self.event.get("exposed")),
            "all_stood": self._all_stood,
            "winner_decided": lambda: bool(self.session.game and self.game.resolved and self.game.outcome
                                           not in (None, "unopened", "win_recorded")),
            "pack_cannot_supply": self._pack_cannot_supply,
            "show_for_sum": lambda: self.paying_how == "show_for_sum",
            "pool_shared": lambda: self.paying_how == "shared",
        }
        self._functions: dict[str, Callable[[Any], Any]] = {
            "left_of": self.seating.left_of,
            "right_of": self.seating.right_of,
            "stake_of": lambda p: self.game.stakes.get(p, 0),
            "hand_size_of": lambda p: self._hand(p).count,
            "discard_of": lambda p: self._hand(p).discarded,
            "demanded_by": self._demanded_by,
            "given_to": lambda p: self._hand(p).given,
            "refundable_of": self._refundable_of,
            "hand_of": self._hand_of,
            "count_of": len,
        }
        self._predicates: dict[str, Callable[[Any], bool]] = {
            "is_set": lambda v: v is not None,
            "in": lambda args: args[0] in (args[1] or ()),
            "in_game": lambda p: p in self.game.still_in,
            "foul": lambda p: p in self.game.foul,
            "lifted": self._lifted,
            "has_drawn": self._has_drawn,
            "bet_after_draw": lambda p: p in self.game.bettors,
            "pointed_out": lambda a: (a["issue"], a["about"]) in self.game.deal.pointed_out,
            "spoke": lambda p: p in self.game.deal.spoke,
            "phase": lambda name: self.game.phase == name if self.session.game else name == "before_deal",
            "out_of_turn": self._out_of_turn,
            "hand_known": self._hand_known,
            "hand_at_least": self._hand_at_least,
            "card_not_in_pack": lambda _: self._card_not_in_pack(),
            "card_seen_twice": lambda _: self._card_seen_twice(),
            "redeal_after": lambda rule: self._in_deal() and self.game.deal.redeal and self.game.misdeal_rule == rule,
            "stood": lambda p: p in self.game.stood,
            "winner": lambda p: p in self.game.winners,
        }

    # --- the Context protocol -------------------------------------------------
    def word(self, name: str) -> Any:
        return self._words[name]()

    def apply(self, function: str, argument: Any) -> Any:
        return self._functions[function](argument)

    def test(self, predicate: str, argument: Any) -> bool:
        return bool(self._predicates[predicate](argument))

    def param(self, name: str) -> Any:
        return self.parameters[name]

    # --- helpers --------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.session.games[-1]

    def _in_deal(self) -> bool:
        return bool(self.session.game and self.game.deals)

    def _hand(self, player: str) -> Hand:
        return self.game.deal.hands[player]

    def _ante(self) -> int:
        game = self.session.game
        if game is None or game.jackpot or game.ante is None:
            return self.table_ante
        return game.ante

    def _expected_straddle(self) -> int:
        straddles = self.game.straddles
        if not straddles:
            return self.parameters["first_straddle_multiple_of_ante"] * self._ante()
        return straddles[-1][1] + self.parameters["straddle_increase_antes"] * self._ante()

    def _opening_base(self) -> int | None:
        setting = self.setting("opening_base")
        return self.person(setting["value"]) if setting else None

    def _all_stood(self) -> bool:
        game = self.game
        active = {p for p in game.still_in if p not in game.all_in}
        return bool(active) and active <= game.stood

    def _pack_cannot_supply(self) -> bool:
        deal = self.game.deal
        owed = sum(max((h.demanded if h.demanded is not None else h.discarded) - h.given, 0) + h.owed
                   for h in deal.hands.values() if h.discarded is not None)
        return deal.pack_remaining < owed

    def _demanded_by(self, player: str) -> int | None:
        hand = self._hand(player)
        return hand.demanded if hand.demanded is not None else hand.discarded

    def _refundable_of(self, player: str) -> int:
        game = self.game
        if game.jackpot:
            return game.antes_paid.get(player, 0)
        if player == game.ante_staker and game.ante is not None:
            own = [amount for who, amount in game.straddles if who == player]
            return own[-1] if own else game.ante
        own = [amount for who, amount in game.straddles if who == player]
        return own[-1] if own else 0

    def _hand_of(self, player: str) -> str | None:
        cards = self.game.shown.get(player)
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
        return self._hand(player).discarded is not None or player in self.game.forfeited_draw

    def _out_of_turn(self, round_name: str) -> bool:
        return self.actor != self.turn_of(round_name)

    def turn_of(self, round_name: str) -> str | None:
        """Whose turn it is in a round: `deal`, `straddle`, `say`, `draw`, `bet`."""
        game = self.game
        if round_name == "say":
            return game.say.next(game.still_in) if game.say else None
        if round_name == "draw":
            return game.draw.next(game.still_in) if game.draw else None
        if round_name == "bet":
            return game.bet_turn
        if round_name == "deal":
            deal = game.deal
            if deal.last_to is None:
                order = self.setting("deal_order")
                return self.person(order["first"]) if order else self.seating.left_of(game.dealer)
            return self.seating.left_of(deal.last_to)
        if round_name == "straddle":
            if game.straddles:
                return self.seating.left_of(game.straddles[-1][0])
            order = self.setting("straddle_order")
            return self.person(order["first"]) if order else None
        raise ValueError(f"unknown round {round_name!r}")

    def original_hand(self, player: str) -> list[int] | None:
        """His hand before the draw: shown as `original`, named when opening, or dealt."""
        game = self.game
        if player in game.originals:
            return game.originals[player]
        if player == game.opener and game.opener_cards:
            return game.opener_cards
        if self.event.get("type") == "open" and self.event.get("player") == player and self.event.get("cards"):
            return [parse_card(c) for c in self.event["cards"]]
        dealt = self._hand(player).original
        if len(dealt) == self.parameters["cards_per_hand"] and None not in dealt:
            return list(dealt)
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
        joker = bool(self.parameters.get("joker"))
        return any(card == JOKER and not joker for card in self.parsed_cards)

    def _card_seen_twice(self) -> bool:
        if not self._in_deal():
            return False
        holders = self.game.deal.in_play
        own = self.actor if self.event.get("type") == "show" else None
        cards = [c for c in self.parsed_cards if c != JOKER]
        return any(holders.get(c, own) != own for c in cards) or len(set(cards)) != len(cards)

    def _dealer_answer_wrong(self) -> bool:
        game = self.game
        asker = self.last_asker
        if asker is None or asker in game.need_not_answer or game.dealer_drew is None:
            return False
        return self.event.get("count") != game.dealer_drew
