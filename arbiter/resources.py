"""Where arbiter's data lives, whether it runs from a checkout or an installed package.

In a checkout the rule files and cases stand at the top of the repository
(`rules/`, `cases/`); an installed package carries them as `arbiter/data/rules` and
`arbiter/data/cases` (see `pyproject.toml`). Everything else asks here.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
SCHEMA_DIR = PACKAGE_DIR / "schemas"


def _data_dir(name: str) -> Path:
    installed = PACKAGE_DIR / "data" / name
    if installed.is_dir():
        return installed
    return PACKAGE_DIR.parent / name


def rules_dir() -> Path:
    """The folder of rule files: one YAML file per rule, filed by section."""
    return _data_dir("rules")


def cases_dir() -> Path:
    """The folder of shipped cases (hand logs with their expected results)."""
    return _data_dir("cases")


def schema_path(name: str) -> Path:
    """The JSON Schema called `name` (`log`, `report`, `rules`, `house`)."""
    return SCHEMA_DIR / f"{name}.schema.json"
