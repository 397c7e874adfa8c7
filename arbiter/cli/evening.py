"""`arbiter settle` (who pays whom at the end of the night) and `arbiter season` (a club's
account over its nights): thin, over `arbiter.evening`, `arbiter.season` and their renderers.

Exit 0: settled, or the season told. 2: some log could not be read (it is named and left
out; the rest is settled all the same), or the command was misused. 1 is never given:
an irregularity is ruled on, and its effects are in the nets.
"""

from __future__ import annotations

from typing import Callable, Iterable

import click

from arbiter.bulk import LeftOut
from arbiter.cli.app import HOUSE, cli
from arbiter.cli.output import echo, output_closed, warn_left_out
from arbiter.escapes import printable
from arbiter.nights import Aliases, Night, read_nights
from arbiter.render.evening import error_words
from arbiter.render.formats import SEASON_FORMATS, SETTLE_FORMATS
from arbiter.report import EXIT_INVALID, EXIT_OK

ALIAS = click.option("--alias", "alias", metavar="NAME=OTHER", multiple=True,
                     help="OTHER is NAME written another way: count them as one person, NAME (repeatable).")


def _nights(paths: tuple[str, ...], house: str | None, aliases: Aliases,
            dated: bool = False) -> tuple[list[Night], Callable[[], None]]:
    """Every log the paths name, and a function that says, in a line each on standard error after the
    output (as `check` says what it left out after its reports): each invalid one, each
    date written that is no date, each other name of `--alias` that no log writes, and the
    truth files of `arbiter simulate` left out."""
    truths = LeftOut()
    nights = list(read_nights(paths, house, aliases, dated, truths))
    if not nights:
        warn_left_out(truths)
        raise click.UsageError("no hand logs found in the paths given")

    def tell() -> None:
        warn_left_out(truths)
        for night in nights:
            if night.invalid:
                echo(f"arbiter: left out, invalid: {error_words(night)}", err=True)
            elif night.doubt:
                instead = f"dated by its {night.dated_by}" if night.dated_by else "undated"
                echo(f"arbiter: {printable(night.file)}: {night.doubt}: {instead}", err=True)
        for other in aliases.unused():
            echo(f"arbiter: --alias: no log writes {other}", err=True)
    return nights, tell


def _written(text: str, nights: list[Night], tell: Callable[[], None]) -> int:
    """The output, then what was left out, however the output fared (a full disk ends the
    command with exit 2, the lines said first); the exit code. A reader that stops reading
    (`| head`) has what it wanted: the code is still the logs' (click's answer was 1,
    which these commands never give)."""
    try:
        echo(text, nl=False)
    except BrokenPipeError:
        output_closed()
    except OSError:
        tell()
        raise
    tell()
    return _exit_code(nights)


def _exit_code(nights: Iterable[Night]) -> int:
    return EXIT_INVALID if any(night.invalid for night in nights) else EXIT_OK


@cli.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--value", "value", metavar="MONEY", help="What one counter is worth (e.g. 0.25): money beside counters.")
@click.option("--currency", "currency", metavar="CODE", help="The money's currency code (e.g. GBP); needs --value.")
@ALIAS
@HOUSE
@click.option("--format", "fmt", type=click.Choice(SETTLE_FORMATS), default="table", show_default=True,
              help="Output format (json: arbiter schema settle; csv: one payment a row).")
def settle(paths: tuple[str, ...], value: str | None, currency: str | None, alias: tuple[str, ...],
           house: str | None, fmt: str) -> int:
    """The night's nets over hand logs (files, folders, - for stdin; one table or several) and the
    fewest payments that settle them. A pool left over is named, never shared out."""
    from arbiter.evening import evening
    from arbiter.money import Money
    from arbiter.render.evening import render_settle

    if currency and not value:
        raise click.UsageError("--currency goes with --value")
    try:
        money = Money(value, currency) if value else None
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--value/--currency") from None
    nights, tell = _nights(paths, house, Aliases(alias))
    return _written(render_settle(evening(nights), fmt, money), nights, tell)


@cli.command()
@click.argument("paths", nargs=-1, required=True)
@ALIAS
@HOUSE
@click.option("--format", "fmt", type=click.Choice(SEASON_FORMATS), default="table", show_default=True,
              help="Output format (json: arbiter schema season; csv: one player's night a row; html: one page "
                   "with each player's running total drawn).")
def season(paths: tuple[str, ...], alias: tuple[str, ...], house: str | None, fmt: str) -> int:
    """Every player's nights, games, net and irregularities over a season's hand logs (a night is a
    log; its date is meta.date, else a date in its file name)."""
    from arbiter.render.season import render_season
    from arbiter.season import season as tally

    aliases = Aliases(alias)
    nights, tell = _nights(paths, house, aliases, dated=True)
    tallied = tally(nights, aliases)
    if fmt == "html":
        from arbiter.render.season_page import season_page  # only a page needs the HTML renderer

        return _written(season_page(tallied), nights, tell)
    return _written(render_season(tallied, fmt), nights, tell)
