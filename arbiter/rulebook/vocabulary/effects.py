"""The effects a rule may have (`foul_hand`, `penalty`, `misdeal` …): what each does to the
board, and how a report says what it did.

Each effect is general: `foul_hand` serves L13, L45, L47, L48 and L64 alike; `refund`
whatever law names the payer. An effect's operands are evaluated on the state before the
event is recorded; its meaning acts after, and returns the records the report shows.
"""

from __future__ import annotations

from typing import Any, Callable, Final, Mapping

from arbiter.events import MAX_NUMBER
from arbiter.findings import (
    AmountRecord,
    BareRecord,
    CardsRecord,
    EffectRecord,
    JackpotRecord,
    MisdealRecord,
    PlayerRecord,
    TransferRecord,
)
from arbiter.rulebook.vocabulary.board import BoardView
from arbiter.rulebook.vocabulary.registry import Words
from arbiter.seats import POOL
from arbiter.state import Phase
from arbiter.words import plural, pronoun_of

Pronouns = Mapping[str, str] | None
Effect = Callable[[BoardView, Any, str], list[EffectRecord]]
EFFECTS: Final[Words[Effect]] = Words("effect")


def _retires(player: str, pronouns: Pronouns) -> str:
    """ "Bob retires and forfeits their stake" (his, her as the log gives)."""
    p = pronoun_of(player, pronouns)
    return f"{p.subject} {p.verb('retires')} and {p.verb('forfeits')} {p.possessive} stake"


def _evidence(e: Mapping[str, Any]) -> str:
    """The witness and the number, and those passed over before him and why (law 46's
    order: the disputant, the dealer, one unable)."""
    demanded = e.get("demanded")
    passed = [f"{c['player']}, {PASSED_OVER.get(c['passed_over_because'], c['passed_over_because'])}"
              for c in e.get("considered") or () if c.get("passed_over_because")]
    over = f" (passed over: {'; '.join(passed)})" if passed else ""
    if not e["witness"]:
        taken = f" ({plural(demanded, 'card')})" if demanded is not None else ""
        return f"no one can give evidence{over}: the discard is taken as the number demanded{taken}"
    if demanded is None:
        return f"{e['witness']}'s evidence decides (the number is not recorded){over}"
    return f"{e['witness']}'s evidence decides: {plural(demanded, 'card')} demanded{over}"


PASSED_OVER = {"disputant": "the disputant", "dealer": "the dealer", "unable": "unable"}


# --- the deal ------------------------------------------------------------------------------
@EFFECTS("misdeal", "it is a misdeal, and {redeal_by} deals again", takes={"redeal_by": "person"},
         says=lambda e, p: f"misdeal: {e['redeal_by']} deals again",
         note="`misdeal: {redeal_by: P}`; the counters stay in the pool, and no deal is in play until the new one")
def misdeal(t: BoardView, values: Mapping[str, Any], rule: str) -> list[EffectRecord]:
    game = t.playing
    game.deal.misdealt = True
    game.phase = Phase.BEFORE_DEAL  # no deal in play until the new one is taken up
    game.redeal_by = values.get("redeal_by") or game.dealer
    game.misdeal_rule = rule
    return [MisdealRecord(game.redeal_by)]


EFFECTS.add("deal_stands", "the deal stands", lambda t, values, rule: [BareRecord("deal_stands")],
            says=lambda e, p: "the deal stands",
            note="`deal_stands: {}`")


# --- players' hands and stakes -------------------------------------------------------------
@EFFECTS("foul_hand", "the hand of {0} is foul: {0} retires and forfeits the stake", takes="person",
         says=lambda e, p: f"{e['player']}'s hand is foul: {_retires(e['player'], p)}",
         note="`foul_hand: P`; the stake stays in the pool")
def foul_hand(t: BoardView, player: str, rule: str) -> list[EffectRecord]:
    t.playing.foul.add(player)
    t.retire(player)
    return [PlayerRecord("foul_hand", player)]


@EFFECTS("retire", "{0} retires and forfeits the stake", takes="person",
         says=lambda e, p: f"{e['player']} retires and forfeits {pronoun_of(e['player'], p).possessive} stake",
         note="`retire: P`")
