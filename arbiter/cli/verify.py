"""`arbiter verify REPORT LOG`: does a report kept with its log still stand (SPEC §4)?"""

from __future__ import annotations

import json
import os.path

import click

from arbiter.bulk import STDIN, build_rulebook, log_folder, read_path
from arbiter.cli.app import HOUSE, IGNORE, SELECT, cli, finding_filters
from arbiter.cli.output import echo
from arbiter.errors import ArbiterError
from arbiter.escapes import printable, shown_path
from arbiter.reading.messages import clip
from arbiter.render.formats import SPOKEN_FORMATS
from arbiter.report import EXIT_IRREGULAR, EXIT_OK
from arbiter.verify import verify as verify_report


def _no_verdict(why: str) -> None:
    """`--format json`'s answer where no verdict can be given (exit 2)."""
    echo(json.dumps({"stands": None, "where": None, "report_says": None, "arbiter_says": None,
                     "why": why, "provenance": None}, ensure_ascii=False))


class _VerdictCommand(click.Command):
    """A misuse click finds as it reads the command line (a LOG missing, an option unknown,
    `--house` twice) has a JSON verdict too, as those the command's body finds have."""

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: object) -> click.Context:
        try:
            return super().make_context(info_name, list(args), parent, **extra)
        except click.UsageError as exc:
            if _format_asked(args) == "json":
                _no_verdict(exc.format_message())
            raise


def _format_asked(args: list[str]) -> str | None:
    """The `--format` the line asks for, as click reads it: the last given, none after `--`."""
    asked, words = None, iter(args)
    for word in words:
        if word == "--":
            break
        if word == "--format":
            asked = next(words, None)
        elif word.startswith("--format="):
            asked = word.partition("=")[2]
    return asked


@cli.command(cls=_VerdictCommand)
@click.argument("report")
@click.argument("log")
@HOUSE
@IGNORE
@SELECT
@click.option("--format", "fmt", type=click.Choice(SPOKEN_FORMATS), default="text", show_default=True,
              help="json: {stands, where, report_says, arbiter_says, why, provenance}; stands null (exit 2) where "
                   "no verdict can be given, why saying so.")
def verify(report: str, log: str, house: str | None, ignore: tuple[str, ...], select: tuple[str, ...],
           fmt: str) -> int:
    """Check LOG again and say whether REPORT (written by `arbiter check --format json` or
    jsonl) is what arbiter says of it under the same laws. Either, not both, may be - for
    standard input.

    Exit 0: the report stands. 1: it does not; the first difference is named. 2: the
    report was made under another rule book or other house rules (which is said), or a
    file cannot be read. Give the --house, --ignore and --select the report was made with.
    """
    try:
        if report == log == STDIN:
            raise click.UsageError("REPORT and LOG cannot both be read from standard input (-)")
        rulebook = build_rulebook(house)
        options = finding_filters(rulebook, ignore, select)
        verdict = verify_report(read_path(report), report, read_path(log), log, log_folder(log), rulebook, **options)
    except (ArbiterError, click.UsageError) as exc:  # no verdict can be given: said as one in JSON, and as the error
        if fmt == "json":
            _no_verdict(exc.format_message() if isinstance(exc, click.UsageError) else str(exc))
        raise
    made = verdict.provenance
    if fmt == "json":
        echo(json.dumps({"stands": verdict.stands, "where": verdict.where or None,
                         "report_says": verdict.kept or None, "arbiter_says": verdict.found or None,
                         "why": verdict.why or None, "provenance": made}, ensure_ascii=False))
        return EXIT_OK if verdict.stands else EXIT_IRREGULAR
    house = f"house rules {made['house']['name']!r}" if made["house"] else "no house rules"
    # a name's bytes not UTF-8 as \xNN, as the report names it, on one line
    report, log = printable(shown_path(report)), printable(shown_path(log))
    if verdict.stands:
        echo(f"stands: {report} is what arbiter {made['arbiter']} says of {log} (SHA-256 {made['log_sha256'][:12]}…) "
             f"under the same rule book and {house}")
        return EXIT_OK
    why = f": {verdict.why}" if verdict.why else ""
    kept, found = _apart(verdict.kept, verdict.found, 120)
    echo(f"differs: {report} is not what arbiter says of {log}: at {verdict.where} the report says "
         f"{kept}, arbiter says {found}{why}")
    return EXIT_IRREGULAR


def _apart(kept: str, found: str, width: int) -> tuple[str, str]:
    """Two long values cut short where they still differ: from a little before the first
    character they part at, where cutting both at `width` would leave them alike."""
    start = len(os.path.commonprefix([kept, found]))
    start = 0 if start < width - 1 else start - width // 3
    lead = "…" if start else ""
    return lead + clip(kept[start:], width), lead + clip(found[start:], width)
