"""Every movement of counters, with the law that moves it. Counters are conserved."""

from __future__ import annotations

from typing import Any, Iterable

from arbiter.seats import POOL  # the ledger's name for the pool, which no player may take


class Ledger:
    """An append-only list of movements, and the pool they leave behind."""

    __slots__ = ("entries", "pool")

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []
        self.pool = 0

    def move(self, game: int, event: int, payer: str, payee: str, amount: int, rule: str, what: str) -> None:
        if amount <= 0 or payer == payee:
            return
        self.entries.append(
            {"game": game, "event": event, "from": payer, "to": payee, "amount": amount, "rule": rule, "what": what}
        )
        if payee == POOL:
            self.pool += amount
        if payer == POOL:
            self.pool -= amount

    def net(self, players: Iterable[str]) -> dict[str, int]:
        """Each player's gain or loss; what is still in the pool belongs to no one yet."""
        net = {name: 0 for name in players}
        for entry in self.entries:
            if entry["from"] != POOL:
                net[entry["from"]] -= entry["amount"]
            if entry["to"] != POOL:
                net[entry["to"]] += entry["amount"]
        return net

    def balanced(self, players: Iterable[str]) -> bool:
        """Counters are conserved: the players' gains and losses and the pool sum to zero,
        every movement is positive, and the pool is never overdrawn."""
        pool = 0
        for entry in self.entries:
            if entry["amount"] <= 0:
                return False
            pool += (entry["to"] == POOL) * entry["amount"] - (entry["from"] == POOL) * entry["amount"]
            if pool < 0:
                return False
        return pool == self.pool and sum(self.net(players).values()) + pool == 0