def retire(t: BoardView, player: str, rule: str) -> list[EffectRecord]:
    t.retire(player)
    t.playing.retired_under[player] = rule
    return [PlayerRecord("retire", player)]


EFFECTS.add("keep_stake", "{0}'s stake stays as it was", lambda t, player, rule: [PlayerRecord("keep_stake", player)],
            takes="person", says=lambda e, p: f"{e['player']}'s stake stays as it was",
            note="`keep_stake: P`: the stake P tried to lower")


def _transfer(t: BoardView, kind: str, values: Mapping[str, Any], rule: str) -> list[EffectRecord]:
    """Counters paid by a player (a refund, a penalty); what comes back out of the pool is
    `return_stake`'s, which lowers the stake it gives back (a rule is refused that names
    the pool as the payer: grammar.py)."""
    payer, payee, amount = values.get("from"), values.get("to"), values.get("amount") or 0
    if payer is None or payee is None or payer == payee or amount <= 0:
        return []
    if amount > MAX_NUMBER:  # a house's amount, computed: the ledger and the report hold no more
        raise t.refused(f"{rule}'s {kind} of {amount} counters is more than any count of counters "
                        f"(at most {MAX_NUMBER})")
    paid = t.pay(payer, payee, amount, kind, rule)
    if paid < amount:  # its finding says so beside the sum it names (`paid_within_stack`)
        t.cut_short.append((payer, amount, paid))
    return [TransferRecord(kind, payer, payee, paid)] if paid > 0 else []


def paid_within_stack(payer: str, asked: int, paid: int, pronouns: Pronouns) -> str:
    """What a ruling's payment comes to under table stakes (A5), where the payer has less on
    the table than the sum the ruling names: its words say that sum, these what he paid."""
    if paid == 0:
        return f"under table stakes {payer} pays nothing of the {asked}, having nothing on the table"
    said = pronoun_of(payer, pronouns)
    return f"under table stakes {payer} pays {paid} of the {asked}, all {said.subject} {said.verb('has')}"


def _to(payee: str) -> str:
    """ "to Bob", "to the pool": a payee as a sentence names it."""
    return "to the pool" if payee == POOL else f"to {payee}"


EFFECTS.add("refund", "{from} refunds {amount} to {to}", lambda t, values, rule: _transfer(t, "refund", values, rule),
            takes={"from": "person", "to": "payee", "amount": "whole"},
            says=lambda e, p: f"{e['from']} refunds {e['amount']} {_to(e['to'])}",
            note=("`refund: {from: P, to: P, amount: X}`, in the ledger too; counters given back out of the pool "
                  "are `return_stake`'s"))
EFFECTS.add("penalty", "{from} pays {amount} to {to} as penalty",
            lambda t, values, rule: _transfer(t, "penalty", values, rule),
            takes={"from": "person", "to": "payee", "amount": "whole"},
            says=lambda e, p: f"{e['from']} pays {e['amount']} {_to(e['to'])} as penalty",
            note="`penalty: {from: P, to: P or pool, amount: X}`, each named (`to: pool` for the pool), "
                 "in the ledger too")


@EFFECTS("return_stake", "{amount} is given back to {player} out of the pool, the stake lowered by as much",
         takes={"player": "person", "amount": "whole"},
         says=lambda e, p: f"{e['amount']} is given back to {e['player']} out of the pool",
         note=("`return_stake: {player: P, amount: X}`: counters given back to P out of the pool (in the ledger "
               "as a refund), at most his stake, which is lowered by as much, and the game's pool with it (where "
               "every player antes, at most his stake and his antes, the ante no one's stake); a straddle stands "
               "only while his stake still holds it"))
def return_stake(t: BoardView, values: Mapping[str, Any], rule: str) -> list[EffectRecord]:
    given = t.return_stake(values["player"], values.get("amount") or 0, "refund", rule)
    return [AmountRecord("return_stake", values["player"], given)] if given > 0 else []


