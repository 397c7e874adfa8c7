"""The predicates a rule's condition may test of a value (`in_game: actor`, `phase: say` …)."""

from __future__ import annotations

from typing import Any, Callable, Final, Mapping

from arbiter import hands
from arbiter.cards import JOKER, parse_card
from arbiter.events import face_down
from arbiter.rulebook.vocabulary.board import BoardView
from arbiter.rulebook.vocabulary.functions import demanded_by
from arbiter.rulebook.vocabulary.registry import Words
from arbiter.state import DISCARDS, Deal, Phase, PhaseName

PREDICATES: Final[Words[Callable[[BoardView, Any], bool]]] = Words("predicate", value="fact", takes="person")
add = PREDICATES.add


# A predicate of a person is false of no one: a word such as `opener` names no one until
# the game is opened, and a club's rule may ask of it then (`{lifted: opener}` in the say).
def has_drawn(t: BoardView, player: str | None) -> bool:
    return player is not None and (
        t.playing.deal.hands[player].discarded is not None or player in t.playing.forfeited_draw)


def lifted(t: BoardView, player: str | None) -> bool:
    """Has he raised his cards: those dealt, or (after his draw) those drawn?"""
    if player is None:
        return False
    hand = t.playing.deal.hands[player]
    return hand.drawn_lifted if has_drawn(t, player) else hand.lifted


def cards_due(t: BoardView, player: str | None) -> bool:
    """Does the dealer still owe him cards of his draw, before he has raised those given?
    The turns to draw may be over (the betting begun) while the debt stands."""
    if player not in t.playing.still_in:
        return False
    hand = t.playing.deal.hands[player]
    return not hand.drawn_lifted and (
        hand.owed > 0 or hand.awaits_pack > 0 or hand.draw_to_come())


def gave_wrong_number(t: BoardView, player: str | None) -> bool:
    """Did the dealer give him the number he demanded, other than his discard? Cards a
    ruling took back (L42) count among those given: the dealer gave them, on a demand that
    a later law 46 ruling may settle otherwise. A give that makes good what a ruling found
    short, bringing his cards to the number demanded, gives it too."""
    if player is None:
        return False
    hand = t.playing.deal.hands[player]
    demanded = demanded_by(t, player)
    return demanded != hand.discarded and (
        hand.given + hand.excess == demanded
        or (t.event.get("type") == "give" and (t.event.get("count") or 0) > 0 and hand.given == demanded))


def phase_now(t: BoardView) -> PhaseName:
    """The phase the game stands in; before any game, `before_deal`. A check's `{phase: NAME}`
    parts are decided once for each phase (engine/compiled.py), not at each event."""
    return t.game.phase if t.game else Phase.BEFORE_DEAL


def out_of_turn(t: BoardView, round_name: str) -> bool:
    if round_name in ("say", "bet"):
        return t.actor not in t.chain()
    if round_name == "straddle":
        return t.actor not in t.straddlers()
    if round_name == "deal":
        return t.actor not in t.deal_due()
    return t.actor != t.turn_of(round_name)


def original_hand(t: BoardView, player: str | None) -> list[int] | None:
    """His hand before the draw: shown as `original`, named when opening, or dealt; or
    shown, where he has drawn no card (the others passed before the draw, or he stood
    pat), so that the hand shown is the hand dealt. Cards named that are not a whole hand
    (`cards_per_hand` of them) do not make it known: what the others were is not."""
    if player is None:
        return None
    game = t.playing
    per_hand = t.parameters["cards_per_hand"]
    if len(game.originals.get(player, ())) == per_hand:
        return game.originals[player]
    if player == game.opener and game.opener_cards and len(game.opener_cards) == per_hand:
        return game.opener_cards
    event = t.event
    if event.get("type") == "open" and event.get("player") == player and len(event.get("cards") or ()) == per_hand:
        return [parse_card(c) for c in event["cards"]]
    hand = t.playing.deal.hands[player]
    known = [card for card in hand.original if card is not None]
    if len(known) == len(hand.original) == per_hand:
        return known
    shown = game.shown.get(player)
    if shown is not None and len(shown) == per_hand and not hand.discarded and not hand.given:
        return shown
    return None


def hand_known(t: BoardView, player: str | None) -> bool:
    return original_hand(t, player) is not None


def hand_at_least(t: BoardView, args: Mapping[str, Any]) -> bool:
    cards = original_hand(t, args["player"])
    minimum = args["minimum"]
    if cards is None or minimum is None:
        return True
    try:
        return hands.meets_minimum(cards, minimum, t.hand_rules)
    except ValueError:
        return False


# The events that name cards already come out of the pack (a hand shown, a discard, the
# discards collected to make up the pack, L41): a card there is seen again where another
# holds its first copy, not where it is in play at all.
NAMED_AGAIN: Final = frozenset({"show", "discard", "collect_discards"})


