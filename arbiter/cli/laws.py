"""`arbiter laws`, `arbiter law ID`, `arbiter schema NAME`: the laws and the schemas, for reading."""

from __future__ import annotations

import shutil

import click

from arbiter.bulk import build_rulebook
from arbiter.cli.app import FORMAT, HOUSE, cli
from arbiter.cli.output import echo
from arbiter.render.formats import LAW_FORMATS
from arbiter.render.lawbook import render_law, render_laws
from arbiter.resources import schema_whole
from arbiter.rulebook.cases import house_cases
from arbiter.rulebook.model import SECTIONS

SCHEMAS = ("log", "report", "rules", "house", "next", "settle", "season")

@cli.command()
@click.option("--section", type=click.Choice(SECTIONS), help="Only the laws of one section.")
@FORMAT
@HOUSE
def laws(section: str | None, fmt: str, house: str | None) -> None:
    """Every rule: ID, section, title, how it is enforced, how many cases show it."""
    rulebook = build_rulebook(house)
    rules = [r for r in rulebook.in_order() if section is None or r.section == section]
    echo(render_laws(rules, rulebook, fmt, shutil.get_terminal_size().columns))


@cli.command()
@click.argument("rule_id")
@click.option("--format", "fmt", type=click.Choice(LAW_FORMATS), default="text", show_default=True)
@HOUSE
def law(rule_id: str, fmt: str, house: str | None) -> None:
    """One rule in full: Peel's words, parameters, what the arbiter does, interpretations, cases."""
    rulebook = build_rulebook(house)
    rule = rulebook.get(rule_id)
    echo(render_law(rule, rulebook, fmt, house_cases(rulebook).get(rule.id, ())), nl=False)


@cli.command()
@click.argument("name", type=click.Choice(SCHEMAS))
@click.option("--format", "fmt", type=click.Choice(["json"]), default="json", help="Schemas are JSON.")
def schema(name: str, fmt: str) -> None:
    """Print a JSON Schema: the hand log, the report, a rule file, a house-rules file,
    `arbiter next`'s answer, or what `arbiter settle` and `arbiter season` print as JSON."""
    echo(schema_whole(name), nl=False)
