"""The command line: thin wrappers that parse options, call the library and print.

Exit codes are the contract of SPEC §5.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable

import click

from arbiter import __version__
from arbiter.engine.chain import walk_chain
from arbiter.errors import ArbiterError
from arbiter.render.chain import render_chain
from arbiter.bulk import check_many, gather
from arbiter.render.lawbook import render_law, render_laws
from arbiter.render.report import render_json, render_jsonl, render_text
from arbiter.report import EXIT_INVALID, EXIT_OK, Report
from arbiter.resources import schema_path
from arbiter.rulebook.house import apply_house, read_house
from arbiter.rulebook.loader import load_rulebook
from arbiter.rulebook.model import SECTIONS, Rulebook
from arbiter.seats import Seating

SCHEMAS = ("log", "report", "rules", "house")


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _rulebook(house: str | None) -> Rulebook:
    rulebook = load_rulebook()
    return apply_house(rulebook, read_house(house)) if house else rulebook


def _rule_defining(rulebook: Rulebook, setting: str) -> Any:
    """The rule whose `defines` holds `setting` (the laws, not the code, say which)."""
    for rule in rulebook.in_order():
        if setting in rule.defines and rulebook.active(rule.id):
            return rule
    raise click.UsageError(f"no rule in force defines {setting!r}")


def _seating(players: str, *named: str) -> Seating:
    names = _names(players)
    if not 2 <= len(names) <= 10:
        raise click.BadParameter("give 2 to 10 players, comma-separated", param_hint="--players")
    try:
        seating = Seating(names)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--players") from None
    for name in named:
        if name not in seating:
            raise click.BadParameter(f"{name!r} is not one of the players {', '.join(names)}")
    return seating


FORMAT = click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown"]), default="table",
                      show_default=True, help="Output format.")
HOUSE = click.option("--house", metavar="FILE", help="House-rules file (YAML), or the name of a shipped one.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="arbiter")
def cli() -> None:
    """Settle disputes at the Draw Poker table by W. H. Peel's laws (1891)."""


@cli.command()
@click.option("--section", type=click.Choice(SECTIONS), help="Only the laws of one section.")
@FORMAT
@HOUSE
def laws(section: str | None, fmt: str, house: str | None) -> None:
    """Every rule: ID, section, title, how it is enforced, how many cases show it."""
    rulebook = _rulebook(house)
    rules = [r for r in rulebook.in_order() if section is None or r.section == section]
    click.echo(render_laws(rules, rulebook, fmt))


@cli.command()
@click.argument("rule_id")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text", show_default=True)
@HOUSE
def law(rule_id: str, fmt: str, house: str | None) -> None:
    """One rule in full: Peel's words, parameters, what the arbiter does, interpretations, cases."""
    rulebook = _rulebook(house)
    click.echo(render_law(rulebook.get(rule_id), rulebook, fmt), nl=False)


@cli.command()
@click.argument("name", type=click.Choice(SCHEMAS))
@click.option("--format", "fmt", type=click.Choice(["json"]), default="json", help="Schemas are JSON.")
def schema(name: str, fmt: str) -> None:
    """Print a JSON Schema: the hand log, the report, a rule file or a house-rules file."""
    click.echo(schema_path(name).read_text(encoding="utf-8"), nl=False)


def _chain_command(setting: str, role: str, persons: dict[str, Any], event: dict[str, Any], seating: Seating,
                   extra: dict[str, Any], fmt: str, house: str | None, none_found: str) -> None:
    rulebook = _rulebook(house)
    rule = _rule_defining(rulebook, setting)
    chosen, considered = walk_chain(rule.defines[setting], seating, persons, event, rulebook.parameters)
    result = {"rule": rule.id, role: chosen, "considered": considered, **extra}
    click.echo(render_chain(result, "json" if fmt == "json" else "table", role, none_found), nl=False)


@cli.command()
@click.option("--players", required=True, help="The players in the order the deal passes, comma-separated.")
@click.option("--dealer", required=True)
@click.option("--disputant", required=True, help="The player disputing with the dealer.")
@click.option("--unable", default="", help="Players who cannot give evidence, comma-separated.")
@FORMAT
@HOUSE
def evidence(players: str, dealer: str, disputant: str, unable: str, fmt: str, house: str | None) -> None:
    """Who gives evidence in a dispute over the number of cards demanded (law 46)."""
    unable_names = _names(unable)
    seating = _seating(players, dealer, disputant, *unable_names)
    if dealer == disputant:
        raise click.BadParameter("the dispute is between a player and the dealer", param_hint="--disputant")
    _chain_command(
        "evidence", "witness", {"dealer": dealer, "disputant": disputant}, {"unable": unable_names}, seating,
        {"players": list(seating.players), "dealer": dealer, "disputant": disputant, "unable": unable_names},
        fmt, house, "No one can give evidence: the player is held to have demanded the proper number of cards",
    )


