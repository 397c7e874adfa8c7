"""The fewest payments that settle a night's nets: who pays whom, in whole counters.

A leaf, pure arithmetic over balances that sum to zero (a party that lost is negative).
Each zero-sum group of k parties settles in k - 1 payments, and no group can do
better, so the fewest payments in all is the number of parties less the most groups
that the parties can be split into, each summing to zero. Finding that split is NP-hard
in general (it contains subset-sum); with at most `EXACT_UP_TO` parties it is found
exactly, by a search over the subsets (2^n · n steps: some 50,000 for 12 parties).
Beyond that the parties are settled as one group, which still takes at most n - 1
payments, the bound promised for any number.

Inside a group the largest debtor pays the largest creditor as much as either can take;
each payment clears at least one of them and the last clears both, hence k - 1. Ties go
to the party given first, so the same balances always give the same payments.
"""

from __future__ import annotations

from typing import Generic, Hashable, Mapping, NamedTuple, Sequence, TypeVar

P = TypeVar("P", bound=Hashable)

EXACT_UP_TO = 12  # parties with a balance: 2^12 subsets are searched in a few milliseconds


class Payment(NamedTuple, Generic[P]):
    payer: P
    payee: P
    amount: int


def settle(balances: Mapping[P, int]) -> list[Payment[P]]:
    """The payments, in the order they are found, that bring every balance to zero: at
    most one fewer than the parties with a balance, and exactly the fewest when those
    are no more than `EXACT_UP_TO`. Raises ValueError if the balances do not sum to zero."""
    if sum(balances.values()) != 0:
        raise ValueError(f"balances must sum to zero, not {sum(balances.values())}")
    parties = [(party, amount) for party, amount in balances.items() if amount]
    groups = zero_sum_groups([amount for _, amount in parties]) if len(parties) <= EXACT_UP_TO \
        else [list(range(len(parties)))]
    return [payment for group in groups for payment in _settle_group([parties[i] for i in group])]


def zero_sum_groups(amounts: Sequence[int]) -> list[list[int]]:
    """The indices of `amounts` (summing to zero, none zero) split into as many groups
    summing to zero as there can be, each in the order given.

    best[mask] is the most zero-sum groups that the parties in `mask` can be cut into
    with one part, the rest, left over: taking parties one at a time, a group closes each
    time the sum of those taken comes back to zero, so the most closings over every order
    of taking is the most groups (any split can be taken group by group)."""
    count = len(amounts)
    full = (1 << count) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    last = [0] * (full + 1)  # the party taken last on the best way to `mask`
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + amounts[low]
        taken = max((i for i in range(count) if mask >> i & 1), key=lambda i: best[mask ^ 1 << i])
        best[mask] = best[mask ^ 1 << taken] + (sums[mask] == 0)
        last[mask] = taken
    groups: list[list[int]] = []
    mask, group = full, []
    while mask:  # back along the best way: a group ends where what is left sums to zero
        group.append(last[mask])
        mask ^= 1 << last[mask]
        if sums[mask] == 0:
            groups.append(sorted(group))
            group = []
    return sorted(groups)


def _settle_group(parties: list[tuple[P, int]]) -> list[Payment[P]]:
    """Largest debtor to largest creditor, as much as either can take, until all are square."""
    owed = dict(parties)
    order = {party: place for place, (party, _) in enumerate(parties)}
    payments = []
    while any(owed.values()):
        payer = min((p for p in owed if owed[p] < 0), key=lambda p: (owed[p], order[p]))
        payee = max((p for p in owed if owed[p] > 0), key=lambda p: (owed[p], -order[p]))
        amount = min(-owed[payer], owed[payee])
        payments.append(Payment(payer, payee, amount))
        owed[payer] += amount
        owed[payee] -= amount
    return payments
