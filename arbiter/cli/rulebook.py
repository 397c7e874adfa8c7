"""`arbiter rulebook`: the whole code of laws as one Markdown document or one HTML page."""

from __future__ import annotations

import os
from pathlib import Path

import click

from arbiter.bulk import build_rulebook
from arbiter.cli.app import HOUSE, OUT_FILE, cli
from arbiter.cli.output import echo, not_a_file_read
from arbiter.render.formats import RULEBOOK_FORMATS
from arbiter.render.rulebook import render_rulebook_html, render_rulebook_json, render_rulebook_markdown
from arbiter.resources import cases_dir
from arbiter.rulebook.cases import case_titles, house_cases


def _way_to_cases(output: Path) -> str:
    """The way from the folder `output` is written to, to the one that holds `cases/`: a
    relative path, or where none leads there (another drive), the folder itself."""
    home = cases_dir().parent
    try:
        return Path(os.path.relpath(home, output.resolve().parent)).as_posix()
    except ValueError:
        return home.as_posix()


@cli.command()
@click.option("--format", "fmt", type=click.Choice(RULEBOOK_FORMATS), default="markdown",
              show_default=True, help="Markdown, one self-contained HTML page, or the same document as JSON.")
@click.option("-o", "--output", "written", type=click.Path(dir_okay=False, writable=True), multiple=True,
              callback=OUT_FILE,
              help="Write to this file instead of standard output (- is it).")
@HOUSE
def rulebook(fmt: str, written: str | None, house: str | None) -> None:
    """The whole code of laws by section: words, parameters, interpretations, an example case each."""
    output = None if written in (None, "-") else Path(written)
    if output is not None:
        not_a_file_read(output, [house])
    book = build_rulebook(house)
    if fmt == "markdown":  # its case links open from the folder it is written to
        way = _way_to_cases(output) if output else "."
        text = render_rulebook_markdown(book, case_titles(book), "" if way == "." else f"{way}/")
    elif fmt == "json":  # each rule as `arbiter law ID --format json` gives it
        text = render_rulebook_json(book, case_titles(book), house_cases(book))
    else:
        text = render_rulebook_html(book, case_titles(book))
    if output is None:
        echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise click.FileError(str(output), hint=exc.strerror or str(exc)) from None
    echo(f"wrote {output}", err=True)
