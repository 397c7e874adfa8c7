"""Checking many logs: gathering the paths, and running them in order, in one process or many.

Reports come back in the order the paths were given, one at a time, so a caller can
stream them (`--format jsonl`) with memory flat in the number of logs. One log's
failure is its own `invalid` report; it never stops the others.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Iterable, Iterator

from arbiter.checker import check_bytes, check_file
from arbiter.rulebook.house import apply_house, read_house
from arbiter.rulebook.loader import load_rulebook
from arbiter.rulebook.model import Rulebook

STDIN = "-"


def gather(paths: Iterable[str]) -> Iterator[str]:
    """Each file named, every `*.json` below each folder named (sorted), and `-` as given."""
    for path in paths:
        if path == STDIN:
            yield path
            continue
        p = Path(path)
        if p.is_dir():
            seen: set[str] = set()
            for root, dirs, files in os.walk(p, followlinks=False):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith(".json"):
                        full = os.path.join(root, name)
                        real = os.path.realpath(full)
                        if real not in seen:
                            seen.add(real)
                            yield full
        else:
            yield path


_WORKER: dict[str, Any] = {}


def _init_worker(house: str | None, options: dict[str, Any]) -> None:
    _WORKER["rulebook"] = build_rulebook(house)
    _WORKER["options"] = options


def _check_in_worker(path: str) -> dict[str, Any]:
    return check_one(path, _WORKER["rulebook"], _WORKER["options"])


def build_rulebook(house: str | None) -> Rulebook:
    rulebook = load_rulebook()
    return apply_house(rulebook, read_house(house)) if house else rulebook


def check_one(path: str, rulebook: Rulebook, options: dict[str, Any]) -> dict[str, Any]:
    if path == STDIN:
        return check_bytes(sys.stdin.buffer.read(), "<stdin>", rulebook, **options)
    return check_file(path, rulebook, **options)


def check_many(paths: list[str], house: str | None, options: dict[str, Any], jobs: int = 1) -> Iterator[dict[str, Any]]:
    """Reports in the order of `paths`; `jobs` > 1 spreads the work over processes."""
    rulebook = build_rulebook(house)  # fail fast on bad house rules, before any worker starts
    if jobs <= 1 or len(paths) < 2 or STDIN in paths:
        for path in paths:
            yield check_one(path, rulebook, options)
        return
    import multiprocessing

    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with context.Pool(jobs, initializer=_init_worker, initargs=(house, options)) as pool:
        yield from pool.imap(_check_in_worker, paths, chunksize=max(1, min(64, len(paths) // (jobs * 8) or 1)))
