"""Reading the text notation: text in, the log's JSON document out, and where each part stood.

A hand-written recursive descent over the text itself (no separate tokenizer: what a
word means depends on where it stands, and `Kd` is a card in one place and a name in
another). Every syntax error is a `NotationError` that names the line and the column
and says what was expected there. Whether the document is a valid log (seated names,
counts that agree with the cards …) is left to the schema; `reading.py` puts the line
and column back on its errors with the positions recorded here.
"""

from __future__ import annotations

import difflib
import json
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from arbiter.errors import LogReadError
from arbiter.notation.grammar import (
    BARE_NAME,
    CARD,
    CARD_WORDS,
    COMMENT_MARK,
    HEADER_WORDS,
    KEYWORD_FORMS,
    NAME_WORDS,
    NOTE_MARK,
    NUMBER,
    NUMBER_WORDS,
    PRONOUN_WORDS,
    SUBJECT_FORMS,
    SYNONYMS,
    UNDO,
    Card,
    Cards,
    Choice,
    Counts,
    Flag,
    Form,
    Hands,
    Keyed,
    Name,
    Names,
    Number,
    Opt,
    Part,
    Synonym,
    describe,
)
from arbiter.notation.json_object import JSONObjectError, read_json_object
from arbiter.notation.mistakes import found, nearest, past_words_written_right, typed
from arbiter.notation.reckoning import Reckon, Reckoning
from arbiter.words import PRONOUNS, listed

_GAP = re.compile(r"[ \t]+")
_WORD_GOES_ON = re.compile(r"\w|['.\-]\w")  # as in a bare name: O'Brien, Mary-Ann

FORMAT = "peel-draw-poker-log"
VERSION = 1

Where = tuple[int, int]  # (line, column), both from 1

Value = TypeVar("Value")  # what `each_player` reads for each player: a pronoun, a stack


MAX_DIGITS = 10  # a number of more digits is refused before it is converted


class NotationError(LogReadError):
    """A text log that cannot be read: "line 3, column 9: expected …, found …"."""

    def __init__(self, line: int, column: int, detail: str, path: str = "", event: int | None = None) -> None:
        super().__init__(f"line {line}, column {column}: {detail}", path, event)
        self.line = line
        self.column = column
        self.detail = detail

    def __reduce__(self) -> tuple[Callable[..., NotationError], tuple[object, ...]]:
        return _rebuild, (self.line, self.column, self.detail, self.path, self.event, self.file)


def _rebuild(line: int, column: int, detail: str, path: str, event: int | None, file: str | None) -> NotationError:
    error = NotationError(line, column, detail, path, event)
    error.file = file
    return error


@dataclass
class Parsed:
    """A text log read: the document, and where its parts stand in the text.

    `event_at[k]` maps a JSON Pointer relative to event k ("" for the event itself,
    "/stake", "/cards/2") to its place; `head_at` does the same for the table and
    meta ("/table/players/1", "/meta"). `event_lines[k]` is the line event k was
    written on; `standing` the lines that still hold events, oldest first (an `undo`
    takes back the last of them), each with its first event's index.
    """

    log: dict[str, Any]
    event_at: list[dict[str, Where]] = field(default_factory=list)
    head_at: dict[str, Where] = field(default_factory=dict)
    event_lines: list[int] = field(default_factory=list)
    standing: list[tuple[int, int]] = field(default_factory=list)
    reckoned: set[int] = field(default_factory=set)  # lines whose words were read by the game in play

    def where(self, pointer: str) -> Where:
        """The place in the text of the part at a JSON Pointer (the nearest enclosing one known)."""
        parts = pointer.split("/")[1:]
        if len(parts) >= 2 and parts[0] == "events" and parts[1].isdigit() and int(parts[1]) < len(self.event_at):
            places, parts = self.event_at[int(parts[1])], parts[2:]
        else:
            places = self.head_at
        while parts and "/" + "/".join(parts) not in places:
            parts = parts[:-1]
        return places.get("/" + "/".join(parts) if parts else "", (1, 1))


def parse_text(text: str, reckon: Reckon = Reckoning) -> Parsed:
    """The document a text log describes (not yet checked against the schema); `reckon`
    reads the words players say (`calls` …) by the game in play."""
    return _Parser(text.replace("\r\n", "\n"), reckon).parse()


