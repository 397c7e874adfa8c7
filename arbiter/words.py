"""Plain English for the people's outputs: counts with their nouns, players' pronouns,
and text folded to a line's width.

A leaf: the renderers, the quiz and the table say "1 card", "2 cards", "Bob retires and
forfeits their stake" through these helpers rather than each its own "card(s)" or "his".
A log may give each player's pronoun (`table.pronouns`, "he", "she" or "they"); a player
it does not name is "they".
"""

from __future__ import annotations

from typing import Final, Iterable, Mapping, NamedTuple


def fold(text: str, width: int, indent: str = "", follow: str | None = None) -> list[str]:
    """`text` in lines of at most `width`, never broken at a hyphen or a dash: a law's
    "jack-pot" and "Limit.--The" are its words, which a break there would change."""
    import textwrap  # only where text is folded: not imported by every check

    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent if follow is None else follow,
                         break_on_hyphens=False)


def decimal(value: float) -> str:
    """A fraction as the house wrote it, in plain figures: `0.000000003`, never `3e-09`
    (its shortest form that reads back as itself, written out)."""
    from decimal import Decimal  # only where a fraction is said

    return format(Decimal(repr(value)), "f")


def plain(value: object) -> str:
    """A value as words quote it: a fraction in plain figures, anything else as it reads."""
    return decimal(value) if isinstance(value, float) else str(value)


def value_text(value: object) -> str:
    """A setting's value as a line quotes it: its JSON, but a fraction in plain figures."""
    import json

    return decimal(value) if isinstance(value, float) else json.dumps(value)


def named_twice(names: list[str]) -> str:
    """`"Ann and Bob named twice"`, or "" where each is named once: the refusal of a list
    of names that gives one more than once."""
    twice = sorted({name for name in names if names.count(name) > 1})
    return f"{listed(twice)} named twice" if twice else ""


def listed(names: Iterable[str], conjunction: str = "and") -> str:
    """`listed(["Ann", "Bob", "Cat"])` -> "Ann, Bob and Cat", as every list is said (a
    choice: `listed(words, "or")`)."""
    names = list(names)
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}" if len(names) > 1 else "".join(names)


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """`plural(1, "card")` -> "1 card"; `plural(2, "card")` -> "2 cards"."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


# The verbs "they" does not take by the rule: the -s taken off, -es after a hiss, -ies as -y.
_PLURAL_VERBS: Final[Mapping[str, str]] = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}


class Pronoun(NamedTuple):
    """A player's pronoun in its forms, and whether its verbs take the plural ("they retire")."""

    subject: str
    object: str
    possessive: str
    plural_verbs: bool
    reflexive: str

    def verb(self, singular: str) -> str:
        """`verb("retires")`: "retires" after he or she, "retire" after they."""
        if not self.plural_verbs:
            return singular
        if singular in _PLURAL_VERBS:
            return _PLURAL_VERBS[singular]
        if not singular.endswith("s") or singular.endswith("ss"):  # "had", "must", "pass": no -s to take off
            return singular
        if singular.endswith("ies") and len(singular) > 4:  # "tries", "carries" (not "dies")
            return singular[:-3] + "y"
        return singular[:-2] if singular.endswith(("ches", "shes", "sses", "xes", "zzes", "oes")) else singular[:-1]


PRONOUNS: Final[Mapping[str, Pronoun]] = {
    "he": Pronoun("he", "him", "his", False, "himself"),
    "she": Pronoun("she", "her", "her", False, "herself"),
    "they": Pronoun("they", "them", "their", True, "themselves"),
}
DEFAULT_PRONOUN: Final = "they"


def pronoun_of(player: str | None, pronouns: Mapping[str, str] | None) -> Pronoun:
    """The pronoun a log gives a player, "they" if it gives none."""
    return PRONOUNS[(pronouns or {}).get(player or "", DEFAULT_PRONOUN)]