@EFFECTS("straddle_set_aside", "{0}'s straddle is set aside: the say and the opening follow the straddles left",
         takes="person",
         says=lambda e, p: f"{e['player']}'s straddle is set aside",
         note=("`straddle_set_aside: P`: P's straddle is no longer made, whatever his stake (his stake made "
               "before it may already hold it): the say and the opening minimum follow the straddles left; "
               "reported only where it set one aside"))
def straddle_set_aside(t: BoardView, player: str, rule: str) -> list[EffectRecord]:
    game = t.playing
    left = [(who, made) for who, made in game.straddles if who != player]
    if len(left) == len(game.straddles):  # none of his stood (what was given back set it aside already)
        return []
    game.straddles = left
    return [PlayerRecord("straddle_set_aside", player)]


def _all_he_has(player: str, pronouns: Pronouns) -> str:
    """ "Cat has staked all they have: the show is for that sum"."""
    said = pronoun_of(player, pronouns)
    return f"{player} has staked all {said.subject} {said.verb('has')}: the show is for that sum"


@EFFECTS("all_in", "{0} has staked all {0} has: the show is for that sum (law 60)", takes="person",
         says=lambda e, p: _all_he_has(e["player"], p),
         note=("`all_in: P`: P takes no further part in the betting, and is settled as one who demanded a show "
               "for a sum (law 60): for his stake as it now stands"))
def all_in(t: BoardView, player: str, rule: str) -> list[EffectRecord]:
    game = t.playing
    if player not in game.still_in:
        return []
    if player not in game.all_in:  # a show he demanded has settled him already, for the sum he could make
        game.shows_for_sum(player, game.stakes[player], t.seating.players, demanded=False)
    return [PlayerRecord("all_in", player)]


def _marked(players: set[str], kind: str, player: str) -> list[EffectRecord]:
    """The player joins those an effect marks (who forfeited the draw, whom the dealer need not answer)."""
    players.add(player)
    return [PlayerRecord(kind, player)]


@EFFECTS("forfeit_draw", "{0} forfeits the draw", takes="person",
         says=lambda e, p: f"{e['player']} forfeits {pronoun_of(e['player'], p).possessive} draw",
         note="`forfeit_draw: P`: his turn to draw is had, and a discard of his after it is law 35's")
def forfeit_draw(t: BoardView, player: str, rule: str) -> list[EffectRecord]:
    draw = t.playing.draw
    if draw is not None:  # the turn to draw moves past him (a round not yet begun leaves him out as it begins)
        draw.take(player)
    return _marked(t.playing.forfeited_draw, "forfeit_draw", player)


@EFFECTS("cannot_claim", "{0} cannot claim the pool", takes="person",
         says=lambda e, p: f"{e['player']} cannot claim the pool",
         note="`cannot_claim: P`: the pool stays and carries to the next game")
def cannot_claim(t: BoardView, player: str, rule: str) -> list[EffectRecord]:
    t.playing.claim_blocked = True
    return [PlayerRecord("cannot_claim", player)]


# --- the draw ------------------------------------------------------------------------------
@EFFECTS("return_excess", "the dealer takes back the cards {player} had too many: {count}",
         takes={"player": "person", "count": "whole"},
         says=lambda e, p: f"the dealer takes back the {plural(e['count'], 'card')} given to {e['player']} in excess",
         note="`return_excess: {player: P, count: X}`")
def return_excess(t: BoardView, values: Mapping[str, Any], rule: str) -> list[EffectRecord]:
    player, count = values["player"], values.get("count") or 0
    deal = t.playing.deal
    hand = deal.hands[player]
    hand.count -= count
    hand.given -= count
    for card in hand.cards[len(hand.cards) - count:]:
        if card is not None:
            deal.in_play.pop(card, None)  # back on the pack, out of every hand
    del hand.cards[len(hand.cards) - count:]
    deal.pack_remaining += count
    hand.excess, hand.excess_law = hand.excess + count, rule
    t.playing.taking_back[player] = t.playing.taking_back.get(player, 0) + count
    return [CardsRecord("return_excess", player, count)]


def _owe(t: BoardView, kind: str, values: Mapping[str, Any], rule: str) -> list[EffectRecord]:
    player, count = values["player"], values.get("count") or 0
    hand = t.playing.deal.hands[player]
    hand.owe(rule, count)
    return [CardsRecord(kind, player, count)]


