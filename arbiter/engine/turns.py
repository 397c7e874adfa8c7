"""Whose turn it is, and who may act in turn now, in the say and in the betting.

One model serves both rounds, the replay's judgements and `arbiter table`'s "next".
A round has an order of seats fixed when it opens (the rules' `say_order` and
`bet_order`) and a pointer. An act out of turn stands (the counters are in the pool)
but does not move the pointer: the actor's stake is held as his *early* stake until
the pointer reaches him. There, if what he left already meets his turn (in the say,
always: a short stake is made good at the draw; in the betting, a stake at least the
preceding in-turn stake), his turn is optional: he may act again, or the next player
may act, and then his turn passes without an act, his early stake counting from that
moment (as the last increase, where it is one). A player whose early stake is short
must act himself when his turn comes.

The *chain* is the list of players who may act in turn now: the one at the pointer,
and, while he is an early actor whose turn may pass, the next after him.
"""

from __future__ import annotations

from arbiter.rulebook.vocabulary.board import BoardView
from arbiter.seats import Seating
from arbiter.state import Game, Phase


def active(game: Game) -> set[str]:
    """The players who still take part in the betting: in the game, not shown for a sum."""
    return {p for p in game.still_in if bets(game, p)}


def bets(game: Game, player: str) -> bool:
    """Does this player still take part in the betting (one of `active`)? Not one who has
    staked all he has (A5), but for one who did so out of turn with a stake that meets the
    preceding one: it counts from his turn (SPEC 24), and until then his turn is to come."""
    return player in game.still_in and (player not in game.all_in or (
        player in game.early and not game.shows_only(player)))


def next_bettor(game: Game, seating: Seating, start: str, include_self: bool = False) -> str | None:
    """The first player from `start` (or after him) going left who still bets."""
    for player in seating.round_from(start) if include_self else seating.going_left_from(start):
        if bets(game, player):
            return player
    return None


def betting_closes(game: Game, preceding: int, acted: set[str]) -> bool:
    """The betting ends when all the stakes of the players still betting equal the last
    increase and every one of them has acted since it, or when fewer than two of them are
    left with their stakes equal (no one to bet against: the others passed, or showed for
    a sum, L61, or staked all they have, A5)."""
    players = active(game)
    return all(game.stakes[p] == preceding for p in players) and (players <= acted or len(players) < 2)


def say_chain(game: Game) -> list[str]:
    """Who may say in turn now: the first in the say's order yet to say, and past him
    while he is one who has already said out of turn or staked all he has (A5)."""
    if game.say is None:
        return []
    return game.say.up_to(game.still_in, game.early.union(game.all_in) if game.all_in else game.early)


def bet_pointer(game: Game, seating: Seating) -> str | None:
    """Whose turn it is to bet: the pointer, moved past a player who has left the betting."""
    pointer = game.bet_turn
    if pointer is not None and not bets(game, pointer):
        pointer = next_bettor(game, seating, pointer)
    return pointer


def bet_chain(game: Game, seating: Seating) -> list[str]:
    """Who may bet in turn now: the player at the pointer and, while he bet early a stake
    that meets the preceding one, the next after him, up to where the betting would end;
    where the turns come round to the first of them again, his second turn last."""
    player = bet_pointer(game, seating)
    if not game.early:  # no one acted early: only the pointer's turn is open (most acts)
        return [] if player is None else [player]
    chain: list[str] = []
    preceding, acted = game.preceding, set(game.acted_since_raise)
    while player is not None:
        if player in chain:  # round again to one whose early stake has counted: now he meets the raises after it
            chain.append(player)
            break
        chain.append(player)
        early = game.early_stake(player)
        if early is None or early < preceding:
            break
        preceding, acted = early_turn_passes(preceding, acted, player, early)
        if betting_closes(game, preceding, acted):
            break
        player = next_bettor(game, seating, player)
    return chain


def early_turn_passes(preceding: int, acted: set[str], player: str, early: int) -> tuple[int, set[str]]:
    """The preceding stake and those who acted since it, once an early bettor's turn passes
    with his stake (one that meets the preceding stake): a raise where it is more."""
    return (early, {player}) if early > preceding else (preceding, acted | {player})


def closes_when_passed(game: Game, chain: list[str]) -> bool:
    """Would the betting close once each turn of the chain passes without an act (every one
    of them an early bettor's stake that meets the preceding one)?"""
    preceding, acted = game.preceding, set(game.acted_since_raise)
    for player in chain:
        early = game.early_stake(player)
        if early is None or early < preceding:
            return False
        preceding, acted = early_turn_passes(preceding, acted, player, early)
    return betting_closes(game, preceding, acted)