def parse_names(text: str) -> tuple[list[str], str]:
    """Names as a log writes them (a plain word, `O'Brien` among them, or a JSON string),
    separated by blanks, and the comment after them, as after any line: the arguments of
    a command at the table (`evidence O'Brien  # he saw it`), and what the user noted."""
    parser = _Parser(text)
    names: list[str] = []
    while True:
        parser.skip_space()
        if parser.peek() in ("", COMMENT_MARK):
            return names, text[parser.pos + 1:].strip()
        names.append(parser.name())
        if parser.peek() not in ("", " ", "\t"):
            raise parser.fail("a blank between names")


class _Parser:
    def __init__(self, text: str, reckon: Reckon = Reckoning) -> None:
        self.text = text
        self.reckon = reckon
        self.pos = 0
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.table: dict[str, Any] = {}
        self.meta: Any = None
        self.events: list[dict[str, Any]] = []
        self.parsed = Parsed({})
        self.places: dict[str, Where] = {}  # of the statement being read

    # --- places and errors ------------------------------------------------------
    def where(self, pos: int | None = None) -> Where:
        pos = self.pos if pos is None else pos
        line = bisect_right(self.line_starts, pos)
        return line, pos - self.line_starts[line - 1] + 1

    def fail(self, expected: list[str] | str, pos: int | None = None, meant: str | None = None) -> NotationError:
        """`expected …, found …`, and the word meant (else the nearest in letters of those expected)."""
        pos = self.pos if pos is None else pos
        wanted = [expected] if isinstance(expected, str) else list(dict.fromkeys(expected))
        choices = listed(wanted, "or")
        quoted = [w[1:-1] for w in wanted if len(w) > 2 and w[0] == w[-1] == "'"]
        words = [w.removeprefix("[not] ") for w in quoted] + [f"not {w[6:]}" for w in quoted if w.startswith("[not] ")]
        pos, words = past_words_written_right(self.text, pos, words)
        hint = f" (did you mean {meant!r}?)" if meant else nearest(self.text, pos, words)
        return self.error(f"expected {choices}, found {found(self.text, pos)}{hint}", pos)

    def mistyped(self, pos: int, words: list[str]) -> str:
        """`; found 'limt' (did you mean 'limit'?)`, where the word written is near one of `words`."""
        hint = nearest(self.text, pos, words)
        return f"; found {found(self.text, pos)}{hint}" if hint else ""

    def error(self, detail: str, pos: int | None = None) -> NotationError:
        return NotationError(*self.where(pos), detail)

    # --- the characters -------------------------------------------------------------
    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \t":
            self.pos += 1

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def at_end(self) -> bool:
        """At the end of a statement: `;`, a note, a comment, the end of the line or text."""
        self.skip_space()
        return self.peek() in ("", "\n", ";", COMMENT_MARK) or self.text.startswith(NOTE_MARK, self.pos)

    def words_ahead(self, words: tuple[str, ...]) -> int | None:
        """The position after `words` if they come next, each a whole word, else None."""
        pos = self.pos
        for i, word in enumerate(words):
            if i:
                gap = _GAP.match(self.text, pos)
                if gap is None:
                    return None
                pos = gap.end()
            end = pos + len(word)
            if self.text[pos:end] != word or _WORD_GOES_ON.match(self.text, end):
                return None
            pos = end
        return pos

    def take_words(self, words: tuple[str, ...]) -> bool:
        self.skip_space()
        end = self.words_ahead(words)
        if end is None:
            return False
        self.pos = end
        return True

    def mark(self, pointer: str) -> None:
        self.skip_space()
        self.places[pointer] = self.where()

    # --- the text -------------------------------------------------------------------
    def parse(self) -> Parsed:
        while self.pos < len(self.text):
            self.line()
        self.require_table(len(self.text) - self.text.endswith("\n"))  # at the last line's end, not past it
        log: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        if self.meta is not None:
            log["meta"] = self.meta
        log["table"] = {key: self.table[key] for key in ("players", "limit", "ante", "house", "pronouns", "stacks")
                        if key in self.table}
        log["events"] = self.events
        self.parsed.log = log
        return self.parsed

    def line(self) -> None:
        """One line: statements separated by `;`, perhaps a comment, then the end of the line."""
        self.skip_space()
        first = True
        while not self.at_line_end():
            self.statement(first)
            first = False
            self.skip_space()
            if self.peek() == ";":
                self.pos += 1
                self.skip_space()
            elif not self.at_line_end():
                raise self.fail(["';'", "a comment ('# …')", "the end of the line"])
        if self.peek() == COMMENT_MARK:
            end = self.text.find("\n", self.pos)
            self.pos = len(self.text) if end < 0 else end
        if self.peek() == "\n":
            self.pos += 1

    def at_line_end(self) -> bool:
        return self.peek() in ("", "\n", COMMENT_MARK)

    def statement(self, first_on_line: bool) -> None:
        start = self.pos
        for word in HEADER_WORDS:
            if self.take_words((word,)):
                self.header(word, start)
                return
        if self.take_words((UNDO,)):
            self.undo(start, first_on_line)
            return
        self.require_table(start)
        self.places = {"": self.where(start)}
        form = self.keyword_form(start)
        event: dict[str, Any] = {"type": ""}
        made = [event]
        if form is None:
            subject = self.name()
            self.skip_space()
            verb_at = self.pos
            spoken = self.verb(subject, start)
            field_name = spoken.subject
            assert field_name is not None  # `verb` offers only the forms that begin with a name
            event[field_name] = subject
            self.places["/" + field_name] = self.where(start)
            if isinstance(spoken, Synonym):
                made = self.synonym(spoken, event, verb_at)
            else:
                form = spoken
        if form is not None:
            event["type"] = form.type
            self.parts(form, event, self.longer(form.words))
        if self.text.startswith(NOTE_MARK, self.pos):
            self.pos += len(NOTE_MARK)
            self.mark("/note")
            made[-1]["note"] = self.note()  # a note ends the statement: it belongs to its last event
        line = self.where(start)[0]
        if not self.parsed.standing or self.parsed.standing[-1][0] != line:
            self.parsed.standing.append((line, len(self.events)))
        for k, each in enumerate(made):
            places = dict(self.places)
            if k < len(made) - 1:
                places.pop("/note", None)
            self.events.append(each)
            self.parsed.event_at.append(places)
            self.parsed.event_lines.append(line)

    # --- the table, meta, the correction ---------------------------------------------------
    def header(self, word: str, start: int) -> None:
        if self.events or self.parsed.standing:
            raise self.error(f"'{word}' belongs before the first event", start)
        if word in self.table or (word == "meta" and self.meta is not None):
            raise self.error(f"'{word}' is given twice", start)
        self.skip_space()
        self.parsed.head_at["/meta" if word == "meta" else f"/table/{word}"] = self.where()
        if word == "meta":
            self.meta = self.json_object()
        elif word == "players":
            players: list[str] = []
            while not self.at_end():
                self.skip_space()
                self.parsed.head_at[f"/table/players/{len(players)}"] = self.where()
                players.append(self.name())
            if not players:
                raise self.fail("the players' names, in the order the deal passes")
            self.table["players"] = players
        elif word == "house":
            self.table["house"] = self.name()
        elif word == "pronouns":
            self.table["pronouns"] = self.each_player("pronouns", self.pronoun)
        elif word == "stacks":
            self.table["stacks"] = self.each_player("stacks", lambda: self.number("stack"))
        else:
            self.table[word] = self.number(word)

    def pronoun(self) -> str:
        word = next((w for w in PRONOUN_WORDS if self.take_words((w,))), None)
        if word is None:  # `She`, `her`, `theirs`: the pronoun of that form, not the nearest in letters
            written = typed(self.text, self.pos).split(",")[0].split(COMMENT_MARK)[0].lower()
            forms = {form: p.subject for p in PRONOUNS.values() for form in (*p[:3], p.reflexive, p.possessive + "s")}
            raise self.fail([repr(w) for w in PRONOUN_WORDS], meant=forms.get(written))
        return word

    def each_player(self, field: str, value: Callable[[], Value]) -> dict[str, Value]:
        """`pronouns Ann she, Bob he`, `stacks Ann 50, Bob 40`: a value for each player named,
        comma-separated; the word alone names no player, as JSON's `{}` does."""
        given: dict[str, Value] = {}
        if self.at_end():
            return given
        while True:
            self.skip_space()
            start = self.pos
            self.parsed.head_at[f"/table/{field}/{len(given)}"] = self.where()
            name = self.name()
            if name in given:  # as a key given twice in the JSON is (SPEC §2)
                raise self.error(f"{name} is named twice", start)
            self.skip_space()
            given[name] = value()
            if not self.list_goes_on(["';'", "a comment ('# …')", "the end of the line"]):
                return given


    def require_table(self, pos: int) -> None:
        missing = [word for word in ("players", "limit", "ante") if word not in self.table]
        if not missing:
            return
        hint = self.mistyped(pos, self.headers_left())  # a table word mistyped (`limt 20`): the nearest not yet given
        # the statements after it, comments and notes blanked (the columns kept): a word there is no table word
        rest = re.sub(rf"(?:{COMMENT_MARK}|{NOTE_MARK})[^\n]*", lambda said: " " * len(said.group()), self.text[pos:])
        late = re.search(rf"(?:^|;)[ \t]*(?:{'|'.join(missing)})\b", rest, re.MULTILINE)
        if late and not hint:  # written, but after the events began
            word = late.group().lstrip("; \t")
            raise self.error(f"'{word}' belongs before the first event", pos + late.end() - len(word))
        line = rest.split("\n", 1)[0]  # those written after the word mistyped, on its line, are not missing
        missing = [word for word in missing if not re.search(rf"(?:^|;)[ \t]*{word}\b", line)] or missing
        raise self.error("the table comes first: 'players', 'limit' and 'ante', before any event "
                         f"(missing: {', '.join(missing)}){hint}", pos)

    def headers_left(self) -> list[str]:
        """The table's words not yet given (each is given once)."""
        return [word for word in HEADER_WORDS if word not in self.table and (word != "meta" or self.meta is None)]

    def undo(self, start: int, first_on_line: bool) -> None:
        self.skip_space()
        if not first_on_line or not self.at_line_end():
            raise self.error("'undo' stands alone on its line (a comment may follow)", start)
        if not self.parsed.standing:
            raise self.error("nothing to undo: no line of events stands before this 'undo'", start)
        _, first = self.parsed.standing.pop()
        del self.events[first:], self.parsed.event_at[first:], self.parsed.event_lines[first:]

    def json_object(self) -> dict[str, Any]:
        self.skip_space()
        if self.peek() != "{":
            raise self.fail("a JSON object, e.g. {\"date\": \"1891-03-02\"}")
        try:
            value, self.pos = read_json_object(self.text, self.pos)
        except JSONObjectError as exc:
            raise self.error(exc.detail, exc.pos) from None
        return value

    # --- events -------------------------------------------------------------------
    def keyword_form(self, start: int) -> Form | None:
        for form in KEYWORD_FORMS:
            if self.take_words(form.words):
                return form
        begun = [f for f in KEYWORD_FORMS if self.words_ahead(f.words[:1]) is not None]
        if begun:  # a word that begins a statement, and no player's name unless quoted
            raise self.fail([repr(" ".join(f.words)) for f in begun], start)
        return None

    def verb(self, subject: str, subject_at: int) -> Form | Synonym:
        self.skip_space()
        for form in SUBJECT_FORMS:
            if self.take_words(form.words):
                return form
        for synonym in SYNONYMS:
            if self.take_words(synonym.words):
                return synonym
        if subject not in self.table["players"] and self.text[subject_at] != '"':
            # no player, nor a name quoted: a word that begins a line mistyped, named where it stands, with the
            # phrase it begins whose next word is written (`deler answers`: 'dealer answers')
            begins = {form.words[0]: " ".join(form.words) for form in KEYWORD_FORMS[::-1]}
            close = difflib.get_close_matches(subject, [UNDO, *begins, *HEADER_WORDS], n=1)  # a table word given or not
            if close:
                meant = next((" ".join(f.words) for f in KEYWORD_FORMS if f.words[:1] == (close[0],)
                              and f.words[1:2] == (typed(self.text, self.pos),)), begins.get(close[0], close[0]))
                raise self.error(f"expected a player's name or a word that begins a statement, found "
                                 f"{found(self.text, subject_at)} (did you mean {meant!r}?)", subject_at)
        verbs = [" ".join(f.words) for f in sorted(SUBJECT_FORMS, key=lambda f: f.words)]
        said = [" ".join(s.words) for s in SYNONYMS]
        at, rest = past_words_written_right(self.text, self.pos, verbs + said)
        if at != self.pos:  # a verb of several words begun right (`takes bak`): its next word named, and mended
            begun = [phrase for phrase in verbs + said if phrase.endswith(tuple(f" {r}" for r in rest))]
            raise self.fail([repr(phrase) for phrase in begun], self.pos)
        hint = nearest(self.text, self.pos, verbs + said)
        raise self.error(f"expected what {subject} does ({', '.join(verbs)}), found {found(self.text, self.pos)}{hint}")

    @staticmethod
    def longer(words: tuple[str, ...]) -> list[str]:
        """The words that would have made a longer verb of `words` (`dealer` after `asks`,
        `to` after `raises`, `pat` after `stands`): what else might have come next."""
        verbs = [*(f.words for f in SUBJECT_FORMS), *(s.words for s in SYNONYMS)]
        return [repr(" ".join(verb[len(words):])) for verb in verbs
                if len(verb) > len(words) and verb[:len(words)] == words]

    def synonym(self, synonym: Synonym, event: dict[str, Any], verb_at: int) -> list[dict[str, Any]]:
        """A synonym's events (one, or a discard and a demand for `draws`): its form's type,
        its parts, and a call's, a check's, a raise's or a stand's stake reckoned from the
        events recorded in the game so far (`Reckoning`)."""
        self.parts(Form(synonym.type, "player", synonym.words, synonym.parts), event, self.longer(synonym.words))
        player = event["player"]
        event["type"] = synonym.type
        if synonym.fixed_count is not None:
            event["count"] = synonym.fixed_count
            self.places["/count"] = self.where(verb_at)
        if synonym.then is not None:
            return [event] if event["count"] == 0 else [event, {**event, "type": synonym.then}]
        if synonym.type != "play":
            return [event]
        game = self.reckon(self.events, self.table["players"])
        self.parsed.reckoned.add(self.where(verb_at)[0])
        if synonym.read_by_phase:
            at_draw = game.at_draw(player)
            if at_draw is None:  # the words he may write instead: before the opening, open or pass
                instead = (["'plays'", "'calls'"] if game.call_of(player) is not None else ["'demands show'"]) \
                    if game.opened else ["'opens'"]  # offered no play (table stakes, short): a show for what he has
                raise self.error(f"{player} stands in the say before the draw, which has no stand (Peel's stand "
                                 f"comes after the draw): write {', '.join(instead)} or 'passes' "
                                 "(at the draw, 'stands pat')", verb_at)
            if at_draw:
                event["type"] = "discard"
                event["count"] = 0
                self.places["/count"] = self.where(verb_at)
                return [event]
        if synonym.opens_first and not game.opened:
            event["type"] = "open"
        if synonym.stake == "given":
            return [event]
        highest = game.call_of(player)
        # nothing to call; nor to check where no play is: his own stake (none, or the ante) would be an opening,
        # and a false one; the say before the opening is open or pass
        if (highest is None and synonym.stake == "highest") or (synonym.stake == "own" and not game.may_check(player)):
            why = " (where every player antes, as in a jack-pot, the antes are no one's stake: open or pass)" \
                if game.every_ante else ""
            word = "call" if synonym.stake == "highest" else synonym.words[0].removesuffix("s")  # check, stand
            short = ": one short of the stake (table stakes) passes or shows for what he has" if highest is None else ""
            said = f"{player} is offered no play to {word} here{short} (next says what may be done)" if game.opened \
                else f"nothing to {word}: no one has staked since the deal{why}" \
                if game.every_ante and game.highest() is None \
                else f"nothing to {word} before the game is opened: open, or pass"
            raise self.error(said, verb_at)
        if synonym.stake == "raise":
            amount, self.places["/stake"] = event.pop("amount"), self.places.pop("/amount")
            if amount < 1:
                raise NotationError(*self.places["/stake"],
                                    "a raise is by 1 or more counters (a raise of 0 is a call: 'calls')")
            base = highest if highest is not None else game.highest()  # offered no play: over the highest stake
            event["stake"] = (base or 0) + amount
            return [event]
        event["stake"] = highest if synonym.stake == "highest" else game.stake_of(player)
        self.places["/stake"] = self.where(verb_at)
        return [event]

    def parts(self, form: Form, event: dict[str, Any], longer: list[str] | None = None) -> None:
        """The parts of a form, in order; `longer`: what else might have followed the verb,
        for the message if the first part is not there."""
        skipped: list[str] = list(longer or ())  # the optional parts not given, for the message if the line goes on
        for part in form.parts:
            if isinstance(part, Opt):
                if self.present(part.part):
                    self.part(part.part, event)
                    skipped = []
                else:
                    skipped.append(describe(part))
                continue
            self.part(part, event, expected=skipped)
            skipped = []
        if not self.at_end():
            raise self.fail([*skipped, f"a note ('{NOTE_MARK} …')", "';'", "the end of the line"])

    def present(self, part: Part) -> bool:
        """Does an optional part come next? Decided by its first word or character."""
        self.skip_space()
        match part:
            case Keyed(words=words):
                return self.words_ahead(words) is not None
            case Flag(words=words):
                return self.words_ahead(words) is not None or self.words_ahead(("not", *words)) is not None
            case Card():
                return CARD.match(self.text, self.pos) is not None
            case Cards():
                return self.peek() == "("
            case Number():
                return NUMBER.match(self.text, self.pos) is not None
        raise TypeError(part)  # pragma: no cover - the grammar makes no other part optional

    def part(self, part: Part, event: dict[str, Any], expected: list[str] | None = None) -> None:
        expected = list(expected or ())
        pointer = "/" + part.field
        self.mark(pointer)
        match part:
            case Keyed(words=words, part=inner):
                if not self.take_words(words):
                    raise self.fail([*expected, describe(part)])
                self.part(inner, event)
            case Number(field=name):
                event[name] = self.number(name, expected)
            case Card(field=name):
                event[name] = self.card(expected)
            case Cards(field=name):
                event[name] = self.cards(pointer, expected)
            case Name(field=name):
                event[name] = self.name(expected)
            case Names(field=name):
                event[name] = self.names(pointer, expected)
            case Flag(field=name, words=words):
                negated = self.take_words(("not",))
                if not self.take_words(words):
                    raise self.fail(repr(" ".join(words)))
                event[name] = not negated
            case Choice(field=name, choices=choices):
                for phrase, value in sorted(choices, key=lambda c: -len(c[0])):
                    if self.take_words(tuple(phrase.split())):
                        event[name] = value
                        break
                else:
                    raise self.fail([*expected, *(repr(words) for words, _ in choices)])
            case Hands(field=name):
                event[name] = self.hands(pointer)
            case Counts(field=name):
                event[name] = self.counts(pointer, expected)

    # --- the pieces -------------------------------------------------------------------
    def number(self, what: str, expected: list[str] | None = None) -> int:
        self.skip_space()
        match = NUMBER.match(self.text, self.pos)
        if not match:
            raise self.fail([*(expected or ()), NUMBER_WORDS[what]])
        if len(match.group()) > MAX_DIGITS:  # the log's numbers are at most 1,000,000,000 (its schema says so)
            raise self.error(f"a number out of bounds: {len(match.group())} digits, and at most 1,000,000,000 is read")
        self.pos = match.end()
        return int(match.group())

    def card(self, expected: list[str] | None = None) -> str:
        self.skip_space()
        match = CARD.match(self.text, self.pos)
        if not match:
            raise self.fail([*(expected or ()), CARD_WORDS])
        self.pos = match.end()
        return match.group()

    def name(self, expected: list[str] | None = None) -> str:
        self.skip_space()
        if self.peek() == '"':
            return self.quoted()
        match = BARE_NAME.match(self.text, self.pos)
        if not match:
            raise self.fail([*(expected or ()), NAME_WORDS])
        self.pos = match.end()
        return match.group()

    def quoted(self) -> str:
        """A JSON string: a name or a note that plain words cannot hold."""
        value: str
        try:
            # json.decoder.scanstring (the C scanner where there is one) is public at run time,
            # but typeshed declares it only in the private `_json`.
            value, self.pos = json.decoder.scanstring(self.text, self.pos + 1)  # type: ignore[attr-defined]
        except json.JSONDecodeError as exc:
            if exc.msg.startswith("Unterminated") or self.text[exc.pos:exc.pos + 1] in ("", "\n"):  # no line end
                raise self.error("the quoted string is not closed before the end of the line") from None
            raise self.error(f"the quoted string is not valid JSON: {exc.msg}", exc.pos) from None
        return value

    def note(self) -> str:
        """`-- text to the end of the line`, or `-- "a JSON string"`."""
        self.skip_space()
        if self.peek() == '"':
            return self.quoted()
        end = self.text.find("\n", self.pos)
        end = len(self.text) if end < 0 else end
        text, self.pos = self.text[self.pos:end].rstrip(" \t"), end
        return text

    def bracket(self, what: str, expected: list[str] | None) -> None:
        self.skip_space()
        if self.peek() != "(":
            raise self.fail([*(expected or ()), what])
        self.pos += 1

    def closing(self, item: str) -> bool:
        self.skip_space()
        if self.peek() == ")":
            self.pos += 1
            return True
        if self.peek() in ("", "\n"):
            raise self.fail([item, "')'"])
        return False

    def cards(self, pointer: str, expected: list[str] | None = None) -> list[str]:
        self.bracket("a list of cards in brackets, e.g. (2c 7d 4s)", expected)
        cards: list[str] = []
        while not self.closing(CARD_WORDS):
            self.mark(f"{pointer}/{len(cards)}")
            if CARD.match(self.text, self.pos) is None:
                raise self.fail([CARD_WORDS, "')'"])
            cards.append(self.card())
        return cards

    def names(self, pointer: str, expected: list[str] | None = None) -> list[str]:
        self.bracket("a list of names in brackets, e.g. (Cat Dan)", expected)
        names: list[str] = []
        while not self.closing(NAME_WORDS):
            self.mark(f"{pointer}/{len(names)}")
            names.append(self.name([NAME_WORDS, "')'"]))
        return names

    def hands(self, pointer: str) -> dict[str, Any]:
        """`Bob 4, Cat (Ah Kd 3c 4s 5h)`: nothing at all is no player named."""
        hands: dict[str, Any] = {}
        if self.at_end():
            return hands
        while True:
            self.skip_space()
            start = self.pos
            player = self.name()
            if player in hands:
                raise self.error(f"{player} is named twice", start)
            self.places[f"{pointer}/{player}"] = self.where(start)
            self.skip_space()
            if self.peek() == "(":
                hands[player] = self.cards(f"{pointer}/{player}")
            else:
                hands[player] = self.number("count", ["a list of cards in brackets"])
            if not self.list_goes_on([f"a note ('{NOTE_MARK} …')", "';'", "the end of the line"]):
                return hands

    def list_goes_on(self, ends: list[str]) -> bool:
        """After an item of a list: a `,` (taken) says another comes; the statement's end, that
        none does; anything else is a mistake, and the `,` is among what was expected."""
        if self.at_end():
            return False
        if self.peek() != ",":
            raise self.fail(["','", *ends])
        self.pos += 1
        return True

    def counts(self, pointer: str, expected: list[str] | None = None) -> dict[str, int]:
        """`(Cat 3, Dan 2)`."""
        self.bracket("a number for each player in brackets, e.g. (Cat 3, Dan 2)", expected)
        counts: dict[str, int] = {}
        if self.closing(NAME_WORDS):
            return counts
        while True:
            self.skip_space()
            start = self.pos
            player = self.name()
            if player in counts:
                raise self.error(f"{player} is named twice", start)
            self.places[f"{pointer}/{player}"] = self.where(start)
            counts[player] = self.number("count")
            self.skip_space()
            if self.peek() == ")":
                self.pos += 1
                return counts
            if self.peek() != ",":
                raise self.fail(["','", "')'"])
            self.pos += 1
