"""Checked logs with their HTML pages (`arbiter check --format html`).

A page needs more than the report: the log itself (the cards, the events) and the
replay's trace (the table after each event). Each log is read once and replayed once,
with its trace: a pipe (`<(zcat log.json.gz)`, standard input) can be read only once,
and the report is the one every other format gives (the same reading, options and
`invalid` reports, `arbiter.bulk`).
"""

from __future__ import annotations

import os
import secrets
from hashlib import sha256
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, Sequence

from arbiter.bulk import STDIN, internal_error, log_folder, read_path
from arbiter.checker import invalid_report, replay_bytes_with_trace
from arbiter.errors import LogError
from arbiter.render.html import render_html, render_index
from arbiter.rulebook.model import Rulebook


def html_reports(paths: Iterable[str], rulebook: Rulebook,
                 options: dict[str, Any]) -> Iterator[tuple[dict[str, Any], str]]:
    """Each log's report and its page, in the order of `paths`."""
    for path in paths:
        name = str(path)
        log: dict[str, Any] | None = None
        trace: list[dict[str, Any]] = []
        digest, housed = None, rulebook
        try:
            data = read_path(path)
            digest = sha256(data).hexdigest()
            log, housed, report, trace = replay_bytes_with_trace(data, name, rulebook, log_folder(path), digest,
                                                                 **options)
        except LogError as error:
            report = invalid_report(name, error, digest, rulebook, options)
        except Exception as exc:  # noqa: BLE001 - a defect of arbiter must not stop the other pages
            report = internal_error(name, exc, rulebook, options)
        if report["status"] == "invalid":
            log, trace = None, []
        yield report, render_html(report, log, trace, housed)


INDEX = "index.html"


def write_pages(pages: Iterable[tuple[dict[str, Any], str]],
                folder: Path) -> Iterator[tuple[dict[str, Any], str | None, str | None]]:
    """Each page written into `folder` as NAME.html (NAME the log's file name; a second
    log of the same name gets NAME-2.html, and a log named index gets index-2.html, the
    index being the folder's); yields each report, the name of its page, and why it could
    not be written (then no name): the report is its log's still, and the other pages are
    written."""
    written: set[str] = {INDEX}
    for report, page in pages:
        stem = "stdin" if report["file"] == STDIN else Path(report["file"]).stem
        name, n = f"{stem}.html", 1
        while name in written:
            n += 1
            name = f"{stem}-{n}.html"
        written.add(name)
        try:
            write_file(folder, name, page)
        except OSError as exc:
            yield report, None, f"cannot write the page {folder / name}: {exc.strerror or exc}"
        else:
            yield report, name, None


def write_index(folder: Path, pages: Sequence[tuple[Mapping[str, Any], str | None]], summary: str) -> str | None:
    """`folder/index.html`, listing each log with its page (or why it has none); None, or why
    the index could not be written."""
    try:
        write_file(folder, INDEX, render_index(pages, summary))
    except OSError as exc:
        return f"cannot write the index {folder / INDEX}: {exc.strerror or exc}"
    return None


def write_file(folder: Path, name: str, text: str) -> None:
    """`text` as `folder/name`, whole or not at all, never through what stands there.

    The text goes to a new file of a fresh name in `folder` (created exclusively, so not
    through a link planted there), which then replaces the entry `name`: a link there is
    replaced, not followed; a named pipe is replaced, not opened (which would block); a
    folder there cannot be replaced, and that is the OSError raised."""
    temporary = folder / f".{name}.{secrets.token_hex(6)}.part"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(temporary, folder / name)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
