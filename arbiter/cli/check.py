"""`arbiter check`: replay hand logs and rule on them, one log or thousands."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from arbiter.bulk import check_many, gather
from arbiter.cli.app import HOUSE, cli, rulebook_with, split_names
from arbiter.render.report import render_json, render_jsonl, render_text
from arbiter.report import Report


def _ids(values: tuple[str, ...]) -> list[str]:
    return [item for value in values for item in split_names(value)]


@cli.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["table", "json", "jsonl", "markdown"]), default="table",
              show_default=True, help="Output format.")
@HOUSE
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes to check logs in parallel.")
@click.option("--ignore", multiple=True, metavar="ID[,ID]", help="Drop these rules' findings before the status is set.")
@click.option("--select", multiple=True, metavar="ID[,ID]", help="Keep only these rules' findings.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even if irregularities are found (never hides exit 2).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no summary line.")
def check(paths: tuple[str, ...], fmt: str, house: str | None, jobs: int, ignore: tuple[str, ...],
          select: tuple[str, ...], exit_zero: bool, quiet: bool) -> int:
    """Replay hand logs against the laws: files, folders (every *.json below) or - for stdin."""
    rulebook = rulebook_with(house)
    for rule_id in _ids(ignore) + _ids(select):
        rulebook.get(rule_id)
    options = {"ignore": _ids(ignore), "select": _ids(select) or None}
    files = list(gather(paths))
    if not files:
        raise click.UsageError("no hand logs found in the paths given")
    tally = Report(exit_zero=exit_zero)
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
        click.echo(tally.summary_line())
    return tally.exit_code