def ends_when_passed(game: Game, chain: list[str]) -> bool:
    """Would the round end once each turn of the chain passes without an act? In the
    betting, when it closes; in the say, when every say still to come may pass so."""
    if game.phase == Phase.BETTING:
        return closes_when_passed(game, chain)
    return all(optional(game, p, betting=False) for p in game.the_say().pending(game.still_in))


def optional(game: Game, player: str, betting: bool) -> bool:
    """May this player's turn pass without an act? Yes for one who acted early and, in
    the betting, left a stake that meets the preceding one; in the say, for one who has
    staked all he has (an ante or straddle of all his counters, A5): he can stake no more."""
    early = game.early_stake(player)
    if early is None:
        return not betting and player in game.all_in
    return not betting or early >= game.preceding


def hold_early(game: Game, player: str) -> None:
    """A stake made out of turn is held as early until its maker's turn is taken; that turn
    is yet to come (`come`)."""
    game.early.add(player)
    game.come.discard(player)


def take_say_turn(game: Game, player: str, staked: bool, raises: bool = True) -> None:
    """A player's say is taken, by an act or, for an early sayer, silently: his stake is
    the preceding one from now (unless it `raises` no one: a show demanded for a sum, L61).
    Once a say taken is a stake, the game is opened in turn: later players meet the
    preceding stake, no longer the opening minimum."""
    game.early.discard(player)
    game.the_say().take(player)
    if raises and player in game.still_in:
        game.preceding = max(game.preceding, game.stakes[player])
        game.in_turn[player] = game.stakes[player]
    game.say_staked = game.say_staked or staked


def take_bet_turn(game: Game, seating: Seating, player: str, raises: bool = True) -> None:
    """A player's turn to bet is taken, by an act or, for an early bettor, silently: his
    stake counts from now (the last increase, where it is one), and the turn moves on. A
    demand for a show raises no one, whatever its sum (L61): `raises` is false."""
    game.early.discard(player)
    stake = game.stakes[player]
    if raises and player in game.still_in:
        game.in_turn[player] = stake
    if raises and player in game.still_in and stake > game.preceding:  # one who staked all he has may have raised
        game.preceding = stake
        game.acted_since_raise = {player}
    else:
        game.acted_since_raise.add(player)
    game.bet_turn = next_bettor(game, seating, player)


def take_turn(game: Game, seating: Seating, player: str) -> None:
    """A player's turn in the round in force (the say or the betting) is taken."""
    if game.phase == Phase.SAY:
        shows = game.shows_only(player)  # a show for a sum raises no one and opens nothing (L61)
        take_say_turn(game, player, staked=player in game.still_in and not shows, raises=not shows)
    else:
        take_bet_turn(game, seating, player)


def short_at_turn(game: Game, chain: list[str]) -> bool:
    """Is the last of the chain an early actor short of the stake he must meet at his turn,
    once the turns before his pass?"""
    return short_of(game, *minimums(game, chain)[-1])


def short_of(game: Game, player: str, least: int) -> bool:
    """Is this early actor's stake short of `least`, the stake he must meet at his turn (he
    has not shown for a sum)? He makes good or passes then (item 24)."""
    early = game.early_stake(player)
    return early is not None and early < least and player not in game.all_in


def minimums(game: Game, chain: list[str]) -> list[tuple[str, int]]:
    """Each player of the chain with the stake he must meet if he acts now: the preceding
    in-turn stake, raised by the early stakes of those whose turns pass before his, but
    for a show for a sum, which raises no one (L61)."""
    preceding, out = game.preceding, []
    for player in chain:
        out.append((player, preceding))
        early = game.early_stake(player)
        if early is not None and not game.shows_only(player):
            preceding = max(preceding, early)
    return out


