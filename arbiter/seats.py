"""The table's seats: who sits to whose left. A leaf: it imports nothing of ours.

`table.players` lists the players in the order the deal passes, so each player's
left-hand neighbour is the next name and the last player's is the first (SPEC §2).
The pool has its place at the table too, and its name in the ledger: no player may take it.
"""

from __future__ import annotations

from typing import Callable, Final, Iterator, Sequence

POOL: Final = "pool"
WON: Final = "win"  # what the ledger calls the pool, or a share of it, paid to its taker


def pool_holding(payer: str, payee: str, what: str) -> tuple[str, int] | None:
    """Whose counters in the pool a movement changes, and which way: one paid in is the
    payer's (+1); one given back out of it (a stake a club's rule returns), never the pool
    won, is the payee's no longer (-1), as the game's pool counts it, net of what it gave back."""
    if payee == POOL:
        return (payer, 1) if payer != POOL else None
    return (payee, -1) if payer == POOL and what != WON else None


class Seating:
    """Seat arithmetic over a fixed ring of players."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players: tuple[str, ...] = tuple(players)
        self._index = {name: i for i, name in enumerate(self.players)}
        if len(self._index) != len(self.players):
            raise ValueError("the players' names must be distinct")
        count = len(self.players)
        # The ring, worked out once: a replay asks who sits to whose left at every turn.
        self._left = {name: self.players[(i + 1) % count] for i, name in enumerate(self.players)}
        self._rounds = {name: tuple(self.players[(i + step) % count] for step in range(count))
                        for i, name in enumerate(self.players)}

    def __contains__(self, name: object) -> bool:
        return name in self._index

    def __len__(self) -> int:
        return len(self.players)

    def seat(self, name: str) -> int:
        return self._index[name]

    def left_of(self, name: str, steps: int = 1) -> str:
        if steps == 1:
            return self._left[name]
        return self.players[(self._index[name] + steps) % len(self.players)]

    def right_of(self, name: str) -> str:
        return self.left_of(name, -1)

    def going_left_from(self, name: str) -> Iterator[str]:
        """Each other player in turn, beginning with the one to `name`'s left."""
        return iter(self._rounds[name][1:])

    def round_from(self, first: str) -> list[str]:
        """Every player once, in turn to the left, beginning with `first`."""
        return list(self._rounds[first])

    def order_key(self, start: str) -> Callable[[str], int]:
        """A sort key placing players in turn from `start` (start first)."""
        base = self._index[start]
        count = len(self.players)
        return lambda name: (self._index[name] - base) % count
