"""The game a page records: the same `TableSession` as `arbiter table`, on the same journal.

Everything the page may ask is here, free of the web: set the table up (and correct it
while no card is dealt), record an event (a button's, or the irregular menu's), a line
of the notation, the number a ruling waits for, or a command (`undo`, `evidence`,
`referee`); and the state the page draws. An event from the page is first checked by
the log's own schema (as a one-event log at this table), then written as a line of the
notation and recorded exactly as a line typed at `arbiter table` is: so the file is the
one `table` would have written, and `table` or `check` can take it up.

The state's `version` is the length of the game file. The file only grows (the one
rewrite, correcting the table, writes the old table into it as a comment), so a version
names one state of the game, across a restart of the server too: a recording request
says the version it was decided from, and one decided from an older state is refused
(`Stale`) rather than recorded twice.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Any

from arbiter.engine.expressions import product
from arbiter.errors import ArbiterError, LogError, LogReadError, LogSchemaError
from arbiter.escapes import shown_path
from arbiter.live.journal import Journal, refuse_new_name, sync_folder
from arbiter.live.position import PHASE_WORDS, Act, Position, owed_words, range_words, turn
from arbiter.live.rulings import ruling_lines
from arbiter.live.session import COMMANDS, REFUSED, TableSession, as_text, command_word, header_house, header_rulebook
from arbiter.notation import parse_checked
from arbiter.notation.grammar import (
    COMMENT_MARK,
    FORM_OF,
    FORMS,
    SYNONYMS,
    UNDO,
    Choice,
    Flag,
    Keyed,
    Opt,
    Part,
)
from arbiter.notation.parser import FORMAT, VERSION, Parsed
from arbiter.notation.writer import event_line, name_text, table_line
from arbiter.reading import read_log_bytes
from arbiter.render.story import ruling_told
from arbiter.rulebook.model import Rulebook

FEED_KEPT = 100  # the things said that the page shows, the whole of a game (the file keeps everything)
PAGE_COMMANDS = ("undo", "evidence", "referee")
CORRECTED = f"{COMMENT_MARK} the table corrected; it was:"
DEALING = frozenset({"card", "dealt"})  # once one stands, the table's set-up stands too
# `words` says this where no one in particular is to act (before the first deal), with the
# notation's forms for a terminal's user to type; the page offers the acts as buttons.
FIRST_DEAL = "the draw for the deal, or the first deal"
ANTE_SHARE = "max_ante_fraction_of_limit"


class Stale(ArbiterError):
    """A recording decided from a state the game has moved on from: nothing is written."""


class ServedGame:
    """One game file, its session once it has a table, and what has been said about it."""

    def __init__(self, path: Path, rulebook: Rulebook, house: str | None = None) -> None:
        self.path = path
        self.rulebook = rulebook
        self.house = house  # written into a new table's header, as `arbiter table --house` does
        self.session: TableSession | None = None
        self.feed: list[dict[str, Any]] = []
        self.told = 0  # what has been said, counted: the order in which the page takes states
        self.epoch = secrets.token_hex(4)  # a restarted server counts anew: the page tells them apart
        if path.exists():
            journal = Journal.resume(path)
            self.rulebook = header_rulebook(journal, str(path), rulebook)  # as `arbiter table` plays it
            self._open(journal)
            self._retell(self._session().journal.text)
            self._told("resumed", self._session().notices, refused=False)
        elif not path.parent.is_dir():  # refused now, as `arbiter table` refuses it, not at the table's first line
            raise LogReadError(f"cannot create the log: no folder {path.parent}", file=str(path))
        else:
            refuse_new_name(path)

    @property
    def version(self) -> int:
        """The state the game is in: the length of its file (0 before it has one)."""
        return len(self.session.journal.text) if self.session is not None else 0

    def check_after(self, after: Any) -> None:
        """A recording says which state it was decided from; raises `Stale` if the game has
        moved on since (another device recorded first), `LogSchemaError` if it says none."""
        if not isinstance(after, int) or isinstance(after, bool):
            raise LogSchemaError('"after": the version of the state the act was decided from (from /api/state)')
        if not 0 <= after <= self.version:  # no state the game has been in: no other device's doing
            raise LogSchemaError(f'"after": {after} is no version this game has had (it stands at {self.version})')
        if after != self.version:
            raise Stale("another device recorded first: nothing was recorded; the game as it stands now is shown")

    # --- what the page may ask ----------------------------------------------------------
    def set_table(self, players: Any, limit: Any, ante: Any) -> None:
        """A new game file with this table, checked as a log's first line is; or, while no
        card is dealt, the table corrected."""
        table = _checked({"players": players, "limit": limit, "ante": ante}, [])["table"]
        if self.session is not None:
            self._correct(table)
            return
        header = table_line({**table, "house": header_house(self.house, self.path)} if self.house else table)
        parse_checked(header + "\n", "the table")  # and the notation reads it back
        self._open(Journal.create(self.path, header))
        self._told(header, self._warnings(table), refused=False)

    def record_event(self, event: Any) -> bool:
        """An event as the page sends it; True if the table took it (see `record_line`)."""
        checked = _checked(self._session().position.log["table"], [event])["events"][0]
        return self.record_line(said_line(checked))

    def record_line(self, line: object) -> bool:
        """A line of the notation, as typed at `arbiter table`; a line refused is kept in
        the file as a comment and said why, as there. True if the table took it. What is
        not text is no line, and nothing is written."""
        if not isinstance(line, str):
            raise LogSchemaError("line: give a line of the notation, as text")
        session = self._session()
        line = as_text(line)
        word = command_word(line)
        if not line or word in COMMANDS:  # the page's commands are buttons; the table's others, none of its
            raise LogSchemaError("an empty line" if not line else f"{word!r} is a command: use its button"
                                 if word in PAGE_COMMANDS else f"{word!r} is a command of `arbiter table`, not of "
                                 "the page, which shows its answer as it is (no line of the notation either)")
        if line.partition(COMMENT_MARK)[0].strip().isdigit():  # the table's answer to its question: the page's own
            raise LogSchemaError("a number alone answers the question a ruling asks: the page asks it with its own "
                                 "buttons (/api/answer)")
        if "\n" in line:  # the file would take the rest as a line of its own, unread: one at a time
            raise LogSchemaError("one line at a time: this one holds a line break")
        said: list[str] = []
        session.say = said.append
        taken = session.handle(line) if line.startswith(COMMENT_MARK) else session.record(line)
        self._told(line, said, refused=not taken)
        return taken

    def answer(self, number: Any) -> bool:
        """The number a ruling waits for (the witness's, law 46): the dispute is written
        again with it, as `arbiter table` does with a number typed alone."""
        session = self._session()
        most = self.rulebook.parameters["cards_per_hand"]
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= most:
            raise LogSchemaError(f"number: the cards the witness heard asked for, 0 to {most}")
        said: list[str] = []
        session.say = said.append
        taken = session.answer(number)
        self._told(session.journal.line(session.journal.text.count("\n")), said, refused=not taken)
        return taken

    def command(self, word: str, arguments: Any) -> bool:
        """`undo`, `evidence` or `referee`, as at the table: True if done (an `undo` with
        nothing to take back, or a command given wrongly, is said why, and False)."""
        session = self._session()
        if word not in PAGE_COMMANDS:
            raise LogSchemaError(f"no command {word!r}: {', '.join(PAGE_COMMANDS)}")
        if not isinstance(arguments, list) or not all(isinstance(a, str) for a in arguments):
            raise LogSchemaError("arguments: give a list of names")
        said: list[str] = []
        session.say = said.append
        done = session.run(word, arguments)
        self._told(" ".join([word, *map(name_text, arguments)]), said, refused=not done)
        return done

    # --- what the page draws ------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        base = {"epoch": self.epoch, "version": self.version, "told": self.told, "file": shown_path(self.path.name),
                "feed": self.feed[-FEED_KEPT:]}
        if self.session is None:
            return {**base, "table": None}
        position = self.session.position
        replay = position.replay
        table = position.log["table"]
        now = replay.snapshot()
        game = replay.board.game
        stakes = now.get("stakes", {})
        winners = now.get("winners", []) if now["game"] in position.games_over else []
        seats = [{
            "name": player,
            "dealer": game is not None and player == game.dealer,
            "stake": stakes.get(player),
            "in": game is None or player in now["still_in"],
            "foul": game is not None and player in now["foul"],
            "cards": now.get("cards", {}).get(player),
            "shown": now.get("shown", {}).get(player),
            "winner": player in winners,
        } for player in table["players"]]
        answer = position.answer
        here = turn(position)
        asked = self.session.asked_number()
        correctable = self._correctable()
        return {
            **base,
            "table": table,
            "seats": seats,
            "game": None if game is None else {
                "number": now["game"], "deal": now["deal"], "pool": position.pool(),
                "phase": PHASE_WORDS[answer["phase"]], "jackpot": now["jackpot"],
            },
            "answer": answer,
            "next": FIRST_DEAL if answer["game"] is None and answer["player"] is None else here.words,
            "acts": [_act_json(act) for act in here.acts],
            "to_act": list(here.players) or _actors(here.acts),
            "owed": [owed_words(item, table.get("pronouns")) for item in answer["owed"]],
            "question": None if asked is None else {
                "of": asked["of"], "about": asked["about"], "law": asked["law"],
                "least": 0, "most": self.rulebook.parameters["cards_per_hand"]},
            "setup": {"correctable": correctable, "warnings": self._warnings(table) if correctable else []},
            "undo": self._last_line(),
            "drawing": _drawing(position),
            "rulings": [{"id": f["id"], "severity": f["severity"],
                         "lines": ruling_lines(f, position.line_of(f["event"]), self.rulebook,
                                                      table.get("pronouns"), None),
                         "told": ruling_told(f, self.rulebook, table.get("pronouns"))}  # to be read aloud
                        for f in position.findings],
            "net": position.net(),
            "dispute": position.current_dispute(),
        }

    def close(self) -> None:
        if self.session is not None:
            self.session.journal.close()

    # --- inside -------------------------------------------------------------------------
    def _open(self, journal: Journal) -> None:
        self.session = TableSession(journal, self.rulebook, lambda _: None, width=None)

    def _session(self) -> TableSession:
        if self.session is None:
            raise LogSchemaError("no table yet: give the players, the limit and the ante")
        return self.session

    def _told(self, what: str, said: list[str], refused: bool) -> None:
        self.told += 1
        self.feed.append({"n": self.told, "what": what, "said": said, "refused": refused})
        del self.feed[:-FEED_KEPT]

    def _retell(self, text: str) -> None:
        """The lines of the game in play told again, one by one, as they were told when
        each came (the same session, on a copy of the text kept in memory): after a
        restart the page shows the game so far, its rulings where they were made. Each
        line is a replay of the file: the earlier games are left to the file."""
        lines = text.split("\n")[:-1]
        head = _table_lines(lines)
        if head is None:
            return
        start = max(head, _game_began(self._session().position), len(lines) - FEED_KEPT)
        if start == head:  # the whole file is told: its table first
            for line in lines[:head]:
                self._told(line, [], refused=False)
        said: list[str] = []
        retold = TableSession(_Retold(self.path, lines[:start]), self.rulebook, said.append, width=None)
        for line in lines[start:]:
            said.clear()
            text = line.strip()
            if text.startswith(REFUSED):
                retold.record(text.removeprefix(REFUSED).strip())
                self._told(text.removeprefix(REFUSED).strip(), list(said), refused=True)
                continue
            if text == UNDO or text.startswith(f"{UNDO} "):
                retold.run(UNDO, [])
                text = UNDO  # as the page's button said it
            elif not text or text.startswith(COMMENT_MARK):
                retold.journal.append(line)
            else:
                retold.record(line)
            if text:
                self._told(text, list(said), refused=False)

    # --- the table's set-up -----------------------------------------------------------------
    def _correctable(self) -> bool:
        """The table may be corrected until the first card is dealt (a deal taken back by
        `undo` deals none)."""
        events = self._session().position.log["events"]
        return not any(event["type"] in DEALING for event in events)

    def _warnings(self, table: dict[str, Any]) -> list[str]:
        """What the laws say of the table itself: an ante over its share of the limit (the
        rule book's `max_ante_fraction_of_limit`, with house rules in force)."""
        rule_id = self.rulebook.parameter_owner().get(ANTE_SHARE)
        if rule_id is None or not self.rulebook.active(rule_id):
            return []
        share = self.rulebook.parameters[ANTE_SHARE]
        if table["ante"] <= product([table["limit"], share]):
            return []
        rule = self.rulebook.get(rule_id)
        return [f"An ante of {table['ante']} is more than {share} of the limit of {table['limit']}: each ante "
                f"staked at it is an irregularity [{rule.id}: \u201c{' '.join(rule.text.split())}\u201d]. "
                "The table can be corrected until the first card is dealt."]

    def _correct(self, table: dict[str, Any]) -> None:
        """The table corrected while no card is dealt: the file is written anew with the new
        table at its head and the old one kept beside it as a comment, every line after it
        as it was and where it was; the new file replaces the old at once (renamed over it), so a crash
        leaves one or the other, whole. The corrected file must read as a log, as any
        line must."""
        session = self._session()
        if not self._correctable():
            raise LogSchemaError("a card is dealt: the table stands as it is for the rest of the game file")
        old = session.position.log["table"]
        kept: dict[str, Any] = {"house": old["house"]} if "house" in old else {}
        for each in ("pronouns", "stacks"):  # what the first line says of the players still seated
            if given := {p: v for p, v in old.get(each, {}).items() if p in table["players"]}:
                kept[each] = given
        header = table_line({**table, **kept})
        lines = session.journal.text.split("\n")
        said = _table_lines_said(session.position.parsed)  # a line, or several (meta, comments between)
        first = lines[said[0]]
        if header == table_line(old) and len(said) == 1:  # the line may carry a correction's comment
            raise LogSchemaError(f"nothing to correct: the table is already {first}")
        # the old first line kept on the new one's line: no later line moves (an undo's note names lines by number)
        text = "\n".join(f"{header}  {CORRECTED} {line}" if k == said[0] else f"{CORRECTED} {line}" if k in said
                          else line for k, line in enumerate(lines))
        try:
            corrected = session.read(text)
        except LogError as error:
            raise LogSchemaError(f"the game file would not read with that table: {error}") from None
        if corrected.log["events"] != session.position.log["events"]:  # a table line that held an event too
            raise LogSchemaError("the table's lines hold events too: correct the table in the file")
        journal = self._written_anew(text)
        session.journal.close()
        self._open(journal)
        self._told(header, [f"the table corrected; it was: {first}", *self._warnings(table)], refused=False)

    def _written_anew(self, text: str) -> Journal:
        """`text` as the game file, in place of the old: written and synced beside it under a
        fresh name (created exclusively: nothing already there is removed or written
        through), then renamed over it (and the folder synced), holding the file's lock
        throughout."""
        beside = self.path.with_name(f".{self.path.name}.{secrets.token_hex(6)}.correcting")
        header, _, rest = text.partition("\n")
        journal = Journal.create(beside, header)
        try:
            journal.write(rest)
            os.replace(beside, self.path)
        except OSError as exc:
            journal.close()
            beside.unlink(missing_ok=True)
            raise LogReadError(f"cannot write the corrected table: {exc.strerror or exc}",
                               file=shown_path(str(self.path))) from None
        journal.path = self.path
        sync_folder(self.path)
        return journal

    def _last_line(self) -> dict[str, Any] | None:
        """The line `undo` would take back, for the page to ask before it does."""
        standing = self._session().position.parsed.standing
        if not standing:
            return None
        number = standing[-1][0]
        return {"line": number, "text": self._session().journal.line(number)}


class _Retold(Journal):
    """A game file's lines held in memory, for the session that tells them again: nothing
    is written (they are on the disk already)."""

    def __init__(self, path: Path, lines: list[str]) -> None:
        super().__init__(path, -1, "".join(line + "\n" for line in lines))

    def write(self, text: str) -> None:
        self.text += text


def _table_lines(lines: list[str]) -> int | None:
    """How many lines at the head of a game file hold its table: the fewest that read as a log."""
    for count in range(1, len(lines) + 1):
        try:
            parse_checked("".join(line + "\n" for line in lines[:count]), "the table")
        except LogError:
            continue
        return count
    return None


def _table_lines_said(parsed: Parsed) -> list[int]:
    """The lines (from 0) that say the table, where the notation read them (`head_at`):
    the first line, or several, with `meta` and comments between them left as they are."""
    return sorted({line - 1 for key, (line, _) in parsed.head_at.items() if key.startswith("/table/")})


def _game_began(position: Position) -> int:
    """How many lines of the file come before the game in play (or the one just over)."""
    game = position.replay.board.game
    line = position.line_of(game.deals[0].began) if game is not None else None
    return line - 1 if line is not None else 0


def _checked(table: Any, events: list[Any]) -> dict[str, Any]:
    """What the page sent, as a log at this table, checked by the log's schema and checks."""
    doc = {"format": FORMAT, "version": VERSION, "table": table, "events": events}
    return read_log_bytes(json.dumps(doc).encode("utf-8"), "the page")


def said_line(event: dict[str, Any]) -> str:
    """An event as a line of the notation: in the words players say where a phrase says it
    whole (`Cat stands pat`, a discard of none), else in the event's own form."""
    for synonym in SYNONYMS:
        if (synonym.type == event["type"] and synonym.fixed_count is not None and not synonym.parts
                and set(event) == {"type", "player", "count"} and event["count"] == synonym.fixed_count):
            return " ".join([name_text(event["player"]), *synonym.words])
    return event_line(event)


def _act_json(act: Act) -> dict[str, Any]:
    """A button: the event, what the person gives (with its least and most, for a number),
    its label in the notation's words, and whether it is one of the answer's `others`
    rather than an act of the turn's (the page puts those under "Or:")."""
    event = act.event
    form = FORM_OF[event["type"]]
    found: dict[str, Any] = {"event": event, "ask": list(act.ask), "other": act.other}
    if not act.ask:
        return {**found, "label": said_line(event)}
    head = [name_text(event[form.subject])] if form.subject else []
    if act.least is not None and act.most is not None:
        found.update(minimum=act.least, maximum=act.most)
        head += [*form.words, range_words(act.least, act.most)]
    else:
        head += form.words
    return {**found, "label": " ".join(head) + " \u2026"}


def _actors(acts: tuple[Act, ...]) -> list[str]:
    """The one player the acts in order are for (none when they are for anyone)."""
    names = {str(act.event[subject]) for act in acts if (subject := FORM_OF[act.event["type"]].subject)}
    return sorted(names) if len(names) == 1 else []


def _drawing(position: Position) -> str | None:
    """Whose draw a dispute over the cards demanded is about, most likely: the player last
    served, or last to discard or ask, in this deal; before the draw, the player to act."""
    events: list[dict[str, Any]] = position.log["events"]
    for event in events[::-1]:
        if event["type"] == "deal":
            break
        if event["type"] == "give":
            return str(event["to"])
        if event["type"] in ("discard", "demand"):
            return str(event["player"])
    player = position.answer["player"]
    return str(player) if player is not None else None


def forms_json() -> list[dict[str, Any]]:
    """The notation's forms, for the page's menu of any act: each part's field and kind."""
    def part_json(part: Part, optional: bool = False) -> dict[str, Any]:
        if isinstance(part, Opt):
            return part_json(part.part, True)
        words: tuple[str, ...] = ()
        if isinstance(part, Keyed):
            words, part = part.words, part.part
        found = {"field": part.field, "kind": type(part).__name__.lower(), "optional": optional,
                 "words": " ".join(words)}
        if isinstance(part, Choice):
            found["choices"] = [[w, v] for w, v in part.choices]
        if isinstance(part, Flag):
            found["words"] = " ".join(part.words)
        return found

    return [{"type": f.type, "subject": f.subject, "words": " ".join(f.words),
             "parts": [part_json(p) for p in f.parts]} for f in FORMS]


__all__ = ["ServedGame", "Stale", "forms_json", "said_line"]
