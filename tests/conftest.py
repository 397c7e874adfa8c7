"""Shared fixtures: the rule book as shipped, and the shipped cases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter.resources import cases_dir, rules_dir
from arbiter.rulebook.loader import load_rulebook

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def rulebook():
    return load_rulebook()


def case_files() -> list[Path]:
    return sorted(cases_dir().glob("*.json"))


def load_case(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


__all__ = ["REPO", "SHARED", "case_files", "load_case", "rules_dir"]
