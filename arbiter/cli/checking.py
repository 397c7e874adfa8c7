"""What `arbiter check` does once click has read its command line (`arbiter.cli.check`): a
mistake of usage is click's `UsageError`, said with the usage line.

The logs are taken from the walk of the paths as they are checked, and each report is
written as it comes: nothing is held per log (the JSON document's reports wait in a
temporary file for the summary that comes first) but, for the index of a folder of HTML
pages, each page's name, status and rule IDs.
"""

from __future__ import annotations

import json
import signal
import sys
from contextlib import contextmanager
from functools import partial
from typing import IO, Any, Iterable, Iterator

import click

from arbiter.bulk import Render, Tally, Walk, build_rulebook, check_rendered, count_logs
from arbiter.cli.app import finding_filters
from arbiter.cli.output import echo, output_closed, warn_left_out
from arbiter.errors import ArbiterError
from arbiter.render.report import render_json, render_jsonl, render_text
from arbiter.report import Report
from arbiter.rulebook.model import Rulebook


def run_check(paths: tuple[str, ...], fmt: str, out_dir: str | None, house: str | None, jobs: int,
              scheduler: str | None, ignore: tuple[str, ...], select: tuple[str, ...], exit_zero: bool,
              quiet: bool) -> int:
    """Check the logs the paths name; the exit code."""
    rulebook = build_rulebook(house)
    options = finding_filters(rulebook, ignore, select)
    walk = Walk(paths)
    if not walk.ahead(1):
        warn_left_out(walk.left_out)
        raise click.UsageError("no hand logs found in the paths given")
    tally = Report(exit_zero=exit_zero)
    if out_dir and fmt != "html":
        raise click.UsageError("--out goes with --format html")
    if fmt == "html" and walk.ahead(2) > 1 and not out_dir:
        raise click.UsageError("--format html makes one page per log: with several logs, give --out DIR")
    if scheduler and (fmt == "html" or jobs > 1):
        raise click.UsageError("--scheduler checks on a Dask cluster: not with --format html, nor with --jobs")
    stops = _Stops()
    try:
        with stops:
            if fmt == "html":
                _write_pages(stops.each(walk), rulebook, options, out_dir, tally, quiet)
            else:
                # a bar on a terminal (SPEC §5), but for the table's reports drawn on that terminal,
                # where each report as it comes is the run's progress and a bar would break through them
                bar = not quiet and sys.stderr.isatty() and (fmt != "table" or not sys.stdout.isatty())
                _print_reports(_outputs(stops.each(walk), house, options, jobs, scheduler, _RENDERS[fmt]),
                               count_logs(paths) if bar else None, fmt, tally, quiet, stops, _left_out(options))
    except (KeyboardInterrupt, Stopped) as exc:
        signum = exc.signum if isinstance(exc, Stopped) else signal.SIGINT
        total = walk.total()
        echo(f"arbiter: stopped by {signal.Signals(signum).name}: {tally.total} of {total} "
             f"log{'s' if total != 1 else ''} checked", err=True)
        return 128 + signum  # as a shell reports a command a signal ended: 130 for ^C, 143 for SIGTERM
    except BrokenPipeError:  # the reader has all it wanted (`| head`): the logs checked so far decide the code
        output_closed()
        return tally.exit_code
    warn_left_out(walk.left_out)
    return tally.exit_code


class Stopped(BaseException):
    """^C or SIGTERM, raised where the run stands, so that it unwinds: the workers
    ended, the reports so far printed (a BaseException, as KeyboardInterrupt is, so that
    no `except Exception` for one log's error catches it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _Stops:
    """While the run lasts, ^C and SIGTERM raise `Stopped`; inside `held()` they wait
    until the block is done, so that a report is printed and counted whole or not at all.
    (Blocking the signals would not do: the pool's threads would take them.)"""

    _SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self) -> None:
        self.holding = False
        self.pending: int | None = None
        self.previous: dict[int, Any] = {}

    def __enter__(self) -> "_Stops":
        try:
            self.previous = {signum: signal.signal(signum, self._arrived) for signum in self._SIGNALS}
        except ValueError:  # not the main thread: signals go to the main thread only
            pass
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self.previous.items():
            signal.signal(signum, handler)

    def _arrived(self, signum: int, frame: Any) -> None:
        if self.holding:
            self.pending = self.pending or signum
        else:
            raise Stopped(signum)

    @contextmanager
    def held(self) -> Iterator[None]:
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
        if self.pending:
            raise Stopped(self.pending)

    def each(self, paths: Iterable[str]) -> Iterator[str]:
        """The paths, each taken from the walk whole: a signal waits until it is taken,
        so that the walk is not ended midway and can still count the logs."""
        source = iter(paths)
        while True:
            with self.held():
                path = next(source, None)
            if path is None:
                return
            yield path


def _outputs(paths: Iterable[str], house: str | None, options: dict[str, Any], jobs: int, scheduler: str | None,
             render: Render) -> Iterator[tuple[str, Tally]]:
    if scheduler is None:
        return check_rendered(paths, house, options, jobs, render)
    from arbiter.cluster import check_on_cluster  # Dask only when asked for

    return check_on_cluster(list(paths), house, options, scheduler, render)


def _jsonl(report: dict[str, Any], rulebook: Rulebook) -> str:
    return render_jsonl(report)


