"""Checked logs with their HTML pages (`arbiter check --format html`).

A page needs more than the report: the log itself (the cards, the events) and the
replay's trace (the table after each event). Each log is read once and replayed once,
with its trace: a pipe (`<(zcat log.json.gz)`, standard input) can be read only once,
and the report is the one every other format gives (the same reading, options and
`invalid` reports, `arbiter.bulk`).
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from arbiter.bulk import internal_error, read_path
from arbiter.checker import invalid_report, replay_with_trace
from arbiter.errors import LogError
from arbiter.notation.reading import read_any_log
from arbiter.render.html import render_html
from arbiter.rulebook.model import Rulebook


def html_reports(paths: Iterable[str], rulebook: Rulebook,
                 options: dict[str, Any]) -> Iterator[tuple[dict[str, Any], str]]:
    """Each log's report and its page, in the order of `paths`."""
    for path in paths:
        name = str(path)
        log: dict[str, Any] | None = None
        trace: list[dict[str, Any]] = []
        try:
            log = read_any_log(read_path(path), name)
            report, trace = replay_with_trace(log, rulebook, name, **options)
        except LogError as error:
            report = invalid_report(name, error)
        except Exception as exc:  # noqa: BLE001 - a defect of arbiter must not stop the other pages
            report = internal_error(name, exc)
        if report["status"] == "invalid":
            log, trace = None, []
        yield report, render_html(report, log, trace, rulebook)
