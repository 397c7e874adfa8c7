"""`arbiter explain LOG`: one game told event by event, with each ruling where it is made;
`--format html` a page that prints each ruling on a sheet of its own."""

from __future__ import annotations

import click

from arbiter.bulk import build_rulebook, log_folder, read_path
from arbiter.checker import replay_bytes_with_trace
from arbiter.cli.app import HOUSE, cli
from arbiter.cli.output import echo
from arbiter.errors import LogError
from arbiter.render.formats import EXPLAIN_FORMATS
from arbiter.render.story import render_story, tell


@cli.command()
@click.argument("log")
@click.option("--format", "fmt", type=click.Choice(EXPLAIN_FORMATS), default="text", show_default=True,
              help="Output format; json is the list of steps {event, text, rulings, ...}; html a self-contained page "
                   "that prints one ruling to an A4 sheet.")
@HOUSE
def explain(log: str, fmt: str, house: str | None) -> None:
    """Tell a hand log event by event in plain words, with each ruling and the law's words.

    LOG is a file, or - for standard input. A log that cannot be read is one error line
    and exit 2; one that breaks down mid-replay is told as far as it goes, then the same.
    """
    rulebook = build_rulebook(house)
    # under the house rules the log's table names, if any
    document, rulebook, report, trace = replay_bytes_with_trace(read_path(log), log, rulebook, log_folder(log),
                                                                so_far=True)
    if report["error"] and report["error"]["event"] is not None:  # told up to the event it breaks down at (a say
        trace = trace[: report["error"]["event"]]  # held for a deal that never comes is refused at the log's end)
    if fmt == "html":
        from arbiter.render.html import render_story_html  # only a page needs the HTML renderer

        echo(render_story_html(report, document, trace, rulebook), nl=False)
    else:
        echo(render_story(tell(document, report, trace, rulebook), report, fmt), nl=False)
    if report["error"]:
        error = report["error"]
        raise LogError(error["message"], error["path"], error["event"], file=report["file"])
