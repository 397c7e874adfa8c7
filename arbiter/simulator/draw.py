"""The draw (laws 34-51, D4): in turn from the dealer's left, the dealer last, each player
still in makes good his stake or passes, discards, asks for as many cards and is given
them. When the pack runs short, the discards are gathered, shuffled and cut (L41).
"""

from __future__ import annotations

from arbiter.simulator import play
from arbiter.simulator.deck import Pack
from arbiter.simulator.game import Game
from arbiter.simulator.showdown import uncalled


def play_draw(game: Game) -> None:
    game.phase = "draw"
    order = game.draw_order()
    done: list[str] = []
    while not game.resolved:
        pending = [p for p in order if p not in done and p in game.still_in]
        if not pending:
            break
        player = pending[0]
        if game.plant.draw_turn(game, player, pending, done):
            continue
        draw_turn(game, player, order, done)
    if game.resolved:
        return
    game.plant.after_draw(game)
    if not game.resolved:
        ask_dealer(game)


def make_good(game: Game, player: str) -> bool:
    """D4: a player short of the highest stake makes it equal, or passes. False if he passed."""
    highest = game.highest()
    if game.stakes[player] >= highest:
        return True
    if play.wants_to_play(game.rng, game.hands[player], True, highest - game.stakes[player], game.limit):
        game.emit("play", player=player, stake=highest)
        game.set_stake(player, highest)
        return True
    at = game.emit("pass", player=player)
    game.retire(player)
    if len(game.still_in) == 1:
        uncalled(game, next(iter(game.still_in)), at)
    return False


def discard(game: Game, player: str, cards: list[int]) -> int:
    at = game.emit("discard", player=player, count=len(cards), cards=game.recorded(cards) if cards else None)
    for card in cards:
        game.hands[player].remove(card)
    game.discards.extend(cards)
    game.discarded[player] = len(cards)
    return at


def demand(game: Game, player: str, count: int) -> int | None:
    """The demand is recorded most of the time (the dealer's own, seldom)."""
    if game.rng.random() < (0.15 if player == game.dealer else 0.85):
        return game.emit("demand", player=player, count=count)
    return None


def give(game: Game, player: str, count: int, cards: list[int] | None = None) -> int:
    cards = game.pack.draw(count) if cards is None else cards
    at = game.emit("give", to=player, count=count, cards=game.recorded(cards))
    game.hands[player].extend(cards)
    game.given[player] = game.given.get(player, 0) + count
    if player == game.dealer:
        game.dealer_drew = game.given[player]
    return at


def draw_turn(game: Game, player: str, order: list[str], done: list[str]) -> None:
    """One player's turn to draw: make good, discard, demand, be given the cards."""
    if not make_good(game, player):
        return
    thrown = game.plant.discards(game, player)
    if thrown is None:
        thrown = play.discards(game.rng, game.hands[player])
    discard(game, player, thrown)
    done.append(player)
    if not thrown:
        return
    demand(game, player, len(thrown))
    if len(game.pack) < len(thrown):
        if not game.plant.pack_short(game, player):
            make_up_pack(game, order, done)
        return
    give(game, player, len(thrown))
    if game.rng.random() < 0.1:
        game.emit("lift", player=player)
        game.drawn_lifted.add(player)


def make_up_pack(game: Game, order: list[str], done: list[str]) -> None:
    """L41: the pack cannot supply the player: those yet to draw discard, then the dealer;
    the discards are collected, shuffled and cut; the players are supplied in turn."""
    for player in [p for p in order if p not in done and p in game.still_in]:
        if not make_good(game, player):
            if game.resolved:
                return
            continue
        thrown = play.discards(game.rng, game.hands[player])
        discard(game, player, thrown)
        done.append(player)
        if thrown and player != game.dealer:
            demand(game, player, len(thrown))
    at = collect_discards(game)
    game.expect("L41", None, at, "ruling", planted=False,
                what="the pack ran short: the discards were collected, shuffled and cut")
    for player in order:
        owed = game.discarded.get(player, 0) - game.given.get(player, 0)
        if player in game.still_in and owed > 0:
            give(game, player, owed)


def collect_discards(game: Game) -> int:
    """The discards made into a pack under the rest of the old one, shuffled by the dealer
    and cut by the player on his right (L41); the index of the `collect_discards` event."""
    at = game.emit("collect_discards", cards=game.recorded(game.discards) or None)
    stub = game.pack.cards
    game.pack = Pack(game.rng, game.discards)
    game.pack.cards.extend(stub)
    game.discards = []
    game.emit("shuffle", player=game.dealer)
    game.emit("cut", player=game.seats.right_of(game.dealer))
    return at


def ask_dealer(game: Game) -> None:
    """Now and then a player who has drawn asks how many cards the dealer drew (L49)."""
    if game.rng.random() >= 0.06 or game.dealer not in game.discarded or game.dealer not in game.still_in:
        return
    askers = [p for p in game.draw_order() if p in game.still_in and p != game.dealer
              and p in game.discarded and p not in game.drawn_lifted]
    if not askers:
        return
    asker = game.rng.choice(askers)
    game.emit("ask_dealer", player=asker)
    game.emit("dealer_answer", count=game.dealer_drew or 0)
