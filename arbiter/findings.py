"""What a replay finds: each irregularity with the law it breaks, and what follows from it.

Typed while the engine works with them; `to_dict()` gives the report's JSON form
(SPEC §4), the one place where these become plain data. An effect's record has a shape
of its own (a transfer of counters, a player retired, the cards a dealer owes …): each
shape is a class here, and its `type` is the word the report prints (records.py: no
dataclasses on the start path).
"""

from __future__ import annotations

from typing import Any

from arbiter.records import Record


class BareRecord(Record):
    """An effect that names nothing but itself (`deal_stands`)."""

    __slots__ = ("type",)

    def __init__(self, type: str) -> None:
        self.type = type

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


class PlayerRecord(Record):
    """An effect on one player: retired, foul hand, draw forfeited, cannot claim …"""

    __slots__ = ("type", "player")

    def __init__(self, type: str, player: str) -> None:
        self.type = type
        self.player = player

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player}


class TransferRecord(Record):
    """Counters moved from one to another (a refund, a penalty)."""

    __slots__ = ("type", "payer", "payee", "amount")

    def __init__(self, type: str, payer: str, payee: str, amount: int) -> None:
        self.type = type
        self.payer = payer
        self.payee = payee
        self.amount = amount

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "from": self.payer, "to": self.payee, "amount": self.amount}


class CardsRecord(Record):
    """Cards a dealer takes back, makes good or owes a player in the draw."""

    __slots__ = ("type", "player", "count")

    def __init__(self, type: str, player: str, count: int) -> None:
        self.type = type
        self.player = player
        self.count = count

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player, "count": self.count}


class MisdealRecord(Record):
    """The deal is void, and who deals again."""

    __slots__ = ("redeal_by",)
    type = "misdeal"

    def __init__(self, redeal_by: str) -> None:
        self.redeal_by = redeal_by

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "redeal_by": self.redeal_by}


class EvidenceRecord(Record):
    """Law 46's chain walked: the witness found (or none), everyone considered, the number taken."""

    __slots__ = ("witness", "considered", "demanded")
    type = "evidence"

    def __init__(self, witness: str | None, considered: list[dict[str, Any]], demanded: int | None) -> None:
        self.witness = witness
        self.considered = considered
        self.demanded = demanded

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "witness": self.witness, "considered": self.considered, "demanded": self.demanded}


class JackpotRecord(Record):
    """The next game is a jack-pot: its number in the series, and the least hand that opens it."""

    __slots__ = ("number", "openers")
    type = "jackpot_next"

    def __init__(self, number: int, openers: str) -> None:
        self.number = number
        self.openers = openers

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "number": self.number, "openers": self.openers}


EffectRecord = BareRecord | PlayerRecord | TransferRecord | CardsRecord | MisdealRecord | EvidenceRecord | JackpotRecord


class Finding(Record):
    """One irregularity: the law, how grave, where in the log, whom it concerns, the ruling in
    words, and the effects applied (filled in once the event is recorded)."""

    __slots__ = ("id", "severity", "game", "deal", "event", "player", "summary", "effects")

    def __init__(self, id: str, severity: str, game: int | None, deal: int | None, event: int | None,
                 player: str | None, summary: str) -> None:
        self.id = id
        self.severity = severity
        self.game = game
        self.deal = deal
        self.event = event
        self.player = player
        self.summary = summary
        self.effects: list[EffectRecord] = []

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "severity": self.severity, "game": self.game, "deal": self.deal,
                "event": self.event, "player": self.player, "summary": self.summary,
                "effects": [effect.to_dict() for effect in self.effects]}
