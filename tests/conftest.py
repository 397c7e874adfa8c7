"""Shared fixtures: the rule book as shipped, and the shipped cases, each replayed once a run."""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

import pytest

from arbiter.checker import check_file, replay_with_trace
from arbiter.reading import read_log_file
from arbiter.resources import cases_dir, rules_dir
from arbiter.rulebook.house import apply_house, read_house
from arbiter.rulebook.loader import load_rulebook
from arbiter.seats import POOL

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
# `arbiter` in a process of its own, as this interpreter runs it: wherever the package is
# installed, never a path of a virtual environment.
ARBITER = (sys.executable, "-m", "arbiter")


def json_log_from_text(path: Path, text: str) -> Path:
    """A log written in the notation, saved at `path` as the JSON log it reads as."""
    from arbiter.notation import read_text_log

    path.write_text(json.dumps(read_text_log(text.encode(), path.with_suffix(".hand").name)), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def rulebook():
    return load_rulebook()


def in_process(*args: str) -> tuple[int, str, str]:
    """`arbiter ARGS` run in this process, as `main` runs it: the exit code, stdout, stderr."""
    from click.testing import CliRunner

    from arbiter.cli import main

    code: int | str | None = 0
    with CliRunner().isolation() as (out, err, _):
        try:
            main(list(args))
        except SystemExit as exited:
            code = exited.code
    return code, out.getvalue().decode(), err.getvalue().decode()  # type: ignore[return-value]


def ruling(report: dict) -> dict:
    """What a report says of its log: without the name it was given (`file`) and what
    ties it to the bytes it was read from (`provenance`: a log as text and as JSON, or as
    data and as a file, are the same log in other bytes)."""
    return {key: value for key, value in report.items() if key not in ("file", "provenance")}


def pools_balance(report: dict) -> None:
    """Every game's pool is what its winners took plus what it carried into the next."""
    ledger = report["ledger"]
    balance = 0
    for game in report["games"]:
        number = game["game"]
        entries = [e for e in ledger if e["game"] == number]
        balance += sum(e["amount"] for e in entries if e["to"] == POOL)
        balance -= sum(e["amount"] for e in entries if e["from"] == POOL)
        won = sum(e["amount"] for e in entries if e["from"] == POOL and e["what"] == "win")
        assert game["pool"] == won + balance, f"game {number}: pool {game['pool']}, won {won}, carried {balance}"


def case_files() -> list[Path]:
    return sorted(cases_dir().glob("*.json"))


def load_case(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


# A case's report, and its table after each event, are worked out once a run (the cache
# lives as long as the test process) and shared by every test that reads them; each
# caller gets its own copy (read back from JSON text), so that no test can change what
# another reads.

@functools.cache
def _case_report_text(path: Path, house: str | None) -> str:
    rulebook = load_rulebook() if house is None else apply_house(load_rulebook(), read_house(house))
    return json.dumps(check_file(path, rulebook))


def case_report(path: Path, house: str | None = None) -> dict:
    """What `arbiter check` reports on a shipped case, by the laws as shipped or under the
    shipped house `house`."""
    return json.loads(_case_report_text(path, house))


@functools.cache
def _case_trace_text(path: Path) -> str:
    return json.dumps(replay_with_trace(read_log_file(path), load_rulebook(), path.name))


def case_trace(path: Path) -> tuple[dict, list[dict]]:
    """A shipped case's report (its `file` the case's name) and its table after each event
    (`replay_with_trace`), by the laws as shipped: what the quiz is told from."""
    report, trace = json.loads(_case_trace_text(path))
    return report, trace


__all__ = ["ARBITER", "REPO", "SHARED", "case_files", "case_report", "case_trace", "in_process", "load_case",
           "pools_balance", "rules_dir", "ruling"]
