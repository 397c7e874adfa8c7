"""`arbiter table`: the game recorded as it is played, and ruled on at once.

Each line typed in the text notation is checked against the log so far; if the log
still reads and replays, the line goes to the file at once (and durably: `journal.py`)
and the rulings it brings about are read out. A line that cannot be read, or that asks
for what the table does not hold (a discard before any deal), is refused with the
reason, and kept in the log as a `# refused:` comment, so nothing typed is lost (so is a
last line left unfinished by a file cut short, as a `# torn:` comment, on resume). A few
words are commands rather than events: `status`, `next`, `undo`, `evidence`,
`referee`, `help` and `quit`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Iterable

from arbiter.checker import rulebook_for
from arbiter.engine.chain import chain_answer, evidence_question
from arbiter.engine.replay import Replay
from arbiter.errors import ArbiterError, LogError
from arbiter.events import Event
from arbiter.live.journal import Journal
from arbiter.live.position import Position, next_to_act, read_position, status_lines
from arbiter.live.rulings import WIDTH, changes
from arbiter.live.words import reckon_by_engine
from arbiter.notation import NotationError, event_line, form_lines, parse_checked, parse_names
from arbiter.notation.grammar import COMMENT_MARK, UNDO, synonym_lines
from arbiter.notation.reckoning import Reckon
from arbiter.render.chain import render_chain
from arbiter.rulebook.model import Rulebook
from arbiter.seats import Seating
from arbiter.words import named_twice

TORN = f"{COMMENT_MARK} torn:"
COMMANDS = {
    "status": "the game, the pool, the stakes, who is still in, whose turn it is",
    "next": "who should act now (where a ruling asks a number, type the number alone to answer it)",
    UNDO: "take back the last line of events (the log keeps it, and an 'undo' line after it)",
    "evidence": "evidence [PLAYER] [unable NAME ...]: whose evidence decides a dispute over the cards "
                "demanded (law 46); by default the last dispute of this deal",
    "referee": "referee NAME ...: who decides a dispute between these persons (laws 77-78)",
    "help": "this help, and the words of the notation",
    "quit": "end the session (so do Ctrl-D and Ctrl-C); the log is already saved",
}


NAMING = ("evidence", "referee")  # the commands that take names: the chains' (law 46, laws 77-78)
REFUSED = f"{COMMENT_MARK} refused:"  # how a refused line is kept in the file


def command_word(line: str) -> str:
    """A line's first word, as a command is read: before any blank or comment (`undo\t# oops`,
    `undo#x` are `undo`, as the notation reads them)."""
    return line.split(None, 1)[0].split(COMMENT_MARK, 1)[0] if line.strip() else ""


def as_text(typed: str) -> str:
    """A line as the file can hold it: what a terminal or a page sent that is no text (a
    lone surrogate, or a NUL, which no text log holds) as '?', and no space at either end."""
    return typed.strip().replace("\0", "?").encode("utf-8", "replace").decode("utf-8")


def header_rulebook(journal: Journal, name: str, rulebook: Rulebook) -> Rulebook:
    """The rule book with the house rules a game file's header names (`house blaze`), as
    `check` plays them: house rules it names that cannot be used are refused (LogError),
    never dropped. The log is read with its unfinished last line, then without it; one
    that reads neither way is left for the session to refuse."""
    for text in (journal.text + (journal.unfinished_text() or ""), journal.text):
        try:
            log = parse_checked(text, name)[0]
        except LogError:
            continue
        return rulebook_for(log, rulebook, str(journal.path.resolve().parent))
    return rulebook


def header_house(house: str, log: Path) -> str:
    """The house rules as a new game file's header names them, where `check` and a table
    resumed from any folder look for them: a file by its path from the log's folder, a
    shipped house by its name."""
    if not Path(house).is_file():
        return house  # a shipped name: `read_house` found no file by it
    return os.path.relpath(Path(house).resolve(), log.resolve().parent)


class CommandError(ArbiterError):
    """A command given wrongly (`evidence` with no dispute to answer): said, and the session goes on."""


class TableSession:
    """One table: its log on disk, the position it leaves, and what is said about it."""

    def __init__(self, journal: Journal, rulebook: Rulebook, say: Callable[[str], None],
                 width: int | None = WIDTH) -> None:
        self.journal = journal
        self.width = width  # where the law's words are folded (None: a page folds them itself)
        self.rulebook = rulebook
        self.say = say
        self.rules = Replay.compile(rulebook)
        self.notices: list[str] = []
        self.noted = ""  # what the user wrote after the command being run (`undo  # the wrong card`)
        self.position = self.settle_last_line() if journal.unfinished else self.read(journal.text)

    def settle_last_line(self) -> Position:
        """A last line left unfinished (the file was cut short): if the log reads with it, it
        ends and stands, the user told; if the log reads without it, it becomes a `# torn:`
        comment and the game goes on before it; if neither, the log is refused as it is, and
        left untouched."""
        fragment = self.journal.unfinished_text()
        number = self.journal.text.count("\n") + 1  # the unfinished line's
        if fragment is not None:
            try:
                position = self.read(self.journal.text + fragment + "\n")
            except LogError:
                pass
            else:  # a file written by hand may end so; a write cut short may too, and read otherwise: said
                self.journal.end_last_line()
                if position.parsed.standing[-1:] and position.parsed.standing[-1][0] == number:
                    self.notices.append(f"Line {number} had no line end: it reads, and stands "
                                        f"(`{fragment.strip()}`); if it was cut short, `undo` takes it back.")
                elif fragment.strip():  # no event of its own: `undo` would take back the line before it
                    self.notices.append(f"Line {number} had no line end: it reads, and stands (`{fragment.strip()}`).")
                return position
        position = self.read(self.journal.text)
        comment = self.journal.tear_off_last_line(TORN)
        self.notices.append(f"Line {number} was cut short and does not read: kept as the comment `{comment}`; "
                            "the game goes on from the line before it.")
        return position

    @property
    def players(self) -> list[str]:
        players: list[str] = self.position.log["table"]["players"]
        return players

    def read(self, text: str, reckon: Reckon | None = None) -> Position:
        return read_position(text, str(self.journal.path), self.rules, reckon)

    # --- the session ---------------------------------------------------------------
    def greet(self, resumed: bool) -> None:
        events = len(self.position.log["events"])
        if resumed:
            games = len(self.position.games)
            self.say(f"Resumed {self.journal.path}: {events} events in {games} game{'s' * (games != 1)}.")
            self.tell(self.notices)
            for finding in self.position.findings:
                line = self.position.line_of(finding["event"])
                self.say(f"  so far, line {line}: [{finding['id']}] {finding['summary']}")
        else:
            self.say(f"A new table in {self.journal.path}: {' '.join(status_lines(self.position)[:1])}.")
        self.say("Type what happens in the notation (help lists the words); each line is saved at once.")
        self.say(f"next: {next_to_act(self.position)}")

    def farewell(self) -> None:
        net = self.position.net()
        self.say(f"The log is saved in {self.journal.path} ({len(self.position.log['events'])} events); "
                 f"net so far: {', '.join(f'{p} {v:+d}' for p, v in net.items())}.")

    def handle(self, typed: str) -> bool:
        """One line typed; False when the session should end."""
        line = as_text(typed)
        if not line:
            return True
        word = command_word(line)
        if word in COMMANDS:
            return self.command(word, line[len(word):].strip())
        if line.startswith(COMMENT_MARK):
            self.journal.append(line)  # a remark for the record
            return True
        said, mark, remark = line.partition(COMMENT_MARK)  # a comment may follow a number, as any command
        said = said.strip()
        if said.isascii() and said.isdigit():  # `²` is a digit int() refuses
            if self.asked_number() is None:  # no line of the notation begins with a number either: kept as one
                self.journal.append(f"{REFUSED} {line}")
                dealer = any(ask["what"] == "cards drawn" for ask in self.position.answer["asks"])
                self.say("refused: no ruling waits for a number" + (
                    "; the dealer's answer is written 'dealer answers N'" if dealer else " now"))
                return True
            try:
                self.answer(int(said), f"  {mark}{remark}" if mark else "")
            except CommandError as exc:  # kept, as every refused line is
                self.journal.append(f"{REFUSED} {line}")
                self.say(f"refused: {exc}")
            return True
        self.record(line)
        return True

    def asked_number(self) -> dict[str, Any] | None:
        """The question a ruling waits for, where it is a number: the witness's, in a
        dispute over the cards demanded (the engine's `asks`)."""
        return next((ask for ask in self.position.answer["asks"] if ask["what"] == "number"), None)

    def answer(self, number: int, comment: str = "") -> bool:
        """The number the ruling waits for: the dispute it is about is written again, in a
        line of its own, with the witness's testimony, and the ruling is made on it. The
        question stays asked while other acts come between (SPEC item 28), and `undo`
        takes back the answer alone. True if the table took it."""
        ask = self.asked_number()
        dispute = None if ask is None else next(
            (event for event in reversed(self.position.log["events"])
             if event["type"] == "dispute" and event["player"] == ask["about"]), None)
        if ask is None or dispute is None:
            raise CommandError("no ruling waits for a number")
        most = self.rulebook.parameters["cards_per_hand"]
        if not 0 <= number <= most:
            raise CommandError(f"the cards the witness heard asked for are 0 to {most}, not {number}")
        again = {**dispute, "testimony": {**dispute.get("testimony", {}), ask["of"]: number}}
        again.pop("note", None)
        return self.record(event_line(again) + comment)

    def record(self, line: str) -> bool:
        """A line of events: written, and its rulings said; or refused (and kept as a
        comment). True if it was taken."""
        number = self.journal.text.count("\n") + 1
        since = len(self.position.log["events"])
        try:
            position = self.read(self.journal.text + line + "\n",
                                 reckon_by_engine(self.position.log["table"], self.rules, since))
            written = line
            if number in position.parsed.reckoned:  # the words as the engine read them, for every reader
                made = position.log["events"][since:]
                written = "; ".join(event_line(event) for event in made)
                if written != line and not any("note" in event for event in made):  # a note runs to the line's end
                    written += f"  {COMMENT_MARK} {line}"
                position = self.read(self.journal.text + written + "\n")  # the file must read as it is written
        except LogError as error:
            self.journal.append(f"{REFUSED} {line}")
            self.refuse(line, number, error)
            return False
        return self._take(written, position)

    def _take(self, line: str, position: Position) -> bool:
        """A line read into `position` written, and what it changed said."""
        self.journal.append(line)
        before, self.position = self.position, position
        self.tell(changes(before, position, self.rulebook, self.width))
        return True

    def _undo_line(self, number: int) -> str:
        """The line that takes back line `number` (the journal keeps both), with what the
        user noted after the command."""
        noted = f" ({self.noted})" if self.noted else ""
        return f"{UNDO}  {COMMENT_MARK} takes back line {number}: {self.journal.line(number)}{noted}"

    def refuse(self, line: str, number: int, error: LogError) -> None:
        if isinstance(error, NotationError) and error.line == number:
            self.say(f"refused: {error.detail}")
            self.say(f"  {line}\n  {' ' * (error.column - 1)}^")
        else:
            self.say(f"refused: {error.message}")

    def tell(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.say(line)

    # --- commands ---------------------------------------------------------------------
    def command(self, word: str, rest: str) -> bool:
        """A command typed, its names read as the log writes them (`evidence O'Brien`,
        `referee "Mary Ann" Bob`); False for `quit`, which, like every command but the
        chains', takes nothing after it."""
        try:
            arguments, self.noted = parse_names(rest)
        except NotationError as exc:  # `undo 3`: said as what it is, not as a name it is not
            self.say(f"{word}: {exc.detail}" if word in NAMING else self._takes_nothing(word))
            return True
        if word == "quit" and not arguments:
            return False
        self.run(word, arguments)
        return True

    def run(self, word: str, arguments: list[str]) -> bool:
        """A command with its arguments: True if done; one given wrongly, or with nothing
        to do, is said why, and False. What the user noted after it (`self.noted`) goes
        with the line a command writes (`undo  # the wrong card`)."""
        if arguments and word not in NAMING:
            self.say(self._takes_nothing(word))
            return False
        try:
            getattr(self, f"do_{word}")(arguments)
        except CommandError as exc:
            self.say(f"{word}: {exc}")
            return False
        return True

    @staticmethod
    def _takes_nothing(word: str) -> str:
        return f"{word} takes nothing after it (a player named {word!r} is written in quotes: \"{word}\" plays 2)"

    def do_status(self, _: list[str]) -> None:
        self.tell(status_lines(self.position))

    def do_next(self, _: list[str]) -> None:
        self.say(f"next: {next_to_act(self.position)}")

    def do_undo(self, _: list[str]) -> None:
        standing = self.position.parsed.standing
        if not standing:
            raise CommandError("nothing to undo: no line of events stands")
        number = standing[-1][0]
        self.journal.append(self._undo_line(number))
        before, self.position = self.position, self.read(self.journal.text)
        self.say(f"took back line {number}: {self.journal.line(number)}")
        self.tell(changes(before, self.position, self.rulebook, self.width))

    def do_evidence(self, arguments: list[str]) -> None:
        # the first word names the disputant, but for the word `unable` (unless a player is so named)
        named = arguments[0] if arguments and (arguments[0] != "unable" or "unable" in self.players) else None
        dispute = self.position.current_dispute(named) or {}
        disputant = dispute.get("player") if named is None else named
        unable = list(dispute.get("unable", []))
        arguments = arguments if named is None else arguments[1:]
        if arguments:
            if arguments[0] != "unable":
                raise CommandError("evidence [PLAYER] [unable NAME ...]")
            unable = arguments[1:]
        if disputant is None:
            raise CommandError("name the player who disputes with the dealer: evidence PLAYER [unable NAME ...]")
        dealer = self.dealer()
        self.seated(disputant, *unable)
        if twice := named_twice(unable):
            raise CommandError(f"{twice} among those unable")  # as `arbiter evidence` refuses
        if disputant == dealer:
            raise CommandError(f"{dealer} is the dealer: the dispute is between a player and the dealer")
        self.chain("evidence", "witness", *evidence_question(dealer, disputant, unable),
                   "No one can give evidence: the player is held to have demanded the number discarded")

    def do_referee(self, arguments: list[str]) -> None:
        if len(arguments) < 2 or len(set(arguments)) < len(arguments):
            raise CommandError("name the persons disputing, two or more, each once: referee NAME NAME ...")
        self.seated(*arguments)
        self.chain("referee", "referee", {"dealer": self.dealer(), "disputants": arguments}, {},
                   "The laws name no one to decide")

    def do_help(self, _: list[str]) -> None:
        self.say("Commands:")
        self.tell(f"  {word:<9} {what}" for word, what in COMMANDS.items())
        self.say("Anything else is a line of the log: events separated by ';', a note after '--', "
                 "a comment after '#'. The events:")
        self.tell(f"  {line}" for line in form_lines())
        self.say("And the words players say, which make the same events:")
        self.tell(f"  {line}" for line in synonym_lines())
        self.say("Here a call, a check, a raise and a stand take their stake from what next offers (one jumped "
                 "by a stake out of turn meets the stake made in turn before him), the words kept as a comment.")

    # --- the chains of laws 46 and 77-78 ---------------------------------------------------
    def dealer(self) -> str:
        game = self.position.replay.board.game
        if game is None:
            raise CommandError("no deal yet: there is no dealer")
        return game.dealer

    def seated(self, *names: str) -> None:
        for name in names:
            if name not in self.players:
                raise CommandError(f"{name!r} is not one of the players {', '.join(self.players)}")

    def chain(self, setting: str, role: str, words: dict[str, Any], event: Event, none_found: str) -> None:
        """The same walk as `arbiter evidence` and `arbiter referee`, for this table: by the
        setting in force in the game in play, as the replay decides it (a club's order with
        its condition), else by the rule that defines it."""
        board = self.position.replay.board
        found = board.setting(setting) if board.game is not None else None
        if found is not None:
            rule_id, chain = found.rule, found.value
        else:
            defined = self.rulebook.definition_of(setting)
            if defined is None:
                raise CommandError(f"no rule in force defines {setting!r}")
            rule_id, chain = defined[0].id, defined[1]
        result = chain_answer(chain, rule_id, role, Seating(self.players), words, event, self.rulebook.parameters)
        self.say(render_chain(result, "table", role, none_found).rstrip("\n"))


__all__ = ["TableSession", "CommandError", "COMMANDS", "REFUSED", "command_word", "header_house", "header_rulebook"]
