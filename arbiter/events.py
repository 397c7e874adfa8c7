"""One event of a hand log as the engine reads it: the log format's fields, typed.

The JSON reader gives each event as a dict, and the engine reads that dict as it is: an
`Event` is a `TypedDict`, so that mypy checks every read (`event["stake"]` is an int, a
misspelt field is an error) while nothing is made or copied an event. A record made for
each event (a class with the same fields) was measured and cost more than it saved: see
docs/speed.md. The fields are the union of the log schema's event fields
(`schemas/log.schema.json`; `tests/test_events.py` holds the two together); which of them
an event of each type has, the schema says, and the reader has checked it.
"""

from __future__ import annotations

from typing import Any, Final, Mapping, TypedDict

# Numbers beyond what a double holds exactly are no counts of counters or cards: no log's
# number is read beyond it (reading/limits.py), and no rule's effect moves more.
MAX_NUMBER: Final = 2**53 - 1
# The most counters a stake, an amount or a stack may be in a log (the log schema's
# `$defs/stake` and `$defs/amount`; tests/test_events.py holds the two together): what the
# table is offered never goes past what it could then record.
MAX_STAKE: Final = 10**9
# What may come while the cards are dealt without finishing the deal (SPEC 3.4): after its
# first card, the first event of another type finishes it (the engine's replay, and the
# text notation's reckoning of a misdeal, read it alike).
DEALING_EVENTS: Final = frozenset({"card", "speak", "point_out", "face_up_in_pack"})


class Event(TypedDict, total=False):
    """An event of the log: its type, and the fields the schema allows that type. Every
    event of a log has its type; between events, the board holds the empty event (`{}`)."""

    type: str
    player: str
    dealer: str
    to: str  # who receives a card (`card`, `give`)
    about: str  # whom a player points out
    amount: int
    stake: int
    count: int
    claims: int  # a dispute: the cards the player says he demanded
    dealer_says: int
    card: str
    cards: list[str]
    original: list[str]  # a shown hand: the cards first dealt, where the log gives them
    hands: dict[str, int | list[str]]  # `dealt`: each player's count, or his cards
    testimony: dict[str, int]  # a dispute: what each witness would say
    unable: list[str]  # a dispute: those who cannot give evidence
    exposed: bool | int  # a card dealt face up (a flag), or how many of a give were (a count)
    face_up: bool
    below_table: bool
    issue: str
    note: str


# The dealer's acts: the event names the one they go to, or no one, never him (he is the deal's `dealer`).
DEALERS_ACTS: Final = frozenset({"dealt", "card", "give", "collect_discards", "dealer_answer", "dealer_tells"})


def event_words(k: int, event: Mapping[str, Any], dealer: str | None = None) -> str:
    """An event as every message about it names it: "event 3 (play by Cat)", "event 5
    (give to Bob)": its index, its type, and the player it names, where the event names
    one that can be quoted as it is; a dealer's act that names no one, by the `dealer`
    in play where he is known ("event 5 (dealt by Ann)")."""
    kind = event.get("type", "event")
    for field, word in (("player", "by"), ("dealer", "by"), ("to", "to")):
        who = event.get(field)
        if isinstance(who, str) and who.isprintable() and 0 < len(who) <= 40:
            return f"event {k} ({kind} {word} {who})"
    if dealer is not None and kind in DEALERS_ACTS:
        return f"event {k} ({kind} by {dealer})"
    return f"event {k} ({kind})"


def face_down(event: Mapping[str, Any]) -> int:
    """A `give`'s cards given face down: its count less those `exposed` (L40), which go back
    to the pack; its named `cards` name these first."""
    count: int = event["count"]
    return max(count - (event.get("exposed") or 0), 0)
