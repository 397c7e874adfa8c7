"""`docs/vocabulary.md`: every word of the rules' machine form beside the English it reads as.

Generated from `arbiter/rulebook/vocabulary/`, where each word is declared once with its
phrase and its meaning, so the page cannot drift from what `arbiter law ID` prints (a test holds
the shipped page to this output). Regenerate with
`python -m arbiter.render.vocabulary_page > docs/vocabulary.md`.
"""

from __future__ import annotations

from typing import Mapping

from arbiter.rulebook.vocabulary import grammar as v
from arbiter.rulebook.vocabulary.effects import EFFECTS
from arbiter.rulebook.vocabulary.facts import FACTS
from arbiter.rulebook.vocabulary.functions import NUMBER_FUNCTIONS, PERSON_FUNCTIONS
from arbiter.rulebook.vocabulary.numbers import NUMBERS
from arbiter.rulebook.vocabulary.persons import PERSONS
from arbiter.rulebook.vocabulary.predicates import PREDICATES

INTRO = """\
# The vocabulary of the machine form

Each rule in `rules/` says in data what the arbiter does: *when* (a trigger), *if* (a
condition over the replay), *then* (effects), and the procedures it *defines*. These are
all the words it may use, each with the English it reads as in `arbiter law ID` and the
[rule book](rulebook.md) (`{0}` and `{name}` stand for the word's arguments). The format
of a rule file is in [`rules/README.md`](../rules/README.md).

A word is declared once, with its phrase and its meaning, in the module its section
names; a new word (or effect) is one declaration there, and the rule that uses it.

This page is generated: `python -m arbiter.render.vocabulary_page > docs/vocabulary.md`.
"""

_DECLARED = "arbiter/rulebook/vocabulary/"
NONE: Mapping[str, str] = {}
GROUPS: tuple[tuple[str, Mapping[str, str], Mapping[str, str]], ...] = (
    ("Triggers: events", v.EVENT_TYPES, NONE),
    ("Triggers: moments of the replay", v.MOMENTS, NONE),
    ("Conditions: comparisons", v.COMPARISONS, NONE),
    (f"Conditions: predicates (`{_DECLARED}predicates.py`)", v.PREDICATES, PREDICATES.notes()),
    (f"Conditions: facts (`{_DECLARED}facts.py`)", v.BOOLEAN_FACTS, FACTS.notes()),
    ("Conditions: yes-or-no fields of the event (`event.FIELD`)", v.EVENT_FLAGS, NONE),
    (f"Values: persons (`{_DECLARED}persons.py`)", v.PERSONS, PERSONS.notes()),
    (f"Values: numbers (`{_DECLARED}numbers.py`)", v.NUMBERS, NUMBERS.notes()),
    ("Values: named constants", v.CONSTANTS, NONE),
    ("Values: fields of the event (`event.FIELD`)", v.EVENT_FIELDS, NONE),
    (f"Values: functions of persons (`{_DECLARED}functions.py`)", v.PERSON_FUNCTIONS, PERSON_FUNCTIONS.notes()),
    (f"Values: functions of numbers (`{_DECLARED}functions.py`)", v.NUMBER_FUNCTIONS, NUMBER_FUNCTIONS.notes()),
    (f"Effects (`{_DECLARED}effects.py`)", v.EFFECTS, EFFECTS.notes()),
    ("Procedures (`defines`)", v.DEFINES, NONE),
    ("Procedure settings: keys", v.SETTING_KEYS, NONE),
    ("Procedure settings: named values", v.SETTING_VALUES, NONE),
)


def _cell(text: str) -> str:
    return text.replace("|", "/")


def render_vocabulary_page() -> str:
    lines = [INTRO]
    for title, words, notes in GROUPS:
        lines += [f"## {title}", "", "| word | reads as | note |", "| --- | --- | --- |"]
        lines += [f"| `{word}` | {_cell(phrase)} | {_cell(notes.get(word, ''))} |" for word, phrase in words.items()]
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    print(render_vocabulary_page(), end="")