class Turns:
    """Whose turn it is on one board, by the orders its rules in force set: the one place
    the replay's judgements, `arbiter table`'s "next" and `arbiter serve` ask."""

    def __init__(self, board: BoardView) -> None:
        self.board = board

    def chain(self) -> list[str]:
        """Who may act in turn now in the say or the betting."""
        game = self.board.game
        if game is None:
            return []
        if game.phase == Phase.SAY:
            return say_chain(game)
        if game.phase == Phase.BETTING:
            return bet_chain(game, self.board.seating)
        return []

    def stake_to_meet(self, player: str) -> int:
        """In the say, the preceding stake made in turn; but where every say still to come
        may pass without an act (early sayers', his own among them) and the say ends so, the
        highest stake, met at his turn to draw. In the betting, the least at his last turn in
        the chain: an early bettor whose turn may pass acts where it comes round again, the
        early stakes of the turns passing before it counting (item 24). Elsewhere the
        highest stake."""
        game = self.board.game
        if game is None:
            return 0
        if game.phase == Phase.SAY:
            return game.highest if ends_when_passed(game, []) else game.preceding
        if game.phase == Phase.BETTING:
            at_his = [least for turn, least in minimums(game, self.chain()) if turn == player]
            return at_his[-1] if at_his else game.preceding
        return game.highest

    def of(self, round_name: str) -> str | None:
        """Whose turn it is in a round: `deal`, `straddle`, `say`, `draw`, `bet`, `show`."""
        board = self.board
        game = board.playing
        if round_name == "say":
            return game.say.next(game.still_in) if game.say else None
        if round_name == "draw":
            return game.draw.next(game.still_in) if game.draw else None
        if round_name == "bet":
            return bet_pointer(game, board.seating)
        if round_name == "deal":
            due = self.deal_due()
            return due[0] if due else None
        if round_name == "show":
            due = self.show_due()
            return due[0] if due else None
        if round_name == "straddle":
            due = self.straddlers()
            return due[0] if due else None
        raise ValueError(f"unknown round {round_name!r}")

    def deal_due(self) -> list[str]:
        """Who may be given the next card in turn (L7's reading): one passed over by a card
        out of order, his card to be made good, and the next going left of the last to
        receive one, passing any who holds his hand."""
        deal = self.board.playing.deal
        following = self.next_in_deal()
        return [*deal.passed_over, *([following] if following and following not in deal.passed_over else [])]

    def next_in_deal(self) -> str | None:
        """The next going left of the last to receive a card who is still short of a hand
        (the first of the deal order before any card)."""
        board = self.board
        deal = board.playing.deal
        if deal.last_to is None:
            order = board.setting("deal_order")
            return order.named["first"](board) if order else None
        left, short = board.seating.left_of(deal.last_to), board.parameters["cards_per_hand"]
        if deal.hands[left].count < short:  # most cards: the next to the left
            return left
        # round to the last to receive himself: the dealer left short by a `dealt` deals himself next
        return next((p for p in board.seating.round_from(left) if deal.hands[p].count < short), left)

    def straddlers(self) -> list[str]:
        """Who may straddle in turn now, by the rules' `straddle_order`: its first player
        (No. 1, left of the ante) until he straddles ("if he does not straddle, no other
        player shall do so"); after him, any player past the furthest in the order who has
        straddled, up to its last (the dealer). Those a straddle passes over may not
        straddle afterwards, and an irregular straddle sends the turn back to no one. No
        one straddles before the ante is staked (Peel: "after 'ante' has staked"), where
        every player antes (a jack-pot), or after a misdeal made once the cards came, before
        the new deal or in it, which needs no new straddles (reading 7)."""
        board = self.board
        order = board.setting("straddle_order")
        if order is None:
            return []
        game = board.playing
        if game.every_ante or game.ante is None or game.void_deal_dealt():
            return []
        first = order.named["first"](board)
        if first not in board.seating:
            return []
        if first not in (p for p, _ in game.straddles):
            return [first]
        last = order.named["last"](board)
        ring = board.seating.round_from(first)
        ring = ring[: ring.index(last) + 1] if last in ring else ring
        return ring[max(ring.index(p) for p, _ in game.straddles if p in ring) + 1:]

    def first_bettor(self) -> str | None:
        """Who bets first after the draw, by the rules' `bet_order`."""
        first = self.board.first_named(self.board.required("bet_order"),
                                       "the order of betting in force names no player to bet first")
        return next_bettor(self.board.playing, self.board.seating, first, include_self=True)

    def show_due(self) -> list[str]:
        """The hands still due at the show, in the order the rules' `show_order` sets; where
        it names no one (no stake in the betting made the stakes equal: it closed as it
        began, or on a raise no one called), in the betting's order, from the seat it begins
        at."""
        board = self.board
        game = board.playing
        order = board.setting("show_order")  # without it, in the order the players are seated
        first = (order.named["first"](board) or board.required("bet_order").named["first"](board)) if order else None
        ring = board.seating.round_from(first or board.seating.players[0])
        return [p for p in ring if p in game.still_in and p not in game.shown]