def card_not_in_pack(t: BoardView) -> bool:
    """A joker the house does not admit; in a show or a discard, not one already judged
    when it came to the player naming it, and in the discards collected, not one already
    in play; come out of the pack made up from the discards, not one judged before it was
    gathered with them (one bad card, one finding)."""
    if t.parameters.get("joker") or JOKER not in t.parsed_cards:
        return False
    if not t.game:
        return True
    kind = t.event.get("type")
    deal = t.playing.deal  # a second joker came by as a copy of the first (`card_seen_twice`'s record)
    if kind not in NAMED_AGAIN:  # more jokers than those judged before they were gathered, come out again
        return t.parsed_cards.count(JOKER) > deal.jokers_back
    if kind == "collect_discards":  # more jokers than were known thrown: one a hand holds, or never seen
        return t.parsed_cards.count(JOKER) > deal.jokers_thrown()
    return not (deal.in_play.get(JOKER) == t.actor or t.actor in deal.copies.get(JOKER, ()))


def card_seen_twice(t: BoardView) -> bool:
    """A card named that someone else holds, or that the event names twice; a joker only
    where the pack has one (without it every joker is `card_not_in_pack`'s). Asked at
    every card dealt: a card dealt or given is seen twice where it is in play already,
    which the cards in play answer without a loop; one shown or discarded, where someone
    else holds it, card by card; one collected with the discards, where a hand holds it."""
    if t.game is None:
        return False
    deal = t.playing.deal
    cards = t.parsed_cards
    if JOKER in cards and not t.parameters.get("joker"):
        cards = [card for card in cards if card != JOKER]
    kind = t.event.get("type")
    if kind not in NAMED_AGAIN:  # cards coming into a hand: none may be in play, none named twice
        if not deal.in_play.keys().isdisjoint(cards) or len(set(cards)) < len(cards):
            # a second copy gathered into the pack made up was judged as it first came (one bad card, one finding)
            return not deal.copies_back or any(
                cards.count(card) - (card not in deal.in_play) > deal.copies_back.get(card, 0) for card in set(cards))
        if not deal.gathered_unsure:  # no hand's cards of a discard that named none went into a pack made up
            return False
        owners = [deal.gathered_unsure[card] for card in cards if card in deal.gathered_unsure]
        return any(owners.count(owner) > deal.unsure_left[owner] for owner in owners)  # more than the pack may hold
    own = DISCARDS if kind == "collect_discards" else t.actor  # his own cards (the discards') are his to name
    named: set[int] = set()
    unsure: dict[str, int] = {}  # gathered: how many of each hand's cards not known to be kept or thrown
    for card in cards:
        holder = deal.holder_for_discard(card, own) if kind == "discard" and own else \
            deal.holder_at_collection(card) if own == DISCARDS else deal.in_play.get(card, own)
        if own == DISCARDS and holder == DISCARDS and (player := deal.in_play.get(card, DISCARDS)) != DISCARDS:
            unsure[player] = unsure.get(player, 0) + 1  # one of his that his discard may have thrown
            if unsure[player] > deal.hands[player].thrown_unnamed:
                return True  # more of them than he threw: one at least is in his hand still
        if (card in named or holder != own) and own not in deal.copies.get(card, ()):
            return True  # a copy he came by was judged as it came (one bad card, one finding)
        named.add(card)
    return kind == "show" and shows_cards_thrown(deal, t.actor, named)


def shows_cards_thrown(deal: Deal, player: str | None, shown: set[int]) -> bool:
    """Does he show more of his named cards than a discard that named none can have left
    him? Throwing more than his unnamed cards, it threw some of them, which not known: he
    keeps at most the rest, less those known gone from him since (named, gathered, or
    given him again out of the pack made up: thrown, then come back)."""
    hand = deal.hands.get(player) if player is not None else None
    if hand is None or not hand.surely_thrown:
        return False
    still = {card for card in hand.maybe_thrown - hand.came_back if deal.in_play.get(card) == player}
    unknown_thrown = max(hand.surely_thrown - (len(hand.maybe_thrown) - len(still)), 0)
    return len(shown & still) > len(still) - unknown_thrown


add("is_set", "{0} is known", lambda t, v: v is not None, takes="any",
    note="the value is not null")
add("in", "{0} is among {1}", lambda t, args: args[0] in (args[1] or ()), takes="member",
    note="`{in: [P, LIST]}`: the list may be an event field such as `event.unable`")
add("in_game", "{0} is still in the game", lambda t, p: p in t.playing.still_in,
    note="has not passed or retired")
add("foul", "the hand of {0} is foul", lambda t, p: p in t.playing.foul)
add("lifted", "{0} has raised the cards dealt", lifted,
    note="his dealt hand, or the cards drawn once he has drawn")
