"""`arbiter rulebook`: the whole code of laws as one Markdown document or one HTML page."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from arbiter.bulk import build_rulebook
from arbiter.cli.app import HOUSE, cli
from arbiter.render.formats import RULEBOOK_FORMATS
from arbiter.render.rulebook import render_rulebook_html, render_rulebook_json, render_rulebook_markdown
from arbiter.resources import cases_dir
from arbiter.rulebook.house import HOUSE_AUTHORITY, case_path
from arbiter.rulebook.model import Rulebook


def case_titles(rulebook: Rulebook) -> dict[str, str]:
    """The title (`meta.title`) of every case a rule lists, read from the shipped cases (a club
    rule's under `cases/house/`; one a club's own house file names but arbiter does not ship
    is shown by its name)."""
    paths = {case: cases_dir() / f"{case_path(rule, case)}.json"
             for rule in rulebook.rules.values() for case in rule.cases}
    return {name: json.loads(path.read_text(encoding="utf-8"))["meta"]["title"]
            for name, path in paths.items() if path.is_file()}


def house_cases(rulebook: Rulebook) -> dict[str, list[dict[str, str]]]:
    """For each rule, the shipped cases under a house file (`cases/house/`) whose `meta.laws`
    name it, beyond those it lists itself, each with the house file it is checked under: a
    law a club's agreement changes is shown there too. A club's own rule lists its cases
    itself, and its ID (H1) is its house file's alone."""
    shown: dict[str, list[dict[str, str]]] = {}
    for path in sorted((cases_dir() / "house").glob("*.json")):
        meta = json.loads(path.read_text(encoding="utf-8"))["meta"]
        for rule_id in meta.get("laws", ()):
            rule = rulebook.rules.get(rule_id)
            if rule is not None and rule.authority != HOUSE_AUTHORITY and path.stem not in rule.cases:
                shown.setdefault(rule_id, []).append({"case": f"cases/house/{path.name}", "house": meta["house"]})
    return shown


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
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True, path_type=Path),
              help="Write to this file instead of standard output (- is it).")
@HOUSE
def rulebook(fmt: str, output: Path | None, house: str | None) -> None:
    """The whole code of laws by section: words, parameters, interpretations, an example case each."""
    output = None if output == Path("-") else output
    book = build_rulebook(house)
    if fmt == "markdown":  # its case links open from the folder it is written to
        way = _way_to_cases(output) if output else "."
        text = render_rulebook_markdown(book, case_titles(book), "" if way == "." else f"{way}/")
    elif fmt == "json":  # each rule as `arbiter law ID --format json` gives it
        text = render_rulebook_json(book, case_titles(book), house_cases(book))
    else:
        text = render_rulebook_html(book, case_titles(book))
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise click.FileError(str(output), hint=exc.strerror or str(exc)) from None
    click.echo(f"wrote {output}", err=True)
