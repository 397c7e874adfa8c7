"""The words of the text notation: one form per event type of SPEC §2, held as data.

The parser and the writer both read this table, so what is written can always be read
back, and the README's grammar is printed from it (`form_lines`). A form is either a
player's name followed by a verb (`Bob plays 2`) or a statement that begins with its
own words (`dealer answers 2`); then come its parts, in a fixed order, the optional
ones (`Opt`) anywhere after the required ones.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Union

from arbiter.words import PRONOUNS

# A name written without quotes: a letter, then letters, digits and `_`, with `'`, `.`
# or `-` allowed between them (O'Brien, Mary-Ann). Any other name is written as a JSON
# string ("Mary Ann", "2nd").
BARE_NAME = re.compile(r"[^\W\d]\w*(?:['.\-]\w+)*")
CARD = re.compile(r"(?:(?:[2-9TJQKA]|10)[cdhs]|Jo)(?!\w)")
NUMBER = re.compile(r"[0-9]+(?!\w)")  # ASCII digits, as JSON's: `٢٠` is no amount to write back as `20`


class Number(NamedTuple):
    """A number: of counters (`amount`), a whole stake, or of cards."""

    field: str


class Card(NamedTuple):
    """One card: `Kd`."""

    field: str


class Cards(NamedTuple):
    """A list of cards in brackets: `(2c 7d 4s)`; `()` is the empty list."""

    field: str


class Name(NamedTuple):
    """A player's name."""

    field: str


class Names(NamedTuple):
    """A list of names in brackets: `(Cat Dan)`."""

    field: str


class Flag(NamedTuple):
    """A true-or-false field: its words mean true, `not` and its words false, nothing absent."""

    field: str
    words: tuple[str, ...]


class Choice(NamedTuple):
    """One of a few values, each written as words (`wrong count` for `wrong_count`)."""

    field: str
    choices: tuple[tuple[str, str], ...]  # (words, value)


class Hands(NamedTuple):
    """Each player's cards, a number or a list, comma-separated: `Bob 4, Cat (Ah Kd 3c 4s 5h)`."""

    field: str


class Counts(NamedTuple):
    """A number for each of some players, in brackets, comma-separated: `(Cat 3, Dan 2)`."""

    field: str


class Keyed(NamedTuple):
    """A part introduced by words of its own: `about Bob`, `exposed 1`, `dealer says 2`."""

    words: tuple[str, ...]
    part: "Part"

    @property
    def field(self) -> str:
        return self.part.field


class Opt(NamedTuple):
    """An optional part: absent from the line when its field is absent from the event."""

    part: "Part"

    @property
    def field(self) -> str:
        return self.part.field


Part = Union[Number, Card, Cards, Name, Names, Flag, Choice, Hands, Counts, Keyed, Opt]


class Form(NamedTuple):
    """How one event type is written: `subject` is the field named by the name that begins
    the statement (None: the statement begins with `words`); `words` the verb, or the
    statement's opening words; then the parts."""

    type: str
    subject: str | None
    words: tuple[str, ...]
    parts: tuple[Part, ...] = ()


# Parts are named tuples, not dataclasses: `arbiter check` imports this module for every
# run, and a dozen dataclasses would cost it some milliseconds of start-up.

ISSUES = (("uncut", "uncut"), ("wrong count", "wrong_count"), ("excess", "excess"), ("short", "short"))