add("has_drawn", "{0} has drawn", has_drawn,
    note="discarded, stood pat, or forfeited his draw")
add("forfeited_draw", "{0} has forfeited his draw", lambda t, p: p in t.playing.forfeited_draw,
    note="passed over in the draw (L38): no discard or give of his counts")
add("gave_wrong_number", "the dealer gave {0} the number {0} demanded, not {0}'s discard", gave_wrong_number,
    note="law 45's wrong number: cards taken back by a ruling (L42) counted as given")
add("gave_the_discard", "the dealer gave {0} {0}'s discard",
    lambda t, p: p is not None and (hand := t.playing.deal.hands[p]).given + hand.unreplaced == hand.discarded,
    note="law 44's number, whatever he asked: all is well; cards exposed in giving it, to be replaced (L40), "
         "counted as given")
add("supplied", "the dealer has given {0} cards in the draw",
    lambda t, p: p is not None and t.playing.deal.hands[p].supplied,
    note="a `give` to him is recorded (of any number, 0 included)")
add("cards_due", "the dealer still owes {0} cards of {0}'s draw", cards_due,
    note="his discard not yet given, cards exposed or short (L40, L43), or cards to come from the discards made up "
         "(L41); while he is still in and has not raised the cards drawn")
add("bet_after_draw", "{0} has bet since the draw", lambda t, p: p in t.playing.bettors,
    note="opened, played or passed since the draw began")
add("spoke", "{0} spoke to the dealer during the deal", lambda t, p: p in t.playing.deal.spoke)
add("phase", "the game is in its {0} phase", lambda t, name: phase_now(t) == name, takes="literal",
    note="`before_deal`, `dealing`, `say`, `draw`, `betting`, `show`, `over`")
add("out_of_turn", "it is not the player's turn to {0}", out_of_turn, takes="literal",
    note=("ROUND is `deal`, `straddle`, `say`, `draw`, `bet` or `show`; in the say and the betting, the actor "
          "is not one who may act in turn now (engine/turns.py)"))
add("hand_known", "{0}'s original hand is known", hand_known, reads=("cards_per_hand",),
    note="all the cards of his hand before the draw are known")
add("hand_at_least", "{player}'s original hand is at least {minimum}", hand_at_least,
    takes={"player": "person", "minimum": "hand"},
    note="`{hand_at_least: {player: P, minimum: X}}`: X a two-card minimum (`JJ`, `QQ` …)")
add("card_not_in_pack", "a card named is not of the pack in use", lambda t, _: card_not_in_pack(t), reads=("joker",),
    takes="yes",
    note="`{card_not_in_pack: true}`: a joker where `joker` is false")
add("card_seen_twice", "a card named is already in play", lambda t, _: card_seen_twice(t), reads=("joker",),
    takes="yes",
    note="`{card_seen_twice: true}`: its first copy is still in a hand or among the uncollected discards")
add("given_back_exposed", "a card given {0} face down was exposed to {0} in this draw",
    lambda t, p: p is not None and bool(t.playing.deal.exposed_to) and t.playing.deal.gives_back_exposed(
        p, t.parsed_cards[:face_down(t.event)]),
    note=("a `give` naming, among the cards given face down (those named first), one named exposed to him in an "
          "earlier give, back in the pack (L40), where it held others the give did not take, or discards remained "
          "to make it up from"))
add("redeal_after", "this deal follows a misdeal under {0}",
    lambda t, rule: t.game is not None and t.playing.deal.redeal and t.playing.misdeal_rule == rule, takes="literal",
    note="`{redeal_after: ID}`: the misdeal was declared under rule ID")
add("retired_under", "the player retired under {0}",
    lambda t, rule: t.game is not None and t.playing.retired_under.get(t.actor or "") == rule, takes="literal",
    note="`{retired_under: ID}`: the player acting retired by rule ID's ruling (`retire`)")
add("stood", "{0} stood after the draw and has not staked since", lambda t, p: p in t.playing.stood,
    note="a `play` keeping his stake")
add("raised_from_stand", "{0} stood after the draw, then raised out of turn, his turn not yet passed",
    lambda t, p: p in t.playing.raised_from_stand,
    note="his stake counts from his turn (reading 24): at `turn_comes`, a raise made after his stand")
add("winner", "{0} is a winner by the laws", lambda t, p: p in t.playing.winners)
add("shows_for_a_sum", "{0} has demanded a show for a sum, or staked all {0} has for one",
    lambda t, p: p in t.playing.all_in,
    note="a `demand_show` (law 60), or under table stakes a stake of all he has (A5)")
add("shows_only", "{0}'s stake is only a show for a sum, which opens nothing",
    lambda t, p: p is not None and t.playing.shows_only(p),
    note="a `demand_show` (law 60), or under table stakes all he has short of the stake he must meet (A5, law 61)")
