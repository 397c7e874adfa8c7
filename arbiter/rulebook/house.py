"""House rules (law 81): parameters changed and rules switched off, agreed before play.

A house-rules file is YAML, `{parameters: {NAME: VALUE}, disable: [ID]}` (SPEC §5).
An unknown parameter or rule ID is an error, never silently ignored; so is a value the
parameter's declaration in the rule files does not allow (its type and range). The
file comes from a user: it is read by a loader that refuses aliases (a few hundred
bytes of `&a [*b, *b, …]` would otherwise expand to billions of items in whatever walks
them) and deep nesting, so every error is one line and nothing hangs.
"""

from __future__ import annotations

import dataclasses
import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from arbiter.errors import HouseRulesError
from arbiter.resources import rules_dir, schema_path
from arbiter.rulebook.model import Rulebook, normalise_id
from arbiter.rulebook.parameters import shown
from arbiter.rulebook.vocabulary import DEFINES, REQUIRED_SETTINGS

MAX_BYTES = 64 * 1024  # a house file names a dozen parameters: ample
MAX_NESTING = 8  # the top mapping, `parameters`, a list: three levels are all a house file needs


@lru_cache(maxsize=1)
def _house_validator():
    from jsonschema import Draft202012Validator

    return Draft202012Validator(json.loads(schema_path("house").read_text(encoding="utf-8")))


class _Refused(Exception):
    """What the house loader will not compose, and where: "line 3, column 9: …"."""


@lru_cache(maxsize=1)
def _house_loader() -> type:
    """A safe YAML loader that refuses aliases and nesting deeper than MAX_NESTING,
    as it composes the document: before anything can walk an expanded structure."""
    import yaml

    class HouseLoader(yaml.SafeLoader):
        depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            event = self.peek_event()
            where = f"line {event.start_mark.line + 1}, column {event.start_mark.column + 1}"
            if isinstance(event, yaml.AliasEvent):
                raise _Refused(f"{where}: an alias (*{event.anchor}) is not accepted: write each value out")
            if self.depth >= MAX_NESTING:
                raise _Refused(f"{where}: nested deeper than {MAX_NESTING} levels")
            self.depth += 1
            try:
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

    return HouseLoader


def yaml_error_line(exc: Exception) -> str:
    """A YAML error in one line: where, and what is wrong (PyYAML's own message takes four)."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or getattr(exc, "context", None) or str(exc)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    return f"not valid YAML: {where}{' '.join(str(problem).split())}"


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


def _read_text(path: Path) -> str:
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise HouseRulesError(str(path), "", f"cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise HouseRulesError(str(path), "", f"larger than {MAX_BYTES // 1024} KiB: no house file needs so much")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise HouseRulesError(str(path), "", f"not UTF-8: byte {exc.start}") from None


def _field(*parts: Any) -> str:
    """A JSON-Pointer-like path to a field, printable on one line whatever the names hold."""
    return "/".join(str(p) if str(p).isprintable() else shown(p) for p in parts)


def read_house(name_or_path: str) -> dict[str, Any]:
    import yaml

    path = resolve_house(name_or_path)
    text = _read_text(path)
    try:
        data = yaml.load(text, Loader=_house_loader())  # noqa: S506 - a SafeLoader, stricter still
    except yaml.YAMLError as exc:
        raise HouseRulesError(str(path), "", yaml_error_line(exc)) from None
    except _Refused as exc:
        raise HouseRulesError(str(path), "", str(exc)) from None
    data = {} if data is None else data
    if not isinstance(data, dict):
        raise HouseRulesError(str(path), "", "a house-rules file is a mapping with `parameters` and `disable`")
    error = next(iter(sorted(_house_validator().iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])),
                 None)
    if error is not None:
        raise HouseRulesError(str(path), _field(*error.absolute_path), shown_message(error.message))
    data["_file"] = str(path)
    return data


def shown_message(message: str, width: int = 160) -> str:
    """A schema's message on one line, cut short where it would quote a long value."""
    message = " ".join(message.split())
    return message if len(message) <= width else message[: width - 1] + "…"


def _keep_required_settings(file: str, rulebook: Rulebook, disabled: set[str]) -> None:
    """A rule that defines a setting the replay needs (who antes, the order of the say, of
    the draw, of the betting, whose evidence decides) cannot be switched off: each covers
    the games the others do not (A1 the jack-pots, L23 and L24 the ordinary games), so
    without it some game could not go on."""
    for setting in REQUIRED_SETTINGS:
        for rule in rulebook.in_order():
            if setting in rule.defines and rule.id in disabled:
                raise HouseRulesError(file, "disable", f"{rule.id} cannot be switched off: it sets "
                                      f"{DEFINES[setting]} ({setting}), without which some game could not be "
                                      "replayed")


def apply_house(rulebook: Rulebook, house: Mapping[str, Any]) -> Rulebook:
    """The rule book with a house-rules file's departures applied."""
    file = house.get("_file", "house rules")
    parameters = dict(rulebook.parameters)
    for name, value in (house.get("parameters") or {}).items():
        declared = rulebook.declared.get(name)
        if declared is None:
            known = ", ".join(sorted(rulebook.declared))
            raise HouseRulesError(file, _field("parameters", name), f"unknown parameter (known: {known})")
        problem = declared.problem(value)
        if problem:
            raise HouseRulesError(file, _field("parameters", name),
                                  f"{shown(value)} is not allowed ({problem}): {declared.allowed()}")
        parameters[name] = value
    disabled = set(rulebook.disabled)
    for rule_id in house.get("disable") or ():
        normal = normalise_id(rule_id) if isinstance(rule_id, str) else rule_id
        if normal not in rulebook.rules:
            raise HouseRulesError(file, "disable", f"unknown rule ID {shown(rule_id)}")
        disabled.add(normal)
    _keep_required_settings(file, rulebook, disabled)
    summary = {
        "file": file,
        "name": house.get("name") or Path(file).stem,
        "parameters": dict(house.get("parameters") or {}),
        "disable": sorted(disabled),
    }
    return dataclasses.replace(rulebook, parameters=parameters, disabled=frozenset(disabled), house=summary)
