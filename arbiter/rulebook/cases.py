"""The shipped cases that show a rule (`cases/`, `cases/house/`): their titles, and those
played under a house file whose `meta.laws` name a law, for the rule book and `arbiter law`
to point to."""

from __future__ import annotations

import json

from arbiter.resources import cases_dir
from arbiter.rulebook.house import HOUSE_AUTHORITY, case_path
from arbiter.rulebook.model import Rulebook


def case_titles(rulebook: Rulebook) -> dict[str, str]:
    """The title (`meta.title`) of every case a rule lists, read from the shipped cases (a club
    rule's under `cases/house/`; one a club's own house file names but arbiter does not ship
    is shown by its name)."""
    paths = {case: cases_dir() / f"{case_path(rule, case)}.json"
             for rule in rulebook.rules.values() for case in rule.cases}
    return {name: json.loads(path.read_text(encoding="utf-8"))["meta"]["title"]
            for name, path in paths.items() if path.is_file()}


def house_cases(rulebook: Rulebook) -> dict[str, list[dict[str, str]]]:
    """For each rule, the shipped cases under a house file (`cases/house/`) whose `meta.laws`
    name it, beyond those it lists itself, each with the house file it is checked under: a
    law a club's agreement changes is shown there too. A club's own rule lists its cases
    itself, and its ID (H1) is its house file's alone."""
    shown: dict[str, list[dict[str, str]]] = {}
    for path in sorted((cases_dir() / "house").glob("*.json")):
        meta = json.loads(path.read_text(encoding="utf-8"))["meta"]
        for rule_id in meta.get("laws", ()):
            rule = rulebook.rules.get(rule_id)
            if rule is not None and rule.authority != HOUSE_AUTHORITY and path.stem not in rule.cases:
                shown.setdefault(rule_id, []).append({"case": f"cases/house/{path.name}", "house": meta["house"]})
    return shown
