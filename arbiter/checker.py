"""Checking hand logs: one pure function from a log to its report, and its file-reading twin.

`check_log(log) -> dict` is the library's entry point (README, "Python API"): no I/O,
no global state beyond the rule book loaded once, safe to fan out over processes.
"""

from __future__ import annotations

import json
import os
from hashlib import sha256
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping

from arbiter import __version__, reading
from arbiter.engine.replay import Replay
from arbiter.errors import ArbiterError, LogError, UnknownRuleError
from arbiter.escapes import shown_path
from arbiter.findings import Finding
from arbiter.notation.reading import Locate, is_text_log, read_any_log, text_locator
from arbiter.reading import read_built_log, read_log_lazily, read_source
from arbiter.rulebook.loader import load_rulebook
from arbiter.rulebook.model import (
    Rulebook,
    a_rulebook,
    logs_house_may_define,
    normalise_id,
    where_rules_are_listed,
)

if TYPE_CHECKING:
    from pathlib import Path

STATUS_OK = "ok"
STATUS_IRREGULAR = "irregular"
STATUS_INVALID = "invalid"


def _status(findings: Iterable[Mapping[str, Any]]) -> str:
    return STATUS_IRREGULAR if any(f["severity"] == "irregularity" for f in findings) else STATUS_OK


def _named(file: str | None) -> str | None:
    """A report's name for its log: the path as given, a byte of it that is not UTF-8 shown
    as `\\xNN` (`shown_path`), so that every output can hold it; None for a log given as data."""
    return None if file is None else shown_path(file)


