"""The `arbiter` command group, its exit codes, and what its commands share.

Every error is one line on stderr and exit code 2, never a traceback (SPEC §5).
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any, Callable

import click
from click.decorators import FC

from arbiter import __version__
from arbiter.cli import check_options
from arbiter.cli.check_options import Option, split_names
from arbiter.cli.output import aborted, failed
from arbiter.report import EXIT_INVALID, EXIT_OK
from arbiter.rulebook.model import Rulebook
from arbiter.seats import Seating

__all__ = ["cli", "main", "run", "as_click", "split_names", "rule_defining", "seating_of",
           "FORMAT", "HOUSE"]


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


FORMAT = click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown"]), default="table",
                      show_default=True, help="Output format.")


def as_click(option: Option) -> Callable[[FC], FC]:
    """The click decorator of an option declared as data (`arbiter.cli.check_options`)."""
    kind = click.Choice(option.choices) if option.choices else click.IntRange(*option.between) if option.between \
        else None
    return click.option(*option.flags, option.name, type=kind, default=check_options.initial(option),
                        show_default=option.default is not None, is_flag=option.flag, multiple=option.multiple,
                        metavar=option.metavar, help=option.help)


HOUSE = as_click(check_options.HOUSE)


# Each command and the module (under arbiter.cli) that defines it: a module is imported
# only when one of its commands is run, so `arbiter check` does not load the quiz.
COMMAND_MODULES = {
    "check": "check", "laws": "laws", "law": "laws", "schema": "laws", "evidence": "disputes",
    "referee": "disputes", "explain": "explain", "rulebook": "rulebook", "quiz": "quiz", "convert": "notation",
    "table": "table", "next": "table", "simulate": "simulate", "serve": "serve",
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
