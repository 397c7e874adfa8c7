"""Whether a report kept with its log still stands (`arbiter verify`, SPEC §4).

A club keeps a ruling with its log; a week later anyone may ask whether the report is
what arbiter says of that log. The report's `provenance` names the log (its SHA-256),
the rule book and the house rules it was made under. The log is checked again: a rule
book or house rules other than the report's make the question unanswerable here (exit
2, saying which); a changed log or a report that says something else is a difference
(exit 1, the first one named); otherwise the report stands (exit 0).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from itertools import chain
from typing import Any, Iterator, Mapping

from arbiter.checker import checked_bytes
from arbiter.errors import ArbiterError, LogReadError
from arbiter.reading.limits import (
    INT_DIGITS,
    NotJSON,
    NotUTF8,
    check_depth,
    encoding_hint,
    may_hold_surrogate,
    no_constant,
    nul_byte,
    unique_pairs,
    utf8_text,
)
from arbiter.reading.messages import clip, json_pointer
from arbiter.rulebook.model import Rulebook

# Not what a report says of its log: the names a command line gave the log and the house
# file (the provenance is compared first, on its own).
# A house file without a `name:` is named after its file: a copy under another name is the
# same house (its bytes, the SHA-256, decide), as the log's name is not compared; one that
# names itself is that name (`NAMED_NOT_RULED`).
NOT_RULED = frozenset({("file",), ("provenance",), ("house_rules", "file"), ("house_rules", "name")})
NAMED_NOT_RULED = NOT_RULED - {("house_rules", "name")}


class VerifyError(ArbiterError):
    """The report cannot be verified here: a file cannot be read or holds no report, or
    the report was made under another rule book or other house rules (saying which)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """`stands` (the report is what arbiter says of the log) or `differs`, with the first
    difference: where in the report (a JSON Pointer), what each side says there (as JSON
    text, "nothing" where a side holds nothing), and why it matters where a value alone
    does not say (`why`)."""

    stands: bool
    provenance: Mapping[str, Any]
    where: str = ""
    kept: str = ""
    found: str = ""
    why: str = ""


class _NotWritten(Exception):
    """What arbiter never writes in a report, met while reading one."""


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > INT_DIGITS:
        raise _NotWritten(f"a number of more than {INT_DIGITS} digits")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999 read as infinity, which arbiter never writes
        raise _NotWritten(f"a number out of range ({clip(text)})")
    return value


def _decoded(text: str) -> object:
    # a report with a key twice says two things: the reader's choice of one must not decide that it stands
    return json.loads(text, object_pairs_hook=unique_pairs, parse_int=_integer, parse_float=_real,
                      parse_constant=no_constant)


def _documents(text: str) -> list[tuple[int | None, object]]:
    """The JSON document the text is, or its lines' with their numbers (jsonl's: a bad line
    named by its number; where the first line is none, the text was one document, and its
    error is said). Lines end at "\n" alone, as `--format jsonl` writes them: a string of a
    report holds U+2028 as it is, which `str.splitlines` would take for a line's end."""
    try:
        return [(None, _decoded(text))]
    except ValueError as whole:
        documents: list[tuple[int | None, object]] = []
        for number, line in enumerate(text.split("\n"), 1):
            try:
                documents.extend([(number, _decoded(line))] if line.strip() else [])
            except ValueError as exc:
                if not documents:
                    raise whole from None
                raise ValueError(f"line {number}: {exc}") from None
            except (_NotWritten, NotJSON) as exc:  # what reads as JSON and arbiter never writes
                raise _NotWritten(f"{exc} (line {number})") from None
        return documents


