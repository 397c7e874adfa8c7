"""Checked logs with their HTML pages (`arbiter check --format html`).

A page needs more than the report: the log itself (the cards, the events) and the
replay's trace (the table after each event). The report comes exactly as every other
format has it (`check_one`: the same reading, options and `invalid` reports); a valid
log is then read again and replayed with its trace for the drawing. Standard input can
be read only once, so it is kept in memory and checked from there.
"""

from __future__ import annotations

import sys
from typing import Any, Iterable, Iterator

from arbiter.bulk import STDIN, check_one
from arbiter.checker import check_bytes, replay_with_trace
from arbiter.logfile import read_source, read_stream
from arbiter.notation.reading import read_any_log
from arbiter.render.html import render_html
from arbiter.rulebook.model import Rulebook


def html_reports(paths: Iterable[str], rulebook: Rulebook,
                 options: dict[str, Any]) -> Iterator[tuple[dict[str, Any], str]]:
    """Each log's report and its page, in the order of `paths`."""
    for path in paths:
        data = read_stream(sys.stdin.buffer) if path == STDIN else None
        report = check_one(path, rulebook, options) if data is None else check_bytes(data, path, rulebook, **options)
        log, trace = None, []
        if report["status"] != "invalid":
            log = read_any_log(data if data is not None else read_source(path), path)
            trace = replay_with_trace(log, rulebook, path)[1]
        yield report, render_html(report, log, trace, rulebook)
