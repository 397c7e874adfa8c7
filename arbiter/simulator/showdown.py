"""Who takes the pool: the one left in (L58), the best hand shown (L59, L65-L76), equal
hands sharing (L76, A4), a show for a sum (L60); a jack-pot opener shows his original
hand and, without the minimum, cannot claim the pool (L33)."""

from __future__ import annotations

from arbiter import hands
from arbiter.simulator.deck import names
from arbiter.simulator.game import CARDS_PER_HAND, PENALTY_ANTES, Game, jackpot_of


def original_shown(game: Game, player: str) -> list[str] | None:
    """The `original` a jack-pot opener shows with his hand (law 33); where the log names
    no card of his, now and then he shows none. A hand shown by one who drew no card is
    the hand dealt him, known by the show itself."""
    if not game.jackpot or player != game.opener:
        return None
    if sorted(game.hands[player]) == sorted(game.original[player]):
        game.opener_known = True
    if not game.opener_known and game.rng.random() < 0.4:
        return None
    game.opener_known = True
    return names(game.original[player])


def must_show(game: Game, claimants: set[str], at: int | None) -> None:
    """L33, a ruling: the jack-pot opener wins (or takes the rest after a show for a sum)
    and his original hand is nowhere in the log; he must show it, and no penalty is assumed
    (SPEC §3.18). `at`: the event at which arbiter settles his claim (his show naming it,
    or the game's last event: `claim_unshown`)."""
    if game.jackpot and game.opener in claimants and not game.opener_known and at is not None:
        game.expect("L33", game.opener, at, "ruling", planted=False,
                    what=f"{game.opener} opened the jack-pot and won; his original hand is not known")


def claim_unshown(game: Game) -> None:
    """The game is over: an opener's claim that no show of his settled is judged at its
    last event, whatever came after the pool was paid (reading 47)."""
    must_show(game, game.claimants, game.record.last)


def _opener_claims(game: Game, claimants: set[str], at: int | None) -> bool:
    """Law 33 when the opener's hand is known, at his show (reading 47): False if he may
    not claim the pool. `claimants`: the best hands, and those the pool would pay."""
    if not game.jackpot or game.opener not in claimants or not game.opener_known:
        return True
    if hands.meets_minimum(game.original[game.opener], game.jackpot["openers"]):
        return True
    penalty = PENALTY_ANTES * game.table_ante
    game.expect("L33", game.opener, at,
                what=f"{game.opener} opened the jack-pot without {game.jackpot['openers']} and won: "
                     f"he cannot claim, pays {penalty}")
    game.pay_in(penalty, game.opener)
    game.next_jackpot = jackpot_of(game.jackpot["number"] + 1)
    game.winners = []
    return False


def uncalled(game: Game, winner: str, at: int) -> None:
    """All the others have passed or retired: he takes the pool without a show (L58)."""
    game.resolved = True
    game.won_uncalled = True
    game.phase = "over"
    settled = None
    if game.jackpot and winner == game.opener and len(game.hands[winner]) == CARDS_PER_HAND \
            and winner not in game.unshowable:
        settled = game.emit("show", player=winner, cards=game.hand_names(winner),
                            original=original_shown(game, winner))
    # an opener's claim waits for his show (reading 47); unshown, a false opener's is judged
    # at the game's last event, the pass, as nothing of the game follows it
    if _opener_claims(game, {winner}, at if settled is None else settled):
        pay(game, {winner: game.session.pool})
        if settled is None:
            game.claimants = {winner}
        else:
            must_show(game, {winner}, settled)


def split(amount: int, sharers: list[str], game: Game) -> dict[str, int]:
    """Equal shares; odd counters one each from the dealer's left (A4)."""
    ordered = sorted(sharers, key=game.seats.order_key(game.seats.left_of(game.dealer)))
    base, odd = divmod(amount, len(ordered))
    return {p: base + (1 if i < odd else 0) for i, p in enumerate(ordered)}


