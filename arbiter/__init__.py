"""arbiter: settles disputes at the Draw Poker table by W. H. Peel's laws (1891).

The library's entry point is `check_log(log) -> report` (see README, "Python API").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from arbiter.rulebook.model import Rulebook

__version__ = "0.1.0"


def check_log(log: Mapping[str, Any], rulebook: Rulebook | None = None, **options: Any) -> dict[str, Any]:
    """A hand log (parsed JSON) in, its report (SPEC §4) out; never raises for a bad log."""
    from arbiter.checker import check_log as _check_log

    return _check_log(log, rulebook, **options)


__all__ = ["check_log", "__version__"]
