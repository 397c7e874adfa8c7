"""What a simulation writes: the events of the log, and the findings arbiter must report."""

from __future__ import annotations

from typing import Any


class Record:
    """The log's events, and the expected findings (planted or brought about by the play)."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.findings: list[dict[str, Any]] = []
        self.planted: list[dict[str, Any]] = []

    def emit(self, type_: str, **fields: Any) -> int:
        """Append an event; its index (the `event` of a finding)."""
        event = {"type": type_}
        event.update({k: v for k, v in fields.items() if v is not None})
        self.events.append(event)
        return len(self.events) - 1

    @property
    def last(self) -> int:
        return len(self.events) - 1

    def expect(self, law: str, player: str | None, event: int | None, *, severity: str = "irregularity",
               game: int | None = None, planted: str | None = None, what: str = "") -> None:
        """A finding arbiter must report; `planted` names the plant that put it there."""
        finding = {"id": law, "severity": severity, "game": game, "event": event, "player": player}
        self.findings.append(finding)
        if planted is not None:
            self.planted.append({"id": law, "severity": severity, "game": game, "event": event,
                                 "player": player, "kind": planted, "what": what})
