"""`arbiter evidence` and `arbiter referee`: who gives evidence (law 46), who decides (laws 77-78)."""

from __future__ import annotations

from typing import Any

import click

from arbiter.bulk import build_rulebook
from arbiter.cli.app import FORMAT, HOUSE, cli, given_once, one_person, persons_named, rule_defining, seating_of
from arbiter.cli.output import echo
from arbiter.engine.chain import chain_answer, evidence_question
from arbiter.events import Event
from arbiter.render.chain import render_chain
from arbiter.seats import Seating


def _chain_command(setting: str, role: str, words: dict[str, Any], event: Event, seating: Seating,
                   extra: dict[str, Any], fmt: str, house: str | None, none_found: str) -> None:
    rulebook = build_rulebook(house)
    rule, chain = rule_defining(rulebook, setting)
    result = {**chain_answer(chain, rule.id, role, seating, words, event, rulebook.parameters), **extra}
    echo(render_chain(result, "json" if fmt == "json" else "table", role, none_found), nl=False)


@cli.command()
@click.option("--players", required=True, multiple=True, callback=given_once(),
              help="The players in the order the deal passes, comma-separated.")
@click.option("--dealer", required=True, multiple=True, callback=given_once())
@click.option("--disputant", required=True, multiple=True, callback=given_once(),
              help="The player disputing with the dealer.")
@click.option("--unable", multiple=True,
              help="Players who cannot give evidence, comma-separated (or the option given again).")
@FORMAT
@HOUSE
def evidence(players: str, dealer: str, disputant: str, unable: tuple[str, ...], fmt: str, house: str | None) -> None:
    """Who gives evidence in a dispute over the number of cards demanded (law 46)."""
    unable_names = persons_named(",".join(unable), "--unable") if unable else []
    dealer, disputant = one_person(dealer, "--dealer"), one_person(disputant, "--disputant")
    seating = seating_of(players, ("--dealer", dealer), ("--disputant", disputant),
                         *(("--unable", name) for name in unable_names))
    if dealer == disputant:
        raise click.BadParameter("the dispute is between a player and the dealer", param_hint="--disputant")
    _chain_command(
        "evidence", "witness", *evidence_question(dealer, disputant, unable_names), seating,
        {"players": list(seating.players), "dealer": dealer, "disputant": disputant, "unable": unable_names},
        fmt, house, "No one can give evidence: the player is held to have demanded the proper number of cards",
    )


@cli.command()
@click.option("--players", required=True, multiple=True, callback=given_once(),
              help="The players in the order the deal passes, comma-separated.")
@click.option("--dealer", required=True, multiple=True, callback=given_once())
@click.option("--disputants", required=True, multiple=True,
              help="The persons disputing, comma-separated (or the option given again).")
@FORMAT
@HOUSE
def referee(players: str, dealer: str, disputants: tuple[str, ...], fmt: str, house: str | None) -> None:
    """Who decides a dispute (laws 77-78): the dealer, unless he is one of the disputing persons."""
    names = persons_named(",".join(disputants), "--disputants")
    dealer = one_person(dealer, "--dealer")
    if len(names) < 2:
        raise click.BadParameter("a dispute is between two persons or more", param_hint="--disputants")
    seating = seating_of(players, ("--dealer", dealer), *(("--disputants", name) for name in names))
    _chain_command(
        "referee", "referee", {"dealer": dealer, "disputants": names}, {}, seating,
        {"players": list(seating.players), "dealer": dealer, "disputants": names},
        fmt, house, "The laws name no one to decide",
    )
