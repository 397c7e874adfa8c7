"""`arbiter house check FILE`: a house file read alone, before any log is checked under it."""

from __future__ import annotations

import click

from arbiter.cli.app import FORMAT, cli
from arbiter.cli.output import echo
from arbiter.render.house import house_summary, render_house
from arbiter.rulebook.house import apply_house, read_house
from arbiter.rulebook.loader import load_rulebook


@cli.group()
def house() -> None:
    """House rules (law 81): a club's agreement, read before play."""


@house.command("check")
@click.argument("file")
@FORMAT
def check(file: str, fmt: str) -> None:
    """Read a house file (or a shipped one, by name) alone: its departures from the laws in
    words, or the one-line error that would stop every check under it (exit 2)."""
    data = read_house(file)
    rulebook = apply_house(load_rulebook(), data)
    echo(render_house(house_summary(rulebook, data.get("description")), fmt))
