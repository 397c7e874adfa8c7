"""The end of an evening: the night's nets over its logs, and who pays whom (`arbiter settle`).

A player's net is the sum of his nets over the logs (one table or several: a person is
a name, or the names `--alias` joins). What a log left in its pool (an unfinished game,
a jack-pot carried past the last game) belongs to no one yet, so it is never shared out:
the pool is settled as a party of its own, whose keeper is paid what it holds as a
winner is, by whichever of the night's losers the fewest payments name. So every
player's payments, with what he pays into a pool's keeping, come to his net exactly,
and a pool's keeper holds its counters' worth until it is played.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from arbiter.nights import LeftOver, Night
from arbiter.settle import Payment, settle


class PoolPayment(NamedTuple):
    """A player pays into the keeping of a pool left over."""

    payer: str
    pool: LeftOver
    amount: int


class Evening(NamedTuple):
    nights: list[Night]  # every log, in the order given; the invalid ones were left out of the rest
    nets: dict[str, int]  # by person, in the order first met
    payments: list[Payment[str]]  # player to player
    into_pools: list[PoolPayment]

    @property
    def pools(self) -> list[LeftOver]:
        return [night.left_over for night in self.nights if night.left_over]

    @property
    def left_out(self) -> list[Night]:
        return [night for night in self.nights if night.invalid]


def evening(nights: Iterable[Night]) -> Evening:
    """The nets of the nights and their settlement: at most one payment fewer than the
    players with a net and the pools left over, and the fewest there can be up to
    `arbiter.settle.EXACT_UP_TO` of them."""
    nights = list(nights)
    nets: dict[str, int] = {}
    for night in nights:
        for person, net in night.net.items():
            nets[person] = nets.get(person, 0) + net
    pools = [night.left_over for night in nights if night.left_over]
    balances: dict[str | int, int] = {person: net for person, net in nets.items()}
    balances.update((place, pool.amount) for place, pool in enumerate(pools))  # a pool by its place: no name
    payments: list[Payment[str]] = []
    into_pools = []
    for payer, payee, amount in settle(balances):
        assert isinstance(payer, str), "a pool is only ever paid"
        if isinstance(payee, int):
            into_pools.append(PoolPayment(payer, pools[payee], amount))
        else:
            payments.append(Payment(payer, payee, amount))
    return Evening(nights, nets, payments, into_pools)