def shares(game: Game, shown: dict[str, list[int]]) -> dict[str, int]:
    """What each winner takes (L59, L60, L76)."""
    if not game.all_in:
        return split(game.session.pool, hands.winners(shown), game)
    paid: dict[str, int] = {}
    remaining = game.session.pool
    # a source of the pool: ("stake", p) what is left of p's stake; in a jack-pot ("ante", p) his ante
    left = {("stake", p): amount for p, amount in game.stakes.items()}
    if game.jackpot:
        left.update({("ante", p): game.refundable(p) for p in game.stakes})
    contenders = dict(shown)
    while remaining > 0 and contenders:
        best = hands.winners(contenders)
        claims = {p: _claims(game, p, left) for p in best if p in game.all_in}
        # counter by counter: the n-th counter of a source goes to all of the best whose claim on it reaches n
        pots: dict[tuple[str, ...], int] = {}
        for source in sorted({s for c in claims.values() for s in c}):
            reach = {p: claims[p].get(source, 0) if p in claims else left.get(source, 0) for p in best}
            for n in range(1, max(reach.values(), default=0) + 1):
                takers = tuple(p for p in best if reach[p] >= n)
                pots[takers] = pots.get(takers, 0) + 1
                left[source] -= 1
        for takers, amount in pots.items():
            for p, share in split(min(amount, remaining), list(takers), game).items():
                if share:  # nothing paid, no winner
                    paid[p] = paid.get(p, 0) + share
                    remaining -= share
        free = [p for p in best if p not in game.all_in]
        if free:  # one who showed for no sum takes all the rest
            for p, amount in split(remaining, free, game).items():
                paid[p] = paid.get(p, 0) + amount
            return paid
        for player in best:
            del contenders[player]
    if remaining > 0 and paid:
        first = sorted(paid, key=game.seats.order_key(game.seats.left_of(game.dealer)))[0]
        paid[first] += remaining
    return paid


def _claims(game: Game, player: str, left: dict[tuple[str, str], int]) -> dict[tuple[str, str], int]:
    """A demander's claim on each source, out of what is left of it (reading 19): the ante or
    straddle of each player out when he demanded, up to his stake of each one then in."""
    info = game.all_in[player]
    kind = "ante" if game.jackpot else "stake"
    claims = {(kind, q): min(game.refundable(q), left.get((kind, q), 0)) for q in info["out"]}
    claims.update({("stake", q): min(info["stake"], left[("stake", q)]) for q in info["in_game"]})
    return claims


def pay(game: Game, paid: dict[str, int]) -> int | None:
    """The winners take their shares: one `win` event each, from the dealer's left. The
    index of the first `win` event."""
    key = game.seats.order_key(game.seats.left_of(game.dealer))
    game.winners = sorted(paid, key=key)
    first = None
    for player in game.winners:
        if not game.plant.win(game, player, paid[player]):
            game.emit("win", player=player, amount=paid[player] if paid[player] > 0 else None)
        first = game.record.last if first is None else first
        game.session.net[player] += paid[player]
        game.session.pool -= paid[player]
    return first


def show(game: Game, start: str) -> None:
    """The hands are shown from `start` round; the best takes the pool."""
    game.phase = "show"
    contenders = [p for p in game.in_turn_from(start) if p in game.still_in]
    at = None
    for player in contenders:
        cards = game.plant.shown_cards(game, player)
        if cards is None:
            cards = game.hands[player]
        at = game.emit("show", player=player, cards=names(cards), original=original_shown(game, player))
        if len(cards) != CARDS_PER_HAND:
            game.expect("L64", player, at, what=f"{player} showed {len(cards)} cards: a foul hand")
            game.make_foul(player)
    game.resolved = True
    game.phase = "over"
    shown = {p: game.hands[p] for p in contenders if p in game.still_in}
    paid = shares(game, shown)
    claimants = {*hands.winners(shown), *paid}
    if _opener_claims(game, claimants, at):  # a show naming no original settles nothing: the game's end does
        pay(game, paid)
        game.claimants = claimants
