"""Reading `rules/` once: YAML checked against the schema, then kept in a compiled form.

Parsing ninety YAML files on every start would cost more than checking a log, so the
rules ship compiled to `compiled.json` beside them, stamped with a hash of the YAML
sources. In a source checkout the hash is taken again at start-up (reading bytes is
cheap); when it still matches, the JSON is loaded and the YAML is never parsed. A changed
YAML file is noticed and parsed in memory; nothing is written at run time (`python -m
arbiter.rulebook.loader` rewrites `compiled.json`, and `test_compiled_form_is_current`
fails while it is stale). An installed package's rules are trusted as built, without
hashing its files on every start: nothing edits them there.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable

from arbiter import resources
from arbiter.errors import RuleFileError
from arbiter.hands import shape_from_data
from arbiter.resources import rules_folder, schema_path
from arbiter.rulebook.model import Rule, Rulebook, rule_from_dict, rule_sort_key
from arbiter.rulebook.parameters import Parameter, parameter_from_dict
from arbiter.rulebook.parameters import shown as show
from arbiter.rulebook.vocabulary.grammar import check_rule_vocabulary

if TYPE_CHECKING:
    from pathlib import Path

    from jsonschema import Draft202012Validator

COMPILED_NAME = "compiled.json"
COMPILED_FORMAT = "arbiter-compiled-rules"
COMPILED_VERSION = 1
HOUSE_FOLDER = "house"
INSTALLED_RULES: str | os.PathLike[str] = resources.INSTALLED_RULES  # where an installed package has them


def rule_files(folder: Path) -> list[Path]:
    """The rule files under `folder`: every `*.yaml` except the house-rules files."""
    return sorted(
        p for p in folder.rglob("*.yaml") if HOUSE_FOLDER not in p.relative_to(folder).parts[:-1]
    )


def source_hash(folder: Path, files: Iterable[Path]) -> str:
    import hashlib  # only a checkout hashes its rules on start

    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(folder).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


@lru_cache(maxsize=1)
def _rules_validator() -> "Draft202012Validator":
    from jsonschema import Draft202012Validator

    schema = json.loads(schema_path("rules").read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def _json_path(parts: Iterable[Any]) -> str:
    return "/".join(str(p) for p in parts) or "(top)"


def rule_problem(data: dict[str, Any]) -> tuple[tuple[Any, ...], str] | None:
    """What is wrong with one rule's data, as (the field's path, message), or None: the schema, the
    vocabulary and each parameter's default. A rule file and a club rule in a house file
    (law 81) are held to the same checks."""
    # the deepest error first where several fall on one field (a parameter's unknown `type` before the bounds its
    # `type` does not take), and a declaration's bounds or choices its type does not take said in words
    errors = sorted(_rules_validator().iter_errors(data), key=lambda e: [*map(str, e.absolute_path), "\uffff"])
    if errors:
        message = errors[0].message
        if isinstance(errors[0].instance, dict) and True in errors[0].instance:  # YAML reads a bare `on:` as true
            message += ': write "on" in quotes, as "on": [lift]'
        first = errors[0]
        kind = first.instance.get("type") if isinstance(first.instance, dict) else None
        if first.validator == "not" and isinstance(kind, str):
            taken = "one_of (a choice takes it)" if "one_of" in str(first.validator_value) \
                else "minimum or maximum (a whole_number takes both)"
            message = f"a {kind} parameter takes no {taken}"
        return tuple(errors[0].absolute_path), message
    try:
        check_rule_vocabulary(data)
    except ValueError as exc:
        field, _, message = str(exc).partition(": ")
        return (field,), message
    for name, hand in (data.get("hands") or {}).items():
        try:
            shape_from_data(name, hand)
        except ValueError as exc:
            field, _, message = str(exc).partition(": ")
            return ("hands", *field.split("/")), message
    for name, declaration in (data.get("parameters") or {}).items():
        parameter = parameter_from_dict(name, declaration)
        if parameter.minimum is not None and parameter.maximum is not None and parameter.minimum > parameter.maximum:
            return ("parameters", name, "minimum"), (f"{parameter.minimum} is above the maximum, "
                                                     f"{parameter.maximum}: no value is in range")
        problem = parameter.problem(parameter.default)
        if problem:
            allowed = parameter.allowed()
            return ("parameters", name, "default"), f"{show(parameter.default)}: {problem}; allowed: {allowed}"
        for flag, value in parameter.with_on.items():
            problem = parameter.problem(value)
            if problem:
                return ("parameters", name, "with", flag), f"{show(value)}: {problem}; allowed: {parameter.allowed()}"
    return None


def parse_rule_file(path: Path, folder: Path) -> dict[str, Any]:
    """One rule file's data, checked against the schema and the vocabulary."""
    import yaml  # only needed when the YAML changed: the compiled form is read without it

    shown = path.relative_to(folder.parent).as_posix() if folder.parent in path.parents else str(path)
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleFileError(shown, "", f"cannot read: {exc}") from None
    except yaml.YAMLError as exc:
        raise RuleFileError(shown, "", f"not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise RuleFileError(shown, "", "a rule file must be a mapping of fields")
    problem = rule_problem(data)
    if problem is None and path.stem != data["id"]:
        problem = (("id",), f"the file of rule {data['id']} must be named {data['id']}.yaml")
    if problem is None and data["authority"] == "house":
        problem = (("authority",), f"{data['id']} is a club's own rule: it belongs in a house file, not in rules/")
    if problem is not None:
        raise RuleFileError(shown, _json_path(problem[0]), problem[1])
    data["_file"] = shown
    return data


def compile_rules(folder: Path) -> dict[str, Any]:
    """Parse and check every rule file: the compiled form, ready to be written as JSON."""
    # The kinds of the vocabulary's words are checked only where rule files are compiled
    # (a checkout, a club's rule book): an installed rule book was checked when it was built.
    from arbiter.rulebook.vocabulary.types import KindError, check_rule_kinds, parameter_kinds

    files = rule_files(folder)
    rules = [parse_rule_file(path, folder) for path in files]
    seen: dict[str, str] = {}
    owners: dict[tuple[str, str], str] = {}
    for data in rules:
        if data["id"] in seen:
            raise RuleFileError(data["_file"], "id", f"{data['id']} is also defined in {seen[data['id']]}")
        seen[data["id"]] = data["_file"]
        for kind in ("parameters", "hands"):
            for name in data.get(kind) or {}:
                if (kind, name) in owners:
                    raise RuleFileError(data["_file"], f"{kind}/{name}", f"already defined by {owners[kind, name]}")
                owners[kind, name] = data["id"]
    declared = {name: (data, parameter_from_dict(name, d)) for data in rules
                for name, d in (data.get("parameters") or {}).items()}
    defaults = {name: parameter.default for name, (_, parameter) in declared.items()}
    for name, (data, parameter) in declared.items():
        for flag in parameter.with_on:
            if flag not in declared or declared[flag][1].type != "boolean":
                raise RuleFileError(data["_file"], f"parameters/{name}/with/{flag}",
                                    "not a true-or-false parameter of the rule book")
        disagreement = parameter.disagreement(defaults)
        if disagreement is not None:
            raise RuleFileError(data["_file"], f"parameters/{name}/default", f"{show(parameter.default)} does not "
                                f"agree with {disagreement[0]}'s default: {show(disagreement[1])} then")
    kinds = parameter_kinds(parameter for _, parameter in declared.values())
    for data in rules:
        try:
            check_rule_kinds(data, kinds)
        except KindError as exc:
            field, _, message = str(exc).partition(": ")
            raise RuleFileError(data["_file"], field, message) from None
    rules.sort(key=lambda d: rule_sort_key(d["id"]))
    return {
        "format": COMPILED_FORMAT,
        "version": COMPILED_VERSION,
        "source_hash": source_hash(folder, files),
        "rules": rules,
    }


def _read_compiled(path: str | os.PathLike[str], expected_hash: str | None) -> dict[str, Any] | None:
    """The compiled form at `path` if it is one, of the sources hashed to `expected_hash`
    (None: of whatever sources, for an installed package)."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return None
    if (
        isinstance(data, dict)
        and data.get("format") == COMPILED_FORMAT
        and data.get("version") == COMPILED_VERSION
        and (expected_hash is None or data.get("source_hash") == expected_hash)
    ):
        return data
    return None


def compiled_text(compiled: dict[str, Any]) -> str:
    return json.dumps(compiled, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write_compiled(folder: Path) -> Path:
    """Compile the rule files under `folder` and write `compiled.json` beside them: what a
    maintainer runs after changing a rule file (`python -m arbiter.rulebook.loader`)."""
    target = folder / COMPILED_NAME
    target.write_text(compiled_text(compile_rules(folder)), encoding="utf-8")
    return target


def load_compiled(folder: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The compiled rules: an installed package's as built; a checkout's from
    `compiled.json` while it is current, else compiled from the YAML in memory. Nothing is
    written: `compiled.json` is rewritten only when asked (`write_compiled`), and a test
    holds the shipped one current. (An installed package's are read without pathlib: it
    is not on the start path.)"""
    named = os.fspath(folder or rules_folder())
    if named == os.fspath(INSTALLED_RULES):
        trusted = _read_compiled(os.path.join(named, COMPILED_NAME), None)
        if trusted is not None:
            return trusted
    from pathlib import Path

    root = Path(named)
    files = rule_files(root)
    cached = _read_compiled(root / COMPILED_NAME, source_hash(root, files))
    if cached is not None:
        return cached
    compiled: dict[str, Any] = json.loads(compiled_text(compile_rules(root)))  # the same order of keys either way
    return compiled


def rulebook_from_compiled(compiled: dict[str, Any]) -> Rulebook:
    rules: dict[str, Rule] = {}
    declared: dict[str, Parameter] = {}
    hands: dict[str, Any] = {}
    for data in compiled["rules"]:
        rule = rule_from_dict(data, data.get("_file", ""))
        rules[rule.id] = rule
        declared.update(rule.declared)
        hands.update(rule.hands)
    parameters = {name: parameter.default for name, parameter in declared.items()}
    return Rulebook(rules=rules, parameters=parameters, defaults=dict(parameters), declared=declared,
                    source_hash=compiled.get("source_hash", ""), hands=hands)


@lru_cache(maxsize=4)
def _default_rulebook(folder: str) -> Rulebook:
    return rulebook_from_compiled(load_compiled(folder))


def load_rulebook(folder: Path | None = None) -> Rulebook:
    """The rule book as the laws have it (no house rules), loaded once per process."""
    return _default_rulebook(os.fspath(folder or rules_folder()))


if __name__ == "__main__":  # python -m arbiter.rulebook.loader: rewrite rules/compiled.json after editing rules/
    from pathlib import Path

    print(f"wrote {write_compiled(Path(rules_folder()))}")
