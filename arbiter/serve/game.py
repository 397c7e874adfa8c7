"""The game a page records: the same `TableSession` as `arbiter table`, on the same journal.

Everything the page may ask is here, free of the web: set the table up, record an event
(a button's, or the irregular menu's), a line of the notation, or a command (`undo`,
`evidence`, `referee`); and the state the page draws. An event from the page is first
checked by the log's own schema (as a one-event log at this table), then written as a
line of the notation and recorded exactly as a line typed at `arbiter table` is: so the
file is the one `table` would have written, and `table` or `check` can take it up.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

from arbiter.errors import LogSchemaError
from arbiter.logfile import read_log_bytes
from arbiter.notation import event_line, parse_checked, table_line
from arbiter.notation.grammar import COMMENT_MARK, FORM_OF, FORMS, Choice, Flag, Keyed, Opt, Part
from arbiter.notation.parser import FORMAT, VERSION
from arbiter.notation.writer import name_text
from arbiter.rulebook.model import Rulebook
from arbiter.table.journal import Journal
from arbiter.table.position import PHASES, Act, status_lines, turn
from arbiter.table.rulings import ruling_lines
from arbiter.table.session import COMMANDS, TableSession

FEED_KEPT = 60  # the things said that the page shows (the file keeps everything)
PAGE_COMMANDS = ("undo", "evidence", "referee", "status", "help")


class ServedGame:
    """One game file, its session once it has a table, and what has been said about it."""

    def __init__(self, path: Path, rulebook: Rulebook) -> None:
        self.path = path
        self.rulebook = rulebook
        self.session: TableSession | None = None
        self.feed: list[dict[str, Any]] = []
        self.version = 0
        self.epoch = secrets.token_hex(4)  # a restarted server counts versions anew: the page tells them apart
        if path.exists():
            self._open(Journal.resume(path), resumed=True)

    # --- what the page may ask ----------------------------------------------------------
    def set_table(self, players: Any, limit: Any, ante: Any) -> None:
        """A new game file with this table, checked as a log's first line is."""
        if self.session is not None:
            raise LogSchemaError("this game has its table already")
        table = _checked({"players": players, "limit": limit, "ante": ante}, [])["table"]
        header = table_line(table)
        parse_checked(header + "\n", "the table")  # and the notation reads it back
        self._open(Journal.create(self.path, header), resumed=False)

    def record_event(self, event: Any) -> bool:
        """An event as the page sends it; True if the table took it (see `record_line`)."""
        checked = _checked(self._session().position.log["table"], [event])["events"][0]
        return self.record_line(event_line(checked))

    def record_line(self, line: str) -> bool:
        """A line of the notation, as typed at `arbiter table`; a line refused is kept in
        the file as a comment and said why, as there. True if the table took it."""
        session = self._session()
        line = line.strip()
        word = line.partition(" ")[0]
        if not line or word in COMMANDS:
            raise LogSchemaError(f"{word!r} is a command: use its button" if line else "an empty line")
        said: list[str] = []
        session.say = said.append
        taken = session.handle(line) if line.startswith(COMMENT_MARK) else session.record(line)
        self._told(line, said, refused=not taken)
        return taken

    def command(self, word: str, arguments: Any) -> None:
        """`undo`, `evidence`, `referee`, `status` or `help`, as at the table."""
        session = self._session()
        if word not in PAGE_COMMANDS:
            raise LogSchemaError(f"no command {word!r}: {', '.join(PAGE_COMMANDS)}")
        if not isinstance(arguments, list) or not all(isinstance(a, str) for a in arguments):
            raise LogSchemaError("arguments: give a list of names")
        said: list[str] = []
        session.say = said.append
        session.run(word, arguments)
        self._told(" ".join([word, *map(name_text, arguments)]), said, refused=False)

    # --- what the page draws ------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        base = {"epoch": self.epoch, "version": self.version, "file": self.path.name, "feed": self.feed[-FEED_KEPT:]}
        if self.session is None:
            return {**base, "table": None}
        position = self.session.position
        replay = position.replay
        table = position.log["table"]
        now = replay.snapshot()
        game = replay.table.game
        stakes = now.get("stakes", {})
        seats = [{
            "name": player,
            "dealer": game is not None and player == game.dealer,
            "stake": stakes.get(player),
            "in": game is None or player in now["still_in"],
            "foul": game is not None and player in now["foul"],
            "cards": now.get("cards", {}).get(player),
            "shown": now.get("shown", {}).get(player),
        } for player in table["players"]]
        here = turn(position)
        return {
            **base,
            "table": table,
            "seats": seats,
            "game": None if game is None else {
                "number": now["game"], "deal": now["deal"], "pool": now["pool"],
                "phase": PHASES.get(now["phase"], now["phase"]), "jackpot": now["jackpot"],
            },
            "status": status_lines(position),
            "next": here.words,
            "acts": [_act_json(act) for act in here.acts],
            "to_act": list(here.players) or _actors(here.acts),
            "rulings": [{"id": f["id"], "severity": f["severity"],
                         "lines": ruling_lines(f, position.line_of(f["event"]), self.rulebook, None)}
                        for f in position.findings],
            "net": replay.table.ledger.net(table["players"]),
            "dispute": position.current_dispute(),
            "lines": self.session.journal.text.count("\n"),
        }

    def close(self) -> None:
        if self.session is not None:
            self.session.journal.close()

    # --- inside -------------------------------------------------------------------------
    def _open(self, journal: Journal, resumed: bool) -> None:
        said: list[str] = []
        self.session = TableSession(journal, self.rulebook, said.append, width=None)
        self.session.greet(resumed)
        self._told("resumed" if resumed else "a new table", said, refused=False)

    def _session(self) -> TableSession:
        if self.session is None:
            raise LogSchemaError("no table yet: give the players, the limit and the ante")
        return self.session

    def _told(self, what: str, said: list[str], refused: bool) -> None:
        self.version += 1
        self.feed.append({"n": self.version, "what": what, "said": said, "refused": refused})
        del self.feed[:-FEED_KEPT]


def _checked(table: Any, events: list[Any]) -> dict[str, Any]:
    """What the page sent, as a log at this table, checked by the log's schema and checks."""
    doc = {"format": FORMAT, "version": VERSION, "table": table, "events": events}
    return read_log_bytes(json.dumps(doc).encode("utf-8"), "the page")


def _act_json(act: Act) -> dict[str, Any]:
    """A button: the event, what the person gives, and its label in the notation's words."""
    event = act.event
    if not act.ask:
        return {"event": event, "ask": [], "label": event_line(event)}
    form = FORM_OF[event["type"]]
    head = [name_text(event[form.subject])] if form.subject else []
    return {"event": event, "ask": list(act.ask), "label": " ".join([*head, *form.words]) + " \u2026"}


def _actors(acts: tuple[Act, ...]) -> list[str]:
    """The one player the acts in order are for (none when they are for anyone)."""
    names = {str(act.event[subject]) for act in acts if (subject := FORM_OF[act.event["type"]].subject)}
    return sorted(names) if len(names) == 1 else []


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
