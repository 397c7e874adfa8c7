"""`arbiter check`: replay hand logs and rule on them, one log or thousands."""

from __future__ import annotations

import json
import signal
import sys
import threading
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any, Iterator

import click

from arbiter.bulk import Render, Tally, check_rendered, gather
from arbiter.cli.app import HOUSE, cli, rulebook_with, split_names
from arbiter.render.report import render_json, render_jsonl, render_text
from arbiter.report import Report
from arbiter.rulebook.model import Rulebook


def _ids(values: tuple[str, ...]) -> list[str]:
    return [item for value in values for item in split_names(value)]


@cli.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["table", "json", "jsonl", "markdown", "html"]), default="table",
              show_default=True, help="Output format (html: one self-contained page per log).")
@click.option("--out", "out_dir", metavar="DIR", help="With --format html: write one page per log into DIR "
              "(needed for several logs; one log's page goes to standard output without it).")
@HOUSE
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes to check logs in parallel.")
@click.option("--scheduler", metavar="ADDRESS", help="Check on a Dask cluster: the address of its scheduler "
              "(e.g. tcp://10.0.0.5:8786); the workers read the paths. Needs: pip install 'arbiter[dask]'.")
@click.option("--ignore", multiple=True, metavar="ID[,ID]", help="Drop these rules' findings before the status is set.")
@click.option("--select", multiple=True, metavar="ID[,ID]", help="Keep only these rules' findings.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even if irregularities are found (never hides exit 2).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no summary line.")
def check(paths: tuple[str, ...], fmt: str, out_dir: str | None, house: str | None, jobs: int, scheduler: str | None,
          ignore: tuple[str, ...], select: tuple[str, ...], exit_zero: bool, quiet: bool) -> int:
    """Replay hand logs against the laws: files (JSON, or the text notation), folders (every *.json
    and *.hand below) or - for stdin."""
    rulebook = rulebook_with(house)
    for rule_id in _ids(ignore) + _ids(select):
        rulebook.get(rule_id)
    options = {"ignore": _ids(ignore), "select": _ids(select) or None}
    files = list(gather(paths))
    if not files:
        raise click.UsageError("no hand logs found in the paths given")
    tally = Report(exit_zero=exit_zero)
    if out_dir and fmt != "html":
        raise click.UsageError("--out goes with --format html")
    if fmt == "html" and len(files) > 1 and not out_dir:
        raise click.UsageError("--format html makes one page per log: with several logs, give --out DIR")
    if scheduler and (fmt == "html" or jobs > 1):
        raise click.UsageError("--scheduler checks on a Dask cluster: not with --format html, nor with --jobs")
    stops = _Stops()
    try:
        with stops:
            if fmt == "html":
                _write_pages(files, rulebook, options, out_dir, tally, quiet)
            else:
                _print_reports(_outputs(files, house, options, jobs, scheduler, _RENDERS[fmt]), len(files), fmt,
                               tally, quiet, stops, _left_out(options))
    except (KeyboardInterrupt, Stopped) as exc:
        signum = exc.signum if isinstance(exc, Stopped) else signal.SIGINT
        click.echo(f"arbiter: stopped by {signal.Signals(signum).name}: {tally.total} of {len(files)} "
                   f"log{'s' if len(files) != 1 else ''} checked", err=True)
        return 128 + signum  # as a shell reports a command a signal ended: 130 for ^C, 143 for SIGTERM
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
        if threading.current_thread() is threading.main_thread():  # signals go to the main thread only
            self.previous = {signum: signal.signal(signum, self._arrived) for signum in self._SIGNALS}
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


def _outputs(files: list[str], house: str | None, options: dict[str, Any], jobs: int, scheduler: str | None,
             render: Render) -> Iterator[tuple[str, Tally]]:
    if scheduler is None:
        return check_rendered(files, house, options, jobs, render)
    from arbiter.cluster import check_on_cluster  # Dask only when asked for

    return check_on_cluster(files, house, options, scheduler, render)


def _jsonl(report: dict[str, Any], rulebook: Rulebook) -> str:
    return render_jsonl(report)


# How each format renders one report, where it is checked (a worker, with --jobs).
_RENDERS: dict[str, Render] = {"jsonl": _jsonl, "json": _jsonl, "table": partial(render_text, fmt="table"),
            "markdown": partial(render_text, fmt="markdown")}


def _print_reports(outputs: Iterator[tuple[str, Tally]], count: int, fmt: str, tally: Report, quiet: bool,
                   stops: _Stops, left_out: str) -> None:
    """Each report as it comes; the summary at the end, or where a signal stopped the run
    (the reports so far; a JSON document whole). The JSON document's reports wait in a
    temporary file, not in memory, for the summary that comes first."""
    show_progress = not quiet and sys.stderr.isatty() and fmt != "table" and count > 20
    spool = None
    if fmt == "json":
        import tempfile  # only the JSON document needs it

        spool = tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n")
    try:
        with click.progressbar(outputs, length=count, file=sys.stderr, label="checking",
                               hidden=not show_progress) as progress:
            for line, counts in progress:
                with stops.held():  # a report is printed and counted whole, or not at all
                    if spool is None:
                        click.echo(line)
                    else:
                        spool.write(line + "\n")
                    tally.count(*counts)
    finally:
        if spool is not None:
            spool.seek(0)
            for piece in render_json(tally.summary(), (line.removesuffix("\n") for line in spool)):
                click.echo(piece, nl=False)
            spool.close()
        elif fmt == "jsonl":
            click.echo(json.dumps({"summary": tally.summary()}), err=True)
        elif not quiet:
            click.echo(tally.summary_line() + left_out)


def _left_out(options: dict[str, Any]) -> str:
    """What --ignore and --select left out of the findings, for the summary line."""
    words = []
    if options["ignore"]:
        words.append(f"findings of {', '.join(options['ignore'])} left out (--ignore)")
    if options["select"]:
        words.append(f"only findings of {', '.join(options['select'])} kept (--select)")
    return "".join(f"; {w}" for w in words)


def _write_pages(files: list[str], rulebook: Rulebook, options: dict[str, Any], out_dir: str | None,
                 tally: Report, quiet: bool) -> None:
    """One page to standard output, or every page into `out_dir`."""
    from arbiter.render.html_pages import html_reports, write_pages  # only pages need the HTML renderer

    pages = html_reports(files, rulebook, options)
    if out_dir is None:
        for report, page in pages:
            tally.add(report)
            click.echo(page, nl=False)
        if not quiet:
            click.echo(tally.summary_line() + _left_out(options), err=True)
        return
    folder = Path(out_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.UsageError(f"cannot make the folder {folder}: {exc.strerror or exc}") from None
    written = 0
    try:
        for report, done in write_pages(pages, folder):
            tally.add(report)
            written += done
            if not done:
                click.echo(f"arbiter: {report['error']['message']}", err=True)
    finally:
        if not quiet:
            click.echo(f"wrote {written} page{'s' if written != 1 else ''} to {folder}")
            click.echo(tally.summary_line() + _left_out(options))
