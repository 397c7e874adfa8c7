"""The board a replay keeps: the state of play at the table, the event being judged, and
the persons a check is about, as the vocabulary's words read it (`BoardView`) and its
effects change it.

One `Board` serves one log. The replay (replay.py) records each event on it; the
compiled rules decide their conditions and apply their effects on it; the turns
(turns.py) answer whose turn it is from it. It knows the rule book only as compiled:
settings in force, checks followed, chains.
"""

from __future__ import annotations

from typing import Any, Final, Mapping

from arbiter import hands
from arbiter.engine.compiled import CompiledRules, Setting
from arbiter.engine.expressions import Binding
from arbiter.engine.ledger import Ledger
from arbiter.engine.turns import Turns
from arbiter.errors import ReplayError
from arbiter.events import Event, event_words
from arbiter.findings import EffectRecord, EvidenceRecord
from arbiter.rulebook.vocabulary.board import BoardView
from arbiter.rulebook.vocabulary.effects import EFFECTS
from arbiter.rulebook.vocabulary.facts import FACTS
from arbiter.rulebook.vocabulary.functions import NUMBER_FUNCTIONS, PERSON_FUNCTIONS
from arbiter.rulebook.vocabulary.grammar import DEFINES
from arbiter.rulebook.vocabulary.numbers import NUMBERS
from arbiter.rulebook.vocabulary.persons import ACTOR, PERSONS
from arbiter.rulebook.vocabulary.predicates import PREDICATES, phase_now
from arbiter.seats import POOL, Seating
from arbiter.state import Deal, Game, Hand, OutcomeName, Phase, Session

MOVEMENT_WORDS: Final = {"stake": "a bet", "late_stake": "a bet", "ante": "an ante",
                         "straddle": "a straddle", "refund": "a refund", "penalty": "a penalty", "win": "the pool won"}

# The declared words as the compiler binds them: a check costs a call per word, not a lookup by name.
BINDING: Final = Binding({**PERSONS.meanings(), **NUMBERS.meanings(), **FACTS.meanings()},
                         {**PERSON_FUNCTIONS.meanings(), **NUMBER_FUNCTIONS.meanings()},
                         PREDICATES.meanings(), FACTS.meanings(), index="phase", index_now=phase_now, actor=ACTOR)
APPLY: Final = EFFECTS.meanings()
ON_WHOM: Final = ("player", "from", "to")  # the operands that name whom an effect is on


def _standing(raises: list[tuple[int, int]], stake: int) -> int:
    """What of a player's raises (his stake before and after each) counts for the highest
    stake now his stake is `stake`: a raise counts whole where all of it stands, as what is
    left where part of it does, and not at all where none does."""
    return max(after if after <= stake else stake if was < stake else 0 for was, after in raises)


