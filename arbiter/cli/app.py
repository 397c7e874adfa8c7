"""The `arbiter` command group, its exit codes, and what its commands share.

Every error is one line on stderr and exit code 2, never a traceback (SPEC §5).
"""

from __future__ import annotations

import atexit
import gc
import sys
from importlib import import_module
from typing import Any

import click

from arbiter import __version__
from arbiter.cli.output import aborted, failed
from arbiter.render.formats import LISTING_FORMATS
from arbiter.report import EXIT_INVALID, EXIT_OK
from arbiter.rulebook.model import Rulebook
from arbiter.seats import Seating

# A command's process ends when its command is done: what it made is left to the operating
# system, not walked once more by the garbage collector as the interpreter shuts down (the
# exit hooks, the flushes and the libraries' own clean-up still run). One log's check is
# mostly start-up and shut-down (docs/speed.md).
atexit.register(gc.freeze)

__all__ = ["cli", "main", "run", "split_names", "finding_filters", "rule_defining", "seating_of", "FORMAT", "HOUSE",
           "IGNORE", "SELECT"]


def split_names(text: str) -> list[str]:
    """`--ignore L13,L15` and `--players Ann,Bob`: the comma-separated names."""
    return [name.strip() for name in text.split(",") if name.strip()]


def rule_defining(rulebook: Rulebook, setting: str) -> Any:
    """The rule whose `defines` holds `setting`; none in force is a usage error."""
    rule = rulebook.defining(setting)
    if rule is None:
        raise click.UsageError(f"no rule in force defines {setting!r}")
    return rule


def seating_of(players: str, *named: str) -> Seating:
    names = split_names(players)
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


FORMAT = click.option("--format", "fmt", type=click.Choice(LISTING_FORMATS), default="table",
                      show_default=True, help="Output format.")


HOUSE = click.option("--house", "house", metavar="FILE",
                     help="House-rules file (YAML), or the name of a shipped one.")

IGNORE = click.option("--ignore", "ignore", metavar="ID[,ID]", multiple=True,
                      help="Drop these rules' findings before the status is set.")

SELECT = click.option("--select", "select", metavar="ID[,ID]", multiple=True,
                      help="Keep only these rules' findings.")


def finding_filters(rulebook: Rulebook, ignore: tuple[str, ...], select: tuple[str, ...]) -> dict[str, Any]:
    """--ignore and --select as the checker's options; an ID not in the rule book is an
    error (exit 2), never silently nothing."""
    ignored = [item for value in ignore for item in split_names(value)]
    selected = [item for value in select for item in split_names(value)]
    for rule_id in ignored + selected:
        rulebook.get(rule_id)
    return {"ignore": ignored, "select": selected or None}


# Each command and the module (under arbiter.cli) that defines it: a module is imported
# only when one of its commands is run, so `arbiter check` does not load the quiz.
COMMAND_MODULES = {
    "check": "check", "laws": "laws", "law": "laws", "schema": "laws", "evidence": "disputes",
    "referee": "disputes", "explain": "explain", "rulebook": "rulebook", "quiz": "quiz", "convert": "notation",
    "table": "table", "next": "table", "simulate": "simulate", "serve": "serve", "verify": "verify",
    "settle": "evening", "season": "evening", "house": "house",
}


class LazyGroup(click.Group):
    """A group whose commands are loaded on first use (see COMMAND_MODULES)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(COMMAND_MODULES))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMAND_MODULES:
            import_module(f"arbiter.cli.{COMMAND_MODULES[name]}")  # its @cli.command() registers it
        return self.commands.get(name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="arbiter")
def cli() -> None:
    """Settle disputes at the Draw Poker table by W. H. Peel's laws (1891)."""


def main(argv: list[str] | None = None) -> None:
    """The console script: every error is one line on stderr and exit code 2, never a traceback."""
    run(cli, argv)


def run(command: click.Command, argv: list[str] | None) -> None:
    try:
        code = command.main(args=argv, prog_name="arbiter", standalone_mode=False)
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.ClickException as exc:
        exc.show()
        code = EXIT_INVALID
    except click.Abort:
        code = aborted()
    except Exception as exc:  # noqa: BLE001 - the promise is: never a traceback
        code = failed(exc)
    sys.exit(code if isinstance(code, int) else EXIT_OK)
