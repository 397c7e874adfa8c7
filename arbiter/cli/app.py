"""The `arbiter` command group, its exit codes, and what its commands share.

Every error is one line on stderr and exit code 2, never a traceback (SPEC §5).
"""

from __future__ import annotations

import atexit
import gc
import os
import re
import sys
from importlib import import_module
from typing import Any, Callable, Mapping

import click

from arbiter import __version__
from arbiter.cli.output import aborted, closed_streams_opened, failed, last_word
from arbiter.render.formats import LISTING_FORMATS
from arbiter.report import EXIT_OK
from arbiter.rulebook.model import Rulebook, logs_house_may_define
from arbiter.seats import Seating
from arbiter.words import named_twice

# A command's process ends when its command is done: what it made is left to the operating
# system, not walked once more by the garbage collector as the interpreter shuts down (the
# exit hooks, the flushes and the libraries' own clean-up still run). One log's check is
# mostly start-up and shut-down (docs/speed.md).
atexit.register(gc.freeze)


class Count(click.IntRange):
    """A whole number within bounds: click names an IntRange's values "integer range",
    which reads as asking for one ("3-5")."""

    name = "whole number"


__all__ = ["cli", "main", "run", "split_names", "persons_named", "one_person", "finding_filters", "rule_defining",
           "seating_of", "not_empty", "Count", "FORMAT", "HOUSE", "IGNORE", "SELECT", "OUT_FILE", "OUT_FOLDER"]


def split_names(text: str) -> list[str]:
    """`--ignore L13,L15` and `--unable Bob,Cat`: the comma-separated names, blanks dropped."""
    return [name.strip() for name in text.split(",") if name.strip()]


def persons_named(text: str, param_hint: str) -> list[str]:
    """`--players Ann,Bob` and `--disputants Bob,Cat`: each entry names a person, so an
    empty one is a slip of the pen to point out, not to drop, and no one is named twice.
    The spaces around a comma (`Ann, Bob`) are not part of a name; a name is held to the
    log's rule (no other space at its ends), so that it is refused here as in a log."""
    from arbiter.reading.messages import NAME_WORDS  # the log's reading, for the commands that name players
    from arbiter.reading.schema import is_name

    names = [name.strip(" ") for name in text.split(",")]
    if "" in names:
        raise click.BadParameter(f"an empty name in {text!r}", param_hint=param_hint)
    wrong = next((name for name in names if not is_name(name)), None)
    if wrong is not None:
        raise click.BadParameter(f"{wrong!r} is not {NAME_WORDS}", param_hint=param_hint)
    if twice := named_twice(names):
        raise click.BadParameter(twice, param_hint=param_hint)
    return names


def rule_defining(rulebook: Rulebook, setting: str) -> tuple[Any, Mapping[str, Any]]:
    """The rule whose `defines` holds `setting`, and its definition; none in force is a usage error."""
    found = rulebook.definition_of(setting)
    if found is None:
        raise click.UsageError(f"no rule in force defines {setting!r}")
    return found


def one_person(text: str, param_hint: str) -> str:
    """`--dealer Ann`: one name, read as the names of a list are (`persons_named`)."""
    names = persons_named(text, param_hint)
    if len(names) != 1:
        raise click.BadParameter(f"one name, not {len(names)}", param_hint=param_hint)
    return names[0]


def seating_of(players: str, *named: tuple[str, str]) -> Seating:
    """The table `--players` seats; each of `named`, (its option, a name), one of them."""
    names = persons_named(players, "--players")
    if not 2 <= len(names) <= 10:
        raise click.BadParameter("give 2 to 10 players, comma-separated", param_hint="--players")
    try:
        seating = Seating(names)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--players") from None
    for option, name in named:
        if name not in seating:
            raise click.BadParameter(f"{name!r} is not one of the players {', '.join(names)}", param_hint=option)
    return seating


FORMAT = click.option("--format", "fmt", type=click.Choice(LISTING_FORMATS), default="table",
                      show_default=True, help="Output format.")


Once = Callable[[click.Context, click.Parameter, tuple[str, ...]], str | None]
Named = Callable[[click.Context, click.Parameter, str | None], str | None]


def not_empty(empty: str) -> Named:
    """The callback of an argument that names a file: an empty one is refused, saying why (`Path("")` is the
    current folder, which the user did not name)."""
    def named(ctx: click.Context, param: click.Parameter, given: str | None) -> str | None:
        if given == "":
            raise click.BadParameter(empty, ctx, param)
        return given
    return named


def given_once(why: str = "", empty: str = "") -> Once:
    """The callback of an option of one value, taken as `multiple` so that a second is
    refused, not silently put in place of the first (click keeps the last); where `empty`
    says why, an empty value too, as `not_empty` refuses it (`--house "$UNSET"` is no
    agreement of none)."""
    named: Named | None = not_empty(empty) if empty else None

    def once(ctx: click.Context, param: click.Parameter, given: tuple[str, ...]) -> str | None:
        if len(given) > 1:
            raise click.BadParameter(f"given {len(given)} times ({', '.join(given)}){why}", ctx, param)
        one = given[0] if given else None
        return named(ctx, param, one) if named is not None else one
    return once


# A folder or file to write into, named once: empty, it would be the current folder, which the user did not name.
OUT_FOLDER = given_once(empty="empty: name the folder to write into ('.' for the current folder)")
OUT_FILE = given_once(empty="empty: name the file to write, or - for standard output")

# A club writes its whole agreement in one house file (docs/house-rules.md).
HOUSE = click.option("--house", "house", metavar="FILE", multiple=True,
                     callback=given_once(": a club writes its whole agreement in one house file",
                                         "empty: name a house-rules file, or a shipped one"),
                     help="House-rules file (YAML), or the name of a shipped one.")

