"""Who takes the pool, and how much each: ties shared (L76), odd counters in turn (A4),
and a show for a sum (L60), where the player who staked all he had takes a capped share."""

from __future__ import annotations

from typing import Callable, Mapping

from arbiter import hands
from arbiter.state import Game, Outcome, OutcomeName


def split_evenly(amount: int, sharers: list[str], order_key: Callable[[str], int]) -> dict[str, int]:
    """Equal shares; the odd counters one each to the sharers in turn from the start of `order_key`."""
    base, odd = divmod(amount, len(sharers))
    shares = {p: base for p in sharers}
    for player in sorted(sharers, key=order_key)[:odd]:
        shares[player] += 1
    return shares


def share_pool(pool: int, winners: list[str], game: Game, shown: Mapping[str, list[int]],
               rules: hands.HandRules, order_key: Callable[[str], int],
               antes_of: Callable[[str], int]) -> dict[str, tuple[int, OutcomeName]]:
    """Each winner's amount and how he won it (`show`, `shared`, `show_for_sum`, …)."""
    shares: dict[str, tuple[int, OutcomeName]] = {}
    remaining = pool
    if not (game.all_in and shown):
        kind = Outcome.SHARED if len(winners) > 1 else game.outcome or Outcome.SHOW
        for player, amount in split_evenly(remaining, winners, order_key).items():
            shares[player] = (amount, kind)
        return shares
    contenders = dict(shown)
    while remaining > 0 and contenders:
        best = hands.winners(contenders, rules)
        capped = [p for p in best if p in game.all_in]
        if not capped:
            kind = Outcome.SHARED if len(best) > 1 else Outcome.SHOW
            for player, amount in split_evenly(remaining, best, order_key).items():
                shares[player] = (shares.get(player, (0, kind))[0] + amount, kind)
            return shares
        for player in sorted(capped, key=order_key):
            info = game.all_in[player]
            claim = sum(antes_of(q) for q in info["out"])  # a jack-pot's: each one's jack-pot ante
            claim += sum(min(game.stakes[q], info["stake"]) for q in info["in_game"])
            claim = min(claim, remaining)
            shares[player] = (shares.get(player, (0, Outcome.SHOW_FOR_SUM))[0] + claim, Outcome.SHOW_FOR_SUM)
            remaining -= claim
            del contenders[player]
    if remaining > 0 and shares:
        first = sorted(shares, key=order_key)[0]
        shares[first] = (shares[first][0] + remaining, shares[first][1])
    return shares
