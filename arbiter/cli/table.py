"""`arbiter table`: record a game as it is played, in the text notation, and rule at once;
`arbiter next`: what may come next after a log, as the table would say it."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Callable

import click

from arbiter.bulk import build_rulebook, log_folder, read_path
from arbiter.checker import next_acts_of, rulebook_for
from arbiter.cli.app import HOUSE, Count, cli, not_empty, seating_of
from arbiter.errors import LogError
from arbiter.events import MAX_STAKE
from arbiter.live import completion
from arbiter.live.journal import Journal
from arbiter.live.position import words
from arbiter.live.session import TableSession, header_house, header_rulebook
from arbiter.notation import parse_checked, table_line
from arbiter.notation.reading import read_any_log, text_locator
from arbiter.render.formats import SPOKEN_FORMATS
from arbiter.rulebook.model import Rulebook

PROMPT = "table> "
EXIT_INTERRUPTED = 130  # the shell's convention for a program ended by Ctrl-C


@cli.command()
@click.argument("log", type=click.Path(dir_okay=False), callback=not_empty("empty: name the *.hand file to keep"))
@click.option("--players", help="A new table: the players in the order the deal passes, comma-separated.")
@click.option("--limit", type=Count(1, MAX_STAKE), metavar="N", help="A new table: the limit, in counters.")
@click.option("--ante", type=Count(1, MAX_STAKE), metavar="N", help="A new table: the ante, in counters.")
@HOUSE
@click.option("--format", "fmt", type=click.Choice(SPOKEN_FORMATS), default="text", show_default=True,
              help="json: each thing the table says is one JSON line {\"say\": ...}, for a program at the table.")
def table(log: str, players: str | None, limit: int | None, ante: int | None, house: str | None, fmt: str) -> int:
    """Keep LOG (a *.hand file) as the game is played: type the events in the text notation,
    each saved at once; rulings print as they arise. A LOG that exists is resumed."""
    rulebook = build_rulebook(house)
    path = Path(log)
    given = [name for name, value in (("--players", players), ("--limit", limit), ("--ante", ante))
             if value is not None]
    if path.exists():
        if given or house:  # its header says the table and its house rules, as `check` reads them
            raise click.UsageError(f"{log} exists: resume it without {', '.join(given + ['--house'] * bool(house))}")
        journal, resumed = Journal.resume(path), True
        rulebook = header_rulebook(journal, log, rulebook)
    else:
        if len(given) < 3:
            raise click.UsageError("a new table needs --players, --limit and --ante (or the name of a log to resume)")
        assert players is not None  # one of the three `given`
        table = {"players": list(seating_of(players).players), "limit": limit, "ante": ante}
        header = table_line({**table, "house": header_house(house, path)} if house else table)
        parse_checked(header + "\n", log)  # a name the notation or the schema refuses stops here
        journal, resumed = Journal.create(path, header), False
    say = (lambda text: click.echo(json.dumps({"say": text}, ensure_ascii=False))) if fmt == "json" else click.echo
    return play(journal, rulebook, resumed, interactive=sys.stdin.isatty(), say=say)


def play(journal: Journal, rulebook: Rulebook, resumed: bool, interactive: bool,
         say: Callable[[str], None] = click.echo) -> int:
    """Read lines until `quit` or the end of input; the exit code."""
    session = TableSession(journal, rulebook, say)
    session.greet(resumed)
    if interactive:
        completion.install(session)
    try:
        while True:
            if interactive:
                try:
                    typed = input(PROMPT)
                except EOFError:
                    if say is click.echo:  # the ^D's line ended, as a terminal leaves it open
                        click.echo()
                    break
            else:
                typed = sys.stdin.readline()
                if not typed:
                    break
            if not session.handle(typed):
                break
    except KeyboardInterrupt:
        if say is click.echo:  # after the ^C on the line: the words on a line of their own
            click.echo()
        say(f"interrupted: every line entered is saved in {journal.path}")
        return EXIT_INTERRUPTED
    finally:
        journal.close()
    session.farewell()
    return 0


@cli.command("next")
@click.argument("log")
@HOUSE
@click.option("--format", "fmt", type=click.Choice(SPOKEN_FORMATS), default="text", show_default=True,
              help="text: one line in the players' words; json: the engine's answer (arbiter schema next).")
def next_command(log: str, house: str | None, fmt: str) -> None:
    """What may come next after LOG (JSON or the text notation; - for standard input): who
    is to act, what he may do and within what stakes, what is owed, what a ruling waits for."""
    rulebook = build_rulebook(house)
    data = read_path(log)
    document = read_any_log(data, log)
    locate = text_locator(data, log)
    try:
        answer = next_acts_of(document, rulebook_for(document, rulebook, log_folder(log), locate), locate)
    except LogError as error:  # named by its file, as any error of a log read is, JSON or text
        error.file = error.file or log
        raise
    click.echo(json.dumps(answer, ensure_ascii=False, indent=2) if fmt == "json"
               else words(answer, document["table"].get("pronouns")))
