"""`arbiter check`: replay hand logs and rule on them, one log or thousands."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Iterator

import click

from arbiter.bulk import STDIN, check_many, gather
from arbiter.cli.app import HOUSE, cli, rulebook_with, split_names
from arbiter.render.report import render_json, render_jsonl, render_text
from arbiter.report import Report


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
@click.option("--ignore", multiple=True, metavar="ID[,ID]", help="Drop these rules' findings before the status is set.")
@click.option("--select", multiple=True, metavar="ID[,ID]", help="Keep only these rules' findings.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even if irregularities are found (never hides exit 2).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no summary line.")
def check(paths: tuple[str, ...], fmt: str, out_dir: str | None, house: str | None, jobs: int,
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
    if fmt == "html":
        if len(files) > 1 and not out_dir:
            raise click.UsageError("--format html makes one page per log: with several logs, give --out DIR")
        from arbiter.render.html_pages import html_reports  # only pages need the HTML renderer

        return _write_pages(html_reports(files, rulebook, options), out_dir, tally, quiet, _left_out(options))
    reports = check_many(files, house, options, jobs)
    show_progress = not quiet and sys.stderr.isatty() and fmt != "table" and len(files) > 20
    collected: list[dict[str, Any]] = []
    with click.progressbar(reports, length=len(files), file=sys.stderr, label="checking",
                           hidden=not show_progress) as progress:
        for report in progress:
            tally.add(report)
            if fmt == "jsonl":
                click.echo(render_jsonl(report))
            elif fmt == "json":
                collected.append(report)
            else:
                click.echo(render_text(report, rulebook, fmt))
    if fmt == "json":
        click.echo(render_json(tally.summary(), collected))
    elif fmt == "jsonl":
        click.echo(json.dumps({"summary": tally.summary()}), err=True)
    elif not quiet:
        click.echo(tally.summary_line() + _left_out(options))
    return tally.exit_code


def _left_out(options: dict[str, Any]) -> str:
    """What --ignore and --select left out of the findings, for the summary line."""
    words = []
    if options["ignore"]:
        words.append(f"findings of {', '.join(options['ignore'])} left out (--ignore)")
    if options["select"]:
        words.append(f"only findings of {', '.join(options['select'])} kept (--select)")
    return "".join(f"; {w}" for w in words)


def _write_pages(pages: Iterator[tuple[dict[str, Any], str]], out_dir: str | None, tally: Report, quiet: bool,
                 left_out: str) -> int:
    """One page to standard output, or every page into `out_dir` as NAME.html (NAME the
    log's file name; a second log of the same name gets NAME-2.html)."""
    folder = Path(out_dir) if out_dir else None
    written: set[str] = set()
    for report, page in pages:
        tally.add(report)
        if folder is None:
            click.echo(page, nl=False)
            continue
        stem = "stdin" if report["file"] == STDIN else Path(report["file"]).stem
        name, n = f"{stem}.html", 1
        while name in written:
            n += 1
            name = f"{stem}-{n}.html"
        written.add(name)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(page, encoding="utf-8")
        except OSError as exc:
            raise click.ClickException(f"cannot write {folder / name}: {exc.strerror or exc}") from None
    if not quiet:
        if folder is not None:
            click.echo(f"wrote {len(written)} page{'s' if len(written) != 1 else ''} to {folder}")
        click.echo(tally.summary_line() + left_out, err=folder is None)
    return tally.exit_code