def read_reports(data: bytes, name: str) -> list[tuple[str, dict[str, Any]]]:
    """The reports a file holds, each with the place that names it where a difference is
    said: one report, `--format json`'s document (a run's reports, where it has several, at
    `/reports/N`, so that the one that differs is known), or `--format jsonl`'s lines (a
    byte-order mark before them, as an editor may save it, passed over; where several, a
    difference named by its line: `line 2, /net/Bob`)."""
    try:
        text = utf8_text(data)
    except NotUTF8 as exc:
        raise VerifyError(f"{name}: not UTF-8 (byte {exc.offset}){encoding_hint(data)}: not a report arbiter "
                          "wrote") from None
    try:
        if (nul := nul_byte(data)) is not None:
            raise _NotWritten(nul)
        documents = _documents(text)
        for _, document in documents:
            check_depth(document)
            if may_hold_surrogate(text):  # a lone surrogate escape reads, and cannot be written out
                json.dumps(document, ensure_ascii=False).encode()
    except UnicodeEncodeError:  # before ValueError, which it is
        raise VerifyError(f"{name}: holds a lone surrogate escape (\\ud800 to \\udfff), which is no text: not "
                          "a report arbiter wrote") from None
    except ValueError as exc:
        raise VerifyError(f"{name}: not JSON ({exc}): give a report arbiter wrote with --format json or "
                          "jsonl") from None
    except (_NotWritten, NotJSON) as exc:
        raise VerifyError(f"{name}: holds {exc}: not a report arbiter wrote") from None
    except (RecursionError, LogReadError):  # nested deeper than any report, or than the parser can follow
        raise VerifyError(f"{name}: nested more deeply than any report: not a report arbiter wrote") from None
    reports: list[tuple[str, dict[str, Any]]] = []
    lines = sum(isinstance(document, dict) and "status" in document for _, document in documents) > 1
    for number, document in documents:
        if isinstance(document, dict) and isinstance(document.get("reports"), list):
            several = len(document["reports"]) > 1  # which of them: a run's report of one log says it as one report
            reports.extend((f"/reports/{i}" if several else "", r)
                           for i, r in enumerate(document["reports"]) if isinstance(r, dict))
        elif isinstance(document, dict) and "status" in document:
            reports.append((f"line {number}, " if lines else "", document))  # which line of several
    if not reports:
        raise VerifyError(f"{name}: holds no report (write one with `arbiter check LOG --format json`)")
    return reports


def verify(report_data: bytes, report_name: str, log_data: bytes, log_name: str, log_folder: str | None,
           rulebook: Rulebook, **options: Any) -> Verdict:
    """Check the log's bytes again under `rulebook` (with the house rules given, or those
    its table names, looked for in `log_folder`) and compare with the report kept. Raises
    VerifyError where the answer cannot be given here."""
    reports = read_reports(report_data, report_name)
    fresh, housed = checked_bytes(log_data, log_name, rulebook, log_folder, **options)
    now = fresh["provenance"]
    kept_all = _the_reports_of(reports, now["log_sha256"])
    if not kept_all:  # the files read, and the log differs from every log the reports are of
        lines = reports[0][0].startswith("line")
        named = [r["provenance"].get("log_sha256") if isinstance(r.get("provenance"), dict) else None
                 for _, r in reports]
        return Verdict(False, now, "every line" if lines else "/reports", _shown(named), _shown(now["log_sha256"]),
                       f"the log is none of those the {len(reports)} reports were made of")
    for place, kept in kept_all:  # a log checked twice in one run is reported twice: each report of it must stand
        verdict = _compared(kept, fresh, report_name, housed.house_named)
        if not verdict.stands:
            return replace(verdict, where=place + verdict.where)
    return Verdict(True, now)


def _compared(kept: dict[str, Any], fresh: dict[str, Any], report_name: str, named: bool) -> Verdict:
    """One report kept against the report made now: the first difference, or it stands.
    `named`: the house file names itself, and its name is compared with the report's."""
    now = fresh["provenance"]
    then = kept.get("provenance")
    if not isinstance(then, dict):
        raise VerifyError(f"{report_name}: the report carries no provenance: it names no log, rule book or house "
                          "rules to check it against")
    _same_rulebook(then, now)  # another rule book is said first (exit 2), whatever else the report lacks
    if "house" not in then:  # a report says which house rules it was made under, null for none
        return Verdict(False, now, "/provenance/house", "nothing", _shown(now["house"]))
    _same_house(then, now, fresh)
    if then.get("log_sha256") != now["log_sha256"]:
        return Verdict(False, now, "/provenance/log_sha256", _item(then, "log_sha256"), _shown(now["log_sha256"]),
                       "the log is not the one the report was made of")
    if _given(kept) != _given(fresh):  # the report's findings were filtered otherwise: said first, not as its status
        return Verdict(False, now, "/filtered", _item(kept, "filtered"), _item(fresh, "filtered"),
                       f"this check is with {_filters(_given(fresh))}; give the report's --ignore and --select")
    house = then["house"]  # the SHA-256 is compared above; a name the file gives is compared here, its file's not
    if not named and isinstance(house, dict) and "name" in house:
        house = {**house, "name": now["house"]["name"]}
    not_ruled = NAMED_NOT_RULED if named else NOT_RULED
    for where, before, after in chain(differences({**then, "house": house}, now, ("provenance",), not_ruled),
                                      differences(kept, fresh, (), not_ruled)):
        return Verdict(False, now, where, before, after)
    return Verdict(True, now)


