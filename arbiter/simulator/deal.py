"""The deal (laws 2-22): taking up the pack, shuffle and cut, ante and straddles, the cards.

A misdeal (laws 8, 10, 12) voids the deal: the same dealer deals again, with no new
ante or straddles (SPEC §3.7); the game goes on with the new deal.
"""

from __future__ import annotations

from arbiter.simulator.deck import Pack
from arbiter.simulator.game import CARDS_PER_HAND, Game

MISDEAL = "misdeal"


def play_deal(game: Game, redeal: bool = False) -> str | None:
    """One deal of the game, from the `deal` event to the last card; MISDEAL if void."""
    game.deals += 1
    game.phase = "before_deal"
    game.pack = Pack(game.rng)
    game.hands = {p: [] for p in game.players}
    game.still_in = set(game.players) - game.foul
    game.card_mode = "cards" if game.rng.random() < 0.2 else "dealt"
    at = game.emit("deal", dealer=game.dealer)
    game.plant.deal_event(game, at, redeal)
    if not game.plant.shuffle_and_cut(game):
        shuffle_and_cut(game)
    if not redeal:
        if game.jackpot:
            if not game.plant.jackpot_antes(game):
                jackpot_antes(game)
        else:
            if not game.plant.ante(game):
                stake_ante(game)
            if not game.plant.straddles(game):
                straddles(game)
    outcome = game.plant.deal_cards(game)
    if outcome is None:
        deal_cards(game, game.deal_order())
    if outcome == MISDEAL:
        return MISDEAL
    game.phase = "say"
    return None


def shuffle_and_cut(game: Game, shuffle: bool = True, cut: str | None = "right") -> None:
    """The dealer shuffles (another may shuffle first, law 3); his right-hand player cuts."""
    rng = game.rng
    if rng.random() < 0.08:
        other = rng.choice([p for p in game.players if p != game.dealer])
        game.emit("shuffle", player=other)
    if shuffle:
        game.emit("shuffle", player=game.dealer)
    if cut == "right":
        game.emit("cut", player=game.seats.right_of(game.dealer))
    elif cut is not None:
        game.emit("cut", player=cut)


def stake_ante(game: Game, player: str | None = None, amount: int | None = None) -> int:
    """The ante, by the player to the dealer's left (L20), at most half the limit (L19)."""
    player = player or game.ante_due()
    amount = amount or game.table_ante
    at = game.emit("ante", player=player, amount=amount)
    if game.ante is None:
        game.ante, game.ante_staker = amount, player
    game.set_stake(player, game.stakes[player] + amount)
    return at


def jackpot_antes(game: Game, skip: str | None = None) -> None:
    """In a jack-pot every player pays an ante into the pool (L30, L31)."""
    for player in game.in_turn_from(game.seats.left_of(game.dealer)):
        if player == skip:
            continue
        game.emit("ante", player=player, amount=game.table_ante)
        game.antes_paid[player] = game.table_ante
        game.pay_in(game.table_ante, player)


def straddle(game: Game, player: str, amount: int) -> int:
    at = game.emit("straddle", player=player, amount=amount)
    game.straddles.append((player, amount))
    game.set_stake(player, max(amount, game.stakes[player]))
    return at


def straddles(game: Game, chance: float = 0.2) -> None:
    """Sometimes straddles: No. 1 (left of the ante) doubles the ante, each next adds an
    ante (D2), in turn up to the dealer (L21), never above half the limit (L22)."""
    rng = game.rng
    if rng.random() >= chance:
        return
    ante = game.ante_amount()
    who = game.seats.left_of(game.ante_holder())
    amount = 2 * ante
    while 2 * amount <= game.limit:
        straddle(game, who, amount)
        if who == game.dealer or rng.random() >= 0.4:
            return
        who = game.seats.left_of(who)
        amount += ante


def deal_cards(game: Game, order: list[str]) -> None:
    """The cards, one at a time in turn (`card` events) or as one `dealt` event."""
    cards = game.pack.draw(len(order))
    for player, card in zip(order, cards):
        game.hands[player].append(card)
    if game.card_mode == "dealt":
        game.first_card_at = game.finished_at = game.emit("dealt", hands=game.dealt_hands())
        return
    for i, (player, card) in enumerate(zip(order, cards)):
        named = game.recorded([card])
        at = game.emit("card", to=player, card=named[0] if named else None)
        if i == 0:
            game.first_card_at = at
    game.finished_at = game.record.last


__all__ = ["MISDEAL", "CARDS_PER_HAND", "play_deal", "shuffle_and_cut", "stake_ante", "jackpot_antes",
           "straddle", "straddles", "deal_cards"]
