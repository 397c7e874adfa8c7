"""The effects a rule may have (rules/README.md, "Effects"), applied to the replay state.

Each effect is general: `foul_hand` serves L13, L45, L47, L48 and L64 alike; `refund`
whatever law names the payer. What an effect returns is what the report shows of it.
"""

from __future__ import annotations

from typing import Any, Callable

from arbiter.engine.chain import Chain
from arbiter.engine.context import ReplayContext
from arbiter.rulebook.vocabulary import DEFINES
from arbiter.seats import POOL

Report = list[dict[str, Any]]

MOVEMENT_WORDS = {"stake": "a bet", "late_stake": "a bet", "jackpot_ante": "a jack-pot ante", "ante": "an ante",
                  "straddle": "a straddle", "refund": "a refund", "penalty": "a penalty", "win": "the pool won"}


class EffectsMixin(ReplayContext):
    """The replay's acts on the state: counters moved, players retired, and the effects a
    rule may have (`effect_arguments` evaluates their operands, `apply_effect` acts)."""

    def effect_arguments(self, name: str, arg: Any) -> Any:
        """An effect's operands, evaluated on the state before the event is recorded."""
        if name in ("follow", "find_witness") or arg is None:
            return arg
        if isinstance(arg, dict):
            return {key: value(self) for key, value in arg.items()}
        return arg(self)

    def apply_effect(self, name: str, values: Any, rule: str) -> Report:
        handler: Callable[[Any, str], Report] = getattr(self, "effect_" + name)
        return handler(values, rule)

    # --- counters and players leaving ------------------------------------------------
    def pay(self, payer: str, payee: str, amount: int, what: str, rule: str | None = None,
            cited_as: str | None = None) -> None:
        """Move counters, citing `rule`, or the rule whose `ledger_rule` covers this movement."""
        game = self.playing
        if rule is None:
            rule = self.ledger_rule(cited_as or what)
        self.ledger.move(game.number, self.k, payer, payee, amount, rule, what)
        if payee == POOL and amount > 0:
            game.paid_in += amount

    def ledger_rule(self, what: str) -> str:
        found = self.setting("ledger_rule", what=what)
        if found is None:
            raise self.refused(f"no law in force covers this payment ({MOVEMENT_WORDS.get(what, what)}); "
                               "a house file switched it off")
        rule: str = found["_rule"]
        return rule

    def retire(self, player: str, passed: bool = False) -> None:
        game = self.playing
        game.still_in.discard(player)
        if passed:
            game.passed.add(player)

    # --- the deal ---------------------------------------------------------------------
    def effect_misdeal(self, values: dict[str, Any], rule: str) -> Report:
        game = self.playing
        game.deal.misdealt = True
        game.redeal_by = values.get("redeal_by") or game.dealer
        game.misdeal_rule = rule
        return [{"type": "misdeal", "redeal_by": game.redeal_by}]

    def effect_deal_stands(self, values: Any, rule: str) -> Report:
        return [{"type": "deal_stands"}]

    # --- players' hands and stakes ---------------------------------------------------------
    def effect_foul_hand(self, player: str, rule: str) -> Report:
        if player is None:
            return []
        self.playing.foul.add(player)
        self.retire(player)
        return [{"type": "foul_hand", "player": player}]

    def effect_retire(self, player: str, rule: str) -> Report:
        self.retire(player)
        return [{"type": "retire", "player": player}]

    def effect_keep_stake(self, player: str, rule: str) -> Report:
        return [{"type": "keep_stake", "player": player}]

    def effect_forfeit_draw(self, player: str, rule: str) -> Report:
        self.playing.forfeited_draw.add(player)
        return [{"type": "forfeit_draw", "player": player}]

    def effect_cannot_claim(self, player: str, rule: str) -> Report:
        self.playing.claim_blocked = True
        return [{"type": "cannot_claim", "player": player}]

    def effect_need_not_answer(self, player: str, rule: str) -> Report:
        self.playing.need_not_answer.add(player)
        return [{"type": "need_not_answer", "player": player}]

    # --- counters ------------------------------------------------------------------------
    def _transfer(self, kind: str, values: dict[str, Any], rule: str) -> Report:
        payer, payee, amount = values.get("from"), values.get("to"), values.get("amount") or 0
        if payer is None or payee is None or payer == payee or amount <= 0:
            return []
        self.pay(payer, payee, amount, kind, rule)
        return [{"type": kind, "from": payer, "to": payee, "amount": amount}]

    def effect_refund(self, values: dict[str, Any], rule: str) -> Report:
        return self._transfer("refund", values, rule)

    def effect_penalty(self, values: dict[str, Any], rule: str) -> Report:
        values = dict(values)
        values.setdefault("to", POOL)
        return self._transfer("penalty", values, rule)

    # --- the draw --------------------------------------------------------------------------
    def effect_return_excess(self, values: dict[str, Any], rule: str) -> Report:
        player, count = values["player"], values.get("count") or 0
        deal = self.playing.deal
        hand = deal.hands[player]
        hand.count -= count
        hand.given -= count
        for card in hand.cards[len(hand.cards) - count:]:
            if card is not None:
                deal.in_play.pop(card, None)  # back on the pack, out of every hand
        del hand.cards[len(hand.cards) - count:]
        deal.pack_remaining += count
        return [{"type": "return_excess", "player": player, "count": count}]

    def _owe(self, kind: str, values: dict[str, Any]) -> Report:
        player, count = values["player"], values.get("count") or 0
        self.playing.deal.hands[player].owed += count
        return [{"type": kind, "player": player, "count": count}]

    def effect_make_good(self, values: dict[str, Any], rule: str) -> Report:
        return self._owe("make_good", values)

    def effect_owe_cards(self, values: dict[str, Any], rule: str) -> Report:
        return self._owe("owe_cards", values)

    def effect_settle_demand(self, values: dict[str, Any], rule: str) -> Report:
        if values.get("count") is not None:
            self.playing.deal.hands[values["player"]].demanded = values["count"]
        return []

    def effect_find_witness(self, spec: tuple[Chain | None, Any], rule: str) -> Report:
        chain, none_found = spec
        if chain is None:
            chain = self.rules.chain("evidence", self)
        if chain is None:
            raise self.refused(f"no law in force sets {DEFINES['evidence']} (a house file switched it off)")
        witness, considered = chain.walk(self, self.seating)
        self.witness = witness
        disputant: str = self.event["player"]
        if witness is not None:
            demanded = (self.event.get("testimony") or {}).get(witness)
        else:
            demanded = none_found(self) if none_found else self._hand(disputant).discarded
        if demanded is not None:
            self._hand(disputant).demanded = demanded
        return [{"type": "evidence", "witness": witness, "considered": considered, "demanded": demanded}]

    # --- the next game -----------------------------------------------------------------------
    def effect_jackpot_next(self, values: Any, rule: str) -> Report:
        game = self.playing
        number = (game.jackpot or {}).get("number", 0) + 1
        series = list(self.parameters["jackpot_openers"])
        if self.parameters["jackpot_series_after_last"] == "repeat":
            openers = series[(number - 1) % len(series)]
        else:
            openers = series[min(number, len(series)) - 1]
        game.next_jackpot = {"number": number, "openers": openers}
        return [{"type": "jackpot_next", "number": number, "openers": openers}]

    # --- one law calling another -------------------------------------------------------------
    def effect_follow(self, target: str, rule: str) -> Report:
        """Apply `target`'s effects, or those of an exception to it whose condition holds."""
        for exception in self.rules.exceptions.get(target, ()):
            report = self._apply_followed(exception)
            if report is not None:
                return report
        return self._apply_followed(target) or []

    def _apply_followed(self, rule_id: str) -> Report | None:
        applied: Report | None = None
        for check in self.rules.followed.get(rule_id, ()):
            if check.condition(self):
                applied = applied or []
                for name, arg in check.effects:
                    applied.extend(self.apply_effect(name, self.effect_arguments(name, arg), rule_id))
        return applied
