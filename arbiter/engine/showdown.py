"""Who takes the pool, and how much each: ties shared (L76), odd counters in turn (A4),
and a show for a sum (L60), where the player who staked all he had takes a capped share."""

from __future__ import annotations

from typing import Callable, Iterator, Mapping

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
    if game.all_in and shown:
        return SumShares(pool, game, antes_of, order_key).pay(ranked(dict(shown), rules))
    if game.all_in and game.outcome == Outcome.WIN_RECORDED:
        return SumShares(pool, game, antes_of, order_key).pay(iter(recorded_line(winners, game)))
    kind = Outcome.SHARED if len(winners) > 1 else game.outcome or Outcome.SHOW
    return {player: (amount, kind) for player, amount in split_evenly(pool, winners, order_key).items()}


def ranked(contenders: dict[str, list[int]], rules: hands.HandRules) -> Iterator[list[str]]:
    """The hands shown, best first, equal hands together."""
    while contenders:
        best = hands.winners(contenders, rules)
        yield best
        for player in best:
            del contenders[player]


def recorded_line(winners: list[str], game: Game) -> list[list[str]]:
    """The line of hands the recorded wins tell, no hand shown (reading 44): those they name,
    equal and best; after them, where one other player is still in, his hand, the next best
    by the only one left. Where more are, which is next is not known, and what a demander
    named leaves stays with those named, the last in line."""
    others = sorted(game.still_in - set(winners))
    return [winners, others] if len(others) == 1 else [winners]


class SumShares:
    """The pool paid out hand by hand where players showed for a sum (L60, reading 19): a
    demander takes, out of what is left, the antes and straddles of those out when he
    demanded and, from each player then in, up to his own stake of what is left of that
    player's stake; the next best hand takes the rest, by the same rule if it too is a
    demander's. Equal hands share what each may take (L76): a layer that only the larger
    stake reaches goes to him alone."""

    def __init__(self, pool: int, game: Game, antes_of: Callable[[str], int], order_key: Callable[[str], int]) -> None:
        self.remaining = pool
        self.game = game
        self.antes_of = antes_of
        self.order_key = order_key
        # what is left of each source of the pool a demander may claim from: each player's
        # stake, and where antes are no one's stake (a jack-pot), each one's ante
        self.left: dict[tuple[str, str], int] = {("stake", p): s for p, s in game.stakes.items()}
        if game.every_ante:
            self.left.update({("ante", p): antes_of(p) for p in game.stakes})
        # the source each one's ante or straddle lies in, and what is left of it: a stake is taken from its
        # first counters, the ante's, so that a demander after another takes only what the first left of it
        self.ante_source = "ante" if game.every_ante else "stake"
        self.ante_left = {p: antes_of(p) for p in game.stakes}
        self.shares: dict[str, tuple[int, OutcomeName]] = {}

    def pay(self, line: Iterator[list[str]]) -> dict[str, tuple[int, OutcomeName]]:
        """The pool paid down the `line` of hands, best first."""
        last: list[str] = []  # the last hands in line, each a show for a sum (a hand for none takes all that is left)
        for best in line:
            if self.remaining <= 0:
                break
            capped = [p for p in best if p in self.game.all_in]
            self.pay_layers(capped, best)
            uncapped = [p for p in best if p not in self.game.all_in]
            if uncapped:  # a hand that showed for no sum takes all that is left (shared where equal): after
                # a demander's sum, the remainder law 60 gives the next best hand
                after_sum = bool(self.shares or last)  # a better hand showed for a sum, even one of nothing
                kind = Outcome.SHARED if len(best) > 1 else Outcome.SHOW_FOR_SUM if after_sum else Outcome.SHOW
                for player, amount in split_evenly(self.remaining, uncapped, self.order_key).items():
                    self.add(player, amount, kind)
                return self.shares
            last = best
        # the remainder passes down the line of hands (reading 19: "the hand after his the remainder, and so
        # on"), and stays with the last there is
        if self.remaining > 0 and last:
            for player, amount in split_evenly(self.remaining, last, self.order_key).items():
                self.add(player, amount, Outcome.SHOW_FOR_SUM)
        return self.shares

    def rights(self, player: str) -> dict[tuple[str, str], int]:
        """What a demander may take now of each source, by the rule, out of what is left."""
        info = self.game.all_in[player]
        source = self.ante_source
        rights = {(source, q): min(self.ante_left.get(q, 0), self.left.get((source, q), 0)) for q in info["out"]}
        rights.update({("stake", q): min(info["stake"], self.left[("stake", q)]) for q in info["in_game"]})
        if self.game.every_ante and not info["demanded"]:  # all he has is his ante with his stake (A5): his
            # ante is met by each ante in the game, as his stake by each stake
            own = self.antes_of(player)
            rights.update({("ante", q): min(own, self.ante_left.get(q, 0), self.left.get(("ante", q), 0))
                           for q in info["in_game"]})
        return rights

    def pay_layers(self, capped: list[str], best: list[str]) -> None:
        """The demanders among equal best hands, and any equal hand that showed for no sum,
        share each source in layers: up to the least right, all who have it; above, those
        whose right reaches further."""
        if not capped:
            return
        rights = {p: self.rights(p) for p in capped}
        totals: dict[tuple[str, ...], int] = {}
        for source in {s for r in rights.values() for s in r}:
            reach = {p: r.get(source, 0) for p, r in rights.items()}
            reach.update({p: self.left.get(source, 0) for p in best if p not in rights})
            taken = 0
            for level in sorted(set(reach.values())):
                sharers = tuple(sorted((p for p, r in reach.items() if r >= level), key=self.order_key))
                if level > taken and sharers:
                    totals[sharers] = totals.get(sharers, 0) + level - taken
                    taken = level
            self.left[source] = self.left.get(source, 0) - taken
            kind, whose = source
            if kind == self.ante_source and whose in self.ante_left:
                self.ante_left[whose] = max(self.ante_left[whose] - taken, 0)
        for sharers, amount in sorted(totals.items()):
            amount = min(amount, self.remaining)
            for player, share in split_evenly(amount, list(sharers), self.order_key).items():
                kind = Outcome.SHOW_FOR_SUM if player in rights else Outcome.SHARED
                self.add(player, share, kind)

    def add(self, player: str, amount: int, kind: OutcomeName) -> None:
        if amount <= 0:  # a sharer whose share of a layer is nothing is paid nothing: no winner by it
            return
        self.shares[player] = (self.shares.get(player, (0, kind))[0] + amount, kind)
        self.remaining -= amount