# A word shaped as rule IDs (`L8`, `L4,D1`): after --ignore or --select it is one more of
# the option's values, not a path, unless a file of that name is there.
RULE_IDS = re.compile(r"[A-Z][0-9]+(?:,[A-Z][0-9]+)*")


class RuleIdsOption(click.Option):
    """SPEC §5's `--ignore ID...`: `--ignore L4 L8 LOG` as well as `--ignore L4,L8` and
    `--ignore L4 --ignore L8`. Click has no option of several values, so the words that
    follow the option's first value and read as rule IDs are taken as more of them; the
    first word that does not (a path, `--`, another option) ends them."""

    def add_to_parser(self, parser: Any, ctx: click.Context) -> None:
        super().add_to_parser(parser, ctx)
        for name in self.opts:
            option = parser._long_opt.get(name) or parser._short_opt.get(name)
            option.process = self._greedy(option.process)

    @staticmethod
    def _greedy(take: Any) -> Any:
        def process(value: Any, state: Any) -> None:
            take(value, state)
            while state.rargs and RULE_IDS.fullmatch(state.rargs[0]) and not os.path.exists(state.rargs[0]):
                take(state.rargs.pop(0), state)
        return process


IGNORE = click.option("--ignore", "ignore", cls=RuleIdsOption, metavar="ID[,ID]...", multiple=True,
                      help="Drop these rules' findings before the status is set.")

SELECT = click.option("--select", "select", cls=RuleIdsOption, metavar="ID[,ID]...", multiple=True,
                      help="Keep only these rules' findings.")


def finding_filters(rulebook: Rulebook, ignore: tuple[str, ...], select: tuple[str, ...]) -> dict[str, Any]:
    """--ignore and --select as the checker's options; an ID not in the rule book is an
    error (exit 2), never silently nothing."""
    ignored = [item for value in ignore for item in split_names(value)]
    selected = [item for value in select for item in split_names(value)]
    for option, value in [*(("--ignore", value) for value in ignore), *(("--select", value) for value in select)]:
        if not split_names(value):
            raise click.BadParameter("no rule ID given", param_hint=option)
    for rule_id in ignored + selected:
        if not logs_house_may_define(rulebook, rule_id):  # else each log's rules are asked
            rulebook.get(rule_id)
    return {"ignore": ignored, "select": selected or None}


# Each command: the module (under arbiter.cli) that defines it, and the line `arbiter --help`
# lists it by. A module is imported only when one of its commands is run: `arbiter check`
# does not load the quiz, and `arbiter --help` loads none (docs/speed.md).
COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("check", "Replay hand logs against the laws and report every irregularity."),
    "convert": ("notation", "Convert a hand log between JSON and the text notation."),
    "evidence": ("disputes", "Who gives evidence in a dispute over the cards demanded (law 46)."),
    "explain": ("explain", "Tell a hand log event by event, with each ruling and its law."),
    "house": ("house", "House rules (law 81): a club's agreement, read before play."),
    "law": ("laws", "One rule in full: its words, parameters and cases."),
    "laws": ("laws", "Every rule: ID, section, title, how it is enforced."),
    "next": ("table", "What may come next after a log: who acts, and for what stakes."),
    "quiz": ("quiz", "Learn the laws from the cases: name the law that was broken."),
    "referee": ("disputes", "Who decides a dispute (laws 77-78)."),
    "rulebook": ("rulebook", "The whole code of laws by section, with an example case each."),
    "schema": ("laws", "Print a JSON Schema: the hand log, the report, a rule file …"),
    "season": ("evening", "Every player's nights, nets and irregularities over a season."),
    "serve": ("serve", "Serve a page that records a game and shows it on every phone."),
    "settle": ("evening", "The night's nets, and the fewest payments that settle them."),
    "simulate": ("simulate", "Write simulated hand logs of sessions played by the laws."),
    "table": ("table", "Keep a hand log as the game is played, with rulings as they arise."),
    "verify": ("verify", "Say whether a saved report is still what arbiter says of a log."),
}


class LazyGroup(click.Group):
    """A group whose commands are loaded on first use, and listed without loading (COMMANDS)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(COMMANDS))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            import_module(f"arbiter.cli.{COMMANDS[name][0]}")  # its @cli.command() registers it
        return self.commands.get(name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Commands"):
            formatter.write_dl([(name, COMMANDS[name][1]) for name in sorted(COMMANDS)])


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="arbiter")
def cli() -> None:
    """Settle disputes at the Draw Poker table by W. H. Peel's laws (1891)."""


def main(argv: list[str] | None = None) -> None:
    """The console script: every error is one line on stderr and exit code 2, never a traceback."""
    run(cli, argv)


# What click puts in place of standard output when its reader has closed it (`| head`), before it ends the
# command with exit 1 (its name changed over click's versions).
_PACIFIED = getattr(click.utils, "_PacifyFlushWrapper", None) or getattr(click.utils, "PacifyFlushWrapper", None)


def run(command: click.Command, argv: list[str] | None) -> None:
    closed_streams_opened()
    try:
        code = command.main(args=argv, prog_name="arbiter", standalone_mode=False)
    except SystemExit as exc:  # `arbiter law L46 | head -1`: the reader has what it wanted, and 1 is an irregular log's
        if not (exc.code == 1 and isinstance(_PACIFIED, type) and isinstance(sys.stdout, _PACIFIED)):
            raise
        code = EXIT_OK  # (check, settle and season meet it themselves: their logs decide the code)
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.ClickException as exc:
        code = last_word(exc.show)
    except click.Abort as exc:
        code = aborted(exc.__cause__)
    except Exception as exc:  # noqa: BLE001 - the promise is: never a traceback
        code = failed(exc)
    sys.exit(code if isinstance(code, int) else EXIT_OK)
