"""`docs/vocabulary.md`: every word of the rules' machine form beside the English it reads as.

Generated from `arbiter/rulebook/vocabulary/`, where each word is declared once with its
phrase and its meaning, so the page cannot drift from what `arbiter law ID` prints (a test holds
the shipped page to this output). Regenerate with
`python -m arbiter.render.vocabulary_page > docs/vocabulary.md`.
"""

from __future__ import annotations

from typing import Any, Mapping

from arbiter.rulebook.vocabulary import grammar as v
from arbiter.rulebook.vocabulary.effects import EFFECTS
from arbiter.rulebook.vocabulary.facts import FACTS
from arbiter.rulebook.vocabulary.functions import NUMBER_FUNCTIONS, PERSON_FUNCTIONS
from arbiter.rulebook.vocabulary.numbers import NUMBERS
from arbiter.rulebook.vocabulary.persons import PERSONS
from arbiter.rulebook.vocabulary.predicates import PREDICATES
from arbiter.rulebook.vocabulary.registry import Entry, Words
from arbiter.rulebook.vocabulary.types import EVENT_FIELD_KINDS

INTRO = """\
# The vocabulary of the machine form

Each rule in `rules/` says in data what the arbiter does: *when* (a trigger), *if* (a
condition over the replay), *then* (effects), and the procedures it *defines*. These are
all the words it may use, each with the English it reads as in `arbiter law ID` and the
[rule book](rulebook.md) (`{0}` and `{name}` stand for the word's arguments). The format
of a rule file is in [`rules/README.md`](../rules/README.md).

A word is declared once, with its phrase and its meaning, in the module its section
names; a new word (or effect) is one declaration there, and the rule that uses it.

Every value has a kind, and a rule is refused when it is read (a club's rule too: house
files are held to it before play) if a value is used as what it is not: a `person` (a
player), a `payee` (a player or the pool), a list of `persons`, a `whole` number
(counters and cards are counted whole), a `fraction` (a number that may not be whole: a
parameter declared so, or a product with one), a `hand` (a two-card minimum such as
`QQ`), a `text` (a named constant), a `list`, a `fact` (true or false). Comparisons are
of like with like (`lt`, `le`, `gt`, `ge` of numbers only); `add`, `sub`, `mul`, `min`,
`max` take one number or more; an effect names every operand its phrase has (a
`penalty` its `from`, `to` and `amount`), and its counters and cards must be whole; a
predicate of one person is given one value, not a mapping. The column *kind* gives what
a word gives, and what it takes. A person named by a word may be no one at a moment (the
`opener` before the game is opened): a predicate of a person is false of no one.

This page is generated: `python -m arbiter.render.vocabulary_page > docs/vocabulary.md`.
"""

_DECLARED = "arbiter/rulebook/vocabulary/"
NONE: Mapping[str, str] = {}


def _kinds(words: Words[Any]) -> Mapping[str, str]:
    """Each word's kind in words: what it gives, and what it takes (`types.py`)."""
    def takes(entry: Entry[Any]) -> str:
        if isinstance(entry.takes, Mapping):
            return ", ".join(f"{key}: {kind}" for key, kind in entry.takes.items())
        return entry.takes or ""

    return {e.name: " → ".join(part for part in (takes(e), e.value) if part) for e in words}


GROUPS: tuple[tuple[str, Mapping[str, str], Mapping[str, str], Mapping[str, str]], ...] = (
    ("Triggers: events", v.EVENT_TYPES, NONE, NONE),
    ("Triggers: moments of the replay", v.MOMENTS, NONE, NONE),
    ("Conditions: comparisons", v.COMPARISONS, NONE, NONE),
    (f"Conditions: predicates (`{_DECLARED}predicates.py`)", v.PREDICATES, PREDICATES.notes(), _kinds(PREDICATES)),
    (f"Conditions: facts (`{_DECLARED}facts.py`)", v.BOOLEAN_FACTS, FACTS.notes(), _kinds(FACTS)),
    ("Conditions: yes-or-no fields of the event (`event.FIELD`)", v.EVENT_FLAGS, NONE, NONE),
    (f"Values: persons (`{_DECLARED}persons.py`)", v.PERSONS, PERSONS.notes(), _kinds(PERSONS)),
    (f"Values: numbers (`{_DECLARED}numbers.py`)", v.NUMBERS, NUMBERS.notes(), _kinds(NUMBERS)),
    ("Values: named constants", v.CONSTANTS, NONE, NONE),
    ("Values: fields of the event (`event.FIELD`)", v.EVENT_FIELDS, NONE, EVENT_FIELD_KINDS),
    (f"Values: functions of persons (`{_DECLARED}functions.py`)", v.PERSON_FUNCTIONS, PERSON_FUNCTIONS.notes(),
     _kinds(PERSON_FUNCTIONS)),
    (f"Values: functions of numbers (`{_DECLARED}functions.py`)", v.NUMBER_FUNCTIONS, NUMBER_FUNCTIONS.notes(),
     _kinds(NUMBER_FUNCTIONS)),
    (f"Effects (`{_DECLARED}effects.py`)", v.EFFECTS, EFFECTS.notes(), _kinds(EFFECTS)),
    ("Procedures (`defines`)", v.DEFINES, NONE, NONE),
    ("Procedure settings: keys", v.SETTING_KEYS, NONE, NONE),
    ("Procedure settings: named values", v.SETTING_VALUES, NONE, NONE),
)


def _cell(text: str) -> str:
    return text.replace("|", "/")


def render_vocabulary_page() -> str:
    lines = [INTRO]
    for title, words, notes, kinds in GROUPS:
        if kinds:
            lines += [f"## {title}", "", "| word | reads as | kind | note |", "| --- | --- | --- | --- |"]
            lines += [f"| `{word}` | {_cell(phrase)} | {_cell(kinds.get(word, ''))} | {_cell(notes.get(word, ''))} |"
                      for word, phrase in words.items()]
        else:
            lines += [f"## {title}", "", "| word | reads as | note |", "| --- | --- | --- |"]
            lines += [f"| `{word}` | {_cell(phrase)} | {_cell(notes.get(word, ''))} |"
                      for word, phrase in words.items()]
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    print(render_vocabulary_page(), end="")