# How each format renders one report, where it is checked (a worker, with --jobs).
_RENDERS: dict[str, Render] = {"jsonl": _jsonl, "json": _jsonl, "table": partial(render_text, fmt="table"),
                               "markdown": partial(render_text, fmt="markdown")}


def _print_reports(outputs: Iterator[tuple[str, Tally]], count: int | None, fmt: str, tally: Report, quiet: bool,
                   stops: _Stops, left_out: str) -> None:
    """Each report as it comes; the summary at the end, or where a signal stopped the run
    (the reports so far; a JSON document whole). The JSON document's reports wait in a
    temporary file, not in memory, for the summary that comes first. `count`: the logs
    to check, for a progress bar on a terminal (None: no bar)."""
    spool = _Spool() if fmt == "json" else None
    try:
        for line, counts in _progress(outputs, count):
            with stops.held():  # a report is counted and printed whole, or not at all
                tally.count(*counts)  # first: a reader who closes the output midway (`| head`) has had it checked
                if spool is None:
                    echo(line)
                else:
                    spool.write(line)
            del line  # a long log's report is let go before the next is made
    except (KeyboardInterrupt, Stopped) as exc:
        signum = exc.signum if isinstance(exc, Stopped) else signal.SIGINT
        tally.stop(signal.Signals(signum).name, signum)  # the summary says the run was stopped
        raise
    except BrokenPipeError:  # the reader has all it wanted: the logs checked so far decide the code
        raise
    except OSError as exc:  # the reports cannot be written (a full disk): the summary says why the run ends in error
        tally.unwritten = exc.strerror or str(exc)
        raise
    finally:
        if spool is not None:
            for piece in render_json(tally.summary(), spool.pieces()):
                echo(piece, nl=False)
            spool.close()
        elif fmt == "jsonl":
            echo(json.dumps({"summary": tally.summary()}), err=True)
        elif not quiet:
            echo(tally.summary_line() + left_out)


class _Spool:
    """The JSON document's reports, one a line, waiting for the summary that comes first:
    in memory up to `LIMIT` characters, then in a temporary file, so that memory does not
    grow with the number of reports (and one log's run does not import tempfile). Each
    report is kept with the separator before it, and given back in pieces of at most
    `LIMIT` characters once in the file, so that a long log's report is never held twice."""

    LIMIT = 1 << 20

    def __init__(self) -> None:
        self.held: list[str] = []
        self.size = 0
        self.reports = 0
        self.file: IO[str] | None = None

    def write(self, line: str) -> None:
        separator = "\n  " if self.reports == 0 else ",\n  "
        self.reports += 1
        if self.file is not None:
            self.file.write(separator)
            self.file.write(line)
            return
        self.held += (separator, line)
        self.size += len(line)
        if self.size > self.LIMIT:
            import tempfile

            self.file = tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n")
            self.file.writelines(self.held)
            self.held = []

    def pieces(self) -> Iterator[str]:
        if self.file is None:
            yield from self.held
            return
        self.file.seek(0)
        while piece := self.file.read(self.LIMIT):
            yield piece

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


def _progress(outputs: Iterator[tuple[str, Tally]], count: int | None) -> Iterator[tuple[str, Tally]]:
    """The outputs, behind click's progress bar on standard error when there are more than
    20 logs to count."""
    if count is None or count <= 20:
        yield from outputs
        return
    with click.progressbar(outputs, length=count, file=sys.stderr, label="checking") as progress:
        yield from progress


def _left_out(options: dict[str, Any]) -> str:
    """What --ignore and --select left out of the findings, for the summary line."""
    words = []
    if options["ignore"]:
        words.append(f"findings of {', '.join(options['ignore'])} left out (--ignore)")
    if options["select"]:
        words.append(f"only findings of {', '.join(options['select'])} kept (--select)")
    return "".join(f"; {w}" for w in words)


def _write_pages(paths: Iterable[str], rulebook: Rulebook, options: dict[str, Any], out_dir: str | None,
                 tally: Report, quiet: bool) -> None:
    """One page to standard output, or every page into `out_dir` with an index of them,
    written at the end (of a run stopped midway, of the pages so far)."""
    from pathlib import Path

    from arbiter.render.html_pages import html_reports, write_index, write_pages  # only pages need the HTML renderer

    pages = html_reports(paths, rulebook, options)
    if out_dir is None:
        for report, page in pages:
            tally.add(report)
            echo(page, nl=False)
        if not quiet:
            echo(tally.summary_line() + _left_out(options), err=True)
        return
    folder = Path(out_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.UsageError(f"cannot make the folder {folder}: {exc.strerror or exc}") from None
    written: list[tuple[dict[str, Any], str | None]] = []
    try:
        for report, name, why in write_pages(pages, folder):
            tally.add(report)  # a page not written leaves its log's report as it is, the run ending in error
            if why is not None:
                echo(f"arbiter: {why}", err=True)
                tally.unwritten = tally.unwritten or why
            written.append(({key: report[key] for key in ("file", "status", "error")}  # all the index needs
                            | {"findings": [{"id": f["id"]} for f in report["findings"]], "unwritten": why}, name))
    finally:
        unwritten = write_index(folder, written, tally.summary_line() + _left_out(options))
        if not quiet:
            index = "" if unwritten else " and their index"
            count = sum(name is not None for _, name in written)
            echo(f"wrote {count} page{'s' if count != 1 else ''}{index} to {folder}")
            echo(tally.summary_line() + _left_out(options))
    if unwritten:
        raise ArbiterError(unwritten)
