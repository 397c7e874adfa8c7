"""A club's season: every player's nights, games, net and irregularities over the logs it
keeps (`arbiter season`), and each one's running total night by night.

The nights are taken in the order of their dates; a night whose date is not known
(see `arbiter.nights`) comes after the dated ones, in the order its log was given, so
a folder of undated logs is a season in the order of its file names. A log that cannot
be read is named, and counts for no one.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from arbiter.nights import Aliases, Night


class Standing(NamedTuple):
    """One person's season."""

    name: str
    written: list[str]  # the names the logs gave him, as written
    nights: int
    games: int
    net: int
    irregularities: int


class Season(NamedTuple):
    nights: list[Night]  # the nights played, in the season's order
    left_out: list[Night]  # the logs that could not be read
    standings: list[Standing]  # highest net first; ties by name

    def running(self, name: str) -> list[int]:
        """A person's total after each night of the season (unchanged on a night away)."""
        total, totals = 0, []
        for night in self.nights:
            total += night.net.get(name, 0)
            totals.append(total)
        return totals


def season(nights: Iterable[Night], aliases: Aliases) -> Season:
    played: list[Night] = []
    left_out: list[Night] = []
    for night in nights:
        (left_out if night.invalid else played).append(night)
    played = [night for _, night in sorted(enumerate(played), key=lambda pair: _place(*pair))]
    people: dict[str, list[Night]] = {}
    for night in played:
        for person in night.net:
            people.setdefault(person, []).append(night)
    standings = [Standing(person, aliases.written[person], len(sat), sum(night.games for night in sat),
                          sum(night.net[person] for night in sat),
                          sum(night.irregularities.get(person, 0) for night in sat))
                 for person, sat in people.items()]
    standings.sort(key=lambda standing: (-standing.net, standing.name))
    return Season(played, left_out, standings)


def _place(given: int, night: Night) -> tuple[bool, str, int]:
    return night.date is None, night.date.isoformat() if night.date else "", given
