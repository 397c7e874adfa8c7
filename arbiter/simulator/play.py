"""The players' decisions: when to open, play, raise, discard, bet, call or pass.

Plain rules of thumb with a little randomness, enough to give logs that look like
play: strong hands open and raise, weak ones pass, draws follow the usual practice
(keep the pair, draw to four of a flush). Every decision takes the session's seeded
random source, so the play is reproducible.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from arbiter.hands import evaluate, hand_class, meets_minimum

_CLASS_BASE = {
    "high_card": (0.0, 0.15),
    "pair": (0.2, 0.25),
    "two_pairs": (0.55, 0.1),
    "threes": (0.68, 0.08),
    "sequence": (0.78, 0.04),
    "flush": (0.83, 0.05),
    "full": (0.89, 0.06),
    "fours": (0.96, 0.03),
    "sequence_flush": (0.995, 0.005),
}


def _ranks(cards: Sequence[int]) -> list[int]:
    return [c >> 2 for c in cards]


def strength(cards: Sequence[int]) -> float:
    """A hand's worth on a scale of 0 (seven high) to 1 (a sequence flush)."""
    cls = hand_class(evaluate(cards))
    base, span = _CLASS_BASE[cls]
    counts = Counter(_ranks(cards))
    top = max(counts, key=lambda r: (counts[r], r))
    return base + span * top / 12


def _flush_draw(cards: Sequence[int]) -> list[int] | None:
    """The odd card of four to a flush, if the hand holds four of one suit."""
    suits = Counter(c & 3 for c in cards)
    suit, count = suits.most_common(1)[0]
    if count == 4:
        return [c for c in cards if c & 3 != suit]
    return None


def _sequence_draw(cards: Sequence[int]) -> list[int] | None:
    """The odd card of four in sequence (the ace low, law 71), if any."""
    for odd in cards:
        rest = [c >> 2 for c in cards if c != odd]
        if len(set(rest)) != 4:
            continue
        for run in (sorted(rest), sorted(-1 if r == 12 else r for r in rest)):
            if run[-1] - run[0] == 3 and run[-1] != 12:
                return [odd]
    return None


def before_draw(cards: Sequence[int]) -> float:
    """The worth of a hand before the draw, counting good draws."""
    worth = strength(cards)
    if hand_class(evaluate(cards)) == "high_card":
        if _flush_draw(cards):
            worth = max(worth, 0.34)
        elif _sequence_draw(cards):
            worth = max(worth, 0.27)
    return worth


def wants_to_open(rng: random.Random, cards: Sequence[int], minimum: str | None) -> bool:
    """Open the game? In a jack-pot only with the minimum (law 30)."""
    if minimum is not None:
        return meets_minimum(cards, minimum) and rng.random() < 0.93
    worth = before_draw(cards)
    if worth >= 0.33:
        return rng.random() < 0.85
    if worth >= 0.25:
        return rng.random() < 0.3
    return rng.random() < 0.03


def wants_to_play(rng: random.Random, cards: Sequence[int], invested: bool, to_call: int, limit: int) -> bool:
    """Stay in after an opening (or make good at the draw)."""
    worth = before_draw(cards)
    threshold = rng.uniform(0.17, 0.36) + 0.1 * min(to_call / max(limit, 1), 1.0)
    if invested:
        threshold -= 0.08
    return worth >= threshold or rng.random() < 0.04


def wants_to_raise(rng: random.Random, cards: Sequence[int]) -> bool:
    return before_draw(cards) >= 0.55 and rng.random() < 0.35


def raise_by(rng: random.Random, ante: int, limit: int) -> int:
    """An increase: an ante or two, half the limit, or the limit."""
    choice = rng.choice([ante, 2 * ante, limit // 2, limit, rng.randint(1, limit)])
    return max(1, min(limit, choice))


def opening_stake(rng: random.Random, base: int, highest: int, limit: int, multiple: int = 2) -> int:
    """At least double the ante (or the last straddle, D3), at most the limit over the
    highest stake (D1)."""
    least = multiple * base
    if rng.random() < 0.8:
        return least
    return rng.randint(least, max(least, highest + limit))


def discards(rng: random.Random, cards: Sequence[int]) -> list[int]:
    """The cards to throw: keep what makes the hand, draw to the rest."""
    cls = hand_class(evaluate(cards))
    counts = Counter(_ranks(cards))
    if cls in ("sequence", "flush", "full", "fours", "sequence_flush"):
        return []
    if cls in ("threes", "two_pairs", "pair"):
        keep_ranks = {r for r, n in counts.items() if n >= 2}
        odd = sorted((c for c in cards if c >> 2 not in keep_ranks), key=lambda c: -(c >> 2))
        if cls == "pair" and odd and odd[0] >> 2 == 12 and rng.random() < 0.3:
            return odd[1:]  # keep an ace for a kicker
        if cls == "threes" and rng.random() < 0.3:
            return odd[1:]
        return odd
    flush = _flush_draw(cards)
    if flush and rng.random() < 0.9:
        return flush
    sequence = _sequence_draw(cards)
    if sequence and rng.random() < 0.7:
        return sequence
    ordered = sorted(cards, key=lambda c: -(c >> 2))
    if rng.random() < 0.06:
        return list(ordered)  # a fresh five
    keep = 2 if ordered[0] >> 2 == 12 and rng.random() < 0.4 else 1
    return ordered[keep:]


def bet_after_draw(rng: random.Random, cards: Sequence[int], to_call: int, limit: int,
                   ante: int, raises: int) -> tuple[str, int]:
    """('stand' | 'call' | 'raise' | 'pass' | 'show_for', increase) at one's turn to bet."""
    worth = strength(cards)
    if to_call == 0:
        if (worth >= 0.5 and rng.random() < 0.65) or rng.random() < 0.06:
            return "raise", raise_by(rng, ante, limit)
        return "stand", 0
    threshold = rng.uniform(0.2, 0.5) + 0.15 * min(to_call / max(limit, 1), 1.0)
    if worth >= 0.7 and raises < 4 and rng.random() < 0.4:
        return "raise", raise_by(rng, ante, limit)
    if worth >= threshold:
        if rng.random() < 0.04:
            return "show_for", 0
        return "call", 0
    if rng.random() < 0.05 and raises < 4:
        return "raise", raise_by(rng, ante, limit)  # a bluff
    return "pass", 0