def _the_reports_of(reports: list[tuple[str, dict[str, Any]]], digest: str) -> list[tuple[str, dict[str, Any]]]:
    """The reports on this log: those whose provenance names its SHA-256 (a log checked
    twice in one run is reported twice), or the only one (whose provenance then tells the
    difference); none where several are and none is of it."""
    found = [(place, report) for place, report in reports
             if isinstance(provenance := report.get("provenance"), dict) and provenance.get("log_sha256") == digest]
    return found or (reports[:1] if len(reports) == 1 else [])


def _same_rulebook(then: dict[str, Any], now: Mapping[str, Any]) -> None:
    """A report made under another rule book cannot be checked here."""
    if not isinstance(then.get("rules"), str):
        raise VerifyError(f"the report's provenance names no rule book ({clip(_item(then, 'rules'), 120)}): which rule "
                          "book it was made under cannot be told")
    if then["rules"] != now["rules"]:
        same_version = then["rules"].partition(":")[0] == now["rules"].partition(":")[0]
        hint = "the rule files were edited since, under the same version" if same_version else \
            "check with that version of arbiter"
        raise VerifyError(f"the rule book differs: the report was made under {then.get('rules')}, this "
                          f"arbiter's is {now['rules']} ({hint})")


def _same_house(then: Mapping[str, Any], now: Mapping[str, Any], fresh: Mapping[str, Any]) -> None:
    """Nor one made under other house rules."""
    house = then.get("house")
    if house is not None and not (isinstance(house, dict) and isinstance(house.get("sha256"), str)):
        raise VerifyError(f"the report names house rules without their SHA-256 ({clip(_shown(house), 120)}): "
                          "which house rules it was made under cannot be told")
    if _house_digest(house) != _house_digest(now["house"]):
        why = f" ({fresh['error']['message']})" if fresh["status"] == "invalid" else ""
        raise VerifyError(f"the house rules differ: the report was made under {_house(house)}, this "
                          f"check is under {_house(now['house'])}{why}; give the report's house rules with "
                          "--house FILE")


def _given(report: Mapping[str, Any]) -> tuple[object, object]:
    """The --ignore and --select a report was made with (its `filtered`), or none."""
    filtered = report.get("filtered")
    return (filtered.get("ignore"), filtered.get("select")) if isinstance(filtered, dict) else ([], None)


def _filters(given: tuple[object, object]) -> str:
    ignore, select = given
    said = [f"--ignore {','.join(map(str, ignore))}"] if isinstance(ignore, list) and ignore else []
    said += [f"--select {','.join(map(str, select))}"] if isinstance(select, list) else []
    return " and ".join(said) or "neither --ignore nor --select"


def _house_digest(house: Mapping[str, Any] | None) -> str | None:
    """What identifies the house rules: their bytes' SHA-256 (a `name:` among them included)."""
    return house["sha256"] if house else None


def _house(house: Mapping[str, Any] | None) -> str:
    return f"house rules {house.get('name')!r} (SHA-256 {house['sha256']})" if house else "no house rules"


def differences(kept: object, fresh: object, path: tuple[str | int, ...] = (),
                not_ruled: frozenset[tuple[str, ...]] = NOT_RULED) -> Iterator[tuple[str, str, str]]:
    """Where the report kept and the report made now part, in the report's order."""
    if isinstance(kept, dict) and isinstance(fresh, dict):
        for key in [*kept, *(k for k in fresh if k not in kept)]:
            if (*path, key) not in not_ruled:
                if key not in fresh or key not in kept:
                    yield json_pointer([*path, key]), _item(kept, key), _item(fresh, key)
                else:
                    yield from differences(kept[key], fresh[key], (*path, key), not_ruled)
    elif isinstance(kept, list) and isinstance(fresh, list):
        for index, (a, b) in enumerate(zip(kept, fresh)):
            yield from differences(a, b, (*path, index), not_ruled)
        if len(kept) != len(fresh):
            shorter = min(len(kept), len(fresh))
            yield json_pointer([*path, shorter]), _item(kept, shorter), _item(fresh, shorter)
    elif kept != fresh or type(kept) is not type(fresh):
        yield json_pointer(path), _shown(kept), _shown(fresh)


def _item(container: dict[str, Any] | list[Any], key: str | int) -> str:
    """What a report holds at `key`, or "nothing" where it holds nothing there."""
    if isinstance(container, dict):
        return _shown(container[key]) if key in container else "nothing"
    return _shown(container[key]) if isinstance(key, int) and key < len(container) else "nothing"


def _shown(value: object) -> str:
    """A value as JSON text, whole (the command's words cut it short where it is long)."""
    return json.dumps(value, ensure_ascii=False)


__all__ = ["Verdict", "VerifyError", "differences", "read_reports", "verify"]