FORMS: tuple[Form, ...] = (
    Form("draw_for_deal", "player", ("draws", "for", "deal"), (Card("card"),)),
    Form("deal", "dealer", ("deals",)),
    Form("shuffle", "player", ("shuffles",),
         (Opt(Flag("face_up", ("face", "up"))), Opt(Flag("below_table", ("below", "table"))))),
    Form("cut", "player", ("cuts",)),
    Form("ante", "player", ("antes",), (Number("amount"),)),
    Form("straddle", "player", ("straddles",), (Number("amount"),)),
    Form("card", None, ("card", "to"), (Name("to"), Opt(Card("card")), Opt(Flag("exposed", ("exposed",))))),
    Form("dealt", None, ("dealt",), (Hands("hands"),)),
    Form("face_up_in_pack", None, ("face", "up", "in", "pack"), (Opt(Card("card")),)),
    Form("speak", "player", ("speaks",)),
    Form("point_out", "player", ("points", "out"),
         (Choice("issue", ISSUES), Opt(Keyed(("about",), Name("about"))))),
    Form("lift", "player", ("lifts",)),
    Form("open", "player", ("opens",), (Number("stake"), Opt(Cards("cards")))),
    Form("play", "player", ("plays",), (Number("stake"),)),
    Form("pass", "player", ("passes",)),
    Form("divulge", "player", ("divulges",)),
    Form("take_back", "player", ("takes", "back")),
    Form("discard", "player", ("discards",), (Number("count"), Opt(Cards("cards")))),
    Form("demand", "player", ("asks",), (Number("count"),)),
    Form("give", "to", ("gets",),
         (Number("count"), Opt(Cards("cards")), Opt(Keyed(("exposed",), Number("exposed"))))),
    Form("collect_discards", None, ("discards", "collected"), (Opt(Cards("cards")),)),
    Form("dispute", "player", ("claims",),
         (Number("claims"), Keyed(("dealer", "says"), Number("dealer_says")),
          Opt(Keyed(("unable",), Names("unable"))), Opt(Keyed(("testimony",), Counts("testimony"))))),
    Form("ask_dealer", "player", ("asks", "dealer")),
    Form("dealer_answer", None, ("dealer", "answers"), (Number("count"),)),
    Form("dealer_tells", None, ("dealer", "tells", "about"), (Name("about"),)),
    Form("demand_show", "player", ("demands", "show"), (Number("stake"),)),
    Form("show", "player", ("shows",), (Cards("cards"), Opt(Keyed(("original",), Cards("original"))))),
    Form("win", "player", ("wins",), (Opt(Number("amount")),)),
    Form("add_counters", "player", ("adds",), (Number("amount"),)),
)


class Synonym(NamedTuple):
    """Words players say for one of the forms above: they read as that form's event (or, for
    `draws`, two events), and `convert` writes the forms' own verbs. `stake` says where a
    `play`'s stake comes from: `given` (the number that follows), `highest` (the highest
    stake in the game so far: a call), `own` (the player's stake so far: he checks) or
    `raise` (the highest stake so far plus the `amount` that follows: a raise by it). A
    synonym that `opens_first` is an `open` when no one has opened in the game (a first
    bet). `fixed_count` is a `discard`'s count said by the words themselves (`stands
    pat`: 0); `then` the type of a second event with the same count, made unless the count
    is 0 (`draws 3`: a `discard` of 3, then a `demand` of 3). A synonym `read_by_phase` is
    a stand pat at the player's draw and a stand (`play`, his own stake) in the betting
    after it: `stands` (`reckoning.Reckoning` tells which)."""

    words: tuple[str, ...]
    type: str
    parts: tuple[Part, ...] = ()
    stake: str = "given"
    opens_first: bool = False
    fixed_count: int | None = None
    then: str | None = None
    read_by_phase: bool = False

    @property
    def subject(self) -> str:
        return "player"


# Tried in this order: a longer phrase before the phrase it begins (`raises to`, `raises`).
SYNONYMS: tuple[Synonym, ...] = (
    Synonym(("bets",), "play", (Number("stake"),), opens_first=True),
    Synonym(("raises", "to"), "play", (Number("stake"),)),
    Synonym(("raises",), "play", (Number("amount"),), stake="raise"),
    Synonym(("calls",), "play", stake="highest"),
    Synonym(("checks",), "play", stake="own"),
    Synonym(("stands", "pat"), "discard", fixed_count=0),
    Synonym(("stands",), "play", stake="own", read_by_phase=True),
    Synonym(("draws",), "discard", (Number("count"),), then="demand"),
    Synonym(("folds",), "pass"),
)

FORM_OF: dict[str, Form] = {form.type: form for form in FORMS}
# Longest first, so that `asks dealer` is tried before `asks`.
SUBJECT_FORMS = sorted((f for f in FORMS if f.subject), key=lambda f: -len(f.words))
KEYWORD_FORMS = sorted((f for f in FORMS if not f.subject), key=lambda f: -len(f.words))

# The statements that describe the table rather than an event, and the correction.
HEADER_WORDS = ("players", "limit", "ante", "house", "pronouns", "stacks", "meta")
PRONOUN_WORDS = tuple(PRONOUNS)  # he, she, they: the pronouns the words know
UNDO = "undo"
NOTE_MARK = "--"
COMMENT_MARK = "#"

