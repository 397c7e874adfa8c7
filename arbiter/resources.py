"""Where arbiter's data lives, whether it runs from a checkout or an installed package.

In a checkout the rule files and cases stand at the top of the repository
(`rules/`, `cases/`); an installed package carries them as `arbiter/data/rules` and
`arbiter/data/cases` (see `pyproject.toml`). Everything else asks here.

The start path (`arbiter check LOG`) asks for plain strings (`rules_folder`,
`schema_file`): pathlib is not imported for it (with `urllib.parse`, a cost one log
would pay: docs/speed.md).
"""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

PACKAGE_FOLDER = os.path.dirname(os.path.realpath(__file__))
INSTALLED_RULES = os.path.join(PACKAGE_FOLDER, "data", "rules")  # where an installed package has its rules


# `arbiter simulate --plant` keeps beside its logs what arbiter must find in each: a truth
# file, `DIR/truth/sim-00001.truth`, named so that no walk of `arbiter check DIR` takes it
# for a log (a folder's logs are its *.json and *.hand). Its first key says what it is,
# so that one met anyway (named, or as `*.truth.json`, where simulate once wrote them) is
# known for a truth file and left out, not read as a broken log.
TRUTH_FOLDER = "truth"
TRUTH_SUFFIX = ".truth"
TRUTH_FORMAT = "arbiter-simulation-truth"


@functools.cache  # found once a process: `check_log` asks for the rule book at every log
def _data_folder(name: str) -> str:
    installed = os.path.join(PACKAGE_FOLDER, "data", name)
    if os.path.isdir(installed):
        return installed
    return os.path.join(os.path.dirname(PACKAGE_FOLDER), name)


def rules_folder() -> str:
    """The folder of rule files: one YAML file per rule, filed by section."""
    return _data_folder("rules")


def rules_dir() -> Path:
    """`rules_folder()` as a Path."""
    from pathlib import Path

    return Path(rules_folder())


def cases_dir() -> Path:
    """The folder of shipped cases (hand logs with their expected results)."""
    from pathlib import Path

    return Path(_data_folder("cases"))


def schema_file(name: str) -> str:
    """The file of the JSON Schema called `name` (`log`, `report`, `rules`, `house`)."""
    return os.path.join(PACKAGE_FOLDER, "schemas", f"{name}.schema.json")


SCHEMA_HOME = "https://arbiter.invalid/schemas/"


def schema_whole(name: str) -> str:
    """The JSON Schema called `name` as one document: where it refers to another of
    arbiter's (`house` to `rules`), each such schema is embedded in its `$defs` under its
    own `$id` (JSON Schema's bundling), so that a validator given it alone resolves every
    `$ref`; else the file as it is."""
    import json
    import re

    text = schema_path(name).read_text(encoding="utf-8")
    wanted = re.compile(re.escape(f'"$ref": "{SCHEMA_HOME}') + r"(\w+)\.schema\.json")
    others = sorted(set(wanted.findall(text)) - {name})
    if not others:
        return text
    whole = json.loads(text)
    while others:
        other = others.pop()
        if f"{other}.schema.json" in whole.setdefault("$defs", {}):
            continue
        embedded = schema_path(other).read_text(encoding="utf-8")
        whole["$defs"][f"{other}.schema.json"] = json.loads(embedded)
        others += [more for more in wanted.findall(embedded) if more != name]
    return json.dumps(whole, indent=2, ensure_ascii=False) + "\n"


def schema_path(name: str) -> Path:
    """`schema_file(name)` as a Path."""
    from pathlib import Path

    return Path(schema_file(name))
