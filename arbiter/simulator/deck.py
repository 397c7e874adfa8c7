"""The pack: fifty-two real cards, shuffled by a seeded random source."""

from __future__ import annotations

import random
from collections.abc import Iterable

from arbiter.cards import card_str

PACK_SIZE = 52


class Pack:
    """A pack held face down: `draw` takes from the top (the end of the list)."""

    def __init__(self, rng: random.Random, cards: Iterable[int] | None = None) -> None:
        self.cards = list(range(PACK_SIZE)) if cards is None else list(cards)
        rng.shuffle(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def draw(self, count: int = 1) -> list[int]:
        if count > len(self.cards):
            raise ValueError(f"the pack holds {len(self.cards)} cards, not {count}")
        taken = [self.cards.pop() for _ in range(count)]
        return taken

    def put_bottom(self, cards: Iterable[int]) -> None:
        self.cards[0:0] = list(cards)

    def put_top(self, cards: list[int]) -> None:
        """Cards taken back: the first of them is the next to be drawn."""
        self.cards.extend(reversed(cards))

    def peek(self, count: int) -> list[int]:
        return list(reversed(self.cards[-count:])) if count else []


def names(cards: Iterable[int]) -> list[str]:
    return [card_str(c) for c in cards]
