"""The errors arbiter raises, each saying where and why.

- ``LogError`` and its subclasses: a hand log that cannot be replayed (SPEC §3 item 1).
  The report carries ``error.to_dict()`` and the status ``invalid``.
- ``RuleFileError``: a rule file under ``rules/`` is malformed (a defect of arbiter).
- ``HouseRulesError``: a house-rules file is wrong (the user's; exit code 2).
- ``UnknownRuleError``: an ID that is not in the rule book.

Every error survives pickling (``arbiter check --jobs`` sends them between processes).
"""

from __future__ import annotations

import re
from typing import Callable, TypedDict

from arbiter.escapes import printable, shown_path

__all__ = [
    "ArbiterError",
    "LogError",
    "LogReadError",
    "LogSchemaError",
    "ReplayError",
    "RuleFileError",
    "HouseRulesError",
    "UnknownRuleError",
]

_EVENT_PATH = r"^/events/(\d+)(?:/|$)"  # compiled by `re` when first asked (start-up: docs/speed.md)


class ErrorObject(TypedDict):
    """The report's ``error`` object (SPEC §4)."""

    message: str
    path: str
    event: int | None


class ArbiterError(Exception):
    """Base class of every error arbiter raises on purpose."""


class LogError(ArbiterError):
    """A hand log that cannot be replayed.

    ``path`` is a JSON Pointer into the log ("" for the whole document); ``event`` the
    0-based index of the event concerned, or None (read from a path under
    ``/events/K`` when not given); ``file`` the log's name where known, which ``str()``
    puts in front of the message as in "cases/x.json: event 3 (play): ...".
    """

    def __init__(self, message: str, path: str = "", event: int | None = None, file: str | None = None) -> None:
        if event is None:
            m = re.match(_EVENT_PATH, path)
            if m:
                event = int(m.group(1))
        super().__init__(message, path, event)
        self.message = message
        self.path = path
        self.event = event
        self.file = file

    def __str__(self) -> str:
        return f"{printable(shown_path(self.file))}: {self.message}" if self.file else self.message

    def __reduce__(self) -> tuple[Callable[..., LogError], tuple[object, ...]]:
        return _rebuild_log_error, (type(self), self.message, self.path, self.event, self.file)

    def to_dict(self) -> ErrorObject:
        """The report's ``error`` object (SPEC §4)."""
        return {"message": self.message, "path": self.path, "event": self.event}


def _rebuild_log_error(cls: type[LogError], message: str, path: str, event: int | None,
                       file: str | None) -> LogError:
    error = cls.__new__(cls)
    LogError.__init__(error, message, path, event, file)
    return error


class LogReadError(LogError):
    """The log cannot be read as JSON: unreadable file, not UTF-8, malformed JSON,
    duplicate keys, NaN/Infinity or out-of-range numbers, nesting too deep."""


class LogSchemaError(LogError):
    """The log is JSON but not a hand log: it breaks the log schema, an event names a
    player who is not seated, or an event contradicts itself."""


class ReplayError(LogError):
    """An event needs state that is absent (a ``discard`` before any deal, …);
    raised by the engine during the replay."""

    def __init__(self, message: str, event: int, path: str | None = None) -> None:
        super().__init__(message, f"/events/{event}" if path is None else path, event)


class _FileFieldError(ArbiterError):
    """An error at a field of a YAML or JSON file: "FILE: FIELD: MESSAGE"."""

    def __init__(self, file: str, field: str, message: str) -> None:
        super().__init__(file, field, message)
        self.file = str(file)
        self.field = field
        self.message = message

    def __str__(self) -> str:
        return ": ".join(part for part in (printable(shown_path(self.file)), self.field, self.message) if part)


class RuleFileError(_FileFieldError):
    """A rule file is malformed, e.g.
    ``rules/deal/L13.yaml: checks/0/when/on: unknown trigger 'lfit'``."""


class HouseRulesError(_FileFieldError):
    """A house-rules file names an unknown parameter or rule ID, or gives a bad value."""


class UnknownRuleError(ArbiterError, KeyError):
    """A rule ID that is not in the rule book. Also a ``KeyError``, so a rule book that
    is a ``Mapping`` keeps ``get`` and ``in`` working."""

    def __init__(self, rule_id: str, message: str | None = None) -> None:
        super().__init__(rule_id, message)
        self.rule_id = rule_id
        self.message = message or f"unknown rule ID {rule_id!r}"

    def __str__(self) -> str:
        return self.message