@cli.command()
@click.option("--players", required=True, help="The players in the order the deal passes, comma-separated.")
@click.option("--dealer", required=True)
@click.option("--disputants", required=True, help="The persons disputing, comma-separated.")
@FORMAT
@HOUSE
def referee(players: str, dealer: str, disputants: str, fmt: str, house: str | None) -> None:
    """Who decides a dispute (laws 77-78): the dealer, unless he is one of the disputing persons."""
    names = _names(disputants)
    seating = _seating(players, dealer, *names)
    _chain_command(
        "referee", "referee", {"dealer": dealer}, {"disputants": names}, seating,
        {"players": list(seating.players), "dealer": dealer, "disputants": names},
        fmt, house, "The laws name no one to decide",
    )


def _ids(values: tuple[str, ...]) -> list[str]:
    return [item for value in values for item in _names(value)]


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
    rulebook = _rulebook(house)
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


@cli.command()
@click.option("--out", "out", required=True, metavar="DIR", help="Folder to write the logs (and truth files) into.")
@click.option("--logs", type=click.IntRange(1, 1_000_000), default=10, show_default=True, help="How many logs.")
@click.option("--games", type=click.IntRange(1, 200), default=8, show_default=True, help="Games per log.")
@click.option("--players", type=click.IntRange(2, 10), default=None, help="Players per log [default: 2-10, by the seed].")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed: the same seed writes the same logs.")
@click.option("--plant", "plant", type=click.FloatRange(0.0, 1.0), default=0.0, show_default=True, metavar="RATE",
              help="Chance per game of one planted irregularity; the truth goes beside each log.")
def simulate(out: str, logs: int, games: int, players: int | None, seed: int, plant: float) -> None:
    """Write simulated hand logs of whole sessions played by the laws (DIR/sim-00001.json ...);
    with --plant, irregularities of known laws and, beside each log, what arbiter must find."""
    from pathlib import Path

    from arbiter.simulator import simulate_log
    from arbiter.simulator.record import to_json
    from arbiter.simulator.session import log_seed

    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.UsageError(f"cannot create {out}: {exc.strerror or exc}") from None
    events = planted = 0
    laws: set[str] = set()
    for number in range(1, logs + 1):
        log, truth = simulate_log(log_seed(seed, number), players, games, plant)
        name = f"sim-{number:05d}"
        try:
            (folder / f"{name}.json").write_text(to_json(log), encoding="utf-8")
            if plant > 0:
                (folder / f"{name}.truth.json").write_text(to_json(truth), encoding="utf-8")
        except OSError as exc:
            raise click.ClickException(f"cannot write {folder / name}: {exc.strerror or exc}") from None
        events += len(log["events"])
        irregular = [p for p in truth["planted"] if p["severity"] == "irregularity"]
        planted += len(irregular)
        laws.update(p["id"] for p in irregular)
    line = f"wrote {logs} log{'s' if logs != 1 else ''} ({logs * games} games, {events} events) to {folder}"
    if plant > 0:
        line += f"; planted {planted} irregularities of {len(laws)} laws, truth beside each log"
    click.echo(line)


def main(argv: list[str] | None = None) -> None:
    """The console script: every error is one line on stderr and exit code 2, never a traceback."""
    run(cli, argv)


def run(command: Callable[..., Any], argv: list[str] | None) -> None:
    try:
        code = command.main(args=argv, prog_name="arbiter", standalone_mode=False)
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.ClickException as exc:
        exc.show()
        code = EXIT_INVALID
    except click.Abort:
        click.echo("arbiter: aborted", err=True)
        code = EXIT_INVALID
    except ArbiterError as exc:
        click.echo(f"arbiter: {exc}", err=True)
        code = EXIT_INVALID
    except BrokenPipeError:
        code = EXIT_OK
    except Exception as exc:  # noqa: BLE001 - the promise is: never a traceback
        click.echo(f"arbiter: internal error: {type(exc).__name__}: {exc} (please report it)", err=True)
        code = EXIT_INVALID
    sys.exit(code if isinstance(code, int) else EXIT_OK)