def _make_good(t: BoardView, values: Mapping[str, Any], rule: str) -> list[EffectRecord]:
    hand = t.playing.deal.hands[values["player"]]
    hand.awaits_pack = 0  # the ruling takes over what the pack run out owed (L41): each card owed once (L43)
    hand.ruled_short = True
    return _owe(t, "make_good", values, rule)


EFFECTS.add("make_good", "the dealer makes good the cards {player} is short: {count}",
            _make_good,
            takes={"player": "person", "count": "whole"},
            says=lambda e, p: f"the dealer makes good the {plural(e['count'], 'card')} {e['player']} is short",
            note="`make_good: {player: P, count: X}`")
def _owe_exposed(t: BoardView, values: Mapping[str, Any], rule: str) -> list[EffectRecord]:
    hand = t.playing.deal.hands[values["player"]]
    hand.unreplaced += values.get("count") or 0  # counted as given until replaced (L45)
    return _owe(t, "owe_cards", values, rule)


EFFECTS.add("owe_cards", "the exposed cards go back to the pack and the dealer owes {player} {count}",
            _owe_exposed,
            takes={"player": "person", "count": "whole"},
            # the count is the cards owed, which may be fewer than those exposed (up to the number due)
            says=lambda e, p: ("what is exposed goes back to the pack; "
                               f"the dealer owes {e['player']} {plural(e['count'], 'card')}"),
            note="`owe_cards: {player: P, count: X}`")


@EFFECTS("jackpot_next", "the next game is the next jack-pot of the series",
         reads=("jackpot_openers", "jackpot_series_after_last"),
         says=lambda e, p: f"the next game is jack-pot no. {e['number']}, opened with {e['openers']} or better",
         note="`jackpot_next: {}`; reported as `jackpot_next {number, openers}`")
def jackpot_next(t: BoardView, values: Any, rule: str) -> list[EffectRecord]:
    game = t.playing
    number = (game.jackpot or {}).get("number", 0) + 1
    series = list(t.parameters["jackpot_openers"])
    if t.parameters["jackpot_series_after_last"] == "repeat":
        openers = series[(number - 1) % len(series)]
    else:
        openers = series[min(number, len(series)) - 1]
    game.next_jackpot = {"number": number, "openers": openers}
    return [JackpotRecord(number, openers)]


EFFECTS.add("find_witness", "the evidence of the first who can give it decides",
            lambda t, spec, rule: [t.find_witness(spec)], record="evidence", takes="chain",
            says=lambda e, p: _evidence(e),
            note=("`find_witness: {candidates: [...], pass_over: [...], none_found: X}` (rules/README.md, law 46's "
                  "chain); reported as `evidence {witness, considered, demanded}`"))


@EFFECTS("settle_demand", "{player} is held to have demanded {count}", takes={"player": "person", "count": "whole"},
         note="`settle_demand: {player: P, count: X}`; not reported")
def settle_demand(t: BoardView, values: Mapping[str, Any], rule: str) -> list[EffectRecord]:
    if values.get("count") is not None:
        t.playing.deal.hands[values["player"]].demanded = values["count"]
    return []


EFFECTS.add("need_not_answer", "the dealer need not answer {0}",
            lambda t, player, rule: _marked(t.playing.need_not_answer, "need_not_answer", player),
            takes="person", says=lambda e, p: f"the dealer need not answer {e['player']}",
            note="`need_not_answer: P`")


EFFECTS.add("follow", "law {0} follows", lambda t, target, rule: t.follow(target),
            takes="rule",
            note="`follow: ID`: that rule's effects here, or those of an exception to it whose condition holds")

SAYS: Final[Mapping[str, Callable[[Mapping[str, Any], Pronouns], str]]] = {
    entry.record_type: entry.says for entry in EFFECTS if entry.says is not None}


def effect_words(effect: Mapping[str, Any], pronouns: Pronouns = None) -> str:
    """An effect's record in words; `pronouns` are the log's (`table.pronouns`), "they" where it gives none."""
    says = SAYS.get(effect["type"])
    return says(effect, pronouns) if says else effect["type"].replace("_", " ")
