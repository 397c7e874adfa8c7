"""What a replay finds: each irregularity with the law it breaks, what follows from it, and
each game's account.

Typed while the engine works with them; `to_dict()` gives the report's JSON form
(SPEC §4), the one place where these become plain data. An effect's record has a shape
of its own (a transfer of counters, a player retired, the cards a dealer owes …): each
shape is a class here, and its `type` is the word the report prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class BareRecord:
    """An effect that names nothing but itself (`deal_stands`)."""

    type: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(slots=True)
class PlayerRecord:
    """An effect on one player: retired, foul hand, draw forfeited, cannot claim …"""

    type: str
    player: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player}


@dataclass(slots=True)
class TransferRecord:
    """Counters moved from one to another (a refund, a penalty)."""

    type: str
    payer: str
    payee: str
    amount: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "from": self.payer, "to": self.payee, "amount": self.amount}


@dataclass(slots=True)
class AmountRecord:
    """Counters given back to a player out of the pool: his stake lowered by as much."""

    type: str
    player: str
    amount: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player, "amount": self.amount}


@dataclass(slots=True)
class CardsRecord:
    """Cards a dealer takes back, makes good or owes a player in the draw."""

    type: str
    player: str
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player, "count": self.count}


@dataclass(slots=True)
class MisdealRecord:
    """The deal is void, and who deals again."""

    redeal_by: str
    type = "misdeal"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "redeal_by": self.redeal_by}


@dataclass(slots=True)
class EvidenceRecord:
    """Law 46's chain walked: the witness found (or none), everyone considered, the number taken."""

    witness: str | None
    considered: list[dict[str, Any]]
    demanded: int | None
    type = "evidence"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "witness": self.witness, "considered": self.considered, "demanded": self.demanded}


@dataclass(slots=True)
class JackpotRecord:
    """The next game is a jack-pot: its number in the series, and the least hand that opens it."""

    number: int
    openers: str
    type = "jackpot_next"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "number": self.number, "openers": self.openers}


EffectRecord = (BareRecord | PlayerRecord | TransferRecord | AmountRecord | CardsRecord | MisdealRecord | EvidenceRecord
                | JackpotRecord)


@dataclass(slots=True)
class Finding:
    """One irregularity: the law, how grave, where in the log, whom it concerns, the ruling in
    words, and the effects applied (filled in once the event is recorded)."""

    id: str
    severity: str
    game: int | None
    deal: int | None
    event: int | None
    player: str | None
    summary: str
    effects: list[EffectRecord] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "severity": self.severity, "game": self.game, "deal": self.deal,
                "event": self.event, "player": self.player, "summary": self.summary,
                "effects": [effect.to_dict() for effect in self.effects]}


@dataclass(slots=True)
class GameAccount:
    """One game as the report's `games` gives it: who dealt, how often, the jack-pot, who
    opened and who won, the pool, and (a finished game) the next game; where the log gives
    the players' stacks, each one's after the game and what anyone borrowed in it."""

    game: int
    dealer: str
    deals: int
    jackpot: dict[str, Any] | None
    opened_by: str | None
    winners: list[str]
    pool: int
    complete: bool
    next: dict[str, Any] | None
    stacks: dict[str, int] | None = None
    borrowed: dict[str, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        out = {"game": self.game, "dealer": self.dealer, "deals": self.deals, "jackpot": self.jackpot,
               "opened_by": self.opened_by, "winners": list(self.winners), "pool": self.pool,
               "complete": self.complete, "next": self.next}
        if self.stacks is not None:
            out["stacks"] = dict(self.stacks)
        if self.borrowed:
            out["borrowed"] = dict(self.borrowed)
        return out
