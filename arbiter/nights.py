"""Nights at the table: each hand log a club keeps, checked, and what it comes to for the
players: their nets, their irregularities, and what stayed in the pool when it ended.

`arbiter settle` pays up one evening of them; `arbiter season` adds up many. Both take
the logs as `arbiter check` does (`bulk.gather`, `bulk.check_read`), so a log reads and
rules here exactly as it does there, and one that cannot be read is a night left out,
never the end of the run.

A night's date is the log's own word where it gives one (`meta.date`, an ISO date,
perhaps with a time after it), else a date written in the file's name
(`2026-03-14.json`, `club-2026-03-14-upstairs.hand`), else it is not known. A file's
time of change is never used: copying a season's folder would move every night.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import re
from collections import Counter
from typing import Any, Iterable, Iterator, Mapping, NamedTuple

from arbiter.bulk import STDIN, LeftOut, build_rulebook, check_read, gather
from arbiter.cards import CardError, card_str, parse_card
from arbiter.checker import STATUS_INVALID
from arbiter.errors import ArbiterError
from arbiter.notation.reading import is_text_log, read_text_log
from arbiter.reading import read_log_lazily
from arbiter.reading.messages import NAME_WORDS, clip
from arbiter.reading.schema import is_name
from arbiter.seats import POOL

_NAMED_DATE = re.compile(r"(?<![0-9])([0-9]{4}-[0-9]{2}-[0-9]{2})(?![0-9])")
_STATED_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}"
                          r"([Tt ](?P<clock>[0-9]{2}(:[0-9]{2}(:[0-9]{2}([.,][0-9]+)?)?)?)"
                          r"(Z|z|[+-][0-9]{2}(:?[0-9]{2})?)?)?")
_END_OF_DAY = re.compile(r"24(:00(:00([.,]0+)?)?)?")  # ISO's midnight at the end of the day

# Why counters stayed in the pool when a log ended, and how that is said.
UNFINISHED = "unfinished"
JACKPOT = "jackpot"
CARRIED = "carried"
LEFT_OVER_WHY = {
    UNFINISHED: "the game was not finished",
    JACKPOT: "carried to the jack-pot that was to follow",
    CARRIED: "carried to the game that was to follow",
}


class NightsError(ArbiterError):
    """The nights asked for cannot be told: a log given twice (its night would count
    twice), or an `--alias` that gives a name two meanings or makes two players who sit
    at one table one person."""


class Aliases:
    """The same person written two ways: `Bob=Robert` counts Robert's nights as Bob's."""

    def __init__(self, specs: Iterable[str] = ()) -> None:
        """Raises NightsError for a spec that is not `NAME=OTHER`, or that makes a name
        both a person and another's other name, or one name two people's."""
        self.other: dict[str, str] = {}  # the name as written -> the person's name
        for spec in specs:
            name, equals, other = (part.strip(" ") for part in spec.partition("="))
            if not (equals and name and other) or name == other:
                raise NightsError(f"--alias {spec!r}: write it NAME=OTHER, two names of one person, as Bob=Robert")
            wrong = next((n for n in (name, other) if not is_name(n)), None)
            if wrong is not None:  # no log could seat it
                raise NightsError(f"--alias {spec!r}: {wrong!r} is not {NAME_WORDS}")
            if POOL in (name, other):  # a payment to him would read as one into a pool's keeping
                raise NightsError(f"--alias {spec!r}: a player cannot be called {POOL!r}")
            if self.other.get(other, name) != name:
                raise NightsError(f"--alias {spec!r}: {other} is already {self.other[other]}")
            if name in self.other or other in self.other.values():
                taken = name if name in self.other else other
                raise NightsError(f"--alias {spec!r}: {taken} is both a person and another name of someone")
            self.other[other] = name
        self.written: dict[str, list[str]] = {}  # each person's names as the logs wrote them, first met first

    def name(self, written: str) -> str:
        """The person a name as written stands for."""
        person = self.other.get(written, written)
        names = self.written.setdefault(person, [])
        if written not in names:
            names.append(written)
        return person

    def unused(self) -> list[str]:
        """The other names that no log wrote: a spelling mistake in `--alias`, perhaps."""
        return [other for other, person in self.other.items() if other not in self.written.get(person, ())]

    def tally(self, counts: Mapping[str, int], file: str) -> dict[str, int]:
        """`counts` by person; raises NightsError where two names at one table are made one."""
        merged: dict[str, int] = {}
        seen: dict[str, str] = {}
        for written, count in counts.items():
            person = self.name(written)
            if person in seen:
                raise NightsError(f"--alias: {seen[person]} and {written} both sit at {file}: "
                                 "they cannot be one person")
            seen[person] = written
            merged[person] = count
        return merged


class LeftOver(NamedTuple):
    """Counters left in a log's pool when it ended: named, never shared out."""

    file: str
    game: int
    amount: int
    why: str  # UNFINISHED, JACKPOT or CARRIED

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "game": self.game, "amount": self.amount, "why": self.why,
                "words": LEFT_OVER_WHY[self.why]}


class Night(NamedTuple):
    """One log as the players' account sees it."""

    file: str
    status: str  # the report's: ok, irregular or invalid
    error: dict[str, Any] | None  # the report's, for an invalid log
    games: int
    net: dict[str, int]  # by person, every player at the table
    irregularities: dict[str, int]  # by person, those who had any
    left_over: LeftOver | None
    date: datetime.date | None
    dated_by: str | None  # "meta.date", "file name", or None
    doubt: str | None = None  # a date written that is no date (2026-02-30), passed over for the next source or none

    @property
    def invalid(self) -> bool:
        return self.status == STATUS_INVALID


