"""arbiter: settles disputes at the Draw Poker table by W. H. Peel's laws (1891).

The library's entry points are `check_log(log) -> report` and `next_acts(log) -> what may
come next` (see docs/api.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from os import PathLike

    from arbiter.rulebook.model import Rulebook

__version__ = "0.1.0"


def check_log(log: Mapping[str, Any], rulebook: Rulebook | None = None, **options: Any) -> dict[str, Any]:
    """A hand log (parsed JSON) in, its report (SPEC §4) out; never raises for a bad log."""
    from arbiter.checker import check_log as _check_log

    return _check_log(log, rulebook, **options)


def next_acts(log: Mapping[str, Any], house: Rulebook | Mapping[str, Any] | str | PathLike[str] | None = None
              ) -> dict[str, Any]:
    """What may come next after a hand log's events (SPEC §3 item 28): who is to act, his
    acts and their bounds, what is owed, what a ruling waits for. `house`: a rule book
    with house rules applied, a house file's data (as `read_house` returns it, or written
    out), or the name or path of a house file. Raises `arbiter.errors.ArbiterError` (one
    line, saying where) for a log that cannot be read or replayed, or house rules that
    cannot be used."""
    import os

    from arbiter.checker import next_acts_of
    from arbiter.rulebook.house import apply_house, read_house
    from arbiter.rulebook.loader import load_rulebook
    from arbiter.rulebook.model import Rulebook as Book

    if house is None or isinstance(house, Book):
        return next_acts_of(log, house)
    data = read_house(os.fspath(house)) if isinstance(house, (str, os.PathLike)) else house  # apply_house checks it
    return next_acts_of(log, apply_house(load_rulebook(), data))


__all__ = ["check_log", "next_acts", "__version__"]
