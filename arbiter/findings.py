"""What a replay finds: each irregularity with the law it breaks, what follows from it, and
each game's account.

Typed while the engine works with them; `to_dict()` gives the report's JSON form
(SPEC §4), the one place where these become plain data. Each class declares its fields
once, in its `__init__`: not a dataclass, whose making at import weighs on a one-log
check's start-up, and whose `__init__` a compiled build leaves interpreted (docs/speed.md).
An effect's record has a shape of its own (a transfer of counters, a player retired, the
cards a dealer owes …): each shape is a class here, and its `type` is the word the report
prints.
"""

from __future__ import annotations

from typing import Any


class BareRecord:
    """An effect that names nothing but itself (`deal_stands`)."""

    def __init__(self, type: str) -> None:
        self.type = type

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


class PlayerRecord:
    """An effect on one player: retired, foul hand, draw forfeited, cannot claim …"""

    def __init__(self, type: str, player: str) -> None:
        self.type = type
        self.player = player

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player}


class TransferRecord:
    """Counters moved from one to another (a refund, a penalty)."""

    def __init__(self, type: str, payer: str, payee: str, amount: int) -> None:
        self.type = type
        self.payer = payer
        self.payee = payee
        self.amount = amount

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "from": self.payer, "to": self.payee, "amount": self.amount}


class AmountRecord:
    """Counters given back to a player out of the pool: his stake lowered by as much."""

    def __init__(self, type: str, player: str, amount: int) -> None:
        self.type = type
        self.player = player
        self.amount = amount

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player, "amount": self.amount}


class CardsRecord:
    """Cards a dealer takes back, makes good or owes a player in the draw."""

    def __init__(self, type: str, player: str, count: int) -> None:
        self.type = type
        self.player = player
        self.count = count

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player, "count": self.count}


class MisdealRecord:
    """The deal is void, and who deals again."""

    type = "misdeal"

    def __init__(self, redeal_by: str) -> None:
        self.redeal_by = redeal_by

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "redeal_by": self.redeal_by}


class EvidenceRecord:
    """Law 46's chain walked: the witness found (or none), everyone considered, the number taken."""

    type = "evidence"

    def __init__(self, witness: str | None, considered: list[dict[str, Any]], demanded: int | None) -> None:
        self.witness = witness
        self.considered = considered
        self.demanded = demanded

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "witness": self.witness, "considered": self.considered, "demanded": self.demanded}


class JackpotRecord:
    """The next game is a jack-pot: its number in the series, and the least hand that opens it."""

    type = "jackpot_next"

    def __init__(self, number: int, openers: str) -> None:
        self.number = number
        self.openers = openers

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "number": self.number, "openers": self.openers}


EffectRecord = (BareRecord | PlayerRecord | TransferRecord | AmountRecord | CardsRecord | MisdealRecord | EvidenceRecord
                | JackpotRecord)


class Finding:
    """One irregularity: the law, how grave, where in the log, whom it concerns, the ruling in
    words, and the effects applied (filled in once the event is recorded)."""

    def __init__(self, *, id: str, severity: str, game: int | None, deal: int | None, event: int | None,
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


class GameAccount:
    """One game as the report's `games` gives it: who dealt, how often, the jack-pot, who
    opened and who won, the pool, and (a finished game) the next game; where the log gives
    the players' stacks, each one's after the game and what anyone borrowed in it."""

    def __init__(self, *, game: int, dealer: str, deals: int, jackpot: dict[str, Any] | None, opened_by: str | None,
                 winners: list[str], pool: int, complete: bool, next: dict[str, Any] | None) -> None:
        self.game = game
        self.dealer = dealer
        self.deals = deals
        self.jackpot = jackpot
        self.opened_by = opened_by
        self.winners = winners
        self.pool = pool
        self.complete = complete
        self.next = next
        self.stacks: dict[str, int] | None = None  # set once the game is over, where the log gives stacks
        self.borrowed: dict[str, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        out = {"game": self.game, "dealer": self.dealer, "deals": self.deals, "jackpot": self.jackpot,
               "opened_by": self.opened_by, "winners": list(self.winners), "pool": self.pool,
               "complete": self.complete, "next": self.next}
        if self.stacks is not None:
            out["stacks"] = dict(self.stacks)
        if self.borrowed:
            out["borrowed"] = dict(self.borrowed)
        return out
