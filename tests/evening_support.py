"""What the tests of `arbiter settle` and `arbiter season` share: a command's JSON held to
its schema, and a simulated night written to a file (dated, or a player written otherwise)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator

from arbiter.json_lines import to_json
from arbiter.resources import schema_path
from arbiter.simulator import simulate_log
from tests.conftest import in_process


@cache
def _validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads(schema_path(name).read_text(encoding="utf-8")))


def json_of(command: str, *args: str) -> tuple[int, dict, str]:
    """`arbiter COMMAND ARGS --format json`: the exit code, the document (checked against
    `arbiter schema COMMAND`), and standard error."""
    code, out, err = in_process(command, *args, "--format", "json")
    document = json.loads(out)
    assert not list(_validator(command).iter_errors(document))
    return code, document, err


def write_night(folder: Path, name: str, seed: int, players: int = 4, games: int = 4, plant: float = 0.3,
                date: str | None = None, rename: dict | None = None) -> str:
    """A simulated session as the log `folder/name`; `rename` writes a player's name
    otherwise wherever it stands (every name stands as a JSON string of its own)."""
    log, _ = simulate_log(seed, players, games, plant)
    if date:
        log["meta"]["date"] = date
    text = to_json(log)
    for old, new in (rename or {}).items():
        text = text.replace(f'"{old}"', f'"{new}"')
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return str(path)
