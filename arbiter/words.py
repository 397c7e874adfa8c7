"""Plain English for the people's outputs: counts with their nouns, and players' pronouns.

A leaf: the renderers, the quiz and the table say "1 card", "2 cards", "Bob retires and
forfeits their stake" through these helpers rather than each its own "card(s)" or "his".
A log may give each player's pronoun (`table.pronouns`, "he", "she" or "they"); a player
it does not name is "they".
"""

from __future__ import annotations

from typing import Final, Mapping, NamedTuple


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """`plural(1, "card")` -> "1 card"; `plural(2, "card")` -> "2 cards"."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


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
        if singular == "is":
            return "are"
        if singular == "has":
            return "have"
        if singular == "was":
            return "were"
        return singular[:-2] if singular.endswith(("ches", "shes", "sses", "xes")) else singular[:-1]


PRONOUNS: Final[Mapping[str, Pronoun]] = {
    "he": Pronoun("he", "him", "his", False, "himself"),
    "she": Pronoun("she", "her", "her", False, "herself"),
    "they": Pronoun("they", "them", "their", True, "themselves"),
}
DEFAULT_PRONOUN: Final = "they"


def pronoun_of(player: str | None, pronouns: Mapping[str, str] | None) -> Pronoun:
    """The pronoun a log gives a player, "they" if it gives none."""
    return PRONOUNS[(pronouns or {}).get(player or "", DEFAULT_PRONOUN)]
