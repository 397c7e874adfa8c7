"""`docs/vocabulary.md`: every word of the rules' machine form beside the English it reads as.

Generated from `arbiter/rulebook/vocabulary.py`, the one place where each word is defined
with its phrase, so the page cannot drift from what `arbiter law ID` prints (a test holds
the shipped page to this output). Regenerate with
`python -m arbiter.render.vocabulary_page > docs/vocabulary.md`.
"""

from __future__ import annotations

from typing import Mapping

from arbiter.rulebook import vocabulary as v

INTRO = """\
# The vocabulary of the machine form

Each rule in `rules/` says in data what the arbiter does: *when* (a trigger), *if* (a
condition over the replay), *then* (effects), and the procedures it *defines*. These are
all the words it may use, each with the English it reads as in `arbiter law ID` and the
[rule book](rulebook.md) (`{0}` and `{name}` stand for the word's arguments). The format
of a rule file is in [`rules/README.md`](../rules/README.md).

This page is generated: `python -m arbiter.render.vocabulary_page > docs/vocabulary.md`.
"""

GROUPS: tuple[tuple[str, Mapping[str, str]], ...] = (
    ("Triggers: events", v.EVENT_TYPES),
    ("Triggers: moments of the replay", v.MOMENTS),
    ("Conditions: comparisons", v.COMPARISONS),
    ("Conditions: predicates", v.PREDICATES),
    ("Conditions: facts", v.BOOLEAN_FACTS),
    ("Values: persons", v.PERSONS),
    ("Values: numbers", v.NUMBERS),
    ("Values: named constants", v.CONSTANTS),
    ("Values: fields of the event (`event.FIELD`)", v.EVENT_FIELDS),
    ("Values: functions of persons", v.PERSON_FUNCTIONS),
    ("Values: functions of numbers", v.NUMBER_FUNCTIONS),
    ("Effects", v.EFFECTS),
    ("Procedures (`defines`)", v.DEFINES),
    ("Procedure settings: keys", v.SETTING_KEYS),
    ("Procedure settings: named values", v.SETTING_VALUES),
)


def render_vocabulary_page() -> str:
    lines = [INTRO]
    for title, words in GROUPS:
        lines += [f"## {title}", "", "| word | reads as |", "| --- | --- |"]
        lines += [f"| `{word}` | {phrase.replace('|', '/')} |" for word, phrase in words.items()]
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    print(render_vocabulary_page(), end="")
