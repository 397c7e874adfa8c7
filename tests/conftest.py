"""Shared fixtures: the rule book as shipped, and the shipped cases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter.resources import cases_dir, rules_dir
from arbiter.rulebook.loader import load_rulebook
from arbiter.seats import POOL

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


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


__all__ = ["REPO", "SHARED", "case_files", "in_process", "load_case", "pools_balance", "rules_dir", "ruling"]
