"""`arbiter convert`: a hand log from JSON to the text notation or back, without loss."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from arbiter.cli.app import OUT_FILE, cli
from arbiter.cli.output import echo, not_a_file_read
from arbiter.json_lines import to_json
from arbiter.notation import read_any_log, write_text
from arbiter.reading import read_source, read_stream


@cli.command()
@click.argument("log")
@click.option("--to", "--format", "target", type=click.Choice(["text", "json"]), required=True,
              help="The form to write: the text notation, or JSON.")
@click.option("-o", "--output", metavar="OUT", multiple=True, callback=OUT_FILE,
              help="Write to this file instead of standard output (- is it).")
def convert(log: str, target: str, output: str | None) -> None:
    """Convert a hand log (JSON, or the text notation: *.hand, or - for stdin) to the other form."""
    data = read_stream(sys.stdin.buffer) if log == "-" else read_source(log)
    document = read_any_log(data, log)
    text = write_text(document) if target == "text" else to_json(document)
    if output in (None, "-"):
        echo(text, nl=False)
        return
    not_a_file_read(output, [log])
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise click.FileError(output, hint=exc.strerror or str(exc)) from None
