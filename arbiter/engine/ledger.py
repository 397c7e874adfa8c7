"""Every movement of counters, with the law that moves it. Counters are conserved.

Where a log gives the counters each player has on the table (`table.stacks`), the ledger
keeps each player's stack as the counters move: what he has, plus what he adds (between
games) and what he takes, less what he pays. A payment beyond his stack is counters he
borrows from outside the table (law 62 lets him; under table stakes the board never asks
for one, A5): they join his stack as he pays them, so that no stack goes below zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from arbiter.seats import POOL  # the ledger's name for the pool, which no player may take


@dataclass(slots=True, frozen=True)
class Movement:
    """Counters moved from one to another (a player or the pool), with the law that moves
    them and what they are: `ante`, `straddle`, `stake`, `refund`, `penalty`, `win`."""

    game: int
    event: int
    payer: str
    payee: str
    amount: int
    rule: str
    what: str

    def to_dict(self) -> dict[str, Any]:
        """The report's ledger line (SPEC §4)."""
        return {"game": self.game, "event": self.event, "from": self.payer, "to": self.payee,
                "amount": self.amount, "rule": self.rule, "what": self.what}


class Ledger:
    """An append-only list of movements, and the pool they leave behind; each player's
    stack where the log gives them, and what he borrowed since `borrowed` was last emptied."""

    __slots__ = ("entries", "pool", "stacks", "borrowed")

    def __init__(self, stacks: Mapping[str, int] | None = None) -> None:
        self.entries: list[Movement] = []
        self.pool = 0
        self.stacks: dict[str, int] | None = dict(stacks) if stacks is not None else None
        self.borrowed: dict[str, int] = {}

    def move(self, game: int, event: int, payer: str, payee: str, amount: int, rule: str, what: str) -> None:
        if amount <= 0 or payer == payee:
            return
        self.entries.append(Movement(game, event, payer, payee, amount, rule, what))
        if payee == POOL:
            self.pool += amount
        if payer == POOL:
            self.pool -= amount
        if self.stacks is not None:
            if payer != POOL:
                short = amount - self.stacks[payer]
                if short > 0:
                    self.borrowed[payer] = self.borrowed.get(payer, 0) + short
                    self.stacks[payer] += short
                self.stacks[payer] -= amount
            if payee != POOL:
                self.stacks[payee] += amount

    def add(self, player: str, amount: int) -> None:
        """Counters a player brings to the table (`add_counters`)."""
        if self.stacks is not None:
            self.stacks[player] += amount

    def net(self, players: Iterable[str]) -> dict[str, int]:
        """Each player's gain or loss; what is still in the pool belongs to no one yet."""
        net = {name: 0 for name in players}
        for entry in self.entries:
            if entry.payer != POOL:
                net[entry.payer] -= entry.amount
            if entry.payee != POOL:
                net[entry.payee] += entry.amount
        return net

    def balanced(self, players: Iterable[str]) -> bool:
        """Counters are conserved: the players' gains and losses and the pool sum to zero,
        every movement is positive, and the pool is never overdrawn."""
        pool = 0
        for entry in self.entries:
            if entry.amount <= 0:
                return False
            pool += (entry.payee == POOL) * entry.amount - (entry.payer == POOL) * entry.amount
            if pool < 0:
                return False
        return pool == self.pool and sum(self.net(players).values()) + pool == 0
