"""The numbers a rule may name (`limit`, `highest_stake`, `ante` …): each a function of the board."""

from __future__ import annotations

from typing import Any, Callable, Final

from arbiter.rulebook.vocabulary.board import BoardView
from arbiter.rulebook.vocabulary.functions import ante_bound, ante_owed, owed_to
from arbiter.rulebook.vocabulary.registry import Words
from arbiter.state import Phase

NUMBERS: Final[Words[Callable[[BoardView], Any]]] = Words("number", value="whole")
add = NUMBERS.add


def ante(t: BoardView) -> int:
    """The ante of the game in play, as staked: the table's in a jack-pot (law 30 judges
    each payment against it), or before one is staked. Where a house has every player ante,
    the most any has staked, no more than the ante owed (the table's, or law 19's bound
    below it: an ante at that bound is the ante, L20's reading), which the opening's least
    is reckoned on."""
    game = t.game
    if game is None or game.jackpot:
        return t.table_ante
    if game.every_ante:
        owed = ante_owed(t)
        return min(owed, max(game.antes_paid.values(), default=owed))
    return t.table_ante if game.ante is None else game.ante


add("ante_bound", "the most an ante may be", ante_bound, reads=("max_ante_fraction_of_limit",),
    note="law 19's fraction of the limit; no bound where a house switches law 19 off")
add("ante_owed", "the ante owed", ante_owed, reads=("max_ante_fraction_of_limit",),
    note="the table's, no more than law 19's bound where an ante is within it")
add("limit", "the limit", lambda t: t.limit)
add("table_ante", "the table's ante", lambda t: t.table_ante)


@NUMBERS("raise_limit", "the limit", reads=("limit_multiple_after_draw",),
         note="the most a stake may raise the highest now: the table's limit, in the betting after the draw times "
              "`limit_multiple_after_draw`")
def raise_limit(t: BoardView) -> int:
    after_draw = t.game is not None and t.game.phase in (Phase.BETTING, Phase.SHOW)
    return limit_after_draw(t) if after_draw else t.limit


def limit_after_draw(t: BoardView) -> int:
    """The limit of the betting after the draw (D1): the table's, times the house's multiple."""
    multiple: int = t.parameters["limit_multiple_after_draw"]
    return t.limit * multiple


add("ante", "the ante", ante,
    note="this game's ante as staked, else the table's")
add("last_straddle", "the last straddle", lambda t: t.game.straddles[-1][1] if t.game and t.game.straddles else 0,
    note="0 if none")


@NUMBERS("expected_straddle", "the straddle due",
         reads=("first_straddle_multiple_of_ante", "straddle_increase_antes"),
         note="by D2's parameters")
def expected_straddle(t: BoardView) -> int:
    straddles = t.playing.straddles
    first: int = t.parameters["first_straddle_multiple_of_ante"]
    more: int = t.parameters["straddle_increase_antes"]
    return straddles[-1][1] + more * ante(t) if straddles else first * ante(t)


add("highest_stake", "the highest stake", lambda t: t.game.highest_stake() if t.game else 0,
    note="before this event")
add("preceding_stake", "the preceding stake made in turn",
    lambda t: (t.game.preceding if t.game.phase in (Phase.SAY, Phase.BETTING) else t.game.highest) if t.game else 0,
    note=("in the say and the betting, what the player whose turn it is must meet: the highest stake made in "
          "turn, an early stake counting from its owner's turn; elsewhere the highest stake"))
add("stake_to_meet", "the stake he must meet",
    lambda t: t.stake_to_meet(t.actor) if t.actor is not None else 0,
    note=("at the turn he acts at: the preceding stake made in turn, the early stakes of the turns that pass "
          "before his counting; where his own turn may pass without an act, at the turn he acts at after it (in "
          "the say, where every say to come may pass and the say ends so, the highest stake, met at his turn to "
          "draw); elsewhere than the say and the betting, the highest stake"))


@NUMBERS("stake_made", "the stake made",
         note="the event's stake; under table stakes no more than the player has (A5: one beyond it is all he has)")
def stake_made(t: BoardView) -> int:
    return whole_made(t, t.event.get("stake") or 0)


def whole_made(t: BoardView, whole: int) -> int:
    """A whole stake or straddle as made: what it adds to his stake, under table stakes, no more than he has."""
    own = t.playing.stakes.get(t.actor, 0) if t.game and t.actor else 0
    return own + t.within_stack(t.actor, whole - own) if t.actor and whole > own else whole


@NUMBERS("amount_made", "the ante or straddle made",
         note=("the event's amount; under table stakes no more than the player has (A5: an ante or straddle beyond "
               "it is all he has, and the laws count the one made)"))
def amount_made(t: BoardView) -> int:
    amount: int = t.event.get("amount") or 0
    if t.event.get("type") == "straddle":  # a straddle is his whole stake, an ante what he adds to it
        return whole_made(t, amount)
    return t.within_stack(t.actor, amount) if t.actor else amount


add("early_increase", "the increase the actor's early stake makes, his turn come",
    lambda t: t.playing.early_increase(t.actor) if t.game and t.actor else 0,
    note=("his stake made out of turn less the preceding stake made in turn: it counts from his turn, as the "
          "last increase, the others' early stakes counting from theirs (SPEC 24); 0 where he has none"))
add("increase", "the increase over the highest stake",
    lambda t: stake_made(t) - t.playing.highest_raised(),
    note=("the stake made minus the highest stake so far (stakes made out of turn included: the most a stake "
          "may be is the highest so far plus the limit); before the game is opened in the say, minus the ante's or "
          "the last straddle's, an early stake counting only from its owner's turn (his `early_increase`, judged "
          "when it comes)"))


@NUMBERS("opening_base", "the ante (or the last straddle)",
         note="what the `opening_base` setting names")
def opening_base(t: BoardView) -> Any:
    setting = t.setting("opening_base")
    return setting.named["value"](t) if setting else None


def opening_least(t: BoardView) -> int:
    """The least stake that opens (law 25: the multiple of the ante, or the last straddle),
    as `next` offers it and the story measures a first stake in turn against it."""
    return int(opening_base(t) or 0) * int(t.parameters["opening_multiple_of_ante"])


add("jackpot_number", "the jack-pot's number in its series",
    lambda t: (t.game.jackpot or {}).get("number", 0) if t.game else 0,
    note="0 in an ordinary game")


def dealer_drew(t: BoardView) -> int | None:
    """The cards the dealer drew: those given him in the draw, and those still owed him in
    it (the rest of a give the pack ran out in, L41; cards exposed, L40): his draw is not
    over until he has them; none once he stood pat, lost his draw (L38), or retired
    without drawing (he still serves the draw, L18); unknown (None) before he has drawn."""
    game = t.game
    if game is None:
        return None
    if game.dealer_drew is not None:
        return game.dealer_drew + owed_to(t.playing.deal.hands[game.dealer])
    stood_pat = t.playing.deal.hands[game.dealer].discarded == 0
    out = game.dealer in game.forfeited_draw or game.dealer not in game.still_in
    return 0 if stood_pat or out else None


add("dealer_drew", "the number of cards the dealer drew", dealer_drew,
    note=("cards given to the dealer in the draw, and those still owed him in it (L40, L41); 0 where he stood pat, "
          "lost his draw or retired without drawing"))
add("jackpot_minimum", "the least hand that may open this jack-pot",
    lambda t: (t.game.jackpot or {}).get("openers") if t.game else None, value="hand",
    reads=("jackpot_openers", "jackpot_series_after_last"),
    note="e.g. `QQ`")
