"""Every movement of counters, with the law that moves it. Counters are conserved.

Where a log gives the counters each player has on the table (`table.stacks`), the ledger
keeps each player's stack as the counters move: what he has, plus what he adds (between
games) and what he takes, less what he pays. A payment beyond his stack is counters he
borrows from outside the table (law 62 lets him; under table stakes the board never asks
for one, A5): they join his stack as he pays them, so that no stack goes below zero.
"""

from __future__ import annotations

from array import array
from typing import Any, Iterable, Iterator, Mapping

from arbiter.events import MAX_NUMBER
from arbiter.seats import POOL, pool_holding  # the ledger's name for the pool, which no player may take


class CountBeyond(ValueError):
    """A count the report would hold (the pool, a net, a stack) past what JSON holds exactly
    (±(2⁵³ − 1)): the board makes the log invalid at the event that moved it."""


class Movement:
    """Counters moved from one to another (a player or the pool), with the law that moves
    them and what they are: `ante`, `straddle`, `stake`, `refund`, `penalty`, `win`.

    Made from the ledger's columns when they are read, and only read after. Its fields are
    declared in its own `__init__`, which a compiled build makes native: a frozen
    dataclass's sets each field through `object.__setattr__`, interpreted, for every line
    of the report's ledger (docs/speed.md)."""

    def __init__(self, game: int, event: int, payer: str, payee: str, amount: int, rule: str, what: str) -> None:
        self.game = game
        self.event = event
        self.payer = payer
        self.payee = payee
        self.amount = amount
        self.rule = rule
        self.what = what

    def to_dict(self) -> dict[str, Any]:
        """The report's ledger line (SPEC §4)."""
        return {"game": self.game, "event": self.event, "from": self.payer, "to": self.payee,
                "amount": self.amount, "rule": self.rule, "what": self.what}


class Ledger:
    """An append-only account of movements, and the pool they leave behind; each player's
    stack where the log gives them, and what he borrowed since `borrowed` was last emptied.

    Kept as columns, not as a record a movement: the game, the event and the amount in
    arrays of machine integers, and the kind of movement (who paid, who was paid, the law,
    what it was: a log has few kinds) as an index into a list of them. A million-event
    log's 300,000 movements take some 10 MB so, beside 30 MB as records, at the moment
    they also become the report's lines (which is when a long log's memory peaks).
    `movements()` gives them as records."""

    def __init__(self, stacks: Mapping[str, int] | None = None) -> None:
        self._games = array("q")
        self._events = array("q")
        self._amounts = array("q")
        self._kind_of = array("L")
        self._kinds: list[tuple[str, str, str, str]] = []  # (payer, payee, rule, what)
        self._kind_index: dict[tuple[str, str, str, str], int] = {}
        self.pool = 0
        self.stacks: dict[str, int] | None = dict(stacks) if stacks is not None else None
        self.borrowed: dict[str, int] = {}
        # every counter moved so far: no net passes it, so the nets are kept only once it passes the bound
        self.moved = 0
        self._nets: dict[str, int] | None = None

    def move(self, game: int, event: int, payer: str, payee: str, amount: int, rule: str, what: str) -> None:
        if amount <= 0 or payer == payee:
            return
        kind = (payer, payee, rule, what)
        index = self._kind_index.get(kind)
        if index is None:
            index = self._kind_index[kind] = len(self._kinds)
            self._kinds.append(kind)
        self._games.append(game)
        self._events.append(event)
        self._amounts.append(amount)
        self._kind_of.append(index)
        if payee == POOL:
            self.pool += amount
            if self.pool > MAX_NUMBER:
                raise CountBeyond(f"the pool would hold {self.pool} counters, more than a report can hold exactly "
                                  f"(at most {MAX_NUMBER})")
        if payer == POOL:
            self.pool -= amount
        self.moved += amount
        if self.moved > MAX_NUMBER:
            self._bound_nets(payer, payee, amount)
        if self.stacks is not None:
            if payer != POOL:
                short = amount - self.stacks[payer]
                if short > 0:
                    self.borrowed[payer] = self.borrowed.get(payer, 0) + short
                    self.stacks[payer] += short
                self.stacks[payer] -= amount
            if payee != POOL:
                self.stacks[payee] += amount
                self._bound_stack(payee)

    def _bound_nets(self, payer: str, payee: str, amount: int) -> None:
        """Once more counters have moved than a report holds exactly, each movement's
        parties' nets are kept (from the columns, the first time) and held to that bound."""
        if self._nets is None:
            self._nets = {}
            for kind, moved in zip(self._kind_of, self._amounts):
                giver, taker, _, _ = self._kinds[kind]
                self._nets[giver] = self._nets.get(giver, 0) - moved
                self._nets[taker] = self._nets.get(taker, 0) + moved
        else:
            self._nets[payer] = self._nets.get(payer, 0) - amount
            self._nets[payee] = self._nets.get(payee, 0) + amount
        for who in (payer, payee):
            if who != POOL and abs(self._nets[who]) > MAX_NUMBER:
                raise CountBeyond(f"{who}'s net would be {self._nets[who]} counters, more than a report can hold "
                                  f"exactly (at most {MAX_NUMBER})")

    def _bound_stack(self, player: str) -> None:
        assert self.stacks is not None
        if self.stacks[player] > MAX_NUMBER:
            raise CountBeyond(f"{player}'s stack would be {self.stacks[player]} counters, more than a report can "
                              f"hold exactly (at most {MAX_NUMBER})")

    def add(self, player: str, amount: int) -> None:
        """Counters a player brings to the table (`add_counters`)."""
        if self.stacks is not None:
            self.stacks[player] += amount
            self._bound_stack(player)

    def paid_in(self, game: int) -> dict[str, int]:
        """What each player has put into the pool in `game`: his stake, and counters his stake
        does not count (forfeit with a foul hand, staked after he retired, a penalty), less
        what it gave him back. Read back from the last movement to the game's first, for
        those who tell the game."""
        paid: dict[str, int] = {}
        index = len(self._games) - 1
        while index >= 0 and self._games[index] >= game:
            payer, payee, _, what = self._kinds[self._kind_of[index]]
            if self._games[index] == game and (holding := pool_holding(payer, payee, what)):
                paid[holding[0]] = paid.get(holding[0], 0) + holding[1] * self._amounts[index]
            index -= 1
        return paid

    def movements(self) -> Iterator[Movement]:
        """Every movement so far, in order, as a record."""
        kinds = self._kinds
        for game, event, amount, kind in zip(self._games, self._events, self._amounts, self._kind_of):
            payer, payee, rule, what = kinds[kind]
            yield Movement(game, event, payer, payee, amount, rule, what)

    def drain(self) -> list[dict[str, Any]]:
        """The report's ledger lines (SPEC §4), the columns emptied once read: the replay
        is done with them."""
        lines = [movement.to_dict() for movement in self.movements()]
        for column in (self._games, self._events, self._amounts, self._kind_of):
            del column[:]
        return lines

    def net(self, players: Iterable[str]) -> dict[str, int]:
        """Each player's gain or loss; what is still in the pool belongs to no one yet."""
        net = {name: 0 for name in players}
        kinds = self._kinds
        for kind, amount in zip(self._kind_of, self._amounts):
            payer, payee, _, _ = kinds[kind]
            if payer != POOL:
                net[payer] -= amount
            if payee != POOL:
                net[payee] += amount
        return net