# The words `arbiter table` and the page read as commands (live/session.py's COMMANDS,
# with `undo`): a line that begins with one is no event.
TABLE_COMMANDS = ("status", "next", "evidence", "referee", "help", "quit")

# Words that begin a statement of their own, or a command: a player so named is written in
# quotes, so that a line written for him is read as his act.
RESERVED = frozenset({*HEADER_WORDS, UNDO, *TABLE_COMMANDS, *(f.words[0] for f in KEYWORD_FORMS)})

# What each number means, for the error messages and the README.
NUMBER_WORDS = {
    "amount": "a number of counters (1 or more)",
    "stake": "a whole stake in counters",
    "count": "a number of cards",
    "claims": "a number of cards",
    "dealer_says": "a number of cards",
    "exposed": "a number of cards",
    "limit": "a number of counters (1 or more)",
    "stack": "a player's counters on the table (0 or more)",
    "ante": "a number of counters (1 or more)",
}
CARD_WORDS = "a card (rank 2-9, T or 10, J, Q, K or A, then suit c, d, h or s, e.g. Ah, Td, 10d; or Jo)"
NAME_WORDS = "a player's name"


def describe(part: Part) -> str:
    """What a part looks like, for the messages that say what was expected."""
    match part:
        case Opt(part=inner):
            return describe(inner)
        case Keyed(words=words):
            return repr(" ".join(words))
        case Number(field=field):
            return NUMBER_WORDS[field]
        case Card():
            return CARD_WORDS
        case Cards():
            return "a list of cards in brackets, e.g. (2c 7d 4s)"
        case Name():
            return NAME_WORDS
        case Names():
            return "a list of names in brackets, e.g. (Cat Dan)"
        case Flag(words=words):
            return repr("[not] " + " ".join(words))
        case Choice(choices=choices):
            return "one of " + ", ".join(repr(words) for words, _ in choices)
        case Hands():
            return "each player's cards, e.g. Bob 4, Cat (Ah Kd 3c 4s 5h)"
        case Counts():
            return "a number for each player in brackets, e.g. (Cat 3, Dan 2)"
    raise TypeError(part)


def _shape(part: Part) -> str:
    """A part as the README's grammar writes it: a field by its name in capitals."""
    match part:
        case Opt(part=inner):
            return f"[{_shape(inner)}]"
        case Keyed(words=words, part=inner):
            return f"{' '.join(words)} {_shape(inner)}"
        case Flag(words=words):
            return f"[not] {' '.join(words)}"
        case Choice(choices=choices):
            return "(" + " | ".join(words for words, _ in choices) + ")"
    return part.field.upper()


def synonym_lines() -> list[str]:
    """Each synonym with the form it stands for, as the docs list them."""
    stakes = {"highest": "(STAKE: the highest stake to meet in the game so far)",
              "own": "(STAKE: the player's own stake so far)",
              "raise": "(STAKE: the highest stake to meet in the game so far plus AMOUNT)", "given": ""}
    lines = []
    for synonym in SYNONYMS:
        said = " ".join(["PLAYER", *synonym.words, *map(_shape, synonym.parts)])
        meant = _meant(synonym.type, synonym.fixed_count)
        if synonym.opens_first:
            meant = f"{_meant('open', None)} if no one has opened in the game, else {meant}"
        if synonym.read_by_phase:
            meant = f"{_meant('discard', 0)} at the draw; after it, {meant}"
        if synonym.then:
            meant = f"{meant}; {_meant(synonym.then, None)} ({' '.join(synonym.words)} 0: {_meant(synonym.type, 0)})"
        lines.append(f"{said:<24} = {meant} {stakes[synonym.stake]}".rstrip())
    return lines


def _meant(kind: str, count: int | None) -> str:
    """An event of the form `kind` as the docs write it, its optional parts left out."""
    form = FORM_OF[kind]
    parts = [str(count) if count is not None and part.field == "count" else _shape(part)
             for part in form.parts if not isinstance(part, Opt)]
    return " ".join(["PLAYER", *form.words, *parts])


def form_lines() -> list[str]:
    """Each event type's form, one line each, as the README lists them."""
    lines = []
    for form in FORMS:
        head = [form.subject.upper(), *form.words] if form.subject else list(form.words)
        lines.append(f"{form.type:<17} {' '.join([*head, *map(_shape, form.parts)])}")
    return lines