class Board(BoardView):
    """One log's board: seats, stakes, cards and turns, and the event being judged."""

    def __init__(self, table: Mapping[str, Any], rules: CompiledRules) -> None:
        """`table`: the log's table (its players, limit, ante and pronouns)."""
        self.seating = Seating(table["players"])
        self.limit: int = table["limit"]
        self.table_ante: int = table["ante"]
        self.pronouns: Mapping[str, str] | None = table.get("pronouns")
        self.rules = rules
        self.parameters: Mapping[str, Any] = rules.parameters
        self.hand_rules: hands.HandRules = rules.hand_rules
        self.round_acts = rules.round_acts
        self.conditional_acts = rules.conditional_acts
        self.session = Session(self.seating.players)
        self.game: Game | None = None  # the game in play (the session's last): read at every turn
        # the deal whose first card has come and whose dealing no other event has ended yet (reading 4): kept as
        # the cards come, so that the events after the dealing (most of them) do not each ask the game's deal
        self.dealing: Deal | None = None
        self.ledger = Ledger(table.get("stacks"))
        self.held_over: dict[str, int] = {}  # counters added during a game under table stakes: the next game's
        self.cut_short: list[tuple[str, int, int]] = []  # a ruling's payments cut to the payer's counters (A5)
        self.turns = Turns(self)
        self.event: Event = {}
        self.k = -1  # the index of the event being replayed
        self.parsed_cards: list[int] = []
        self.actor: str | None = None
        self.each: str | None = None
        self.candidate: str | None = None
        self.expected_dealer: str | None = None
        self.last_asker: str | None = None
        self.answer_owed = False
        self.paying_how: OutcomeName | None = None
        self.evidence: EvidenceRecord | None = None  # the last law 46 evidence taken, for what follows from it

    def begin(self, game: Game) -> None:
        """The game in play from now on. `playing` is the same game, for what is asked only
        once one is in play (an act after a deal, the words of the checks it sets off; an
        act that needs a deal reads it first, and before one is refused by the replay): an attribute, not a
        property that tested for None at each of its 8 reads an event."""
        self.game = self.playing = game

    def chain(self) -> list[str]:
        return self.turns.chain()

    def turn_of(self, round_name: str) -> str | None:
        return self.turns.of(round_name)

    def stake_to_meet(self, player: str) -> int:
        return self.turns.stake_to_meet(player)

    def straddlers(self) -> list[str]:
        return self.turns.straddlers()

    def deal_due(self) -> list[str]:
        return self.turns.deal_due()

    def stack_of(self, player: str) -> int | None:
        stacks = self.ledger.stacks
        return None if stacks is None else stacks[player]

    def hand(self, player: str) -> Hand:
        return self.playing.deal.hands[player]

    def refused(self, missing: str, path: str | None = None) -> ReplayError:
        """A log this event makes impossible to replay, said in plain words: the event's
        index, its type, the player, and what is missing."""
        dealer = self.game.dealer if self.game is not None else None
        return ReplayError(f"{event_words(self.k, self.event, dealer)}: {missing}", self.k, path)

    # --- the settings in force --------------------------------------------------------
    def setting(self, name: str, match: Mapping[str, Any] | None = None) -> Setting | None:
        """The procedure setting in force: its value and its law (not copied: read at every turn)."""
        return self.rules.setting(name, self, match)

    def in_force(self, place: str) -> bool:
        return place in self.rules.implemented

    def required(self, name: str) -> Setting:
        """A procedure setting the game cannot go on without (the order of the say, of the
        draw …): a house file that switches off every law defining it stops the replay."""
        found = self.setting(name)
        if found is None:
            raise self.refused(f"no law in force sets {DEFINES[name]} (a house file switched it off)")
        return found

    def setting_person(self, name: str) -> tuple[str | None, str | None]:
        """The person a setting such as `ante_by: {left_of: dealer}` names, and its rule."""
        found = self.rules.setting(name, self)
        if found is None:
            return None, None
        person = found.named.get("person")  # an ante where every player antes names no one
        return (person(self) if person is not None else None), found.rule

    def accepting_phases(self, kind: str) -> frozenset[str]:
        return self.rules.accepting_phases(kind, self)

    # --- the Context protocol: conditions compiled without a binding ----------------------
    def word(self, name: str) -> Any:
        return BINDING.words[name](self)

    def apply(self, function: str, argument: Any) -> Any:
        return BINDING.functions[function](self, argument)

    def test(self, predicate: str, argument: Any) -> bool:
        return bool(BINDING.predicates[predicate](self, argument))

    def param(self, name: str) -> Any:
        return self.parameters[name]

    # --- counters and players leaving ---------------------------------------------------
    def pay(self, payer: str, payee: str, amount: int, what: str, rule: str | None = None,
            cited_as: str | None = None) -> int:
        """Move counters, citing `rule`, or the rule whose `ledger_rule` covers this movement;
        under table stakes no more than the payer has on the table. The amount paid."""
        game = self.playing
        if rule is None:
            rule = self.ledger_rule(cited_as or what)
        if payer != POOL:
            amount = self.within_stack(payer, amount)
        self.ledger.move(game.number, self.k, payer, payee, amount, rule, what)
        if payee == POOL and amount > 0:
            game.paid_in += amount
        return amount

    def binding_stacks(self) -> dict[str, int] | None:
        """The counters each player has on the table, where no one may stake beyond them
        (table stakes, a house's, A5); else None (unknown, or what he lacks he borrows)."""
        return self.ledger.stacks if self.parameters["table_stakes"] else None

    def within_stack(self, player: str, amount: int) -> int:
        """What of `amount` a player can pay: under table stakes (a house's, A5) no more than
        his stack; else all of it (what he lacks he borrows, law 62: the ledger notes it)."""
        stacks = self.ledger.stacks  # most logs give none: asked first, on every payment
        if stacks is None or self.binding_stacks() is None:
            return amount
        return min(amount, max(stacks[player], 0))

    def return_stake(self, player: str, amount: int, what: str, rule: str) -> int:
        """Counters given back out of the pool: the player's stake is lowered by as much (at
        most the whole of it), and so is what the game's pool received; the amount given. A
        straddle stands only while its player's stake still holds it: one given back is no
        longer made, and the say follows the straddles left (a club's "no straddling"). So is
        a stake of all he has (A5): with counters back on the table, he no longer stakes all
        he has; a show he demanded (law 60) stands. Where every player antes, his ante is no
        one's stake: what is given back beyond his stake comes out of it."""
        game = self.playing
        staked = game.stakes.get(player, 0)
        amount = min(amount, staked + game.antes_paid.get(player, 0), self.ledger.pool)
        if amount <= 0:
            return 0
        if amount > staked:
            game.antes_paid[player] -= amount - staked
        game.stakes[player] -= min(amount, staked)
        if player in game.raises:  # the highest falls to the stakes that raised: one that raised no one stays out
            game.highest = max(_standing(made, game.stakes[who]) for who, made in game.raises.items())
        if player in game.in_turn:  # the stake to meet, where his was it, falls with it: to the highest made in
            game.in_turn[player] = min(game.in_turn[player], game.stakes[player])  # turn (an early stake binds
            floor = game.first_to_meet() if game.phase == Phase.SAY else 0  # only from its own turn, SPEC 24)
            game.preceding = min(game.preceding, max(floor, *game.in_turn.values()))
        game.straddles = [(who, made) for who, made in game.straddles if who != player or made <= game.stakes[who]]
        game.paid_in -= amount
        if player in game.all_in and not game.all_in[player]["demanded"]:
            del game.all_in[player]
        self.ledger.move(game.number, self.k, POOL, player, amount, rule, what)
        return amount

    def ledger_rule(self, what: str) -> str:
        found = self.rules.ledger_setting(what, self)
        if found is None:
            raise self.refused(f"no law in force covers this payment ({MOVEMENT_WORDS.get(what, what)}); "
                               "a house file switched it off")
        return found.rule

    def retire(self, player: str) -> None:
        self.playing.still_in.discard(player)

    # --- effects ----------------------------------------------------------------------------
    def effect_arguments(self, name: str, arg: Any) -> Any:
        """An effect's operands, evaluated on the state before the event is recorded."""
        if name in ("follow", "find_witness") or arg is None:
            return arg
        if isinstance(arg, dict):
            return {key: value(self) for key, value in arg.items()}
        return arg(self)

    def apply_effect(self, name: str, values: Any, rule: str) -> list[EffectRecord]:
        """An effect applied; on no one (a person it names who is not there at this moment,
        such as the dealer of a void deal in a first deal) it does nothing."""
        if values is None and EFFECTS[name].takes == "person":
            return []
        if isinstance(values, dict) and any(values.get(key, "") is None for key in ON_WHOM):
            return []
        return APPLY[name](self, values, rule)

    def find_witness(self, spec: Any) -> EffectRecord:
        """Law 46's chain walked: the first who can give evidence decides the number demanded."""
        chain, none_found = spec
        if chain is None:
            chain = self.rules.chain("evidence", self)
        if chain is None:
            raise self.refused(f"no law in force sets {DEFINES['evidence']} (a house file switched it off)")
        witness, considered = chain.walk(self, self.seating)
        disputant: str = self.event["player"]
        if witness is not None:
            demanded = (self.event.get("testimony") or {}).get(witness)
        else:
            demanded = none_found(self) if none_found else self.hand(disputant).discarded
        if demanded is not None:
            self.hand(disputant).demanded = demanded
        self.evidence = EvidenceRecord(witness, considered, demanded)
        return self.evidence

    def follow(self, target: str) -> list[EffectRecord]:
        """Apply `target`'s effects, or those of an exception to it whose condition holds."""
        for exception, where in self.rules.exceptions.get(target, ()):
            if where is not None and not where(self):
                continue
            records = self._apply_followed(exception)
            if records is not None:
                return records
        return self._apply_followed(target) or []

    def _apply_followed(self, rule_id: str) -> list[EffectRecord] | None:
        applied: list[EffectRecord] | None = None
        for check in self.rules.followed.get(rule_id, ()):
            if check.holds(self):
                applied = applied or []
                for name, arg in check.effects:
                    applied.extend(self.apply_effect(name, self.effect_arguments(name, arg), rule_id))
        return applied
