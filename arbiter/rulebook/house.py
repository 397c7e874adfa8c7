"""House rules (law 81): parameters changed and rules switched off, agreed before play.

A house-rules file is YAML, `{parameters: {NAME: VALUE}, disable: [ID]}` (SPEC §5).
An unknown parameter or rule ID is an error, never silently ignored; a value must be
of the same kind as the law's default.
"""

from __future__ import annotations

import dataclasses
import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from arbiter.errors import HouseRulesError
from arbiter.resources import rules_dir, schema_path
from arbiter.rulebook.model import Rulebook, hand_rules, normalise_id


@lru_cache(maxsize=1)
def _house_validator():
    from jsonschema import Draft202012Validator

    return Draft202012Validator(json.loads(schema_path("house").read_text(encoding="utf-8")))


def shipped_house_files() -> dict[str, Path]:
    """The house files that ship with arbiter, by name (`--house blaze`)."""
    folder = rules_dir() / "house"
    return {p.stem: p for p in sorted(folder.glob("*.yaml"))} if folder.is_dir() else {}


def resolve_house(name_or_path: str) -> Path:
    path = Path(name_or_path)
    if path.is_file():
        return path
    shipped = shipped_house_files()
    if name_or_path in shipped:
        return shipped[name_or_path]
    known = ", ".join(shipped) or "none"
    raise HouseRulesError(name_or_path, "", f"no such file, nor a shipped house-rules name (shipped: {known})")


def read_house(name_or_path: str) -> dict[str, Any]:
    import yaml

    path = resolve_house(name_or_path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise HouseRulesError(str(path), "", f"cannot read: {exc}") from None
    except yaml.YAMLError as exc:
        raise HouseRulesError(str(path), "", f"not valid YAML: {exc}") from None
    data = {} if data is None else data
    if not isinstance(data, dict):
        raise HouseRulesError(str(path), "", "a house-rules file is a mapping with `parameters` and `disable`")
    error = next(iter(sorted(_house_validator().iter_errors(data), key=lambda e: list(e.absolute_path))), None)
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path)
        raise HouseRulesError(str(path), where, error.message)
    data["_file"] = str(path)
    return data


def _same_kind(default: Any, value: Any) -> bool:
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, (int, float)):
        return isinstance(value, (int, float))
    return isinstance(value, type(default))


def _check_hand_rules(file: str, parameters: Mapping[str, Any]) -> None:
    """The value of the hands must still be one the evaluator knows (a hand named in
    `hand_order`, an ace that is low or low-or-high)."""
    try:
        hand_rules(parameters)
    except (KeyError, ValueError, TypeError) as exc:
        raise HouseRulesError(file, "parameters", str(exc)) from None


def apply_house(rulebook: Rulebook, house: Mapping[str, Any]) -> Rulebook:
    """The rule book with a house-rules file's departures applied."""
    file = house.get("_file", "house rules")
    parameters = dict(rulebook.parameters)
    for name, value in (house.get("parameters") or {}).items():
        if name not in rulebook.defaults:
            known = ", ".join(sorted(rulebook.defaults))
            raise HouseRulesError(file, f"parameters/{name}", f"unknown parameter (known: {known})")
        if not _same_kind(rulebook.defaults[name], value):
            raise HouseRulesError(
                file, f"parameters/{name}",
                f"expected a value like the law's default {rulebook.defaults[name]!r}, got {value!r}",
            )
        parameters[name] = value
    disabled = set(rulebook.disabled)
    for rule_id in house.get("disable") or ():
        normal = normalise_id(rule_id)
        if normal not in rulebook.rules:
            raise HouseRulesError(file, "disable", f"unknown rule ID {rule_id!r}")
        disabled.add(normal)
    _check_hand_rules(file, parameters)
    summary = {
        "file": file,
        "name": house.get("name") or Path(file).stem,
        "parameters": dict(house.get("parameters") or {}),
        "disable": sorted(disabled),
    }
    return dataclasses.replace(rulebook, parameters=parameters, disabled=frozenset(disabled), house=summary)
