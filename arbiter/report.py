"""The run's report: one object owns the counts, the summary and the exit code (as black's does)."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any, Iterable, Mapping

from arbiter.words import plural

EXIT_OK = 0
EXIT_IRREGULAR = 1
EXIT_INVALID = 2


class Report:
    """Counts what the checked logs came to, and decides the exit code."""

    def __init__(self, exit_zero: bool = False) -> None:
        self.exit_zero = exit_zero
        self.logs: Counter[str] = Counter()  # by status
        self.findings_by_rule: Counter[str] = Counter()
        self.games = 0
        self.started = time.perf_counter()
        self.stopped_by: str | None = None  # the signal that ended the run before its end: SIGINT, SIGTERM
        self.stopped_code = 0
        self.unwritten: str | None = None  # why the output failed (a full disk): the run ends in error, exit 2

    def stop(self, signal_name: str, signal_number: int) -> None:
        """The run was ended by a signal: the exit code is the shell's (128 + its number)."""
        self.stopped_by = signal_name
        self.stopped_code = 128 + signal_number

    def add(self, report: Mapping[str, Any]) -> None:
        self.count(report["status"], len(report.get("games") or ()),
                   [finding["id"] for finding in report.get("findings") or ()])

    def count(self, status: str, games: int, rules: Iterable[str]) -> None:
        """What a report came to, without the report (`--jobs` sends back only this)."""
        self.logs[status] += 1
        self.games += games
        self.findings_by_rule.update(rules)

    @property
    def total(self) -> int:
        return sum(self.logs.values())

    @property
    def exit_code(self) -> int:
        if self.stopped_by is not None:
            return self.stopped_code
        if self.logs["invalid"] or self.unwritten:
            return EXIT_INVALID
        if self.logs["irregular"] and not self.exit_zero:
            return EXIT_IRREGULAR
        return EXIT_OK

    def summary(self) -> dict[str, Any]:
        seconds = time.perf_counter() - self.started
        return {
            "logs": self.total,
            "ok": self.logs["ok"],
            "irregular": self.logs["irregular"],
            "invalid": self.logs["invalid"],
            "findings": sum(self.findings_by_rule.values()),
            "findings_by_rule": dict(sorted(self.findings_by_rule.items(), key=lambda kv: (-kv[1], kv[0]))),
            "games": self.games,
            "seconds": round(seconds, 3),
            "games_per_second": round(self.games / seconds, 1) if seconds > 0 else None,
            "exit_code": self.exit_code,
            **({"interrupted": self.stopped_by} if self.stopped_by else {}),
            **({"unwritten": self.unwritten} if self.unwritten else {}),
        }

    def summary_line(self) -> str:
        s = self.summary()
        return (f"{plural(s['logs'], 'log')} checked: {s['ok']} ok, {s['irregular']} irregular, "
                f"{s['invalid']} invalid; {plural(s['findings'], 'finding')}, {plural(s['games'], 'game')} "
                f"in {s['seconds']:.2f}s")