def invalid_report(file: str | None, error: LogError, digest: str | None = None,
                   rulebook: Rulebook | None = None, filters: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The report on a log that cannot be read or replayed; `digest` the SHA-256 of its
    bytes where they were read, so that `arbiter verify` can tell it is the same file; the
    `ignore=` and `select=` it was asked with, as named (`filtered`), for verify to ask the same."""
    report: dict[str, Any] = {
        "file": _named(file), "status": STATUS_INVALID, "error": error.to_dict(),
        "findings": [], "ledger": [], "games": [], "net": {},
    }
    ignored = {normalise_id(item) for item in _items((filters or {}).get("ignore"))}
    selecting = {normalise_id(item) for item in _items((filters or {}).get("select"))}
    if ignored or selecting:
        report["filtered"] = _filtered(ignored, selecting or None, 0)
    report["provenance"] = provenance(digest, rulebook or load_rulebook())
    if rulebook is not None and rulebook.house:  # the rules it was read under, as any report says
        report["house_rules"] = dict(rulebook.house)
    return report


def replay_log(log: Mapping[str, Any], rulebook: Rulebook | None = None,
               file: str | None = None, ignore: str | Iterable[str] | None = (),
               select: str | Iterable[str] | None = None, digest: str | None = None,
               locate: Locate | None = None) -> dict[str, Any]:
    """Replay a log already read and checked against the schema; `digest` is the SHA-256
    of the bytes it was read from (else of its canonical JSON), for the provenance;
    `locate` places an error in the text it was read from (`text_locator`)."""
    return _replay(log, rulebook, file, ignore, select, trace=False, digest=digest, locate=locate)[0]


def log_digest(log: Mapping[str, Any]) -> str:
    """The SHA-256 of a log given as data: of its JSON with keys sorted, no spaces, and
    every character beyond ASCII escaped (so that even a lone surrogate has its bytes).
    Raises TypeError, ValueError or RecursionError for what JSON cannot hold."""
    return sha256(json.dumps(log, sort_keys=True, separators=(",", ":")).encode("ascii")).hexdigest()


def _digest_if_json(log: object) -> str | None:
    try:
        return log_digest(log)  # type: ignore[arg-type]
    except (TypeError, ValueError, RecursionError):  # not JSON: no digest, and read_built_log says why
        return None


def provenance(digest: str | None, rulebook: Rulebook) -> dict[str, Any]:
    """What ties a report to the log and the laws it was made under (SPEC §4): the log's
    SHA-256, the rule book's identity (arbiter's version and its rule files' hash), the
    house's name and SHA-256, and arbiter's version."""
    house = rulebook.house
    return {"log_sha256": digest, "rules": f"{__version__}:{rulebook.source_hash}",
            "house": {"name": house["name"], "sha256": rulebook.house_sha256} if house else None,
            "arbiter": __version__}


def replay_with_trace(log: Mapping[str, Any], rulebook: Rulebook | None = None,
                      file: str | None = None, ignore: Iterable[str] = (),
                      select: Iterable[str] | None = None, digest: str | None = None,
                      locate: Locate | None = None, so_far: bool = False
                      ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The report, and the table after each event (who is in, the stakes, the pool …):
    for telling a game event by event (`arbiter explain`, the HTML report). The report
    is the one `replay_log` gives with the same options, from the same single replay;
    with `so_far`, one that breaks down mid-replay holds, beside its error, what was
    judged before the break (findings, ledger, the games ended), to be told as far as it
    goes: no report `check` gives holds them (SPEC §4: no rulings passed off as complete)."""
    return _replay(log, rulebook, file, ignore, select, trace=True, digest=digest, locate=locate, so_far=so_far)


def replay_bytes_with_trace(data: bytes, file: str, rulebook: Rulebook, folder: str | None,
                            digest: str | None = None, **options: Any
                            ) -> tuple[dict[str, Any], Rulebook, dict[str, Any], list[dict[str, Any]]]:
    """A log's bytes read, under the house rules its table names, and replayed with the
    table after each event: (the log, the rule book in force, the report, the trace), for
    those who tell the game (`explain`, the HTML pages). Raises LogError for a log that
    cannot be read or whose house cannot be used; one that breaks down mid-replay is its
    report's error, told as far as it goes."""
    log = read_any_log(data, file)
    locate = text_locator(data, file)
    housed = rulebook_for(log, rulebook, folder, locate)
    report, trace = replay_with_trace(log, housed, file, digest=digest or sha256(data).hexdigest(),
                                      locate=locate, **options)
    return log, housed, report, trace


def rule_ids(rulebook: Rulebook, given: str | Iterable[str] | None, option: str, housed: bool = False) -> set[str]:
    """The rule IDs of `ignore=` or `select=`: a string ("L13", "L13,L15", blanks dropped,
    as `--ignore L13,` drops them) or a list of them; None is none. A string is never taken
    as its characters, and an ID not in the rule book is refused (UnknownRuleError), as
    `--ignore` refuses it on the command line; a club's own rule, before any log is read,
    only once its log's rules (`housed`) lack it."""
    ids = set()
    for item in _items(given):
        if not isinstance(item, str) or not (normalise_id(item) in rulebook.rules or (
                logs_house_may_define(rulebook, item) and not housed)):
            raise UnknownRuleError(str(item), f"{option}: unknown rule ID {item!r} ({where_rules_are_listed(item)})")
        ids.add(normalise_id(item))
    return ids


def _items(given: str | Iterable[str] | None) -> list[Any]:
    """The items an `ignore=` or `select=` names, as given: a string's, split at commas."""
    if given is None:
        return []
    if isinstance(given, str):
        return [item.strip() for item in given.split(",") if item.strip()]
    # bytes or a number is one ID, refused as one, not walked (b"L4" was refused as 76, the first byte)
    return [given] if isinstance(given, (bytes, bytearray)) or not isinstance(given, Iterable) else list(given)


def _filtered(ignored: Iterable[str], selected: Iterable[str] | None, left_out: int) -> dict[str, Any]:
    """A report's `filtered`: what --ignore and --select left out, for `verify` to ask the same."""
    return {"ignore": sorted(ignored), "select": sorted(selected) if selected is not None else None,
            "left_out": left_out}


# The house rule books the logs' tables name, by the rule book they were applied to and the
# file: each applied once. The rule book is held with it (an id alone may be another's once
# the first is gone), and the oldest goes beyond KEPT_HOUSES (an API caller may build a rule
# book for each log).
_HOUSED: dict[tuple[int, str], tuple[Rulebook, Rulebook]] = {}
KEPT_HOUSES = 32


def rulebook_for(log: Mapping[str, Any], rulebook: Rulebook | None = None, folder: str | None = None,
                 locate: Locate | None = None) -> Rulebook:
    """The rule book a log is played under: with the house rules its table names
    (`table.house`, as `arbiter table --house` writes them), unless house rules are
    already applied (a --house given on the command line wins). A shipped house is found
    by its name; a file is read only where the caller gives the log's `folder` (the
    command line, for a log read from a file): a log given as data makes nothing read.
    Raises LogError if the house rules named cannot be used (placed in a text log by
    `locate`); the message names the file, never what it holds."""
    try:
        return _housed(log, rulebook or load_rulebook(), folder)
    except LogError as error:
        raise (locate(error) if locate else error) from None


def _housed(log: Mapping[str, Any], rulebook: Rulebook, folder: str | None) -> Rulebook:
    name = log["table"].get("house")
    if not name or rulebook.house:
        return rulebook
    from arbiter.rulebook.house import apply_house, read_house, shipped_house_files  # only a log that names them

    shipped = shipped_house_files()
    if name in shipped:
        path = str(shipped[name])
    elif folder is None:
        raise LogError(f"the house rules the table names, {name!r}, are not a shipped house file "
                       f"({', '.join(shipped)}): a log given as data names no file to be read; check the log as a "
                       "file, or apply the house rules to the rule book", "/table/house")
    else:
        path = os.path.join(folder, name)
        if not os.path.isfile(path):  # a folder or a pipe is named as what it is, as `--house` names it
            what = "not a file (a house-rules file is a YAML file)" if os.path.exists(path) else "no such file"
            raise LogError(f"the house rules the table names cannot be used: {name!r} is {what} beside the "
                           f"log ({path}), nor a shipped house-rules name ({', '.join(shipped)})", "/table/house")
    key = (id(rulebook), path)
    kept = _HOUSED.get(key)
    if kept is None or kept[0] is not rulebook:
        try:
            housed = apply_house(rulebook, read_house(path))
        except ArbiterError as exc:
            why = str(exc) if name in shipped else f"{path} is not a house-rules file arbiter can use (`arbiter " \
                                                    f"laws --house {path}` says why)"
            raise LogError(f"the house rules the table names cannot be used: {why}", "/table/house") from None
        if len(_HOUSED) >= KEPT_HOUSES:
            del _HOUSED[next(iter(_HOUSED))]
        kept = _HOUSED[key] = (rulebook, housed)
    return kept[1]


def _judged(replay: Replay, ignored: set[str], selected: set[str] | None) -> dict[str, Any]:
    """What a replay judged: its findings (those asked for) in the order of their events,
    the ledger's lines, the games it ended and the nets. (A game's end is judged once the
    next deal has come, as of its last event: a finding of that deal's, law 9's of an uncut
    deal it cuts off, is made before the end's, law 29's, of an earlier event.)"""
    findings = [finding.to_dict() for finding in sorted(replay.findings, key=_at_event)
                if finding.id not in ignored and (selected is None or finding.id in selected)]
    net = replay.board.ledger.net(replay.board.seating.players)
    return {"findings": findings, "ledger": replay.board.ledger.drain(),  # the replay is done with: lines now
            "games": [account.to_dict() for account in replay.games], "net": net}


def _at_event(finding: Finding) -> int:
    return -1 if finding.event is None else finding.event


def _replay(log: Mapping[str, Any], rulebook: Rulebook | None, file: str | None, ignore: str | Iterable[str] | None,
            select: str | Iterable[str] | None, trace: bool, digest: str | None = None,
            locate: Locate | None = None, so_far: bool = False) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    digest = digest or log_digest(log)
    filters = {"ignore": ignore, "select": select}
    try:
        housed = rulebook_for(log, rulebook)
    except LogError as error:
        return invalid_report(file, error, digest, rulebook, filters), []
    rulebook = housed
    try:
        ignored = rule_ids(rulebook, ignore, "ignore", housed=True)
        selected = rule_ids(rulebook, select, "select", housed=True) or None  # naming none, none is selected
    except UnknownRuleError as unknown:  # a club's rule no house of this log defines: the filter made it invalid
        return invalid_report(file, LogError(f"{unknown.message}: not a rule this log is played under"), digest,
                              rulebook, filters), []
    replay = Replay(log, Replay.compile(rulebook), trace=trace)
    try:
        replay.run()
    except LogError as error:
        failed = invalid_report(file, locate(error) if locate else error, digest, rulebook, filters)
        if so_far:  # to be told as far as it goes, the error after it: what was judged before the break
            failed.update(_judged(replay, ignored, selected))
        return failed, list(replay.trace or ())
    judged = _judged(replay, ignored, selected)
    report = {"file": _named(file), "status": _status(judged["findings"]), "error": None, **judged}
    if ignored or selected is not None:  # a report that leaves findings out says so, and verify asks for the same
        report["filtered"] = _filtered(ignored, selected, len(replay.findings) - len(judged["findings"]))
    if rulebook.house:
        report["house_rules"] = dict(rulebook.house)
    if log["table"].get("pronouns"):
        report["pronouns"] = dict(log["table"]["pronouns"])
    report["provenance"] = provenance(digest, rulebook)
    return report, list(replay.trace or ())


def _given_rulebook(rulebook: Rulebook | None) -> Rulebook:
    """The rule book a caller gives, or the laws' own. A house file's name, path or data is
    not one (it took `""` for none, and failed deep in the replay on the others): said so."""
    return load_rulebook() if rulebook is None else a_rulebook(rulebook)


def check_log(log: Mapping[str, Any], rulebook: Rulebook | None = None, **options: Any) -> dict[str, Any]:
    """A log (the parsed JSON) in, its report out. Never raises for a bad log: it is `invalid`.

    A sound log is replayed as it is; any other is read as a file is (`read_built_log`)."""
    digest = _digest_if_json(log)
    rulebook = _given_rulebook(rulebook)
    _known_filters(rulebook, options, "check_log")
    try:
        data = read_built_log(log)
    except LogError as error:
        return invalid_report(None, error, digest, rulebook, options)
    return replay_log(data, rulebook, None, digest=digest, **options)


def _known_filters(rulebook: Rulebook, options: dict[str, Any], caller: str) -> None:
    """`ignore=` and `select=` refused before the log is read, as the command line refuses
    them before any log: an ID not in the rule book is an error whatever the log holds
    (an invalid one returned first, and the mistake went unsaid). One given as an iterator
    (a generator) is kept as a list: read here, it was empty when the findings were filtered.
    Any other keyword is the caller's (`house=` was told of as replay_log's, a function he
    never called)."""
    unknown = sorted(set(options) - {"ignore", "select"})
    if unknown:
        raise TypeError(f"{caller}() takes no {unknown[0]!r}: it takes rulebook=, ignore= and select= (house "
                        "rules: rulebook=apply_house(load_rulebook(), read_house(NAME_OR_PATH)))")
    for option in ("ignore", "select"):
        if isinstance(given := options.get(option), Iterator):
            options[option] = given = list(given)
        rule_ids(rulebook, given, option)


def next_acts_of(log: Mapping[str, Any], rulebook: Rulebook | None = None,
                 locate: Locate | None = None) -> dict[str, Any]:
    """What may come next after a log's events (SPEC §3 item 28), under the house rules its
    table names or `rulebook`'s. Raises LogError for a log that cannot be read or replayed
    (placed in its text by `locate`)."""
    from arbiter.engine.next_acts import next_acts

    log = read_built_log(log)
    replay = Replay(log, Replay.compile(rulebook_for(log, rulebook)))
    try:
        for k, event in enumerate(log["events"]):
            replay.step(k, event)
    except LogError as error:
        raise (locate(error) if locate else error) from None
    return next_acts(replay)


def check_bytes(data: bytes, file: str, rulebook: Rulebook | None = None, folder: str | None = None,
                **options: Any) -> dict[str, Any]:
    """A log's bytes, JSON or the text notation (`*.hand`, or by content), to its report;
    `folder` is where the log lies, where a house-rules file its table names is looked for."""
    if not isinstance(data, bytes) or not isinstance(file, str):  # said as the caller's, not as an internal fault
        raise TypeError(f"check_bytes() takes the log's bytes and its file's name as a str, not "
                        f"{type(data).__name__} and {type(file).__name__}")
    return checked_bytes(data, file, rulebook, folder, **options)[0]


def checked_bytes(data: bytes, file: str, rulebook: Rulebook | None = None, folder: str | None = None,
                  **options: Any) -> tuple[dict[str, Any], Rulebook]:
    """`check_bytes`'s report, with the rule book it was made under (the house rules the
    log's table names applied): the one its rulings are to be read in."""
    rulebook = _given_rulebook(rulebook)
    _known_filters(rulebook, options, "check_bytes")
    return _judged_bytes(data, file, rulebook, folder, options)


def _judged_bytes(data: bytes, file: str, rulebook: Rulebook, folder: str | None,
                  options: dict[str, Any]) -> tuple[dict[str, Any], Rulebook]:
    """`checked_bytes` once the caller's rule book and filters are known good."""
    digest = sha256(data).hexdigest()
    locate = text_locator(data, file)
    try:
        log = read_any_log(data, file) if _read_whole(data, file) else read_log_lazily(data, file)
        housed = rulebook_for(log, rulebook, folder, locate)
    except LogError as error:
        return invalid_report(file, error, digest, rulebook, options), rulebook
    return replay_log(log, housed, file, digest=digest, locate=locate, **options), housed


def _read_whole(data: bytes, file: str) -> bool:
    """A text log, or a JSON log no larger than `reading.STREAM_ABOVE_BYTES`, is parsed
    whole; a larger JSON log is replayed as its events are read, one at a time."""
    return len(data) <= reading.STREAM_ABOVE_BYTES or is_text_log(data, file)


def check_file(path: str | Path, rulebook: Rulebook | None = None, **options: Any) -> dict[str, Any]:
    """Check one file; a file that cannot be read is an `invalid` report, never an exception."""
    shown = os.fsdecode(path)  # a name given as bytes is read as its name (not Python's b'…'), its folder too
    rulebook = _given_rulebook(rulebook)  # the caller's mistakes first, whether or not the file reads
    _known_filters(rulebook, options, "check_file")
    try:
        data = read_source(shown)
    except LogError as error:
        return invalid_report(shown, error, rulebook=rulebook, filters=options)
    return _judged_bytes(data, shown, rulebook, os.path.dirname(os.path.abspath(shown)), options)[0]


__all__ = ["check_log", "check_file", "check_bytes", "next_acts_of", "replay_log", "replay_with_trace", "rulebook_for",
           "ArbiterError"]