def read_nights(paths: Iterable[str], house: str | None, aliases: Aliases, dated: bool = False,
                left_out: LeftOut | None = None) -> Iterator[Night]:
    """Each log the paths name (as `arbiter check` gathers them) as a night, in the order
    gathered; with `dated`, each with its date. A truth file of `arbiter simulate` met
    on the way is no night: it is counted in `left_out`."""
    rulebook = build_rulebook(house)  # fail fast on bad house rules
    kept: dict[str, str] = {}  # each log (`_log_of`) -> the first file that holds it
    for path in _once(gather(paths, left_out)):
        report, data, _ = check_read(path, rulebook, {})
        date, dated_by, doubt = None, None, None
        if data is not None and report["status"] != STATUS_INVALID:
            log = _read(report["file"], data)
            first = kept.setdefault(_log_of(log), report["file"])
            if first != report["file"]:
                raise NightsError(f"{report['file']} holds the same log as {first}: a night counts once")
            if dated:
                date, dated_by, doubt = night_date(report["file"], log)
        yield night_of(report, aliases, date, dated_by, doubt)


def _once(paths: Iterator[str]) -> Iterator[str]:
    """The paths, refusing a file met twice (named twice, or named and in a folder named)."""
    seen: dict[str, str] = {}  # each file -> the name it was first given by
    for path in paths:
        real = path if path == STDIN else os.path.realpath(path)
        if real in seen:
            again = "is given twice" if seen[real] == path else f"is {seen[real]} given again"
            raise NightsError(f"{path} {again}: a night counts once")
        seen[real] = path
        yield path


def night_of(report: Mapping[str, Any], aliases: Aliases, date: datetime.date | None = None,
             dated_by: str | None = None, doubt: str | None = None) -> Night:
    file = report["file"]
    wrongs = Counter(finding["player"] for finding in report["findings"]
                     if finding["severity"] == "irregularity" and finding["player"] is not None)
    return Night(file, report["status"], report["error"], len(report["games"]), aliases.tally(report["net"], file),
                 aliases.tally(wrongs, file), left_over(report), date, dated_by, doubt)


def left_over(report: Mapping[str, Any]) -> LeftOver | None:
    """What stayed in the pool when the log ended, by its ledger, and why: the last game
    unfinished, or the pool carried to the game that was to follow it (a jack-pot, as a
    rule: an ordinary game's pool is carried only when no one opened it)."""
    ledger = report["ledger"]
    amount = sum(line["amount"] for line in ledger if line["to"] == POOL) - \
        sum(line["amount"] for line in ledger if line["from"] == POOL)
    if not amount:
        return None
    last = report["games"][-1]
    why = UNFINISHED if not last["complete"] else JACKPOT if last["next"]["jackpot"] else CARRIED
    return LeftOver(report["file"], last["game"], amount, why)


def _read(file: str, data: bytes) -> dict[str, Any]:
    """The log in the bytes `check` read, by the reader it uses."""
    return read_text_log(data, file) if is_text_log(data, file) else read_log_lazily(data, file)


def _log_of(log: Mapping[str, Any]) -> str:
    """What makes two files one night: the same log, its table, events and `meta` (kept
    twice, as JSON and as text, or copied under another name), its cards in one spelling:
    the ten written `10c` in one file and `Tc` in the other is one card (SPEC §2)."""
    same = {**log, "events": [{key: _one_spelling(value) if key in _CARD_FIELDS else value
                               for key, value in event.items()} for event in log["events"]]}
    return hashlib.sha256(json.dumps(same, sort_keys=True).encode()).hexdigest()


_CARD_FIELDS = frozenset(("card", "cards", "original", "hands"))  # the log's fields that hold cards


def _one_spelling(value: Any) -> Any:
    """A card, a list of cards or a hand dealt (a count or cards, by player) in the
    spelling `card_str` gives."""
    if isinstance(value, str):
        try:
            return card_str(parse_card(value))
        except CardError:  # no card: as written
            return value
    if isinstance(value, list):
        return [_one_spelling(item) for item in value]
    if isinstance(value, dict):
        return {key: _one_spelling(item) for key, item in value.items()}
    return value


def night_date(file: str, log: Mapping[str, Any]) -> tuple[datetime.date | None, str | None, str | None]:
    """The night's date and where it was found (see the module's word): the log's `meta`;
    else the file's name (standard input has none, `-`); and a date written that is no
    date, passed over (`meta.date '2026-13-45' is no date`), for the secretary to hear of."""
    meta = log.get("meta")
    stated = meta.get("date") if isinstance(meta, dict) else None
    date = _stated_date(stated) if isinstance(stated, str) else None
    if date:
        return date, "meta.date", None
    written = repr(stated) if isinstance(stated, str) else json.dumps(stated, ensure_ascii=False)  # 20260101, too
    doubt = f"meta.date {clip(written)} is no date" if stated is not None else None
    named = _NAMED_DATE.search(os.path.basename(file))
    date = _iso_date(named.group(1)) if named else None
    if named and date is None:
        doubt = (doubt + "; " if doubt else "") + f"the file name's {named.group(1)} is no date"
    return (date, "file name", doubt) if date else (None, None, doubt)


def _stated_date(text: str) -> datetime.date | None:
    """An ISO date, perhaps with a time after it (to the hour, minute or second, and its
    zone; 24:00, the day's end, too): nothing else, not a week, nor words after it
    ("2026-02-05, or the 6th"). The night is the date's, whatever the time."""
    if not (stated := _STATED_DATE.fullmatch(text)):
        return None
    try:
        if _END_OF_DAY.fullmatch(stated.group("clock") or ""):
            return datetime.date.fromisoformat(text[:10])
        return datetime.datetime.fromisoformat(text).date()
    except ValueError:
        return None


def _iso_date(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        return None
